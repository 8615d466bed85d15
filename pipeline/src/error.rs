//! The pipeline's typed errors. Each names the file, directory or setting at fault; the
//! underlying error, if any, is its `source`, so a caller printing the chain reads
//! "what failed: why".

use std::path::PathBuf;

use mankala_engine::ConfigError as RulesError;
use mankala_models::ModelError;
use mankala_selfplay::data::DataError;
use mankala_selfplay::ratings::RatingError;
use mankala_selfplay::{AgentError, SettingsError};
use mankala_train::TrainError;
use thiserror::Error;

/// What can go wrong in a config file's text.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// Not TOML, or an unknown top-level key.
    #[error("{0}")]
    Toml(String),
    /// The variant, `[rules]` or `[limits]`.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// `[search]` or `[selfplay]`.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `[network]`, `[train]` or `[loop]`: the message names the table and key.
    #[error("{0}")]
    Table(String),
    /// `--variant` and `--config` both or neither.
    #[error("{0}")]
    Choice(&'static str),
}

/// An error of the pipeline's steps, reports and files.
#[derive(Debug, Error)]
pub enum Error {
    /// A config file that cannot be read.
    #[error("cannot read config {}", path.display())]
    ReadConfig {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A config file whose content is wrong.
    #[error("config {}", path.display())]
    Config {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ConfigError,
    },
    /// The embedded default config (a build fault).
    #[error("the embedded default config")]
    DefaultConfig(#[source] ConfigError),
    /// A config without a file: a variant by name, or `--variant` and `--config` misused.
    #[error(transparent)]
    Resolve(ConfigError),
    /// A directory or file operation other than an atomic write.
    #[error("{what} {}", path.display())]
    Io {
        /// What was being done: "cannot create", "cannot read", ...
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A run URL with no run there, and no config given to start one.
    #[error("{url}: no run there (no config.toml); give --config to start one")]
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
    /// A worker's setting that cannot work, or a run's objects that contradict each other.
    #[error("{0}")]
    Setting(String),
    /// The storage of a run at a URL (`crate::storage`).
    #[error(transparent)]
    Storage(#[from] crate::storage::StorageError),
    /// An atomic write (`mankala_models::atomic`) that failed; nothing was left behind.
    #[error("cannot write {}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A step marker or run record that is not of this version.
    #[error("{}: not a step record of this version", path.display())]
    Marker {
        /// The file.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
    /// A rerun given a config that differs from the run's own.
    #[error(
        "run {} was started with another config ({}); give the same config, none, or a new --run directory",
        run.display(), saved.display()
    )]
    ConfigChanged {
        /// The run directory.
        run: PathBuf,
        /// Its config file.
        saved: PathBuf,
    },
    /// A rerun given a seed that differs from the run's own.
    #[error("--seed {given}: run {} was started with seed {recorded}", run.display())]
    SeedChanged {
        /// The seed given.
        given: u64,
        /// The run directory.
        run: PathBuf,
        /// Its seed.
        recorded: u64,
    },
    /// A self-play step whose shards do not hold the games they should.
    #[error("{}: {found} games in the shards, expected {expected}", dir.display())]
    GameCount {
        /// The shard directory.
        dir: PathBuf,
        /// Games found.
        found: u64,
        /// Games expected.
        expected: u64,
    },
    /// A game in two shards of one directory.
    #[error("{}: game {game} is also in an earlier shard of {}", shard.display(), dir.display())]
    DuplicateGame {
        /// The later shard.
        shard: PathBuf,
        /// The game id.
        game: u64,
        /// The directory.
        dir: PathBuf,
    },
    /// A line of a game-record file that is not a game record.
    #[error("{} line {line}: not a game record", path.display())]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What the parser said.
        source: serde_json::Error,
    },
    /// A game-record file without the game asked for.
    #[error("{}: no game with index {index}", path.display())]
    NoGame {
        /// The file.
        path: PathBuf,
        /// The game's index.
        index: u64,
    },
    /// Results that give no ratings.
    #[error("cannot fit ratings to these results")]
    Ratings(#[source] RatingError),
    /// The worker threads of an arena.
    #[error("cannot start the arena's threads")]
    Threads(#[source] rayon::ThreadPoolBuildError),
    /// Self-play data.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A model file.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// An agent spec or its network.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The trainer.
    #[error(transparent)]
    Train(#[from] TrainError),
    /// A record that cannot be serialized (a bug).
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A CSV file that cannot be written.
    #[error(transparent)]
    Csv(#[from] csv::Error),
    /// Games that cannot be read for judging.
    #[error(transparent)]
    Judge(#[from] mankala_selfplay::judge::JudgeError),
    /// Exact values that cannot be had for the `[loop] judge_*` settings.
    #[error("[loop] judge_table: {0}")]
    Exact(#[from] mankala_selfplay::agent::ExactError),
}

/// The pipeline's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// An error's text with its causes, each cause left out when the text before already says it
/// (typed errors often print their source in their own message).
pub fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = String::new();
    let mut next = Some(e);
    while let Some(cause) = next {
        let s = cause.to_string();
        if !text.contains(&s) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&s);
        }
        next = cause.source();
    }
    text
}
