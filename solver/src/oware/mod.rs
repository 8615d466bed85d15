//! Oware: the tablebases' board and moves ([`board`]).

pub mod board;
