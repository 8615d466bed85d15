//! The report's ratings: the table of every player of the run, and Elo by generation and
//! over time with the baselines as reference lines.

use std::fmt::Write as _;

use mankala_charts::{self as plot, IntervalPoint};
use mankala_config::AgentSpec;
use mankala_data::atomic;

use super::Facts;
use crate::arena::{ratings_table, standings, write_ratings};
use crate::error::Result;

/// The ratings section; the ratings table also goes to `summary`, for the terminal.
pub(super) fn section(f: &Facts<'_>, md: &mut String, summary: &mut String) -> Result<()> {
    md.push_str("\n## Ratings\n\n");
    if let Some(r) = &f.ratings {
        let title = format!("{}: ratings of the run", f.cfg.game.name());
        write_ratings(f.root, &title, &r.names, r.anchor, &r.ratings, &r.results)?;
        let table = ratings_table(&r.names, &r.ratings, &standings(r.names.len(), &r.results));
        let _ = writeln!(
            md,
            "Bradley-Terry maximum likelihood over every game of the run (evaluations, each evaluated generation against the one evaluated before it, gates, the baselines' own games), {} = 0, {} virtual draws per pair that met.\n\n```\n{table}```\n\n![ratings](ratings.svg)\n",
            r.names[r.anchor], f.cfg.generations.prior_draws
        );
        summary.push_str(&table);
        let points: Vec<IntervalPoint> = f
            .gens
            .iter()
            .filter_map(|gen_| {
                r.of(&format!("gen-{}", gen_.g)).map(|x| IntervalPoint {
                    x: f64::from(gen_.g),
                    y: x.elo,
                    low: x.low,
                    high: x.high,
                })
            })
            .collect();
        let time_points: Vec<IntervalPoint> = f
            .gens
            .iter()
            .zip(&f.minutes)
            .filter_map(|(gen_, m)| {
                r.of(&format!("gen-{}", gen_.g)).map(|x| IntervalPoint {
                    x: *m,
                    y: x.elo,
                    low: x.low,
                    high: x.high,
                })
            })
            .collect();
        // Baselines by their canonical spec, as the arenas name them.
        let baselines: Vec<String> = f
            .cfg
            .generations
            .baselines
            .iter()
            .map(|b| b.parse::<AgentSpec>().map_or(b.clone(), |s| s.to_string()))
            .collect();
        let bands: Vec<(&str, f64)> = baselines
            .iter()
            .filter_map(|b| r.of(b).map(|x| (b.as_str(), x.elo)))
            .collect();
        let y = format!("Elo ({} = 0)", r.names[r.anchor]);
        atomic::write(
            &f.root.join("elo.svg"),
            plot::interval_line_chart("Elo of each generation", "generation", &y, &points, &bands)
                .as_bytes(),
        )?;
        atomic::write(
            &f.root.join("elo-time.svg"),
            plot::interval_line_chart(
                "Elo over time in steps",
                "minutes",
                &y,
                &time_points,
                &bands,
            )
            .as_bytes(),
        )?;
        md.push_str("![Elo by generation](elo.svg)\n\n![Elo over time](elo-time.svg)\n\n");
    } else if let Some(e) = &f.rating_error {
        let _ = writeln!(md, "Ratings unavailable: {e}\n");
    } else {
        md.push_str("No games yet.\n\n");
    }

    Ok(())
}
