//! Typed errors of the engine.

use thiserror::Error;

use crate::game::Action;

/// An action that is not legal in the position it was played in.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}", if *.terminal { format!("action {action} at ply {ply}: the game is over") } else { format!("action {action} is not legal at ply {ply}") })]
pub struct IllegalMove {
    /// The action that was refused.
    pub action: Action,
    /// The ply of the position it was played in.
    pub ply: u32,
    /// Whether the game was already over.
    pub terminal: bool,
}

/// A move written in notation that cannot be read or is not legal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing names a legal move by that text.
    #[error("move `{text}` is not legal here (ply {ply}); legal moves: {legal}")]
    NotLegal {
        /// The text given.
        text: String,
        /// The ply of the position.
        ply: u32,
        /// The legal moves in notation, comma separated.
        legal: String,
    },
    /// The game is over.
    #[error("move `{text}`: the game is already over (ply {ply})")]
    GameOver {
        /// The text given.
        text: String,
        /// The ply of the position.
        ply: u32,
    },
}

/// A variant name or rule option that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ConfigError {
    /// No variant has that name.
    #[error("unknown variant `{name}`; expected one of: {known}")]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The known variant names, comma separated.
        known: String,
    },
    /// A table did not deserialize (unknown key, wrong type).
    #[error("[{table}]: {message}")]
    Invalid {
        /// The table, e.g. `rules` or `limits`.
        table: String,
        /// What serde said, naming the key.
        message: String,
    },
    /// A value outside what the rules allow.
    #[error("[{table}] {key} = {value}: expected {expected}")]
    OutOfRange {
        /// The table.
        table: String,
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
}

/// A position written as text (`docs/notation.md`, "Positions as text") that cannot be read,
/// or that is not a position of the game and rules in force. The message names the field of
/// the text; callers say where the text came from (`--position: field ...`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is empty.
    #[error("the position text is empty; expected `<variant> <rows> <to move> [fields]`")]
    Empty,
    /// The text names another variant than the game in force.
    #[error("the text is a `{found}` position, where a `{expected}` one is expected")]
    WrongVariant {
        /// The game in force.
        expected: String,
        /// The first word of the text.
        found: String,
    },
    /// A field is missing.
    #[error("field `{field}` is missing; expected {expected}")]
    Missing {
        /// The field.
        field: String,
        /// What it should hold.
        expected: String,
    },
    /// A field holds a value that cannot be read or is out of range.
    #[error("field `{field}` = `{value}`: expected {expected}")]
    Field {
        /// The field.
        field: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// A field the variant's positions do not have.
    #[error("unknown field `{field}`; {variant} positions take: {known}")]
    UnknownField {
        /// The field given.
        field: String,
        /// The variant.
        variant: String,
        /// The fields it takes, comma separated.
        known: String,
    },
    /// A field given twice.
    #[error("field `{field}` is given twice")]
    Duplicate {
        /// The field.
        field: String,
    },
    /// The fields are readable but do not make a position of the game: the seeds do not add
    /// up, a decision that cannot arise there, and so on.
    #[error("field `{field}`: {message}")]
    Inconsistent {
        /// The field the check is about.
        field: String,
        /// What is wrong, and what was expected.
        message: String,
    },
}
