//! rules_omweso: the tests of r14 to r16.

use super::*;

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
