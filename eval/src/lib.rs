//! Measuring agents: arenas ([`arena`]), Bradley-Terry ratings ([`ratings`]), an agent judged
//! against perfect play ([`judge`]) and the openings of self-play data ([`openings`]).

pub mod arena;
pub mod judge;
pub mod openings;
pub mod ratings;
