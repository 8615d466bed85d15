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

impl From<mankala_data::atomic::WriteError> for TrainError {
    fn from(e: mankala_data::atomic::WriteError) -> Self {
        TrainError::Io {
            path: e.path,
            source: e.source,
        }
    }
}
