//! One or more tests per rule of Mongale (`docs/rules/mongale.md`, rules M1..M3), each named
//! after the rule. Mongale is Kombe (`docs/rules/kombe.md`, K2..K4, K6) from its own start
//! (M1) with its own end (M3). Every expected position is worked out by hand from the rule
//! text.
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
use mankala_engine::variants::omweso::{Kind, RELAY, RELAY_REVERSE, Setup, TAKE};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn mongale() -> Omweso {
    default_game(Kind::Mongale)
}

fn with_limits(max_plies: u32, max_laps: u32) -> Omweso {
    capped(Kind::Mongale, max_plies, max_laps)
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&mongale(), south, north, to_move)
}

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: Mongale's defaults are setup "mombasa", mandatory_capture false, nkutemye false,
// with Omweso's caps; a config overrides them key by key.
#[test]
fn mongale_rule_options() {
    let defaults = OmwesoRules { setup: Setup::Mombasa, mandatory_capture: false, nkutemye: false };
    assert_eq!(OmwesoRules::of(Kind::Mongale), defaults);
    let any = AnyGame::by_name("mongale").expect("mongale is known");
    assert_eq!(any.name(), "mongale");
    let table = any.rules_table();
    assert_eq!(table["setup"].as_str(), Some("mombasa"));
    assert_eq!(table["mandatory_capture"].as_bool(), Some(false));
    assert_eq!(table["nkutemye"].as_bool(), Some(false));
    let AnyGame::Omweso(g) = any else { panic!("mongale is a four-row game") };
    assert_eq!(g.kind, Kind::Mongale);
    assert_eq!(g.rules, defaults);
    assert_eq!(g.limits, Omweso::DEFAULT_LIMITS);
    assert_eq!(from_config("mongale", ""), g);

    let g = from_config("mongale", "setup = \"lamu\"\nnkutemye = true");
    assert_eq!(g.kind, Kind::Mongale);
    assert_eq!(g.rules, OmwesoRules { setup: Setup::Lamu, mandatory_capture: false, nkutemye: true });
    let g = from_config("mongale", "setup = \"free\"\nmandatory_capture = true");
    assert_eq!(g.rules.setup, Setup::Free);
    assert!(g.rules.mandatory_capture);
    let bad: toml::Table = toml::from_str("second_phase = true").unwrap();
    assert!(AnyGame::from_tables("mongale", &bad, &toml::Table::new()).is_err());
}

// ---------------------------------------------------------------------------------------------
// M1
// ---------------------------------------------------------------------------------------------

/// M1's start, each player the same from his own left: back row A..H 0 0 0 0 0 4 4 4, front
/// row T S R P N M K J 7 0 0 7 0 2 2 2.
fn mombasa() -> Side {
    side(&[(F, 4), (G, 4), (H, 4), (J, 2), (K, 2), (M, 2), (P, 7), (T, 7)])
}

// M1: the start, 32 a side, South to move from F, G, H, J, K, M, P, T. T> (7): S, R, P, N, M,
// K, J; J held 2 and faces a (0), t (7): no capture; relay J (3) clockwise would step from J to
// H: not legal.
#[test]
fn m1_start_position() {
    let g = mongale();
    assert_eq!(g.name(), "mongale");
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 41);
    assert_eq!(g.rules.setup, Setup::Mombasa);
    let s = g.initial_state();
    assert_eq!(s.ply(), 0);
    check(&s, mombasa(), mombasa(), SOUTH, &[F, G, H, J, K, M, P, T]);
    let s = from_config("mongale", "").initial_state();
    check(&s, mombasa(), mombasa(), SOUTH, &[F, G, H, J, K, M, P, T]);
    // Kombe from the Mombasa set-up starts the same.
    let s = from_config("kombe", "setup = \"mombasa\"").initial_state();
    check(&s, mombasa(), mombasa(), SOUTH, &[F, G, H, J, K, M, P, T]);
}

// M1: South P (7): R, S, T, A, B, C, D; D was empty: end. North's t> (7): s, r, p, n, m, k, j;
// j held 2 and faces South's A (now 1) and T (now 8): a direct capture, so t> is legal.
#[test]
fn m1_start_position_2() {
    let mut s = mongale().initial_state();
    play(&mut s, P);
    check(
        &s,
        side(&[(A, 1), (B, 1), (C, 1), (D, 1), (F, 4), (G, 4), (H, 4), (J, 2), (K, 2), (M, 2), (R, 1), (S, 1), (T, 8)]),
        mombasa(),
        NORTH,
        &[F, G, H, J, K, M, P, T, T_REV],
    );
}

// ---------------------------------------------------------------------------------------------
// M2
// ---------------------------------------------------------------------------------------------

// M2, a game from the start. South P as in m1_start_position_2. North t> (7): s, r, p, n, m,
// k, j; j (3) faces A (1), T (8): take T (8) only (K2), at once. Clockwise from t the 8 would
// step from j to h: anticlockwise from a: a, b, c, d, e, f, g, h; h held 4: relay h (5): j, k,
// m, n, p; p held 8 and faces South's E (0), N (0): relay p (9): r, s, t, a, b, c, d, e, f; f
// held 5: relay f (6): g, h, j, k, m, n; n held 2 and faces D (1), P (0): relay n (3): p, r, s;
// s held 2 and faces G (4), K (2): a capture is offered; s's 3 clockwise would go r, p, n and
// n was emptied: no turn. Take K (2), G keeps 4; sown from p (after n): p, r; r held 3 and
// faces F (4), M (2): offered again. Take M (2), sown from p: p, r; r (5) faces F and the empty
// M: relay r: s, t, a, b, c; c held 2: relay c (3): d, e, f; f was empty: end. South: A, B, C
// hold 1, T is empty: no reverse start.
#[test]
fn m2_kombe_rules_apply() {
    let mut s = mongale().initial_state();
    play(&mut s, P);
    play(&mut s, T_REV);
    let south = side(&[(A, 1), (B, 1), (C, 1), (D, 1), (F, 4), (G, 4), (H, 4), (J, 2), (K, 2), (M, 2), (R, 1), (S, 1)]);
    check(
        &s,
        south,
        side(&[(A, 2), (B, 2), (C, 2), (D, 2), (E, 2), (G, 6), (H, 1), (J, 5), (K, 5), (M, 5), (P, 1), (R, 3), (S, 3), (T, 1)]),
        NORTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    let mut south = south;
    south[K as usize] = 0;
    check(
        &s,
        south,
        side(&[(A, 2), (B, 2), (C, 2), (D, 2), (E, 2), (G, 6), (H, 1), (J, 5), (K, 5), (M, 5), (P, 2), (R, 4), (S, 3), (T, 1)]),
        NORTH,
        &[TAKE, RELAY],
    );
    play(&mut s, TAKE);
    south[M as usize] = 0;
    check(&s, south, side(&[(A, 3), (B, 3), (D, 3), (E, 3), (F, 1), (G, 6), (H, 1), (J, 5), (K, 5), (M, 5), (P, 3), (S, 4), (T, 2)]), SOUTH, &[F, G, H, J]);
    assert_eq!(s.ply(), 4);
}

// M2 (K2): only the front hole is taken. G (2): H, J; J (2) faces a (2), t (2): take t (2),
// sown from H: H, J; J (3) faces a and the empty t: relay J: K, M, N; end.
#[test]
fn m2_kombe_rules_apply_2() {
    let mut s = pos(side(&[(C, 29), (G, 2), (J, 1)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH);
    play(&mut s, G);
    check(&s, side(&[(C, 29), (H, 1), (J, 2)]), side(&[(A, 2), (E, 28), (T, 2)]), SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    check(&s, side(&[(C, 29), (H, 2), (K, 1), (M, 1), (N, 1)]), side(&[(A, 2), (E, 28)]), NORTH, &[A, E]);
}

// M2 (K3 (a)): an indirect reverse start. T> (2): S, R; R held 1 and faces the empty f, m:
// relay R clockwise: P, N; N (2) faces d (1), p (2): take p (2) at once. Clockwise from R the
// 2 would go P, N; N (3) faces d and the empty p: relay N (3) M, K, J; J was empty: so they go
// anticlockwise from S: S, T; T was empty: end.
#[test]
fn m2_kombe_rules_apply_3() {
    let south = side(&[(G, 28), (N, 1), (R, 1), (T, 2)]);
    let north = side(&[(D, 1), (H, 29), (P, 2)]);
    let mut s = pos(south, north, SOUTH);
    check(&s, south, north, SOUTH, &[G, T, T_REV]);
    play(&mut s, T_REV);
    check(&s, side(&[(G, 28), (N, 2), (P, 1), (S, 2), (T, 1)]), side(&[(D, 1), (H, 29)]), NORTH, &[H]);
}

/// South A1 E28 R3; North g1 k2 (opposite S), d29.
fn m2_turn_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(A, 1), (E, 28), (R, 3)]), side(&[(D, 29), (G, 1), (K, 2)]), SOUTH)
}

// M2 (K3 (b)): the turn in the middle of a move. R (3): S, T, A; A held 1; its 2 clockwise
// would go T, S and S (2) faces g (1), k (2): relay or relay>. relay>: A (2): T, S; take k (2)
// at once. Clockwise from A the 2 would go T, S; S (3) faces g and the empty k: relay S (3)
// R, P, N; N was empty: anticlockwise from B: B, C; C was empty: end.
#[test]
fn m2_kombe_rules_apply_4() {
    let mut s = m2_turn_position(&mongale());
    play(&mut s, R);
    check(&s, side(&[(A, 2), (E, 28), (S, 1), (T, 1)]), side(&[(D, 29), (G, 1), (K, 2)]), SOUTH, &[RELAY, RELAY_REVERSE]);
    play(&mut s, RELAY_REVERSE);
    check(&s, side(&[(B, 1), (C, 1), (E, 28), (S, 2), (T, 2)]), side(&[(D, 29), (G, 1)]), NORTH, &[D]);
}

/// South F28 G2 J1 T1; North a1 t9 (opposite J), h2 j3 (opposite T), d17.
fn m2_nkutemye_position(g: &Omweso) -> OmwesoState {
    pos_in(g, side(&[(F, 28), (G, 2), (J, 1), (T, 1)]), side(&[(A, 1), (D, 17), (H, 2), (J, 3), (T, 9)]), SOUTH)
}

// M2 (K4): nkutemye is off by default. G (2): H, J; take t (9), sown from H: H, J, K, M, N, P,
// R, S, T; T (2) faces h (2), j (3) (no turn: T's 2 clockwise go S, R, relay R: P, N, relay N:
// M, K, relay K would step from J to H); take j (3): no win, sown from H: H, J, K; relay K (2):
// M, N; relay N (2): P, R; relay R (2): S, T; T (3) faces h and the empty j; T's 3 clockwise:
// S, R, P; relay P (3): N, M, K; K was empty: no turn; relay T: A, B, C; end.
#[test]
fn m2_kombe_rules_apply_5() {
    let mut s = m2_nkutemye_position(&mongale());
    play(&mut s, G);
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

// M2 (K4) with nkutemye = true: the second take wins, its 3 seeds go into T (2 + 3).
#[test]
fn m2_kombe_rules_apply_6() {
    let g = from_config("mongale", "nkutemye = true");
    let mut s = m2_nkutemye_position(&g);
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

// M2 (K6): the turn's relay> is a lap: R lap 1, relay> lap 2, the sowing of the 2 taken lap 3:
// capped under two laps with the 2 in South's hand.
#[test]
fn m2_kombe_rules_apply_7() {
    let mut s = m2_turn_position(&with_limits(2000, 2));
    play(&mut s, R);
    play(&mut s, RELAY_REVERSE);
    check_hand(&s, side(&[(E, 28), (S, 2), (T, 2)]), side(&[(D, 29), (G, 1)]), [2, 0], None, &[]);
    check_over(&s, GameResult::Capped(Cap::Laps), [34, 30]);
}

// ---------------------------------------------------------------------------------------------
// M3
// ---------------------------------------------------------------------------------------------

// M3: E (2): F, G; end. North, to move, has only single seeds: the game ends and the seeds
// are counted, 48 on South's side against 16: South wins.
#[test]
fn m3_the_seeds_are_counted_at_the_end() {
    let mut s = pos(side(&[(D, 46), (E, 2)]), [1; 16], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[D, E]);
    play(&mut s, E);
    check_hand(&s, side(&[(D, 46), (F, 1), (G, 1)]), [1; 16], [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [48, 16]);
}

// M3: a capture ends it. G (2): H, J; J (2) faces a (1), t (2): take t (2), sown from H: H, J;
// J (3) faces a and the empty t: relay J: K, M, N; end. North's 15 holes hold 1 each: count,
// 49 to 15.
#[test]
fn m3_the_seeds_are_counted_at_the_end_2() {
    let mut north = [1; 16];
    north[T as usize] = 2;
    let mut s = pos(side(&[(C, 44), (G, 2), (J, 1)]), north, SOUTH);
    play(&mut s, G);
    check(&s, side(&[(C, 44), (H, 1), (J, 2)]), north, SOUTH, &[TAKE, RELAY]);
    play(&mut s, TAKE);
    north[T as usize] = 0;
    check_hand(&s, side(&[(C, 44), (H, 2), (K, 1), (M, 1), (N, 1)]), north, [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [49, 15]);
}

// M3: "If, at any time, he has none, the game is over": North to move with no seeds at all;
// 64 to 0.
#[test]
fn m3_the_seeds_are_counted_at_the_end_3() {
    let s = pos(side(&[(D, 62), (E, 2)]), side(&[]), NORTH);
    check_hand(&s, side(&[(D, 62), (E, 2)]), side(&[]), [0, 0], Some(NORTH), &[]);
    check_over(&s, GameResult::Win(SOUTH), [64, 0]);
}

// M3: the same for South: to move with 16 single seeds against 48, he has no move; counted 16
// to 48, North wins.
#[test]
fn m3_the_seeds_are_counted_at_the_end_4() {
    let s = pos([1; 16], side(&[(D, 48)]), SOUTH);
    check_hand(&s, [1; 16], side(&[(D, 48)]), [0, 0], Some(SOUTH), &[]);
    check_over(&s, GameResult::Win(NORTH), [16, 48]);
    let s = pos(side(&[]), side(&[(A, 60), (B, 4)]), SOUTH);
    check_over(&s, GameResult::Win(NORTH), [0, 64]);
}
