//! The report's section on perfect play: each judged generation's figures, and the shares of
//! perfect moves and of moves that keep the result over time, as charts.

use std::fmt::Write as _;

use mankala_charts::{self as plot, IntervalPoint};
use mankala_data::atomic;
use mankala_eval::judge::Figures;

use super::Facts;
use crate::error::Result;

/// The judged generations' table and charts; nothing when no generation was judged.
pub(super) fn section(f: &Facts<'_>, md: &mut String) -> Result<()> {
    let judged: Vec<(u32, &Figures)> = f
        .gens
        .iter()
        .filter_map(|gen_| {
            gen_.eval
                .as_ref()
                .and_then(|e| e.judged.as_ref())
                .map(|j| (gen_.g, j))
        })
        .collect();
    if !judged.is_empty() {
        let _ = writeln!(
            md,
            "\n## Judged against perfect play\n\nEach generation's network ({} simulations) on up to {} positions of its own self-play with at most {} seeds in play, against exact values (`docs/ground-truth.md`; per position in `gen-N/eval/judge.json`).\n",
            f.cfg.arena_simulations(),
            f.cfg.loop_.judge_positions,
            f.cfg.loop_.judge_max_seeds
        );
        md.push_str("A perfect move is one of the largest final margin; a move that keeps the result keeps a won position won and a drawn one drawn, all that an agent trained on results alone plays for.\n\n");
        md.push_str(
            "| gen | positions | perfect moves [95%] | result kept [95%] | seeds lost a move [95%] | value error |\n",
        );
        md.push_str("|---:|---:|---|---|---|---:|\n");
        for (g, j) in &judged {
            let kept = j.result_kept.map_or("-".to_string(), |k| {
                format!(
                    "{:.1}% [{:.1}, {:.1}]",
                    100.0 * k.share,
                    100.0 * k.low,
                    100.0 * k.high
                )
            });
            let _ = writeln!(
                md,
                "| {g} | {} | {:.1}% [{:.1}, {:.1}] | {kept} | {:.2} [{:.2}, {:.2}] | {} |",
                j.positions,
                100.0 * j.optimal,
                100.0 * j.optimal_low,
                100.0 * j.optimal_high,
                j.mean_loss,
                j.loss_low,
                j.loss_high,
                j.value_error.map_or("-".into(), |e| format!("{e:.3}"))
            );
        }
        // Each judged generation at the f.minutes in steps when it finished, one share of its
        // figures in percent.
        let over_time = |share: fn(&Figures) -> Option<(f64, f64, f64)>| -> Vec<IntervalPoint> {
            f.gens
                .iter()
                .zip(&f.minutes)
                .filter_map(|(gen_, m)| {
                    let (y, low, high) = share(gen_.eval.as_ref()?.judged.as_ref()?)?;
                    Some(IntervalPoint {
                        x: *m,
                        y: 100.0 * y,
                        low: 100.0 * low,
                        high: 100.0 * high,
                    })
                })
                .collect()
        };
        let points = over_time(|j| Some((j.optimal, j.optimal_low, j.optimal_high)));
        atomic::write(
            &f.root.join("judged-time.svg"),
            plot::interval_line_chart(
                "Perfect moves over time in steps",
                "minutes",
                "perfect moves (%)",
                &points,
                &[],
            )
            .as_bytes(),
        )?;
        let kept = over_time(|j| j.result_kept.map(|k| (k.share, k.low, k.high)));
        md.push_str("\n![perfect moves over time](judged-time.svg)\n");
        if !kept.is_empty() {
            atomic::write(
                &f.root.join("result-kept-time.svg"),
                plot::interval_line_chart(
                    "Moves that keep the result over time in steps",
                    "minutes",
                    "moves keeping the result (%)",
                    &kept,
                    &[],
                )
                .as_bytes(),
            )?;
            md.push_str("\n![moves that keep the result over time](result-kept-time.svg)\n");
        }
    }

    Ok(())
}
