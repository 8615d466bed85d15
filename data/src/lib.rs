//! Training data and game records on disk: Parquet shards of self-play rows ([`shard`]),
//! their training columns ([`samples`]), played games as JSON lines ([`record`]), files of
//! positions ([`positions`]), the comparison of recorded rule options
//! ([`rules`]), and the
//! one atomic write every crate uses ([`atomic`]).

pub mod atomic;
pub mod games;
pub mod guard;
pub mod positions;
pub mod record;
pub mod rules;
pub mod samples;
pub mod shard;

pub use record::{GameRecord, RecordError, SavedGame};
pub use shard::*;
