//! Output places that cannot be written: refused by name, no temporary file left.

use super::*;

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

pub(crate) fn a_failed_write_leaves_no_temporary_file() {
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

pub(crate) fn play_checks_its_save_path_before_the_game() {
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
