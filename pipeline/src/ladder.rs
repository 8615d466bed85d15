//! `mankala arena --ladder`: an agent against a ladder of fixed yardsticks, climbed by binary
//! search to the rung it scores nearest 50% against (`eval::ladder`), every game saved.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use mankala_agents::Prepared;
use mankala_config::Resolved;
use mankala_data::GameRecord;
use mankala_engine::with_game;
use mankala_eval::arena::{pair_results, repeated_games, schedule};
use mankala_eval::ladder::{Climb, Rung, climb};
use serde::{Deserialize, Serialize};

use crate::arena::{play, standings};
use crate::error::{Error, Result};
use crate::layout::{create_dir, write_marker};
use crate::match_score::MatchScore;
use crate::progress::Progress;

/// How the ladder's matches are played.
#[derive(Debug, Clone, Copy)]
pub struct Ladder {
    /// Games against each rung played (colours alternate).
    pub games: u32,
    /// Random plies opening each game.
    pub opening_plies: u32,
    /// Seed of the openings and the agents' choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// One rung played, for `ladder.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RungRecord {
    /// The yardstick's spec.
    pub rung: String,
    /// The agent's result against it.
    #[serde(flatten)]
    pub result: MatchScore,
}

/// A climb with what it was played under: `ladder.json` of `mankala arena --ladder` and of
/// the loop's closing ladder (`[loop] ladder`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LadderRecord {
    /// The variant.
    pub variant: String,
    /// The agent that climbed.
    pub agent: String,
    /// The rungs, weakest first.
    pub ladder: Vec<String>,
    /// Games against each rung played.
    pub games_per_rung: u32,
    /// Random plies opening each game.
    pub opening_plies: u32,
    /// Seed of the openings and the agents' choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Every rung played, in order.
    pub played: Vec<RungRecord>,
    /// The rung the agent scored nearest 50% against.
    pub nearest: String,
    /// Games that were not repeats of an earlier one.
    pub distinct_games: usize,
    /// Seconds the climb took.
    #[serde(default)]
    pub seconds: f64,
    /// The code version that played it.
    pub code_version: String,
}

impl LadderRecord {
    /// The record of `climbed` by `names[0]` against the rungs `names[1..]`, its games
    /// `records`.
    pub fn new(
        cfg: &Resolved,
        names: &[String],
        ladder: &Ladder,
        climbed: &Climb,
        records: &[GameRecord],
    ) -> LadderRecord {
        let played = climbed
            .played
            .iter()
            .map(|r| RungRecord {
                rung: names[r.index + 1].clone(),
                result: MatchScore::of(r),
            })
            .collect();
        LadderRecord {
            variant: cfg.game.name().to_string(),
            agent: names[0].clone(),
            ladder: names[1..].to_vec(),
            games_per_rung: ladder.games,
            opening_plies: ladder.opening_plies,
            seed: ladder.seed,
            threads: ladder.threads,
            played,
            nearest: names[climbed.played[climbed.nearest].index + 1].clone(),
            distinct_games: records.len() - repeated_games(records),
            seconds: 0.0,
            code_version: crate::code_version(),
        }
    }

    /// The climb as a table for people: each rung played, the score with its 95% interval,
    /// the Elo difference it stands for, and the rung nearest 50% marked.
    pub fn table(&self) -> String {
        let width = self
            .ladder
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(4)
            .max(4);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} against the ladder (rungs played in order):",
            self.agent
        );
        let _ = writeln!(
            out,
            "  {:<width$}  {:>5}  {:>16}  {:>22}",
            "rung", "games", "score [95%]", "Elo difference [95%]"
        );
        for r in &self.played {
            let mark = if r.rung == self.nearest {
                "  <- nearest 50%"
            } else {
                ""
            };
            let _ = writeln!(out, "  {:<width$}  {}{mark}", r.rung, r.result.cells());
        }
        if let Some(note) = self.beyond() {
            let _ = writeln!(out, "  {note}");
        }
        out
    }

    /// A note when the agent scored above 50% against the top rung or below it against the
    /// bottom one: the ladder does not reach it, and the rung named nearest is only an end.
    pub fn beyond(&self) -> Option<&'static str> {
        let nearest = self.played.iter().find(|r| r.rung == self.nearest)?;
        if nearest.result.score > 0.5 && self.ladder.last() == Some(&nearest.rung) {
            Some("above the top rung: a stronger yardstick would measure this agent")
        } else if nearest.result.score < 0.5 && self.ladder.first() == Some(&nearest.rung) {
            Some("below the bottom rung: a weaker yardstick would measure this agent")
        } else {
            None
        }
    }
}

/// Plays `agents[0]` against the rungs `agents[1..]` (weakest first) as [`climb`] chooses
/// them. Returns the climb (rung indices counted from `agents[1]`) and every game, numbered
/// in the order played.
///
/// # Errors
/// [`Error::NoRung`] for a ladder without a rung; otherwise as [`play`].
pub fn run(
    cfg: &Resolved,
    agents: &[Prepared],
    ladder: &Ladder,
    progress: &dyn Progress,
) -> Result<(Climb, Vec<GameRecord>)> {
    if agents.len() < 2 {
        return Err(Error::NoRung {
            agents: agents.len(),
        });
    }
    let mut records: Vec<GameRecord> = Vec::new();
    let climbed = climb(agents.len() - 1, |k| -> Result<Rung> {
        let pairings = with_game!(&cfg.game, g => schedule(
            g,
            &[(0, k + 1)],
            ladder.games,
            ladder.opening_plies,
            ladder.seed
        ));
        let label = format!("ladder: {}", agents[k + 1].spec);
        let mut played = play(cfg, agents, &pairings, ladder.threads, &label, progress)?;
        let [wins, draws, losses] = standings(agents.len(), &pair_results(&played))[0];
        for r in &mut played {
            r.index = records.len() as u64;
            records.push(r.clone());
        }
        Ok(Rung {
            index: k,
            wins,
            draws,
            losses,
        })
    })?;
    Ok((climbed, records))
}

/// Climbs the ladder of `agents` (the climber first, then the rungs weakest first, named
/// `names` in the same order) into the folder `dir`: every game (`games.jsonl`) and the
/// record (`ladder.json`), which it returns. The loop's closing ladder and `mankala arena
/// --ladder` both write through it.
///
/// # Errors
/// A ladder without a rung, or a file that cannot be written, named.
pub fn climb_into(
    cfg: &Resolved,
    agents: &[Prepared],
    names: &[String],
    ladder: &Ladder,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<LadderRecord> {
    let start = Instant::now();
    let (climbed, records) = run(cfg, agents, ladder, progress)?;
    let mut record = LadderRecord::new(cfg, names, ladder, &climbed, &records);
    record.seconds = start.elapsed().as_secs_f64();
    create_dir(dir, "cannot create")?;
    mankala_data::record::write_records(&dir.join("games.jsonl"), &cfg.game, &records)?;
    write_marker(&dir.join("ladder.json"), &record)?;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(scores: &[(&str, f64)], nearest: &str) -> LadderRecord {
        LadderRecord {
            variant: "oware".into(),
            agent: "gen-39".into(),
            ladder: vec!["a".into(), "b".into(), "c".into()],
            games_per_rung: 40,
            opening_plies: 2,
            seed: 1,
            threads: 2,
            played: scores
                .iter()
                .map(|&(rung, score)| RungRecord {
                    rung: rung.into(),
                    result: MatchScore::of(&Rung {
                        index: 0,
                        wins: score * 40.0,
                        draws: 0.0,
                        losses: (1.0 - score) * 40.0,
                    }),
                })
                .collect(),
            nearest: nearest.into(),
            distinct_games: 80,
            seconds: 1.0,
            code_version: "test".into(),
        }
    }

    #[test]
    fn a_climb_past_either_end_of_the_ladder_says_so_and_one_inside_it_does_not() {
        let above = record(&[("b", 0.8), ("c", 0.7)], "c");
        assert!(
            above.table().contains("above the top rung"),
            "{}",
            above.table()
        );
        let below = record(&[("b", 0.2), ("a", 0.3)], "a");
        assert!(below.table().contains("below the bottom rung"));
        let inside = record(&[("b", 0.6), ("c", 0.45)], "c");
        assert_eq!(inside.beyond(), None);
        assert!(inside.table().contains("c") && inside.table().contains("<- nearest 50%"));
        let top_but_below_half = record(&[("b", 0.7), ("c", 0.45)], "c");
        assert_eq!(top_but_below_half.beyond(), None);
    }
}
