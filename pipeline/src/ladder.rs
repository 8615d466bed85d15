//! `mankala arena --ladder`: an agent against a ladder of fixed yardsticks, climbed by binary
//! search to the rung it scores nearest 50% against (`eval::ladder`), every game saved.

use std::fmt::Write as _;

use mankala_agents::Prepared;
use mankala_config::Resolved;
use mankala_data::GameRecord;
use mankala_engine::with_game;
use mankala_eval::arena::{pair_results, schedule};
use mankala_eval::ladder::{Climb, Rung, climb};

use crate::arena::{play, standings};
use crate::error::Result;
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

/// Plays `agents[0]` against the rungs `agents[1..]` (weakest first) as [`climb`] chooses
/// them. Returns the climb (rung indices counted from `agents[1]`) and every game, numbered
/// in the order played.
///
/// # Errors
/// As [`play`].
pub fn run(
    cfg: &Resolved,
    agents: &[Prepared],
    ladder: &Ladder,
    progress: &dyn Progress,
) -> Result<(Climb, Vec<GameRecord>)> {
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

/// The climb as a table for people: each rung played, the score with its 95% interval, the
/// Elo difference it stands for, and the rung nearest 50% marked.
pub fn table(names: &[String], climbed: &Climb) -> String {
    let width = names.iter().map(String::len).max().unwrap_or(4).max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} against the ladder (rungs played in order):",
        names[0]
    );
    let _ = writeln!(
        out,
        "  {:<width$}  {:>5}  {:>16}  {:>22}",
        "rung", "games", "score [95%]", "Elo difference [95%]"
    );
    for (i, r) in climbed.played.iter().enumerate() {
        let (lo, hi) = r.interval();
        let (elo, elo_lo, elo_hi) = r.elo();
        let _ = writeln!(
            out,
            "  {:<width$}  {:>5}  {:>5.1}% [{:>3.0}, {:>3.0}]  {:>+6.0} [{:>+5.0}, {:>+5.0}]{}",
            names[r.index + 1],
            r.games(),
            100.0 * r.score(),
            100.0 * lo,
            100.0 * hi,
            elo,
            elo_lo,
            elo_hi,
            if i == climbed.nearest {
                "  <- nearest 50%"
            } else {
                ""
            }
        );
    }
    out
}
