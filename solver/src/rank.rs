//! Ranking of pit contents: every way of putting `n` seeds into [`PITS`] pits (a composition)
//! gets a dense index, levels of fewer seeds first.
//!
//! A composition `p[0..12]` of `n` is a subset of 11 "bars" in `0..n + 11` (stars and bars:
//! bar `k` sits at `p[0] + ... + p[k] + k`); its rank inside level `n` is the combinatorial
//! number system's `sum_k C(bar_k, k + 1)`, and level `n` starts at `C(n + 11, 12)`, the
//! number of compositions of fewer seeds. So a table of at most `N` seeds holds
//! `C(N + 12, 12)` entries.

/// Pits on a two-row board of six holes a side.
pub const PITS: usize = 12;

/// Largest seed count the binomial table covers (a level past it is refused).
pub const MAX_SEEDS: usize = 72;

const ROWS: usize = MAX_SEEDS + PITS + 1;

/// Binomial coefficients `C(n, k)` for `n < ROWS`, `k <= PITS`.
#[derive(Clone, Debug)]
pub struct Binomials {
    c: Vec<[u64; PITS + 1]>,
}

impl Default for Binomials {
    fn default() -> Self {
        Self::new()
    }
}

impl Binomials {
    /// The table.
    pub fn new() -> Self {
        let mut c = vec![[0u64; PITS + 1]; ROWS];
        for n in 0..ROWS {
            c[n][0] = 1;
            for k in 1..=PITS.min(n) {
                c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            }
        }
        Binomials { c }
    }

    /// `C(n, k)`, 0 when `k > n`.
    #[inline]
    pub fn get(&self, n: usize, k: usize) -> u64 {
        self.c[n][k]
    }

    /// Compositions of exactly `n` seeds into the pits.
    #[inline]
    pub fn level_len(&self, n: usize) -> u64 {
        self.get(n + PITS - 1, PITS - 1)
    }

    /// Index of the first composition of `n` seeds (the count of those with fewer).
    #[inline]
    pub fn level_start(&self, n: usize) -> u64 {
        self.get(n + PITS - 1, PITS)
    }

    /// Entries of a table of every composition of at most `n` seeds.
    #[inline]
    pub fn table_len(&self, n: usize) -> u64 {
        self.level_start(n + 1)
    }

    /// The index of `pits` (holding `n` seeds) among all compositions, levels in order.
    #[inline]
    pub fn index(&self, pits: &[u8; PITS], n: usize) -> u64 {
        let mut rank = self.level_start(n);
        let mut bar = 0usize;
        for (k, &p) in pits[..PITS - 1].iter().enumerate() {
            bar += p as usize;
            rank += self.get(bar + k, k + 1);
        }
        rank
    }

    /// The composition of `n` seeds with rank `rank` inside its level.
    pub fn unrank(&self, n: usize, mut rank: u64) -> [u8; PITS] {
        let mut bars = [0usize; PITS - 1];
        let mut b = n + PITS - 2;
        for k in (0..PITS - 1).rev() {
            while self.get(b, k + 1) > rank {
                b -= 1;
            }
            rank -= self.get(b, k + 1);
            bars[k] = b;
            b = b.saturating_sub(1);
        }
        let mut pits = [0u8; PITS];
        let mut prev: isize = -1;
        for k in 0..PITS - 1 {
            pits[k] = (bars[k] as isize - prev - 1) as u8;
            prev = bars[k] as isize;
        }
        pits[PITS - 1] = (n as isize + PITS as isize - 2 - prev) as u8;
        pits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_dense_and_unrank_inverts_them() {
        let b = Binomials::new();
        for n in 0..5 {
            let start = b.level_start(n);
            for r in 0..b.level_len(n) {
                let pits = b.unrank(n, r);
                assert_eq!(pits.iter().map(|&p| p as usize).sum::<usize>(), n);
                assert_eq!(b.index(&pits, n), start + r, "{pits:?}");
            }
        }
    }

    #[test]
    fn table_len_counts_every_level() {
        let b = Binomials::new();
        let sum: u64 = (0..=20).map(|n| b.level_len(n)).sum();
        assert_eq!(b.table_len(20), sum);
        assert_eq!(b.table_len(20), 225_792_840);
    }

    #[test]
    fn extreme_compositions_take_the_ends_of_a_level() {
        let b = Binomials::new();
        let mut last = [0u8; PITS];
        last[PITS - 1] = 7;
        let mut first = [0u8; PITS];
        first[0] = 7;
        let ranks = [b.index(&first, 7), b.index(&last, 7)];
        assert!(ranks.contains(&b.level_start(7)));
        assert!(ranks.contains(&(b.level_start(8) - 1)));
    }
}
