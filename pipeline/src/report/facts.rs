//! The facts of a run's report: each generation's step markers, every result by name, and
//! the ratings fitted to them.

use mankala_eval::ratings::{PairResult, Rating};

use crate::arena::rate;
use crate::error::Result;
use crate::ladder::LadderRecord;
use crate::layout::{Layout, Step, read_marker};
use crate::records::{EvalDone, GateDone, NamedResult, SelfplayDone, TrainDone};
use crate::scaling::ScalingRecord;

/// What one generation has finished.
pub(super) struct Generation {
    pub(super) g: u32,
    pub(super) selfplay: Option<SelfplayDone>,
    pub(super) train: Option<TrainDone>,
    pub(super) gate: Option<GateDone>,
    pub(super) eval: Option<EvalDone>,
    /// The closing ladder its network climbed, if the loop ended with it.
    pub(super) ladder: Option<LadderRecord>,
    /// The closing simulation scaling of its network, if the loop ended with it.
    pub(super) scaling: Option<ScalingRecord>,
}

impl Generation {
    /// Wall seconds the generation added to the run: its steps', where self-play that ran
    /// beside the generation before (`[loop] overlap`) counts only the wait for it.
    pub(super) fn seconds(&self) -> f64 {
        self.selfplay.as_ref().map_or(0.0, |d| {
            d.beside.as_ref().map_or(d.seconds, |b| b.waited_seconds)
        }) + self.train.as_ref().map_or(0.0, |d| d.seconds)
            + self.gate.as_ref().map_or(0.0, |d| d.seconds)
            + self.eval.as_ref().map_or(0.0, |d| d.seconds)
    }

    /// CPU and wall seconds of each step that recorded its CPU time: self-play, training,
    /// gate, evaluation. Self-play that ran beside the generation before (`[loop]
    /// overlap`) counts only the wait for it: the steps beside it count the rest.
    pub(super) fn cpu(&self) -> [(f64, f64); 4] {
        let of = |step: Option<(Option<f64>, f64)>| match step {
            Some((Some(cpu), wall)) => (cpu, wall),
            _ => (0.0, 0.0),
        };
        [
            of(self.selfplay.as_ref().map(|d| match &d.beside {
                Some(b) => (b.waited_cpu_seconds, b.waited_seconds),
                None => (d.cpu_seconds, d.seconds),
            })),
            of(self.train.as_ref().map(|d| (d.cpu_seconds, d.seconds))),
            of(self.gate.as_ref().map(|d| (d.cpu_seconds, d.seconds))),
            of(self.eval.as_ref().map(|d| (d.cpu_seconds, d.seconds))),
        ]
    }
}

/// Every generation with a folder, in order.
pub(super) fn generations(layout: &Layout) -> Result<Vec<Generation>> {
    let mut out = Vec::new();
    for g in 0.. {
        if !layout.generation(g).exists() {
            break;
        }
        out.push(Generation {
            g,
            selfplay: read_marker(&layout.marker(g, Step::Selfplay))?,
            train: read_marker(&layout.marker(g, Step::Train))?,
            gate: read_marker(&layout.marker(g, Step::Gate))?,
            eval: read_marker(&layout.marker(g, Step::Eval))?,
            ladder: read_marker(&layout.ladder(g).join("ladder.json"))?,
            scaling: read_marker(&layout.scaling(g).join("scaling.json"))?,
        });
    }
    Ok(out)
}

/// Every result of the run by name: the baselines' round robin, gates and evaluations.
pub(super) fn all_results(layout: &Layout, gens: &[Generation]) -> Result<Vec<NamedResult>> {
    let mut results = Vec::new();
    if let Some(b) = read_marker::<EvalDone>(&layout.baselines_marker())? {
        results.extend(b.results);
    }
    for gen_ in gens {
        if let Some(gate) = &gen_.gate
            && gate.wins + gate.draws + gate.losses > 0
        {
            results.push(NamedResult {
                a: format!("gen-{}", gen_.g),
                b: gate.opponent.clone(),
                wins_a: f64::from(gate.wins),
                draws: f64::from(gate.draws),
                wins_b: f64::from(gate.losses),
            });
        }
        if let Some(e) = &gen_.eval {
            results.extend(e.results.iter().cloned());
        }
    }
    Ok(results)
}

/// Fitted ratings of every player of the run.
pub(super) struct Ratings {
    pub(super) names: Vec<String>,
    pub(super) anchor: usize,
    pub(super) ratings: Vec<Rating>,
    pub(super) results: Vec<PairResult>,
}

impl Ratings {
    pub(super) fn of(&self, name: &str) -> Option<&Rating> {
        self.names
            .iter()
            .position(|n| n == name)
            .map(|i| &self.ratings[i])
    }
}

/// Ratings of every player named in `named`; `None` before any game.
pub(super) fn fit_ratings(named: &[NamedResult], prior: f64) -> Result<Option<Ratings>> {
    if named.is_empty() {
        return Ok(None);
    }
    let mut names: Vec<String> = Vec::new();
    let mut index = |n: &str| match names.iter().position(|m| m == n) {
        Some(i) => i,
        None => {
            names.push(n.to_string());
            names.len() - 1
        }
    };
    let results: Vec<PairResult> = named
        .iter()
        .map(|r| PairResult {
            a: index(&r.a),
            b: index(&r.b),
            wins_a: r.wins_a,
            draws: r.draws,
            wins_b: r.wins_b,
        })
        .collect();
    let (anchor, ratings) = rate(&names, &results, prior)?;
    Ok(Some(Ratings {
        names,
        anchor,
        ratings,
        results,
    }))
}
