//! The native part of the Python package `mankala`: the engine's games and states, and the
//! agents of `mankala-selfplay`, as Python classes. The pure-Python part (`python/mankala/`)
//! re-exports them and adds the PettingZoo environment.
//!
//! Errors keep the engine's messages: a bad rule option raises `mankala.ConfigError`, an
//! illegal action `mankala.IllegalMoveError`, an unreadable move or position text
//! `mankala.MoveError` or `mankala.PositionError`, a bad agent spec `mankala.AgentError`;
//! all of them are `ValueError`s.

mod agent;
mod errors;
mod game;
mod state;

use pyo3::prelude::*;

pub use agent::{PyAgent, PyAnalysis};
pub use game::PyGame;
pub use state::PyState;

/// The variants the engine plays, in the order `mankala variants` lists them.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    mankala_engine::VARIANTS.iter().map(|v| v.name).collect()
}

/// Each variant's name, one line on the game, and the source its rules follow.
#[pyfunction]
fn variant_info() -> Vec<(&'static str, &'static str, &'static str)> {
    mankala_engine::VARIANTS
        .iter()
        .map(|v| (v.name, v.description, v.source))
        .collect()
}

#[pymodule]
fn _mankala(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(variant_info, m)?)?;
    m.add_function(wrap_pyfunction!(game::load, m)?)?;
    m.add_function(wrap_pyfunction!(game::load_config, m)?)?;
    m.add_function(wrap_pyfunction!(game::parse_position, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyAgent>()?;
    m.add_class::<PyAnalysis>()?;
    errors::register(m)?;
    m.add("ENCODING_VERSION", mankala_engine::ENCODING_VERSION)?;
    m.add("POSITION_SCHEMA", mankala_engine::POSITION_SCHEMA)?;
    Ok(())
}
