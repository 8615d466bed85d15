//! The trainer of mankala's policy-value networks: a sliding window over self-play shards
//! ([`window`]), AdamW with a learning-rate schedule, atomic checkpoints and resume
//! ([`trainer`]). Its settings are `[train]` (`mankala_config::TrainConfig`).

pub mod trainer;
pub mod window;

use thiserror::Error;

pub use trainer::{SchedulePlace, TrainOptions, TrainSummary, train};

/// Why training cannot go on.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A data file cannot be read.
    #[error(transparent)]
    Data(#[from] mankala_data::DataError),
    /// A model file cannot be read or written.
    #[error(transparent)]
    Model(#[from] mankala_models::ModelError),
    /// There is nothing to train on.
    #[error("no training data: {0}")]
    NoData(String),
    /// A shard that does not fit the network trained: of another variant, rules, encoding,
    /// shape, or of a data format without a column the settings need.
    #[error("{}: {message}", path.display())]
    Shard {
        /// The shard.
        path: std::path::PathBuf,
        /// What differs, and what was expected.
        message: String,
    },
    /// A checkpoint that cannot be resumed from: its record or its optimizer state.
    #[error("{}: {message}", path.display())]
    Checkpoint {
        /// The checkpoint's file.
        path: std::path::PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The optimizer's state cannot be written.
    #[error("{}: cannot save optimizer state: {message}", path.display())]
    SaveOptimizer {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        message: String,
    },
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

impl From<mankala_data::atomic::WriteError> for TrainError {
    fn from(e: mankala_data::atomic::WriteError) -> Self {
        TrainError::Io {
            path: e.path,
            source: e.source,
        }
    }
}
