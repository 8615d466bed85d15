//! A position of any variant behind one type: [`DynState`] erases a variant's `State` type,
//! so a front (the engine protocol, the browser board, Python) holds the live position of
//! whatever game it was asked for, and [`typed`] gives the variant's own type back where
//! generic code needs it (agents, the position JSON, traces).

use std::any::Any;
use std::fmt;
use std::hash::Hasher;

use crate::game::{Action, ActionMask, Game, Outcome, Player, Snapshot, State};
use crate::trace::Trace;
use crate::variants::AnyGame;
use crate::{IllegalMove, ParseMoveError, PositionError, with_game};

/// What a front needs of a position, for any variant's state type.
pub trait DynState: Send + Sync + Any + fmt::Debug {
    /// [`State::to_move`].
    fn to_move(&self) -> Player;
    /// [`State::ply`].
    fn ply(&self) -> u32;
    /// [`State::legal_mask`].
    fn legal_mask(&self) -> ActionMask;
    /// [`State::play`].
    ///
    /// # Errors
    /// [`IllegalMove`] when `action` is not legal; the position is unchanged.
    fn play(&mut self, action: Action) -> Result<(), IllegalMove>;
    /// [`State::play_traced`].
    fn play_traced(&mut self, action: Action) -> Trace;
    /// [`State::outcome`].
    fn outcome(&self) -> Option<Outcome>;
    /// [`State::encode`].
    fn encode(&self, out: &mut [f32]);
    /// [`State::action_to_string`].
    fn action_to_string(&self, action: Action) -> String;
    /// [`State::parse_action`].
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the text and the legal moves.
    fn parse_action(&self, text: &str) -> Result<Action, ParseMoveError>;
    /// [`State::position_text`].
    fn position_text(&self) -> String;
    /// [`State::snapshot`].
    fn snapshot(&self) -> Snapshot;
    /// [`State::in_move`].
    fn in_move(&self) -> bool;
    /// The board as `mankala show` draws it (the state's `Display`).
    fn drawing(&self) -> String;
    /// A copy in a new box.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The state as [`Any`], for [`typed`].
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is the same position of the same variant.
    fn same(&self, other: &dyn DynState) -> bool;
    /// Feeds the position to `h` as the state's `Hash` does.
    fn hash_into(&self, h: &mut dyn Hasher);
}

impl<S: State + 'static> DynState for S {
    fn to_move(&self) -> Player {
        State::to_move(self)
    }
    fn ply(&self) -> u32 {
        State::ply(self)
    }
    fn legal_mask(&self) -> ActionMask {
        State::legal_mask(self)
    }
    fn play(&mut self, action: Action) -> Result<(), IllegalMove> {
        State::play(self, action)
    }
    fn play_traced(&mut self, action: Action) -> Trace {
        State::play_traced(self, action)
    }
    fn outcome(&self) -> Option<Outcome> {
        State::outcome(self)
    }
    fn encode(&self, out: &mut [f32]) {
        State::encode(self, out);
    }
    fn action_to_string(&self, action: Action) -> String {
        State::action_to_string(self, action)
    }
    fn parse_action(&self, text: &str) -> Result<Action, ParseMoveError> {
        State::parse_action(self, text)
    }
    fn position_text(&self) -> String {
        State::position_text(self)
    }
    fn snapshot(&self) -> Snapshot {
        State::snapshot(self)
    }
    fn in_move(&self) -> bool {
        State::in_move(self)
    }
    fn drawing(&self) -> String {
        self.to_string()
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn DynState) -> bool {
        other.as_any().downcast_ref::<S>() == Some(self)
    }
    fn hash_into(&self, mut h: &mut dyn Hasher) {
        std::hash::Hash::hash(self, &mut h);
    }
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The variant's own state type behind `state`, which was made by `game`.
///
/// # Panics
/// When `state` is of another variant than `game` (a bug of the caller).
pub fn typed<'a, G: Game>(_game: &G, state: &'a dyn DynState) -> &'a G::State {
    state
        .as_any()
        .downcast_ref::<G::State>()
        .expect("a state is always of its game's variant")
}

impl AnyGame {
    /// The start position, of whichever variant this is.
    pub fn initial_dyn(&self) -> Box<dyn DynState> {
        with_game!(self, g => Box::new(g.initial_state()))
    }

    /// The position `text` (`docs/notation.md`), read through the variant's checks.
    ///
    /// # Errors
    /// [`PositionError`] naming the field at fault.
    pub fn parse_dyn(&self, text: &str) -> Result<Box<dyn DynState>, PositionError> {
        with_game!(self, g => Ok(Box::new(g.parse_position(text)?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_erased_state_plays_as_its_variant_and_types_back() {
        for info in crate::VARIANTS {
            let game = AnyGame::by_name(info.name).unwrap();
            let mut s = game.initial_dyn();
            let first = s.legal_mask().iter().next().unwrap();
            let before = s.clone();
            s.play(first).unwrap();
            assert_eq!(s.ply(), 1, "{}", info.name);
            assert!(!s.same(before.as_ref()));
            with_game!(&game, g => {
                let mut typed_start = g.initial_state();
                State::play(&mut typed_start, first).unwrap();
                assert_eq!(typed(g, s.as_ref()), &typed_start);
            });
            let again = game.parse_dyn(&s.position_text()).unwrap();
            assert_eq!(again.position_text(), s.position_text());
        }
    }
}
