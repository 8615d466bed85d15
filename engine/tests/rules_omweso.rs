//! One or more tests per rule of `docs/rules/omweso.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.
//! `board` turns two sides into the snapshot order (South's front row from his left, T..J,
//! his back row A..H, then North's rows the same way). Actions 0..15 start a move from the
//! hole with that track index; `A>`, `B>`, `S>`, `T>` are 16..19.
//!
//! Opposite holes (R8): the mover's J faces the opponent's a, t; K: b, s; M: c, r; N: d, p;
//! P: e, n; R: f, m; S: g, k; T: h, j.

mod common;

use common::four_row::*;
use common::play;
use mankala_engine::variants::omweso::{
    Kind, PLACE, RELAY, SOW_ANTICLOCKWISE, SOW_CLOCKWISE, Setup, TAKE,
};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Player, State};

fn omweso() -> Omweso {
    default_game(Kind::Omweso)
}

fn with_setup(setup: Setup) -> Omweso {
    game(
        Kind::Omweso,
        OmwesoRules {
            setup,
            ..OmwesoRules::default()
        },
        Omweso::DEFAULT_LIMITS,
    )
}

fn mandatory() -> Omweso {
    game(
        Kind::Omweso,
        OmwesoRules {
            mandatory_capture: true,
            ..OmwesoRules::default()
        },
        Omweso::DEFAULT_LIMITS,
    )
}

fn with_limits(max_plies: u32, max_laps: u32) -> Omweso {
    capped(Kind::Omweso, max_plies, max_laps)
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&omweso(), south, north, to_move)
}

// ---------------------------------------------------------------------------------------------
// R1
// ---------------------------------------------------------------------------------------------

// R1: 32 holes, 64 seeds, 32 a side. South's A (4): B C D E; E held 4 (back row): relay its 5:
// F G H J K; K was empty: the move ends. Still 32 a side (no capture), North to move; his a
// (4) clockwise would end in p, b (4) in r, both empty, so no reverse move.
#[test]
fn r1_board_and_seeds() {
    let g = omweso();
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 41);
    let mut s = g.initial_state();
    assert_eq!(s.snapshot().pits.len(), 32);
    check(&s, back_row(4), back_row(4), SOUTH, &upto(8));
    play(&mut s, A);
    check(
        &s,
        side(&[
            (B, 5),
            (C, 5),
            (D, 5),
            (F, 5),
            (G, 5),
            (H, 5),
            (J, 1),
            (K, 1),
        ]),
        back_row(4),
        NORTH,
        &upto(8),
    );
}

// R1: a position must hold exactly 64 seeds.
#[test]
fn r1_board_and_seeds_2() {
    let g = omweso();
    let mut south = back_row(4);
    south[A as usize] = 3; // 63 seeds
    assert!(OmwesoState::from_parts(&g, south, back_row(4), SOUTH).is_err());
    south[A as usize] = 5; // 65 seeds
    assert!(OmwesoState::from_parts(&g, south, back_row(4), SOUTH).is_err());
    // 64 seeds, unevenly shared, is a valid position.
    assert!(OmwesoState::from_parts(&g, side(&[(C, 60)]), side(&[(C, 4)]), SOUTH).is_ok());
}

// ---------------------------------------------------------------------------------------------
// R2
// ---------------------------------------------------------------------------------------------

// R2: the default set-up is "fours": 4 in every back-row hole, front rows empty. South may
// start from A..H; A (4) clockwise would end in P, B (4) in R, both empty: no reverse.
#[test]
fn r2_setup_fours() {
    let rules = OmwesoRules::default();
    assert_eq!(rules.setup, Setup::Fours);
    assert!(!rules.mandatory_capture);
    assert!(rules.nkutemye);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_plies, 2000);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_laps, 500);
    let s = with_setup(Setup::Fours).initial_state();
    check(&s, back_row(4), back_row(4), SOUTH, &upto(8));
}

// R2: "seventeen": front row from the owner's left T S R P N M K J = 0 0 3 3 3 3 3 0, so
// R P N M K hold 3; back row 0 0 0 0 0 0 0 17, so H holds 17. South may start from H, K, M,
// N, P, R; A, B, S, T are empty, so no reverse.
#[test]
fn r2_setup_seventeen() {
    let seventeen = side(&[(H, 17), (K, 3), (M, 3), (N, 3), (P, 3), (R, 3)]);
    let s = with_setup(Setup::Seventeen).initial_state();
    check(&s, seventeen, seventeen, SOUTH, &[H, K, M, N, P, R]);
}

// R2: "alternate": front row from the owner's left 4 0 4 0 4 0 4 0, so T R N K hold 4; back
// row 0 4 0 4 0 4 0 4, so B D F H hold 4. B> (4: A T S R) would end in R, opposite f (4) and
// m (0); T> (4: S R P N) in N, opposite d (4) and p (0): one opposite hole empty, no reverse.
#[test]
fn r2_setup_alternate() {
    let alternate = side(&[
        (B, 4),
        (D, 4),
        (F, 4),
        (H, 4),
        (K, 4),
        (N, 4),
        (R, 4),
        (T, 4),
    ]);
    let s = with_setup(Setup::Alternate).initial_state();
    check(&s, alternate, alternate, SOUTH, &[B, D, F, H, K, N, R, T]);
}

// R2: "free": the board starts empty; South places his 32 seeds, one per ply, each into a
// hole whose track index is not lower than his previous seed's; then North his 32; then
// South moves.
#[test]
fn r2_setup_free_placement_order() {
    let places = |from: Action| -> Vec<Action> { (from..16).map(|p| PLACE + p).collect() };
    let g = with_setup(Setup::Free);
    let mut s = g.initial_state();
    check_hand(&s, side(&[]), side(&[]), [32, 32], Some(SOUTH), &places(A));
    play(&mut s, PLACE + C);
    check_hand(
        &s,
        side(&[(C, 1)]),
        side(&[]),
        [31, 32],
        Some(SOUTH),
        &places(C),
    );
    // The same hole again is allowed.
    play(&mut s, PLACE + C);
    check_hand(
        &s,
        side(&[(C, 2)]),
        side(&[]),
        [30, 32],
        Some(SOUTH),
        &places(C),
    );
    play(&mut s, PLACE + H);
    check_hand(
        &s,
        side(&[(C, 2), (H, 1)]),
        side(&[]),
        [29, 32],
        Some(SOUTH),
        &places(H),
    );
    // Back to a lower track index: refused.
    assert!(s.play(PLACE + A).is_err());
    assert!(s.play(PLACE + G).is_err());
    for _ in 0..29 {
        play(&mut s, PLACE + T);
    }
    // South is done; North places, from any hole.
    let south = side(&[(C, 2), (H, 1), (T, 29)]);
    check_hand(&s, south, side(&[]), [0, 32], Some(NORTH), &places(A));
    play(&mut s, PLACE + B);
    check_hand(&s, south, side(&[(B, 1)]), [0, 31], Some(NORTH), &places(B));
    for _ in 0..19 {
        play(&mut s, PLACE + B);
    }
    for _ in 0..12 {
        play(&mut s, PLACE + K);
    }
    // 64 placements, then South's first move: C (2) and T (29); T> would need 2..7 seeds.
    assert_eq!(s.ply(), 64);
    check(&s, south, side(&[(B, 20), (K, 12)]), SOUTH, &[C, T]);
}

// ---------------------------------------------------------------------------------------------
// R3
// ---------------------------------------------------------------------------------------------

// R3: South moves first in every set-up (in "free" he also places first).
#[test]
fn r3_south_first() {
    for setup in [
        Setup::Fours,
        Setup::Seventeen,
        Setup::Alternate,
        Setup::Free,
    ] {
        let s = with_setup(setup).initial_state();
        assert_eq!(s.to_move(), SOUTH, "{setup:?}");
        assert_eq!(s.ply(), 0);
    }
    check(
        &omweso().initial_state(),
        back_row(4),
        back_row(4),
        SOUTH,
        &upto(8),
    );
}

// ---------------------------------------------------------------------------------------------
// R4
// ---------------------------------------------------------------------------------------------

// R4: only holes with 2 or more seeds start a move: B (2) and N (3), not A, C, J (1 each).
// B> (2: A, T) would end in the empty T. B: C, D; D was empty: the move ends. North (7 in
// every back-row hole): a> (7) would end in k, b> (7) in m, both empty.
#[test]
fn r4_move_from_two() {
    let north = back_row(7);
    let mut s = pos(
        side(&[(A, 1), (B, 2), (C, 1), (J, 1), (N, 3)]),
        north,
        SOUTH,
    );
    check(
        &s,
        side(&[(A, 1), (B, 2), (C, 1), (J, 1), (N, 3)]),
        north,
        SOUTH,
        &[B, N],
    );
    for single in [A, C, J] {
        assert!(s.play(single).is_err(), "a single seed in {single} moved");
    }
    play(&mut s, B);
    check(
        &s,
        side(&[(A, 1), (C, 2), (D, 1), (J, 1), (N, 3)]),
        north,
        NORTH,
        &upto(8),
    );
}

// ---------------------------------------------------------------------------------------------
// R5
// ---------------------------------------------------------------------------------------------

/// South E26 G3 T3; North 2 in every hole.
fn r5_position() -> OmwesoState {
    pos(side(&[(E, 26), (G, 3), (T, 3)]), [2; 16], SOUTH)
}

// R5: T (3) sows on round the left-hand end: A, B, C; C was empty: the move ends. Before the
// move T> (3: S R P) would end in the empty P: not legal. North's reverse starts: a> ends in
// s (opposite G 3, K 0), b> in t (H 0, J 0), s> in p (E 26, N 0), t> in r (F 0, M 0): none.
#[test]
fn r5_sow_anticlockwise() {
    let mut s = r5_position();
    check(
        &s,
        side(&[(E, 26), (G, 3), (T, 3)]),
        [2; 16],
        SOUTH,
        &[E, G, T],
    );
    play(&mut s, T);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (E, 26), (G, 3)]),
        [2; 16],
        NORTH,
        &upto(16),
    );
}

// R5: G (3) sows on round the right-hand end: H, J, K; K was empty: the move ends. North's
// b> (2: a, t) now ends in t, opposite South's H (1) and J (1): legal; a> ends in s opposite
// G (0): not; s> and t> as before: not.
#[test]
fn r5_sow_anticlockwise_2() {
    let mut s = r5_position();
    play(&mut s, G);
    check(
        &s,
        side(&[(E, 26), (H, 1), (J, 1), (K, 1), (T, 3)]),
        [2; 16],
        NORTH,
        &[upto(16), vec![B_REV]].concat(),
    );
}

// R5: a handful of 16 goes round once: every hole gets one seed, the hole of origin E last;
// E was empty when the 16th seed arrived, so the move ends (R7). North's reverse starts: a>
// ends in s opposite G (4) and K (1), b> in t opposite H, J (1, 1), s> in p opposite E, N
// (1, 1), t> in r opposite F, M (1, 1): all four legal.
#[test]
fn r5_sow_anticlockwise_3() {
    let mut s = pos(side(&[(B, 10), (E, 16), (G, 3), (T, 3)]), [2; 16], SOUTH);
    // B> would need 2..9 seeds; T> (3) would end in the empty P.
    assert_eq!(s.legal_actions().as_slice(), &[B, E, G, T]);
    play(&mut s, E);
    let mut south = [1; 16];
    south[B as usize] = 11;
    south[G as usize] = 4;
    south[T as usize] = 4;
    check(&s, south, [2; 16], NORTH, &upto(20));
}

// R5: 17 from M: one seed in every hole, M itself the 16th, and the 17th in N. N held 1
// (the first seed of the handful) before the last arrived, so it was occupied; it faces d
// (2) and p (2): a capture is offered (R8). Were the origin skipped, the 17th would fall in P.
#[test]
fn r5_sow_anticlockwise_4() {
    let north = side(&[(D, 2), (H, 28), (P, 2)]);
    let mut s = pos(side(&[(A, 15), (M, 17)]), north, SOUTH);
    // A> would need 2..8 seeds.
    assert_eq!(s.legal_actions().as_slice(), &[A, M]);
    play(&mut s, M);
    let mut south = [1; 16];
    south[A as usize] = 16;
    south[N as usize] = 2;
    check(&s, south, north, SOUTH, &[TAKE, RELAY]);
}

// ---------------------------------------------------------------------------------------------
// R6
// ---------------------------------------------------------------------------------------------

// R6: C (2): D, E; E held 2 (occupied, back row): lift its 3 and sow on: F, G, H; H was
// empty: the move ends. North: t> (2: s, r) ends in r, opposite F (1) and M (28): legal;
// a> (s: G 1, K 0), b> (t: H 1, J 0), s> (p: E 0, N 0): not.
#[test]
fn r6_relay() {
    let mut s = pos(side(&[(C, 2), (E, 2), (M, 28)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, E, M]);
    play(&mut s, C);
    check(
        &s,
        side(&[(D, 1), (F, 1), (G, 1), (H, 1), (M, 28)]),
        [2; 16],
        NORTH,
        &[upto(16), vec![T_REV]].concat(),
    );
}

// R6: a front-row relay: H (2): J, K; K held 1 and faces b (4) and s (0): no capture (R8),
// relay K (2): M, N; N was empty: the move ends.
#[test]
fn r6_relay_2() {
    let north = back_row(4);
    let mut s = pos(side(&[(A, 1), (C, 28), (H, 2), (K, 1)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    check(
        &s,
        side(&[(A, 1), (C, 28), (J, 1), (M, 1), (N, 1)]),
        north,
        NORTH,
        &upto(8),
    );
}

// ---------------------------------------------------------------------------------------------
// R7
// ---------------------------------------------------------------------------------------------

// R7: H (2): J, K; K was empty: the move ends, although b (2) and s (2) opposite are occupied.
#[test]
fn r7_end_on_empty() {
    let mut s = pos(side(&[(C, 30), (H, 2)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    // North's reverse starts: s (G 0), t (H 0), p (E 0), r (F 0): none.
    check(
        &s,
        side(&[(C, 30), (J, 1), (K, 1)]),
        [2; 16],
        NORTH,
        &upto(16),
    );
}

// ---------------------------------------------------------------------------------------------
// R8
// ---------------------------------------------------------------------------------------------

// R8, positive: G (2): H, J; J held 1 (front row) and faces a (1) and t (1), one seed each is
// enough: a capture is offered.
#[test]
fn r8_capture_condition() {
    let north = side(&[(A, 1), (E, 30), (T, 1)]);
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, G]);
    play(&mut s, G);
    check(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        north,
        SOUTH,
        &[TAKE, RELAY],
    );
}

// R8, negative: as above but t is empty (only a, 2): no capture; relay J (2): K, M; M was
// empty: the move ends. North: a (2), e; a> (t, s) would end in the empty s.
#[test]
fn r8_capture_condition_2() {
    let north = side(&[(A, 2), (E, 30)]);
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    check(
        &s,
        side(&[(C, 29), (H, 1), (K, 1), (M, 1)]),
        north,
        NORTH,
        &[A, E],
    );
}

// R8, negative: the back-row hole a is empty (t holds 2): no capture, relay J as above.
// North: e, t; t> (s, r) would end in the empty r.
#[test]
fn r8_capture_condition_3() {
    let north = side(&[(E, 30), (T, 2)]);
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    check(
        &s,
        side(&[(C, 29), (H, 1), (K, 1), (M, 1)]),
        north,
        NORTH,
        &[E, T],
    );
}

// R8, negative: the back row never captures. B (2): C, D; D held 1: relay D (2): E, F; F was
// empty: the move ends (North's holes are all occupied). B> (A, T) would end in the empty T.
// North: t> ends in r opposite F (1) and M (29): legal; s> (p: E 1, N 0) and the others: not.
#[test]
fn r8_capture_condition_4() {
    let mut s = pos(side(&[(B, 2), (D, 1), (M, 29)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[B, M]);
    play(&mut s, B);
    check(
        &s,
        side(&[(C, 1), (E, 1), (F, 1), (M, 29)]),
        [2; 16],
        NORTH,
        &[upto(16), vec![T_REV]].concat(),
    );
}

// R8, negative: the last seed in an empty front hole: J (2): K, M; M was empty: the move
// ends, although c (2) and r (2) opposite are occupied.
#[test]
fn r8_capture_condition_5() {
    let mut s = pos(side(&[(C, 30), (J, 2)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, J]);
    play(&mut s, J);
    // North's t> ends in r opposite F (0): not legal; no other reverse either.
    check(
        &s,
        side(&[(C, 30), (K, 1), (M, 1)]),
        [2; 16],
        NORTH,
        &upto(16),
    );
}

// ---------------------------------------------------------------------------------------------
// R9
// ---------------------------------------------------------------------------------------------

/// South C29 G2 J1, North a2 t2 e28: G (2) ends in J (now 2) opposite a and t.
fn r9_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(C, 29), (G, 2), (J, 1)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        SOUTH,
    )
}

// R9: take: a (2) + t (2) = 4 sown from H, the hole after G (R10): H, J, K, M; M was empty:
// the move ends. North is left with e (28); a, b, s, t are empty: no reverse.
#[test]
fn r9_capture_optional() {
    let mut s = r9_position(&omweso());
    play(&mut s, G);
    check(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    assert_eq!(s.ply(), 2);
    check(
        &s,
        side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]),
        side(&[(E, 28)]),
        NORTH,
        &[E],
    );
}

// R9: relay: J (2) is lifted and sown on: K, M; M was empty: the move ends. North keeps a, t
// (2 each): a> (t, s) ends in the empty s, t> (s, r) in the empty r.
#[test]
fn r9_capture_optional_2() {
    let mut s = r9_position(&omweso());
    play(&mut s, G);
    play(&mut s, RELAY);
    assert_eq!(s.ply(), 2);
    check(
        &s,
        side(&[(C, 29), (H, 1), (K, 1), (M, 1)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        NORTH,
        &[A, E, T],
    );
}

// R9: with mandatory_capture the capture is made without a decision: the same position as
// after take, in one ply.
#[test]
fn r9_capture_optional_3() {
    let mut s = r9_position(&mandatory());
    play(&mut s, G);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]),
        side(&[(E, 28)]),
        NORTH,
        &[E],
    );
}

// ---------------------------------------------------------------------------------------------
// R10
// ---------------------------------------------------------------------------------------------

// R10, the rule's own example: C (5): D, E, F, G, H; H held 1: relay H (2): J, K; K held 1
// and faces b (3), s (2): capture offered. Take 5 and sow them from J, the hole after H
// (the hole the current handful was lifted from), not after C: J, K, M, N, P; P was empty:
// the move ends. K keeps its 2 and gets one more as the sowing passes.
#[test]
fn r10_capture_sowing() {
    let mut s = pos(
        side(&[(A, 25), (C, 5), (H, 1), (K, 1)]),
        side(&[(B, 3), (F, 27), (S, 2)]),
        SOUTH,
    );
    // A> would need 2..8 seeds.
    assert_eq!(s.legal_actions().as_slice(), &[A, C]);
    play(&mut s, C);
    check(
        &s,
        side(&[(A, 25), (D, 1), (E, 1), (F, 1), (G, 1), (J, 1), (K, 2)]),
        side(&[(B, 3), (F, 27), (S, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (A, 25),
            (D, 1),
            (E, 1),
            (F, 1),
            (G, 1),
            (J, 2),
            (K, 3),
            (M, 1),
            (N, 1),
            (P, 1),
        ]),
        side(&[(F, 27)]),
        NORTH,
        &[F],
    );
}

// R10: the start hole counts even when seeds have fallen into it since. N (17): one seed in
// every hole (N the 16th), the 17th in P, which held 1: P faces e (1), n (1): capture. Take 2
// and sow them after N: P, R. (Sown after P they would end in S, opposite the empty g, k.)
// R held 1 and faces f (1), m (1): a capture is offered again (R11). Declining relays R (2):
// S, T; T (2) faces h, j (0): relay T: A, B; relay B: C, D; relay D: E, F; relay F: G, H;
// relay H: J, K; K (2) faces b, s (0): relay K: M, N; N (2) faces d, p (0): relay N: P, R;
// R was emptied by its relay: the move ends.
#[test]
fn r10_capture_sowing_2() {
    let north = side(&[(C, 43), (E, 1), (F, 1), (M, 1), (N, 1)]);
    let mut s = pos(side(&[(N, 17)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[N]);
    play(&mut s, N);
    let mut south = [1; 16];
    south[P as usize] = 2;
    check(&s, south, north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    south[P as usize] = 3;
    south[R as usize] = 2;
    let north = side(&[(C, 43), (F, 1), (M, 1)]);
    check(&s, south, north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[
            (A, 2),
            (C, 2),
            (E, 2),
            (G, 2),
            (J, 2),
            (M, 2),
            (P, 4),
            (R, 1),
            (S, 2),
        ]),
        north,
        NORTH,
        &[C],
    );
}

// R10, the example of coro.md in omweso: H (2): J, K; K held 3 and faces s (2), b (1): take 3
// and sow from J: J, K, M. K keeps its seeds (3 + 1 + 1 = 5); M was empty: the move ends.
#[test]
fn r10_capture_sowing_3() {
    let mut s = pos(
        side(&[(C, 27), (H, 2), (K, 3)]),
        side(&[(B, 1), (E, 29), (S, 2)]),
        SOUTH,
    );
    play(&mut s, H);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 27), (J, 2), (K, 5), (M, 1)]),
        side(&[(E, 29)]),
        NORTH,
        &[E],
    );
}

// ---------------------------------------------------------------------------------------------
// R11
// ---------------------------------------------------------------------------------------------

/// South C28 H2 K1 M1; North b2 s1 (opposite K), c3 r2 (opposite M), f24.
fn r11_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(C, 28), (H, 2), (K, 1), (M, 1)]),
        side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]),
        SOUTH,
    )
}

// R11: H (2): J, K; K (2) faces b (2), s (1): take 3, sown from J: J, K, M; M held 1 and
// faces c (3), r (2): offered again; take 5, sown again from J (a capture empties no own
// hole): J, K, M, N, P; P was empty: the move ends.
#[test]
fn r11_repeated_capture() {
    let mut s = r11_position(&omweso());
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    check(
        &s,
        side(&[(C, 28), (J, 1), (K, 2), (M, 1)]),
        side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 28), (J, 2), (K, 3), (M, 2)]),
        side(&[(C, 3), (F, 24), (R, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    assert_eq!(s.ply(), 3);
    check(
        &s,
        side(&[(C, 28), (J, 3), (K, 4), (M, 3), (N, 1), (P, 1)]),
        side(&[(F, 24)]),
        NORTH,
        &[F],
    );
}

// R11 with mandatory_capture: both captures are made at once, one ply.
#[test]
fn r11_repeated_capture_2() {
    let mut s = r11_position(&mandatory());
    play(&mut s, H);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(C, 28), (J, 3), (K, 4), (M, 3), (N, 1), (P, 1)]),
        side(&[(F, 24)]),
        NORTH,
        &[F],
    );
}

// R11: a relay after a capture moves the start. H (2): J, K; K (2) faces b, s (1, 1): take 2
// from J: J, K; K (3) now faces empty b, s: relay K: M, N, P; P held 1 and faces e (2),
// n (1): take 3, sown from M, the hole after K (not from J): M, N, P; P (3) faces empty e, n:
// relay P: R, S, T; T was empty: the move ends.
#[test]
fn r11_repeated_capture_3() {
    let mut s = pos(
        side(&[(C, 28), (H, 2), (K, 1), (P, 1)]),
        side(&[(B, 1), (E, 2), (F, 27), (N, 1), (S, 1)]),
        SOUTH,
    );
    play(&mut s, H);
    check(
        &s,
        side(&[(C, 28), (J, 1), (K, 2), (P, 1)]),
        side(&[(B, 1), (E, 2), (F, 27), (N, 1), (S, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 28), (J, 2), (M, 1), (N, 1), (P, 2)]),
        side(&[(E, 2), (F, 27), (N, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 28), (J, 2), (M, 2), (N, 2), (R, 1), (S, 1), (T, 1)]),
        side(&[(F, 27)]),
        NORTH,
        &[F],
    );
}

// ---------------------------------------------------------------------------------------------
// R12
// ---------------------------------------------------------------------------------------------

// R12: T> (3) sows clockwise S, R, P; P held 1 and faces e (1), n (1): the capture is taken at
// once. R13: the 2 taken, sown clockwise (S, R), would end in R opposite the empty f, m, so
// they go anticlockwise from A: A, B; B was empty: the move ends.
#[test]
fn r12_reverse_start() {
    let mut s = pos(
        side(&[(G, 28), (P, 1), (T, 3)]),
        side(&[(A, 30), (E, 1), (N, 1)]),
        SOUTH,
    );
    check(
        &s,
        side(&[(G, 28), (P, 1), (T, 3)]),
        side(&[(A, 30), (E, 1), (N, 1)]),
        SOUTH,
        &[G, T, T_REV],
    );
    play(&mut s, T_REV);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(A, 1), (B, 1), (G, 28), (P, 2), (R, 1), (S, 1)]),
        side(&[(A, 30)]),
        NORTH,
        &[A],
    );
}

// R12: all four reverse starts at once. A> (2: T, S) and B> (3: A, T, S) end in S (2), facing
// g, k (1, 1); S> (2: R, P) in P (1), facing e, n; T> (2: S, R) in R (1), facing f, m. Then
// from a copy each (R13: in every case the clockwise sowing of the 2 taken would end opposite
// the emptied holes, so they go anticlockwise):
// - A>: T 3, S 3; take g, k; sow B, C; C was empty: end.
// - B>: A 3, T 3, S 3; take g, k; sow C, D; D was empty: end.
// - S>: R 2, P 2; take e, n; sow T, A; A (3) relay: B, C, D; D was empty: end.
// - T>: S 3, R 2; take f, m; sow A, B; B (4) relay: C, D, E, F; F was empty: end.
#[test]
fn r12_reverse_start_2() {
    let south = side(&[(A, 2), (B, 3), (P, 1), (R, 1), (S, 2), (T, 2)]);
    let north = side(&[(A, 47), (E, 1), (F, 1), (G, 1), (K, 1), (M, 1), (N, 1)]);
    let s = pos(south, north, SOUTH);
    check(
        &s,
        south,
        north,
        SOUTH,
        &[A, B, S, T, A_REV, B_REV, S_REV, T_REV],
    );
    let after = |action: Action| {
        let mut t = s.clone();
        play(&mut t, action);
        t
    };
    check(
        &after(A_REV),
        side(&[(B, 4), (C, 1), (P, 1), (R, 1), (S, 3), (T, 3)]),
        side(&[(A, 47), (E, 1), (F, 1), (M, 1), (N, 1)]),
        NORTH,
        &[A],
    );
    check(
        &after(B_REV),
        side(&[(A, 3), (C, 1), (D, 1), (P, 1), (R, 1), (S, 3), (T, 3)]),
        side(&[(A, 47), (E, 1), (F, 1), (M, 1), (N, 1)]),
        NORTH,
        &[A],
    );
    check(
        &after(S_REV),
        side(&[(B, 4), (C, 1), (D, 1), (P, 2), (R, 2), (T, 3)]),
        side(&[(A, 47), (F, 1), (G, 1), (K, 1), (M, 1)]),
        NORTH,
        &[A],
    );
    check(
        &after(T_REV),
        side(&[
            (A, 3),
            (C, 1),
            (D, 1),
            (E, 1),
            (F, 1),
            (P, 1),
            (R, 2),
            (S, 3),
        ]),
        side(&[(A, 47), (E, 1), (G, 1), (K, 1), (N, 1)]),
        NORTH,
        &[A],
    );
}

// R12, negative: a reverse start must capture at once. T> (3) would end in P: empty here, so
// not legal; T sows anticlockwise instead: A, B, C; C was empty: end.
#[test]
fn r12_reverse_start_3() {
    let mut s = pos(
        side(&[(G, 29), (T, 3)]),
        side(&[(A, 30), (E, 1), (N, 1)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[G, T]);
    assert!(s.play(T_REV).is_err());
    play(&mut s, T);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (G, 29)]),
        side(&[(A, 30), (E, 1), (N, 1)]),
        NORTH,
        &[A],
    );
    // P occupied but n empty: still no reverse start.
    let s = pos(
        side(&[(G, 28), (P, 1), (T, 3)]),
        side(&[(A, 31), (E, 1)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[G, T]);
}

// R12: no reverse start round the right-hand end. S> with 15 would sow R P N M K J, then
// H..A, then T (1), which faces h (2), j (2): a capture position, but the handful steps from
// J to H, so S> is not legal. S (15) anticlockwise: T, A..H, J, K, M, N, P, R; R was empty.
#[test]
fn r12_reverse_start_4() {
    let north = side(&[(D, 28), (H, 2), (J, 2)]);
    let mut s = pos(side(&[(C, 16), (S, 15), (T, 1)]), north, SOUTH);
    check(&s, side(&[(C, 16), (S, 15), (T, 1)]), north, SOUTH, &[C, S]);
    play(&mut s, S);
    let mut south = [1; 16];
    south[C as usize] = 17;
    south[S as usize] = 0;
    south[T as usize] = 2;
    check(&s, south, north, NORTH, &[D, H, J]);
}

// R12: the same limit for A and B. A> with 17 would sow T..J, H..A (A itself the 16th), and
// end in T, which held 1 and faces h, j (2, 2); B> with 18 would do the same from B. Both
// step from J to H, so neither is legal; only the anticlockwise starts are.
#[test]
fn r12_reverse_start_4b() {
    let south = side(&[(A, 17), (B, 18), (T, 1)]);
    let north = side(&[(D, 24), (H, 2), (J, 2)]);
    let s = pos(south, north, SOUTH);
    check(&s, south, north, SOUTH, &[A, B]);
}

// R12: only A, B, S, T start reverse moves. C (3) clockwise would end in T (1) facing h, j
// (1, 1), R (2) clockwise in N (1) facing d, p (1, 1): neither is offered. C: D, E, F; end.
#[test]
fn r12_reverse_start_5() {
    let north = side(&[(B, 28), (D, 1), (H, 1), (J, 1), (P, 1)]);
    let mut s = pos(
        side(&[(C, 3), (G, 25), (N, 1), (R, 2), (T, 1)]),
        north,
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[C, G, R]);
    play(&mut s, C);
    check(
        &s,
        side(&[(D, 1), (E, 1), (F, 1), (G, 25), (N, 1), (R, 2), (T, 1)]),
        north,
        NORTH,
        &[B],
    );
}

// R12: the longest handfuls: 9 from B reaches J (A T S R P N M K J) and J (1) faces a, t
// (1, 1): legal; 9 from A would end in H: not legal. B>: take a, t (2); R13: clockwise from B
// (A, T) would end in T opposite h, j (0): anticlockwise from C: C, D; D was empty: end.
#[test]
fn r12_reverse_start_6() {
    let mut s = pos(
        side(&[(A, 9), (B, 9), (J, 1)]),
        side(&[(A, 1), (D, 43), (T, 1)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[A, B, B_REV]);
    play(&mut s, B_REV);
    check(
        &s,
        side(&[
            (A, 10),
            (C, 1),
            (D, 1),
            (J, 2),
            (K, 1),
            (M, 1),
            (N, 1),
            (P, 1),
            (R, 1),
            (S, 1),
            (T, 1),
        ]),
        side(&[(D, 43)]),
        NORTH,
        &[D],
    );
}

// ---------------------------------------------------------------------------------------------
// R13
// ---------------------------------------------------------------------------------------------

/// South N1 R1 T2; North d1 p2 (opposite N), f2 m2 (opposite R), h53.
fn r13_position() -> OmwesoState {
    pos(
        side(&[(N, 1), (R, 1), (T, 2)]),
        side(&[(D, 1), (F, 2), (H, 53), (M, 2), (P, 2)]),
        SOUTH,
    )
}

// R13: T> (2): S, R; R (2) faces f, m: take 4 at once. Sown clockwise from S the 4 would end
// in N (1) facing d (1), p (2): a capture, so South chooses. The 4 are in his hand.
// sow>: S, R, P, N; take d, p (3) at once; clockwise again (S, R, P) would end in P facing
// the empty e, n, so the 3 go anticlockwise from A: A, B, C; C was empty: end.
#[test]
fn r13_reverse_continuation() {
    let mut s = r13_position();
    assert_eq!(s.legal_actions().as_slice(), &[T, T_REV]);
    play(&mut s, T_REV);
    check_hand(
        &s,
        side(&[(N, 1), (R, 2), (S, 1)]),
        side(&[(D, 1), (H, 53), (P, 2)]),
        [4, 0],
        Some(SOUTH),
        &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE],
    );
    play(&mut s, SOW_CLOCKWISE);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (N, 2), (P, 1), (R, 3), (S, 2)]),
        side(&[(H, 53)]),
        NORTH,
        &[H],
    );
}

// R13: the same choice, sow<: the 4 go anticlockwise from A: A, B, C, D; D was empty: end.
#[test]
fn r13_reverse_continuation_2() {
    let mut s = r13_position();
    play(&mut s, T_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (D, 1), (N, 1), (R, 2), (S, 1)]),
        side(&[(D, 1), (H, 53), (P, 2)]),
        NORTH,
        &[H, P],
    );
}

/// South A2 J1 S1; North a1 t1 (opposite J), g4 k4 (opposite S), d50.
fn r13_position_3() -> OmwesoState {
    pos(
        side(&[(A, 2), (J, 1), (S, 1)]),
        side(&[(A, 1), (D, 50), (G, 4), (K, 4), (T, 1)]),
        SOUTH,
    )
}

// R13: A> (2): T, S; S (2) faces g, k: take 8 at once. Clockwise from T the 8 would end in J
// (1) facing a, t (1, 1): South chooses. sow<: B, C, D, E, F, G, H, J; J held 1 and faces a,
// t: the anticlockwise capture is offered, not made (R9). Take 2, sown from B (after A):
// B, C; relay C: D, E; relay E: F, G; relay G: H, J; J (3) faces empty a, t: relay J: K, M,
// N; N was empty: end.
#[test]
fn r13_reverse_continuation_3() {
    let mut s = r13_position_3();
    assert_eq!(s.legal_actions().as_slice(), &[A, A_REV]);
    play(&mut s, A_REV);
    check_hand(
        &s,
        side(&[(J, 1), (S, 2), (T, 1)]),
        side(&[(A, 1), (D, 50), (T, 1)]),
        [8, 0],
        Some(SOUTH),
        &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE],
    );
    play(&mut s, SOW_ANTICLOCKWISE);
    check(
        &s,
        side(&[
            (B, 1),
            (C, 1),
            (D, 1),
            (E, 1),
            (F, 1),
            (G, 1),
            (H, 1),
            (J, 2),
            (S, 2),
            (T, 1),
        ]),
        side(&[(A, 1), (D, 50), (T, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (B, 2),
            (D, 2),
            (F, 2),
            (H, 2),
            (K, 1),
            (M, 1),
            (N, 1),
            (S, 2),
            (T, 1),
        ]),
        side(&[(D, 50)]),
        NORTH,
        &[D],
    );
}

// R13: the same choice, sow>: T, S, R, P, N, M, K, J; J (2) faces a, t: taken at once (2).
// Clockwise again (T, S) would end in S facing the empty g, k: anticlockwise from B: B, C;
// C was empty: end.
#[test]
fn r13_reverse_continuation_4() {
    let mut s = r13_position_3();
    play(&mut s, A_REV);
    play(&mut s, SOW_CLOCKWISE);
    check(
        &s,
        side(&[
            (B, 1),
            (C, 1),
            (J, 2),
            (K, 1),
            (M, 1),
            (N, 1),
            (P, 1),
            (R, 1),
            (S, 3),
            (T, 2),
        ]),
        side(&[(D, 50)]),
        NORTH,
        &[D],
    );
}

// R13: the clockwise sowing of captured seeds may not go round the right-hand end either.
// S> (2): R, P; P (2) faces e (8), n (7): take 15. Clockwise from R the 15 would pass J -> H
// and end in T (1) facing h, j (1, 1): not allowed, so no choice: anticlockwise from T: T,
// A..H, J, K, M, N, P, R; R (2) faces empty f, m: relay R: S, T; T (3) faces h, j: a capture
// is offered. Take 2, sown from S (after R): S, T; T (4) faces empty h, j: relay T: A, B, C,
// D; relay D: E, F; relay F: G, H; relay H: J, K; K faces empty b, s: relay K: M, N; N faces
// empty d, p: relay N: P, R; R was emptied by its relay: end.
#[test]
fn r13_reverse_continuation_5() {
    let mut s = pos(
        side(&[(P, 1), (S, 2), (T, 1)]),
        side(&[(C, 43), (E, 8), (H, 1), (J, 1), (N, 7)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[S, S_REV]);
    play(&mut s, S_REV);
    let mut south = [1; 16];
    south[P as usize] = 3;
    south[R as usize] = 0;
    south[T as usize] = 3;
    let north = side(&[(C, 43), (H, 1), (J, 1)]);
    check(&s, south, north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (A, 2),
            (B, 2),
            (C, 2),
            (E, 2),
            (G, 2),
            (J, 2),
            (M, 2),
            (P, 4),
            (R, 1),
            (S, 2),
        ]),
        side(&[(C, 43)]),
        NORTH,
        &[C],
    );
}

// ---------------------------------------------------------------------------------------------
// R14
// ---------------------------------------------------------------------------------------------

/// South G2 J1 T1; North a5 t4 (opposite J), h2 j3 (opposite T), d46.
fn r14_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(G, 2), (J, 1), (T, 1)]),
        side(&[(A, 5), (D, 46), (H, 2), (J, 3), (T, 4)]),
        SOUTH,
    )
}

// R14: G (2): H, J; J faces a, t (North's left-hand end column): take 9, sown from H: H, J, K,
// M, N, P, R, S, T; T held 1 and faces h, j (his right-hand end column): take 5. Both end
// columns in one move: South wins at once. The 5 are not sown; R14 keeps them on South's
// side without naming a hole, and with every other hole unchanged (R1: the holes hold all
// 64) they are taken to stay in the capturing hole T: 2 + 5 = 7.
#[test]
fn r14_nkutemye() {
    let mut s = r14_position(&omweso());
    assert_eq!(s.legal_actions().as_slice(), &[G]);
    play(&mut s, G);
    check(
        &s,
        side(&[(H, 1), (J, 2), (T, 1)]),
        side(&[(A, 5), (D, 46), (H, 2), (J, 3), (T, 4)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    // One end column is not enough.
    let south = side(&[
        (H, 2),
        (J, 3),
        (K, 1),
        (M, 1),
        (N, 1),
        (P, 1),
        (R, 1),
        (S, 1),
        (T, 2),
    ]);
    check(
        &s,
        south,
        side(&[(D, 46), (H, 2), (J, 3)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    let mut won = south;
    won[T as usize] = 7;
    check_hand(&s, won, side(&[(D, 46)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Win(SOUTH), [18, 46]);
}

// R14 with nkutemye = false: the second capture is ordinary. Take h, j (5), sown from H: H,
// J, K, M, N; N (2) faces d (46), p (0): relay N: P, R; R (2) faces empty f, m: relay R: S,
// T; T (3) faces the now empty h, j: relay T: A, B, C; C was empty: end.
#[test]
fn r14_nkutemye_2() {
    let g = game(
        Kind::Omweso,
        OmwesoRules {
            nkutemye: false,
            ..OmwesoRules::default()
        },
        Omweso::DEFAULT_LIMITS,
    );
    let mut s = r14_position(&g);
    play(&mut s, G);
    play(&mut s, TAKE);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (A, 1),
            (B, 1),
            (C, 1),
            (H, 3),
            (J, 4),
            (K, 2),
            (M, 2),
            (P, 2),
            (S, 2),
        ]),
        side(&[(D, 46)]),
        NORTH,
        &[D],
    );
}

// R14: the two end columns must fall in one move. South takes a, t in one move (G: H, J;
// take 2 from H: H, J; J (3) faces empty a, t: relay J: K, M, N; end), North plays e (f, g),
// then South takes h, j (P: R, S, T; T (2) faces h, j; take 4 from R: R, S, T, A; A was
// empty: end): no win, the game goes on.
#[test]
fn r14_nkutemye_3() {
    let mut s = pos(
        side(&[(G, 2), (J, 1), (P, 3), (T, 1)]),
        side(&[(A, 1), (C, 49), (E, 2), (H, 2), (J, 2), (T, 1)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[G, P]);
    play(&mut s, G);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(H, 2), (K, 1), (M, 1), (N, 1), (P, 3), (T, 1)]),
        side(&[(C, 49), (E, 2), (H, 2), (J, 2)]),
        NORTH,
        &[C, E, H, J],
    );
    play(&mut s, E);
    check(
        &s,
        side(&[(H, 2), (K, 1), (M, 1), (N, 1), (P, 3), (T, 1)]),
        side(&[(C, 49), (F, 1), (G, 1), (H, 2), (J, 2)]),
        SOUTH,
        &[H, P],
    );
    play(&mut s, P);
    check(
        &s,
        side(&[(H, 2), (K, 1), (M, 1), (N, 1), (R, 1), (S, 1), (T, 2)]),
        side(&[(C, 49), (F, 1), (G, 1), (H, 2), (J, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (A, 1),
            (H, 2),
            (K, 1),
            (M, 1),
            (N, 1),
            (R, 2),
            (S, 2),
            (T, 3),
        ]),
        side(&[(C, 49), (F, 1), (G, 1)]),
        NORTH,
        &[C],
    );
}

// ---------------------------------------------------------------------------------------------
// R15
// ---------------------------------------------------------------------------------------------

// R15: E (2): F, G; end. North has a single seed in each of his 16 holes: no legal move, he
// loses.
#[test]
fn r15_no_move_loses() {
    let mut s = pos(side(&[(D, 46), (E, 2)]), [1; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[D, E]);
    play(&mut s, E);
    check_hand(
        &s,
        side(&[(D, 46), (F, 1), (G, 1)]),
        [1; 16],
        [0, 0],
        Some(NORTH),
        &[],
    );
    check_over(&s, GameResult::Win(SOUTH), [48, 16]);
}

// R15: a capture leaves North only single seeds. G (2): H, J; J faces a, t (2, 2): take 4 from
// H: H, J, K, M; M was empty: end. North's 14 other holes hold 1 each: he loses.
#[test]
fn r15_no_move_loses_2() {
    let mut north = [1; 16];
    north[A as usize] = 2;
    north[T as usize] = 2;
    let mut s = pos(side(&[(C, 43), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    play(&mut s, TAKE);
    north[A as usize] = 0;
    north[T as usize] = 0;
    check_hand(
        &s,
        side(&[(C, 43), (H, 2), (J, 3), (K, 1), (M, 1)]),
        north,
        [0, 0],
        Some(NORTH),
        &[],
    );
    check_over(&s, GameResult::Win(SOUTH), [50, 14]);
}

// R15: a position whose player to move has no hole of 2 or more is already lost.
#[test]
fn r15_no_move_loses_3() {
    let s = pos([1; 16], side(&[(D, 48)]), SOUTH);
    check_hand(&s, [1; 16], side(&[(D, 48)]), [0, 0], Some(SOUTH), &[]);
    check_over(&s, GameResult::Win(NORTH), [16, 48]);
}

// ---------------------------------------------------------------------------------------------
// R16
// ---------------------------------------------------------------------------------------------

// R16: the take decision is a ply: G and take reach a two-ply cap. The board as after take in
// r9_capture_optional; capped, [0, 0], 64 seeds.
// R16: a natural end on the last allowed ply wins over the cap: with a one-ply cap, E (2): F,
// G leaves North only single seeds, so South wins (as in R15) and the game is not capped.
#[test]
fn r16_caps_natural_end_on_the_last_ply() {
    let mut s = pos_in(
        &with_limits(1, 500),
        side(&[(D, 46), (E, 2)]),
        [1; 16],
        SOUTH,
    );
    play(&mut s, E);
    check_hand(
        &s,
        side(&[(D, 46), (F, 1), (G, 1)]),
        [1; 16],
        [0, 0],
        Some(NORTH),
        &[],
    );
    check_over(&s, GameResult::Win(SOUTH), [48, 16]);
}

#[test]
fn r16_caps() {
    let mut s = r9_position(&with_limits(2, 500));
    play(&mut s, G);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check_hand(
        &s,
        side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]),
        side(&[(E, 28)]),
        [0, 0],
        Some(NORTH),
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Plies), [36, 28]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// R16: a one-ply cap stops the game before the take decision.
#[test]
fn r16_caps_2() {
    let mut s = r9_position(&with_limits(1, 500));
    play(&mut s, G);
    check_hand(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        [0, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Plies), [32, 32]);
}

// R16: under a one-lap cap, C (2): D, E would relay E (lap 2): capped, the board as after
// lap 1, 64 seeds on it.
#[test]
fn r16_caps_3() {
    let mut s = pos_in(
        &with_limits(2000, 1),
        side(&[(C, 2), (E, 2), (M, 28)]),
        [2; 16],
        SOUTH,
    );
    play(&mut s, C);
    check_hand(
        &s,
        side(&[(D, 1), (E, 3), (M, 28)]),
        [2; 16],
        [0, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Laps), [32, 32]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// R16: the same two-lap move is played out under a two-lap cap (as in r6_relay).
#[test]
fn r16_caps_4() {
    let mut s = pos_in(
        &with_limits(2000, 2),
        side(&[(C, 2), (E, 2), (M, 28)]),
        [2; 16],
        SOUTH,
    );
    play(&mut s, C);
    check(
        &s,
        side(&[(D, 1), (F, 1), (G, 1), (H, 1), (M, 28)]),
        [2; 16],
        NORTH,
        &[upto(16), vec![T_REV]].concat(),
    );
}

// R16: the sowing of captured seeds is a lap too. Under a one-lap cap, G (2): H, J (lap 1);
// take a, t: their sowing would be lap 2: capped. The take is made, its 4 seeds are not
// sown: they are in South's hand and count for him, so the 64 are all accounted for.
#[test]
fn r16_caps_5() {
    let mut s = r9_position(&with_limits(2000, 1));
    play(&mut s, G);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check_hand(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        side(&[(E, 28)]),
        [4, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Laps), [36, 28]);
}

// R16: each placement of the free set-up is a ply: a 64-ply cap ends the game right after the
// set-up, before South's first move.
#[test]
fn r16_caps_6() {
    let g = game(
        Kind::Omweso,
        OmwesoRules {
            setup: Setup::Free,
            ..OmwesoRules::default()
        },
        Limits {
            max_plies: 64,
            max_laps: 500,
        },
    );
    let mut s = g.initial_state();
    for _ in 0..32 {
        play(&mut s, PLACE + A);
    }
    for _ in 0..32 {
        play(&mut s, PLACE + A);
    }
    check_hand(&s, side(&[(A, 32)]), side(&[(A, 32)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Plies), [32, 32]);
}
