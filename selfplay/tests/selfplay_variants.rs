//! Self-play end to end on every variant: games played by `run::selfplay`, written as
//! shards, read back, and checked row by row. Rows do not store the actions played, so the
//! games are replayed by search: from the start, the next row's position must be reachable
//! by one legal action the search gave visits to (every position that fits is kept, in
//! case two actions lead to positions with the same features).

use std::collections::BTreeMap;

use mankala_config::{SearchConfig, SelfplayConfig};
use mankala_data::games::read_games;
use mankala_data::{FORMAT_VERSION, Row, ShardMeta, read_meta, read_shard, read_version};
use mankala_engine::{AnyGame, ENCODING_VERSION, Game, GameResult, State, with_game};
use mankala_search::RolloutEvaluator;
use mankala_selfplay::Settings;
use mankala_selfplay::run::{Shards, Summary, selfplay};

mod common;

use common::TempDir;

fn settings(seed: u64) -> Settings {
    Settings {
        search: SearchConfig { simulations: 8, ..SearchConfig::default() },
        selfplay: SelfplayConfig { games_per_worker: 2, games_per_shard: 2, ..SelfplayConfig::default() },
        run_id: "variants-test".into(),
        generation: 3,
        seed,
        encoding: 1,
    }
}

fn meta_of(any: &AnyGame, seed: u64) -> ShardMeta {
    let (encoding_len, num_actions) = with_game!(any, g => (g.encoding_len(), g.num_actions()));
    ShardMeta {
        variant: any.name().into(),
        rules: any.rules_toml(),
        limits: toml::to_string(&any.limits_table()).unwrap(),
        encoding_version: ENCODING_VERSION,
        code_version: "test".into(),
        encoding_len,
        num_actions,
        run_id: "variants-test".into(),
        seed,
    }
}

/// Plays `games` games of `any` on two threads; the summary and every row, by game.
fn play(name: &str, any: &AnyGame, s: &Settings, games: u64) -> (Summary, BTreeMap<u64, Vec<Row>>) {
    let dir = TempDir::new(name);
    let meta = meta_of(any, s.seed);
    let mut progress_calls = 0u64;
    let summary = with_game!(any, g => selfplay(
        g,
        s,
        &Shards {
            meta: &meta,
            dir: &dir.0,
        },
        &(0..games).collect::<Vec<u64>>(),
        2,
        |w| RolloutEvaluator::new(17 + w as u64),
        |_| progress_calls += 1,
    ))
    .expect("self-play runs");
    assert_eq!(progress_calls, games);
    assert_eq!(summary.games, games);
    let per_shard = s.selfplay.games_per_shard as u64;
    assert_eq!(summary.shards.len() as u64, games.div_ceil(per_shard));
    let mut by_game: BTreeMap<u64, Vec<Row>> = BTreeMap::new();
    let mut rows_read = 0u64;
    for (k, path) in summary.shards.iter().enumerate() {
        assert_eq!(path.file_name().unwrap().to_string_lossy(), format!("shard-{k:05}.parquet"));
        assert!(!path.with_extension("parquet.tmp").exists());
        assert_eq!(read_meta(path).unwrap(), meta);
        let (m, rows) = read_shard(path).expect("shard reads back");
        assert_eq!(m, meta);
        assert_eq!(m.variant, any.name());
        assert_eq!(m.encoding_version, ENCODING_VERSION);
        rows_read += rows.len() as u64;
        let mut games_here: Vec<u64> = rows.iter().map(|r| r.game_id).collect();
        games_here.dedup();
        assert!(games_here.len() as u64 <= per_shard, "shard {k}: {games_here:?}");
        // Within a shard, games are in id order and each game's rows are together.
        assert!(games_here.windows(2).all(|w| w[0] < w[1]), "shard {k}: {games_here:?}");
        for r in rows {
            by_game.entry(r.game_id).or_default().push(r);
        }
    }
    assert_eq!(rows_read, summary.positions, "rows written vs positions counted");
    assert_eq!(by_game.keys().copied().collect::<Vec<_>>(), (0..games).collect::<Vec<_>>());
    // The summary's results are the games'.
    let mut results = [0u64; 3];
    let mut capped = 0;
    for rows in by_game.values() {
        match rows[0].outcome {
            1 => results[0] += 1,
            0 => results[1] += 1,
            -1 => results[2] += 1,
            o => panic!("outcome {o}"),
        }
        capped += u64::from(rows[0].result.starts_with("capped"));
    }
    assert_eq!(summary.results, results);
    assert_eq!(summary.capped, capped);
    assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), summary.shards.len(), "stray files in the output directory");
    // The one reader of whole games finds each game's path, its side positions left out.
    let (games_read, shards) = read_games(any, &dir.0).expect("the games replay");
    assert_eq!(shards, summary.shards.len());
    assert_eq!(games_read.len() as u64, games);
    for ((_, id), game) in &games_read {
        let path: Vec<u16> = by_game[id].iter().filter(|r| !r.side).filter_map(|r| r.action).collect();
        assert_eq!(game.actions(), path, "game {id}: the path's actions");
    }
    (summary, by_game)
}

/// Checks one game's rows against the engine: every position, legal mask, player to move
/// and the end.
#[track_caller]
fn check_game<G: Game>(g: &G, s: &Settings, rows: &[Row]) {
    assert!(!rows.is_empty());
    let n = g.num_actions();
    let id = rows[0].game_id;
    let first = &rows[0];
    // A resignation is a decision of its own: its row is the last, at ply `game_length`,
    // and no move is played after it.
    let resigned = first.result.ends_with("-resign");
    let played = if resigned { rows.len() - 1 } else { rows.len() };
    assert_eq!(first.to_move, 0, "game {id}: South moves first");
    for (i, r) in rows.iter().enumerate() {
        let at = format!("game {id} row {i}");
        assert_eq!(r.ply as usize, i, "{at}: every ply is a decision");
        assert_eq!(r.game_id, id);
        assert_eq!(r.run_id, s.run_id, "{at}");
        assert_eq!(r.generation, s.generation, "{at}");
        assert_eq!(r.game_length as usize, played, "{at}: game length");
        assert_eq!(r.outcome, first.outcome, "{at}");
        assert_eq!(r.result, first.result, "{at}");
        assert!(r.to_move <= 1, "{at}");
        assert_eq!(r.features.len(), g.encoding_len(), "{at}");
        assert!(r.features.iter().all(|x| x.is_finite()), "{at}: features");
        assert_eq!(r.legal.len(), n, "{at}");
        assert_eq!(r.policy.len(), n, "{at}");
        assert!(r.legal.iter().any(|&l| l), "{at}: no legal action");
        let mut sum = 0.0;
        for a in 0..n {
            let p = r.policy[a];
            assert!(p.is_finite() && p >= 0.0, "{at}: policy[{a}] = {p}");
            if r.legal[a] {
                sum += p;
            } else {
                assert_eq!(p, 0.0, "{at}: policy on illegal action {a}");
            }
        }
        assert!((sum - 1.0).abs() < 1e-4, "{at}: policy sums to {sum}");
        assert!(r.root_value.is_finite() && (-1.0..=1.0).contains(&r.root_value), "{at}: root value {}", r.root_value);
        assert!(r.full_search, "{at}");
        assert_eq!(r.simulations, s.search.simulations, "{at}");
        if s.selfplay.policy_surprise_weight == 0.0 {
            assert_eq!(r.weight, 1.0, "{at}: a plain row weighs 1");
        }
        let mover = if r.to_move == 0 { 1.0 } else { -1.0 };
        assert_eq!(r.value_target, mover * r.outcome as f32, "{at}: value target");
    }
    // Every row holds the game's final margin for its player to move: one South margin.
    let south = |r: &Row| {
        let m = r.margin.expect("a margin on every row");
        if r.to_move == 0 { m } else { -m }
    };
    let south_margin = south(first);
    assert!(rows.iter().all(|r| south(r) == south_margin), "game {id}: margins");
    // The value target's sign follows the player to move.
    if first.outcome != 0 {
        for r in rows {
            let same = r.to_move == first.to_move;
            assert_eq!(r.value_target == first.value_target, same, "game {id}");
        }
    }
    let want_outcome = match first.result.as_str() {
        "south" | "south-resign" => 1,
        "north" | "north-resign" => -1,
        "draw" | "capped-plies" | "capped-laps" => 0,
        other => panic!("game {id}: result {other}"),
    };
    assert_eq!(first.outcome, want_outcome, "game {id}: {}", first.result);

    // Replay: keep every position the rows so far fit.
    let fits = |st: &G::State, r: &Row| {
        let mut f = vec![0.0; g.encoding_len()];
        st.encode(&mut f);
        st.ply() == r.ply && st.to_move().index() as u8 == r.to_move && st.legal_mask().to_vec(n) == r.legal && f == r.features
    };
    let successors = |cands: &[G::State], r: &Row| {
        let mut next: Vec<G::State> = Vec::new();
        for st in cands {
            for a in st.legal_mask().iter() {
                // The move played had visits, hence a positive policy target (but for the
                // uniformly random first plies).
                if r.policy[a as usize] <= 0.0 && r.ply >= s.selfplay.random_plies {
                    continue;
                }
                let mut t = st.clone();
                t.play(a).unwrap();
                if !next.contains(&t) {
                    next.push(t);
                }
            }
        }
        next
    };
    let mut cands = vec![g.initial_state()];
    for (i, r) in rows.iter().enumerate() {
        if i > 0 {
            cands = successors(&cands, &rows[i - 1]);
        }
        cands.retain(|st| !st.is_terminal() && fits(st, r));
        assert!(!cands.is_empty(), "game {id}: no action leads from row {} to row {i}", i.saturating_sub(1));
    }
    if resigned {
        // The loser resigned at his last decision.
        let last = rows.last().unwrap();
        assert_eq!(last.value_target, -1.0, "game {id}: the last decision is the loser's");
        return;
    }
    let ends: Vec<G::State> = successors(&cands, rows.last().unwrap())
        .into_iter()
        .filter(|t| t.outcome().is_some_and(|o| o.result_name() == first.result && t.ply() == first.game_length))
        .collect();
    assert!(!ends.is_empty(), "game {id}: no action ends the game after the last row as {}", first.result);
    let o = ends[0].outcome().unwrap();
    assert_eq!(o.returns()[0] as i8, first.outcome, "game {id}: outcome {:?}", o.result);
    // The margin is the end rule's: South's final seeds less North's.
    assert!(
        ends.iter().any(|t| {
            let [a, b] = t.outcome().unwrap().scores;
            i64::from(a) - i64::from(b) == i64::from(south_margin)
        }),
        "game {id}: margin {south_margin}"
    );
}

fn check_variant(name: &str, games: u64) {
    let any = AnyGame::by_name(name).unwrap();
    let s = settings(2024);
    let (summary, by_game) = play(name, &any, &s, games);
    assert!(summary.positions >= games, "{name}: {summary:?}");
    for rows in by_game.values() {
        with_game!(&any, g => check_game(g, &s, rows));
    }
}

#[test]
fn oware_selfplay_rows_are_consistent() {
    check_variant("oware", 10);
}

#[test]
fn kalah_selfplay_rows_are_consistent() {
    check_variant("kalah", 10);
}

#[test]
fn lane_selfplay_rows_are_consistent() {
    check_variant("lane", 10);
}

#[test]
fn ndoto_selfplay_rows_are_consistent() {
    check_variant("ndoto", 10);
}

#[test]
fn enkeshui_selfplay_rows_are_consistent() {
    check_variant("enkeshui", 10);
}

#[test]
fn omweso_selfplay_rows_are_consistent() {
    check_variant("omweso", 6);
}

#[test]
fn coro_selfplay_rows_are_consistent() {
    check_variant("coro", 6);
}

#[test]
fn kombe_selfplay_rows_are_consistent() {
    check_variant("kombe", 6);
}

#[test]
fn mongale_selfplay_rows_are_consistent() {
    check_variant("mongale", 6);
}

#[test]
fn shard_format_version_is_stored() {
    let any = AnyGame::by_name("kalah").unwrap();
    let dir = TempDir::new("format");
    let meta = meta_of(&any, 1);
    let summary =
        with_game!(&any, g => selfplay(g, &settings(1), &Shards { meta: &meta, dir: &dir.0 }, &[0], 1, |_| RolloutEvaluator::new(1), |_| {})).unwrap();
    assert_eq!(summary.shards.len(), 1);
    assert_eq!(FORMAT_VERSION, 5);
    assert_eq!(read_version(&summary.shards[0]).unwrap(), FORMAT_VERSION);
    assert_eq!(read_meta(&summary.shards[0]).unwrap(), meta);
}

#[test]
fn gumbel_and_fast_searches_leave_consistent_rows() {
    // Gumbel's improved policy as the target, and playout cap randomization: fast searches
    // are marked and use their own simulation count.
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(5);
    s.search.gumbel = true;
    s.search.simulations = 12;
    s.selfplay.full_search_prob = 0.5;
    s.selfplay.fast_simulations = 3;
    let (_, by_game) = play("gumbel", &any, &s, 4);
    let (mut full, mut fast) = (0, 0);
    for rows in by_game.values() {
        for r in rows {
            let want = if r.full_search { 12 } else { 3 };
            assert_eq!(r.simulations, want);
            if r.full_search { full += 1 } else { fast += 1 }
        }
        // Reuse the generic checks with simulations and full_search relaxed.
        let mut relaxed = rows.clone();
        for r in &mut relaxed {
            r.simulations = s.search.simulations;
            r.full_search = true;
        }
        with_game!(&any, g => check_game(g, &s, &relaxed));
    }
    assert!(full > 0 && fast > 0, "full {full}, fast {fast}");
}

#[test]
fn policy_surprise_weights_favour_surprising_rows_and_keep_each_games_total() {
    // Full and fast searches: only the full ones share out their weight by surprise.
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(9);
    s.search.simulations = 16;
    s.selfplay.full_search_prob = 0.7;
    s.selfplay.policy_surprise_weight = 0.5;
    let (_, by_game) = play("surprise", &any, &s, 4);
    let mut spread = 0;
    for (id, rows) in &by_game {
        let full: Vec<&Row> = rows.iter().filter(|r| r.full_search).collect();
        let total: f32 = full.iter().map(|r| r.weight).sum();
        assert!((total - full.len() as f32).abs() < 1e-3 * full.len() as f32, "game {id}: {total} over {} full searches", full.len());
        assert!(rows.iter().filter(|r| !r.full_search).all(|r| r.weight == 1.0), "game {id}: a fast search's row weighs 1");
        assert!(full.iter().all(|r| r.weight >= 0.5 - 1e-6), "game {id}: every full search keeps 1 - 0.5");
        spread += full.iter().filter(|r| (r.weight - 1.0).abs() > 0.05).count();
    }
    assert!(spread > 0, "no row weighs other than 1");
}

#[test]
fn forced_playouts_leave_consistent_rows() {
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(13);
    s.search.simulations = 32;
    s.selfplay.forced_playouts = 2.0;
    let (_, by_game) = play("forced", &any, &s, 4);
    for rows in by_game.values() {
        with_game!(&any, g => check_game(g, &s, rows));
    }
}

#[test]
fn random_plies_open_games_at_random_and_keep_every_row() {
    // Without noise or temperature the search picks alike from one start: the games
    // differ only by their workers' playouts. With `random_plies` the first plies are
    // drawn among the legal moves, searched and recorded all the same.
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(13);
    s.selfplay.dirichlet_weight = 0.0;
    s.selfplay.temperature_plies = 0;
    let openings = |s: &Settings, name: &str| {
        let (_, by_game) = play(name, &any, s, 12);
        for rows in by_game.values() {
            with_game!(&any, g => check_game(g, s, rows));
        }
        let mut after: Vec<Vec<f32>> = by_game.values().map(|rows| rows[3].features.clone()).collect();
        after.sort_by(|a, b| a.partial_cmp(b).unwrap());
        after.dedup();
        after.len()
    };
    let alike = openings(&s, "searched-openings");
    s.selfplay.random_plies = 3;
    let random = openings(&s, "random-openings");
    assert!(alike <= 2, "{alike} distinct positions after 3 searched plies");
    assert!(random >= 6, "{random} distinct positions after 3 random plies of 12 games");
}

#[test]
fn resigned_games_are_won_by_the_other_player() {
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(31);
    s.search.simulations = 16;
    s.selfplay.resign_threshold = Some(0.5);
    s.selfplay.resign_consecutive = 2;
    let (summary, by_game) = play("resign", &any, &s, 10);
    let mut resigned = 0;
    for rows in by_game.values() {
        with_game!(&any, g => check_game(g, &s, rows));
        let result = &rows[0].result;
        if let Some(winner) = result.strip_suffix("-resign") {
            resigned += 1;
            let last = rows.last().unwrap();
            let loser = if winner == "south" { 1 } else { 0 };
            assert_eq!(last.to_move, loser, "{result}: the loser resigns");
            assert_eq!(last.ply, last.game_length);
            // His last two decisions both judged the game lost.
            let his: Vec<&Row> = rows.iter().filter(|r| r.to_move == loser).collect();
            assert!(his.len() >= 2);
            for r in &his[his.len() - 2..] {
                assert!(r.root_value < -0.5, "{result}: root value {}", r.root_value);
            }
        }
    }
    assert!(resigned > 0, "no game resigned: {summary:?}");
    assert!(summary.results[0] + summary.results[2] >= resigned);
}

#[test]
fn capped_games_train_as_draws() {
    let mut limits = toml::Table::new();
    limits.insert("max_plies".into(), toml::Value::Integer(7));
    for name in ["oware", "kalah", "enkeshui"] {
        let any = AnyGame::from_tables(name, &toml::Table::new(), &limits).unwrap();
        let s = settings(9);
        let (summary, by_game) = play(&format!("capped-{name}"), &any, &s, 3);
        assert_eq!(summary.capped, 3, "{name}");
        assert_eq!(summary.results, [0, 3, 0], "{name}");
        assert_eq!(summary.positions, 21, "{name}");
        for rows in by_game.values() {
            assert_eq!(rows.len(), 7);
            for r in rows {
                assert_eq!(r.result, "capped-plies");
                assert_eq!(r.outcome, 0);
                assert_eq!(r.value_target, 0.0);
                assert_eq!(r.game_length, 7);
            }
            with_game!(&any, g => check_game(g, &s, rows));
        }
    }
}

#[test]
fn capped_game_result_is_the_engines() {
    // The engine's own word for a capped game, which the rows copy.
    let mut limits = toml::Table::new();
    limits.insert("max_plies".into(), toml::Value::Integer(2));
    let any = AnyGame::from_tables("kalah", &toml::Table::new(), &limits).unwrap();
    with_game!(&any, g => {
        let mut st = g.initial_state();
        st.play(0).unwrap();
        st.play(st.legal_actions()[0]).unwrap();
        let o = st.outcome().expect("capped");
        assert!(matches!(o.result, GameResult::Capped(_)));
        assert_eq!(o.result_name(), "capped-plies");
    });
}

/// Regression: with `simulations = 1` the root is only expanded and no child is visited; the
/// policy target was all zeros. The root's priors now stand in for the visits.
#[test]
fn one_simulation_still_gives_a_policy_target() {
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(4);
    s.search.simulations = 1;
    s.search.validate().expect("simulations = 1 is accepted");
    let (_, by_game) = play("one-sim", &any, &s, 2);
    for rows in by_game.values() {
        with_game!(&any, g => check_game(g, &s, rows));
    }
}

#[test]
fn bao_selfplay_rows_are_consistent() {
    check_variant("bao", 6);
}

#[test]
fn bao_kujifunza_selfplay_rows_are_consistent() {
    check_variant("bao-kujifunza", 6);
}

#[test]
fn bao_malawi_selfplay_rows_are_consistent() {
    check_variant("bao-malawi", 6);
}

/// Checks a game's side positions (`[selfplay] side_position_prob`) against its path, replayed
/// by the actions its rows record: each line of side positions starts one legal move, other
/// than the one played, off a fully searched position of the path past the random plies, and
/// goes on by the action its row records; its rows carry their search's root value as the
/// value target, no margin, and the game's result and length. Returns the side rows.
#[track_caller]
fn check_sides<G: Game>(g: &G, s: &Settings, rows: &[Row]) -> usize {
    let n = g.num_actions();
    let (path, sides): (Vec<&Row>, Vec<&Row>) = rows.iter().partition(|r| !r.side);
    let id = rows[0].game_id;
    let encode = |st: &G::State| {
        let mut f = vec![0.0; g.encoding_len()];
        st.encode(&mut f);
        f
    };
    let fits = |st: &G::State, r: &Row| {
        st.ply() == r.ply && st.to_move().index() as u8 == r.to_move && st.legal_mask().to_vec(n) == r.legal && encode(st) == r.features
    };
    // The path's positions, and for each the positions one move off it.
    let mut st = g.initial_state();
    let mut off_path: Vec<G::State> = Vec::new();
    for r in &path {
        assert!(fits(&st, r), "game {id} ply {}: the path replays by its actions", r.ply);
        let Some(played) = r.action else { break };
        if r.ply >= s.selfplay.random_plies {
            for a in st.legal_mask().iter().filter(|&a| a != played) {
                let mut t = st.clone();
                t.play(a).unwrap();
                off_path.push(t);
            }
        }
        st.play(played).unwrap();
    }
    // Side rows come after the path's, each line in order.
    assert!(rows.iter().skip_while(|r| !r.side).all(|r| r.side), "game {id}: side rows follow the path");
    let mut next: Option<G::State> = None;
    for (i, r) in sides.iter().enumerate() {
        let at = format!("game {id} side row {i}");
        let here = match next.take() {
            Some(t) => t,
            None => off_path.iter().find(|t| fits(t, r)).unwrap_or_else(|| panic!("{at}: not one move off the path")).clone(),
        };
        assert!(fits(&here, r), "{at}: the position its line's last action leads to");
        assert!(!here.is_terminal(), "{at}");
        assert_eq!(r.value_target, r.root_value, "{at}: the search's own value is the target");
        assert_eq!(r.margin, None, "{at}");
        assert!(r.full_search && r.simulations == s.search.simulations, "{at}: a full search");
        let first = &rows[0];
        assert_eq!((r.outcome, &r.result, r.game_length), (first.outcome, &first.result, first.game_length), "{at}");
        if let Some(a) = r.action {
            assert!(r.legal[a as usize], "{at}: action {a} legal");
            let mut t = here.clone();
            t.play(a).unwrap();
            if !t.is_terminal() {
                next = Some(t);
            }
        }
    }
    assert!(next.is_none(), "game {id}: a side line ends with a search");
    sides.len()
}

#[test]
fn side_positions_are_searched_one_move_off_the_path_and_valued_by_their_search() {
    for (name, games) in [("kalah", 12), ("bao", 4), ("omweso", 4)] {
        let any = AnyGame::by_name(name).unwrap();
        for continue_prob in [0.0, 0.8] {
            let mut s = settings(31);
            s.selfplay.random_plies = 2;
            s.selfplay.side_position_prob = 0.2;
            s.selfplay.side_position_continue = continue_prob;
            let (summary, by_game) = play(&format!("side-{name}"), &any, &s, games);
            // The games' own plies, apart from the rows their side positions add.
            let plies: u64 = by_game.values().map(|rows| u64::from(rows[0].game_length)).sum();
            assert_eq!(summary.plies, plies, "{name}");
            assert!(summary.positions > summary.plies, "{name}: {summary:?}");
            let (mut sides, mut continued) = (0, 0);
            for rows in by_game.values() {
                let path: Vec<Row> = rows.iter().filter(|r| !r.side).cloned().collect();
                with_game!(&any, g => check_game(g, &s, &path));
                sides += with_game!(&any, g => check_sides(g, &s, rows));
                continued += rows.iter().filter(|r| r.side && r.action.is_some()).count();
            }
            assert!(sides > 0, "{name}: side positions at p = 0.2");
            assert_eq!(continued > 0, continue_prob > 0.0, "{name}: lines go on only with side_position_continue");
        }
    }
}

#[test]
fn without_side_positions_no_row_is_a_side_row() {
    let any = AnyGame::by_name("kalah").unwrap();
    let (_, by_game) = play("no-side", &any, &settings(5), 6);
    assert!(by_game.values().flatten().all(|r| !r.side));
}

#[test]
fn decided_positions_are_searched_fast_and_weigh_less() {
    // A position is decided when the game's last `decided_lookback` searches on its path
    // all valued theirs at least `decided_threshold` from even: it is searched fast, without
    // a policy target, and its row weighs `decided_weight`. Every other row as without it.
    let any = AnyGame::by_name("kalah").unwrap();
    let mut s = settings(21);
    s.search.simulations = 16;
    s.selfplay.random_plies = 2;
    s.selfplay.fast_simulations = 3;
    s.selfplay.decided_threshold = Some(0.6);
    s.selfplay.decided_lookback = 2;
    s.selfplay.decided_weight = 0.25;
    let (_, by_game) = play("decided", &any, &s, 8);
    let (mut decided, mut open) = (0, 0);
    for (id, rows) in &by_game {
        for (i, r) in rows.iter().enumerate() {
            let want = i >= 2 && r.ply >= 2 && rows[i - 2..i].iter().all(|p| p.root_value.abs() >= 0.6);
            let at = format!("game {id} ply {}", r.ply);
            assert_eq!(!r.full_search, want, "{at}: decided is a fast search");
            assert_eq!(r.simulations, if want { 3 } else { 16 }, "{at}");
            assert_eq!(r.weight, if want { 0.25 } else { 1.0 }, "{at}");
            if want { decided += 1 } else { open += 1 }
        }
        let mut relaxed = rows.clone();
        for r in &mut relaxed {
            (r.simulations, r.full_search, r.weight) = (16, true, 1.0);
        }
        with_game!(&any, g => check_game(g, &s, &relaxed));
    }
    assert!(decided > 0 && open > 0, "decided {decided}, open {open}");
}
