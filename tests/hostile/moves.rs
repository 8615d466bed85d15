//! Bad moves and agent specs: refused by name, nothing drawn or played.

use super::*;

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

pub(crate) fn replay_prints_nothing_when_a_move_fails() {
    let o = mankala(&["replay", "--variant", "oware", "--moves", "C zz"]);
    fails_with(&o, &["`zz`"]);
    assert!(stdout(&o).is_empty(), "partial output: {}", stdout(&o));
}

/// A one-game record saved by `mankala play`: Kalah, the human's `C` (which earns another
/// move), then `quit`.
pub(crate) fn saved_kalah_record(dir: &Path) -> (PathBuf, Value) {
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

pub(crate) fn replay_of_a_record_with_an_illegal_action_names_the_record() {
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
pub(crate) fn engine(lines: &[&[u8]]) -> (Vec<Value>, Output) {
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

pub(crate) fn an_empty_model_path_is_named_as_missing() {
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
