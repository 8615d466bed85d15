//! Trainer options take effect: the value target mixed with the search value, an optimizer
//! state carried over from an earlier training, a place in a longer schedule, and the policy
//! targets of fast searches (playout cap randomization) left out.

mod common;

use common::kalah_expected;
use std::path::{Path, PathBuf};

use mankala_config::NetworkConfig;
use mankala_config::TrainConfig;
use mankala_data::{Row, ShardMeta, write_shard, write_shard_version};
use mankala_engine::{ENCODING_VERSION, Game, State};
use mankala_models::PolicyValueNet;
use mankala_models::file;
use mankala_models::net::infer;
use mankala_train::trainer::checkpoint_paths;
use mankala_train::{SchedulePlace, TrainOptions, train};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The tests of this file train one after another: the backend draws initial weights from
/// one process-wide generator, so trainings running side by side would take each other's
/// draws and their results would depend on the interleaving.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mankala-options-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Kalah with its default rules.
fn kalah() -> mankala_engine::variants::Kalah {
    match mankala_engine::AnyGame::by_name("kalah").unwrap() {
        mankala_engine::AnyGame::Kalah(g) => g,
        _ => unreachable!(),
    }
}

/// Kalah's rules as the engine writes them.
fn rules() -> String {
    let any = mankala_engine::AnyGame::by_name("kalah").unwrap();
    any.rules_toml()
}

/// A shard of random Kalah positions whose game result says +1 for the mover and whose
/// search value says -1: the two value targets disagree everywhere.
fn disagreeing_shard(dir: &Path, rules: &str) {
    write_rows(dir, rules, random_rows());
}

/// Random Kalah positions with a uniform policy target, a result of +1 for the mover and a
/// search value of -1, each marked as a full search.
fn random_rows() -> Vec<Row> {
    let g = kalah();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut rows = Vec::new();
    for id in 0..600u64 {
        let mut s = g.initial_state();
        for _ in 0..rng.random_range(0..20) {
            let m = s.legal_mask();
            if m.is_empty() {
                break;
            }
            s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
        }
        if s.is_terminal() {
            continue;
        }
        let mut features = vec![0.0; 14];
        s.encode(&mut features);
        let mask = s.legal_mask();
        let legal: Vec<bool> = (0..6).map(|a| mask.contains(a)).collect();
        let n = mask.count() as f32;
        let policy = legal.iter().map(|&l| if l { 1.0 / n } else { 0.0 }).collect();
        rows.push(Row {
            run_id: "options".into(),
            generation: 0,
            game_id: id,
            ply: s.ply(),
            to_move: s.to_move().index() as u8,
            features,
            legal,
            policy,
            value_target: 1.0,
            root_value: -1.0,
            simulations: 8,
            full_search: true,
            outcome: 1,
            result: "south".into(),
            game_length: 40,
            action: None,
            margin: Some(-20),
            side: false,
            weight: 1.0,
        });
    }
    rows
}

fn write_rows(dir: &Path, rules: &str, rows: Vec<Row>) {
    write_shard(&dir.join("shard-00000.parquet"), &shard_meta(rules), &rows).unwrap();
}

fn shard_meta(rules: &str) -> ShardMeta {
    ShardMeta {
        variant: "kalah".into(),
        rules: rules.into(),
        limits: String::new(),
        encoding_version: ENCODING_VERSION,
        code_version: "test".into(),
        encoding_len: 14,
        num_actions: 6,
        run_id: "options".into(),
        seed: 0,
    }
}

fn options<'a>(data: &'a [PathBuf], out: &'a Path, steps: u64, rules: &'a str) -> TrainOptions<'a> {
    TrainOptions {
        data,
        init: None,
        out,
        steps,
        seed: 3,
        expected: kalah_expected(rules),
        network: NetworkConfig { width: 16, blocks: 1, value_width: 8, ..NetworkConfig::default() },
        train: TrainConfig {
            steps,
            batch_size: 32,
            learning_rate: 3e-3,
            warmup_steps: 5,
            shuffle_buffer: 500,
            validation_fraction: 0.0,
            checkpoint_every: 10,
            ..TrainConfig::default()
        },
        code_version: "test".into(),
        schedule: None,
        init_optimizer: None,
        fixed_validation: None,
        threads: 1,
    }
}

/// The value the network at `out/model` gives the start position.
fn start_value(out: &Path, rules: &str) -> f32 {
    let (net, _) = file::load(&out.join("model"), &kalah_expected(rules), &mankala_models::device()).unwrap();
    let g = kalah();
    let mut features = vec![0.0; 14];
    g.initial_state().encode(&mut features);
    infer(&net, &mankala_models::device(), features, vec![1.0; 6], 1).1[0]
}

/// The policy and value a model file gives the start position.
fn outputs_of(path: &Path, rules: &str) -> Vec<f32> {
    let (net, _): (PolicyValueNet, _) = file::load(path, &kalah_expected(rules), &mankala_models::device()).unwrap();
    let g = kalah();
    let mut features = vec![0.0; 14];
    g.initial_state().encode(&mut features);
    let (p, v) = infer(&net, &mankala_models::device(), features, vec![1.0; 6], 1);
    p.into_iter().chain(v).collect()
}

#[test]
fn value_mix_mixes_the_game_result_with_the_search_value() {
    let _serial = serial();
    let rules = rules();
    let data = temp_dir("mix-data");
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    let mut values = Vec::new();
    for mix in [0.0, 1.0] {
        let out = temp_dir(&format!("mix-{mix}"));
        // Enough steps that the value settles on its target whatever the order of the
        // batches' floating-point sums (at 150, a tenth of the runs had not).
        let mut o = options(&dirs, &out, 500, &rules);
        o.train.value_mix = mix;
        train(&o, |_, _, _| {}).unwrap();
        values.push(start_value(&out, &rules));
        let _ = std::fs::remove_dir_all(&out);
    }
    // The result says +1, the search -1: each target pulls the value its own way.
    assert!(values[0] > 0.2, "value_mix 0: {}", values[0]);
    assert!(values[1] < -0.2, "value_mix 1: {}", values[1]);
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn margin_mix_pulls_the_value_toward_the_final_margin() {
    let _serial = serial();
    let rules = rules();
    let data = temp_dir("margin-data");
    // Every row: the mover won (+1), by a margin of -20 seeds (which no real game gives,
    // so the two targets disagree).
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    let mut values = Vec::new();
    for mix in [0.0, 1.0] {
        let out = temp_dir(&format!("margin-{mix}"));
        let mut o = options(&dirs, &out, 500, &rules);
        o.train.margin_mix = mix;
        train(&o, |_, _, _| {}).unwrap();
        values.push(start_value(&out, &rules));
        let _ = std::fs::remove_dir_all(&out);
    }
    assert!(values[0] > 0.2, "margin_mix 0: {}", values[0]);
    assert!(values[1] < -0.2, "margin_mix 1: {}", values[1]);

    // Shards written before the margin column are refused by name when the margin counts.
    let old = temp_dir("margin-old");
    let path = old.join("shard-00000.parquet");
    write_shard_version(&path, &shard_meta(&rules), &random_rows(), 2).unwrap();
    let out = temp_dir("margin-old-out");
    let dirs = [old.clone()];
    let mut o = options(&dirs, &out, 5, &rules);
    o.train.margin_mix = 0.5;
    let e = train(&o, |_, _, _| {}).unwrap_err().to_string();
    assert!(e.contains("shard-00000.parquet") && e.contains("version 2 has no margin column"), "{e}");
    // Without the margin they train as before.
    o.train.margin_mix = 0.0;
    train(&o, |_, _, _| {}).unwrap();
    for d in [data, old, out] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_score_head_learns_the_final_margin_beside_the_value() {
    let _serial = serial();
    let rules = rules();
    let data = temp_dir("score-data");
    // Every row: the mover won (+1), by a margin of -20 seeds: the value and the score have
    // targets of opposite signs.
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    let out = temp_dir("score-out");
    let mut o = options(&dirs, &out, 500, &rules);
    o.network.score_head = true;
    o.network.score_scale = 10.0;
    let summary = train(&o, |_, _, _| {}).unwrap();
    let (net, meta) = file::load(&out.join("model"), &kalah_expected(&rules), &mankala_models::device()).unwrap();
    assert!(meta.network.score_head && net.has_score_head());
    let g = kalah();
    let mut features = vec![0.0; 14];
    g.initial_state().encode(&mut features);
    let (_, value, score) = mankala_models::net::infer_heads(&net, &mankala_models::device(), features, vec![1.0; 6], 1);
    let score = score.expect("a score head")[0];
    // The value follows the result, the score the margin: tanh(-20 / 10) = -0.96.
    assert!(value[0] > 0.2, "value {}", value[0]);
    assert!((score - (-2.0f32).tanh()).abs() < 0.2, "score {score}");
    assert!(summary.score_loss.is_finite() && summary.score_loss < 0.05, "{summary:?}");
    // metrics.csv has the score's losses in its own columns.
    let text = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let last: Vec<&str> = text.lines().last().unwrap().split(',').collect();
    let column = header.iter().position(|&c| c == "score_loss").unwrap();
    assert!(last[column].parse::<f32>().unwrap() < 0.05, "{text}");

    // Shards written before the margin column are refused by name for a score head.
    let old = temp_dir("score-old");
    write_shard_version(&old.join("shard-00000.parquet"), &shard_meta(&rules), &random_rows(), 2).unwrap();
    let old_out = temp_dir("score-old-out");
    let old_dirs = [old.clone()];
    let mut o = options(&old_dirs, &old_out, 5, &rules);
    o.network.score_head = true;
    let e = train(&o, |_, _, _| {}).unwrap_err().to_string();
    assert!(e.contains("shard-00000.parquet") && e.contains("score_head"), "{e}");
    for d in [data, out, old, old_out] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_kept_optimizer_state_changes_the_next_training_and_a_missing_one_is_named() {
    let _serial = serial();
    let rules = rules();
    let data = temp_dir("optim-data");
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    let first = temp_dir("optim-first");
    train(&options(&dirs, &first, 30, &rules), |_, _, _| {}).unwrap();
    let model = first.join("model");
    let (_, optimizer, _) = checkpoint_paths(&first);
    assert!(optimizer.exists(), "the last checkpoint keeps the optimizer");

    let mut outputs = Vec::new();
    for keep in [false, true] {
        let out = temp_dir(&format!("optim-keep-{keep}"));
        let mut o = options(&dirs, &out, 3, &rules);
        o.init = Some(&model);
        o.init_optimizer = keep.then_some(optimizer.as_path());
        // A constant rate: only the optimizer's moments differ between the two.
        o.train.warmup_steps = 0;
        o.train.schedule = mankala_config::Schedule::Constant;
        train(&o, |_, _, _| {}).unwrap();
        outputs.push(outputs_of(&out.join("model"), &rules));
        let _ = std::fs::remove_dir_all(&out);
    }
    let differ = outputs[0].iter().zip(&outputs[1]).any(|(a, b)| (a - b).abs() > 1e-6);
    assert!(differ, "a kept optimizer must move the weights differently");

    let out = temp_dir("optim-missing");
    let missing = first.join("no-such-optimizer.bpk");
    let mut o = options(&dirs, &out, 3, &rules);
    o.init = Some(&model);
    o.init_optimizer = Some(&missing);
    let e = train(&o, |_, _, _| {}).unwrap_err().to_string();
    assert!(e.contains("no-such-optimizer.bpk"), "{e}");
    assert!(e.contains("cannot load optimizer state"), "{e}");
    for d in [&data, &first, &out] {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[test]
fn a_place_in_a_longer_schedule_sets_the_learning_rate_of_every_step() {
    let _serial = serial();
    let rules = rules();
    let data = temp_dir("place-data");
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    let out = temp_dir("place-out");
    let mut o = options(&dirs, &out, 20, &rules);
    o.train.checkpoint_every = 5;
    let place = SchedulePlace { offset: 40, total: 100 };
    o.schedule = Some(place);
    train(&o, |_, _, _| {}).unwrap();
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    let mut lines = 0;
    for line in metrics.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let step: u64 = cols[0].parse().unwrap();
        let lr: f64 = cols[2].parse().unwrap();
        // The rate of the step just taken (step - 1), at its place in the schedule.
        let want = o.train.learning_rate_at(place.offset + step - 1, place.total);
        assert!((lr - want).abs() < 2e-6, "step {step}: {lr} != {want}");
        assert!(lr < o.train.learning_rate, "no warm-up and no restart: {lr}");
        lines += 1;
    }
    assert_eq!(lines, 4);
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn fast_search_policies_are_not_policy_targets() {
    let _serial = serial();
    // Every row's policy target is the first legal move. Marked as full searches, the rows
    // teach the network to play it; marked as fast searches (playout cap randomization),
    // they train the value alone and the policy stays near its uniform start.
    let rules = rules();
    let mut first_move = Vec::new();
    for full in [true, false] {
        let mut rows = random_rows();
        for r in &mut rows {
            let first = r.legal.iter().position(|&l| l).unwrap();
            r.policy = (0..6).map(|a| if a == first { 1.0 } else { 0.0 }).collect();
            r.full_search = full;
        }
        let data = temp_dir(&format!("fast-data-{full}"));
        write_rows(&data, &rules, rows);
        let out = temp_dir(&format!("fast-{full}"));
        let dirs = [data.clone()];
        let summary = train(&options(&dirs, &out, 150, &rules), |_, _, _| {}).unwrap();
        if !full {
            assert_eq!(summary.policy_loss, 0.0, "no policy target, no policy loss");
        }
        // The start position: every move legal, the first one is pit 0.
        first_move.push(outputs_of(&out.join("model"), &rules)[0]);
        for d in [&data, &out] {
            let _ = std::fs::remove_dir_all(d);
        }
    }
    assert!(first_move[0] > 0.6, "full searches: {first_move:?}");
    assert!(first_move[1] < 0.35, "fast searches: {first_move:?}");
}

#[test]
fn a_fixed_validation_set_is_scored_against_its_games_results() {
    let _serial = serial();
    let (dir, rules) = (temp_dir("fixed"), rules());
    let (data, fixed, out) = (dir.join("data"), dir.join("fixed"), dir.join("out"));
    for d in [&data, &fixed] {
        std::fs::create_dir_all(d).unwrap();
        disagreeing_shard(d, &rules);
    }
    let dirs = [data.clone()];
    let mut o = options(&dirs, &out, 60, &rules);
    // The training target mixes the result (+1) and the search value (-1) half and half: 0.
    o.train.value_mix = 0.5;
    o.train.validation_fraction = 0.3;
    o.fixed_validation = Some(&fixed);
    let s = train(&o, |_, _, _| {}).unwrap();
    // The fixed set is scored against the results alone, which the network was not taught.
    assert!(s.val_value_loss < 0.3, "{s:?}");
    assert!(s.fixed_value_loss > 0.6, "{s:?}");
    assert!(s.fixed_policy_loss.is_finite(), "{s:?}");
    let metrics = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    let mut lines = metrics.lines();
    assert_eq!(lines.next(), Some(mankala_train::trainer::METRICS_HEADER));
    let last: Vec<&str> = lines.last().unwrap().split(',').collect();
    assert_eq!(last.len(), mankala_train::trainer::METRICS_HEADER.split(',').count());
    let column = |name: &str| mankala_train::trainer::METRICS_HEADER.split(',').position(|c| c == name).unwrap();
    let fixed_value: f32 = last[column("fixed_value_loss")].parse().unwrap();
    assert!((fixed_value - s.fixed_value_loss).abs() < 1e-4, "{last:?} {s:?}");

    // Without one, the columns are empty and the losses absent.
    let out2 = dir.join("out2");
    let mut o = options(&dirs, &out2, 20, &rules);
    o.train.validation_fraction = 0.3;
    let s = train(&o, |_, _, _| {}).unwrap();
    assert!(s.fixed_value_loss.is_nan() && s.fixed_policy_loss.is_nan());
    let metrics = std::fs::read_to_string(out2.join("metrics.csv")).unwrap();
    let empty = |l: &str, name: &str| l.split(',').nth(column(name)) == Some("");
    assert!(metrics.lines().skip(1).all(|l| empty(l, "fixed_policy_loss") && empty(l, "fixed_value_loss")), "{metrics}");

    // Shards of other rules are refused by name, as in the window.
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    disagreeing_shard(&other, "empty_capture = true\nseeds_per_hole = 4\n");
    let out3 = dir.join("out3");
    let mut o = options(&dirs, &out3, 20, &rules);
    o.fixed_validation = Some(&other);
    let e = train(&o, |_, _, _| {}).unwrap_err().to_string();
    assert!(e.contains("shard-00000.parquet") && e.contains("empty_capture"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn metrics_begun_with_fewer_columns_are_kept_padded_when_training_resumes() {
    let _serial = serial();
    let (dir, rules) = (temp_dir("metrics-old"), rules());
    let (data, out) = (dir.join("data"), dir.join("out"));
    std::fs::create_dir_all(&data).unwrap();
    disagreeing_shard(&data, &rules);
    let dirs = [data.clone()];
    train(&options(&dirs, &out, 20, &rules), |_, _, _| {}).unwrap();
    // Rewrite the file as a build without the fixed validation's columns wrote it.
    let header = mankala_train::trainer::METRICS_HEADER;
    let old_header = header.split(",fixed_policy_loss").next().unwrap();
    let text = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    // Without a fixed set or a score head, the columns after samples_per_s are empty.
    let old: String =
        std::iter::once(old_header.to_string()).chain(text.lines().skip(1).map(|l| l.trim_end_matches(',').to_string())).map(|l| l + "\n").collect();
    std::fs::write(out.join("metrics.csv"), &old).unwrap();
    train(&options(&dirs, &out, 30, &rules), |_, _, _| {}).unwrap();
    let text = std::fs::read_to_string(out.join("metrics.csv")).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(header));
    let rows: Vec<&str> = lines.collect();
    let steps: Vec<&str> = rows.iter().map(|l| l.split(',').next().unwrap()).collect();
    assert_eq!(steps, ["10", "20", "30"], "{text}");
    assert!(rows.iter().all(|l| l.split(',').count() == header.split(',').count()), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The batches are drawn on a thread of their own, ahead of the steps: the network and every
/// metric but the speed are those of batches drawn between the steps, the validation of every
/// checkpoint included (held-out rows keep arriving while the first pass over the shards goes
/// on, so a checkpoint validated on whatever the batch thread had gathered by then would be
/// validated on more rows). Each step of the run drawing ahead waits a little, so that its
/// batch thread is always full.
#[test]
fn batches_drawn_ahead_train_the_network_and_metrics_of_batches_drawn_between_steps() {
    let _serial = serial();
    let (dir, rules) = (temp_dir("ahead"), rules());
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let rows = random_rows();
    for (k, part) in rows.chunks(rows.len().div_ceil(3)).enumerate() {
        write_shard(&data.join(format!("shard-{k:05}.parquet")), &shard_meta(&rules), part).unwrap();
    }
    let dirs = [data.clone()];
    let run = |name: &str, ahead: usize| {
        let out = dir.join(name);
        let mut o = options(&dirs, &out, 40, &rules);
        o.train.validation_fraction = 0.3;
        o.train.shuffle_buffer = 100;
        o.train.checkpoint_every = 2;
        let wait = std::time::Duration::from_millis(if ahead == 0 { 0 } else { 5 });
        mankala_train::trainer::train_drawing_ahead(&o, ahead, |_, _, _| std::thread::sleep(wait)).unwrap();
        out
    };
    let (between, ahead) = (run("between", 0), run("ahead", 2));
    assert_eq!(outputs_of(&between.join("model"), &rules), outputs_of(&ahead.join("model"), &rules));
    let header: Vec<&str> = mankala_train::trainer::METRICS_HEADER.split(',').collect();
    let speed = header.iter().position(|&c| c == "samples_per_s").unwrap();
    let without_speed = |out: &Path| -> Vec<Vec<String>> {
        std::fs::read_to_string(out.join("metrics.csv"))
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| l.split(',').enumerate().filter(|&(i, _)| i != speed).map(|(_, f)| f.to_string()).collect())
            .collect()
    };
    let (mb, ma) = (without_speed(&between), without_speed(&ahead));
    assert_eq!(mb.len(), 20, "{mb:?}");
    assert_eq!(mb, ma);
    // Every checkpoint was validated on held-out rows, and the training losses read back
    // from the device are numbers.
    let column = |name: &str| header.iter().filter(|&&c| c != "samples_per_s").position(|&c| c == name).unwrap();
    for line in &ma {
        for name in ["policy_loss", "value_loss", "val_policy_loss", "val_value_loss"] {
            let x: f32 = line[column(name)].parse().unwrap();
            assert!(x.is_finite(), "{name} in {line:?}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}
