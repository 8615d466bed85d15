//! `mankala.Game`: a variant with its rule options and caps, built by `mankala.load` from
//! Python dicts through the same checks as a config's `[rules]` and `[limits]` tables.

use std::path::PathBuf;

use mankala_agents::{Resources, Zoo};
use mankala_config::SearchConfig;
use mankala_engine::{AnyGame, Encoder, Game, with_game};
use mankala_protocol::Setup;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::errors;
use crate::state::PyState;

/// A variant with its rule options and caps: the static facts every position shares.
#[pyclass(name = "Game", module = "mankala", frozen)]
#[derive(Clone, Debug, PartialEq)]
pub struct PyGame {
    pub(crate) game: AnyGame,
    /// `[search]` of the config it was loaded from: the search settings of `nn` agents.
    pub(crate) search: SearchConfig,
}

impl PyGame {
    /// This game's encoding of `version`; a version the build does not have is a
    /// `ValueError` naming it.
    pub(crate) fn encoder(&self, version: u32) -> PyResult<Encoder> {
        with_game!(&self.game, g => Encoder::new(g, version))
            .map_err(|e| PyValueError::new_err(format!("encoding = {version}: {e}")))
    }

    /// The agents' view of this game: the variant and the search settings of `nn` agents.
    pub(crate) fn setup(&self) -> Setup {
        Setup {
            game: self.game,
            search: self.search.clone(),
            resources: Resources::with_zoo(Zoo::locate()),
        }
    }
}

/// A Python value of a rules or limits dict as TOML, or a `TypeError` naming the key.
fn to_toml(key: &str, value: &Bound<'_, PyAny>) -> PyResult<toml::Value> {
    if value.is_instance_of::<PyBool>() {
        return Ok(toml::Value::Boolean(value.extract()?));
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(toml::Value::Integer(value.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{key} = {value}: expected an integer that fits 64 bits"
            ))
        })?));
    }
    if value.is_instance_of::<PyFloat>() {
        return Ok(toml::Value::Float(value.extract()?));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(toml::Value::String(value.extract()?));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items = value
            .try_iter()?
            .map(|item| to_toml(key, &item?))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(toml::Value::Array(items));
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        return Ok(toml::Value::Table(to_table(key, Some(dict))?));
    }
    Err(PyTypeError::new_err(format!(
        "{key} = {}: expected a bool, int, float, str, list or dict",
        value.repr()?
    )))
}

/// A Python dict (or `None`) as a TOML table; its keys must be strings.
fn to_table(what: &str, dict: Option<&Bound<'_, PyDict>>) -> PyResult<toml::Table> {
    let mut table = toml::Table::new();
    for (key, value) in dict.into_iter().flat_map(|d| d.iter()) {
        let key: String = key.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{what}: the key {} is not a string",
                key.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        let value = to_toml(&key, &value)?;
        table.insert(key, value);
    }
    Ok(table)
}

/// A TOML value as a Python object.
fn from_toml<'py>(py: Python<'py>, value: &toml::Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        toml::Value::String(s) => s.into_pyobject(py)?.into_any(),
        toml::Value::Integer(i) => i.into_pyobject(py)?.into_any(),
        toml::Value::Float(f) => f.into_pyobject(py)?.into_any(),
        toml::Value::Boolean(b) => PyBool::new(py, *b).to_owned().into_any(),
        toml::Value::Datetime(d) => d.to_string().into_pyobject(py)?.into_any(),
        toml::Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(from_toml(py, item)?)?;
            }
            list.into_any()
        }
        toml::Value::Table(t) => table_to_dict(py, t)?.into_any(),
    })
}

fn table_to_dict<'py>(py: Python<'py>, table: &toml::Table) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in table {
        dict.set_item(k, from_toml(py, v)?)?;
    }
    Ok(dict)
}

/// The variant `name` with rule options `rules` and caps `limits` (dicts as a config's
/// `[rules]` and `[limits]` tables; missing keys take the variant's defaults).
///
/// Raises `ConfigError` naming the unknown variant, the unknown key or the value out of
/// range, with the configs' messages; `TypeError` for a value no config can hold.
#[pyfunction]
#[pyo3(signature = (name, rules = None, limits = None))]
pub fn load(
    name: &str,
    rules: Option<&Bound<'_, PyDict>>,
    limits: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyGame> {
    let rules = to_table("rules", rules)?;
    let limits = to_table("limits", limits)?;
    let game = AnyGame::from_tables(name, &rules, &limits).map_err(errors::config)?;
    Ok(PyGame {
        game,
        search: SearchConfig::default(),
    })
}

/// The game of a variant config file (`configs/<variant>.toml`), its `[search]` table kept
/// for `nn` agents; every table of the file is checked as the engine protocol checks it.
///
/// Raises `ConfigError` naming the file and what is wrong in it.
#[pyfunction]
pub fn load_config(path: PathBuf) -> PyResult<PyGame> {
    let setup = mankala_protocol::load(&path)
        .map_err(|e| errors::ConfigError::new_err(errors::with_causes(&e)))?;
    Ok(PyGame {
        game: setup.game,
        search: setup.search,
    })
}

/// The position written as `text` (`docs/notation.md`), in the variant its first word names
/// with default rules and caps.
///
/// Raises `PositionError` naming the field that cannot be read.
#[pyfunction]
pub fn parse_position(text: &str) -> PyResult<PyState> {
    let game = AnyGame::for_position(text).map_err(errors::position)?;
    PyState::parse(
        PyGame {
            game,
            search: SearchConfig::default(),
        },
        text,
    )
}

#[pymethods]
impl PyGame {
    /// The variant's name, as `mankala.variants()` lists it.
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// Number of actions: every action index is below it, and `legal_mask()` has this length.
    #[getter]
    fn num_actions(&self) -> usize {
        with_game!(&self.game, g => g.num_actions())
    }

    /// Length of `State.observation()`: the network encoding of version 1.
    #[getter]
    fn encoding_len(&self) -> usize {
        with_game!(&self.game, g => g.encoding_len())
    }

    /// Length of `State.observation(encoding)`: the network encoding of that version (1: each
    /// hole's seeds as one scaled value; 2: those, then an 8-level thermometer code of each
    /// hole).
    ///
    /// Raises `ValueError` for a version this build does not have.
    #[pyo3(signature = (encoding = 1))]
    fn observation_len(&self, encoding: u32) -> PyResult<usize> {
        Ok(self.encoder(encoding)?.len())
    }

    /// Seeds in the game, conserved by every move.
    #[getter]
    fn total_seeds(&self) -> u32 {
        with_game!(&self.game, g => g.total_seeds())
    }

    /// Most plies (actions) a game lasts before it is capped.
    #[getter]
    fn max_plies(&self) -> u32 {
        with_game!(&self.game, g => g.limits().max_plies)
    }

    /// The rule options in force, every key written out (a config's `[rules]`).
    #[getter]
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        table_to_dict(py, &self.game.rules_table())
    }

    /// The caps in force (a config's `[limits]`).
    #[getter]
    fn limits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        table_to_dict(py, &self.game.limits_table())
    }

    /// The start position.
    fn initial_state(&self) -> PyState {
        PyState::initial(self.clone())
    }

    /// The start position (OpenSpiel's name for `initial_state`).
    fn new_initial_state(&self) -> PyState {
        self.initial_state()
    }

    /// The position written as `text`, checked against this game and its rules.
    ///
    /// Raises `PositionError` naming the field that cannot be read or does not fit.
    fn parse_position(&self, text: &str) -> PyResult<PyState> {
        PyState::parse(self.clone(), text)
    }

    /// What each value of `observation(encoding)` means: `(name, description)` pairs in
    /// order.
    ///
    /// Raises `ValueError` for an encoding version this build does not have.
    #[pyo3(signature = (encoding = 1))]
    fn feature_names(&self, encoding: u32) -> PyResult<Vec<(String, String)>> {
        let encoder = self.encoder(encoding)?;
        Ok(with_game!(&self.game, g => encoder.feature_names(g))
            .into_iter()
            .map(|f| (f.name, f.description))
            .collect())
    }

    /// What each action index means: `(south, north, description)`, the notation when South
    /// and when North is to move and the words, index `i` at position `i`.
    fn action_meanings(&self) -> Vec<(String, String, String)> {
        with_game!(&self.game, g => g.action_meanings())
            .into_iter()
            .map(|a| (a.south, a.north, a.description))
            .collect()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|o| o.get().game == self.game && o.get().search == self.search)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "mankala.load({:?}, rules={}, limits={})",
            self.game.name(),
            self.rules(py)?.repr()?,
            self.limits(py)?.repr()?
        ))
    }

    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let load = py.import("mankala")?.getattr("load")?;
        let args = (self.game.name(), self.rules(py)?, self.limits(py)?).into_pyobject(py)?;
        Ok((load, args))
    }
}
