//! A ladder of fixed yardsticks: the rung an agent scores nearest 50% against, found by
//! binary search over rungs given weakest first, so that a strength is measured where a
//! match says the most (a score near 0% or 100% says little about how far apart two agents
//! are).

use crate::openings::wilson;

/// An agent's games against one rung.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The rung's index (0: the weakest).
    pub index: usize,
    /// The agent's wins, draws and losses against it.
    pub wins: f64,
    /// Draws.
    pub draws: f64,
    /// Losses.
    pub losses: f64,
}

impl Rung {
    /// Games played.
    pub fn games(&self) -> f64 {
        self.wins + self.draws + self.losses
    }

    /// The agent's score, a draw counting half.
    pub fn score(&self) -> f64 {
        (self.wins + 0.5 * self.draws) / self.games().max(1.0)
    }

    /// The score's 95% Wilson interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.score(), self.games() as u64)
    }

    /// The Elo difference the score stands for (the agent's minus the rung's), with the
    /// interval's ends; a score of 0 or 1 is held a half game inside.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games().max(1.0);
        let clamp = |s: f64| s.clamp(0.5 / n, 1.0 - 0.5 / n);
        let elo = |s: f64| -400.0 * (1.0 / clamp(s) - 1.0).log10();
        let (lo, hi) = self.interval();
        (elo(self.score()), elo(lo), elo(hi))
    }
}

/// The rungs played, in the order played, and the one nearest 50%.
#[derive(Clone, Debug, PartialEq)]
pub struct Climb {
    /// Every rung played.
    pub played: Vec<Rung>,
    /// Index into `played` of the rung whose score is nearest 50%.
    pub nearest: usize,
}

/// Climbs `rungs` rungs (weakest first): plays the middle rung of those left, moves up when
/// the agent scores above 50% and down otherwise, until no rung is left; `play(k)` plays
/// rung `k`. At most `ceil(log2(rungs + 1))` rungs are played.
///
/// # Errors
/// The first error of `play`.
///
/// # Panics
/// When `rungs` is 0.
pub fn climb<E>(rungs: usize, mut play: impl FnMut(usize) -> Result<Rung, E>) -> Result<Climb, E> {
    assert!(rungs > 0, "a ladder has rungs");
    let (mut low, mut high) = (0usize, rungs);
    let mut played: Vec<Rung> = Vec::new();
    while low < high {
        let mid = low + (high - low) / 2;
        let rung = play(mid)?;
        if rung.score() > 0.5 {
            low = mid + 1;
        } else {
            high = mid;
        }
        played.push(rung);
    }
    let nearest = (0..played.len())
        .min_by(|&a, &b| {
            let d = |i: usize| (played[i].score() - 0.5).abs();
            d(a).total_cmp(&d(b))
        })
        .expect("at least one rung played");
    Ok(Climb { played, nearest })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An agent of strength `elo` against rungs of the given strengths: its expected score
    /// over 100 games.
    fn against(elo: f64, rungs: &[f64]) -> impl FnMut(usize) -> Result<Rung, ()> + '_ {
        move |k| {
            let s = 1.0 / (1.0 + 10f64.powf((rungs[k] - elo) / 400.0));
            Ok(Rung {
                index: k,
                wins: (100.0 * s).round(),
                draws: 0.0,
                losses: 100.0 - (100.0 * s).round(),
            })
        }
    }

    #[test]
    fn the_climb_finds_the_rung_nearest_the_agents_strength_in_few_matches() {
        let rungs = [0.0, 200.0, 400.0, 600.0, 800.0, 1000.0, 1200.0];
        for (elo, want) in [(-300.0, 0), (390.0, 2), (610.0, 3), (1500.0, 6), (950.0, 5)] {
            let c = climb(rungs.len(), against(elo, &rungs)).unwrap();
            assert_eq!(c.played[c.nearest].index, want, "agent {elo}: {c:?}");
            assert!(c.played.len() <= 3, "log2(8) matches: {c:?}");
        }
    }

    #[test]
    fn a_score_gives_its_elo_difference_and_interval() {
        let r = Rung {
            index: 0,
            wins: 64.0,
            draws: 0.0,
            losses: 36.0,
        };
        let (elo, lo, hi) = r.elo();
        assert!((elo - 100.0).abs() < 1.0, "64% is about +100 Elo: {elo}");
        assert!(lo < elo && elo < hi);
        let all = Rung {
            index: 0,
            wins: 10.0,
            draws: 0.0,
            losses: 0.0,
        };
        assert!(all.elo().0.is_finite(), "a clean sweep is held inside");
        assert!(
            (Rung {
                index: 0,
                wins: 5.0,
                draws: 10.0,
                losses: 5.0
            }
            .score()
                - 0.5)
                .abs()
                < 1e-12
        );
    }

    #[test]
    fn errors_stop_the_climb() {
        let r: Result<Climb, &str> = climb(4, |_| Err("no"));
        assert_eq!(r.unwrap_err(), "no");
    }
}
