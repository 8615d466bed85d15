//! The openings of self-play data — how often each line of first decisions was played and
//! how the first player (South) fared after it — and an agent's own view, by search, of
//! every first move and every reply.
//!
//! Games are read from shards of row layout version 2 or later (they record the action
//! played at each position), grouped by run and game ([`read_games`]), and replayed from the
//! variant's start, so that moves are named in notation by the player who makes them
//! ([`build_report`]). Every result is sorted fully and depends only on the input. Writing
//! reports is the caller's (`mankala openings`).

mod games;
mod lines;
mod model;

use std::path::PathBuf;

use mankala_engine::{Action, Player};
use thiserror::Error;

use crate::data::{ACTION_FORMAT_VERSION, DataError};

pub use games::{GameLine, Games, read_games};
pub use lines::{LineStats, Report, Tally, build_report, wilson};
pub use model::{MoveEval, evaluate, tree_size};

/// Shards that cannot give openings; each names the file, and the game where one is at
/// fault.
#[derive(Debug, Error)]
pub enum OpeningsError {
    /// A shard or directory cannot be read.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The directory holds no shards.
    #[error("{}: no Parquet shards (*.parquet) of self-play data", .0.display())]
    NoShards(PathBuf),
    /// The shards hold no rows.
    #[error("{}: the shards hold no games", .0.display())]
    NoGames(PathBuf),
    /// A shard written before actions were recorded.
    #[error(
        "{}: written before actions were recorded (data format version {version}); openings \
         need version {ACTION_FORMAT_VERSION} or later: play the games again with this build",
        .path.display()
    )]
    OldVersion {
        /// The shard.
        path: PathBuf,
        /// Its data format version.
        version: u32,
    },
    /// A shard of another variant.
    #[error("{}: data of variant {found}, expected {expected}", .path.display())]
    Variant {
        /// The shard.
        path: PathBuf,
        /// Its variant.
        found: String,
        /// The variant asked for.
        expected: &'static str,
    },
    /// A shard of other rules.
    #[error("{}: data of other rules ({found}) than asked ({expected})", .path.display())]
    Rules {
        /// The shard.
        path: PathBuf,
        /// Its rules, on one line.
        found: String,
        /// The rules asked for, on one line.
        expected: String,
    },
    /// A game found in two shards.
    #[error("{}: game {game} of run {run} is also in {}", .path.display(), .other.display())]
    TwoShards {
        /// The second shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The first shard.
        other: PathBuf,
    },
    /// A game with two rows at one ply.
    #[error("{}: game {game} of run {run} has two rows at ply {ply}", .path.display())]
    TwoRows {
        /// The shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The ply.
        ply: u32,
    },
    /// A game without a row at some ply before its last.
    #[error("{}: game {game} of run {run}: no row at ply {ply}", .path.display())]
    MissingRow {
        /// The shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The ply.
        ply: usize,
    },
    /// A row without an action that is not the game's last.
    #[error(
        "{}: game {game} of run {run}: no action at ply {ply}, yet the game goes on",
        .path.display()
    )]
    MissingAction {
        /// The shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The ply.
        ply: u32,
    },
    /// The rows and the rules disagree on the player to move.
    #[error(
        "{}: game {game} of run {run}, ply {ply}: {data} is to move in the data but {rules} by \
         the rules",
        .path.display()
    )]
    WrongMover {
        /// The shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The ply.
        ply: u32,
        /// The player to move by the rows.
        data: Player,
        /// The player to move by the rules.
        rules: Player,
    },
    /// A recorded action that is not legal in the replayed position.
    #[error(
        "{}: game {game} of run {run}, ply {ply}: action {action} is not legal in the replayed \
         position",
        .path.display()
    )]
    Illegal {
        /// The shard.
        path: PathBuf,
        /// The run.
        run: String,
        /// The game.
        game: u64,
        /// The ply.
        ply: u32,
        /// The action.
        action: Action,
    },
}

/// A value for the player to move, from South's view.
fn for_south(mover: Player, value: f32) -> f64 {
    match mover {
        Player::South => f64::from(value),
        Player::North => -f64::from(value),
    }
}
