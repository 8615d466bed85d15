//! The trainer learns, and model files round-trip and refuse to be misused.

mod common;

use common::kalah_expected;
use std::path::{Path, PathBuf};

use mankala_config::TrainConfig;
use mankala_config::{NetworkConfig, NetworkKind};
use mankala_config::{SearchConfig, SelfplayConfig};
use mankala_data::{Row, ShardMeta, write_shard};
use mankala_engine::variants::{Kalah, Oware, OwareState};
use mankala_engine::{ENCODING_VERSION, Game, Player, State};
use mankala_models::file::{self, Expected, MODEL_FORMAT_VERSION, ModelMeta};
use mankala_models::net::infer;
use mankala_models::{NetInputs, PolicyValueNet};
use mankala_search::RolloutEvaluator;
use mankala_selfplay::Settings;
use mankala_selfplay::run::{Shards, selfplay};
use mankala_train::{TrainOptions, train};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mankala-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn rules_of(game: &mankala_engine::AnyGame) -> String {
    game.rules_toml()
}

fn shard_meta<G: Game>(g: &G, rules: &str) -> ShardMeta {
    ShardMeta {
        variant: g.name().into(),
        rules: rules.into(),
        limits: String::new(),
        encoding_version: ENCODING_VERSION,
        code_version: "test".into(),
        encoding_len: g.encoding_len(),
        num_actions: g.num_actions(),
        run_id: "test".into(),
        seed: 0,
    }
}

fn row_of<G: Game>(g: &G, s: &G::State, policy: Vec<f32>, value: f32, id: u64) -> Row {
    let mut features = vec![0.0; g.encoding_len()];
    s.encode(&mut features);
    let mask = s.legal_mask();
    Row {
        run_id: "test".into(),
        generation: 0,
        game_id: id,
        ply: s.ply(),
        to_move: s.to_move().index() as u8,
        features,
        legal: (0..g.num_actions()).map(|a| mask.contains(a as u16)).collect(),
        policy,
        value_target: value,
        root_value: 0.0,
        simulations: 1,
        full_search: true,
        outcome: 0,
        result: "draw".into(),
        game_length: 0,
        action: None,
        margin: None,
        side: false,
        weight: 1.0,
    }
}

fn small_train(steps: u64) -> TrainConfig {
    TrainConfig {
        steps,
        batch_size: 64,
        learning_rate: 3e-3,
        warmup_steps: 10,
        shuffle_buffer: 2_000,
        validation_fraction: 0.0,
        checkpoint_every: 50,
        ..TrainConfig::default()
    }
}

fn options<'a>(data: &'a [PathBuf], out: &'a Path, steps: u64, expected: Expected<'a>) -> TrainOptions<'a> {
    TrainOptions {
        data,
        init: None,
        out,
        steps,
        seed: 3,
        expected,
        network: NetworkConfig { width: 64, blocks: 1, value_width: 32, ..NetworkConfig::default() },
        train: small_train(steps),
        code_version: "test".into(),
        schedule: None,
        init_optimizer: None,
        fixed_validation: None,
        threads: 1,
    }
}

/// South to move; South's F (action 5, 4 seeds) sows into North's a..d, making 2s and 3s
/// there: a capture of 10 that takes South from 16 to 26, past half of 48: the game is won.
fn winning_capture_position(g: &Oware) -> OwareState {
    let pits = [1, 0, 0, 1, 0, 4, 1, 2, 2, 1, 0, 5];
    // Board 17, scores 16 + 15 = 31: 48 in all.
    OwareState::from_parts(g, pits, [16, 15], Player::South).unwrap()
}

#[test]
fn policy_learns_an_immediate_winning_capture() {
    learns_the_winning_capture(NetworkConfig { width: 64, blocks: 1, value_width: 32, ..NetworkConfig::default() }, "capture");
}

#[test]
fn a_ring_network_learns_the_same_winning_capture_and_loads_back() {
    let ring = NetworkConfig { kind: NetworkKind::Ring, width: 16, blocks: 1, value_width: 16, ..NetworkConfig::default() };
    learns_the_winning_capture(ring, "ring-capture");
}

/// Trains `network` on the winning capture among random positions and checks its policy.
fn learns_the_winning_capture(network: NetworkConfig, name: &str) {
    let any = mankala_engine::AnyGame::by_name("oware").unwrap();
    let mankala_engine::AnyGame::Oware(g) = any else { unreachable!() };
    let rules = rules_of(&any);
    let target = winning_capture_position(&g);
    let mut after = target.clone();
    after.play(5).unwrap();
    assert!(after.is_terminal(), "the capture ends the game:\n{after}");

    // The position, with the winning move as target, among random positions with uniform
    // targets: the network must tell it apart from the rest by its features.
    let mut rng = SmallRng::seed_from_u64(1);
    let mut rows = Vec::new();
    for i in 0..400u64 {
        let mut p = vec![0.0; 6];
        p[5] = 1.0;
        rows.push(row_of(&g, &target, p, 1.0, i));
        let mut s = g.initial_state();
        for _ in 0..rng.random_range(0..40) {
            let m = s.legal_mask();
            if m.is_empty() {
                break;
            }
            s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
        }
        if s.is_terminal() {
            continue;
        }
        let m = s.legal_mask();
        let policy = (0..6).map(|a| if m.contains(a) { 1.0 / m.count() as f32 } else { 0.0 }).collect();
        rows.push(row_of(&g, &s, policy, 0.0, 10_000 + i));
    }
    let data = temp_dir(&format!("{name}-data"));
    write_shard(&data.join("shard-00000.parquet"), &shard_meta(&g, &rules), &rows).unwrap();
    let out = temp_dir(&format!("{name}-out"));
    let expected = Expected::of(&any, &rules, ENCODING_VERSION);
    let opts = TrainOptions { network: network.clone(), ..options(std::slice::from_ref(&data), &out, 150, expected.clone()) };
    let summary = train(&opts, |_, _, _| {}).unwrap();
    assert_eq!(summary.step, 150);

    let (net, meta) = file::load(&out.join("model"), &expected, &mankala_models::device()).unwrap();
    assert_eq!((meta.step, &meta.network), (150, &network));
    let mut features = vec![0.0; 14];
    target.encode(&mut features);
    let legal: Vec<f32> = (0..6).map(|a| f32::from(u8::from(target.legal_mask().contains(a)))).collect();
    let (p, _) = infer(&net, &mankala_models::device(), features, legal, 1);
    let best = (0..6).max_by(|&a, &b| p[a].total_cmp(&p[b])).unwrap();
    assert_eq!(best, 5, "policy {p:?}");
    assert!(p[5] > 0.6, "policy {p:?}");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn value_of_decided_endgames_has_the_right_sign_after_training_on_selfplay() {
    let any = mankala_engine::AnyGame::by_name("kalah").unwrap();
    let mankala_engine::AnyGame::Kalah(g) = any else { unreachable!() };
    let rules = rules_of(&any);
    let data = temp_dir("value-data");
    let settings = Settings {
        search: SearchConfig { simulations: 16, ..SearchConfig::default() },
        selfplay: SelfplayConfig { games_per_shard: 100, ..SelfplayConfig::default() },
        run_id: "value".into(),
        generation: 0,
        seed: 9,
        encoding: 1,
    };
    let meta = shard_meta(&g, &rules);
    selfplay(&g, &settings, &Shards { meta: &meta, dir: &data }, &(0..300).collect::<Vec<u64>>(), 2, |w| RolloutEvaluator::new(w as u64), |_| {}).unwrap();
    let out = temp_dir("value-out");
    let expected = kalah_expected(&rules);
    train(&options(std::slice::from_ref(&data), &out, 300, expected.clone()), |_, _, _| {}).unwrap();
    let (net, _) = file::load(&out.join("model"), &expected, &mankala_models::device()).unwrap();

    // Decided positions: one player already holds more than half the seeds in his store.
    let mut rng = SmallRng::seed_from_u64(77);
    let (mut right, mut total) = (0, 0);
    while total < 200 {
        let mut s = g.initial_state();
        while !s.is_terminal() {
            let snap = s.snapshot();
            if let Some(leader) = (0..2).find(|&p| snap.stores[p] > 24) {
                let mut features = vec![0.0; 14];
                s.encode(&mut features);
                let legal: Vec<f32> = (0..6).map(|a| f32::from(u8::from(s.legal_mask().contains(a)))).collect();
                let (_, v) = infer(&net, &mankala_models::device(), features, legal, 1);
                let mover_leads = leader == s.to_move().index();
                right += usize::from((v[0] > 0.0) == mover_leads);
                total += 1;
                break;
            }
            let m = s.legal_mask();
            s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
        }
    }
    assert!(right * 100 / total >= 75, "right sign in {right} of {total} decided positions");
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&out);
}

fn meta_for(variant: &str, rules: &str, network: NetworkConfig) -> ModelMeta {
    ModelMeta {
        format_version: MODEL_FORMAT_VERSION,
        variant: variant.into(),
        rules: rules.into(),
        encoding_version: ENCODING_VERSION,
        encoding_len: 14,
        num_actions: 6,
        network,
        step: 7,
        samples: 70,
        trained_on: vec!["somewhere".into()],
        code_version: "test".into(),
        device: String::new(),
    }
}

#[test]
fn save_and_load_give_identical_outputs() {
    let device = mankala_models::device();
    let cfg = NetworkConfig { width: 32, blocks: 2, value_width: 16, ..NetworkConfig::default() };
    let net = PolicyValueNet::new(&cfg, &NetInputs::flat(14, 6), &device);
    let dir = temp_dir("roundtrip");
    let rules = rules_of(&mankala_engine::AnyGame::by_name("kalah").unwrap());
    file::save(&net, &meta_for("kalah", &rules, cfg), &dir.join("m")).unwrap();
    let expected = kalah_expected(&rules);
    let (back, meta) = file::load(&dir.join("m"), &expected, &device).unwrap();
    assert_eq!(meta.step, 7);
    let g = Kalah::default();
    let s = g.initial_state();
    let mut f = vec![0.0; 14];
    s.encode(&mut f);
    let features: Vec<f32> = (0..4).flat_map(|k| f.iter().map(move |x| x * (k as f32 + 1.0))).collect();
    let legal = vec![1.0; 24];
    let a = infer(&net, &device, features.clone(), legal.clone(), 4);
    let b = infer(&back, &device, features, legal, 4);
    assert_eq!(a, b);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_model_for_something_else_is_refused_by_name() {
    let device = mankala_models::device();
    let cfg = NetworkConfig { width: 16, blocks: 0, value_width: 8, ..NetworkConfig::default() };
    let net = PolicyValueNet::new(&cfg, &NetInputs::flat(14, 6), &device);
    let dir = temp_dir("mismatch");
    let kalah_rules = rules_of(&mankala_engine::AnyGame::by_name("kalah").unwrap());
    file::save(&net, &meta_for("kalah", &kalah_rules, cfg.clone()), &dir.join("k")).unwrap();

    let oware = Expected { variant: "oware", ..kalah_expected("") };
    let err = file::load(&dir.join("k"), &oware, &device).unwrap_err().to_string();
    assert!(err.contains("k.json") && err.contains("variant kalah") && err.contains("expected oware"), "{err}");

    let other_rules = "empty_capture = true\nseeds_per_hole = 4\n";
    let exp = kalah_expected(other_rules);
    let err = file::load(&dir.join("k"), &exp, &device).unwrap_err().to_string();
    assert!(err.contains("rules"), "{err}");

    let exp = Expected { encoding_version: ENCODING_VERSION + 1, ..kalah_expected(&kalah_rules) };
    let err = file::load(&dir.join("k"), &exp, &device).unwrap_err().to_string();
    assert!(err.contains("encoding version"), "{err}");

    // Weights that do not fit the sidecar's network.
    let wider = meta_for("kalah", &kalah_rules, NetworkConfig { width: 32, blocks: 0, value_width: 8, ..NetworkConfig::default() });
    std::fs::write(dir.join("k.json"), serde_json::to_string(&wider).unwrap()).unwrap();
    let exp = kalah_expected(&kalah_rules);
    let err = file::load(&dir.join("k"), &exp, &device).unwrap_err().to_string();
    assert!(err.contains("k.bpk") && err.contains("cannot load weights"), "{err}");

    // A truncated weights file.
    let mut ok = meta_for("kalah", &kalah_rules, cfg);
    ok.step = 1;
    std::fs::write(dir.join("k.json"), serde_json::to_string(&ok).unwrap()).unwrap();
    let bytes = std::fs::read(dir.join("k.bpk")).unwrap();
    std::fs::write(dir.join("k.bpk"), &bytes[..bytes.len() / 2]).unwrap();
    let err = file::load(&dir.join("k"), &exp, &device).unwrap_err().to_string();
    assert!(err.contains("k.bpk"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
