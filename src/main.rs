//! `mankala`: the command-line front of the engine, self-play, training and arenas.

mod cmd;
mod config;
#[cfg(test)]
mod fuzz;
mod plot;

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
    /// Export a trained model as ONNX or safetensors, with a JSON description (docs/export.md).
    Export {
        /// The model (`.bpk` with its `.json` sidecar).
        #[arg(long, short)]
        model: PathBuf,
        /// The file format.
        #[arg(long, short, value_enum)]
        format: cmd::export::Format,
        /// The exported file (its description goes to `<out>.json`).
        #[arg(long, short)]
        out: PathBuf,
        /// Reference positions written with the network's outputs to `<out>.samples.json`
        /// (0: none), for checking another runtime against this one.
        #[arg(long, default_value_t = 100)]
        samples: usize,
        /// Seed of the reference positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The openings of self-play data: how often each line of first decisions was played and
    /// how the first player fared; with --model, the agent's value of every first move and reply.
    Openings {
        #[command(flatten)]
        game: GameArgs,
        /// A self-play output directory (its shards and its direct subdirectories').
        #[arg(long, short)]
        data: PathBuf,
        /// Decisions per opening (1 to 64).
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// Leave out lines played in fewer games.
        #[arg(long, default_value_t = 1)]
        min_games: u64,
        /// Output directory (default: runs/openings/<variant>).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// A trained model whose agent evaluates every first move and reply.
        #[arg(long, short)]
        model: Option<PathBuf>,
        /// Simulations of the model's search per position.
        #[arg(long, default_value_t = 100)]
        sims: u32,
        /// Seed of the model agent's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Answer JSON-lines requests on stdin with an agent's analysis (docs/protocol.md).
    Engine,
    /// Play a game in the terminal against an agent.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// The opponent: random, greedy, alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N[,c=C],
        /// nn:model=PATH[,sims=N][,gumbel=true].
        #[arg(long)]
        agent: String,
        /// Play South and move first (otherwise the agent opens).
        #[arg(long)]
        human_first: bool,
        /// Seed of the agent's random choices (default: from the clock; it is printed).
        #[arg(long)]
        seed: Option<u64>,
        /// Where to save the game (default: runs/play/<variant>-<unix time>.jsonl).
        #[arg(long)]
        save: Option<PathBuf>,
    },
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
        #[arg(long, short, required_unless_present = "record")]
        moves: Option<String>,
        /// A saved game record file (`games.jsonl` of an arena or a loop run) instead.
        #[arg(long, conflicts_with_all = ["moves", "variant", "config"])]
        record: Option<PathBuf>,
        /// The game of the record file to replay (its `index`).
        #[arg(long = "game", default_value_t = 0, requires = "record")]
        index: u64,
    },
    /// Play agents against each other and rate them (Bradley-Terry, 95% intervals).
    Arena {
        #[command(flatten)]
        game: GameArgs,
        /// Agents: random, greedy, alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N[,c=C],
        /// nn:model=PATH[,sims=N][,gumbel=true].
        #[arg(long, short, num_args = 2.., required = true)]
        agents: Vec<String>,
        /// Games per pair of agents (colours alternate).
        #[arg(long, short = 'n', default_value_t = 20)]
        games: u32,
        /// Random plies opening each game; each opening is played with both colours.
        #[arg(long, default_value_t = 0)]
        opening_plies: u32,
        /// Worker threads (default: every core).
        #[arg(long, short)]
        threads: Option<usize>,
        /// Seed of the openings and the agents' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output directory (default: runs/arena-<variant>-<time>).
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// Virtual draws between players that met, keeping ratings finite.
        #[arg(long, default_value_t = 1.0)]
        prior_draws: f64,
    },
    /// Generations of self-play, training and gating, with ratings; resumes when rerun.
    /// Without options: the main job (the embedded default config into runs/default).
    Loop {
        /// The variant's config file (default: the embedded one; a rerun uses the run's own).
        #[arg(long, short)]
        config: Option<PathBuf>,
        /// Run directory.
        #[arg(long, short, default_value = cmd::generations::DEFAULT_RUN)]
        run: PathBuf,
        /// Generations in all (default: the config's `[loop] generations`).
        #[arg(long, short)]
        generations: Option<u32>,
        /// Start no new step after this many hours.
        #[arg(long)]
        hours: Option<f64>,
        /// Worker threads (default: every core).
        #[arg(long, short)]
        threads: Option<usize>,
        /// Seed of the run (default: from the clock; recorded, and kept on reruns).
        #[arg(long)]
        seed: Option<u64>,
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
        /// Directories of self-play shards, oldest first (the window takes the newest).
        #[arg(long, short, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// A model to start from instead of random weights (ignored when resuming).
        #[arg(long)]
        init: Option<PathBuf>,
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
            at_least_1("--games", games)?;
            let cfg = config::load(&path)?;
            let threads = threads_arg(threads)?;
            let seed = seed.unwrap_or_else(clock_seed);
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
            init,
            out,
            steps,
            seed,
        } => {
            if let Some(steps) = steps {
                at_least_1("--steps", steps)?;
            }
            let cfg = config::load(&path)?;
            cmd::train::run(&cfg, &data, &out, steps, seed, init.as_deref())
        }
        Command::Arena {
            game: g,
            agents,
            games,
            opening_plies,
            threads,
            seed,
            out,
            prior_draws,
        } => {
            let cfg = config::resolve(g.variant.as_deref(), g.config.as_deref())?;
            if !(0.0..=100.0).contains(&prior_draws) {
                anyhow::bail!("--prior-draws {prior_draws}: expected 0 to 100");
            }
            let out = out.unwrap_or_else(|| cmd::arena::default_out(cfg.game.name()));
            let args = cmd::arena::ArenaArgs {
                agents: &agents,
                games,
                opening_plies,
                threads: threads_arg(threads)?,
                seed,
                out: &out,
                prior_draws,
            };
            cmd::arena::run(&cfg, &args)
        }
        Command::Loop {
            config: path,
            run,
            generations,
            hours,
            threads,
            seed,
        } => {
            if let Some(h) = hours
                && !(h > 0.0 && h.is_finite())
            {
                anyhow::bail!("--hours {h}: expected a positive number");
            }
            if generations == Some(0) {
                anyhow::bail!("--generations 0: expected at least 1");
            }
            cmd::generations::run(&cmd::generations::LoopArgs {
                config: path.as_deref(),
                run: &run,
                generations,
                hours,
                threads: threads_arg(threads)?,
                seed,
            })
        }
        Command::Play {
            game: g,
            agent,
            human_first,
            seed,
            save,
        } => {
            let cfg = config::resolve(g.variant.as_deref(), g.config.as_deref())?;
            cmd::play::run(
                &cfg,
                &cmd::play::PlayArgs {
                    agent: &agent,
                    human_first,
                    seed: seed.unwrap_or_else(clock_seed),
                    save: save.as_deref(),
                },
            )
        }
        Command::Export {
            model,
            format,
            out,
            samples,
            seed,
        } => cmd::export::run(&cmd::export::ExportArgs {
            model: &model,
            format,
            out: &out,
            samples,
            seed,
        }),
        Command::Openings {
            game: g,
            data,
            depth,
            min_games,
            out,
            model,
            sims,
            seed,
        } => {
            let cfg = config::resolve(g.variant.as_deref(), g.config.as_deref())?;
            let out = out.unwrap_or_else(|| cmd::openings::default_out(cfg.game.name()));
            cmd::openings::run(
                &cfg,
                &cmd::openings::OpeningsArgs {
                    data: &data,
                    depth,
                    min_games,
                    out: &out,
                    model: model.as_deref(),
                    sims,
                    seed,
                },
            )
        }
        Command::Engine => cmd::engine::run(),
        Command::Variants => cmd::variants(),
        Command::Show { game: g, moves } => cmd::show(&game(&g)?, &moves),
        Command::Perft { game: g, depth } => {
            at_least_1("--depth", depth.into())?;
            cmd::perft(&game(&g)?, depth)
        }
        Command::Replay {
            game: g,
            moves,
            record,
            index,
        } => match record {
            Some(path) => cmd::replay_record(&path, index),
            None => cmd::replay(&game(&g)?, moves.as_deref().unwrap_or("")),
        },
        Command::Bench {
            what:
                BenchCommand::Engine {
                    game: g,
                    seconds,
                    seed,
                    json,
                },
        } => {
            seconds_arg(seconds)?;
            cmd::bench_engine(&game(&g)?, seconds, seed, json.as_deref())
        }
        Command::Bench {
            what:
                BenchCommand::Network {
                    config: path,
                    seconds,
                    threads,
                    json,
                },
        } => {
            seconds_arg(seconds)?;
            threads_arg(Some(threads))?;
            cmd::bench_network(&config::load(&path)?, seconds, threads, json.as_deref())
        }
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
            at_least_1("--simulations", simulations.into())?;
            at_least_1("--repeats", repeats.into())?;
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

/// An error with its causes, each cause left out when the text before already says it
/// (typed errors often print their source in their own message).
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let s = cause.to_string();
        if !text.contains(&s) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&s);
        }
    }
    text
}

/// A seed from the clock, for commands whose `--seed` is optional.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A count that must be at least 1.
fn at_least_1(name: &str, value: u64) -> anyhow::Result<()> {
    if value == 0 {
        anyhow::bail!("{name} 0: expected at least 1");
    }
    Ok(())
}

/// `--seconds` of a measurement: a positive number of at most a day.
fn seconds_arg(seconds: f64) -> anyhow::Result<()> {
    if !(seconds > 0.0 && seconds <= 86_400.0) {
        anyhow::bail!("--seconds {seconds}: expected a number of seconds above 0, at most 86400");
    }
    Ok(())
}

/// `--threads`, every core by default.
fn threads_arg(threads: Option<usize>) -> anyhow::Result<usize> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 1024 {
        anyhow::bail!("--threads {threads}: expected 1 to 1024");
    }
    Ok(threads)
}

/// A reader that closes the pipe early (`mankala replay ... | head`) ends the output, not the
/// program with a panic: printing to a closed stdout exits quietly, and printing to a stdout
/// that cannot take more (a full disk) is an error naming stdout.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(cause) = message.strip_prefix("failed printing to stdout") {
            if cause.contains("Broken pipe") {
                std::process::exit(0);
            }
            // A full disk or another failure of stdout: an error, not a panic.
            let cause = cause.trim_start_matches(':').trim();
            eprintln!("error: cannot write to stdout: {cause}");
            std::process::exit(2);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", error_text(&e));
            ExitCode::from(2)
        }
    }
}
