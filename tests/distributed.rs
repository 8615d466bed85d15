//! `mankala worker` and `mankala status` end to end on a run directory shared by several
//! processes (docs/distributed.md): workers produce accepted generations together; a
//! worker killed mid-shard or started twice with one number, or a trainer killed
//! mid-training, loses and double-counts nothing.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, s, stderr, stdout, temp_dir, tiny_loop_config};
use mankala_data::read_shard;

/// Starts `mankala` with `args`, its output piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(BIN).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start mankala")
}

/// Waits for `child` (killing it after `limit`) and returns its output, failing the test
/// when it did not succeed.
fn finish(child: Child, what: &str, limit: Duration) -> String {
    let id = child.id();
    let start = Instant::now();
    let waiter = std::thread::spawn(move || child.wait_with_output().expect("wait"));
    while !waiter.is_finished() {
        if start.elapsed() > limit {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let out = waiter.join().expect("the waiter ends");
    assert!(out.status.success(), "{what} failed: {}\n{}", stdout(&out), stderr(&out));
    stdout(&out)
}

/// Every file under `dir`, relative to it.
fn files(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read a directory") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).expect("under dir");
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    out
}

/// The published shards of a run directory: name -> game ids (every shard must read).
fn shards(run: &Path) -> BTreeMap<String, Vec<u64>> {
    files(run)
        .into_iter()
        .filter(|f| f.ends_with(".parquet"))
        .map(|f| {
            let (_, rows) = read_shard(&run.join(&f)).expect("a published shard reads whole");
            let ids: BTreeSet<u64> = rows.iter().map(|r| r.game_id).collect();
            (f, ids.into_iter().collect())
        })
        .collect()
}

/// Checks that no game is in two shards; returns the number of games.
fn games_once_each(shards: &BTreeMap<String, Vec<u64>>) -> u64 {
    let mut seen = BTreeSet::new();
    for (name, ids) in shards {
        for id in ids {
            assert!(seen.insert(*id), "game {id} of {name} is in another shard too");
        }
    }
    seen.len() as u64
}

/// The sequence numbers of worker `w`'s shards.
fn seqs(shards: &BTreeMap<String, Vec<u64>>, w: u32) -> Vec<u32> {
    let tag = format!("shard-w{w:04}-s");
    let mut out: Vec<u32> =
        shards.keys().filter_map(|k| k.split(&tag).nth(1)).map(|rest| rest.trim_end_matches(".parquet").parse().expect("a number")).collect();
    out.sort_unstable();
    out
}

/// The number after `key` in a worker's last line (`... 3 shards, 12 games published`).
fn reported(log: &str, key: &str) -> u64 {
    let done = log.lines().rfind(|l| l.contains("done:")).expect("a done line");
    let words: Vec<&str> = done.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let at = words.iter().position(|w| *w == key).expect("the key");
    words[at - 1].parse().expect("a number")
}

#[test]
fn workers_sharing_a_directory_produce_two_accepted_generations() {
    let dir = temp_dir("two-generations");
    let cfg = tiny_loop_config(&dir, "oware", 8, 2, "gate_threshold = 0.0");
    let run = dir.join("run");
    let url = format!("file://{}", run.display());
    let common = |role: &str| -> Vec<String> {
        let mut a: Vec<String> = ["worker", role, "--run", &url, "--config", s(&cfg)].map(String::from).to_vec();
        a.extend(["--seed", "7", "--threads", "1", "--poll", "0.2"].map(String::from));
        a
    };
    let start = |mut args: Vec<String>, extra: &[&str]| {
        args.extend(extra.iter().map(|x| x.to_string()));
        spawn(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let limit = Duration::from_secs(600);
    let selfplay: Vec<Child> = (0..2).map(|w| start(common("selfplay"), &["--worker", &w.to_string()])).collect();
    let trainer = start(common("train"), &["--name", "t0"]);
    let gate = start(common("gate"), &[]);
    let gate_log = finish(gate, "gate", limit);
    let train_log = finish(trainer, "train", limit);
    for (w, c) in selfplay.into_iter().enumerate() {
        finish(c, &format!("self-play worker {w}"), limit);
    }
    assert!(gate_log.contains("accepted [0, 1]"), "{gate_log}");
    assert!(train_log.contains("published for generations [0, 1]"), "{train_log}");
    let listed = files(&run);
    for name in [
        "config.toml",
        "run.json",
        "gen-0000/candidate.json",
        "gen-0000/train/t0/model.bpk",
        "gen-0000/gate.json",
        "gen-0001/eval.json",
        "accepted/gen-0000.json",
        "accepted/gen-0001.json",
        "baselines/results.json",
    ] {
        assert!(listed.iter().any(|f| f == name), "{name} in {listed:?}");
    }
    let shards = shards(&run);
    assert!(games_once_each(&shards) >= 16, "{shards:?}");
    let out = common::mankala(&["status", "--run", s(&run)]);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}{}", stderr(&out));
    assert!(text.contains("2 of 2 generations gated, accepted: gen-0, gen-1 (finished)"), "{text}");
    assert!(text.contains("selfplay 0") && text.contains("selfplay 1"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Starts a run with `cfg` and returns the worker arguments for it.
fn selfplay_args(run: &Path, cfg: &Path, worker: u32, games: u64) -> Vec<String> {
    ["worker", "selfplay", "--run", s(run), "--config", s(cfg), "--seed", "3", "--threads", "1", "--worker", &worker.to_string(), "--games", &games.to_string()]
        .map(String::from)
        .to_vec()
}

fn spawn_args(args: &[String]) -> Child {
    spawn(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn two_workers_with_one_number_count_each_game_once() {
    let dir = temp_dir("duplicated");
    let cfg = tiny_loop_config(&dir, "oware", 100, 2, "");
    let run = dir.join("run");
    let args = selfplay_args(&run, &cfg, 5, 12);
    let a = spawn_args(&args);
    let b = spawn_args(&args);
    let limit = Duration::from_secs(300);
    let (la, lb) = (finish(a, "worker a", limit), finish(b, "worker b", limit));
    let shards: BTreeMap<String, Vec<u64>> = shards(&run);
    let games = games_once_each(&shards);
    // What the two processes say they published is what the run holds: a shard whose name
    // the other had taken was not counted.
    assert_eq!(games, reported(&la, "games") + reported(&lb, "games"), "{la}\n{lb}");
    let n = seqs(&shards, 5);
    assert_eq!(n, (0..n.len() as u32).collect::<Vec<_>>(), "{shards:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_killed_mid_shard_loses_and_repeats_nothing() {
    let dir = temp_dir("killed");
    let cfg = tiny_loop_config(&dir, "oware", 100, 2, "");
    let run = dir.join("run");
    // The killed worker cannot remove a cache of its own in the system's temporary folder.
    let mut args = selfplay_args(&run, &cfg, 2, 1000);
    args.extend(["--cache".to_string(), s(&dir.join("cache")).to_string()]);
    let mut child = spawn_args(&args);
    let start = Instant::now();
    while shards_now(&run) < 1 {
        assert!(start.elapsed() < Duration::from_secs(300), "no shard published");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    child.kill().expect("SIGKILL the worker");
    let _ = child.wait();
    let before = shards(&run);
    let again = spawn_args(&selfplay_args(&run, &cfg, 2, 8));
    let log = finish(again, "the restarted worker", Duration::from_secs(300));
    let after = shards(&run);
    for (name, ids) in &before {
        assert_eq!(after.get(name), Some(ids), "{name} kept as it was");
    }
    // The restarted worker continues after the last claim (a shard claimed by the killed
    // one but not published leaves its number unused).
    let (old, new) = (seqs(&before, 2), seqs(&after, 2));
    assert!(new.starts_with(&old) && new.len() > old.len(), "{old:?} then {new:?}");
    assert_eq!(games_once_each(&after), games_once_each(&before) + reported(&log, "games"), "{log}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_trainer_killed_mid_training_resumes_and_publishes_one_candidate() {
    let dir = temp_dir("trainer-killed");
    let cfg = tiny_loop_config(&dir, "oware", 8, 1, "gate_threshold = 0.0");
    // Enough steps between checkpoints to be killed in the middle of training.
    let text = std::fs::read_to_string(&cfg).expect("read the config");
    let text = text.replace("steps = 20", "steps = 3000").replace("checkpoint_every = 10", "checkpoint_every = 100");
    std::fs::write(&cfg, text).expect("write the config");
    let run = dir.join("run");
    let cache = dir.join("train-cache");
    let limit = Duration::from_secs(300);
    finish(spawn_args(&selfplay_args(&run, &cfg, 0, 8)), "self-play", limit);
    let train: Vec<String> =
        ["worker", "train", "--run", s(&run), "--config", s(&cfg), "--threads", "1", "--name", "t0", "--cache", s(&cache), "--poll", "0.2"]
            .map(String::from)
            .to_vec();
    let mut child = spawn_args(&train);
    let state = cache.join("gen-0000/train/train-state.json");
    let start = Instant::now();
    while !state.exists() {
        assert!(start.elapsed() < limit, "no checkpoint written");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().expect("SIGKILL the trainer");
    let _ = child.wait();
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&state).expect("read the checkpoint")).expect("a checkpoint record");
    let step = saved["step"].as_u64().expect("the checkpoint's step");
    assert!(step < 3000, "killed after training ended (step {step})");
    // Killed mid-training: nothing of generation 0's network is in the run.
    let listed = files(&run);
    assert!(!listed.iter().any(|f| f.starts_with("gen-0000/train/") || f == "gen-0000/candidate.json"), "{listed:?}");
    let log = finish(spawn_args(&train), "the restarted trainer", limit);
    assert!(log.contains("resuming from the checkpoint"), "{log}");
    assert!(log.contains("published for generations [0]"), "{log}");
    let candidate: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("gen-0000/candidate.json")).expect("the candidate")).expect("candidate JSON");
    assert_eq!(candidate["trainer"], "t0", "{candidate}");
    assert_eq!(candidate["train"]["steps"], 3000, "{candidate}");
    // Each step's metrics once: the steps after the checkpoint were trained again, not
    // logged twice.
    let metrics = std::fs::read_to_string(run.join("gen-0000/train/t0/metrics.csv")).expect("metrics");
    let steps: Vec<u64> = metrics.lines().skip(1).map(|l| l.split(',').next().and_then(|x| x.parse().ok()).expect("a step")).collect();
    assert_eq!(steps, (1..=30).map(|k| k * 100).collect::<Vec<_>>(), "{metrics}");
    // The run goes on: the gatekeeper takes the candidate.
    let gate: Vec<String> = ["worker", "gate", "--run", s(&run), "--threads", "1", "--poll", "0.2"].map(String::from).to_vec();
    let gate_log = finish(spawn_args(&gate), "gate", limit);
    assert!(gate_log.contains("accepted [0]"), "{gate_log}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn shards_now(run: &Path) -> usize {
    if !run.exists() {
        return 0;
    }
    files(run).iter().filter(|f| f.ends_with(".parquet")).count()
}

#[test]
fn a_run_url_that_is_not_one_is_refused_by_name() {
    let out = common::mankala(&["status", "--run", "ftp://host/run"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("ftp://host/run") && err.contains("s3://bucket/prefix"), "{err}");
    let dir = temp_dir("no-run");
    let out = common::mankala(&["status", "--run", s(&dir.join("empty"))]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no run there"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}
