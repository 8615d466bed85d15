//! The report's ratings: the table of every player of the run, and Elo by generation and
//! over time with the baselines as reference lines.

use std::fmt::Write as _;

use mankala_charts::{self as plot, IntervalPoint};
use mankala_data::atomic;
use mankala_eval::ratings::differences;

use super::Facts;
use crate::arena::{ratings_table, standings, write_ratings};
use crate::error::Result;

/// The newest rated generation's gain on earlier ones, a line each: on the first, on the
/// one nearest half the run's minutes in steps and, in runs of 30 minutes or more, on the
/// one nearest minute 20; each the difference of their ratings in the one fit of the run,
/// with its 95% interval (`mankala_eval::ratings::differences`). Empty without two rated
/// generations.
pub(super) fn gains(f: &Facts<'_>) -> Vec<String> {
    let Some(r) = &f.ratings else {
        return Vec::new();
    };
    let index = |g: u32| r.names.iter().position(|n| *n == format!("gen-{g}"));
    let rated: Vec<(u32, f64, usize)> = f
        .gens
        .iter()
        .zip(&f.minutes)
        .filter_map(|(g, &m)| index(g.g).map(|i| (g.g, m, i)))
        .collect();
    let (Some(&first), Some(&(last, end, last_index))) = (rated.first(), rated.last()) else {
        return Vec::new();
    };
    let nearest = |t: f64| {
        rated
            .iter()
            .copied()
            .min_by(|a, b| (a.1 - t).abs().total_cmp(&(b.1 - t).abs()))
    };
    let mut earlier = vec![(first, "the first")];
    earlier.extend(nearest(end / 2.0).map(|h| (h, "half-way")));
    if end >= 30.0 {
        earlier.extend(nearest(20.0).map(|t| (t, "nearest minute 20")));
    }
    let mut seen = vec![last];
    earlier.retain(|&((g, _, _), _)| {
        let new = !seen.contains(&g);
        seen.push(g);
        new
    });
    let pairs: Vec<(usize, usize)> = earlier
        .iter()
        .map(|&((_, _, i), _)| (last_index, i))
        .collect();
    let prior = f.cfg.loop_.prior_draws;
    let Ok(gains) = differences(r.names.len(), &r.results, r.anchor, prior, &pairs) else {
        return Vec::new();
    };
    earlier
        .iter()
        .zip(gains)
        .map(|(&((g, minutes, _), what), d)| {
            format!(
                "gen-{last} ({end:.1} min) against gen-{g} ({what}, {minutes:.1} min): \
                 {:+.0} Elo [{:+.0}, {:+.0}]",
                d.elo, d.low, d.high
            )
        })
        .collect()
}

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
            r.names[r.anchor], f.cfg.loop_.prior_draws
        );
        summary.push_str(&table);
        if !f.gains.is_empty() {
            md.push_str(
                "How much the newest rated network gained, from the same fit (95% intervals):\n\n",
            );
            for line in &f.gains {
                let _ = writeln!(md, "- {line}");
            }
            md.push('\n');
        }
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
            .loop_
            .baselines
            .iter()
            .map(ToString::to_string)
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
