//! The training pipeline of mankala over a run directory: self-play and training into directories, arenas with ratings, the generation loop (run layout, step
//! markers, resume, gates, evaluations) and its report with SVG charts.
//!
//! Each step of a generation is a function over an opened [`Run`] ([`Run::selfplay`],
//! [`Run::train`], [`Run::gate`], [`Run::evaluate`], [`report::write`]), so a command line,
//! a server or a worker that owns one step call the same code; [`run_generations`] chains
//! them. The library prints nothing: it reports progress to a [`Progress`] observer and
//! returns typed [`Error`]s naming the file or setting at fault.
//!
//! Configs are read by `mankala_config`; the map of the crates is `docs/architecture.md`.

pub mod arena;
pub mod cpu;
pub mod error;
pub mod generations;
pub mod label;
pub mod ladder;
pub mod layout;
pub mod match_score;
pub mod progress;
pub mod reanalyse;
pub mod records;
pub mod report;
pub mod round_robin;
pub mod run;
pub mod scaling;
pub mod selfplay;
pub mod train;

pub use error::{Error, Result, error_chain};
pub use generations::{LoopOptions, LoopOutcome, run_generations};
pub use layout::{Layout, Step};
pub use progress::{Progress, Silent};
pub use records::{
    Beside, EvalDone, GateDone, NamedResult, RunRecord, SelfplayDone, StepRecord, TrainDone,
};
pub use run::{DEFAULT_RUN, OpenOptions, Run};

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The code version recorded with every output: package version and commit.
pub fn code_version() -> String {
    format!("{}+{}", env!("CARGO_PKG_VERSION"), env!("MANKALA_COMMIT"))
}
