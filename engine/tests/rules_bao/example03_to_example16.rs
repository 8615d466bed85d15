//! rules_bao: the tests of example03 to example16.

use super::*;

/// Example 3: Nierse, diagram 3 -> 4 (Game Cabinet, as transcribed): namua capture of one
/// seed into the left kichwa.
#[test]
fn example_03_namua_capture_one_seed_left_kichwa() {
    let diagram_3 = board(Z, [1, 0, 1, 8, 1, 2, 0, 0], [0, 0, 0, 0, 7, 0, 2, 1], Z);
    let mut s = at(diagram_3, [21, 20], [true, true], SOUTH);
    check(
        &s,
        diagram_3,
        [21, 20],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    // Diagram 4. North's a8 (1) faces A1 (1): his kichwa capture.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 0, 0, 0, 8, 0, 2, 1], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a8<"],
    );
}

pub(super) fn example_04_board() -> Holes {
    board(Z, [1, 0, 1, 8, 3, 2, 0, 0], [0, 0, 0, 0, 7, 0, 0, 0], Z)
}

/// Example 4: Nierse, diagram 5 -> 7 (Game Cabinet, as transcribed): namua capture of 3
/// seeds, left kichwa.
#[test]
fn example_04_namua_capture_three_seeds_left_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    check(
        &s,
        example_04_board(),
        [21, 21],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    // Diagram 7.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 1, 1, 0, 8, 0, 0, 0], Z),
        [20, 21],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a8<"],
    );
}

/// Example 5: Nierse, diagram 5 -> 8 (Game Cabinet, as transcribed): the same capture from
/// the right kichwa.
#[test]
fn example_05_namua_capture_right_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    play(&mut s, "A5<");
    // Diagram 8.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 1], Z),
        [20, 21],
        [true, true],
        NORTH,
        &["a3>", "a3<"],
    );
}

pub(super) fn example_06_board() -> Holes {
    board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z)
}

/// Examples 6-9: Nierse, diagram 9 (Game Cabinet, as transcribed): the four forced kichwa.
/// Example 6, diagram 10: A1> takes a8 (4) into A1..A4.
#[test]
fn example_06_forced_kichwa_a1() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    check(
        &s,
        example_06_board(),
        [9, 8],
        [true, true],
        SOUTH,
        &["A1>", "A2>", "A7<", "A8<"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        board(Z, [0, 3, 1, 8, 0, 2, 5, 6], [3, 3, 1, 1, 8, 0, 3, 4], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a5>", "a5<", "a6>", "a6<", "a7<"],
    );
}

/// Example 7: Nierse, diagram 9 -> 12: A2> takes a7 (3) into A1..A3.
#[test]
fn example_07_forced_kichwa_a2() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        board(Z, [4, 0, 1, 8, 0, 2, 5, 6], [2, 4, 1, 0, 8, 0, 3, 4], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a6>", "a6<", "a8<"],
    );
}

/// Example 8: Nierse, diagram 9 -> 11: A7< takes a2 (5) into A8..A4. The printed diagram
/// shows A8 = 6, a typo the transcription reports (25 seeds where 24 exist); the replay gives
/// A8 = 5.
#[test]
fn example_08_forced_kichwa_a7() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A7<");
    check(
        &s,
        board(Z, [4, 3, 1, 8, 0, 2, 0, 6], [1, 2, 0, 1, 9, 1, 5, 5], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a3>", "a3<", "a5>", "a5<", "a7<", "a8<"],
    );
}

/// Example 9: Nierse, diagram 9 -> 13: A8< takes a1 (6) into A8..A3.
#[test]
fn example_09_forced_kichwa_a8() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A8<");
    check(
        &s,
        board(Z, [4, 3, 1, 8, 0, 2, 5, 0], [1, 2, 1, 1, 9, 1, 4, 6], Z),
        [8, 8],
        [true, true],
        NORTH,
        &[
            "a2>", "a3>", "a3<", "a5>", "a5<", "a6>", "a6<", "a7<", "a8<",
        ],
    );
}

pub(super) fn example_10_board() -> Holes {
    board(Z, [0, 3, 4, 8, 0, 2, 5, 6], [0, 2, 1, 0, 8, 0, 3, 4], Z)
}

/// Example 10: Nierse, diagram 14 -> 15 (Game Cabinet, as transcribed): kimbi capture and a
/// second capture. A2> takes a7 (3) into A1..A3; A3 (2) takes a6 (4), clockwise kept, into
/// A1..A4; A4 was empty.
#[test]
fn example_10_kimbi_capture_and_second_capture() {
    let mut s = at(example_10_board(), [9, 9], [true, true], SOUTH);
    check(
        &s,
        example_10_board(),
        [9, 9],
        [true, true],
        SOUTH,
        &["A2>", "A3>", "A3<", "A7<", "A8<"],
    );
    play(&mut s, "A2>");
    // Diagram 15.
    check(
        &s,
        board(Z, [0, 0, 0, 8, 0, 2, 5, 6], [2, 5, 3, 1, 8, 0, 3, 4], Z),
        [8, 9],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a5>", "a5<"],
    );
}

/// Example 11: Nierse, diagram 14 -> 16 (Game Cabinet, as transcribed): kichwa capture, a
/// second capture, and the safari. A8< takes a1 (6) into A8..A3; A3 (2) takes a6 (4),
/// anticlockwise kept: A8, A7, A6, A5; the nyumba (10) faces the empty a4: the decision.
/// safari: its 10 go A4..A1, B1..B6; B6 was empty; the nyumba is lost (diagram 16).
#[test]
fn example_11_kichwa_capture_second_capture_safari() {
    let mut s = at(example_10_board(), [9, 9], [true, true], SOUTH);
    play(&mut s, "A8<");
    let decided = board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z);
    check(
        &s,
        decided,
        [8, 9],
        [true, true],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "safari");
    check(
        &t,
        board(
            Z,
            [0, 3, 0, 8, 0, 2, 5, 0],
            [1, 3, 3, 2, 0, 2, 5, 7],
            [1, 1, 1, 1, 1, 1, 0, 0],
        ),
        [8, 9],
        [false, true],
        NORTH,
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"],
    );
    // Stated for stop: A5 keeps 10 and South keeps the nyumba (whole board derived).
    play(&mut s, "stop");
    check(
        &s,
        decided,
        [8, 9],
        [true, true],
        NORTH,
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"],
    );
}

pub(super) fn example_12_board() -> Holes {
    board(Z, [1, 0, 0, 7, 0, 0, 0, 2], [0, 2, 3, 2, 0, 2, 5, 0], Z)
}

/// Example 12: Nierse, diagram 17 -> 18 (Game Cabinet, as transcribed): relay round the
/// corner. A4> (3) takes North's nyumba a5 (7) into A1..A7; A7 (6) faces the empty a2:
/// relay A8, B8, B7, B6, B5, B4; B4 was empty.
#[test]
fn example_12_relay_round_the_corner() {
    let mut s = at(example_12_board(), [20, 20], [true, true], SOUTH);
    check(
        &s,
        example_12_board(),
        [20, 20],
        [true, true],
        SOUTH,
        &["A4>", "A4<"],
    );
    play(&mut s, "A4>");
    // Diagram 18; North's nyumba is lost.
    check(
        &s,
        board(
            Z,
            [1, 0, 0, 0, 0, 0, 0, 2],
            [1, 3, 4, 4, 1, 3, 0, 1],
            [0, 0, 0, 1, 1, 1, 1, 1],
        ),
        [19, 20],
        [true, false],
        NORTH,
        &["a1>", "a8<"],
    );
}

/// Example 12, the other kichwa (the transcription's A4<): a5's 7 into A8..A2; A2 (3) faces
/// the empty a7: relay A1, B1, B2; B2 was empty.
#[test]
fn example_12_relay_round_the_corner_2() {
    let mut s = at(example_12_board(), [20, 20], [true, true], SOUTH);
    play(&mut s, "A4<");
    check(
        &s,
        board(
            Z,
            [1, 0, 0, 0, 0, 0, 0, 2],
            [1, 0, 4, 4, 1, 3, 6, 1],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [19, 20],
        [true, false],
        NORTH,
        &["a1>", "a8<"],
    );
}

pub(super) fn example_13_board() -> Holes {
    board(Z, [0, 1, 2, 10, 4, 4, 0, 0], [2, 1, 0, 0, 12, 0, 0, 0], Z)
}

/// Example 13: Nierse, diagram 19 (Game Cabinet, as transcribed): a capturing move stops at
/// the nyumba. A5< puts the seed into the nyumba (13), which takes a4 (4): A8, A7, A6, A5
/// (14), opposite now empty: stop.
#[test]
fn example_13_capturing_move_stops_at_nyumba() {
    let mut s = at(example_13_board(), [14, 14], [true, true], SOUTH);
    check(
        &s,
        example_13_board(),
        [14, 14],
        [true, true],
        SOUTH,
        &["A2>", "A5>", "A5<"],
    );
    play(&mut s, "A5<");
    let decided = board(Z, [0, 1, 2, 10, 0, 4, 0, 0], [2, 1, 0, 0, 14, 1, 1, 1], Z);
    check(
        &s,
        decided,
        [13, 14],
        [true, true],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "stop");
    check(
        &t,
        decided,
        [13, 14],
        [true, true],
        NORTH,
        &["a3>", "a3<", "a7<"],
    );
    // Derived: with safari the 14 go A4..A1, B1..B8, A8, A7; A7 (2) is relayed into A6, A5,
    // which was empty.
    play(&mut s, "safari");
    check(
        &s,
        board(
            Z,
            [0, 1, 2, 10, 0, 4, 0, 0],
            [3, 2, 1, 1, 1, 2, 0, 2],
            [1; 8],
        ),
        [13, 14],
        [false, true],
        NORTH,
        &["a3>", "a3<", "a5>", "a5<", "a6>", "a6<", "a7<"],
    );
}

pub(super) fn example_14_board() -> Holes {
    board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 9, 0, 0, 0], Z)
}

/// Example 14: Nierse, diagram 22 (Game Cabinet, as transcribed): the tax. A5> puts the seed
/// in (10) and two seeds into A6, A7; the nyumba keeps 8.
#[test]
fn example_14_tax() {
    let s = at(example_14_board(), [21, 20], [true, true], SOUTH);
    check(
        &s,
        example_14_board(),
        [21, 20],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(
        &t,
        board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 0], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a3>", "a3<"],
    );
    // A5<: A4, A3.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 1, 1, 8, 0, 0, 0], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a5>", "a5<", "a6>", "a6<"],
    );
}

/// Example 15's diagram holds 28 seeds; the other 36 are put in North's back row.
pub(super) fn example_15_board() -> Holes {
    board(
        [5, 5, 5, 5, 4, 4, 4, 4],
        [0, 0, 0, 0, 5, 6, 0, 0],
        [0, 3, 0, 0, 4, 1, 0, 0],
        [0, 9, 0, 0, 0, 0, 0, 0],
    )
}

/// Example 15: Nierse, diagram 23 (Game Cabinet, as transcribed): two mtaji-stage captures.
/// A2> (3): A3, A4, A5 (5) takes a4 (5), clockwise kept: A1..A5; A5 (6) faces the emptied a4:
/// relay A6, A7, A8, B8, B7, B6; B6 was empty. No nyumba is owned.
#[test]
fn example_15_mtaji_captures() {
    let mut s = at(example_15_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        example_15_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "B2<"],
    );
    play(&mut s, "A2>");
    check(
        &s,
        board(
            [5, 5, 5, 5, 4, 4, 4, 4],
            [0, 0, 0, 0, 0, 6, 0, 0],
            [1, 1, 2, 2, 0, 2, 1, 1],
            [0, 9, 0, 0, 0, 1, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b2>"],
    );
}

/// Example 15, the capture from the back row: B2< (9): B3..B8, A8, A7, A6 (2) takes a3 (6),
/// anticlockwise kept: A8..A3; A3 was empty.
#[test]
fn example_15_mtaji_captures_2() {
    let mut s = at(example_15_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "B2<");
    check(
        &s,
        board(
            [5, 5, 5, 5, 4, 4, 4, 4],
            [0, 0, 0, 0, 5, 0, 0, 0],
            [0, 3, 1, 1, 5, 3, 2, 2],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b1>", "b8<"],
    );
}

/// Example 16: Mancala World, "Bao la Kiswahili", Puzzle 1, "South to move and win! 1. B2L
/// Bao hamna!" (as transcribed). B2> (B1, A1) takes a8 (3): A1, A2, A3 (2) takes a6 (3):
/// A1, A2, A3 (3), facing the emptied a6: relay A4, A5, A6 (2) takes a3 (5): A1..A5 (2),
/// facing a4 (0): relay A6, A7 (2) takes a2 (1), North's last front seed: South wins; the
/// seed is sown into the right kichwa A8.
#[test]
fn example_16_puzzle_1_bao_hamna() {
    let puzzle = board(
        [2, 2, 4, 6, 0, 0, 3, 4],
        [3, 0, 3, 0, 0, 5, 1, 0],
        [2, 0, 1, 2, 0, 1, 1, 1],
        [1, 2, 4, 5, 3, 3, 3, 2],
    );
    let mut s = at(puzzle, [0, 0], [false, false], SOUTH);
    check(
        &s,
        puzzle,
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A4>", "B8<", "B7<", "B2>"],
    );
    play(&mut s, "B2>");
    check_over(
        &s,
        board(
            [2, 2, 4, 6, 0, 0, 3, 4],
            Z,
            [6, 3, 1, 4, 0, 3, 2, 2],
            [2, 0, 4, 5, 3, 3, 3, 2],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(SOUTH),
    );
}

pub(super) fn example_17_board() -> Holes {
    board(
        [1, 1, 2, 2, 3, 3, 0, 0],
        [1, 2, 2, 0, 12, 0, 2, 0],
        [2, 3, 2, 4, 2, 0, 3, 0],
        [8, 0, 1, 5, 2, 1, 0, 0],
    )
}

/// After 1. a4< in example 17.
pub(super) fn example_17_after_a4() -> Holes {
    board(
        [2, 0, 3, 7, 2, 8, 3, 1],
        [1, 4, 1, 5, 0, 1, 2, 3],
        [0, 0, 0, 4, 0, 0, 0, 0],
        [8, 0, 1, 5, 2, 1, 0, 0],
    )
}
