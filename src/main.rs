//! `mankala`: the command-line front of the engine, self-play, training and arenas.

mod cmd;
mod config;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// Self-play training for the mancala games of East Africa.
#[derive(Debug, Parser)]
#[command(name = "mankala", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Which game: a variant by name with default rules, or a config file.
#[derive(Debug, Args)]
struct GameArgs {
    /// Variant name (see `mankala variants`), with its default rules.
    #[arg(long, short)]
    variant: Option<String>,
    /// A config file (`configs/<variant>.toml`) with rule options and caps.
    #[arg(long, short)]
    config: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the variants with their sources.
    Variants,
    /// Draw the board after a list of moves.
    Show {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in notation or as action indices, separated by spaces or commas.
        #[arg(long, short, default_value = "")]
        moves: String,
    },
    /// Count action sequences for every depth up to N.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Deepest depth to count.
        #[arg(long, short)]
        depth: u32,
    },
    /// Print every position of a game as one JSON object per line.
    Replay {
        #[command(flatten)]
        game: GameArgs,
        /// Moves in notation or as action indices, separated by spaces or commas.
        #[arg(long, short)]
        moves: String,
    },
    /// Play MCTS self-play games and write them as Parquet training data.
    Selfplay {
        /// The variant's config file (`configs/<variant>.toml`).
        #[arg(long, short)]
        config: PathBuf,
        /// Games to play.
        #[arg(long, short)]
        games: u64,
        /// Output directory for the shards, the resolved config and the run record.
        #[arg(long, short)]
        out: PathBuf,
        /// Worker threads (default: every core).
        #[arg(long, short)]
        threads: Option<usize>,
        /// Seed of the run (default: from the clock; it is printed and recorded).
        #[arg(long)]
        seed: Option<u64>,
        /// What the search evaluates leaves with (without --model).
        #[arg(long, value_enum, default_value_t = cmd::selfplay::EvaluatorKind::Rollout)]
        evaluator: cmd::selfplay::EvaluatorKind,
        /// A trained model (`model.bpk` with its `model.json`) to search with.
        #[arg(long, short)]
        model: Option<PathBuf>,
    },
    /// Train the policy-value network on self-play shards (resumes from a checkpoint in --out).
    Train {
        /// The variant's config file (`configs/<variant>.toml`).
        #[arg(long, short)]
        config: PathBuf,
        /// Directory of self-play shards.
        #[arg(long, short)]
        data: PathBuf,
        /// Output directory: checkpoints, the final model, metrics.csv.
        #[arg(long, short)]
        out: PathBuf,
        /// Training steps in all (default: the config's `[train] steps`).
        #[arg(long)]
        steps: Option<u64>,
        /// Seed of the data order and initialization.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Measure speed.
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// Random playouts per second on one core.
    Engine {
        #[command(flatten)]
        game: GameArgs,
        /// How long to play.
        #[arg(long, short, default_value_t = 5.0)]
        seconds: f64,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also write the result as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Network inference and training-step speed.
    Network {
        /// The variant's config file (its `[network]` shape is measured).
        #[arg(long, short)]
        config: PathBuf,
        /// Seconds per measurement.
        #[arg(long, short, default_value_t = 3.0)]
        seconds: f64,
        /// Threads for the shared-model measurement.
        #[arg(long, short, default_value_t = 2)]
        threads: usize,
        /// Also write the results as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// MCTS simulations per second from the start position, one thread, random rollouts.
    Mcts {
        #[command(flatten)]
        game: GameArgs,
        /// Simulations per search.
        #[arg(long, default_value_t = 10_000)]
        simulations: u32,
        /// Searches to time.
        #[arg(long, default_value_t = 5)]
        repeats: u32,
        /// Selection rule (uct matches OpenSpiel's MCTSBot).
        #[arg(long, value_enum, default_value_t = SelectionArg::Uct)]
        selection: SelectionArg,
        /// Exploration constant.
        #[arg(long, default_value_t = 2.0)]
        c: f32,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Also write the result as JSON to this file.
        #[arg(long)]
        json: Option<PathBuf>,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum SelectionArg {
    Puct,
    Uct,
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let game =
        |g: &GameArgs| config::resolve(g.variant.as_deref(), g.config.as_deref()).map(|r| r.game);
    match cli.command {
        Command::Selfplay {
            config: path,
            games,
            out,
            threads,
            seed,
            evaluator,
            model,
        } => {
            let cfg = config::load(&path)?;
            let threads = threads
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            if threads == 0 || threads > 1024 {
                anyhow::bail!("--threads {threads}: expected 1 to 1024");
            }
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64)
            });
            let args = cmd::selfplay::SelfplayArgs {
                games,
                out: &out,
                threads,
                seed,
                evaluator,
                model: model.as_deref(),
            };
            cmd::selfplay::run(&cfg, &args).map(|_| ())
        }
        Command::Train {
            config: path,
            data,
            out,
            steps,
            seed,
        } => {
            let cfg = config::load(&path)?;
            cmd::train::run(&cfg, &data, &out, steps, seed)
        }
        Command::Variants => cmd::variants(),
        Command::Show { game: g, moves } => cmd::show(&game(&g)?, &moves),
        Command::Perft { game: g, depth } => cmd::perft(&game(&g)?, depth),
        Command::Replay { game: g, moves } => cmd::replay(&game(&g)?, &moves),
        Command::Bench {
            what:
                BenchCommand::Engine {
                    game: g,
                    seconds,
                    seed,
                    json,
                },
        } => cmd::bench_engine(&game(&g)?, seconds, seed, json.as_deref()),
        Command::Bench {
            what:
                BenchCommand::Network {
                    config: path,
                    seconds,
                    threads,
                    json,
                },
        } => cmd::bench_network(&config::load(&path)?, seconds, threads, json.as_deref()),
        Command::Bench {
            what:
                BenchCommand::Mcts {
                    game: g,
                    simulations,
                    repeats,
                    selection,
                    c,
                    seed,
                    json,
                },
        } => {
            let selection = match selection {
                SelectionArg::Puct => mankala_selfplay::Selection::Puct,
                SelectionArg::Uct => mankala_selfplay::Selection::Uct,
            };
            cmd::bench_mcts(
                &game(&g)?,
                simulations,
                repeats,
                selection,
                c,
                seed,
                json.as_deref(),
            )
        }
    }
}

/// A reader that closes the pipe early (`mankala replay ... | head`) ends the output, not the
/// program with a panic: printing to a closed stdout exits quietly.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
