//! Game records: one played game (an arena's, a person's against an agent), saved one JSON
//! object a line in `games.jsonl` with its variant and rules ([`SavedGame`]), read back by
//! `mankala replay --record`, `judge` and the browser board. [`write_records`] and
//! [`read_records`] are the one writer and the one reader of such files.

use std::path::{Path, PathBuf};

use mankala_engine::{Action, AnyGame};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::atomic::{self, WriteError};

/// A played game, as saved in an arena's `games.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number in the arena.
    pub index: u64,
    /// South's agent spec.
    pub south: String,
    /// North's agent spec.
    pub north: String,
    /// The position the game started from, as text; absent: the variant's start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The first this many actions were the opening, not the agents' choice.
    pub opening_plies: u32,
    /// Every action in notation, opening included.
    pub moves: Vec<String>,
    /// Every action as an index (what `mankala replay` reads back).
    pub actions: Vec<Action>,
    /// `south`, `north`, `draw`, `capped-plies` or `capped-laps`.
    pub result: String,
    /// The result from South's view: +1, 0, -1.
    pub outcome: i8,
    /// Final seeds of South and North.
    pub scores: [u32; 2],
    /// Seed of the agents' random choices.
    pub seed: u64,
    /// Index of South's agent in the arena.
    pub south_agent: usize,
    /// Index of North's agent.
    pub north_agent: usize,
}

/// A game record as saved: the game's variant and rules with it, so that
/// `mankala replay --record` needs nothing else.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: toml::Table,
    /// Its caps.
    pub limits: toml::Table,
    /// The game.
    #[serde(flatten)]
    pub record: GameRecord,
}

/// A game-record file that cannot be read or written.
#[derive(Debug, Error)]
pub enum RecordError {
    /// The file cannot be read.
    #[error("cannot read game records {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line that is not a game record.
    #[error("{} line {line}: not a game record", path.display())]
    Bad {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// No game with the index asked for.
    #[error("{}: no game with index {index}", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
        /// The game's index.
        index: u64,
    },
    /// The file cannot be written.
    #[error(transparent)]
    Write(#[from] WriteError),
}

/// Writes `records` of `game` to `path` as JSON lines, each with the variant and rules,
/// whole or not at all.
///
/// # Errors
/// [`RecordError::Write`] naming the file.
pub fn write_records(
    path: &Path,
    game: &AnyGame,
    records: &[GameRecord],
) -> Result<(), RecordError> {
    let mut text = String::new();
    for r in records {
        let saved = SavedGame {
            variant: game.name().into(),
            rules: game.rules_table(),
            limits: game.limits_table(),
            record: r.clone(),
        };
        text.push_str(&serde_json::to_string(&saved).expect("a record serializes"));
        text.push('\n');
    }
    Ok(atomic::write(path, text)?)
}

/// Every game record of `path`, blank lines skipped.
///
/// # Errors
/// [`RecordError`] naming the file, and the line that is not a game record.
pub fn read_records(path: &Path) -> Result<Vec<SavedGame>, RecordError> {
    let text = std::fs::read_to_string(path).map_err(|source| RecordError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            serde_json::from_str(l).map_err(|source| RecordError::Bad {
                path: path.to_path_buf(),
                line: n + 1,
                source,
            })
        })
        .collect()
}

/// The game whose `index` field is `index` in `path`.
///
/// # Errors
/// As [`read_records`], and [`RecordError::NoGame`] when no game has that index.
pub fn load_game(path: &Path, index: u64) -> Result<SavedGame, RecordError> {
    read_records(path)?
        .into_iter()
        .find(|g| g.record.index == index)
        .ok_or_else(|| RecordError::NoGame {
            path: path.to_path_buf(),
            index,
        })
}
