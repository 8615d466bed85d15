//! Reading the games of self-play shards: the rows an opening needs, by run and game.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mankala_engine::{Action, AnyGame, Player};

use super::OpeningsError;
use crate::data::{
    ACTION_FORMAT_VERSION, Row, ShardMeta, list_shards, read_meta, read_shard, read_version,
};

/// A game: its run and its id.
pub(super) type GameKey = (String, u64);

/// What an opening needs of one row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PlyRow {
    /// The player to move.
    pub(super) to_move: Player,
    /// The action played (none where a player resigned).
    pub(super) action: Option<Action>,
    /// The search's root value for the player to move.
    pub(super) root_value: f32,
}

/// What an opening needs of one game: its rows up to the depth, and its result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    /// The shard it was read from.
    pub(super) file: PathBuf,
    /// Its rows at plies `0..=depth`, by ply.
    pub(super) plies: BTreeMap<u32, PlyRow>,
    /// The result from South's view: +1, 0 (draw or capped), -1.
    pub(super) outcome: i8,
}

/// Games by run and id.
pub type Games = BTreeMap<(String, u64), GameLine>;

/// Every game of `game`'s variant and rules in the shards of directory `data` (rows up to
/// ply `depth`), and the number of shards.
///
/// # Errors
/// No shards, a shard that cannot be read, is of version 1, or is of another variant or
/// rules, no rows at all, or a game found in two shards or with two rows at one ply.
pub fn read_games(
    game: &AnyGame,
    data: &Path,
    depth: u32,
) -> Result<(Games, usize), OpeningsError> {
    let shards = list_shards(data)?;
    if shards.is_empty() {
        return Err(OpeningsError::NoShards(data.to_path_buf()));
    }
    let mut games = BTreeMap::new();
    for path in &shards {
        check_version(path, read_version(path)?)?;
        check_meta(game, path, &read_meta(path)?)?;
        let (_, rows) = read_shard(path)?;
        add_rows(&mut games, path, rows, depth)?;
    }
    if games.is_empty() {
        return Err(OpeningsError::NoGames(data.to_path_buf()));
    }
    Ok((games, shards.len()))
}

/// Refuses files written before actions were recorded.
fn check_version(path: &Path, version: u32) -> Result<(), OpeningsError> {
    if version < ACTION_FORMAT_VERSION {
        return Err(OpeningsError::OldVersion {
            path: path.to_path_buf(),
            version,
        });
    }
    Ok(())
}

/// Refuses shards of another variant or other rules than `game`'s.
fn check_meta(game: &AnyGame, path: &Path, meta: &ShardMeta) -> Result<(), OpeningsError> {
    let want = game.name();
    if meta.variant != want {
        return Err(OpeningsError::Variant {
            path: path.to_path_buf(),
            found: meta.variant.clone(),
            expected: want,
        });
    }
    let rules: Option<toml::Table> = toml::from_str(&meta.rules).ok();
    let asked = game.rules_table();
    if rules.as_ref() != Some(&asked) {
        return Err(OpeningsError::Rules {
            path: path.to_path_buf(),
            found: one_line(&meta.rules),
            expected: one_line(&toml::to_string(&asked).expect("a table serializes")),
        });
    }
    Ok(())
}

/// TOML text on one line, its lines separated by commas.
fn one_line(toml: &str) -> String {
    toml.trim().replace('\n', ", ")
}

/// Adds a shard's rows at plies up to `depth` to their games.
fn add_rows(
    games: &mut Games,
    path: &Path,
    rows: Vec<Row>,
    depth: u32,
) -> Result<(), OpeningsError> {
    for r in rows {
        let key = (r.run_id, r.game_id);
        let line = games.entry(key.clone()).or_insert_with(|| GameLine {
            file: path.to_path_buf(),
            plies: BTreeMap::new(),
            outcome: r.outcome,
        });
        if line.file != path {
            return Err(OpeningsError::TwoShards {
                path: path.to_path_buf(),
                run: key.0,
                game: key.1,
                other: line.file.clone(),
            });
        }
        if r.ply > depth {
            continue;
        }
        let row = PlyRow {
            to_move: if r.to_move == 0 {
                Player::South
            } else {
                Player::North
            },
            action: r.action,
            root_value: r.root_value,
        };
        if line.plies.insert(r.ply, row).is_some() {
            return Err(OpeningsError::TwoRows {
                path: path.to_path_buf(),
                run: key.0,
                game: key.1,
                ply: r.ply,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_one_shards_are_refused_by_name() {
        let err = check_version(Path::new("d/shard-00001.parquet"), 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("d/shard-00001.parquet") && err.contains("before actions were recorded"),
            "{err}"
        );
        assert!(check_version(Path::new("x"), ACTION_FORMAT_VERSION).is_ok());
    }
}
