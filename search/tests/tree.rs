//! The tree of the MCTS driven by hand: `select` hands out leaves, an evaluator scores them,
//! `expand` takes the scores back; visits, virtual losses, Gumbel's policy, reuse and noise.
//! Positions are built with the engines' `from_parts`; holes are in absolute order (South's
//! from his left, then North's from his left), actions are the mover's holes from his own
//! left (see `docs/notation.md`).
//!
//! How the search counts: the first simulation of a fresh tree evaluates the root itself and
//! adds no visit to any child, so after `N` simulations on a fresh tree the root's children
//! hold `N - 1` visits; every later simulation (reaching a leaf or a terminal node) adds one
//! visit to exactly one root child. In general the children's visits are the root's own
//! visits minus one.

mod common;

use common::*;
use mankala_config::{SearchConfig, Selection};
use mankala_engine::variants::{Kalah, KalahState};
use mankala_engine::{Action, Game, MAX_ACTIONS, Player, State};
use mankala_search::{Evaluator, RolloutEvaluator, RootExploration, Search, SearchResult, UniformEvaluator};
use rand::SeedableRng;
use rand::rngs::SmallRng;

// ---------------------------------------------------------------- counting

#[test]
fn visits_are_the_simulations_minus_the_root_expansion() {
    let g = kalah();
    // A position with illegal actions (empty holes) for both players.
    //           A  B  C  D  E  F  a  b  c  d  e  f
    let pits = [3, 0, 5, 0, 2, 6, 0, 4, 4, 1, 0, 3];
    let s = KalahState::from_parts(&g, pits, [10, 10], Player::South).unwrap();
    for (name, c) in [("puct", cfg(Selection::Puct, false)), ("uct", cfg(Selection::Uct, false)), ("gumbel", cfg(Selection::Puct, true))] {
        for sims in [1, 2, 7, 64, 200] {
            let r = fresh(&g, &s, c.clone(), &mut RolloutEvaluator::new(9), sims, 9);
            assert_eq!(visit_sum(&r), sims - 1, "{name}, {sims} simulations");
            if sims == 1 {
                // Only the root has been evaluated: no child visited, and no policy yet
                // (visit shares) or the prior-only improved policy (Gumbel).
                continue;
            }
            check_policy(&s, &r);
            if name == "gumbel" {
                let a = r.gumbel_action.expect("gumbel picks an action");
                assert!(s.legal_mask().contains(a), "gumbel action {a} is illegal");
            } else {
                // Without Gumbel the policy is exactly the visit shares.
                for a in 0..MAX_ACTIONS {
                    let share = r.visits[a] as f32 / (sims - 1) as f32;
                    assert!((r.policy[a] - share).abs() < 1e-6);
                }
            }
        }
    }
}

#[test]
fn counting_holds_with_many_leaves_in_flight() {
    let g = kalah();
    let s = g.initial_state();
    for batch in [2, 8, 32] {
        let mut search = Search::<Kalah>::new(SearchConfig::default(), s.clone());
        let mut rng = SmallRng::seed_from_u64(4);
        let r = search_batched(&g, &mut search, &mut RolloutEvaluator::new(4), 100, None, &mut rng, batch);
        assert_eq!(visit_sum(&r), 99, "{batch} leaves in flight");
        check_policy(&s, &r);
    }
}

#[test]
fn virtual_losses_are_all_taken_back() {
    // With value-0 evaluations and no game end in reach, every backed-up value is 0: any
    // virtual loss left in the tree would show in the root value.
    let g = kalah();
    let s = g.initial_state();
    for batch in [1, 4, 16] {
        let mut search = Search::<Kalah>::new(SearchConfig::default(), s.clone());
        let mut rng = SmallRng::seed_from_u64(0);
        let r = search_batched(&g, &mut search, &mut UniformEvaluator, 64, None, &mut rng, batch);
        assert_eq!(r.root_value, 0.0, "{batch} leaves in flight");
        assert_eq!(visit_sum(&r), 63);
    }
}

#[test]
fn with_value_free_evaluations_gumbel_sees_no_difference_between_actions() {
    // Value-0 evaluations far from the game's end: every visited child's value must come
    // back as exactly 0 (no virtual loss left behind, with one or many leaves in flight),
    // so the improved policy is the uniform prior, visited or not.
    let g = kalah();
    let s = g.initial_state();
    let c = SearchConfig { gumbel: true, gumbel_considered: 2, ..SearchConfig::default() };
    for batch in [1, 4] {
        let mut search = Search::<Kalah>::new(c.clone(), s.clone());
        let mut rng = SmallRng::seed_from_u64(6);
        let r = search_batched(&g, &mut search, &mut UniformEvaluator, 24, None, &mut rng, batch);
        assert_eq!(r.visits.iter().filter(|&&v| v > 0).count(), 2);
        for a in 0..6 {
            assert!((r.policy[a] - 1.0 / 6.0).abs() < 1e-5, "{batch} in flight: {:?}", &r.policy[..6]);
        }
    }
}

/// Says South wins every position: +1 for South to move, -1 for North to move.
struct SouthWins;

impl<G: Game> Evaluator<G> for SouthWins {
    fn evaluate(&mut self, _: &G, states: &[G::State], out: &mut Vec<mankala_search::Evaluation>) {
        out.clear();
        for s in states {
            let mut e = mankala_search::Evaluation::default();
            for a in s.legal_mask().iter() {
                e.priors[a as usize] = 1.0;
            }
            e.value = if s.to_move() == Player::South { 1.0 } else { -1.0 };
            out.push(e);
        }
    }
}

#[test]
fn evaluations_are_read_from_the_movers_view() {
    // Kalah's start has an extra-turn move (C ends in the store), so the tree mixes
    // same-player and alternating moves; an evaluator consistent about South winning must
    // give the root exactly +1 for South and -1 for North, whatever the tree.
    let g = kalah();
    let south = g.initial_state();
    let mut north = south.clone();
    north.play(0).unwrap();
    assert_eq!(north.to_move(), Player::North);
    let mut extra = south.clone();
    extra.play(2).unwrap();
    assert_eq!(extra.to_move(), Player::South, "C is an extra turn");
    for (s, want) in [(&south, 1.0), (&north, -1.0)] {
        for (name, c) in [("puct", cfg(Selection::Puct, false)), ("uct", cfg(Selection::Uct, false)), ("gumbel", cfg(Selection::Puct, true))] {
            for sims in [1, 2, 100] {
                let r = fresh(&g, s, c.clone(), &mut SouthWins, sims, 0);
                assert_eq!(r.root_value, want, "{name}, {} to move, {sims}", s.to_move());
            }
        }
    }
}

#[test]
fn uct_visits_every_child_before_any_twice() {
    let g = kalah();
    let s = g.initial_state();
    let r = fresh(&g, &s, cfg(Selection::Uct, false), &mut RolloutEvaluator::new(0), 7, 0);
    assert_eq!(&r.visits[..6], &[1; 6]);
}

#[test]
fn gumbel_improved_policy_is_a_distribution_over_legal_actions() {
    let g = enkeshui();
    let s = g.initial_state();
    for seed in 0..4 {
        for sims in [2, 4, 16, 50] {
            let r = fresh(&g, &s, cfg(Selection::Puct, true), &mut RolloutEvaluator::new(seed), sims, seed);
            check_policy(&s, &r);
            let a = r.gumbel_action.expect("gumbel picks an action");
            assert!(s.legal_mask().contains(a));
            assert_eq!(visit_sum(&r), sims - 1);
        }
    }
}

// ---------------------------------------------------------------- tree reuse

#[test]
fn advance_keeps_the_chosen_subtree() {
    let g = kalah();
    let s = g.initial_state();
    let mut search = Search::<Kalah>::new(SearchConfig::default(), s.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    let mut eval = RolloutEvaluator::new(1);
    let r = go(&g, &mut search, &mut eval, 300, None, &mut rng);
    let before = search.tree_size();
    let a = most_visited(&r);
    let kept = r.visits[a as usize];
    assert!(kept > 10);
    let mut next = s.clone();
    next.play(a).unwrap();
    search.advance(a, next.clone());
    assert_eq!(search.root_state(), &next);
    let after = search.tree_size();
    assert!(after > 1 && after < before, "tree {before} -> {after}");
    // The new root's children hold the chosen child's visits, minus its own expansion.
    let r0 = search.result();
    assert_eq!(visit_sum(&r0), kept - 1);
    // Another search adds its simulations to them.
    let r1 = go(&g, &mut search, &mut eval, 50, None, &mut rng);
    assert_eq!(visit_sum(&r1), kept - 1 + 50);
    check_policy(&next, &r1);
}

#[test]
fn without_reuse_advance_starts_a_fresh_tree() {
    let g = kalah();
    let s = g.initial_state();
    let c = SearchConfig { reuse_tree: false, ..SearchConfig::default() };
    let mut search = Search::<Kalah>::new(c, s.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    let mut eval = RolloutEvaluator::new(1);
    let r = go(&g, &mut search, &mut eval, 300, None, &mut rng);
    let a = most_visited(&r);
    let mut next = s.clone();
    next.play(a).unwrap();
    search.advance(a, next.clone());
    assert_eq!(search.tree_size(), 1);
    assert_eq!(search.root_state(), &next);
    let r1 = go(&g, &mut search, &mut eval, 50, None, &mut rng);
    assert_eq!(visit_sum(&r1), 49);
}

#[test]
fn advance_to_an_unexpanded_child_starts_fresh() {
    let g = kalah();
    let s = g.initial_state();
    let mut search = Search::<Kalah>::new(SearchConfig::default(), s.clone());
    let mut rng = SmallRng::seed_from_u64(1);
    // Three simulations: the root and two children; the other children are unexpanded.
    let r = go(&g, &mut search, &mut RolloutEvaluator::new(1), 3, None, &mut rng);
    let a = (0..6).find(|&a| r.visits[a] == 0).expect("an unvisited child") as Action;
    let mut next = s.clone();
    next.play(a).unwrap();
    search.advance(a, next.clone());
    assert_eq!(search.tree_size(), 1);
    assert_eq!(search.root_state(), &next);
}

// ---------------------------------------------------------------- noise

fn noise_run(gumbel: bool, noise: Option<(f32, f32)>, seed: u64) -> SearchResult {
    let g = kalah();
    let s = g.initial_state();
    let mut search = Search::<Kalah>::new(cfg(Selection::Puct, gumbel), s);
    let mut rng = SmallRng::seed_from_u64(seed);
    go(&g, &mut search, &mut UniformEvaluator, 60, noise, &mut rng)
}

#[test]
fn dirichlet_noise_changes_the_root_only_when_asked() {
    // Uniform priors and values: without noise every child gets the same share and the
    // random source is never used.
    let off_a = noise_run(false, None, 1);
    let off_b = noise_run(false, None, 2);
    assert_eq!(off_a.visits, off_b.visits);
    assert_eq!(off_a.policy, off_b.policy);
    // Zero weight is no noise.
    let zero = noise_run(false, Some((10.0, 0.0)), 1);
    assert_eq!(zero.visits, off_a.visits);
    // Noise asked for changes the visits, reproducibly for a seed.
    let noise = Some((1.0, 0.75));
    let on_1 = noise_run(false, noise, 1);
    let on_1b = noise_run(false, noise, 1);
    let on_2 = noise_run(false, noise, 2);
    assert_eq!(on_1.visits, on_1b.visits);
    assert_ne!(on_1.visits, off_a.visits, "noise changed nothing");
    assert_ne!(on_1.visits, on_2.visits, "noise ignores the seed");
    assert_eq!(visit_sum(&on_1), 59);
    // Gumbel replaces the noise: asking for it changes nothing.
    let g_off = noise_run(true, None, 3);
    let g_on = noise_run(true, noise, 3);
    assert_eq!(g_off.visits, g_on.visits);
    assert_eq!(g_off.policy, g_on.policy);
    assert_eq!(g_off.gumbel_action, g_on.gumbel_action);
}

/// Priors of the given share on the mover's first legal action, the rest shared; every value 0.
struct FavoursFirst(f32);

impl<G: Game> Evaluator<G> for FavoursFirst {
    fn evaluate(&mut self, _: &G, states: &[G::State], out: &mut Vec<mankala_search::Evaluation>) {
        out.clear();
        for s in states {
            let mut e = mankala_search::Evaluation::default();
            let mask = s.legal_mask();
            let rest = (1.0 - self.0) / (mask.count() as f32 - 1.0).max(1.0);
            for (k, a) in mask.iter().enumerate() {
                e.priors[a as usize] = if k == 0 { self.0 } else { rest };
            }
            out.push(e);
        }
    }
}

/// The root's visits after `sims` simulations at root policy temperature `t`, no noise.
fn tempered_run(gumbel: bool, t: f32, sims: u32) -> SearchResult {
    let g = kalah();
    let mut search = Search::<Kalah>::new(cfg(Selection::Puct, gumbel), g.initial_state());
    let mut rng = SmallRng::seed_from_u64(5);
    let root = RootExploration { policy_temperature: t, ..RootExploration::PLAIN };
    search.start_exploring(sims, root, &mut rng);
    finish(&g, &mut search, &mut FavoursFirst(0.9), sims, &mut rng, 1)
}

#[test]
fn root_policy_temperature_spreads_the_roots_visits_only_when_asked() {
    // Kalah's start: six legal moves, the first (hole A) favoured 0.9 by the priors.
    let plain = tempered_run(false, 1.0, 120);
    let g = kalah();
    let mut search = Search::<Kalah>::new(cfg(Selection::Puct, false), g.initial_state());
    let mut rng = SmallRng::seed_from_u64(5);
    let by_start = go(&g, &mut search, &mut FavoursFirst(0.9), 120, None, &mut rng);
    assert_eq!(plain.visits, by_start.visits, "temperature 1 is not the plain start");
    let warm = tempered_run(false, 3.0, 120);
    assert_eq!(visit_sum(&warm), 119);
    // At 3 the first move's prior becomes 0.9^(1/3) / (0.9^(1/3) + 5 * 0.02^(1/3)), about
    // 0.42: fewer visits for it, more for every other.
    assert!(warm.visits[0] < plain.visits[0], "{:?} against {:?}", warm.visits, plain.visits);
    for a in 1..6 {
        assert!(warm.visits[a] > plain.visits[a], "action {a}: {:?} against {:?}", warm.visits, plain.visits);
    }
    // Below 1 sharpens: the favoured move gets more.
    let cold = tempered_run(false, 0.5, 120);
    assert!(cold.visits[0] > plain.visits[0]);
    // Gumbel search ignores it.
    assert_eq!(tempered_run(true, 3.0, 64).visits, tempered_run(true, 1.0, 64).visits);
}

/// A fresh search of `g`'s start with forced playouts of coefficient `k`, no noise, and the
/// search itself for its move choice.
fn forced_run<E: Evaluator<Kalah>>(g: &Kalah, gumbel: bool, k: f32, sims: u32, eval: &mut E) -> (Search<Kalah>, SearchResult) {
    let mut search = Search::<Kalah>::new(cfg(Selection::Puct, gumbel), g.initial_state());
    let mut rng = SmallRng::seed_from_u64(6);
    search.start_exploring(sims, RootExploration { forced_playouts: k, ..RootExploration::PLAIN }, &mut rng);
    let r = finish(g, &mut search, eval, sims, &mut rng, 1);
    (search, r)
}

#[test]
fn forced_playouts_leave_a_move_the_search_never_tried_to_puct() {
    // Kalah capped at 8 plies, so that every line ends as a draw and every value is 0;
    // priors of 0.99 on hole A and 0.002 on each other move. PUCT alone never tries the
    // others in 400 simulations (an untried move scores 0.2 below its parent's value plus at
    // most 1.5 * 0.002 * 20, hole A's 1.5 * 0.99 * 20 / 400 above it), and forcing, which
    // only keeps tried moves searched, changes nothing.
    let g = Kalah { limits: mankala_engine::Limits { max_plies: 8, max_laps: 1 }, ..Kalah::default() };
    let (_, plain) = forced_run(&g, false, 0.0, 400, &mut FavoursFirst(0.99));
    assert_eq!(plain.visits[..6], [399, 0, 0, 0, 0, 0]);
    let (_, forced) = forced_run(&g, false, 2.0, 400, &mut FavoursFirst(0.99));
    assert_eq!((forced.visits, forced.policy), (plain.visits, plain.policy));
}

#[test]
fn forced_playouts_keep_every_tried_move_searched_and_pruning_takes_those_visits_back() {
    let g = kalah();
    let sims = 800;
    let (_, plain) = forced_run(&g, false, 0.0, sims, &mut RolloutEvaluator::new(3));
    let (search, forced) = forced_run(&g, false, 2.0, sims, &mut RolloutEvaluator::new(3));
    check_policy(&g.initial_state(), &forced);
    // Each tried move reaches sqrt(2 * prior * the children's visits), the priors being
    // uniform: about 16 visits. PUCT alone leaves some move below that.
    let floor = (2.0 / 6.0 * (sims - 1) as f32).sqrt();
    assert!(plain.visits[..6].iter().any(|&v| (v as f32) < floor - 1.0), "{:?}", plain.visits);
    for a in 0..6 {
        assert!(forced.visits[a] as f32 + 1.0 >= floor, "action {a}: {:?}", forced.visits);
    }
    // The target takes forced visits back: some move's share falls below its visit share.
    let share = |a: usize| forced.visits[a] as f32 / (sims - 1) as f32;
    assert!((0..6).any(|a| forced.policy[a] < share(a) - 0.01), "{:?} against {:?}", forced.policy, forced.visits);
    // The move choice at temperature 1 draws by the target, not by the visits.
    let mut rng = SmallRng::seed_from_u64(2);
    let n = 20_000;
    let mut drawn = [0u32; 6];
    for _ in 0..n {
        drawn[search.sample_by_visits(1.0, &mut rng).expect("a move") as usize] += 1;
    }
    for a in 0..6 {
        let freq = drawn[a] as f32 / n as f32;
        assert!((freq - forced.policy[a]).abs() < 0.015, "action {a}: drawn {freq}, target {}", forced.policy[a]);
    }
}

#[test]
fn the_pruned_target_keeps_the_best_childs_visits_and_no_more_than_any_others() {
    let g = kalah();
    for (sims, seed) in [(50, 1), (200, 2), (800, 3)] {
        let (_, r) = forced_run(&g, false, 2.0, sims, &mut RolloutEvaluator::new(seed));
        check_policy(&g.initial_state(), &r);
        let best = most_visited(&r) as usize;
        // The counts behind the target, scaled back by the best child's unpruned visits.
        let scale = r.visits[best] as f32 / r.policy[best];
        for a in 0..6 {
            let count = r.policy[a] * scale;
            assert!(count <= r.visits[a] as f32 + 1e-3, "{sims} simulations, action {a}: {count} of {:?}", r.visits);
            let whole = (count - count.round()).abs() < 1e-2;
            assert!(whole && !(1e-3..=1.5).contains(&count), "{sims} simulations, action {a}: count {count}");
        }
    }
}

#[test]
fn forced_playouts_leave_a_gumbel_search_as_it_was() {
    let g = kalah();
    let (_, off) = forced_run(&g, true, 0.0, 64, &mut FavoursFirst(0.9));
    let (_, on) = forced_run(&g, true, 2.0, 64, &mut FavoursFirst(0.9));
    assert_eq!((off.visits, off.policy, off.gumbel_action), (on.visits, on.policy, on.gumbel_action));
}

#[test]
fn dirichlet_noise_applies_to_a_reused_root() {
    let g = kalah();
    let s = g.initial_state();
    let run = |noise: Option<(f32, f32)>| {
        let mut search = Search::<Kalah>::new(SearchConfig::default(), s.clone());
        let mut rng = SmallRng::seed_from_u64(7);
        let mut eval = UniformEvaluator;
        go(&g, &mut search, &mut eval, 30, None, &mut rng);
        // The root is expanded now: the second start must mix noise in at once.
        go(&g, &mut search, &mut eval, 60, noise, &mut rng)
    };
    let plain = run(None);
    let noisy = run(Some((1.0, 0.75)));
    assert_eq!(visit_sum(&plain), 29 + 60);
    assert_eq!(visit_sum(&noisy), 29 + 60);
    assert_ne!(plain.visits, noisy.visits);
}
