//! `mankala openings`: the openings of self-play data — how often each line of first
//! decisions was played and how the first player (South) fared after it — and, with a model,
//! the agent's own evaluation by search of every first move and every reply.
//!
//! The statistics and the model's view are `mankala_eval::openings`; this module writes
//! them as Markdown, CSV, JSON and a chart. Every output is sorted fully and depends only on
//! the input: the same data give the same bytes.

use mankala_data::atomic;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use mankala_engine::{Player, with_game};
use mankala_eval::openings::{LineStats, Report, build_report, read_games};
use serde_json::json;

use crate::cmd::arena::csv_field;
use mankala_charts as plot;
use mankala_config::Resolved;
use mankala_pipeline::code_version;

mod model_eval;

use model_eval::{evaluate_model, model_table, remove_model_eval, write_model_eval};

/// The deepest opening `--depth` accepts.
pub const MAX_DEPTH: u32 = 64;

/// Options of `mankala openings` besides the game.
#[derive(Debug)]
pub struct OpeningsArgs<'a> {
    /// A self-play output directory (its shards and those of its direct subdirectories).
    pub data: &'a Path,
    /// Decisions per opening (1 to [`MAX_DEPTH`]).
    pub depth: u32,
    /// Lines played in fewer games are left out.
    pub min_games: u64,
    /// Output directory.
    pub out: &'a Path,
    /// A trained model whose agent evaluates every first move and reply.
    pub model: Option<&'a Path>,
    /// Simulations of the model's search per position.
    pub sims: u32,
    /// Seed of the model agent's random choices.
    pub seed: u64,
}

/// The default output directory: `runs/openings/<variant>`.
pub fn default_out(variant: &str) -> PathBuf {
    Path::new("runs").join("openings").join(variant)
}

/// Runs `mankala openings`: writes `openings.{md,csv,json,svg}` (and `model-eval.{md,csv,json}`
/// with a model) into the output directory and prints the table.
///
/// # Errors
/// Bad options, a missing or empty data directory, a shard of another variant or rules, of
/// version 1 or unreadable (each naming the file), a model that does not fit the variant, or
/// files that cannot be written.
pub fn run(cfg: &Resolved, args: &OpeningsArgs<'_>) -> Result<()> {
    check_args(args)?;
    let data = args.data;
    if !data.exists() {
        bail!("data directory {} does not exist", data.display());
    }
    if !data.is_dir() {
        bail!("--data {}: not a directory", data.display());
    }
    let (games, shards) = read_games(&cfg.game, data)?;
    let report = with_game!(&cfg.game, g => build_report(g, &games, args.depth, args.min_games));
    std::fs::create_dir_all(args.out)
        .with_context(|| format!("cannot create output directory {}", args.out.display()))?;
    write_report(cfg, args, &report, shards)?;
    print!("{}", markdown_table(&report));
    println!(
        "{} games in {} shards; {} lines of up to {} decisions played in at least {} game{}",
        report.total,
        shards,
        report.lines.len(),
        args.depth,
        args.min_games,
        if args.min_games == 1 { "" } else { "s" }
    );
    let mut written = "openings.md,openings.csv,openings.json,openings.svg".to_string();
    match args.model {
        Some(model) => {
            let evals = evaluate_model(cfg, model, args)?;
            write_model_eval(cfg, args, model, &evals)?;
            print!("{}", model_table(&evals));
            written.push_str(",model-eval.md,model-eval.csv,model-eval.json");
        }
        None => remove_model_eval(args.out)?,
    }
    println!("wrote {}/{{{written}}}", args.out.display());
    Ok(())
}

fn check_args(args: &OpeningsArgs<'_>) -> Result<()> {
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        bail!("--depth {}: expected 1 to {MAX_DEPTH}", args.depth);
    }
    if args.model.is_some() && args.sims == 0 {
        bail!("--sims 0: expected at least 1 simulation");
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Writing the report.

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
fn markdown_table(report: &Report) -> String {
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
fn markdown(cfg: &Resolved, args: &OpeningsArgs<'_>, report: &Report, shards: usize) -> String {
    let mut out = format!(
        "# Openings of {}\n\n\
         {} games in `{}` ({shards} shards). Lines of up to {} decisions played in at least {} \
         games, as a tree: each line is followed by its continuations, most played first.\n\n\
         Results are the first player's (South's): wins, draws and losses (a capped game counts \
         as a draw); share = the line's games / all games; score = (wins + draws / 2) / games, \
         with its 95% Wilson interval; value = the mean root value of the self-play searches at \
         the position after the line, from South's view (n/a: every game ended there).\n\n",
        cfg.game.name(),
        report.total,
        args.data.display(),
        args.depth,
        args.min_games
    );
    if report.lines.is_empty() {
        let _ = writeln!(
            out,
            "No line was played in {} games or more.\n",
            args.min_games
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
fn json_report(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    report: &Report,
    shards: usize,
) -> serde_json::Value {
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
        "variant": cfg.game.name(),
        "rules": cfg.rules_toml(),
        "data": args.data.display().to_string(),
        "shards": shards,
        "games": report.total,
        "depth": args.depth,
        "min_games": args.min_games,
        "first_player": Player::South.name(),
        "score": "(wins + draws / 2) / games for the first player; a capped game is a draw",
        "interval": "95% Wilson score interval of the score",
        "value": "mean root value of the searches after the line, from South's view",
        "lines": lines,
        "code_version": code_version(),
    })
}

/// `openings.svg`: games per first move, with the first player's score after it.
fn chart(cfg: &Resolved, report: &Report) -> String {
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
    let title = format!("{}: first moves in {} games", cfg.game.name(), report.total);
    plot::bar_score_chart(&title, "games", "first player's score (%)", &bars)
}

/// Writes `openings.{md,csv,json,svg}` into the output directory.
fn write_report(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    report: &Report,
    shards: usize,
) -> Result<()> {
    let out = args.out;
    atomic::write(
        &out.join("openings.md"),
        markdown(cfg, args, report, shards).as_bytes(),
    )?;
    atomic::write(&out.join("openings.csv"), csv(report).as_bytes())?;
    let json = json_report(cfg, args, report, shards);
    let mut text = serde_json::to_string_pretty(&json)?;
    text.push('\n');
    atomic::write(&out.join("openings.json"), text.as_bytes())?;
    atomic::write(&out.join("openings.svg"), chart(cfg, report).as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use mankala_eval::openings::Tally;

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
