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

/// A training: the shards of `data` (oldest directory first) into `out`, `steps` steps in
/// all, from a checkpoint in `out` if there is one, else from `start`.
#[derive(Debug, Clone, Copy)]
pub struct Fit<'a> {
    /// Shard directories, oldest first.
    pub data: &'a [PathBuf],
    /// The output directory.
    pub out: &'a Path,
    /// Steps in all.
    pub steps: u64,
    /// Rows of the window: the newest shards holding at least this many.
    pub window: u64,
    /// The seed of the first weights and the sampling.
    pub seed: u64,
    /// Where it starts without a checkpoint.
    pub start: Start<'a>,
    /// Shards of games the network did not shape, whose held-out games are a second,
    /// fixed validation set (`None`: none).
    pub fixed_validation: Option<&'a Path>,
    /// Threads each step's batch is split over.
    pub threads: usize,
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

/// Runs the training `job`. Writes the resolved config to `out/config.toml`; reports
/// progress as a task labelled `label`.
///
/// # Errors
/// Data, checkpoint or output files at fault, named.
pub fn fit(
    cfg: &Resolved,
    job: &Fit<'_>,
    label: &str,
    progress: &dyn Progress,
) -> Result<TrainSummary> {
    let Fit {
        data,
        out,
        steps,
        window,
        seed,
        start,
        fixed_validation,
        threads,
    } = *job;
    create_dir(out, "cannot create")?;
    let rules = cfg.game.rules_toml();
    let opts = TrainOptions {
        data,
        init: start.init,
        init_optimizer: start.optimizer,
        schedule: start.schedule,
        out,
        steps,
        seed,
        expected: mankala_models::Expected::of(&cfg.game, &rules, cfg.network.encoding),
        network: start.network.unwrap_or(&cfg.network).clone(),
        train: mankala_config::TrainConfig {
            window,
            ..cfg.train.clone()
        },
        code_version: code_version(),
        fixed_validation,
        threads,
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
