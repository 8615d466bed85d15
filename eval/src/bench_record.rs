//! The files `mankala bench ... --json FILE` writes: one object of the measurements of
//! [`crate::bench`] a file, for machines comparing builds and hosts.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// `mankala bench engine --json`: random playouts on one core.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineRecord {
    /// The variant's name.
    pub variant: &'static str,
    /// Games played.
    pub games: u64,
    /// Seconds measured.
    pub seconds: f64,
    /// Games per second.
    pub playouts_per_s: f64,
    /// Plies per second.
    pub plies_per_s: f64,
    /// Average plies a game.
    pub avg_plies: f64,
    /// Average legal moves a position.
    pub branching: f64,
    /// Games stopped by a cap.
    pub capped: u64,
    /// The version of the code measured.
    pub code_version: String,
}

/// `mankala bench mcts --json`: one search from the start, repeated.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MctsRecord {
    /// The variant's name.
    pub variant: &'static str,
    /// Simulations per search.
    pub simulations: u32,
    /// Searches timed.
    pub repeats: u32,
    /// Simulations per second.
    pub simulations_per_s: f64,
    /// Nodes of the last search's tree.
    pub tree_nodes: usize,
}

/// `mankala bench network --json`: positions (or samples) per second of the network.
///
/// Serialized as one flat object whose keys name the batch sizes: `device`,
/// `inference_b<batch>` for each batch of [`NetworkRecord::inference`], `inference_shared`,
/// `shared_batch`, `threads`, and `train_step_b<batch>` for each of
/// [`NetworkRecord::train_step`].
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkRecord {
    /// The device the network ran on.
    pub device: String,
    /// Inference positions per second, one thread, by batch size.
    pub inference: Vec<(usize, f64)>,
    /// Positions per second of batched inference on [`NetworkRecord::threads`] threads
    /// sharing one model.
    pub shared: f64,
    /// The batch size of that measurement.
    pub shared_batch: usize,
    /// Its threads.
    pub threads: usize,
    /// Bare training-step samples per second, by batch size.
    pub train_step: Vec<(usize, f64)>,
}

/// One flat object, the batch sizes in the keys: a derive cannot name keys by value.
impl Serialize for NetworkRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("device", &self.device)?;
        for (batch, rate) in &self.inference {
            map.serialize_entry(&format!("inference_b{batch}"), rate)?;
        }
        map.serialize_entry("inference_shared", &self.shared)?;
        map.serialize_entry("shared_batch", &self.shared_batch)?;
        map.serialize_entry("threads", &self.threads)?;
        for (batch, rate) in &self.train_step {
            map.serialize_entry(&format!("train_step_b{batch}"), rate)?;
        }
        map.end()
    }
}
