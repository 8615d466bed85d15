//! `mankala train`: fit the policy-value network on self-play shards.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use mankala_config::Resolved;
use mankala_pipeline::train;

use crate::args::at_least_1;
use crate::progress::Bars;

/// `mankala train`.
#[derive(Debug, Args)]
pub struct TrainCommand {
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
    /// Shards of games the network did not shape (games of fixed agents, or a loop's
    /// generation 0): their held-out games are a second validation set, scored against the
    /// games' results (metrics.csv: fixed_policy_loss, fixed_value_loss).
    #[arg(long)]
    fixed_validation: Option<PathBuf>,
    /// Threads each training step's batch is split over (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

impl TrainCommand {
    /// Its config file.
    pub fn config(&self) -> &std::path::Path {
        &self.config
    }

    /// Trains with a progress bar and prints a summary.
    ///
    /// # Errors
    /// Bad arguments, or as [`train::fit`].
    pub fn run(self) -> Result<()> {
        if let Some(steps) = self.steps {
            at_least_1("--steps", steps)?;
        }
        let cfg = mankala_config::load(&self.config)?;
        self.fit_and_print(&cfg)
    }

    /// Trains and prints a summary.
    fn fit_and_print(&self, cfg: &Resolved) -> Result<()> {
        let out = &self.out;
        let job = train::Fit {
            data: &self.data,
            out,
            steps: self.steps.unwrap_or(cfg.train.steps),
            window: cfg.train.window,
            seed: self.seed,
            start: train::Start {
                init: self.init.as_deref(),
                ..train::Start::default()
            },
            fixed_validation: self.fixed_validation.as_deref(),
            threads: crate::args::threads_arg(self.threads)?,
        };
        let summary = train::fit(cfg, &job, "", &Bars::new())?;
        println!(
            "steps             {}{}",
            summary.step,
            if summary.resumed { " (resumed)" } else { "" }
        );
        println!("samples           {}", summary.samples);
        println!(
            "policy loss       {:.4} (validation {:.4})",
            summary.policy_loss, summary.val_policy_loss
        );
        println!(
            "value loss        {:.4} (validation {:.4})",
            summary.value_loss, summary.val_value_loss
        );
        if summary.score_loss.is_finite() {
            println!(
                "score loss        {:.4} (validation {:.4})",
                summary.score_loss, summary.val_score_loss
            );
        }
        if summary.fixed_value_loss.is_finite() {
            println!(
                "fixed validation  policy {:.4}, value {:.4} (against the games' results)",
                summary.fixed_policy_loss, summary.fixed_value_loss
            );
        }
        println!("speed             {:.0} samples/s", summary.samples_per_s);
        println!("model             {}", out.join("model.bpk").display());
        println!("metrics           {}", out.join("metrics.csv").display());
        Ok(())
    }
}
