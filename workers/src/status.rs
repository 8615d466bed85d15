//! A run's state for a person: its generations (self-play shards, games and positions, the
//! candidate, the gate), the workers seen and when, and the loop's report rebuilt in the
//! cache from the published records. A game found in two shards is an error.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use mankala_pipeline::layout::Step;
use mankala_pipeline::records::GateDone;
use mankala_pipeline::report;
use mankala_pipeline::selfplay::summarize;

use crate::error::Result;
use crate::{Cluster, names};

/// One generation's state.
#[derive(Debug, Clone)]
pub struct GenerationStatus {
    /// The generation.
    pub generation: u32,
    /// Self-play shards published for it.
    pub shards: u64,
    /// Games in them.
    pub games: u64,
    /// Positions in them.
    pub positions: u64,
    /// The trainer of its candidate, once published.
    pub trainer: Option<String>,
    /// Its gate, once played.
    pub gate: Option<GateDone>,
}

/// A worker seen in the run's objects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerSeen {
    /// `selfplay 3`, `train NAME`, `gate`.
    pub worker: String,
    /// Objects it published.
    pub objects: u64,
    /// When it last published one (seconds since the Unix epoch).
    pub last_unix: i64,
}

/// A run's state.
#[derive(Debug, Clone)]
pub struct Status {
    /// The run URL.
    pub url: String,
    /// `[loop] generations`.
    pub generations: u32,
    /// Every generation with anything published.
    pub rows: Vec<GenerationStatus>,
    /// The accepted generations.
    pub accepted: Vec<u32>,
    /// The workers seen, most recent first.
    pub workers: Vec<WorkerSeen>,
    /// Whether every generation has been gated.
    pub finished: bool,
    /// The report rebuilt in the cache.
    pub report: PathBuf,
    /// The report's closing summary (ratings and the newest generation's results).
    pub summary: String,
}

/// Reads the run's state: copies its shards and records into the cache and rebuilds the
/// report there.
///
/// # Errors
/// Storage or cache files at fault.
pub fn status(cluster: &Cluster) -> Result<Status> {
    let run = &cluster.run;
    let layout = &run.layout;
    let state = cluster.state()?;
    let last = state
        .shards
        .iter()
        .map(|s| s.generation + 1)
        .chain(state.candidates.iter().map(|g| g + 1))
        .max()
        .unwrap_or(0);
    let mut rows = Vec::new();
    let mut every = Vec::new();
    for g in 0..last {
        let shards = cluster.fetch_shards(&state, g)?;
        let summary = summarize(&shards)?;
        every.extend(shards.iter().cloned());
        let candidate = cluster.fetch_candidate(g)?;
        let gate = cluster.fetch_gate(g)?;
        for step in [Step::Selfplay, Step::Eval] {
            cluster
                .store
                .fetch(&names::marker(g, step), &layout.marker(g, step))?;
        }
        rows.push(GenerationStatus {
            generation: g,
            shards: shards.len() as u64,
            games: summary.games,
            positions: summary.positions,
            trainer: candidate.map(|c| c.trainer),
            gate,
        });
    }
    // A game in two shards of the run, whatever their generations, is an error.
    summarize(&every)?;
    if state.baselines {
        cluster
            .store
            .fetch(names::BASELINES_RESULTS, &layout.baselines_marker())?;
    }
    let mut seen: BTreeMap<String, (u64, i64)> = BTreeMap::new();
    let mut see = |who: String, when: i64| {
        let e = seen.entry(who).or_insert((0, when));
        e.0 += 1;
        e.1 = e.1.max(when);
    };
    for s in &state.shards {
        see(format!("selfplay {}", s.worker), s.entry.written_unix);
    }
    for e in &state.entries {
        if let Some((_, rest)) = names::parse_generation(&e.name) {
            if rest == "gate.json" {
                see("gate".into(), e.written_unix);
            } else if let Some(trainer) = rest
                .strip_prefix("train/")
                .and_then(|r| r.strip_suffix("/model.bpk"))
            {
                see(format!("train {trainer}"), e.written_unix);
            }
        }
    }
    let mut workers: Vec<WorkerSeen> = seen
        .into_iter()
        .map(|(worker, (objects, last_unix))| WorkerSeen {
            worker,
            objects,
            last_unix,
        })
        .collect();
    workers.sort_by(|a, b| b.last_unix.cmp(&a.last_unix).then(a.worker.cmp(&b.worker)));
    let summary = report::write(&run.cfg, layout, &run.record)?;
    Ok(Status {
        url: cluster.store.url().into(),
        generations: cluster.generations(),
        rows,
        accepted: state.accepted.clone(),
        workers,
        finished: state.finished(cluster.generations()),
        report: layout.report(),
        summary,
    })
}

impl Status {
    /// The state as text: a table of generations, the workers seen, the report's place.
    pub fn to_text(&self, now_unix: i64) -> String {
        let mut t = String::new();
        let _ = writeln!(
            t,
            "run {}: {} of {} generations gated, accepted: {}{}",
            self.url,
            self.rows.iter().filter(|r| r.gate.is_some()).count(),
            self.generations,
            if self.accepted.is_empty() {
                "none".into()
            } else {
                self.accepted
                    .iter()
                    .map(|g| format!("gen-{g}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            if self.finished { " (finished)" } else { "" }
        );
        let _ = writeln!(
            t,
            "{:>4} {:>7} {:>7} {:>10}  {:<16} gate",
            "gen", "shards", "games", "positions", "candidate"
        );
        for r in &self.rows {
            let gate = r.gate.as_ref().map_or("-".into(), |g| {
                format!(
                    "{:.2} vs {} {}",
                    g.score,
                    g.opponent,
                    if g.promoted { "accepted" } else { "rejected" }
                )
            });
            let _ = writeln!(
                t,
                "{:>4} {:>7} {:>7} {:>10}  {:<16} {gate}",
                r.generation,
                r.shards,
                r.games,
                r.positions,
                r.trainer.as_deref().unwrap_or("-"),
            );
        }
        let _ = writeln!(t, "workers seen:");
        for w in &self.workers {
            let _ = writeln!(
                t,
                "  {:<20} {:>5} objects, last {} s ago",
                w.worker,
                w.objects,
                (now_unix - w.last_unix).max(0)
            );
        }
        let _ = writeln!(t, "report: {}", self.report.display());
        t
    }
}
