//! The charts live in `mankala_pipeline::plot`; the command line reaches them here.

pub use mankala_pipeline::plot::*;
