//! What the search tests share: a move's search driven by hand, one leaf at a time or many,
//! and the checks of its result.

#![allow(dead_code)]

use mankala_config::{SearchConfig, Selection};
use mankala_engine::variants::{Enkeshui, Kalah, Oware};
use mankala_engine::{Action, Game, MAX_ACTIONS, State};
use mankala_search::mcts::Select;
use mankala_search::{Evaluator, Search, SearchResult};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Runs one move's search of `sims` simulations, one leaf at a time.
pub fn go<G: Game, E: Evaluator<G>>(game: &G, s: &mut Search<G>, eval: &mut E, sims: u32, noise: Option<(f32, f32)>, rng: &mut SmallRng) -> SearchResult {
    search_batched(game, s, eval, sims, noise, rng, 1)
}

/// Runs one move's search with up to `batch` leaves waiting for evaluation at once.
pub fn search_batched<G: Game, E: Evaluator<G>>(
    game: &G,
    s: &mut Search<G>,
    eval: &mut E,
    sims: u32,
    noise: Option<(f32, f32)>,
    rng: &mut SmallRng,
    batch: usize,
) -> SearchResult {
    s.start(sims, noise, rng);
    finish(game, s, eval, sims, rng, batch)
}

/// Runs a started search to its budget of `sims` simulations, `batch` leaves at a time.
pub fn finish<G: Game, E: Evaluator<G>>(game: &G, s: &mut Search<G>, eval: &mut E, sims: u32, rng: &mut SmallRng, batch: usize) -> SearchResult {
    let mut out = Vec::new();
    loop {
        let mut reqs = Vec::new();
        while reqs.len() < batch {
            match s.select() {
                Select::Leaf(r) => reqs.push(r),
                Select::Terminal => {}
                Select::Blocked | Select::Done => break,
            }
        }
        if reqs.is_empty() {
            break;
        }
        let states: Vec<G::State> = reqs.iter().map(|r| r.state.clone()).collect();
        eval.evaluate(game, &states, &mut out);
        assert_eq!(out.len(), states.len());
        for (r, e) in reqs.iter().zip(&out) {
            s.expand(r.node, &r.state, e, rng);
        }
    }
    assert!(s.is_finished(), "search stopped before its budget");
    assert_eq!(s.simulations(), sims);
    s.result()
}

/// A fresh search of `sims` simulations on `state`.
pub fn fresh<G: Game, E: Evaluator<G>>(game: &G, state: &G::State, cfg: SearchConfig, eval: &mut E, sims: u32, seed: u64) -> SearchResult {
    let mut s = Search::<G>::new(cfg, state.clone());
    let mut rng = SmallRng::seed_from_u64(seed);
    go(game, &mut s, eval, sims, None, &mut rng)
}

pub fn most_visited(r: &SearchResult) -> Action {
    (0..MAX_ACTIONS).max_by_key(|&a| r.visits[a]).expect("some action") as Action
}

pub fn argmax_policy(r: &SearchResult) -> Action {
    (0..MAX_ACTIONS).max_by(|&a, &b| r.policy[a].total_cmp(&r.policy[b])).expect("some action") as Action
}

pub fn visit_sum(r: &SearchResult) -> u32 {
    r.visits.iter().sum()
}

/// The policy target is a distribution over the legal actions only.
#[track_caller]
pub fn check_policy<S: State>(state: &S, r: &SearchResult) {
    let mask = state.legal_mask();
    let mut sum = 0.0f32;
    for a in 0..MAX_ACTIONS {
        let p = r.policy[a];
        assert!(p.is_finite() && p >= 0.0, "policy[{a}] = {p}");
        if mask.contains(a as Action) {
            sum += p;
        } else {
            assert_eq!(p, 0.0, "policy on illegal action {a}");
            assert_eq!(r.visits[a], 0, "visits on illegal action {a}");
        }
    }
    assert!((sum - 1.0).abs() < 1e-4, "policy sums to {sum}");
    assert!((-1.0..=1.0).contains(&r.root_value), "root value {}", r.root_value);
}

pub fn cfg(selection: Selection, gumbel: bool) -> SearchConfig {
    SearchConfig { selection, gumbel, ..SearchConfig::default() }
}

pub fn oware() -> Oware {
    Oware::default()
}

pub fn kalah() -> Kalah {
    Kalah::default()
}

pub fn enkeshui() -> Enkeshui {
    Enkeshui::default()
}
