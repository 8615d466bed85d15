//! Hostile input, end to end: every kind of input a user can get wrong, and what the built
//! binary does with it (`docs/reliability.md` is the table these tests back). A refused input
//! exits with status 2, names the file, key or value at fault, and leaves no output under a
//! final name. Tests marked `#[ignore = "defect: ..."]` state the behaviour the table asks
//! for where the binary does not give it yet.
#![cfg(unix)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, mankala, mankala_with_input, run_with_input, s, stderr, stdout, temp_dir};
use serde_json::{Value, json};

/// Runs mankala with its standard output going to `/dev/full` (every write fails with "no
/// space left on device"); `None` where the system has no `/dev/full`.
fn mankala_into_full_stdout(args: &[&str], input: &[u8]) -> Option<Output> {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .ok()?;
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
    Some(
        Command::new("sh")
            .arg("-c")
            .arg("ulimit -f 8 && trap '' XFSZ && exec \"$0\" \"$@\"")
            .arg(BIN)
            .args(args)
            .output()
            .expect("run mankala under sh"),
    )
}

/// Runs mankala, killing it after `limit`; `None` if it had to be killed.
fn mankala_within(args: &[&str], limit: Duration) -> Option<Output> {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run mankala");
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
    assert!(
        o.status.success(),
        "{what}: exit {:?}\nstdout: {}\nstderr: {}",
        o.status,
        stdout(o),
        stderr(o)
    );
    stdout(o)
}

/// Asserts a refused run: exit status 2, no panic, and an error containing every one of
/// `words`.
fn fails_with(o: &Output, words: &[&str]) {
    let err = stderr(o);
    assert_eq!(
        o.status.code(),
        Some(2),
        "expected exit status 2\nstdout: {}\nstderr: {err}",
        stdout(o)
    );
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
    let mut names: Vec<String> = entries
        .map(|e| {
            e.expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
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
    let o = mankala(&[
        "selfplay",
        "--config",
        s(cfg),
        "--games",
        &games.to_string(),
        "--out",
        s(out),
        "--threads",
        "1",
        "--seed",
        "1",
    ]);
    ok(&o, "selfplay");
}

/// A model of `cfg` trained on `data` into `out`; returns its path without extension.
fn train(cfg: &Path, data: &Path, out: &Path) -> PathBuf {
    let o = mankala(&[
        "train",
        "--config",
        s(cfg),
        "--data",
        s(data),
        "--out",
        s(out),
    ]);
    ok(&o, "train");
    out.join("model")
}

/// The first shard in `dir`.
fn first_shard(dir: &Path) -> PathBuf {
    let name = names_in(dir)
        .into_iter()
        .find(|n| n.ends_with(".parquet"))
        .expect("a shard");
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
        (
            "not-toml",
            b"this is = = not toml [[\n",
            &["TOML parse error", "line 1"],
        ),
        (
            "top-key",
            b"variant = \"kalah\"\nfoo = 1\n",
            &["unknown field `foo`", "variant"],
        ),
        (
            "limits-key",
            b"variant = \"kalah\"\n[limits]\nmax_ply = 4\n",
            &["[limits]", "max_ply", "max_plies"],
        ),
        (
            "network-key",
            b"variant = \"kalah\"\n[network]\nwidht = 4\n",
            &["[network]", "widht", "width"],
        ),
        (
            "train-key",
            b"variant = \"kalah\"\n[train]\nstep = 4\n",
            &["[train]", "unknown field `step`", "steps"],
        ),
        (
            "loop-key",
            b"variant = \"kalah\"\n[loop]\ngeneration = 4\n",
            &["[loop]", "unknown field `generation`", "generations"],
        ),
        (
            "variant-unknown",
            b"variant = \"chess\"\n",
            &["unknown variant `chess`", "oware", "bao-malawi"],
        ),
        (
            "variant-missing",
            b"[rules]\nseeds_per_hole = 4\n",
            &["missing field `variant`"],
        ),
        (
            "other-variants-option",
            b"variant = \"oware\"\n[rules]\nempty_capture = true\n",
            &["[rules]", "unknown field `empty_capture`"],
        ),
        (
            "other-variants-option-2",
            b"variant = \"kalah\"\n[rules]\nholes = 8\n",
            &["[rules]", "unknown field `holes`", "seeds_per_hole"],
        ),
        (
            "duplicate-table",
            b"variant = \"oware\"\n[rules]\n[rules]\n",
            &["duplicate key"],
        ),
        (
            "not-utf8",
            b"variant = \"\xff\xfe\"\n",
            &["cannot read config", "UTF-8"],
        ),
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
        (
            "network",
            "variant = \"kalah\"\n[network]\nwidth = 0\n",
            &["[network] width = 0", "expected 1 to 4096"],
        ),
        (
            "train",
            "variant = \"kalah\"\n[train]\nlearning_rate = -1.0\n",
            &["[train] learning_rate = -1", "expected above 0"],
        ),
        (
            "train-steps",
            "variant = \"kalah\"\n[train]\nsteps = 0\n",
            &["[train] steps = 0", "expected 1 to"],
        ),
        (
            "loop",
            "variant = \"kalah\"\n[loop]\ngate_threshold = 2.0\n",
            &["[loop] gate_threshold = 2", "expected 0 to 1"],
        ),
        (
            "baselines",
            "variant = \"kalah\"\n[loop]\nbaselines = [\"minimax\"]\n",
            &[
                "[loop] baselines[0] = \"minimax\"",
                "unknown kind `minimax`",
            ],
        ),
        (
            "rules",
            "variant = \"kalah\"\n[rules]\nseeds_per_hole = 9\n",
            &["[rules] seeds_per_hole = 9", "expected 1 to 6"],
        ),
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
    let o = mankala(&[
        "loop",
        "--config",
        s(&dir.join("baselines.toml")),
        "--run",
        s(&run),
    ]);
    fails_with(&o, &["baselines.toml", "minimax"]);
    assert!(!run.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn a_value_of_the_wrong_type_names_its_key() {
    let dir = temp_dir("config-type");
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "string",
            "kalah",
            "[rules]\nseeds_per_hole = \"four\"\n",
            "seeds_per_hole",
        ),
        (
            "float",
            "kalah",
            "[search]\nsimulations = 1.5\n",
            "simulations",
        ),
        ("number", "lane", "[rules]\nsetup = 3\n", "setup"),
        ("negative", "kalah", "[train]\nsteps = -1\n", "steps"),
        (
            "choice",
            "oware",
            "[search]\nselection = \"best\"\n",
            "selection",
        ),
    ];
    for (name, variant, table, key) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, format!("variant = \"{variant}\"\n{table}"));
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, &[&format!("{name}.toml")]);
        // The key and the value, outside the file's name.
        let err = stderr(&o).replace(s(&path), "");
        let value = table.split(" = ").nth(1).unwrap().trim().trim_matches('"');
        assert!(
            err.contains(key),
            "{name}: the error lacks the key `{key}`: {err}"
        );
        assert!(
            err.contains(value),
            "{name}: the error lacks the value `{value}`: {err}"
        );
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
        vec![
            "arena",
            "--variant",
            "chess",
            "--agents",
            "random",
            "greedy",
            "--out",
            s(&dir),
        ],
        vec!["play", "--variant", "chess", "--agent", "random"],
        vec![
            "openings",
            "--variant",
            "chess",
            "--data",
            s(&data),
            "--out",
            s(&dir),
        ],
    ];
    for args in &commands {
        let o = mankala(args);
        fails_with(
            &o,
            &["unknown variant `chess`", "expected one of: oware, kalah"],
        );
    }
    // Names are exact: no case folding, no empty name.
    fails_with(
        &mankala(&["show", "--variant", "OWARE"]),
        &["unknown variant `OWARE`"],
    );
    fails_with(
        &mankala(&["show", "--variant", ""]),
        &["unknown variant ``"],
    );
    assert_eq!(names_in(&dir), ["data"], "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------

#[test]
fn show_refuses_bad_moves_and_draws_nothing() {
    let cases: &[(&str, &[&str])] = &[
        (
            "C zz",
            &[
                "move 2 of --moves",
                "`zz` is not legal",
                "legal moves: a, b, c, d, e, f",
            ],
        ),
        (
            "C d C",
            &[
                "move 3 of --moves",
                "`C` is not legal here (ply 2)",
                "A, B, D, E, F",
            ],
        ),
        ("64", &["move 1 of --moves", "`64` is not legal"]),
        ("6", &["`6` is not legal"]),
        (
            "99999999999999999999",
            &["`99999999999999999999` is not legal"],
        ),
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
    let o = mankala_with_input(
        Some(dir),
        &[
            "play",
            "--variant",
            "kalah",
            "--agent",
            "random",
            "--human-first",
            "--seed",
            "1",
            "--save",
            s(&path),
        ],
        b"C\nquit\n",
    );
    ok(&o, "play");
    let record: Value = serde_json::from_str(std::fs::read_to_string(&path).unwrap().trim())
        .expect("a game record");
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
        &[
            "play",
            "--variant",
            "kalah",
            "--agent",
            "random",
            "--human-first",
            "--seed",
            "1",
            "--save",
            s(&path),
        ],
        b"C\nC\n-1\n99999\n64\nquit\n",
    );
    let out = ok(&o, "play");
    assert!(
        out.contains("move `C` is not legal here (ply 1); legal moves: A, B, D, E, F"),
        "{out}"
    );
    for m in ["-1", "99999", "64"] {
        assert!(
            out.contains(&format!("move `{m}` is not legal here (ply 1)")),
            "{out}"
        );
    }
    let saved: Value =
        serde_json::from_str(std::fs::read_to_string(&path).unwrap().trim()).unwrap();
    assert_eq!(
        saved["actions"],
        json!([2]),
        "only the legal move was played"
    );
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
    let answers = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
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
    for (i, m) in [
        (2, "64"),
        (3, "-1"),
        (4, "2.5"),
        (5, "99999999999999999999"),
    ] {
        assert!(
            error(i).contains(&format!(
                "play: move 1 of 1: move `{m}` is not legal here (ply 1)"
            )),
            "{}",
            error(i)
        );
    }
    assert!(
        error(6).contains("move 2 of 2: move `C` is not legal here (ply 2)"),
        "{}",
        error(6)
    );
    assert!(
        error(7).contains("position: move 2 of 2: move `zz`"),
        "{}",
        error(7)
    );
    assert!(
        error(8).contains("expected a name such as \"C\" or an action index, found null"),
        "{}",
        error(8)
    );
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
        (
            "minimax",
            &[
                "agent `minimax`",
                "unknown kind `minimax`",
                "alphabeta:depth=D",
            ],
        ),
        ("", &["agent ``", "unknown kind ``"]),
        (
            "mcts:sims=abc",
            &["sims = abc", "expected a whole number from 1 to 10000000"],
        ),
        ("mcts:sims=-5", &["sims = -5"]),
        ("mcts:sims", &["option `sims`: expected key=value"]),
        ("mcts:sims=5,sims=6", &["option `sims` given twice"]),
        ("mcts:sims=5,c=abc", &["c = abc", "expected a number >= 0"]),
        ("alphabeta", &["agent `alphabeta`", "expected depth=D"]),
        ("alphabeta:depth=0", &["depth = 0", "from 1 to 64"]),
        ("random:x=1", &["`random` takes no options, found `x`"]),
        ("nn:sims=3", &["agent `nn:sims=3`", "expected model=PATH"]),
        (
            "nn:model=/no/such/model",
            &["/no/such/model.json", "No such file"],
        ),
        (
            "nn:model=/no/such/model,gumbel=maybe",
            &["gumbel = maybe", "expected true or false"],
        ),
    ];
    for &(spec, words) in cases {
        let o = mankala(&[
            "arena",
            "--variant",
            "oware",
            "--agents",
            "random",
            spec,
            "--out",
            s(&out),
        ]);
        fails_with(&o, words);
        assert!(!out.exists(), "{spec}: the arena created {}", out.display());
        let o = mankala_with_input(
            Some(dir.as_path()),
            &["play", "--variant", "oware", "--agent", spec],
            b"A\n",
        );
        fails_with(&o, words);
        assert!(
            !stdout(&o).contains("your move"),
            "{spec}: the game started"
        );
    }
    assert!(!dir.join("runs").exists(), "play saved nothing");
    let (answers, _) = engine(&[br#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=0"}"#]);
    let e = answers[0]["error"].as_str().unwrap();
    assert!(e.contains("new: agent `mcts:sims=0`: sims = 0"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn an_empty_model_path_is_named_as_missing() {
    let o = mankala(&[
        "arena",
        "--variant",
        "oware",
        "--agents",
        "random",
        "nn:model=",
    ]);
    fails_with(&o, &["expected model=PATH"]);
}

// ---------------------------------------------------------------------------------------
// Model files
// ---------------------------------------------------------------------------------------

/// Copies `model` (both files) to `dir/name`, letting `edit` change the sidecar.
fn model_copy(model: &Path, dir: &Path, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(model.with_extension("bpk"), to.with_extension("bpk")).unwrap();
    let mut meta: Value =
        serde_json::from_str(&std::fs::read_to_string(model.with_extension("json")).unwrap())
            .unwrap();
    edit(&mut meta);
    write(
        &to.with_extension("json"),
        serde_json::to_string_pretty(&meta).unwrap(),
    );
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
    write(
        &cut_sidecar.with_extension("json"),
        "{\"variant\": \"kalah\", ",
    );
    let binary_sidecar = model_copy(&model, &m, "binsidecar", |_| {});
    write(
        &binary_sidecar.with_extension("json"),
        [0xffu8, 0xfe, 0x00, 0x01],
    );
    let foreign_sidecar = model_copy(&model, &m, "foreign", |_| {});
    write(&foreign_sidecar.with_extension("json"), "{\"hello\": 1}");
    let encoding = model_copy(&model, &m, "encoding", |v| {
        v["encoding_version"] = json!(999)
    });
    let shape = model_copy(&model, &m, "shape", |v| v["encoding_len"] = json!(15));
    let format = model_copy(&model, &m, "format", |v| v["format_version"] = json!(99));
    let wider = model_copy(&model, &m, "wider", |v| v["network"]["width"] = json!(32));
    let cut_weights = model_copy(&model, &m, "cutweights", |_| {});
    let bytes = std::fs::read(model.with_extension("bpk")).unwrap();
    write(
        &cut_weights.with_extension("bpk"),
        &bytes[..bytes.len() / 3],
    );
    let empty_weights = model_copy(&model, &m, "emptyweights", |_| {});
    write(&empty_weights.with_extension("bpk"), b"");

    let (k, ow, k3) = (kalah.as_path(), oware.as_path(), kalah3.as_path());
    let cases: Vec<(&Path, &Path, Vec<&str>)> = vec![
        (
            k,
            no_weights.as_path(),
            vec!["noweights.bpk", "cannot load weights", "No such file"],
        ),
        (
            k,
            no_sidecar.as_path(),
            vec!["nosidecar.json", "No such file"],
        ),
        (
            k,
            cut_sidecar.as_path(),
            vec!["cutsidecar.json", "not a mankala model description"],
        ),
        (
            k,
            binary_sidecar.as_path(),
            vec!["binsidecar.json", "UTF-8"],
        ),
        (
            k,
            foreign_sidecar.as_path(),
            vec!["foreign.json", "not a mankala model description"],
        ),
        (
            ow,
            model.as_path(),
            vec!["model.json", "model is for variant kalah, expected oware"],
        ),
        (
            k3,
            model.as_path(),
            vec![
                "model.json",
                "model is for rules",
                "seeds_per_hole = 4",
                "expected",
                "seeds_per_hole = 3",
            ],
        ),
        (
            k,
            encoding.as_path(),
            vec!["encoding.json", "encoding version 999, expected"],
        ),
        (
            k,
            shape.as_path(),
            vec![
                "shape.json",
                "shape (inputs x actions) 15 x 6, expected 14 x 6",
            ],
        ),
        (
            k,
            format.as_path(),
            vec!["format.json", "model format version 99, expected 1"],
        ),
        (
            k,
            wider.as_path(),
            vec!["wider.bpk", "cannot load weights", "shape mismatch"],
        ),
        (
            k,
            cut_weights.as_path(),
            vec!["cutweights.bpk", "cannot load weights", "truncated"],
        ),
        (
            k,
            empty_weights.as_path(),
            vec!["emptyweights.bpk", "cannot load weights"],
        ),
    ];
    let arena_out = dir.join("arena");
    for (cfg, model, words) in &cases {
        // The arena checks its agents before it creates its output directory.
        let spec = format!("nn:model={}", s(model));
        let o = mankala(&[
            "arena",
            "--config",
            s(cfg),
            "--agents",
            "random",
            &spec,
            "--out",
            s(&arena_out),
        ]);
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
        let o = mankala(&[
            "export",
            "--model",
            s(model),
            "--format",
            "onnx",
            "--out",
            s(&exported),
            "--samples",
            "2",
        ]);
        fails_with(&o, words);
        assert!(
            !names_in(&dir).iter().any(|n| n.starts_with("x.onnx")),
            "{:?}",
            names_in(&dir)
        );
    }
    // Training from a model that does not fit.
    let o = mankala(&[
        "train",
        "--config",
        s(&kalah),
        "--data",
        s(&data),
        "--out",
        s(&dir.join("t")),
        "--init",
        s(&cut_weights),
    ]);
    fails_with(&o, &["cutweights.bpk", "cannot load weights"]);
    assert!(!dir.join("t/model.bpk").exists());
    // The openings report with a model that cannot be loaded (the report itself is written
    // before the model is loaded).
    let o = mankala(&[
        "openings",
        "--config",
        s(&kalah),
        "--data",
        s(&data),
        "--out",
        s(&dir.join("o")),
        "--model",
        s(&cut_weights),
    ]);
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
    let o = mankala(&[
        "selfplay",
        "-c",
        s(&oware),
        "-g",
        "1",
        "-o",
        s(&out),
        "--model",
        s(&model),
    ]);
    fails_with(&o, &["model.json", "variant kalah, expected oware"]);
    assert_eq!(
        names_in(&out),
        Vec::<String>::new(),
        "files left in {}",
        out.display()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Parquet shards
// ---------------------------------------------------------------------------------------

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64_decode(text: &[u8]) -> Vec<u8> {
    assert_eq!(text.len() % 4, 0, "padded base64");
    let value = |c: u8| {
        BASE64
            .iter()
            .position(|&x| x == c)
            .expect("a base64 character") as u32
    };
    let mut out = Vec::new();
    for chunk in text.chunks(4) {
        let pad = chunk.iter().filter(|&&c| c == b'=').count();
        let mut n: u32 = 0;
        for &c in chunk {
            n = (n << 6) | if c == b'=' { 0 } else { value(c) };
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    out
}

fn base64_encode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in bytes.chunks(3) {
        let byte = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = (byte(0) << 16) | (byte(1) << 8) | byte(2);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(BASE64[((n >> (18 - 6 * i)) & 63) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
    out
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The byte range of the `ARROW:schema` value in a Parquet footer: the key, then the value's
/// field header (Thrift compact: field 2, binary) and its varint length.
fn arrow_schema_value(file: &[u8]) -> std::ops::Range<usize> {
    let key = b"ARROW:schema";
    let mut i = find(file, key).expect("an ARROW:schema key") + key.len();
    assert_eq!(file[i], 0x18, "the value's field header follows the key");
    i += 1;
    let (mut len, mut shift) = (0usize, 0);
    loop {
        let b = file[i];
        i += 1;
        len |= usize::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            break;
        }
    }
    i..i + len
}

/// A copy of `shard` whose `mankala.format_version` says a version this build does not read
/// (9, the current version's digits replaced by nines).
fn newer_version_copy(shard: &Path, to: &Path) {
    let mut file = std::fs::read(shard).unwrap();
    let range = arrow_schema_value(&file);
    let mut schema = base64_decode(&file[range.clone()]);
    let current = mankala_data::FORMAT_VERSION.to_string();
    let key = find(&schema, b"mankala.format_version").expect("the version key");
    // The value string (length, digits, NUL) is stored before its key.
    let mut pattern = (current.len() as u32).to_le_bytes().to_vec();
    pattern.extend_from_slice(current.as_bytes());
    pattern.push(0);
    let at = schema[..key]
        .windows(pattern.len())
        .rposition(|w| w == pattern.as_slice())
        .expect("the version value before its key");
    let newer = "9".repeat(current.len());
    assert!(newer.parse::<u32>().unwrap() > mankala_data::FORMAT_VERSION);
    schema[at + 4..at + 4 + current.len()].copy_from_slice(newer.as_bytes());
    let encoded = base64_encode(&schema);
    assert_eq!(encoded.len(), range.len());
    file[range].copy_from_slice(&encoded);
    write(to, file);
}

#[test]
fn bad_shards_are_refused_by_name() {
    let dir = temp_dir("shards");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let good = dir.join("good");
    selfplay(&kalah, 4, &good);
    let shard = std::fs::read(first_shard(&good)).unwrap();

    let mut cases: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        (
            "truncated",
            shard[..shard.len() / 2].to_vec(),
            vec!["not a readable Parquet file"],
        ),
        (
            "text",
            b"hello, not parquet\n".to_vec(),
            vec!["not a readable Parquet file"],
        ),
        (
            "empty",
            Vec::new(),
            vec!["not a readable Parquet file", "too small"],
        ),
    ];
    // A Parquet file without mankala metadata: the shard with its Arrow schema key renamed
    // (the file stays valid Parquet; its metadata is gone).
    let key = find(&shard, b"ARROW:schema").expect("an ARROW:schema key");
    let mut foreign = shard.clone();
    foreign[key..key + 12].copy_from_slice(b"ARROW:schemx");
    cases.push((
        "foreign",
        foreign,
        vec![
            "not mankala training data",
            "metadata `mankala.format_version` missing",
        ],
    ));
    let newer = dir.join("newer.parquet");
    newer_version_copy(&first_shard(&good), &newer);
    cases.push((
        "newer",
        std::fs::read(&newer).unwrap(),
        vec![
            "data format version 9 is newer than this build reads",
            "written by a newer mankala",
        ],
    ));
    for (name, bytes, words) in &cases {
        let data = dir.join(format!("data-{name}"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::copy(first_shard(&good), data.join("shard-00000.parquet")).unwrap();
        write(&data.join("shard-00001.parquet"), bytes);
        let named = format!("data-{name}/shard-00001.parquet");
        let mut expect = words.clone();
        expect.push(&named);
        let out = dir.join(format!("train-{name}"));
        let o = mankala(&["train", "-c", s(&kalah), "-d", s(&data), "-o", s(&out)]);
        fails_with(&o, &expect);
        assert!(!out.join("model.bpk").exists() && !out.join("checkpoint.bpk").exists());
        let out = dir.join(format!("openings-{name}"));
        let o = mankala(&["openings", "-c", s(&kalah), "-d", s(&data), "-o", s(&out)]);
        fails_with(&o, &expect);
        assert!(!out.exists(), "{name}: openings wrote {:?}", names_in(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn data_directories_that_are_missing_or_files_are_named() {
    let dir = temp_dir("data-dirs");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let file = dir.join("afile");
    write(&file, "data\n");
    let missing = dir.join("no-such-dir");
    let out = dir.join("out");
    fails_with(
        &mankala(&["train", "-c", s(&kalah), "-d", s(&missing), "-o", s(&out)]),
        &["no-such-dir", "No such file"],
    );
    fails_with(
        &mankala(&["train", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]),
        &["afile", "Not a directory"],
    );
    fails_with(
        &mankala(&["openings", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]),
        &["--data", "afile", "not a directory"],
    );
    assert!(!out.join("model.bpk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_training_checkpoint_is_refused_by_name() {
    let dir = temp_dir("checkpoint");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let trained = dir.join("trained");
    train(&kalah, &data, &trained);
    let cases: &[(&str, &[u8], &[&str])] = &[
        (
            "train-state.json",
            b"{bad",
            &["train-state.json", "not a checkpoint record"],
        ),
        (
            "checkpoint.bpk",
            b"",
            &["checkpoint.bpk", "cannot load weights"],
        ),
        (
            "optimizer.bpk",
            b"",
            &["optimizer.bpk", "cannot load optimizer state"],
        ),
    ];
    for &(file, bytes, words) in cases {
        let out = dir.join(format!("resume-{file}"));
        std::fs::create_dir_all(&out).unwrap();
        for name in names_in(&trained) {
            std::fs::copy(trained.join(&name), out.join(&name)).unwrap();
        }
        write(&out.join(file), bytes);
        let before = std::fs::read(out.join("model.bpk")).unwrap();
        let o = mankala(&[
            "train",
            "-c",
            s(&kalah),
            "-d",
            s(&data),
            "-o",
            s(&out),
            "--steps",
            "4",
        ]);
        fails_with(&o, words);
        assert_eq!(
            std::fs::read(out.join("model.bpk")).unwrap(),
            before,
            "{file}: the model is kept"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Game records
// ---------------------------------------------------------------------------------------

#[test]
fn bad_game_records_are_refused_by_name() {
    let dir = temp_dir("records");
    let (path, record) = saved_kalah_record(&dir);
    let missing = dir.join("no-such.jsonl");
    fails_with(
        &mankala(&["replay", "--record", s(&missing)]),
        &["cannot read game records", "no-such.jsonl", "No such file"],
    );
    fails_with(
        &mankala(&["replay", "--record", s(&dir)]),
        &["cannot read game records", "Is a directory"],
    );
    let binary = dir.join("binary.jsonl");
    write(&binary, [0xffu8, 0xfe, b'\n']);
    fails_with(
        &mankala(&["replay", "--record", s(&binary)]),
        &["binary.jsonl", "UTF-8"],
    );
    let o = mankala(&["replay", "--record", s(&path), "--game", "7"]);
    fails_with(&o, &["game.jsonl", "no game with index 7"]);
    assert!(stdout(&o).is_empty());
    // A garbage line before the game asked for.
    let garbage = dir.join("garbage.jsonl");
    write(&garbage, format!("not json\n{record}\n"));
    let o = mankala(&["replay", "--record", s(&garbage), "--game", "0"]);
    fails_with(&o, &["garbage.jsonl line 1: not a game record"]);
    // A record of a variant this build does not know, or with rules its variant does not have.
    let mut other = record.clone();
    other["variant"] = json!("chess");
    let chess = dir.join("chess.jsonl");
    write(&chess, format!("{other}\n"));
    fails_with(
        &mankala(&["replay", "--record", s(&chess)]),
        &["chess.jsonl game 0", "unknown variant `chess`"],
    );
    let mut other = record.clone();
    other["rules"] = json!({"seeds": 3});
    let rules = dir.join("rules.jsonl");
    write(&rules, format!("{other}\n"));
    fails_with(
        &mankala(&["replay", "--record", s(&rules)]),
        &["rules.jsonl game 0", "unknown field `seeds`"],
    );
    // --record takes no --variant.
    let o = mankala(&["replay", "--record", s(&path), "--variant", "kalah"]);
    fails_with(&o, &["--record", "cannot be used with", "--variant"]);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// The engine protocol
// ---------------------------------------------------------------------------------------

#[test]
fn engine_answers_bad_requests_with_errors_and_goes_on() {
    let dir = temp_dir("engine");
    let bad_config = dir.join("bad.toml");
    write(
        &bad_config,
        "variant = \"kalah\"\n[rules]\nseeds_per_hol = 4\n",
    );
    let new_bad_config = json!({"cmd": "new", "config": s(&bad_config), "id": 9});
    let lines: Vec<Vec<u8>> = vec![
        br#"{"cmd":"new","variant":"kalah","agent":"greedy","id":0}"#.to_vec(),
        b"\xff\xfe{\"cmd\":\"show\"}".to_vec(),
        br#"{"cmd""#.to_vec(),
        br#"{}"#.to_vec(),
        br#"{"cmd":"play","id":4}"#.to_vec(),
        br#"{"cmd":"play","moves":[],"id":5}"#.to_vec(),
        br#"{"cmd":"new","id":6}"#.to_vec(),
        br#"{"cmd":"new","variant":"oware","seed":-1,"id":7}"#.to_vec(),
        br#"{"cmd":"new","config":"/no/such.toml","id":8}"#.to_vec(),
        new_bad_config.to_string().into_bytes(),
        br#"{"cmd":"undo","count":0,"id":10}"#.to_vec(),
        br#"{"cmd":"search","millis":0,"id":11}"#.to_vec(),
        br#"{"cmd":"show","extra":1,"id":12}"#.to_vec(),
        br#"{"cmd":12,"id":13}"#.to_vec(),
        br#"{"cmd":"legal","id":14}"#.to_vec(),
    ];
    let refs: Vec<&[u8]> = lines.iter().map(Vec::as_slice).collect();
    let (answers, o) = engine(&refs);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(answers.len(), lines.len(), "{answers:?}");
    let expect: &[(usize, &str)] = &[
        (1, "the line is not UTF-8 text"),
        (2, "not JSON (EOF while parsing"),
        (3, "missing \"cmd\"; expected one of: new,"),
        (4, "play: missing \"moves\""),
        (5, "play: \"moves\" is empty"),
        (6, "new: missing \"variant\""),
        (7, "new: \"seed\": -1: expected a whole number"),
        (8, "new: cannot read config /no/such.toml"),
        (9, "seeds_per_hol"),
        (10, "undo: \"count\": 0"),
        (11, "search: \"millis\": 0"),
        (12, "show: unknown field \"extra\""),
        (13, "\"cmd\" must be a string"),
    ];
    for (i, words) in expect {
        let a = &answers[*i];
        assert_eq!(a["ok"], false, "{a}");
        let e = a["error"].as_str().expect("an error");
        assert!(e.contains(words), "request {i}: `{words}` missing from {e}");
    }
    assert!(answers[9]["error"].as_str().unwrap().contains("bad.toml"));
    // The lines that could not be read as JSON objects have no id.
    for i in [1, 2] {
        assert_eq!(answers[i]["id"], Value::Null);
    }
    // The failed `new` requests kept the game started first.
    assert_eq!(answers[14]["ok"], true);
    assert_eq!(answers[14]["ply"], 0);
    assert_eq!(answers[14]["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Output locations
// ---------------------------------------------------------------------------------------

#[test]
fn output_paths_that_are_files_are_refused() {
    let dir = temp_dir("out-file");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let file = dir.join("afile");
    write(&file, "precious\n");
    let f = s(&file);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", f, "-t", "1"],
            "cannot create output directory",
        ),
        (
            vec!["train", "-c", s(&kalah), "-d", s(&data), "-o", f],
            "cannot create",
        ),
        (
            vec![
                "arena", "-v", "kalah", "-a", "random", "greedy", "-n", "1", "-o", f,
            ],
            "cannot create output directory",
        ),
        (
            vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", f],
            "cannot create output directory",
        ),
        (
            vec!["loop", "-c", s(&kalah), "--run", f, "--generations", "1"],
            "cannot create run directory",
        ),
    ];
    for (args, words) in &cases {
        let o = mankala(args);
        fails_with(&o, &[*words, f, "File exists"]);
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "precious\n",
            "{args:?}"
        );
    }
    let under = dir.join("afile/sub");
    let o = mankala(&[
        "loop",
        "-c",
        s(&kalah),
        "--run",
        s(&under),
        "--generations",
        "1",
    ]);
    fails_with(
        &o,
        &[
            "cannot create run directory",
            "afile/sub",
            "Not a directory",
        ],
    );
    // File outputs given a directory.
    let adir = dir.join("adir");
    std::fs::create_dir_all(&adir).unwrap();
    let o = mankala(&[
        "export",
        "-m",
        s(&model),
        "-f",
        "onnx",
        "-o",
        s(&adir),
        "--samples",
        "1",
    ]);
    fails_with(&o, &["adir", "Is a directory"]);
    let o = mankala(&[
        "bench",
        "engine",
        "-v",
        "kalah",
        "--seconds",
        "0.1",
        "--json",
        s(&adir),
    ]);
    fails_with(&o, &["cannot write", "adir", "Is a directory"]);
    assert!(names_in(&adir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn a_failed_write_leaves_no_temporary_file() {
    let dir = temp_dir("out-tmp");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let adir = dir.join("adir");
    std::fs::create_dir_all(&adir).unwrap();
    let o = mankala(&[
        "export",
        "-m",
        s(&model),
        "-f",
        "onnx",
        "-o",
        s(&adir),
        "--samples",
        "1",
    ]);
    fails_with(&o, &["adir"]);
    let o = mankala(&[
        "bench",
        "engine",
        "-v",
        "kalah",
        "--seconds",
        "0.1",
        "--json",
        s(&adir),
    ]);
    fails_with(&o, &["adir"]);
    let left: Vec<String> = names_in(&dir)
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    // A full disk during self-play.
    let big = dir.join("big.toml");
    write(
        &big,
        std::fs::read_to_string(&kalah)
            .unwrap()
            .replace("games_per_shard = 2", "games_per_shard = 16"),
    );
    let out = dir.join("full");
    let Some(o) = mankala_with_small_disk(&[
        "selfplay",
        "-c",
        s(&big),
        "-g",
        "16",
        "-o",
        s(&out),
        "-t",
        "1",
    ]) else {
        eprintln!("no sh: the full-disk part is skipped");
        return;
    };
    fails_with(&o, &["shard-00000.parquet"]);
    let left: Vec<String> = names_in(&out)
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_parent_directories_are_created_or_named() {
    let dir = temp_dir("out-parent");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    // Output directories are created with their parents.
    let deep = dir.join("a/b/c");
    selfplay(&kalah, 1, &deep);
    assert!(names_in(&deep).iter().any(|n| n.ends_with(".parquet")));
    // Export refuses before writing anything.
    let o = mankala(&[
        "export",
        "-m",
        s(&model),
        "-f",
        "onnx",
        "-o",
        s(&dir.join("nodir/x.onnx")),
    ]);
    fails_with(&o, &["--out", "nodir/x.onnx", "no directory", "nodir"]);
    assert!(!dir.join("nodir").exists());
    // bench --json names the file it cannot write (after measuring).
    let o = mankala(&[
        "bench",
        "mcts",
        "-v",
        "kalah",
        "--simulations",
        "10",
        "--repeats",
        "1",
        "--json",
        s(&dir.join("nodir/b.json")),
    ]);
    fails_with(&o, &["cannot write", "nodir/b.json", "No such file"]);
    assert!(!dir.join("nodir").exists());
    // play creates the directory of its save file.
    let save = dir.join("saves/deep/g.jsonl");
    let o = mankala_with_input(
        Some(dir.as_path()),
        &[
            "play",
            "--variant",
            "kalah",
            "--agent",
            "random",
            "--human-first",
            "--save",
            s(&save),
        ],
        b"quit\n",
    );
    ok(&o, "play");
    assert!(save.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn read_only_output_directories_are_refused_by_name() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("read-only");
    if !permission_bits_are_enforced(&dir) {
        eprintln!(
            "permission bits do not stop writes here (running as root?): the read-only \
             output test is skipped"
        );
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let ro = dir.join("ro");
    std::fs::create_dir_all(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let r = s(&ro);
    let onnx = ro.join("x.onnx");
    let json_file = ro.join("b.json");
    let sub = ro.join("sub");
    let cases: Vec<Vec<&str>> = vec![
        vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", r, "-t", "1"],
        vec![
            "selfplay",
            "-c",
            s(&kalah),
            "-g",
            "1",
            "-o",
            s(&sub),
            "-t",
            "1",
        ],
        vec!["train", "-c", s(&kalah), "-d", s(&data), "-o", r],
        vec![
            "arena", "-v", "kalah", "-a", "random", "greedy", "-n", "1", "-o", r,
        ],
        vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", r],
        vec!["loop", "-c", s(&kalah), "--run", r, "--generations", "1"],
        vec![
            "export",
            "-m",
            s(&model),
            "-f",
            "onnx",
            "-o",
            s(&onnx),
            "--samples",
            "1",
        ],
        vec![
            "bench",
            "engine",
            "-v",
            "kalah",
            "--seconds",
            "0.1",
            "--json",
            s(&json_file),
        ],
    ];
    for args in &cases {
        let o = mankala(args);
        fails_with(&o, &[r, "Permission denied"]);
        assert!(names_in(&ro).is_empty(), "{args:?}: {:?}", names_in(&ro));
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn play_checks_its_save_path_before_the_game() {
    let dir = temp_dir("play-save");
    let file = dir.join("afile");
    write(&file, "precious\n");
    let save = file.join("g.jsonl");
    let o = mankala_with_input(
        Some(dir.as_path()),
        &[
            "play",
            "--variant",
            "kalah",
            "--agent",
            "random",
            "--human-first",
            "--save",
            s(&save),
        ],
        b"C\nquit\n",
    );
    fails_with(&o, &["afile"]);
    assert!(
        !stdout(&o).contains("you played"),
        "a game was played and lost: {}",
        stdout(&o)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Numeric arguments
// ---------------------------------------------------------------------------------------

#[test]
fn numeric_arguments_out_of_range_are_refused() {
    let dir = temp_dir("numbers");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 2, &data);
    let out = dir.join("out");
    let run = dir.join("run");
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec![
                "selfplay",
                "-c",
                s(&kalah),
                "-g",
                "1",
                "-o",
                s(&out),
                "--threads",
                "0",
            ],
            vec!["--threads 0: expected 1 to 1024"],
        ),
        (
            vec![
                "selfplay",
                "-c",
                s(&kalah),
                "-g",
                "1",
                "-o",
                s(&out),
                "--threads",
                "5000",
            ],
            vec!["--threads 5000: expected 1 to 1024"],
        ),
        (
            vec![
                "arena",
                "-v",
                "kalah",
                "-a",
                "random",
                "greedy",
                "-o",
                s(&out),
                "--threads",
                "0",
            ],
            vec!["--threads 0"],
        ),
        (
            vec![
                "arena",
                "-v",
                "kalah",
                "-a",
                "random",
                "greedy",
                "-o",
                s(&out),
                "--games",
                "0",
            ],
            vec!["--games 0: expected at least 1"],
        ),
        (
            vec![
                "arena",
                "-v",
                "kalah",
                "-a",
                "random",
                "greedy",
                "-o",
                s(&out),
                "--prior-draws=-1",
            ],
            vec!["--prior-draws -1: expected 0 to 100"],
        ),
        (
            vec!["loop", "-c", s(&kalah), "--run", s(&run), "--threads", "0"],
            vec!["--threads 0"],
        ),
        (
            vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours=-1"],
            vec!["--hours -1: expected a positive number"],
        ),
        (
            vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "0"],
            vec!["--hours 0: expected a positive number"],
        ),
        (
            vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "nan"],
            vec!["--hours NaN"],
        ),
        (
            vec![
                "loop",
                "-c",
                s(&kalah),
                "--run",
                s(&run),
                "--generations",
                "0",
            ],
            vec!["--generations 0: expected at least 1"],
        ),
        (
            vec![
                "openings",
                "-c",
                s(&kalah),
                "-d",
                s(&data),
                "-o",
                s(&out),
                "--depth",
                "0",
            ],
            vec!["--depth 0: expected 1 to 64"],
        ),
        (
            vec![
                "openings",
                "-c",
                s(&kalah),
                "-d",
                s(&data),
                "-o",
                s(&out),
                "--depth",
                "65",
            ],
            vec!["--depth 65: expected 1 to 64"],
        ),
        (
            vec![
                "openings",
                "-c",
                s(&kalah),
                "-d",
                s(&data),
                "-o",
                s(&out),
                "--sims",
                "0",
                "--model",
                "/no/such/model",
            ],
            vec!["--sims 0: expected at least 1"],
        ),
        // A negative number after a space reads as an option.
        (
            vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "-1"],
            vec!["unexpected argument '-1'"],
        ),
        (
            vec!["perft", "-v", "kalah", "--depth", "x"],
            vec!["invalid value 'x'", "--depth"],
        ),
    ];
    for (args, words) in &cases {
        let o = mankala(args);
        fails_with(&o, words);
        assert!(!out.exists() && !run.exists(), "{args:?} wrote output");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn perft_depth_0_is_refused() {
    fails_with(
        &mankala(&["perft", "--variant", "kalah", "--depth", "0"]),
        &["--depth 0"],
    );
}

#[test]

fn selfplay_of_no_games_is_refused() {
    let dir = temp_dir("games0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let out = dir.join("out");
    let o = mankala(&[
        "selfplay",
        "-c",
        s(&kalah),
        "-g",
        "0",
        "-o",
        s(&out),
        "-t",
        "1",
    ]);
    fails_with(&o, &["--games 0"]);
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn training_for_no_steps_is_refused() {
    let dir = temp_dir("steps0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 2, &data);
    let out = dir.join("out");
    let o = mankala(&[
        "train",
        "-c",
        s(&kalah),
        "-d",
        s(&data),
        "-o",
        s(&out),
        "--steps",
        "0",
    ]);
    fails_with(&o, &["--steps 0"]);
    assert!(!out.join("model.bpk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn bench_refuses_a_duration_that_is_not_a_number() {
    let o = mankala_within(
        &["bench", "engine", "--variant", "kalah", "--seconds", "nan"],
        Duration::from_secs(20),
    )
    .expect("bench engine --seconds nan returned within 20 s");
    fails_with(&o, &["--seconds"]);
}

#[test]

fn bench_refuses_zero_counts() {
    let dir = temp_dir("bench0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["bench", "engine", "-v", "kalah", "--seconds=-1"],
            "--seconds",
        ),
        (
            vec!["bench", "mcts", "-v", "kalah", "--simulations", "0"],
            "--simulations 0",
        ),
        (
            vec![
                "bench",
                "mcts",
                "-v",
                "kalah",
                "--simulations",
                "10",
                "--repeats",
                "0",
            ],
            "--repeats 0",
        ),
        (
            vec![
                "bench",
                "network",
                "-c",
                s(&kalah),
                "--seconds",
                "0.1",
                "--threads",
                "0",
            ],
            "--threads 0",
        ),
    ];
    for (args, words) in &cases {
        let o = mankala_within(args, Duration::from_secs(60)).expect("bench returned");
        fails_with(&o, &[*words]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// A full disk
// ---------------------------------------------------------------------------------------

#[test]
fn engine_stops_cleanly_when_stdout_is_full() {
    let Some(o) =
        mankala_into_full_stdout(&["engine"], b"{\"cmd\":\"new\",\"variant\":\"kalah\"}\n")
    else {
        eprintln!("no /dev/full: the full-stdout test is skipped");
        return;
    };
    fails_with(&o, &["cannot write to stdout", "os error 28"]);
}

#[test]

fn a_full_stdout_is_an_error_not_a_panic() {
    let dir = temp_dir("full-stdout");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let out = dir.join("out");
    let save = dir.join("game.jsonl");
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["variants"], b"".as_slice()),
        (vec!["show", "-v", "kalah"], b"".as_slice()),
        (vec!["perft", "-v", "kalah", "--depth", "2"], b"".as_slice()),
        (
            vec!["replay", "-v", "kalah", "--moves", "C"],
            b"".as_slice(),
        ),
        (
            vec![
                "play",
                "-v",
                "kalah",
                "--agent",
                "random",
                "--human-first",
                "--save",
                s(&save),
            ],
            b"quit\n".as_slice(),
        ),
        (
            vec![
                "selfplay",
                "-c",
                s(&kalah),
                "-g",
                "1",
                "-o",
                s(&out),
                "-t",
                "1",
            ],
            b"".as_slice(),
        ),
    ];
    for (args, input) in &cases {
        let Some(o) = mankala_into_full_stdout(args, input) else {
            eprintln!("no /dev/full: the full-stdout test is skipped");
            return;
        };
        fails_with(&o, &["stdout"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_disk_leaves_no_partial_file_under_a_final_name() {
    let dir = temp_dir("full-disk");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    // Shards of 16 games and a network of width 64: each file is larger than the limit.
    let big = dir.join("big.toml");
    write(
        &big,
        std::fs::read_to_string(&kalah)
            .unwrap()
            .replace("games_per_shard = 2", "games_per_shard = 16")
            .replace("width = 16", "width = 64"),
    );
    let out = dir.join("selfplay");
    let Some(o) = mankala_with_small_disk(&[
        "selfplay",
        "-c",
        s(&big),
        "-g",
        "16",
        "-o",
        s(&out),
        "-t",
        "1",
        "--seed",
        "1",
    ]) else {
        eprintln!("no sh: the full-disk test is skipped");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    fails_with(&o, &["selfplay/shard-00000.parquet", "os error 27"]);
    let shards: Vec<String> = names_in(&out)
        .into_iter()
        .filter(|n| n.ends_with(".parquet"))
        .collect();
    assert!(
        shards.is_empty(),
        "a shard under its final name: {shards:?}"
    );
    // Training: the checkpoint cannot be written, and no model appears.
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model_dir = dir.join("train");
    let o = mankala_with_small_disk(&["train", "-c", s(&big), "-d", s(&data), "-o", s(&model_dir)])
        .expect("sh");
    fails_with(&o, &["train/checkpoint.bpk", "os error 27"]);
    for name in [
        "checkpoint.bpk",
        "checkpoint.json",
        "model.bpk",
        "model.json",
        "train-state.json",
    ] {
        assert!(!model_dir.join(name).exists(), "{name} written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

fn write_failures_are_reported_as_writes() {
    let dir = temp_dir("full-disk-words");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let big = dir.join("big.toml");
    write(
        &big,
        std::fs::read_to_string(&kalah)
            .unwrap()
            .replace("games_per_shard = 2", "games_per_shard = 16")
            .replace("width = 16", "width = 64"),
    );
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let Some(o) = mankala_with_small_disk(&[
        "train",
        "-c",
        s(&big),
        "-d",
        s(&data),
        "-o",
        s(&dir.join("train")),
    ]) else {
        eprintln!("no sh: the test is skipped");
        return;
    };
    fails_with(&o, &["checkpoint.bpk", "cannot write"]);
    assert!(!stderr(&o).contains("cannot load"), "{}", stderr(&o));
    let out = dir.join("selfplay");
    let o = mankala_with_small_disk(&[
        "selfplay",
        "-c",
        s(&big),
        "-g",
        "16",
        "-o",
        s(&out),
        "-t",
        "1",
    ])
    .expect("sh");
    fails_with(&o, &["shard-00000.parquet"]);
    assert!(!stderr(&o).contains("not a readable"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tablebase too large for the machine is refused before any memory is taken.
#[test]
fn a_tablebase_larger_than_memory_is_refused_by_its_size() {
    let dir = temp_dir("tablebase-size");
    let out = dir.join("k.mtb");
    let o = mankala(&[
        "tablebase",
        "build",
        "--variant",
        "kalah",
        "--seeds",
        "40",
        "--out",
        s(&out),
    ]);
    fails_with(&o, &["--seeds 40", "GiB", "memory available"]);
    assert!(!out.exists());
    let o = mankala(&["solve", "--variant", "kalah", "--tt-log2", "32"]);
    fails_with(&o, &["--tt-log2 32", "64.0 GiB", "memory available"]);
    std::fs::remove_dir_all(&dir).ok();
}
