//! Building the tables, one level of seeds in play at a time, smallest first.

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::BuildStats;
use crate::kalah::board as kb;
use crate::oware::board as ob;
use crate::rank::{Binomials, PITS};

/// No value yet (no position is worth -128).
const UNKNOWN: i8 = i8::MIN;
/// Positions handed to a thread at a time.
const CHUNK: u64 = 1 << 14;

fn into_bytes(values: Vec<AtomicI8>) -> Vec<u8> {
    values.into_iter().map(|v| v.into_inner() as u8).collect()
}

/// Calls `progress` after each chunk.
struct Progress<'a> {
    done: AtomicU64,
    total: u64,
    report: &'a (dyn Fn(u64, u64) + Sync),
}

impl Progress<'_> {
    fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Relaxed) + n;
        (self.report)(done, self.total);
    }
}

/// Kalah: a move either puts seeds into the store (a lower level, already known) or keeps
/// every seed on the board, sowing only the mover's own row, which cannot cycle; so each
/// position is valued by a memoized search over its level.
pub(super) fn kalah(
    ranks: &Binomials,
    max_seeds: u32,
    empty_capture: bool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (Vec<u8>, BuildStats) {
    let total = ranks.table_len(max_seeds as usize);
    let values: Vec<AtomicI8> = (0..total).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let progress = Progress {
        done: AtomicU64::new(0),
        total,
        report: progress,
    };
    for n in 0..=max_seeds as usize {
        let start = ranks.level_start(n);
        let len = ranks.level_len(n);
        let chunks = len.div_ceil(CHUNK);
        (0..chunks).into_par_iter().for_each(|c| {
            let lo = c * CHUNK;
            let hi = (lo + CHUNK).min(len);
            for r in lo..hi {
                let pits = ranks.unrank(n, r);
                let v = kalah_value(ranks, &values, &pits, n, empty_capture);
                values[(start + r) as usize].store(v, Relaxed);
            }
            progress.add(hi - lo);
        });
    }
    let stats = BuildStats {
        positions: total,
        ..BuildStats::default()
    };
    (into_bytes(values), stats)
}

fn kalah_value(
    ranks: &Binomials,
    values: &[AtomicI8],
    pits: &[u8; PITS],
    n: usize,
    empty_capture: bool,
) -> i8 {
    if let Some(v) = kb::terminal_value(pits) {
        return v as i8;
    }
    let idx = ranks.index(pits, n) as usize;
    let known = values[idx].load(Relaxed);
    if known != UNKNOWN {
        return known;
    }
    let mut best = i32::MIN;
    for i in (0..6).filter(|&i| pits[i] > 0) {
        let step = kb::play(pits, i, empty_capture);
        let child_n = n - step.gain as usize;
        let child = if let Some(v) = kb::terminal_value(&step.next) {
            v
        } else if child_n < n {
            let v = values[ranks.index(&step.next, child_n) as usize].load(Relaxed);
            debug_assert_ne!(v, UNKNOWN, "a lower level is complete");
            v as i32
        } else {
            kalah_value(ranks, values, &step.next, n, empty_capture) as i32
        };
        best = best.max(kb::backed_up(&step, child));
    }
    let v = best as i8;
    values[idx].store(v, Relaxed);
    v
}

/// Oware: moves without a capture stay in the level and can cycle. Each level keeps a lower
/// and an upper bound per position (start: minus and plus the seeds in play) and sweeps
/// `bound = max over moves` until nothing moves. The lower bound is what the mover can force
/// reaching a capture or the end, whatever the opponent does and however a cycle is scored,
/// and the upper bound likewise for the opponent; where they meet, the value does not depend
/// on the repetition rule. Where they do not, the position's value depends on how a cycle is
/// scored, and the table stores the repetition payoff (each player takes his own row)
/// clamped into the bounds (`docs/ground-truth.md`).
pub(super) fn oware(
    ranks: &Binomials,
    max_seeds: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> (Vec<u8>, BuildStats) {
    let total = ranks.table_len(max_seeds as usize);
    let mut values: Vec<u8> = Vec::with_capacity(total as usize);
    let progress = Progress {
        done: AtomicU64::new(0),
        total,
        report: progress,
    };
    let mut stats = BuildStats {
        positions: total,
        ..BuildStats::default()
    };
    for n in 0..=max_seeds as usize {
        let len = ranks.level_len(n);
        let lower: Vec<AtomicI8> = (0..len).map(|_| AtomicI8::new(-(n as i8))).collect();
        let upper: Vec<AtomicI8> = (0..len).map(|_| AtomicI8::new(n as i8)).collect();
        let start = ranks.level_start(n);
        let chunks = len.div_ceil(CHUNK);
        loop {
            stats.sweeps += 1;
            let changed = AtomicBool::new(false);
            (0..chunks).into_par_iter().for_each(|c| {
                let lo = c * CHUNK;
                let hi = (lo + CHUNK).min(len);
                let mut moved = false;
                for r in lo..hi {
                    let (l0, u0) = (
                        lower[r as usize].load(Relaxed),
                        upper[r as usize].load(Relaxed),
                    );
                    // Bounds only close in: once they meet, the value is final.
                    if l0 == u0 {
                        continue;
                    }
                    let pits = ranks.unrank(n, r);
                    let (l, u) = oware_bounds(ranks, &values, &lower, &upper, &pits, n, start);
                    if l != l0 {
                        lower[r as usize].store(l, Relaxed);
                        moved = true;
                    }
                    if u != u0 {
                        upper[r as usize].store(u, Relaxed);
                        moved = true;
                    }
                }
                if moved {
                    changed.store(true, Relaxed);
                }
            });
            if !changed.load(Relaxed) {
                break;
            }
        }
        let level: Vec<(u8, bool)> = (0..len)
            .into_par_iter()
            .map(|r| {
                let (l, u) = (
                    lower[r as usize].load(Relaxed),
                    upper[r as usize].load(Relaxed),
                );
                if l == u {
                    (l as u8, false)
                } else {
                    let pits = ranks.unrank(n, r);
                    let v = ob::collect_value(&pits).clamp(l as i32, u as i32);
                    (v as i8 as u8, true)
                }
            })
            .collect();
        let dependent = level.iter().filter(|x| x.1).count() as u64;
        stats.cycle_dependent += dependent;
        stats.cycle_dependent_by_seeds.push(dependent);
        values.extend(level.into_iter().map(|x| x.0));
        progress.add(len);
    }
    (values, stats)
}

/// New bounds of one position from its moves: a capture leads to a lower level (its value
/// final in `values`), a quiet move to this level's bounds.
fn oware_bounds(
    ranks: &Binomials,
    values: &[u8],
    lower: &[AtomicI8],
    upper: &[AtomicI8],
    pits: &[u8; PITS],
    n: usize,
    start: u64,
) -> (i8, i8) {
    let legal = ob::legal(pits);
    if legal == 0 {
        let v = ob::collect_value(pits) as i8;
        return (v, v);
    }
    let (mut l, mut u) = (i32::MIN, i32::MIN);
    for i in (0..6).filter(|&i| legal & (1 << i) != 0) {
        let step = ob::play(pits, i);
        let g = step.gain as i32;
        if g > 0 {
            let child_n = n - step.gain as usize;
            let v = g - values[ranks.index(&step.next, child_n) as usize] as i8 as i32;
            l = l.max(v);
            u = u.max(v);
        } else {
            let k = (ranks.index(&step.next, n) - start) as usize;
            l = l.max(-(upper[k].load(Relaxed) as i32));
            u = u.max(-(lower[k].load(Relaxed) as i32));
        }
    }
    (l as i8, u as i8)
}
