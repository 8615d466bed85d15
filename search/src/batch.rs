//! Batching: one worker drives many games' searches and evaluates all their waiting leaves
//! in one [`Evaluator`] call per round. The searches know nothing of this.

use mankala_engine::Game;
use rand::rngs::SmallRng;

use crate::evaluator::{Evaluation, Evaluator};
use crate::mcts::{Search, Select};

/// A game being played with a search; the batch loop calls it when its move's search is done.
pub trait Driver<G: Game> {
    /// The game's search and the random source for its noise.
    fn parts(&mut self) -> (&mut Search<G>, &mut SmallRng);
    /// The move's search is finished: play the move and start the next search. Returns
    /// `false` when the game is over.
    fn search_done(&mut self) -> bool;
}

/// Plays games until `next_game` has none left: keeps up to `capacity` games going, each
/// contributing up to `leaves_per_game` leaves per round, evaluates each round's leaves in
/// one call, and hands every finished game to `finished`.
pub fn run<G, E, D>(
    game: &G,
    evaluator: &mut E,
    capacity: usize,
    leaves_per_game: u32,
    mut next_game: impl FnMut() -> Option<D>,
    mut finished: impl FnMut(D),
) where
    G: Game,
    E: Evaluator<G>,
    D: Driver<G>,
{
    let mut slots: Vec<D> = Vec::with_capacity(capacity);
    let mut states: Vec<G::State> = Vec::new();
    let mut leaves: Vec<(usize, u32)> = Vec::new();
    let mut evals: Vec<Evaluation> = Vec::new();
    let mut exhausted = false;
    loop {
        while !exhausted && slots.len() < capacity {
            match next_game() {
                Some(d) => slots.push(d),
                None => exhausted = true,
            }
        }
        if slots.is_empty() {
            return;
        }
        states.clear();
        leaves.clear();
        for (i, slot) in slots.iter_mut().enumerate() {
            let (search, _) = slot.parts();
            let mut taken = 0;
            while taken < leaves_per_game {
                match search.select() {
                    Select::Leaf(req) => {
                        states.push(req.state);
                        leaves.push((i, req.node));
                        taken += 1;
                    }
                    Select::Terminal => {}
                    Select::Blocked | Select::Done => break,
                }
            }
        }
        if !states.is_empty() {
            evaluator.evaluate(game, &states, &mut evals);
            for ((&(i, node), state), eval) in leaves.iter().zip(&states).zip(&evals) {
                let (search, rng) = slots[i].parts();
                search.expand(node, state, eval, rng);
            }
        }
        let mut i = 0;
        while i < slots.len() {
            if slots[i].parts().0.is_finished() && !slots[i].search_done() {
                finished(slots.swap_remove(i));
            } else {
                i += 1;
            }
        }
    }
}

/// Runs one search of `search`'s budget to its end alone, evaluating up to
/// `leaves_per_call` of its leaves at a time: [`run`] with a single game that ends when its
/// search does.
pub fn search_one<G: Game, E: Evaluator<G>>(
    game: &G,
    search: &mut Search<G>,
    evaluator: &mut E,
    leaves_per_call: u32,
    rng: &mut SmallRng,
) {
    let mut one = Some(One { search, rng });
    run(
        game,
        evaluator,
        1,
        leaves_per_call.max(1),
        || one.take(),
        |_| {},
    );
}

/// The single game of [`search_one`]: over when its search is.
struct One<'a, G: Game> {
    search: &'a mut Search<G>,
    rng: &'a mut SmallRng,
}

impl<G: Game> Driver<G> for One<'_, G> {
    fn parts(&mut self) -> (&mut Search<G>, &mut SmallRng) {
        (self.search, self.rng)
    }

    fn search_done(&mut self) -> bool {
        false
    }
}
