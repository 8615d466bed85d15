//! Answers: one type per kind of answer, written as the response's fields, and [`Reply`],
//! the response line with `ok` and `id` (`docs/protocol.md`).
//!
//! Answers become JSON through [`serde_json::Value`], whose objects keep their keys in
//! alphabetical order: the responses' key order.

use std::time::Duration;

use mankala_engine::{Action, Game, PositionJson, State, position_json};
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::error::{ProtocolError, message};
use mankala_agents::Analysis;

/// The answer to a request that succeeded.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// `new`.
    NewGame(NewGameAnswer),
    /// `position`, `play`, `undo`.
    Position(Position),
    /// `legal`.
    Legal(Legal),
    /// `search`.
    Search(SearchAnswer),
    /// `go`.
    Go(GoAnswer),
    /// `show`.
    Show(Shown),
    /// `quit`.
    Bye(Bye),
}

/// A position: the engine's position object (`PositionJson`, schema 1, the shape every tool
/// gives a position in), the position the game started from, the moves since and the last
/// of them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Position {
    /// The position object.
    #[serde(flatten)]
    pub position: PositionJson,
    /// The position the game started from, as text.
    pub start: String,
    /// The moves from `start`, in notation.
    pub moves: Vec<String>,
    /// The last move.
    pub last_move: Option<MoveRef>,
}

impl Position {
    /// The position `s` of `g` reached from `start` by `moves`, whose notation is `names`.
    /// The one place a position is turned into response fields.
    pub fn of<G: Game>(
        g: &G,
        s: &G::State,
        start: String,
        moves: &[Action],
        names: &[String],
    ) -> Position {
        Position {
            position: position_json(g, s),
            start,
            moves: names.to_vec(),
            last_move: moves
                .last()
                .zip(names.last())
                .map(|(&action, name)| MoveRef {
                    name: name.clone(),
                    action,
                }),
        }
    }
}

/// A move in notation and as an action index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveRef {
    /// Its notation.
    #[serde(rename = "move")]
    pub name: String,
    /// Its action index.
    pub action: Action,
}

impl MoveRef {
    /// Action `a` of position `s`.
    pub fn of<S: State>(s: &S, a: Action) -> MoveRef {
        MoveRef {
            name: s.action_to_string(a),
            action: a,
        }
    }
}

/// The answer to `new`: the start position with the game and agent chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewGameAnswer {
    /// The start position.
    #[serde(flatten)]
    pub position: Position,
    /// The agent spec.
    pub agent: String,
    /// The seed of the agent's random stream.
    pub seed: u64,
    /// The rule options, every key written out.
    pub rules: Value,
    /// The caps, every key written out.
    pub limits: Value,
}

/// The answer to `legal`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Legal {
    /// Plies from the start.
    pub ply: u32,
    /// The player to move; `None` once the game is over.
    pub to_move: Option<&'static str>,
    /// The legal moves in notation.
    pub legal: Vec<String>,
    /// The legal moves as action indices.
    pub legal_actions: Vec<Action>,
    /// Whether the game is over.
    pub terminal: bool,
}

impl Legal {
    /// The legal moves of `s`.
    pub fn of<S: State>(s: &S) -> Legal {
        let legal = s.legal_actions();
        Legal {
            ply: s.ply(),
            to_move: to_move(s),
            legal: legal.iter().map(|&a| s.action_to_string(a)).collect(),
            legal_actions: legal.to_vec(),
            terminal: s.is_terminal(),
        }
    }
}

/// The answer to `search`: the agent's analysis of a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SearchAnswer {
    /// Plies from the start.
    pub ply: u32,
    /// The player to move.
    pub to_move: Option<&'static str>,
    /// The move the agent would play.
    pub best: MoveRef,
    /// Its value for the player to move, if it has one.
    pub value: Option<f32>,
    /// Its policy over the legal moves, in action order.
    pub policy: Vec<PolicyEntry>,
    /// Simulations run.
    pub simulations: u32,
    /// Milliseconds the analysis took.
    pub elapsed_ms: u64,
}

impl SearchAnswer {
    /// `analysis` of `s`, which took `elapsed`.
    pub fn of<S: State>(s: &S, analysis: &Analysis, elapsed: Duration) -> SearchAnswer {
        let mut policy = analysis.policy.clone();
        policy.sort_by_key(|&(a, _)| a);
        SearchAnswer {
            ply: s.ply(),
            to_move: to_move(s),
            best: MoveRef::of(s, analysis.action),
            value: analysis.value,
            policy: policy
                .iter()
                .map(|&(a, p)| PolicyEntry {
                    name: s.action_to_string(a),
                    action: a,
                    p,
                })
                .collect(),
            simulations: analysis.simulations,
            elapsed_ms: u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
        }
    }
}

/// One move's share of a policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyEntry {
    /// Its notation.
    #[serde(rename = "move")]
    pub name: String,
    /// Its action index.
    pub action: Action,
    /// Its probability.
    pub p: f32,
}

/// The answer to `go`: the position after the agent's move and the analysis behind it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoAnswer {
    /// The position after the move.
    #[serde(flatten)]
    pub position: Position,
    /// The analysis of the position before it.
    pub search: SearchAnswer,
}

/// The answer to `show`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Shown {
    /// Plies from the start.
    pub ply: u32,
    /// The board as `mankala show` draws it.
    pub board: String,
    /// Whose turn and the legal moves, or the result.
    pub status: String,
}

impl Shown {
    /// Position `s` drawn.
    pub fn of<S: State>(s: &S) -> Shown {
        Shown {
            ply: s.ply(),
            board: s.to_string(),
            status: status(s),
        }
    }
}

/// The answer to `quit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bye {
    /// Always true.
    pub bye: bool,
}

/// One response line, and whether the session ends after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    /// The response: `ok`, the request's `id`, and the answer's fields or an `error`.
    pub json: Value,
    /// The request was a `quit` that succeeded.
    pub quit: bool,
}

impl Reply {
    /// The response to the request with `id`: the answer's fields and `"ok": true`, or
    /// `"ok": false` and the error's message.
    pub fn new(id: Value, result: &Result<Answer, ProtocolError>) -> Reply {
        let quit = matches!(result, Ok(Answer::Bye(_)));
        let fields = match result.as_ref().map(serde_json::to_value) {
            Ok(Ok(Value::Object(fields))) => Ok(fields),
            Ok(Ok(other)) => Ok(Map::from_iter([("answer".to_string(), other)])),
            Ok(Err(e)) => Err(message(&e)),
            Err(e) => Err(message(e)),
        };
        let json = match fields {
            Ok(mut fields) => {
                fields.insert("ok".into(), Value::Bool(true));
                fields.insert("id".into(), id);
                Value::Object(fields)
            }
            Err(error) => json!({"ok": false, "id": id, "error": error}),
        };
        Reply { json, quit }
    }
}

/// `"south"` or `"north"`, or `None` once the game is over.
fn to_move<S: State>(s: &S) -> Option<&'static str> {
    (!s.is_terminal()).then(|| s.to_move().name())
}

/// The line under a board of `mankala show`: whose turn and the legal moves, or the result.
pub fn status<S: State>(s: &S) -> String {
    match s.outcome() {
        Some(o) => format!(
            "game over after {} plies: {} (scores {} - {})",
            s.ply(),
            o.result_name(),
            o.scores[0],
            o.scores[1]
        ),
        None => {
            let legal: Vec<String> = s
                .legal_actions()
                .iter()
                .map(|&a| s.action_to_string(a))
                .collect();
            format!(
                "ply {}, {} to move; legal: {}",
                s.ply(),
                s.to_move(),
                legal.join(" ")
            )
        }
    }
}
