//! One agent's result against one opponent as `ladder.json` and `scaling.json` write it: the
//! games, the score with its 95% interval, and the Elo difference it stands for.

use mankala_eval::ladder::Rung;
use serde::{Deserialize, Serialize};

/// Wins, draws and losses, the score and the Elo difference, each with its 95% interval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MatchScore {
    /// The agent's wins.
    pub wins: f64,
    /// Draws.
    pub draws: f64,
    /// Losses.
    pub losses: f64,
    /// The agent's score (a draw is half).
    pub score: f64,
    /// Its 95% interval.
    pub score_95: [f64; 2],
    /// The Elo difference the score stands for.
    pub elo_difference: f64,
    /// Its 95% interval.
    pub elo_95: [f64; 2],
}

impl MatchScore {
    /// The score of a match played.
    pub fn of(r: &Rung) -> MatchScore {
        let (lo, hi) = r.interval();
        let (elo, elo_lo, elo_hi) = r.elo();
        MatchScore {
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
            score: r.score(),
            score_95: [lo, hi],
            elo_difference: elo,
            elo_95: [elo_lo, elo_hi],
        }
    }

    /// Games played.
    pub fn games(&self) -> f64 {
        self.wins + self.draws + self.losses
    }

    /// A table row's cells after the first: games, score [95%], Elo difference [95%].
    pub fn cells(&self) -> String {
        format!(
            "{:>5}  {:>5.1}% [{:>3.0}, {:>3.0}]  {:>+6.0} [{:>+5.0}, {:>+5.0}]",
            self.games(),
            100.0 * self.score,
            100.0 * self.score_95[0],
            100.0 * self.score_95[1],
            self.elo_difference,
            self.elo_95[0],
            self.elo_95[1]
        )
    }
}
