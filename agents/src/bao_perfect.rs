//! Perfect play of Bao la Kujifunza, from the proof-number solver (`mankala_solver::bao`):
//! a winning move with the shortest proved win when the player to move wins, the longest
//! proved defence when he loses. Each of its (at most two) searches a move has a node budget
//! ([`BaoPerfectAgent::NODES`]); in a position they do not settle it plays a legal move at
//! random, with no value.

use mankala_engine::variants::{Bao, BaoState};
use mankala_engine::{Game, State};
use mankala_solver::bao::{DfpnConfig, Solver};
use rand::Rng;
use rand::rngs::SmallRng;

use crate::{Agent, Analysis, Budget, Choice, tied_analysis};

/// The Bao la Kujifunza perfect player.
#[derive(Debug)]
pub struct BaoPerfectAgent {
    game: Bao,
    solver: Solver,
}

impl BaoPerfectAgent {
    /// Positions each search may expand before the move is left unsettled.
    pub const NODES: u64 = 2_000_000;

    /// A perfect player of `game` (Bao la Kujifunza), its tables kept for the whole game.
    ///
    /// # Panics
    /// For another game than Bao la Kujifunza ([`crate::Prepared`] checks the variant first).
    pub fn new(game: Bao) -> BaoPerfectAgent {
        BaoPerfectAgent {
            game,
            solver: solver(&game),
        }
    }
}

/// A fresh solver of `game` (Bao la Kujifunza) within [`BaoPerfectAgent::NODES`] a search.
pub(crate) fn solver(game: &Bao) -> Solver {
    let config = DfpnConfig {
        table_entries: 1 << 20,
        max_nodes: Some(BaoPerfectAgent::NODES),
        ..DfpnConfig::default()
    };
    Solver::new(*game, config).expect("bao-kujifunza")
}

/// An engine state of `game` (Bao la Kujifunza) as the game's own, through its position text.
pub(crate) fn position<S: State>(game: &Bao, state: &S) -> BaoState {
    game.parse_position(&state.position_text())
        .expect("a bao-kujifunza position of the same rules")
}

impl<G: Game> Agent<G> for BaoPerfectAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        Agent::<G>::analyse(self, state, Budget::Default, rng).into()
    }

    /// Budgets do not apply: the node budget is the solver's.
    fn analyse(&mut self, state: &G::State, _budget: Budget, rng: &mut SmallRng) -> Analysis {
        let (moves, wins) = self.solver.best_moves(&position(&self.game, state));
        match wins {
            Some(wins) => tied_analysis(&moves, if wins { 1.0 } else { -1.0 }, rng),
            None => {
                let share = 1.0 / moves.len() as f32;
                Analysis {
                    action: moves[rng.random_range(0..moves.len())],
                    value: None,
                    policy: moves.iter().map(|&a| (a, share)).collect(),
                    simulations: 0,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::BaoKind;
    use mankala_engine::{Player, State};
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn it_takes_the_winning_capture_and_values_the_position_won() {
        let mankala_engine::AnyGame::Bao(game) =
            mankala_engine::AnyGame::by_name("bao-kujifunza").unwrap()
        else {
            unreachable!("the Bao family")
        };
        assert_eq!(game.kind, BaoKind::Kujifunza);
        // South's only winning line: B1> captures North's last front seed (a7).
        let s = game
            .parse_position(
                "bao-kujifunza 0,1,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/8,8,8,8,7,7,7,7 \
                 south",
            )
            .unwrap();
        let mut agent = BaoPerfectAgent::new(game);
        let mut rng = SmallRng::seed_from_u64(1);
        let c = Agent::<Bao>::choose(&mut agent, &s, &mut rng);
        assert_eq!(s.action_to_string(c.action), "B1>");
        assert_eq!(c.value, Some(1.0));
        let mut after = s.clone();
        after.play_unchecked(c.action);
        assert_eq!(
            after.outcome().map(|o| o.result),
            Some(mankala_engine::GameResult::Win(Player::South))
        );
    }
}
