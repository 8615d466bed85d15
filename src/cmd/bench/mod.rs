//! `mankala bench`: speed of the engine, the search and the network.

mod measure;

use std::path::PathBuf;

use anyhow::Result;
use clap::Subcommand;

use crate::args::{GameArgs, at_least_1, seconds_arg, threads_arg};
use measure::{bench_engine, bench_mcts, bench_network, mcts_config};

/// What `mankala bench` measures.
#[derive(Debug, Subcommand)]
pub enum BenchCommand {
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
        /// Inference batch sizes, one thread each (a GPU wants thousands).
        #[arg(long, value_delimiter = ',', default_values_t = [1usize, 8, 32, 256])]
        batches: Vec<usize>,
        /// Training-step batch sizes.
        #[arg(long, value_delimiter = ',', default_values_t = [256usize])]
        train_batches: Vec<usize>,
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

/// The selection rule of `bench mcts`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SelectionArg {
    Puct,
    Uct,
}

impl BenchCommand {
    /// The config file of `bench network`.
    pub fn config(&self) -> Option<&std::path::Path> {
        match self {
            BenchCommand::Network { config, .. } => Some(config),
            _ => None,
        }
    }

    /// Checks the arguments and measures.
    ///
    /// # Errors
    /// Bad arguments, or a JSON file that cannot be written.
    pub fn run(self) -> Result<()> {
        match self {
            BenchCommand::Engine {
                game,
                seconds,
                seed,
                json,
            } => {
                seconds_arg(seconds)?;
                bench_engine(&game.game()?, seconds, seed, json.as_deref())
            }
            BenchCommand::Network {
                config: path,
                seconds,
                threads,
                batches,
                train_batches,
                json,
            } => {
                seconds_arg(seconds)?;
                threads_arg(Some(threads))?;
                for &b in &batches {
                    at_least_1("--batches", b as u64)?;
                }
                for &b in &train_batches {
                    at_least_1("--train-batches", b as u64)?;
                }
                bench_network(
                    &mankala_config::load(&path)?,
                    seconds,
                    threads,
                    &mankala_eval::bench::NetworkBatches {
                        inference: batches,
                        train: train_batches,
                    },
                    json.as_deref(),
                )
            }
            BenchCommand::Mcts {
                game,
                simulations,
                repeats,
                selection,
                c,
                seed,
                json,
            } => {
                at_least_1("--simulations", simulations.into())?;
                at_least_1("--repeats", repeats.into())?;
                let selection = match selection {
                    SelectionArg::Puct => mankala_config::Selection::Puct,
                    SelectionArg::Uct => mankala_config::Selection::Uct,
                };
                let game = game.game()?;
                let cfg = mcts_config(simulations, selection, c);
                bench_mcts(&game, &cfg, repeats, seed, json.as_deref())
            }
        }
    }
}
