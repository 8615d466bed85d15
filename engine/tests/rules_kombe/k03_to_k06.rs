//! rules_kombe: the tests of k03 to k06.

use super::*;

// K3 (b): only A, B, S, T turn. M (3): N, P, R; R held 1 and faces the empty f, m: no capture.
// R's 2 clockwise would go P, N, and N (held 2) faces d (1), p (1), but R is not a special
// hole: relay R anticlockwise: S, T; T was empty: end.
#[test]
fn k3_no_turn_when_the_chain_does_not_capture_3() {
    let north = side(&[(C, 30), (D, 1), (P, 1)]);
    let mut s = pos(side(&[(G, 27), (M, 3), (N, 1), (R, 1)]), north, SOUTH);
    play(&mut s, M);
    check(&s, side(&[(G, 27), (N, 2), (P, 1), (S, 1), (T, 1)]), north, NORTH, &[C]);
}

/// South G26 N4 R1 T1; North h1 j2 (opposite T), f1 m1 (opposite R), d27.
pub(super) fn k3_take_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(G, 26), (N, 4), (R, 1), (T, 1)]), side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]), SOUTH)
}

// K3 (b) at T with a capture: N (4): P, R, S, T; T held 1 and faces h (1), j (2): a capture is
// offered; T's 2 clockwise would go S, R and R (2) faces f (1), m (1): the chain captures too.
// South has three choices. take: j (2) only, sown from P (after N): P, R; R (3) faces f, m:
// offered again (R is no special hole: take or relay). take: m (1), sown from P: P (3) faces
// the empty e, n: relay P: R, S, T; T (3) faces h and the now empty j; T's 3 clockwise would
// go S, R, P and P was emptied: no turn; relay T: A, B, C; C was empty: end.
#[test]
fn k3_take_relay_or_turn_at_s_or_t() {
    let mut s = k3_take_position(&kombe());
    assert_eq!(s.legal_actions().as_slice(), &[G, N]);
    play(&mut s, N);
    check(&s, side(&[(G, 26), (P, 1), (R, 2), (S, 1), (T, 2)]), side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]), SOUTH, &[TAKE, RELAY, RELAY_REVERSE]);
    play(&mut s, TAKE);
    check(&s, side(&[(G, 26), (P, 2), (R, 3), (S, 1), (T, 2)]), side(&[(D, 27), (F, 1), (H, 1), (M, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]), side(&[(D, 27), (F, 1), (H, 1)]), NORTH, &[D]);
}

// K3 (b): the same choice, relay: T (2) anticlockwise: A, B; B was empty: end.
#[test]
fn k3_take_relay_or_turn_at_s_or_t_2() {
    let mut s = k3_take_position(&kombe());
    play(&mut s, N);
    play(&mut s, RELAY);
    check(&s, side(&[(A, 1), (B, 1), (G, 26), (P, 1), (R, 2), (S, 1)]), side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]), NORTH, &[D, J]);
}

// K3 (b): the same choice, relay>: T (2) clockwise: S, R; take m (1) at once (j stays). Last
// left empty: T. Clockwise the 1 would fall in S (2), facing the empty g, k: relay S (3) R,
// P, N; N was empty: no choice: anticlockwise from A: A was empty: end.
#[test]
fn k3_take_relay_or_turn_at_s_or_t_3() {
    let mut s = k3_take_position(&kombe());
    play(&mut s, N);
    play(&mut s, RELAY_REVERSE);
    check(&s, side(&[(A, 1), (G, 26), (P, 1), (R, 3), (S, 2)]), side(&[(D, 27), (F, 1), (H, 1), (J, 2)]), NORTH, &[D, J]);
}

// K3 (b) with mandatory_capture: at T the capture is taken at once, no turn and no decision;
// the rest as in the take-take line above, one ply.
#[test]
fn k3_mandatory_capture_leaves_no_turn() {
    let mut s = k3_take_position(&mandatory());
    play(&mut s, N);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]), side(&[(D, 27), (F, 1), (H, 1)]), NORTH, &[D]);
}

// K3 (b) with mandatory_capture read from a config: the same.
#[test]
fn k3_mandatory_capture_leaves_no_turn_2() {
    let mut s = k3_take_position(&kombe_from_config("mandatory_capture = true"));
    play(&mut s, N);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]), side(&[(D, 27), (F, 1), (H, 1)]), NORTH, &[D]);
}

/// South G28 M1 R1 T2; North f1 m2 (opposite R), c1 r1 (opposite M), h27.
pub(super) fn k3_sow_position() -> OmwesoState {
    pos(side(&[(G, 28), (M, 1), (R, 1), (T, 2)]), side(&[(C, 1), (F, 1), (H, 27), (M, 2), (R, 1)]), SOUTH)
}

// K3 (c): T> (2): S, R; R (2) faces f (1), m (2): take m (2) at once. Clockwise from T the 2
// would go S, R; R (3) faces f and the empty m: it would relay clockwise P, N, M, and M (2)
// faces c (1), r (1): the chain captures (indirectly), so South chooses. sow>: S, R; relay R
// (3): P, N, M; take r (1) at once. Last left empty: R. Clockwise the 1 would fall in P (2),
// facing the empty e, n: relay P (2) N, M; M (3) faces c and the empty r: relay M (3) would
// step from J to H: no choice: anticlockwise from S: S (3) faces the empty g, k; its 3
// clockwise would go R, P, N; N (2) faces the empty d, p: relay N (2) M, K; K was empty: no
// turn. Relay S: T, A, B; B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures() {
    let mut s = k3_sow_position();
    assert_eq!(s.legal_actions().as_slice(), &[G, T, T_REV]);
    play(&mut s, T_REV);
    check_hand(
        &s,
        side(&[(G, 28), (M, 1), (R, 2), (S, 1)]),
        side(&[(C, 1), (F, 1), (H, 27), (R, 1)]),
        [2, 0],
        Some(SOUTH),
        &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE],
    );
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (G, 28), (M, 2), (N, 1), (P, 1), (T, 1)]), side(&[(C, 1), (F, 1), (H, 27)]), NORTH, &[H]);
}

// K3 (c): the same choice, sow<: the 2 go anticlockwise from A: A, B; B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures_2() {
    let mut s = k3_sow_position();
    play(&mut s, T_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (G, 28), (M, 1), (R, 2), (S, 1)]), side(&[(C, 1), (F, 1), (H, 27), (R, 1)]), NORTH, &[H]);
}

/// South A2 F27 N1 P1 S1; North e1 n3 (opposite P), d1 p1 (opposite N), h26.
pub(super) fn k3_sow_position_3() -> OmwesoState {
    pos(side(&[(A, 2), (F, 27), (N, 1), (P, 1), (S, 1)]), side(&[(D, 1), (E, 1), (H, 26), (N, 3), (P, 1)]), SOUTH)
}

// K3 (a), (c): A> (2): T, S; S (2) faces the empty g, k: relay S clockwise: R, P; P (2) faces
// e (1), n (3): take n (3) at once. Last left empty: S. Clockwise the 3 would go R, P, N and N
// (2) faces d (1), p (1): South chooses. sow>: R, P, N; take p (1) at once. Clockwise the 1
// would fall in R (3), facing the empty f, m: relay R (3) P, N, M; M was empty: no choice:
// anticlockwise from T: T held 1 and faces h (26), j (0): no capture; its 2 clockwise would go
// S, R; R (3) faces the empty f, m: relay R (3) P, N, M; M was empty: no turn. Relay T: A, B;
// B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures_3() {
    let mut s = k3_sow_position_3();
    assert_eq!(s.legal_actions().as_slice(), &[A, F, A_REV]);
    play(&mut s, A_REV);
    check_hand(
        &s,
        side(&[(F, 27), (N, 1), (P, 2), (R, 1), (T, 1)]),
        side(&[(D, 1), (E, 1), (H, 26), (P, 1)]),
        [3, 0],
        Some(SOUTH),
        &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE],
    );
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (F, 27), (N, 2), (P, 3), (R, 2)]), side(&[(D, 1), (E, 1), (H, 26)]), NORTH, &[H]);
}

// K3 (c): the same choice, sow<: from T: T, A, B; B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures_4() {
    let mut s = k3_sow_position_3();
    play(&mut s, A_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(&s, side(&[(A, 1), (B, 1), (F, 27), (N, 1), (P, 2), (R, 1), (T, 2)]), side(&[(D, 1), (E, 1), (H, 26), (P, 1)]), NORTH, &[H]);
}

// K3, last paragraph: Omweso and Coro are unchanged. The indirect T> of
// k3_reverse_start_captures_after_clockwise_relays is not legal there (R does not capture at
// once).
#[test]
fn k3_omweso_and_coro_keep_the_direct_reverse_only() {
    for kind in [Kind::Omweso, Kind::Coro] {
        let g = game(kind, OmwesoRules::of(kind), Omweso::DEFAULT_LIMITS);
        let mut s = k3_relay_position(&g);
        check(&s, side(&[(G, 28), (N, 1), (R, 1), (T, 2)]), side(&[(D, 1), (H, 29), (P, 2)]), SOUTH, &[G, T]);
        assert!(s.play(T_REV).is_err(), "{kind:?}");
    }
}

// K3, last paragraph: Omweso has no mid-move turn. In k3_turn_at_an_occupied_special_hole's
// position R (3): S, T, A; A (2) simply relays: B, C; end, with no decision.
#[test]
fn k3_omweso_has_no_turn() {
    let g = game(Kind::Omweso, OmwesoRules::of(Kind::Omweso), Omweso::DEFAULT_LIMITS);
    let mut s = k3_turn_position(&g);
    play(&mut s, R);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), NORTH, &[D, K]);
    assert!(s.play(RELAY_REVERSE).is_err());
}

// K3, last paragraph: in k3_take_relay_or_turn_at_s_or_t's position Omweso offers take and
// relay only. Take: h (1) and j (2), both holes (R10): 3 sown from P: P, R, S; S (2) faces the
// empty g, k: relay S: T, A; A was empty: end.
#[test]
fn k3_omweso_has_no_turn_2() {
    let g = game(Kind::Omweso, OmwesoRules::of(Kind::Omweso), Omweso::DEFAULT_LIMITS);
    let mut s = k3_take_position(&g);
    play(&mut s, N);
    check(&s, side(&[(G, 26), (P, 1), (R, 2), (S, 1), (T, 2)]), side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(A, 1), (G, 26), (P, 2), (R, 3), (T, 3)]), side(&[(D, 27), (F, 1), (M, 1)]), NORTH, &[D]);
}

// ---------------------------------------------------------------------------------------------
// K4
// ---------------------------------------------------------------------------------------------

/// South F28 G2 J1 T1; North a1 t9 (opposite J), h2 j3 (opposite T), d17.
pub(super) fn k4_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(F, 28), (G, 2), (J, 1), (T, 1)]), side(&[(A, 1), (D, 17), (H, 2), (J, 3), (T, 9)]), SOUTH)
}

// K4, default off. G (2): H, J; J (2) faces a (1), t (9): take t (9), sown from H: H, J, K, M,
// N, P, R, S, T; T held 1 and faces h (2), j (3): offered. T's 2 clockwise: S, R; relay R (2):
// P, N; relay N (2): M, K; relay K (2) would step from J to H: no turn. Take j (3): the
// opponent's two end columns in one move, but nkutemye is off: sown from H: H, J, K; K (2)
// faces the empty b, s: relay K: M, N; relay N (2) (d 17, p 0): P, R; relay R (2) (f, m 0): S,
// T; T (3) faces h (2) and the empty j: no capture; T's 3 clockwise: S, R, P; P (3) faces the
// empty e, n: relay P (3) N, M, K; K was empty: no turn. Relay T: A, B, C; C was empty: end.
#[test]
fn k4_nkutemye_is_off_by_default() {
    let mut s = k4_position(&kombe());
    assert_eq!(s.legal_actions().as_slice(), &[F, G]);
    play(&mut s, G);
    check(&s, side(&[(F, 28), (H, 1), (J, 2), (T, 1)]), side(&[(A, 1), (D, 17), (H, 2), (J, 3), (T, 9)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(F, 28), (H, 2), (J, 3), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1), (T, 2)]),
        side(&[(A, 1), (D, 17), (H, 2), (J, 3)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(&s, side(&[(A, 1), (B, 1), (C, 1), (F, 28), (H, 3), (J, 4), (M, 2), (P, 2), (S, 2)]), side(&[(A, 1), (D, 17), (H, 2)]), NORTH, &[D, H]);
}

// K4 with nkutemye = true (from a config): the same move wins at the second take. Its 3 seeds
// are not sown; they go into the capturing hole T: 2 + 3 = 5.
#[test]
fn k4_nkutemye_option() {
    let g = kombe_from_config("nkutemye = true");
    assert_eq!(g.kind, Kind::Kombe);
    let mut s = k4_position(&g);
    play(&mut s, G);
    play(&mut s, TAKE);
    play(&mut s, TAKE);
    check_hand(
        &s,
        side(&[(F, 28), (H, 2), (J, 3), (K, 1), (M, 1), (N, 1), (P, 1), (R, 1), (S, 1), (T, 5)]),
        side(&[(A, 1), (D, 17), (H, 2)]),
        [0, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Win(SOUTH), [44, 20]);
}

// K4 with nkutemye = true, the columns the other way round: R (2): S, T; T held 1 and faces h
// (1), j (11) (T's 2 clockwise would go S, R; R was emptied: no turn): take j (11), sown from
// S: S, T, A..H, J; J held 1 and faces a (1), t (1): take t (1): both end columns in one move:
// South wins; J keeps the 1: 2 + 1 = 3.
#[test]
fn k4_nkutemye_option_2() {
    let g = game(Kind::Kombe, OmwesoRules { nkutemye: true, ..OmwesoRules::of(Kind::Kombe) }, Omweso::DEFAULT_LIMITS);
    let mut s = pos_in(&g, side(&[(D, 28), (J, 1), (R, 2), (T, 1)]), side(&[(A, 1), (E, 18), (H, 1), (J, 11), (T, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[D, R]);
    play(&mut s, R);
    check(&s, side(&[(D, 28), (J, 1), (S, 1), (T, 2)]), side(&[(A, 1), (E, 18), (H, 1), (J, 11), (T, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    let south = side(&[(A, 1), (B, 1), (C, 1), (D, 29), (E, 1), (F, 1), (G, 1), (H, 1), (J, 2), (S, 2), (T, 3)]);
    check(&s, south, side(&[(A, 1), (E, 18), (H, 1), (T, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    let mut won = south;
    won[J as usize] = 3;
    check_hand(&s, won, side(&[(A, 1), (E, 18), (H, 1)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Win(SOUTH), [44, 20]);
}

// ---------------------------------------------------------------------------------------------
// K5
// ---------------------------------------------------------------------------------------------

// K5: E (2): F, G; end. North has a single seed in each of his 16 holes: no legal move, he
// loses.
#[test]
fn k5_no_move_loses() {
    let mut s = pos(side(&[(D, 46), (E, 2)]), [1; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[D, E]);
    play(&mut s, E);
    check_hand(&s, side(&[(D, 46), (F, 1), (G, 1)]), [1; 16], [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [48, 16]);
}

// K5: a front-row capture cleans North out. G (2): H, J; J (2) faces a (1), t (2): take t (2),
// sown from H: H, J; J (3) faces a and the empty t: relay J: K, M, N; end. North's 15 other
// holes hold 1 each: he loses.
#[test]
fn k5_no_move_loses_2() {
    let mut north = [1; 16];
    north[T as usize] = 2;
    let mut s = pos(side(&[(C, 44), (G, 2), (J, 1)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, G]);
    play(&mut s, G);
    play(&mut s, TAKE);
    north[T as usize] = 0;
    check_hand(&s, side(&[(C, 44), (H, 2), (K, 1), (M, 1), (N, 1)]), north, [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [49, 15]);
}

// K5: a position whose player to move has no hole of 2 or more is already lost.
#[test]
fn k5_no_move_loses_3() {
    let s = pos([1; 16], side(&[(D, 48)]), SOUTH);
    check_hand(&s, [1; 16], side(&[(D, 48)]), [0, 0], Some(SOUTH), &[]);
    check_over(&s, GameResult::Win(NORTH), [16, 48]);
}

// ---------------------------------------------------------------------------------------------
// K6
// ---------------------------------------------------------------------------------------------

// K6: the clockwise relay is a lap. In k3_reverse_start_captures_after_clockwise_relays, T>
// is lap 1 (S, R), the relay of R lap 2 (P, N), the sowing of the captured 2 lap 3. Under a
// two-lap cap the capture is made and its 2 are not sown: they are in South's hand and count
// for him.
#[test]
fn k6_lap_cap() {
    let mut s = k3_relay_position(&with_limits(2000, 2));
    assert_eq!(s.legal_actions().as_slice(), &[G, T, T_REV]);
    play(&mut s, T_REV);
    check_hand(&s, side(&[(G, 28), (N, 2), (P, 1), (S, 1)]), side(&[(D, 1), (H, 29)]), [2, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [34, 30]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// K6: under a one-lap cap the clockwise relay of R is capped: the board as after T> (S, R).
#[test]
fn k6_lap_cap_2() {
    let mut s = k3_relay_position(&with_limits(2000, 1));
    play(&mut s, T_REV);
    check_hand(&s, side(&[(G, 28), (N, 1), (R, 2), (S, 1)]), side(&[(D, 1), (H, 29), (P, 2)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [32, 32]);
}

// K6: three laps are enough: the move is played out as in
// k3_reverse_start_captures_after_clockwise_relays.
#[test]
fn k6_lap_cap_3() {
    let mut s = k3_relay_position(&with_limits(2000, 3));
    play(&mut s, T_REV);
    check(&s, side(&[(G, 28), (N, 2), (P, 1), (S, 2), (T, 1)]), side(&[(D, 1), (H, 29)]), NORTH, &[H]);
}

// K6: relay> is a lap too. In k3_turn_at_an_occupied_special_hole, R is lap 1, relay> lap 2
// (A: T, S, taking k), the sowing of the 2 taken lap 3: capped under two laps, the 2 in hand.
#[test]
fn k6_lap_cap_4() {
    let mut s = k3_turn_position(&with_limits(2000, 2));
    play(&mut s, R);
    check(&s, side(&[(A, 2), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), SOUTH, &[RELAY, RELAY_REVERSE]);
    play(&mut s, RELAY_REVERSE);
    check_hand(&s, side(&[(E, 28), (S, 2), (T, 2)]), side(&[(D, 29), (G, 1)]), [2, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [34, 30]);
}

// K6: the turn decision is a ply: a one-ply cap stops the game while it is pending.
#[test]
fn k6_lap_cap_5() {
    let mut s = k3_turn_position(&with_limits(1, 500));
    play(&mut s, R);
    check_hand(&s, side(&[(A, 2), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), [0, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Plies), [32, 32]);
}

// K6: with a two-ply cap R and relay> are played out (as in
// k3_turn_at_an_occupied_special_hole) and the game is capped at North's turn.
#[test]
fn k6_lap_cap_6() {
    let mut s = k3_turn_position(&with_limits(2, 500));
    play(&mut s, R);
    play(&mut s, RELAY_REVERSE);
    check_hand(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 2), (T, 2)]), side(&[(D, 29), (G, 1)]), [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Capped(Cap::Plies), [34, 30]);
}
