//! Kalah positions seen from the player to move, and their moves, for the solver.
//!
//! The stores are left out: the value of a position is the store difference plus the value
//! of the seeds still in play, and the latter depends only on the pits and who moves. The
//! rules are the engine's (`engine/src/variants/kalah.rs`, `docs/rules/kalah.md`); the tests
//! check every move against the engine.

/// Pits seen from the player to move: his six from his left (`0..6`), then the opponent's
/// six from the opponent's left (`6..12`). Pit `i` faces pit `11 - i`.
pub type Pits = [u8; 12];

/// One move played on [`Pits`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The pits after the move, seen from the player to move next.
    pub next: Pits,
    /// Seeds the mover put into his store (sown and captured).
    pub gain: u8,
    /// The last seed fell in the mover's store: he moves again (and `next` is still seen
    /// from him).
    pub again: bool,
}

/// Slots of one sowing lap: six own pits, the own store, six opposing pits.
const LAP: usize = 13;
const STORE_SLOT: usize = 6;

/// Seeds on the board.
#[inline]
pub fn seeds(pits: &Pits) -> u32 {
    pits.iter().map(|&p| p as u32).sum()
}

/// The mover's and the opponent's row sums.
#[inline]
pub fn row_sums(pits: &Pits) -> (i32, i32) {
    let own: u32 = pits[..6].iter().map(|&p| p as u32).sum();
    let opp: u32 = pits[6..].iter().map(|&p| p as u32).sum();
    (own as i32, opp as i32)
}

/// The value of a finished position (either row empty: each player keeps his row's seeds),
/// for the player to move; `None` while the game goes on.
#[inline]
pub fn terminal_value(pits: &Pits) -> Option<i32> {
    let (own, opp) = row_sums(pits);
    (own == 0 || opp == 0).then_some(own - opp)
}

/// Turns the board round: the opponent's view.
#[inline]
pub fn flip(pits: &Pits) -> Pits {
    let mut out = [0u8; 12];
    out[..6].copy_from_slice(&pits[6..]);
    out[6..].copy_from_slice(&pits[..6]);
    out
}

/// Plays the mover's pit `pit` (which must hold seeds): sows anticlockwise through his store,
/// passing over the opponent's, and captures from an own empty pit (always when
/// `empty_capture`, otherwise only against a non-empty opposite pit).
#[inline]
pub fn play(pits: &Pits, pit: usize, empty_capture: bool) -> Step {
    let mut b = *pits;
    let s = b[pit] as usize;
    debug_assert!(s > 0, "kalah solver: pit {pit} is empty");
    b[pit] = 0;
    let (laps, rest) = ((s / LAP) as u8, s % LAP);
    let mut gain = 0u8;
    if laps > 0 {
        for p in &mut b {
            *p += laps;
        }
        gain += laps;
    }
    for j in 1..=rest {
        let slot = (pit + j) % LAP;
        match slot {
            STORE_SLOT => gain += 1,
            k if k < STORE_SLOT => b[k] += 1,
            k => b[k - 1] += 1,
        }
    }
    let last = (pit + s) % LAP;
    if last == STORE_SLOT {
        return Step {
            next: b,
            gain,
            again: true,
        };
    }
    if last < STORE_SLOT && b[last] == 1 {
        let opp = 11 - last;
        if b[opp] > 0 || empty_capture {
            gain += 1 + b[opp];
            b[opp] = 0;
            b[last] = 0;
        }
    }
    Step {
        next: flip(&b),
        gain,
        again: false,
    }
}

/// The value for the mover of a move's outcome, given the value of the position it leads to
/// (seen from whoever moves there).
#[inline]
pub fn backed_up(step: &Step, child: i32) -> i32 {
    if step.again {
        step.gain as i32 + child
    } else {
        step.gain as i32 - child
    }
}

/// The value of the seeds in play by plain full-width minimax (no table, no pruning):
/// exponential, for tests and tiny positions only.
pub fn minimax(pits: &Pits, empty_capture: bool) -> i32 {
    if let Some(v) = terminal_value(pits) {
        return v;
    }
    (0..6)
        .filter(|&i| pits[i] > 0)
        .map(|i| {
            let step = play(pits, i, empty_capture);
            backed_up(&step, minimax(&step.next, empty_capture))
        })
        .max()
        .expect("a position that is not over has a move")
}
