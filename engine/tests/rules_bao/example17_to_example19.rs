//! rules_bao: the tests of example17 to example19.

use super::*;

/// Example 17: Mancala World, "Bao la Kiswahili", Puzzle 2, "North to play and win!" (as
/// transcribed): "1. a4R A4L* 2. b3R B4R (forced) 3. b2R = Bao hamna!", in ours 1. a4< A4<
/// 2. b3> B4< 3. b2>. a4< (12) ends in a8 facing A1 and sets off a chain of captures (A1, A2,
/// A3, A7, A5) that leaves South only A4 (4).
#[test]
fn example_17_puzzle_2_main_line() {
    let mut s = at(example_17_board(), [0, 0], [false, false], NORTH);
    check(
        &s,
        example_17_board(),
        [0, 0],
        [false, false],
        NORTH,
        &["a2>", "a4<", "a6>", "a6<"],
    );
    play(&mut s, "a4<");
    check(
        &s,
        example_17_after_a4(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A4>", "A4<"],
    );
    // 1. ... A4< (4): A3, A2, A1, B1 (9), relayed: B2..B8, A8, A7 (1); A7 was empty.
    play(&mut s, "A4<");
    let after_a4l = board(
        [2, 0, 3, 7, 2, 8, 3, 1],
        [1, 4, 1, 5, 0, 1, 2, 3],
        [1, 1, 1, 0, 0, 0, 1, 1],
        [0, 1, 2, 6, 3, 2, 1, 1],
    );
    check(
        &s,
        after_a4l,
        [0, 0],
        [false, false],
        NORTH,
        &["b8<", "b6<", "b3>", "b3<", "b2>"],
    );
    // 2. b3>: South's only legal move is B4<.
    play(&mut s, "b3>");
    check(
        &s,
        board(
            [2, 1, 4, 8, 0, 1, 5, 3],
            [0, 6, 4, 0, 3, 4, 5, 1],
            [0, 0, 0, 0, 0, 0, 1, 0],
            [0, 1, 2, 6, 3, 2, 1, 1],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B4<"],
    );
    // B4< (6): B5..B8, A8, A7 (2) takes a2 (5): A8, A7, A6, A5, A4; A4 was empty.
    play(&mut s, "B4<");
    check(
        &s,
        board(
            [2, 1, 4, 8, 0, 1, 5, 3],
            [0, 6, 4, 0, 3, 4, 0, 1],
            [0, 0, 0, 1, 1, 1, 3, 2],
            [0, 1, 2, 0, 4, 3, 2, 2],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b1>", "b2>", "b5>", "b5<", "a4<", "a7<"],
    );
    // 3. b2>: Bao hamna.
    play(&mut s, "b2>");
    check_over(
        &s,
        board(
            [3, 2, 5, 9, 1, 0, 1, 0],
            [1, 0, 5, 2, 6, 8, 5, 2],
            Z,
            [0, 1, 2, 0, 4, 3, 2, 2],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
}

/// Example 17, the other line: "If A: 1.... A4R, then 2. b2R = Bao hamna!": 1. a4< A4>
/// 2. b2>.
#[test]
fn example_17_puzzle_2_other_line() {
    let mut s = at(example_17_after_a4(), [0, 0], [false, false], SOUTH);
    // A4> (4): A5, A6, A7, A8; A8 was empty.
    play(&mut s, "A4>");
    check(
        &s,
        board(
            [2, 0, 3, 7, 2, 8, 3, 1],
            [1, 4, 1, 5, 0, 1, 2, 3],
            [0, 0, 0, 0, 1, 1, 1, 1],
            [8, 0, 1, 5, 2, 1, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b2>", "b5>", "a7<"],
    );
    play(&mut s, "b2>");
    check_over(
        &s,
        board(
            [3, 1, 4, 0, 3, 9, 1, 3],
            [2, 0, 2, 6, 2, 4, 6, 1],
            Z,
            [8, 0, 1, 5, 2, 1, 0, 0],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
}

/// Example 18's line in our notation: 22 moves and the one safari decision (move 4).
pub(super) const EXAMPLE_18_LINE: [&str; 23] = [
    "A6<", "a6<", "A4<", "a6<", "A5>", "a3<", "A8<", "safari", "a8<", "A4<", "a4>", "A8<", "a7<",
    "A1>", "a4<", "A6<", "a4>", "A2>", "a4>", "A4>", "a4>", "A7<", "a4>",
];

pub(super) fn example_18_board() -> Holes {
    board(
        Z,
        [0, 0, 0, 0, 9, 0, 0, 1],
        [1, 6, 3, 1, 0, 5, 4, 0],
        [2, 1, 0, 5, 0, 3, 0, 1],
    )
}

/// Example 18: a never-ending move, Mancala World, "Bao la Kiswahili", Problem 3, "first
/// given by de Voogt, 2006" (as transcribed; Kronenburg, Donkers & de Voogt 2006): "1.A6L*
/// a6R 2.A4R a6R 3.A5L a3R 4.A8> a8 5.A4R a4L 6.A8 a7 7.A1 a4R 8.A6R a4L 9.A2 a4L 10.A4L
/// a4L 11.A7 a4L" from the start, read as in bao.md. The stated position follows, South to
/// move, 11 in each hand, both nyumbas lost; A3< (the never-ending move) is illegal and the
/// derived legal moves are A2>, A2<, A3>, A6>, A6<, A7>, A7<. The document counts 22 plies;
/// with the safari decision of move 4 as a ply of its own the line is 23 actions.
#[test]
fn example_18_never_ending_move() {
    let mut s = bao_game().initial_state();
    replay(&mut s, &EXAMPLE_18_LINE);
    assert_eq!(s.ply(), 23);
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A6>", "A6<", "A7>", "A7<"],
    );
    assert_illegal(&s, "A3<");
    // A1 and A4 are singletons that may not take the seed (B15).
    assert_illegal(&s, "A1>");
    assert_illegal(&s, "A4<");
}

/// Example 18: the move-4 decision is a real choice (A8<: a1's capture, then a6's, ends in
/// the functional nyumba), and the rest of the line is legal move by move (replay).
#[test]
fn example_18_never_ending_move_decision() {
    let mut s = bao_game().initial_state();
    replay(&mut s, &EXAMPLE_18_LINE[..7]);
    assert!(s.at_decision());
    assert_eq!(s.to_move(), SOUTH);
    assert_eq!(legal_names(&s), ["stop", "safari"]);
}

/// Example 18 with a lap cap of 3 and endless_move = "sleep" (B24 option, bao-malawi.md
/// BM19): A3< is legal and ends after its third lap. A3 (3 + 1): A2, A1, B1, B2 (2): relay
/// B3, B4 (6): relay B5, B6, B7, B8, A8, A7 (5); the cap is reached: the move sleeps there,
/// A7 not relayed, and the turn passes. Every start is legal under "sleep".
#[test]
fn example_18_never_ending_move_sleep() {
    let g = with_limits("endless_move = \"sleep\"", "max_laps = 3");
    let mut s = pos(&g, example_18_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"],
    );
    play(&mut s, "A3<");
    // North: a1 (1) faces A8 (1): his kichwa capture; a4 faces the empty A5.
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 9, 0, 0, 1],
            [2, 7, 0, 1, 0, 5, 5, 1],
            [3, 0, 1, 0, 1, 4, 1, 2],
        ),
        [10, 11],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

/// Example 18 with a lap cap of 3 and endless_move = "capped": the same three laps, then the
/// game ends as capped (laps), the board as it is.
#[test]
fn example_18_never_ending_move_capped() {
    let g = with_limits("endless_move = \"capped\"", "max_laps = 3");
    let mut s = pos(&g, example_18_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"],
    );
    play(&mut s, "A3<");
    check_over(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 9, 0, 0, 1],
            [2, 7, 0, 1, 0, 5, 5, 1],
            [3, 0, 1, 0, 1, 4, 1, 2],
        ),
        [10, 11],
        [false, false],
        GameResult::Capped(Cap::Laps),
    );
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

/// Example 18 with a lap cap of 3 under the default endless_move = "illegal": the starts
/// that need a fourth lap are illegal. A2> relays B8 (lap 2), B6 (lap 3), B2 (lap 4); A6<
/// relays B1, B4, A7 (lap 4); A3< never ends. A2< ends in its third lap (in the emptied A2),
/// A3> in its second, A6> and A7> in their first, A7< in its third (in the emptied A7).
#[test]
fn example_18_never_ending_move_cap_illegal() {
    let g = with_limits("", "max_laps = 3");
    let s = pos(&g, example_18_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2<", "A3>", "A6>", "A7>", "A7<"],
    );
}

pub(super) fn example_19_board() -> Holes {
    board(
        [0, 1, 2, 1, 4, 8, 2, 2],
        [10, 0, 0, 10, 2, 1, 0, 1],
        [0, 2, 0, 0, 1, 1, 0, 0],
        [0, 0, 2, 2, 0, 2, 6, 4],
    )
}

pub(super) fn example_19() -> BaoState {
    pos_takasia(
        &bao_game(),
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
    )
}

/// Example 19: the K.I.B.A. rules (English), § 4.5, takasia, as transcribed by
/// nkkmd/bao-la-kiswahili-ja (`tools/verify_takasia.py`, case E30). Mtaji, North to move, a4
/// takasiaed, neither nyumba owned. North may not start from a4, a3 and a1 are singletons:
/// his legal moves are the four starts from a8 and a5. Stated: a8> 1 lap ending in a2, a4
/// ending with 2. South's only capture is then B8< (4: A8..A5, facing a4).
#[test]
fn example_19_takasia() {
    let s = example_19();
    check_takasia(
        &s,
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
        &["a5>", "a5<", "a8>", "a8<"],
    );
    assert_illegal(&s, "a4>");
    assert_illegal(&s, "a4<");
    let mut t = s.clone();
    // a8> (10): b8..b1, a1, a2; a2 was empty.
    play(&mut t, "a8>");
    check(
        &t,
        board(
            [1, 2, 3, 2, 5, 9, 3, 3],
            [0, 0, 0, 10, 2, 1, 1, 2],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8<"],
    );
}

/// Example 19, a8<: stated 5 laps, the fifth ending in a4, which is not relayed (takasia);
/// a4 ends with 5 (laps passing over it drop a seed in it).
#[test]
fn example_19_takasia_2() {
    let mut s = example_19();
    play(&mut s, "a8<");
    check(
        &s,
        board(
            [0, 3, 4, 3, 6, 1, 4, 4],
            [2, 0, 3, 1, 5, 3, 2, 3],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8<"],
    );
}

/// Example 19, a5>: stated 2 laps, ending in a2; a4 ends with 2.
#[test]
fn example_19_takasia_3() {
    let mut s = example_19();
    play(&mut s, "a5>");
    check(
        &s,
        board(
            [1, 2, 3, 2, 5, 9, 0, 3],
            [11, 1, 1, 0, 2, 1, 1, 2],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8<"],
    );
}

/// Example 19, a5<: stated 10 laps, ending in a3; a4 ends with 6.
#[test]
fn example_19_takasia_4() {
    let mut s = example_19();
    play(&mut s, "a5<");
    check(
        &s,
        board(
            [3, 0, 2, 4, 1, 11, 0, 5],
            [2, 1, 0, 1, 6, 1, 3, 4],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8<"],
    );
}

/// Example 19's predecessor, the nkkmd project's own construction (not the source's): South
/// with A2 = 2, A7 = 2, A5 = A6 = 0 plays the mtaji takasa A7< (A6, A5), which creates the
/// takasia on a4 (B22's trigger).
#[test]
fn example_19_takasia_predecessor() {
    let before = board(
        [0, 1, 2, 1, 4, 8, 2, 2],
        [10, 0, 0, 10, 2, 1, 0, 1],
        [0, 2, 0, 0, 0, 0, 2, 0],
        [0, 0, 2, 2, 0, 2, 6, 4],
    );
    let mut s = at(before, [0, 0], [false, false], SOUTH);
    check(
        &s,
        before,
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A7>", "A7<"],
    );
    play(&mut s, "A7<");
    check_takasia(
        &s,
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
        &["a5>", "a5<", "a8>", "a8<"],
    );
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

// Notation (bao.md, "Actions"): the hole with the mover's letters and `>` or `<`, `stop`,
// `safari`; parse_action reads the same text.
#[test]
fn notation_actions() {
    let s = bao_game().initial_state();
    assert_eq!(s.action_to_string(act("A6>")), "A6>");
    assert_eq!(s.action_to_string(act("A7<")), "A7<");
    assert_eq!(s.parse_action("A6>").unwrap(), 5);
    assert_eq!(s.parse_action("A7<").unwrap(), bao::ANTICLOCKWISE + 6);
    assert!(s.parse_action("A5>").is_err());
    let mut t = s.clone();
    play(&mut t, "A6<");
    assert_eq!(t.action_to_string(act("a5>")), "a5>");
    assert_eq!(t.parse_action("a6<").unwrap(), bao::ANTICLOCKWISE + 5);
    let mut d = at(example_10_board(), [9, 9], [true, true], SOUTH);
    play(&mut d, "A8<");
    assert_eq!(d.action_to_string(bao::STOP), "stop");
    assert_eq!(d.action_to_string(bao::SAFARI), "safari");
    assert_eq!(d.parse_action("safari").unwrap(), bao::SAFARI);
    assert_eq!(d.parse_action("stop").unwrap(), bao::STOP);
    // Back-row holes: B2 is hole index 9.
    let e = at(example_15_board(), [0, 0], [false, false], SOUTH);
    assert_eq!(e.action_to_string(act("B2<")), "B2<");
    assert_eq!(e.parse_action("B2<").unwrap(), bao::ANTICLOCKWISE + 9);
}
