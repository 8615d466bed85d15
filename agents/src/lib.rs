//! Agents: anything that picks a move in a position. Baselines (`random`, `greedy`,
//! `alphabeta`), perfect play where a solver exists (`perfect`), rollout MCTS (`mcts`) and
//! network search (`nn`, and `zoo` for the networks shipped with mankala), named by a spec string such as `alphabeta:ms=500` or
//! `nn:model=runs/x/model.bpk,sims=200` (see [`AgentSpec`]).
//!
//! A spec is parsed once, prepared once (a network or tablebase is loaded and checked
//! against the variant), and built into a fresh [`Agent`] for every game.
//!
//! - [`spec`](AgentSpec): specs and [`Prepared`] specs;
//! - `alphabeta`: [`AlphaBetaAgent`], alpha-beta with a transposition table, a clock and
//!   tablebase probes;
//! - `exact`: [`Exact`] values from `mankala-solver` (Kalah's solver, Kalah and Oware
//!   tablebases) and the [`PerfectAgent`];
//! - `bao_perfect`: the [`BaoPerfectAgent`], perfect play of Bao la Kujifunza from the
//!   proof-number solver;
//! - `search`: [`SearchAgent`], MCTS with rollouts or a network;
//! - [`zoo`]: the trained networks shipped per variant, and the default agent.

mod alphabeta;
mod bao_perfect;
mod exact;
mod mcts;
mod spec;
pub mod zoo;

use mankala_engine::{Action, Game, Player, State};
use rand::Rng;
use rand::rngs::SmallRng;

pub use alphabeta::AlphaBetaAgent;
pub use bao_perfect::BaoPerfectAgent;
pub use exact::{Exact, ExactError, PerfectAgent, Tables};
pub use mankala_config::{AgentSpec, ZOO_SIMULATIONS};
pub use mcts::SearchAgent;
pub use spec::{AgentError, Prepared};
pub use zoo::Zoo;

/// What agents read besides their spec's own files: the zoo, and the tablebases read so far.
/// Its owner (a command, a session, a run) decides where the zoo is and how long tables are
/// kept; clones share the tables.
#[derive(Clone, Debug, Default)]
pub struct Resources {
    /// The zoo of trained networks (none by default).
    pub zoo: Zoo,
    /// The tablebases read so far.
    pub tables: Tables,
}

impl Resources {
    /// Resources with the zoo `zoo` and no table read yet.
    pub fn with_zoo(zoo: Zoo) -> Resources {
        Resources {
            zoo,
            tables: Tables::default(),
        }
    }
}

/// What an agent chose, and what it thinks of the position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The action to play.
    pub action: Action,
    /// The agent's value of the position for the player to move, in [-1, 1], if it has one.
    pub value: Option<f32>,
}

impl From<Analysis> for Choice {
    /// The analysis's move and value.
    fn from(a: Analysis) -> Choice {
        Choice {
            action: a.action,
            value: a.value,
        }
    }
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

/// The analysis of an agent that finds `ties` equally good and values the position at
/// `value`: one of them at random, the policy shared by all.
pub(crate) fn tied_analysis(ties: &[Action], value: f32, rng: &mut SmallRng) -> Analysis {
    let share = 1.0 / ties.len() as f32;
    Analysis {
        action: ties[rng.random_range(0..ties.len())],
        value: Some(value),
        policy: ties.iter().map(|&a| (a, share)).collect(),
        simulations: 0,
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
pub(crate) const WIN: i32 = 1_000_000;

/// A position's value for `player` in seeds (a decided game: ±[`WIN`] less the plies).
pub(crate) fn evaluate<S: State>(state: &S, player: Player) -> i32 {
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
pub(crate) fn squash(score: i32) -> f32 {
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

#[cfg(test)]
pub(crate) mod tests {
    use mankala_engine::variants::{Oware, OwareState};
    use rand::SeedableRng;

    use super::*;
    use mankala_config::SearchConfig;

    /// A Kalah tablebase of every position of at most 12 seeds (no empty capture), built and
    /// saved in a temporary folder named for `test`.
    pub(crate) fn kalah_12_table(test: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("mankala-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("kalah-12.tb");
        let game = mankala_solver::TableGame::Kalah {
            empty_capture: false,
        };
        let table = mankala_solver::Tablebase::build(game, 12, &|_, _| {}).unwrap();
        table.save(&path).unwrap();
        path
    }

    /// South's F (4 seeds) captures 10 and wins the game; B, the other move, captures nothing.
    pub(crate) fn winning_capture() -> OwareState {
        let g = Oware::default();
        OwareState::from_parts(
            &g,
            [1, 0, 0, 1, 0, 4, 1, 2, 2, 1, 0, 5],
            [16, 15],
            Player::South,
        )
        .unwrap()
    }

    /// Random positions of `g` that are not over, up to `plies` random moves in.
    pub(crate) fn random_positions<G: Game>(
        g: &G,
        count: usize,
        plies: u32,
        seed: u64,
    ) -> Vec<G::State> {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut s = g.initial_state();
            for _ in 0..rng.random_range(0..plies) {
                if s.is_terminal() {
                    break;
                }
                let m = s.legal_mask();
                s.play_unchecked(m.nth(rng.random_range(0..m.count())).unwrap());
            }
            if !s.is_terminal() {
                out.push(s);
            }
        }
        out
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
    fn an_agent_that_does_not_search_puts_its_policy_on_its_choice() {
        let g = Oware::default();
        let s = winning_capture();
        let mut agent = Prepared::without_files(AgentSpec::Greedy, &SearchConfig::default())
            .unwrap()
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
