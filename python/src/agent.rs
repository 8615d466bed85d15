//! `mankala.Agent`: any agent of the CLI's specs (`random`, `greedy`, `alphabeta:ms=200`,
//! `mcts:sims=100`, `nn:model=PATH,sims=100`, `perfect`), prepared for a game the first
//! time it sees one of its positions, and `mankala.Analysis`, what it thinks of one.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::Mutex;

use mankala_agents::{Agent, AgentError, AgentSpec, Analysis, Budget, Prepared};
use mankala_config::SpecError;
use mankala_engine::{Action, AnyGame, Game, with_game};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::errors;
use crate::game::PyGame;
use mankala_engine::{DynState, typed};

use crate::state::PyState;

/// A spec prepared for one game, with the agent built from it for that game.
struct Built {
    game: PyGame,
    /// A `Box<dyn Agent<G>>` for the variant `G` of `game`.
    agent: Box<dyn Any + Send>,
}

/// Prepares `spec` for `game` (its network or table loaded and checked) and builds the agent.
fn build(spec: &str, game: &PyGame, seed: u64) -> PyResult<Built> {
    let spec: AgentSpec = spec
        .parse()
        .map_err(|e: SpecError| errors::agent(&AgentError::from(e)))?;
    let prepared: Prepared = game.setup().prepare(spec).map_err(|e| errors::agent(&e))?;
    let agent: Box<dyn Any + Send> = with_game!(&game.game, g => Box::new(prepared.build(g, seed)));
    Ok(Built {
        game: game.clone(),
        agent,
    })
}

/// `agent`'s analysis of `state`, both of the variant `G`.
fn analyse_typed<G: Game>(
    g: &G,
    agent: &mut (dyn Any + Send),
    state: &dyn DynState,
    budget: Budget,
    rng: &mut SmallRng,
) -> Analysis {
    let agent = agent
        .downcast_mut::<Box<dyn Agent<G>>>()
        .expect("an agent is built for its game's variant");
    agent.analyse(typed(g, state), budget, rng)
}

/// An agent given by a spec as on the command line: `random`, `greedy`,
/// `alphabeta:depth=D|ms=T|nodes=N[,tb=FILE]`, `perfect[:tb=FILE]`, `mcts:sims=N|ms=T[,c=C]`,
/// `nn:model=PATH[,sims=N|ms=T][,gumbel=true][,score=W]`, `zoo[:VARIANT][,sims=N|ms=T]` (the
/// shipped network).
///
/// `game`, when given, prepares the agent at once (an `nn` model is loaded and checked
/// against the variant, its rules and the encoding); otherwise that happens at the first
/// `analyse`. `seed` seeds its random choices and playouts: the same seed, spec and
/// positions give the same analyses.
#[pyclass(name = "Agent", module = "mankala")]
pub struct PyAgent {
    spec: String,
    seed: u64,
    inner: Mutex<(Option<Built>, SmallRng)>,
}

impl std::fmt::Debug for PyAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PyAgent")
            .field("spec", &self.spec)
            .field("seed", &self.seed)
            .finish()
    }
}

/// What an agent thinks of a position.
#[pyclass(name = "Analysis", module = "mankala", frozen, get_all)]
#[derive(Clone, Debug)]
pub struct PyAnalysis {
    /// The action it would play.
    pub action: Action,
    /// That action in notation.
    #[pyo3(name = "move")]
    pub move_text: String,
    /// Its value of the position for the player to move, in [-1, 1]; `None` for agents
    /// without one (`random`).
    pub value: Option<f32>,
    /// Its policy over the legal actions, `{action: probability}` summing to 1: the root's
    /// visit shares for a search, all on the chosen move for agents that do not search.
    pub policy: BTreeMap<Action, f32>,
    /// Simulations run (0 for agents that do not search).
    pub simulations: u32,
}

#[pymethods]
impl PyAnalysis {
    fn __repr__(&self) -> String {
        let value = self.value.map_or("None".to_string(), |v| v.to_string());
        format!(
            "Analysis(move={:?}, action={}, value={value}, simulations={})",
            self.move_text, self.action, self.simulations
        )
    }
}

#[pymethods]
impl PyAgent {
    /// Raises `AgentError` with the CLI's message when the spec is malformed, or (with
    /// `game`) when its model or table does not fit the game.
    #[new]
    #[pyo3(signature = (spec, game = None, seed = 0))]
    fn new(spec: &str, game: Option<PyRef<'_, PyGame>>, seed: u64) -> PyResult<PyAgent> {
        spec.parse::<AgentSpec>().map_err(|e| errors::agent(&e))?;
        let built = game.map(|g| build(spec, &g, seed)).transpose()?;
        Ok(PyAgent {
            spec: spec.to_string(),
            seed,
            inner: Mutex::new((built, SmallRng::seed_from_u64(seed))),
        })
    }

    /// The spec as given.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// What the agent thinks of `state`, which is not over: its move, value and policy.
    /// `sims` or `ms` replace a searching agent's own budget with that many simulations or
    /// milliseconds (others ignore them). The interpreter is free while it thinks.
    ///
    /// Raises `ValueError` for a finished game, `AgentError` when the spec cannot be
    /// prepared for the state's game.
    #[pyo3(signature = (state, sims = None, ms = None))]
    fn analyse(
        &self,
        py: Python<'_>,
        state: PyRef<'_, PyState>,
        sims: Option<u32>,
        ms: Option<u64>,
    ) -> PyResult<PyAnalysis> {
        if state.state.outcome().is_some() {
            return Err(PyValueError::new_err(format!(
                "the game is over at ply {}: there is no move to analyse",
                state.state.ply()
            )));
        }
        let budget = match (sims, ms) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err("give sims or ms, not both"));
            }
            (Some(0), _) | (_, Some(0)) => {
                return Err(PyValueError::new_err("sims and ms must be at least 1"));
            }
            (Some(n), None) => Budget::Simulations(n),
            (None, Some(t)) => Budget::Millis(t),
            (None, None) => Budget::Default,
        };
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| PyValueError::new_err("the agent failed in an earlier call"))?;
        let (built, rng) = &mut *guard;
        if built.as_ref().is_none_or(|b| b.game != state.game) {
            *built = Some(build(&self.spec, &state.game, self.seed)?);
        }
        let built = built.as_mut().expect("built above");
        let game: AnyGame = built.game.game;
        let dyn_state: &dyn DynState = state.state.as_ref();
        let agent = built.agent.as_mut();
        let analysis =
            py.detach(|| with_game!(&game, g => analyse_typed(g, agent, dyn_state, budget, rng)));
        Ok(PyAnalysis {
            action: analysis.action,
            move_text: state.state.action_to_string(analysis.action),
            value: analysis.value,
            policy: analysis.policy.into_iter().collect(),
            simulations: analysis.simulations,
        })
    }

    /// The action the agent plays in `state` (its `analyse(state).action`).
    fn choose(&self, py: Python<'_>, state: PyRef<'_, PyState>) -> PyResult<Action> {
        Ok(self.analyse(py, state, None, None)?.action)
    }

    fn __repr__(&self) -> String {
        format!("mankala.Agent({:?}, seed={})", self.spec, self.seed)
    }
}
