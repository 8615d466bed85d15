//! End-to-end tests of `mankala openings`: self-play data with recorded actions, the openings
//! report checked against the shards themselves, filtering, errors naming what is wrong, and
//! a trained model's evaluation of every first move and reply.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Output;

use common::{mankala, mankala_in, s, temp_dir, text};
use mankala_data::{Row, list_shards, read_shard};
use mankala_engine::{AnyGame, Game, State, with_game};

/// Asserts a successful run and returns its standard output.
fn ok(o: &Output, what: &str) -> String {
    assert!(o.status.success(), "{what}: {}", text(&o.stderr));
    text(&o.stdout)
}

/// Asserts a failed run whose error names every one of `words`.
fn fails_with(o: &Output, words: &[&str]) {
    assert!(!o.status.success(), "expected failure: {}", text(&o.stdout));
    let err = text(&o.stderr);
    for w in words {
        assert!(err.contains(w), "error lacks `{w}`: {err}");
    }
}

/// A config of `variant` with every count shrunk; a player resigns after two hopeless
/// searches in a row, so some games end on a resignation row without an action.
fn tiny_config(dir: &Path, variant: &str) -> PathBuf {
    let path = dir.join(format!("{variant}.toml"));
    std::fs::write(
        &path,
        format!(
            "variant = \"{variant}\"\n[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 6\n\
             resign_threshold = 0.8\nresign_consecutive = 2\n\
             [network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n\
             [train]\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\ncheckpoint_every = 5\n\
             validation_fraction = 0.0\n"
        ),
    )
    .unwrap();
    path
}

/// Plays `games` self-play games of `cfg` into `out`.
fn selfplay(cfg: &Path, games: u32, out: &Path, seed: u32) {
    let o = mankala(&["selfplay", "--config", s(cfg), "--games", &games.to_string(), "--out", s(out), "--seed", &seed.to_string(), "--threads", "1"]);
    ok(&o, "selfplay");
}

/// Every game of the shards in `data`: its rows by ply.
fn games_of(data: &Path) -> BTreeMap<(String, u64), Vec<Row>> {
    let mut games: BTreeMap<(String, u64), Vec<Row>> = BTreeMap::new();
    for shard in list_shards(data).unwrap() {
        for r in read_shard(&shard).unwrap().1 {
            games.entry((r.run_id.clone(), r.game_id)).or_default().push(r);
        }
    }
    for rows in games.values_mut() {
        rows.sort_by_key(|r| r.ply);
    }
    games
}

/// Each game's recorded actions replay it: every row's position is the one the actions
/// before it reach, the last action ends the game, and only a resignation row lacks one.
fn check_actions_replay<G: Game>(g: &G, games: &BTreeMap<(String, u64), Vec<Row>>) {
    for ((run, id), rows) in games {
        let mut st = g.initial_state();
        let resigned = rows[0].result.ends_with("-resign");
        for (i, r) in rows.iter().enumerate() {
            let at = format!("run {run} game {id} ply {}", r.ply);
            assert_eq!(r.ply as usize, i, "{at}");
            let mut features = vec![0.0; g.encoding_len()];
            st.encode(&mut features);
            assert_eq!(features, r.features, "{at}: the position");
            assert_eq!(st.to_move().index() as u8, r.to_move, "{at}");
            let last = i + 1 == rows.len();
            match r.action {
                Some(a) => {
                    assert!(r.legal[a as usize], "{at}: action {a} is not legal");
                    assert!(r.policy[a as usize] > 0.0, "{at}: action {a} was not searched");
                    st.play(a).unwrap();
                }
                None => assert!(last && resigned, "{at}: no action"),
            }
        }
        assert_eq!(st.is_terminal(), !resigned, "run {run} game {id}");
    }
}

/// The openings every game's shard rows give: wins, draws and losses of South after each
/// line of up to `depth` actions (by action indices, separated by spaces).
fn truth(games: &BTreeMap<(String, u64), Vec<Row>>, depth: usize) -> BTreeMap<String, [u64; 3]> {
    let mut lines: BTreeMap<String, [u64; 3]> = BTreeMap::new();
    for rows in games.values() {
        let actions: Vec<String> = rows.iter().take(depth).map_while(|r| r.action.map(|a| a.to_string())).collect();
        let k = match rows[0].outcome {
            1 => 0,
            0 => 1,
            _ => 2,
        };
        for d in 1..=actions.len() {
            lines.entry(actions[..d].join(" ")).or_default()[k] += 1;
        }
    }
    lines
}

/// One row of `openings.csv`.
#[derive(Debug, Clone, PartialEq)]
struct CsvLine {
    depth: usize,
    line: String,
    actions: String,
    games: u64,
    share: f64,
    wdl: [u64; 3],
    score: f64,
    low: f64,
    high: f64,
}

fn read_csv(path: &Path) -> Vec<CsvLine> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next().unwrap(), "depth,line,actions,games,share,wins,draws,losses,score,score_low,score_high,value,valued");
    lines
        .map(|l| {
            assert!(!l.contains('"'), "{l}");
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 13, "{l}");
            let n = |i: usize| f[i].parse::<u64>().unwrap();
            let x = |i: usize| f[i].parse::<f64>().unwrap();
            if !f[11].is_empty() {
                assert!((-1.0..=1.0).contains(&x(11)), "value: {l}");
            }
            CsvLine {
                depth: f[0].parse().unwrap(),
                line: f[1].to_string(),
                actions: f[2].to_string(),
                games: n(3),
                share: x(4),
                wdl: [n(5), n(6), n(7)],
                score: x(8),
                low: x(9),
                high: x(10),
            }
        })
        .collect()
}

/// The checks every report must pass against the shards it was made from.
fn check_report(out: &Path, games: &BTreeMap<(String, u64), Vec<Row>>, depth: usize, min: u64) {
    let rows = read_csv(&out.join("openings.csv"));
    let total = games.len() as u64;
    let want = truth(games, depth);
    let kept: BTreeMap<&String, &[u64; 3]> = want.iter().filter(|(_, r)| r.iter().sum::<u64>() >= min).collect();
    assert_eq!(rows.len(), kept.len(), "one row per line of at least {min} games");
    for r in &rows {
        let at = format!("{r:?}");
        assert_eq!(r.wdl.iter().sum::<u64>(), r.games, "{at}: wins + draws + losses");
        assert_eq!(kept.get(&r.actions), Some(&&r.wdl), "{at}: the shards say otherwise");
        assert!(r.games >= min, "{at}");
        assert_eq!(r.depth, r.actions.split(' ').count(), "{at}");
        assert_eq!(r.line.split(' ').count(), r.depth, "{at}: one name per move");
        assert!((r.share - r.games as f64 / total as f64).abs() < 1e-6, "{at}: share");
        let score = (r.wdl[0] as f64 + 0.5 * r.wdl[1] as f64) / r.games as f64;
        assert!((r.score - score).abs() < 1e-6, "{at}: score");
        assert!(r.low <= r.score + 1e-9 && r.score <= r.high + 1e-9, "{at}: interval");
        assert!(0.0 <= r.low && r.high <= 1.0 && r.high - r.low > 0.0, "{at}: interval");
    }
    // A tree, depth first: each line's parent is the nearest line above one level up, and
    // siblings come most played first.
    for (i, r) in rows.iter().enumerate() {
        let parent = rows[..i].iter().rev().find(|p| p.depth < r.depth);
        match parent {
            None => assert_eq!(r.depth, 1, "{r:?}"),
            Some(p) => {
                assert_eq!(p.depth + 1, r.depth, "{r:?}");
                assert!(r.actions.starts_with(&format!("{} ", p.actions)), "{r:?}");
                assert!(r.line.starts_with(&format!("{} ", p.line)), "{r:?}");
                assert!(r.games <= p.games, "{r:?}");
            }
        }
        let sibling = rows[..i].iter().rev().find(|p| p.depth <= r.depth);
        if let Some(p) = sibling.filter(|p| p.depth == r.depth) {
            assert!(p.games >= r.games, "most played first: {p:?} then {r:?}");
        }
    }
    if min <= 1 {
        let first: u64 = rows.iter().filter(|r| r.depth == 1).map(|r| r.games).sum();
        assert_eq!(first, total, "every game has a first move");
    }
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("openings.json")).unwrap()).unwrap();
    assert_eq!(json["games"], total);
    assert_eq!(json["lines"].as_array().unwrap().len(), rows.len());
    let md = std::fs::read_to_string(out.join("openings.md")).unwrap();
    assert!(md.contains("| line | depth | games | share |"), "{md}");
    assert_eq!(md.lines().filter(|l| l.starts_with("| ")).count(), rows.len() + 2);
    let svg = std::fs::read_to_string(out.join("openings.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
}

const OUTPUTS: [&str; 4] = ["openings.md", "openings.csv", "openings.json", "openings.svg"];

/// Runs `mankala openings` on `cfg`'s data with extra arguments.
fn openings(cfg: &Path, data: &Path, out: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["openings", "--config", s(cfg), "--data", s(data), "--out", s(out)];
    args.extend_from_slice(extra);
    mankala(&args)
}

/// Trains a model on `data` for a few steps and returns its path.
fn train(cfg: &Path, data: &Path, out: &Path) -> PathBuf {
    let o = mankala(&["train", "--config", s(cfg), "--data", s(data), "--out", s(out), "--steps", "5"]);
    ok(&o, "train");
    out.join("model")
}

/// The names of every legal first move and of every reply to each, from the rules.
fn move_tree<G: Game>(g: &G) -> BTreeMap<String, BTreeSet<String>> {
    let root = g.initial_state();
    let mut tree = BTreeMap::new();
    for a in root.legal_actions() {
        let mut child = root.clone();
        child.play(a).unwrap();
        let replies = if child.is_terminal() { BTreeSet::new() } else { child.legal_actions().iter().map(|&b| child.action_to_string(b)).collect() };
        tree.insert(root.action_to_string(a), replies);
    }
    tree
}

/// `model-eval.csv` lists every legal first move and every reply to it, with values and
/// shares in range.
fn check_model_eval(out: &Path, variant: &str) {
    let any = AnyGame::by_name(variant).unwrap();
    let want = with_game!(&any, g => move_tree(g));
    let csv = std::fs::read_to_string(out.join("model-eval.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next().unwrap(), "move,reply,move_action,reply_action,played_by,value_south,prior,search_share,simulations");
    let mut got: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let (mut priors, mut shares) = (0.0, 0.0);
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        assert_eq!(f.len(), 9, "{l}");
        let value: f64 = f[5].parse().unwrap();
        assert!((-1.0..=1.0).contains(&value), "{l}");
        let (prior, share): (f64, f64) = (f[6].parse().unwrap(), f[7].parse().unwrap());
        assert!((0.0..=1.0).contains(&prior) && (0.0..=1.0).contains(&share), "{l}");
        if f[1].is_empty() {
            assert_eq!(f[4], "south", "South makes the first move: {l}");
            assert!(got.insert(f[0].to_string(), BTreeSet::new()).is_none(), "{l}");
            priors += prior;
            shares += share;
        } else {
            let replies = got.get_mut(f[0]).expect("a reply follows its first move");
            assert!(replies.insert(f[1].to_string()), "{l}");
        }
    }
    assert_eq!(got, want, "every legal first move and reply");
    assert!((priors - 1.0).abs() < 1e-3, "first-move priors sum to {priors}");
    assert!((shares - 1.0).abs() < 1e-3, "first-move search shares sum to {shares}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("model-eval.json")).unwrap()).unwrap();
    assert_eq!(json["first_moves"].as_array().unwrap().len(), want.len());
    assert!(out.join("model-eval.md").exists());
}

/// The whole command on one variant: data, report, filtering, determinism, a model.
fn end_to_end(variant: &str, depth: usize) {
    let dir = temp_dir(variant);
    let cfg = tiny_config(&dir, variant);
    let data = dir.join("data");
    selfplay(&cfg, 20, &data, 1);
    let games = games_of(&data);
    assert_eq!(games.len(), 20);
    let any = AnyGame::by_name(variant).unwrap();
    with_game!(&any, g => check_actions_replay(g, &games));

    let depth_arg = depth.to_string();
    let (out1, out2) = (dir.join("out1"), dir.join("out2"));
    for out in [&out1, &out2] {
        let o = openings(&cfg, &data, out, &["--depth", &depth_arg, "--min-games", "1"]);
        let stdout = ok(&o, "openings");
        assert!(stdout.contains("| line | depth | games |"), "{stdout}");
    }
    check_report(&out1, &games, depth, 1);
    for name in OUTPUTS {
        let (a, b) = (out1.join(name), out2.join(name));
        assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap(), "{name}");
    }
    assert!(!out1.join("model-eval.csv").exists(), "no model, no model evaluation");

    let filtered = dir.join("filtered");
    let o = openings(&cfg, &data, &filtered, &["--depth", &depth_arg, "--min-games", "4"]);
    ok(&o, "openings --min-games 4");
    check_report(&filtered, &games, depth, 4);

    let model = train(&cfg, &data, &dir.join("model"));
    let (m1, m2) = (dir.join("m1"), dir.join("m2"));
    for out in [&m1, &m2] {
        let o = openings(&cfg, &data, out, &["--depth", "2", "--model", s(&model), "--sims", "4", "--seed", "3"]);
        let stdout = ok(&o, "openings --model");
        assert!(stdout.contains("| move | reply |"), "{stdout}");
    }
    check_model_eval(&m1, variant);
    for name in ["model-eval.csv", "model-eval.json", "openings.csv"] {
        let (a, b) = (m1.join(name), m2.join(name));
        assert_eq!(std::fs::read(a).unwrap(), std::fs::read(b).unwrap(), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn kalah_openings_match_the_shards_and_the_model_sees_every_first_move() {
    end_to_end("kalah", 3);
}

#[test]
fn bao_openings_match_the_shards_and_the_model_sees_every_first_move() {
    end_to_end("bao", 2);
}

#[test]
fn bad_data_is_a_clear_error() {
    let dir = temp_dir("errors");
    let kalah = tiny_config(&dir, "kalah");
    let oware = tiny_config(&dir, "oware");
    let data = dir.join("data");
    selfplay(&kalah, 3, &data, 2);
    let out = dir.join("out");

    let missing = dir.join("no-such-dir");
    let o = openings(&kalah, &missing, &out, &[]);
    fails_with(&o, &["no-such-dir", "does not exist"]);

    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    fails_with(&openings(&kalah, &empty, &out, &[]), &["empty", "no Parquet shards"]);

    fails_with(&openings(&kalah, &data, &out, &["--depth", "0"]), &["--depth 0"]);

    // A shard of another variant among the right ones.
    let other = dir.join("other");
    selfplay(&oware, 2, &other, 3);
    let stray = list_shards(&other).unwrap().remove(0);
    std::fs::copy(&stray, data.join("shard-99999.parquet")).unwrap();
    let o = openings(&kalah, &data, &out, &[]);
    fails_with(&o, &["shard-99999.parquet", "variant oware", "expected kalah"]);
    // Asked for oware, the kalah shards are the strangers.
    let o = openings(&oware, &data, &out, &[]);
    fails_with(&o, &["shard-00000.parquet", "variant kalah", "expected oware"]);
    std::fs::remove_file(data.join("shard-99999.parquet")).unwrap();

    // Other rules of the same variant.
    let sowing = dir.join("kalah-3.toml");
    let text = std::fs::read_to_string(&kalah).unwrap();
    std::fs::write(&sowing, format!("{text}[rules]\nseeds_per_hole = 3\n")).unwrap();
    let o = openings(&sowing, &data, &out, &[]);
    fails_with(&o, &["shard-00000.parquet", "other rules", "seeds_per_hole"]);

    // The same shards, fine again; by variant name and into the default directory.
    let o = mankala_in(Some(dir.as_path()), &["openings", "--variant", "kalah", "--data", s(&data), "--depth", "2"]);
    ok(&o, "openings --variant");
    assert!(dir.join("runs/openings/kalah/openings.csv").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
