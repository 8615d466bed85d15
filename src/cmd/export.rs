//! `mankala export`: a trained model as ONNX or safetensors, with a JSON sidecar describing
//! the variant, rules, encoding (feature by feature), outputs and every action index, and
//! reference inputs and outputs for checking another runtime (`docs/export.md`).

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use mankala_config::NetworkKind;
use mankala_data::atomic::with_suffix;
use mankala_engine::{AnyGame, Encoder, Game, State, with_game};
use mankala_models::export::{self, EXPORT_FORMAT_VERSION};
use mankala_models::file::{self};
use mankala_models::{Expected, ModelMeta, PolicyValueNet};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

use mankala_pipeline::code_version;

/// The file formats `export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// An ONNX graph (opset 13): `features [batch, E] -> policy_logits [batch, A], value
    /// [batch, 1]`.
    Onnx,
    /// The weights in PyTorch's `nn.Linear` layout, for a module written after docs/export.md.
    Safetensors,
}

/// What `export` is asked to do.
#[derive(Debug)]
pub struct ExportArgs<'a> {
    /// The model (`.bpk` with its `.json` sidecar).
    pub model: &'a Path,
    /// Output format.
    pub format: Format,
    /// The exported file; the sidecar is `<out>.json`, the samples `<out>.samples.json`.
    pub out: &'a Path,
    /// Reference positions to write with the network's outputs (0: none).
    pub samples: usize,
    /// Seed of the reference positions.
    pub seed: u64,
}

/// The sidecar's path for an exported file.
pub fn sidecar_path(out: &Path) -> PathBuf {
    with_suffix(out, ".json")
}

/// The reference samples' path for an exported file.
pub fn samples_path(out: &Path) -> PathBuf {
    with_suffix(out, ".samples.json")
}

/// `mankala export`.
///
/// # Errors
/// When the model cannot be read or does not fit this engine, or a file cannot be written.
pub fn run(args: &ExportArgs<'_>) -> Result<()> {
    let meta = file::read_meta(args.model)?;
    let rules: toml::Table = toml::from_str(&meta.rules).map_err(|e| {
        anyhow::anyhow!(
            "{}: rules are not a TOML table: {e}",
            file::model_paths(args.model).1.display()
        )
    })?;
    let game = AnyGame::from_tables(&meta.variant, &rules, &toml::Table::new())
        .with_context(|| format!("{}", file::model_paths(args.model).1.display()))?;
    let expected = Expected::of(&game, &meta.rules, meta.encoding_version).to_play();
    let (net, meta) = file::load(args.model, &expected, &mankala_models::device())?;
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        bail!(
            "--out {}: no directory {}",
            args.out.display(),
            dir.display()
        );
    }
    if sidecar_path(args.out) == args.out || args.out.extension().is_some_and(|e| e == "json") {
        bail!(
            "--out {}: expected a .onnx or .safetensors file name",
            args.out.display()
        );
    }
    let version = code_version();
    let tensors = match args.format {
        Format::Onnx => {
            export::write_onnx(&net, &meta, &version, args.out)?;
            None
        }
        Format::Safetensors => {
            let header = vec![
                ("variant".to_string(), meta.variant.clone()),
                ("rules".to_string(), meta.rules.clone()),
                (
                    "encoding_version".to_string(),
                    meta.encoding_version.to_string(),
                ),
                ("producer".to_string(), format!("mankala {version}")),
            ];
            export::write_safetensors(&net, header, args.out)?;
            let mut list = export::safetensors_tensors(&net)
                .into_iter()
                .map(|(name, shape, _)| json!({"name": name, "shape": shape, "dtype": "float32"}))
                .collect::<Vec<_>>();
            if let Some((shape, _)) = export::ring_index(&net) {
                list.push(json!({"name": "ring.index", "shape": shape, "dtype": "int64"}));
            }
            Some(list)
        }
    };
    let sidecar = sidecar(&game, &meta, args, tensors, &version);
    atomic::write(
        &sidecar_path(args.out),
        serde_json::to_string_pretty(&sidecar)?.as_bytes(),
    )?;
    println!(
        "wrote {} and its description {}",
        args.out.display(),
        sidecar_path(args.out).display()
    );
    if args.samples > 0 {
        let samples = with_game!(&game, g => reference_samples(g, &net, meta.encoding_version, args.samples, args.seed));
        atomic::write(
            &samples_path(args.out),
            serde_json::to_string(&samples)?.as_bytes(),
        )?;
        println!(
            "wrote {} reference positions with the network's outputs to {}",
            args.samples,
            samples_path(args.out).display()
        );
    }
    Ok(())
}

/// The export's description: what the file is, what goes in and comes out, and what every
/// feature and action means.
fn sidecar(
    game: &AnyGame,
    meta: &ModelMeta,
    args: &ExportArgs<'_>,
    tensors: Option<Vec<serde_json::Value>>,
    version: &str,
) -> serde_json::Value {
    let (inputs, outputs) = export::ports(meta);
    let (features, actions) = with_game!(game, g => (
        Encoder::new(g, meta.encoding_version).expect("checked on loading").feature_names(g),
        g.action_meanings()
    ));
    let file_name = args
        .out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    let mut v = json!({
        "format": "mankala-export",
        "format_version": EXPORT_FORMAT_VERSION,
        "file": file_name,
        "file_format": match args.format {
            Format::Onnx => "onnx",
            Format::Safetensors => "safetensors",
        },
        "variant": meta.variant,
        "rules": toml::from_str::<toml::Table>(&meta.rules).unwrap_or_default(),
        "rules_toml": meta.rules,
        "encoding_version": meta.encoding_version,
        "encoding_len": meta.encoding_len,
        "num_actions": meta.num_actions,
        "inputs": inputs,
        "outputs": outputs,
        "network": network_description(&meta.network),
        "features": features,
        "actions": actions,
        "actions_note": "action indices are relative to the player to move: `south` names the \
                         move when South is to move, `north` when North is",
        "trained": {
            "steps": meta.step,
            "samples": meta.samples,
            "trained_on": meta.trained_on,
            "code_version": meta.code_version,
        },
        "source_model": args.model.display().to_string(),
        "exported_by": version,
    });
    if let Some(t) = tensors {
        v["tensors"] = json!(t);
        v["tensors_note"] = json!(
            "PyTorch nn.Linear layout: weight [out, in], bias [out]; names follow the forward pass"
        );
    }
    if args.samples > 0 {
        v["samples_file"] = json!(
            samples_path(args.out)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
        );
    }
    v
}

/// The network's architecture and forward pass, for the sidecar.
fn network_description(n: &mankala_config::NetworkConfig) -> serde_json::Value {
    let (kind, forward) = match n.kind {
        NetworkKind::Mlp => (
            "residual MLP",
            "h = relu(input(x)); per block: h = relu(second(relu(first(h))) + h); \
             policy_logits = policy(h); value = tanh(value_out(relu(value_hidden(h))))",
        ),
        NetworkKind::Ring => (
            "ring",
            "holes[p][c] = x[ring.index[p][c]]; conv(L, h)[p] = L(concat(h[p-1], h[p], h[p+1])) \
             around the ring (positions mod P); h = relu(conv(ring.stem, holes) + input(x)); \
             per block: h = relu(conv(second, relu(conv(first, h))) + h); \
             policy_logits = policy(flatten(h)); \
             value = tanh(value_out(relu(value_hidden(concat(mean_p(h), max_p(h))))))",
        ),
    };
    let mut d = json!({
        "kind": kind,
        "width": n.width,
        "blocks": n.blocks,
        "value_width": n.value_width,
        "forward": forward,
    });
    if n.score_head {
        d["forward"] = json!(format!(
            "{forward}; score = tanh(score_out(relu(value_hidden(...)))), the value's hidden \
             layer: the final seed margin for the player to move as tanh(margin / score_scale)"
        ));
        d["score_scale"] = json!(n.score_scale);
    }
    d
}

/// `count` positions reached by random play (seeded by `seed`), each with its encoding (of
/// version `encoding`), legal actions and the network's outputs.
fn reference_samples<G: Game>(
    game: &G,
    net: &PolicyValueNet,
    encoding: u32,
    count: usize,
    seed: u64,
) -> serde_json::Value {
    let positions = random_positions(game, count, seed);
    let encoder = Encoder::new(game, encoding).expect("checked on loading");
    let (e, a) = (encoder.len(), game.num_actions());
    let mut features = vec![0.0f32; count * e];
    for (s, out) in positions.iter().zip(features.chunks_mut(e)) {
        encoder.encode(s, out);
    }
    let (logits, values, scores) = forward_heads(net, &features, count, e);
    let rows: Vec<serde_json::Value> = positions
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut row = json!({
                "to_move": s.to_move().name(),
                "ply": s.ply(),
                "features": &features[i * e..(i + 1) * e],
                "legal": s.legal_mask().iter().collect::<Vec<_>>(),
                "policy_logits": &logits[i * a..(i + 1) * a],
                "value": values[i],
            });
            if let Some(scores) = &scores {
                row["score"] = json!(scores[i]);
            }
            row
        })
        .collect();
    json!({
        "variant": game.name(),
        "seed": seed,
        "tolerance": 1e-4,
        "positions": rows,
    })
}

/// `count` positions of random games, none over: each game is played a random number of
/// plies (up to 80) from the start.
pub fn random_positions<G: Game>(game: &G, count: usize, seed: u64) -> Vec<G::State> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut s = game.initial_state();
        let plies = rng.random_range(0..80);
        for _ in 0..plies {
            if s.is_terminal() {
                break;
            }
            let mask = s.legal_mask();
            let a = mask
                .nth(rng.random_range(0..mask.count()))
                .expect("a legal action");
            s.play_unchecked(a);
        }
        if !s.is_terminal() {
            out.push(s);
        }
    }
    out
}

/// The network's raw outputs for `batch` encoded positions: logits `[batch * A]`, values
/// `[batch]`, and the score head's (`[batch]`) where the network has one.
pub fn forward_heads(
    net: &PolicyValueNet,
    features: &[f32],
    batch: usize,
    encoding_len: usize,
) -> (Vec<f32>, Vec<f32>, Option<Vec<f32>>) {
    use burn::tensor::{Tensor, TensorData};
    let x = Tensor::<2>::from_data(
        TensorData::new(features.to_vec(), [batch, encoding_len]),
        &mankala_models::device(),
    ); // [B, E]
    let (logits, value, score) = net.forward_heads(x); // [B, A], [B, 1], [B, 1]
    (
        logits.into_data().try_to_vec::<f32>().expect("f32 logits"),
        value.into_data().try_to_vec::<f32>().expect("f32 values"),
        score.map(|s| s.into_data().try_to_vec::<f32>().expect("f32 scores")),
    )
}
