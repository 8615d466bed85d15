//! The workers' typed errors: the storage of a run at a URL, the run's objects, and the
//! loop's own steps and files ([`mankala_pipeline::Error`]) that the workers run on their
//! cache. Each names the URL, object, file or setting at fault.

use std::path::PathBuf;

use thiserror::Error;

use crate::storage::StorageError;

/// An error of a worker, the storage or a run's objects.
#[derive(Debug, Error)]
pub enum Error {
    /// The loop's steps, records and files on the worker's cache.
    #[error(transparent)]
    Pipeline(#[from] mankala_pipeline::Error),
    /// The storage of a run at a URL.
    #[error(transparent)]
    Storage(Box<StorageError>),
    /// A run URL with no run there, and no config given to start one.
    #[error("{url}: no run there (no config.toml)")]
    NoRun {
        /// The run URL.
        url: String,
    },
    /// An object that a published record names but that is not there.
    #[error("{url}: {name} is missing")]
    Missing {
        /// The run URL.
        url: String,
        /// The object's name.
        name: String,
    },
    /// A record object that is not of this version.
    #[error("{name}: not a record of this version")]
    Object {
        /// The object's name inside the run.
        name: String,
        /// Why.
        source: serde_json::Error,
    },
    /// A file or directory operation of the cache or a run directory.
    #[error("{what} {}", path.display())]
    Io {
        /// What was being done: "cannot read", "cannot clear", ...
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A self-play worker number or shard size outside what game ids can hold.
    #[error(
        "self-play worker {worker} with {per_shard} games per shard: workers are numbered below \
         16777216 and shards hold at most {max} games"
    )]
    ShardNumbering {
        /// The worker's number.
        worker: u32,
        /// `[selfplay] games_per_shard`.
        per_shard: u32,
        /// The most games a shard may hold.
        max: u32,
    },
    /// Self-play that wrote other than one shard for one shard's games (a bug).
    #[error("self-play wrote {0} shards for one shard's games")]
    ShardsWritten(usize),
}

impl From<StorageError> for Error {
    fn from(e: StorageError) -> Self {
        Error::Storage(Box::new(e))
    }
}

impl From<mankala_data::atomic::WriteError> for Error {
    fn from(e: mankala_data::atomic::WriteError) -> Self {
        Error::Pipeline(e.into())
    }
}

impl From<mankala_data::DataError> for Error {
    fn from(e: mankala_data::DataError) -> Self {
        Error::Pipeline(e.into())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Pipeline(e.into())
    }
}

impl From<mankala_config::LoadError> for Error {
    fn from(e: mankala_config::LoadError) -> Self {
        Error::Pipeline(e.into())
    }
}

/// The workers' result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
