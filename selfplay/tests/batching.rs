//! Batching is invisible to a game: the same seed gives the same games whether a worker
//! plays one game at a time or many with their leaves evaluated together, and however many
//! leaves one game has in flight per round is a setting of its own (it changes the search,
//! but not across batch sizes).

use std::path::Path;

use mankala_config::{SearchConfig, SelfplayConfig};
use mankala_data::{Row, ShardMeta, read_shard};
use mankala_engine::variants::Kalah;
use mankala_engine::{ENCODING_VERSION, Game};
use mankala_search::batch;
use mankala_search::{Evaluation, Evaluator, RolloutEvaluator};
use mankala_selfplay::game::SelfplayGame;
use mankala_selfplay::run::{Shards, Summary, selfplay};
use mankala_selfplay::{FinishedGame, Settings};

mod common;

use common::TempDir;

fn kalah() -> Kalah {
    Kalah::default()
}

fn settings(seed: u64, games_per_worker: u32, leaves_per_game: u32) -> Settings {
    Settings {
        search: SearchConfig { simulations: 16, leaves_per_game, ..SearchConfig::default() },
        selfplay: SelfplayConfig { games_per_worker, games_per_shard: 3, ..SelfplayConfig::default() },
        run_id: "batching-test".into(),
        generation: 0,
        seed,
        encoding: 1,
    }
}

/// A rollout evaluator that remembers the largest batch it was given.
struct Counting {
    inner: RolloutEvaluator,
    largest: usize,
    calls: usize,
}

impl<G: Game> Evaluator<G> for Counting {
    fn evaluate(&mut self, game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        self.largest = self.largest.max(states.len());
        self.calls += 1;
        self.inner.evaluate(game, states, out);
    }
}

/// Plays games `0..games` through `batch::run` with `capacity` games at once; the finished
/// games in id order and the largest batch evaluated.
fn play(g: &Kalah, s: &Settings, capacity: usize, games: u64) -> (Vec<FinishedGame>, usize) {
    let mut eval = Counting { inner: RolloutEvaluator::new(11), largest: 0, calls: 0 };
    let mut next = 0u64;
    let mut done = Vec::new();
    batch::run(
        g,
        &mut eval,
        capacity,
        s.search.leaves_per_game,
        || {
            (next < games).then(|| {
                next += 1;
                SelfplayGame::new(g, s, next - 1)
            })
        },
        |d| done.push(d.into_finished()),
    );
    assert!(eval.calls > 0);
    done.sort_by_key(|f| f.game_id);
    (done, eval.largest)
}

#[track_caller]
fn assert_same_games(a: &[FinishedGame], b: &[FinishedGame]) {
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x.game_id, y.game_id);
        assert_eq!(x.outcome, y.outcome, "game {}", x.game_id);
        assert_eq!(x.result, y.result, "game {}", x.game_id);
        assert_eq!(x.length, y.length, "game {}", x.game_id);
        assert_eq!(x.rows, y.rows, "game {}", x.game_id);
    }
}

#[test]
fn one_game_at_a_time_or_eight_at_once_gives_the_same_games() {
    let g = kalah();
    let s = settings(42, 1, 1);
    let (one, largest_one) = play(&g, &s, 1, 12);
    let (eight, largest_eight) = play(&g, &s, 8, 12);
    assert_eq!(one.len(), 12);
    assert_eq!(largest_one, 1, "one game with one leaf per round");
    assert!(largest_eight > 1, "eight games never shared a batch");
    assert_same_games(&one, &eight);
    // The games are real games, not all alike.
    assert!(one.iter().any(|f| f.rows != one[0].rows));
}

#[test]
fn several_leaves_per_game_are_also_independent_of_the_batch() {
    let g = kalah();
    let s = settings(7, 1, 4);
    let (one, largest_one) = play(&g, &s, 1, 8);
    let (many, largest_many) = play(&g, &s, 5, 8);
    assert!(largest_one > 1, "four leaves in flight never batched");
    assert!(largest_many > largest_one);
    assert_same_games(&one, &many);
}

// ------------------------------------------------------------ through run::selfplay

fn meta(g: &Kalah, seed: u64) -> ShardMeta {
    ShardMeta {
        variant: g.name().into(),
        rules: "seeds_per_hole = 4\nempty_capture = false\n".into(),
        limits: "max_plies = 1000\nmax_laps = 1\n".into(),
        encoding_version: ENCODING_VERSION,
        code_version: "test".into(),
        encoding_len: g.encoding_len(),
        num_actions: g.num_actions(),
        run_id: "batching-test".into(),
        seed,
    }
}

/// Runs `games` games into a fresh directory; the summary and each shard's rows in order.
fn run(name: &str, s: &Settings, threads: usize, games: u64) -> (Summary, Vec<Vec<Row>>) {
    let g = kalah();
    let dir = TempDir::new(name);
    let summary =
        selfplay(&g, s, &Shards { meta: &meta(&g, s.seed), dir: &dir.0 }, &(0..games).collect::<Vec<u64>>(), threads, |_| RolloutEvaluator::new(5), |_| {})
            .expect("self-play runs");
    let shards: Vec<Vec<Row>> = summary
        .shards
        .iter()
        .map(|p| {
            assert!(p.starts_with(&dir.0));
            read_shard(p).expect("shard reads back").1
        })
        .collect();
    assert_eq!(summary.games, games);
    assert_eq!(summary.positions, shards.iter().map(|r| r.len() as u64).sum::<u64>());
    (summary, shards)
}

/// Every row of a run, ordered by game and ply.
fn all_rows(shards: &[Vec<Row>]) -> Vec<Row> {
    let mut rows: Vec<Row> = shards.iter().flatten().cloned().collect();
    rows.sort_by_key(|r| (r.game_id, r.ply));
    rows
}

fn shard_names(s: &Summary) -> Vec<String> {
    s.shards.iter().map(|p| Path::new(p).file_name().unwrap().to_string_lossy().into_owned()).collect()
}

#[test]
fn run_with_one_or_eight_games_per_worker_writes_the_same_rows() {
    let (_, one) = run("gpw1", &settings(3, 1, 1), 1, 7);
    let (_, eight) = run("gpw8", &settings(3, 8, 1), 1, 7);
    assert_eq!(all_rows(&one), all_rows(&eight));
}

#[test]
fn same_seed_same_shards_other_seed_other_games() {
    let (sa, a) = run("seed-a", &settings(99, 4, 1), 1, 7);
    let (sb, b) = run("seed-b", &settings(99, 4, 1), 1, 7);
    assert_eq!(shard_names(&sa), shard_names(&sb));
    assert_eq!(shard_names(&sa), ["shard-00000.parquet", "shard-00001.parquet", "shard-00002.parquet"]);
    // One thread: the same games land in the same shards, row for row.
    assert_eq!(a, b);
    assert_eq!(sa.results, sb.results);

    let (_, c) = run("seed-c", &settings(100, 4, 1), 1, 7);
    let (ra, rc) = (all_rows(&a), all_rows(&c));
    let games_differ = (0..7u64).filter(|&id| {
        let ga: Vec<&Row> = ra.iter().filter(|r| r.game_id == id).collect();
        let gc: Vec<&Row> = rc.iter().filter(|r| r.game_id == id).collect();
        ga != gc
    });
    assert!(games_differ.count() >= 6, "another seed replays the same games");
}

#[test]
fn thread_count_does_not_change_the_games() {
    // Every worker's evaluator is seeded alike, so which worker plays a game does not
    // matter; shards may hold different games (they finish in another order), rows may not.
    let (_, one) = run("t1", &settings(8, 2, 1), 1, 6);
    let (s2, two) = run("t2", &settings(8, 2, 1), 2, 6);
    assert_eq!(s2.games, 6);
    assert_eq!(all_rows(&one), all_rows(&two));
}

/// Rollout values with priors of 0.9 on the mover's first legal hole, the rest shared.
struct FavoursFirst(RolloutEvaluator);

impl<G: Game> Evaluator<G> for FavoursFirst {
    fn evaluate(&mut self, game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        self.0.evaluate(game, states, out);
        for (s, e) in states.iter().zip(out.iter_mut()) {
            let mask = mankala_engine::State::legal_mask(s);
            let rest = 0.1 / (mask.count() as f32 - 1.0).max(1.0);
            e.priors = [0.0; mankala_engine::MAX_ACTIONS];
            for (k, a) in mask.iter().enumerate() {
                e.priors[a as usize] = if k == 0 { 0.9 } else { rest };
            }
        }
    }
}

/// The policy target of the first position of game 0, self-played with root policy
/// temperature `t` (no noise).
fn first_target(t: f32) -> Vec<f32> {
    let g = kalah();
    let mut s = settings(3, 1, 1);
    s.search.simulations = 64;
    s.selfplay.dirichlet_weight = 0.0;
    s.selfplay.root_policy_temperature = t;
    let mut eval = FavoursFirst(RolloutEvaluator::new(11));
    let mut game = Some(SelfplayGame::new(&g, &s, 0));
    let mut done = Vec::new();
    batch::run(&g, &mut eval, 1, 1, || game.take(), |d| done.push(d.into_finished()));
    done[0].rows[0].policy.clone()
}

#[test]
fn self_play_flattens_its_root_priors_by_the_root_policy_temperature() {
    let plain = first_target(1.0);
    let warm = first_target(3.0);
    // Kalah's start: hole A (action 0) is the favoured first legal move.
    assert!(warm[0] < plain[0], "{warm:?} against {plain:?}");
    assert!(warm[1..6].iter().sum::<f32>() > plain[1..6].iter().sum::<f32>());
}
