//! Agents: anything that picks a move in a position. Baselines (`random`, `greedy`,
//! `alphabeta`), rollout MCTS (`mcts`) and network search (`nn`), named by a spec string
//! such as `alphabeta:depth=4` or `nn:model=runs/x/model.bpk,sims=200` (see [`AgentSpec`]).
//!
//! A spec is parsed once, prepared once (a network is loaded and checked against the
//! variant), and built into a fresh [`Agent`] for every game.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use mankala_engine::{Action, Game, Player, State};
use mankala_models::{Expected, ModelError, PolicyValueNet};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::config::{SearchConfig, Selection};
use crate::evaluator::{Evaluator, NetworkEvaluator, RolloutEvaluator};
use crate::mcts::{Search, Select};

/// What an agent chose, and what it thinks of the position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The action to play.
    pub action: Action,
    /// The agent's value of the position for the player to move, in [-1, 1], if it has one.
    pub value: Option<f32>,
}

/// How much a searching agent may think about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The agent's own setting (its spec's `sims`, depth or budget).
    Default,
    /// This many simulations (searching agents; others ignore it).
    Simulations(u32),
    /// Search until this many milliseconds have passed (searching agents; others ignore it).
    Millis(u64),
}

/// What an agent thinks of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move it would play.
    pub action: Action,
    /// Its value of the position for the player to move, in [-1, 1], if it has one.
    pub value: Option<f32>,
    /// Its policy over the legal actions, summing to 1: root visit shares for a search, all
    /// on the chosen move for agents that do not search.
    pub policy: Vec<(Action, f32)>,
    /// Simulations run (0 for agents that do not search).
    pub simulations: u32,
}

/// Picks moves for one game.
pub trait Agent<G: Game>: Send {
    /// Chooses a legal action in `state`, which is not over.
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice;

    /// Analyses `state`, which is not over, within `budget`: the move it would play, its
    /// value and its policy.
    fn analyse(&mut self, state: &G::State, _budget: Budget, rng: &mut SmallRng) -> Analysis {
        let choice = self.choose(state, rng);
        Analysis {
            action: choice.action,
            value: choice.value,
            policy: vec![(choice.action, 1.0)],
            simulations: 0,
        }
    }
}

/// An agent by kind and settings, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// A uniformly random legal action.
    Random,
    /// The action that wins the most seeds at once (ties at random).
    Greedy,
    /// Alpha-beta search on the seed difference, iteratively deepened to `depth` plies, within
    /// an optional node or time budget per move.
    AlphaBeta {
        /// Deepest iteration, in plies (decisions).
        depth: u32,
        /// Nodes per move; the deepest finished iteration is used when it runs out.
        nodes: Option<u64>,
        /// Milliseconds per move, likewise.
        millis: Option<u64>,
    },
    /// UCT search with one random playout per leaf (as OpenSpiel's `MCTSBot`).
    Mcts {
        /// Simulations per move.
        sims: u32,
        /// UCT exploration constant.
        c: f32,
    },
    /// PUCT search guided by a trained network.
    Network {
        /// The model file (`.bpk` with its `.json` sidecar).
        model: PathBuf,
        /// Simulations per move.
        sims: u32,
        /// Gumbel root selection with Sequential Halving.
        gumbel: bool,
    },
}

/// A spec that cannot be used.
#[derive(Debug, Error)]
pub enum AgentError {
    /// The spec text is malformed.
    #[error("agent `{spec}`: {message}")]
    Spec {
        /// The text given.
        spec: String,
        /// What is wrong and what was expected.
        message: String,
    },
    /// The network of an `nn` agent cannot be loaded for this variant.
    #[error("agent `{spec}`: {source}")]
    Model {
        /// The text given.
        spec: String,
        /// Why.
        source: ModelError,
    },
}

const KINDS: &str = "random, greedy, alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N[,c=C], \
                     nn:model=PATH[,sims=N][,gumbel=true]";

impl FromStr for AgentSpec {
    type Err = AgentError;

    fn from_str(text: &str) -> Result<Self, AgentError> {
        let err = |message: String| AgentError::Spec {
            spec: text.to_string(),
            message,
        };
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut options: Vec<(&str, &str)> = Vec::new();
        for part in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| err(format!("option `{part}`: expected key=value")))?;
            let k = k.trim();
            if options.iter().any(|(seen, _)| *seen == k) {
                return Err(err(format!("option `{k}` given twice")));
            }
            options.push((k, v.trim()));
        }
        let allowed: &[&str] = match kind.trim() {
            "random" | "greedy" => &[],
            "alphabeta" => &["depth", "nodes", "ms"],
            "mcts" => &["sims", "c"],
            "nn" => &["model", "sims", "gumbel"],
            other => {
                return Err(err(format!(
                    "unknown kind `{other}`: expected one of {KINDS}"
                )));
            }
        };
        if let Some((k, _)) = options.iter().find(|(k, _)| !allowed.contains(k)) {
            return Err(err(if allowed.is_empty() {
                format!("`{}` takes no options, found `{k}`", kind.trim())
            } else {
                format!("unknown option `{k}`: expected {}", allowed.join(", "))
            }));
        }
        let get = |k: &str| options.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
        let number = |k: &str, min: u64, max: u64| -> Result<Option<u64>, AgentError> {
            get(k)
                .map(|v| match v.parse::<u64>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(n),
                    _ => Err(err(format!(
                        "{k} = {v}: expected a whole number from {min} to {max}"
                    ))),
                })
                .transpose()
        };
        Ok(match kind.trim() {
            "random" => AgentSpec::Random,
            "greedy" => AgentSpec::Greedy,
            "alphabeta" => AgentSpec::AlphaBeta {
                depth: number("depth", 1, 64)?
                    .ok_or_else(|| err("expected depth=D (plies, 1 to 64)".into()))?
                    as u32,
                nodes: number("nodes", 1, u64::MAX)?,
                millis: number("ms", 1, 3_600_000)?,
            },
            "mcts" => AgentSpec::Mcts {
                sims: number("sims", 1, 10_000_000)?.unwrap_or(1000) as u32,
                c: match get("c") {
                    None => 2.0,
                    Some(v) => match v.parse::<f32>() {
                        Ok(c) if c.is_finite() && c >= 0.0 => c,
                        _ => return Err(err(format!("c = {v}: expected a number >= 0"))),
                    },
                },
            },
            _ => AgentSpec::Network {
                model: PathBuf::from(
                    get("model")
                        .filter(|p| !p.is_empty())
                        .ok_or_else(|| err("expected model=PATH (a model file)".into()))?,
                ),
                sims: number("sims", 1, 10_000_000)?.unwrap_or(100) as u32,
                gumbel: match get("gumbel") {
                    None | Some("false") => false,
                    Some("true") => true,
                    Some(v) => return Err(err(format!("gumbel = {v}: expected true or false"))),
                },
            },
        })
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Greedy => write!(f, "greedy"),
            AgentSpec::AlphaBeta {
                depth,
                nodes,
                millis,
            } => {
                write!(f, "alphabeta:depth={depth}")?;
                if let Some(n) = nodes {
                    write!(f, ",nodes={n}")?;
                }
                if let Some(t) = millis {
                    write!(f, ",ms={t}")?;
                }
                Ok(())
            }
            AgentSpec::Mcts { sims, c } => {
                write!(f, "mcts:sims={sims}")?;
                if *c != 2.0 {
                    write!(f, ",c={c}")?;
                }
                Ok(())
            }
            AgentSpec::Network {
                model,
                sims,
                gumbel,
            } => {
                write!(f, "nn:model={},sims={sims}", model.display())?;
                if *gumbel {
                    write!(f, ",gumbel=true")?;
                }
                Ok(())
            }
        }
    }
}

/// A spec ready to build agents: its network, if any, loaded and checked.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The spec.
    pub spec: AgentSpec,
    /// Search settings of a network agent (the variant config's `[search]`).
    pub search: SearchConfig,
    net: Option<PolicyValueNet>,
}

impl Prepared {
    /// Loads the network of an `nn` spec and checks it against `expected`; `search` gives
    /// the network agent's search settings besides its simulations.
    ///
    /// # Errors
    /// [`AgentError::Model`] when the model cannot be loaded for this variant.
    pub fn new(
        spec: AgentSpec,
        search: &SearchConfig,
        expected: &Expected<'_>,
    ) -> Result<Prepared, AgentError> {
        let net = match &spec {
            AgentSpec::Network { model, .. } => Some(
                mankala_models::file::load(model, expected, &mankala_models::device())
                    .map_err(|source| AgentError::Model {
                        spec: spec.to_string(),
                        source,
                    })?
                    .0,
            ),
            _ => None,
        };
        Ok(Prepared {
            spec,
            search: search.clone(),
            net,
        })
    }

    /// A fresh agent for one game of `game`; `seed` seeds its playouts.
    pub fn build<G: Game>(&self, game: &G, seed: u64) -> Box<dyn Agent<G>> {
        match &self.spec {
            AgentSpec::Random => Box::new(RandomAgent),
            AgentSpec::Greedy => Box::new(GreedyAgent),
            AgentSpec::AlphaBeta {
                depth,
                nodes,
                millis,
            } => Box::new(AlphaBetaAgent {
                depth: *depth,
                nodes: *nodes,
                time: millis.map(Duration::from_millis),
            }),
            AgentSpec::Mcts { sims, c } => Box::new(SearchAgent {
                game: game.clone(),
                cfg: SearchConfig {
                    simulations: *sims,
                    selection: Selection::Uct,
                    c_puct: *c,
                    gumbel: false,
                    leaves_per_game: 1,
                    reuse_tree: false,
                    ..SearchConfig::default()
                },
                evaluator: RolloutEvaluator::new(seed),
            }),
            AgentSpec::Network { sims, gumbel, .. } => Box::new(SearchAgent {
                game: game.clone(),
                cfg: SearchConfig {
                    simulations: *sims,
                    gumbel: *gumbel,
                    reuse_tree: false,
                    ..self.search.clone()
                },
                evaluator: NetworkEvaluator::new(self.net.clone().expect("loaded in new")),
            }),
        }
    }
}

/// A uniformly random legal action.
#[derive(Clone, Copy, Debug)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        let mask = state.legal_mask();
        let action = mask
            .nth(rng.random_range(0..mask.count()))
            .expect("a legal action");
        Choice {
            action,
            value: None,
        }
    }
}

/// Seeds `player` has won or holds for good: the store, the hand, and holes the player owns
/// (Enkeshui's bulls), less the opponent's.
pub fn seed_difference<S: State>(state: &S, player: Player) -> i32 {
    let snap = state.snapshot();
    let (me, op) = (player.index(), player.other().index());
    let mut d = snap.stores[me] as i32 - snap.stores[op] as i32 + snap.in_hand[me] as i32
        - snap.in_hand[op] as i32;
    if let Some(owners) = &snap.owners {
        for (&seeds, &owner) in snap.pits.iter().zip(owners) {
            if owner == me as i8 {
                d += seeds as i32;
            } else if owner == op as i8 {
                d -= seeds as i32;
            }
        }
    }
    d
}

/// Score of a finished game: far beyond any seed difference, sooner wins higher.
const WIN: i32 = 1_000_000;

/// A position's value for `player` in seeds (a decided game: ±[`WIN`] less the plies).
fn evaluate<S: State>(state: &S, player: Player) -> i32 {
    match state.outcome() {
        Some(o) => {
            let v = o.value_for(player);
            if v > 0.0 {
                WIN - state.ply() as i32
            } else if v < 0.0 {
                -WIN + state.ply() as i32
            } else {
                0
            }
        }
        None => seed_difference(state, player),
    }
}

/// A seed difference as a value in [-1, 1].
fn squash(score: i32) -> f32 {
    if score.abs() >= WIN / 2 {
        score.signum() as f32
    } else {
        (score as f32 / 8.0).tanh()
    }
}

/// The action that wins the most seeds at once; a move that wins the game comes first.
#[derive(Clone, Copy, Debug)]
pub struct GreedyAgent;

impl<G: Game> Agent<G> for GreedyAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        let me = state.to_move();
        let mut best = i32::MIN;
        let mut ties: Vec<Action> = Vec::new();
        for a in state.legal_mask().iter() {
            let mut next = state.clone();
            next.play_unchecked(a);
            let score = evaluate(&next, me);
            if score > best {
                best = score;
                ties.clear();
            }
            if score == best {
                ties.push(a);
            }
        }
        Choice {
            action: ties[rng.random_range(0..ties.len())],
            value: Some(squash(best - evaluate(state, me))),
        }
    }
}

/// Alpha-beta minimax on the seed difference with iterative deepening. A decision made by
/// the same player twice in a row (an extra turn) is a maximizing node again.
#[derive(Clone, Copy, Debug)]
pub struct AlphaBetaAgent {
    /// Deepest iteration in plies.
    pub depth: u32,
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// Time budget per move.
    pub time: Option<Duration>,
}

/// The search ran out of budget mid-iteration.
struct OutOfBudget;

struct AlphaBeta<'a> {
    root: Player,
    nodes: u64,
    limit: &'a AlphaBetaAgent,
    start: Instant,
}

impl AlphaBeta<'_> {
    fn tick(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.limit.nodes.is_some_and(|n| self.nodes > n) {
            return Err(OutOfBudget);
        }
        if let Some(t) = self.limit.time
            && self.nodes % 256 == 0
            && self.start.elapsed() > t
        {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    /// The minimax value of `state` for the root player, searched `depth` plies deep.
    fn value<S: State>(
        &mut self,
        state: &S,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, OutOfBudget> {
        self.tick()?;
        if depth == 0 || state.is_terminal() {
            return Ok(evaluate(state, self.root));
        }
        let maximizing = state.to_move() == self.root;
        let mut best = if maximizing { i32::MIN } else { i32::MAX };
        for a in state.legal_mask().iter() {
            let mut next = state.clone();
            next.play_unchecked(a);
            let v = self.value(&next, depth - 1, alpha, beta)?;
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

impl AlphaBetaAgent {
    /// The best actions of the deepest iteration finished within the budget (all tied for
    /// best) and their score for the player to move: a seed difference, or about ±[`WIN`]
    /// for a decided game.
    pub fn best<S: State>(&self, state: &S) -> (Vec<Action>, i32) {
        let me = state.to_move();
        let mut search = AlphaBeta {
            root: me,
            nodes: 0,
            limit: self,
            start: Instant::now(),
        };
        let mut order: Vec<Action> = state.legal_mask().iter().collect();
        let mut done: Option<(Vec<Action>, i32)> = None;
        'deepen: for depth in 1..=self.depth {
            let mut best = i32::MIN;
            let mut ties: Vec<Action> = Vec::new();
            for &a in &order {
                let mut next = state.clone();
                next.play_unchecked(a);
                // A window just below the best so far: ties come back exact, worse moves
                // are cut off early.
                let alpha = if best == i32::MIN { i32::MIN } else { best - 1 };
                let Ok(v) = search.value(&next, depth - 1, alpha, i32::MAX) else {
                    break 'deepen;
                };
                if v > best {
                    best = v;
                    ties.clear();
                }
                if v == best {
                    ties.push(a);
                }
            }
            // The best first in the next iteration, for earlier cut-offs.
            order.sort_by_key(|a| !ties.contains(a));
            let decided = best.abs() >= WIN / 2;
            done = Some((ties, best));
            if decided {
                break;
            }
        }
        done.unwrap_or_else(|| (vec![order[0]], evaluate(state, me)))
    }
}

/// Deepest iteration of an alpha-beta search on a clock.
const TIMED_DEPTH: u32 = 64;

impl<G: Game> Agent<G> for AlphaBetaAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        let (ties, best) = self.best(state);
        Choice {
            action: ties[rng.random_range(0..ties.len())],
            value: Some(squash(best)),
        }
    }

    /// With [`Budget::Millis`], deepens until the time is up (the deepest finished iteration
    /// counts); other budgets keep the spec's depth. The policy is shared by the moves tied
    /// for best.
    fn analyse(&mut self, state: &G::State, budget: Budget, rng: &mut SmallRng) -> Analysis {
        let search = match budget {
            Budget::Millis(ms) => AlphaBetaAgent {
                depth: TIMED_DEPTH,
                nodes: None,
                time: Some(Duration::from_millis(ms)),
            },
            Budget::Default | Budget::Simulations(_) => *self,
        };
        let (ties, best) = search.best(state);
        let share = 1.0 / ties.len() as f32;
        Analysis {
            action: ties[rng.random_range(0..ties.len())],
            value: Some(squash(best)),
            policy: ties.iter().map(|&a| (a, share)).collect(),
            simulations: 0,
        }
    }
}

/// MCTS with an evaluator: random playouts (`mcts`) or a network (`nn`). The most visited
/// action is played (or the Gumbel choice); a fresh tree is grown for every move.
#[derive(Debug)]
pub struct SearchAgent<G, E> {
    game: G,
    cfg: SearchConfig,
    evaluator: E,
}

/// Runs one search of `search`'s budget to the end, evaluating its leaves with `evaluator`
/// (up to the search's `leaves_per_game` at a time).
pub fn run_search<G: Game, E: Evaluator<G>>(
    game: &G,
    search: &mut Search<G>,
    evaluator: &mut E,
    leaves_per_call: u32,
    rng: &mut SmallRng,
) {
    let mut states = Vec::new();
    let mut nodes = Vec::new();
    let mut evals = Vec::new();
    while !search.is_finished() {
        states.clear();
        nodes.clear();
        while (states.len() as u32) < leaves_per_call.max(1) {
            match search.select() {
                Select::Leaf(leaf) => {
                    nodes.push(leaf.node);
                    states.push(leaf.state);
                }
                Select::Terminal => {}
                Select::Blocked | Select::Done => break,
            }
        }
        if !states.is_empty() {
            evaluator.evaluate(game, &states, &mut evals);
            for ((&node, state), eval) in nodes.iter().zip(&states).zip(&evals) {
                search.expand(node, state, eval, rng);
            }
        }
    }
}

/// Simulations of one round of a search on a clock.
const TIMED_ROUND: u32 = 64;

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// Searches `state` within `budget`: the search, and its chosen action.
    fn search(
        &mut self,
        state: &G::State,
        budget: Budget,
        rng: &mut SmallRng,
    ) -> (Search<G>, Action, u32) {
        let mut cfg = self.cfg.clone();
        let timed = match budget {
            Budget::Default => None,
            Budget::Simulations(n) => {
                cfg.simulations = n.max(1);
                None
            }
            Budget::Millis(ms) => {
                // Gumbel halving plans a fixed budget; a clock needs plain PUCT rounds.
                cfg.gumbel = false;
                Some(Instant::now() + Duration::from_millis(ms))
            }
        };
        let mut search: Search<G> = Search::new(cfg.clone(), state.clone());
        let mut noise_rng = SmallRng::seed_from_u64(rng.random());
        let round = if timed.is_some() {
            TIMED_ROUND
        } else {
            cfg.simulations
        };
        search.start(round, None, &mut noise_rng);
        let mut total = 0;
        loop {
            run_search(
                &self.game,
                &mut search,
                &mut self.evaluator,
                cfg.leaves_per_game,
                &mut noise_rng,
            );
            total += search.simulations();
            match timed {
                Some(deadline) if Instant::now() < deadline => {
                    // The tree is kept: another round adds to the same root.
                    search.start(TIMED_ROUND, None, &mut noise_rng);
                }
                _ => break,
            }
        }
        let action = search
            .result()
            .gumbel_action
            .or_else(|| search.sample_by_visits(0.0, rng))
            .expect("a legal action at a position that is not over");
        (search, action, total)
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for SearchAgent<G, E> {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        let (search, action, _) = self.search(state, Budget::Default, rng);
        Choice {
            action,
            value: Some(search.result().root_value),
        }
    }

    fn analyse(&mut self, state: &G::State, budget: Budget, rng: &mut SmallRng) -> Analysis {
        let (search, action, simulations) = self.search(state, budget, rng);
        let result = search.result();
        Analysis {
            action,
            value: Some(result.root_value),
            policy: state
                .legal_mask()
                .iter()
                .map(|a| (a, result.policy[usize::from(a)]))
                .collect(),
            simulations,
        }
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::{Kalah, Oware, OwareState};

    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for text in [
            "random",
            "greedy",
            "alphabeta:depth=4",
            "alphabeta:depth=6,nodes=10000,ms=50",
            "mcts:sims=1000",
            "mcts:sims=10,c=1.4",
            "nn:model=runs/x/model.bpk,sims=200",
            "nn:model=m.bpk,sims=8,gumbel=true",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "mcts".parse::<AgentSpec>().unwrap(),
            AgentSpec::Mcts { sims: 1000, c: 2.0 }
        );
    }

    #[test]
    fn bad_specs_name_what_is_wrong() {
        for (text, words) in [
            (
                "minimax",
                &["unknown kind `minimax`", "alphabeta:depth=D"][..],
            ),
            ("alphabeta", &["expected depth=D"][..]),
            ("alphabeta:depth=0", &["depth = 0", "1 to 64"][..]),
            ("alphabeta:depth=x", &["depth = x"][..]),
            ("mcts:sims=5,sims=6", &["`sims` given twice"][..]),
            (
                "mcts:simulations=5",
                &["unknown option `simulations`", "sims, c"][..],
            ),
            ("random:x=1", &["takes no options"][..]),
            ("nn:sims=5", &["expected model=PATH"][..]),
            ("nn:model=a,gumbel=yes", &["gumbel = yes"][..]),
            ("mcts:c=-1", &["c = -1"][..]),
            ("mcts:sims", &["expected key=value"][..]),
        ] {
            let e = text.parse::<AgentSpec>().unwrap_err().to_string();
            assert!(e.contains(&format!("`{text}`")), "{e}");
            for w in words {
                assert!(e.contains(w), "`{text}`: {e} lacks {w}");
            }
        }
    }

    /// South's F (4 seeds) captures 10 and wins the game; B, the other move, captures nothing.
    fn winning_capture() -> OwareState {
        let g = Oware {
            limits: Oware::DEFAULT_LIMITS,
        };
        OwareState::from_parts(
            &g,
            [1, 0, 0, 1, 0, 4, 1, 2, 2, 1, 0, 5],
            [16, 15],
            Player::South,
        )
        .unwrap()
    }

    #[test]
    fn greedy_takes_the_biggest_capture() {
        let s = winning_capture();
        let mut rng = SmallRng::seed_from_u64(1);
        for _ in 0..10 {
            let c = Agent::<Oware>::choose(&mut GreedyAgent, &s, &mut rng);
            assert_eq!(s.action_to_string(c.action), "F");
        }
    }

    #[test]
    fn alphabeta_finds_the_winning_capture_and_scores_it_as_a_win() {
        let agent = AlphaBetaAgent {
            depth: 3,
            nodes: None,
            time: None,
        };
        let s = winning_capture();
        let (best, score) = agent.best(&s);
        assert_eq!(best.len(), 1);
        assert_eq!(s.action_to_string(best[0]), "F");
        assert!(score > WIN / 2, "{score}");
    }

    /// Plain minimax without pruning, for comparison.
    fn minimax<S: State>(s: &S, root: Player, depth: u32) -> i32 {
        if depth == 0 || s.is_terminal() {
            return evaluate(s, root);
        }
        let values = s.legal_mask().iter().map(|a| {
            let mut n = s.clone();
            n.play_unchecked(a);
            minimax(&n, root, depth - 1)
        });
        if s.to_move() == root {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn alphabeta_agrees_with_plain_minimax_on_random_positions() {
        let g = Kalah {
            rules: Default::default(),
            limits: Kalah::DEFAULT_LIMITS,
        };
        let mut rng = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..40 {
            let mut s = g.initial_state();
            let plies = rng.random_range(0..30);
            for _ in 0..plies {
                if s.is_terminal() {
                    break;
                }
                let m = s.legal_mask();
                s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
            }
            if s.is_terminal() {
                continue;
            }
            for depth in 1..=4 {
                let agent = AlphaBetaAgent {
                    depth,
                    nodes: None,
                    time: None,
                };
                let (best, score) = agent.best(&s);
                let root = s.to_move();
                let scores: Vec<(Action, i32)> = s
                    .legal_mask()
                    .iter()
                    .map(|a| {
                        let mut n = s.clone();
                        n.play_unchecked(a);
                        (a, minimax(&n, root, depth - 1))
                    })
                    .collect();
                let max = scores.iter().map(|x| x.1).max().unwrap();
                let expected: Vec<Action> =
                    scores.iter().filter(|x| x.1 == max).map(|x| x.0).collect();
                if max.abs() < WIN / 2 {
                    assert_eq!(score, max, "depth {depth}\n{s}");
                    let mut got = best.clone();
                    got.sort_unstable();
                    assert_eq!(got, expected, "depth {depth}\n{s}");
                } else {
                    // A decided game ends the deepening early: the score is the win or loss.
                    assert_eq!(score.signum(), max.signum(), "depth {depth}\n{s}");
                }
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked}");
    }

    #[test]
    fn a_node_budget_still_gives_a_legal_move() {
        let g = Kalah {
            rules: Default::default(),
            limits: Kalah::DEFAULT_LIMITS,
        };
        let s = g.initial_state();
        let agent = AlphaBetaAgent {
            depth: 30,
            nodes: Some(500),
            time: None,
        };
        let (best, _) = agent.best(&s);
        assert!(!best.is_empty());
        assert!(best.iter().all(|&a| s.legal_mask().contains(a)));
    }

    #[test]
    fn mcts_agent_takes_the_winning_capture() {
        let g = Oware {
            limits: Oware::DEFAULT_LIMITS,
        };
        let spec: AgentSpec = "mcts:sims=400".parse().unwrap();
        let prepared = Prepared {
            spec,
            search: SearchConfig::default(),
            net: None,
        };
        let mut agent = prepared.build(&g, 3);
        let s = winning_capture();
        let mut rng = SmallRng::seed_from_u64(2);
        let c = agent.choose(&s, &mut rng);
        assert_eq!(s.action_to_string(c.action), "F");
        assert!(c.value.unwrap() > 0.5, "{:?}", c.value);
    }

    fn mcts(sims: u32) -> Prepared {
        Prepared {
            spec: AgentSpec::Mcts { sims, c: 2.0 },
            search: SearchConfig::default(),
            net: None,
        }
    }

    #[test]
    fn a_search_analysis_covers_the_legal_moves_within_its_budget() {
        let g = Oware {
            limits: Oware::DEFAULT_LIMITS,
        };
        let s = winning_capture();
        let mut agent = mcts(50).build(&g, 3);
        let mut rng = SmallRng::seed_from_u64(2);
        let legal: Vec<Action> = s.legal_mask().iter().collect();
        for (budget, sims) in [(Budget::Default, 50), (Budget::Simulations(300), 300)] {
            let a = agent.analyse(&s, budget, &mut rng);
            assert_eq!(a.simulations, sims);
            let moves: Vec<Action> = a.policy.iter().map(|&(m, _)| m).collect();
            assert_eq!(moves, legal);
            let total: f32 = a.policy.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
            // The most visited move is the one played.
            let top = a.policy.iter().map(|&(_, p)| p).fold(0.0, f32::max);
            assert!(a.policy.contains(&(a.action, top)), "{a:?}");
        }
        // On a clock the search runs whole rounds until the time is up.
        let a = agent.analyse(&s, Budget::Millis(30), &mut rng);
        assert!(a.simulations >= TIMED_ROUND && a.simulations % TIMED_ROUND == 0);
        assert_eq!(s.action_to_string(a.action), "F");
    }

    #[test]
    fn alphabeta_on_a_clock_still_finds_the_winning_capture() {
        let s = winning_capture();
        let mut agent = AlphaBetaAgent {
            depth: 1,
            nodes: None,
            time: None,
        };
        let a = Agent::<Oware>::analyse(
            &mut agent,
            &s,
            Budget::Millis(20),
            &mut SmallRng::seed_from_u64(1),
        );
        assert_eq!(s.action_to_string(a.action), "F");
        assert_eq!(a.policy, vec![(a.action, 1.0)]);
        assert_eq!(a.value, Some(1.0));
    }

    #[test]
    fn an_agent_that_does_not_search_puts_its_policy_on_its_choice() {
        let g = Oware {
            limits: Oware::DEFAULT_LIMITS,
        };
        let s = winning_capture();
        let mut agent = Prepared {
            spec: AgentSpec::Greedy,
            search: SearchConfig::default(),
            net: None,
        }
        .build(&g, 1);
        let a = agent.analyse(
            &s,
            Budget::Simulations(100),
            &mut SmallRng::seed_from_u64(1),
        );
        assert_eq!(a.policy, vec![(a.action, 1.0)]);
        assert_eq!(a.simulations, 0);
        assert_eq!(s.action_to_string(a.action), "F");
    }
}
