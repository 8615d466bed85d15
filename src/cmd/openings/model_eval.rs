//! The model's view of the openings, written: `model-eval.{md,csv,json}` from
//! `mankala_eval::openings::evaluate`.

use mankala_data::atomic;
use std::fmt::Write as _;
use std::path::Path;

use anyhow::{Context, Result, bail};
use mankala_engine::{Game, with_game};
use mankala_eval::openings::{MoveEval, evaluate, tree_size};
use serde_json::json;

use super::{OpeningsArgs, md_cell, pct, round6, signed};
use crate::cmd::arena::csv_field;
use crate::cmd::selfplay::progress_bar;
use mankala_config::Resolved;
use mankala_pipeline::arena::prepare;
use mankala_pipeline::code_version;

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
    let prepared = prepare(cfg, &[format!("nn:model={path},sims={}", args.sims)])?;
    let agent = prepared
        .first()
        .context("no agent was prepared from --model")?;
    let rules = cfg.rules_toml();
    let (net, _) = mankala_models::file::load(
        model,
        &mankala_models::Expected::of(&cfg.game, &rules),
        &mankala_models::device(),
    )
    .with_context(|| format!("cannot load model {path}"))?;
    let evals = with_game!(&cfg.game, g => {
        let bar = progress_bar(tree_size(&g.initial_state()), "positions", "model");
        let evals = evaluate(g, agent, net, args.sims, args.seed, &mut || bar.inc(1));
        bar.finish_and_clear();
        evals
    });
    Ok(evals)
}

/// A model-eval row's cells: value for South, prior and search shares.
fn eval_cells(m: &MoveEval) -> (String, String, String) {
    (signed(m.value), pct(m.prior), pct(m.search))
}

/// The Markdown table of the model's evaluation.
pub(super) fn model_table(evals: &[MoveEval]) -> String {
    let mut out = String::from(
        "| move | reply | played by | value for South | prior | search | simulations |\n\
         | --- | --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    let mut row = |first: &MoveEval, reply: Option<&MoveEval>| {
        let m = reply.unwrap_or(first);
        let (value, prior, search) = eval_cells(m);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {value} | {prior} | {search} | {} |",
            md_cell(&first.name),
            md_cell(reply.map_or("", |r| r.name.as_str())),
            m.by,
            m.simulations
        );
    };
    for first in evals {
        row(first, None);
        for reply in &first.replies {
            row(first, Some(reply));
        }
    }
    out
}

/// Writes `model-eval.{md,csv,json}` into the output directory.
pub(super) fn write_model_eval(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    model: &Path,
    evals: &[MoveEval],
) -> Result<()> {
    let head = format!(
        "# Model evaluation of {} openings\n\n\
         The agent of `{}` searched {} simulations at the position after every legal first \
         move and every reply (seed {}). Value: the search's value of that position from \
         South's view (a move that ends the game: its result). Prior: the network's policy \
         share of the move at the position it is played from; search: the search's share \
         there. First moves, and the replies to each, are listed best first for the player \
         who makes them (a reply may be a further decision of the same player).\n\n",
        cfg.game.name(),
        model.display(),
        args.sims,
        args.seed
    );
    let md = head + &model_table(evals);
    atomic::write(&args.out.join("model-eval.md"), md.as_bytes())?;
    atomic::write(
        &args.out.join("model-eval.csv"),
        model_csv(evals).as_bytes(),
    )?;
    let json = model_json(cfg, args, model, evals);
    let mut text = serde_json::to_string_pretty(&json)?;
    text.push('\n');
    atomic::write(&args.out.join("model-eval.json"), text.as_bytes())?;
    Ok(())
}

/// Removes the `model-eval.*` files of an earlier run with a model, so that the directory
/// holds only what this run found.
pub(super) fn remove_model_eval(out: &Path) -> Result<()> {
    for ext in ["md", "csv", "json"] {
        let path = out.join(format!("model-eval.{ext}"));
        if path.exists() {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    Ok(())
}

/// `model-eval.csv`: one row per first move (empty reply) and per reply.
fn model_csv(evals: &[MoveEval]) -> String {
    let mut out = String::from(
        "move,reply,move_action,reply_action,played_by,value_south,prior,search_share,simulations\n",
    );
    let mut row = |first: &MoveEval, reply: Option<&MoveEval>| {
        let m = reply.unwrap_or(first);
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.6},{:.6},{}",
            csv_field(&first.name),
            csv_field(reply.map_or("", |r| r.name.as_str())),
            first.action,
            reply.map_or_else(String::new, |r| r.action.to_string()),
            m.by.name(),
            m.value.map_or_else(String::new, |v| format!("{v:.6}")),
            m.prior,
            m.search,
            m.simulations
        );
    };
    for first in evals {
        row(first, None);
        for reply in &first.replies {
            row(first, Some(reply));
        }
    }
    out
}

/// One move as JSON, with its replies when it has any.
fn move_json(m: &MoveEval) -> serde_json::Value {
    let mut v = json!({
        "move": m.name,
        "action": m.action,
        "played_by": m.by.name(),
        "value_south": m.value.map(round6),
        "prior": round6(m.prior),
        "search_share": round6(m.search),
        "simulations": m.simulations,
    });
    if !m.replies.is_empty() {
        v["replies"] = m.replies.iter().map(move_json).collect();
    }
    v
}

/// `model-eval.json`: the settings and the tree of first moves and replies.
fn model_json(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    model: &Path,
    evals: &[MoveEval],
) -> serde_json::Value {
    json!({
        "variant": cfg.game.name(),
        "model": model.display().to_string(),
        "sims": args.sims,
        "seed": args.seed,
        "value": "the search's value of the position after the move, from South's view",
        "first_moves": evals.iter().map(move_json).collect::<Vec<_>>(),
        "code_version": code_version(),
    })
}
