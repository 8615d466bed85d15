//! The exact Kalah solver: MTD(f) over a fail-soft alpha-beta search to the end of the game,
//! with a transposition table of bounds, move ordering and endgame tablebases (after Irving,
//! Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000).

use std::time::{Duration, Instant};

use super::board::{self, Pits, Step};
use crate::tablebase::Tablebase;

/// Sizes of the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Transposition-table entries as a power of two (16 bytes each; 23 is 128 MiB).
    pub tt_log2: u32,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig { tt_log2: 23 }
    }
}

/// One transposition-table slot: a packed position, bounds on its value and the best move.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key_lo: u64,
    key_hi: u32,
    lower: i8,
    upper: i8,
    /// Best move + 1 (0: none).
    best: u8,
    /// log2 of the nodes the search of this position took: who stays when two collide.
    work: u8,
}

impl Entry {
    fn used(&self) -> bool {
        self.key_lo != 0 || self.key_hi != 0
    }
}

/// Pits packed 7 bits each (63 + 21 bits). Never zero for a position with seeds.
#[inline]
fn pack(p: &Pits) -> (u64, u32) {
    let mut lo = 0u64;
    for &s in &p[..9] {
        lo = (lo << 7) | s as u64;
    }
    let hi = (p[9] as u32) << 14 | (p[10] as u32) << 7 | p[11] as u32;
    (lo, hi)
}

#[inline]
fn slot_of(lo: u64, hi: u32, mask: usize) -> usize {
    let x = lo ^ (hi as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    ((x ^ (x >> 29)) as usize) & mask & !1
}

/// An exact answer: the value of the seeds in play, a principal variation and the work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Final seed difference for the player to move under perfect play, counting only the
    /// seeds still on the board (add the store difference for the game's final margin).
    pub value: i32,
    /// Moves of perfect play to the end of the game: the mover's pit index (`0..6`, his
    /// own left first), each from the view of the player who plays it.
    pub pv: Vec<u8>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
}

/// The Kalah solver. Keep one for many solves of the same rules: its table carries over.
#[derive(Debug)]
pub struct Solver<'a> {
    empty_capture: bool,
    tablebase: Option<&'a Tablebase>,
    table_seeds: u32,
    tt: Vec<Entry>,
    mask: usize,
    nodes: u64,
}

const INF: i32 = 1000;
/// Plies of the search that makes MTD(f)'s first guess.
const GUESS_DEPTH: u32 = 10;

impl<'a> Solver<'a> {
    /// A solver for Kalah with or without the empty capture, probing `tablebase` (which must
    /// be a Kalah table of the same rule; [`Tablebase::load`] checks that) for positions with
    /// few enough seeds.
    ///
    /// # Panics
    /// If `tablebase` is for another game or rule.
    pub fn new(
        empty_capture: bool,
        tablebase: Option<&'a Tablebase>,
        config: SolverConfig,
    ) -> Self {
        if let Some(tb) = tablebase {
            assert!(
                tb.header().is_kalah(empty_capture),
                "kalah solver: the tablebase is for {}",
                tb.header().describe()
            );
        }
        let len = 1usize << config.tt_log2.clamp(4, 34);
        Solver {
            empty_capture,
            tablebase,
            table_seeds: tablebase.map_or(0, |t| t.header().max_seeds),
            tt: vec![Entry::default(); len],
            mask: len - 1,
            nodes: 0,
        }
    }

    /// Whether this solver plays the empty capture.
    pub fn empty_capture(&self) -> bool {
        self.empty_capture
    }

    /// The exact value of `pits` (seen from the player to move) with a principal variation.
    pub fn solve(&mut self, pits: &Pits) -> Solution {
        let start = Instant::now();
        let before = self.nodes;
        let value = self.value(pits);
        let pv = self.principal_variation(pits, value);
        Solution {
            value,
            pv,
            nodes: self.nodes - before,
            elapsed: start.elapsed(),
        }
    }

    /// The exact value of `pits` for the player to move (seeds in play only), by MTD(f).
    pub fn value(&mut self, pits: &Pits) -> i32 {
        if let Some(v) = board::terminal_value(pits) {
            return v;
        }
        let (lower, upper) = self.known_bounds(pits);
        if lower == upper {
            return lower;
        }
        let guess = self.shallow(pits, GUESS_DEPTH, -INF, INF);
        self.mtdf(pits, guess, lower, upper)
    }

    /// MTD(f) from a first guess, knowing that the value lies in `[lower, upper]`: null-window
    /// searches, each proving a bound, until the bounds meet.
    fn mtdf(&mut self, pits: &Pits, guess: i32, mut lower: i32, mut upper: i32) -> i32 {
        let mut guess = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(pits, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        guess
    }

    /// The exact value of each legal move of `pits` for the player to move (`None` for an
    /// empty pit); every move with the largest value is a perfect one.
    pub fn move_values(&mut self, pits: &Pits) -> [Option<i32>; 6] {
        let mut out = [None; 6];
        if board::terminal_value(pits).is_some() {
            return out;
        }
        // No move is worth more than the position, and a perfect one is worth as much: the
        // position's value bounds each child and is the first guess for it.
        let v = self.value(pits);
        for (i, o) in out.iter_mut().enumerate() {
            if pits[i] == 0 {
                continue;
            }
            let step = board::play(pits, i, self.empty_capture);
            let g = step.gain as i32;
            let child = if let Some(c) = board::terminal_value(&step.next) {
                c
            } else {
                let (lo, hi) = self.known_bounds(&step.next);
                if step.again {
                    self.mtdf(&step.next, v - g, lo, hi.min(v - g))
                } else {
                    self.mtdf(&step.next, g - v, lo.max(g - v), hi)
                }
            };
            *o = Some(board::backed_up(&step, child));
        }
        out
    }

    /// What is known of a position's value without searching: the tablebase's value, or the
    /// transposition table's bounds within `[-seeds, seeds]`.
    fn known_bounds(&self, pits: &Pits) -> (i32, i32) {
        let seeds = board::seeds(pits);
        if let Some(v) = self.probe(pits, seeds) {
            return (v, v);
        }
        let n = seeds as i32;
        let (lo, hi) = self.bounds(pits).unwrap_or((-n, n));
        (lo.max(-n), hi.min(n))
    }

    /// Positions searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Depth-limited alpha-beta counting the seeds stored within `depth` plies (the rest
    /// valued as even): MTD(f)'s first guess.
    fn shallow(&mut self, pits: &Pits, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = board::terminal_value(pits) {
            return v;
        }
        let seeds = board::seeds(pits);
        if let Some(v) = self.probe(pits, seeds) {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let mut best = -INF;
        for i in (0..6).rev().filter(|&i| pits[i] > 0) {
            let step = board::play(pits, i, self.empty_capture);
            let g = step.gain as i32;
            let v = if step.again {
                g + self.shallow(&step.next, depth - 1, alpha - g, beta - g)
            } else {
                g - self.shallow(&step.next, depth - 1, g - beta, g - alpha)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Perfect moves from `pits` (value `value`) to the end of the game. No move is worth
    /// more than its position, so one null-window search per move tells whether it keeps
    /// the value; the table's best move is tried first.
    fn principal_variation(&mut self, pits: &Pits, value: i32) -> Vec<u8> {
        let mut pv = Vec::new();
        let (mut pos, mut v) = (*pits, value);
        while board::terminal_value(&pos).is_none() {
            let first = self.tt_best(&pos);
            let order = first
                .into_iter()
                .chain((0..6).filter(|&i| Some(i) != first));
            let mut chosen = None;
            for i in order.filter(|&i| pos[i] > 0) {
                let step = board::play(&pos, i, self.empty_capture);
                let g = step.gain as i32;
                // The child's value is at most `v - g` after an extra turn, at least `g - v`
                // otherwise; the move keeps the value when it reaches that bound.
                let (target, keeps) = if step.again {
                    let t = v - g;
                    (t, self.search(&step.next, t - 1, t) >= t)
                } else {
                    let t = g - v;
                    (t, self.search(&step.next, t, t + 1) <= t)
                };
                if keeps {
                    chosen = Some((i, step, target));
                    break;
                }
            }
            let (i, step, target) =
                chosen.expect("a solved position has a move reaching its value");
            pv.push(i as u8);
            pos = step.next;
            v = target;
        }
        pv
    }

    /// The best move the transposition table holds for a position.
    fn tt_best(&self, pits: &Pits) -> Option<usize> {
        let (lo, hi) = pack(pits);
        let slot = slot_of(lo, hi, self.mask);
        self.tt[slot..slot + 2]
            .iter()
            .find(|e| e.key_lo == lo && e.key_hi == hi && e.used() && e.best > 0)
            .map(|e| e.best as usize - 1)
    }

    /// Bounds on a position's value stored in the transposition table.
    #[inline]
    fn bounds(&self, pits: &Pits) -> Option<(i32, i32)> {
        let (lo, hi) = pack(pits);
        let slot = slot_of(lo, hi, self.mask);
        self.tt[slot..slot + 2]
            .iter()
            .find(|e| e.key_lo == lo && e.key_hi == hi && e.used())
            .map(|e| (e.lower as i32, e.upper as i32))
    }

    fn probe(&self, pits: &Pits, seeds: u32) -> Option<i32> {
        let tb = self.tablebase?;
        (seeds <= self.table_seeds).then(|| tb.probe_pits(pits).expect("in the table") as i32)
    }

    /// Fail-soft alpha-beta to the end of the game: the value if it lies inside
    /// `(alpha, beta)`, otherwise a bound on the side of the window it fell.
    fn search(&mut self, pits: &Pits, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = board::terminal_value(pits) {
            return v;
        }
        let seeds = board::seeds(pits) as i32;
        if let Some(v) = self.probe(pits, seeds as u32) {
            return v;
        }
        // The seeds in play bound the value.
        if seeds <= alpha {
            return seeds;
        }
        if -seeds >= beta {
            return -seeds;
        }
        let (klo, khi) = pack(pits);
        let slot = slot_of(klo, khi, self.mask);
        let mut tt_best = 0u8;
        let (mut lower, mut upper) = (-seeds, seeds);
        for e in &self.tt[slot..slot + 2] {
            if e.key_lo == klo && e.key_hi == khi {
                lower = e.lower as i32;
                upper = e.upper as i32;
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                tt_best = e.best;
                break;
            }
        }
        let nodes_before = self.nodes;

        // Moves, ordered: the table's best, then extra turns (nearest the store first),
        // then by seeds gained.
        let mut moves: [(i32, usize, Step); 6] = [(i32::MIN, 0, empty_step()); 6];
        let mut count = 0;
        for i in 0..6 {
            if pits[i] == 0 {
                continue;
            }
            let step = board::play(pits, i, self.empty_capture);
            let mut score = step.gain as i32 * 4;
            if step.again {
                score += 200 + i as i32;
            }
            if tt_best as usize == i + 1 {
                score += 10_000;
            }
            moves[count] = (score, i, step);
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.0));

        // Enhanced transposition cutoff: a child whose stored bound already refutes.
        for (_, _, step) in moves.iter() {
            let g = step.gain as i32;
            let known = board::terminal_value(&step.next)
                .or_else(|| self.probe(&step.next, board::seeds(&step.next)))
                .map(|v| (v, v));
            if let Some((lo, hi)) = known.or_else(|| self.bounds(&step.next)) {
                let v = if step.again { g + lo } else { g - hi };
                if v >= beta {
                    return v;
                }
            }
        }

        let (alpha0, beta0) = (alpha, beta);
        let mut best = -INF;
        let mut best_move = 0usize;
        for &(_, i, ref step) in moves.iter() {
            let g = step.gain as i32;
            let v = if step.again {
                g + self.search(&step.next, alpha - g, beta - g)
            } else {
                g - self.search(&step.next, g - beta, g - alpha)
            };
            if v > best {
                best = v;
                best_move = i;
                if v > alpha {
                    alpha = v;
                }
                if alpha >= beta {
                    break;
                }
            }
        }

        // New bounds, kept with what was known.
        if best <= alpha0 {
            upper = upper.min(best);
        } else if best >= beta0 {
            lower = lower.max(best);
        } else {
            lower = best;
            upper = best;
        }
        let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
        let new = Entry {
            key_lo: klo,
            key_hi: khi,
            lower: lower as i8,
            upper: upper as i8,
            best: best_move as u8 + 1,
            work,
        };
        let pair = &mut self.tt[slot..slot + 2];
        let k = if pair[0].key_lo == klo && pair[0].key_hi == khi {
            0
        } else if pair[1].key_lo == klo && pair[1].key_hi == khi {
            1
        } else if pair[0].work <= pair[1].work {
            0
        } else {
            1
        };
        pair[k] = new;
        best
    }
}

fn empty_step() -> Step {
    Step {
        next: [0; 12],
        gain: 0,
        again: false,
    }
}
