//! The loop as library calls: steps in order through the observer, markers, resume, the
//! deadline, and a rerun refused when its config or seed differs from the run's own.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use mankala_pipeline::{Error, Layout, LoopOptions, OpenOptions, Progress, Run, Silent, Step, StepRecord, run_generations};

/// A fresh directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pipeline-run-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A Kalah loop config with every count shrunk; `eval_games` 0 leaves out the baselines.
fn tiny_config(dir: &Path, eval_games: u32) -> PathBuf {
    let path = dir.join("tiny.toml");
    let text = format!(
        "variant = \"kalah\"\n\
         [search]\nsimulations = 8\n\
         [selfplay]\ngames_per_worker = 2\ngames_per_shard = 2\n\
         [network]\nwidth = 8\nblocks = 1\nvalue_width = 4\n\
         [train]\nsteps = 4\nbatch_size = 8\nshuffle_buffer = 16\ncheckpoint_every = 2\nvalidation_rows = 8\n\
         [loop]\ngenerations = 2\ngames = 2\ngate_games = 2\neval_games = {eval_games}\n\
         baselines = [\"random\", \"greedy\"]\nopening_plies = 1\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn open(dir: &Path, config: Option<&Path>, seed: Option<u64>) -> Result<Run, Error> {
    Run::open(&OpenOptions { dir, config, seed, threads: 1 })
}

/// Records the finished steps and the tasks begun.
#[derive(Default)]
struct Recorder {
    steps: Mutex<Vec<(u32, Step)>>,
    tasks: Mutex<Vec<String>>,
}

impl Progress for Recorder {
    fn begin(&self, label: &str, _unit: &str, _total: u64, _done: u64) {
        self.tasks.lock().unwrap().push(label.to_string());
    }

    fn step(&self, generation: u32, record: &StepRecord) {
        let step = match record {
            StepRecord::Selfplay(_) => Step::Selfplay,
            StepRecord::Train(_) => Step::Train,
            StepRecord::Gate(_) => Step::Gate,
            StepRecord::Eval(_) => Step::Eval,
        };
        self.steps.lock().unwrap().push((generation, step));
    }
}

#[test]
fn every_step_runs_once_in_order_and_a_rerun_redoes_nothing() {
    let dir = temp_dir("order");
    let config = tiny_config(&dir, 2);
    let run_dir = dir.join("run");
    let run = open(&run_dir, Some(&config), Some(7)).unwrap();
    let recorder = Recorder::default();
    let opts = LoopOptions::default();
    let outcome = run_generations(&run, &opts, &recorder).unwrap();
    assert!(!outcome.stopped);
    let want: Vec<(u32, Step)> = (0..2).flat_map(|g| Step::ALL.map(|s| (g, s))).collect();
    assert_eq!(*recorder.steps.lock().unwrap(), want);
    let tasks = recorder.tasks.lock().unwrap().clone();
    assert_eq!(tasks[0], "baselines", "{tasks:?}");
    assert!(tasks.contains(&"gen 1 train".to_string()), "{tasks:?}");
    let layout = Layout::new(&run_dir);
    for g in 0..2 {
        for step in Step::ALL {
            assert!(layout.marker(g, step).exists(), "{g} {step:?}");
        }
    }
    assert!(layout.baselines_marker().exists());
    assert!(outcome.report.exists());
    assert!(outcome.summary.contains("gen-1 against the baselines and gen-0"), "{}", outcome.summary);
    // Each evaluation after the first also plays the generation evaluated before it, so
    // that the ratings chain the generations; every step records its CPU time.
    let read = |g: u32, step: Step| -> serde_json::Value { serde_json::from_str(&std::fs::read_to_string(layout.marker(g, step)).unwrap()).unwrap() };
    let opponents =
        |g: u32| -> Vec<String> { read(g, Step::Eval)["results"].as_array().unwrap().iter().map(|r| r["b"].as_str().unwrap().to_string()).collect() };
    assert_eq!(opponents(0), ["random", "greedy"]);
    assert_eq!(opponents(1), ["gen-0", "random", "greedy"]);
    for g in 0..2 {
        for step in [Step::Selfplay, Step::Train, Step::Eval] {
            // Tiny steps may take less than the clock's hundredth of a second.
            let cpu = read(g, step)["cpu_seconds"].as_f64();
            assert!(cpu.is_some_and(|c| c >= 0.0), "gen {g} {step:?}: cpu_seconds {cpu:?}");
        }
    }
    let report = std::fs::read_to_string(&outcome.report).unwrap();
    assert!(report.contains("- CPU in steps: "), "{report}");
    assert!(report.contains("each evaluated generation also against the one evaluated before it"));
    // The last network's gain on the first, from the chained games, with its interval.
    assert!(report.contains("- gen-1 (") && report.contains(" min) against gen-0 (the first, "), "{report}");
    assert!(outcome.summary.contains("gain:\n  gen-1 ("), "{}", outcome.summary);

    // Reopened without a config or seed: the run's own; nothing left to do.
    let again = open(&run_dir, None, None).unwrap();
    assert_eq!(again.seed(), 7);
    assert_eq!(again.record.resumed_with.len(), 1);
    let recorder = Recorder::default();
    run_generations(&again, &opts, &recorder).unwrap();
    assert!(recorder.steps.lock().unwrap().is_empty());
    assert!(recorder.tasks.lock().unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_passed_deadline_starts_no_step_and_one_step_runs_alone() {
    let dir = temp_dir("deadline");
    let config = tiny_config(&dir, 0);
    let run_dir = dir.join("run");
    let run = open(&run_dir, Some(&config), Some(1)).unwrap();
    let opts = LoopOptions { deadline: Some(Instant::now()) };
    let outcome = run_generations(&run, &opts, &Silent).unwrap();
    assert!(outcome.stopped);
    assert!(!run.is_done(0, Step::Selfplay));
    assert!(outcome.report.exists(), "the report is written all the same");

    // A worker owning one step runs it alone; its marker says it is done.
    let record = run.run_step(0, Step::Selfplay, &Silent).unwrap();
    let StepRecord::Selfplay(done) = record else {
        panic!("not a self-play record: {record:?}");
    };
    assert_eq!(done.games, 2);
    assert!(run.is_done(0, Step::Selfplay));
    assert!(!run.is_done(0, Step::Train));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Records the tasks begun: label, total and done.
#[derive(Default)]
struct Tasks(Mutex<Vec<(String, u64, u64)>>);

impl Progress for Tasks {
    fn begin(&self, label: &str, _unit: &str, total: u64, done: u64) {
        self.0.lock().unwrap().push((label.to_string(), total, done));
    }
}

#[test]
fn an_evaluation_killed_half_way_keeps_its_journaled_games_and_plays_only_the_rest() {
    let dir = temp_dir("eval-journal");
    let config = tiny_config(&dir, 2);
    let run = open(&dir.join("run"), Some(&config), Some(7)).unwrap();
    for step in Step::ALL {
        run.run_step(0, step, &Silent).unwrap();
    }
    let eval = run.layout.generation(0).join("eval");
    let games = eval.join("games.jsonl");
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&games).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4, "2 games against each of 2 baselines");
    // As a loop killed after two games of the evaluation leaves it: no games.jsonl, the two
    // games in its journal. The first is marked (its scores) so that the games.jsonl the
    // step writes shows whether it was kept or played again.
    let mut kept = lines[..2].to_vec();
    kept[0]["scores"] = serde_json::json!([99, 99]);
    let journal = eval.join("games.partial.jsonl");
    let text: String = kept.iter().map(|v| format!("{v}\n")).collect();
    std::fs::write(&journal, &text).unwrap();
    std::fs::remove_file(&games).unwrap();
    let tasks = Tasks::default();
    run.run_step(0, Step::Eval, &tasks).unwrap();
    assert_eq!(*tasks.0.lock().unwrap(), [("gen 0 vs baselines".to_string(), 4, 2)], "two games left of four");
    let after: Vec<serde_json::Value> = std::fs::read_to_string(&games).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(after.len(), 4);
    assert_eq!(after[0]["scores"], serde_json::json!([99, 99]), "the journaled game is kept");
    let index = |v: &Vec<serde_json::Value>| v.iter().map(|g| g["index"].as_u64().unwrap()).collect::<Vec<_>>();
    assert_eq!(index(&after), index(&lines));
    assert!(!journal.exists(), "the journal is gone once games.jsonl holds every game");

    // A journaled game of other agents (as the run's networks are named by another path
    // when it is opened from another folder) is played again, not mixed in.
    let mut other = after[0].clone();
    other["south"] = serde_json::json!("alphabeta:depth=2");
    std::fs::write(&journal, format!("{other}\n")).unwrap();
    let tasks = Tasks::default();
    run.run_step(0, Step::Eval, &tasks).unwrap();
    assert_eq!(*tasks.0.lock().unwrap(), [("gen 0 vs baselines".to_string(), 4, 0)]);
    let again: Vec<serde_json::Value> = std::fs::read_to_string(&games).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(index(&again), index(&lines));
    assert!(again.iter().all(|g| g["south"] != "alphabeta:depth=2" && g["scores"] != serde_json::json!([99, 99])), "{again:?}");

    // A journal that cannot be read (a line garbled) is removed and its games played again.
    std::fs::write(&journal, format!("{}\nnot a game\n", kept[0])).unwrap();
    let tasks = Tasks::default();
    run.run_step(0, Step::Eval, &tasks).unwrap();
    assert_eq!(*tasks.0.lock().unwrap(), [("gen 0 vs baselines".to_string(), 4, 0)]);
    assert!(!journal.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rerun_with_another_config_or_seed_is_refused_by_name() {
    let dir = temp_dir("refused");
    let config = tiny_config(&dir, 0);
    let run_dir = dir.join("run");
    open(&run_dir, Some(&config), Some(5)).unwrap();

    let e = open(&run_dir, None, Some(6)).unwrap_err();
    assert!(matches!(e, Error::SeedChanged { given: 6, recorded: 5, .. }), "{e}");
    assert!(e.to_string().starts_with("--seed 6: run "), "{e}");

    let other = dir.join("other.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&other, text.replace("simulations = 8", "simulations = 9")).unwrap();
    let e = open(&run_dir, Some(&other), None).unwrap_err();
    assert!(matches!(e, Error::ConfigChanged { .. }), "{e}");
    assert!(e.to_string().contains("another config"), "{e}");

    // More generations are allowed: a run can be extended; not under another seed, which
    // leaves the run's config as it was.
    std::fs::write(&other, text.replace("generations = 2", "generations = 5")).unwrap();
    let saved = std::fs::read_to_string(run_dir.join("config.toml")).unwrap();
    let e = open(&run_dir, Some(&other), Some(6)).unwrap_err();
    assert!(matches!(e, Error::SeedChanged { .. }), "{e}");
    assert_eq!(std::fs::read_to_string(run_dir.join("config.toml")).unwrap(), saved);
    let run = open(&run_dir, Some(&other), None).unwrap();
    assert_eq!(run.cfg.loop_.generations, 5);
    assert_eq!(run.generations(), 5);
    // The run's config.toml holds the new number: a rerun without a config goes to it too.
    let saved = std::fs::read_to_string(run_dir.join("config.toml")).unwrap();
    assert!(saved.contains("generations = 5"), "{saved}");
    let rerun = open(&run_dir, None, None).unwrap();
    assert_eq!(rerun.cfg.loop_.generations, 5);
    assert_eq!(rerun.cfg.to_toml(), run.cfg.to_toml());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The tasks of both lanes: the loop's own and the one beside it.
#[derive(Default)]
struct TwoLanes {
    main: Recorder,
    side: Recorder,
}

impl Progress for TwoLanes {
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        self.main.begin(label, unit, total, done);
    }

    fn step(&self, generation: u32, record: &StepRecord) {
        self.main.step(generation, record);
    }

    fn beside(&self) -> &dyn Progress {
        &self.side
    }
}

#[test]
fn overlapped_selfplay_plays_beside_the_training_with_the_network_before() {
    let dir = temp_dir("overlap");
    let config = tiny_config(&dir, 0);
    let text = std::fs::read_to_string(&config).unwrap();
    // `[loop]` is the config's last table.
    std::fs::write(&config, format!("{text}overlap = true\ngate = \"always\"\n")).unwrap();
    let run_dir = dir.join("run");
    let run = open(&run_dir, Some(&config), Some(3)).unwrap().with_generations(4);
    let lanes = TwoLanes::default();
    let opts = LoopOptions::default();
    let outcome = run_generations(&run, &opts, &lanes).unwrap();
    assert!(!outcome.stopped);

    // Steps finish and are reported in the loop's order in series.
    let want: Vec<(u32, Step)> = (0..4).flat_map(|g| Step::ALL.map(|s| (g, s))).collect();
    assert_eq!(*lanes.main.steps.lock().unwrap(), want);
    // Generation 0's self-play runs alone; the others beside the generation before, each
    // with the network promoted before that one.
    let tasks = lanes.main.tasks.lock().unwrap().clone();
    assert!(tasks.contains(&"gen 0 self-play (rollout)".to_string()), "{tasks:?}");
    assert!(!tasks.iter().any(|t| t.starts_with("gen 1 self-play")), "{tasks:?}");
    assert_eq!(*lanes.side.tasks.lock().unwrap(), ["gen 1 self-play (rollout)", "gen 2 self-play (gen-0)", "gen 3 self-play (gen-1)"]);
    let layout = Layout::new(&run_dir);
    let read = |g: u32| -> serde_json::Value { serde_json::from_str(&std::fs::read_to_string(layout.marker(g, Step::Selfplay)).unwrap()).unwrap() };
    assert!(read(0)["beside"].is_null() && read(0)["cpu_seconds"].as_f64().is_some());
    for g in 1..4 {
        let m = read(g);
        assert!(m["cpu_seconds"].is_null(), "gen {g}: {m}");
        let waited = m["beside"]["waited_seconds"].as_f64();
        assert!(waited.is_some_and(|w| w >= 0.0), "gen {g}: {m}");
        assert_eq!(m["games"], 2, "gen {g}: {m}");
    }
    let report = std::fs::read_to_string(&outcome.report).unwrap();
    assert!(report.contains("- self-play overlapped (`[loop] overlap`)"), "{report}");
    assert!(report.contains("self-play counts only the waits for it"), "{report}");

    // A run stopped after two generations and extended to four plays the same networks:
    // the third generation's self-play, left unplayed, runs beside nothing.
    let dir2 = dir.join("stopped");
    let stopped = open(&dir2, Some(&config), Some(3)).unwrap();
    // The config's 2 generations.
    run_generations(&stopped, &opts, &Silent).unwrap();
    assert!(!stopped.is_done(2, Step::Selfplay));
    let stopped = stopped.with_generations(4);
    run_generations(&stopped, &opts, &Silent).unwrap();
    let evaluators = |layout: &Layout| -> Vec<String> {
        (0..4)
            .map(|g| {
                let m: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(layout.marker(g, Step::Selfplay)).unwrap()).unwrap();
                m["evaluator"].as_str().unwrap().to_string()
            })
            .collect()
    };
    assert_eq!(evaluators(&layout), ["rollout", "rollout", "gen-0", "gen-1"]);
    assert_eq!(evaluators(&Layout::new(&dir2)), evaluators(&layout));

    // A rerun redoes nothing.
    let lanes = TwoLanes::default();
    run_generations(&run, &opts, &lanes).unwrap();
    assert!(lanes.main.steps.lock().unwrap().is_empty());
    assert!(lanes.side.tasks.lock().unwrap().is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}
