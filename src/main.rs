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
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let game = |g: &GameArgs| config::resolve(g.variant.as_deref(), g.config.as_deref());
    match cli.command {
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
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
