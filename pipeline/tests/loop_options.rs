//! The loop's options take effect: the promotion rule (`[loop] gate`), one learning-rate
//! schedule over the run (`[train] schedule_span`), the optimizer kept across generations
//! (`[train] keep_optimizer`), playout cap randomization (`[selfplay] full_search_prob`),
//! the baselines every N-th generation (`[loop] eval_every`), a network that grows with
//! the run (`[[loop.grow]]`) and reanalysis (`[train] reanalyse`).

use std::path::{Path, PathBuf};

use mankala_config::TrainConfig;
use mankala_pipeline::{LoopOptions, OpenOptions, Run, Silent, run_generations};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pipeline-options-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A two-generation Kalah loop with every count shrunk, plus extra lines in `[train]` and
/// `[loop]`.
fn run_tiny(dir: &Path, train: &str, lp: &str) -> Run {
    run_tiny_with(dir, "", train, lp)
}

/// The loop config of [`run_tiny`] with extra lines in `[selfplay]`, `[train]` and `[loop]`.
fn tiny_config(dir: &Path, selfplay: &str, train: &str, lp: &str) -> PathBuf {
    let path = dir.join("tiny.toml");
    let text = format!(
        "variant = \"kalah\"\n\
         [search]\nsimulations = 8\n\
         [selfplay]\ngames_per_worker = 2\ngames_per_shard = 2\n{selfplay}\n\
         [network]\nwidth = 8\nblocks = 1\nvalue_width = 4\n\
         [train]\nsteps = 4\nbatch_size = 8\nshuffle_buffer = 16\ncheckpoint_every = 1\n\
         validation_rows = 8\nwarmup_steps = 2\n{train}\n\
         [loop]\ngenerations = 2\ngames = 2\ngate_games = 2\neval_games = 0\n\
         opening_plies = 1\n{lp}\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// [`run_tiny`] with extra lines in `[selfplay]` too.
fn run_tiny_with(dir: &Path, selfplay: &str, train: &str, lp: &str) -> Run {
    run_two(dir, &tiny_config(dir, selfplay, train, lp))
}

/// Opens `dir/run` with the config at `path` and plays two generations.
fn run_two(dir: &Path, path: &Path) -> Run {
    let run = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(path), seed: Some(7), threads: 1 }).unwrap();
    assert_eq!(run.generations(), 2, "the config's [loop] generations");
    run_generations(&run, &LoopOptions::default(), &Silent).unwrap();
    run
}

/// Drives the run in `run`'s directory, opened again with its own config, to `generations`
/// generations in all (as `mankala loop --generations` does).
fn upto(run: &Run, generations: u32) {
    let again = Run::open(&OpenOptions { dir: &run.layout.root, config: None, seed: None, threads: run.threads }).unwrap();
    run_generations(&again.with_generations(generations), &LoopOptions::default(), &Silent).unwrap();
}

/// The error, with its causes, of opening `dir/run` with the config at `path`.
fn open_error(dir: &Path, path: &Path) -> String {
    let e = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(path), seed: Some(7), threads: 1 }).unwrap_err();
    let mut text = e.to_string();
    let mut cause = std::error::Error::source(&e);
    while let Some(c) = cause {
        text = format!("{text}: {c}");
        cause = c.source();
    }
    text
}

fn gate_json(run: &Run, g: u32) -> serde_json::Value {
    let path = run.layout.generation(g).join("gate.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The learning rates of a generation's `metrics.csv`, one per step.
fn rates(run: &Run, g: u32) -> Vec<f64> {
    let text = std::fs::read_to_string(run.layout.train(g).join("metrics.csv")).unwrap();
    text.lines().skip(1).map(|l| l.split(',').nth(2).unwrap().parse().unwrap()).collect()
}

#[test]
fn gate_always_promotes_without_games_and_collapse_plays_them() {
    let dir = temp_dir("gate");
    let run = run_tiny(&dir, "", "gate = \"always\"");
    for g in 0..2 {
        assert_eq!(gate_json(&run, g)["promoted"], true);
        assert!(!run.layout.generation(g).join("gate").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
    // A floor of 0 can refuse nothing, but the games are played and recorded.
    let dir = temp_dir("collapse");
    let run = run_tiny(&dir, "", "gate = \"collapse\"\ngate_floor = 0.0");
    for g in 0..2 {
        let gate = gate_json(&run, g);
        assert_eq!(gate["promoted"], true);
        let played = gate["wins"].as_u64().unwrap() + gate["draws"].as_u64().unwrap() + gate["losses"].as_u64().unwrap();
        assert_eq!(played, 2);
        assert!(run.layout.generation(g).join("gate/games.jsonl").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_long_schedule_warms_up_once_and_continues_across_generations() {
    let tc = TrainConfig { steps: 4, warmup_steps: 2, ..TrainConfig::default() };
    let dir = temp_dir("span-generation");
    let run = run_tiny(&dir, "", "");
    let restart: Vec<f64> = (0..4).map(|s| tc.learning_rate_at(s, 4)).collect();
    for g in 0..2 {
        let r = rates(&run, g);
        assert_eq!(r.len(), 4);
        for (got, want) in r.iter().zip(&restart) {
            assert!((got - want).abs() < 2e-6, "gen {g}: {r:?} != {restart:?}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    let dir = temp_dir("span-run");
    let run = run_tiny(&dir, "schedule_span = \"run\"\nkeep_optimizer = true", "");
    let whole: Vec<f64> = (0..8).map(|s| tc.learning_rate_at(s, 8)).collect();
    let got: Vec<f64> = [rates(&run, 0), rates(&run, 1)].concat();
    assert_eq!(got.len(), 8);
    for (got_lr, want) in got.iter().zip(&whole) {
        assert!((got_lr - want).abs() < 2e-6, "{got:?} != {whole:?}");
    }
    assert!(got[4] < got[3], "no warm-up again in generation 1: {got:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rows of generation `g`'s shards: (full searches, fast searches), each checked for its
/// simulation count.
fn searches(run: &Run, g: u32, full_sims: u32, fast_sims: u32) -> (usize, usize) {
    let (mut full, mut fast) = (0, 0);
    for entry in std::fs::read_dir(run.layout.shards(g)).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "parquet") {
            continue;
        }
        let (_, rows) = mankala_data::read_shard(&path).unwrap();
        for r in rows {
            if r.full_search {
                assert_eq!(r.simulations, full_sims, "{}", path.display());
                full += 1;
            } else {
                assert_eq!(r.simulations, fast_sims, "{}", path.display());
                fast += 1;
            }
        }
    }
    (full, fast)
}

#[test]
fn playout_cap_randomization_records_a_share_of_full_searches() {
    let dir = temp_dir("pcr-off");
    let run = run_tiny(&dir, "", "");
    let (full, fast) = searches(&run, 0, 8, 0);
    assert!(full > 0 && fast == 0, "full {full}, fast {fast}");
    let _ = std::fs::remove_dir_all(&dir);

    let dir = temp_dir("pcr");
    let run = run_tiny_with(&dir, "full_search_prob = 0.25\nfast_simulations = 2", "", "");
    let (mut full, mut fast) = (0, 0);
    for g in 0..2 {
        let (a, b) = searches(&run, g, 8, 2);
        full += a;
        fast += b;
    }
    // Only the full searches are policy targets; about a quarter of the moves.
    let share = full as f64 / (full + fast) as f64;
    assert!((0.1..0.45).contains(&share), "full {full}, fast {fast}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_search_share_out_of_range_is_refused_by_name() {
    let dir = temp_dir("pcr-bad");
    let path = tiny_config(&dir, "full_search_prob = 1.5", "", "");
    // The error names the file; its cause the table, key, value and range.
    let text = open_error(&dir, &path);
    assert!(text.contains("tiny.toml"), "{text}");
    let e = text;
    assert!(e.contains("[selfplay] full_search_prob = 1.5: expected 0 to 1"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run of 6 generations in `dir` whose baselines (`random`, `greedy`, 2 games each) are
/// played every third generation.
fn baselines_every_third(dir: &Path) -> Run {
    let path = tiny_config(dir, "", "", "");
    let text = std::fs::read_to_string(&path).unwrap();
    let text =
        text.replace("eval_games = 0", "eval_games = 2\neval_every = 3\nbaselines = [\"random\", \"greedy\"]").replace("generations = 2", "generations = 6");
    std::fs::write(&path, text).unwrap();
    Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 1 }).unwrap()
}

/// Whom generation `g` of `run` met in its evaluation: the generation it is chained to
/// (`eval_chain`), then the baselines.
fn opponents(run: &Run, g: u32) -> Vec<String> {
    let path = run.layout.marker(g, mankala_pipeline::Step::Eval);
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    v["results"].as_array().unwrap().iter().map(|r| r["b"].as_str().unwrap().to_string()).collect()
}

#[test]
fn eval_every_plays_the_baselines_only_in_its_generations_and_the_newest() {
    let dir = temp_dir("eval-every");
    // A config of 6 generations (its last, 5, would play them), driven to 3 and then to 4 as
    // `mankala loop --generations` drives it.
    let run = baselines_every_third(&dir);
    let results = |g: u32| opponents(&run, g);
    let games = |g: u32| run.layout.generation(g).join("eval/games.jsonl").exists();
    upto(&run, 3);
    // Generation 0 is a multiple of 3 and meets both baselines; generation 1 is neither a
    // multiple nor the loop's last and meets none; generation 2, the loop's last, meets them,
    // and generation 0, the one evaluated before it.
    assert_eq!(results(0), ["random", "greedy"]);
    assert!(results(1).is_empty());
    assert_eq!(results(2), ["gen-0", "random", "greedy"]);
    assert!(games(0) && !games(1) && games(2));
    // Continued by one generation: 3 is a multiple, chained to 0; 2 keeps its results.
    upto(&run, 4);
    assert_eq!(results(2), ["gen-0", "random", "greedy"]);
    assert_eq!(results(3), ["gen-0", "random", "greedy"]);
    // Generation 4 finished by a loop of the config's 6, where it skips them (no multiple, not
    // the last); a rerun to 5 finds nothing to do and still measures its newest network.
    for step in mankala_pipeline::Step::ALL {
        run.run_step(4, step, &Silent).unwrap();
    }
    assert!(results(4).is_empty());
    upto(&run, 5);
    assert_eq!(results(4), ["gen-3", "random", "greedy"], "the newest finished generation meets the baselines");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_given_more_generations_than_its_config_evaluates_its_own_last_not_the_configs() {
    let dir = temp_dir("eval-extended");
    // A config of 2 generations (its last, 1, would play the baselines), run to 3 as
    // `mankala loop --generations 3` runs it.
    let path = tiny_config(&dir, "", "", "");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("eval_games = 0", "eval_games = 2\neval_every = 3\nbaselines = [\"random\"]")).unwrap();
    let run = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 1 }).unwrap().with_generations(3);
    run_generations(&run, &LoopOptions::default(), &Silent).unwrap();
    assert_eq!(opponents(&run, 0), ["random"]);
    assert!(opponents(&run, 1).is_empty(), "the config's last generation is not the run's");
    assert_eq!(opponents(&run, 2), ["gen-0", "random"]);
    // The run's config.toml keeps the config's own number.
    assert_eq!(mankala_config::load(&run.layout.config()).unwrap().loop_.generations, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deadline_halfway_through_a_generation_still_measures_the_newest_finished_network() {
    let dir = temp_dir("eval-deadline");
    let run = baselines_every_third(&dir);
    // Generations 0 to 4 finished step by step (4 is no multiple of 3, so it skipped the
    // baselines), then the self-play of generation 5 before the deadline.
    for g in 0..5 {
        for step in mankala_pipeline::Step::ALL {
            run.run_step(g, step, &Silent).unwrap();
        }
    }
    run.run_step(5, mankala_pipeline::Step::Selfplay, &Silent).unwrap();
    let results = |g: u32| opponents(&run, g).len();
    assert_eq!(results(4), 0);
    let outcome = run_generations(&run, &LoopOptions { deadline: Some(std::time::Instant::now()) }, &Silent).unwrap();
    assert!(outcome.stopped);
    assert_eq!(opponents(&run, 4), ["gen-3", "random", "greedy"], "the newest finished generation meets the baselines");
    assert!(outcome.summary.contains("gen-4 against the baselines and gen-3"), "{}", outcome.summary);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn eval_every_zero_is_refused_by_name() {
    let dir = temp_dir("eval-every-bad");
    let path = tiny_config(&dir, "", "", "eval_every = 0");
    let text = open_error(&dir, &path);
    assert!(text.contains("[loop] eval_every = 0: expected 1 to 100000"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_growth_trains_a_larger_network_from_scratch_and_the_run_continues_from_it() {
    let dir = temp_dir("grow");
    let path = tiny_config(
        &dir,
        "",
        "schedule_span = \"run\"\nkeep_optimizer = true",
        "gate = \"always\"\n\
         [[loop.grow]]\ngeneration = 1\nwidth = 16\nblocks = 2\nvalue_width = 8\nsteps = 6",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("generations = 2", "generations = 3")).unwrap();
    let open = |config: Option<&Path>| Run::open(&OpenOptions { dir: &dir.join("run"), config, seed: Some(7), threads: 1 }).unwrap();
    let run = open(Some(&path));
    let options = LoopOptions::default();
    run_generations(&run, &options, &Silent).unwrap();
    let network = |g: u32| {
        let n = mankala_models::file::read_meta(&run.layout.model(g)).unwrap().network;
        (n.width, n.blocks, n.value_width)
    };
    assert_eq!(network(0), (8, 1, 4));
    assert_eq!(network(1), (16, 2, 8));
    assert_eq!(network(2), (16, 2, 8), "generation 2 continues from the grown network");
    // The growth's own steps, on its own schedule (warm-up again), not the run-long one.
    let tc = TrainConfig { steps: 4, warmup_steps: 2, ..TrainConfig::default() };
    let own: Vec<f64> = (0..6).map(|s| tc.learning_rate_at(s, 6)).collect();
    let got = rates(&run, 1);
    assert_eq!(got.len(), 6);
    for (got_lr, want) in got.iter().zip(&own) {
        assert!((got_lr - want).abs() < 2e-6, "{got:?} != {own:?}");
    }
    assert_eq!(rates(&run, 2).len(), 4);
    // Generation 2's self-play played with the grown network.
    let selfplay: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(run.layout.marker(2, mankala_pipeline::Step::Selfplay)).unwrap()).unwrap();
    assert_eq!(selfplay["evaluator"], "gen-1");
    let report = std::fs::read_to_string(run.layout.report()).unwrap();
    assert!(
        report.contains("every network promoted without gate games, no baseline games")
            && report.contains("from generation 1: a 16x2 network (value head 8), trained from random weights for 6 steps"),
        "{report}"
    );
    // The resolved config of the run keeps the growth: a rerun without a config reads it.
    drop(run);
    let again = open(None);
    assert_eq!(again.cfg.loop_.grow.len(), 1);
    assert_eq!(again.cfg.loop_.grow[0].width, 16);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_score_head_is_trained_in_every_generation_and_searched_with_by_score_mix() {
    let dir = temp_dir("score");
    let path = tiny_config(&dir, "", "", "gate = \"always\"");
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text.replace("[search]\n", "[search]\nscore_mix = 0.5\n").replace("[network]\n", "[network]\nscore_head = true\nscore_scale = 4.0\n");
    std::fs::write(&path, text.replace("generations = 2", "generations = 3")).unwrap();
    // Two threads: each training step's batch is split in two, generations 1 and 2 from the
    // model file of the one before.
    let run = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 2 }).unwrap();
    run_generations(&run, &LoopOptions::default(), &Silent).unwrap();
    let record: mankala_pipeline::records::RunRecord = serde_json::from_str(&std::fs::read_to_string(run.layout.record()).unwrap()).unwrap();
    assert_eq!((record.threads, record.resumed_threads.len()), (2, 0), "the run records its threads");
    for g in 0..3 {
        let meta = mankala_models::file::read_meta(&run.layout.model(g)).unwrap();
        assert!(meta.network.score_head && meta.network.score_scale == 4.0, "{g}");
        let train: mankala_pipeline::TrainDone =
            serde_json::from_str(&std::fs::read_to_string(run.layout.marker(g, mankala_pipeline::Step::Train)).unwrap()).unwrap();
        assert!(train.score_loss.is_some_and(|l| l.is_finite() && l >= 0.0), "{g}: {train:?}");
        // Held out where the value is (too few games to hold any out here).
        assert_eq!(train.val_score_loss.is_some(), train.val_value_loss.is_some(), "{g}: {train:?}");
    }
    // Generation 2's self-play searched with generation 1's network and its score.
    let selfplay: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(run.layout.marker(2, mankala_pipeline::Step::Selfplay)).unwrap()).unwrap();
    assert_eq!(selfplay["evaluator"], "gen-1");
    let losses = std::fs::read_to_string(run.layout.report().with_file_name("losses.svg")).unwrap();
    assert!(losses.contains("score (validation)"), "the losses chart shows the score's");
    let _ = std::fs::remove_dir_all(&dir);

    // A config whose search mixes a score its network lacks is refused by name.
    let dir = temp_dir("score-refused");
    let path = tiny_config(&dir, "", "", "");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("[search]\n", "[search]\nscore_mix = 0.5\n")).unwrap();
    let e = open_error(&dir, &path);
    assert!(e.contains("[search] score_mix = 0.5") && e.contains("score_head"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_growth_out_of_order_is_refused_by_name() {
    let dir = temp_dir("grow-bad");
    let path = tiny_config(&dir, "", "", "[[loop.grow]]\ngeneration = 0\nwidth = 16\nblocks = 2\nsteps = 6");
    let text = open_error(&dir, &path);
    assert!(text.contains("tiny.toml"), "{text}");
    assert!(text.contains("[loop] grow[0].generation = 0: expected 1 to 100000"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_network_climbs_the_ladder_once_and_the_report_and_summary_say_how_strong_it_is() {
    let dir = temp_dir("ladder");
    let path = tiny_config(&dir, "", "", "ladder = [\"random\", \"greedy\", \"alphabeta:depth=2\", \"nn:model=no/such/model.bpk,sims=2\"]\nladder_games = 2");
    let run = run_two(&dir, &path);
    assert!(!run.layout.ladder(0).exists(), "only the last network climbs");
    let marker = run.layout.ladder(1).join("ladder.json");
    let record: mankala_pipeline::ladder::LadderRecord = serde_json::from_str(&std::fs::read_to_string(&marker).unwrap()).unwrap();
    assert_eq!(record.agent, "gen-1");
    // A kept network that is not there is left out of the ladder.
    assert_eq!(record.ladder, ["random", "greedy", "alphabeta:depth=2"]);
    // Three rungs: the middle one first, then one of the others (binary search).
    assert_eq!(record.played.len(), 2, "{record:?}");
    assert_eq!(record.played[0].rung, "greedy");
    assert!(record.played.iter().all(|r| r.result.games() == 2.0));
    assert!(record.played.iter().any(|r| r.rung == record.nearest));
    let games = std::fs::read_to_string(run.layout.ladder(1).join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 4);
    let report = std::fs::read_to_string(run.layout.report()).unwrap();
    assert!(report.contains("## How strong the last network is") && report.contains("<- nearest 50%"), "{report}");

    // A rerun finds the marker and plays nothing again; its summary shows the climb.
    let before = std::fs::metadata(&marker).unwrap().modified().unwrap();
    let again = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 1 }).unwrap();
    let outcome = run_generations(&again, &LoopOptions::default(), &Silent).unwrap();
    assert_eq!(std::fs::metadata(&marker).unwrap().modified().unwrap(), before);
    assert!(outcome.summary.contains("gen-1 against the ladder"), "{}", outcome.summary);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_network_plays_at_each_simulation_count_once_and_the_report_shows_the_chart() {
    let dir = temp_dir("scaling");
    let path = tiny_config(&dir, "", "", "scaling = [2, 8]\nscaling_yardstick = \"greedy\"\nscaling_games = 2");
    let run = run_two(&dir, &path);
    assert!(!run.layout.scaling(0).exists(), "only the last network plays");
    let marker = run.layout.scaling(1).join("scaling.json");
    let record: mankala_pipeline::scaling::ScalingRecord = serde_json::from_str(&std::fs::read_to_string(&marker).unwrap()).unwrap();
    assert_eq!((record.network.as_str(), record.yardstick.as_str()), ("gen-1", "greedy"));
    let sims: Vec<u32> = record.points.iter().map(|p| p.simulations).collect();
    assert_eq!(sims, [2, 8]);
    assert!(record.points.iter().all(|p| p.result.games() == 2.0));
    let games = std::fs::read_to_string(run.layout.scaling(1).join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 4);
    assert!(std::fs::read_to_string(run.layout.scaling(1).join("scaling.svg")).unwrap().starts_with("<svg"));
    let report = std::fs::read_to_string(run.layout.report()).unwrap();
    assert!(report.contains("## What search adds") && report.contains("gen-0001/scaling/scaling.svg"), "{report}");
    let before = std::fs::metadata(&marker).unwrap().modified().unwrap();
    let again = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 1 }).unwrap();
    let outcome = run_generations(&again, &LoopOptions::default(), &Silent).unwrap();
    assert_eq!(std::fs::metadata(&marker).unwrap().modified().unwrap(), before);
    assert!(outcome.summary.contains("gen-1 against greedy, by simulations"), "{}", outcome.summary);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The rows of every shard of generation `g`, by file name.
fn shard_rows(run: &Run, g: u32) -> Vec<(String, Vec<mankala_data::Row>)> {
    let mut out: Vec<_> = mankala_data::list_shards(&run.layout.shards(g))
        .unwrap()
        .into_iter()
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), mankala_data::read_shard(&p).unwrap().1))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn reanalysis_searches_older_shards_again_with_the_newest_network_and_keeps_the_results() {
    let dir = temp_dir("reanalyse");
    let path = tiny_config(&dir, "fast_simulations = 2\nfull_search_prob = 0.5", "reanalyse = 1.0", "gate = \"always\"");
    // Four games a generation, two shards of two.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("\ngames = 2\n", "\ngames = 4\n")).unwrap();
    let run = Run::open(&OpenOptions { dir: &dir.join("run"), config: Some(&path), seed: Some(7), threads: 1 }).unwrap();
    upto(&run, 2);
    let train = |g: u32| -> mankala_pipeline::TrainDone {
        serde_json::from_str(&std::fs::read_to_string(run.layout.marker(g, mankala_pipeline::Step::Train)).unwrap()).unwrap()
    };
    // Generation 0 has no network to search with; generation 1's window holds only the
    // fixed validation games of generation 0 and its own.
    assert_eq!((train(0).reanalysed, train(1).reanalysed), (0, 0));
    assert!(!run.layout.reanalysed(1).exists());
    let before = shard_rows(&run, 1);
    let gen0 = shard_rows(&run, 0);
    upto(&run, 3);
    let record: mankala_pipeline::records::Reanalysed = serde_json::from_str(&std::fs::read_to_string(run.layout.reanalysed(2)).unwrap()).unwrap();
    assert_eq!(record.network, "gen-1", "searched with the network self-play of generation 2 played");
    assert!(!record.shards.is_empty() && record.shards.iter().all(|(g, _)| *g == 1), "{record:?}");
    let new_positions: u64 = shard_rows(&run, 2).iter().map(|(_, r)| r.len() as u64).sum();
    let last = record.shards.len() - 1;
    let counted = |k: usize| -> u64 {
        let names: Vec<&String> = record.shards[..k].iter().map(|(_, n)| n).collect();
        before.iter().filter(|(n, _)| names.contains(&n)).map(|(_, r)| r.iter().filter(|r| !r.side).count() as u64).sum()
    };
    assert_eq!(record.positions, counted(record.shards.len()), "every position on a game's path");
    assert!(
        counted(last) < new_positions && record.positions >= new_positions.min(counted(before.len())),
        "whole shards until the generation's {new_positions} new positions: {record:?}"
    );
    assert_eq!(train(2).reanalysed, record.positions);
    let after = shard_rows(&run, 1);
    for ((name, old), (_, new)) in before.iter().zip(&after) {
        let rewritten = record.shards.iter().any(|(_, n)| n == name);
        assert_eq!(old.len(), new.len(), "{name}");
        for (a, b) in old.iter().zip(new) {
            assert_eq!((a.game_id, a.ply, a.value_target, a.outcome, &a.features), (b.game_id, b.ply, b.value_target, b.outcome, &b.features), "{name}");
            if rewritten && !a.side {
                assert!(b.full_search && b.simulations >= 8, "{name}: {} simulations", b.simulations);
            } else {
                assert_eq!(a, b, "{name}: not rewritten");
            }
        }
        if rewritten {
            assert!(old.iter().zip(new).any(|(a, b)| a.policy != b.policy), "{name}: new targets");
        }
    }
    assert_eq!(gen0, shard_rows(&run, 0), "the fixed validation games are never rewritten");
    // A rerun of the step finds its reanalysis done and searches nothing again.
    let again = mankala_pipeline::reanalyse::run(&run, 2, 500_000, &Silent).unwrap();
    assert_eq!(again.positions, record.positions);
    assert_eq!(after, shard_rows(&run, 1));
    // Generation 3 takes the shards searched longest ago first, the older games first among
    // equals: generation 1's others if any are left, else generation 1's first again
    // (searched by generation 2, as generation 2's own self-play shards were).
    upto(&run, 4);
    let next: mankala_pipeline::records::Reanalysed = serde_json::from_str(&std::fs::read_to_string(run.layout.reanalysed(3)).unwrap()).unwrap();
    assert_eq!(next.network, "gen-2");
    let left: Vec<&String> = before.iter().map(|(n, _)| n).filter(|n| !record.shards.iter().any(|(_, m)| m == *n)).collect();
    match left.first() {
        Some(first) => assert_eq!(next.shards[0], (1, (*first).clone()), "{next:?}"),
        None => assert_eq!(next.shards[0], (1, before[0].0.clone()), "{next:?}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reanalyse_out_of_range_is_refused_by_name() {
    let dir = temp_dir("reanalyse-range");
    let path = tiny_config(&dir, "", "reanalyse = -0.5", "");
    let text = open_error(&dir, &path);
    assert!(text.contains("reanalyse") && text.contains("tiny.toml"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
