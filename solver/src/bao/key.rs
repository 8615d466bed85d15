//! A Bao la Kujifunza position packed for the transposition table: 32 holes of 7 bits each
//! (a hole holds 0 to 64 seeds), the player to move and the takasiaed front hole.
//!
//! Seeds never leave a Bao board and the beginners' game has no hands, houses or decisions
//! inside a move, so the holes, the mover and the takasia are the whole position: two
//! positions with the same key have the same legal moves and the same future. The ply count
//! is left out (the engine's 2000-ply cap is far beyond any proof; the checker replays the
//! ply counts).

use std::hash::{BuildHasher, Hash, Hasher};

use mankala_engine::variants::BaoState;
use mankala_engine::{Player, State};

/// Bits per hole.
const BITS: u32 = 7;

/// A packed position: South's 16 holes in `south`, North's in `north`, and above them in
/// `north`, the mover (bit 112) and the takasia (bits 113-116: 0 for none, else hole + 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    south: u128,
    north: u128,
}

impl Key {
    /// The key of a position.
    pub fn of(state: &BaoState) -> Key {
        let pack = |holes: [u8; 16]| {
            holes.iter().enumerate().fold(0u128, |acc, (i, &s)| {
                acc | (u128::from(s) << (BITS * i as u32))
            })
        };
        let mover = u128::from(state.to_move() == Player::North);
        let takasia = state.takasia().map_or(0, |t| u128::from(t) + 1);
        Key {
            south: pack(state.holes(Player::South)),
            north: pack(state.holes(Player::North)) | (mover << 112) | (takasia << 113),
        }
    }

    /// A well-mixed 64-bit hash of the key.
    #[inline]
    fn mix(&self) -> u64 {
        let words = [
            self.south as u64,
            (self.south >> 64) as u64,
            self.north as u64,
            (self.north >> 64) as u64,
        ];
        let mut h = 0x243F_6A88_85A3_08D3u64;
        for w in words {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        h ^= h >> 32;
        h.wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mix());
    }
}

/// Hashes a [`Key`] by its own mix, with no further work.
#[derive(Clone, Copy, Debug, Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
    }
}

/// The [`BuildHasher`] of maps keyed by [`Key`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BuildKeyHasher;

impl BuildHasher for BuildKeyHasher {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher::default()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use mankala_engine::Game;
    use mankala_engine::variants::{Bao, BaoKind, BaoRules};

    use super::*;

    #[test]
    fn keys_differ_exactly_where_positions_differ() {
        let game = Bao::new(
            BaoKind::Kujifunza,
            BaoRules::of(BaoKind::Kujifunza),
            Bao::DEFAULT_LIMITS,
        );
        let mut seen: HashSet<(Key, String)> = HashSet::new();
        let mut s = game.initial_state();
        // The first moves of a fixed line: each position's key is new, and equal keys come
        // only from equal texts (without the ply).
        for step in 0..12 {
            let text = s.position_text();
            let board = text.split(" ply=").next().unwrap().to_string();
            assert!(
                seen.iter()
                    .all(|(k, t)| (*k == Key::of(&s)) == (*t == board))
            );
            seen.insert((Key::of(&s), board));
            let Some(a) = s.legal_mask().iter().nth(step % 3) else {
                break;
            };
            s.play_unchecked(a);
        }
        assert!(seen.len() > 4);
    }

    #[test]
    fn the_mover_and_the_takasia_are_part_of_the_key() {
        let rules = BaoRules {
            takasia: true,
            ..BaoRules::of(BaoKind::Kujifunza)
        };
        let game = Bao::new(BaoKind::Kujifunza, rules, Bao::DEFAULT_LIMITS);
        let board = "bao-kujifunza 0,0,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,6";
        let south = game.parse_position(&format!("{board} south")).unwrap();
        let north = game.parse_position(&format!("{board} north")).unwrap();
        let takasia = game
            .parse_position(&format!("{board} south takasia=A3"))
            .unwrap();
        assert_ne!(Key::of(&south), Key::of(&north));
        assert_ne!(Key::of(&south), Key::of(&takasia));
        assert_eq!(Key::of(&south), Key::of(&south.clone()));
    }
}
