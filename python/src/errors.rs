//! The package's exceptions: one per engine error type, each a `ValueError` carrying the
//! engine's own message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    mankala,
    ConfigError,
    PyValueError,
    "A variant name, rule option or cap that cannot be used (the configs' checks)."
);
create_exception!(
    mankala,
    IllegalMoveError,
    PyValueError,
    "An action that is not legal in the position, or played after the end."
);
create_exception!(
    mankala,
    MoveError,
    PyValueError,
    "A move written in notation that cannot be read or is not legal here."
);
create_exception!(
    mankala,
    PositionError,
    PyValueError,
    "A position text that cannot be read or does not fit the game and its rules."
);
create_exception!(
    mankala,
    AgentError,
    PyValueError,
    "An agent spec that cannot be used: malformed, or its model or table does not fit."
);

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ConfigError", py.get_type::<ConfigError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("AgentError", py.get_type::<AgentError>())?;
    Ok(())
}

/// `ConfigError` with the engine's message.
pub fn config(e: mankala_engine::ConfigError) -> PyErr {
    ConfigError::new_err(e.to_string())
}

/// `IllegalMoveError` with the engine's message.
pub fn illegal(e: mankala_engine::IllegalMove) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// `MoveError` with the engine's message.
pub fn parse_move(e: mankala_engine::ParseMoveError) -> PyErr {
    MoveError::new_err(e.to_string())
}

/// `PositionError` with the engine's message.
pub fn position(e: mankala_engine::PositionError) -> PyErr {
    PositionError::new_err(e.to_string())
}

/// `AgentError` with the message of the spec's error and its causes.
pub fn agent(e: &(dyn std::error::Error + 'static)) -> PyErr {
    AgentError::new_err(with_causes(e))
}

/// An error's message followed by each cause the message does not already contain, as the
/// CLI prints them.
pub fn with_causes(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cause = c.source();
    }
    text
}
