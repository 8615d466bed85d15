//! rules_kombe: the tests of k01 to k03.

use super::*;

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: Kombe's defaults are setup "lamu", mandatory_capture false, nkutemye false, with
// Omweso's caps (2000 plies, 500 laps); a config overrides them key by key and may choose any
// of the Omweso set-ups; unknown keys are refused.
#[test]
fn kombe_rule_options() {
    let defaults = OmwesoRules { setup: Setup::Lamu, mandatory_capture: false, nkutemye: false };
    assert_eq!(OmwesoRules::of(Kind::Kombe), defaults);
    let any = AnyGame::by_name("kombe").expect("kombe is known");
    assert_eq!(any.name(), "kombe");
    let table = any.rules_table();
    assert_eq!(table["setup"].as_str(), Some("lamu"));
    assert_eq!(table["mandatory_capture"].as_bool(), Some(false));
    assert_eq!(table["nkutemye"].as_bool(), Some(false));
    let AnyGame::Omweso(g) = any else { panic!("kombe is a four-row game") };
    assert_eq!(g.kind, Kind::Kombe);
    assert_eq!(g.rules, defaults);
    assert_eq!(g.limits, Omweso::DEFAULT_LIMITS);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_plies, 2000);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_laps, 500);
    assert_eq!(kombe_from_config(""), g);

    let g = kombe_from_config("setup = \"fours\"\nmandatory_capture = true");
    assert_eq!(g.kind, Kind::Kombe);
    assert_eq!(g.rules, OmwesoRules { setup: Setup::Fours, mandatory_capture: true, nkutemye: false });
    assert!(kombe_from_config("nkutemye = true").rules.nkutemye);
    for (name, setup) in [
        ("fours", Setup::Fours),
        ("seventeen", Setup::Seventeen),
        ("alternate", Setup::Alternate),
        ("free", Setup::Free),
        ("lamu", Setup::Lamu),
        ("mombasa", Setup::Mombasa),
    ] {
        let g = kombe_from_config(&format!("setup = \"{name}\""));
        assert_eq!(g.rules.setup, setup, "{name}");
        assert!(!g.rules.nkutemye, "{name}");
    }
    let bad: toml::Table = toml::from_str("capture_back_row = true").unwrap();
    assert!(AnyGame::from_tables("kombe", &bad, &toml::Table::new()).is_err());
    let bad: toml::Table = toml::from_str("setup = \"sixes\"").unwrap();
    assert!(AnyGame::from_tables("kombe", &bad, &toml::Table::new()).is_err());
}

// ---------------------------------------------------------------------------------------------
// K1
// ---------------------------------------------------------------------------------------------

/// Driedger's figure (d) as read by K1, each player the same from his own left: back row A..H
/// 0 0 0 0 5 5 5 5, front row T S R P N M K J 0 0 0 0 6 2 2 2.
pub(super) fn lamu() -> Side {
    side(&[(E, 5), (F, 5), (G, 5), (H, 5), (J, 2), (K, 2), (M, 2), (N, 6)])
}

// K1: the start, 32 a side, South to move; he may start from E..H and J, K, M, N; A, B, S, T
// are empty, so no reverse start. Kombe has 41 actions (relay> is 40).
#[test]
fn k1_start_position() {
    let g = kombe();
    assert_eq!(g.name(), "kombe");
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 41);
    assert_eq!(g.rules.setup, Setup::Lamu);
    let s = g.initial_state();
    assert_eq!(s.ply(), 0);
    check(&s, lamu(), lamu(), SOUTH, &[E, F, G, H, J, K, M, N]);
    // The same start through AnyGame.
    let s = kombe_from_config("").initial_state();
    check(&s, lamu(), lamu(), SOUTH, &[E, F, G, H, J, K, M, N]);
}

// K1, the first moves. South J (2): K, M; M held 2 and faces c (0), r (0): no capture, relay M
// (3): N, P, R; R was empty: end. North's a, b, s, t are empty: no reverse; he plays k (2): m,
// n; n held 6 and faces South's D (0), P (1): relay n (7): p, r, s, t, a, b, c; c was empty:
// end. South E (5): F, G, H, J, K; K held 3 and faces b (1), s (1): a capture is offered.
// Take: only s (1), b keeps its seed (K2); sown from F (after E): F held 6: relay F (7): G, H,
// J, K, M, N, P; P held 1 and faces e (5), n (0): relay P (2): R, S; S was empty: end.
// North's a, b, t hold 1 each: no reverse start.
#[test]
fn k1_start_position_2() {
    let mut s = kombe().initial_state();
    play(&mut s, J);
    let south = side(&[(E, 5), (F, 5), (G, 5), (H, 5), (K, 3), (N, 7), (P, 1), (R, 1)]);
    check(&s, south, lamu(), NORTH, &[E, F, G, H, J, K, M, N]);
    play(&mut s, K);
    let north = side(&[(A, 1), (B, 1), (C, 1), (E, 5), (F, 5), (G, 5), (H, 5), (J, 2), (M, 3), (P, 1), (R, 1), (S, 1), (T, 1)]);
    check(&s, south, north, SOUTH, &[E, F, G, H, K, N]);
    play(&mut s, E);
    check(&s, side(&[(F, 6), (G, 6), (H, 6), (J, 1), (K, 4), (N, 7), (P, 1), (R, 1)]), north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(G, 7), (H, 7), (J, 2), (K, 5), (M, 1), (N, 8), (R, 2), (S, 1)]),
        side(&[(A, 1), (B, 1), (C, 1), (E, 5), (F, 5), (G, 5), (H, 5), (J, 2), (M, 3), (P, 1), (R, 1), (T, 1)]),
        NORTH,
        &[E, F, G, H, J, M],
    );
}

// ---------------------------------------------------------------------------------------------
// K2
// ---------------------------------------------------------------------------------------------

/// South C29 G2 J1, North a2 t2 e28: G (2) ends in J (now 2) opposite a and t.
pub(super) fn k2_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(C, 29), (G, 2), (J, 1)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH)
}

// K2: G (2): H, J; J held 1 and faces a (2), t (2): the capture is offered as in Omweso. Take:
// only t (2), North's front hole; a keeps its 2. Sown from H (after G): H, J; J (3) now faces
// a (2) and the empty t: no capture, relay J: K, M, N; N was empty: end. North: a (2), e; a>
// (t, s) would end in the empty s. (Omweso takes 4 and ends in M.)
#[test]
fn k2_only_the_front_hole_is_taken() {
    let mut s = k2_position(&kombe());
    assert_eq!(s.legal_actions().as_slice(), &[C, G]);
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 29), (H, 2), (K, 1), (M, 1), (N, 1)]), side(&[(A, 2), (E, 28)]), NORTH, &[A, E]);
}

// K2: captures stay optional: relay declines, J (2): K, M; M was empty: end. North keeps a, t.
// a> (t, s) ends in the empty s, t> (s, r) in the empty r.
#[test]
fn k2_only_the_front_hole_is_taken_2() {
    let mut s = k2_position(&kombe());
    play(&mut s, G);
    play(&mut s, RELAY);
    check(&s, side(&[(C, 29), (H, 1), (K, 1), (M, 1)]), side(&[(A, 2), (E, 28), (T, 2)]), NORTH, &[A, E, T]);
}

// K2 with mandatory_capture: the same take, at once, in one ply.
#[test]
fn k2_only_the_front_hole_is_taken_3() {
    let mut s = k2_position(&mandatory());
    play(&mut s, G);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(C, 29), (H, 2), (K, 1), (M, 1), (N, 1)]), side(&[(A, 2), (E, 28)]), NORTH, &[A, E]);
}

// K2: a capture may take a single seed. G (2): H, J; J (2) faces a (5), t (1): take t (1),
// sown from H: H held 1: relay H (2): J, K; K was empty: end. North: a (5): a> (t, s, r, p, n)
// ends in the empty n.
#[test]
fn k2_only_the_front_hole_is_taken_4() {
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), side(&[(A, 5), (E, 26), (T, 1)]), SOUTH);
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(A, 5), (E, 26), (T, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 29), (J, 3), (K, 1)]), side(&[(A, 5), (E, 26)]), NORTH, &[A, E]);
}

// K2 on repeated captures. H (2): J, K; K (2) faces b (2), s (1): take s (1), sown from J: J
// held 1 and faces the empty a, t: relay J (2): K, M; M held 1 and faces c (3), r (2): offered
// again. Take r (2), sown from K (after J, the hole last left empty): K, M; M (3) faces c (3)
// and the empty r: relay M: N, P, R; R was empty: end. North keeps b, c: b> (a, t) ends in the
// empty t.
#[test]
fn k2_only_the_front_hole_is_taken_5() {
    let mut s = pos(side(&[(C, 28), (H, 2), (K, 1), (M, 1)]), side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]), SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[C, H]);
    play(&mut s, H);
    check(&s, side(&[(C, 28), (J, 1), (K, 2), (M, 1)]), side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (K, 3), (M, 2)]), side(&[(B, 2), (C, 3), (F, 24), (R, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 28), (K, 4), (N, 1), (P, 1), (R, 1)]), side(&[(B, 2), (C, 3), (F, 24)]), NORTH, &[B, C, F]);
}

// ---------------------------------------------------------------------------------------------
// K3
// ---------------------------------------------------------------------------------------------

/// South G28 N1 R1 T2; North d1 p2 (opposite N), h29. R faces the empty f, m.
pub(super) fn k3_relay_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(G, 28), (N, 1), (R, 1), (T, 2)]), side(&[(D, 1), (H, 29), (P, 2)]), SOUTH)
}

// K3 (a): T> (2): S, R; R held 1 and faces the empty f, m: no capture, so the clockwise handful
// relays clockwise: R (2): P, N; N held 1 and faces d (1), p (2): captured at once, p only (2).
// The hole last left empty is R. Clockwise from R the 2 would go P, N; N (3) faces d and the
// now empty p: relay N (3) clockwise: M, K, J; J was empty: no capture, so no choice: the 2 go
// anticlockwise from S: S, T; T was empty: end. All in one ply. North: only h (29).
#[test]
fn k3_reverse_start_captures_after_clockwise_relays() {
    let mut s = k3_relay_position(&kombe());
    check(&s, side(&[(G, 28), (N, 1), (R, 1), (T, 2)]), side(&[(D, 1), (H, 29), (P, 2)]), SOUTH, &[G, T, T_REV]);
    play(&mut s, T_REV);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(G, 28), (N, 2), (P, 1), (S, 2), (T, 1)]), side(&[(D, 1), (H, 29)]), NORTH, &[H]);
}

// K3 (a), two clockwise relays. B> (3): A, T, S; S held 1 and faces the empty g, k: relay S
// (2) clockwise: R, P; P held 1 and faces the empty e, n: relay P (2): N, M; M held 1 and
// faces c (1), r (3): take r (3) at once. Last left empty: P. Clockwise from P the 3 would go
// N, M, K; K was empty: no choice, anticlockwise from R: R, S, T; T held 1 and faces h (28),
// j (0): no capture; T's 2 clockwise would go S, R; R (3) faces the empty f, m: relay R: P, N,
// M; M (3) faces c and the empty r: relay M (3) would step from J to H: no turn. So T relays
// anticlockwise: A, B; B was emptied by the start: end.
#[test]
fn k3_reverse_start_captures_after_clockwise_relays_2() {
    let south = side(&[(B, 3), (G, 26), (M, 1), (P, 1), (S, 1)]);
    let north = side(&[(C, 1), (H, 28), (R, 3)]);
    let mut s = pos(south, north, SOUTH);
    check(&s, south, north, SOUTH, &[B, G, B_REV]);
    play(&mut s, B_REV);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(A, 2), (B, 1), (G, 26), (M, 2), (N, 1), (R, 2), (S, 1)]), side(&[(C, 1), (H, 28)]), NORTH, &[H]);
}

// K3 (a): the declined alternative of the same position: B (3) anticlockwise: C, D, E; E was
// empty: end. North: c (1) and r (3) cannot reverse; only h moves (r anticlockwise too).
#[test]
fn k3_reverse_start_captures_after_clockwise_relays_3() {
    let mut s = pos(side(&[(B, 3), (G, 26), (M, 1), (P, 1), (S, 1)]), side(&[(C, 1), (H, 28), (R, 3)]), SOUTH);
    play(&mut s, B);
    check(&s, side(&[(C, 1), (D, 1), (E, 1), (G, 26), (M, 1), (P, 1), (S, 1)]), side(&[(C, 1), (H, 28), (R, 3)]), NORTH, &[H, R]);
}

// K3 (a): no handful of the chain may pass from J round to H. T> (2): S, R; R (15) faces the
// empty f, m, so it would relay clockwise, but 15 seeds from R (room 5) step from J to H: T> is
// not legal, although that relay would end in S (1), opposite g (1), k (1). T (2)
// anticlockwise: A, B; B was empty: end.
#[test]
fn k3_reverse_start_that_would_loop_round_the_far_end_is_illegal() {
    let south = side(&[(C, 16), (R, 14), (T, 2)]);
    let north = side(&[(D, 30), (G, 1), (K, 1)]);
    let mut s = pos(south, north, SOUTH);
    check(&s, south, north, SOUTH, &[C, R, T]);
    assert!(s.play(T_REV).is_err());
    play(&mut s, T);
    check(&s, side(&[(A, 1), (B, 1), (C, 16), (R, 14)]), north, NORTH, &[D]);
}

// K3 (a): the first handful itself may not loop. S> (15) would sow R..J, H..A and end in T
// (1), opposite h (2), j (2): it steps from J to H, so it is not legal. S (15) anticlockwise:
// T, A..H, J, K, M, N, P, R; R was empty: end.
#[test]
fn k3_reverse_start_that_would_loop_round_the_far_end_is_illegal_2() {
    let north = side(&[(D, 28), (H, 2), (J, 2)]);
    let mut s = pos(side(&[(C, 16), (S, 15), (T, 1)]), north, SOUTH);
    check(&s, side(&[(C, 16), (S, 15), (T, 1)]), north, SOUTH, &[C, S]);
    assert!(s.play(S_REV).is_err());
    play(&mut s, S);
    let mut south = [1; 16];
    south[C as usize] = 17;
    south[S as usize] = 0;
    south[T as usize] = 2;
    check(&s, south, north, NORTH, &[D, H, J]);
}

/// South A1 E28 R3; North g1 k2 (opposite S), d29.
pub(super) fn k3_turn_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(A, 1), (E, 28), (R, 3)]), side(&[(D, 29), (G, 1), (K, 2)]), SOUTH)
}

// K3 (b): R (3): S, T, A; A held 1 (occupied before the seed came) and is a special hole; its
// 2 clockwise would go T, S; S held 1 and faces g (1), k (2): the chain captures, so South
// decides: relay or relay>. relay>: A (2): T, S; take k (2) at once. Last left empty: A.
// Clockwise from A the 2 would go T, S; S (3) faces g and the empty k: relay S (3) R, P, N; N
// was empty: no choice, anticlockwise from B: B, C; C was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole() {
    let mut s = k3_turn_position(&kombe());
    assert_eq!(s.legal_actions().as_slice(), &[E, R]);
    play(&mut s, R);
    check(&s, side(&[(A, 2), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), SOUTH, &[RELAY, RELAY_REVERSE]);
    assert_eq!(s.action_to_string(RELAY_REVERSE), "relay>");
    assert_eq!(s.parse_action("relay>").unwrap(), RELAY_REVERSE);
    play(&mut s, RELAY_REVERSE);
    assert_eq!(s.ply(), 2);
    check(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 2), (T, 2)]), side(&[(D, 29), (G, 1)]), NORTH, &[D]);
}

// K3 (b): the same decision, relay: A (2) anticlockwise: B, C; C was empty: end. North keeps
// g, k.
#[test]
fn k3_turn_at_an_occupied_special_hole_2() {
    let mut s = k3_turn_position(&kombe());
    play(&mut s, R);
    play(&mut s, RELAY);
    check(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), NORTH, &[D, K]);
}

/// South G27 M1 N3 S1; North c1 r1 (opposite M), d1 p1 (opposite N), a28.
pub(super) fn k3_turn_position_3() -> OmwesoState {
    pos(side(&[(G, 27), (M, 1), (N, 3), (S, 1)]), side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]), SOUTH)
}

// K3 (b), a turn at S followed by a clockwise relay and (c). N (3): P, R, S; S held 1 and faces
// the empty g, k: no capture. S's 2 clockwise: R, P; P (2) faces the empty e, n: relay P: N,
// M; M held 1 and faces c (1), r (1): the chain captures, so relay or relay>. relay>: S (2):
// R, P; relay P (2): N, M; take r (1) at once. Last left empty: P. Clockwise from P the 1 would
// fall in N (1), facing d (1), p (1): a capture, so South chooses sow< or sow>.
// sow>: N; take p (1) at once. Clockwise again from P: N (3) faces d and the empty p: relay N
// (3) M, K, J; J was empty: no choice, anticlockwise from R: R held 2 and faces the empty f, m;
// R is not a special hole: relay R (3): S, T, A; A was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_3() {
    let mut s = k3_turn_position_3();
    assert_eq!(s.legal_actions().as_slice(), &[G, N]);
    play(&mut s, N);
    check(&s, side(&[(G, 27), (M, 1), (P, 1), (R, 1), (S, 2)]), side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]), SOUTH, &[RELAY, RELAY_REVERSE]);
    play(&mut s, RELAY_REVERSE);
    check_hand(
        &s,
        side(&[(G, 27), (M, 2), (N, 1), (R, 2)]),
        side(&[(A, 28), (C, 1), (D, 1), (P, 1)]),
        [1, 0],
        Some(SOUTH),
        &[SOW_ANTICLOCKWISE, SOW_CLOCKWISE],
    );
    play(&mut s, SOW_CLOCKWISE);
    check(&s, side(&[(A, 1), (G, 27), (M, 2), (N, 2), (S, 1), (T, 1)]), side(&[(A, 28), (C, 1), (D, 1)]), NORTH, &[A]);
}

// K3 (b), (c): the same choice, sow<: from R (after P): R (3), relay R: S, T, A; end.
#[test]
fn k3_turn_at_an_occupied_special_hole_4() {
    let mut s = k3_turn_position_3();
    play(&mut s, N);
    play(&mut s, RELAY_REVERSE);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(&s, side(&[(A, 1), (G, 27), (M, 2), (N, 1), (S, 1), (T, 1)]), side(&[(A, 28), (C, 1), (D, 1), (P, 1)]), NORTH, &[A]);
}

// K3 (b): the same turn declined: relay S (2) anticlockwise: T, A; A was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_5() {
    let mut s = k3_turn_position_3();
    play(&mut s, N);
    play(&mut s, RELAY);
    check(&s, side(&[(A, 1), (G, 27), (M, 1), (P, 1), (R, 1), (T, 1)]), side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]), NORTH, &[A]);
}

/// South B2 G27 R1 T2; North f1 m2 (opposite R), g1 k1 (opposite S), d27.
pub(super) fn k3_turn_position_6() -> OmwesoState {
    pos(side(&[(B, 2), (G, 27), (R, 1), (T, 2)]), side(&[(D, 27), (F, 1), (G, 1), (K, 1), (M, 2)]), SOUTH)
}

// K3 (b) after a capture sowing. B> (2: A, T) would end in T (3) facing the empty h, j and
// relay T (3): S, R, P; P was empty: not legal. T> (2): S, R; R (2) faces f (1), m (2): take m
// (2) at once. Clockwise from T the 2 would go S, R; R (3) faces f and the empty m: relay R
// (3) P, N, M; M was empty: no choice, anticlockwise from A: A, B; B held 2, a special hole:
// its 3 clockwise would go A, T, S, and S (1) faces g (1), k (1): the chain captures, so South
// decides. relay>: B (3): A, T, S; take k (1) at once. Last left empty: B. Clockwise the 1
// would fall in A (2): relay A (3) clockwise: T, S, R; R (2) faces f and the empty m: relay R
// (3) P, N, M; M was empty: no choice: anticlockwise from C: C was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_6() {
    let mut s = k3_turn_position_6();
    assert_eq!(s.legal_actions().as_slice(), &[B, G, T, T_REV]);
    play(&mut s, T_REV);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(A, 1), (B, 3), (G, 27), (R, 2), (S, 1)]), side(&[(D, 27), (F, 1), (G, 1), (K, 1)]), SOUTH, &[RELAY, RELAY_REVERSE]);
    play(&mut s, RELAY_REVERSE);
    check(&s, side(&[(A, 2), (C, 1), (G, 27), (R, 2), (S, 2), (T, 1)]), side(&[(D, 27), (F, 1), (G, 1)]), NORTH, &[D]);
}

// K3 (b): the same decision, relay: B (3) anticlockwise: C, D, E; E was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_7() {
    let mut s = k3_turn_position_6();
    play(&mut s, T_REV);
    play(&mut s, RELAY);
    check(&s, side(&[(A, 1), (C, 1), (D, 1), (E, 1), (G, 27), (R, 2), (S, 1)]), side(&[(D, 27), (F, 1), (G, 1), (K, 1)]), NORTH, &[D]);
}

// K3 (b): no turn when the chain from the special hole does not capture. R (3): S, T, A; A (2)
// clockwise would go T, S; S (2) faces g (1) and the empty k: relay S (2) R, P; P was empty:
// no capture. So A relays anticlockwise at once, no decision: B, C; C was empty: end.
#[test]
fn k3_no_turn_when_the_chain_does_not_capture() {
    let mut s = pos(side(&[(A, 1), (E, 28), (R, 3)]), side(&[(D, 31), (G, 1)]), SOUTH);
    play(&mut s, R);
    assert_eq!(s.ply(), 1);
    check(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]), side(&[(D, 31), (G, 1)]), NORTH, &[D]);
}

// K3 (b): no turn when the chain would loop. R (3): S, T, A; A (2) clockwise: T, S; S (14)
// faces the empty g, k: relay S (15) would step from J to H (it would end in T (2), facing h
// (1), j (1)). So A relays anticlockwise: B, C; C was empty: end.
#[test]
fn k3_no_turn_when_the_chain_does_not_capture_2() {
    let north = side(&[(C, 30), (H, 1), (J, 1)]);
    let mut s = pos(side(&[(A, 1), (E, 15), (R, 3), (S, 13)]), north, SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[E, R, S]);
    play(&mut s, R);
    check(&s, side(&[(B, 1), (C, 1), (E, 15), (S, 14), (T, 1)]), north, NORTH, &[C]);
}
