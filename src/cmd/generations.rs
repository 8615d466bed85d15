//! `mankala loop`: the generation loop of `mankala_pipeline` with progress bars and a line
//! per finished step. The layout is in `docs/loop.md`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use clap::Args;
use mankala_pipeline::records::fmt_loss;
use mankala_pipeline::{LoopOptions, OpenOptions, Run, StepRecord, run_generations};

use crate::args::threads_arg;
use crate::progress::Bars;

pub use mankala_pipeline::DEFAULT_RUN;

/// `mankala loop`.
#[derive(Debug, Args)]
pub struct LoopCommand {
    /// The variant's config file (default: the embedded one; a rerun uses the run's own).
    #[arg(long, short)]
    config: Option<PathBuf>,
    /// Run directory.
    #[arg(long, short, default_value = DEFAULT_RUN)]
    run: PathBuf,
    /// Generations in all (default: the config's `[loop] generations`).
    #[arg(long, short)]
    generations: Option<u32>,
    /// Start no new step after this many hours (the newest generation then still plays the
    /// baselines if `eval_every` skipped them).
    #[arg(long)]
    hours: Option<f64>,
    /// Worker threads (default: every core).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Seed of the run (default: from the clock; recorded, and kept on reruns).
    #[arg(long)]
    seed: Option<u64>,
}

/// The line printed when a step is finished.
pub(crate) fn step_line(g: u32, record: &StepRecord) -> String {
    match record {
        StepRecord::Selfplay(d) => {
            let pct = |x: u64| 100.0 * x as f64 / d.games.max(1) as f64;
            format!(
                "gen {g} self-play: {} games with {}, {:.1} plies, first player {:.0}% win {:.0}% draw, {:.0} s",
                d.games,
                d.evaluator,
                d.mean_length,
                pct(d.results[0]),
                pct(d.results[1]),
                d.seconds
            )
        }
        StepRecord::Train(d) => {
            let reanalysed = if d.reanalysed > 0 {
                format!(
                    " after {} positions reanalysed in {:.0} s,",
                    d.reanalysed, d.reanalyse_seconds
                )
            } else {
                String::new()
            };
            let score = match d.score_loss {
                Some(_) => format!(", score loss {}", fmt_loss(d.score_loss)),
                None => String::new(),
            };
            format!(
                "gen {g} train:{reanalysed} {} steps, policy loss {}, value loss {}{score}, {:.0} s",
                d.steps,
                fmt_loss(d.policy_loss),
                fmt_loss(d.value_loss),
                d.seconds
            )
        }
        StepRecord::Gate(d) if !d.played() => format!(
            "gen {g} gate: no gate, {}",
            if d.promoted {
                "promoted"
            } else {
                "kept the best"
            }
        ),
        StepRecord::Gate(d) => format!(
            "gen {g} gate vs {}: {}/{}/{} (score {:.2}): {}",
            d.opponent,
            d.wins,
            d.draws,
            d.losses,
            d.score,
            if d.promoted {
                "promoted"
            } else {
                "kept the best"
            }
        ),
        StepRecord::Eval(d) => d
            .results
            .iter()
            .map(|r| {
                format!(
                    "gen {g} vs {}: {}/{}/{}\n",
                    r.b, r.wins_a, r.draws, r.wins_b
                )
            })
            .collect::<String>()
            .trim_end()
            .to_string(),
    }
}

impl LoopCommand {
    /// Its config file, where one is given.
    pub fn config(&self) -> Option<&std::path::Path> {
        self.config.as_deref()
    }

    /// Checks the arguments and runs the loop.
    ///
    /// # Errors
    /// Bad arguments, or as [`run`].
    pub fn run(self) -> Result<()> {
        if let Some(h) = self.hours
            && !(h > 0.0 && h.is_finite())
        {
            bail!("--hours {h}: expected a positive number");
        }
        if self.generations == Some(0) {
            bail!("--generations 0: expected at least 1");
        }
        let threads = threads_arg(self.threads)?;
        run(&self, threads)
    }
}

/// Runs `mankala loop`.
///
/// # Errors
/// A config, data, model or output file at fault, named.
fn run(args: &LoopCommand, threads: usize) -> Result<()> {
    let invocation = Instant::now();
    let run = Run::open(&OpenOptions {
        dir: &args.run,
        config: args.config.as_deref(),
        seed: args.seed,
        threads,
    })?;
    let generations = args.generations.unwrap_or(run.cfg.loop_.generations);
    // The last generation asked for, not the config's, is the one evaluated as the last.
    let run = run.with_generations(generations);
    println!(
        "run {}: {} generations of {}, seed {}",
        args.run.display(),
        generations,
        run.cfg.game.name(),
        run.seed()
    );
    let opts = LoopOptions {
        // Hours too many for the clock mean no deadline.
        deadline: args
            .hours
            .and_then(|h| Duration::try_from_secs_f64(h * 3600.0).ok())
            .and_then(|d| invocation.checked_add(d)),
    };
    let bars = Bars::with_steps(|g, record: &StepRecord| {
        let line = step_line(g, record);
        if !line.is_empty() {
            println!("{line}");
        }
    });
    let outcome = run_generations(&run, &opts, &bars)?;
    if outcome.stopped {
        println!(
            "stopped after {:.2} hours (--hours); run the same command again to continue",
            invocation.elapsed().as_secs_f64() / 3600.0
        );
    }
    print!("{}", outcome.summary);
    println!("report: {}", outcome.report.display());
    Ok(())
}
