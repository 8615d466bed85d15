//! Exported models compute what the burn network computes: the ONNX graph run through tract,
//! and the safetensors weights run through a plain forward pass, on 100 random positions of
//! several variants.

use mankala_config::{NetworkConfig, NetworkKind};
use mankala_engine::{AnyGame, Game, State, with_game};
use mankala_models::export::{OnnxRunner, ring_index, safetensors_tensors, write_onnx, write_safetensors};
use mankala_models::{ModelMeta, NetInputs, PolicyValueNet};

use burn::tensor::{Tensor, TensorData};

const POSITIONS: usize = 100;
const TOLERANCE: f32 = 1e-4;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mankala-export-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Encodings of `POSITIONS` positions of random games (a fixed linear congruential sequence).
fn random_features<G: Game>(g: &G) -> Vec<f32> {
    let mut x: u64 = 99;
    let mut next = |n: u32| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        ((x >> 33) % u64::from(n)) as u32
    };
    let mut out = vec![0.0; POSITIONS * g.encoding_len()];
    let mut filled = 0;
    while filled < POSITIONS {
        let mut s = g.initial_state();
        for _ in 0..next(60) {
            if s.is_terminal() {
                break;
            }
            let mask = s.legal_mask();
            s.play_unchecked(mask.nth(next(mask.count())).unwrap());
        }
        if !s.is_terminal() {
            let e = g.encoding_len();
            s.encode(&mut out[filled * e..(filled + 1) * e]);
            filled += 1;
        }
    }
    out
}

fn meta(variant: &str, e: usize, a: usize, network: &NetworkConfig) -> ModelMeta {
    ModelMeta {
        format_version: mankala_models::file::MODEL_FORMAT_VERSION,
        variant: variant.to_string(),
        rules: String::new(),
        encoding_version: mankala_engine::ENCODING_VERSION,
        encoding_len: e,
        num_actions: a,
        network: network.clone(),
        step: 0,
        samples: 0,
        trained_on: vec![],
        code_version: "test".into(),
        device: String::new(),
    }
}

fn burn_outputs(net: &PolicyValueNet, features: &[f32], e: usize) -> (Vec<f32>, Vec<f32>) {
    let x = Tensor::<2>::from_data(TensorData::new(features.to_vec(), [POSITIONS, e]), &mankala_models::device()); // [B, E]
    let (logits, value) = net.forward(x); // [B, A], [B, 1]
    (logits.into_data().try_to_vec::<f32>().unwrap(), value.into_data().try_to_vec::<f32>().unwrap())
}

fn max_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

/// The forward pass written out on the safetensors tensors (PyTorch layout: `y = x W^T + b`).
fn plain_forward(tensors: &[(String, Vec<usize>, Vec<f32>)], blocks: usize, x: &[f32]) -> (Vec<f32>, f32) {
    let get = |name: &str| tensors.iter().find(|t| t.0 == name).unwrap();
    let linear = |name: &str, h: &[f32]| -> Vec<f32> {
        let (_, shape, w) = get(&format!("{name}.weight"));
        let (_, _, b) = get(&format!("{name}.bias"));
        let (outs, ins) = (shape[0], shape[1]);
        assert_eq!(h.len(), ins, "{name}");
        (0..outs).map(|o| b[o] + (0..ins).map(|i| w[o * ins + i] * h[i]).sum::<f32>()).collect()
    };
    let relu = |v: Vec<f32>| v.into_iter().map(|x| x.max(0.0)).collect::<Vec<_>>();
    let mut h = relu(linear("input", x));
    for i in 0..blocks {
        let a = relu(linear(&format!("blocks.{i}.first"), &h));
        let b = linear(&format!("blocks.{i}.second"), &a);
        h = relu(b.iter().zip(&h).map(|(x, y)| x + y).collect());
    }
    let logits = linear("policy", &h);
    let v = linear("value_out", &relu(linear("value_hidden", &h)));
    (logits, v[0].tanh())
}

#[test]
fn onnx_and_safetensors_exports_match_the_burn_network() {
    let dir = temp("match");
    let network = NetworkConfig { width: 48, blocks: 2, value_width: 16, ..NetworkConfig::default() };
    for variant in ["oware", "kalah", "omweso", "bao", "bao-malawi"] {
        let game = AnyGame::by_name(variant).unwrap();
        let (e, a, features) = with_game!(&game, g => (g.encoding_len(), g.num_actions(), random_features(g)));
        let net = PolicyValueNet::new(&network, &mankala_models::NetInputs::flat(e, a), &mankala_models::device());
        let (want_logits, want_values) = burn_outputs(&net, &features, e);

        let onnx = dir.join(format!("{variant}.onnx"));
        write_onnx(&net, &meta(variant, e, a, &network), "test", &onnx).unwrap();
        let runner = OnnxRunner::load(&onnx, POSITIONS, e).unwrap();
        let (logits, values) = runner.run(&features).unwrap();
        assert_eq!(logits.len(), POSITIONS * a, "{variant}");
        assert!(max_diff(&logits, &want_logits) <= TOLERANCE, "{variant}");
        assert!(max_diff(&values, &want_values) <= TOLERANCE, "{variant}");

        let st = dir.join(format!("{variant}.safetensors"));
        write_safetensors(&net, vec![("variant".into(), variant.into())], &st).unwrap();
        let bytes = std::fs::read(&st).unwrap();
        let file = safetensors::SafeTensors::deserialize(&bytes).unwrap();
        let read: Vec<(String, Vec<usize>, Vec<f32>)> = safetensors_tensors(&net)
            .into_iter()
            .map(|(name, shape, values)| {
                let t = file.tensor(&name).unwrap();
                assert_eq!(t.shape(), shape.as_slice(), "{name}");
                let stored: Vec<f32> = t.data().chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
                assert_eq!(stored, values, "{name}");
                (name, shape, stored)
            })
            .collect();
        assert_eq!(file.len(), read.len());
        for i in 0..POSITIONS {
            let (l, v) = plain_forward(&read, network.blocks, &features[i * e..(i + 1) * e]);
            assert!(max_diff(&l, &want_logits[i * a..(i + 1) * a]) <= TOLERANCE);
            assert!((v - want_values[i]).abs() <= TOLERANCE, "{variant} {i}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_is_not_onnx_is_a_clear_error() {
    let dir = temp("garbage");
    let path = dir.join("garbage.onnx");
    std::fs::write(&path, b"not a protobuf model at all").unwrap();
    let err = OnnxRunner::load(&path, 1, 12).unwrap_err().to_string();
    assert!(err.contains("garbage.onnx"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

type Tensors = [(String, Vec<usize>, Vec<f32>)];

/// `y = x W^T + b` for one row, on a safetensors layer.
fn plain_linear(tensors: &Tensors, name: &str, h: &[f32]) -> Vec<f32> {
    let get = |n: String| tensors.iter().find(|t| t.0 == n).unwrap_or_else(|| panic!("no {n}"));
    let (_, shape, w) = get(format!("{name}.weight"));
    let (_, _, b) = get(format!("{name}.bias"));
    let (outs, ins) = (shape[0], shape[1]);
    assert_eq!(h.len(), ins, "{name}");
    (0..outs).map(|o| b[o] + (0..ins).map(|i| w[o * ins + i] * h[i]).sum::<f32>()).collect()
}

/// The ring convolution written out: position `i` reads positions `i - 1, i, i + 1` (mod P).
fn plain_ring_conv(tensors: &Tensors, name: &str, h: &[Vec<f32>]) -> Vec<Vec<f32>> {
    let p = h.len();
    (0..p)
        .map(|i| {
            let around: Vec<f32> = [(i + p - 1) % p, i, (i + 1) % p].iter().flat_map(|&j| h[j].clone()).collect();
            plain_linear(tensors, name, &around)
        })
        .collect()
}

/// The ring network's forward pass written out on the safetensors tensors and index.
fn plain_ring_forward(tensors: &Tensors, index: &[i64], cin: usize, blocks: usize, x: &[f32]) -> (Vec<f32>, f32) {
    let relu = |v: Vec<f32>| v.into_iter().map(|x| x.max(0.0)).collect::<Vec<_>>();
    let global = plain_linear(tensors, "input", x);
    let holes: Vec<Vec<f32>> = index.chunks(cin).map(|row| row.iter().map(|&i| x[i as usize]).collect()).collect();
    let mut h: Vec<Vec<f32>> =
        plain_ring_conv(tensors, "ring.stem", &holes).into_iter().map(|y| relu(y.iter().zip(&global).map(|(a, b)| a + b).collect())).collect();
    for i in 0..blocks {
        let a: Vec<Vec<f32>> = plain_ring_conv(tensors, &format!("ring.blocks.{i}.first"), &h).into_iter().map(relu).collect();
        let b = plain_ring_conv(tensors, &format!("ring.blocks.{i}.second"), &a);
        h = b.iter().zip(&h).map(|(b, h)| relu(b.iter().zip(h).map(|(x, y)| x + y).collect())).collect();
    }
    let c = h[0].len();
    let mean: Vec<f32> = (0..c).map(|k| h.iter().map(|r| r[k]).sum::<f32>() / h.len() as f32).collect();
    let max: Vec<f32> = (0..c).map(|k| h.iter().map(|r| r[k]).fold(f32::NEG_INFINITY, f32::max)).collect();
    let logits = plain_linear(tensors, "policy", &h.concat());
    let pooled = [mean, max].concat();
    let v = plain_linear(tensors, "value_out", &relu(plain_linear(tensors, "value_hidden", &pooled)));
    (logits, v[0].tanh())
}

#[test]
fn a_ring_network_exports_to_onnx_and_safetensors_that_compute_what_burn_computes() {
    let dir = temp("ring");
    let network = NetworkConfig { kind: NetworkKind::Ring, width: 16, blocks: 2, value_width: 8, ..NetworkConfig::default() };
    for variant in ["oware", "kalah", "omweso", "bao", "enkeshui"] {
        let game = AnyGame::by_name(variant).unwrap();
        let (inputs, features) = with_game!(&game, g => (NetInputs::of(g, 1).unwrap(), random_features(g)));
        let (e, a) = (inputs.encoding_len, inputs.num_actions);
        let net = PolicyValueNet::new(&network, &inputs, &mankala_models::device());
        let (want_logits, want_values) = burn_outputs(&net, &features, e);

        let onnx = dir.join(format!("{variant}.onnx"));
        write_onnx(&net, &meta(variant, e, a, &network), "test", &onnx).unwrap();
        let (logits, values) = OnnxRunner::load(&onnx, POSITIONS, e).unwrap().run(&features).unwrap();
        assert!(max_diff(&logits, &want_logits) <= TOLERANCE, "{variant}: {}", max_diff(&logits, &want_logits));
        assert!(max_diff(&values, &want_values) <= TOLERANCE, "{variant}");

        let st = dir.join(format!("{variant}.safetensors"));
        write_safetensors(&net, vec![], &st).unwrap();
        let bytes = std::fs::read(&st).unwrap();
        let file = safetensors::SafeTensors::deserialize(&bytes).unwrap();
        let index = file.tensor("ring.index").unwrap();
        assert_eq!(index.shape(), [inputs.ring.positions, inputs.ring.channels]);
        let index: Vec<i64> = index.data().chunks(8).map(|c| i64::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(Some((vec![inputs.ring.positions, inputs.ring.channels], index.clone())), ring_index(&net));
        let tensors: Vec<(String, Vec<usize>, Vec<f32>)> = safetensors_tensors(&net)
            .into_iter()
            .map(|(name, shape, _)| {
                let stored = file.tensor(&name).unwrap().data().chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
                (name, shape, stored)
            })
            .collect();
        for i in 0..POSITIONS {
            let (l, v) = plain_ring_forward(&tensors, &index, inputs.ring.channels, network.blocks, &features[i * e..(i + 1) * e]);
            assert!(max_diff(&l, &want_logits[i * a..(i + 1) * a]) <= TOLERANCE, "{variant} {i}");
            assert!((v - want_values[i]).abs() <= TOLERANCE, "{variant} {i}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The score head's output for each of `POSITIONS` positions, as burn computes it.
fn burn_scores(net: &PolicyValueNet, features: &[f32], e: usize) -> Vec<f32> {
    let x = Tensor::<2>::from_data(TensorData::new(features.to_vec(), [POSITIONS, e]), &mankala_models::device()); // [B, E]
    let (_, _, score) = net.forward_heads(x);
    score.expect("a score head").into_data().try_to_vec::<f32>().unwrap()
}

#[test]
fn a_score_head_is_exported_as_a_third_output_that_computes_what_burn_computes() {
    let dir = temp("score");
    for kind in [NetworkKind::Mlp, NetworkKind::Ring] {
        let network = NetworkConfig { kind, width: 16, blocks: 1, value_width: 8, score_head: true, ..NetworkConfig::default() };
        let game = AnyGame::by_name("kalah").unwrap();
        let (inputs, features) = with_game!(&game, g => (NetInputs::of(g, 1).unwrap(), random_features(g)));
        let (e, a) = (inputs.encoding_len, inputs.num_actions);
        let net = PolicyValueNet::new(&network, &inputs, &mankala_models::device());
        assert!(net.has_score_head());
        let (want_logits, want_values) = burn_outputs(&net, &features, e);
        let want_scores = burn_scores(&net, &features, e);
        // The score is its own output, not a copy of the value.
        assert!(max_diff(&want_scores, &want_values) > 1e-3, "{kind:?}");

        let meta = meta("kalah", e, a, &network);
        let onnx = dir.join(format!("{kind:?}.onnx"));
        write_onnx(&net, &meta, "test", &onnx).unwrap();
        let (logits, values, scores) = OnnxRunner::load(&onnx, POSITIONS, e).unwrap().run_heads(&features).unwrap();
        assert!(max_diff(&logits, &want_logits) <= TOLERANCE, "{kind:?}");
        assert!(max_diff(&values, &want_values) <= TOLERANCE, "{kind:?}");
        let scores = scores.expect("a third output");
        assert!(max_diff(&scores, &want_scores) <= TOLERANCE, "{kind:?}");
        let (_, outputs) = mankala_models::export::ports(&meta);
        let names: Vec<&str> = outputs.iter().map(|p| p.name).collect();
        assert_eq!(names, ["policy_logits", "value", "score"]);

        // The safetensors file holds the score layer, read from the value head's hidden layer.
        let tensors = safetensors_tensors(&net);
        let get = |name: &str| tensors.iter().find(|t| t.0 == name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(get("score_out.weight").1, [1, network.value_width]);
        if kind == NetworkKind::Mlp {
            for i in 0..POSITIONS {
                let x = &features[i * e..(i + 1) * e];
                let relu = |v: Vec<f32>| v.into_iter().map(|x| x.max(0.0)).collect::<Vec<_>>();
                let mut h = relu(plain_linear(&tensors, "input", x));
                let a = relu(plain_linear(&tensors, "blocks.0.first", &h));
                let b = plain_linear(&tensors, "blocks.0.second", &a);
                h = relu(b.iter().zip(&h).map(|(x, y)| x + y).collect());
                let s = plain_linear(&tensors, "score_out", &relu(plain_linear(&tensors, "value_hidden", &h)));
                assert!((s[0].tanh() - want_scores[i]).abs() <= TOLERANCE, "{i}");
            }
        }
    }
    // A network without the head has two outputs, as before.
    let network = NetworkConfig { width: 16, blocks: 1, value_width: 8, ..NetworkConfig::default() };
    let game = AnyGame::by_name("kalah").unwrap();
    let (inputs, features) = with_game!(&game, g => (NetInputs::of(g, 1).unwrap(), random_features(g)));
    let net = PolicyValueNet::new(&network, &inputs, &mankala_models::device());
    let onnx = dir.join("plain.onnx");
    write_onnx(&net, &meta("kalah", inputs.encoding_len, inputs.num_actions, &network), "test", &onnx).unwrap();
    let (_, _, scores) = OnnxRunner::load(&onnx, POSITIONS, inputs.encoding_len).unwrap().run_heads(&features).unwrap();
    assert!(scores.is_none());
    assert!(safetensors_tensors(&net).iter().all(|t| !t.0.starts_with("score_out")));
    std::fs::remove_dir_all(&dir).unwrap();
}
