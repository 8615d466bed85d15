//! The report's learning diagnostics, per generation: how often training drew each new
//! position, how varied self-play was, how sharp the search's targets and the network's
//! policy are, and how far the held-out value loss sits from the training one (the gap that
//! shows memorising).

use std::fmt::Write as _;

use mankala_charts::{self as plot, Series};
use mankala_data::atomic;

use super::Facts;
use super::facts::Generation;
use crate::error::Result;

/// Samples training drew per position its generation's self-play added.
fn reuse(g: &Generation) -> Option<f64> {
    let (sp, tr) = (g.selfplay.as_ref()?, g.train.as_ref()?);
    (sp.positions > 0).then(|| tr.samples as f64 / sp.positions as f64)
}

/// Held-out value loss less the training one.
fn value_gap(g: &Generation) -> Option<f64> {
    let t = g.train.as_ref()?;
    Some(f64::from(t.val_value_loss? - t.value_loss?))
}

fn cell(x: Option<f64>, digits: usize) -> String {
    x.map_or("-".into(), |x| format!("{x:.digits$}"))
}

/// The diagnostics table and its two charts.
pub(super) fn section(f: &Facts<'_>, md: &mut String) -> Result<()> {
    let series = |of: &dyn Fn(&Generation) -> Option<f64>| f.series(of);
    let entropies = [
        Series {
            name: "search targets (self-play)",
            points: series(&|g| g.selfplay.as_ref()?.target_entropy),
        },
        Series {
            name: "search targets (validation)",
            points: series(&|g| g.train.as_ref()?.val_target_entropy.map(f64::from)),
        },
        Series {
            name: "network policy (validation)",
            points: series(&|g| g.train.as_ref()?.val_policy_entropy.map(f64::from)),
        },
    ];
    atomic::write(
        &f.root.join("entropy.svg"),
        plot::line_chart("Policy entropy", "generation", "nats", &entropies).as_bytes(),
    )?;
    let data = [
        Series {
            name: "samples per new position",
            points: series(&reuse),
        },
        Series {
            name: "distinct positions %",
            points: series(&|g| g.selfplay.as_ref()?.distinct_share.map(|s| 100.0 * s)),
        },
    ];
    atomic::write(
        &f.root.join("reuse.svg"),
        plot::line_chart("Reuse and variety of the data", "generation", "", &data).as_bytes(),
    )?;
    md.push_str("## Learning diagnostics\n\n");
    md.push_str(
        "Samples per new position: training samples drawn over the positions the generation's \
         self-play added (KataGo caps it near 4). Distinct: the share of self-play positions not \
         seen earlier in the generation. Entropies in nats: of the search's policy targets and of \
         the network's policy on held-out games. Value gap: held-out less training value loss \
         (positive and growing: the network memorises its window). Value loss on generation \
         0's games: on the held-out games played before any network (a fixed set, against \
         their results); growing while the held-out loss falls, the network narrows into its \
         own self-play.\n\n",
    );
    md.push_str("| gen | samples per new position | distinct % | target entropy | network entropy (val) | value loss gap | value loss, gen 0 games |\n");
    md.push_str("|---:|---:|---:|---:|---:|---:|---:|\n");
    for g in &f.gens {
        let sp = g.selfplay.as_ref();
        let tr = g.train.as_ref();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} |",
            g.g,
            cell(reuse(g), 1),
            cell(sp.and_then(|d| d.distinct_share).map(|s| 100.0 * s), 0),
            cell(sp.and_then(|d| d.target_entropy), 2),
            cell(tr.and_then(|d| d.val_policy_entropy).map(f64::from), 2),
            cell(value_gap(g), 3),
            cell(tr.and_then(|d| d.fixed_value_loss).map(f64::from), 3),
        );
    }
    md.push_str("\n![policy entropy](entropy.svg)\n\n![reuse and variety](reuse.svg)\n\n");
    Ok(())
}
