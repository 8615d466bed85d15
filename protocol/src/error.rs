//! The protocol's errors. Each becomes the `error` text of a response through [`message`],
//! which joins an error and its causes the way the command line prints errors.

use std::error::Error as StdError;

use mankala_engine::{Action, ConfigError, IllegalMove, ParseMoveError, PositionError};
use thiserror::Error;

use super::COMMANDS;
use super::setup::BoxError;
use mankala_agents::AgentError;

/// A request that could not be answered: the line could not be read as a request, or its
/// command failed.
#[derive(Debug, Error)]
pub enum ProtocolError {
    /// The line is not UTF-8.
    #[error("the line is not UTF-8 text")]
    NotUtf8,
    /// Answering the request panicked; the session is as it was.
    #[error(
        "internal error while answering this request (details on stderr); the position is \
         unchanged"
    )]
    Internal,
    /// The line is not JSON.
    #[error("not JSON ({0}); expected one object per line such as {{\"cmd\": \"show\"}}")]
    NotJson(serde_json::Error),
    /// The line is JSON but not an object (the kind of value it is).
    #[error("expected a JSON object such as {{\"cmd\": \"show\"}}, found {0}")]
    NotAnObject(&'static str),
    /// The request has no `cmd`.
    #[error("missing \"cmd\"; expected one of: {}", commands())]
    MissingCmd,
    /// `cmd` is not a string.
    #[error("\"cmd\" must be a string (one of: {}), found {found}", commands())]
    CmdNotAString {
        /// The kind of value found.
        found: &'static str,
    },
    /// No command has that name.
    #[error("unknown command `{cmd}`; expected one of: {}", commands())]
    UnknownCommand {
        /// The name given.
        cmd: String,
    },
    /// A known command failed; the message starts with its name.
    #[error("{cmd}")]
    Command {
        /// The command.
        cmd: &'static str,
        /// Why it failed.
        source: Box<CommandError>,
    },
}

/// Why a known command failed. Nothing of the session changed.
#[derive(Debug, Error)]
pub enum CommandError {
    /// A field the command does not take, when it takes none.
    #[error("unknown field \"{field}\": `{cmd}` takes no fields")]
    NoFields {
        /// The field.
        field: String,
        /// The command.
        cmd: &'static str,
    },
    /// A field the command does not take.
    #[error("unknown field \"{field}\"; expected {}", expected.join(", "))]
    UnknownField {
        /// The field.
        field: String,
        /// The fields the command takes.
        expected: &'static [&'static str],
    },
    /// A field that must be a string is not.
    #[error("\"{field}\" must be a string, found {found}")]
    NotAString {
        /// The field.
        field: &'static str,
        /// The kind of value found.
        found: &'static str,
    },
    /// A field that must be a whole number in a range is not.
    #[error("\"{field}\": {value}: expected a whole number from {min} to {max}")]
    NotANumber {
        /// The field.
        field: &'static str,
        /// The value found, as JSON.
        value: String,
        /// The least allowed.
        min: u64,
        /// The most allowed.
        max: u64,
    },
    /// A field of options is not an object.
    #[error(
        "\"{field}\" must be an object of options such as {{\"seeds_per_hole\": 3}}, found \
         {found}"
    )]
    NotATable {
        /// The field.
        field: &'static str,
        /// The kind of value found.
        found: &'static str,
    },
    /// A field of options is an object that is not a table of options.
    #[error("\"{field}\": {message}")]
    BadTable {
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// `moves` is neither a list nor a string.
    #[error("\"moves\" must be a list such as [\"C\", \"d\"] or [2, 3], found {0}")]
    MovesNotAList(&'static str),
    /// An item of `moves` is neither a name nor an index.
    #[error(
        "move {index} of {count}: expected a name such as \"C\" or an action index, found \
         {found}"
    )]
    NotAMove {
        /// Its number in the list, from 1.
        index: usize,
        /// The length of the list.
        count: usize,
        /// The kind of value found.
        found: &'static str,
    },
    /// `play` without `moves`.
    #[error("missing \"moves\": a list such as [\"C\", \"d\"] or [2, 3]")]
    MissingMoves,
    /// `play` with an empty list of moves.
    #[error("\"moves\" is empty: expected at least one move")]
    NoMoves,
    /// `simulations` and `millis` together.
    #[error("give \"simulations\" or \"millis\", not both")]
    TwoBudgets,
    /// `new` with neither a variant nor a config file.
    #[error("missing \"variant\" (a name from `mankala variants`) or \"config\" (a config file)")]
    NoVariant,
    /// `new` naming a variant that is not the config file's.
    #[error("\"variant\" is `{variant}` but config {path} is for `{config}`")]
    VariantMismatch {
        /// The variant named.
        variant: String,
        /// The config file.
        path: String,
        /// The config file's variant.
        config: &'static str,
    },
    /// The variant, its rules or its limits cannot be used.
    #[error(transparent)]
    Game(#[from] ConfigError),
    /// The config file cannot be read or used.
    #[error(transparent)]
    Config(BoxError),
    /// The agent spec cannot be read or its model cannot be loaded.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// A command that needs a game before any `new`.
    #[error(
        "no game yet: start one with {{\"cmd\": \"new\", \"variant\": \"kalah\"}} (see `mankala \
         variants`)"
    )]
    NoGame,
    /// A move of a list that is malformed or not legal.
    #[error("move {index} of {count}")]
    Move {
        /// Its number in the list, from 1.
        index: usize,
        /// The length of the list.
        count: usize,
        /// Why.
        source: ParseMoveError,
    },
    /// An action that is not legal where it was played.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A position text (`position`) that cannot be read, or is not a position of the game.
    #[error("{0}")]
    Position(#[from] PositionError),
    /// `undo` of more moves than were played.
    #[error("cannot take back {count} moves: {played} played")]
    Undo {
        /// Moves asked for.
        count: u32,
        /// Moves played.
        played: usize,
    },
    /// `search` or `go` once the game is over.
    #[error(
        "the game is over ({result}, scores {} - {}); there is nothing to search",
        scores[0],
        scores[1]
    )]
    GameOver {
        /// The result's name.
        result: &'static str,
        /// Final scores of South and North.
        scores: [u32; 2],
    },
    /// The agent answered with an action that is not legal.
    #[error("the agent chose action {0}, which is not legal here")]
    AgentIllegal(Action),
    /// An answer could not be written as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// The commands, comma separated.
fn commands() -> String {
    COMMANDS.join(", ")
}

/// An error and its causes joined by `: `, each cause left out when the text before already
/// says it (typed errors often print their source in their own message).
pub fn message(error: &(dyn StdError + 'static)) -> String {
    let mut text = String::new();
    let mut next = Some(error);
    while let Some(e) = next {
        let s = e.to_string();
        if !text.contains(&s) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&s);
        }
        next = e.source();
    }
    text
}
