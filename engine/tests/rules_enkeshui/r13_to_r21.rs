//! rules_enkeshui: the tests of r13 to r21.

use super::*;

// R13: A -> B (1) facing g (3): South decides; he takes B + g; C (2) ends the chain.
#[test]
fn r13_capture_is_a_choice() {
    let mut s = pos(
        [1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1],
        NO_BULLS,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1],
        NO_BULLS,
        [17, 17],
        Some(SOUTH),
        &[TAKE, DECLINE],
    );
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1],
        NO_BULLS,
        [21, 17],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 7],
    );
}

// R13: the same, declined: nothing taken, North to move.
#[test]
fn r13_capture_is_a_choice_2() {
    let mut s = pos(
        [1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1],
        NO_BULLS,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    play(&mut s, DECLINE);
    check(
        &s,
        &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1],
        NO_BULLS,
        [17, 17],
        Some(NORTH),
        &ALL8,
    );
    assert_eq!(s.ply(), 2);
}

// R13: g opposite is empty: no decision, the move ends.
#[test]
fn r13_capture_is_a_choice_3() {
    let mut s = pos(
        [1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1],
        NO_BULLS,
        [18, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1],
        NO_BULLS,
        [18, 19],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 7],
    );
    assert_eq!(s.ply(), 1);
}

// R14: A -> B, take B + g (2); chain on anticlockwise: C empty, f (1) taken; D empty, e (2)
// taken; E empty but d empty: stop (F's opposite c keeps its 3).
#[test]
fn r14_capture_chain() {
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 3, 0, 2, 1, 2, 1],
        NO_BULLS,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 3, 0, 0, 0, 0, 1],
        NO_BULLS,
        [23, 17],
        Some(NORTH),
        &[0, 1, 2, 7],
    );
}

// R14: clockwise D> -> C, take C + f (2); the chain runs clockwise: B empty, g (1); A
// empty, h (2); then the row ends. D (the origin, empty) and its opposite e (3) are not in
// the chain.
#[test]
fn r14_capture_chain_2() {
    let mut s = pos(
        [0, 0, 0, 1, 0, 0, 0, 2, 1, 1, 1, 1, 3, 2, 1, 2],
        NO_BULLS,
        [16, 17],
        [true, false],
        SOUTH,
    );
    play(&mut s, 8 + 3);
    check(
        &s,
        &[0, 0, 1, 0, 0, 0, 0, 2, 1, 1, 1, 1, 3, 2, 1, 2],
        NO_BULLS,
        [16, 17],
        Some(SOUTH),
        &[TAKE, DECLINE],
    );
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 3, 0, 0, 0],
        NO_BULLS,
        [22, 17],
        Some(NORTH),
        &[0, 1, 2, 3, 4],
    );
}

// R14: the chain stops at C, whose opposite f is North's bull (e stays too).
#[test]
fn r14_capture_chain_3() {
    let bulls = [(13, NORTH)];
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 2, 4, 2, 1],
        &bulls,
        [16, 16],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 2, 4, 0, 1],
        &bulls,
        [19, 16],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 7],
    );
}

// R15: North's a -> b (1) facing G (3); North takes b + G and sleeps: South to move.
#[test]
fn r15_sleep_after_capture() {
    let mut s = pos(
        [1, 1, 1, 1, 1, 1, 3, 1, 1, 0, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [15, 16],
        [false, false],
        NORTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[1, 1, 1, 1, 1, 1, 3, 1, 0, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [15, 16],
        Some(NORTH),
        &[TAKE, DECLINE],
    );
    play(&mut s, TAKE);
    check(
        &s,
        &[1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [15, 20],
        Some(SOUTH),
        &[0, 1, 2, 3, 4, 5, 7],
    );
    assert_eq!(s.ply(), 2);
}

// R16: A -> B (2): relay C (1), D (5): relay E, F, G, H, a; a was empty: sleep.
#[test]
fn r16_relay_on_occupied() {
    let mut s = pos(
        [1, 1, 0, 4, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2],
        NO_BULLS,
        [14, 14],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 0, 1, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2],
        NO_BULLS,
        [14, 14],
        Some(NORTH),
        &ALL8,
    );
}

// R16: A: B (1), C (3): relay D, E, F; F (1) with c empty opposite: end.
#[test]
fn r16_relay_on_occupied_2() {
    let mut s = pos(
        [2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        Some(NORTH),
        &[0, 1, 3, 4, 5, 6, 7],
    );
}

// R17: South's capture takes North's last cows outside his bull f: after the decision the
// game ends. 21 + 3 against 19 + 5 (North's bull): a draw (R18).
#[test]
fn r17_game_end() {
    let bulls = [(13, NORTH)];
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 2, 0],
        &bulls,
        [18, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 2, 0],
        &bulls,
        [18, 19],
        Some(SOUTH),
        &[TAKE, DECLINE],
    );
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0],
        &bulls,
        [21, 19],
        Some(NORTH),
        &[],
    );
    assert_eq!(
        s.outcome(),
        Some(Outcome {
            result: GameResult::Draw,
            scores: [24, 24]
        })
    );
}

// R17: H -> a leaves South only his bull C: the game ends; 17 + 4 against 19 + 8.
#[test]
fn r17_game_end_2() {
    let bulls = [(2, SOUTH)];
    let mut s = pos(
        [0, 0, 4, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [17, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 7);
    check(
        &s,
        &[0, 0, 4, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [17, 19],
        Some(NORTH),
        &[],
    );
    assert_eq!(
        s.outcome(),
        Some(Outcome {
            result: GameResult::Win(NORTH),
            scores: [21, 27]
        })
    );
}

// R18: South's bull a (in North's row) counts for South, North's bull B (in South's row)
// for North: H -> a ends the game; 18 + 7 against 16 + 5 + 2.
#[test]
fn r18_final_score() {
    let bulls = [(1, NORTH), (8, SOUTH)];
    let mut s = pos(
        [0, 5, 0, 0, 0, 0, 0, 1, 6, 0, 2, 0, 0, 0, 0, 0],
        &bulls,
        [18, 16],
        [false, false],
        SOUTH,
    );
    play(&mut s, 7);
    check(
        &s,
        &[0, 5, 0, 0, 0, 0, 0, 0, 7, 0, 2, 0, 0, 0, 0, 0],
        &bulls,
        [18, 16],
        Some(NORTH),
        &[],
    );
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Win(SOUTH));
    assert_eq!(o.scores, [25, 23]);
    assert_eq!(o.returns(), [1.0, -1.0]);
}

// R19: the capture decision is a ply: move + decision reach a two-ply cap.
#[test]
fn r19_ply_cap() {
    let g = g8_limits(2, 200);
    let mut s = pos_in(
        &g,
        [1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1],
        NO_BULLS,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1],
        NO_BULLS,
        [21, 17],
        Some(NORTH),
        &[],
    );
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R20: under a one-lap cap, A: B (1), C (3) would relay: capped, the board as after lap 1.
#[test]
fn r20_lap_cap() {
    let g = g8_limits(500, 1);
    let mut s = pos_in(
        &g,
        [2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    // Who is to move once capped is not specified.
    check(
        &s,
        &[0, 1, 3, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        None,
        &[],
    );
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Laps));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R20: the same two-lap move is played out under a two-lap cap.
#[test]
fn r20_lap_cap_2() {
    let g = g8_limits(500, 2);
    let mut s = pos_in(
        &g,
        [2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 18],
        Some(NORTH),
        &[0, 1, 3, 4, 5, 6, 7],
    );
}

/// 8 holes, fours, with rule 8's advance move.
pub(super) fn g8_advance(limits: Limits) -> Enkeshui {
    let mut g = game(8, EnkeshuiStart::Fours, EmptyEnd::Left, limits);
    g.rules.advance_move = true;
    g
}

// R21 option advance_move: South lifts C (4) and H (4), puts his 8 seeds back left to right
// (4 in A, 1 in B, 3 in H); then North lifts c and d and puts them back as they were; then
// South sows first. Every choice is a ply; the lifted seeds are in the player's hand.
#[test]
fn r21_advance_move_option() {
    let g = g8_advance(Enkeshui::DEFAULT_LIMITS);
    let start = row_twice(&[0, 0, 4, 4, 4, 4, 4, 4]);
    let mut s = g.initial_state();
    assert!(s.in_advance_move());
    check(
        &s,
        &start,
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[2, 3, 4, 5, 6, 7],
    );
    play(&mut s, 2); // lift C
    let mut pits = start.clone();
    pits[2] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(SOUTH), &[3, 4, 5, 6, 7]);
    assert_eq!(s.snapshot().in_hand, [4, 0]);
    play(&mut s, 7); // lift H
    pits[7] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(SOUTH), &ALL8);
    assert_eq!(s.snapshot().in_hand, [8, 0]);
    for _ in 0..4 {
        play(&mut s, 0); // into A
    }
    check(
        &s,
        &[4, 0, 0, 4, 4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4],
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &ALL8,
    );
    play(&mut s, 1); // into B: A is no longer allowed
    check(
        &s,
        &[4, 1, 0, 4, 4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4],
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[1, 2, 3, 4, 5, 6, 7],
    );
    play(&mut s, 7);
    play(&mut s, 7);
    assert_eq!(s.snapshot().in_hand, [1, 0]);
    check(
        &s,
        &[4, 1, 0, 4, 4, 4, 4, 2, 0, 0, 4, 4, 4, 4, 4, 4],
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[7],
    );
    play(&mut s, 7); // the hand is empty: North's advance move
    let south = [4, 1, 0, 4, 4, 4, 4, 3];
    let mut pits: Vec<u32> = south
        .iter()
        .chain(&[0, 0, 4, 4, 4, 4, 4, 4])
        .copied()
        .collect();
    check(
        &s,
        &pits,
        NO_BULLS,
        [0, 0],
        Some(NORTH),
        &[2, 3, 4, 5, 6, 7],
    );
    assert_eq!(s.snapshot().in_hand, [0, 0]);
    play(&mut s, 2); // lift c
    play(&mut s, 3); // lift d
    pits[10] = 0;
    pits[11] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(NORTH), &ALL8);
    assert_eq!(s.snapshot().in_hand, [0, 8]);
    for a in [2, 2, 2, 2, 3, 3, 3] {
        play(&mut s, a);
    }
    check(
        &s,
        &[4, 1, 0, 4, 4, 4, 4, 3, 0, 0, 4, 3, 4, 4, 4, 4],
        NO_BULLS,
        [0, 0],
        Some(NORTH),
        &[3, 4, 5, 6, 7],
    );
    play(&mut s, 3); // the advance moves are over: South sows first, anticlockwise only
    assert!(!s.in_advance_move());
    pits[10] = 4;
    pits[11] = 4;
    check(
        &s,
        &pits,
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[0, 1, 3, 4, 5, 6, 7],
    );
    assert_eq!(s.ply(), 20);
}

// R21 is off by default: the game starts with South's first sowing.
#[test]
fn r21_advance_move_option_2() {
    let s = g8().initial_state();
    assert!(!s.in_advance_move());
    assert_eq!(g8().encoding_len(), 7 * 8 + 5);
    assert_eq!(
        g8_advance(Enkeshui::DEFAULT_LIMITS).encoding_len(),
        7 * 8 + 5 + 8 + 5
    );
}

// R19 during an advance move: the cap ends the game as capped, the seeds in hand counting
// for their holder. South lifts C and H and puts one seed in A: three plies.
#[test]
fn r21_advance_move_option_3() {
    let g = g8_advance(Limits {
        max_plies: 3,
        max_laps: 200,
    });
    let mut s = g.initial_state();
    for a in [2, 7, 0] {
        play(&mut s, a);
    }
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.scores, [24, 24]);
    assert_eq!(s.snapshot().in_hand, [7, 0]);
}
