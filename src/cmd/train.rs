//! `mankala train`: fit the policy-value network on self-play shards.

use std::path::Path;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use mankala_engine::{ENCODING_VERSION, Game, with_game};
use mankala_models::Expected;
use mankala_train::{TrainOptions, train};

use crate::config::{Resolved, code_version, write_atomic};

/// Trains on `data` into `out` for `steps` steps in all (the config's `[train] steps` when
/// `None`), resuming from a checkpoint in `out` if there is one.
pub fn run(cfg: &Resolved, data: &Path, out: &Path, steps: Option<u64>, seed: u64) -> Result<()> {
    std::fs::create_dir_all(out)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", out.display()))?;
    let rules = toml::to_string(&cfg.game.rules_table())?;
    let (encoding_len, num_actions) =
        with_game!(&cfg.game, g => (g.encoding_len(), g.num_actions()));
    let steps = steps.unwrap_or(cfg.train.steps);
    let opts = TrainOptions {
        data,
        out,
        steps,
        seed,
        expected: Expected {
            variant: cfg.game.name(),
            rules: &rules,
            encoding_version: ENCODING_VERSION,
            encoding_len,
            num_actions,
        },
        network: cfg.network.clone(),
        train: cfg.train.clone(),
        code_version: code_version(),
    };
    write_atomic(&out.join("config.toml"), cfg.to_toml().as_bytes())?;
    let bar = ProgressBar::new(steps);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:30}] {pos}/{len} steps ({per_sec}, ETA {eta}) {msg}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    let summary = train(&opts, |step, _, s| {
        bar.set_position(step);
        bar.set_message(format!(
            "{:.0} samples/s, policy {:.3}, value {:.3}",
            s.samples_per_s, s.policy_loss, s.value_loss
        ));
    })?;
    bar.finish_and_clear();
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
