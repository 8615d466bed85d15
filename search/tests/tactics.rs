//! The MCTS finds what a position holds: the winning capture of Oware, Kalah's extra turn
//! then capture for both movers, Enkeshui's pending capture, and the value seen by the
//! player who wins. Positions are built with the engines' `from_parts`; holes are in
//! absolute order (South's from his left, then North's from his left), actions are the
//! mover's holes from his own left (see `docs/notation.md`).

mod common;

use common::*;
use mankala_config::Selection;
use mankala_engine::variants::{EnkeshuiState, KalahState, OwareState};
use mankala_engine::{GameResult, Player, State};
use mankala_search::{RolloutEvaluator, UniformEvaluator};

// ---------------------------------------------------------------- oware

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
        let r = fresh(&g, &s, cfg(Selection::Puct, false), &mut RolloutEvaluator::new(seed), 200, seed);
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
        let r = fresh(&g, &s, cfg(Selection::Uct, false), &mut RolloutEvaluator::new(seed), 200, seed);
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
                ("uniform", fresh(&g, &s, cfg(Selection::Puct, true), &mut UniformEvaluator, sims, seed)),
                ("16 rollouts", fresh(&g, &s, cfg(Selection::Puct, true), &mut RolloutEvaluator { seed, rollouts: 16 }, sims, seed)),
            ];
            for (name, r) in results {
                check_policy(&s, &r);
                assert_eq!(r.gumbel_action, Some(5), "{name}, sims {sims} seed {seed}: visits {:?} policy {:?}", &r.visits[..6], &r.policy[..6]);
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
    let r = fresh(&g, &s, cfg(Selection::Puct, false), &mut UniformEvaluator, 100, 0);
    check_policy(&s, &r);
    assert_eq!(most_visited(&r), 5, "{:?}", &r.visits[..6]);
    assert!(r.root_value > 0.5, "root value {}", r.root_value);
}

// ---------------------------------------------------------------- kalah

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
        for (name, c) in [("puct", cfg(Selection::Puct, false)), ("uct", cfg(Selection::Uct, false))] {
            let r = fresh(&g, &s, c, &mut RolloutEvaluator::new(3), 400, 3);
            check_policy(&s, &r);
            assert_eq!(most_visited(&r), 5, "{name}, {mover} to move: {:?}", &r.visits[..6]);
            // The root value is the mover's: a won position is positive for either player.
            assert!(r.root_value > 0.5, "{name}, {mover} to move: root value {}", r.root_value);
        }
        for seed in 0..4 {
            let r = fresh(&g, &s, cfg(Selection::Puct, true), &mut RolloutEvaluator { seed, rollouts: 16 }, 32, seed);
            check_policy(&s, &r);
            assert_eq!(r.gumbel_action, Some(5), "gumbel, {mover} to move, seed {seed}");
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
        let r = fresh(&g, &s, cfg(Selection::Puct, false), &mut RolloutEvaluator::new(1), 100, 1);
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
        let r = fresh(&g, &s, cfg(Selection::Puct, false), &mut RolloutEvaluator::new(5), 400, 5);
        assert!(r.root_value > 0.5, "{} to move after {mover}'s blunder: root value {}", mover.other(), r.root_value);
    }
}

// ---------------------------------------------------------------- enkeshui

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
    let mut s = EnkeshuiState::from_parts(&g, &pits, [&[], &[]], [10, 22], [false; 2], Player::South).expect("valid position");
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
    for (name, c, sims) in [("puct", cfg(Selection::Puct, false), 100), ("uct", cfg(Selection::Uct, false), 100), ("gumbel", cfg(Selection::Puct, true), 16)] {
        let r = fresh(&g, &s, c, &mut RolloutEvaluator::new(2), sims, 2);
        check_policy(&s, &r);
        assert!(r.visits[24] > r.visits[25], "{name}: take {} decline {}", r.visits[24], r.visits[25]);
        assert!(r.policy[24] > r.policy[25], "{name}: policy {:?}", &r.policy[24..26]);
        // Gumbel spreads its few visits evenly over both candidates, so its root value is
        // a mix of the win and the decline.
        let floor = if name == "gumbel" { 0.0 } else { 0.5 };
        assert!(r.root_value > floor, "{name}: root value {}", r.root_value);
        if name == "gumbel" {
            assert_eq!(r.gumbel_action, Some(24));
        }
    }
}
