//! One or more tests per rule of `docs/rules/oware.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Holes in absolute order: South A..F = 0..5, North a..f = 6..11; the hole opposite i is 11-i.

mod common;

use common::play;
use mankala_engine::variants::{Oware, OwareState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Outcome, Player, State};

const SOUTH: Player = Player::South;
const NORTH: Player = Player::North;
const ALL: [Action; 6] = [0, 1, 2, 3, 4, 5];

fn game() -> Oware {
    Oware::default()
}

fn pos(pits: [u8; 12], scores: [u8; 2], to_move: Player) -> OwareState {
    OwareState::from_parts(&game(), pits, scores, to_move).expect("valid position")
}

/// Asserts the whole position: every hole, both scores, the player to move and the legal
/// actions (and that the game goes on when there are legal actions).
#[track_caller]
fn check(s: &OwareState, pits: [u32; 12], scores: [u32; 2], to_move: Player, legal: &[Action]) {
    common::check_position(s, &pits, scores, Some(to_move), legal);
}

// R1
#[test]
fn r1_start_four_each() {
    let mut s = game().initial_state();
    check(&s, [4; 12], [0, 0], SOUTH, &ALL);
    play(&mut s, 2); // C: 4 seeds to D, E, F, a
    check(&s, [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4], [0, 0], NORTH, &ALL);
}

// R2
#[test]
fn r2_move_from_own_nonempty_house() {
    let mut s = pos([0, 3, 0, 2, 0, 1, 2, 2, 2, 2, 2, 2], [15, 15], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 3, 5]);
    assert!(s.clone().play(0).is_err(), "an empty house is not a move");
    play(&mut s, 1); // B: 3 seeds to C, D, E
    check(&s, [0, 0, 1, 3, 1, 1, 2, 2, 2, 2, 2, 2], [15, 15], NORTH, &ALL);
}

// R3: North's row is empty, only E (2 seeds, 1 house to its right) reaches it.
#[test]
fn r3_must_feed() {
    let mut s = pos([5, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], [20, 20], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[4]);
    assert!(s.clone().play(0).is_err(), "A's 5 seeds stop at F");
    play(&mut s, 4); // E: F, a
    check(&s, [5, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], [20, 20], NORTH, &[0]);
}

// R3: North feeds an empty South row; a (6 seeds) and e (2 seeds) reach it, d (1) does not.
#[test]
fn r3_must_feed_2() {
    let mut s = pos([0, 0, 0, 0, 0, 0, 6, 0, 0, 1, 2, 0], [20, 19], NORTH);
    assert_eq!(s.legal_actions().as_slice(), &[0, 4]);
    play(&mut s, 0); // a: b, c, d, e, f, A
    check(&s, [1, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 1], [20, 19], SOUTH, &[0]);
}

// R4: 12 seeds from A jump over A, the 12th lands in B (own row, no capture).
#[test]
fn r4_sow_skip_origin() {
    let mut s = pos([12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [15, 15], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2], [15, 15], NORTH, &ALL);
}

// R5: F sows a..d; d=2, c=3 captured, b=6 stops the chain.
#[test]
fn r5_capture_two_or_three() {
    let mut s = pos([2, 0, 0, 0, 0, 4, 1, 5, 2, 1, 3, 0], [10, 20], SOUTH);
    play(&mut s, 5);
    check(&s, [2, 0, 0, 0, 0, 0, 2, 6, 0, 0, 3, 0], [15, 20], NORTH, &[0, 1, 4]);
}

// R5: the chain stops at the opponent's first house; South's own F (now 2) is not taken.
#[test]
fn r5_capture_two_or_three_2() {
    let mut s = pos([3, 0, 0, 0, 2, 1, 2, 4, 4, 4, 4, 4], [10, 10], SOUTH);
    play(&mut s, 4); // E: F (2), a (3)
    check(&s, [3, 0, 0, 0, 0, 2, 0, 4, 4, 4, 4, 4], [13, 10], NORTH, &[1, 2, 3, 4, 5]);
}

// R5: last seed makes 4 in the opponent's row: nothing, though the house before holds 2.
#[test]
fn r5_capture_two_or_three_3() {
    let mut s = pos([1, 0, 0, 0, 0, 2, 1, 3, 1, 1, 1, 1], [19, 18], SOUTH);
    play(&mut s, 5); // F: a (2), b (4)
    check(&s, [1, 0, 0, 0, 0, 0, 2, 4, 1, 1, 1, 1], [19, 18], NORTH, &ALL);
}

// R5: a 2 made in the mover's own row is not captured.
#[test]
fn r5_capture_two_or_three_4() {
    let mut s = pos([2, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1], [20, 19], SOUTH);
    play(&mut s, 0); // A: B (1), C (2)
    check(&s, [0, 1, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1], [20, 19], NORTH, &ALL);
}

// R6: F makes a=2, b=3 and nothing lies beyond b: grand slam, nothing is captured.
#[test]
fn r6_grand_slam_captures_nothing() {
    let mut s = pos([4, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0], [20, 19], SOUTH);
    play(&mut s, 5);
    check(&s, [4, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0], [20, 19], NORTH, &[0, 1]);
}

// R6: same, but f keeps a seed, so it is no grand slam and a, b are captured.
#[test]
fn r6_grand_slam_captures_nothing_2() {
    let mut s = pos([4, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 1], [19, 19], SOUTH);
    play(&mut s, 5);
    check(&s, [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [24, 19], NORTH, &[5]);
}

// R7
#[test]
fn r7_turn_passes() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [23, 23], SOUTH);
    play(&mut s, 0); // A -> B
    check(&s, [0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [23, 23], NORTH, &[0]);
    play(&mut s, 0); // a -> b
    check(&s, [0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], [23, 23], SOUTH, &[1]);
}

// R8: two single seeds walk once round the board in 12 plies; the start position recurs
// with South to move, so each player takes his own row (24-24, a draw, R10).
#[test]
fn r8_repetition_ends_game() {
    let mut s = pos([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], [23, 23], SOUTH);
    for a in [5, 5, 0, 0, 1, 1, 2, 2, 3, 3, 4] {
        play(&mut s, a);
    }
    check(&s, [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], [23, 23], NORTH, &[4]);
    play(&mut s, 4); // e -> f: the start position again
    check(&s, [0; 12], [24, 24], SOUTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Draw, scores: [24, 24] }));
}

// R8 at any distance: four single seeds (E, F, d, f) walk round the board for 140 plies
// without a capture and without meeting an earlier position, the start position comes back
// with South to move, and the game ends there: each player takes his own row (24-24).
#[test]
fn r8_repetition_ends_game_at_any_distance() {
    const START: [u8; 12] = [0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 1];
    const LINE: [Action; 140] = [
        4, 3, 5, 5, 0, 1, 1, 0, 2, 1, 3, 4, 4, 2, 5, 5, 0, 4, 1, 5, 2, 3, 3, 4, 4, 0, 0, 1, 5, 0, 1, 2, 2, 3, 3, 1, 4, 4, 5, 5, 1, 0, 2, 1, 0, 2, 3, 4, 1, 5,
        2, 3, 3, 4, 0, 5, 4, 0, 5, 0, 1, 1, 0, 3, 2, 4, 1, 2, 2, 5, 3, 3, 0, 4, 5, 5, 0, 0, 1, 1, 4, 2, 2, 3, 3, 4, 5, 0, 4, 1, 5, 5, 0, 2, 1, 0, 2, 1, 3, 2,
        4, 3, 0, 4, 1, 5, 5, 0, 2, 1, 3, 2, 0, 3, 4, 4, 5, 5, 1, 0, 3, 1, 0, 2, 1, 3, 2, 4, 3, 5, 4, 0, 0, 1, 1, 3, 2, 4, 3, 2,
    ];
    let mut s = pos(START, [22, 22], SOUTH);
    let mut seen = vec![(s.snapshot().pits, s.to_move())];
    for (k, &a) in LINE[..LINE.len() - 1].iter().enumerate() {
        play(&mut s, a);
        let here = (s.snapshot().pits, s.to_move());
        assert_eq!(s.outcome(), None, "over after ply {}\n{s}", k + 1);
        assert_eq!(s.snapshot().stores, [22, 22], "a capture at ply {}", k + 1);
        assert!(!seen.contains(&here), "ply {} repeats an earlier position\n{s}", k + 1);
        seen.push(here);
    }
    // One move from the start position: c stands where d stood.
    check(&s, [0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1], [22, 22], NORTH, &[2, 5]);
    play(&mut s, LINE[LINE.len() - 1]); // c -> d: the start position again, 140 plies back
    check(&s, [0; 12], [24, 24], SOUTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Draw, scores: [24, 24] }));
}

// R9: South's F leaves his row empty and North's a (4 seeds) cannot reach it: North has no
// move, every seed goes to its row's owner.
#[test]
fn r9_no_move_collects() {
    let mut s = pos([0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0], [22, 22], SOUTH);
    play(&mut s, 5);
    check(&s, [0; 12], [22, 26], NORTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [22, 26] }));
}

// R9: after a capture that wins by score, the remaining seeds are collected too.
#[test]
fn r9_no_move_collects_2() {
    let mut s = pos([2, 0, 0, 0, 0, 1, 2, 4, 0, 0, 0, 0], [22, 17], SOUTH);
    play(&mut s, 5); // F -> a (3): captured, 25; then A to South, b to North
    check(&s, [0; 12], [27, 21], NORTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [27, 21] }));
}

// R10: a capture to exactly 24 (the other below 24) does not end the game.
#[test]
fn r10_majority_ends_game() {
    let mut s = pos([3, 0, 0, 0, 0, 1, 2, 4, 1, 1, 0, 0], [21, 15], SOUTH);
    play(&mut s, 5); // F -> a (3): captured
    check(&s, [3, 0, 0, 0, 0, 0, 0, 4, 1, 1, 0, 0], [24, 15], NORTH, &[1, 2, 3]);
}

// R10: the same capture from 22 makes 25, which ends the game (rows collected, R9).
#[test]
fn r10_majority_ends_game_2() {
    let mut s = pos([3, 0, 0, 0, 0, 1, 2, 4, 1, 1, 0, 0], [22, 14], SOUTH);
    play(&mut s, 5);
    check(&s, [0; 12], [28, 20], NORTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [28, 20] }));
}

// R11: North captures to 25 and wins; returns [-1, 1].
#[test]
fn r11_outcome_by_score() {
    let mut s = pos([2, 4, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1], [17, 22], NORTH);
    play(&mut s, 5); // f -> A (3): captured
    check(&s, [0; 12], [21, 27], SOUTH, &[]);
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Win(NORTH));
    assert_eq!(o.scores, [21, 27]);
    assert_eq!(o.returns(), [-1.0, 1.0]);
}

// R12
#[test]
fn r12_ply_cap() {
    let g = Oware { limits: Limits { max_plies: 2, max_laps: 1 } };
    let mut s = g.initial_state();
    play(&mut s, 2); // C: D, E, F, a
    check(&s, [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4], [0, 0], NORTH, &ALL);
    play(&mut s, 2); // c: d, e, f, A
    check(&s, [5, 4, 0, 5, 5, 5, 5, 4, 0, 5, 5, 5], [0, 0], SOUTH, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R13: with the default one-lap cap, a 15-seed sowing (one lap, skipping A) is played out.
#[test]
fn r13_lap_cap() {
    assert_eq!(game().limits().max_laps, 1);
    let mut s = pos([15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [16, 16], SOUTH);
    play(&mut s, 0); // B..F, a..f, (skip A), B..E
    check(&s, [0, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 2], [16, 16], NORTH, &ALL);
}
