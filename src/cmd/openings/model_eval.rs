//! The model's view of the openings (`mankala_eval::openings::evaluate`), with a progress
//! bar.

use std::path::Path;

use anyhow::{Context, Result, bail};
use mankala_config::Resolved;
use mankala_engine::{Game, with_game};
use mankala_eval::openings::{MoveEval, evaluate, tree_size};
use mankala_pipeline::arena::prepare;

use super::OpeningsArgs;
use crate::args::resources;
use crate::cmd::selfplay::progress_bar;

/// The agent of `model` evaluates every first move and every reply.
///
/// # Errors
/// A model that does not fit the variant, or a path that cannot be written in a spec.
pub(super) fn evaluate_model(
    cfg: &Resolved,
    model: &Path,
    args: &OpeningsArgs<'_>,
) -> Result<Vec<MoveEval>> {
    let path = model.display().to_string();
    if path.contains(',') {
        bail!("--model {path}: a path with a comma cannot be given to the agent");
    }
    let spec = format!("nn:model={path},sims={}", args.sims);
    let prepared = prepare(cfg, &[spec], &resources())?;
    let agent = prepared
        .first()
        .context("no agent was prepared from --model")?;
    let net = agent
        .evaluator()
        .with_context(|| format!("--model {path}: no network was loaded"))?;
    let evals = with_game!(&cfg.game, g => {
        let bar = progress_bar(tree_size(&g.initial_state()), "positions", "model");
        let evals = evaluate(g, agent, net, args.sims, args.seed, &mut || bar.inc(1));
        bar.finish_and_clear();
        evals
    });
    Ok(evals)
}
