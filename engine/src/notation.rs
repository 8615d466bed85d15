//! Move notation: reading a move by its printed name or its action index.

use crate::error::ParseMoveError;
use crate::game::{Action, State};

/// Finds the legal action whose notation is `text` (case-insensitive, surrounding space
/// ignored), or whose action index is `text`.
///
/// # Errors
/// [`ParseMoveError`] when the game is over or nothing legal matches.
pub fn parse_by_names<S: State>(state: &S, text: &str) -> Result<Action, ParseMoveError> {
    let t = text.trim();
    let legal = state.legal_actions();
    if legal.is_empty() {
        return Err(ParseMoveError::GameOver {
            text: t.to_string(),
            ply: state.ply(),
        });
    }
    if let Ok(index) = t.parse::<Action>() {
        if legal.contains(&index) {
            return Ok(index);
        }
    } else if let Some(&a) = legal
        .iter()
        .find(|&&a| state.action_to_string(a).eq_ignore_ascii_case(t))
    {
        return Ok(a);
    }
    Err(ParseMoveError::NotLegal {
        text: t.to_string(),
        ply: state.ply(),
        legal: legal
            .iter()
            .map(|&a| state.action_to_string(a))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// Splits a move list on spaces and commas.
pub fn split_moves(list: &str) -> impl Iterator<Item = &str> {
    list.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
}
