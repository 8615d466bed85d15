//! Self-play for mankala: MCTS over the engine ([`mcts`]), evaluators ([`evaluator`]),
//! batched evaluation across games ([`batch`]), self-play games ([`selfplay`]), Rayon
//! workers ([`run`]) and Parquet training data ([`data`]); agents ([`agent`]), arenas
//! ([`arena`]) and their ratings ([`ratings`]); the openings of self-play data
//! ([`openings`]), a person's game against an agent ([`play`]) and the engine protocol
//! ([`protocol`]).

pub mod agent;
pub mod arena;
pub mod batch;
pub mod config;
pub mod data;
pub mod evaluator;
pub mod judge;
pub mod mcts;
pub mod openings;
pub mod play;
pub mod protocol;
pub mod ratings;
pub mod run;
pub mod samples;
pub mod selfplay;

pub use agent::{Agent, AgentError, AgentSpec, Analysis, Budget, Choice, Prepared};
pub use config::{SearchConfig, Selection, SelfplayConfig, SettingsError};
pub use evaluator::{
    AnyEvaluator, Evaluation, Evaluator, NetworkEvaluator, RolloutEvaluator, UniformEvaluator,
};
pub use mcts::{Search, SearchResult};
pub use selfplay::{FinishedGame, Settings};
