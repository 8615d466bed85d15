//! Kalah positions packed into one integer for the solver's inner loop: the twelve pits of
//! [`Pits`] as bytes `0..12` of a `u128` (byte `k` is pit `k`), so that a move is a table
//! lookup and an addition, turning the board round is a rotation, and the transposition
//! table's key is the integer itself. [`play`] makes the same moves as [`board::play`]; the
//! tests check it on every move of random positions.

use super::board::{self, Pits};

/// A packed position: pit `k` of [`Pits`] in byte `k`; bytes `12..16` are zero.
pub type Packed = u128;

/// One byte set in each of the twelve pits.
const ONES: u128 = 0x0101_0101_0101_0101_0101_0101;
/// The twelve pit bytes.
const PITS_MASK: u128 = (1 << 96) - 1;
/// The mover's six pits.
const OWN_MASK: u128 = (1 << 48) - 1;
/// Slots of one sowing lap: six own pits, the own store, six opposing pits.
const LAP: usize = 13;
const STORE_SLOT: usize = 6;

/// `SOW[pit][rest]`: the seeds added to the pits by sowing `rest < 13` seeds from `pit`
/// (one a slot, starting with the next), and whether one of them fell in the store.
const SOW: [[(u128, u8); LAP]; 6] = sow_table();

const fn sow_table() -> [[(u128, u8); LAP]; 6] {
    let mut t = [[(0u128, 0u8); LAP]; 6];
    let mut pit = 0;
    while pit < 6 {
        let mut rest = 1;
        while rest < LAP {
            let (mut add, mut store) = t[pit][rest - 1];
            let slot = (pit + rest) % LAP;
            if slot == STORE_SLOT {
                store += 1;
            } else {
                let byte = if slot < STORE_SLOT { slot } else { slot - 1 };
                add += 1 << (8 * byte);
            }
            t[pit][rest] = (add, store);
            rest += 1;
        }
        pit += 1;
    }
    t
}

/// Packs pits.
#[inline]
pub fn pack(pits: &Pits) -> Packed {
    let mut bytes = [0u8; 16];
    bytes[..12].copy_from_slice(pits);
    u128::from_le_bytes(bytes)
}

/// Unpacks pits.
#[inline]
pub fn unpack(b: Packed) -> Pits {
    let bytes = b.to_le_bytes();
    let mut pits = [0u8; 12];
    pits.copy_from_slice(&bytes[..12]);
    pits
}

/// The seeds in pit `k`.
#[inline]
pub fn pit(b: Packed, k: usize) -> u8 {
    (b >> (8 * k)) as u8
}

/// The value of a finished position holding `seeds` (either row empty: each player keeps
/// his row), for the player to move; `None` while the game goes on.
#[inline]
pub fn terminal_value(b: Packed, seeds: i32) -> Option<i32> {
    if b & OWN_MASK == 0 {
        Some(-seeds)
    } else if b >> 48 == 0 {
        Some(seeds)
    } else {
        None
    }
}

/// One move on a packed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The position after the move, seen from the player to move next.
    pub next: Packed,
    /// Seeds the mover put into his store (sown and captured).
    pub gain: u8,
    /// The mover moves again (and `next` is still seen from him).
    pub again: bool,
}

/// Plays the mover's pit `k` (which must hold seeds), as [`board::play`] does.
#[inline]
pub fn play(b: Packed, k: usize, empty_capture: bool) -> Move {
    let s = pit(b, k) as usize;
    debug_assert!(s > 0, "kalah solver: pit {k} is empty");
    let (laps, rest) = (s / LAP, s % LAP);
    let (add, store) = SOW[k][rest];
    let mut b = (b & !(0xff << (8 * k))) + add + laps as u128 * ONES;
    let mut gain = laps as u8 + store;
    let mut last = k + rest;
    if last >= LAP {
        last -= LAP;
    }
    if last == STORE_SLOT {
        return Move {
            next: b,
            gain,
            again: true,
        };
    }
    if last < STORE_SLOT && pit(b, last) == 1 {
        let opp = 11 - last;
        let taken = pit(b, opp);
        if taken > 0 || empty_capture {
            gain += 1 + taken;
            b &= !((0xff << (8 * opp)) | (0xff << (8 * last)));
        }
    }
    Move {
        next: flip(b),
        gain,
        again: false,
    }
}

/// Turns the board round: the opponent's view.
#[inline]
pub fn flip(b: Packed) -> Packed {
    ((b >> 48) | (b << 48)) & PITS_MASK
}

/// The same move on [`Pits`], for the tests.
pub fn play_pits(pits: &Pits, k: usize, empty_capture: bool) -> board::Step {
    let m = play(pack(pits), k, empty_capture);
    board::Step {
        next: unpack(m.next),
        gain: m.gain,
        again: m.again,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn packed_moves_match_the_board_moves_on_random_positions() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..200_000 {
            let mut pits = [0u8; 12];
            let total = next(&mut rng) % 73;
            for _ in 0..total {
                pits[(next(&mut rng) % 12) as usize] += 1;
            }
            let seeds: i32 = pits.iter().map(|&p| p as i32).sum();
            let b = pack(&pits);
            assert_eq!(unpack(b), pits);
            assert_eq!(terminal_value(b, seeds), board::terminal_value(&pits));
            for k in (0..6).filter(|&k| pits[k] > 0) {
                for ec in [false, true] {
                    assert_eq!(
                        play_pits(&pits, k, ec),
                        board::play(&pits, k, ec),
                        "{pits:?} pit {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn flip_swaps_the_rows() {
        let pits = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        assert_eq!(unpack(flip(pack(&pits))), board::flip(&pits));
    }
}
