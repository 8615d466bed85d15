//! Games read back from self-play shards: the one reader of whole games. The shards are
//! checked for the variant, its rules and the data format, and every game is replayed
//! through the engine, so a row at the wrong ply, a mover the rules disagree with or an
//! illegal action is an error naming the file, the game and the ply.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mankala_engine::{Action, AnyGame, Game, Player, State, with_game};
use thiserror::Error;

use crate::rules::{rules_difference, same_rules};
use crate::shard::{
    ACTION_FORMAT_VERSION, DataError, Row, ShardMeta, list_shards, read_meta, read_shard,
    read_version,
};

/// A game: its run and its id.
pub type GameKey = (String, u64);

/// Games by run and id.
pub type ShardGames = BTreeMap<GameKey, ShardGame>;

/// One decision of a game as its row recorded it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GamePly {
    /// The player to move.
    pub to_move: Player,
    /// The action played (none where a player resigned: the game's last row).
    pub action: Option<Action>,
    /// The search's root value for the player to move.
    pub root_value: f32,
}

/// A whole game of a shard, replayed and found legal.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardGame {
    /// The shard it was read from.
    pub file: PathBuf,
    /// Every decision from the start, by ply.
    pub plies: Vec<GamePly>,
    /// The result from South's view: +1, 0 (draw or capped), -1.
    pub outcome: i8,
}

impl ShardGame {
    /// The actions played from the variant's start, in order.
    pub fn actions(&self) -> Vec<Action> {
        self.plies.iter().filter_map(|p| p.action).collect()
    }
}

/// Shards that do not give whole games of the variant asked for; each names the file, and
/// the game and ply where one is at fault.
#[derive(Debug, Error)]
pub enum GamesError {
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
        "{}: written before actions were recorded (data format version {version}); games \
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
        /// Its options where they differ from those asked for.
        found: String,
        /// The options asked for where they differ.
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
        ply: u32,
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

/// Every game of `game`'s variant and rules in the shards of directory `dir` (and its
/// direct subdirectories), each replayed from the variant's start; and the number of shards.
///
/// # Errors
/// [`GamesError`]: no shards, a shard that cannot be read, is older than
/// [`ACTION_FORMAT_VERSION`], or is of another variant or rules; no rows at all; a game in
/// two shards, with two rows or none at a ply, or one that does not replay.
pub fn read_games(game: &AnyGame, dir: &Path) -> Result<(ShardGames, usize), GamesError> {
    let shards = list_shards(dir)?;
    if shards.is_empty() {
        return Err(GamesError::NoShards(dir.to_path_buf()));
    }
    let mut rows = BTreeMap::new();
    for path in &shards {
        check_version(path, read_version(path)?)?;
        check_meta(game, path, &read_meta(path)?)?;
        let (_, shard) = read_shard(path)?;
        add_rows(&mut rows, path, shard)?;
    }
    if rows.is_empty() {
        return Err(GamesError::NoGames(dir.to_path_buf()));
    }
    let games = rows
        .into_iter()
        .map(|(key, raw)| {
            let checked = with_game!(game, g => replay(g, &key, raw))?;
            Ok((key, checked))
        })
        .collect::<Result<ShardGames, GamesError>>()?;
    Ok((games, shards.len()))
}

/// A game's rows as read, by ply, before its replay.
struct RawGame {
    file: PathBuf,
    outcome: i8,
    plies: BTreeMap<u32, GamePly>,
}

/// Refuses files written before actions were recorded.
fn check_version(path: &Path, version: u32) -> Result<(), GamesError> {
    if version < ACTION_FORMAT_VERSION {
        return Err(GamesError::OldVersion {
            path: path.to_path_buf(),
            version,
        });
    }
    Ok(())
}

/// Refuses shards of another variant or other rules than `game`'s.
fn check_meta(game: &AnyGame, path: &Path, meta: &ShardMeta) -> Result<(), GamesError> {
    let want = game.name();
    if meta.variant != want {
        return Err(GamesError::Variant {
            path: path.to_path_buf(),
            found: meta.variant.clone(),
            expected: want,
        });
    }
    let asked = game.rules_toml();
    if !same_rules(&meta.rules, &asked) {
        let (found, expected) = rules_difference(&meta.rules, &asked);
        return Err(GamesError::Rules {
            path: path.to_path_buf(),
            found,
            expected,
        });
    }
    Ok(())
}

/// Adds a shard's rows to their games; side positions' rows (off the game's path) are left
/// out.
fn add_rows(
    games: &mut BTreeMap<GameKey, RawGame>,
    path: &Path,
    rows: Vec<Row>,
) -> Result<(), GamesError> {
    for r in rows.into_iter().filter(|r| !r.side) {
        let ply = game_ply(&r);
        let key = (r.run_id, r.game_id);
        let line = games.entry(key.clone()).or_insert_with(|| RawGame {
            file: path.to_path_buf(),
            outcome: r.outcome,
            plies: BTreeMap::new(),
        });
        if line.file != path {
            return Err(GamesError::TwoShards {
                path: path.to_path_buf(),
                run: key.0,
                game: key.1,
                other: line.file.clone(),
            });
        }
        if line.plies.insert(r.ply, ply).is_some() {
            return Err(GamesError::TwoRows {
                path: path.to_path_buf(),
                run: key.0,
                game: key.1,
                ply: r.ply,
            });
        }
    }
    Ok(())
}

/// What is wrong at one ply of a game, before the file and the game are named.
enum Fault {
    MissingRow(u32),
    WrongMover {
        ply: u32,
        data: Player,
        rules: Player,
    },
    Illegal {
        ply: u32,
        action: Action,
    },
    MissingAction(u32),
}

/// Replays a game's rows from the variant's start: a row at every ply, an action at every
/// ply but a resigning last one, the player to move as the rules say, every action legal.
fn replay<G: Game>(g: &G, key: &GameKey, raw: RawGame) -> Result<ShardGame, GamesError> {
    let plies = check_plies(g, &raw.plies, |_| {})
        .map_err(|fault| fault.named(&raw.file, &key.0, key.1))?;
    Ok(ShardGame {
        file: raw.file,
        plies,
        outcome: raw.outcome,
    })
}

impl Fault {
    /// The error of this fault in game `game` of run `run` in shard `path`.
    fn named(self, path: &Path, run: &str, game: u64) -> GamesError {
        let (path, run) = (path.to_path_buf(), run.to_string());
        match self {
            Fault::MissingRow(ply) => GamesError::MissingRow {
                path,
                run,
                game,
                ply,
            },
            Fault::WrongMover { ply, data, rules } => GamesError::WrongMover {
                path,
                run,
                game,
                ply,
                data,
                rules,
            },
            Fault::Illegal { ply, action } => GamesError::Illegal {
                path,
                run,
                game,
                ply,
                action,
            },
            Fault::MissingAction(ply) => GamesError::MissingAction {
                path,
                run,
                game,
                ply,
            },
        }
    }
}

/// One position on a game's path, rebuilt by [`positions`].
#[derive(Clone, Debug, PartialEq)]
pub struct PathPosition<S> {
    /// The index of its row among the rows given.
    pub row: usize,
    /// The position.
    pub state: S,
    /// The action played from it (none at a resigning last row).
    pub action: Option<Action>,
}

/// The positions on each game's path in `rows`, one shard's rows read from `path` (side
/// positions' rows left out): each game, in order of run and id, replayed from `g`'s start
/// and checked as [`read_games`] checks it.
///
/// # Errors
/// [`GamesError`] naming `path`, the game and the ply: two rows or none at a ply, a player
/// to move the rules disagree with, a missing or illegal action.
pub fn positions<G: Game>(
    g: &G,
    path: &Path,
    rows: &[Row],
) -> Result<Vec<Vec<PathPosition<G::State>>>, GamesError> {
    let mut games: BTreeMap<GameKey, BTreeMap<u32, usize>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate().filter(|(_, r)| !r.side) {
        let key = (r.run_id.clone(), r.game_id);
        if games
            .entry(key.clone())
            .or_default()
            .insert(r.ply, i)
            .is_some()
        {
            return Err(GamesError::TwoRows {
                path: path.to_path_buf(),
                run: key.0,
                game: key.1,
                ply: r.ply,
            });
        }
    }
    games
        .into_iter()
        .map(|((run, game), by_ply)| {
            let plies: BTreeMap<u32, GamePly> = by_ply
                .iter()
                .map(|(&ply, &i)| (ply, game_ply(&rows[i])))
                .collect();
            let mut states = Vec::with_capacity(plies.len());
            let checked = check_plies(g, &plies, |s| states.push(s.clone()))
                .map_err(|fault| fault.named(path, &run, game))?;
            Ok(by_ply
                .values()
                .zip(states)
                .zip(checked)
                .map(|((&row, state), p)| PathPosition {
                    row,
                    state,
                    action: p.action,
                })
                .collect())
        })
        .collect()
}

/// A row's decision.
fn game_ply(r: &Row) -> GamePly {
    GamePly {
        to_move: if r.to_move == 0 {
            Player::South
        } else {
            Player::North
        },
        action: r.action,
        root_value: r.root_value,
    }
}

/// The plies of a game, in order, if they replay under `g`'s rules; `visit` sees each ply's
/// position before its action is played.
fn check_plies<G: Game>(
    g: &G,
    rows: &BTreeMap<u32, GamePly>,
    mut visit: impl FnMut(&G::State),
) -> Result<Vec<GamePly>, Fault> {
    let last = rows.len().saturating_sub(1);
    let mut s = g.initial_state();
    let mut plies = Vec::with_capacity(rows.len());
    for (i, (&ply, row)) in rows.iter().enumerate() {
        if ply as usize != i {
            return Err(Fault::MissingRow(i as u32));
        }
        visit(&s);
        if s.to_move() != row.to_move {
            return Err(Fault::WrongMover {
                ply,
                data: row.to_move,
                rules: s.to_move(),
            });
        }
        match row.action {
            Some(action) if s.legal_mask().contains(action) => s.play_unchecked(action),
            Some(action) => return Err(Fault::Illegal { ply, action }),
            None if i == last => {}
            None => return Err(Fault::MissingAction(ply)),
        }
        plies.push(*row);
    }
    Ok(plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah() -> AnyGame {
        AnyGame::by_name("kalah").unwrap()
    }

    fn ply(to_move: Player, action: Option<Action>) -> GamePly {
        GamePly {
            to_move,
            action,
            root_value: 0.0,
        }
    }

    fn raw(plies: &[(u32, GamePly)]) -> RawGame {
        RawGame {
            file: PathBuf::from("shard-00007.parquet"),
            outcome: 0,
            plies: plies.iter().copied().collect(),
        }
    }

    fn replayed(plies: &[(u32, GamePly)]) -> Result<ShardGame, GamesError> {
        let key = ("r".to_string(), 3);
        with_game!(&kalah(), g => replay(g, &key, raw(plies)))
    }

    #[test]
    fn a_game_replays_with_its_actions_and_a_resigning_last_row() {
        let (s, n) = (Player::South, Player::North);
        // Kalah: C ends in South's store, so South moves again; F ends on North's side.
        let game = replayed(&[
            (0, ply(s, Some(2))),
            (1, ply(s, Some(5))),
            (2, ply(n, Some(0))),
            (3, ply(s, None)),
        ])
        .unwrap();
        assert_eq!(game.actions(), [2, 5, 0]);
        assert_eq!(game.plies.len(), 4);
    }

    #[test]
    fn rows_that_do_not_replay_are_named_by_file_game_and_ply() {
        let (s, n) = (Player::South, Player::North);
        for (plies, words) in [
            (
                vec![(0, ply(s, Some(2))), (1, ply(n, Some(0)))],
                "game 3 of run r, ply 1: north is to move in the data but south",
            ),
            (
                vec![(0, ply(s, Some(2))), (1, ply(s, Some(2)))],
                "game 3 of run r, ply 1: action 2 is not legal",
            ),
            (
                vec![(0, ply(s, Some(2))), (2, ply(s, Some(1)))],
                "game 3 of run r: no row at ply 1",
            ),
            (
                vec![(0, ply(s, None)), (1, ply(n, Some(1)))],
                "game 3 of run r: no action at ply 0",
            ),
        ] {
            let err = replayed(&plies).unwrap_err().to_string();
            assert!(
                err.contains("shard-00007.parquet") && err.contains(words),
                "{err}"
            );
        }
    }

    #[test]
    fn version_one_shards_are_refused_by_name() {
        let err = check_version(Path::new("d/shard-00001.parquet"), 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("d/shard-00001.parquet"), "{err}");
        assert!(err.contains("version 1"), "{err}");
        assert!(check_version(Path::new("x"), ACTION_FORMAT_VERSION).is_ok());
    }
}
