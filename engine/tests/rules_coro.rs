//! Tests of `docs/rules/coro.md`: rule C1, and a few of the Omweso rules it takes over
//! unchanged (named after those rules). Every expected position is worked out by hand from
//! the rule text.
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.
//! `board` turns two sides into the snapshot order (South's front row from his left, T..J,
//! his back row A..H, then North's rows the same way). Actions 0..15 start a move from the
//! hole with that track index; `A>`, `B>`, `S>`, `T>` are 16..19.
//!
//! Opposite holes: the mover's J faces the opponent's a, t; K: b, s; M: c, r; N: d, p;
//! P: e, n; R: f, m; S: g, k; T: h, j.

mod common;

use common::four_row::*;
use common::play;
use mankala_engine::variants::omweso::{Kind, RELAY, SOW_ANTICLOCKWISE, SOW_CLOCKWISE, Setup, TAKE};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{Game, GameResult, Outcome, Player, State};

fn coro_with(rules: OmwesoRules) -> Omweso {
    game(Kind::Coro, rules, Omweso::DEFAULT_LIMITS)
}

fn coro() -> Omweso {
    coro_with(OmwesoRules::default())
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&coro(), south, north, to_move)
}

// R2 (unchanged in Coro): the default set-up is fours, South to move from A..H.
#[test]
fn r2_setup_fours() {
    let g = coro();
    assert_eq!(g.name(), "coro");
    assert_eq!(g.rules.setup, Setup::Fours);
    assert_eq!(g.total_seeds(), 64);
    let s = g.initial_state();
    check(&s, back_row(4), back_row(4), SOUTH, &(0..8).collect::<Vec<_>>());
}

// R6 (unchanged in Coro): a move without a capture sows and relays as in Omweso. A (4): B,
// C, D, E; E (5) relay: F, G, H, J, K; K was empty: end.
#[test]
fn r6_relay() {
    let mut s = coro().initial_state();
    play(&mut s, A);
    check(&s, side(&[(B, 5), (C, 5), (D, 5), (F, 5), (G, 5), (H, 5), (J, 1), (K, 1)]), back_row(4), NORTH, &(0..8).collect::<Vec<_>>());
}

/// coro.md's example: South H2 K3 (and C27); North b1 s2 (opposite K), e29.
fn c1_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(C, 27), (H, 2), (K, 3)]), side(&[(B, 1), (E, 29), (S, 2)]), SOUTH)
}

// C1, the example of the rule: H (2): J, K; K (4) faces b (1), s (2): capture offered. Take:
// 2 + 1 captured and K's 4 lifted, 7 in all, K left empty, sown from J (after H): J, K, M, N,
// P, R, S. K now holds 1. S was empty: the move ends. (Omweso: J, K, M, K keeps 5; see
// rules_omweso.rs, r10_capture_sowing_3.)
#[test]
fn c1_coro_lifts_own_hole() {
    let mut s = c1_position(&coro());
    assert_eq!(s.legal_actions().as_slice(), &[C, H, K]);
    play(&mut s, H);
    check(&s, side(&[(C, 27), (J, 1), (K, 4)]), side(&[(B, 1), (E, 29), (S, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 27), (J, 2), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1)]), side(&[(E, 29)]), NORTH, &[E]);
}

// C1: declining is a relay as in Omweso (R9): K (4): M, N, P, R; R was empty: end. North keeps
// b, s; s> (2: r, p) would end in the empty p.
#[test]
fn c1_coro_lifts_own_hole_2() {
    let mut s = c1_position(&coro());
    play(&mut s, H);
    play(&mut s, RELAY);
    check(&s, side(&[(C, 27), (J, 1), (M, 1), (N, 1), (P, 1), (R, 1)]), side(&[(B, 1), (E, 29), (S, 2)]), NORTH, &[E, S]);
}

// C1 with mandatory_capture: the same capture, made without a decision, in one ply.
#[test]
fn c1_coro_lifts_own_hole_3() {
    let mut s = c1_position(&coro_with(OmwesoRules { mandatory_capture: true, ..OmwesoRules::default() }));
    play(&mut s, H);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(C, 27), (J, 2), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1)]), side(&[(E, 29)]), NORTH, &[E]);
}

// C1 on a repeated capture (R11). H (2): J, K; K (2) faces b, s (1, 1): take 2 + K's 2 = 4,
// sown from J: J, K, M, N; N held 1 and faces d, p (1, 1): offered again; take 2 + N's 2 = 4,
// N left empty, sown again from J: J, K, M, N; N was empty: end. (In Omweso K would keep its
// 2 and the first 2 taken would end in K.)
#[test]
fn c1_coro_lifts_own_hole_4() {
    let mut s = pos(side(&[(C, 28), (H, 2), (K, 1), (N, 1)]), side(&[(B, 1), (D, 1), (E, 28), (P, 1), (S, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (J, 2), (K, 1), (M, 1), (N, 2)]), side(&[(D, 1), (E, 28), (P, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (J, 3), (K, 2), (M, 2), (N, 1)]), side(&[(E, 28)]), NORTH, &[E]);
}

// C1 on a clockwise capture (R12, R13). T> (2): S, R; R (2) faces f, m (1, 1): taken at once
// with R's 2: 4, R left empty. Clockwise from S the 4 would end in N, empty: no choice; they
// go anticlockwise from A: A, B, C, D; D was empty: end. (In Omweso R keeps 2, and the 2 taken
// go A, B.)
#[test]
fn c1_coro_lifts_own_hole_5() {
    let mut s = pos(side(&[(R, 1), (T, 2)]), side(&[(B, 59), (F, 1), (M, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[T, T_REV]);
    play(&mut s, T_REV);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (D, 1), (S, 1)]), side(&[(B, 59)]), NORTH, &[B]);
}

// C1 with the choice of R13. T> (2): S, R; R (2) faces f, m (1, 1): 4 in hand with R's 2,
// R empty. Clockwise from S they would end in N (1) facing d, p (1, 1): South chooses. sow>:
// S, R, P, N; N (2) faces d, p: taken at once with N's 2: 4, N empty. Clockwise again they
// would end in the now empty N: anticlockwise from A: A, B, C, D; D was empty: end.
#[test]
fn c1_coro_lifts_own_hole_6() {
    let mut s = pos(side(&[(N, 1), (R, 1), (T, 2)]), side(&[(D, 1), (F, 1), (H, 56), (M, 1), (P, 1)]), SOUTH);
    play(&mut s, T_REV);
    check_hand(&s, side(&[(N, 1), (S, 1)]), side(&[(D, 1), (H, 56), (P, 1)]), [4, 0], Some(SOUTH), &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE]);
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (D, 1), (P, 1), (R, 1), (S, 2)]), side(&[(H, 56)]), NORTH, &[H]);
}

// C1 and nkutemye (R14). G (2): H, J; J (2) faces a, t (4, 3): take 7 + J's 2 = 9, J empty,
// sown from H: H, J, K, M, N, P, R, S, T; T held 1 and faces h, j (2, 3): take 5 with T's 2.
// Both end columns in one move: South wins; the 7 are not sown and stay on his side, taken
// to be in the capturing hole T.
#[test]
fn c1_coro_lifts_own_hole_7() {
    let mut s = pos(side(&[(G, 2), (J, 1), (T, 1)]), side(&[(A, 4), (D, 48), (H, 2), (J, 3), (T, 3)]), SOUTH);
    play(&mut s, G);
    play(&mut s, TAKE);
    let south = side(&[(H, 2), (J, 1), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1), (T, 2)]);
    check(&s, south, side(&[(D, 48), (H, 2), (J, 3)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    let mut won = south;
    won[T as usize] = 7;
    check_hand(&s, won, side(&[(D, 48)]), [0, 0], None, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [16, 48] }));
}
