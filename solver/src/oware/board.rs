//! Oware positions seen from the player to move, and their moves, for the tablebases.
//!
//! The rules are the engine's, OpenSpiel's abapa (`engine/src/variants/oware.rs`,
//! `docs/rules/oware.md`): sowing passes over the house it started from, captures of 2s and
//! 3s run backwards through the opponent's row, a grand slam captures nothing, and a player
//! whose opponent's row is empty must feed it. The scores and the repetition history are
//! left out: tables value the seeds in play (`docs/ground-truth.md`).

/// Houses seen from the player to move: his six from his left (`0..6`), then the opponent's
/// six from the opponent's left (`6..12`).
pub type Pits = [u8; 12];

/// One move played on [`Pits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The houses after the move, seen from the opponent (who moves next).
    pub next: Pits,
    /// Seeds the mover captured.
    pub gain: u8,
}

/// Seeds on the board.
#[inline]
pub fn seeds(pits: &Pits) -> u32 {
    pits.iter().map(|&p| p as u32).sum()
}

/// The mover's legal houses as a bit set (bit `i`: house `i`). With the opponent's row
/// empty only moves that reach it are legal.
#[inline]
pub fn legal(pits: &Pits) -> u8 {
    let starve = pits[6..].iter().all(|&p| p == 0);
    let mut bits = 0u8;
    for (i, &s) in pits[..6].iter().enumerate() {
        let s = s as usize;
        if s > 0 && (!starve || s > 5 - i) {
            bits |= 1 << i;
        }
    }
    bits
}

/// The mover's row minus the opponent's: what the game pays when it stops here and each
/// player takes the seeds of his own row (no legal move, or a repetition).
#[inline]
pub fn collect_value(pits: &Pits) -> i32 {
    let own: u32 = pits[..6].iter().map(|&p| p as u32).sum();
    let opp: u32 = pits[6..].iter().map(|&p| p as u32).sum();
    own as i32 - opp as i32
}

/// Plays the mover's house `house` (which must be legal).
#[inline]
pub fn play(pits: &Pits, house: usize) -> Step {
    let mut b = *pits;
    let s = b[house] as usize;
    debug_assert!(s > 0, "oware solver: house {house} is empty");
    b[house] = 0;
    let (laps, rest) = ((s / 11) as u8, s % 11);
    if laps > 0 {
        for (h, p) in b.iter_mut().enumerate() {
            if h != house {
                *p += laps;
            }
        }
    }
    for j in 1..=rest {
        b[(house + j) % 12] += 1;
    }
    let last = if rest > 0 {
        (house + rest) % 12
    } else {
        (house + 11) % 12
    };
    let mut gain = 0u8;
    if last >= 6 && !grand_slam(&b, last) {
        let mut h = last;
        while h >= 6 && matches!(b[h], 2 | 3) {
            gain += b[h];
            b[h] = 0;
            h -= 1;
        }
    }
    let mut next = [0u8; 12];
    next[..6].copy_from_slice(&b[6..]);
    next[6..].copy_from_slice(&b[..6]);
    Step { next, gain }
}

/// Whether capturing from `last` would take every seed in the opponent's row.
#[inline]
fn grand_slam(b: &Pits, last: usize) -> bool {
    b[last + 1..].iter().all(|&p| p == 0) && b[6..=last].iter().all(|&p| matches!(p, 2 | 3))
}
