//! Measuring agents: arenas ([`arena`]), Bradley-Terry ratings ([`ratings`]), an agent judged
//! against perfect play ([`judge`]), exact labels for supervised training ([`label`]), the openings of self-play data ([`openings`]), the ladder of yardsticks
//! ([`ladder`]), and the sequential test that stops a match once its answer is clear ([`sprt`]).

pub mod arena;
pub mod judge;
pub mod label;
pub mod ladder;
pub mod openings;
pub mod ratings;
pub mod sprt;
