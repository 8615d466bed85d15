//! Maximum-likelihood Bradley–Terry ratings for arena results, on the Elo scale.
//!
//! # Model
//!
//! Every player `i` has a strength `θ_i` (natural-log scale) and
//!
//! ```text
//! P(i beats j) = 1 / (1 + exp(θ_j - θ_i)) = 1 / (1 + 10^((r_j - r_i) / 400)),
//! ```
//!
//! where `r = θ · 400 / ln 10` is the rating in Elo points. A draw counts as half a win for
//! each side, so the data enter the likelihood as fractional win counts `w_ij` (points `i`
//! scored against `j`) and
//!
//! ```text
//! log L(θ) = Σ_{i ≠ j} w_ij · ln P(i beats j).
//! ```
//!
//! With draws as half-wins the maximum-likelihood equations say that each player's expected
//! score equals the score actually achieved, so the fit stays consistent when games can be
//! drawn. Only differences of strengths are identified: the anchor's rating is fixed at 0
//! and every other rating is relative to it.
//!
//! # Prior
//!
//! `prior_draws` virtual draws (half a win each way per draw) are added once to every pair
//! of players that met in at least one real game, and once to every pair of a player and
//! the anchor (a pair that is both gets them once, not twice). The prior keeps the estimate
//! finite when a player won or lost every game, and pulls thin results towards the anchor.
//! The virtual draws are part of the likelihood (so they also narrow the intervals a little)
//! but not of the reported [`Rating::games`] and [`Rating::score`].
//!
//! # When the fit fails
//!
//! Every non-anchor player must have played real games ([`RatingError::NoGames`]) and be
//! linked to the anchor by a chain of real games ([`RatingError::Disconnected`]); the prior
//! does not create links. The maximum-likelihood estimate exists only if the players cannot
//! be split into two groups with one group never scoring against the other (Ford, 1957);
//! otherwise, for instance for an undefeated or winless player with `prior_draws = 0`, the
//! likelihood keeps growing as ratings run off to infinity, and [`fit`] returns
//! [`RatingError::Unbounded`] rather than a huge meaningless number. Any `prior_draws > 0`
//! rules this out.
//!
//! # Algorithm
//!
//! Newton's method on the strengths `θ` (anchor fixed at 0), starting from all zeros. The
//! log-likelihood is concave, and each Newton step is halved until the log-likelihood does
//! not decrease, which makes every iteration an ascent step. Iteration stops when the largest
//! change of a strength is below `1e-9 · max(1, max |θ|)` (at most 500 iterations). Linear
//! systems are solved by a hand-written Cholesky factorisation of the observed Fisher
//! information (the negative Hessian), which is positive definite once every player is linked
//! to the anchor and the anchor's row and column are removed.
//!
//! # Intervals
//!
//! Standard errors are the square roots of the diagonal of the inverse of that reduced
//! information matrix at the optimum, converted to Elo by `400 / ln 10`; the 95% interval is
//! the estimate ± 1.96 standard errors. They describe the uncertainty of each rating
//! *relative to the anchor*, whose own interval is the single point 0.

use serde::{Deserialize, Serialize};

/// Elo points per unit of natural-log strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;
/// Half-width of a 95% normal interval, in standard errors.
const Z_95: f64 = 1.96;
/// Newton iterations before giving up.
const MAX_ITERATIONS: usize = 500;
/// Relative size of the last Newton step at which the fit counts as converged.
const TOLERANCE: f64 = 1e-9;
/// Step halvings tried in one Newton iteration before giving up.
const MAX_HALVINGS: usize = 60;

/// Results between two players: `a` against `b`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairResult {
    /// Index of the first player.
    pub a: usize,
    /// Index of the second player.
    pub b: usize,
    /// Games `a` won (may be fractional).
    pub wins_a: f64,
    /// Drawn games.
    pub draws: f64,
    /// Games `b` won.
    pub wins_b: f64,
}

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// Elo points relative to the anchor (anchor = 0).
    pub elo: f64,
    /// Lower end of the 95% interval, Elo.
    pub low: f64,
    /// Upper end of the 95% interval, Elo.
    pub high: f64,
    /// Real games played (prior excluded).
    pub games: f64,
    /// Share of points from real games (win 1, draw 1/2); NaN if no games.
    pub score: f64,
}

/// Why [`fit`] could not rate the players.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum RatingError {
    /// The anchor is not one of the players.
    #[error("anchor {anchor} is out of range: there are {players} players")]
    AnchorOutOfRange {
        /// The anchor asked for.
        anchor: usize,
        /// Number of players.
        players: usize,
    },
    /// A player asked about (in [`differences`]) does not exist.
    #[error("player {player} is out of range: there are {players} players")]
    NotAPlayer {
        /// The player asked about.
        player: usize,
        /// Number of players.
        players: usize,
    },
    /// A result names a player that does not exist.
    #[error("result {index} names player {player}, out of range: there are {players} players")]
    PlayerOutOfRange {
        /// Position of the result in the input.
        index: usize,
        /// The offending player index.
        player: usize,
        /// Number of players.
        players: usize,
    },
    /// A result has the same player on both sides.
    #[error("result {index} pits player {player} against itself")]
    SelfPair {
        /// Position of the result in the input.
        index: usize,
        /// The player.
        player: usize,
    },
    /// A result has a negative, NaN or infinite count.
    #[error("result {index} (player {a} against player {b}) has a negative, NaN or infinite count")]
    InvalidCount {
        /// Position of the result in the input.
        index: usize,
        /// First player of the result.
        a: usize,
        /// Second player of the result.
        b: usize,
    },
    /// `prior_draws` is negative, NaN or infinite.
    #[error("prior_draws must be finite and non-negative, got {prior_draws}")]
    InvalidPrior {
        /// The value given.
        prior_draws: f64,
    },
    /// A player other than the anchor has no real games.
    #[error("player {player} played no games")]
    NoGames {
        /// The player.
        player: usize,
    },
    /// A player is not linked to the anchor by any chain of real games.
    #[error(
        "player {player} is not connected to the anchor (player {anchor}) by any chain of games"
    )]
    Disconnected {
        /// The player.
        player: usize,
        /// The anchor.
        anchor: usize,
    },
    /// The maximum-likelihood rating of a player is infinite: the player (with others, maybe)
    /// never lost to, or never scored against, the anchor's group. Names the lowest such
    /// player.
    #[error(
        "rating of player {player} is unbounded: it never lost to, or never scored against, \
         the anchor's group (e.g. undefeated or winless); use prior_draws > 0"
    )]
    Unbounded {
        /// The player.
        player: usize,
    },
    /// Newton's method did not converge.
    #[error("ratings did not converge after {iterations} Newton iterations")]
    NoConvergence {
        /// Iterations run.
        iterations: usize,
    },
    /// The information matrix is numerically singular (ratings too extreme to estimate).
    #[error("the information matrix is singular: ratings are too extreme to estimate")]
    Singular,
}

/// Fits ratings of `players` players from `results` (any number of entries per pair, either
/// orientation; entries with `a == b` are an error). Draws count as half a win for each side.
/// `prior_draws` virtual draws are added between every pair of players that met at least once
/// and between each player and the anchor (once per pair), so an undefeated or winless player
/// still gets a finite rating; 0 disables the prior. The anchor's rating is fixed at 0, with
/// the interval `[0, 0]`.
///
/// Errors: see [`RatingError`]; in particular a player with all wins or all losses (more
/// generally, a group that never lost to or never scored against the rest) gives
/// [`RatingError::Unbounded`] when `prior_draws` is 0.
pub fn fit(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    prior_draws: f64,
) -> Result<Vec<Rating>, RatingError> {
    let s = solve(players, results, anchor, prior_draws)?;
    Ok((0..players)
        .map(|i| s.rating((i, anchor), s.played[i], s.scored[i]))
        .collect())
}

/// For each pair `(a, b)`: how much stronger `a` is than `b`, in Elo, with its 95%
/// interval, from one fit as [`fit`]'s (the same anchor and prior): the estimate is the
/// difference of their ratings, its variance `var(a) + var(b) - 2 cov(a, b)`, so that
/// players linked by many games between them are compared as closely as those games allow,
/// however far both are from the anchor. `games` and `score` are `a`'s against `b` (NaN
/// score if none).
///
/// # Errors
/// As [`fit`]; [`RatingError::NotAPlayer`] when a pair names no player.
pub fn differences(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    prior_draws: f64,
    pairs: &[(usize, usize)],
) -> Result<Vec<Rating>, RatingError> {
    if let Some(player) = pairs
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .find(|&p| p >= players)
    {
        return Err(RatingError::NotAPlayer { player, players });
    }
    let s = solve(players, results, anchor, prior_draws)?;
    Ok(pairs
        .iter()
        .map(|&(a, b)| {
            let (mut games, mut points) = (0.0, 0.0);
            for r in results {
                let won = match (r.a, r.b) {
                    p if p == (a, b) => r.wins_a,
                    p if p == (b, a) => r.wins_b,
                    _ => continue,
                };
                games += r.wins_a + r.draws + r.wins_b;
                points += won + 0.5 * r.draws;
            }
            s.rating((a, b), games, points)
        })
        .collect())
}

/// A solved fit: the strengths, their covariance over the free players, and each player's
/// real games and points.
struct Solved {
    model: Model,
    theta: Vec<f64>,
    /// Row-major over the free players (the anchor removed).
    covariance: Vec<f64>,
    played: Vec<f64>,
    scored: Vec<f64>,
}

impl Solved {
    /// `a`'s rating against `b` (the anchor for a plain rating), with its interval, and
    /// the games and points behind its score.
    fn rating(&self, (a, b): (usize, usize), games: f64, points: f64) -> Rating {
        let elo = (self.theta[a] - self.theta[b]) * ELO_PER_NAT;
        let se = self.variance(a, b).sqrt() * ELO_PER_NAT;
        Rating {
            elo,
            low: elo - Z_95 * se,
            high: elo + Z_95 * se,
            games,
            score: if games > 0.0 {
                points / games
            } else {
                f64::NAN
            },
        }
    }

    /// Variance of `theta[i] - theta[j]` (nats squared); the anchor's strength is fixed,
    /// so `j` = the anchor gives `i`'s own variance.
    fn variance(&self, i: usize, j: usize) -> f64 {
        let m = self.model.n - 1;
        let c = |x: Option<usize>, y: Option<usize>| match (x, y) {
            (Some(x), Some(y)) => self.covariance[x * m + y],
            _ => 0.0,
        };
        let (ki, kj) = (self.model.free_index(i), self.model.free_index(j));
        (c(ki, ki) + c(kj, kj) - 2.0 * c(ki, kj)).max(0.0)
    }
}

/// The checks and the fit behind [`fit`] and [`differences`].
fn solve(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    prior_draws: f64,
) -> Result<Solved, RatingError> {
    let n = players;
    if anchor >= n {
        return Err(RatingError::AnchorOutOfRange { anchor, players });
    }
    if !(prior_draws.is_finite() && prior_draws >= 0.0) {
        return Err(RatingError::InvalidPrior { prior_draws });
    }

    // Real games: points scored (`points[i * n + j]`: by i against j) and games per pair.
    let mut points = vec![0.0; n * n];
    let mut games = vec![0.0; n * n];
    for (index, r) in results.iter().enumerate() {
        for player in [r.a, r.b] {
            if player >= n {
                return Err(RatingError::PlayerOutOfRange {
                    index,
                    player,
                    players,
                });
            }
        }
        if r.a == r.b {
            return Err(RatingError::SelfPair { index, player: r.a });
        }
        if ![r.wins_a, r.draws, r.wins_b]
            .iter()
            .all(|c| c.is_finite() && *c >= 0.0)
        {
            return Err(RatingError::InvalidCount {
                index,
                a: r.a,
                b: r.b,
            });
        }
        points[r.a * n + r.b] += r.wins_a + 0.5 * r.draws;
        points[r.b * n + r.a] += r.wins_b + 0.5 * r.draws;
        let total = r.wins_a + r.draws + r.wins_b;
        games[r.a * n + r.b] += total;
        games[r.b * n + r.a] += total;
    }
    let played: Vec<f64> = (0..n)
        .map(|i| games[i * n..(i + 1) * n].iter().sum())
        .collect();
    let scored: Vec<f64> = (0..n)
        .map(|i| points[i * n..(i + 1) * n].iter().sum())
        .collect();

    if let Some(player) = (0..n).find(|&i| i != anchor && played[i] <= 0.0) {
        return Err(RatingError::NoGames { player });
    }
    let linked = reachable(n, anchor, |i, j| games[i * n + j] > 0.0);
    if let Some(player) = (0..n).find(|&i| !linked[i]) {
        return Err(RatingError::Disconnected { player, anchor });
    }

    // Likelihood counts: real points plus the prior's half-wins.
    let mut wins = points;
    if prior_draws > 0.0 {
        for i in 0..n {
            for j in 0..n {
                if i != j && (games[i * n + j] > 0.0 || i == anchor || j == anchor) {
                    wins[i * n + j] += 0.5 * prior_draws;
                }
            }
        }
    }

    // The maximum exists iff "i scored against j" links every player to the anchor and back.
    let forward = reachable(n, anchor, |i, j| wins[i * n + j] > 0.0);
    let backward = reachable(n, anchor, |i, j| wins[j * n + i] > 0.0);
    if let Some(player) = (0..n).find(|&i| !(forward[i] && backward[i])) {
        return Err(RatingError::Unbounded { player });
    }

    let model = Model { n, anchor, wins };
    let theta = model.maximize()?;
    let covariance = inverse(&model.information(&theta), n - 1).ok_or(RatingError::Singular)?;
    Ok(Solved {
        model,
        theta,
        covariance,
        played,
        scored,
    })
}

/// Players reachable from `start` along edges `i -> j` where `edge(i, j)`.
fn reachable(n: usize, start: usize, edge: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut seen = vec![false; n];
    let mut stack = vec![start];
    seen[start] = true;
    while let Some(i) = stack.pop() {
        for j in 0..n {
            if !seen[j] && i != j && edge(i, j) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    seen
}

/// `ln(1 / (1 + exp(-x)))`, without overflow.
fn log_sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// `1 / (1 + exp(-x))`, without overflow.
fn sigmoid(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// The Bradley–Terry likelihood of fractional win counts, the anchor's strength fixed at 0.
struct Model {
    n: usize,
    anchor: usize,
    /// `wins[i * n + j]`: points `i` scored against `j`, prior included.
    wins: Vec<f64>,
}

impl Model {
    /// Row of player `i` in the reduced (anchor removed) system, or `None` for the anchor.
    fn free_index(&self, i: usize) -> Option<usize> {
        match i.cmp(&self.anchor) {
            std::cmp::Ordering::Less => Some(i),
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some(i - 1),
        }
    }

    fn log_likelihood(&self, theta: &[f64]) -> f64 {
        let n = self.n;
        let mut sum = 0.0;
        for i in 0..n {
            for j in 0..n {
                let w = self.wins[i * n + j];
                if i != j && w > 0.0 {
                    sum += w * log_sigmoid(theta[i] - theta[j]);
                }
            }
        }
        sum
    }

    /// Gradient of the log-likelihood over the free strengths.
    fn gradient(&self, theta: &[f64]) -> Vec<f64> {
        let n = self.n;
        let mut g = vec![0.0; n - 1];
        for i in 0..n {
            let Some(k) = self.free_index(i) else {
                continue;
            };
            for j in 0..n {
                if i != j {
                    let games = self.wins[i * n + j] + self.wins[j * n + i];
                    g[k] += self.wins[i * n + j] - games * sigmoid(theta[i] - theta[j]);
                }
            }
        }
        g
    }

    /// Observed Fisher information (negative Hessian) over the free strengths, row-major.
    fn information(&self, theta: &[f64]) -> Vec<f64> {
        let n = self.n;
        let m = n - 1;
        let mut info = vec![0.0; m * m];
        for i in 0..n {
            for j in (i + 1)..n {
                let games = self.wins[i * n + j] + self.wins[j * n + i];
                if games <= 0.0 {
                    continue;
                }
                let p = sigmoid(theta[i] - theta[j]);
                let c = games * p * (1.0 - p);
                let (ki, kj) = (self.free_index(i), self.free_index(j));
                if let Some(ki) = ki {
                    info[ki * m + ki] += c;
                }
                if let Some(kj) = kj {
                    info[kj * m + kj] += c;
                }
                if let (Some(ki), Some(kj)) = (ki, kj) {
                    info[ki * m + kj] -= c;
                    info[kj * m + ki] -= c;
                }
            }
        }
        info
    }

    /// Newton's method with step halving; returns every player's strength (anchor 0).
    fn maximize(&self) -> Result<Vec<f64>, RatingError> {
        let n = self.n;
        let m = n - 1;
        let mut theta = vec![0.0; n];
        if m == 0 {
            return Ok(theta);
        }
        let mut ll = self.log_likelihood(&theta);
        for _ in 0..MAX_ITERATIONS {
            let g = self.gradient(&theta);
            let info = self.information(&theta);
            let delta = cholesky(&info, m)
                .map(|l| cholesky_solve(&l, m, &g))
                .ok_or(RatingError::Singular)?;

            let mut step = 1.0;
            let mut accepted = None;
            for _ in 0..MAX_HALVINGS {
                let mut candidate = theta.clone();
                for (i, t) in candidate.iter_mut().enumerate() {
                    if let Some(k) = self.free_index(i) {
                        *t += step * delta[k];
                    }
                }
                let candidate_ll = self.log_likelihood(&candidate);
                // Allow for rounding: near the optimum the change is below machine precision.
                if candidate_ll.is_finite() && candidate_ll >= ll - 1e-12 * (1.0 + ll.abs()) {
                    accepted = Some((candidate, candidate_ll));
                    break;
                }
                step *= 0.5;
            }
            let Some((candidate, candidate_ll)) = accepted else {
                return Err(RatingError::NoConvergence {
                    iterations: MAX_ITERATIONS,
                });
            };
            let change = delta.iter().fold(0.0_f64, |a, d| a.max((step * d).abs()));
            theta = candidate;
            ll = candidate_ll;
            let scale = theta.iter().fold(1.0_f64, |a, t| a.max(t.abs()));
            if change <= TOLERANCE * scale {
                return Ok(theta);
            }
        }
        Err(RatingError::NoConvergence {
            iterations: MAX_ITERATIONS,
        })
    }
}

/// Lower-triangular Cholesky factor of the symmetric positive definite `m × m` matrix `a`
/// (row-major), or `None` if it is not numerically positive definite.
fn cholesky(a: &[f64], m: usize) -> Option<Vec<f64>> {
    let largest = (0..m).fold(0.0_f64, |x, i| x.max(a[i * m + i]));
    let mut l = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..=i {
            let mut s = a[i * m + j];
            for k in 0..j {
                s -= l[i * m + k] * l[j * m + k];
            }
            if i == j {
                if !(s.is_finite() && s > 1e-13 * largest) {
                    return None;
                }
                l[i * m + i] = s.sqrt();
            } else {
                l[i * m + j] = s / l[j * m + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b` given the Cholesky factor `L`.
fn cholesky_solve(l: &[f64], m: usize, b: &[f64]) -> Vec<f64> {
    let mut y = b.to_vec();
    for i in 0..m {
        for k in 0..i {
            y[i] -= l[i * m + k] * y[k];
        }
        y[i] /= l[i * m + i];
    }
    for i in (0..m).rev() {
        for k in (i + 1)..m {
            y[i] -= l[k * m + i] * y[k];
        }
        y[i] /= l[i * m + i];
    }
    y
}

/// Inverse of the symmetric positive definite `m × m` matrix `a`, row-major.
fn inverse(a: &[f64], m: usize) -> Option<Vec<f64>> {
    let l = cholesky(a, m)?;
    let mut inv = vec![0.0; m * m];
    let mut e = vec![0.0; m];
    for c in 0..m {
        e.iter_mut().for_each(|x| *x = 0.0);
        e[c] = 1.0;
        let col = cholesky_solve(&l, m, &e);
        for r in 0..m {
            inv[r * m + c] = col[r];
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests;
