//! `mankala label`: positions from real games valued by perfect play, written as training
//! shards (`pipeline::label`), for a network fitted to exact labels.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use mankala_pipeline::label::{self, LabelOptions};

use crate::args::{GameArgs, resources, threads_arg};
use crate::progress::Bars;

/// `mankala label`.
#[derive(Debug, Args)]
pub struct LabelCommand {
    #[command(flatten)]
    game: GameArgs,
    /// Games to draw positions from: a directory of self-play shards, an arena's
    /// `games.jsonl`, or a directory holding one.
    #[arg(long)]
    from_games: PathBuf,
    /// An endgame tablebase (`mankala tablebase build`): needed for Oware, whose positions
    /// are labelled where the table reaches; it speeds up Kalah's solver.
    #[arg(long, short)]
    table: Option<PathBuf>,
    /// Only positions with at most this many seeds in play (Kalah's exact values cost
    /// little late in a game and minutes near its start).
    #[arg(long)]
    max_seeds: Option<u32>,
    /// Positions to label at most, each distinct.
    #[arg(long, default_value_t = 10_000)]
    samples: usize,
    /// Seed of the draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output directory (it must hold no shards yet): shards, the resolved config, the run
    /// record.
    #[arg(long, short)]
    out: PathBuf,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

impl LabelCommand {
    /// Labels with a progress bar and prints what was written.
    ///
    /// # Errors
    /// Bad arguments, or as [`label::run`].
    pub fn run(self) -> Result<()> {
        if self.samples == 0 {
            bail!("--samples 0: expected at least 1");
        }
        let cfg = self.game.resolve()?;
        let opts = LabelOptions {
            from_games: &self.from_games,
            table: self.table.as_deref(),
            max_seeds: self.max_seeds.unwrap_or(u32::MAX),
            samples: self.samples,
            seed: self.seed,
            out: &self.out,
            threads: threads_arg(self.threads)?,
        };
        let done = label::run(&cfg, &opts, &resources().tables, &Bars::new()).map_err(|e| {
            let needs_table = matches!(
                e,
                mankala_pipeline::Error::Exact {
                    source: mankala_agents::ExactError::NeedsTable,
                    ..
                }
            );
            let e = anyhow::Error::new(e);
            if needs_table {
                e.context("give --table FILE")
            } else {
                e
            }
        })?;
        let [won, drawn, lost] = done.won_drawn_lost;
        println!("run               {}", done.run_id);
        println!(
            "positions         {} from {} games",
            done.positions, done.games
        );
        println!("for the mover     {won} won, {drawn} drawn, {lost} lost under perfect play");
        println!(
            "shards            {} in {} (encoding {})",
            done.shards.len(),
            self.out.display(),
            cfg.network.encoding
        );
        println!(
            "speed             {:.0} positions/s on {} threads",
            done.positions as f64 / done.seconds.max(1e-9),
            opts.threads
        );
        Ok(())
    }
}
