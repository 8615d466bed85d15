//! Self-play for mankala: MCTS over the engine ([`mcts`]), evaluators ([`evaluator`]),
//! batched evaluation across games ([`batch`]), self-play games ([`selfplay`]), Rayon
//! workers ([`run`]) and Parquet training data ([`data`]).

pub mod batch;
pub mod config;
pub mod data;
pub mod evaluator;
pub mod mcts;
pub mod run;
pub mod selfplay;

pub use config::{SearchConfig, Selection, SelfplayConfig, SettingsError};
pub use evaluator::{
    AnyEvaluator, Evaluation, Evaluator, NetworkEvaluator, RolloutEvaluator, UniformEvaluator,
};
pub use mcts::{Search, SearchResult};
pub use selfplay::{FinishedGame, Settings};
