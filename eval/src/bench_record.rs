//! The files `mankala bench ... --json FILE` writes: one object of the measurements of
//! [`crate::bench`] a file, for machines comparing builds and hosts.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::bench::{NetworkFigure, NetworkSpeed};

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
/// Serialized as one flat object whose keys name the batch sizes: `device`; for each
/// inference batch `inference_b<batch>` (positions/s), `first_call_b<batch>` and
/// `settle_b<batch>` (seconds: the first call and the two after it), and
/// `upload_ms_b<batch>`, `forward_ms_b<batch>`, `read_back_ms_b<batch>`;
/// `inference_shared`, `shared_batch`, `threads`; `inference_service`,
/// `service_mean_batch`, `service_shapes`; and for each training batch
/// `train_step_b<batch>` (samples/s) and `first_step_b<batch>` (seconds).
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkRecord {
    /// The device the network ran on.
    pub device: String,
    /// The figures, in the order measured.
    pub speed: NetworkSpeed,
}

/// One flat object, the batch sizes in the keys: a derive cannot name keys by value.
impl Serialize for NetworkRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("device", &self.device)?;
        for figure in &self.speed.figures {
            match figure {
                NetworkFigure::Inference {
                    batch,
                    first_call_s,
                    settle_s,
                    positions_per_s,
                    upload_ms,
                    forward_ms,
                    read_back_ms,
                } => {
                    map.serialize_entry(&format!("inference_b{batch}"), positions_per_s)?;
                    map.serialize_entry(&format!("first_call_b{batch}"), first_call_s)?;
                    map.serialize_entry(&format!("settle_b{batch}"), settle_s)?;
                    map.serialize_entry(&format!("upload_ms_b{batch}"), upload_ms)?;
                    map.serialize_entry(&format!("forward_ms_b{batch}"), forward_ms)?;
                    map.serialize_entry(&format!("read_back_ms_b{batch}"), read_back_ms)?;
                }
                NetworkFigure::Shared {
                    batch,
                    threads,
                    positions_per_s,
                } => {
                    map.serialize_entry("inference_shared", positions_per_s)?;
                    map.serialize_entry("shared_batch", batch)?;
                    map.serialize_entry("threads", threads)?;
                }
                NetworkFigure::Service {
                    positions_per_s,
                    mean_batch,
                    shapes,
                    ..
                } => {
                    map.serialize_entry("inference_service", positions_per_s)?;
                    map.serialize_entry("service_mean_batch", mean_batch)?;
                    map.serialize_entry("service_shapes", shapes)?;
                }
                NetworkFigure::Train {
                    batch,
                    first_step_s,
                    samples_per_s,
                } => {
                    map.serialize_entry(&format!("train_step_b{batch}"), samples_per_s)?;
                    map.serialize_entry(&format!("first_step_b{batch}"), first_step_s)?;
                }
            }
        }
        map.end()
    }
}
