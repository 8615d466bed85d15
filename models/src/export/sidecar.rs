//! A whole export as `mankala export` writes it ([`export_model`]): the exported file, its
//! description beside it ([`Sidecar`], `<out>.json`: the variant, rules, encoding feature by
//! feature, inputs, outputs and every action index; docs/export.md) and, when asked for,
//! reference positions with the network's outputs ([`ReferenceSamples`],
//! `<out>.samples.json`) for checking another runtime. Both files are typed here, beside
//! [`EXPORT_FORMAT_VERSION`], and written atomically.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use burn::tensor::TensorData;
use mankala_config::{NetworkConfig, NetworkKind};
use mankala_data::atomic::{self, with_suffix};
use mankala_engine::{Action, ActionMeaning, AnyGame, Encoder, Feature, Game, State, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;
use thiserror::Error;

use super::{EXPORT_FORMAT_VERSION, Port, ports, ring_index, safetensors_tensors};
use super::{write_onnx, write_safetensors};
use crate::file::{self, ModelError, ModelMeta};
use crate::{Expected, PolicyValueNet};

/// The file formats an export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// An ONNX graph (opset 13): `features [batch, E] -> policy_logits [batch, A], value
    /// [batch, 1]` (and `score [batch, 1]` with a score head).
    Onnx,
    /// The weights in PyTorch's `nn.Linear` layout, for a module written after docs/export.md.
    Safetensors,
}

impl ExportFormat {
    /// Every format, in the order a command line lists them.
    pub const ALL: [ExportFormat; 2] = [ExportFormat::Onnx, ExportFormat::Safetensors];

    /// Its name, as the sidecar's `file_format` says it and `mankala export --format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            ExportFormat::Onnx => "onnx",
            ExportFormat::Safetensors => "safetensors",
        }
    }

    /// What the file holds, in one line for a command line's help.
    pub fn help(self) -> &'static str {
        match self {
            ExportFormat::Onnx => {
                "An ONNX graph (opset 13): `features [batch, E] -> policy_logits [batch, A], \
                 value [batch, 1]`"
            }
            ExportFormat::Safetensors => {
                "The weights in PyTorch's `nn.Linear` layout, for a module written after \
                 docs/export.md"
            }
        }
    }
}

/// Reads a format by its [`ExportFormat::name`].
impl FromStr for ExportFormat {
    type Err = UnknownExportFormat;

    fn from_str(s: &str) -> Result<ExportFormat, UnknownExportFormat> {
        ExportFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownExportFormat {
                name: s.to_string(),
            })
    }
}

/// A name that is no [`ExportFormat`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownExportFormat {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownExportFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = ExportFormat::ALL
            .into_iter()
            .map(ExportFormat::name)
            .collect();
        write!(
            f,
            "unknown export format `{}`: expected one of {}",
            self.name,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownExportFormat {}

/// What to export, and where.
#[derive(Clone, Debug)]
pub struct ExportRequest<'a> {
    /// The model (`.bpk` with its `.json` sidecar).
    pub model: &'a Path,
    /// The format of the exported file.
    pub format: ExportFormat,
    /// The exported file; its description goes to [`sidecar_path`], the samples to
    /// [`samples_path`].
    pub out: &'a Path,
    /// Reference positions to write with the network's outputs (0: none).
    pub samples: usize,
    /// Seed of the reference positions.
    pub seed: u64,
    /// The exporting program's version, recorded in the files.
    pub code_version: &'a str,
}

/// The files an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// The exported network.
    pub file: PathBuf,
    /// Its description.
    pub sidecar: PathBuf,
    /// The reference samples, when asked for.
    pub samples: Option<PathBuf>,
}

/// An export that cannot be made, naming the file at fault.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The model cannot be read or does not fit this engine, or a file cannot be written.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// The model's variant or rules are not this engine's.
    #[error("{}: {message}", path.display())]
    Game {
        /// The model's description.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The exported file's folder does not exist.
    #[error("{}: no directory {}", out.display(), dir.display())]
    NoDirectory {
        /// The exported file asked for.
        out: PathBuf,
        /// Its folder.
        dir: PathBuf,
    },
    /// The exported file's name would be taken for its description.
    #[error("{}: expected a .onnx or .safetensors file name", out.display())]
    OutName {
        /// The exported file asked for.
        out: PathBuf,
    },
}

/// The description's path for an exported file.
pub fn sidecar_path(out: &Path) -> PathBuf {
    with_suffix(out, ".json")
}

/// The reference samples' path for an exported file.
pub fn samples_path(out: &Path) -> PathBuf {
    with_suffix(out, ".samples.json")
}

/// Exports the model of `request`: checks it against this engine, writes the network in the
/// format asked, its description, and the reference samples when asked for.
///
/// # Errors
/// [`ExportError`]: a model that cannot be read or is not of this engine's games, an output
/// name that cannot be used, or a file that cannot be written.
pub fn export_model(request: &ExportRequest<'_>) -> Result<Exported, ExportError> {
    let meta = file::read_meta(request.model)?;
    let description = file::model_paths(request.model).1;
    let game_error = |message: String| ExportError::Game {
        path: description.clone(),
        message,
    };
    let rules: toml::Table = toml::from_str(&meta.rules)
        .map_err(|e| game_error(format!("rules are not a TOML table: {e}")))?;
    let game = AnyGame::from_tables(&meta.variant, &rules, &toml::Table::new())
        .map_err(|e| game_error(e.to_string()))?;
    let expected = Expected::of(&game, &meta.rules, meta.encoding_version).to_play();
    let (net, meta) = file::load(request.model, &expected, &crate::device())?;
    let out = request.out;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        return Err(ExportError::NoDirectory {
            out: out.to_path_buf(),
            dir: dir.to_path_buf(),
        });
    }
    if sidecar_path(out) == out || out.extension().is_some_and(|e| e == "json") {
        return Err(ExportError::OutName {
            out: out.to_path_buf(),
        });
    }
    let tensors = match request.format {
        ExportFormat::Onnx => {
            write_onnx(&net, &meta, request.code_version, out)?;
            None
        }
        ExportFormat::Safetensors => {
            let header = vec![
                ("variant".to_string(), meta.variant.clone()),
                ("rules".to_string(), meta.rules.clone()),
                (
                    "encoding_version".to_string(),
                    meta.encoding_version.to_string(),
                ),
                (
                    "producer".to_string(),
                    format!("mankala {}", request.code_version),
                ),
            ];
            write_safetensors(&net, header, out)?;
            let mut list: Vec<TensorInfo> = safetensors_tensors(&net)
                .into_iter()
                .map(|(name, shape, _)| TensorInfo {
                    name,
                    shape,
                    dtype: "float32",
                })
                .collect();
            if let Some((shape, _)) = ring_index(&net) {
                list.push(TensorInfo {
                    name: "ring.index".to_string(),
                    shape,
                    dtype: "int64",
                });
            }
            Some(list)
        }
    };
    let sidecar = Sidecar::new(&game, &meta, request, tensors);
    let written = Exported {
        file: out.to_path_buf(),
        sidecar: sidecar_path(out),
        samples: (request.samples > 0).then(|| samples_path(out)),
    };
    write_json(&written.sidecar, &sidecar, true)?;
    if let Some(path) = &written.samples {
        let samples = with_game!(&game, g => ReferenceSamples::new(
            g,
            &net,
            meta.encoding_version,
            request.samples,
            request.seed,
        ));
        write_json(path, &samples, false)?;
    }
    Ok(written)
}

/// Writes `value` as JSON to `path` atomically (`pretty`: indented, for people).
fn write_json<T: Serialize>(path: &Path, value: &T, pretty: bool) -> Result<(), ModelError> {
    let text = if pretty {
        serde_json::to_string_pretty(value)
    } else {
        serde_json::to_string(value)
    }
    .map_err(|e| ModelError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    })?;
    atomic::write(path, text.as_bytes())?;
    Ok(())
}

/// An export's description (`<out>.json`, docs/export.md).
#[derive(Clone, Debug, Serialize)]
pub struct Sidecar {
    /// Always `mankala-export`.
    pub format: &'static str,
    /// [`EXPORT_FORMAT_VERSION`].
    pub format_version: u32,
    /// The exported file's name.
    pub file: Option<String>,
    /// `onnx` or `safetensors`.
    pub file_format: &'static str,
    /// The variant.
    pub variant: String,
    /// The rule options the network was trained under, as a table.
    pub rules: toml::Table,
    /// The same, as the TOML of a config's `[rules]`.
    pub rules_toml: String,
    /// The encoding version of the inputs.
    pub encoding_version: u32,
    /// Input values a position.
    pub encoding_len: usize,
    /// Policy outputs.
    pub num_actions: usize,
    /// The graph's inputs.
    pub inputs: Vec<Port>,
    /// The graph's outputs.
    pub outputs: Vec<Port>,
    /// The architecture and its forward pass.
    pub network: NetworkDescription,
    /// What each input value is.
    pub features: Vec<Feature>,
    /// What each action index is.
    pub actions: Vec<ActionMeaning>,
    /// How action indices relate to the player to move.
    pub actions_note: &'static str,
    /// How the network was trained.
    pub trained: Trained,
    /// The model exported.
    pub source_model: String,
    /// The exporting program's version.
    pub exported_by: String,
    /// The safetensors file's tensors (safetensors only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tensors: Option<Vec<TensorInfo>>,
    /// The tensors' layout (safetensors only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tensors_note: Option<&'static str>,
    /// The reference samples' file name, when written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples_file: Option<String>,
}

impl Sidecar {
    /// The description of `request`'s export of a network of `game` described by `meta`.
    fn new(
        game: &AnyGame,
        meta: &ModelMeta,
        request: &ExportRequest<'_>,
        tensors: Option<Vec<TensorInfo>>,
    ) -> Sidecar {
        let (inputs, outputs) = ports(meta);
        let (features, actions) = with_game!(game, g => (
            Encoder::new(g, meta.encoding_version).expect("checked on loading").feature_names(g),
            g.action_meanings()
        ));
        let file_name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
        Sidecar {
            format: "mankala-export",
            format_version: EXPORT_FORMAT_VERSION,
            file: file_name(request.out),
            file_format: request.format.name(),
            variant: meta.variant.clone(),
            rules: toml::from_str(&meta.rules).unwrap_or_default(),
            rules_toml: meta.rules.clone(),
            encoding_version: meta.encoding_version,
            encoding_len: meta.encoding_len,
            num_actions: meta.num_actions,
            inputs,
            outputs,
            network: NetworkDescription::of(&meta.network),
            features,
            actions,
            actions_note: "action indices are relative to the player to move: `south` names the \
                           move when South is to move, `north` when North is",
            trained: Trained {
                steps: meta.step,
                samples: meta.samples,
                trained_on: meta.trained_on.clone(),
                code_version: meta.code_version.clone(),
            },
            source_model: request.model.display().to_string(),
            exported_by: request.code_version.to_string(),
            tensors_note: tensors.as_ref().map(|_| {
                "PyTorch nn.Linear layout: weight [out, in], bias [out]; names follow the forward pass"
            }),
            tensors,
            samples_file: (request.samples > 0)
                .then(|| file_name(&samples_path(request.out)))
                .flatten(),
        }
    }
}

/// One tensor of a safetensors export.
#[derive(Clone, Debug, Serialize)]
pub struct TensorInfo {
    /// Its name.
    pub name: String,
    /// Its shape.
    pub shape: Vec<usize>,
    /// Its element type.
    pub dtype: &'static str,
}

/// How the exported network was trained.
#[derive(Clone, Debug, Serialize)]
pub struct Trained {
    /// Training steps.
    pub steps: u64,
    /// Samples seen.
    pub samples: u64,
    /// The data it was trained on.
    pub trained_on: Vec<String>,
    /// The training program's version.
    pub code_version: String,
}

/// The network's architecture and forward pass.
#[derive(Clone, Debug, Serialize)]
pub struct NetworkDescription {
    /// `residual MLP` or `ring`.
    pub kind: &'static str,
    /// Width of the hidden layers.
    pub width: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_width: usize,
    /// The forward pass in words and formulas.
    pub forward: String,
    /// The score head's scale (a network with a score head only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score_scale: Option<f32>,
}

impl NetworkDescription {
    /// The description of a network of `n`.
    pub fn of(n: &NetworkConfig) -> NetworkDescription {
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
        let forward = if n.score_head {
            format!(
                "{forward}; score = tanh(score_out(relu(value_hidden(...)))), the value's hidden \
                 layer: the final seed margin for the player to move as tanh(margin / score_scale)"
            )
        } else {
            forward.to_string()
        };
        NetworkDescription {
            kind,
            width: n.width,
            blocks: n.blocks,
            value_width: n.value_width,
            forward,
            score_scale: n.score_head.then_some(n.score_scale),
        }
    }
}

/// Positions with the network's outputs (`<out>.samples.json`), for checking another
/// runtime against the exported file.
#[derive(Clone, Debug, Serialize)]
pub struct ReferenceSamples {
    /// The variant.
    pub variant: &'static str,
    /// The seed of the random play that reached the positions.
    pub seed: u64,
    /// The largest difference expected from another runtime.
    pub tolerance: f64,
    /// The positions.
    pub positions: Vec<SampleRow>,
}

/// One reference position.
#[derive(Clone, Debug, Serialize)]
pub struct SampleRow {
    /// `south` or `north`.
    pub to_move: &'static str,
    /// Plies played to reach it.
    pub ply: u32,
    /// Its encoding.
    pub features: Vec<f32>,
    /// Its legal actions.
    pub legal: Vec<Action>,
    /// The network's policy logits.
    pub policy_logits: Vec<f32>,
    /// The network's value.
    pub value: f32,
    /// The network's score (a network with a score head only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<f32>,
}

impl ReferenceSamples {
    /// `count` positions of `game` reached by random play (seeded by `seed`), each with its
    /// encoding (of version `encoding`), legal actions and `net`'s outputs.
    pub fn new<G: Game>(
        game: &G,
        net: &PolicyValueNet,
        encoding: u32,
        count: usize,
        seed: u64,
    ) -> ReferenceSamples {
        let positions = random_positions(game, count, seed);
        let encoder = Encoder::new(game, encoding).expect("checked on loading");
        let (e, a) = (encoder.len(), game.num_actions());
        let mut features = vec![0.0f32; count * e];
        for (s, out) in positions.iter().zip(features.chunks_mut(e)) {
            encoder.encode(s, out);
        }
        let (logits, values, scores) = forward_heads(net, &features, count, e);
        let positions = positions
            .iter()
            .enumerate()
            .map(|(i, s)| SampleRow {
                to_move: s.to_move().name(),
                ply: s.ply(),
                features: features[i * e..(i + 1) * e].to_vec(),
                legal: s.legal_mask().iter().collect(),
                policy_logits: logits[i * a..(i + 1) * a].to_vec(),
                value: values[i],
                score: scores.as_ref().map(|s| s[i]),
            })
            .collect();
        ReferenceSamples {
            variant: game.name(),
            seed,
            tolerance: 1e-4,
            positions,
        }
    }
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
    let x = burn::tensor::Tensor::<2>::from_data(
        TensorData::new(features.to_vec(), [batch, encoding_len]),
        &crate::device(),
    ); // [B, E]
    let (logits, value, score) = net.forward_heads(x); // [B, A], [B, 1], [B, 1]
    (
        logits.into_data().try_to_vec::<f32>().expect("f32 logits"),
        value.into_data().try_to_vec::<f32>().expect("f32 values"),
        score.map(|s| s.into_data().try_to_vec::<f32>().expect("f32 scores")),
    )
}
