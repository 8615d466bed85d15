//! The exact Kalah solver: MTD(f) over a fail-soft alpha-beta search to the end of the game,
//! with a transposition table of bounds, move ordering and endgame tablebases (after Irving,
//! Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000).

use std::time::{Duration, Instant};

use super::board::{self, Pits};
use super::packed::{self, Move, Packed};
use std::sync::Arc;

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

/// The table's key of a position: its twelve pit bytes. Never zero for a position with seeds.
#[inline]
fn key(b: Packed) -> (u64, u32) {
    (b as u64, (b >> 64) as u32)
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

/// Called after each null-window search of MTD(f) with the bounds proved on the value of
/// the position being solved (lower, upper) and the solver's nodes so far.
pub type Progress<'a> = Box<dyn FnMut(i32, i32, u64) + Send + 'a>;

/// The Kalah solver. Keep one for many solves of the same rules: its table carries over.
pub struct Solver<'a> {
    empty_capture: bool,
    tablebase: Option<Arc<Tablebase>>,
    table_seeds: u32,
    tt: Vec<Entry>,
    mask: usize,
    nodes: u64,
    /// History heuristic: for each pit and its seed count (15 for 15 or more), the cutoffs
    /// its move made, each weighted by the log2 of the nodes it took.
    history: [[u64; 16]; 6],
    progress: Option<Progress<'a>>,
}

impl std::fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("empty_capture", &self.empty_capture)
            .field("table_seeds", &self.table_seeds)
            .field("tt_entries", &self.tt.len())
            .field("nodes", &self.nodes)
            .finish_non_exhaustive()
    }
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
        tablebase: Option<Arc<Tablebase>>,
        config: SolverConfig,
    ) -> Self {
        if let Some(tb) = &tablebase {
            assert!(
                tb.header().is_kalah(empty_capture),
                "kalah solver: the tablebase is for {}",
                tb.header().describe()
            );
        }
        let len = 1usize << config.tt_log2.clamp(4, 34);
        Solver {
            empty_capture,
            table_seeds: tablebase.as_ref().map_or(0, |t| t.header().max_seeds),
            tablebase,
            tt: vec![Entry::default(); len],
            mask: len - 1,
            nodes: 0,
            history: [[0; 16]; 6],
            progress: None,
        }
    }

    /// Reports the bounds proved after each null-window search (long solves).
    pub fn set_progress(&mut self, progress: Progress<'a>) {
        self.progress = Some(progress);
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
        self.value_packed(packed::pack(pits), board::seeds(pits) as i32)
    }

    fn value_packed(&mut self, b: Packed, n: i32) -> i32 {
        if let Some(v) = packed::terminal_value(b, n) {
            return v;
        }
        let (lower, upper) = self.known_bounds(b, n);
        if lower == upper {
            return lower;
        }
        let guess = self.shallow(b, n, GUESS_DEPTH, -INF, INF);
        self.mtdf(b, n, guess, lower, upper)
    }

    /// MTD(f) from a first guess, knowing that the value lies in `[lower, upper]`: null-window
    /// searches, each proving a bound, until the bounds meet.
    fn mtdf(&mut self, b: Packed, n: i32, guess: i32, mut lower: i32, mut upper: i32) -> i32 {
        let mut guess = guess.clamp(lower, upper);
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = self.search(b, n, beta - 1, beta);
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
            if let Some(report) = self.progress.as_mut() {
                report(lower, upper, self.nodes);
            }
        }
        guess
    }

    /// The exact value of each legal move of `pits` for the player to move (`None` for an
    /// empty pit); every move with the largest value is a perfect one.
    pub fn move_values(&mut self, pits: &Pits) -> [Option<i32>; 6] {
        let mut out = [None; 6];
        let (b, n) = (packed::pack(pits), board::seeds(pits) as i32);
        if packed::terminal_value(b, n).is_some() {
            return out;
        }
        // No move is worth more than the position, and a perfect one is worth as much: the
        // position's value bounds each child and is the first guess for it.
        let v = self.value_packed(b, n);
        for (i, o) in out.iter_mut().enumerate() {
            if pits[i] == 0 {
                continue;
            }
            let m = packed::play(b, i, self.empty_capture);
            let (g, cn) = (m.gain as i32, n - m.gain as i32);
            let child = if let Some(c) = packed::terminal_value(m.next, cn) {
                c
            } else {
                let (lo, hi) = self.known_bounds(m.next, cn);
                if m.again {
                    self.mtdf(m.next, cn, v - g, lo, hi.min(v - g))
                } else {
                    self.mtdf(m.next, cn, g - v, lo.max(g - v), hi)
                }
            };
            *o = Some(if m.again { g + child } else { g - child });
        }
        out
    }

    /// What is known of a position's value without searching: the tablebase's value, or the
    /// transposition table's bounds within `[-n, n]` (`n` seeds in play).
    fn known_bounds(&self, b: Packed, n: i32) -> (i32, i32) {
        if let Some(v) = self.probe(b, n) {
            return (v, v);
        }
        let (lo, hi) = self.bounds(b).unwrap_or((-n, n));
        (lo.max(-n), hi.min(n))
    }

    /// Positions searched since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Depth-limited alpha-beta counting the seeds stored within `depth` plies (the rest
    /// valued as even): MTD(f)'s first guess.
    fn shallow(&mut self, b: Packed, n: i32, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = packed::terminal_value(b, n) {
            return v;
        }
        if let Some(v) = self.probe(b, n) {
            return v;
        }
        if depth == 0 {
            return 0;
        }
        let mut best = -INF;
        for i in (0..6).rev().filter(|&i| packed::pit(b, i) > 0) {
            let m = packed::play(b, i, self.empty_capture);
            let (g, cn) = (m.gain as i32, n - m.gain as i32);
            let v = if m.again {
                g + self.shallow(m.next, cn, depth - 1, alpha - g, beta - g)
            } else {
                g - self.shallow(m.next, cn, depth - 1, g - beta, g - alpha)
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
        let (mut b, mut n, mut v) = (packed::pack(pits), board::seeds(pits) as i32, value);
        while packed::terminal_value(b, n).is_none() {
            let first = self.tt_best(b);
            let order = first
                .into_iter()
                .chain((0..6).filter(|&i| Some(i) != first));
            let mut chosen = None;
            for i in order.filter(|&i| packed::pit(b, i) > 0) {
                let m = packed::play(b, i, self.empty_capture);
                let (g, cn) = (m.gain as i32, n - m.gain as i32);
                // The child's value is at most `v - g` after an extra turn, at least `g - v`
                // otherwise; the move keeps the value when it reaches that bound.
                let (target, keeps) = if m.again {
                    let t = v - g;
                    (t, self.search(m.next, cn, t - 1, t) >= t)
                } else {
                    let t = g - v;
                    (t, self.search(m.next, cn, t, t + 1) <= t)
                };
                if keeps {
                    chosen = Some((i, m, target));
                    break;
                }
            }
            let (i, m, target) = chosen.expect("a solved position has a move reaching its value");
            pv.push(i as u8);
            b = m.next;
            n -= m.gain as i32;
            v = target;
        }
        pv
    }

    /// The transposition table's entry of a position.
    #[inline]
    fn entry(&self, b: Packed) -> Option<&Entry> {
        let (lo, hi) = key(b);
        let slot = slot_of(lo, hi, self.mask);
        self.tt[slot..slot + 2]
            .iter()
            .find(|e| e.key_lo == lo && e.key_hi == hi && e.used())
    }

    /// The best move the transposition table holds for a position.
    fn tt_best(&self, b: Packed) -> Option<usize> {
        self.entry(b)
            .filter(|e| e.best > 0)
            .map(|e| e.best as usize - 1)
    }

    /// Bounds on a position's value stored in the transposition table.
    #[inline]
    fn bounds(&self, b: Packed) -> Option<(i32, i32)> {
        self.entry(b).map(|e| (e.lower as i32, e.upper as i32))
    }

    /// The tablebase's value of a position of `n` seeds, if it holds so few.
    #[inline]
    fn probe(&self, b: Packed, n: i32) -> Option<i32> {
        let tb = self.tablebase.as_ref()?;
        (n as u32 <= self.table_seeds).then(|| tb.probe_level(&packed::unpack(b), n as u32) as i32)
    }

    /// Fail-soft alpha-beta to the end of the game from `b` (`n` seeds in play): the value if
    /// it lies inside `(alpha, beta)`, otherwise a bound on the side of the window it fell.
    fn search(&mut self, b: Packed, n: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if let Some(v) = packed::terminal_value(b, n) {
            return v;
        }
        if let Some(v) = self.probe(b, n) {
            return v;
        }
        // The seeds in play bound the value.
        if n <= alpha {
            return n;
        }
        if -n >= beta {
            return -n;
        }
        let (klo, khi) = key(b);
        let slot = slot_of(klo, khi, self.mask);
        let mut tt_best = 0u8;
        let (mut lower, mut upper) = (-n, n);
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
        // then by seeds gained, ties broken by the history heuristic.
        let mut moves = [(0u64, 0u8, NO_MOVE); 6];
        let mut count = 0;
        for i in 0..6 {
            let seeds = packed::pit(b, i);
            if seeds == 0 {
                continue;
            }
            let m = packed::play(b, i, self.empty_capture);
            let mut score = m.gain as u64 * 4;
            if m.again {
                score += 200 + i as u64;
            }
            if tt_best as usize == i + 1 {
                score += 10_000;
            }
            let history = self.history[i][(seeds as usize).min(15)];
            let score = score << 48 | history.min((1 << 48) - 1);
            // Insertion into the sorted prefix, highest score first.
            let mut k = count;
            while k > 0 && moves[k - 1].0 < score {
                moves[k] = moves[k - 1];
                k -= 1;
            }
            moves[k] = (score, i as u8, m);
            count += 1;
        }
        let moves = &moves[..count];

        // Enhanced transposition cutoff: a child whose stored bound already refutes.
        for &(_, _, m) in moves {
            let (g, cn) = (m.gain as i32, n - m.gain as i32);
            let known = packed::terminal_value(m.next, cn)
                .or_else(|| self.probe(m.next, cn))
                .map(|v| (v, v));
            if let Some((lo, hi)) = known.or_else(|| self.bounds(m.next)) {
                let v = if m.again { g + lo } else { g - hi };
                if v >= beta {
                    return v;
                }
            }
        }

        let (alpha0, beta0) = (alpha, beta);
        let mut best = -INF;
        let mut best_move = 0u8;
        for &(_, i, m) in moves {
            let (g, cn) = (m.gain as i32, n - m.gain as i32);
            let v = if m.again {
                g + self.search(m.next, cn, alpha - g, beta - g)
            } else {
                g - self.search(m.next, cn, g - beta, g - alpha)
            };
            if v > best {
                best = v;
                best_move = i;
                if v > alpha {
                    alpha = v;
                }
                if alpha >= beta {
                    let work = 64 - (self.nodes - nodes_before).leading_zeros() as u64;
                    let seeds = (packed::pit(b, i as usize) as usize).min(15);
                    self.history[i as usize][seeds] += work;
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
            best: best_move + 1,
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

const NO_MOVE: Move = Move {
    next: 0,
    gain: 0,
    again: false,
};
