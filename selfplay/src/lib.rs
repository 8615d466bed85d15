//! Self-play for mankala: one self-play game driven by the search ([`game`]: playout cap
//! randomization, temperature, resignation, training rows), Rayon workers writing
//! Parquet shards ([`run`]), and recorded games searched again with a newer network
//! ([`reanalyse`]).

pub mod game;
pub mod reanalyse;
pub mod run;

pub use game::{FinishedGame, Settings};
