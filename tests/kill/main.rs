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

use checks::*;

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
/// Kills aimed again, after the planned ones, at a step of a generation no kill landed in: a
/// kill aimed at the report (rebuilt in milliseconds) can land in the next generation's
/// self-play, which runs beside it.
const RETRIES: usize = 6;
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
    let start = (start..=text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(text.len());
    text[start..].to_string()
}

/// An uninterrupted run: its totals, how long it took, and the durations of its stages.
fn reference(dir: &Path) -> (Vec<Totals>, f64, BTreeMap<Kind, Vec<Duration>>) {
    let config = write_config(dir);
    let run = dir.join("run");
    let stderr = dir.join("stderr.txt");
    let started = Instant::now();
    let mut child = loop_command(&config, &run, GENERATIONS, &stderr).spawn().expect("start mankala loop");
    let mut seen: Vec<(Stage, Instant)> = Vec::new();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(started.elapsed() < START_LIMIT, "the reference run took more than {START_LIMIT:?}");
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
        durations.entry(stage.kind).or_default().push(next.duration_since(*at));
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
            fs::copy(first, dir.join(format!("shard-{:05}.parquet.tmp", 90_000 + n))).unwrap();
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
        println!("  {:<9} {:>3} x {:>7.3} s", kind.name(), d.len(), mean.as_secs_f64());
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
    let mut retries = 0;
    println!("\n{:>4} {:>7}  {:<11} {:<8} {:<11} {:<11} what the kill interrupted / notes", "kill", "at (s)", "target", "mode", "armed by", "hit");
    loop {
        let target = if kills.len() < KILLS {
            targets[kills.len()]
        } else if let Some(&kind) = GENERATION_KINDS.iter().find(|&&k| kills.iter().all(|x| x.hit.kind != k)) {
            // A step no kill has landed in yet: aimed at again in the generation under way,
            // or the next where the loop is past that step (the assertions below name it
            // if the retries run out).
            if retries == RETRIES {
                break;
            }
            retries += 1;
            let now = stage_of(&run, generations);
            let here = Stage { kind, g: now.g };
            let target = if here.position() > now.position() { here } else { Stage { kind, g: now.g + 1 } };
            println!("     no kill has landed in {} yet: one more aimed at {target}", kind.name());
            target
        } else {
            break;
        };
        starts += 1;
        assert!(starts <= MAX_STARTS, "only {} kills landed in {MAX_STARTS} starts", kills.len());
        let plan = plan(&mut rng, target);
        let before_start = temporaries(&listing(&run));
        match start_and_kill(&config, &run, generations, &stderr, &plan, &typical_of) {
            Start::Ended(status) => {
                assert!(status.success(), "a rerun failed ({status}) after {} kills:\n{}", kills.len(), tail(&stderr));
                ended_early += 1;
                // The run is complete: grow it by a generation to keep killing.
                generations += 1;
                assert!(generations <= GENERATIONS + 3 + retries as u32, "the run kept ending before its kills");
                println!("     the run ended before the planned kill; now {generations} generations");
            }
            Start::Killed { at, armed_by, before } => {
                let after = listing(&run);
                // Nothing under a final name that existed before the kill is gone (an arena's
                // journal is removed once its games.jsonl is written).
                for rel in before.keys().filter(|p| !is_tmp(p) && !p.ends_with("games.partial.jsonl")) {
                    assert!(after.contains_key(rel), "kill {}: {} existed before the kill and is gone", kills.len() + 1, rel.display());
                }
                check_files(&run);
                let notes = check_markers(&run, generations);
                let hit = stage_of(&run, generations);
                let temporaries: Vec<String> = temporaries(&after).difference(&before_start).map(|p| p.display().to_string()).collect();
                let kill = Kill { at, plan, armed_by, hit, temporaries, notes };
                println!(
                    "{:>4} {:>7.3}  {:<11} {:<8} {:<11} {:<11} {}{}",
                    kills.len() + 1,
                    kill.at,
                    kill.plan.target.to_string(),
                    format!("{:?}", kill.plan.mode),
                    kill.armed_by.to_string(),
                    kill.hit.to_string(),
                    if kill.temporaries.is_empty() { "-".to_string() } else { kill.temporaries.join(" ") },
                    if kill.notes.is_empty() { String::new() } else { format!("; {}", kill.notes.join("; ")) }
                );
                kills.push(kill);
                plant_decoy(&run, generations, kills.len());
            }
        }
    }

    // The last start runs to the end.
    let o = loop_command(&config, &run, generations, &stderr).output().expect("run mankala loop");
    assert!(o.status.success(), "the last rerun failed:\n{}", tail(&stderr));
    let got = totals(&run, generations);
    let record = read_json(&run.join("run.json"));
    assert_eq!(record["seed"], 7);
    let resumed = record["resumed_with"].as_array().unwrap().len();
    assert!(resumed >= 1 && resumed <= starts, "{resumed} resumed starts recorded, {starts} reruns");

    println!("\n gen  games  positions (reference)  steps  gate  eval");
    for (g, t) in got.iter().enumerate() {
        let reference = expected.get(g).map_or("-".into(), |e| e.positions.to_string());
        println!("{g:>4} {:>6} {:>10} {:>11}  {:>5} {:>5}  {:?}", t.games, t.positions, reference, t.steps, t.gate_games, t.eval_games);
    }
    for (g, (t, e)) in got.iter().zip(&expected).enumerate() {
        // Games, training steps and arena games are fixed by the config. The positions are
        // not compared: which games share a shard depends on the workers' timing, and
        // training reads shards in name order, so even two uninterrupted runs of one seed
        // differ after their first training.
        assert_eq!(t.games, GAMES, "gen {g}");
        assert_eq!(t.steps, STEPS, "gen {g}");
        assert_eq!(t.gate_games, GATE_GAMES, "gen {g}");
        // The baselines, and the generation before from generation 1 on (`eval_chain`).
        assert_eq!(t.eval_games, vec![EVAL_GAMES; if g > 0 { 3 } else { 2 }], "gen {g}");
        assert_eq!((t.games, t.steps, t.gate_games, &t.eval_games), (e.games, e.steps, e.gate_games, &e.eval_games), "gen {g} against the reference");
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
    for kind in [Kind::Selfplay, Kind::Train, Kind::Gate, Kind::Eval, Kind::Report] {
        assert!(hit.contains(&kind), "no kill landed during {}", kind.name());
    }
    let _ = fs::remove_dir_all(&ref_dir);
    let _ = fs::remove_dir_all(&dir);
}

/// The steps of the loop, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// The baselines' round robin at the first start.
    Baselines,
    Selfplay,
    Train,
    Gate,
    Eval,
    /// Rebuilding the report after a generation (and at the end of the run).
    Report,
}

/// The steps of a generation; the first four leave a marker `gen-NNNN/<name>.json`.
const GENERATION_KINDS: [Kind; 5] = [Kind::Selfplay, Kind::Train, Kind::Gate, Kind::Eval, Kind::Report];

impl Kind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Baselines => "baselines",
            Kind::Selfplay => "selfplay",
            Kind::Train => "train",
            Kind::Gate => "gate",
            Kind::Eval => "eval",
            Kind::Report => "report",
        }
    }
}

/// A step of one generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stage {
    pub(crate) kind: Kind,
    pub(crate) g: u32,
}

impl Stage {
    /// The stage's place in the run: stages run in this order.
    pub(crate) fn position(self) -> u32 {
        match self.kind {
            Kind::Baselines => 0,
            kind => {
                let i = GENERATION_KINDS.iter().position(|&k| k == kind).unwrap() as u32;
                1 + 5 * self.g + i
            }
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Baselines => write!(f, "baselines"),
            kind => write!(f, "{} {}", kind.name(), self.g),
        }
    }
}

fn gen_dir(run: &Path, g: u32) -> PathBuf {
    run.join(format!("gen-{g:04}"))
}

/// The step the loop is in (or was in when it was killed), from the markers: the first step
/// without its marker. After a generation's last marker and before the next generation's
/// directory exists, the loop is rebuilding the report.
fn stage_of(run: &Path, generations: u32) -> Stage {
    if !run.join("baselines/results.json").exists() {
        return Stage { kind: Kind::Baselines, g: 0 };
    }
    for g in 0..generations {
        for (i, &kind) in GENERATION_KINDS[..4].iter().enumerate() {
            if !gen_dir(run, g).join(format!("{}.json", kind.name())).exists() {
                if i == 0 && g > 0 && !gen_dir(run, g).exists() {
                    return Stage { kind: Kind::Report, g: g - 1 };
                }
                return Stage { kind, g };
            }
        }
    }
    Stage { kind: Kind::Report, g: generations - 1 }
}

/// Every file under the run directory (relative path) with its identity: inode and
/// modification time, so that a file renamed over an older one counts as new.
type Listing = BTreeMap<PathBuf, (u64, i64, i64)>;

fn listing(run: &Path) -> Listing {
    let mut out = Listing::new();
    let mut stack = vec![run.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            // A temporary may be renamed between reading the directory and looking at it.
            let Ok(m) = fs::metadata(&path) else {
                continue;
            };
            if m.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(run).unwrap().to_path_buf();
                out.insert(rel, (m.ino(), m.mtime(), m.mtime_nsec()));
            }
        }
    }
    out
}

/// A file that exists only while a write is under way: a temporary name, or the
/// checkpoint journal (present only between a checkpoint's staging and its renames).
fn is_tmp(path: &Path) -> bool {
    path.to_string_lossy().ends_with(".tmp") || path.file_name().is_some_and(|n| n == "checkpoint.commit")
}

fn temporaries(l: &Listing) -> BTreeSet<PathBuf> {
    l.keys().filter(|p| is_tmp(p)).cloned().collect()
}

/// The stages that files written between two listings show at work: a new shard (self-play),
/// a new checkpoint record or trainer config (training), and the markers of training (the
/// gate starts), of the gate (the evaluation starts) and of the evaluation (the report is
/// rebuilt).
fn events(prev: &Listing, cur: &Listing) -> Vec<Stage> {
    let mut out = Vec::new();
    for (rel, id) in cur {
        if is_tmp(rel) || prev.get(rel) == Some(id) {
            continue;
        }
        let parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
        let Some(g) = parts[0].strip_prefix("gen-").and_then(|n| n.parse::<u32>().ok()) else {
            continue;
        };
        let second = parts.get(1).map(String::as_str);
        let third = parts.get(2).map(String::as_str);
        let kind = match (parts.len(), second, third) {
            (3, Some("selfplay"), _) => Kind::Selfplay,
            (3, Some("train"), Some("train-state.json" | "config.toml")) => Kind::Train,
            (2, Some("train.json"), _) => Kind::Gate,
            (2, Some("gate.json"), _) => Kind::Eval,
            (2, Some("eval.json"), _) => Kind::Report,
            _ => continue,
        };
        out.push(Stage { kind, g });
    }
    out.sort_by_key(|s| s.position());
    out
}

/// A small seeded generator (SplitMix64): the kill plan is the same on every machine.
struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 1..=n.
    pub(crate) fn one_to(&mut self, n: u64) -> u64 {
        1 + self.next() % n
    }
}

/// How a kill picks its moment once its step is seen at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// A random share of the step's typical duration later.
    Delay,
    /// As soon as the n-th new temporary file appears (a write under way), or after the
    /// step's typical duration.
    AtWrite,
}

/// One planned kill.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// The earliest stage to kill in.
    pub(crate) target: Stage,
    pub(crate) mode: Mode,
    /// The share of the typical duration to wait ([`Mode::Delay`]).
    pub(crate) fraction: f64,
    /// Which of the files showing a stage at or after the target arms the kill.
    pub(crate) nth_event: u64,
    /// Which new temporary file fires the kill ([`Mode::AtWrite`]).
    pub(crate) nth_tmp: u64,
}

/// The targets of the kills, in order: the baselines at the first start, then every step of
/// generations 0 to 2 and the first four of generation 3, so that the run has room left after
/// the last kill.
fn targets() -> Vec<Stage> {
    let mut out = vec![Stage { kind: Kind::Baselines, g: 0 }];
    for g in 0..4 {
        for kind in GENERATION_KINDS {
            out.push(Stage { kind, g });
        }
    }
    out.truncate(KILLS);
    out
}

fn plan(rng: &mut SplitMix, target: Stage) -> Plan {
    // The report is rebuilt in milliseconds, less than a delay's spread: a kill aimed at it
    // fires at one of its writes.
    let mode = if rng.unit() < 1.0 / 3.0 || target.kind == Kind::Report { Mode::AtWrite } else { Mode::Delay };
    let fraction = rng.unit();
    let nth_event = rng.one_to(3);
    let nth_tmp = rng.one_to(3);
    Plan {
        target,
        mode,
        fraction,
        // Self-play and training write many files; the later steps one each.
        nth_event: if matches!(target.kind, Kind::Selfplay | Kind::Train) { nth_event } else { 1 },
        nth_tmp,
    }
}

/// The typical time between two files of a stage: a stage's duration in the reference run,
/// per shard for self-play and per checkpoint for training.
fn typical(durations: &BTreeMap<Kind, Vec<Duration>>, kind: Kind) -> Duration {
    let mean = durations.get(&kind).filter(|d| !d.is_empty()).map_or(Duration::from_millis(20), |d| d.iter().sum::<Duration>() / d.len() as u32);
    let per = match kind {
        Kind::Selfplay => (GAMES / GAMES_PER_SHARD) as u32,
        Kind::Train => (STEPS / CHECKPOINT_EVERY) as u32,
        _ => 1,
    };
    (mean / per).max(Duration::from_millis(2))
}

/// What one generation of a finished run adds up to.
#[derive(Clone, Debug, PartialEq)]
struct Totals {
    pub(crate) games: u64,
    pub(crate) positions: u64,
    pub(crate) steps: u64,
    pub(crate) gate_games: u64,
    pub(crate) eval_games: Vec<u64>,
}
