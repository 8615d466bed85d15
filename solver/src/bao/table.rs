//! The proof-number search's transposition table: for each position searched, its proof
//! and disproof numbers for the player to move, the nodes spent on it, and, once settled, the
//! length of the proved line.
//!
//! A hash map keyed by the whole position ([`Key`]), never by a hash alone, so a stored
//! result is the position's own. When it reaches its capacity, the half of the entries that
//! cost the fewest nodes is dropped (settled entries count four times their nodes, since a
//! proof is read back from them).

use std::collections::HashMap;

use super::key::{BuildKeyHasher, Key};

/// A proof or disproof number that stands for "cannot be proved".
pub const INF: u32 = 1 << 30;

/// What the table holds of one position, from the side of the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Proof number: how hard it is to prove that the mover wins (0: proved).
    pub phi: u32,
    /// Disproof number: how hard it is to prove that he loses (0: proved).
    pub delta: u32,
    /// Nodes searched below this position, saturated.
    pub work: u32,
    /// Once settled: plies to the end of the game along the proof (the win's length for a
    /// win, the longest defence for a loss).
    pub plies: u16,
}

impl Entry {
    /// Whether the position's value is proved either way.
    pub fn settled(&self) -> bool {
        self.phi == 0 || self.delta == 0
    }
}

/// Approximate bytes of memory per entry (key, entry, the map's control byte and slack).
pub const BYTES_PER_ENTRY: usize = 64;

/// The transposition table.
#[derive(Debug)]
pub struct Table {
    map: HashMap<Key, Entry, BuildKeyHasher>,
    capacity: usize,
    collections: u32,
}

impl Table {
    /// A table of at most `capacity` entries (at least 1,024).
    pub fn new(capacity: usize) -> Table {
        let capacity = capacity.max(1024);
        Table {
            map: HashMap::with_capacity_and_hasher(capacity.min(1 << 16), BuildKeyHasher),
            capacity,
            collections: 0,
        }
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn get(&self, key: &Key) -> Option<Entry> {
        self.map.get(key).copied()
    }

    /// Stores `entry` for `key`, adding the work already stored there; collects first when
    /// the table is full.
    pub fn store(&mut self, key: Key, mut entry: Entry) {
        if self.map.len() >= self.capacity && !self.map.contains_key(&key) {
            self.collect();
        }
        if let Some(old) = self.map.get(&key) {
            entry.work = entry.work.saturating_add(old.work);
        }
        self.map.insert(key, entry);
    }

    /// Drops the cheaper half of the entries (ties at the median kept in map order).
    fn collect(&mut self) {
        let weight = |e: &Entry| {
            if e.settled() {
                e.work.saturating_mul(4)
            } else {
                e.work
            }
        };
        let mut weights: Vec<u32> = self.map.values().map(weight).collect();
        let keep = weights.len() / 2;
        let mid = weights.len() - keep;
        let (_, &mut median, _) = weights.select_nth_unstable(mid);
        let above = weights.iter().filter(|&&w| w > median).count();
        let mut ties = keep.saturating_sub(above);
        self.map.retain(|_, e| {
            let w = weight(e);
            if w == median && ties > 0 {
                ties -= 1;
                return true;
            }
            w > median
        });
        self.collections += 1;
    }

    /// Entries stored now.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// How many times the table was collected.
    pub fn collections(&self) -> u32 {
        self.collections
    }

    /// Settled entries: (proved wins for the mover, proved losses).
    pub fn settled(&self) -> (usize, usize) {
        self.map.values().fold((0, 0), |(w, l), e| {
            (w + usize::from(e.phi == 0), l + usize::from(e.delta == 0))
        })
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::{Bao, BaoKind, BaoRules};
    use mankala_engine::{Game, State};

    use super::*;

    fn keys(n: usize) -> Vec<Key> {
        let game = Bao::new(
            BaoKind::Kujifunza,
            BaoRules::of(BaoKind::Kujifunza),
            Bao::DEFAULT_LIMITS,
        );
        let mut out = vec![Key::of(&game.initial_state())];
        let mut frontier = vec![game.initial_state()];
        while out.len() < n {
            let s = frontier.remove(0);
            for a in s.legal_mask().iter() {
                let mut c = s.clone();
                c.play_unchecked(a);
                let k = Key::of(&c);
                if !out.contains(&k) {
                    out.push(k);
                    frontier.push(c);
                }
            }
        }
        out.truncate(n);
        out
    }

    #[test]
    fn a_full_table_keeps_the_costlier_half() {
        let ks = keys(2000);
        let mut t = Table::new(1024);
        for (i, &k) in ks.iter().take(1024).enumerate() {
            let e = Entry {
                phi: 1,
                delta: 1,
                work: i as u32,
                plies: 0,
            };
            t.store(k, e);
        }
        assert_eq!(t.len(), 1024);
        t.store(
            ks[1500],
            Entry {
                phi: 0,
                delta: INF,
                work: 1,
                plies: 3,
            },
        );
        assert_eq!(t.collections(), 1);
        assert!(t.len() <= 1024 / 2 + 1, "{}", t.len());
        // The costliest entries stay, the cheapest go, the new one is in.
        assert!(t.get(&ks[1023]).is_some());
        assert!(t.get(&ks[0]).is_none());
        assert_eq!(t.get(&ks[1500]).unwrap().plies, 3);
        assert_eq!(t.settled(), (1, 0));
    }

    #[test]
    fn storing_again_adds_the_work() {
        let ks = keys(2);
        let mut t = Table::new(10);
        let e = Entry {
            phi: 2,
            delta: 3,
            work: 5,
            plies: 0,
        };
        t.store(ks[1], e);
        t.store(ks[1], Entry { work: 7, ..e });
        assert_eq!(t.get(&ks[1]).unwrap().work, 12);
    }
}
