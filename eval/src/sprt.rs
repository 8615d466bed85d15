//! The sequential probability ratio test of a match between two agents, as chess engine
//! testing runs it (fishtest, cutechess-cli): after each batch of games, the log-likelihood
//! ratio of "the first agent is `elo1` stronger" against "it is `elo0` stronger", under a
//! normal approximation of the per-game score (win 1, draw ½, loss 0); the match stops once
//! the ratio leaves `[ln(β / (1 - α)), ln((1 - β) / α)]`.

use std::fmt;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative (above `elo0`).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What a test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Stronger by `elo1` or more is the better account (H1 accepted).
    Stronger,
    /// Stronger by at most `elo0` is the better account (H0 accepted).
    NotStronger,
    /// Not decided yet.
    Open,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Stronger => "H1 accepted",
            Verdict::NotStronger => "H0 accepted",
            Verdict::Open => "undecided",
        })
    }
}

/// Fewer games than this are never decided: the variance of a handful is no estimate.
pub const MIN_GAMES: f64 = 8.0;

/// The expected score of a player `elo` stronger than its opponent.
pub fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// A test of `elo0` against `elo1` with both error rates 5%.
    pub fn new(elo0: f64, elo1: f64) -> Self {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    /// The log-likelihood ratio after the first agent's `wins`, `draws` and `losses` (0 until
    /// [`MIN_GAMES`] games). The shares of wins and draws count half a game of each result
    /// more, so that a run of one result has a variance to judge by.
    pub fn llr(&self, wins: f64, draws: f64, losses: f64) -> f64 {
        let n = wins + draws + losses;
        if n < MIN_GAMES {
            return 0.0;
        }
        let (w, d) = ((wins + 0.5) / (n + 1.5), (draws + 0.5) / (n + 1.5));
        let score = w + d / 2.0;
        let variance = w + d / 4.0 - score * score; // of one game's score
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// The bounds `(lower, upper)` of the ratio.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict after `wins`, `draws` and `losses` of the first agent.
    pub fn verdict(&self, wins: f64, draws: f64, losses: f64) -> Verdict {
        let llr = self.llr(wins, draws, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::Stronger
        } else if llr <= lower {
            Verdict::NotStronger
        } else {
            Verdict::Open
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bounds_are_walds_for_five_percent_errors() {
        let (lo, hi) = Sprt::new(0.0, 50.0).bounds();
        assert!(
            (lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3,
            "{lo} {hi}"
        );
    }

    #[test]
    fn the_ratio_follows_the_normal_approximation() {
        // 60 wins, 20 draws, 20 losses, with half a game of each result more.
        let t = Sprt::new(0.0, 50.0);
        let (w, d): (f64, f64) = (60.5 / 101.5, 20.5 / 101.5);
        let (score, variance) = (w + d / 2.0, w + d / 4.0 - (w + d / 2.0).powi(2));
        let (s0, s1) = (0.5, score_of(50.0));
        let want = 100.0 * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance);
        assert!((t.llr(60.0, 20.0, 20.0) - want).abs() < 1e-9);
        assert_eq!(t.verdict(60.0, 20.0, 20.0), Verdict::Stronger);
    }

    #[test]
    fn an_even_match_accepts_the_null_and_a_short_one_decides_nothing() {
        let t = Sprt::new(0.0, 50.0);
        assert_eq!(t.verdict(200.0, 100.0, 200.0), Verdict::NotStronger);
        assert_eq!(t.verdict(5.0, 0.0, 0.0), Verdict::Open, "under eight games");
        assert_eq!(
            t.verdict(30.0, 0.0, 0.0),
            Verdict::Stronger,
            "a run of wins decides"
        );
        assert_eq!(t.verdict(12.0, 6.0, 10.0), Verdict::Open);
    }

    #[test]
    fn scores_of_elo_differences() {
        assert!((score_of(0.0) - 0.5).abs() < 1e-12);
        assert!((score_of(400.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((score_of(-400.0) - 1.0 / 11.0).abs() < 1e-12);
    }
}
