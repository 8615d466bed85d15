//! Reanalysis (MuZero's Reanalyze): the positions of recorded self-play games searched again
//! with a newer evaluator, so that a better network makes better policy targets and root
//! values from the same positions. The games' results, and so the rows' value targets, stay.
//!
//! A shard stores each position's features, not the position, so [`replay`] rebuilds the
//! positions on each game's path from the variant's start by the actions the rows record
//! (`mankala_data::games::positions`, the one reader of whole games), and checks every
//! rebuilt position against its row's features before anything is searched. Side positions
//! (off the game's path) cannot be rebuilt and keep their targets.

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use mankala_config::SearchConfig;
use mankala_data::Row;
use mankala_data::games::{GamesError, PathPosition, positions};
use mankala_engine::{Action, Encoder, Game, MAX_ACTIONS};
use mankala_search::batch::Driver;
use mankala_search::evaluator::Evaluator;
use mankala_search::game_seed;
use mankala_search::mcts::Search;

use crate::run::on_workers;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Rows whose games cannot be replayed to them.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// A game does not replay by the rules.
    #[error(transparent)]
    Games(#[from] GamesError),
    /// A replayed position is not the one its row recorded.
    #[error(
        "{}: game {game_id}, ply {ply}: the position rebuilt from the recorded actions differs \
         from the row's features",
        .path.display()
    )]
    Features {
        /// The shard.
        path: PathBuf,
        /// The game's id.
        game_id: u64,
        /// The row's ply.
        ply: u32,
    },
}

/// One game's positions on its path, rebuilt, in ply order.
pub type GamePath<S> = Vec<PathPosition<S>>;

/// Rebuilds the positions of the rows on each game's path (`side` false) in `rows`, one
/// shard's rows read from `path`, game by game, by replaying the recorded actions from
/// `game`'s start, and checks each against its row's features (`encoder` must be the rows'
/// encoding).
///
/// # Errors
/// [`ReplayError`] naming the shard, the game and the ply of the first row that does not
/// replay or whose features differ.
pub fn replay<G: Game>(
    game: &G,
    encoder: &Encoder,
    path: &Path,
    rows: &[Row],
) -> Result<Vec<GamePath<G::State>>, ReplayError> {
    let paths = positions(game, path, rows)?;
    let mut features = vec![0.0; encoder.len()];
    for p in paths.iter().flatten() {
        encoder.encode(&p.state, &mut features);
        let row = &rows[p.row];
        if features != row.features {
            return Err(ReplayError::Features {
                path: path.to_path_buf(),
                game_id: row.game_id,
                ply: row.ply,
            });
        }
    }
    Ok(paths)
}

/// What a reanalysis search found for one row.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// The row's index.
    pub row: usize,
    /// The new policy target (visit shares, or Gumbel's improved policy), one entry per action.
    pub policy: Vec<f32>,
    /// The new root value, for the player to move.
    pub root_value: f32,
    /// Simulations the search ran.
    pub simulations: u32,
}

/// How a reanalysis searches.
#[derive(Clone, Debug)]
pub struct Reanalysis<'a> {
    /// The search settings: every position gets a full search of `simulations`, without root
    /// noise.
    pub search: &'a SearchConfig,
    /// The seed of the searches' random draws (Gumbel's); game `i` draws from a generator
    /// seeded by it and `i`.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Games one worker searches at once, their leaves evaluated together.
    pub games_per_worker: usize,
}

/// Searches every position of `paths` again (as [`replay`] rebuilt them from `rows`) with
/// the evaluators `make_evaluator` builds, one per worker, and writes the results into
/// `rows`: the policy target, the root value and the simulations, the row marked as a full
/// search. `progress` is called with the positions searched so far. Returns them.
///
/// # Errors
/// When the worker threads cannot be started.
pub fn reanalyse<G, E>(
    game: &G,
    how: &Reanalysis<'_>,
    paths: Vec<GamePath<G::State>>,
    rows: &mut [Row],
    make_evaluator: impl Fn(usize) -> E + Sync,
    mut progress: impl FnMut(u64),
) -> Result<u64, rayon::ThreadPoolBuildError>
where
    G: Game,
    E: Evaluator<G>,
{
    let threads = how.threads.max(1);
    let paths: Vec<GamePath<G::State>> = paths.into_iter().filter(|p| !p.is_empty()).collect();
    let ids: Vec<u64> = paths.iter().map(|p| rows[p[0].row].game_id).collect();
    let n = game.num_actions().min(MAX_ACTIONS);
    let mut searched = 0u64;
    on_workers(
        game,
        threads,
        (how.games_per_worker.max(1), how.search.leaves_per_game),
        make_evaluator,
        |w| {
            paths
                .iter()
                .zip(&ids)
                .skip(w)
                .step_by(threads)
                .map(|(path, &id)| GameSearch::new(how, id, path, n))
        },
        |g: GameSearch<G>| g.done,
        |results: Vec<Searched>| {
            for r in results {
                let row = &mut rows[r.row];
                row.policy = r.policy;
                row.root_value = r.root_value;
                row.simulations = r.simulations;
                row.full_search = true;
                searched += 1;
            }
            progress(searched);
        },
    )?;
    Ok(searched)
}

/// One game's positions searched in turn, the tree kept from one to the next as self-play
/// keeps it.
struct GameSearch<G: Game> {
    search: Search<G>,
    rng: SmallRng,
    simulations: u32,
    /// The position being searched: its row and the action played from it.
    current: (usize, Option<Action>),
    rest: VecDeque<PathPosition<G::State>>,
    actions: usize,
    done: Vec<Searched>,
}

impl<G: Game> GameSearch<G> {
    fn new(
        how: &Reanalysis<'_>,
        game_id: u64,
        path: &[PathPosition<G::State>],
        actions: usize,
    ) -> Self {
        let mut rest: VecDeque<_> = path.iter().cloned().collect();
        let PathPosition { row, state, action } =
            rest.pop_front().expect("a path of at least one position");
        let mut rng = SmallRng::seed_from_u64(game_seed(how.seed, game_id));
        let mut search = Search::new(how.search.clone(), state);
        search.start(how.search.simulations, None, &mut rng);
        GameSearch {
            search,
            rng,
            simulations: how.search.simulations,
            current: (row, action),
            actions,
            done: Vec::with_capacity(rest.len() + 1),
            rest,
        }
    }
}

impl<G: Game> Driver<G> for GameSearch<G> {
    fn parts(&mut self) -> (&mut Search<G>, &mut SmallRng) {
        (&mut self.search, &mut self.rng)
    }

    fn search_done(&mut self) -> bool {
        let result = self.search.result();
        self.done.push(Searched {
            row: self.current.0,
            policy: result.policy[..self.actions].to_vec(),
            root_value: result.root_value,
            simulations: self.search.simulations(),
        });
        let Some(PathPosition { row, state, action }) = self.rest.pop_front() else {
            return false;
        };
        match self.current.1 {
            Some(played) => self.search.advance(played, state),
            None => unreachable!("replay records an action before every later row"),
        }
        self.current = (row, action);
        self.search.start(self.simulations, None, &mut self.rng);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Settings;
    use crate::run::{Shards, selfplay};
    use mankala_config::SelfplayConfig;
    use mankala_data::{ShardMeta, read_shard};
    use mankala_engine::{AnyGame, State};
    use mankala_search::evaluator::{RolloutEvaluator, UniformEvaluator};

    /// Self-play rows of `games` games of `variant`, searched with random rollouts.
    fn rows_of(variant: &str, games: u64, selfplay_cfg: SelfplayConfig) -> (AnyGame, Vec<Row>) {
        let game = AnyGame::by_name(variant).expect("a variant");
        let dir = std::env::temp_dir().join(format!(
            "mankala-reanalyse-{variant}-{}-{games}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let search = SearchConfig {
            simulations: 16,
            ..SearchConfig::default()
        };
        let settings = Settings {
            search,
            selfplay: SelfplayConfig {
                games_per_worker: 4,
                games_per_shard: 100,
                ..selfplay_cfg
            },
            run_id: "reanalyse-test".into(),
            generation: 0,
            seed: 5,
            encoding: 1,
        };
        let rows = mankala_engine::with_game!(&game, g => {
            let encoder = Encoder::new(g, 1).unwrap();
            let meta = ShardMeta {
                variant: variant.into(),
                rules: String::new(),
                limits: String::new(),
                encoding_version: 1,
                code_version: "test".into(),
                encoding_len: encoder.len(),
                num_actions: g.num_actions(),
                run_id: "reanalyse-test".into(),
                seed: 5,
            };
            let ids: Vec<u64> = (0..games).collect();
            let summary = selfplay(
                g,
                &settings,
                &Shards { meta: &meta, dir: &dir },
                &ids,
                2,
                |w| RolloutEvaluator::new(w as u64),
                |_| {},
            )
            .unwrap();
            summary
                .shards
                .iter()
                .flat_map(|p| read_shard(p).unwrap().1)
                .collect::<Vec<_>>()
        });
        let _ = std::fs::remove_dir_all(&dir);
        (game, rows)
    }

    #[test]
    fn every_variants_self_play_replays_to_its_rows_features() {
        for info in mankala_engine::VARIANTS {
            let (game, rows) = rows_of(info.name, 3, SelfplayConfig::default());
            mankala_engine::with_game!(&game, g => {
                let encoder = Encoder::new(g, 1).unwrap();
                let paths = replay(g, &encoder, Path::new("test.parquet"), &rows)
                    .unwrap_or_else(|e| panic!("{}: {e}", info.name));
                assert_eq!(paths.len(), 3, "{}: three games", info.name);
                let on_path = rows.iter().filter(|r| !r.side).count();
                assert_eq!(
                    paths.iter().map(Vec::len).sum::<usize>(),
                    on_path,
                    "{}: every row on a game's path rebuilt",
                    info.name
                );
                for path in &paths {
                    assert_eq!(path[0].state, g.initial_state(), "{}: from the start", info.name);
                    // Each position follows from the one before by its recorded action.
                    for pair in path.windows(2) {
                        let Some(action) = pair[0].action else {
                            panic!("{}: an action before a later row", info.name)
                        };
                        let mut next = pair[0].state.clone();
                        next.play_unchecked(action);
                        assert_eq!(next, pair[1].state, "{}", info.name);
                    }
                }
            });
        }
    }

    #[test]
    fn side_positions_are_left_out_of_the_replay() {
        let sp = SelfplayConfig {
            side_position_prob: 0.5,
            ..SelfplayConfig::default()
        };
        let (game, rows) = rows_of("kalah", 4, sp);
        assert!(rows.iter().any(|r| r.side), "the test needs side rows");
        mankala_engine::with_game!(&game, g => {
            let encoder = Encoder::new(g, 1).unwrap();
            let paths = replay(g, &encoder, Path::new("test.parquet"), &rows).unwrap();
            for p in paths.iter().flatten() {
                assert!(!rows[p.row].side);
            }
        });
    }

    #[test]
    fn a_row_that_does_not_follow_from_its_game_is_named() {
        let (game, rows) = rows_of("oware", 2, SelfplayConfig::default());
        mankala_engine::with_game!(&game, g => {
            let encoder = Encoder::new(g, 1).unwrap();
            let first = rows.iter().position(|r| r.ply == 3 && !r.side).unwrap();
            let id = rows[first].game_id;
            let at2 = rows
                .iter()
                .position(|r| r.game_id == id && r.ply == 2 && !r.side)
                .unwrap();
            // A row whose features are not its game's position at its ply.
            let mut changed = rows.clone();
            changed[first].features[0] += 1.0;
            let e = replay(g, &encoder, Path::new("test.parquet"), &changed).unwrap_err();
            assert!(
                matches!(e, ReplayError::Features { game_id, ply: 3, .. } if game_id == id),
                "{e}"
            );
            assert!(e.to_string().contains("test.parquet") && e.to_string().contains("features"), "{e}");
            // An illegal action.
            let mut illegal = rows.clone();
            let bad = (0..g.num_actions() as Action)
                .find(|&a| !illegal[at2].legal[a as usize])
                .unwrap_or(g.num_actions() as Action);
            illegal[at2].action = Some(bad);
            let e = replay(g, &encoder, Path::new("test.parquet"), &illegal).unwrap_err();
            assert!(
                matches!(e, ReplayError::Games(GamesError::Illegal { game, ply: 2, .. }) if game == id),
                "{e}"
            );
            // A row missing from the middle of the path.
            let mut gap = rows.clone();
            gap.remove(at2);
            let e = replay(g, &encoder, Path::new("test.parquet"), &gap).unwrap_err();
            assert!(
                matches!(e, ReplayError::Games(GamesError::MissingRow { game, ply: 2, .. }) if game == id),
                "{e}"
            );
        });
    }

    #[test]
    fn reanalysis_replaces_the_search_targets_and_keeps_the_results() {
        let sp = SelfplayConfig {
            full_search_prob: 0.5,
            fast_simulations: 4,
            side_position_prob: 0.3,
            ..SelfplayConfig::default()
        };
        let (game, rows) = rows_of("kalah", 4, sp);
        mankala_engine::with_game!(&game, g => {
            let encoder = Encoder::new(g, 1).unwrap();
            let paths = replay(g, &encoder, Path::new("test.parquet"), &rows).unwrap();
            let on_path = paths.iter().map(Vec::len).sum::<usize>() as u64;
            let search = SearchConfig {
                simulations: 40,
                ..SearchConfig::default()
            };
            let how = Reanalysis {
                search: &search,
                seed: 1,
                threads: 2,
                games_per_worker: 3,
            };
            let mut after = rows.clone();
            let mut seen = Vec::new();
            let n = reanalyse(g, &how, paths, &mut after, |_| UniformEvaluator, |k| seen.push(k))
                .unwrap();
            assert_eq!(n, on_path);
            assert_eq!(seen.last().copied(), Some(on_path), "progress to the end");
            for (before, now) in rows.iter().zip(&after) {
                // The games' results and what identifies a row stay.
                assert_eq!(
                    (before.game_id, before.ply, before.value_target, before.outcome, before.action),
                    (now.game_id, now.ply, now.value_target, now.outcome, now.action)
                );
                assert_eq!(before.features, now.features);
                if before.side {
                    assert_eq!(before, now, "a side position keeps its targets");
                    continue;
                }
                assert!(now.full_search, "a full search now");
                assert!(now.simulations >= 40, "{} simulations", now.simulations);
                let total: f32 = now.policy.iter().sum();
                assert!((total - 1.0).abs() < 1e-4, "a distribution: {total}");
                for (a, &p) in now.policy.iter().enumerate() {
                    assert!(p == 0.0 || now.legal[a], "weight on an illegal action {a}");
                }
            }
            // Searched with 40 simulations and no noise, the targets are new.
            let changed = rows
                .iter()
                .zip(&after)
                .filter(|(b, a)| !b.side && b.policy != a.policy)
                .count();
            assert!(changed as u64 > on_path / 2, "{changed} of {on_path} policies changed");
        });
    }
}
