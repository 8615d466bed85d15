//! End-to-end tests of the `mankala` command line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{BIN, Scratch, mankala, stderr, stdout, temp_dir};

/// Asserts a failed run whose error message contains every one of `words`.
fn assert_fails_with(o: &Output, words: &[&str]) {
    assert!(!o.status.success(), "expected failure, got success; stdout: {}", stdout(o));
    let err = stderr(o);
    for w in words {
        assert!(err.contains(w), "error message lacks `{w}`: {err}");
    }
}

/// A config file with the given text in a fresh temporary directory, removed with it on
/// drop. It reads as the file's path.
fn config_file(name: &str, text: &str) -> TempConfig {
    let dir = temp_dir(&format!("config-{name}"));
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    TempConfig { path, _dir: dir }
}

/// A config file of [`config_file`] and the directory that holds it.
struct TempConfig {
    path: PathBuf,
    _dir: Scratch,
}

impl std::ops::Deref for TempConfig {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.path
    }
}

impl AsRef<Path> for TempConfig {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn variants_lists_every_variant_with_its_source() {
    let o = mankala(&["variants"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for v in ["oware", "kalah", "lane", "ndoto", "enkeshui", "omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"] {
        assert!(out.lines().any(|l| l.starts_with(v)), "{v} missing:\n{out}");
    }
    assert_eq!(out.matches("source:").count(), 12);
}

#[test]
fn show_draws_the_board_after_moves() {
    let o = mankala(&["show", "--variant", "oware", "--moves", "C d"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // North's row right to left (f..a), then South's (A..F).
    assert!(out.contains("N    5   5   0   4   4   5"), "{out}");
    assert!(out.contains("S    5   5   0   5   5   5"), "{out}");
    assert!(out.contains("ply 2, south to move; legal: A B D E F"), "{out}");
}

#[test]
fn every_shipped_config_loads() {
    for v in ["oware", "kalah", "lane", "ndoto", "enkeshui", "omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"] {
        let path = repo(&format!("configs/{v}.toml"));
        let o = mankala(&["show", "--config", &path]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
        assert!(stdout(&o).contains("ply 0, south to move"), "{v}");
    }
}

#[test]
fn perft_prints_every_depth() {
    let o = mankala(&["perft", "--variant", "kalah", "--depth", "3"]);
    assert!(o.status.success());
    let counts: Vec<String> = stdout(&o).lines().skip(1).map(|l| l.split_whitespace().nth(1).unwrap().to_string()).collect();
    // OpenSpiel 2.0.2 counts the same (engine/tests/perft/kalah.perft).
    assert_eq!(counts, ["6", "35", "185"].map(String::from));
}

#[test]
fn replay_prints_one_json_object_per_position() {
    let o = mankala(&["replay", "--variant", "kalah", "--moves", "C 3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    // C sows 4 seeds: D, E, F and South's store: South moves again.
    assert_eq!(lines[1]["pits"], serde_json::json!([4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]));
    assert_eq!(lines[1]["stores"], serde_json::json!([1, 0]));
    assert_eq!(lines[1]["to_move"], "south");
    assert_eq!(lines[1]["move"]["action"], 2);
    // Action 3 is South's D.
    assert_eq!(lines[2]["move"]["action"], 3);
    assert_eq!(lines[2]["to_move"], "north");
    assert_eq!(lines[2]["legal"], serde_json::json!(["a", "b", "c", "d", "e", "f"]));
    assert_eq!(lines[2]["legal_actions"], serde_json::json!([0, 1, 2, 3, 4, 5]));
    assert_eq!(lines[2]["terminal"], false);
}

#[test]
fn replay_to_the_end_reports_the_outcome() {
    // Lane: play the first legal move until the game ends, then replay the list.
    let mut moves: Vec<String> = Vec::new();
    let outcome = loop {
        let o = mankala(&["replay", "--variant", "ndoto", "--moves", &moves.join(" ")]);
        assert!(o.status.success(), "{}", stderr(&o));
        let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
        if last["terminal"] == true {
            break last["outcome"].clone();
        }
        moves.push(last["legal"][0].as_str().unwrap().to_string());
        assert!(moves.len() < 600, "game did not end");
    };
    let scores = outcome["scores"].as_array().unwrap();
    assert_eq!(scores[0].as_u64().unwrap() + scores[1].as_u64().unwrap(), 32);
    assert!(["south", "north", "draw"].contains(&outcome["result"].as_str().unwrap()));
}

#[test]
fn unknown_variant_is_a_clear_error() {
    let o = mankala(&["show", "--variant", "chess"]);
    assert_fails_with(&o, &["unknown variant `chess`", "oware"]);
}

#[test]
fn malformed_move_is_a_clear_error() {
    let o = mankala(&["replay", "--variant", "oware", "--moves", "C zz"]);
    assert_fails_with(&o, &["move 2", "`zz`", "legal moves: a, b, c, d, e, f"]);
}

#[test]
fn illegal_move_is_a_clear_error() {
    // After C, South's C is empty; a move index out of range fails too.
    let o = mankala(&["replay", "--variant", "oware", "--moves", "C d C"]);
    assert_fails_with(&o, &["move 3", "`C` is not legal"]);
    let o = mankala(&["replay", "--variant", "oware", "--moves", "9"]);
    assert_fails_with(&o, &["move 1", "`9` is not legal"]);
}

#[test]
fn unknown_config_key_is_named() {
    let path = config_file("badkey", "variant = \"kalah\"\n[rules]\nseeds_per_hol = 4\n");
    let o = mankala(&["show", "--config", path.to_str().unwrap()]);
    assert_fails_with(&o, &["badkey.toml", "[rules]", "seeds_per_hol"]);
}

#[test]
fn out_of_range_config_value_is_named() {
    let path = config_file("badvalue", "variant = \"enkeshui\"\n[rules]\nholes = 9\n");
    let o = mankala(&["show", "--config", path.to_str().unwrap()]);
    assert_fails_with(&o, &["badvalue.toml", "holes = 9", "8, 10 or 12"]);
    let path = config_file("badlimit", "variant = \"oware\"\n[limits]\nmax_plies = 0\n");
    let o = mankala(&["show", "--config", path.to_str().unwrap()]);
    assert_fails_with(&o, &["badlimit.toml", "max_plies = 0"]);
}

#[test]
fn wrong_type_and_unknown_section_are_named() {
    let path = config_file("badtype", "variant = \"lane\"\n[rules]\nsetup = \"diagonal\"\n");
    let o = mankala(&["show", "--config", path.to_str().unwrap()]);
    assert_fails_with(&o, &["badtype.toml", "diagonal"]);
    let path = config_file("badsection", "variant = \"lane\"\n[rulez]\n");
    let o = mankala(&["show", "--config", path.to_str().unwrap()]);
    assert_fails_with(&o, &["badsection.toml", "rulez"]);
}

#[test]
fn missing_config_file_is_named() {
    let o = mankala(&["show", "--config", "/nonexistent/x.toml"]);
    assert_fails_with(&o, &["/nonexistent/x.toml"]);
}

#[test]
fn bench_engine_reports_playouts() {
    let o = mankala(&["bench", "engine", "--variant", "lane", "--seconds", "0.2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("playouts/s/core"));
}

#[test]
fn selfplay_writes_shards_a_run_record_and_a_summary() {
    let out = temp_dir("selfplay");
    let cfg = config_file("sp", "variant = \"kalah\"\n[search]\nsimulations = 8\n[selfplay]\ngames_per_shard = 3\n");
    let o = mankala(&["selfplay", "--config", cfg.to_str().unwrap(), "--games", "7", "--out", out.to_str().unwrap(), "--threads", "2", "--seed", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("games             7"), "{text}");
    assert!(text.contains("first player"), "{text}");
    let mut names: Vec<String> = std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    let shards: Vec<&String> = names.iter().filter(|n| n.ends_with(".parquet")).collect();
    assert_eq!(shards, ["shard-00000.parquet", "shard-00001.parquet", "shard-00002.parquet"]);
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    let run = names.iter().find(|n| n.starts_with("run-") && n.ends_with(".json")).expect("run record");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join(run)).unwrap()).unwrap();
    assert_eq!(record["finished"], true);
    assert_eq!(record["seed"], 5);
    assert_eq!(record["summary"]["games"], 7);
    let config = names.iter().find(|n| n.starts_with("config-")).expect("resolved config");
    let resolved = std::fs::read_to_string(out.join(config)).unwrap();
    assert!(resolved.contains("simulations = 8") && resolved.contains("seeds_per_hole = 4"), "{resolved}");
    // The resolved config loads again as a config.
    let o2 = mankala(&["show", "--config", out.join(config).to_str().unwrap()]);
    assert!(o2.status.success(), "{}", stderr(&o2));

    // A second run into the same directory continues the shard numbers.
    let o = mankala(&["selfplay", "--config", cfg.to_str().unwrap(), "--games", "2", "--out", out.to_str().unwrap(), "--threads", "1", "--seed", "6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.join("shard-00003.parquet").exists());

    std::fs::remove_dir_all(&out).unwrap();
}

/// Counts of a variant's first perft case (`engine/tests/perft/V.perft`), written by the
/// independent reference.
fn reference_perft(variant: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo(&format!("engine/tests/perft/{variant}.perft"))).unwrap();
    let line = text.lines().find(|l| l.starts_with("counts = [")).expect("a counts line");
    line["counts = [".len()..line.len() - 1].split(',').map(|c| c.trim().to_string()).collect()
}

#[test]
fn perft_of_the_four_row_games_and_bao_matches_the_reference() {
    for v in ["omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"] {
        let o = mankala(&["perft", "--variant", v, "--depth", "4"]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
        let counts: Vec<String> = stdout(&o).lines().skip(1).map(|l| l.split_whitespace().nth(1).unwrap().to_string()).collect();
        assert_eq!(counts, reference_perft(v)[..4], "{v}");
    }
}

/// Plays `plies` plies of `variant` through `mankala replay`, one call per ply, taking every
/// capture offered and otherwise a move picked by a fixed pseudo-random sequence; every
/// position's seeds (holes and hands) must add up to `total`. Returns the moves played.
fn replay_walk(variant: &str, plies: usize, total: u64) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    let mut x: u64 = 12345;
    for _ in 0..plies {
        let o = mankala(&["replay", "--variant", variant, "--moves", &moves.join(" ")]);
        assert!(o.status.success(), "{variant} {moves:?}: {}", stderr(&o));
        let out = stdout(&o);
        assert_eq!(out.lines().count(), moves.len() + 1, "{variant}");
        let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        let seeds: u64 = last["pits"].as_array().unwrap().iter().chain(last["in_hand"].as_array().unwrap()).map(|n| n.as_u64().unwrap()).sum();
        assert_eq!(seeds, total, "{variant} after {moves:?}");
        if last["terminal"] == true {
            break;
        }
        let legal: Vec<&str> = last["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(legal.len(), last["legal_actions"].as_array().unwrap().len());
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = if legal.contains(&"take") { "take" } else { legal[(x >> 33) as usize % legal.len()] };
        moves.push(pick.to_string());
    }
    moves
}

#[test]
fn the_four_row_games_play_through_replay_with_their_decisions() {
    for v in ["omweso", "coro", "kombe", "mongale"] {
        let moves = replay_walk(v, 60, 64);
        assert!(moves.iter().any(|m| m == "take"), "{v}: no capture taken in {moves:?}");
        // The list of move names replays in one call.
        let o = mankala(&["replay", "--variant", v, "--moves", &moves.join(" ")]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
    }
}

#[test]
fn the_bao_family_plays_through_replay_past_the_namua_stage() {
    // Bao and Bao Malawi open from hand (namua); Kujifunza starts with 2 seeds in every hole.
    for v in ["bao", "bao-kujifunza", "bao-malawi"] {
        let moves = replay_walk(v, 120, 64);
        let o = mankala(&["replay", "--variant", v, "--moves", &moves.join(" ")]);
        assert!(o.status.success(), "{v}: {}", stderr(&o));
        let out = stdout(&o);
        let positions: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(positions.len(), moves.len() + 1, "{v}");
        let last = positions.last().unwrap();
        // The walk ends with the game over or in the mtaji stage, every seed on the board.
        assert!(last["terminal"] == true || last["in_hand"] == serde_json::json!([0, 0]), "{v}: stopped in the namua stage after {moves:?}");
        // The namua stage spends one seed from hand per move, and no seed goes back to hand.
        let hands = |p: &serde_json::Value| -> Vec<u64> { (0..2).map(|i| p["in_hand"][i].as_u64().unwrap()).collect() };
        if v != "bao-kujifunza" {
            let start = hands(&positions[0]);
            assert_eq!(hands(&positions[1]), vec![start[0] - 1, start[1]], "{v}");
        }
        for w in positions.windows(2) {
            let (a, b) = (hands(&w[0]), hands(&w[1]));
            assert!(b[0] <= a[0] && b[1] <= a[1], "{v}: a hand grew in {moves:?}");
        }
    }
}

#[test]
fn the_free_setup_is_played_as_placements() {
    let cfg = config_file("free-setup", "variant = \"omweso\"\n[rules]\nsetup = \"free\"\n");
    // Placements must not go back along the track: +C after +D is illegal.
    let o = mankala(&["replay", "--config", cfg.to_str().unwrap(), "--moves", "+D +C"]);
    assert_fails_with(&o, &["+C"]);
    let o = mankala(&["replay", "--config", cfg.to_str().unwrap(), "--moves", "+D +D +H"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let last: serde_json::Value = serde_json::from_str(stdout(&o).lines().last().unwrap()).unwrap();
    // South's back row A..H follows his front row T..J in the snapshot: D holds 2, H 1.
    assert_eq!(last["pits"][8 + 3], 2);
    assert_eq!(last["pits"][8 + 7], 1);
    assert_eq!(last["in_hand"], serde_json::json!([29, 32]));
    assert_eq!(last["to_move"], "south");
}

#[test]
fn selfplay_rejects_bad_settings_by_name() {
    let cfg = config_file("spbad", "variant = \"oware\"\n[search]\nsimulations = 0\n");
    let o = mankala(&["selfplay", "--config", cfg.to_str().unwrap(), "--games", "1", "--out", "/tmp/unused"]);
    assert_fails_with(&o, &["spbad.toml", "[search] simulations = 0", "expected 1 to"]);
    let cfg = config_file("spbad2", "variant = \"oware\"\n[selfplay]\ntemprature = 1.0\n");
    let o = mankala(&["selfplay", "--config", cfg.to_str().unwrap(), "--games", "1", "--out", "/tmp/unused"]);
    assert_fails_with(&o, &["spbad2.toml", "temprature"]);
}

/// A config for `variant` with every count shrunk, for end-to-end runs.
fn tiny_config(name: &str, variant: &str, steps: u64) -> TempConfig {
    config_file(
        name,
        &format!(
            "variant = \"{variant}\"\n[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 2\n\
             [network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n\
             [train]\nsteps = {steps}\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\ncheckpoint_every = 2\nvalidation_fraction = 0.0\n"
        ),
    )
}

#[test]
fn selfplay_with_a_trained_network_runs_on_every_variant() {
    for v in ["oware", "kalah", "lane", "ndoto", "enkeshui", "omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"] {
        let dir = temp_dir(&format!("nn-{v}"));
        let cfg = tiny_config(&format!("nn-{v}"), v, 4);
        let cfg = cfg.to_str().unwrap();
        let (data, model, data2) = (dir.join("data"), dir.join("model"), dir.join("data2"));
        let o = mankala(&["selfplay", "-c", cfg, "-g", "6", "-o", data.to_str().unwrap(), "-t", "2", "--seed", "1"]);
        assert!(o.status.success(), "{v} selfplay: {}", stderr(&o));
        let o = mankala(&["train", "-c", cfg, "-d", data.to_str().unwrap(), "-o", model.to_str().unwrap()]);
        assert!(o.status.success(), "{v} train: {}", stderr(&o));
        assert!(stdout(&o).contains("steps             4"), "{v}: {}", stdout(&o));
        let metrics = std::fs::read_to_string(model.join("metrics.csv")).unwrap();
        assert_eq!(metrics.lines().count(), 3, "{v}: header and two checkpoints:\n{metrics}");
        let o = mankala(&[
            "selfplay",
            "-c",
            cfg,
            "-g",
            "3",
            "-o",
            data2.to_str().unwrap(),
            "-t",
            "2",
            "--seed",
            "2",
            "--model",
            model.join("model").to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{v} selfplay --model: {}", stderr(&o));
        assert!(stdout(&o).contains("games             3"), "{v}");
        exported_model_matches_the_network(v, &model.join("model"), &dir);
        openings_of_the_data_and_the_model(v, cfg, &data, &model.join("model"), &dir);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A config of `[network] encoding = 2`: self-play writes the thermometer-coded rows, training
/// writes a model of version 2 (also from data of version 1, not the reverse), export
/// describes every input, and an arena under that config plays it against a model of
/// version 1 (each network reads positions in its own encoding).
#[test]
fn encoding_two_trains_exports_and_plays_beside_version_one() {
    for v in ["kalah", "bao-kujifunza"] {
        let dir = temp_dir(&format!("enc2-{v}"));
        let one = tiny_config(&format!("enc1-{v}"), v, 2);
        let text = std::fs::read_to_string(&one).unwrap().replace("[network]\n", "[network]\nencoding = 2\n");
        let two = config_file(&format!("enc2-{v}"), &text);
        let mut models = Vec::new();
        for (name, cfg) in [("one", &one), ("two", &two)] {
            let (data, model) = (dir.join(format!("data-{name}")), dir.join(format!("model-{name}")));
            let o = mankala(&["selfplay", "-c", cfg.to_str().unwrap(), "-g", "4", "-o", data.to_str().unwrap(), "-t", "2", "--seed", "1"]);
            assert!(o.status.success(), "{v} {name} selfplay: {}", stderr(&o));
            let o = mankala(&["train", "-c", cfg.to_str().unwrap(), "-d", data.to_str().unwrap(), "-o", model.to_str().unwrap()]);
            assert!(o.status.success(), "{v} {name} train: {}", stderr(&o));
            let meta: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(model.join("model.json")).unwrap()).unwrap();
            assert_eq!(meta["encoding_version"], if name == "one" { 1 } else { 2 }, "{v}: {meta}");
            models.push((data, model.join("model"), meta));
        }
        let (lens, v2) = (models.iter().map(|m| m.2["encoding_len"].as_u64().unwrap()).collect::<Vec<_>>(), &models[1]);
        assert!(lens[1] > lens[0], "{v}: version 2 adds the thermometer levels: {lens:?}");
        let shard = std::fs::read_dir(&v2.0).unwrap().filter_map(Result::ok).map(|e| e.path()).find(|p| p.extension().is_some_and(|x| x == "parquet")).unwrap();
        let (meta, rows) = mankala_data::read_shard(&shard).unwrap();
        assert_eq!((meta.encoding_version, meta.encoding_len as u64), (2, lens[1]), "{v}");
        assert!(rows.iter().all(|r| r.features.len() as u64 == lens[1]), "{v}");
        // Training on data of the other encoding is refused by name.
        let o = mankala(&["train", "-c", one.to_str().unwrap(), "-d", v2.0.to_str().unwrap(), "-o", dir.join("mixed").to_str().unwrap()]);
        assert!(!o.status.success() && stderr(&o).contains("encoding version 2"), "{v}: {}", stderr(&o));
        // Data of version 1 trains a network of version 2, which follows from it.
        let upgraded = dir.join("upgraded");
        let o = mankala(&["train", "-c", two.to_str().unwrap(), "-d", models[0].0.to_str().unwrap(), "-o", upgraded.to_str().unwrap()]);
        assert!(o.status.success(), "{v} train version 2 on version 1: {}", stderr(&o));
        let meta: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(upgraded.join("model.json")).unwrap()).unwrap();
        assert_eq!((meta["encoding_version"].as_u64(), meta["encoding_len"].as_u64()), (Some(2), Some(lens[1])), "{v}: {meta}");
        // Export describes each input of version 2.
        let onnx = dir.join("two.onnx");
        let o = mankala(&["export", "-m", v2.1.to_str().unwrap(), "-f", "onnx", "-o", onnx.to_str().unwrap(), "--samples", "5"]);
        assert!(o.status.success(), "{v} export: {}", stderr(&o));
        let desc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("two.onnx.json")).unwrap()).unwrap();
        let features = desc["features"].as_array().unwrap();
        assert_eq!(features.len() as u64, lens[1], "{v}");
        assert!(features.iter().any(|f| f["name"].as_str().unwrap().ends_with("_at_least_8")), "{v}: {desc}");
        // Both networks play one another under the version-2 config.
        let agents = [format!("nn:model={},sims=4", models[0].1.display()), format!("nn:model={},sims=4", v2.1.display())];
        let o =
            mankala(&["arena", "-c", two.to_str().unwrap(), "--agents", &agents[0], &agents[1], "--games", "2", "--out", dir.join("arena").to_str().unwrap()]);
        assert!(o.status.success(), "{v} arena: {}", stderr(&o));
        assert!(stdout(&o).contains("2 games"), "{v}: {}", stdout(&o));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// `mankala openings` on the six games of `data`: the first moves' counts add up to the
/// games, and the model's view lists every legal first move.
fn openings_of_the_data_and_the_model(variant: &str, cfg: &str, data: &Path, model: &Path, dir: &Path) {
    let out = dir.join("openings");
    let o = mankala(&[
        "openings",
        "--config",
        cfg,
        "--data",
        data.to_str().unwrap(),
        "--depth",
        "2",
        "--model",
        model.to_str().unwrap(),
        "--sims",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{variant} openings: {}", stderr(&o));
    let report: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("openings.json")).unwrap()).unwrap();
    let text = report.to_string();
    let lines = report["lines"].as_array().unwrap_or_else(|| panic!("{text}"));
    let first: u64 = lines.iter().filter(|l| l["depth"] == 1).map(|l| l["games"].as_u64().unwrap()).sum();
    assert_eq!(first, 6, "{variant}: {text}");
    let eval: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("model-eval.json")).unwrap()).unwrap();
    let o = mankala(&["replay", "--config", cfg, "--moves", ""]);
    let start: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let moves = eval["first_moves"].as_array().unwrap_or_else(|| panic!("{variant}: {eval}"));
    assert_eq!(moves.len(), start["legal"].as_array().unwrap().len(), "{variant}: {eval}");
}

/// Exports `model` of `variant` as ONNX and safetensors: the descriptions name every feature
/// and action, the ONNX file run through tract gives the network's outputs on the 100
/// reference positions, and the safetensors file holds every layer.
fn exported_model_matches_the_network(variant: &str, model: &Path, dir: &Path) {
    let onnx = dir.join("model.onnx");
    let o = mankala(&["export", "--model", model.to_str().unwrap(), "--format", "onnx", "--out", onnx.to_str().unwrap()]);
    assert!(o.status.success(), "{variant} export: {}", stderr(&o));
    let desc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("model.onnx.json")).unwrap()).unwrap();
    assert_eq!(desc["variant"], variant);
    assert_eq!(desc["file_format"], "onnx");
    let (e, a) = (desc["encoding_len"].as_u64().unwrap() as usize, desc["num_actions"].as_u64().unwrap() as usize);
    assert_eq!(desc["features"].as_array().unwrap().len(), e, "{variant}");
    assert_eq!(desc["actions"].as_array().unwrap().len(), a, "{variant}");
    let samples: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("model.onnx.samples.json")).unwrap()).unwrap();
    let positions = samples["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 100, "{variant}");
    let floats = |v: &serde_json::Value| -> Vec<f32> { v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap() as f32).collect() };
    let features: Vec<f32> = positions.iter().flat_map(|p| floats(&p["features"])).collect();
    let runner = mankala_models::export::OnnxRunner::load(&onnx, positions.len(), e).unwrap();
    let (logits, values) = runner.run(&features).unwrap();
    for (i, p) in positions.iter().enumerate() {
        let want = floats(&p["policy_logits"]);
        for (x, y) in logits[i * a..(i + 1) * a].iter().zip(&want) {
            assert!((x - y).abs() <= 1e-4, "{variant} position {i}: {x} vs {y}");
        }
        let v = p["value"].as_f64().unwrap() as f32;
        assert!((values[i] - v).abs() <= 1e-4, "{variant} position {i}");
        assert!(!p["legal"].as_array().unwrap().is_empty());
    }
    let st = dir.join("model.safetensors");
    let o = mankala(&["export", "-m", model.to_str().unwrap(), "-f", "safetensors", "-o", st.to_str().unwrap(), "--samples", "20"]);
    assert!(o.status.success(), "{variant} export: {}", stderr(&o));
    let samples = std::fs::read_to_string(dir.join("model.safetensors.samples.json")).unwrap();
    let samples: serde_json::Value = serde_json::from_str(&samples).unwrap();
    assert_eq!(samples["positions"].as_array().unwrap().len(), 20);
    let desc: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("model.safetensors.json")).unwrap()).unwrap();
    let bytes = std::fs::read(&st).unwrap();
    let file = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let tensors = desc["tensors"].as_array().unwrap();
    assert_eq!(tensors.len(), file.len(), "{variant}");
    for t in tensors {
        let stored = file.tensor(t["name"].as_str().unwrap()).unwrap();
        let shape: Vec<usize> = t["shape"].as_array().unwrap().iter().map(|d| d.as_u64().unwrap() as usize).collect();
        assert_eq!(stored.shape(), shape.as_slice(), "{variant} {t}");
    }
    // The first layer reads the encoding, the policy layer writes one logit per action.
    assert_eq!(file.tensor("input.weight").unwrap().shape()[1], e);
    assert_eq!(file.tensor("policy.weight").unwrap().shape()[0], a);
}

#[test]
fn export_refuses_bad_arguments_by_name() {
    let dir = temp_dir("export");
    let missing = dir.join("nothing");
    let out = dir.join("m.onnx");
    let (m, o) = (missing.to_str().unwrap(), out.to_str().unwrap());
    let r = mankala(&["export", "--model", m, "--format", "onnx", "--out", o]);
    assert_fails_with(&r, &["nothing.json"]);
    let r = mankala(&["export", "--model", m, "--format", "tflite", "--out", o]);
    assert_fails_with(&r, &["tflite", "onnx", "safetensors"]);
    // A sidecar that is not a model description.
    std::fs::write(dir.join("fake.json"), "{\"hello\": 1}").unwrap();
    let fake = dir.join("fake");
    let r = mankala(&["export", "-m", fake.to_str().unwrap(), "-f", "onnx", "-o", o]);
    assert_fails_with(&r, &["fake.json", "not a mankala model description"]);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_model_of_another_variant_is_refused() {
    let dir = temp_dir("wrongmodel");
    let kalah = tiny_config("wm-kalah", "kalah", 2);
    let oware = tiny_config("wm-oware", "oware", 2);
    let (data, model) = (dir.join("data"), dir.join("model"));
    assert!(mankala(&["selfplay", "-c", kalah.to_str().unwrap(), "-g", "4", "-o", data.to_str().unwrap()]).status.success());
    assert!(mankala(&["train", "-c", kalah.to_str().unwrap(), "-d", data.to_str().unwrap(), "-o", model.to_str().unwrap()]).status.success());
    let o = mankala(&[
        "selfplay",
        "-c",
        oware.to_str().unwrap(),
        "-g",
        "1",
        "-o",
        dir.join("x").to_str().unwrap(),
        "--model",
        model.join("model").to_str().unwrap(),
    ]);
    assert_fails_with(&o, &["model.json", "variant kalah", "expected oware"]);
    // Training oware on kalah data is refused too, naming the shard.
    let o = mankala(&["train", "-c", oware.to_str().unwrap(), "-d", data.to_str().unwrap(), "-o", dir.join("m2").to_str().unwrap()]);
    assert_fails_with(&o, &["data/shard-0000", ".parquet", "variant kalah, expected oware"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn training_killed_after_a_checkpoint_resumes_from_it() {
    let dir = temp_dir("resume");
    let cfg = tiny_config("resume", "kalah", 100_000);
    let (data, model) = (dir.join("data"), dir.join("model"));
    assert!(mankala(&["selfplay", "-c", cfg.to_str().unwrap(), "-g", "10", "-o", data.to_str().unwrap()]).status.success());
    let mut child = Command::new(BIN)
        .args(["train", "-c", cfg.to_str().unwrap(), "-d", data.to_str().unwrap(), "-o", model.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait (bounded) for a checkpoint past step 2, then kill the run.
    let state = model.join("train-state.json");
    let mut step_at_kill = 0;
    for _ in 0..600 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        if let Ok(text) = std::fs::read_to_string(&state)
            && let Ok(v) = serde_json::from_str::<serde_json::Value>(&text)
            && v["step"].as_u64().unwrap_or(0) >= 4
        {
            child.kill().unwrap();
            child.wait().unwrap();
            let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
            step_at_kill = v["step"].as_u64().unwrap();
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(step_at_kill >= 4, "no checkpoint appeared");
    // Every file under a final name is whole: the checkpoint model loads.
    let target = step_at_kill + 4;
    let o = mankala(&["train", "-c", cfg.to_str().unwrap(), "-d", data.to_str().unwrap(), "-o", model.to_str().unwrap(), "--steps", &target.to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("steps             {target} (resumed)")), "{}", stdout(&o));
    let meta: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(model.join("model.json")).unwrap()).unwrap();
    assert_eq!(meta["step"].as_u64(), Some(target));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_closing_the_pipe_early_is_no_panic() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(BIN)
        .args(["perft", "--variant", "oware", "--depth", "9"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.contains("depth"));
    // The reader is gone; the next lines go to a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
}
