//! One or more tests per rule of Kombe (`docs/rules/kombe.md`, rules K1..K6), each named after
//! the rule. Kombe is Omweso (`docs/rules/omweso.md`) with the differences K1..K6 only. Every
//! expected position is worked out by hand from the rule text.
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.
//! `board` turns two sides into the snapshot order (South's front row from his left, T..J,
//! his back row A..H, then North's rows the same way). Actions 0..15 start a move from the
//! hole with that track index; `A>`, `B>`, `S>`, `T>` are 16..19; `relay>` is 40.
//!
//! Opposite holes: the mover's J faces the opponent's a, t; K: b, s; M: c, r; N: d, p;
//! P: e, n; R: f, m; S: g, k; T: h, j. Kombe captures only the front one of the two (K2).
//!
//! Clockwise order: T S R P N M K J, and from B: A T S ... J. A clockwise handful may not step
//! from J on to H (K3): it fits when it holds at most 8 seeds from A, 9 from B, and p - 8 from
//! a front hole p (S: 6, T: 7, R: 5, P: 4, N: 3, M: 2, K: 1, J: 0).

mod common;

use common::four_row::*;
use common::play;
use mankala_engine::variants::omweso::{
    Kind, RELAY, RELAY_REVERSE, SOW_ANTICLOCKWISE, SOW_CLOCKWISE, Setup, TAKE,
};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn kombe() -> Omweso {
    default_game(Kind::Kombe)
}

fn mandatory() -> Omweso {
    game(
        Kind::Kombe,
        OmwesoRules {
            mandatory_capture: true,
            ..OmwesoRules::of(Kind::Kombe)
        },
        Omweso::DEFAULT_LIMITS,
    )
}

fn with_limits(max_plies: u32, max_laps: u32) -> Omweso {
    capped(Kind::Kombe, max_plies, max_laps)
}

/// Kombe as built from a `[rules]` table in TOML (the way configs reach the engine).
fn kombe_from_config(rules: &str) -> Omweso {
    from_config("kombe", rules)
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&kombe(), south, north, to_move)
}

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: Kombe's defaults are setup "lamu", mandatory_capture false, nkutemye false, with
// Omweso's caps (2000 plies, 500 laps); a config overrides them key by key and may choose any
// of the Omweso set-ups; unknown keys are refused.
#[test]
fn kombe_rule_options() {
    let defaults = OmwesoRules {
        setup: Setup::Lamu,
        mandatory_capture: false,
        nkutemye: false,
    };
    assert_eq!(OmwesoRules::of(Kind::Kombe), defaults);
    let any = AnyGame::by_name("kombe").expect("kombe is known");
    assert_eq!(any.name(), "kombe");
    let table = any.rules_table();
    assert_eq!(table["setup"].as_str(), Some("lamu"));
    assert_eq!(table["mandatory_capture"].as_bool(), Some(false));
    assert_eq!(table["nkutemye"].as_bool(), Some(false));
    let AnyGame::Omweso(g) = any else {
        panic!("kombe is a four-row game")
    };
    assert_eq!(g.kind, Kind::Kombe);
    assert_eq!(g.rules, defaults);
    assert_eq!(g.limits, Omweso::DEFAULT_LIMITS);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_plies, 2000);
    assert_eq!(Omweso::DEFAULT_LIMITS.max_laps, 500);
    assert_eq!(kombe_from_config(""), g);

    let g = kombe_from_config("setup = \"fours\"\nmandatory_capture = true");
    assert_eq!(g.kind, Kind::Kombe);
    assert_eq!(
        g.rules,
        OmwesoRules {
            setup: Setup::Fours,
            mandatory_capture: true,
            nkutemye: false,
        }
    );
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
fn lamu() -> Side {
    side(&[
        (E, 5),
        (F, 5),
        (G, 5),
        (H, 5),
        (J, 2),
        (K, 2),
        (M, 2),
        (N, 6),
    ])
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
    let south = side(&[
        (E, 5),
        (F, 5),
        (G, 5),
        (H, 5),
        (K, 3),
        (N, 7),
        (P, 1),
        (R, 1),
    ]);
    check(&s, south, lamu(), NORTH, &[E, F, G, H, J, K, M, N]);
    play(&mut s, K);
    let north = side(&[
        (A, 1),
        (B, 1),
        (C, 1),
        (E, 5),
        (F, 5),
        (G, 5),
        (H, 5),
        (J, 2),
        (M, 3),
        (P, 1),
        (R, 1),
        (S, 1),
        (T, 1),
    ]);
    check(&s, south, north, SOUTH, &[E, F, G, H, K, N]);
    play(&mut s, E);
    check(
        &s,
        side(&[
            (F, 6),
            (G, 6),
            (H, 6),
            (J, 1),
            (K, 4),
            (N, 7),
            (P, 1),
            (R, 1),
        ]),
        north,
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (G, 7),
            (H, 7),
            (J, 2),
            (K, 5),
            (M, 1),
            (N, 8),
            (R, 2),
            (S, 1),
        ]),
        side(&[
            (A, 1),
            (B, 1),
            (C, 1),
            (E, 5),
            (F, 5),
            (G, 5),
            (H, 5),
            (J, 2),
            (M, 3),
            (P, 1),
            (R, 1),
            (T, 1),
        ]),
        NORTH,
        &[E, F, G, H, J, M],
    );
}

// ---------------------------------------------------------------------------------------------
// K2
// ---------------------------------------------------------------------------------------------

/// South C29 G2 J1, North a2 t2 e28: G (2) ends in J (now 2) opposite a and t.
fn k2_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(C, 29), (G, 2), (J, 1)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 29), (H, 2), (K, 1), (M, 1), (N, 1)]),
        side(&[(A, 2), (E, 28)]),
        NORTH,
        &[A, E],
    );
}

// K2: captures stay optional: relay declines, J (2): K, M; M was empty: end. North keeps a, t.
// a> (t, s) ends in the empty s, t> (s, r) in the empty r.
#[test]
fn k2_only_the_front_hole_is_taken_2() {
    let mut s = k2_position(&kombe());
    play(&mut s, G);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[(C, 29), (H, 1), (K, 1), (M, 1)]),
        side(&[(A, 2), (E, 28), (T, 2)]),
        NORTH,
        &[A, E, T],
    );
}

// K2 with mandatory_capture: the same take, at once, in one ply.
#[test]
fn k2_only_the_front_hole_is_taken_3() {
    let mut s = k2_position(&mandatory());
    play(&mut s, G);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(C, 29), (H, 2), (K, 1), (M, 1), (N, 1)]),
        side(&[(A, 2), (E, 28)]),
        NORTH,
        &[A, E],
    );
}

// K2: a capture may take a single seed. G (2): H, J; J (2) faces a (5), t (1): take t (1),
// sown from H: H held 1: relay H (2): J, K; K was empty: end. North: a (5): a> (t, s, r, p, n)
// ends in the empty n.
#[test]
fn k2_only_the_front_hole_is_taken_4() {
    let mut s = pos(
        side(&[(C, 29), (G, 2), (J, 1)]),
        side(&[(A, 5), (E, 26), (T, 1)]),
        SOUTH,
    );
    play(&mut s, G);
    check(
        &s,
        side(&[(C, 29), (H, 1), (J, 2)]),
        side(&[(A, 5), (E, 26), (T, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 29), (J, 3), (K, 1)]),
        side(&[(A, 5), (E, 26)]),
        NORTH,
        &[A, E],
    );
}

// K2 on repeated captures. H (2): J, K; K (2) faces b (2), s (1): take s (1), sown from J: J
// held 1 and faces the empty a, t: relay J (2): K, M; M held 1 and faces c (3), r (2): offered
// again. Take r (2), sown from K (after J, the hole last left empty): K, M; M (3) faces c (3)
// and the empty r: relay M: N, P, R; R was empty: end. North keeps b, c: b> (a, t) ends in the
// empty t.
#[test]
fn k2_only_the_front_hole_is_taken_5() {
    let mut s = pos(
        side(&[(C, 28), (H, 2), (K, 1), (M, 1)]),
        side(&[(B, 2), (C, 3), (F, 24), (R, 2), (S, 1)]),
        SOUTH,
    );
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
        side(&[(C, 28), (K, 3), (M, 2)]),
        side(&[(B, 2), (C, 3), (F, 24), (R, 2)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(C, 28), (K, 4), (N, 1), (P, 1), (R, 1)]),
        side(&[(B, 2), (C, 3), (F, 24)]),
        NORTH,
        &[B, C, F],
    );
}

// ---------------------------------------------------------------------------------------------
// K3
// ---------------------------------------------------------------------------------------------

/// South G28 N1 R1 T2; North d1 p2 (opposite N), h29. R faces the empty f, m.
fn k3_relay_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(G, 28), (N, 1), (R, 1), (T, 2)]),
        side(&[(D, 1), (H, 29), (P, 2)]),
        SOUTH,
    )
}

// K3 (a): T> (2): S, R; R held 1 and faces the empty f, m: no capture, so the clockwise handful
// relays clockwise: R (2): P, N; N held 1 and faces d (1), p (2): captured at once, p only (2).
// The hole last left empty is R. Clockwise from R the 2 would go P, N; N (3) faces d and the
// now empty p: relay N (3) clockwise: M, K, J; J was empty: no capture, so no choice: the 2 go
// anticlockwise from S: S, T; T was empty: end. All in one ply. North: only h (29).
#[test]
fn k3_reverse_start_captures_after_clockwise_relays() {
    let mut s = k3_relay_position(&kombe());
    check(
        &s,
        side(&[(G, 28), (N, 1), (R, 1), (T, 2)]),
        side(&[(D, 1), (H, 29), (P, 2)]),
        SOUTH,
        &[G, T, T_REV],
    );
    play(&mut s, T_REV);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(G, 28), (N, 2), (P, 1), (S, 2), (T, 1)]),
        side(&[(D, 1), (H, 29)]),
        NORTH,
        &[H],
    );
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
    check(
        &s,
        side(&[(A, 2), (B, 1), (G, 26), (M, 2), (N, 1), (R, 2), (S, 1)]),
        side(&[(C, 1), (H, 28)]),
        NORTH,
        &[H],
    );
}

// K3 (a): the declined alternative of the same position: B (3) anticlockwise: C, D, E; E was
// empty: end. North: c (1) and r (3) cannot reverse; only h moves (r anticlockwise too).
#[test]
fn k3_reverse_start_captures_after_clockwise_relays_3() {
    let mut s = pos(
        side(&[(B, 3), (G, 26), (M, 1), (P, 1), (S, 1)]),
        side(&[(C, 1), (H, 28), (R, 3)]),
        SOUTH,
    );
    play(&mut s, B);
    check(
        &s,
        side(&[(C, 1), (D, 1), (E, 1), (G, 26), (M, 1), (P, 1), (S, 1)]),
        side(&[(C, 1), (H, 28), (R, 3)]),
        NORTH,
        &[H, R],
    );
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
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 16), (R, 14)]),
        north,
        NORTH,
        &[D],
    );
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
fn k3_turn_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(A, 1), (E, 28), (R, 3)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(A, 2), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        SOUTH,
        &[RELAY, RELAY_REVERSE],
    );
    assert_eq!(s.action_to_string(RELAY_REVERSE), "relay>");
    assert_eq!(s.parse_action("relay>").unwrap(), RELAY_REVERSE);
    play(&mut s, RELAY_REVERSE);
    assert_eq!(s.ply(), 2);
    check(
        &s,
        side(&[(B, 1), (C, 1), (E, 28), (S, 2), (T, 2)]),
        side(&[(D, 29), (G, 1)]),
        NORTH,
        &[D],
    );
}

// K3 (b): the same decision, relay: A (2) anticlockwise: B, C; C was empty: end. North keeps
// g, k.
#[test]
fn k3_turn_at_an_occupied_special_hole_2() {
    let mut s = k3_turn_position(&kombe());
    play(&mut s, R);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        NORTH,
        &[D, K],
    );
}

/// South G27 M1 N3 S1; North c1 r1 (opposite M), d1 p1 (opposite N), a28.
fn k3_turn_position_3() -> OmwesoState {
    pos(
        side(&[(G, 27), (M, 1), (N, 3), (S, 1)]),
        side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(G, 27), (M, 1), (P, 1), (R, 1), (S, 2)]),
        side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]),
        SOUTH,
        &[RELAY, RELAY_REVERSE],
    );
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
    check(
        &s,
        side(&[(A, 1), (G, 27), (M, 2), (N, 2), (S, 1), (T, 1)]),
        side(&[(A, 28), (C, 1), (D, 1)]),
        NORTH,
        &[A],
    );
}

// K3 (b), (c): the same choice, sow<: from R (after P): R (3), relay R: S, T, A; end.
#[test]
fn k3_turn_at_an_occupied_special_hole_4() {
    let mut s = k3_turn_position_3();
    play(&mut s, N);
    play(&mut s, RELAY_REVERSE);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(
        &s,
        side(&[(A, 1), (G, 27), (M, 2), (N, 1), (S, 1), (T, 1)]),
        side(&[(A, 28), (C, 1), (D, 1), (P, 1)]),
        NORTH,
        &[A],
    );
}

// K3 (b): the same turn declined: relay S (2) anticlockwise: T, A; A was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_5() {
    let mut s = k3_turn_position_3();
    play(&mut s, N);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[(A, 1), (G, 27), (M, 1), (P, 1), (R, 1), (T, 1)]),
        side(&[(A, 28), (C, 1), (D, 1), (P, 1), (R, 1)]),
        NORTH,
        &[A],
    );
}

/// South B2 G27 R1 T2; North f1 m2 (opposite R), g1 k1 (opposite S), d27.
fn k3_turn_position_6() -> OmwesoState {
    pos(
        side(&[(B, 2), (G, 27), (R, 1), (T, 2)]),
        side(&[(D, 27), (F, 1), (G, 1), (K, 1), (M, 2)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(A, 1), (B, 3), (G, 27), (R, 2), (S, 1)]),
        side(&[(D, 27), (F, 1), (G, 1), (K, 1)]),
        SOUTH,
        &[RELAY, RELAY_REVERSE],
    );
    play(&mut s, RELAY_REVERSE);
    check(
        &s,
        side(&[(A, 2), (C, 1), (G, 27), (R, 2), (S, 2), (T, 1)]),
        side(&[(D, 27), (F, 1), (G, 1)]),
        NORTH,
        &[D],
    );
}

// K3 (b): the same decision, relay: B (3) anticlockwise: C, D, E; E was empty: end.
#[test]
fn k3_turn_at_an_occupied_special_hole_7() {
    let mut s = k3_turn_position_6();
    play(&mut s, T_REV);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[(A, 1), (C, 1), (D, 1), (E, 1), (G, 27), (R, 2), (S, 1)]),
        side(&[(D, 27), (F, 1), (G, 1), (K, 1)]),
        NORTH,
        &[D],
    );
}

// K3 (b): no turn when the chain from the special hole does not capture. R (3): S, T, A; A (2)
// clockwise would go T, S; S (2) faces g (1) and the empty k: relay S (2) R, P; P was empty:
// no capture. So A relays anticlockwise at once, no decision: B, C; C was empty: end.
#[test]
fn k3_no_turn_when_the_chain_does_not_capture() {
    let mut s = pos(
        side(&[(A, 1), (E, 28), (R, 3)]),
        side(&[(D, 31), (G, 1)]),
        SOUTH,
    );
    play(&mut s, R);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 31), (G, 1)]),
        NORTH,
        &[D],
    );
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
    check(
        &s,
        side(&[(B, 1), (C, 1), (E, 15), (S, 14), (T, 1)]),
        north,
        NORTH,
        &[C],
    );
}

// K3 (b): only A, B, S, T turn. M (3): N, P, R; R held 1 and faces the empty f, m: no capture.
// R's 2 clockwise would go P, N, and N (held 2) faces d (1), p (1), but R is not a special
// hole: relay R anticlockwise: S, T; T was empty: end.
#[test]
fn k3_no_turn_when_the_chain_does_not_capture_3() {
    let north = side(&[(C, 30), (D, 1), (P, 1)]);
    let mut s = pos(side(&[(G, 27), (M, 3), (N, 1), (R, 1)]), north, SOUTH);
    play(&mut s, M);
    check(
        &s,
        side(&[(G, 27), (N, 2), (P, 1), (S, 1), (T, 1)]),
        north,
        NORTH,
        &[C],
    );
}

/// South G26 N4 R1 T1; North h1 j2 (opposite T), f1 m1 (opposite R), d27.
fn k3_take_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(G, 26), (N, 4), (R, 1), (T, 1)]),
        side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(G, 26), (P, 1), (R, 2), (S, 1), (T, 2)]),
        side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]),
        SOUTH,
        &[TAKE, RELAY, RELAY_REVERSE],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(G, 26), (P, 2), (R, 3), (S, 1), (T, 2)]),
        side(&[(D, 27), (F, 1), (H, 1), (M, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]),
        side(&[(D, 27), (F, 1), (H, 1)]),
        NORTH,
        &[D],
    );
}

// K3 (b): the same choice, relay: T (2) anticlockwise: A, B; B was empty: end.
#[test]
fn k3_take_relay_or_turn_at_s_or_t_2() {
    let mut s = k3_take_position(&kombe());
    play(&mut s, N);
    play(&mut s, RELAY);
    check(
        &s,
        side(&[(A, 1), (B, 1), (G, 26), (P, 1), (R, 2), (S, 1)]),
        side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]),
        NORTH,
        &[D, J],
    );
}

// K3 (b): the same choice, relay>: T (2) clockwise: S, R; take m (1) at once (j stays). Last
// left empty: T. Clockwise the 1 would fall in S (2), facing the empty g, k: relay S (3) R,
// P, N; N was empty: no choice: anticlockwise from A: A was empty: end.
#[test]
fn k3_take_relay_or_turn_at_s_or_t_3() {
    let mut s = k3_take_position(&kombe());
    play(&mut s, N);
    play(&mut s, RELAY_REVERSE);
    check(
        &s,
        side(&[(A, 1), (G, 26), (P, 1), (R, 3), (S, 2)]),
        side(&[(D, 27), (F, 1), (H, 1), (J, 2)]),
        NORTH,
        &[D, J],
    );
}

// K3 (b) with mandatory_capture: at T the capture is taken at once, no turn and no decision;
// the rest as in the take-take line above, one ply.
#[test]
fn k3_mandatory_capture_leaves_no_turn() {
    let mut s = k3_take_position(&mandatory());
    play(&mut s, N);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]),
        side(&[(D, 27), (F, 1), (H, 1)]),
        NORTH,
        &[D],
    );
}

// K3 (b) with mandatory_capture read from a config: the same.
#[test]
fn k3_mandatory_capture_leaves_no_turn_2() {
    let mut s = k3_take_position(&kombe_from_config("mandatory_capture = true"));
    play(&mut s, N);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (G, 26), (R, 4), (S, 2)]),
        side(&[(D, 27), (F, 1), (H, 1)]),
        NORTH,
        &[D],
    );
}

/// South G28 M1 R1 T2; North f1 m2 (opposite R), c1 r1 (opposite M), h27.
fn k3_sow_position() -> OmwesoState {
    pos(
        side(&[(G, 28), (M, 1), (R, 1), (T, 2)]),
        side(&[(C, 1), (F, 1), (H, 27), (M, 2), (R, 1)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(A, 1), (B, 1), (G, 28), (M, 2), (N, 1), (P, 1), (T, 1)]),
        side(&[(C, 1), (F, 1), (H, 27)]),
        NORTH,
        &[H],
    );
}

// K3 (c): the same choice, sow<: the 2 go anticlockwise from A: A, B; B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures_2() {
    let mut s = k3_sow_position();
    play(&mut s, T_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(
        &s,
        side(&[(A, 1), (B, 1), (G, 28), (M, 1), (R, 2), (S, 1)]),
        side(&[(C, 1), (F, 1), (H, 27), (R, 1)]),
        NORTH,
        &[H],
    );
}

/// South A2 F27 N1 P1 S1; North e1 n3 (opposite P), d1 p1 (opposite N), h26.
fn k3_sow_position_3() -> OmwesoState {
    pos(
        side(&[(A, 2), (F, 27), (N, 1), (P, 1), (S, 1)]),
        side(&[(D, 1), (E, 1), (H, 26), (N, 3), (P, 1)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(A, 1), (B, 1), (F, 27), (N, 2), (P, 3), (R, 2)]),
        side(&[(D, 1), (E, 1), (H, 26)]),
        NORTH,
        &[H],
    );
}

// K3 (c): the same choice, sow<: from T: T, A, B; B was empty: end.
#[test]
fn k3_sow_clockwise_after_a_clockwise_capture_when_the_chain_captures_4() {
    let mut s = k3_sow_position_3();
    play(&mut s, A_REV);
    play(&mut s, SOW_ANTICLOCKWISE);
    check(
        &s,
        side(&[(A, 1), (B, 1), (F, 27), (N, 1), (P, 2), (R, 1), (T, 2)]),
        side(&[(D, 1), (E, 1), (H, 26), (P, 1)]),
        NORTH,
        &[H],
    );
}

// K3, last paragraph: Omweso and Coro are unchanged. The indirect T> of
// k3_reverse_start_captures_after_clockwise_relays is not legal there (R does not capture at
// once).
#[test]
fn k3_omweso_and_coro_keep_the_direct_reverse_only() {
    for kind in [Kind::Omweso, Kind::Coro] {
        let g = game(kind, OmwesoRules::of(kind), Omweso::DEFAULT_LIMITS);
        let mut s = k3_relay_position(&g);
        check(
            &s,
            side(&[(G, 28), (N, 1), (R, 1), (T, 2)]),
            side(&[(D, 1), (H, 29), (P, 2)]),
            SOUTH,
            &[G, T],
        );
        assert!(s.play(T_REV).is_err(), "{kind:?}");
    }
}

// K3, last paragraph: Omweso has no mid-move turn. In k3_turn_at_an_occupied_special_hole's
// position R (3): S, T, A; A (2) simply relays: B, C; end, with no decision.
#[test]
fn k3_omweso_has_no_turn() {
    let g = game(
        Kind::Omweso,
        OmwesoRules::of(Kind::Omweso),
        Omweso::DEFAULT_LIMITS,
    );
    let mut s = k3_turn_position(&g);
    play(&mut s, R);
    assert_eq!(s.ply(), 1);
    check(
        &s,
        side(&[(B, 1), (C, 1), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        NORTH,
        &[D, K],
    );
    assert!(s.play(RELAY_REVERSE).is_err());
}

// K3, last paragraph: in k3_take_relay_or_turn_at_s_or_t's position Omweso offers take and
// relay only. Take: h (1) and j (2), both holes (R10): 3 sown from P: P, R, S; S (2) faces the
// empty g, k: relay S: T, A; A was empty: end.
#[test]
fn k3_omweso_has_no_turn_2() {
    let g = game(
        Kind::Omweso,
        OmwesoRules::of(Kind::Omweso),
        Omweso::DEFAULT_LIMITS,
    );
    let mut s = k3_take_position(&g);
    play(&mut s, N);
    check(
        &s,
        side(&[(G, 26), (P, 1), (R, 2), (S, 1), (T, 2)]),
        side(&[(D, 27), (F, 1), (H, 1), (J, 2), (M, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[(A, 1), (G, 26), (P, 2), (R, 3), (T, 3)]),
        side(&[(D, 27), (F, 1), (M, 1)]),
        NORTH,
        &[D],
    );
}

// ---------------------------------------------------------------------------------------------
// K4
// ---------------------------------------------------------------------------------------------

/// South F28 G2 J1 T1; North a1 t9 (opposite J), h2 j3 (opposite T), d17.
fn k4_position(g: &Omweso) -> OmwesoState {
    pos_in(
        g,
        side(&[(F, 28), (G, 2), (J, 1), (T, 1)]),
        side(&[(A, 1), (D, 17), (H, 2), (J, 3), (T, 9)]),
        SOUTH,
    )
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
    check(
        &s,
        side(&[(F, 28), (H, 1), (J, 2), (T, 1)]),
        side(&[(A, 1), (D, 17), (H, 2), (J, 3), (T, 9)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (F, 28),
            (H, 2),
            (J, 3),
            (K, 1),
            (M, 1),
            (N, 1),
            (P, 1),
            (R, 1),
            (S, 1),
            (T, 2),
        ]),
        side(&[(A, 1), (D, 17), (H, 2), (J, 3)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    check(
        &s,
        side(&[
            (A, 1),
            (B, 1),
            (C, 1),
            (F, 28),
            (H, 3),
            (J, 4),
            (M, 2),
            (P, 2),
            (S, 2),
        ]),
        side(&[(A, 1), (D, 17), (H, 2)]),
        NORTH,
        &[D, H],
    );
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
        side(&[
            (F, 28),
            (H, 2),
            (J, 3),
            (K, 1),
            (M, 1),
            (N, 1),
            (P, 1),
            (R, 1),
            (S, 1),
            (T, 5),
        ]),
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
    let g = game(
        Kind::Kombe,
        OmwesoRules {
            nkutemye: true,
            ..OmwesoRules::of(Kind::Kombe)
        },
        Omweso::DEFAULT_LIMITS,
    );
    let mut s = pos_in(
        &g,
        side(&[(D, 28), (J, 1), (R, 2), (T, 1)]),
        side(&[(A, 1), (E, 18), (H, 1), (J, 11), (T, 1)]),
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[D, R]);
    play(&mut s, R);
    check(
        &s,
        side(&[(D, 28), (J, 1), (S, 1), (T, 2)]),
        side(&[(A, 1), (E, 18), (H, 1), (J, 11), (T, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    let south = side(&[
        (A, 1),
        (B, 1),
        (C, 1),
        (D, 29),
        (E, 1),
        (F, 1),
        (G, 1),
        (H, 1),
        (J, 2),
        (S, 2),
        (T, 3),
    ]);
    check(
        &s,
        south,
        side(&[(A, 1), (E, 18), (H, 1), (T, 1)]),
        SOUTH,
        &[TAKE, RELAY],
    );
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
    check_hand(
        &s,
        side(&[(C, 44), (H, 2), (K, 1), (M, 1), (N, 1)]),
        north,
        [0, 0],
        Some(NORTH),
        &[],
    );
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
    check_hand(
        &s,
        side(&[(G, 28), (N, 2), (P, 1), (S, 1)]),
        side(&[(D, 1), (H, 29)]),
        [2, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Laps), [34, 30]);
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// K6: under a one-lap cap the clockwise relay of R is capped: the board as after T> (S, R).
#[test]
fn k6_lap_cap_2() {
    let mut s = k3_relay_position(&with_limits(2000, 1));
    play(&mut s, T_REV);
    check_hand(
        &s,
        side(&[(G, 28), (N, 1), (R, 2), (S, 1)]),
        side(&[(D, 1), (H, 29), (P, 2)]),
        [0, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Laps), [32, 32]);
}

// K6: three laps are enough: the move is played out as in
// k3_reverse_start_captures_after_clockwise_relays.
#[test]
fn k6_lap_cap_3() {
    let mut s = k3_relay_position(&with_limits(2000, 3));
    play(&mut s, T_REV);
    check(
        &s,
        side(&[(G, 28), (N, 2), (P, 1), (S, 2), (T, 1)]),
        side(&[(D, 1), (H, 29)]),
        NORTH,
        &[H],
    );
}

// K6: relay> is a lap too. In k3_turn_at_an_occupied_special_hole, R is lap 1, relay> lap 2
// (A: T, S, taking k), the sowing of the 2 taken lap 3: capped under two laps, the 2 in hand.
#[test]
fn k6_lap_cap_4() {
    let mut s = k3_turn_position(&with_limits(2000, 2));
    play(&mut s, R);
    check(
        &s,
        side(&[(A, 2), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        SOUTH,
        &[RELAY, RELAY_REVERSE],
    );
    play(&mut s, RELAY_REVERSE);
    check_hand(
        &s,
        side(&[(E, 28), (S, 2), (T, 2)]),
        side(&[(D, 29), (G, 1)]),
        [2, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Laps), [34, 30]);
}

// K6: the turn decision is a ply: a one-ply cap stops the game while it is pending.
#[test]
fn k6_lap_cap_5() {
    let mut s = k3_turn_position(&with_limits(1, 500));
    play(&mut s, R);
    check_hand(
        &s,
        side(&[(A, 2), (E, 28), (S, 1), (T, 1)]),
        side(&[(D, 29), (G, 1), (K, 2)]),
        [0, 0],
        None,
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Plies), [32, 32]);
}

// K6: with a two-ply cap R and relay> are played out (as in
// k3_turn_at_an_occupied_special_hole) and the game is capped at North's turn.
#[test]
fn k6_lap_cap_6() {
    let mut s = k3_turn_position(&with_limits(2, 500));
    play(&mut s, R);
    play(&mut s, RELAY_REVERSE);
    check_hand(
        &s,
        side(&[(B, 1), (C, 1), (E, 28), (S, 2), (T, 2)]),
        side(&[(D, 29), (G, 1)]),
        [0, 0],
        Some(NORTH),
        &[],
    );
    check_over(&s, GameResult::Capped(Cap::Plies), [34, 30]);
}
