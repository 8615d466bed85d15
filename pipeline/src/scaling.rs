//! `mankala arena --scaling`: one network at several simulation counts against one fixed
//! yardstick, from the same openings at every count, to see what search adds (issue 33's
//! simulation-scaling chart): a table, a record and an SVG chart.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use mankala_agents::{Prepared, Resources};
use mankala_charts::{IntervalPoint, interval_line_chart};
use mankala_config::{AgentSpec, Resolved};
use mankala_data::GameRecord;
use mankala_data::atomic;
use mankala_engine::with_game;
use mankala_eval::arena::{pair_results, repeated_games, schedule};
use mankala_eval::ladder::Rung;
use serde::{Deserialize, Serialize};

use crate::arena::{play, prepare_specs, standings};
use crate::error::{Error, Result};
use crate::layout::{create_dir, write_marker};
use crate::match_score::MatchScore;
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
/// [`Error::NotANetwork`] when `spec` is not a network's; [`Error::NoSimulationCounts`],
/// [`Error::ZeroSimulations`] or [`Error::SimulationsTwice`] when `sims` is empty, or a count
/// is 0 or given twice.
pub fn at_each(spec: &AgentSpec, sims: &[u32]) -> Result<Vec<AgentSpec>> {
    if sims.is_empty() {
        return Err(Error::NoSimulationCounts);
    }
    for (i, &n) in sims.iter().enumerate() {
        if n == 0 {
            return Err(Error::ZeroSimulations);
        }
        if sims[..i].contains(&n) {
            return Err(Error::SimulationsTwice { sims: n });
        }
    }
    sims.iter()
        .map(|&n| match spec.clone() {
            AgentSpec::Network {
                model,
                gumbel,
                score,
                ..
            } => Ok(AgentSpec::Network {
                model,
                sims: n,
                gumbel,
                millis: None,
                score,
            }),
            AgentSpec::Zoo {
                variant, gumbel, ..
            } => Ok(AgentSpec::Zoo {
                variant,
                sims: n,
                gumbel,
                millis: None,
            }),
            other => Err(Error::NotANetwork { spec: other }),
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

/// The agents of a scaling: `network` at each of `sims`, then `yardstick`, prepared for
/// `cfg`'s game (models and tables through `resources`).
///
/// # Errors
/// A network spec without simulations to set, or a spec that does not fit the game.
pub fn prepare(
    cfg: &Resolved,
    network: &AgentSpec,
    yardstick: &AgentSpec,
    sims: &[u32],
    resources: &Resources,
) -> Result<Vec<Prepared>> {
    let mut specs = at_each(network, sims)?;
    specs.push(yardstick.clone());
    prepare_specs(cfg, &specs, resources)
}

/// Plays the network of `agents` (from [`prepare`]) at each of `scaling`'s simulation counts
/// against the yardstick (named `names`: the network's, the yardstick's) into the folder
/// `dir`: every game (`games.jsonl`), the record (`scaling.json`), which it returns, and its
/// chart (`scaling.svg`). The loop's closing scaling and `mankala arena --scaling` both
/// write through it.
///
/// # Errors
/// A file that cannot be written, named.
pub fn measure_into(
    cfg: &Resolved,
    agents: &[Prepared],
    names: (&str, &str),
    scaling: &Scaling,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<ScalingRecord> {
    let start = Instant::now();
    let (points, records) = run(cfg, agents, scaling, progress)?;
    let mut record = ScalingRecord::new(cfg, names, scaling, &points, &records);
    record.seconds = start.elapsed().as_secs_f64();
    create_dir(dir, "cannot create")?;
    mankala_data::record::write_records(&dir.join("games.jsonl"), &cfg.game, &records)?;
    atomic::write(&dir.join("scaling.svg"), record.chart().as_bytes())?;
    write_marker(&dir.join("scaling.json"), &record)?;
    Ok(record)
}

/// One simulation count's result against the yardstick, for `scaling.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScalingPoint {
    /// The network's simulations per move.
    pub simulations: u32,
    /// Its result against the yardstick.
    #[serde(flatten)]
    pub result: MatchScore,
}

/// What search adds, with what it was played under: `scaling.json` of `mankala arena
/// --scaling` and of the loop's closing measurement (`[loop] scaling`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScalingRecord {
    /// The variant.
    pub variant: String,
    /// The network, as named.
    pub network: String,
    /// The fixed yardstick.
    pub yardstick: String,
    /// Games at each count.
    pub games_per_count: u32,
    /// Random plies opening each game (the same openings at every count).
    pub opening_plies: u32,
    /// Seed of the openings and the agents' choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// One point per count, in the order given.
    pub points: Vec<ScalingPoint>,
    /// Games that were not repeats of an earlier one.
    pub distinct_games: usize,
    /// Seconds the matches took.
    #[serde(default)]
    pub seconds: f64,
    /// The code version that played them.
    pub code_version: String,
}

impl ScalingRecord {
    /// The record of `network` against `yardstick` at `plan.sims`, its points and games.
    pub fn new(
        cfg: &Resolved,
        (network, yardstick): (&str, &str),
        plan: &Scaling,
        points: &[Rung],
        records: &[GameRecord],
    ) -> ScalingRecord {
        let points = points
            .iter()
            .map(|p| ScalingPoint {
                simulations: plan.sims[p.index],
                result: MatchScore::of(p),
            })
            .collect();
        ScalingRecord {
            variant: cfg.game.name().to_string(),
            network: network.to_string(),
            yardstick: yardstick.to_string(),
            games_per_count: plan.games,
            opening_plies: plan.opening_plies,
            seed: plan.seed,
            threads: plan.threads,
            points,
            distinct_games: records.len() - repeated_games(records),
            seconds: 0.0,
            code_version: crate::code_version(),
        }
    }

    /// The points as a table for people: simulations, games, score with its 95% interval
    /// and the Elo difference to the yardstick.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} against {}, by simulations:",
            self.network, self.yardstick
        );
        let _ = writeln!(
            out,
            "  {:>11}  {:>5}  {:>16}  {:>22}",
            "simulations", "games", "score [95%]", "Elo difference [95%]"
        );
        for p in &self.points {
            let _ = writeln!(out, "  {:>11}  {}", p.simulations, p.result.cells());
        }
        out
    }

    /// The score against the yardstick by simulations (x: log2 of the count), with
    /// intervals and a line at 50%.
    pub fn chart(&self) -> String {
        let dots: Vec<IntervalPoint> = self
            .points
            .iter()
            .map(|p| IntervalPoint {
                x: f64::from(p.simulations).log2(),
                y: 100.0 * p.result.score,
                low: 100.0 * p.result.score_95[0],
                high: 100.0 * p.result.score_95[1],
            })
            .collect();
        interval_line_chart(
            &format!("{} against {}", self.network, self.yardstick),
            "simulations (log2: 6 = 64, 8 = 256, 10 = 1024, 12 = 4096)",
            "score (%)",
            &dots,
            &[("even", 50.0)],
        )
    }
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
            ("mcts:sims=10", vec![5], "`mcts:sims=10` is not a network"),
            ("zoo", vec![5, 5], "5 simulations given twice"),
            ("zoo", vec![0], "0 simulations"),
            ("zoo", vec![], "expected simulation counts"),
        ] {
            let e = at_each(&spec.parse().unwrap(), &sims)
                .unwrap_err()
                .to_string();
            assert!(e.contains(words), "{e}");
        }
        assert!(matches!(
            at_each(&zoo, &[5, 5]),
            Err(Error::SimulationsTwice { sims: 5 })
        ));
    }
}
