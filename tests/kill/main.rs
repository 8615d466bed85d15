//! A generation loop killed with SIGKILL twenty times — during self-play, training, gates,
//! evaluations and report writing — and rerun after every kill. After each kill every file
//! under its final name is whole and readable (shards through the data reader, models through
//! their sidecars and weights, markers as JSON), nothing that existed before the kill is gone,
//! and the run's markers agree with its files; the last rerun finishes the run, whose totals
//! match the config and an uninterrupted reference run.
//!
//! The kills follow the run's own files: each kill waits for the next file that shows the
//! planned step at work (a new shard, a checkpoint, a step marker), then either waits a seeded
//! random share of that step's typical duration (measured on the reference run) or waits for a
//! temporary file to appear and kills while it is being written.
#![cfg(unix)]

#[path = "../common/mod.rs"]
mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, temp_dir};
use mankala_data::{list_shards, read_shard};
use mankala_models::file::{Expected, load, read_meta};

mod checks;
mod stages;

use checks::*;
use stages::*;

/// Generations of the run (one more is added if the run ever ends before the planned kills).
const GENERATIONS: u32 = 5;
/// Self-play games per generation.
const GAMES: u64 = 64;
/// Games per shard: sixteen shards per generation.
const GAMES_PER_SHARD: u64 = 4;
/// Training steps per generation.
const STEPS: u64 = 400;
/// Steps between checkpoints: sixteen checkpoints per generation.
const CHECKPOINT_EVERY: u64 = 25;
/// Games of every gate.
const GATE_GAMES: u64 = 12;
/// Games against each baseline (and per pair of the baselines' round robin).
const EVAL_GAMES: u64 = 6;
/// Kills that must land while the loop is running.
const KILLS: usize = 20;
/// Starts of the loop before the test gives up.
const MAX_STARTS: usize = 60;
/// The longest one start may run.
const START_LIMIT: Duration = Duration::from_secs(600);
/// The seed of the run.
const RUN_SEED: &str = "7";
/// The seed of the kill plan.
const PLAN_SEED: u64 = 0x6b69_6c6c_2d32_3021;
/// Worker threads of the loop (fixed, so that the run does not depend on the machine).
const THREADS: &str = "2";
/// How often the run directory is looked at.
const POLL: Duration = Duration::from_millis(1);

/// The tiny Kalah config of the run. Every gate promotes (threshold 0), so that later
/// generations play self-play with a network and gate against the previous one.
fn write_config(dir: &Path) -> PathBuf {
    let path = dir.join("tiny.toml");
    fs::write(
        &path,
        format!(
            r#"variant = "kalah"
[search]
simulations = 32
[selfplay]
games_per_worker = 4
games_per_shard = {GAMES_PER_SHARD}
[network]
width = 16
blocks = 1
value_width = 8
[train]
steps = {STEPS}
batch_size = 32
shuffle_buffer = 64
checkpoint_every = {CHECKPOINT_EVERY}
validation_rows = 50
[loop]
generations = {GENERATIONS}
games = {GAMES}
gate_games = {GATE_GAMES}
gate_threshold = 0.0
eval_games = {EVAL_GAMES}
baselines = ["random", "greedy"]
opening_plies = 1
"#
        ),
    )
    .unwrap();
    path
}

/// `mankala loop` on the run, its standard error to `stderr`.
fn loop_command(config: &Path, run: &Path, generations: u32, stderr: &Path) -> Command {
    let mut c = Command::new(BIN);
    c.arg("loop")
        .arg("--config")
        .arg(config)
        .arg("--run")
        .arg(run)
        .args(["--seed", RUN_SEED, "--threads", THREADS, "--generations"])
        .arg(generations.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::from(fs::File::create(stderr).unwrap()));
    c
}

fn tail(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let start = text.len().saturating_sub(3000);
    let start = (start..=text.len())
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(text.len());
    text[start..].to_string()
}

/// An uninterrupted run: its totals, how long it took, and the durations of its stages.
fn reference(dir: &Path) -> (Vec<Totals>, f64, BTreeMap<Kind, Vec<Duration>>) {
    let config = write_config(dir);
    let run = dir.join("run");
    let stderr = dir.join("stderr.txt");
    let started = Instant::now();
    let mut child = loop_command(&config, &run, GENERATIONS, &stderr)
        .spawn()
        .expect("start mankala loop");
    let mut seen: Vec<(Stage, Instant)> = Vec::new();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < START_LIMIT,
            "the reference run took more than {START_LIMIT:?}"
        );
        let stage = stage_of(&run, GENERATIONS);
        if seen.last().is_none_or(|(s, _)| *s != stage) {
            seen.push((stage, Instant::now()));
        }
        std::thread::sleep(POLL);
    };
    let end = Instant::now();
    assert!(status.success(), "reference run: {}", tail(&stderr));
    let mut durations: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    for (i, (stage, at)) in seen.iter().enumerate() {
        let next = seen.get(i + 1).map_or(end, |(_, t)| *t);
        durations
            .entry(stage.kind)
            .or_default()
            .push(next.duration_since(*at));
    }
    let seconds = started.elapsed().as_secs_f64();
    (totals(&run, GENERATIONS), seconds, durations)
}

/// Leaves a temporary beside the shards that holds a copy of a real shard: if anything read
/// temporaries as data, its games would count twice.
fn plant_decoy(run: &Path, generations: u32, n: usize) {
    for g in (0..generations).rev() {
        let dir = gen_dir(run, g).join("selfplay");
        let Ok(shards) = list_shards(&dir) else {
            continue;
        };
        if let Some(first) = shards.first() {
            fs::copy(
                first,
                dir.join(format!("shard-{:05}.parquet.tmp", 90_000 + n)),
            )
            .unwrap();
            return;
        }
    }
}

#[test]
fn a_loop_killed_twenty_times_loses_nothing_and_adds_up() {
    let test_start = Instant::now();
    let ref_dir = temp_dir("reference");
    let (expected, ref_seconds, durations) = reference(&ref_dir);
    let typical_of = |k: Kind| typical(&durations, k);
    println!("reference run: {ref_seconds:.2} s uninterrupted");
    for (kind, d) in &durations {
        let mean = d.iter().sum::<Duration>() / d.len().max(1) as u32;
        println!(
            "  {:<9} {:>3} x {:>7.3} s",
            kind.name(),
            d.len(),
            mean.as_secs_f64()
        );
    }

    let dir = temp_dir("killed");
    let config = write_config(&dir);
    let run = dir.join("run");
    let stderr = dir.join("stderr.txt");
    let targets = targets();
    let mut rng = SplitMix(PLAN_SEED);
    let mut generations = GENERATIONS;
    let mut kills: Vec<Kill> = Vec::new();
    let mut starts = 0;
    let mut ended_early = 0;
    println!(
        "\n{:>4} {:>7}  {:<11} {:<8} {:<11} {:<11} what the kill interrupted / notes",
        "kill", "at (s)", "target", "mode", "armed by", "hit"
    );
    while kills.len() < KILLS {
        starts += 1;
        assert!(
            starts <= MAX_STARTS,
            "only {} of {KILLS} kills landed in {MAX_STARTS} starts",
            kills.len()
        );
        let plan = plan(&mut rng, targets[kills.len()]);
        let before_start = temporaries(&listing(&run));
        match start_and_kill(&config, &run, generations, &stderr, &plan, &typical_of) {
            Start::Ended(status) => {
                assert!(
                    status.success(),
                    "a rerun failed ({status}) after {} kills:\n{}",
                    kills.len(),
                    tail(&stderr)
                );
                ended_early += 1;
                // The run is complete: grow it by a generation to keep killing.
                generations += 1;
                assert!(
                    generations <= GENERATIONS + 3,
                    "the run kept ending before its kills"
                );
                println!(
                    "     the run ended before the planned kill; now {generations} generations"
                );
            }
            Start::Killed {
                at,
                armed_by,
                before,
            } => {
                let after = listing(&run);
                // Nothing under a final name that existed before the kill is gone.
                for rel in before.keys().filter(|p| !is_tmp(p)) {
                    assert!(
                        after.contains_key(rel),
                        "kill {}: {} existed before the kill and is gone",
                        kills.len() + 1,
                        rel.display()
                    );
                }
                check_files(&run);
                let notes = check_markers(&run, generations);
                let hit = stage_of(&run, generations);
                let temporaries: Vec<String> = temporaries(&after)
                    .difference(&before_start)
                    .map(|p| p.display().to_string())
                    .collect();
                let kill = Kill {
                    at,
                    plan,
                    armed_by,
                    hit,
                    temporaries,
                    notes,
                };
                println!(
                    "{:>4} {:>7.3}  {:<11} {:<8} {:<11} {:<11} {}{}",
                    kills.len() + 1,
                    kill.at,
                    kill.plan.target.to_string(),
                    format!("{:?}", kill.plan.mode),
                    kill.armed_by.to_string(),
                    kill.hit.to_string(),
                    if kill.temporaries.is_empty() {
                        "-".to_string()
                    } else {
                        kill.temporaries.join(" ")
                    },
                    if kill.notes.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", kill.notes.join("; "))
                    }
                );
                kills.push(kill);
                plant_decoy(&run, generations, kills.len());
            }
        }
    }

    // The last start runs to the end.
    let o = loop_command(&config, &run, generations, &stderr)
        .output()
        .expect("run mankala loop");
    assert!(
        o.status.success(),
        "the last rerun failed:\n{}",
        tail(&stderr)
    );
    let got = totals(&run, generations);
    let record = read_json(&run.join("run.json"));
    assert_eq!(record["seed"], 7);
    let resumed = record["resumed_with"].as_array().unwrap().len();
    assert!(
        resumed >= 1 && resumed <= starts,
        "{resumed} resumed starts recorded, {starts} reruns"
    );

    println!("\n gen  games  positions (reference)  steps  gate  eval");
    for (g, t) in got.iter().enumerate() {
        let reference = expected
            .get(g)
            .map_or("-".into(), |e| e.positions.to_string());
        println!(
            "{g:>4} {:>6} {:>10} {:>11}  {:>5} {:>5}  {:?}",
            t.games, t.positions, reference, t.steps, t.gate_games, t.eval_games
        );
    }
    for (g, (t, e)) in got.iter().zip(&expected).enumerate() {
        // Games, training steps and arena games are fixed by the config. The positions are
        // not compared: which games share a shard depends on the workers' timing, and
        // training reads shards in name order, so even two uninterrupted runs of one seed
        // differ after their first training.
        assert_eq!(t.games, GAMES, "gen {g}");
        assert_eq!(t.steps, STEPS, "gen {g}");
        assert_eq!(t.gate_games, GATE_GAMES, "gen {g}");
        assert_eq!(t.eval_games, vec![EVAL_GAMES; 2], "gen {g}");
        assert_eq!(
            (t.games, t.steps, t.gate_games, &t.eval_games),
            (e.games, e.steps, e.gate_games, &e.eval_games),
            "gen {g} against the reference"
        );
    }

    let hit: BTreeSet<Kind> = kills.iter().map(|k| k.hit.kind).collect();
    let interrupted_writes = kills.iter().filter(|k| !k.temporaries.is_empty()).count();
    println!(
        "\n{} kills landed in {starts} starts ({ended_early} ended before their kill); {} \
         interrupted a write; steps hit: {}; {:.1} s in all",
        kills.len(),
        interrupted_writes,
        hit.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "),
        test_start.elapsed().as_secs_f64()
    );
    for kind in [
        Kind::Selfplay,
        Kind::Train,
        Kind::Gate,
        Kind::Eval,
        Kind::Report,
    ] {
        assert!(hit.contains(&kind), "no kill landed during {}", kind.name());
    }
    let _ = fs::remove_dir_all(&ref_dir);
    let _ = fs::remove_dir_all(&dir);
}
