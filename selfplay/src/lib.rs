//! Self-play for mankala: one self-play game driven by the search ([`game`]: playout cap
//! randomization, temperature, resignation, training rows) and Rayon workers writing
//! Parquet shards ([`run`]).

pub mod game;
pub mod run;

pub use game::{FinishedGame, Settings};
