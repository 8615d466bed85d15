//! The pipeline's typed errors. Each names the file, directory or setting at fault; the
//! underlying error, if any, is its `source`, so a caller printing the chain reads
//! "what failed: why".

use std::path::PathBuf;

use mankala_agents::AgentError;
use mankala_config::AgentSpec;
use mankala_data::DataError;
use mankala_eval::ratings::RatingError;
use mankala_models::ModelError;
use mankala_train::TrainError;
use thiserror::Error;

/// An error of the pipeline's steps, reports and files.
#[derive(Debug, Error)]
pub enum Error {
    /// A config that cannot be had (`mankala_config`): the file or the variant named.
    #[error(transparent)]
    Config(Box<mankala_config::LoadError>),
    /// The embedded default config (a build fault).
    #[error("the embedded default config")]
    DefaultConfig(#[source] mankala_config::ConfigError),
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
    /// A directory to label into that already holds shards: two draws would mix.
    #[error("{}: already holds shards; label into a new directory", dir.display())]
    HoldsShards {
        /// The directory.
        dir: PathBuf,
    },
    /// A ladder without a rung: fewer than two agents, the one measured and a rung.
    #[error("a ladder needs an agent and at least one rung, {agents} given")]
    NoRung {
        /// Agents given.
        agents: usize,
    },
    /// A round robin of fewer than two agents.
    #[error("a round robin needs at least two agents, {agents} given")]
    TooFewAgents {
        /// Agents given.
        agents: usize,
    },
    /// A sequential test of other than two agents.
    #[error("a sequential test is of two agents, {agents} given")]
    SprtAgents {
        /// Agents given.
        agents: usize,
    },
    /// An agent given twice: its games and ratings could not be told apart.
    #[error("`{name}` is given twice")]
    AgentTwice {
        /// The agent's name (its spec as text).
        name: String,
    },
    /// A simulation scaling without a simulation count.
    #[error("expected simulation counts, e.g. 50,200,800,3200")]
    NoSimulationCounts,
    /// A simulation count of 0.
    #[error("0 simulations: expected at least 1")]
    ZeroSimulations,
    /// A simulation count given twice.
    #[error("{sims} simulations given twice")]
    SimulationsTwice {
        /// The count.
        sims: u32,
    },
    /// An agent set to simulation counts that is not a network (`nn` or `zoo`).
    #[error("`{spec}` is not a network; expected nn:model=PATH or zoo")]
    NotANetwork {
        /// The agent.
        spec: AgentSpec,
    },
    /// An atomic write (`mankala_data::atomic`) that failed; nothing was left behind.
    #[error(transparent)]
    Write(#[from] mankala_data::atomic::WriteError),
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
    /// An arena directory holding the games of an interrupted arena of other settings.
    #[error(
        "{}: holds the games of an interrupted arena of another {setting} (its run.json and games.partial.jsonl); give the same settings to finish it, or another --out",
        dir.display()
    )]
    ArenaChanged {
        /// The directory.
        dir: PathBuf,
        /// The first setting that differs.
        setting: &'static str,
    },
    /// A game of an arena's journal that is not one of the arena's scheduled games.
    #[error("{}: game {index} is not one of this arena's games (its agents, opening, seed or rules differ)", path.display())]
    JournalGame {
        /// The journal.
        path: PathBuf,
        /// The game's index.
        index: u64,
    },
    /// A game-record file (`mankala_data::record`).
    #[error(transparent)]
    Record(#[from] mankala_data::RecordError),
    /// A model file whose network lacks the score head the config's `[search] score_mix`
    /// asks for.
    #[error("{}: {source}", model.display())]
    ScoreHead {
        /// The model file.
        model: PathBuf,
        /// The weight asked for.
        source: mankala_models::net::NoScoreHead,
    },
    /// A shard whose games cannot be replayed for reanalysis.
    #[error(transparent)]
    Replay(#[from] mankala_selfplay::reanalyse::ReplayError),
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
    Judge(#[from] mankala_eval::judge::JudgeError),
    /// A file of positions that cannot be used.
    #[error(transparent)]
    Positions(#[from] mankala_data::positions::PositionsError),
    /// Exact values that cannot be had.
    #[error("{what}: {source}")]
    Exact {
        /// For what: `[loop] judge_table`, `label`.
        what: &'static str,
        /// Why.
        source: mankala_agents::ExactError,
    },
}

impl From<mankala_config::LoadError> for Error {
    fn from(e: mankala_config::LoadError) -> Self {
        Error::Config(Box::new(e))
    }
}

impl From<mankala_config::SpecError> for Error {
    fn from(e: mankala_config::SpecError) -> Self {
        Error::Agent(e.into())
    }
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
