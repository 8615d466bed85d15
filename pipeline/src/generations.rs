//! The generation loop: every step of every generation in order, skipping those with a
//! marker, so rerunning continues at the first unfinished step; the report rebuilt after
//! each generation. `mankala loop` is a thin driver over [`run_generations`].

use std::path::PathBuf;
use std::time::Instant;

use crate::error::Result;
use crate::layout::Step;
use crate::progress::Progress;
use crate::records::{Beside, StepRecord};
use crate::report;
use crate::run::Run;

/// When to stop: the generations in all are the run's own ([`Run::generations`], set by
/// [`Run::with_generations`]), so the loop and its evaluation of the last generation read
/// the same number.
#[derive(Debug, Clone, Copy, Default)]
pub struct LoopOptions {
    /// Start no new step after this instant.
    pub deadline: Option<Instant>,
}

/// What a call of [`run_generations`] left.
#[derive(Debug)]
pub struct LoopOutcome {
    /// Whether the deadline stopped it before the last step.
    pub stopped: bool,
    /// The closing summary for a terminal: the ratings table and the newest generation
    /// against the baselines.
    pub summary: String,
    /// The report.
    pub report: PathBuf,
}

/// Runs the baselines' round robin if the config asks for it and it has no marker, then
/// every unfinished step of generations `0..run.generations()`, reporting each finished step
/// to `progress` and rebuilding the report after each generation; then the newest finished
/// generation plays the baselines if `[loop] eval_every` had it skip them
/// ([`Run::evaluate_last`]), climbs `[loop] ladder` ([`Run::ladder`]) and plays `[loop]
/// scaling` ([`Run::scaling`]), even past the deadline.
///
/// # Errors
/// The first step that fails (its marker is not written; a rerun retries it), or a report
/// file that cannot be written.
pub fn run_generations(
    run: &Run,
    opts: &LoopOptions,
    progress: &dyn Progress,
) -> Result<LoopOutcome> {
    let out_of_time = || opts.deadline.is_some_and(|d| Instant::now() > d);
    if run.wants_baselines() && !run.layout.baselines_marker().exists() {
        run.baselines(progress)?;
    }
    let mut stopped = false;
    if run.cfg.loop_.overlap {
        stopped = overlapped(run, progress, &out_of_time)?;
    } else {
        for g in 0..run.generations() {
            stopped = unfinished_steps(run, g, &Step::ALL, progress, &out_of_time)?;
            if stopped {
                break;
            }
            report::write(&run.cfg, &run.layout, &run.record)?;
        }
    }
    // A loop that stops before the run's last generation ([`Run::generations`]; the
    // deadline, also halfway through a generation) measures its newest finished network
    // against the baselines all the same; so does a rerun asking for no more generations
    // than are finished, whose newest was finished by a loop of more and skipped them (not
    // an older one).
    let finished = |g: u32| Step::ALL.iter().all(|&s| run.is_done(g, s));
    let newest = (0..)
        .take_while(|&g| run.layout.generation(g).exists())
        .filter(|&g| finished(g))
        .last();
    if let Some(g) = newest.filter(|&g| g < run.generations()) {
        if let Some(done) = run.evaluate_last(g, progress)? {
            progress.step(g, &StepRecord::Eval(done));
        }
        run.ladder(g, progress)?;
        run.scaling(g, progress)?;
    }
    let summary = report::write(&run.cfg, &run.layout, &run.record)?;
    Ok(LoopOutcome {
        stopped,
        summary,
        report: run.layout.report(),
    })
}

/// The generations of `[loop] overlap`: self-play of generation `g + 1` on its own thread
/// beside the training, gate and evaluation of generation `g` (each with the run's threads:
/// the system shares the cores between them), its marker written once both are done with
/// the time the loop waited for it. Steps finish and reach `progress` in the order of the
/// loop in series; the overlapped self-play's task goes to [`Progress::beside`]. Returns
/// whether the deadline stopped it; a self-play already begun finishes all the same.
fn overlapped(run: &Run, progress: &dyn Progress, out_of_time: &dyn Fn() -> bool) -> Result<bool> {
    for g in 0..run.generations() {
        // Generation 0's self-play, or one that a run stopped before, runs alone.
        if unfinished_steps(run, g, &[Step::Selfplay], progress, out_of_time)? {
            return Ok(true);
        }
        let next = g + 1;
        let play_next =
            next < run.generations() && !run.is_done(next, Step::Selfplay) && !out_of_time();
        let (front, side) = std::thread::scope(|s| {
            let side = play_next.then(|| s.spawn(|| run.selfplay(next, progress.beside())));
            let front = unfinished_steps(
                run,
                g,
                &[Step::Train, Step::Gate, Step::Eval],
                progress,
                out_of_time,
            );
            let waited = Instant::now();
            let cpu = crate::cpu::process_seconds();
            let side = side.map(|h| {
                let done = h.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                let beside = Beside {
                    waited_seconds: waited.elapsed().as_secs_f64(),
                    waited_cpu_seconds: crate::cpu::since(cpu),
                };
                done.map(|d| (d, beside))
            });
            (front, side)
        });
        // The self-play's games are kept (its marker written) even where the steps beside
        // it failed.
        if let Some(side) = side {
            let (done, beside) = side?;
            let record = run.finish_beside(next, done, beside)?;
            progress.step(next, &record);
        }
        let stopped = front?;
        report::write(&run.cfg, &run.layout, &run.record)?;
        if stopped {
            return Ok(true);
        }
    }
    Ok(false)
}

/// The unfinished ones of generation `g`'s `steps`, in order, each reported to `progress`;
/// whether the deadline stopped them.
fn unfinished_steps(
    run: &Run,
    g: u32,
    steps: &[Step],
    progress: &dyn Progress,
    out_of_time: &dyn Fn() -> bool,
) -> Result<bool> {
    for &step in steps {
        if run.is_done(g, step) {
            continue;
        }
        if out_of_time() {
            return Ok(true);
        }
        let record = run.run_step(g, step, progress)?;
        progress.step(g, &record);
    }
    Ok(false)
}
