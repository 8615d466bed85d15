//! How the pipeline tells its caller what it is doing: a [`Progress`] observer, so that a
//! terminal shows bars, a server sends events, and a worker logs, while the library itself
//! prints nothing.

use crate::records::StepRecord;

/// Receives progress of long tasks and the loop's finished steps. Every method has a no-op
/// default; [`Silent`] implements none. Tasks do not nest: a `begin` follows the previous
/// task's `end`; a task that runs beside them (the loop's overlapped self-play) reports to
/// [`Progress::beside`] instead. Methods may be called from worker threads.
pub trait Progress: Sync {
    /// A task of `total` units (`unit`: "games", "steps") starts, `done` of them already
    /// finished; `label` says what it is ("gen 2 self-play (gen-1)").
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        let _ = (label, unit, total, done);
    }

    /// `done` units of the current task are finished; `note` is a short rate or loss text
    /// (may be empty).
    fn advance(&self, done: u64, note: &str) {
        let _ = (done, note);
    }

    /// The current task is finished.
    fn end(&self) {}

    /// A line worth a log: what a worker did or is waiting for, a retry.
    fn note(&self, text: &str) {
        let _ = text;
    }

    /// The loop finished step `record` of generation `generation` and wrote its marker.
    fn step(&self, generation: u32, record: &StepRecord) {
        let _ = (generation, record);
    }

    /// The observer of tasks that run beside this one's (`[loop] overlap`: the next
    /// generation's self-play during a generation's training): a second bar, say. The
    /// default shows nothing of them; their finished steps still reach [`Progress::step`].
    fn beside(&self) -> &dyn Progress {
        &Silent
    }
}

/// A [`Progress`] that ignores everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {}
