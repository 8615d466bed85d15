//! `mankala selfplay`: MCTS self-play games written as Parquet shards.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use mankala_config::Resolved;
use mankala_pipeline::selfplay::{self, SelfplayOptions};

use crate::args::{at_least_1, clock_seed, threads_arg};
use crate::progress::Bars;
pub use crate::progress::progress_bar;

/// The evaluator self-play searches with (until a network is given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EvaluatorKind {
    /// Uniform priors, value 0.
    Uniform,
    /// Uniform priors, value of one random playout.
    Rollout,
}

/// `mankala selfplay`.
#[derive(Debug, Args)]
pub struct SelfplayCommand {
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
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Rollout)]
    evaluator: EvaluatorKind,
    /// A trained model (`model.bpk` with its `model.json`) to search with.
    #[arg(long, short)]
    model: Option<PathBuf>,
}

impl SelfplayCommand {
    /// Its config file.
    pub fn config(&self) -> &std::path::Path {
        &self.config
    }

    /// Runs self-play with a progress bar and prints a summary.
    ///
    /// # Errors
    /// Bad arguments, or as [`selfplay::run`].
    pub fn run(self) -> Result<()> {
        at_least_1("--games", self.games)?;
        let cfg = mankala_config::load(&self.config)?;
        let threads = threads_arg(self.threads)?;
        let opts = SelfplayOptions {
            games: self.games,
            out: &self.out,
            threads,
            seed: self.seed.unwrap_or_else(clock_seed),
            evaluator: match self.evaluator {
                EvaluatorKind::Uniform => mankala_config::FirstEvaluator::Uniform,
                EvaluatorKind::Rollout => mankala_config::FirstEvaluator::Rollout,
            },
            model: self.model.as_deref(),
        };
        print_summary(&cfg, &opts)
    }
}

/// Plays and prints what was played.
fn print_summary(cfg: &Resolved, opts: &SelfplayOptions<'_>) -> Result<()> {
    let done = selfplay::run(cfg, opts, &Bars::new())?;
    let summary = done.summary;
    let [south, draws, north] = summary.results;
    let pct = |x: u64| 100.0 * x as f64 / summary.games.max(1) as f64;
    println!("run               {}", done.run_id);
    println!("games             {}", summary.games);
    println!("positions         {}", summary.positions);
    println!("average length    {:.1} plies", summary.mean_length());
    println!(
        "first player      {:.1}% win, {:.1}% draw, {:.1}% loss",
        pct(south),
        pct(draws),
        pct(north)
    );
    println!("capped games      {}", summary.capped);
    println!(
        "shards            {} in {}",
        summary.shards.len(),
        opts.out.display()
    );
    println!(
        "speed             {:.1} games/s, {:.0} positions/s on {} threads",
        summary.games as f64 / summary.seconds.max(1e-9),
        summary.positions as f64 / summary.seconds.max(1e-9),
        opts.threads
    );
    Ok(())
}
