//! Hostile input, end to end: every kind of input a user can get wrong, and what the built
//! binary does with it (`docs/reliability.md` is the table these tests back). A refused input
//! exits with status 2, names the file, key or value at fault, and leaves no output under a
//! final name. Tests marked `#[ignore = "defect: ..."]` state the behaviour the table asks
//! for where the binary does not give it yet.
#![cfg(unix)]

#[path = "../common/mod.rs"]
mod common;
mod files;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, mankala, mankala_with_input, run_with_input, s, stderr, stdout, temp_dir};
use serde_json::{Value, json};

/// Runs mankala with its standard output going to `/dev/full` (every write fails with "no
/// space left on device"); `None` where the system has no `/dev/full`.
fn mankala_into_full_stdout(args: &[&str], input: &[u8]) -> Option<Output> {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").ok()?;
    let mut cmd = Command::new(BIN);
    cmd.args(args).env("RUST_BACKTRACE", "0");
    Some(run_with_input(cmd, Stdio::from(full), input))
}

/// Runs mankala through `sh` with a file size limit of 8 blocks (4 or 8 KiB, by the shell)
/// and SIGXFSZ ignored, so that writing past the limit fails with "file too large" as a
/// full disk would; `None` where there is no `sh`.
fn mankala_with_small_disk(args: &[&str]) -> Option<Output> {
    let probe = Command::new("sh").args(["-c", "exit 0"]).output().ok()?;
    if !probe.status.success() {
        return None;
    }
    Some(Command::new("sh").arg("-c").arg("ulimit -f 8 && trap '' XFSZ && exec \"$0\" \"$@\"").arg(BIN).args(args).output().expect("run mankala under sh"))
}

/// Runs mankala, killing it after `limit`; `None` if it had to be killed.
fn mankala_within(args: &[&str], limit: Duration) -> Option<Output> {
    let mut child = Command::new(BIN).args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("run mankala");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("poll mankala").is_some() {
            return Some(child.wait_with_output().expect("collect the output"));
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Asserts a successful run and returns its standard output.
fn ok(o: &Output, what: &str) -> String {
    assert!(o.status.success(), "{what}: exit {:?}\nstdout: {}\nstderr: {}", o.status, stdout(o), stderr(o));
    stdout(o)
}

/// Asserts a refused run: exit status 2, no panic, and an error containing every one of
/// `words`.
fn fails_with(o: &Output, words: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "expected exit status 2\nstdout: {}\nstderr: {err}", stdout(o));
    assert!(!err.contains("panicked"), "a panic: {err}");
    assert!(err.starts_with("error: "), "{err}");
    for w in words {
        assert!(err.contains(w), "the error lacks `{w}`: {err}");
    }
}

/// The names in `dir`, sorted; empty when `dir` does not exist.
fn names_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries.map(|e| e.expect("a directory entry").file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    names
}

fn write(path: &Path, bytes: impl AsRef<[u8]>) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}

/// A config of `variant` with every count shrunk; `extra` goes before the tables.
fn tiny_config(dir: &Path, name: &str, variant: &str, extra: &str) -> PathBuf {
    let path = dir.join(format!("{name}.toml"));
    write(
        &path,
        format!(
            "variant = \"{variant}\"\n{extra}[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 2\n\
             [network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n\
             [train]\nsteps = 2\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\n\
             checkpoint_every = 2\nvalidation_fraction = 0.0\n"
        ),
    );
    path
}

/// Self-play data of `cfg` in `out`.
fn selfplay(cfg: &Path, games: u32, out: &Path) {
    let o = mankala(&["selfplay", "--config", s(cfg), "--games", &games.to_string(), "--out", s(out), "--threads", "1", "--seed", "1"]);
    ok(&o, "selfplay");
}

/// A model of `cfg` trained on `data` into `out`; returns its path without extension.
fn train(cfg: &Path, data: &Path, out: &Path) -> PathBuf {
    let o = mankala(&["train", "--config", s(cfg), "--data", s(data), "--out", s(out)]);
    ok(&o, "train");
    out.join("model")
}

/// The first shard in `dir`.
fn first_shard(dir: &Path) -> PathBuf {
    let name = names_in(dir).into_iter().find(|n| n.ends_with(".parquet")).expect("a shard");
    dir.join(name)
}

/// Whether writing into a directory with mode 0555 fails, as it does for anyone but root.
fn permission_bits_are_enforced(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let probe_dir = dir.join("probe");
    std::fs::create_dir_all(&probe_dir).unwrap();
    std::fs::set_permissions(&probe_dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let enforced = std::fs::File::create(probe_dir.join("x")).is_err();
    std::fs::set_permissions(&probe_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&probe_dir);
    enforced
}

// ---------------------------------------------------------------------------------------
// Config files
// ---------------------------------------------------------------------------------------

#[test]
fn config_file_errors_name_the_file_and_the_key() {
    let dir = temp_dir("config");
    let cases: &[(&str, &[u8], &[&str])] = &[
        ("not-toml", b"this is = = not toml [[\n", &["TOML parse error", "line 1"]),
        ("top-key", b"variant = \"kalah\"\nfoo = 1\n", &["unknown field `foo`", "variant"]),
        ("limits-key", b"variant = \"kalah\"\n[limits]\nmax_ply = 4\n", &["[limits]", "max_ply", "max_plies"]),
        ("network-key", b"variant = \"kalah\"\n[network]\nwidht = 4\n", &["[network]", "widht", "width"]),
        ("train-key", b"variant = \"kalah\"\n[train]\nstep = 4\n", &["[train]", "unknown field `step`", "steps"]),
        ("loop-key", b"variant = \"kalah\"\n[loop]\ngeneration = 4\n", &["[loop]", "unknown field `generation`", "generations"]),
        ("variant-unknown", b"variant = \"chess\"\n", &["unknown variant `chess`", "oware", "bao-malawi"]),
        ("variant-missing", b"[rules]\nseeds_per_hole = 4\n", &["missing field `variant`"]),
        ("other-variants-option", b"variant = \"oware\"\n[rules]\nempty_capture = true\n", &["[rules]", "unknown field `empty_capture`"]),
        ("other-variants-option-2", b"variant = \"kalah\"\n[rules]\nholes = 8\n", &["[rules]", "unknown field `holes`", "seeds_per_hole"]),
        ("duplicate-table", b"variant = \"oware\"\n[rules]\n[rules]\n", &["duplicate key"]),
        ("not-utf8", b"variant = \"\xff\xfe\"\n", &["cannot read config", "UTF-8"]),
    ];
    for &(name, body, words) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, body);
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, words);
        fails_with(&o, &[&format!("{name}.toml")]);
        assert!(stdout(&o).is_empty(), "{name}: {}", stdout(&o));
    }
    // A directory given as the config.
    let o = mankala(&["show", "--config", s(&dir)]);
    fails_with(&o, &["cannot read config", s(&dir)]);
    // The variant both ways, or neither.
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let o = mankala(&["show", "--variant", "kalah", "--config", s(&kalah)]);
    fails_with(&o, &["give --variant or --config, not both"]);
    let o = mankala(&["show"]);
    fails_with(&o, &["give --variant NAME or --config FILE"]);
    // Every command reads configs the same way: selfplay refuses before creating its output.
    let bad = dir.join("top-key.toml");
    let out = dir.join("never");
    let o = mankala(&["selfplay", "-c", s(&bad), "-g", "1", "-o", s(&out)]);
    fails_with(&o, &["top-key.toml", "unknown field `foo`"]);
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn config_values_out_of_range_are_named_in_every_section() {
    let dir = temp_dir("config-range");
    let cases: &[(&str, &str, &[&str])] = &[
        ("network", "variant = \"kalah\"\n[network]\nwidth = 0\n", &["[network] width = 0", "expected 1 to 4096"]),
        ("train", "variant = \"kalah\"\n[train]\nlearning_rate = -1.0\n", &["[train] learning_rate = -1", "expected above 0"]),
        ("train-steps", "variant = \"kalah\"\n[train]\nsteps = 0\n", &["[train] steps = 0", "expected 1 to"]),
        ("loop", "variant = \"kalah\"\n[loop]\ngate_threshold = 2.0\n", &["[loop] gate_threshold = 2", "expected 0 to 1"]),
        ("baselines", "variant = \"kalah\"\n[loop]\nbaselines = [\"minimax\"]\n", &["[loop] baselines[0] = \"minimax\"", "unknown kind `minimax`"]),
        ("rules", "variant = \"kalah\"\n[rules]\nseeds_per_hole = 9\n", &["[rules] seeds_per_hole = 9", "expected 1 to 6"]),
    ];
    for &(name, body, words) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, body);
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, words);
        fails_with(&o, &[&format!("{name}.toml")]);
    }
    // The loop refuses before it creates its run directory.
    let run = dir.join("run");
    let o = mankala(&["loop", "--config", s(&dir.join("baselines.toml")), "--run", s(&run)]);
    fails_with(&o, &["baselines.toml", "minimax"]);
    assert!(!run.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn a_value_of_the_wrong_type_names_its_key() {
    let dir = temp_dir("config-type");
    let cases: &[(&str, &str, &str, &str)] = &[
        ("string", "kalah", "[rules]\nseeds_per_hole = \"four\"\n", "seeds_per_hole"),
        ("float", "kalah", "[search]\nsimulations = 1.5\n", "simulations"),
        ("number", "lane", "[rules]\nsetup = 3\n", "setup"),
        ("negative", "kalah", "[train]\nsteps = -1\n", "steps"),
        ("choice", "oware", "[search]\nselection = \"best\"\n", "selection"),
    ];
    for (name, variant, table, key) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, format!("variant = \"{variant}\"\n{table}"));
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, &[&format!("{name}.toml")]);
        // The key and the value, outside the file's name.
        let err = stderr(&o).replace(s(&path), "");
        let value = table.split(" = ").nth(1).unwrap().trim().trim_matches('"');
        assert!(err.contains(key), "{name}: the error lacks the key `{key}`: {err}");
        assert!(err.contains(value), "{name}: the error lacks the value `{value}`: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Variant names on the command line
// ---------------------------------------------------------------------------------------

#[test]
fn an_unknown_variant_is_refused_by_every_command() {
    let dir = temp_dir("variant");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["show", "--variant", "chess"],
        vec!["perft", "--variant", "chess", "--depth", "1"],
        vec!["replay", "--variant", "chess", "--moves", "C"],
        vec!["bench", "engine", "--variant", "chess", "--seconds", "0.1"],
        vec!["bench", "mcts", "--variant", "chess", "--simulations", "10"],
        vec!["arena", "--variant", "chess", "--agents", "random", "greedy", "--out", s(&dir)],
        vec!["play", "--variant", "chess", "--agent", "random"],
        vec!["openings", "--variant", "chess", "--data", s(&data), "--out", s(&dir)],
    ];
    for args in &commands {
        let o = mankala(args);
        fails_with(&o, &["unknown variant `chess`", "expected one of: oware, kalah"]);
    }
    // Names are exact: no case folding, no empty name.
    fails_with(&mankala(&["show", "--variant", "OWARE"]), &["unknown variant `OWARE`"]);
    fails_with(&mankala(&["show", "--variant", ""]), &["unknown variant ``"]);
    assert_eq!(names_in(&dir), ["data"], "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------

#[test]
fn show_refuses_bad_moves_and_draws_nothing() {
    let cases: &[(&str, &[&str])] = &[
        ("C zz", &["move 2 of --moves", "`zz` is not legal", "legal moves: a, b, c, d, e, f"]),
        ("C d C", &["move 3 of --moves", "`C` is not legal here (ply 2)", "A, B, D, E, F"]),
        ("64", &["move 1 of --moves", "`64` is not legal"]),
        ("6", &["`6` is not legal"]),
        ("99999999999999999999", &["`99999999999999999999` is not legal"]),
        ("é", &["`é` is not legal"]),
    ];
    for &(moves, words) in cases {
        let o = mankala(&["show", "--variant", "oware", "--moves", moves]);
        fails_with(&o, words);
        assert!(stdout(&o).is_empty(), "{moves}: {}", stdout(&o));
    }
}

#[test]

fn replay_prints_nothing_when_a_move_fails() {
    let o = mankala(&["replay", "--variant", "oware", "--moves", "C zz"]);
    fails_with(&o, &["`zz`"]);
    assert!(stdout(&o).is_empty(), "partial output: {}", stdout(&o));
}

/// A one-game record saved by `mankala play`: Kalah, the human's `C` (which earns another
/// move), then `quit`.
fn saved_kalah_record(dir: &Path) -> (PathBuf, Value) {
    let path = dir.join("game.jsonl");
    let o =
        mankala_with_input(Some(dir), &["play", "--variant", "kalah", "--agent", "random", "--human-first", "--seed", "1", "--save", s(&path)], b"C\nquit\n");
    ok(&o, "play");
    let record: Value = serde_json::from_str(std::fs::read_to_string(&path).unwrap().trim()).expect("a game record");
    assert_eq!(record["actions"], json!([2]), "{record}");
    (path, record)
}

#[test]

fn replay_of_a_record_with_an_illegal_action_names_the_record() {
    let dir = temp_dir("record-illegal");
    let (path, mut record) = saved_kalah_record(&dir);
    record["actions"] = json!([2, 99]);
    write(&path, format!("{record}\n"));
    let o = mankala(&["replay", "--record", s(&path), "--game", "0"]);
    fails_with(&o, &["game.jsonl game 0", "move 2", "`99`"]);
    assert!(!stderr(&o).contains("--moves"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "partial output: {}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_refuses_illegal_and_out_of_range_moves_and_goes_on() {
    let dir = temp_dir("play-moves");
    let path = dir.join("g.jsonl");
    // Kalah: C sows D, E, F and the store, so South moves again with C empty.
    let o = mankala_with_input(
        Some(dir.as_path()),
        &["play", "--variant", "kalah", "--agent", "random", "--human-first", "--seed", "1", "--save", s(&path)],
        b"C\nC\n-1\n99999\n64\nquit\n",
    );
    let out = ok(&o, "play");
    assert!(out.contains("move `C` is not legal here (ply 1); legal moves: A, B, D, E, F"), "{out}");
    for m in ["-1", "99999", "64"] {
        assert!(out.contains(&format!("move `{m}` is not legal here (ply 1)")), "{out}");
    }
    let saved: Value = serde_json::from_str(std::fs::read_to_string(&path).unwrap().trim()).unwrap();
    assert_eq!(saved["actions"], json!([2]), "only the legal move was played");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Writes `lines` to `mankala engine` and returns its answers and exit status.
fn engine(lines: &[&[u8]]) -> (Vec<Value>, Output) {
    let mut input = Vec::new();
    for l in lines {
        input.extend_from_slice(l);
        input.push(b'\n');
    }
    let o = mankala_with_input(None, &["engine"], &input);
    let answers = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    (answers, o)
}

#[test]
fn engine_refuses_bad_moves_and_keeps_the_position() {
    let (answers, o) = engine(&[
        br#"{"cmd":"new","variant":"oware","agent":"random","id":0}"#,
        br#"{"cmd":"play","moves":["C"],"id":1}"#,
        br#"{"cmd":"play","moves":[64],"id":2}"#,
        br#"{"cmd":"play","moves":[-1],"id":3}"#,
        br#"{"cmd":"play","moves":[2.5],"id":4}"#,
        br#"{"cmd":"play","moves":["99999999999999999999"],"id":5}"#,
        br#"{"cmd":"play","moves":["d","C"],"id":6}"#,
        br#"{"cmd":"position","moves":"C zz","id":7}"#,
        br#"{"cmd":"play","moves":[null],"id":8}"#,
        br#"{"cmd":"legal","id":9}"#,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(answers.len(), 10, "{answers:?}");
    let error = |i: usize| answers[i]["error"].as_str().unwrap_or_default().to_string();
    for (i, a) in answers.iter().enumerate() {
        assert_eq!(a["id"], json!(i), "{a}");
        assert_eq!(a["ok"], json!(i < 2 || i == 9), "{a}");
    }
    for (i, m) in [(2, "64"), (3, "-1"), (4, "2.5"), (5, "99999999999999999999")] {
        assert!(error(i).contains(&format!("play: move 1 of 1: move `{m}` is not legal here (ply 1)")), "{}", error(i));
    }
    assert!(error(6).contains("move 2 of 2: move `C` is not legal here (ply 2)"), "{}", error(6));
    assert!(error(7).contains("position: move 2 of 2: move `zz`"), "{}", error(7));
    assert!(error(8).contains("expected a name such as \"C\" or an action index, found null"), "{}", error(8));
    // Nothing of the failed requests was played: still ply 1, North to move.
    assert_eq!(answers[9]["ply"], 1);
    assert_eq!(answers[9]["to_move"], "north");
}

// ---------------------------------------------------------------------------------------
// Agent specs
// ---------------------------------------------------------------------------------------

#[test]
fn bad_agent_specs_are_refused_before_any_output() {
    let dir = temp_dir("agents");
    let out = dir.join("arena");
    let cases: &[(&str, &[&str])] = &[
        ("minimax", &["agent `minimax`", "unknown kind `minimax`", "alphabeta:depth=D"]),
        ("", &["agent ``", "unknown kind ``"]),
        ("mcts:sims=abc", &["sims = abc", "expected a whole number from 1 to 10000000"]),
        ("mcts:sims=-5", &["sims = -5"]),
        ("mcts:sims", &["option `sims`: expected key=value"]),
        ("mcts:sims=5,sims=6", &["option `sims` given twice"]),
        ("mcts:sims=5,c=abc", &["c = abc", "expected a number >= 0"]),
        ("alphabeta", &["agent `alphabeta`", "expected depth=D"]),
        ("alphabeta:depth=0", &["depth = 0", "from 1 to 64"]),
        ("random:x=1", &["`random` takes no options, found `x`"]),
        ("nn:sims=3", &["agent `nn:sims=3`", "expected model=PATH"]),
        ("nn:model=/no/such/model", &["/no/such/model.json", "No such file"]),
        ("nn:model=/no/such/model,gumbel=maybe", &["gumbel = maybe", "expected true or false"]),
    ];
    for &(spec, words) in cases {
        let o = mankala(&["arena", "--variant", "oware", "--agents", "random", spec, "--out", s(&out)]);
        fails_with(&o, words);
        assert!(!out.exists(), "{spec}: the arena created {}", out.display());
        let o = mankala_with_input(Some(dir.as_path()), &["play", "--variant", "oware", "--agent", spec], b"A\n");
        fails_with(&o, words);
        assert!(!stdout(&o).contains("your move"), "{spec}: the game started");
    }
    assert!(!dir.join("runs").exists(), "play saved nothing");
    let (answers, _) = engine(&[br#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=0"}"#]);
    let e = answers[0]["error"].as_str().unwrap();
    assert!(e.contains("new: agent `mcts:sims=0`: sims = 0"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn an_empty_model_path_is_named_as_missing() {
    let o = mankala(&["arena", "--variant", "oware", "--agents", "random", "nn:model="]);
    fails_with(&o, &["expected model=PATH"]);
}

// ---------------------------------------------------------------------------------------
// Model files
// ---------------------------------------------------------------------------------------

/// Copies `model` (both files) to `dir/name`, letting `edit` change the sidecar.
fn model_copy(model: &Path, dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(model.with_extension("bpk"), to.with_extension("bpk")).unwrap();
    let mut meta: Value = serde_json::from_str(&std::fs::read_to_string(model.with_extension("json")).unwrap()).unwrap();
    edit(&mut meta);
    write(&to.with_extension("json"), serde_json::to_string_pretty(&meta).unwrap());
    to
}

#[test]
fn model_files_that_do_not_fit_are_refused_by_name() {
    let dir = temp_dir("models");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let oware = tiny_config(&dir, "oware", "oware", "");
    let kalah3 = tiny_config(&dir, "kalah3", "kalah", "[rules]\nseeds_per_hole = 3\n");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let m = dir.join("m");
    std::fs::create_dir_all(&m).unwrap();

    let no_weights = model_copy(&model, &m, "noweights", |_| {});
    std::fs::remove_file(no_weights.with_extension("bpk")).unwrap();
    let no_sidecar = model_copy(&model, &m, "nosidecar", |_| {});
    std::fs::remove_file(no_sidecar.with_extension("json")).unwrap();
    let cut_sidecar = model_copy(&model, &m, "cutsidecar", |_| {});
    write(&cut_sidecar.with_extension("json"), "{\"variant\": \"kalah\", ");
    let binary_sidecar = model_copy(&model, &m, "binsidecar", |_| {});
    write(&binary_sidecar.with_extension("json"), [0xffu8, 0xfe, 0x00, 0x01]);
    let foreign_sidecar = model_copy(&model, &m, "foreign", |_| {});
    write(&foreign_sidecar.with_extension("json"), "{\"hello\": 1}");
    let encoding = model_copy(&model, &m, "encoding", |v| v["encoding_version"] = json!(999));
    let shape = model_copy(&model, &m, "shape", |v| v["encoding_len"] = json!(15));
    let format = model_copy(&model, &m, "format", |v| v["format_version"] = json!(99));
    let wider = model_copy(&model, &m, "wider", |v| v["network"]["width"] = json!(32));
    let cut_weights = model_copy(&model, &m, "cutweights", |_| {});
    let bytes = std::fs::read(model.with_extension("bpk")).unwrap();
    write(&cut_weights.with_extension("bpk"), &bytes[..bytes.len() / 3]);
    let empty_weights = model_copy(&model, &m, "emptyweights", |_| {});
    write(&empty_weights.with_extension("bpk"), b"");

    let (k, ow, k3) = (kalah.as_path(), oware.as_path(), kalah3.as_path());
    let cases: Vec<(&Path, &Path, Vec<&str>)> = vec![
        (k, no_weights.as_path(), vec!["noweights.bpk", "cannot load weights", "No such file"]),
        (k, no_sidecar.as_path(), vec!["nosidecar.json", "No such file"]),
        (k, cut_sidecar.as_path(), vec!["cutsidecar.json", "not a mankala model description"]),
        (k, binary_sidecar.as_path(), vec!["binsidecar.json", "UTF-8"]),
        (k, foreign_sidecar.as_path(), vec!["foreign.json", "not a mankala model description"]),
        (ow, model.as_path(), vec!["model.json", "model is for variant kalah, expected oware"]),
        (k3, model.as_path(), vec!["model.json", "model is for rules", "seeds_per_hole = 4", "expected", "seeds_per_hole = 3"]),
        (k, encoding.as_path(), vec!["encoding.json", "encoding version 999, expected"]),
        (k, shape.as_path(), vec!["shape.json", "shape (inputs x actions) 15 x 6, expected 14 x 6"]),
        (k, format.as_path(), vec!["format.json", "model format version 99, expected 1"]),
        (k, wider.as_path(), vec!["wider.bpk", "cannot load weights", "shape mismatch"]),
        (k, cut_weights.as_path(), vec!["cutweights.bpk", "cannot load weights", "truncated"]),
        (k, empty_weights.as_path(), vec!["emptyweights.bpk", "cannot load weights"]),
    ];
    let arena_out = dir.join("arena");
    for (cfg, model, words) in &cases {
        // The arena checks its agents before it creates its output directory.
        let spec = format!("nn:model={}", s(model));
        let o = mankala(&["arena", "--config", s(cfg), "--agents", "random", &spec, "--out", s(&arena_out)]);
        fails_with(&o, words);
        assert!(!arena_out.exists(), "{}", model.display());
        // A game in the engine: the same error, as an error response.
        let request = json!({"cmd": "new", "config": s(cfg), "agent": spec});
        let (answers, _) = engine(&[request.to_string().as_bytes()]);
        let e = answers[0]["error"].as_str().expect("an error response");
        for w in words {
            assert!(e.contains(w), "engine: the error lacks `{w}`: {e}");
        }
    }
    // Export checks the model before it writes anything.
    let exported = dir.join("x.onnx");
    for (cfg, model, words) in &cases {
        if *cfg != k {
            continue;
        }
        let o = mankala(&["export", "--model", s(model), "--format", "onnx", "--out", s(&exported), "--samples", "2"]);
        fails_with(&o, words);
        assert!(!names_in(&dir).iter().any(|n| n.starts_with("x.onnx")), "{:?}", names_in(&dir));
    }
    // Training from a model that does not fit.
    let o = mankala(&["train", "--config", s(&kalah), "--data", s(&data), "--out", s(&dir.join("t")), "--init", s(&cut_weights)]);
    fails_with(&o, &["cutweights.bpk", "cannot load weights"]);
    assert!(!dir.join("t/model.bpk").exists());
    // The openings report with a model that cannot be loaded (the report itself is written
    // before the model is loaded).
    let o = mankala(&["openings", "--config", s(&kalah), "--data", s(&data), "--out", s(&dir.join("o")), "--model", s(&cut_weights)]);
    fails_with(&o, &["cutweights.bpk", "cannot load weights"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn selfplay_refuses_a_bad_model_before_writing_anything() {
    let dir = temp_dir("selfplay-model");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let oware = tiny_config(&dir, "oware", "oware", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let out = dir.join("out");
    let o = mankala(&["selfplay", "-c", s(&oware), "-g", "1", "-o", s(&out), "--model", s(&model)]);
    fails_with(&o, &["model.json", "variant kalah, expected oware"]);
    assert_eq!(names_in(&out), Vec::<String>::new(), "files left in {}", out.display());
    let _ = std::fs::remove_dir_all(&dir);
}
