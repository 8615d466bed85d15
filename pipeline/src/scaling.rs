//! `mankala arena --scaling`: one network at several simulation counts against one fixed
//! yardstick, from the same openings at every count, to see what search adds (issue 33's
//! simulation-scaling chart): a table, a record and an SVG chart.

use std::fmt::Write as _;

use mankala_agents::Prepared;
use mankala_charts::{IntervalPoint, interval_line_chart};
use mankala_config::{AgentSpec, Resolved};
use mankala_data::GameRecord;
use mankala_engine::with_game;
use mankala_eval::arena::{pair_results, schedule};
use mankala_eval::ladder::Rung;
use serde_json::json;

use crate::arena::{play, standings};
use crate::error::{Error, Result};
use crate::progress::Progress;

/// How the matches are played.
#[derive(Debug, Clone)]
pub struct Scaling {
    /// The simulation counts, as given.
    pub sims: Vec<u32>,
    /// Games at each count (colours alternate).
    pub games: u32,
    /// Random plies opening each game (the same openings at every count).
    pub opening_plies: u32,
    /// Seed of the openings and the agents' choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// `spec` (a network: `nn` or `zoo`) at each of `sims` simulations.
///
/// # Errors
/// [`Error::Setting`] when `spec` is not a network's, or a count is 0 or given twice.
pub fn at_each(spec: &AgentSpec, sims: &[u32]) -> Result<Vec<AgentSpec>> {
    let setting = |m: String| Error::Setting(format!("--scaling: {m}"));
    if sims.is_empty() {
        return Err(setting(
            "expected simulation counts, e.g. 50,200,800,3200".into(),
        ));
    }
    for (i, &n) in sims.iter().enumerate() {
        if n == 0 {
            return Err(setting("0 simulations: expected at least 1".into()));
        }
        if sims[..i].contains(&n) {
            return Err(setting(format!("{n} simulations given twice")));
        }
    }
    sims.iter()
        .map(|&n| match spec.clone() {
            AgentSpec::Network { model, gumbel, .. } => Ok(AgentSpec::Network {
                model,
                sims: n,
                gumbel,
            }),
            AgentSpec::Zoo {
                variant, gumbel, ..
            } => Ok(AgentSpec::Zoo {
                variant,
                sims: n,
                gumbel,
            }),
            other => Err(setting(format!(
                "`{other}` is not a network; expected nn:model=PATH or zoo as the first agent"
            ))),
        })
        .collect()
}

/// Plays each of `agents[..k]` (one network at `scaling.sims[i]` simulations each) against
/// the yardstick `agents[k]`, the last, from the same openings. Returns one [`Rung`] per count
/// (its `index` the count's) and every game, numbered in the order played.
///
/// # Errors
/// As [`play`].
pub fn run(
    cfg: &Resolved,
    agents: &[Prepared],
    scaling: &Scaling,
    progress: &dyn Progress,
) -> Result<(Vec<Rung>, Vec<GameRecord>)> {
    let yardstick = agents.len() - 1;
    let mut records: Vec<GameRecord> = Vec::new();
    let mut points = Vec::new();
    for (k, n) in scaling.sims.iter().enumerate() {
        let pairings = with_game!(&cfg.game, g => schedule(
            g,
            &[(k, yardstick)],
            scaling.games,
            scaling.opening_plies,
            scaling.seed
        ));
        let label = format!("{n} simulations vs {}", agents[yardstick].spec);
        let mut played = play(cfg, agents, &pairings, scaling.threads, &label, progress)?;
        let [wins, draws, losses] = standings(agents.len(), &pair_results(&played))[k];
        for r in &mut played {
            r.index = records.len() as u64;
            records.push(r.clone());
        }
        points.push(Rung {
            index: k,
            wins,
            draws,
            losses,
        });
    }
    Ok((points, records))
}

/// The points as a table for people: simulations, games, score with its 95% interval and the
/// Elo difference to the yardstick.
pub fn table(network: &str, yardstick: &str, sims: &[u32], points: &[Rung]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{network} against {yardstick}, by simulations:");
    let _ = writeln!(
        out,
        "  {:>11}  {:>5}  {:>16}  {:>22}",
        "simulations", "games", "score [95%]", "Elo difference [95%]"
    );
    for p in points {
        let (lo, hi) = p.interval();
        let (elo, elo_lo, elo_hi) = p.elo();
        let _ = writeln!(
            out,
            "  {:>11}  {:>5}  {:>5.1}% [{:>3.0}, {:>3.0}]  {:>+6.0} [{:>+5.0}, {:>+5.0}]",
            sims[p.index],
            p.games(),
            100.0 * p.score(),
            100.0 * lo,
            100.0 * hi,
            elo,
            elo_lo,
            elo_hi
        );
    }
    out
}

/// The points as JSON, one object per count.
pub fn points_json(sims: &[u32], points: &[Rung]) -> serde_json::Value {
    points
        .iter()
        .map(|p| {
            let (lo, hi) = p.interval();
            let (elo, elo_lo, elo_hi) = p.elo();
            json!({"simulations": sims[p.index], "wins": p.wins, "draws": p.draws,
                   "losses": p.losses, "score": p.score(), "score_95": [lo, hi],
                   "elo_difference": elo, "elo_95": [elo_lo, elo_hi]})
        })
        .collect()
}

/// The score against the yardstick by simulations (x: log2 of the count), with intervals and
/// a line at 50%.
pub fn chart(network: &str, yardstick: &str, sims: &[u32], points: &[Rung]) -> String {
    let dots: Vec<IntervalPoint> = points
        .iter()
        .map(|p| {
            let (lo, hi) = p.interval();
            IntervalPoint {
                x: f64::from(sims[p.index]).log2(),
                y: 100.0 * p.score(),
                low: 100.0 * lo,
                high: 100.0 * hi,
            }
        })
        .collect();
    interval_line_chart(
        &format!("{network} against {yardstick}"),
        "simulations (log2: 6 = 64, 8 = 256, 10 = 1024, 12 = 4096)",
        "score (%)",
        &dots,
        &[("even", 50.0)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_is_set_to_each_count_and_other_agents_are_refused() {
        let nn: AgentSpec = "nn:model=m.bpk,sims=7,gumbel=true".parse().unwrap();
        let at = at_each(&nn, &[50, 800]).unwrap();
        let texts: Vec<String> = at.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "nn:model=m.bpk,sims=50,gumbel=true",
                "nn:model=m.bpk,sims=800,gumbel=true"
            ]
        );
        let zoo: AgentSpec = "zoo:oware".parse().unwrap();
        assert_eq!(
            at_each(&zoo, &[3]).unwrap()[0].to_string(),
            "zoo:oware,sims=3"
        );
        for (spec, sims, words) in [
            ("mcts:sims=10", vec![5], "not a network"),
            ("zoo", vec![5, 5], "given twice"),
            ("zoo", vec![0], "0 simulations"),
            ("zoo", vec![], "expected simulation counts"),
        ] {
            let e = at_each(&spec.parse().unwrap(), &sims)
                .unwrap_err()
                .to_string();
            assert!(e.contains("--scaling") && e.contains(words), "{e}");
        }
    }
}
