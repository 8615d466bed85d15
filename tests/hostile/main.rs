//! Hostile input, end to end: every kind of input a user can get wrong, and what the built
//! binary does with it (`docs/reliability.md` is the table these tests back). A refused input
//! exits with status 2, names the file, key or value at fault, and leaves no output under a
//! final name. Tests marked `#[ignore = "defect: ..."]` state the behaviour the table asks
//! for where the binary does not give it yet.
#![cfg(unix)]

#[path = "../common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, mankala, mankala_with_input, run_with_input, s, stderr, stdout, temp_dir};
use serde_json::{Value, json};

mod configs;
mod data;
mod disk;
mod models;
mod moves;
mod numbers;
mod outputs;

use moves::*;

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
