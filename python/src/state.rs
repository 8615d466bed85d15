//! `mankala.State`: one position of a game, held as the engine's type-erased [`DynState`];
//! [`typed`] recovers the variant's own type where it is needed (the position JSON, agents).

use std::hash::Hasher;

use mankala_engine::{Action, DynState, Game, position_json, typed, with_game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};

use crate::errors;
use crate::game::PyGame;

/// One position of a game: whose turn, what is legal, and what actions do to it.
///
/// Players are numbered 0 (South, who moves first) and 1 (North). Actions are integers
/// below `game.num_actions`, seen from the player to move; a decision inside a move (Bao's
/// kichwa, a capture that may be declined) is an action of the same player.
#[pyclass(name = "State", module = "mankala")]
pub struct PyState {
    pub(crate) game: PyGame,
    pub(crate) state: Box<dyn DynState>,
}

impl std::fmt::Debug for PyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PyState")
            .field(&self.state.position_text())
            .finish()
    }
}

impl PyState {
    /// The start position of `game`.
    pub(crate) fn initial(game: PyGame) -> PyState {
        let state = game.game.initial_dyn();
        PyState { game, state }
    }

    /// The position `text` of `game`.
    pub(crate) fn parse(game: PyGame, text: &str) -> PyResult<PyState> {
        let state = game.game.parse_dyn(text).map_err(errors::position)?;
        Ok(PyState { game, state })
    }

    fn num_actions(&self) -> usize {
        with_game!(&self.game.game, g => g.num_actions())
    }

    /// `action` as an engine action, or `IllegalMoveError` with the engine's message for
    /// an index no action has.
    fn action(&self, action: i64) -> PyResult<Action> {
        match Action::try_from(action) {
            Ok(a) if usize::from(a) < self.num_actions() => Ok(a),
            _ => Err(errors::IllegalMoveError::new_err(
                if self.state.outcome().is_some() {
                    format!(
                        "action {action} at ply {}: the game is over",
                        self.state.ply()
                    )
                } else {
                    format!(
                        "action {action} is not legal at ply {}: actions are 0 to {}",
                        self.state.ply(),
                        self.num_actions() - 1
                    )
                },
            )),
        }
    }
}

/// `bytes` as a fresh numpy array of `dtype`.
fn numpy_array<'py>(py: Python<'py>, bytes: &[u8], dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("numpy")?
        .call_method1("frombuffer", (PyBytes::new(py, bytes), dtype))?
        .call_method0("copy")
}

#[pymethods]
impl PyState {
    /// The game this is a position of.
    #[getter]
    fn game(&self) -> PyGame {
        self.game.clone()
    }

    /// The player who chooses the next action: 0 (South) or 1 (North), also in the middle
    /// of a move. Once the game is over, the player who would have moved.
    #[getter]
    fn to_move(&self) -> usize {
        self.state.to_move().index()
    }

    /// Actions played since the start (decisions inside a move count), or since the `ply`
    /// of a position read from text.
    #[getter]
    fn ply(&self) -> u32 {
        self.state.ply()
    }

    /// Whether the player to move is in the middle of a move (his next action is a decision
    /// inside it) rather than at the start of a turn.
    #[getter]
    fn in_move(&self) -> bool {
        self.state.in_move()
    }

    /// The legal actions in increasing order; empty exactly when the game is over.
    fn legal_actions(&self) -> Vec<Action> {
        self.state.legal_mask().iter().collect()
    }

    /// The legal actions as a numpy `int8` array of `game.num_actions` zeros and ones.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mask = self.state.legal_mask();
        let bytes: Vec<u8> = (0..self.num_actions())
            .map(|a| u8::from(mask.contains(a as Action)))
            .collect();
        numpy_array(py, &bytes, "int8")
    }

    /// The legal moves in notation, in action order.
    fn legal_moves(&self) -> Vec<String> {
        self.state
            .legal_mask()
            .iter()
            .map(|a| self.state.action_to_string(a))
            .collect()
    }

    /// Plays `action`.
    ///
    /// Raises `IllegalMoveError` when it is not legal here or the game is over; the
    /// position is then unchanged.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        let a = self.action(action)?;
        self.state.play(a).map_err(errors::illegal)
    }

    /// Plays the move written in notation (`"A6<"`, `"C"`) or as an action index, and
    /// returns its action.
    ///
    /// Raises `MoveError` naming the text and the legal moves when it is not legal here.
    fn apply_move(&mut self, text: &str) -> PyResult<Action> {
        let a = self.state.parse_action(text).map_err(errors::parse_move)?;
        self.state.play(a).map_err(errors::illegal)?;
        Ok(a)
    }

    /// The action the move written in notation names here, without playing it.
    ///
    /// Raises `MoveError` naming the text and the legal moves when it is not legal here.
    fn parse_move(&self, text: &str) -> PyResult<Action> {
        self.state.parse_action(text).map_err(errors::parse_move)
    }

    /// The notation of `action` in this position.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        let a = self.action(action)?;
        Ok(self.state.action_to_string(a))
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.outcome().is_some()
    }

    /// The result for South and for North: +1 win, -1 loss, 0 draw (and the caps' result as
    /// the variant counts it); `[0.0, 0.0]` before the end.
    fn returns(&self) -> [f32; 2] {
        self.state.outcome().map_or([0.0, 0.0], |o| o.returns())
    }

    /// How the game ended, `None` before: `{"result": "south" | "north" | "draw" |
    /// "capped-plies" | "capped-laps", "scores": [south, north], "returns": [south, north]}`.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.state
            .outcome()
            .map(|o| {
                let d = PyDict::new(py);
                d.set_item("result", o.result_name())?;
                d.set_item("scores", o.scores.to_vec())?;
                d.set_item("returns", o.returns().to_vec())?;
                Ok(d)
            })
            .transpose()
    }

    /// The network encoding of the position of version `encoding`, from the view of the
    /// player to move (his side first), as a numpy `float32` array of
    /// `game.observation_len(encoding)` values: a shard's `features` of that encoding.
    ///
    /// Raises `ValueError` for a version this build does not have.
    #[pyo3(signature = (encoding = 1))]
    fn observation<'py>(&self, py: Python<'py>, encoding: u32) -> PyResult<Bound<'py, PyAny>> {
        let encoder = self.game.encoder(encoding)?;
        let mut out = vec![0.0f32; encoder.len()];
        encoder.encode_with(&mut out, |base| self.state.encode(base));
        let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_ne_bytes()).collect();
        numpy_array(py, &bytes, "float32")
    }

    /// The position as one line of text (`docs/notation.md`); `game.parse_position` reads it
    /// back.
    fn position_text(&self) -> String {
        self.state.position_text()
    }

    /// The board drawn as text, as `mankala show` prints it.
    fn drawing(&self) -> String {
        self.state.drawing()
    }

    /// The position as the JSON object `mankala replay` prints for it (`docs/protocol.md`,
    /// "The position object"), as a dict.
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = with_game!(&self.game.game, g => {
            serde_json::to_string(&position_json(g, typed(g, self.state.as_ref())))
        })
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
        py.import("json")?.call_method1("loads", (text,))
    }

    /// An independent copy.
    fn clone(&self) -> PyState {
        PyState {
            game: self.game.clone(),
            state: self.state.clone_box(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.state.drawing()
    }

    fn __repr__(&self) -> String {
        format!("<mankala.State {:?}>", self.state.position_text())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyState>().is_ok_and(|o| {
            let o = o.borrow();
            o.game.game == self.game.game && o.state.same(self.state.as_ref())
        })
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.state.hash_into(&mut h);
        h.finish()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.borrow();
        let game = Bound::new(py, this.game.clone())?;
        let parse = game.into_any().getattr("parse_position")?;
        let args = (this.state.position_text(),).into_pyobject(py)?;
        Ok((parse, args))
    }
}
