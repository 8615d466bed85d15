//! rules_omweso: the tests of r11 to r16.

use super::*;

// R11: H (2): J, K; K (2) faces b (2), s (1): take 3, sown from J: J, K, M; M held 1 and
// faces c (3), r (2): offered again; take 5, sown again from J (a capture empties no own
// hole): J, K, M, N, P; P was empty: the move ends.
#[test]
fn r11_repeated_capture() {
    let mut s = r11_position(&omweso());
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    check(&s, side(&[(C, 28), (J, 1), (K, 2), (M, 1)]), side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (J, 2), (K, 3), (M, 2)]), side(&[(C, 3), (F, 24), (R, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    assert_eq!(s.ply(), 3);
    check(&s, side(&[(C, 28), (J, 3), (K, 4), (M, 3), (N, 1), (P, 1)]), side(&[(F, 24)]), NORTH, &[F]);
}

// R11 with mandatory_capture: both captures are made at once, one ply.
#[test]
fn r11_repeated_capture_2() {
    let mut s = r11_position(&mandatory());
    play(&mut s, H);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(C, 28), (J, 3), (K, 4), (M, 3), (N, 1), (P, 1)]), side(&[(F, 24)]), NORTH, &[F]);
}

// R11: a relay after a capture moves the start. H (2): J, K; K (2) faces b, s (1, 1): take 2
// from J: J, K; K (3) now faces empty b, s: relay K: M, N, P; P held 1 and faces e (2),
// n (1): take 3, sown from M, the hole after K (not from J): M, N, P; P (3) faces empty e, n:
// relay P: R, S, T; T was empty: the move ends.
#[test]
fn r11_repeated_capture_3() {
    let mut s = pos(side(&[(C, 28), (H, 2), (K, 1), (P, 1)]), side(&[(B, 1), (E, 2), (F, 27), (N, 1), (S, 1)]), SOUTH);
    play(&mut s, H);
    check(&s, side(&[(C, 28), (J, 1), (K, 2), (P, 1)]), side(&[(B, 1), (E, 2), (F, 27), (N, 1), (S, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (J, 2), (M, 1), (N, 1), (P, 2)]), side(&[(E, 2), (F, 27), (N, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (J, 2), (M, 2), (N, 2), (R, 1), (S, 1), (T, 1)]), side(&[(F, 27)]), NORTH, &[F]);
}

// ---------------------------------------------------------------------------------------------
// R12
// ---------------------------------------------------------------------------------------------

// R12: T> (3) sows clockwise S, R, P; P held 1 and faces e (1), n (1): the capture is taken at
// once. R13: the 2 taken, sown clockwise (S, R), would end in R opposite the empty f, m, so
// they go anticlockwise from A: A, B; B was empty: the move ends.
#[test]
fn r12_reverse_start() {
    let mut s = pos(side(&[(G, 28), (P, 1), (T, 3)]), side(&[(A, 30), (E, 1), (N, 1)]), SOUTH);
    check(&s, side(&[(G, 28), (P, 1), (T, 3)]), side(&[(A, 30), (E, 1), (N, 1)]), SOUTH, &[G, T, T_REV]);
    play(&mut s, T_REV);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(A, 1), (B, 1), (G, 28), (P, 2), (R, 1), (S, 1)]), side(&[(A, 30)]), NORTH, &[A]);
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
    check(&s, south, north, SOUTH, &[A, B, S, T, A_REV, B_REV, S_REV, T_REV]);
    let after = |action: Action| {
        let mut t = s.clone();
        play(&mut t, action);
        t
    };
    check(&after(A_REV), side(&[(B, 4), (C, 1), (P, 1), (R, 1), (S, 3), (T, 3)]), side(&[(A, 47), (E, 1), (F, 1), (M, 1), (N, 1)]), NORTH, &[A]);
    check(&after(B_REV), side(&[(A, 3), (C, 1), (D, 1), (P, 1), (R, 1), (S, 3), (T, 3)]), side(&[(A, 47), (E, 1), (F, 1), (M, 1), (N, 1)]), NORTH, &[A]);
    check(&after(S_REV), side(&[(B, 4), (C, 1), (D, 1), (P, 2), (R, 2), (T, 3)]), side(&[(A, 47), (F, 1), (G, 1), (K, 1), (M, 1)]), NORTH, &[A]);
    check(
        &after(T_REV),
        side(&[(A, 3), (C, 1), (D, 1), (E, 1), (F, 1), (P, 1), (R, 2), (S, 3)]),
        side(&[(A, 47), (E, 1), (G, 1), (K, 1), (N, 1)]),
        NORTH,
        &[A],
    );
}

// R12, negative: a reverse start must capture at once. T> (3) would end in P: empty here, so
// not legal; T sows anticlockwise instead: A, B, C; C was empty: end.
#[test]
fn r12_reverse_start_3() {
    let mut s = pos(side(&[(G, 29), (T, 3)]), side(&[(A, 30), (E, 1), (N, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[G, T]);
    assert!(s.play(T_REV).is_err());
    play(&mut s, T);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (G, 29)]), side(&[(A, 30), (E, 1), (N, 1)]), NORTH, &[A]);
    // P occupied but n empty: still no reverse start.
    let s = pos(side(&[(G, 28), (P, 1), (T, 3)]), side(&[(A, 31), (E, 1)]), SOUTH);
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
    let mut s = pos(side(&[(C, 3), (G, 25), (N, 1), (R, 2), (T, 1)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, G, R]);
    play(&mut s, C);
    check(&s, side(&[(D, 1), (E, 1), (F, 1), (G, 25), (N, 1), (R, 2), (T, 1)]), north, NORTH, &[B]);
}

// R12: the longest handfuls: 9 from B reaches J (A T S R P N M K J) and J (1) faces a, t
// (1, 1): legal; 9 from A would end in H: not legal. B>: take a, t (2); R13: clockwise from B
// (A, T) would end in T opposite h, j (0): anticlockwise from C: C, D; D was empty: end.
#[test]
fn r12_reverse_start_6() {
    let mut s = pos(side(&[(A, 9), (B, 9), (J, 1)]), side(&[(A, 1), (D, 43), (T, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[A, B, B_REV]);
    play(&mut s, B_REV);
    check(&s, side(&[(A, 10), (C, 1), (D, 1), (J, 2), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1), (T, 1)]), side(&[(D, 43)]), NORTH, &[D]);
}

// ---------------------------------------------------------------------------------------------
// R13
// ---------------------------------------------------------------------------------------------

/// South N1 R1 T2; North d1 p2 (opposite N), f2 m2 (opposite R), h53.
pub(super) fn r13_position() -> OmwesoState {
    pos(side(&[(N, 1), (R, 1), (T, 2)]), side(&[(D, 1), (F, 2), (H, 53), (M, 2), (P, 2)]), SOUTH)
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
    check_hand(&s, side(&[(N, 1), (R, 2), (S, 1)]), side(&[(D, 1), (H, 53), (P, 2)]), [4, 0], Some(SOUTH), &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE]);
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (N, 2), (P, 1), (R, 3), (S, 2)]), side(&[(H, 53)]), NORTH, &[H]);
}

// R13: the same choice, sow<: the 4 go anticlockwise from A: A, B, C, D; D was empty: end.
#[test]
fn r13_reverse_continuation_2() {
    let mut s = r13_position();
    play(&mut s, T_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (D, 1), (N, 1), (R, 2), (S, 1)]), side(&[(D, 1), (H, 53), (P, 2)]), NORTH, &[H, P]);
}

/// South A2 J1 S1; North a1 t1 (opposite J), g4 k4 (opposite S), d50.
pub(super) fn r13_position_3() -> OmwesoState {
    pos(side(&[(A, 2), (J, 1), (S, 1)]), side(&[(A, 1), (D, 50), (G, 4), (K, 4), (T, 1)]), SOUTH)
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
    check_hand(&s, side(&[(J, 1), (S, 2), (T, 1)]), side(&[(A, 1), (D, 50), (T, 1)]), [8, 0], Some(SOUTH), &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE]);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(&s, side(&[(B, 1), (C, 1), (D, 1), (E, 1), (F, 1), (G, 1), (H, 1), (J, 2), (S, 2), (T, 1)]), side(&[(A, 1), (D, 50), (T, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(B, 2), (D, 2), (F, 2), (H, 2), (K, 1), (M, 1), (N, 1), (S, 2), (T, 1)]), side(&[(D, 50)]), NORTH, &[D]);
}

// R13: the same choice, sow>: T, S, R, P, N, M, K, J; J (2) faces a, t: taken at once (2).
// Clockwise again (T, S) would end in S facing the empty g, k: anticlockwise from B: B, C;
// C was empty: end.
#[test]
fn r13_reverse_continuation_4() {
    let mut s = r13_position_3();
    play(&mut s, A_REV);
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(B, 1), (C, 1), (J, 2), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 3), (T, 2)]), side(&[(D, 50)]), NORTH, &[D]);
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
    let mut s = pos(side(&[(P, 1), (S, 2), (T, 1)]), side(&[(C, 43), (E, 8), (H, 1), (J, 1), (N, 7)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[S, S_REV]);
    play(&mut s, S_REV);
    let mut south = [1; 16];
    south[P as usize] = 3;
    south[R as usize] = 0;
    south[T as usize] = 3;
    let north = side(&[(C, 43), (H, 1), (J, 1)]);
    check(&s, south, north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 2), (B, 2), (C, 2), (E, 2), (G, 2), (J, 2), (M, 2), (P, 4), (R, 1), (S, 2)]), side(&[(C, 43)]), NORTH, &[C]);
}

// ---------------------------------------------------------------------------------------------
// R14
// ---------------------------------------------------------------------------------------------

/// South G2 J1 T1; North a5 t4 (opposite J), h2 j3 (opposite T), d46.
pub(super) fn r14_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(G, 2), (J, 1), (T, 1)]), side(&[(A, 5), (D, 46), (H, 2), (J, 3), (T, 4)]), SOUTH)
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
    check(&s, side(&[(H, 1), (J, 2), (T, 1)]), side(&[(A, 5), (D, 46), (H, 2), (J, 3), (T, 4)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    // One end column is not enough.
    let south = side(&[(H, 2), (J, 3), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1), (T, 2)]);
    check(&s, south, side(&[(D, 46), (H, 2), (J, 3)]), SOUTH, &[TAKE, RELAY]);
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
    let g = game(Kind::Omweso, OmwesoRules { nkutemye: false, ..OmwesoRules::default() }, Omweso::DEFAULT_LIMITS);
    let mut s = r14_position(&g);
    play(&mut s, G);
    play(&mut s, TAKE);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (H, 3), (J, 4), (K, 2), (M, 2), (P, 2), (S, 2)]), side(&[(D, 46)]), NORTH, &[D]);
}

// R14: the two end columns must fall in one move. South takes a, t in one move (G: H, J;
// take 2 from H: H, J; J (3) faces empty a, t: relay J: K, M, N; end), North plays e (f, g),
// then South takes h, j (P: R, S, T; T (2) faces h, j; take 4 from R: R, S, T, A; A was
// empty: end): no win, the game goes on.
#[test]
fn r14_nkutemye_3() {
    let mut s = pos(side(&[(G, 2), (J, 1), (P, 3), (T, 1)]), side(&[(A, 1), (C, 49), (E, 2), (H, 2), (J, 2), (T, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[G, P]);
    play(&mut s, G);
    play(&mut s, TAKE);
    check(&s, side(&[(H, 2), (K, 1), (M, 1), (N, 1), (P, 3), (T, 1)]), side(&[(C, 49), (E, 2), (H, 2), (J, 2)]), NORTH, &[C, E, H, J]);
    play(&mut s, E);
    check(&s, side(&[(H, 2), (K, 1), (M, 1), (N, 1), (P, 3), (T, 1)]), side(&[(C, 49), (F, 1), (G, 1), (H, 2), (J, 2)]), SOUTH, &[H, P]);
    play(&mut s, P);
    check(&s, side(&[(H, 2), (K, 1), (M, 1), (N, 1), (R, 1), (S, 1), (T, 2)]), side(&[(C, 49), (F, 1), (G, 1), (H, 2), (J, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 1), (H, 2), (K, 1), (M, 1), (N, 1), (R, 2), (S, 2), (T, 3)]), side(&[(C, 49), (F, 1), (G, 1)]), NORTH, &[C]);
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
    check_hand(&s, side(&[(D, 46), (F, 1), (G, 1)]), [1; 16], [0, 0], Some(NORTH), &[]);
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
    check_hand(&s, side(&[(C, 43), (H, 2), (J, 3), (K, 1), (M, 1)]), north, [0, 0], Some(NORTH), &[]);
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
    let mut s = pos_in(&with_limits(1, 500), side(&[(D, 46), (E, 2)]), [1; 16], SOUTH);
    play(&mut s, E);
    check_hand(&s, side(&[(D, 46), (F, 1), (G, 1)]), [1; 16], [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [48, 16]);
}

#[test]
fn r16_caps() {
    let mut s = r9_position(&with_limits(2, 500));
    play(&mut s, G);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check_hand(&s, side(&[(C, 29), (H, 2), (J, 3), (K, 1), (M, 1)]), side(&[(E, 28)]), [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Capped(Cap::Plies), [36, 28]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// R16: a one-ply cap stops the game before the take decision.
#[test]
fn r16_caps_2() {
    let mut s = r9_position(&with_limits(1, 500));
    play(&mut s, G);
    check_hand(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(A, 2), (E, 28), (T, 2)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Plies), [32, 32]);
}

// R16: under a one-lap cap, C (2): D, E would relay E (lap 2): capped, the board as after
// lap 1, 64 seeds on it.
#[test]
fn r16_caps_3() {
    let mut s = pos_in(&with_limits(2000, 1), side(&[(C, 2), (E, 2), (M, 28)]), [2; 16], SOUTH);
    play(&mut s, C);
    check_hand(&s, side(&[(D, 1), (E, 3), (M, 28)]), [2; 16], [0, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [32, 32]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// R16: the same two-lap move is played out under a two-lap cap (as in r6_relay).
#[test]
fn r16_caps_4() {
    let mut s = pos_in(&with_limits(2000, 2), side(&[(C, 2), (E, 2), (M, 28)]), [2; 16], SOUTH);
    play(&mut s, C);
    check(&s, side(&[(D, 1), (F, 1), (G, 1), (H, 1), (M, 28)]), [2; 16], NORTH, &[upto(16), vec![T_REV]].concat());
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
    check_hand(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(E, 28)]), [4, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [36, 28]);
}

// R16: each placement of the free set-up is a ply: a 64-ply cap ends the game right after the
// set-up, before South's first move.
#[test]
fn r16_caps_6() {
    let g = game(Kind::Omweso, OmwesoRules { setup: Setup::Free, ..OmwesoRules::default() }, Limits { max_plies: 64, max_laps: 500 });
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
