//! The Python package (`python/`): built with maturin into a wheel, installed into a
//! virtualenv under the target directory, and its pytest suite run (`python/tests`:
//! PettingZoo's api_test on every variant, random games against `mankala replay`, errors,
//! agents). Ignored, saying why, where python3, maturin, pytest or numpy is missing.
//!
//! Also that the binding's dependencies have the features of the workspace's default build,
//! so that maturin's build after `cargo build --release` reuses what that build compiled; and
//! that the files mankala writes for other tools read in them: self-play shards in pyarrow,
//! pandas, polars and DuckDB (`scripts/check_parquet.py`), exported models in onnxruntime and
//! numpy (`scripts/check_export.py`). Each is ignored, saying why, where its modules are
//! missing.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod common;
#[path = "common/features.rs"]
mod features;
#[path = "common/skip.rs"]
mod skip;

use common::{Scratch, mankala, s, stderr, stdout, temp_dir};
use features::dependency_features;

fn main() {
    skip::run(vec![
        skip::Check {
            name: "python_package_builds_installs_and_passes_its_tests",
            missing: python_missing(),
            body: python_package_builds_installs_and_passes_its_tests,
        },
        skip::Check {
            name: "the_bindings_dependencies_have_the_features_of_the_workspace_build",
            missing: None,
            body: the_bindings_dependencies_have_the_features_of_the_workspace_build,
        },
        skip::Check {
            name: "shards_read_unchanged_in_pyarrow_pandas_polars_and_duckdb",
            missing: modules_missing(&["pyarrow", "pandas", "polars", "duckdb"]),
            body: shards_read_unchanged_in_pyarrow_pandas_polars_and_duckdb,
        },
        skip::Check {
            name: "a_bao_kujifunza_proof_is_accepted_by_the_python_reference_rules",
            missing: modules_missing(&["json"]),
            body: a_bao_kujifunza_proof_is_accepted_by_the_python_reference_rules,
        },
        skip::Check {
            name: "the_zoo_cards_and_tables_are_what_their_data_make",
            missing: modules_missing(&["hashlib", "json"]),
            body: the_zoo_cards_and_tables_are_what_their_data_make,
        },
        skip::Check {
            name: "the_zoo_strength_record_grows_an_arena_at_a_time_and_keeps_unfinished_ones",
            missing: modules_missing(&["hashlib", "json"]),
            body: the_zoo_strength_record_grows_an_arena_at_a_time_and_keeps_unfinished_ones,
        },
        skip::Check {
            name: "exported_models_run_in_onnxruntime_and_numpy",
            missing: modules_missing(&["onnxruntime", "safetensors", "numpy"]),
            body: exported_models_run_in_onnxruntime_and_numpy,
        },
    ])
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The target directory the test binaries were built into.
fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_mankala"));
    bin.parent().and_then(Path::parent).expect("the binary lies in target/<profile>/").to_path_buf()
}

/// Whether `python -c code` runs.
fn python_runs(python: &Path, code: &str) -> bool {
    Command::new(python).args(["-c", code]).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs `cmd` with its output shown, failing the test with `what` when it fails.
fn run(cmd: &mut Command, what: &str) {
    let status = cmd.status().unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(status.success(), "{what} failed ({status})");
}

/// What the Python package test needs that this machine lacks, if anything.
fn python_missing() -> Option<String> {
    let python = python();
    let missing: Vec<&str> =
        [("python3", "import sys"), ("maturin", "import maturin"), ("pytest", "import pytest"), ("numpy", "import numpy"), ("venv", "import venv, ensurepip")]
            .into_iter()
            .filter(|(_, code)| !python_runs(&python, code))
            .map(|(name, _)| name)
            .collect();
    (!missing.is_empty()).then(|| format!("the Python package test needs {} (pip install maturin pytest numpy pettingzoo)", missing.join(", ")))
}

/// Which of the Python `modules` this machine lacks, as the reason a check is skipped.
fn modules_missing(modules: &[&str]) -> Option<String> {
    let python = python();
    if !python_runs(&python, "import sys") {
        return Some(format!("{} does not run (the check needs python3 with {})", python.display(), modules.join(", ")));
    }
    let missing: Vec<&str> = modules.iter().copied().filter(|m| !python_runs(&python, &format!("import {m}"))).collect();
    (!missing.is_empty()).then(|| format!("Python lacks {} (pip install {})", missing.join(", "), modules.join(" ")))
}

/// A config of `variant` with every count shrunk, in `dir`.
fn tiny_config(dir: &Path, variant: &str) -> PathBuf {
    let path = dir.join("tiny.toml");
    let text = format!(
        "variant = \"{variant}\"\n[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 2\n\
         [network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n\
         [train]\nsteps = 4\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\ncheckpoint_every = 2\nvalidation_fraction = 0.0\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `mankala args`, failing the test with `what` and the error when it fails.
fn mankala_ok(args: &[&str], what: &str) -> String {
    let o = mankala(args);
    assert!(o.status.success(), "{what}: {}", stderr(&o));
    stdout(&o)
}

/// Runs a script of `scripts/` with the interpreter, failing the test when it fails.
fn script(name: &str, args: &[&Path]) -> String {
    let o = Command::new(python()).arg(repo().join("scripts").join(name)).args(args).output().unwrap();
    assert!(o.status.success(), "{name}: {}{}", stdout(&o), stderr(&o));
    stdout(&o)
}

/// The zoo's cards and the tables of README.md, zoo/README.md and docs/benchmarks.md are what
/// `scripts/zoo_card.py` makes of each network's training.json and strength.json; in a copy of
/// the tree, a score changed by hand in one strength.json makes the check fail, naming the
/// files the cards would change, and `cards` brings them back in line.
fn the_zoo_cards_and_tables_are_what_their_data_make() {
    script("zoo_card.py", &[Path::new("check")]);

    let (dir, variant) = zoo_copy("zoo-cards");
    let checker = |args: &[&str]| zoo_card_in(&dir, args);
    let o = checker(&["check"]);
    assert!(o.status.success(), "the copy: {}", stderr(&o));

    // A network whose strength is measured: its scores are in the README's table.
    let path = dir.join("zoo").join(&variant).join("strength.json");
    let mut st: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let arena = st["arenas"]["mcts:sims=10000"].as_object_mut().unwrap();
    arena.insert("wins".into(), serde_json::json!(1.0));
    arena.insert("draws".into(), serde_json::json!(0.0));
    arena.insert("losses".into(), serde_json::json!(81.0));
    arena.insert("score".into(), serde_json::json!(1.0 / 82.0));
    std::fs::write(&path, serde_json::to_string_pretty(&st).unwrap()).unwrap();
    let o = checker(&["check"]);
    assert!(!o.status.success(), "a changed score went unnoticed");
    let err = stderr(&o);
    assert!(err.contains("README.md") && err.contains(&format!("zoo/{variant}/card.md")) && err.contains("docs/benchmarks.md"), "{err}");
    let o = checker(&["cards"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let row = readme.lines().find(|l| l.starts_with(&format!("| [{variant}](zoo/{variant}/card.md)"))).expect("the variant's row");
    assert!(row.contains("| 1% [") && row.contains("(1/0/81)"), "the regenerated row shows the new score: {row}");
    let o = checker(&["check"]);
    assert!(o.status.success(), "after cards: {}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What lets `scripts/zoo_strength.sh` go on across machines, in a copy of the tree:
/// `zoo_card.py recorded` and `beats` read the pairings strength.json holds of the network;
/// `keep` copies an unfinished arena (its run.json and the whole lines of its journal) into
/// zoo/VARIANT/unfinished/, never over more kept games or another arena's; `strength` adds a
/// finished arena to the pairings held of the same network and games, keeping the others,
/// and removes its kept games (not another arena's).
fn the_zoo_strength_record_grows_an_arena_at_a_time_and_keeps_unfinished_ones() {
    let (dir, variant) = zoo_copy("zoo-strength-record");
    let zoo_card = |args: &[&str]| zoo_card_in(&dir, args);
    let zoo = dir.join("zoo").join(&variant);
    let read = |path: &Path| -> serde_json::Value { serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap() };
    let before = read(&zoo.join("strength.json"));
    let held = &before["arenas"]["mcts:sims=10000"];
    let n = held["wins"].as_f64().unwrap() + held["draws"].as_f64().unwrap() + held["losses"].as_f64().unwrap();
    let (games, plies) = (format!("{n}"), held["opening_plies"].to_string());
    assert!(zoo_card(&["recorded", &variant, "mcts:sims=10000", &games, &plies]).status.success(), "the held pairing is recorded");
    let more = format!("{}", n + 2.0);
    assert!(!zoo_card(&["recorded", &variant, "mcts:sims=10000", &more, &plies]).status.success(), "a pairing of more games is not");
    assert!(!zoo_card(&["recorded", &variant, "mcts:sims=99", "4", "2"]).status.success(), "an opponent never played is not");
    assert!(!zoo_card(&["beats", &variant, "mcts:sims=99"]).status.success());
    // The judge's result is recorded, or not, without GAMES or PLIES; numbers with it are
    // refused, naming what is expected.
    for (judge, held) in [(serde_json::json!({"samples": 300}), true), (serde_json::Value::Null, false)] {
        let mut st = before.clone();
        st["judge"] = judge;
        std::fs::write(zoo.join("strength.json"), st.to_string()).unwrap();
        assert_eq!(zoo_card(&["recorded", &variant, "judge"]).status.success(), held, "judge held: {held}");
    }
    std::fs::write(zoo.join("strength.json"), before.to_string()).unwrap();
    let o = zoo_card(&["recorded", &variant, "judge", "0", "0"]);
    assert!(o.status.code() == Some(2) && stderr(&o).contains("VARIANT judge"), "{}", stderr(&o));

    // An arena of as many games as those held, stopped after two, the third half-written.
    let total = n as u64;
    let out = dir.join("out");
    let arena = out.join("mcts-sims-99");
    std::fs::create_dir_all(&arena).unwrap();
    let sha = before["model_sha256"].as_str().unwrap().to_string();
    std::fs::write(out.join("model.sha256"), format!("{sha}\n")).unwrap();
    let agent = format!("nn:model=zoo/{variant}/model.bpk,sims=200");
    let run = serde_json::json!({"variant": variant, "agents": [agent, "mcts:sims=99"], "games_per_pair": total,
        "opening_plies": 2, "seed": 7, "code_version": "0.1.0+test"});
    std::fs::write(arena.join("run.json"), run.to_string()).unwrap();
    let journal = arena.join("games.partial.jsonl");
    std::fs::write(&journal, "{\"index\":0}\n{\"index\":1}\n{\"index\":2,").unwrap();
    let o = zoo_card(&["keep", &variant, s(&out)]);
    assert!(o.status.success(), "keep: {}", stderr(&o));
    assert!(stdout(&o).contains(&format!("2 of {total} games")), "{}", stdout(&o));
    let kept = zoo.join("unfinished").join("mcts-sims-99");
    assert_eq!(std::fs::read_to_string(kept.join("games.partial.jsonl")).unwrap(), "{\"index\":0}\n{\"index\":1}\n");
    assert_eq!(read(&kept.join("run.json")), run);
    assert_eq!(std::fs::read_to_string(kept.join("model.sha256")).unwrap().trim(), sha);
    // Fewer games than those kept do not replace them, nor does another arena's journal.
    std::fs::write(&journal, "{\"index\":0}\n").unwrap();
    let o = zoo_card(&["keep", &variant, s(&out)]);
    assert!(!o.status.success() && stderr(&o).contains("holds 2 games"), "{}", stderr(&o));
    let mut other = run.clone();
    other["seed"] = serde_json::json!(8);
    std::fs::write(arena.join("run.json"), other.to_string()).unwrap();
    std::fs::write(&journal, "{\"index\":0}\n{\"index\":1}\n{\"index\":2}\n").unwrap();
    let o = zoo_card(&["keep", &variant, s(&out)]);
    assert!(!o.status.success() && stderr(&o).contains("another arena"), "{}", stderr(&o));
    assert_eq!(read(&kept.join("run.json")), run, "the kept arena is untouched");
    std::fs::write(arena.join("run.json"), run.to_string()).unwrap();
    // A folder of another network's arenas is refused.
    std::fs::write(out.join("model.sha256"), "0\n").unwrap();
    let o = zoo_card(&["keep", &variant, s(&out)]);
    assert!(!o.status.success() && stderr(&o).contains("another network"), "{}", stderr(&o));

    // The arena finished, all won but one. Kept games of another arena of that name stay.
    let ratings = serde_json::json!({"pairs": [{"a": agent, "b": "mcts:sims=99", "wins_a": n - 1.0, "wins_b": 1.0, "draws": 0.0}]});
    std::fs::write(arena.join("ratings.json"), ratings.to_string()).unwrap();
    std::fs::write(kept.join("run.json"), other.to_string()).unwrap();
    let o = zoo_card(&["strength", &variant, s(&arena)]);
    assert!(o.status.success(), "strength: {}", stderr(&o));
    assert!(kept.exists(), "another arena's kept games stay");
    std::fs::write(kept.join("run.json"), run.to_string()).unwrap();
    let o = zoo_card(&["strength", &variant, s(&arena)]);
    assert!(o.status.success(), "strength: {}", stderr(&o));
    let after = read(&zoo.join("strength.json"));
    assert_eq!(after["arenas"]["mcts:sims=10000"], before["arenas"]["mcts:sims=10000"], "the pairings held are kept");
    assert_eq!(after["arenas"].as_object().unwrap().len(), before["arenas"].as_object().unwrap().len() + 1);
    assert_eq!(after["arenas"]["mcts:sims=99"]["wins"], serde_json::json!(n - 1.0));
    assert_eq!(after["complete"], serde_json::json!(false), "without --complete the record is partial");
    assert!(!zoo.join("unfinished").exists(), "the finished arena's kept games are removed");
    assert!(zoo_card(&["recorded", &variant, "mcts:sims=99", &games, "2"]).status.success());
    assert!(zoo_card(&["beats", &variant, "mcts:sims=99"]).status.success());
    let o = zoo_card(&["check"]);
    assert!(o.status.success(), "the cards were made again: {}", stderr(&o));

    // An arena of other games than those held starts the record afresh: the others are
    // dropped, saying so.
    let small = out.join("mcts-sims-98");
    std::fs::create_dir_all(&small).unwrap();
    let run4 = serde_json::json!({"variant": variant, "agents": [agent, "mcts:sims=98"], "games_per_pair": 4,
        "opening_plies": 2, "seed": 7, "code_version": "0.1.0+test"});
    std::fs::write(small.join("run.json"), run4.to_string()).unwrap();
    let ratings4 = serde_json::json!({"pairs": [{"a": "mcts:sims=98", "b": agent, "wins_a": 1.0, "wins_b": 3.0, "draws": 0.0}]});
    std::fs::write(small.join("ratings.json"), ratings4.to_string()).unwrap();
    let o = zoo_card(&["strength", &variant, s(&small)]);
    assert!(o.status.success() && stderr(&o).contains("dropped"), "strength: {}", stderr(&o));
    let arenas = read(&zoo.join("strength.json"))["arenas"].clone();
    assert_eq!(arenas.as_object().unwrap().keys().collect::<Vec<_>>(), ["mcts:sims=98"]);
    assert_eq!(arenas["mcts:sims=98"]["wins"], serde_json::json!(3.0), "the zoo's network is found as either agent");

    // A strength.json of another network is not added to: only the arenas given are recorded.
    let mut st = read(&zoo.join("strength.json"));
    st["model_sha256"] = serde_json::json!("0".repeat(64));
    st["arenas"]["mcts:sims=97"] = st["arenas"]["mcts:sims=98"].clone();
    std::fs::write(zoo.join("strength.json"), st.to_string()).unwrap();
    assert!(!zoo_card(&["recorded", &variant, "mcts:sims=97", "4", "2"]).status.success(), "another network's pairing is not recorded");
    assert!(!zoo_card(&["beats", &variant, "mcts:sims=97"]).status.success());
    let o = zoo_card(&["strength", &variant, s(&small)]);
    assert!(o.status.success(), "strength: {}", stderr(&o));
    let st = read(&zoo.join("strength.json"));
    assert_eq!(st["model_sha256"].as_str().unwrap(), sha);
    assert_eq!(st["arenas"].as_object().unwrap().keys().collect::<Vec<_>>(), ["mcts:sims=98"]);
}

/// Runs `scripts/zoo_card.py args` on the copy of the tree in `dir`.
fn zoo_card_in(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(python()).arg(repo().join("scripts/zoo_card.py")).args(args).env("ZOO_CARD_ROOT", dir).output().unwrap()
}

/// A copy of the files the zoo's cards are made from (the zoo networks' own files, configs,
/// the tables' documents) in a new folder named after `name`, and a variant whose retrained
/// network's strength.json measured it against `mcts:sims=10000`.
fn zoo_copy(name: &str) -> (Scratch, String) {
    let dir = temp_dir(name);
    for sub in ["zoo", "configs", "docs"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    for entry in std::fs::read_dir(repo().join("configs")).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, dir.join("configs").join(p.file_name().unwrap())).unwrap();
    }
    for file in ["README.md", "zoo/README.md", "docs/benchmarks.md"] {
        std::fs::copy(repo().join(file), dir.join(file)).unwrap();
    }
    let mut folders: Vec<PathBuf> = std::fs::read_dir(repo().join("zoo")).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    folders.sort();
    let mut measured = None;
    for from in folders {
        let name = from.file_name().unwrap().to_str().unwrap().to_string();
        let to = dir.join("zoo").join(&name);
        std::fs::create_dir_all(&to).unwrap();
        // The network's own files; an unfinished arena's kept games are not among them.
        for f in std::fs::read_dir(&from).unwrap() {
            let f = f.unwrap().path();
            if f.is_file() {
                std::fs::copy(&f, to.join(f.file_name().unwrap())).unwrap();
            }
        }
        // A network of today's pipeline whose strength.json measured it (the same hash).
        let read = |file: &str| -> Option<serde_json::Value> { serde_json::from_str(&std::fs::read_to_string(to.join(file)).ok()?).ok() };
        if let (Some(t), Some(st)) = (read("training.json"), read("strength.json")) {
            let sha = t.get("model_sha256");
            if measured.is_none() && sha.is_some() && st.get("model_sha256") == sha && st["arenas"].get("mcts:sims=10000").is_some() {
                measured = Some(name);
            }
        }
    }
    (dir, measured.expect("a retrained zoo network with its strength measured against mcts:sims=10000"))
}

/// The proof of Bao la Kujifunza's start, checked by `scripts/check_bao_proof.py` over the
/// independent Python rules (`scripts/reference/bao.py`), with and without takasia; a proof
/// with a move changed is refused.
fn a_bao_kujifunza_proof_is_accepted_by_the_python_reference_rules() {
    let dir = temp_dir("bao-proof");
    for (name, rules) in [("default", ""), ("takasia", "takasia = true\n")] {
        let config = dir.join(format!("{name}.toml"));
        std::fs::write(&config, format!("variant = \"bao-kujifunza\"\n[rules]\n{rules}")).unwrap();
        let proof = dir.join(format!("{name}.proof"));
        mankala_ok(&["solve", "--config", s(&config), "--no-moves", "--proof", s(&proof)], "solve");
        let said = script("check_bao_proof.py", &[&proof]);
        assert!(said.starts_with("accepted: south wins"), "{name}: {said}");
    }
    // Every listed move replaced by `A1>`: illegal somewhere, or losing.
    let text = std::fs::read_to_string(dir.join("default.proof")).unwrap();
    let tampered: Vec<String> = text
        .lines()
        .map(|l| match l.split_once('\t') {
            Some((p, _)) => format!("{p}\tA1>"),
            None => l.to_string(),
        })
        .collect();
    let bad = dir.join("tampered.proof");
    std::fs::write(&bad, tampered.join("\n")).unwrap();
    let o = Command::new(python()).arg(repo().join("scripts/check_bao_proof.py")).arg(&bad).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("refused:"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Self-play shards of two variants (one with the free setup's placements) and a second
/// run into the same folder read in Python's four Parquet readers with every column and the
/// metadata as written.
fn shards_read_unchanged_in_pyarrow_pandas_polars_and_duckdb() {
    for variant in ["kalah", "omweso"] {
        let dir = temp_dir(&format!("parquet-{variant}"));
        let cfg = tiny_config(&dir, variant);
        let out = dir.join("data");
        for seed in ["5", "6"] {
            mankala_ok(&["selfplay", "-c", s(&cfg), "-g", "5", "-o", s(&out), "-t", "1", "--seed", seed], "selfplay");
        }
        let said = script("check_parquet.py", &[&out]);
        assert!(!said.contains("skipped"), "{variant}: {said}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A small trained network, an MLP and a ring network of encoding 2, exported as ONNX and
/// safetensors gives in onnxruntime and in numpy's forward pass the Rust network's outputs on
/// its reference samples.
fn exported_models_run_in_onnxruntime_and_numpy() {
    for (name, network) in [("mlp", ""), ("ring", "kind = \"ring\"\nencoding = 2\n")] {
        let dir = temp_dir(&format!("export-{name}"));
        let cfg = tiny_config(&dir, "oware");
        let text = std::fs::read_to_string(&cfg).unwrap().replace("[network]\n", &format!("[network]\n{network}"));
        std::fs::write(&cfg, text).unwrap();
        let (data, model) = (dir.join("data"), dir.join("model"));
        mankala_ok(&["selfplay", "-c", s(&cfg), "-g", "4", "-o", s(&data), "-t", "2", "--seed", "1"], "selfplay");
        mankala_ok(&["train", "-c", s(&cfg), "-d", s(&data), "-o", s(&model)], "train");
        let (onnx, st) = (dir.join("model.onnx"), dir.join("model.safetensors"));
        for (format, file) in [("onnx", &onnx), ("safetensors", &st)] {
            mankala_ok(&["export", "-m", s(&model.join("model")), "-f", format, "-o", s(file), "--samples", "20"], "export");
        }
        let said = script("check_export.py", &[&onnx, &st]);
        assert_eq!(said.matches(": ok").count(), 2, "{name}: {said}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// The interpreter: `$PYTHON`, else `python3`.
fn python() -> PathBuf {
    PathBuf::from(std::env::var("PYTHON").unwrap_or_else(|_| "python3".into()))
}

fn python_package_builds_installs_and_passes_its_tests() {
    let python = python();
    let target = target_dir();
    // maturin stages the library at one path (target/maturin/) and the venv and wheels
    // directory are shared, so two runs of this test on one target directory at once would
    // trip each other: the second waits here for the first.
    let lock_path = target.join("python-test.lock");
    let lock = std::fs::File::create(&lock_path).unwrap_or_else(|e| panic!("cannot create {}: {e}", lock_path.display()));
    lock.lock().unwrap_or_else(|e| panic!("cannot lock {}: {e}", lock_path.display()));
    let venv = target.join("python-venv");
    let venv_python = venv.join("bin").join("python");
    if !venv_python.exists() {
        // The system's site-packages stay visible: pytest, numpy, pettingzoo and
        // onnxruntime as installed by .ci/run, with only the wheel installed here.
        run(Command::new(&python).args(["-m", "venv", "--system-site-packages"]).arg(&venv), "python3 -m venv");
    }
    let wheels = target.join("python-wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        Command::new(&python).args(["-m", "maturin", "build", "--release", "--manifest-path"]).arg(repo().join("python/Cargo.toml")).arg("--out").arg(&wheels),
        "maturin build",
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin wrote the wheels directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("maturin built a wheel");
    run(
        Command::new(&venv_python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--force-reinstall"])
            .arg(&wheel),
        "pip install of the wheel",
    );
    run(
        Command::new(&venv_python)
            .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
            .arg(repo().join("python/tests"))
            .env("MANKALA_BIN", env!("CARGO_BIN_EXE_mankala"))
            .current_dir(&target),
        "pytest python/tests",
    );
}

/// maturin builds `mankala-python` alone (it is not a default member), so Cargo resolves
/// features over its dependencies only; where a shared dependency gets other features than in
/// the workspace's build, it and everything above it (burn, tract, arrow) is compiled a second
/// time. python/Cargo.toml pins the workspace's features to prevent that.
fn the_bindings_dependencies_have_the_features_of_the_workspace_build() {
    let binding = dependency_features(&repo(), "normal,build", &["mankala-python"], &[]).unwrap();
    let workspace = dependency_features(&repo(), "normal,build", &[], &[]).unwrap();
    assert!(binding.keys().any(|k| k.starts_with("burn ")), "cargo tree -p mankala-python lists burn: {:?}", binding.keys().collect::<Vec<_>>());
    let differ: Vec<String> = binding
        .iter()
        .filter(|(package, _)| !package.starts_with("mankala-"))
        .filter_map(|(package, feats)| match workspace.get(package) {
            Some(ws) if ws != feats => Some(format!("{package}: binding {feats:?}, workspace {ws:?}")),
            _ => None,
        })
        .collect();
    assert!(
        differ.is_empty(),
        "these dependencies of python/Cargo.toml have other features than in `cargo build \
         --release`, so building the Python package would compile them and every crate above \
         them again; pin the workspace's features in python/Cargo.toml:\n{}",
        differ.join("\n")
    );
}
