//! The openings of self-play data — how often each line of first decisions was played and
//! how the first player (South) fared after it — and an agent's own view, by search, of
//! every first move and every reply.
//!
//! Games are read from shards of row layout version 2 or later (they record the action
//! played at each position) by the one reader of whole games ([`read_games`], which replays
//! and checks every game), and moves are named in notation by the player who makes them
//! ([`build_report`]). Every result is sorted fully and depends only on the input. Writing
//! reports is the caller's (`mankala openings`).

pub mod files;
mod lines;
mod model;

use mankala_engine::Player;

pub use lines::{LineStats, Report, Tally, build_report, wilson};
pub use mankala_data::games::{GamesError, ShardGames, read_games};
pub use model::{MoveEval, evaluate, tree_size};

/// A value for the player to move, from South's view.
fn for_south(mover: Player, value: f32) -> f64 {
    match mover {
        Player::South => f64::from(value),
        Player::North => -f64::from(value),
    }
}
