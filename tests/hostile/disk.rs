//! A full disk or stdout: an error, not a panic, and no partial file under a final name.

use super::*;

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

pub(crate) fn a_full_stdout_is_an_error_not_a_panic() {
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

pub(crate) fn write_failures_are_reported_as_writes() {
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
