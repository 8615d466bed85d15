//! Training on shard directories into an output directory, as `mankala train` and the loop's
//! training step run it.

use std::path::{Path, PathBuf};

use mankala_train::{TrainOptions, TrainSummary, train};

use crate::config::{Resolved, code_version, write_atomic};
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
    create_dir(out, "cannot create")?;
    let rules = cfg.rules_toml();
    let opts = TrainOptions {
        data,
        init,
        out,
        steps,
        seed,
        expected: cfg.expected_model(&rules),
        network: cfg.network.clone(),
        train: cfg.train.clone(),
        code_version: code_version(),
    };
    write_atomic(&out.join("config.toml"), cfg.to_toml().as_bytes())?;
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
