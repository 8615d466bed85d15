//! Helpers shared by the end-to-end tests: running the `mankala` binary, its output as
//! text, and a fresh temporary directory per test.
#![allow(dead_code)] // each test file uses its own share of these

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_mankala");

/// Runs `mankala` with `args` and waits for it.
pub fn mankala(args: &[&str]) -> Output {
    mankala_in(None, args)
}

/// Runs `mankala` with `args` in directory `dir` (the current one when `None`).
pub fn mankala_in(dir: Option<&Path>, args: &[&str]) -> Output {
    let mut cmd = Command::new(BIN);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    cmd.args(args).output().expect("run mankala")
}

/// Runs `mankala` with `args` in `dir` (the current one when `None`), writing `input` to its
/// stdin from another thread; the program may stop reading early (a closed pipe is fine).
pub fn mankala_with_input(dir: Option<&Path>, args: &[&str], input: &[u8]) -> Output {
    let mut cmd = Command::new(BIN);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    cmd.args(args);
    run_with_input(cmd, Stdio::piped(), input)
}

/// Runs `cmd` with its stdout sent to `stdout` and its stderr captured, writing `input` to
/// its stdin from another thread; the program may stop reading early (a closed pipe is fine).
pub fn run_with_input(mut cmd: Command, stdout: Stdio, input: &[u8]) -> Output {
    let mut child = cmd.stdin(Stdio::piped()).stdout(stdout).stderr(Stdio::piped()).spawn().expect("run mankala");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for mankala");
    writer.join().expect("the writer thread ends");
    out
}

/// Bytes as text, invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A run's stdout as text.
pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

/// A run's stderr as text.
pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// A fresh, empty temporary directory for the test `name` of this test file (named after
/// the file and the process, so that files and concurrent runs do not meet). It is removed
/// when the returned guard drops, unless the test is failing: a failed test's files stay
/// for a look.
pub fn temp_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("mankala-{}-{}-{name}", env!("CARGO_CRATE_NAME"), std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a temporary directory");
    Scratch(dir)
}

/// A test's temporary directory, removed on drop unless the thread is panicking. It reads as
/// the directory's path wherever a path is expected.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// A path as `&str`, for arguments.
pub fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A loop config of `variant` with every count shrunk, and `extra` lines appended to its
/// `[loop]` table.
pub fn tiny_loop_config(dir: &Path, variant: &str, games: u64, generations: u32, extra: &str) -> PathBuf {
    let path = dir.join("tiny.toml");
    std::fs::write(
        &path,
        format!(
            r#"variant = "{variant}"
[search]
simulations = 16
[selfplay]
games_per_worker = 4
games_per_shard = 4
[network]
width = 16
blocks = 1
value_width = 8
[train]
steps = 20
batch_size = 32
shuffle_buffer = 64
checkpoint_every = 10
validation_rows = 50
[loop]
generations = {generations}
games = {games}
gate_games = 2
eval_games = 2
baselines = ["random", "greedy"]
opening_plies = 1
{extra}"#
        ),
    )
    .expect("write a loop config");
    path
}
