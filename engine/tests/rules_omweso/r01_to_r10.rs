//! rules_omweso: the tests of r01 to r10.

use super::*;

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
    check(&s, side(&[(B, 5), (C, 5), (D, 5), (F, 5), (G, 5), (H, 5), (J, 1), (K, 1)]), back_row(4), NORTH, &upto(8));
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
    let alternate = side(&[(B, 4), (D, 4), (F, 4), (H, 4), (K, 4), (N, 4), (R, 4), (T, 4)]);
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
    check_hand(&s, side(&[(C, 1)]), side(&[]), [31, 32], Some(SOUTH), &places(C));
    // The same hole again is allowed.
    play(&mut s, PLACE + C);
    check_hand(&s, side(&[(C, 2)]), side(&[]), [30, 32], Some(SOUTH), &places(C));
    play(&mut s, PLACE + H);
    check_hand(&s, side(&[(C, 2), (H, 1)]), side(&[]), [29, 32], Some(SOUTH), &places(H));
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
    for setup in [Setup::Fours, Setup::Seventeen, Setup::Alternate, Setup::Free] {
        let s = with_setup(setup).initial_state();
        assert_eq!(s.to_move(), SOUTH, "{setup:?}");
        assert_eq!(s.ply(), 0);
    }
    check(&omweso().initial_state(), back_row(4), back_row(4), SOUTH, &upto(8));
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
    let mut s = pos(side(&[(A, 1), (B, 2), (C, 1), (J, 1), (N, 3)]), north, SOUTH);
    check(&s, side(&[(A, 1), (B, 2), (C, 1), (J, 1), (N, 3)]), north, SOUTH, &[B, N]);
    for single in [A, C, J] {
        assert!(s.play(single).is_err(), "a single seed in {single} moved");
    }
    play(&mut s, B);
    check(&s, side(&[(A, 1), (C, 2), (D, 1), (J, 1), (N, 3)]), north, NORTH, &upto(8));
}

// ---------------------------------------------------------------------------------------------
// R5
// ---------------------------------------------------------------------------------------------

/// South E26 G3 T3; North 2 in every hole.
pub(super) fn r5_position() -> OmwesoState {
    pos(side(&[(E, 26), (G, 3), (T, 3)]), [2; 16], SOUTH)
}

// R5: T (3) sows on round the left-hand end: A, B, C; C was empty: the move ends. Before the
// move T> (3: S R P) would end in the empty P: not legal. North's reverse starts: a> ends in
// s (opposite G 3, K 0), b> in t (H 0, J 0), s> in p (E 26, N 0), t> in r (F 0, M 0): none.
#[test]
fn r5_sow_anticlockwise() {
    let mut s = r5_position();
    check(&s, side(&[(E, 26), (G, 3), (T, 3)]), [2; 16], SOUTH, &[E, G, T]);
    play(&mut s, T);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (E, 26), (G, 3)]), [2; 16], NORTH, &upto(16));
}

// R5: G (3) sows on round the right-hand end: H, J, K; K was empty: the move ends. North's
// b> (2: a, t) now ends in t, opposite South's H (1) and J (1): legal; a> ends in s opposite
// G (0): not; s> and t> as before: not.
#[test]
fn r5_sow_anticlockwise_2() {
    let mut s = r5_position();
    play(&mut s, G);
    check(&s, side(&[(E, 26), (H, 1), (J, 1), (K, 1), (T, 3)]), [2; 16], NORTH, &[upto(16), vec![B_REV]].concat());
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
    check(&s, side(&[(D, 1), (F, 1), (G, 1), (H, 1), (M, 28)]), [2; 16], NORTH, &[upto(16), vec![T_REV]].concat());
}

// R6: a front-row relay: H (2): J, K; K held 1 and faces b (4) and s (0): no capture (R8),
// relay K (2): M, N; N was empty: the move ends.
#[test]
fn r6_relay_2() {
    let north = back_row(4);
    let mut s = pos(side(&[(A, 1), (C, 28), (H, 2), (K, 1)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    check(&s, side(&[(A, 1), (C, 28), (J, 1), (M, 1), (N, 1)]), north, NORTH, &upto(8));
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
    check(&s, side(&[(C, 30), (J, 1), (K, 1)]), [2; 16], NORTH, &upto(16));
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
    check(&s, side(&[(C, 29), (H, 1), (J, 2)]), north, SOUTH, &[TAKE, RELAY]);
}

// R8, negative: as above but t is empty (only a, 2): no capture; relay J (2): K, M; M was
// empty: the move ends. North: a (2), e; a> (t, s) would end in the empty s.
#[test]
fn r8_capture_condition_2() {
    let north = side(&[(A, 2), (E, 30)]);
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (K, 1), (M, 1)]), north, NORTH, &[A, E]);
}

// R8, negative: the back-row hole a is empty (t holds 2): no capture, relay J as above.
// North: e, t; t> (s, r) would end in the empty r.
#[test]
fn r8_capture_condition_3() {
    let north = side(&[(E, 30), (T, 2)]);
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (K, 1), (M, 1)]), north, NORTH, &[E, T]);
}

// R8, negative: the back row never captures. B (2): C, D; D held 1: relay D (2): E, F; F was
// empty: the move ends (North's holes are all occupied). B> (A, T) would end in the empty T.
// North: t> ends in r opposite F (1) and M (29): legal; s> (p: E 1, N 0) and the others: not.
#[test]
fn r8_capture_condition_4() {
    let mut s = pos(side(&[(B, 2), (D, 1), (M, 29)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[B, M]);
    play(&mut s, B);
    check(&s, side(&[(C, 1), (E, 1), (F, 1), (M, 29)]), [2; 16], NORTH, &[upto(16), vec![T_REV]].concat());
}

// R8, negative: the last seed in an empty front hole: J (2): K, M; M was empty: the move
// ends, although c (2) and r (2) opposite are occupied.
#[test]
fn r8_capture_condition_5() {
    let mut s = pos(side(&[(C, 30), (J, 2)]), [2; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, J]);
    play(&mut s, J);
    // North's t> ends in r opposite F (0): not legal; no other reverse either.
    check(&s, side(&[(C, 30), (K, 1), (M, 1)]), [2; 16], NORTH, &upto(16));
}

// ---------------------------------------------------------------------------------------------
// R9
// ---------------------------------------------------------------------------------------------

/// South C29 G2 J1, North a2 t2 e28: G (2) ends in J (now 2) opposite a and t.
pub(super) fn r9_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(C, 29), (G, 2), (J, 1)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH)
}

// R9: take: a (2) + t (2) = 4 sown from H, the hole after G (R10): H, J, K, M; M was empty:
// the move ends. North is left with e (28); a, b, s, t are empty: no reverse.
#[test]
fn r9_capture_optional() {
    let mut s = r9_position(&omweso());
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    assert_eq!(s.ply(), 2);
    check(&s, side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]), side(&[(E, 28)]), NORTH, &[E]);
}

// R9: relay: J (2) is lifted and sown on: K, M; M was empty: the move ends. North keeps a, t
// (2 each): a> (t, s) ends in the empty s, t> (s, r) in the empty r.
#[test]
fn r9_capture_optional_2() {
    let mut s = r9_position(&omweso());
    play(&mut s, G);
    play(&mut s, RELAY);
    assert_eq!(s.ply(), 2);
    check(&s, side(&[(C, 29), (H, 1), (K, 1), (M, 1)]), side(&[(A, 2), (E, 28), (T, 2)]), NORTH, &[A, E, T]);
}

// R9: with mandatory_capture the capture is made without a decision: the same position as
// after take, in one ply.
#[test]
fn r9_capture_optional_3() {
    let mut s = r9_position(&mandatory());
    play(&mut s, G);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]), side(&[(E, 28)]), NORTH, &[E]);
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
    let mut s = pos(side(&[(A, 25), (C, 5), (H, 1), (K, 1)]), side(&[(B, 3), (F, 27), (S, 2)]), SOUTH);
    // A> would need 2..8 seeds.
    assert_eq!(s.legal_actions().as_slice(), &[A, C]);
    play(&mut s, C);
    check(&s, side(&[(A, 25), (D, 1), (E, 1), (F, 1), (G, 1), (J, 1), (K, 2)]), side(&[(B, 3), (F, 27), (S, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 25), (D, 1), (E, 1), (F, 1), (G, 1), (J, 2), (K, 3), (M, 1), (N, 1), (P, 1)]), side(&[(F, 27)]), NORTH, &[F]);
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
    check(&s, side(&[(A, 2), (C, 2), (E, 2), (G, 2), (J, 2), (M, 2), (P, 4), (R, 1), (S, 2)]), north, NORTH, &[C]);
}

// R10, the example of coro.md in omweso: H (2): J, K; K held 3 and faces s (2), b (1): take 3
// and sow from J: J, K, M. K keeps its seeds (3 + 1 + 1 = 5); M was empty: the move ends.
#[test]
fn r10_capture_sowing_3() {
    let mut s = pos(side(&[(C, 27), (H, 2), (K, 3)]), side(&[(B, 1), (E, 29), (S, 2)]), SOUTH);
    play(&mut s, H);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 27), (J, 2), (K, 5), (M, 1)]), side(&[(E, 29)]), NORTH, &[E]);
}

// ---------------------------------------------------------------------------------------------
// R11
// ---------------------------------------------------------------------------------------------

/// South C28 H2 K1 M1; North b2 s1 (opposite K), c3 r2 (opposite M), f24.
pub(super) fn r11_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(C, 28), (H, 2), (K, 1), (M, 1)]), side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]), SOUTH)
}
