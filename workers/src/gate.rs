//! The gatekeeper: plays each new candidate against the accepted network (or promotes it
//! by the loop's rule), evaluates it against the baselines, and publishes the generation's
//! gate and evaluation records; an accepted candidate is also recorded as
//! `accepted/gen-NNNN.json`, where self-play workers find the newest network by listing.
//!
//! The gate and the evaluation are the loop's own steps ([`mankala_pipeline::Run::gate`],
//! [`mankala_pipeline::Run::evaluate`]) on the cache, seeded by the run's seed and the generation, so
//! a gatekeeper started twice publishes the same records; the first write of each name
//! stands. `gate.json` is written after everything else of its generation, so a
//! gatekeeper killed before it plays the generation again.

use std::time::Duration;

use mankala_pipeline::layout::{Step, write_marker};
use mankala_pipeline::progress::Progress;
use mankala_pipeline::records::StepRecord;
use mankala_pipeline::report;

use crate::error::Result;
use crate::{Cluster, names, pause};

/// How the gatekeeper runs.
#[derive(Debug, Clone, Copy)]
pub struct GateOptions {
    /// Stop once this many generations have been gated (`None`: `[loop] generations`).
    pub until_generation: Option<u32>,
    /// Wait between looks at a run that has nothing to do yet.
    pub poll: Duration,
}

/// What the gatekeeper did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GateReport {
    /// Generations it gated.
    pub gated: Vec<u32>,
    /// Those of them it accepted.
    pub accepted: Vec<u32>,
}

/// Gates candidates as they are published until every generation (or
/// `opts.until_generation` of them) is gated; rebuilds the report in the cache after each.
///
/// # Errors
/// Storage, models or arena files at fault, named.
pub fn work(cluster: &Cluster, opts: &GateOptions, progress: &dyn Progress) -> Result<GateReport> {
    let run = &cluster.run;
    let layout = &run.layout;
    let last = opts
        .until_generation
        .unwrap_or(u32::MAX)
        .min(cluster.generations());
    let mut report = GateReport::default();
    let mut waiting_for = None;
    loop {
        let state = cluster.state()?;
        // An accepted record lost to a kill between it and its gate record is written again.
        for &g in &state.gates {
            if !state.accepted.contains(&g)
                && let Some(gate) = cluster.fetch_gate(g)?
                && gate.promoted
            {
                cluster
                    .store
                    .put_new(&names::accepted(g), serde_json::to_vec_pretty(&gate)?)?;
            }
        }
        if run.wants_baselines() && !state.baselines {
            progress.note("the baselines' round robin");
            run.baselines(progress)?;
            cluster.publish(
                names::BASELINES_GAMES,
                &layout.baselines().join("games.jsonl"),
            )?;
            cluster.publish(names::BASELINES_RESULTS, &layout.baselines_marker())?;
        } else if state.baselines {
            cluster
                .store
                .fetch(names::BASELINES_RESULTS, &layout.baselines_marker())?;
        }
        let g = state.next_gate();
        if g >= last {
            break;
        }
        if !state.candidates.contains(&g) {
            if waiting_for != Some(g) {
                progress.note(&format!("gen {g}: waiting for its candidate"));
                waiting_for = Some(g);
            }
            pause(opts.poll);
            continue;
        }
        for k in 0..g {
            cluster.fetch_gate(k)?;
        }
        if let Some(best) = run.best_before(g)? {
            cluster.fetch_candidate(best)?;
        }
        // The evaluation also plays the network it is chained to (`[loop] eval_chain`),
        // which a gatekeeper started afresh has not fetched yet.
        if let Some(before) = run.cfg.loop_.chained_to(g)
            && run.cfg.loop_.evaluates_of(g, run.generations())
        {
            cluster.fetch_candidate(before)?;
        }
        cluster.fetch_candidate(g)?;
        if run.cfg.loop_.judge_positions > 0 {
            cluster.fetch_shards(&state, g)?;
        }
        let selfplay = layout.marker(g, Step::Selfplay);
        cluster
            .store
            .fetch(&names::marker(g, Step::Selfplay), &selfplay)?;
        let gate = run.gate(g, progress)?;
        let eval = run.evaluate(g, progress)?;
        for what in ["gate", "eval"] {
            let path = layout.generation(g).join(what).join("games.jsonl");
            if path.exists() {
                cluster.publish(&names::games(g, what), &path)?;
            }
        }
        let judged = layout.generation(g).join("eval").join("judge.json");
        if judged.exists() {
            cluster.publish(&names::judge(g), &judged)?;
        }
        let eval_marker = layout.marker(g, Step::Eval);
        write_marker(&eval_marker, &eval)?;
        cluster.publish(&names::marker(g, Step::Eval), &eval_marker)?;
        let gate_marker = layout.marker(g, Step::Gate);
        write_marker(&gate_marker, &gate)?;
        cluster.publish(&names::marker(g, Step::Gate), &gate_marker)?;
        let gate = cluster.fetch_gate(g)?.unwrap_or(gate);
        if gate.promoted {
            cluster
                .store
                .put_new(&names::accepted(g), serde_json::to_vec_pretty(&gate)?)?;
            report.accepted.push(g);
        }
        progress.step(g, &StepRecord::Gate(gate));
        progress.step(g, &StepRecord::Eval(eval));
        report.gated.push(g);
        report::write(&run.cfg, layout, &run.record)?;
    }
    Ok(report)
}
