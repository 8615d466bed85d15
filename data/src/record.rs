//! Game records: one played game (an arena's, a person's against an agent), saved one JSON
//! object a line in `games.jsonl` with its variant and rules ([`SavedGame`]), read back by
//! `mankala replay --record`, `judge` and the browser board. [`write_records`] and
//! [`read_records`] are the one writer and the one reader of such files; a [`GameJournal`]
//! appends games one at a time as they finish (an arena's `games.partial.jsonl`), and
//! [`read_journal`] reads back what a killed writer left.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    /// A journal that cannot be opened, mended or appended to.
    #[error("cannot append to game records {}", path.display())]
    Append {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
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
    let text: String = records.iter().map(|r| saved_line(game, r)).collect();
    Ok(atomic::write(path, text)?)
}

/// One saved line of `record` of `game`.
fn saved_line(game: &AnyGame, record: &GameRecord) -> String {
    let saved = SavedGame {
        variant: game.name().into(),
        rules: game.rules_table(),
        limits: game.limits_table(),
        record: record.clone(),
    };
    let mut line = serde_json::to_string(&saved).expect("a record serializes");
    line.push('\n');
    line
}

/// Games of one game appended to a file one line at a time as they finish, each line written
/// whole with its newline and synced to disk before [`GameJournal::append`] returns: a writer
/// killed half-way keeps every game it finished, and at most a last line without its newline,
/// which [`read_journal`] skips and [`GameJournal::open`] cuts off before appending.
#[derive(Debug)]
pub struct GameJournal {
    path: PathBuf,
    game: AnyGame,
    file: Mutex<File>,
}

impl GameJournal {
    /// Opens `path` for appending games of `game`, made when missing; a last line cut short
    /// (no newline) is removed first.
    ///
    /// # Errors
    /// [`RecordError::Append`] naming the file.
    pub fn open(path: &Path, game: &AnyGame) -> Result<Self, RecordError> {
        let io = |source| RecordError::Append {
            path: path.to_path_buf(),
            source,
        };
        // Appending (O_APPEND): each line lands at the end of the file, after another
        // writer's too, rather than over it.
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        let mut text = Vec::new();
        file.read_to_end(&mut text).map_err(io)?;
        let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if whole < text.len() {
            file.set_len(whole as u64).map_err(io)?;
        }
        file.seek(SeekFrom::Start(whole as u64)).map_err(io)?;
        Ok(Self {
            path: path.to_path_buf(),
            game: *game,
            file: Mutex::new(file),
        })
    }

    /// Appends `record` as one line and syncs it to disk.
    ///
    /// # Errors
    /// [`RecordError::Append`] naming the file.
    pub fn append(&self, record: &GameRecord) -> Result<(), RecordError> {
        let line = saved_line(&self.game, record);
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        file.write_all(line.as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(|source| RecordError::Append {
                path: self.path.clone(),
                source,
            })
    }
}

/// The games of a journal ([`GameJournal`]): every whole line, a last line without its
/// newline (a write cut short) skipped; no file reads as no games.
///
/// # Errors
/// [`RecordError`] naming the file, and a whole line that is not a game record.
pub fn read_journal(path: &Path) -> Result<Vec<SavedGame>, RecordError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(RecordError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    let whole = text.rfind('\n').map_or(0, |i| i + 1);
    parse_lines(path, &text[..whole])
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
    parse_lines(path, &text)
}

/// The game records of `text`, the contents of `path`, blank lines skipped.
fn parse_lines(path: &Path, text: &str) -> Result<Vec<SavedGame>, RecordError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn record(index: u64) -> GameRecord {
        GameRecord {
            index,
            south: "random".into(),
            north: "greedy".into(),
            start: None,
            opening_plies: 0,
            moves: vec!["a".into()],
            actions: vec![0],
            result: "south".into(),
            outcome: 1,
            scores: [30, 18],
            seed: index * 7,
            south_agent: 0,
            north_agent: 1,
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mankala-journal-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_journal_keeps_every_appended_game_and_drops_a_line_cut_short() {
        let dir = scratch("cut");
        let path = dir.join("games.partial.jsonl");
        let game = AnyGame::by_name("kalah").unwrap();
        assert!(read_journal(&path).unwrap().is_empty(), "no file, no games");
        let journal = GameJournal::open(&path, &game).unwrap();
        journal.append(&record(0)).unwrap();
        journal.append(&record(1)).unwrap();
        drop(journal);
        // A writer killed half-way through its third line.
        let whole = std::fs::read_to_string(&path).unwrap();
        let third = saved_line(&game, &record(2));
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(&third.as_bytes()[..third.len() / 2]).unwrap();
        drop(f);
        let read: Vec<u64> = read_journal(&path)
            .unwrap()
            .iter()
            .map(|g| g.record.index)
            .collect();
        assert_eq!(read, [0, 1]);
        assert!(read_records(&path).is_err(), "the cut line is not a record");
        // Reopened, the cut line is removed before the next game is appended.
        let journal = GameJournal::open(&path, &game).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        journal.append(&record(2)).unwrap();
        let read = read_journal(&path).unwrap();
        assert_eq!(
            read.iter().map(|g| g.record.clone()).collect::<Vec<_>>(),
            [record(0), record(1), record(2)]
        );
        assert_eq!(read[2].variant, "kalah");
        assert_eq!(read_records(&path).unwrap(), read);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_whole_line_that_is_not_a_record_is_named() {
        let dir = scratch("bad");
        let path = dir.join("games.partial.jsonl");
        std::fs::write(&path, "{\"not\": 1}\n").unwrap();
        let e = read_journal(&path).unwrap_err();
        assert!(matches!(e, RecordError::Bad { line: 1, .. }), "{e}");
        assert!(e.to_string().contains("games.partial.jsonl line 1"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
