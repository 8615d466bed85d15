//! The files of a judgement (`mankala judge --out DIR`): `judge.csv` (every position),
//! `judge.json` (the figures, overall and by seeds left) and `judge-phases.svg` (the share of
//! perfect moves by seeds left), each written whole or not at all.

use std::fmt::Write as _;
use std::path::Path;

use mankala_charts::{IntervalPoint, interval_line_chart};
use mankala_data::atomic::{self, WriteError};
use serde::Serialize;

use super::{Figures, Judgement};
use crate::openings::files::csv_field;

/// A judgement's figures with what was judged: `judge.json`, and what `mankala judge
/// --json` prints.
#[derive(Clone, Debug, Serialize)]
pub struct JudgeSummary<'a> {
    /// The agent's spec.
    pub agent: &'a str,
    /// The variant.
    pub variant: &'a str,
    /// All positions together.
    pub overall: &'a Figures,
    /// By seeds in play, fewest first.
    pub phases: &'a [Figures],
}

impl<'a> JudgeSummary<'a> {
    /// The summary of `j`, the judgement of `agent` on `variant`.
    pub fn of(agent: &'a str, variant: &'a str, j: &'a Judgement) -> JudgeSummary<'a> {
        JudgeSummary {
            agent,
            variant,
            overall: &j.overall,
            phases: &j.phases,
        }
    }
}

/// Writes `judge.csv`, `judge.json` and `judge-phases.svg` of `j`, the judgement of `agent` on
/// `variant`, into the folder `out` (made when missing).
///
/// # Errors
/// [`WriteError`] naming the file or folder that cannot be written.
pub fn write_judgement(
    out: &Path,
    agent: &str,
    variant: &str,
    j: &Judgement,
) -> Result<(), WriteError> {
    std::fs::create_dir_all(out).map_err(|source| WriteError {
        path: out.to_path_buf(),
        source,
    })?;
    atomic::write(&out.join("judge.csv"), csv(j))?;
    let mut json = serde_json::to_string_pretty(&JudgeSummary::of(agent, variant, j))
        .expect("figures serialize");
    json.push('\n');
    atomic::write(&out.join("judge.json"), json)?;
    atomic::write(&out.join("judge-phases.svg"), chart(agent, variant, j))
}

/// `judge.csv`: one row per judged position, in judging order.
fn csv(j: &Judgement) -> String {
    let mut out = String::from(
        "position,seeds_in_play,exact,agent_move,best_moves,optimal,keeps_result,loss,value,value_error\n",
    );
    for p in &j.positions {
        let optional = |v: Option<f32>| v.map_or(String::new(), |v| v.to_string());
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{}",
            csv_field(&p.position),
            p.seeds_in_play,
            p.exact,
            csv_field(&p.agent_move),
            csv_field(&p.best_moves.join(" ")),
            p.optimal,
            p.keeps_result,
            p.loss,
            optional(p.value),
            optional(p.value_error),
        );
    }
    out
}

/// `judge-phases.svg`: the share of perfect moves by seeds left, with 95% intervals.
fn chart(agent: &str, variant: &str, j: &Judgement) -> String {
    let points: Vec<IntervalPoint> = j
        .phases
        .iter()
        .map(|p| IntervalPoint {
            x: (p.seeds_from + p.seeds_to) as f64 / 2.0,
            y: 100.0 * p.optimal,
            low: 100.0 * p.optimal_low,
            high: 100.0 * p.optimal_high,
        })
        .collect();
    interval_line_chart(
        &format!("{agent} on {variant}: perfect moves by seeds left"),
        "seeds left on the board",
        "perfect moves (%)",
        &points,
        &[],
    )
}
