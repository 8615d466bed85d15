//! One or more tests per rule of `docs/rules/ndoto.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Pits in absolute order: South A..H = 0..7, North a..h = 8..15; the pit opposite i is 15-i.
//! Stores are [south, north]. 32 seeds with the default 2 per pit.

mod common;

use common::play;
use mankala_engine::variants::{Ndoto, NdotoRules, NdotoState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Outcome, Player, State};

const SOUTH: Player = Player::South;
const NORTH: Player = Player::North;
const ALL: [Action; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

fn game_with(max_plies: u32, max_laps: u32) -> Ndoto {
    Ndoto { rules: NdotoRules::default(), limits: Limits { max_plies, max_laps } }
}

fn game() -> Ndoto {
    Ndoto::default()
}

fn pos_in(g: &Ndoto, pits: [u8; 16], stores: [u8; 2], to_move: Player) -> NdotoState {
    NdotoState::from_parts(g, pits, stores, to_move).expect("valid position")
}

fn pos(pits: [u8; 16], stores: [u8; 2], to_move: Player) -> NdotoState {
    pos_in(&game(), pits, stores, to_move)
}

/// Asserts the whole position: every pit, both stores, the player to move (when given) and
/// the legal actions (and that the game goes on when there are legal actions).
#[track_caller]
fn check(s: &NdotoState, pits: [u32; 16], stores: [u32; 2], to_move: Option<Player>, legal: &[Action]) {
    common::check_position(s, &pits, stores, to_move, legal);
}

// R1
#[test]
fn r1_board_two_per_pit() {
    let g = game();
    assert_eq!(g.total_seeds(), 32);
    let s = g.initial_state();
    check(&s, [2; 16], [0, 0], Some(SOUTH), &ALL);
}

// R1: rule option seeds_per_hole = 3.
#[test]
fn r1_board_two_per_pit_2() {
    let g = Ndoto { rules: NdotoRules { seeds_per_hole: 3 }, limits: Ndoto::DEFAULT_LIMITS };
    assert_eq!(g.total_seeds(), 48);
    check(&g.initial_state(), [3; 16], [0, 0], Some(SOUTH), &ALL);
}

// R2
#[test]
fn r2_south_moves_first() {
    let s = game().initial_state();
    assert_eq!(s.to_move(), SOUTH);
    assert_eq!(s.ply(), 0);
}

// R3: B (3) may move; A, D..H (empty) may not. B: C, D, E; E was empty, d is empty: end.
// North then has only singletons: c (d empty after it) and h (South's A empty after it).
#[test]
fn r3_move_from_two_or_more() {
    let mut s = pos([0, 3, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 2]);
    play(&mut s, 1);
    check(&s, [0, 0, 2, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], Some(NORTH), &[2, 7]);
}

// R4: A (1) is followed by B (1): illegal. B (1) is followed by empty C, H (1) by North's
// empty a: legal. H -> a: an empty pit in the opponent's row ends the move.
#[test]
fn r4_singleton_only_into_empty() {
    let mut s = pos([1, 1, 0, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 2], [7, 8], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 7]);
    assert!(s.clone().play(0).is_err(), "A's singleton is followed by B (1)");
    play(&mut s, 7);
    check(&s, [1, 1, 0, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2], [7, 8], Some(NORTH), &[1, 2, 3, 4, 5, 6, 7]);
}

// R4: B's singleton into empty C captures f (2) opposite.
#[test]
fn r4_singleton_only_into_empty_2() {
    let mut s = pos([1, 1, 0, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 2], [7, 8], SOUTH);
    play(&mut s, 1);
    check(&s, [1, 0, 1, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 0, 2, 2], [9, 8], Some(NORTH), &[1, 2, 3, 4, 6, 7]);
}

// R5: A's 16 seeds go round and the 16th falls back into A (emptied, now 1): it captures h.
#[test]
fn r5_sow_counterclockwise() {
    let mut s = pos([16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [7, 8], SOUTH);
    play(&mut s, 0);
    check(&s, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0], [9, 8], Some(NORTH), &[6]);
}

// R6: A: B, C; C = 2: relay D, E; E was empty and d is empty: end.
#[test]
fn r6_relay_on_occupied() {
    let mut s = pos([2, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 2, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], Some(NORTH), &[2, 7]);
}

// R7: G: H, a; a was empty, in North's row: the move ends, H (2) opposite is not taken.
#[test]
fn r7_stop_on_empty() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 2, 1, 0, 2, 2, 2, 2, 2, 2, 2], [7, 7], SOUTH);
    play(&mut s, 6);
    check(&s, [1, 0, 0, 0, 0, 0, 0, 2, 1, 2, 2, 2, 2, 2, 2, 2], [7, 7], Some(NORTH), &[1, 2, 3, 4, 5, 6, 7]);
}

// R8: B: C, D; D was empty, e (3) opposite is captured; D keeps its seed.
#[test]
fn r8_capture_from_own_empty() {
    let mut s = pos([0, 2, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 3, 1, 1, 1], [9, 10], SOUTH);
    play(&mut s, 1);
    check(&s, [0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1], [12, 10], Some(NORTH), &[3, 7]);
}

// R8: after a relay: A: B, C (2): relay D, E; E was empty, d (2) opposite is captured.
#[test]
fn r8_capture_from_own_empty_2() {
    let mut s = pos([2, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 2, 1, 1, 1, 1], [10, 10], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [12, 10], Some(NORTH), &[2, 7]);
}

// R9: H -> a empties South's row: the game ends (R10: 15 + 0 against 14 + 3).
#[test]
fn r9_game_end() {
    let mut s = pos([0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0], [15, 14], SOUTH);
    play(&mut s, 7);
    check(&s, [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0], [15, 14], Some(NORTH), &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [15, 17] }));
}

// R9: after C: D, E, North has g (1, h follows) and h (1, South's A follows): no legal
// move, the game ends; 13 + 3 against 14 + 2 is a draw.
#[test]
fn r9_game_end_2() {
    let mut s = pos([1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1], [13, 14], SOUTH);
    play(&mut s, 2);
    check(&s, [1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1], [13, 14], Some(NORTH), &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Draw, scores: [16, 16] }));
}

// R10: North's h -> A empties North's row; South keeps his 5: 12 + 5 beats 15.
#[test]
fn r10_keep_own_row() {
    let mut s = pos([0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [12, 15], NORTH);
    play(&mut s, 7);
    check(&s, [1, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [12, 15], Some(SOUTH), &[]);
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Win(SOUTH));
    assert_eq!(o.scores, [17, 15]);
    assert_eq!(o.returns(), [1.0, -1.0]);
}

// R11
#[test]
fn r11_ply_cap() {
    let g = game_with(1, 200);
    let mut s = pos_in(&g, [2, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 2, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], Some(NORTH), &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R12: under a one-lap cap, A: B, C (2) would relay: capped, the board as after lap 1.
#[test]
fn r12_lap_cap() {
    let g = game_with(500, 1);
    let mut s = pos_in(&g, [2, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], SOUTH);
    play(&mut s, 0);
    // Who is to move once capped is not specified.
    check(&s, [0, 2, 2, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], None, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Laps));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R12: the same two-lap move is played out under a two-lap cap.
#[test]
fn r12_lap_cap_2() {
    let g = game_with(500, 2);
    let mut s = pos_in(&g, [2, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 2, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1], [10, 11], Some(NORTH), &[2, 7]);
}
