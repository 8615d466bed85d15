//! One or more tests per rule of `docs/rules/kalah.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Pits in absolute order: South A..F = 0..5, North a..f = 6..11; the pit opposite i is 11-i.
//! Stores are [south, north].

mod common;

use common::play;
use mankala_engine::variants::{Kalah, KalahRules, KalahState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Outcome, Player, State};

const SOUTH: Player = Player::South;
const NORTH: Player = Player::North;
const ALL: [Action; 6] = [0, 1, 2, 3, 4, 5];

fn game() -> Kalah {
    Kalah::default()
}

fn pos_in(g: &Kalah, pits: [u8; 12], stores: [u8; 2], to_move: Player) -> KalahState {
    KalahState::from_parts(g, pits, stores, to_move).expect("valid position")
}

fn pos(pits: [u8; 12], stores: [u8; 2], to_move: Player) -> KalahState {
    pos_in(&game(), pits, stores, to_move)
}

/// Asserts the whole position: every pit, both stores, the player to move and the legal
/// actions (and that the game goes on when there are legal actions).
#[track_caller]
fn check(s: &KalahState, pits: [u32; 12], stores: [u32; 2], to_move: Player, legal: &[Action]) {
    common::check_position(s, &pits, stores, Some(to_move), legal);
}

// R1: C's 4 seeds go D, E, F, store: South moves again.
#[test]
fn r1_start_four_each() {
    let mut s = game().initial_state();
    check(&s, [4; 12], [0, 0], SOUTH, &ALL);
    play(&mut s, 2);
    check(&s, [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4], [1, 0], SOUTH, &[0, 1, 3, 4, 5]);
}

// R1: rule option seeds_per_hole = 6.
#[test]
fn r1_start_four_each_2() {
    let g = Kalah { rules: KalahRules { seeds_per_hole: 6, ..KalahRules::default() }, limits: Kalah::DEFAULT_LIMITS };
    assert_eq!(g.total_seeds(), 72);
    let mut s = g.initial_state();
    check(&s, [6; 12], [0, 0], SOUTH, &ALL);
    play(&mut s, 0); // A: B..F, store
    check(&s, [0, 7, 7, 7, 7, 7, 6, 6, 6, 6, 6, 6], [1, 0], SOUTH, &[1, 2, 3, 4, 5]);
}

// R2
#[test]
fn r2_move_from_own_nonempty_pit() {
    let mut s = pos([0, 3, 0, 2, 0, 1, 1, 1, 1, 1, 1, 1], [18, 18], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 3, 5]);
    assert!(s.clone().play(0).is_err(), "an empty pit is not a move");
    play(&mut s, 3); // D: E (1), F (2)
    check(&s, [0, 3, 0, 0, 1, 2, 1, 1, 1, 1, 1, 1], [18, 18], NORTH, &ALL);
}

// R3: F's 9 seeds: own store, a..f, (North's store skipped), A, B.
#[test]
fn r3_sow_through_own_store() {
    let mut s = pos([1, 2, 0, 0, 0, 9, 1, 1, 1, 1, 1, 1], [15, 15], SOUTH);
    play(&mut s, 5);
    check(&s, [2, 3, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2], [16, 15], NORTH, &ALL);
}

// R3: North's e (9 seeds): f, North's store, A..F, (South's store skipped), a.
#[test]
fn r3_sow_through_own_store_2() {
    let mut s = pos([1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 9, 0], [14, 14], NORTH);
    play(&mut s, 4);
    check(&s, [2, 2, 2, 2, 2, 2, 3, 1, 1, 1, 0, 1], [14, 15], SOUTH, &ALL);
}

// R4: C's last seed lands in South's store: South moves again.
#[test]
fn r4_extra_turn_in_store() {
    let mut s = pos([1, 1, 4, 0, 0, 0, 1, 1, 1, 1, 1, 1], [18, 18], SOUTH);
    play(&mut s, 2);
    check(&s, [1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], [19, 18], SOUTH, &[0, 1, 3, 4, 5]);
}

// R4: North's f (1 seed) into North's store: North moves again.
#[test]
fn r4_extra_turn_in_store_2() {
    let mut s = pos([1; 12], [18, 18], NORTH);
    play(&mut s, 5);
    check(&s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [18, 19], NORTH, &[0, 1, 2, 3, 4]);
}

// R5: A: B, C; C was empty, d (opposite) holds 3: 1 + 3 to the store.
#[test]
fn r5_capture_own_empty_pit() {
    let mut s = pos([2, 1, 0, 1, 1, 1, 1, 1, 1, 3, 1, 1], [17, 17], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 2, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1], [21, 17], NORTH, &[0, 1, 2, 4, 5]);
}

// R5: 13 seeds from A come back to A (now 1) and capture f (2 + 1).
#[test]
fn r5_capture_own_empty_pit_2() {
    let mut s = pos([13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], [16, 17], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [21, 17], NORTH, &[0, 1, 2, 3, 4]);
}

// R5: a last seed in an empty pit of the opponent's row captures nothing.
#[test]
fn r5_capture_own_empty_pit_3() {
    let mut s = pos([1, 1, 1, 1, 1, 2, 0, 1, 1, 1, 1, 1], [18, 18], SOUTH);
    play(&mut s, 5); // F: store, a (1)
    check(&s, [1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1], [19, 18], NORTH, &ALL);
}

// R6: A -> B (empty, now 1), opposite e is empty: nothing captured, B keeps its seed.
#[test]
fn r6_no_capture_opposite_empty() {
    let mut s = pos([1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1], [19, 19], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1], [19, 19], NORTH, &[0, 1, 2, 3, 5]);
}

// R6: with empty_capture = true the lone seed goes to the store.
#[test]
fn r6_no_capture_opposite_empty_2() {
    let g = Kalah { rules: KalahRules { empty_capture: true, ..KalahRules::default() }, limits: Kalah::DEFAULT_LIMITS };
    let mut s = pos_in(&g, [1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1], [19, 19], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1], [20, 19], NORTH, &[0, 1, 2, 3, 5]);
}

// R7: South's last seed goes to his store (extra turn) and empties his row: the game ends
// although South is to move; North's row is not swept (R8).
#[test]
fn r7_end_when_a_row_is_empty() {
    let mut s = pos([0, 0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 3], [20, 21], SOUTH);
    play(&mut s, 5);
    check(&s, [0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 3], [21, 21], SOUTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [21, 27] }));
}

// R7: South's capture takes North's last seeds: North's row is empty, the game ends.
#[test]
fn r7_end_when_a_row_is_empty_2() {
    let mut s = pos([1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0], [20, 19], SOUTH);
    play(&mut s, 0); // A -> B, captures e (3)
    check(&s, [0, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0], [24, 19], NORTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [29, 19] }));
}

// R8: North's f goes to his store and empties his row; South's 5 seeds stay on the board
// and count for South: 20 + 5 beats 23.
#[test]
fn r8_score_store_plus_row() {
    let mut s = pos([3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1], [20, 22], NORTH);
    play(&mut s, 5);
    check(&s, [3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [20, 23], NORTH, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [25, 23] }));
}

// R9: equal scores draw.
#[test]
fn r9_outcome_by_score() {
    let mut s = pos([3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1], [19, 23], NORTH);
    play(&mut s, 5);
    check(&s, [3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0], [19, 24], NORTH, &[]);
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.scores, [24, 24]);
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R10: the cap counts every action, the extra turn included.
#[test]
fn r10_ply_cap() {
    let g = Kalah { rules: KalahRules::default(), limits: Limits { max_plies: 2, max_laps: 1 } };
    let mut s = g.initial_state();
    play(&mut s, 2); // C: D, E, F, store: South again
    check(&s, [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4], [1, 0], SOUTH, &[0, 1, 3, 4, 5]);
    play(&mut s, 5); // F: store, a, b, c, d
    check(&s, [4, 4, 0, 5, 5, 0, 5, 5, 5, 5, 4, 4], [2, 0], NORTH, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R11: one lap per move, so a 13-seed sowing completes under the default one-lap cap.
#[test]
fn r11_lap_cap() {
    assert_eq!(game().limits().max_laps, 1);
    let mut s = pos([13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], [16, 17], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [21, 17], NORTH, &[0, 1, 2, 3, 4]);
}
