//! The report's training and self-play charts: losses, first-player results with the gate
//! scores, and game length by generation.

use mankala_charts::{self as plot, Series};
use mankala_data::atomic;

use super::Facts;
use super::facts::Generation;
use crate::error::Result;
use crate::records::TrainDone;

/// The charts and the section that shows them.
pub(super) fn section(f: &Facts<'_>, md: &mut String) -> Result<()> {
    let series = |of: &dyn Fn(&Generation) -> Option<f64>| f.series(of);
    let loss = |of: fn(&TrainDone) -> Option<f32>| {
        series(&|g: &Generation| g.train.as_ref().and_then(of).map(f64::from))
    };
    let losses = [
        Series {
            name: "policy",
            points: loss(|d| d.policy_loss),
        },
        Series {
            name: "policy (validation)",
            points: loss(|d| d.val_policy_loss),
        },
        Series {
            name: "value",
            points: loss(|d| d.value_loss),
        },
        Series {
            name: "value (validation)",
            points: loss(|d| d.val_value_loss),
        },
        Series {
            name: "value (generation 0's games)",
            points: loss(|d| d.fixed_value_loss),
        },
    ];
    // The score head's losses, where the network has one.
    let scores = [
        Series {
            name: "score",
            points: loss(|d| d.score_loss),
        },
        Series {
            name: "score (validation)",
            points: loss(|d| d.val_score_loss),
        },
    ];
    let losses: Vec<Series> = losses
        .into_iter()
        .chain(scores.into_iter().filter(|s| !s.points.is_empty()))
        .collect();
    atomic::write(
        &f.root.join("losses.svg"),
        plot::line_chart("Training losses", "generation", "loss", &losses).as_bytes(),
    )?;
    let share = |i: usize| {
        series(&|g: &Generation| {
            g.selfplay
                .as_ref()
                .map(|d| d.results[i] as f64 / d.games.max(1) as f64)
        })
    };
    let first = [
        Series {
            name: "first player wins",
            points: share(0),
        },
        Series {
            name: "draws",
            points: share(1),
        },
        Series {
            name: "gate score",
            // A gate that played no game has no score to show.
            points: series(&|g: &Generation| {
                g.gate
                    .as_ref()
                    .filter(|d| d.wins + d.draws + d.losses > 0)
                    .map(|d| d.score)
            }),
        },
    ];
    atomic::write(
        &f.root.join("selfplay.svg"),
        plot::line_chart("Self-play results and gates", "generation", "share", &first).as_bytes(),
    )?;
    let length = [Series {
        name: "mean plies",
        points: series(&|g: &Generation| g.selfplay.as_ref().map(|d| d.mean_length)),
    }];
    atomic::write(
        &f.root.join("length.svg"),
        plot::line_chart("Self-play game length", "generation", "plies", &length).as_bytes(),
    )?;
    md.push_str("## Training and self-play\n\n![losses](losses.svg)\n\n![self-play results and gates](selfplay.svg)\n\n![game length](length.svg)\n\n");
    md.push_str("Per-step training metrics are in `gen-NNNN/train/metrics.csv`; every arena game is in `gen-NNNN/{gate,eval}/games.jsonl` and `baselines/games.jsonl` (replay one with `mankala replay --record FILE --game N`).\n");
    Ok(())
}
