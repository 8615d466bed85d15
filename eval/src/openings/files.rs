//! The files of `mankala openings`: the report as Markdown, CSV, JSON and a chart, and a
//! model's evaluation as Markdown, CSV and JSON. Every output is sorted fully and depends only
//! on the input: the same data give the same bytes.

use std::fmt::Write as _;
use std::path::Path;

use mankala_charts as plot;
use mankala_data::atomic::{self, WriteError};
use mankala_engine::{AnyGame, Player};
use serde_json::json;

use super::{LineStats, MoveEval, Report};

/// What an openings report was made from, as its files record it.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The variant with its rule options.
    pub game: &'a AnyGame,
    /// The self-play directory read.
    pub data: &'a Path,
    /// Shards read.
    pub shards: usize,
    /// Decisions per opening.
    pub depth: u32,
    /// Lines played in fewer games are left out.
    pub min_games: u64,
    /// The code version that wrote the report.
    pub code_version: &'a str,
}

/// Writes `openings.{md,csv,json,svg}` into `out`, each whole or not at all.
///
/// # Errors
/// [`WriteError`] naming the file.
pub fn write_report(out: &Path, src: &Source<'_>, report: &Report) -> Result<(), WriteError> {
    atomic::write(&out.join("openings.md"), markdown(src, report))?;
    atomic::write(&out.join("openings.csv"), csv(report))?;
    atomic::write(
        &out.join("openings.json"),
        pretty(&json_report(src, report)),
    )?;
    atomic::write(&out.join("openings.svg"), chart(src, report))
}

/// What a model evaluation was made with, as its files record it.
#[derive(Debug, Clone, Copy)]
pub struct ModelSource<'a> {
    /// The variant with its rule options.
    pub game: &'a AnyGame,
    /// The model file.
    pub model: &'a Path,
    /// Simulations of the search per position.
    pub sims: u32,
    /// Seed of the agent's random choices.
    pub seed: u64,
    /// The code version that wrote the files.
    pub code_version: &'a str,
}

/// Writes `model-eval.{md,csv,json}` into `out`, each whole or not at all.
///
/// # Errors
/// [`WriteError`] naming the file.
pub fn write_model_eval(
    out: &Path,
    src: &ModelSource<'_>,
    evals: &[MoveEval],
) -> Result<(), WriteError> {
    let head = format!(
        "# Model evaluation of {} openings\n\n\
         The agent of `{}` searched {} simulations at the position after every legal first \
         move and every reply (seed {}). Value: the search's value of that position from \
         South's view (a move that ends the game: its result). Prior: the network's policy \
         share of the move at the position it is played from; search: the search's share \
         there. First moves, and the replies to each, are listed best first for the player \
         who makes them (a reply may be a further decision of the same player).\n\n",
        src.game.name(),
        src.model.display(),
        src.sims,
        src.seed
    );
    atomic::write(&out.join("model-eval.md"), head + &model_table(evals))?;
    atomic::write(&out.join("model-eval.csv"), model_csv(evals))?;
    atomic::write(
        &out.join("model-eval.json"),
        pretty(&model_json(src, evals)),
    )
}

/// Removes the `model-eval.*` files of an earlier run with a model, so that the directory
/// holds only what this run found.
///
/// # Errors
/// The file that cannot be removed, with the operating system's error.
pub fn remove_model_eval(out: &Path) -> Result<(), WriteError> {
    for ext in ["md", "csv", "json"] {
        let path = out.join(format!("model-eval.{ext}"));
        if path.exists() {
            std::fs::remove_file(&path).map_err(|source| WriteError { path, source })?;
        }
    }
    Ok(())
}

/// JSON text, pretty and ending in a newline.
fn pretty(value: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("JSON serializes");
    text.push('\n');
    text
}

/// A CSV field, quoted when it holds a comma or a quote.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// `x` rounded to 6 decimals, for JSON.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// A percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A value with a sign and two decimals, or `n/a`.
fn signed(v: Option<f64>) -> String {
    v.map_or_else(|| "n/a".to_string(), |v| format!("{v:+.2}"))
}

/// Text for a Markdown table cell.
fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The Markdown table of the report's lines.
pub fn markdown_table(report: &Report) -> String {
    let mut out = String::from(
        "| line | depth | games | share | wins | draws | losses | score | 95% interval | value |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n",
    );
    let total = report.total.max(1) as f64;
    for l in &report.lines {
        let t = &l.tally;
        let (low, high) = t.interval();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | [{}, {}] | {} |",
            md_cell(&l.line()),
            l.actions.len(),
            t.games,
            pct(t.games as f64 / total),
            t.wins,
            t.draws,
            t.losses,
            pct(t.score()),
            pct(low),
            pct(high),
            signed(t.mean_value())
        );
    }
    out
}

/// `openings.md`: a heading, how to read the table, and the table.
fn markdown(src: &Source<'_>, report: &Report) -> String {
    let mut out = format!(
        "# Openings of {}\n\n\
         {} games in `{}` ({} shards). Lines of up to {} decisions played in at least {} \
         games, as a tree: each line is followed by its continuations, most played first.\n\n\
         Results are the first player's (South's): wins, draws and losses (a capped game counts \
         as a draw); share = the line's games / all games; score = (wins + draws / 2) / games, \
         with its 95% Wilson interval; value = the mean root value of the self-play searches at \
         the position after the line, from South's view (n/a: every game ended there).\n\n",
        src.game.name(),
        report.total,
        src.data.display(),
        src.shards,
        src.depth,
        src.min_games
    );
    if report.lines.is_empty() {
        let _ = writeln!(
            out,
            "No line was played in {} games or more.\n",
            src.min_games
        );
    }
    out.push_str(&markdown_table(report));
    out
}

/// `openings.csv`: one row per line, in tree order.
fn csv(report: &Report) -> String {
    let mut out = String::from(
        "depth,line,actions,games,share,wins,draws,losses,score,score_low,score_high,value,valued\n",
    );
    let total = report.total.max(1) as f64;
    for l in &report.lines {
        let t = &l.tally;
        let (low, high) = t.interval();
        let actions: Vec<String> = l.actions.iter().map(u16::to_string).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{:.6},{},{},{},{:.6},{:.6},{:.6},{},{}",
            l.actions.len(),
            csv_field(&l.line()),
            actions.join(" "),
            t.games,
            t.games as f64 / total,
            t.wins,
            t.draws,
            t.losses,
            t.score(),
            low,
            high,
            t.mean_value()
                .map_or_else(String::new, |v| format!("{v:.6}")),
            t.valued
        );
    }
    out
}

/// `openings.json`: the settings and one object per line, in tree order.
fn json_report(src: &Source<'_>, report: &Report) -> serde_json::Value {
    let total = report.total.max(1) as f64;
    let lines: Vec<_> = report
        .lines
        .iter()
        .map(|l| {
            let t = &l.tally;
            let (low, high) = t.interval();
            json!({
                "line": l.line(),
                "moves": l.names,
                "actions": l.actions,
                "depth": l.actions.len(),
                "games": t.games,
                "share": round6(t.games as f64 / total),
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "score": round6(t.score()),
                "score_low": round6(low),
                "score_high": round6(high),
                "value": t.mean_value().map(round6),
                "valued": t.valued,
            })
        })
        .collect();
    json!({
        "variant": src.game.name(),
        "rules": src.game.rules_toml(),
        "data": src.data.display().to_string(),
        "shards": src.shards,
        "games": report.total,
        "depth": src.depth,
        "min_games": src.min_games,
        "first_player": Player::South.name(),
        "score": "(wins + draws / 2) / games for the first player; a capped game is a draw",
        "interval": "95% Wilson score interval of the score",
        "value": "mean root value of the searches after the line, from South's view",
        "lines": lines,
        "code_version": src.code_version,
    })
}

/// `openings.svg`: games per first move, with the first player's score after it.
fn chart(src: &Source<'_>, report: &Report) -> String {
    let firsts: Vec<&LineStats> = report
        .lines
        .iter()
        .filter(|l| l.actions.len() == 1)
        .collect();
    let labels: Vec<String> = firsts.iter().map(|l| l.line()).collect();
    let bars: Vec<plot::ScoredBar<'_>> = firsts
        .iter()
        .zip(&labels)
        .map(|(l, label)| {
            let (low, high) = l.tally.interval();
            plot::ScoredBar {
                label: label.as_str(),
                count: l.tally.games as f64,
                share: l.tally.score(),
                low,
                high,
            }
        })
        .collect();
    let title = format!("{}: first moves in {} games", src.game.name(), report.total);
    plot::bar_score_chart(&title, "games", "first player's score (%)", &bars)
}

/// A model-eval row's cells: value for South, prior and search shares.
fn eval_cells(m: &MoveEval) -> (String, String, String) {
    (signed(m.value), pct(m.prior), pct(m.search))
}

/// The Markdown table of the model's evaluation.
pub fn model_table(evals: &[MoveEval]) -> String {
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
fn model_json(src: &ModelSource<'_>, evals: &[MoveEval]) -> serde_json::Value {
    json!({
        "variant": src.game.name(),
        "model": src.model.display().to_string(),
        "sims": src.sims,
        "seed": src.seed,
        "value": "the search's value of the position after the move, from South's view",
        "first_moves": evals.iter().map(move_json).collect::<Vec<_>>(),
        "code_version": src.code_version,
    })
}

#[cfg(test)]
mod tests {
    use crate::openings::Tally;

    use super::*;

    #[test]
    fn the_markdown_table_has_a_row_per_line() {
        let tally = Tally {
            games: 2,
            losses: 2,
            ..Tally::default()
        };
        let report = Report {
            total: 2,
            lines: vec![LineStats {
                actions: vec![2, 5, 0],
                names: vec!["C".into(), "F".into(), "a".into()],
                tally,
            }],
        };
        let table = markdown_table(&report);
        assert!(
            table.contains("| C F a | 3 | 2 | 100.0% | 0 | 0 | 2 | 0.0% |"),
            "{table}"
        );
    }
}
