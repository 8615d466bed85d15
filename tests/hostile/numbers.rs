//! Numeric arguments out of range: refused by name.

use super::*;

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

pub(crate) fn perft_depth_0_is_refused() {
    fails_with(
        &mankala(&["perft", "--variant", "kalah", "--depth", "0"]),
        &["--depth 0"],
    );
}

#[test]

pub(crate) fn selfplay_of_no_games_is_refused() {
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

pub(crate) fn training_for_no_steps_is_refused() {
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

pub(crate) fn bench_refuses_a_duration_that_is_not_a_number() {
    let o = mankala_within(
        &["bench", "engine", "--variant", "kalah", "--seconds", "nan"],
        Duration::from_secs(20),
    )
    .expect("bench engine --seconds nan returned within 20 s");
    fails_with(&o, &["--seconds"]);
}

#[test]

pub(crate) fn bench_refuses_zero_counts() {
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
