//! The rules of the mancala games of mankala: positions, legal actions, play, outcomes,
//! player-relative encodings and move notation. No machine learning and no I/O.
//!
//! A variant is a [`Game`] value (static facts and rule options); a position is its
//! [`State`]. Actions are small integers seen from the player to move. [`AnyGame`] chooses
//! a variant at run time and [`with_game!`] dispatches generic code over it.
//!
//! ```
//! use mankala_engine::{AnyGame, Game, State, with_game};
//!
//! let game = AnyGame::by_name("oware").unwrap();
//! with_game!(game, g => {
//!     let mut s = g.initial_state();
//!     let a = s.parse_action("C").unwrap();
//!     s.play(a).unwrap();
//!     assert_eq!(s.snapshot().pits, vec![4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]);
//! });
//! ```

pub mod board;
pub mod dyn_state;
pub mod encoding;
pub mod error;
pub mod game;
pub mod notation;
pub mod perft;
pub mod position;
pub mod sow;
pub mod trace;
pub mod variants;

pub use dyn_state::{DynState, typed};
pub use error::{ConfigError, IllegalMove, ParseMoveError, PositionError};
pub use game::{
    Action, ActionList, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits,
    MAX_ACTIONS, Outcome, Player, PositionText, Snapshot, State,
};
pub use position::{POSITION_SCHEMA, PositionJson, position_json};
pub use trace::{Place, SowEvent, SowObserver, StepKind, Trace, TraceBoard, TraceStep, Unobserved};
pub use variants::{AnyGame, VARIANTS, VariantInfo, deserialize_table};

pub use encoding::{
    CountSpan, ENCODING_VERSION, Encoder, EncodingError, LATEST_ENCODING, RingLayout,
    THERMOMETER_LEVELS,
};
