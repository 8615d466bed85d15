//! Kalah: the solver's board and moves ([`board`]) and the exact search ([`Solver`]).

pub mod board;
pub mod packed;
mod search;

use mankala_engine::variants::kalah::KalahState;
use mankala_engine::{Player, State};

pub use search::{Solution, Solver, SolverConfig};

use crate::tablebase::relative_pits;

/// What the solver needs of an engine position: the pits seen from the player to move, the
/// store difference for him, and who he is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// Pits seen from the player to move ([`board::Pits`]).
    pub pits: board::Pits,
    /// His store minus the opponent's.
    pub store_diff: i32,
    /// The player to move.
    pub to_move: Player,
}

impl Position {
    /// The position of an engine state.
    pub fn of(state: &KalahState) -> Position {
        let snap = state.snapshot();
        let to_move = state.to_move();
        let me = to_move.index();
        Position {
            pits: relative_pits(&snap.pits, to_move),
            store_diff: snap.stores[me] as i32 - snap.stores[1 - me] as i32,
            to_move,
        }
    }
}

impl Solver<'_> {
    /// Solves an engine position. The answer's `value` counts the seeds in play only; the
    /// final margin for the player to move is `value + store_diff` of [`Position::of`], and
    /// [`Solver::south_margin`] gives it from South's side.
    pub fn solve_state(&mut self, state: &KalahState) -> Solution {
        self.solve(&Position::of(state).pits)
    }

    /// The final seed difference, South minus North, under perfect play from `state`.
    pub fn south_margin(&mut self, state: &KalahState) -> i32 {
        let p = Position::of(state);
        let v = self.value(&p.pits) + p.store_diff;
        if p.to_move == Player::South { v } else { -v }
    }

    /// The perfect moves of `state` (engine actions: the mover's pit from his left), in
    /// increasing order; empty when the game is over.
    pub fn best_moves(&mut self, state: &KalahState) -> Vec<u16> {
        let values = self.move_values(&Position::of(state).pits);
        let best = values.iter().flatten().max().copied();
        (0..6u16)
            .filter(|&i| best.is_some() && values[i as usize] == best)
            .collect()
    }
}
