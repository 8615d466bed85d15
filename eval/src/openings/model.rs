//! An agent's view of the openings: its search at the position after every first move and
//! every reply, with its network's priors.

use std::cmp::Ordering;

use mankala_engine::{Action, Game, Player, State};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::for_south;
use mankala_agents::{Agent, Budget, Prepared};
use mankala_search::evaluator::{Evaluator, NetworkEvaluator};

/// The agent of `agent` (searching `sims` simulations per position, seeded by `seed`) and
/// its network `net` (its priors: [`Prepared::evaluator`], which shares the agent's inference
/// service) evaluate every first move of `game` and every reply: first moves best first for
/// South, the replies to each best first for their player. `progress` is called once per
/// position looked at; [`tree_size`] of the start position is how many there are.
pub fn evaluate<G: Game>(
    game: &G,
    agent: &Prepared,
    net: NetworkEvaluator,
    sims: u32,
    seed: u64,
    progress: &mut dyn FnMut(),
) -> Vec<MoveEval> {
    let root = game.initial_state();
    let mut analyst = Analyst {
        game,
        agent: agent.build(game, seed),
        net,
        sims,
        rng: SmallRng::seed_from_u64(seed),
        progress,
    };
    let look = analyst.look(&root);
    analyst.moves(&root, &look, true)
}

/// The agent's view of one move: a first move, or a reply to one.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveEval {
    /// The move's action index.
    pub action: Action,
    /// The move in notation, as its player writes it.
    pub name: String,
    /// The player who makes it.
    pub by: Player,
    /// The value of the position after it from South's view: the search's, or the result
    /// of a game it ends.
    pub value: Option<f64>,
    /// The network's prior share of the move at its parent position.
    pub prior: f64,
    /// The search's share of the move at its parent position.
    pub search: f64,
    /// Simulations of the search after the move (0 when it ends the game).
    pub simulations: u32,
    /// The replies to a first move, best first for the player who makes them.
    pub replies: Vec<MoveEval>,
}

/// What the agent and its network make of one position.
#[derive(Clone, Debug, Default, PartialEq)]
struct Look {
    /// The value from South's view.
    value: Option<f64>,
    /// The search's share of each legal action.
    search: Vec<(Action, f64)>,
    /// The network's prior of each legal action, normalized over them.
    priors: Vec<(Action, f64)>,
    /// Simulations of the search.
    simulations: u32,
}

/// The share of `a` in a list of shares (0 when absent).
fn share_of(shares: &[(Action, f64)], a: Action) -> f64 {
    shares.iter().find(|s| s.0 == a).map_or(0.0, |s| s.1)
}

/// The agent, its network and the budget, looking at positions one by one.
struct Analyst<'a, G: Game> {
    game: &'a G,
    agent: Box<dyn Agent<G>>,
    net: NetworkEvaluator,
    sims: u32,
    rng: SmallRng,
    /// Called once per position looked at.
    progress: &'a mut dyn FnMut(),
}

impl<G: Game> Analyst<'_, G> {
    /// Searches a position (or reads the result of a finished game).
    fn look(&mut self, state: &G::State) -> Look {
        (self.progress)();
        if let Some(o) = state.outcome() {
            return Look {
                value: Some(f64::from(o.value_for(Player::South))),
                ..Look::default()
            };
        }
        let budget = Budget::Simulations(self.sims);
        let analysis = self.agent.analyse(state, budget, &mut self.rng);
        let mut evals = Vec::new();
        Evaluator::<G>::evaluate(
            &mut self.net,
            self.game,
            std::slice::from_ref(state),
            &mut evals,
        );
        let legal: Vec<Action> = state.legal_mask().iter().collect();
        let raw: Vec<f64> = match evals.first() {
            Some(e) => legal
                .iter()
                .map(|&a| f64::from(e.priors[a as usize]))
                .collect(),
            None => vec![0.0; legal.len()],
        };
        let sum: f64 = raw.iter().sum();
        let priors = legal
            .iter()
            .zip(&raw)
            .map(|(&a, &p)| (a, if sum > 0.0 { p / sum } else { 0.0 }))
            .collect();
        Look {
            value: analysis.value.map(|v| for_south(state.to_move(), v)),
            search: analysis
                .policy
                .iter()
                .map(|&(a, p)| (a, f64::from(p)))
                .collect(),
            priors,
            simulations: analysis.simulations,
        }
    }

    /// Every legal move of `parent` (which `look` describes) with the agent's value of the
    /// position after it; with `replies`, also every reply to each.
    fn moves(&mut self, parent: &G::State, look: &Look, replies: bool) -> Vec<MoveEval> {
        let by = parent.to_move();
        let mut out = Vec::new();
        for a in parent.legal_actions() {
            let mut child = parent.clone();
            child.play_unchecked(a);
            let seen = self.look(&child);
            let next = if replies && !child.is_terminal() {
                self.moves(&child, &seen, false)
            } else {
                Vec::new()
            };
            out.push(MoveEval {
                action: a,
                name: parent.action_to_string(a),
                by,
                value: seen.value,
                prior: share_of(&look.priors, a),
                search: share_of(&look.search, a),
                simulations: seen.simulations,
                replies: next,
            });
        }
        sort_best_first(&mut out, by);
        out
    }
}

/// Positions the depth-2 tree from `root` holds, `root` included.
pub fn tree_size<S: State>(root: &S) -> u64 {
    let children = root.legal_actions().into_iter().map(|a| {
        let mut s = root.clone();
        s.play_unchecked(a);
        1 + if s.is_terminal() {
            0
        } else {
            u64::from(s.legal_mask().count())
        }
    });
    1 + children.sum::<u64>()
}

/// Sorts moves best first for `by`, who chooses among them (moves without a value last,
/// ties by action index).
fn sort_best_first(moves: &mut [MoveEval], by: Player) {
    let key = |m: &MoveEval| m.value.map(|v| if by == Player::South { v } else { -v });
    moves.sort_by(|a, b| {
        let order = match (key(a), key(b)) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        order.then(a.action.cmp(&b.action))
    });
}

#[cfg(test)]
mod tests {
    use mankala_engine::{AnyGame, with_game};

    use super::*;

    fn eval(action: Action, value: Option<f64>) -> MoveEval {
        MoveEval {
            action,
            name: action.to_string(),
            by: Player::North,
            value,
            prior: 0.0,
            search: 0.0,
            simulations: 1,
            replies: Vec::new(),
        }
    }

    #[test]
    fn moves_are_sorted_best_first_for_their_player() {
        let moves = [
            eval(0, Some(0.2)),
            eval(1, None),
            eval(2, Some(-0.5)),
            eval(3, Some(0.2)),
            eval(4, Some(0.9)),
        ];
        let order = |by| {
            let mut m = moves.to_vec();
            sort_best_first(&mut m, by);
            m.iter().map(|e| e.action).collect::<Vec<_>>()
        };
        assert_eq!(order(Player::South), [4, 0, 3, 2, 1]);
        assert_eq!(order(Player::North), [2, 0, 3, 4, 1]);
    }

    #[test]
    fn the_tree_size_counts_first_moves_and_replies() {
        let any = AnyGame::by_name("kalah").unwrap();
        // Six first moves; after C South moves again with five choices (C is empty), and
        // after each other move North has six.
        let n = with_game!(&any, g => tree_size(&g.initial_state()));
        assert_eq!(n, 1 + 6 + 5 * 6 + 5);
    }
}
