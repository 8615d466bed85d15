//! Model files: burnpack weights (`<name>.bpk`) with a JSON sidecar (`<name>.json`) that says
//! what the weights are for. Loading checks the sidecar against what the caller expects, so
//! a model of another variant, encoding or shape is a clear error, never a silent mismatch.

use std::fs;
use std::path::{Path, PathBuf};

use burn::module::Module;
use burn::tensor::Device;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::net::{NetInputs, PolicyValueNet};
use mankala_config::NetworkConfig;
use mankala_data::atomic;
use mankala_data::rules::{rules_difference, same_rules};

/// Version of the model file layout.
pub const MODEL_FORMAT_VERSION: u32 = 1;

/// What a model file is for; stored beside the weights.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ModelMeta {
    /// Layout version of the model file.
    pub format_version: u32,
    /// Variant name.
    pub variant: String,
    /// The rule options, as a TOML `[rules]` table.
    pub rules: String,
    /// The engine's encoding version.
    pub encoding_version: u32,
    /// Input length.
    pub encoding_len: usize,
    /// Policy outputs.
    pub num_actions: usize,
    /// The network's shape.
    pub network: NetworkConfig,
    /// Training steps taken.
    pub step: u64,
    /// Training samples seen.
    pub samples: u64,
    /// The data it was trained on (shard directories or run ids).
    pub trained_on: Vec<String>,
    /// The code version that wrote it.
    pub code_version: String,
    /// Where its training ran ([`crate::device_name`]); empty in files written before it was
    /// recorded, and left out of the sidecar then.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub device: String,
}

/// A model file that cannot be written, read, or used here.
#[derive(Debug, Error)]
pub enum ModelError {
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The sidecar is not a mankala model description.
    #[error("{path}: not a mankala model description: {message}")]
    Sidecar {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The model is for something else than asked.
    #[error("{path}: model is for {what} {found}, expected {expected}")]
    Mismatch {
        /// The sidecar.
        path: PathBuf,
        /// Which property differs.
        what: &'static str,
        /// The model's.
        found: String,
        /// The caller's.
        expected: String,
    },
    /// The weights could not be written (a full disk, a file size limit).
    #[error("{path}: cannot write weights: {message}")]
    Save {
        /// The file.
        path: PathBuf,
        /// What burn said.
        message: String,
    },
    /// The weights file is missing, corrupt, or does not fit the described network.
    #[error("{path}: cannot load weights: {message}")]
    Weights {
        /// The file.
        path: PathBuf,
        /// What burn said.
        message: String,
    },
}

impl From<atomic::WriteError> for ModelError {
    fn from(e: atomic::WriteError) -> Self {
        ModelError::Io {
            path: e.path,
            source: e.source,
        }
    }
}

/// The two files of a model named by `path` (with or without an extension).
pub fn model_paths(path: &Path) -> (PathBuf, PathBuf) {
    (path.with_extension("bpk"), path.with_extension("json"))
}

/// Saves weights and sidecar, each through a temporary file and a rename; the sidecar is
/// written last, so a model with a sidecar is always whole.
///
/// # Errors
/// [`ModelError`] naming the file.
pub fn save(net: &PolicyValueNet, meta: &ModelMeta, path: &Path) -> Result<(), ModelError> {
    // Weights first, the sidecar last.
    for (tmp, path) in stage(net, meta, path)? {
        atomic::commit(&tmp, &path).map_err(|source| ModelError::Io { path, source })?;
    }
    Ok(())
}

/// Writes weights and sidecar to their temporary names ([`atomic::temp_path`]), flushed to
/// disk but not renamed: returns the `(temporary, final)` pairs for the caller to commit
/// together with other files ([`atomic::commit`]).
///
/// # Errors
/// [`ModelError`] naming the file.
pub fn stage(
    net: &PolicyValueNet,
    meta: &ModelMeta,
    path: &Path,
) -> Result<[(PathBuf, PathBuf); 2], ModelError> {
    let (weights, sidecar) = model_paths(path);
    let tmp_weights = atomic::temp_path(&weights);
    net.clone().save_file(&tmp_weights).map_err(|e| {
        atomic::abandon(&tmp_weights);
        ModelError::Save {
            path: tmp_weights.clone(),
            message: e.to_string(),
        }
    })?;
    let tmp_sidecar = atomic::temp_path(&sidecar);
    let text = serde_json::to_string_pretty(meta).expect("metadata serializes");
    fs::write(&tmp_sidecar, text).map_err(|source| {
        atomic::abandon(&tmp_sidecar);
        ModelError::Io {
            path: tmp_sidecar.clone(),
            source,
        }
    })?;
    Ok([(tmp_weights, weights), (tmp_sidecar, sidecar)])
}

/// Reads a model's sidecar.
///
/// # Errors
/// [`ModelError`] naming the file.
pub fn read_meta(path: &Path) -> Result<ModelMeta, ModelError> {
    let (_, sidecar) = model_paths(path);
    let text = fs::read_to_string(&sidecar).map_err(|source| ModelError::Io {
        path: sidecar.clone(),
        source,
    })?;
    let meta: ModelMeta = serde_json::from_str(&text).map_err(|e| ModelError::Sidecar {
        path: sidecar.clone(),
        message: e.to_string(),
    })?;
    if meta.format_version != MODEL_FORMAT_VERSION {
        return Err(ModelError::Mismatch {
            path: sidecar,
            what: "model format version",
            found: meta.format_version.to_string(),
            expected: MODEL_FORMAT_VERSION.to_string(),
        });
    }
    Ok(meta)
}

/// What a caller needs a model to be.
#[derive(Clone, Debug)]
pub struct Expected<'a> {
    /// Variant name.
    pub variant: &'a str,
    /// Rule options as TOML.
    pub rules: &'a str,
    /// Encoding version.
    pub encoding_version: u32,
    /// Input length.
    pub encoding_len: usize,
    /// Policy outputs.
    pub num_actions: usize,
    /// The input length of every encoding version this build has (version `v` at `v - 1`).
    pub encoding_lens: Vec<usize>,
    /// Where the holes lie in every encoding version (version `v` at `v - 1`), for a ring
    /// network.
    pub rings: Vec<mankala_engine::RingLayout>,
    /// Whether a model of any encoding version this build has will do (a model to play reads
    /// positions in its own encoding); else only `encoding_version` (a model to train on).
    pub any_encoding: bool,
    /// The variant's encoder of every version this build has (version `v` at `v - 1`):
    /// data of version 1 trains a network of a later one through it (empty: data of
    /// `encoding_version` only).
    pub encoders: Vec<mankala_engine::Encoder>,
}

impl<'a> Expected<'a> {
    /// What a model must be to play `game` under `rules` (its rule options as TOML) with the
    /// encoding of `version` (an input length of 0 for a version this build does not have).
    pub fn of(game: &'a mankala_engine::AnyGame, rules: &'a str, version: u32) -> Expected<'a> {
        let (encoding_lens, rings, num_actions, encoders) = mankala_engine::with_game!(game, g => {
            use mankala_engine::Game;
            let encoders = (1..=mankala_engine::LATEST_ENCODING)
                .map(|v| mankala_engine::Encoder::new(g, v).ok())
                .collect::<Vec<_>>();
            let lens: Vec<usize> = encoders.iter().map(|e| e.as_ref().map_or(0, |e| e.len())).collect();
            let rings: Vec<mankala_engine::RingLayout> = encoders.iter().map(|e| e.as_ref().map(|e| e.ring()).unwrap_or_default()).collect();
            (lens, rings, g.num_actions(), encoders.into_iter().flatten().collect::<Vec<_>>())
        });
        Expected {
            variant: game.name(),
            rules,
            encoding_version: version,
            encoding_len: encoding_lens
                .get(version.wrapping_sub(1) as usize)
                .copied()
                .unwrap_or(0),
            num_actions,
            encoding_lens,
            rings,
            any_encoding: false,
            encoders,
        }
    }

    /// The encoder that reads data of encoding version `data` as `encoding_version`'s, where
    /// the data is of version 1 and the wanted version a later one this build has (`None`
    /// otherwise: the data must be of `encoding_version`).
    pub fn upgrade(&self, data: u32) -> Option<&mankala_engine::Encoder> {
        (data == 1 && self.encoding_version > 1)
            .then(|| self.encoders.get(self.encoding_version as usize - 1))
            .flatten()
            .filter(|e| e.version() == self.encoding_version)
    }

    /// The inputs of a network of `self.encoding_version` to train.
    pub fn inputs(&self) -> NetInputs {
        NetInputs {
            encoding_len: self.encoding_len,
            num_actions: self.num_actions,
            ring: self.ring(self.encoding_version),
        }
    }

    /// Where the holes lie in encoding `version` (none for a version this build lacks).
    fn ring(&self, version: u32) -> mankala_engine::RingLayout {
        (version as usize)
            .checked_sub(1)
            .and_then(|i| self.rings.get(i))
            .cloned()
            .unwrap_or_default()
    }

    /// The same, for a model to play: of any encoding version this build has.
    pub fn to_play(mut self) -> Expected<'a> {
        self.any_encoding = true;
        self
    }
}

/// Loads a model onto `device`, checking it is for what `expected` says.
///
/// # Errors
/// [`ModelError::Mismatch`] naming the first property that differs, or another
/// [`ModelError`] naming the file.
pub fn load(
    path: &Path,
    expected: &Expected<'_>,
    device: &Device,
) -> Result<(PolicyValueNet, ModelMeta), ModelError> {
    let meta = read_meta(path)?;
    let (weights, sidecar) = model_paths(path);
    let mismatch = |what, found: String, expected: String| ModelError::Mismatch {
        path: sidecar.clone(),
        what,
        found,
        expected,
    };
    if meta.variant != expected.variant {
        return Err(mismatch(
            "variant",
            meta.variant.clone(),
            expected.variant.into(),
        ));
    }
    if !same_rules(&meta.rules, expected.rules) {
        let (found, wanted) = rules_difference(&meta.rules, expected.rules);
        return Err(mismatch("rules", found, wanted));
    }
    let known = expected.encoding_lens.len() as u32;
    if expected.any_encoding && !(1..=known).contains(&meta.encoding_version) {
        return Err(mismatch(
            "encoding version",
            meta.encoding_version.to_string(),
            format!("1 to {known} (a newer mankala wrote it?)"),
        ));
    }
    if !expected.any_encoding && meta.encoding_version != expected.encoding_version {
        return Err(mismatch(
            "encoding version",
            meta.encoding_version.to_string(),
            expected.encoding_version.to_string(),
        ));
    }
    let encoding_len = (meta.encoding_version as usize)
        .checked_sub(1)
        .and_then(|i| expected.encoding_lens.get(i))
        .copied()
        .unwrap_or(0);
    if meta.encoding_len != encoding_len || meta.num_actions != expected.num_actions {
        return Err(mismatch(
            "shape (inputs x actions)",
            format!("{} x {}", meta.encoding_len, meta.num_actions),
            format!("{} x {}", encoding_len, expected.num_actions),
        ));
    }
    let inputs = NetInputs {
        encoding_len: meta.encoding_len,
        num_actions: meta.num_actions,
        ring: expected.ring(meta.encoding_version),
    };
    // burn's reader panics on some corrupt files (a tensor of another type): an error too.
    let loaded = mankala_data::guard::caught(|| {
        PolicyValueNet::new(&meta.network, &inputs, device).try_load_file(&weights)
    });
    let net = match loaded {
        Ok(Ok(net)) => net,
        Ok(Err(e)) => {
            return Err(ModelError::Weights {
                path: weights,
                message: e.to_string(),
            });
        }
        Err(what) => {
            return Err(ModelError::Weights {
                path: weights,
                message: format!("corrupt file: the reader failed ({what})"),
            });
        }
    };
    Ok((net, meta))
}
