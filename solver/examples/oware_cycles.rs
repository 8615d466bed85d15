//! Counts, level by level (seeds in play), the Oware positions from which play can go on
//! forever without a capture: the only positions where a repetition can happen, and so the
//! only ones whose value can depend on the repetition rule (`docs/ground-truth.md`).
//!
//! `cargo run --release -p mankala-solver --example oware_cycles -- MAX_SEEDS`
//!
//! A position has an endless quiet line when one of its legal moves captures nothing and
//! leads to a position (of the same level) that has one too; the largest such set is found by
//! starting from every position that has a legal move and removing, until nothing changes,
//! those whose capture-free moves all lead out of the set.

use mankala_solver::oware::board as ob;
use mankala_solver::rank::Binomials;

fn main() {
    let max: usize = std::env::args()
        .nth(1)
        .map_or(14, |s| s.parse().expect("MAX_SEEDS: a number"));
    let ranks = Binomials::new();
    println!("seeds  positions  endless-quiet  sweeps  example");
    for n in 1..=max {
        let len = ranks.level_len(n) as usize;
        // Capture-free successors of each position, as ranks within the level.
        let mut succ: Vec<[u32; 6]> = vec![[u32::MAX; 6]; len];
        let mut alive = vec![false; len];
        for (r, s) in succ.iter_mut().enumerate() {
            let pits = ranks.unrank(n, r as u64);
            let legal = ob::legal(&pits);
            let mut k = 0;
            for i in (0..6).filter(|&i| legal & (1 << i) != 0) {
                let step = ob::play(&pits, i);
                if step.gain == 0 {
                    s[k] = (ranks.index(&step.next, n) - ranks.level_start(n)) as u32;
                    k += 1;
                }
            }
            alive[r] = k > 0;
        }
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let mut changed = false;
            for r in 0..len {
                if alive[r] && !succ[r].iter().any(|&c| c != u32::MAX && alive[c as usize]) {
                    alive[r] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let count = alive.iter().filter(|&&a| a).count();
        let example = alive
            .iter()
            .position(|&a| a)
            .map(|r| format!("{:?}", ranks.unrank(n, r as u64)))
            .unwrap_or_default();
        println!("{n:5}  {len:9}  {count:13}  {sweeps:6}  {example}");
    }
}
