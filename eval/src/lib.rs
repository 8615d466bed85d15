//! Measuring agents: arenas ([`arena`]), Bradley-Terry ratings ([`ratings`]), an agent judged
//! against perfect play ([`judge`]), exact labels for supervised training ([`label`]), the
//! openings of self-play data ([`openings`]), the ladder of yardsticks ([`ladder`]), the
//! sequential test that stops a match once its answer is clear ([`sprt`]), and the speed of
//! the engine, the search and the network on this machine ([`bench`](mod@bench), written
//! out as [`bench_record`]).

pub mod arena;
pub mod bench;
pub mod bench_record;
pub mod judge;
pub mod label;
pub mod ladder;
pub mod openings;
pub mod ratings;
pub mod sprt;
