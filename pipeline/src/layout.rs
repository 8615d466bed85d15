//! A run directory's paths, its step markers and the seeds of its steps (`docs/loop.md`).

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use mankala_search::game_seed;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// The steps of a generation, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Self-play games with the best network so far.
    Selfplay,
    /// Training from the previous network on the newest shards.
    Train,
    /// The new network against the best one.
    Gate,
    /// The new network against the baselines.
    Eval,
}

impl Step {
    /// Every step, in order.
    pub const ALL: [Step; 4] = [Step::Selfplay, Step::Train, Step::Gate, Step::Eval];

    /// The step's name: its marker is `gen-NNNN/<name>.json`.
    pub fn name(self) -> &'static str {
        match self {
            Step::Selfplay => "selfplay",
            Step::Train => "train",
            Step::Gate => "gate",
            Step::Eval => "eval",
        }
    }
}

/// Paths of a run directory.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The run directory.
    pub root: PathBuf,
}

impl Layout {
    /// The layout of the run directory `root`.
    pub fn new(root: impl Into<PathBuf>) -> Layout {
        Layout { root: root.into() }
    }
    /// Generation `g`'s directory.
    pub fn generation(&self, g: u32) -> PathBuf {
        self.root.join(format!("gen-{g:04}"))
    }
    /// Generation `g`'s self-play shards.
    pub fn shards(&self, g: u32) -> PathBuf {
        self.generation(g).join("selfplay")
    }
    /// The record of the shards generation `g`'s training step searched again before it
    /// trained (`[train] reanalyse`).
    pub fn reanalysed(&self, g: u32) -> PathBuf {
        self.train(g).join("reanalysed.json")
    }
    /// Generation `g`'s trainer directory.
    pub fn train(&self, g: u32) -> PathBuf {
        self.generation(g).join("train")
    }
    /// Generation `g`'s network.
    pub fn model(&self, g: u32) -> PathBuf {
        self.train(g).join("model.bpk")
    }
    /// A step's marker.
    pub fn marker(&self, g: u32, step: Step) -> PathBuf {
        self.generation(g).join(format!("{}.json", step.name()))
    }
    /// The baselines' round robin.
    pub fn baselines(&self) -> PathBuf {
        self.root.join("baselines")
    }
    /// The marker of the baselines' round robin.
    pub fn baselines_marker(&self) -> PathBuf {
        self.baselines().join("results.json")
    }
    /// Generation `g`'s closing ladder: `ladder.json` (its marker) and `games.jsonl`.
    pub fn ladder(&self, g: u32) -> PathBuf {
        self.generation(g).join("ladder")
    }
    /// Generation `g`'s closing simulation scaling: `scaling.json` (its marker),
    /// `scaling.svg` and `games.jsonl`.
    pub fn scaling(&self, g: u32) -> PathBuf {
        self.generation(g).join("scaling")
    }
    /// The run's resolved config.
    pub fn config(&self) -> PathBuf {
        self.root.join("config.toml")
    }
    /// The run record.
    pub fn record(&self) -> PathBuf {
        self.root.join("run.json")
    }
    /// The report.
    pub fn report(&self) -> PathBuf {
        self.root.join("report.md")
    }
}

/// Reads a marker if it exists.
///
/// # Errors
/// When it exists but cannot be read ([`Error::Io`]) or is not a record of this version
/// ([`Error::Marker`]).
pub fn read_marker<T: DeserializeOwned>(path: &Path) -> Result<Option<T>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        what: "cannot read",
        path: path.to_path_buf(),
        source,
    })?;
    let value = serde_json::from_str(&text).map_err(|source| Error::Marker {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(Some(value))
}

/// Writes a marker atomically, as pretty JSON.
///
/// # Errors
/// Naming the file.
pub fn write_marker<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    Ok(atomic::write(
        path,
        serde_json::to_string_pretty(value)?.as_bytes(),
    )?)
}

/// A seed for step number `step` of generation `g` of a run seeded `seed`.
pub fn step_seed(seed: u64, g: u32, step: u64) -> u64 {
    game_seed(
        seed ^ step.wrapping_mul(0x632B_E59B_D9B4_E019),
        u64::from(g),
    )
}

/// Creates a directory and its parents.
///
/// # Errors
/// [`Error::Io`] with `what` ("cannot create", "cannot create output directory").
pub fn create_dir(path: &Path, what: &'static str) -> Result<()> {
    std::fs::create_dir_all(path).map_err(|source| Error::Io {
        what,
        path: path.to_path_buf(),
        source,
    })
}
