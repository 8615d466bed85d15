//! The trainer of mankala's policy-value networks: a sliding window over self-play shards
//! ([`window`]), AdamW with a learning-rate schedule, atomic checkpoints and resume
//! ([`trainer`]), settings ([`config`]).

pub mod config;
pub mod trainer;
pub mod window;

use thiserror::Error;

pub use config::{FirstEvaluator, Gate, Growth, LoopConfig, Schedule, Span, TrainConfig};
pub use trainer::{SchedulePlace, TrainOptions, TrainSummary, train};

/// Why training cannot go on.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A data file cannot be read.
    #[error(transparent)]
    Data(#[from] mankala_selfplay::data::DataError),
    /// A model file cannot be read or written.
    #[error(transparent)]
    Model(#[from] mankala_models::ModelError),
    /// There is nothing to train on.
    #[error("no training data: {0}")]
    NoData(String),
    /// Data or checkpoint of another variant or encoding.
    #[error("{0}")]
    Mismatch(String),
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}
