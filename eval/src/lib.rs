//! Measuring agents: arenas ([`arena`]), Bradley-Terry ratings ([`ratings`]), an agent judged
//! against perfect play ([`judge`]), the openings of self-play data ([`openings`]), the ladder of yardsticks
//! ([`ladder`]), and the sequential test that stops a match once its answer is clear ([`sprt`]).

pub mod arena;
pub mod judge;
pub mod ladder;
pub mod openings;
pub mod ratings;
pub mod sprt;
