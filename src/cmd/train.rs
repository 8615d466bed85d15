//! `mankala train`: fit the policy-value network on self-play shards.

use std::path::{Path, PathBuf};

use anyhow::Result;
use mankala_train::{TrainOptions, TrainSummary, train};

use crate::cmd::selfplay::progress_bar;
use crate::config::{Resolved, code_version, write_atomic};

/// Trains on the shards of `data` (oldest directory first) into `out` for `steps` steps in
/// all, resuming from a checkpoint in `out` if there is one, else starting from `init` (or
/// random weights). Shows a progress bar labelled `label`.
///
/// # Errors
/// Data, checkpoint or output files at fault, named.
pub fn fit(
    cfg: &Resolved,
    data: &[PathBuf],
    out: &Path,
    steps: u64,
    seed: u64,
    init: Option<&Path>,
    label: &str,
) -> Result<TrainSummary> {
    std::fs::create_dir_all(out)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", out.display()))?;
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
    let bar = progress_bar(steps, "steps", label);
    let summary = train(&opts, |step, _, s| {
        bar.set_position(step);
        bar.set_message(format!(
            "{:.0} samples/s, policy {:.3}, value {:.3}",
            s.samples_per_s, s.policy_loss, s.value_loss
        ));
    })?;
    bar.finish_and_clear();
    Ok(summary)
}

/// `mankala train`: trains and prints a summary.
///
/// # Errors
/// As [`fit`].
pub fn run(
    cfg: &Resolved,
    data: &[PathBuf],
    out: &Path,
    steps: Option<u64>,
    seed: u64,
    init: Option<&Path>,
) -> Result<()> {
    let summary = fit(
        cfg,
        data,
        out,
        steps.unwrap_or(cfg.train.steps),
        seed,
        init,
        "",
    )?;
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
    println!("speed             {:.0} samples/s", summary.samples_per_s);
    println!("model             {}", out.join("model.bpk").display());
    println!("metrics           {}", out.join("metrics.csv").display());
    Ok(())
}
