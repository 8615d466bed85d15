//! The last move's sowing, step by step (`GET /api/sessions/ID/sowing`): the session keeps
//! the position before the last move, and the move is played again from it through the
//! engine's traced play ([`mankala_engine::trace`]). The page only draws the boards sent.

use axum::http::StatusCode;
use mankala_protocol::LiveGame;
use serde_json::{Value, json};

use crate::error::ApiError;

/// Most steps sent for one move; a longer move (a cap of thousands of laps) is cut there and
/// marked `"truncated": true`.
pub const MAX_STEPS: usize = 20_000;

/// A 409: the request is well formed, but the game has no last move to show.
fn conflict(message: impl Into<String>) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, message)
}

/// The last move of the live game played again from the position before it, with every
/// step recorded, as the JSON the page draws: the move, its mover, the board before it and
/// each step's label, event, changed holes and board.
///
/// # Errors
/// 409 when no game is open or no move has been played.
pub fn last_move(live: Option<&LiveGame>) -> Result<Value, ApiError> {
    let Some(live) = live else {
        return Err(conflict(
            "no game: start one with {\"cmd\": \"new\"} before asking for a move's sowing",
        ));
    };
    let Some((before, a)) = live.before_last() else {
        return Err(conflict(
            "no move played yet in this game: play one, then ask for its sowing",
        ));
    };
    let mut s = before.clone_box();
    let last = s.action_to_string(a);
    {
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
    }
}

#[cfg(test)]
mod tests {
    use mankala_protocol::Session;

    use super::*;

    #[test]
    fn no_game_or_no_move_is_a_conflict_naming_what_to_do() {
        let e = last_move(None).unwrap_err();
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert!(e.message.contains("no game"), "{}", e.message);
        let mut session = Session::default();
        session
            .handle_line(r#"{"cmd": "new", "variant": "kalah", "agent": "random"}"#)
            .unwrap();
        let e = last_move(session.game()).unwrap_err();
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert!(e.message.contains("no move played yet"), "{}", e.message);
        session
            .handle_line(r#"{"cmd": "play", "moves": ["C"]}"#)
            .unwrap();
        let v = last_move(session.game()).unwrap();
        assert_eq!(v["move"], "C");
        assert_eq!(v["ply"], 0);
    }
}
