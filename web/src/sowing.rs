//! The last move's sowing, step by step (`GET /api/sessions/ID/sowing`): the position before
//! the last move is rebuilt from the game's start and moves, and the move is played again
//! through the engine's traced play ([`mankala_engine::trace`]). The page only draws the
//! boards sent.

use axum::http::StatusCode;
use mankala_engine::{AnyGame, Game, State, with_game};
use serde_json::{Value, json};

use crate::error::ApiError;

/// Most steps sent for one move; a longer move (a cap of thousands of laps) is cut there and
/// marked `"truncated": true`.
pub const MAX_STEPS: usize = 20_000;

/// The game's line as the last answer holding a position gave it: the start position as
/// text and the moves since, in notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// The start position.
    pub start: String,
    /// The moves from it.
    pub moves: Vec<String>,
}

impl Line {
    /// The line of a protocol answer that holds a position (`start` and `moves`), if any.
    pub fn of_answer(answer: &Value) -> Option<Line> {
        if answer.get("ok") != Some(&Value::Bool(true)) {
            return None;
        }
        let start = answer.get("start")?.as_str()?.to_string();
        let moves = answer
            .get("moves")?
            .as_array()?
            .iter()
            .map(|m| m.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()?;
        Some(Line { start, moves })
    }
}

/// A 409: the request is well formed, but the game has no last move to show.
fn conflict(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, message)
}

/// An error of the game's own line, which the server made: a 500 naming it.
fn internal(message: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
}

/// The last move of `line` in `game`, played again with every step recorded, as the JSON the
/// page draws: the move, its mover, the board before it and each step's label, event,
/// changed holes and board.
///
/// # Errors
/// 409 when no game is open or no move has been played; 500 when the line does not replay
/// (it came from the server's own answers, so that is a bug).
pub fn last_move(game: Option<&AnyGame>, line: Option<&Line>) -> Result<Value, ApiError> {
    let (Some(game), Some(line)) = (game, line) else {
        return Err(conflict(
            "no game: start one with {\"cmd\": \"new\"} before asking for a move's sowing",
        ));
    };
    let Some((last, earlier)) = line.moves.split_last() else {
        return Err(conflict(
            "no move played yet in this game: play one, then ask for its sowing",
        ));
    };
    with_game!(game, g => {
        let mut s = g
            .parse_position(&line.start)
            .map_err(|e| internal(format!("the game's start `{}`: {e}", line.start)))?;
        for (k, name) in earlier.iter().enumerate() {
            let a = s
                .parse_action(name)
                .map_err(|e| internal(format!("the game's move {} `{name}`: {e}", k + 1)))?;
            s.play(a)
                .map_err(|e| internal(format!("the game's move {} `{name}`: {e}", k + 1)))?;
        }
        let a = s
            .parse_action(last)
            .map_err(|e| internal(format!("the game's last move `{last}`: {e}")))?;
        let ply = s.ply();
        let trace = s.play_traced(a);
        let truncated = trace.steps.len() > MAX_STEPS;
        let steps: Vec<Value> = trace
            .steps
            .iter()
            .take(MAX_STEPS)
            .map(|step| {
                json!({
                    "label": step.label,
                    "event": step.event,
                    "changed": step.changed_holes(),
                    "board": step.board,
                })
            })
            .collect();
        Ok(json!({
            "ok": true,
            "move": last,
            "action": a,
            "mover": trace.mover,
            "ply": ply,
            "before": trace.before,
            "steps": steps,
            "truncated": truncated,
            "position": s.position_text(),
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_only_from_a_successful_answer_with_a_position() {
        let answer = json!({"ok": true, "start": "S", "moves": ["C", "d"]});
        assert_eq!(
            Line::of_answer(&answer),
            Some(Line {
                start: "S".into(),
                moves: vec!["C".into(), "d".into()]
            })
        );
        assert_eq!(
            Line::of_answer(&json!({"ok": false, "start": "S", "moves": []})),
            None
        );
        assert_eq!(Line::of_answer(&json!({"ok": true, "legal": []})), None);
    }

    #[test]
    fn no_game_or_no_move_is_a_conflict_naming_what_to_do() {
        let e = last_move(None, None).unwrap_err();
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert!(e.message.contains("no game"), "{}", e.message);
        let game = AnyGame::by_name("kalah").unwrap();
        let start = with_game!(&game, g => g.initial_state().position_text());
        let line = Line {
            start,
            moves: vec![],
        };
        let e = last_move(Some(&game), Some(&line)).unwrap_err();
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert!(e.message.contains("no move played yet"), "{}", e.message);
    }
}
