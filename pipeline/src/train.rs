//! Training on shard directories into an output directory, as `mankala train` and the loop's
//! training step run it.

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use mankala_config::NetworkConfig;
use mankala_train::{SchedulePlace, TrainOptions, TrainSummary, train};

use mankala_config::Resolved;

use crate::code_version;
use crate::error::Result;
use crate::layout::create_dir;
use crate::progress::Progress;

/// Trains on the shards of `data` (oldest directory first) into `out` for `steps` steps in
/// all, resuming from a checkpoint in `out` if there is one, else starting from `init` (or
/// random weights). Writes the resolved config to `out/config.toml`; reports progress as a
/// task labelled `label`.
///
/// # Errors
/// Data, checkpoint or output files at fault, named.
#[allow(clippy::too_many_arguments)]
pub fn fit(
    cfg: &Resolved,
    data: &[PathBuf],
    out: &Path,
    steps: u64,
    seed: u64,
    init: Option<&Path>,
    label: &str,
    progress: &dyn Progress,
) -> Result<TrainSummary> {
    let start = Start {
        init,
        ..Start::default()
    };
    fit_from(cfg, data, out, steps, seed, &start, label, progress)
}

/// Where a training starts when its output directory has no checkpoint yet.
#[derive(Debug, Clone, Copy, Default)]
pub struct Start<'a> {
    /// A model to start from (`None`: random weights).
    pub init: Option<&'a Path>,
    /// An optimizer state to start from (`None`: a fresh optimizer).
    pub optimizer: Option<&'a Path>,
    /// The steps' place in a longer learning-rate schedule (`None`: the schedule spans them).
    pub schedule: Option<SchedulePlace>,
    /// The network built from random weights when there is no `init` (`None`: the config's
    /// `[network]`).
    pub network: Option<&'a NetworkConfig>,
}

/// As [`fit`], starting from `start`.
///
/// # Errors
/// Data, checkpoint or output files at fault, named.
#[allow(clippy::too_many_arguments)]
pub fn fit_from(
    cfg: &Resolved,
    data: &[PathBuf],
    out: &Path,
    steps: u64,
    seed: u64,
    start: &Start<'_>,
    label: &str,
    progress: &dyn Progress,
) -> Result<TrainSummary> {
    create_dir(out, "cannot create")?;
    let rules = cfg.rules_toml();
    let opts = TrainOptions {
        data,
        init: start.init,
        init_optimizer: start.optimizer,
        schedule: start.schedule,
        out,
        steps,
        seed,
        expected: mankala_models::Expected::of(&cfg.game, &rules),
        network: start.network.unwrap_or(&cfg.network).clone(),
        train: cfg.train.clone(),
        code_version: code_version(),
    };
    atomic::write(&out.join("config.toml"), cfg.to_toml().as_bytes())?;
    progress.begin(label, "steps", steps, 0);
    let summary = train(&opts, |step, _, s| {
        let note = format!(
            "{:.0} samples/s, policy {:.3}, value {:.3}",
            s.samples_per_s, s.policy_loss, s.value_loss
        );
        progress.advance(step, &note);
    })?;
    progress.end();
    Ok(summary)
}
