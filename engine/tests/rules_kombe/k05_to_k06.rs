//! rules_kombe: the tests of k05 to k06.

use super::*;

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
