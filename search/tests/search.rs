//! The MCTS driven by hand: `select` hands out leaves, an evaluator scores them, `expand`
//! takes the scores back. Positions are built with the engines' `from_parts`; holes are in
//! absolute order (South's from his left, then North's from his left), actions are the
//! mover's holes from his own left (see `docs/notation.md`).
//!
//! How the search counts: the first simulation of a fresh tree evaluates the root itself and
//! adds no visit to any child, so after `N` simulations on a fresh tree the root's children
//! hold `N - 1` visits; every later simulation (reaching a leaf or a terminal node) adds one
//! visit to exactly one root child. In general the children's visits are the root's own
//! visits minus one.

use mankala_config::{SearchConfig, Selection};
use mankala_engine::variants::{
    Enkeshui, EnkeshuiRules, EnkeshuiState, Kalah, KalahRules, KalahState, Oware, OwareState,
};
use mankala_engine::{Action, Game, GameResult, MAX_ACTIONS, Player, State};
use mankala_search::mcts::Select;
use mankala_search::{Evaluator, RolloutEvaluator, Search, SearchResult, UniformEvaluator};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Runs one move's search of `sims` simulations, one leaf at a time.
fn go<G: Game, E: Evaluator<G>>(
    game: &G,
    s: &mut Search<G>,
    eval: &mut E,
    sims: u32,
    noise: Option<(f32, f32)>,
    rng: &mut SmallRng,
) -> SearchResult {
    search_batched(game, s, eval, sims, noise, rng, 1)
}

/// Runs one move's search with up to `batch` leaves waiting for evaluation at once.
fn search_batched<G: Game, E: Evaluator<G>>(
    game: &G,
    s: &mut Search<G>,
    eval: &mut E,
    sims: u32,
    noise: Option<(f32, f32)>,
    rng: &mut SmallRng,
    batch: usize,
) -> SearchResult {
    s.start(sims, noise, rng);
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
fn fresh<G: Game, E: Evaluator<G>>(
    game: &G,
    state: &G::State,
    cfg: SearchConfig,
    eval: &mut E,
    sims: u32,
    seed: u64,
) -> SearchResult {
    let mut s = Search::<G>::new(cfg, state.clone());
    let mut rng = SmallRng::seed_from_u64(seed);
    go(game, &mut s, eval, sims, None, &mut rng)
}

fn most_visited(r: &SearchResult) -> Action {
    (0..MAX_ACTIONS)
        .max_by_key(|&a| r.visits[a])
        .expect("some action") as Action
}

fn argmax_policy(r: &SearchResult) -> Action {
    (0..MAX_ACTIONS)
        .max_by(|&a, &b| r.policy[a].total_cmp(&r.policy[b]))
        .expect("some action") as Action
}

fn visit_sum(r: &SearchResult) -> u32 {
    r.visits.iter().sum()
}

/// The policy target is a distribution over the legal actions only.
#[track_caller]
fn check_policy<S: State>(state: &S, r: &SearchResult) {
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
    assert!(
        (-1.0..=1.0).contains(&r.root_value),
        "root value {}",
        r.root_value
    );
}

fn cfg(selection: Selection, gumbel: bool) -> SearchConfig {
    SearchConfig {
        selection,
        gumbel,
        ..SearchConfig::default()
    }
}

// ---------------------------------------------------------------- oware

fn oware() -> Oware {
    Oware {
        limits: Oware::DEFAULT_LIMITS,
    }
}

/// South (22 in store, North 20) to move: F's single seed makes North's `a` a 3, which is
/// captured for 25 > 24 and the game. A and E capture nothing; after E North wins by force
/// (a depth-5 minimax says so), after A nobody wins within 5 plies.
fn oware_win_in_one() -> OwareState {
    //            A  B  C  D  E  F  a  b  c  d  e  f
    let pits = [1, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 1];
    OwareState::from_parts(&oware(), pits, [22, 20], Player::South).expect("valid position")
}

#[test]
fn oware_position_is_what_the_tests_assume() {
    let s = oware_win_in_one();
    assert_eq!(s.legal_actions().as_slice(), &[0, 4, 5]);
    for a in [0, 4] {
        let mut t = s.clone();
        t.play(a).unwrap();
        assert_eq!(t.outcome(), None, "action {a} must not end the game");
        assert_eq!(t.snapshot().stores, [22, 20], "action {a} captures nothing");
    }
    let mut t = s.clone();
    t.play(5).unwrap();
    let o = t.outcome().expect("F ends the game");
    assert_eq!(o.result, GameResult::Win(Player::South));
}

#[test]
fn oware_puct_with_rollouts_takes_the_winning_capture() {
    let g = oware();
    let s = oware_win_in_one();
    for seed in 0..3 {
        let r = fresh(
            &g,
            &s,
            cfg(Selection::Puct, false),
            &mut RolloutEvaluator::new(seed),
            200,
            seed,
        );
        check_policy(&s, &r);
        assert_eq!(most_visited(&r), 5, "seed {seed}: {:?}", &r.visits[..6]);
        assert_eq!(argmax_policy(&r), 5);
        assert!(r.root_value > 0.5, "root value {}", r.root_value);
        assert_eq!(r.gumbel_action, None);
    }
}

#[test]
fn oware_uct_with_rollouts_takes_the_winning_capture() {
    let g = oware();
    let s = oware_win_in_one();
    for seed in 0..3 {
        let r = fresh(
            &g,
            &s,
            cfg(Selection::Uct, false),
            &mut RolloutEvaluator::new(seed),
            200,
            seed,
        );
        check_policy(&s, &r);
        assert_eq!(most_visited(&r), 5, "seed {seed}: {:?}", &r.visits[..6]);
        assert!(r.root_value > 0.5, "root value {}", r.root_value);
    }
}

#[test]
fn oware_gumbel_with_few_simulations_takes_the_winning_capture() {
    // Sequential Halving drops half the candidates after a couple of visits each, so the
    // values must tell the moves apart by then: value-0 evaluations (only the game's end
    // speaks) or averaged rollouts. (With single rollouts, A and E may win their first few
    // playouts as often as F and be kept instead of it; that is Gumbel working as designed.)
    let g = oware();
    let s = oware_win_in_one();
    for sims in [16, 32] {
        for seed in 0..8 {
            let results = [
                (
                    "uniform",
                    fresh(
                        &g,
                        &s,
                        cfg(Selection::Puct, true),
                        &mut UniformEvaluator,
                        sims,
                        seed,
                    ),
                ),
                (
                    "16 rollouts",
                    fresh(
                        &g,
                        &s,
                        cfg(Selection::Puct, true),
                        &mut RolloutEvaluator { seed, rollouts: 16 },
                        sims,
                        seed,
                    ),
                ),
            ];
            for (name, r) in results {
                check_policy(&s, &r);
                assert_eq!(
                    r.gumbel_action,
                    Some(5),
                    "{name}, sims {sims} seed {seed}: visits {:?} policy {:?}",
                    &r.visits[..6],
                    &r.policy[..6]
                );
                assert_eq!(argmax_policy(&r), 5, "improved policy {:?}", &r.policy[..6]);
                assert_eq!(visit_sum(&r), sims - 1);
            }
        }
    }
}

#[test]
fn uniform_evaluator_search_still_finds_a_terminal_win() {
    // No value signal but the game's end: the terminal win must still be found.
    let g = oware();
    let s = oware_win_in_one();
    let r = fresh(
        &g,
        &s,
        cfg(Selection::Puct, false),
        &mut UniformEvaluator,
        100,
        0,
    );
    check_policy(&s, &r);
    assert_eq!(most_visited(&r), 5, "{:?}", &r.visits[..6]);
    assert!(r.root_value > 0.5, "root value {}", r.root_value);
}

// ---------------------------------------------------------------- kalah

fn kalah() -> Kalah {
    Kalah {
        rules: KalahRules::default(),
        limits: Kalah::DEFAULT_LIMITS,
    }
}

/// South (19 in store, North 21) to move with C = 1, D = 2, E = 2, F = 1 against North's
/// lone `a` = 2. F (action 5) ends in South's store: South moves again, with a choice.
/// D (action 3) then sows E and the emptied F, capturing `a`: North's row is empty and
/// South wins 27 to 21. C (action 2) instead loses by force (depth-4 minimax). No first
/// move but F wins within 4 plies. A search that took the extra turn for a change of
/// player would choose C for "North" after F and misjudge F.
fn kalah_store_then_capture(mover: Player) -> KalahState {
    //                  A  B  C  D  E  F  a  b  c  d  e  f
    let south_view = [0, 0, 1, 2, 2, 1, 2, 0, 0, 0, 0, 0];
    let stores = [19, 21];
    let (pits, stores) = match mover {
        Player::South => (south_view, stores),
        // The same position with the players' places exchanged.
        Player::North => {
            let mut p = [0u8; 12];
            p[..6].copy_from_slice(&south_view[6..]);
            p[6..].copy_from_slice(&south_view[..6]);
            (p, [stores[1], stores[0]])
        }
    };
    KalahState::from_parts(&kalah(), pits, stores, mover).expect("valid position")
}

/// Depth-limited negamax for the player to move: +1 forced win, -1 forced loss, 0 unknown.
fn negamax<S: State>(s: &S, depth: u32) -> i32 {
    if let Some(o) = s.outcome() {
        return o.value_for(s.to_move()) as i32;
    }
    if depth == 0 {
        return 0;
    }
    let mut best = -1;
    let mut unknown = false;
    for a in s.legal_actions() {
        let mut t = s.clone();
        t.play(a).unwrap();
        let v = negamax(&t, depth - 1);
        let v = if t.to_move() == s.to_move() { v } else { -v };
        if v == 1 {
            return 1;
        }
        unknown |= v == 0;
        best = best.max(v);
    }
    if unknown { 0 } else { best }
}

/// The value of `s` for `p`, by negamax.
fn value_for<S: State>(s: &S, p: Player, depth: u32) -> i32 {
    let v = negamax(s, depth);
    if s.to_move() == p { v } else { -v }
}

#[test]
fn kalah_position_is_what_the_tests_assume() {
    for mover in Player::BOTH {
        let s = kalah_store_then_capture(mover);
        assert_eq!(s.legal_actions().as_slice(), &[2, 3, 4, 5]);
        for a in [2, 3, 4] {
            let mut t = s.clone();
            t.play(a).unwrap();
            assert!(value_for(&t, mover, 4) < 1, "{mover}: {a} wins too");
        }
        let mut t = s.clone();
        t.play(5).unwrap();
        assert_eq!(t.to_move(), mover, "F ends in the store: an extra turn");
        assert_eq!(t.outcome(), None);
        let mut lose = t.clone();
        lose.play(2).unwrap();
        assert_eq!(lose.to_move(), mover.other());
        assert_eq!(value_for(&lose, mover, 4), -1, "{mover}: C after F loses");
        t.play(3).unwrap();
        let o = t.outcome().expect("the capture empties the opponent's row");
        assert_eq!(o.result, GameResult::Win(mover));
        assert_eq!(o.scores[mover.index()], 27);
    }
}

#[test]
fn kalah_extra_turn_then_capture_is_found_for_both_movers() {
    let g = kalah();
    for mover in Player::BOTH {
        let s = kalah_store_then_capture(mover);
        for (name, c) in [
            ("puct", cfg(Selection::Puct, false)),
            ("uct", cfg(Selection::Uct, false)),
        ] {
            let r = fresh(&g, &s, c, &mut RolloutEvaluator::new(3), 400, 3);
            check_policy(&s, &r);
            assert_eq!(
                most_visited(&r),
                5,
                "{name}, {mover} to move: {:?}",
                &r.visits[..6]
            );
            // The root value is the mover's: a won position is positive for either player.
            assert!(
                r.root_value > 0.5,
                "{name}, {mover} to move: root value {}",
                r.root_value
            );
        }
        for seed in 0..4 {
            let r = fresh(
                &g,
                &s,
                cfg(Selection::Puct, true),
                &mut RolloutEvaluator { seed, rollouts: 16 },
                32,
                seed,
            );
            check_policy(&s, &r);
            assert_eq!(
                r.gumbel_action,
                Some(5),
                "gumbel, {mover} to move, seed {seed}"
            );
            // (No claim on Gumbel's root value: Sequential Halving spends most of its few
            // visits on the losing candidates, so the mean is not the best move's value.)
        }
    }
}

#[test]
fn after_the_extra_turn_the_same_player_sees_the_win() {
    // The position after F: the same player moves again and D wins at once.
    let g = kalah();
    for mover in Player::BOTH {
        let mut s = kalah_store_then_capture(mover);
        s.play(5).unwrap();
        let r = fresh(
            &g,
            &s,
            cfg(Selection::Puct, false),
            &mut RolloutEvaluator::new(1),
            100,
            1,
        );
        assert_eq!(most_visited(&r), 3, "{mover}: {:?}", &r.visits[..6]);
        assert!(r.root_value > 0.5, "{mover}: root value {}", r.root_value);
    }
}

#[test]
fn the_winner_to_move_sees_a_positive_value() {
    // After F and the blunder C the opponent moves, and he wins by force: his root value
    // is positive whichever player he is.
    let g = kalah();
    for mover in Player::BOTH {
        let mut s = kalah_store_then_capture(mover);
        s.play(5).unwrap();
        s.play(2).unwrap();
        assert_eq!(s.to_move(), mover.other());
        let r = fresh(
            &g,
            &s,
            cfg(Selection::Puct, false),
            &mut RolloutEvaluator::new(5),
            400,
            5,
        );
        assert!(
            r.root_value > 0.5,
            "{} to move after {mover}'s blunder: root value {}",
            mover.other(),
            r.root_value
        );
    }
}

// ---------------------------------------------------------------- enkeshui

fn enkeshui() -> Enkeshui {
    Enkeshui {
        rules: EnkeshuiRules::default(),
        limits: Enkeshui::DEFAULT_LIMITS,
    }
}

/// Default Enkeshui (12 holes a row, 48 seeds; the hole opposite `i` is `23 - i`). South
/// sows A's single seed into the empty B: a capture of B and of North's holes 22 and 21
/// (the capture runs on through the empty C) is offered. Taken, it leaves North with no
/// cows: the game ends 26 to 22 for South. Declined, North keeps 15 seeds on the board.
fn enkeshui_pending_capture() -> EnkeshuiState {
    let g = enkeshui();
    let mut pits = [0u8; 24];
    pits[0] = 1;
    pits[22] = 10;
    pits[21] = 5;
    let mut s =
        EnkeshuiState::from_parts(&g, &pits, [&[], &[]], [10, 22], [false; 2], Player::South)
            .expect("valid position");
    s.play(0).unwrap();
    s
}

#[test]
fn enkeshui_position_is_what_the_tests_assume() {
    let s = enkeshui_pending_capture();
    assert_eq!(s.to_move(), Player::South);
    assert_eq!(s.legal_actions().as_slice(), &[24, 25]);
    let mut t = s.clone();
    t.play(24).unwrap();
    let o = t.outcome().expect("taking ends the game");
    assert_eq!(o.result, GameResult::Win(Player::South));
    assert_eq!(o.scores, [26, 22]);
    let mut t = s.clone();
    t.play(25).unwrap();
    assert_eq!(t.outcome(), None);
}

#[test]
fn enkeshui_search_takes_the_winning_capture() {
    let g = enkeshui();
    let s = enkeshui_pending_capture();
    for (name, c, sims) in [
        ("puct", cfg(Selection::Puct, false), 100),
        ("uct", cfg(Selection::Uct, false), 100),
        ("gumbel", cfg(Selection::Puct, true), 16),
    ] {
        let r = fresh(&g, &s, c, &mut RolloutEvaluator::new(2), sims, 2);
        check_policy(&s, &r);
        assert!(
            r.visits[24] > r.visits[25],
            "{name}: take {} decline {}",
            r.visits[24],
            r.visits[25]
        );
        assert!(
            r.policy[24] > r.policy[25],
            "{name}: policy {:?}",
            &r.policy[24..26]
        );
        // Gumbel spreads its few visits evenly over both candidates, so its root value is
        // a mix of the win and the decline.
        let floor = if name == "gumbel" { 0.0 } else { 0.5 };
        assert!(r.root_value > floor, "{name}: root value {}", r.root_value);
        if name == "gumbel" {
            assert_eq!(r.gumbel_action, Some(24));
        }
    }
}

// ---------------------------------------------------------------- counting

#[test]
fn visits_are_the_simulations_minus_the_root_expansion() {
    let g = kalah();
    // A position with illegal actions (empty holes) for both players.
    //           A  B  C  D  E  F  a  b  c  d  e  f
    let pits = [3, 0, 5, 0, 2, 6, 0, 4, 4, 1, 0, 3];
    let s = KalahState::from_parts(&g, pits, [10, 10], Player::South).unwrap();
    for (name, c) in [
        ("puct", cfg(Selection::Puct, false)),
        ("uct", cfg(Selection::Uct, false)),
        ("gumbel", cfg(Selection::Puct, true)),
    ] {
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
        let r = search_batched(
            &g,
            &mut search,
            &mut RolloutEvaluator::new(4),
            100,
            None,
            &mut rng,
            batch,
        );
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
        let r = search_batched(
            &g,
            &mut search,
            &mut UniformEvaluator,
            64,
            None,
            &mut rng,
            batch,
        );
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
    let c = SearchConfig {
        gumbel: true,
        gumbel_considered: 2,
        ..SearchConfig::default()
    };
    for batch in [1, 4] {
        let mut search = Search::<Kalah>::new(c.clone(), s.clone());
        let mut rng = SmallRng::seed_from_u64(6);
        let r = search_batched(
            &g,
            &mut search,
            &mut UniformEvaluator,
            24,
            None,
            &mut rng,
            batch,
        );
        assert_eq!(r.visits.iter().filter(|&&v| v > 0).count(), 2);
        for a in 0..6 {
            assert!(
                (r.policy[a] - 1.0 / 6.0).abs() < 1e-5,
                "{batch} in flight: {:?}",
                &r.policy[..6]
            );
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
            e.value = if s.to_move() == Player::South {
                1.0
            } else {
                -1.0
            };
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
        for (name, c) in [
            ("puct", cfg(Selection::Puct, false)),
            ("uct", cfg(Selection::Uct, false)),
            ("gumbel", cfg(Selection::Puct, true)),
        ] {
            for sims in [1, 2, 100] {
                let r = fresh(&g, s, c.clone(), &mut SouthWins, sims, 0);
                assert_eq!(
                    r.root_value,
                    want,
                    "{name}, {} to move, {sims}",
                    s.to_move()
                );
            }
        }
    }
}

#[test]
fn uct_visits_every_child_before_any_twice() {
    let g = kalah();
    let s = g.initial_state();
    let r = fresh(
        &g,
        &s,
        cfg(Selection::Uct, false),
        &mut RolloutEvaluator::new(0),
        7,
        0,
    );
    assert_eq!(&r.visits[..6], &[1; 6]);
}

#[test]
fn gumbel_improved_policy_is_a_distribution_over_legal_actions() {
    let g = enkeshui();
    let s = g.initial_state();
    for seed in 0..4 {
        for sims in [2, 4, 16, 50] {
            let r = fresh(
                &g,
                &s,
                cfg(Selection::Puct, true),
                &mut RolloutEvaluator::new(seed),
                sims,
                seed,
            );
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
    let c = SearchConfig {
        reuse_tree: false,
        ..SearchConfig::default()
    };
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
    let r = go(
        &g,
        &mut search,
        &mut RolloutEvaluator::new(1),
        3,
        None,
        &mut rng,
    );
    let a = (0..6)
        .find(|&a| r.visits[a] == 0)
        .expect("an unvisited child") as Action;
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
