//! The closing summary the terminal prints after a generation: the ratings table, the
//! newest evaluated generation against the baselines, and the newest closing ladder and
//! simulation scaling.

use std::fmt::Write as _;

use super::Facts;

/// `summary` (the ratings table) followed by the newest evaluation's results.
pub(super) fn closing(f: &Facts<'_>, mut summary: String) -> String {
    if let Some(last) = f
        .gens
        .iter()
        .rev()
        .find(|g| g.eval.as_ref().is_some_and(|e| !e.results.is_empty()))
        && let Some(e) = &last.eval
    {
        let _ = writeln!(
            summary,
            "\ngen-{} against the baselines{}:",
            last.g,
            match f.cfg.loop_.chained_to(last.g) {
                Some(before) => format!(" and gen-{before}"),
                None => String::new(),
            }
        );
        let width = e.results.iter().map(|r| r.b.len()).max().unwrap_or(8);
        for r in &e.results {
            let n = r.wins_a + r.draws + r.wins_b;
            let _ = writeln!(
                summary,
                "  {:<width$}  won {:>3.0}  drew {:>3.0}  lost {:>3.0}  score {:>5.1}%",
                r.b,
                r.wins_a,
                r.draws,
                r.wins_b,
                100.0 * (r.wins_a + 0.5 * r.draws) / n.max(1.0)
            );
        }
    }
    if !f.gains.is_empty() {
        summary.push_str("\ngain:\n");
        for line in &f.gains {
            let _ = writeln!(summary, "  {line}");
        }
    }
    if let Some(ladder) = f.gens.iter().rev().find_map(|g| g.ladder.as_ref()) {
        let _ = write!(summary, "\n{}", ladder.table());
    }
    if let Some(scaling) = f.gens.iter().rev().find_map(|g| g.scaling.as_ref()) {
        let _ = write!(summary, "\n{}", scaling.table());
    }
    if let Some(e) = &f.rating_error {
        let _ = writeln!(summary, "ratings unavailable: {e}");
    }
    summary
}
