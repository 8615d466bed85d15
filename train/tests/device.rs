//! The GPU path against burn's CPU backend: the network's outputs, model files written on
//! one device and read on the other, training steps, self-play and the trainer, all on the
//! device `MANKALA_TEST_DEVICE` names (a `--device` name; `cpu` when unset).
//!
//! `scripts/test_gpu.sh` (run by hand; CI lints the GPU code only) builds this file with the
//! `wgpu` feature and runs it on the first Vulkan adapter, Mesa's software driver lavapipe on
//! a machine without a GPU; the default build runs it on the CPU, where it checks the same
//! code with both sides on `flex`.
//! Tolerances: a GPU backend sums in another order and may use fused multiply-adds, so its
//! outputs differ from the CPU's in the last bits; they must agree to 1e-4 (outputs) and
//! 1e-3 (losses after a few optimizer steps), far below a difference a search would notice.

use std::path::{Path, PathBuf};
use std::time::Duration;

use burn::optim::{AdamWConfig, GradientsParams};
use burn::tensor::{Device, Tensor, TensorData};
use mankala_config::{NetworkConfig, NetworkKind, SearchConfig, SelfplayConfig, TrainConfig};
use mankala_data::{ShardMeta, read_shard};
use mankala_engine::{AnyGame, Encoder, Game, State, with_game};
use mankala_models::device::{Chosen, DeviceChoice, Probe, choose, resolve};
use mankala_models::file::{self, Expected, MODEL_FORMAT_VERSION, ModelMeta};
use mankala_models::net::{Batch, infer, loss};
use mankala_models::{NetInputs, PolicyValueNet};
use mankala_search::{InferenceService, NetworkEvaluator, ServiceConfig};
use mankala_selfplay::Settings;
use mankala_selfplay::run::{Shards, selfplay};
use mankala_train::{TrainOptions, train};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The device under test, from `MANKALA_TEST_DEVICE`.
fn under_test() -> Chosen {
    let name = std::env::var("MANKALA_TEST_DEVICE").unwrap_or_else(|_| "cpu".into());
    let choice: DeviceChoice = name.parse().unwrap_or_else(|e| panic!("MANKALA_TEST_DEVICE: {e}"));
    let chosen = resolve(choice, &Probe::standard()).unwrap_or_else(|e| panic!("MANKALA_TEST_DEVICE={name}: {e}"));
    eprintln!("device under test: {}", chosen.name);
    chosen
}

/// The device under test, or `None` (saying so) where it is a software rasterizer (Mesa's
/// lavapipe, named "(software)") and `test` is one with many kernel shapes: there every new
/// shape is compiled by LLVM for the CPU, and the kernels with workgroup barriers take minutes
/// each, so such a test (several networks and batch sizes, the backward pass, or self-play's
/// shrinking batches) runs for minutes to more than ten (docs/gpu.md, "Tests without a
/// GPU"). On a GPU every test runs.
fn unless_software(test: &str) -> Option<Chosen> {
    let chosen = under_test();
    if chosen.name.ends_with("(software)") {
        eprintln!("{test}: skipped on {}: its kernels take minutes each to compile on a software rasterizer", chosen.name);
        return None;
    }
    Some(chosen)
}

fn cpu() -> Device {
    Device::flex()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mankala-device-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A variant with its rules as TOML.
fn variant(name: &str) -> (AnyGame, String) {
    let game = AnyGame::by_name(name).unwrap();
    let rules = game.rules_toml();
    (game, rules)
}

fn meta(game: &AnyGame, rules: &str, encoding: u32, network: &NetworkConfig) -> ModelMeta {
    let (len, actions) = with_game!(game, g => (Encoder::new(g, encoding).unwrap().len(), g.num_actions()));
    ModelMeta {
        format_version: MODEL_FORMAT_VERSION,
        variant: game.name().into(),
        rules: rules.into(),
        encoding_version: encoding,
        encoding_len: len,
        num_actions: actions,
        network: network.clone(),
        step: 0,
        samples: 0,
        trained_on: vec![],
        code_version: "test".into(),
        device: String::new(),
    }
}

/// Encoded positions of random games of `game` (`[n, E]` flat) and their legal masks
/// (`[n, A]` flat).
fn positions(game: &AnyGame, encoding: u32, n: usize, seed: u64) -> (Vec<f32>, Vec<f32>) {
    with_game!(game, g => {
        let encoder = Encoder::new(g, encoding).unwrap();
        let (e, a) = (encoder.len(), g.num_actions());
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut features, mut legal) = (vec![0.0; n * e], vec![0.0; n * a]);
        let mut s = g.initial_state();
        for i in 0..n {
            if s.is_terminal() {
                s = g.initial_state();
            }
            encoder.encode(&s, &mut features[i * e..(i + 1) * e]);
            let mask = s.legal_mask();
            for m in mask.iter() {
                legal[i * a + m as usize] = 1.0;
            }
            s.play(mask.nth(rng.random_range(0..mask.count())).unwrap()).unwrap();
        }
        (features, legal)
    })
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

/// A model of `network` for `name`'s variant with encoding `encoding`, made on the CPU and
/// saved in `dir`: its path, with what loading it expects.
fn saved_model(dir: &Path, name: &str, encoding: u32, network: &NetworkConfig) -> (PathBuf, AnyGame, String) {
    let (game, rules) = variant(name);
    let inputs = with_game!(&game, g => NetInputs::of(g, encoding)).unwrap();
    let net = PolicyValueNet::new(network, &inputs, &cpu());
    let path = dir.join(format!("{name}-{encoding}"));
    file::save(&net, &meta(&game, &rules, encoding, network), &path).unwrap();
    (path, game, rules)
}

/// The networks the loop uses: the MLP (Kalah, encoding 2) and the ring (Oware, encoding 2;
/// its circular convolutions are the backend's other kernels).
fn networks() -> [(&'static str, NetworkConfig); 2] {
    [
        ("kalah", NetworkConfig { width: 64, blocks: 2, value_width: 32, encoding: 2, ..NetworkConfig::default() }),
        ("oware", NetworkConfig { kind: NetworkKind::Ring, width: 16, blocks: 1, value_width: 16, encoding: 2, score_head: true, ..NetworkConfig::default() }),
    ]
}

#[test]
fn the_network_on_the_device_gives_the_cpus_policy_and_value() {
    let Some(chosen) = unless_software("the_network_on_the_device_gives_the_cpus_policy_and_value") else {
        return;
    };
    let device = chosen.device;
    let dir = temp_dir("infer");
    for (name, network) in networks() {
        let (path, game, rules) = saved_model(&dir, name, 2, &network);
        let expected = Expected::of(&game, &rules, 2);
        let (on_cpu, _) = file::load(&path, &expected, &cpu()).unwrap();
        let (on_device, _) = file::load(&path, &expected, &device).unwrap();
        for batch in [1, 7, 300] {
            let (features, legal) = positions(&game, 2, batch, batch as u64);
            let (p_cpu, v_cpu) = infer(&on_cpu, &cpu(), features.clone(), legal.clone(), batch);
            let (p_dev, v_dev) = infer(&on_device, &device, features, legal, batch);
            let (dp, dv) = (max_diff(&p_cpu, &p_dev), max_diff(&v_cpu, &v_dev));
            assert!(dp < 1e-4 && dv < 1e-4, "{name}, batch {batch}: policy differs by {dp}, value by {dv}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_inference_service_on_the_device_answers_as_the_cpu() {
    let Some(chosen) = unless_software("the_inference_service_on_the_device_answers_as_the_cpu") else {
        return;
    };
    let dir = temp_dir("service");
    let (name, network) = networks()[1].clone();
    let (path, game, rules) = saved_model(&dir, name, 2, &network);
    let expected = Expected::of(&game, &rules, 2);
    let (on_cpu, _) = file::load(&path, &expected, &cpu()).unwrap();
    let (on_device, _) = file::load(&path, &expected, &chosen.device).unwrap();
    let (e, a) = with_game!(&game, g => (Encoder::new(g, 2).unwrap().len(), g.num_actions()));
    let config = ServiceConfig { sizes: vec![16, 64], max_wait: Duration::from_millis(1), warm: true, in_flight: 0 };
    let service = InferenceService::start(on_device, chosen.device.clone(), (e, a), config);
    // Four threads' requests of 5 to 70 positions: padded to 16 or 64, the 70 cut in two.
    let answers: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = [5usize, 16, 40, 70]
            .into_iter()
            .map(|n| {
                let (service, game) = (service.clone(), &game);
                s.spawn(move || {
                    let (features, legal) = positions(game, 2, n, n as u64);
                    let (p, v, _) = service.infer(features.clone(), legal.clone(), n);
                    (features, legal, n, p, v)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (features, legal, n, p_dev, v_dev) in answers {
        let (p_cpu, v_cpu) = infer(&on_cpu, &cpu(), features, legal, n);
        let (dp, dv) = (max_diff(&p_cpu, &p_dev), max_diff(&v_cpu, &v_dev));
        assert!(dp < 1e-4 && dv < 1e-4, "{n} positions: policy differs by {dp}, value by {dv}");
    }
    let stats = service.stats();
    assert!(stats.calls.keys().all(|s| [16, 64].contains(s)), "{stats:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_model_file_written_on_the_device_loads_on_the_cpu_with_the_same_outputs() {
    let device = under_test().device;
    let dir = temp_dir("files");
    let (game, rules) = variant("oware");
    let network = NetworkConfig { width: 32, blocks: 1, value_width: 16, encoding: 2, ..NetworkConfig::default() };
    let inputs = with_game!(&game, g => NetInputs::of(g, 2)).unwrap();
    let made_on_device = PolicyValueNet::new(&network, &inputs, &device);
    file::save(&made_on_device, &meta(&game, &rules, 2, &network), &dir.join("m")).unwrap();
    let expected = Expected::of(&game, &rules, 2);
    let (back_on_cpu, _) = file::load(&dir.join("m"), &expected, &cpu()).unwrap();
    let (features, legal) = positions(&game, 2, 50, 5);
    let (p_dev, v_dev) = infer(&made_on_device, &device, features.clone(), legal.clone(), 50);
    let (p_cpu, v_cpu) = infer(&back_on_cpu, &cpu(), features, legal, 50);
    assert!(max_diff(&p_dev, &p_cpu) < 1e-4 && max_diff(&v_dev, &v_cpu) < 1e-4);
    // And back: the CPU's file on the device.
    file::save(&back_on_cpu, &meta(&game, &rules, 2, &network), &dir.join("again")).unwrap();
    let (again, _) = file::load(&dir.join("again"), &expected, &device).unwrap();
    let (features, legal) = positions(&game, 2, 50, 6);
    let (p1, v1) = infer(&again, &device, features.clone(), legal.clone(), 50);
    let (p2, v2) = infer(&back_on_cpu, &cpu(), features, legal, 50);
    assert!(max_diff(&p1, &p2) < 1e-4 && max_diff(&v1, &v2) < 1e-4);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The losses of `steps` AdamW steps from the model at `path`, on `device`, on one fixed
/// batch of `positions`.
fn losses(path: &Path, expected: &Expected<'_>, device: &Device, data: &(Vec<f32>, Vec<f32>), steps: usize) -> Vec<f32> {
    let ad = device.clone().autodiff();
    let (mut net, _) = file::load(path, expected, &ad).unwrap();
    let (features, legal) = data;
    let (e, a) = (expected.encoding_len, expected.num_actions);
    let b = features.len() / e;
    let t = |v: Vec<f32>, shape: [usize; 2]| Tensor::<2>::from_data(TensorData::new(v, shape), &ad);
    // Targets: the uniform policy over the legal moves, alternating values.
    let policy: Vec<f32> = legal
        .chunks(a)
        .flat_map(|row| {
            let n: f32 = row.iter().sum();
            row.iter().map(move |l| l / n).collect::<Vec<_>>()
        })
        .collect();
    let value: Vec<f32> = (0..b).map(|i| if i % 2 == 0 { 0.5 } else { -0.5 }).collect();
    let mut optim = AdamWConfig::new().init();
    let mut out = Vec::new();
    for _ in 0..steps {
        let batch = Batch {
            features: t(features.clone(), [b, e]),  // [B, E]
            mask: t(legal.clone(), [b, a]),         // [B, A]
            policy: t(policy.clone(), [b, a]),      // [B, A]
            value: t(value.clone(), [b, 1]),        // [B, 1]
            policy_weight: t(vec![1.0; b], [b, 1]), // [B, 1]
            score: t(value.clone(), [b, 1]),        // [B, 1]
            score_weight: t(vec![1.0; b], [b, 1]),  // [B, 1]
        };
        let l = loss(&net, batch);
        let total = match l.score {
            Some(score) => l.policy + l.value + score,
            None => l.policy + l.value,
        };
        out.push(total.clone().into_data().try_into_vec::<f32>().unwrap()[0]);
        let grads = GradientsParams::from_grads(total.backward(), &net);
        net = optim.step(1e-2, net, grads);
    }
    out
}

#[test]
fn training_steps_on_the_device_follow_the_cpus() {
    let Some(chosen) = unless_software("training_steps_on_the_device_follow_the_cpus") else {
        return;
    };
    let device = chosen.device;
    let dir = temp_dir("steps");
    for (name, network) in networks() {
        let (path, game, rules) = saved_model(&dir, name, 2, &network);
        let expected = Expected::of(&game, &rules, 2);
        let data = positions(&game, 2, 128, 11);
        let on_cpu = losses(&path, &expected, &cpu(), &data, 5);
        let on_device = losses(&path, &expected, &device, &data, 5);
        assert!(on_cpu[4] < on_cpu[0], "{name}: the loss does not fall on the CPU: {on_cpu:?}");
        let d = max_diff(&on_cpu, &on_device);
        assert!(d < 1e-3, "{name}: losses differ by {d}: {on_cpu:?} on the CPU, {on_device:?} on the device");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_and_the_trainer_run_on_the_device() {
    let Some(under_test) = unless_software("selfplay_and_the_trainer_run_on_the_device") else {
        return;
    };
    let chosen = choose(under_test.choice, &Probe::standard()).unwrap();
    let dir = temp_dir("loop");
    let network = NetworkConfig { width: 32, blocks: 1, value_width: 16, encoding: 2, ..NetworkConfig::default() };
    let (path, game, rules) = saved_model(&dir, "kalah", 2, &network);
    let AnyGame::Kalah(g) = &game else { unreachable!() };
    let expected = Expected::of(&game, &rules, 2);
    let settings = Settings {
        search: SearchConfig { simulations: 16, ..SearchConfig::default() },
        selfplay: SelfplayConfig { games_per_worker: 32, games_per_shard: 40, ..SelfplayConfig::default() },
        run_id: "device".into(),
        generation: 1,
        seed: 4,
        encoding: 2,
    };
    let shard_meta = ShardMeta {
        variant: "kalah".into(),
        rules: rules.clone(),
        limits: String::new(),
        encoding_version: 2,
        code_version: "test".into(),
        encoding_len: expected.encoding_len,
        num_actions: 6,
        run_id: "device".into(),
        seed: 4,
    };
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    // Two workers, each with its own copy of the network on the device.
    let make = |_| NetworkEvaluator::new(file::load(&path, &expected, &mankala_models::device()).unwrap().0, 2);
    let ids: Vec<u64> = (0..40).collect();
    let summary = selfplay(g, &settings, &Shards { meta: &shard_meta, dir: &data }, &ids, 2, make, |_| {}).unwrap();
    assert_eq!(summary.games, 40);
    let rows: usize = summary.shards.iter().map(|s| read_shard(s).unwrap().1.len()).sum();
    assert_eq!(rows as u64, summary.positions);

    let out = dir.join("train");
    let opts = TrainOptions {
        data: std::slice::from_ref(&data),
        init: Some(&path),
        out: &out,
        steps: 20,
        seed: 3,
        expected: expected.clone(),
        network: network.clone(),
        train: TrainConfig {
            steps: 20,
            batch_size: 64,
            warmup_steps: 2,
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
    };
    let trained = train(&opts, |_, _, _| {}).unwrap();
    assert_eq!(trained.step, 20);
    assert!(trained.policy_loss.is_finite() && trained.value_loss.is_finite(), "{trained:?}");
    // The model records where it was trained, and loads on the CPU.
    let (_, meta) = file::load(&out.join("model"), &expected, &cpu()).unwrap();
    assert_eq!(meta.device, chosen.name);
    let _ = std::fs::remove_dir_all(&dir);
}
