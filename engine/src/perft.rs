//! Perft: counting action sequences, the standard check of move generation.

use crate::game::State;

/// The number of sequences of exactly `depth` actions from `state` (a finished game has
/// none; a decision inside a move is an action).
///
/// ```
/// use mankala_engine::{AnyGame, Game, with_game, perft::perft};
/// let game = AnyGame::by_name("oware").unwrap();
/// assert_eq!(with_game!(game, g => perft(&g.initial_state(), 2)), 36);
/// ```
pub fn perft<S: State>(state: &S, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = state.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions
        .iter()
        .map(|&a| {
            let mut next = state.clone();
            next.play_unchecked(a);
            perft(&next, depth - 1)
        })
        .sum()
}
