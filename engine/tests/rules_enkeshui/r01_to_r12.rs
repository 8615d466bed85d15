//! rules_enkeshui: the tests of r01 to r12.

use super::*;

// R1: 8, 10 or 12 holes a row, nothing else; on 10 holes South's B (3) makes E a bull.
#[test]
fn r1_board_size() {
    for holes in [8u8, 10, 12] {
        let g = game(
            holes,
            EnkeshuiStart::Threes,
            EmptyEnd::Left,
            Enkeshui::DEFAULT_LIMITS,
        );
        assert_eq!(g.initial_state().snapshot().pits.len(), 2 * holes as usize);
        assert_eq!(g.num_actions(), 2 * holes as usize + 2);
    }
    assert_eq!(EnkeshuiRules::default().holes, 12);
    for bad in ["holes = 9", "holes = 6", "holes = 14"] {
        let rules: toml::Table = toml::from_str(bad).unwrap();
        assert!(
            AnyGame::from_tables("enkeshui", &rules, &toml::Table::new()).is_err(),
            "{bad} accepted"
        );
    }
    let g = game(
        10,
        EnkeshuiStart::Threes,
        EmptyEnd::Left,
        Enkeshui::DEFAULT_LIMITS,
    );
    let mut s = g.initial_state();
    play(&mut s, 1); // B: C (4), D (1), E (4): E is South's bull
    check(
        &s,
        &[0, 0, 4, 1, 4, 3, 0, 3, 3, 0, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0],
        &[(4, SOUTH)],
        [0, 0],
        Some(NORTH),
        &[1, 2, 4, 5, 7, 8],
    );
}

// R2: the default, 12 holes of threes: 48 seeds.
#[test]
fn r2_start_position() {
    let g = Enkeshui::default();
    assert_eq!(g.rules.start, EnkeshuiStart::Threes);
    assert_eq!(g.rules.empty_end, EmptyEnd::Left);
    assert_eq!(g.total_seeds(), 48);
    let row = [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3];
    check(
        &g.initial_state(),
        &row_twice(&row),
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[1, 2, 4, 5, 7, 8, 10, 11],
    );
}

// R2: 8 holes of fours: 48 seeds.
#[test]
fn r2_start_position_2() {
    let g = g8();
    assert_eq!(g.total_seeds(), 48);
    check(
        &g.initial_state(),
        &row_twice(&[0, 0, 4, 4, 4, 4, 4, 4]),
        NO_BULLS,
        [0, 0],
        Some(SOUTH),
        &[2, 3, 4, 5, 6, 7],
    );
}

// R2: the other combinations continue the pattern and hold other totals.
#[test]
fn r2_start_position_3() {
    let cases: [(u8, EnkeshuiStart, &[u32], u32); 4] = [
        (8, EnkeshuiStart::Threes, &[0, 3, 3, 0, 3, 3, 0, 3], 30),
        (
            10,
            EnkeshuiStart::Threes,
            &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0],
            36,
        ),
        (
            10,
            EnkeshuiStart::Fours,
            &[0, 0, 4, 4, 4, 4, 4, 4, 4, 4],
            64,
        ),
        (
            12,
            EnkeshuiStart::Fours,
            &[0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
            80,
        ),
    ];
    for (holes, start, row, total) in cases {
        let g = game(holes, start, EmptyEnd::Left, Enkeshui::DEFAULT_LIMITS);
        assert_eq!(g.total_seeds(), total, "{holes} {start:?}");
        let s = g.initial_state();
        assert_eq!(s.snapshot().pits, row_twice(row), "{holes} {start:?}");
        assert_eq!(s.snapshot().total(), total);
    }
}

// R2: empty_end = "right" mirrors each row (threes on 10 holes are their own mirror).
#[test]
fn r2_start_position_4() {
    let cases: [(u8, EnkeshuiStart, &[u32]); 4] = [
        (
            12,
            EnkeshuiStart::Threes,
            &[3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0],
        ),
        (8, EnkeshuiStart::Fours, &[4, 4, 4, 4, 4, 4, 0, 0]),
        (8, EnkeshuiStart::Threes, &[3, 0, 3, 3, 0, 3, 3, 0]),
        (10, EnkeshuiStart::Threes, &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0]),
    ];
    for (holes, start, row) in cases {
        let g = game(holes, start, EmptyEnd::Right, Enkeshui::DEFAULT_LIMITS);
        let s = g.initial_state();
        assert_eq!(s.snapshot().pits, row_twice(row), "{holes} {start:?} right");
        assert_eq!(s.to_move(), SOUTH);
    }
}

// R3: South moves first; B (3): C (4), D (1), E (4): E becomes South's bull (R10).
#[test]
fn r3_south_moves_first() {
    let g = Enkeshui::default();
    let mut s = g.initial_state();
    assert_eq!(s.to_move(), SOUTH);
    play(&mut s, 1);
    let mut pits = row_twice(&[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
    pits[..5].copy_from_slice(&[0, 0, 4, 1, 4]);
    check(
        &s,
        &pits,
        &[(4, SOUTH)],
        [0, 0],
        Some(NORTH),
        &[1, 2, 4, 5, 7, 8, 10, 11],
    );
}

// R4: B is South's bull (not playable); the single cow in C may be played: D (1), e empty.
#[test]
fn r4_move_from_own_non_bull_pit() {
    let bulls = [(1, SOUTH)];
    let mut s = pos(
        [2, 5, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 0, 2, 2, 2],
        &bulls,
        [13, 13],
        [false, false],
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[0, 2]);
    assert!(s.clone().play(1).is_err(), "a bull cannot be lifted");
    play(&mut s, 2);
    check(
        &s,
        &[2, 5, 0, 1, 0, 0, 0, 0, 2, 2, 2, 2, 0, 2, 2, 2],
        &bulls,
        [13, 13],
        Some(NORTH),
        &[0, 1, 2, 3, 5, 6, 7],
    );
}

// R5: before going round only anticlockwise moves; H -> a does not go round.
#[test]
fn r5_counterclockwise_until_gone_round() {
    let mut s = pos(
        [0, 1, 2, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0],
        NO_BULLS,
        [16, 16],
        [false, false],
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[1, 2, 7]);
    assert!(s.clone().play(10).is_err(), "clockwise before going round");
    play(&mut s, 7);
    check(
        &s,
        &[0, 1, 2, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 0],
        NO_BULLS,
        [16, 16],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 6],
    );
    assert!(!s.has_gone_round(SOUTH));
}

// R5: having gone round, South may sow clockwise: C> : B (2), A (1); h empty: end.
#[test]
fn r5_counterclockwise_until_gone_round_2() {
    let mut s = pos(
        [0, 1, 2, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0],
        NO_BULLS,
        [16, 16],
        [true, false],
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[1, 2, 7, 9, 10, 15]);
    play(&mut s, 10);
    check(
        &s,
        &[1, 2, 0, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0],
        NO_BULLS,
        [16, 16],
        Some(NORTH),
        &[1, 2, 3, 4, 5, 6],
    );
    assert!(s.has_gone_round(SOUTH));
    assert!(!s.has_gone_round(NORTH));
}

// R6: H (7): a..g; g = 3: relay h, A, B, passing from North's row into South's: South has
// gone round. B (1), g (now 0) opposite: end. North's next move does not go round; then
// South may sow either way.
#[test]
fn r6_gone_round() {
    let mut s = pos(
        [0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 2, 0],
        NO_BULLS,
        [20, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 7);
    check(
        &s,
        &[1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1],
        NO_BULLS,
        [20, 19],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 7],
    );
    assert!(s.has_gone_round(SOUTH));
    assert!(!s.has_gone_round(NORTH));
    play(&mut s, 7); // h -> A (2): relay B (2), C (1), in South's row: end
    check(
        &s,
        &[0, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0],
        NO_BULLS,
        [20, 19],
        Some(SOUTH),
        &[1, 2, 9, 10],
    );
    assert!(!s.has_gone_round(NORTH));
}

// R7: D> (3): C, B (North's bull, keeps the cow), A (2): relay clockwise h (3), g (1),
// North's empty g: end.
#[test]
fn r7_sow_every_pit_one_direction() {
    let bulls = [(1, NORTH)];
    let mut s = pos(
        [1, 5, 0, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 2],
        &bulls,
        [15, 16],
        [true, false],
        SOUTH,
    );
    play(&mut s, 8 + 3);
    check(
        &s,
        &[0, 6, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3],
        &bulls,
        [15, 16],
        Some(NORTH),
        &ALL8,
    );
}

// R7: A's 16 cows are sown into every hole, A too: the last falls in A (now 1) with h (1)
// opposite: South decides (and has gone round); he takes A + h, B (1) ends the chain.
#[test]
fn r7_sow_every_pit_one_direction_2() {
    let mut s = pos(
        [16, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
        NO_BULLS,
        [15, 15],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [15, 15],
        Some(SOUTH),
        &[TAKE, DECLINE],
    );
    assert!(s.has_gone_round(SOUTH));
    play(&mut s, TAKE);
    check(
        &s,
        &[0, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 0],
        NO_BULLS,
        [17, 15],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 6],
    );
}

// R8: B: C (3), D (North's bull, now 4): the move sleeps; no pair, no new bull.
#[test]
fn r8_sleep_in_bull() {
    let bulls = [(3, NORTH)];
    let mut s = pos(
        [0, 2, 2, 3, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [16, 16],
        [false, false],
        SOUTH,
    );
    play(&mut s, 1);
    check(
        &s,
        &[0, 0, 3, 4, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [16, 16],
        Some(NORTH),
        &ALL8,
    );
}

// R8: H -> a, South's own bull (now 6): the move sleeps, no relay.
#[test]
fn r8_sleep_in_bull_2() {
    let bulls = [(8, SOUTH)];
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 1, 5, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 7);
    check(
        &s,
        &[1, 0, 0, 0, 0, 0, 0, 0, 6, 1, 1, 1, 1, 1, 1, 1],
        &bulls,
        [17, 17],
        Some(NORTH),
        &[1, 2, 3, 4, 5, 6, 7],
    );
}

// R9: A: B (3), C (4): a pair, both South's bulls.
#[test]
fn r9_pair_of_bulls() {
    let mut s = pos(
        [2, 2, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [16, 16],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 3, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &[(1, SOUTH), (2, SOUTH)],
        [16, 16],
        Some(NORTH),
        &ALL8,
    );
}

// R9: the other order: A: B (4), C (3): a pair too.
#[test]
fn r9_pair_of_bulls_2() {
    let mut s = pos(
        [2, 3, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [16, 16],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 4, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1],
        &[(1, SOUTH), (2, SOUTH)],
        [16, 16],
        Some(NORTH),
        &ALL8,
    );
}

// R9: across the board's end: G: H (3), a (4): H and a become South's bulls.
#[test]
fn r9_pair_of_bulls_3() {
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 2, 2, 3, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [16, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 6);
    check(
        &s,
        &[1, 0, 0, 0, 0, 0, 0, 3, 4, 1, 1, 1, 1, 1, 1, 1],
        &[(7, SOUTH), (8, SOUTH)],
        [16, 17],
        Some(NORTH),
        &[1, 2, 3, 4, 5, 6, 7],
    );
}

// R9: A: B (North's bull, now 4), C (3): B is a bull, so no pair; C relays D, E, F; F (1)
// with c empty opposite: end.
#[test]
fn r9_pair_of_bulls_4() {
    let bulls = [(1, NORTH)];
    let mut s = pos(
        [2, 3, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        &bulls,
        [16, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 4, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1],
        &bulls,
        [16, 17],
        Some(NORTH),
        &[0, 1, 3, 4, 5, 6, 7],
    );
}

// R10: C -> D (4): D is South's bull.
#[test]
fn r10_make_bull() {
    let mut s = pos(
        [1, 0, 1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [17, 18],
        [false, false],
        SOUTH,
    );
    play(&mut s, 2);
    check(
        &s,
        &[1, 0, 0, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1],
        &[(3, SOUTH)],
        [17, 18],
        Some(NORTH),
        &ALL8,
    );
}

// R10: in the opponent's row: H -> a (4): a is South's bull, North cannot lift it.
#[test]
fn r10_make_bull_2() {
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 1, 3, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [17, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 7);
    check(
        &s,
        &[1, 0, 0, 0, 0, 0, 0, 0, 4, 1, 1, 1, 1, 1, 1, 1],
        &[(8, SOUTH)],
        [17, 19],
        Some(NORTH),
        &[1, 2, 3, 4, 5, 6, 7],
    );
}

// R11: South's bull C is never playable, either way; A (3): B, C (bull keeps it), D (1)
// with e empty: end.
#[test]
fn r11_bull_is_frozen() {
    let bulls = [(2, SOUTH)];
    let mut s = pos(
        [3, 0, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1],
        &bulls,
        [16, 17],
        [true, false],
        SOUTH,
    );
    assert_eq!(s.legal_actions().as_slice(), &[0, 7, 8, 15]);
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 5, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1],
        &bulls,
        [16, 17],
        Some(NORTH),
        &[0, 1, 2, 3, 5, 6, 7],
    );
}

// R11: A -> B (1) facing North's bull g: no capture is offered, the move ends.
#[test]
fn r11_bull_is_frozen_2() {
    let bulls = [(14, NORTH)];
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 5, 1],
        &bulls,
        [17, 17],
        [false, false],
        SOUTH,
    );
    play(&mut s, 0);
    check(
        &s,
        &[0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 5, 1],
        &bulls,
        [17, 17],
        Some(NORTH),
        &[0, 1, 2, 3, 4, 5, 7],
    );
}

// R12: G: H (2), a (was empty): the move sleeps; H opposite is not taken.
#[test]
fn r12_sleep_in_opponent_empty() {
    let mut s = pos(
        [1, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 19],
        [false, false],
        SOUTH,
    );
    play(&mut s, 6);
    check(
        &s,
        &[1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1],
        NO_BULLS,
        [18, 19],
        Some(NORTH),
        &ALL8,
    );
}
