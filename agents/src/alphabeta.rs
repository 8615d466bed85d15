//! Alpha-beta search on the seed difference (`alphabeta:depth=D`, `alphabeta:ms=T`): negamax
//! with iterative deepening, a transposition table kept across the moves of a game, the best
//! move of the table tried first, and exact values from an endgame tablebase where one is
//! given (`alphabeta:ms=500,tb=oware-16.tb`).

use std::hash::Hasher;
use std::time::{Duration, Instant};

use mankala_engine::{Action, Game, State};
use rand::rngs::SmallRng;

use crate::exact::Exact;
use crate::{Agent, Analysis, Budget, Choice, WIN, evaluate, squash, tied_analysis};
use mankala_config::TIMED_DEPTH;

/// Transposition-table slots (a power of two; 24 bytes each).
const TT_SLOTS: usize = 1 << 18;

/// Beyond every score a search can return.
const INF: i32 = 2 * WIN;

/// Alpha-beta minimax on the seed difference with iterative deepening. A decision made by
/// the same player twice in a row (an extra turn) is his node again.
#[derive(Clone, Debug)]
pub struct AlphaBetaAgent {
    /// Deepest iteration in plies.
    pub depth: u32,
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// Time budget per move.
    pub time: Option<Duration>,
    exact: Option<Exact>,
    tt: Vec<Entry>,
}

/// What a table slot knows of a position, from the side of its player to move.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// Hash of the position; 0 for an empty slot.
    key: u64,
    value: i32,
    /// Plies searched below the position.
    depth: u8,
    bound: Bound,
    /// Best action + 1 (0: none).
    best: u8,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// The search ran out of budget mid-iteration.
struct OutOfBudget;

/// A fast hash of a position (the engine's states hash their whole content).
fn key_of<S: State>(state: &S) -> u64 {
    #[derive(Default)]
    struct Mix(u64);
    impl Hasher for Mix {
        fn finish(&self) -> u64 {
            let x = self.0;
            let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            (x ^ (x >> 29)) | 1
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
            }
        }
        fn write_u8(&mut self, n: u8) {
            self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
        fn write_u32(&mut self, n: u32) {
            self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
        fn write_u64(&mut self, n: u64) {
            self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7C_C1_B7_27_22_0A_95);
        }
        fn write_usize(&mut self, n: usize) {
            self.write_u64(n as u64);
        }
    }
    let mut h = Mix::default();
    state.hash(&mut h);
    h.finish()
}

/// A decided margin from a tablebase as a score: beyond every seed difference, below a win
/// the search has seen to the end, larger margins higher.
fn exact_score(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN / 2 + margin,
        -1 => -WIN / 2 + margin,
        _ => 0,
    }
}

struct Search<'a> {
    nodes: u64,
    limit_nodes: Option<u64>,
    deadline: Option<Instant>,
    exact: Option<&'a Exact>,
    tt: &'a mut [Entry],
}

impl Search<'_> {
    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.limit_nodes.is_some_and(|n| self.nodes > n) {
            return Err(OutOfBudget);
        }
        if let Some(t) = self.deadline
            && self.nodes.is_multiple_of(256)
            && Instant::now() > t
        {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// The value of `state` for its player to move, searched `depth` plies deep, within the
    /// window (`alpha`, `beta`): exact inside it, a bound outside (fail-soft).
    fn value<S: State>(
        &mut self,
        state: &S,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, OutOfBudget> {
        self.tick()?;
        let me = state.to_move();
        if let Some(exact) = self.exact {
            // With a table, a finished game and a position within it are both valued by
            // their exact margin, so that margins compare across them.
            let margin = if state.is_terminal() {
                exact.value(None, state)
            } else {
                exact.probe(state)
            };
            if let Some(margin) = margin {
                return Ok(exact_score(margin));
            }
        }
        if depth == 0 || state.is_terminal() {
            return Ok(evaluate(state, me));
        }
        let key = key_of(state);
        let slot = (key as usize) & (self.tt.len() - 1);
        let entry = self.tt[slot];
        let mut first = None;
        if entry.key == key {
            first = entry.best.checked_sub(1).map(Action::from);
            if u32::from(entry.depth) >= depth {
                match entry.bound {
                    Bound::Exact => return Ok(entry.value),
                    Bound::Lower => alpha = alpha.max(entry.value),
                    Bound::Upper => beta = beta.min(entry.value),
                }
                if alpha >= beta {
                    return Ok(entry.value);
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mask = state.legal_mask();
        let order = first
            .filter(|&a| mask.contains(a))
            .into_iter()
            .chain(mask.iter().filter(|&a| Some(a) != first));
        let mut best = -INF;
        let mut best_action = None;
        for a in order {
            let mut next = state.clone();
            next.play_unchecked(a);
            let v = if next.to_move() == me {
                self.value(&next, depth - 1, alpha, beta)?
            } else {
                -self.value(&next, depth - 1, -beta, -alpha)?
            };
            if v > best {
                best = v;
                best_action = Some(a);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt[slot] = Entry {
            key,
            value: best,
            depth: depth.min(u8::MAX as u32) as u8,
            bound,
            best: best_action.map_or(0, |a| a as u8 + 1),
        };
        Ok(best)
    }
}

impl AlphaBetaAgent {
    /// An agent deepening to `depth` plies within the node and time budgets, probing the
    /// tablebase of `exact` where one is given.
    pub fn new(
        depth: u32,
        nodes: Option<u64>,
        time: Option<Duration>,
        exact: Option<Exact>,
    ) -> AlphaBetaAgent {
        AlphaBetaAgent {
            depth,
            nodes,
            time,
            exact,
            tt: Vec::new(),
        }
    }

    /// The best actions of the deepest iteration finished within the budget (all tied for
    /// best) and their score for the player to move: a seed difference, about ±`WIN` for
    /// a game decided within the search, or ±`WIN`/2 plus the margin for one a tablebase
    /// decides.
    pub fn best<S: State>(&mut self, state: &S) -> (Vec<Action>, i32) {
        if self.tt.is_empty() {
            self.tt = vec![Entry::default(); TT_SLOTS];
        }
        let me = state.to_move();
        let mut search = Search {
            nodes: 0,
            limit_nodes: self.nodes,
            deadline: self.time.map(|t| Instant::now() + t),
            exact: self.exact.as_ref(),
            tt: &mut self.tt,
        };
        let mut order: Vec<Action> = state.legal_mask().iter().collect();
        let mut done: Option<(Vec<Action>, i32)> = None;
        'deepen: for depth in 1..=self.depth {
            let mut best = -INF;
            let mut ties: Vec<Action> = Vec::new();
            for &a in &order {
                let mut next = state.clone();
                next.play_unchecked(a);
                // A window just below the best so far: ties come back exact, worse moves
                // are cut off early.
                let alpha = if best == -INF { -INF } else { best - 1 };
                let v = if next.to_move() == me {
                    search.value(&next, depth - 1, alpha, INF)
                } else {
                    search.value(&next, depth - 1, -INF, -alpha).map(|v| -v)
                };
                let Ok(v) = v else {
                    break 'deepen;
                };
                if v > best {
                    best = v;
                    ties.clear();
                }
                if v == best {
                    ties.push(a);
                }
            }
            // The best first in the next iteration, for earlier cut-offs.
            order.sort_by_key(|a| !ties.contains(a));
            let decided = best.abs() >= WIN / 2;
            done = Some((ties, best));
            if decided {
                break;
            }
        }
        done.unwrap_or_else(|| (vec![order[0]], evaluate(state, me)))
    }
}

impl<G: Game> Agent<G> for AlphaBetaAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        let (ties, best) = self.best(state);
        let a = tied_analysis(&ties, squash(best), rng);
        Choice {
            action: a.action,
            value: a.value,
        }
    }

    /// With [`Budget::Millis`], deepens until the time is up (the deepest finished iteration
    /// counts); other budgets keep the spec's depth. The policy is shared by the moves tied
    /// for best.
    fn analyse(&mut self, state: &G::State, budget: Budget, rng: &mut SmallRng) -> Analysis {
        let saved = (self.depth, self.nodes, self.time);
        if let Budget::Millis(ms) = budget {
            self.depth = TIMED_DEPTH;
            self.nodes = None;
            self.time = Some(Duration::from_millis(ms));
        }
        let (ties, best) = self.best(state);
        (self.depth, self.nodes, self.time) = saved;
        tied_analysis(&ties, squash(best), rng)
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::Player;
    use mankala_engine::variants::{Kalah, Oware};
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::Tables;
    use crate::tests::{random_positions, winning_capture};

    fn agent(depth: u32) -> AlphaBetaAgent {
        AlphaBetaAgent::new(depth, None, None, None)
    }

    #[test]
    fn alphabeta_finds_the_winning_capture_and_scores_it_as_a_win() {
        let s = winning_capture();
        let (best, score) = agent(3).best(&s);
        assert_eq!(best.len(), 1);
        assert_eq!(s.action_to_string(best[0]), "F");
        assert!(score > WIN / 2, "{score}");
    }

    /// Plain minimax without pruning or table, for comparison.
    fn minimax<S: State>(s: &S, root: Player, depth: u32) -> i32 {
        if depth == 0 || s.is_terminal() {
            return evaluate(s, root);
        }
        let values = s.legal_mask().iter().map(|a| {
            let mut n = s.clone();
            n.play_unchecked(a);
            minimax(&n, root, depth - 1)
        });
        if s.to_move() == root {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    /// The depth-limited minimax scores of every move and the moves tied for best.
    fn expected<S: State>(s: &S, depth: u32) -> (i32, Vec<Action>) {
        let root = s.to_move();
        let scores: Vec<(Action, i32)> = s
            .legal_mask()
            .iter()
            .map(|a| {
                let mut n = s.clone();
                n.play_unchecked(a);
                (a, minimax(&n, root, depth - 1))
            })
            .collect();
        let max = scores.iter().map(|x| x.1).max().unwrap();
        (
            max,
            scores.iter().filter(|x| x.1 == max).map(|x| x.0).collect(),
        )
    }

    fn assert_minimax<S: State>(s: &S, depth: u32, (best, score): (Vec<Action>, i32)) {
        let (max, tied) = expected(s, depth);
        if max.abs() < WIN / 2 {
            assert_eq!(score, max, "depth {depth}\n{s}");
            let mut got = best;
            got.sort_unstable();
            assert_eq!(got, tied, "depth {depth}\n{s}");
        } else {
            // A decided game ends the deepening early: the score is the win or loss.
            assert_eq!(score.signum(), max.signum(), "depth {depth}\n{s}");
        }
    }

    fn check_against_minimax<G: Game>(g: &G, seed: u64) {
        // A fresh agent for each random position.
        let mut checked = 0;
        for s in random_positions(g, 30, 30, seed) {
            for depth in 1..=4 {
                assert_minimax(&s, depth, agent(depth).best(&s));
                checked += 1;
            }
        }
        // One agent through a whole game, its table carried from move to move: a later
        // position's search never meets an entry searched deeper than it needs, so the
        // table changes only the move order.
        let mut rng = SmallRng::seed_from_u64(seed);
        for depth in 1..=4 {
            let mut shared = agent(depth);
            let mut s = g.initial_state();
            while !s.is_terminal() && s.ply() < 40 {
                assert_minimax(&s, depth, shared.best(&s));
                checked += 1;
                let m = s.legal_mask();
                s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
            }
        }
        assert!(checked >= 150, "{checked}");
    }

    #[test]
    fn alphabeta_agrees_with_plain_minimax_on_random_kalah_positions() {
        let g = Kalah::default();
        check_against_minimax(&g, 7);
    }

    #[test]
    fn alphabeta_agrees_with_plain_minimax_on_random_oware_positions() {
        let g = Oware::default();
        check_against_minimax(&g, 8);
    }

    #[test]
    fn a_node_budget_still_gives_a_legal_move() {
        let g = Kalah::default();
        let s = g.initial_state();
        let mut agent = AlphaBetaAgent::new(30, Some(500), None, None);
        let (best, _) = agent.best(&s);
        assert!(!best.is_empty());
        assert!(best.iter().all(|&a| s.legal_mask().contains(a)));
    }

    #[test]
    fn alphabeta_on_a_clock_still_finds_the_winning_capture() {
        let s = winning_capture();
        let mut agent = agent(1);
        let a = Agent::<Oware>::analyse(
            &mut agent,
            &s,
            Budget::Millis(20),
            &mut SmallRng::seed_from_u64(1),
        );
        assert_eq!(s.action_to_string(a.action), "F");
        assert_eq!(a.policy, vec![(a.action, 1.0)]);
        assert_eq!(a.value, Some(1.0));
        // The spec's own depth is back for the next move.
        assert_eq!(agent.depth, 1);
        assert_eq!(agent.time, None);
    }

    #[test]
    fn with_a_kalah_table_it_plays_perfectly_where_the_table_reaches() {
        let path = crate::tests::kalah_12_table("ab");
        let dir = path.parent().unwrap().to_path_buf();
        // One seed a hole: every position lies in the table, so depth 1 is already perfect.
        let rules = "seeds_per_hole = 1\nempty_capture = false\n";
        let g = Kalah {
            rules: toml::from_str(rules).unwrap(),
            limits: Kalah::DEFAULT_LIMITS,
        };
        let game = mankala_engine::AnyGame::Kalah(g);
        let exact = Exact::new(&game, Some(&path), &Tables::default()).unwrap();
        let solver_exact = Exact::new(&game, None, &Tables::default()).unwrap();
        let mut solver = solver_exact.solver().unwrap();
        let mut agent = AlphaBetaAgent::new(1, None, None, Some(exact));
        for s in random_positions(&g, 40, 20, 3) {
            let values = solver_exact.move_values(Some(&mut solver), &s).unwrap();
            let top = values.iter().map(|x| x.1).max().unwrap();
            let (best, score) = agent.best(&s);
            for a in &best {
                let v = values.iter().find(|x| x.0 == *a).unwrap().1;
                assert_eq!(v, top, "{s}\nmove {a}");
            }
            assert_eq!(score.signum(), top.signum(), "{s}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
