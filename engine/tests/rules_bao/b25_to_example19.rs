//! rules_bao: the tests of b25 to example19.

use super::*;

// ---------------------------------------------------------------------------------------------
// B25
// ---------------------------------------------------------------------------------------------

// B25: a game that reaches max_plies plies ends as capped and returns [0, 0]. A6< (A5, A4,
// A3), then North's a6< (a6 faces A3: it takes A3's seed into his right kichwa a8).
#[test]
fn b25_caps() {
    let g = with_limits("", "max_plies = 2");
    let mut s = g.initial_state();
    play(&mut s, "A6<");
    play(&mut s, "a6<");
    check_over(&s, board(Z, [1, 2, 3, 6, 0, 0, 0, 0], [0, 0, 0, 1, 7, 0, 2, 0], Z), [21, 21], [true, true], GameResult::Capped(Cap::Plies));
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// B25: every action is a ply, the stop/safari decision included: under a one-ply cap the
// game stops while example 11's decision is pending.
#[test]
fn b25_caps_decision_is_a_ply() {
    let g = with_limits("", "max_plies = 1");
    let mut s = pos(&g, example_10_board(), [9, 9], [true, true], SOUTH);
    play(&mut s, "A8<");
    check_over(&s, board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z), [8, 9], [true, true], GameResult::Capped(Cap::Plies));
}

// ---------------------------------------------------------------------------------------------
// Worked examples
// ---------------------------------------------------------------------------------------------

/// Example 1: Nierse, "Bao", http://www.gamecabinet.com/rules/Bao.html, diagram 2 (the start
/// position); legal moves and the results of A6<, A6>, A7> derived in bao.md.
#[test]
fn example_01_start_position() {
    let s = bao_game().initial_state();
    check(&s, start_board(), [22, 22], [true, true], SOUTH, &["A6>", "A6<", "A7>", "A7<"]);
    // A6<: A6 (3): A5, A4, A3. North's a5 and a6 now face A4 and A3: he captures.
    let mut t = s.clone();
    play(&mut t, "A6<");
    check(&t, board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 1, 1, 7, 0, 2, 0], Z), [21, 22], [true, true], NORTH, &["a5>", "a5<", "a6>", "a6<"]);
    // A6>: A7, A8, B8.
    let mut t = s.clone();
    play(&mut t, "A6>");
    check(
        &t,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 0, 6, 0, 3, 1], [0, 0, 0, 0, 0, 0, 0, 1]),
        [21, 22],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a7>", "a7<"],
    );
    // A7>: A8, B8, B7.
    let mut t = s.clone();
    play(&mut t, "A7>");
    check(
        &t,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 0, 1], [0, 0, 0, 0, 0, 0, 1, 1]),
        [21, 22],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a7>", "a7<"],
    );
}

/// Example 2: de Voogt 1995, p. 151, Ramadhan v. Kijumbe, 17 October 1994, moves 1 `A7L a5R`,
/// as transcribed by nkkmd/bao-la-kiswahili-ja (`guide/examples/validation-cases.md`, V02).
#[test]
fn example_02_de_voogt_ramadhan_kijumbe() {
    let mut s = bao_game().initial_state();
    // A7L = A7<: A7 (3): A6, A5, A4; A4 was empty.
    play(&mut s, "A7<");
    check(&s, board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 1, 7, 3, 0, 0], Z), [21, 22], [true, true], NORTH, &["a5>", "a5<"]);
    // a5R = a5<: a5 (7) takes A4 (1) into North's right kichwa a8.
    play(&mut s, "a5<");
    check(&s, board(Z, [1, 2, 2, 7, 0, 0, 0, 0], [0, 0, 0, 0, 7, 3, 0, 0], Z), [21, 21], [true, true], SOUTH, &["A6>", "A6<"]);
}

/// Example 3: Nierse, diagram 3 -> 4 (Game Cabinet, as transcribed): namua capture of one
/// seed into the left kichwa.
#[test]
fn example_03_namua_capture_one_seed_left_kichwa() {
    let diagram_3 = board(Z, [1, 0, 1, 8, 1, 2, 0, 0], [0, 0, 0, 0, 7, 0, 2, 1], Z);
    let mut s = at(diagram_3, [21, 20], [true, true], SOUTH);
    check(&s, diagram_3, [21, 20], [true, true], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    // Diagram 4. North's a8 (1) faces A1 (1): his kichwa capture.
    check(&s, board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 0, 0, 0, 8, 0, 2, 1], Z), [20, 20], [true, true], NORTH, &["a8<"]);
}

pub(super) fn example_04_board() -> Holes {
    board(Z, [1, 0, 1, 8, 3, 2, 0, 0], [0, 0, 0, 0, 7, 0, 0, 0], Z)
}

/// Example 4: Nierse, diagram 5 -> 7 (Game Cabinet, as transcribed): namua capture of 3
/// seeds, left kichwa.
#[test]
fn example_04_namua_capture_three_seeds_left_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    check(&s, example_04_board(), [21, 21], [true, true], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    // Diagram 7.
    check(&s, board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 1, 1, 0, 8, 0, 0, 0], Z), [20, 21], [true, true], NORTH, &["a6>", "a6<", "a8<"]);
}

/// Example 5: Nierse, diagram 5 -> 8 (Game Cabinet, as transcribed): the same capture from
/// the right kichwa.
#[test]
fn example_05_namua_capture_right_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    play(&mut s, "A5<");
    // Diagram 8.
    check(&s, board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 1], Z), [20, 21], [true, true], NORTH, &["a3>", "a3<"]);
}

pub(super) fn example_06_board() -> Holes {
    board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z)
}

/// Examples 6-9: Nierse, diagram 9 (Game Cabinet, as transcribed): the four forced kichwa.
/// Example 6, diagram 10: A1> takes a8 (4) into A1..A4.
#[test]
fn example_06_forced_kichwa_a1() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    check(&s, example_06_board(), [9, 8], [true, true], SOUTH, &["A1>", "A2>", "A7<", "A8<"]);
    play(&mut s, "A1>");
    check(&s, board(Z, [0, 3, 1, 8, 0, 2, 5, 6], [3, 3, 1, 1, 8, 0, 3, 4], Z), [8, 8], [true, true], NORTH, &["a1>", "a2>", "a5>", "a5<", "a6>", "a6<", "a7<"]);
}

/// Example 7: Nierse, diagram 9 -> 12: A2> takes a7 (3) into A1..A3.
#[test]
fn example_07_forced_kichwa_a2() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A2>");
    check(&s, board(Z, [4, 0, 1, 8, 0, 2, 5, 6], [2, 4, 1, 0, 8, 0, 3, 4], Z), [8, 8], [true, true], NORTH, &["a1>", "a2>", "a6>", "a6<", "a8<"]);
}

/// Example 8: Nierse, diagram 9 -> 11: A7< takes a2 (5) into A8..A4. The printed diagram
/// shows A8 = 6, a typo the transcription reports (25 seeds where 24 exist); the replay gives
/// A8 = 5.
#[test]
fn example_08_forced_kichwa_a7() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A7<");
    check(&s, board(Z, [4, 3, 1, 8, 0, 2, 0, 6], [1, 2, 0, 1, 9, 1, 5, 5], Z), [8, 8], [true, true], NORTH, &["a1>", "a3>", "a3<", "a5>", "a5<", "a7<", "a8<"]);
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
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a6>", "a6<", "a7<", "a8<"],
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
    check(&s, example_10_board(), [9, 9], [true, true], SOUTH, &["A2>", "A3>", "A3<", "A7<", "A8<"]);
    play(&mut s, "A2>");
    // Diagram 15.
    check(&s, board(Z, [0, 0, 0, 8, 0, 2, 5, 6], [2, 5, 3, 1, 8, 0, 3, 4], Z), [8, 9], [true, true], NORTH, &["a1>", "a2>", "a5>", "a5<"]);
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
    check(&s, decided, [8, 9], [true, true], SOUTH, &["stop", "safari"]);
    let mut t = s.clone();
    play(&mut t, "safari");
    check(
        &t,
        board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [1, 3, 3, 2, 0, 2, 5, 7], [1, 1, 1, 1, 1, 1, 0, 0]),
        [8, 9],
        [false, true],
        NORTH,
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"],
    );
    // Stated for stop: A5 keeps 10 and South keeps the nyumba (whole board derived).
    play(&mut s, "stop");
    check(&s, decided, [8, 9], [true, true], NORTH, &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"]);
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
    check(&s, example_12_board(), [20, 20], [true, true], SOUTH, &["A4>", "A4<"]);
    play(&mut s, "A4>");
    // Diagram 18; North's nyumba is lost.
    check(&s, board(Z, [1, 0, 0, 0, 0, 0, 0, 2], [1, 3, 4, 4, 1, 3, 0, 1], [0, 0, 0, 1, 1, 1, 1, 1]), [19, 20], [true, false], NORTH, &["a1>", "a8<"]);
}

/// Example 12, the other kichwa (the transcription's A4<): a5's 7 into A8..A2; A2 (3) faces
/// the empty a7: relay A1, B1, B2; B2 was empty.
#[test]
fn example_12_relay_round_the_corner_2() {
    let mut s = at(example_12_board(), [20, 20], [true, true], SOUTH);
    play(&mut s, "A4<");
    check(&s, board(Z, [1, 0, 0, 0, 0, 0, 0, 2], [1, 0, 4, 4, 1, 3, 6, 1], [1, 1, 0, 0, 0, 0, 0, 0]), [19, 20], [true, false], NORTH, &["a1>", "a8<"]);
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
    check(&s, example_13_board(), [14, 14], [true, true], SOUTH, &["A2>", "A5>", "A5<"]);
    play(&mut s, "A5<");
    let decided = board(Z, [0, 1, 2, 10, 0, 4, 0, 0], [2, 1, 0, 0, 14, 1, 1, 1], Z);
    check(&s, decided, [13, 14], [true, true], SOUTH, &["stop", "safari"]);
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [13, 14], [true, true], NORTH, &["a3>", "a3<", "a7<"]);
    // Derived: with safari the 14 go A4..A1, B1..B8, A8, A7; A7 (2) is relayed into A6, A5,
    // which was empty.
    play(&mut s, "safari");
    check(
        &s,
        board(Z, [0, 1, 2, 10, 0, 4, 0, 0], [3, 2, 1, 1, 1, 2, 0, 2], [1; 8]),
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
    check(&s, example_14_board(), [21, 20], [true, true], SOUTH, &["A5>", "A5<"]);
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(&t, board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 0], Z), [20, 20], [true, true], NORTH, &["a3>", "a3<"]);
    // A5<: A4, A3.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(&t, board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 1, 1, 8, 0, 0, 0], Z), [20, 20], [true, true], NORTH, &["a5>", "a5<", "a6>", "a6<"]);
}

/// Example 15's diagram holds 28 seeds; the other 36 are put in North's back row.
pub(super) fn example_15_board() -> Holes {
    board([5, 5, 5, 5, 4, 4, 4, 4], [0, 0, 0, 0, 5, 6, 0, 0], [0, 3, 0, 0, 4, 1, 0, 0], [0, 9, 0, 0, 0, 0, 0, 0])
}

/// Example 15: Nierse, diagram 23 (Game Cabinet, as transcribed): two mtaji-stage captures.
/// A2> (3): A3, A4, A5 (5) takes a4 (5), clockwise kept: A1..A5; A5 (6) faces the emptied a4:
/// relay A6, A7, A8, B8, B7, B6; B6 was empty. No nyumba is owned.
#[test]
fn example_15_mtaji_captures() {
    let mut s = at(example_15_board(), [0, 0], [false, false], SOUTH);
    check(&s, example_15_board(), [0, 0], [false, false], SOUTH, &["A2>", "B2<"]);
    play(&mut s, "A2>");
    check(
        &s,
        board([5, 5, 5, 5, 4, 4, 4, 4], [0, 0, 0, 0, 0, 6, 0, 0], [1, 1, 2, 2, 0, 2, 1, 1], [0, 9, 0, 0, 0, 1, 1, 1]),
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
        board([5, 5, 5, 5, 4, 4, 4, 4], [0, 0, 0, 0, 5, 0, 0, 0], [0, 3, 1, 1, 5, 3, 2, 2], [0, 0, 1, 1, 1, 1, 1, 1]),
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
    let puzzle = board([2, 2, 4, 6, 0, 0, 3, 4], [3, 0, 3, 0, 0, 5, 1, 0], [2, 0, 1, 2, 0, 1, 1, 1], [1, 2, 4, 5, 3, 3, 3, 2]);
    let mut s = at(puzzle, [0, 0], [false, false], SOUTH);
    check(&s, puzzle, [0, 0], [false, false], SOUTH, &["A1>", "A4>", "B8<", "B7<", "B2>"]);
    play(&mut s, "B2>");
    check_over(&s, board([2, 2, 4, 6, 0, 0, 3, 4], Z, [6, 3, 1, 4, 0, 3, 2, 2], [2, 0, 4, 5, 3, 3, 3, 2]), [0, 0], [false, false], GameResult::Win(SOUTH));
}

pub(super) fn example_17_board() -> Holes {
    board([1, 1, 2, 2, 3, 3, 0, 0], [1, 2, 2, 0, 12, 0, 2, 0], [2, 3, 2, 4, 2, 0, 3, 0], [8, 0, 1, 5, 2, 1, 0, 0])
}

/// After 1. a4< in example 17.
pub(super) fn example_17_after_a4() -> Holes {
    board([2, 0, 3, 7, 2, 8, 3, 1], [1, 4, 1, 5, 0, 1, 2, 3], [0, 0, 0, 4, 0, 0, 0, 0], [8, 0, 1, 5, 2, 1, 0, 0])
}

/// Example 17: Mancala World, "Bao la Kiswahili", Puzzle 2, "North to play and win!" (as
/// transcribed): "1. a4R A4L* 2. b3R B4R (forced) 3. b2R = Bao hamna!", in ours 1. a4< A4<
/// 2. b3> B4< 3. b2>. a4< (12) ends in a8 facing A1 and sets off a chain of captures (A1, A2,
/// A3, A7, A5) that leaves South only A4 (4).
#[test]
fn example_17_puzzle_2_main_line() {
    let mut s = at(example_17_board(), [0, 0], [false, false], NORTH);
    check(&s, example_17_board(), [0, 0], [false, false], NORTH, &["a2>", "a4<", "a6>", "a6<"]);
    play(&mut s, "a4<");
    check(&s, example_17_after_a4(), [0, 0], [false, false], SOUTH, &["A4>", "A4<"]);
    // 1. ... A4< (4): A3, A2, A1, B1 (9), relayed: B2..B8, A8, A7 (1); A7 was empty.
    play(&mut s, "A4<");
    let after_a4l = board([2, 0, 3, 7, 2, 8, 3, 1], [1, 4, 1, 5, 0, 1, 2, 3], [1, 1, 1, 0, 0, 0, 1, 1], [0, 1, 2, 6, 3, 2, 1, 1]);
    check(&s, after_a4l, [0, 0], [false, false], NORTH, &["b8<", "b6<", "b3>", "b3<", "b2>"]);
    // 2. b3>: South's only legal move is B4<.
    play(&mut s, "b3>");
    check(
        &s,
        board([2, 1, 4, 8, 0, 1, 5, 3], [0, 6, 4, 0, 3, 4, 5, 1], [0, 0, 0, 0, 0, 0, 1, 0], [0, 1, 2, 6, 3, 2, 1, 1]),
        [0, 0],
        [false, false],
        SOUTH,
        &["B4<"],
    );
    // B4< (6): B5..B8, A8, A7 (2) takes a2 (5): A8, A7, A6, A5, A4; A4 was empty.
    play(&mut s, "B4<");
    check(
        &s,
        board([2, 1, 4, 8, 0, 1, 5, 3], [0, 6, 4, 0, 3, 4, 0, 1], [0, 0, 0, 1, 1, 1, 3, 2], [0, 1, 2, 0, 4, 3, 2, 2]),
        [0, 0],
        [false, false],
        NORTH,
        &["b1>", "b2>", "b5>", "b5<", "a4<", "a7<"],
    );
    // 3. b2>: Bao hamna.
    play(&mut s, "b2>");
    check_over(&s, board([3, 2, 5, 9, 1, 0, 1, 0], [1, 0, 5, 2, 6, 8, 5, 2], Z, [0, 1, 2, 0, 4, 3, 2, 2]), [0, 0], [false, false], GameResult::Win(NORTH));
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
        board([2, 0, 3, 7, 2, 8, 3, 1], [1, 4, 1, 5, 0, 1, 2, 3], [0, 0, 0, 0, 1, 1, 1, 1], [8, 0, 1, 5, 2, 1, 0, 0]),
        [0, 0],
        [false, false],
        NORTH,
        &["b2>", "b5>", "a7<"],
    );
    play(&mut s, "b2>");
    check_over(&s, board([3, 1, 4, 0, 3, 9, 1, 3], [2, 0, 2, 6, 2, 4, 6, 1], Z, [8, 0, 1, 5, 2, 1, 0, 0]), [0, 0], [false, false], GameResult::Win(NORTH));
}

/// Example 18's line in our notation: 22 moves and the one safari decision (move 4).
pub(super) const EXAMPLE_18_LINE: [&str; 23] = [
    "A6<", "a6<", "A4<", "a6<", "A5>", "a3<", "A8<", "safari", "a8<", "A4<", "a4>", "A8<", "a7<", "A1>", "a4<", "A6<", "a4>", "A2>", "a4>", "A4>", "a4>",
    "A7<", "a4>",
];

pub(super) fn example_18_board() -> Holes {
    board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [1, 6, 3, 1, 0, 5, 4, 0], [2, 1, 0, 5, 0, 3, 0, 1])
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
    check(&s, example_18_board(), [11, 11], [false, false], SOUTH, &["A2>", "A2<", "A3>", "A6>", "A6<", "A7>", "A7<"]);
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
    check(&s, example_18_board(), [11, 11], [false, false], SOUTH, &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"]);
    play(&mut s, "A3<");
    // North: a1 (1) faces A8 (1): his kichwa capture; a4 faces the empty A5.
    check(&s, board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [2, 7, 0, 1, 0, 5, 5, 1], [3, 0, 1, 0, 1, 4, 1, 2]), [10, 11], [false, false], NORTH, &["a1>"]);
}

/// Example 18 with a lap cap of 3 and endless_move = "capped": the same three laps, then the
/// game ends as capped (laps), the board as it is.
#[test]
fn example_18_never_ending_move_capped() {
    let g = with_limits("endless_move = \"capped\"", "max_laps = 3");
    let mut s = pos(&g, example_18_board(), [11, 11], [false, false], SOUTH);
    check(&s, example_18_board(), [11, 11], [false, false], SOUTH, &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"]);
    play(&mut s, "A3<");
    check_over(
        &s,
        board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [2, 7, 0, 1, 0, 5, 5, 1], [3, 0, 1, 0, 1, 4, 1, 2]),
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
    check(&s, example_18_board(), [11, 11], [false, false], SOUTH, &["A2<", "A3>", "A6>", "A7>", "A7<"]);
}

pub(super) fn example_19_board() -> Holes {
    board([0, 1, 2, 1, 4, 8, 2, 2], [10, 0, 0, 10, 2, 1, 0, 1], [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4])
}

pub(super) fn example_19() -> BaoState {
    pos_takasia(&bao_game(), example_19_board(), [0, 0], [false, false], NORTH, Some(3))
}

/// Example 19: the K.I.B.A. rules (English), § 4.5, takasia, as transcribed by
/// nkkmd/bao-la-kiswahili-ja (`tools/verify_takasia.py`, case E30). Mtaji, North to move, a4
/// takasiaed, neither nyumba owned. North may not start from a4, a3 and a1 are singletons:
/// his legal moves are the four starts from a8 and a5. Stated: a8> 1 lap ending in a2, a4
/// ending with 2. South's only capture is then B8< (4: A8..A5, facing a4).
#[test]
fn example_19_takasia() {
    let s = example_19();
    check_takasia(&s, example_19_board(), [0, 0], [false, false], NORTH, Some(3), &["a5>", "a5<", "a8>", "a8<"]);
    assert_illegal(&s, "a4>");
    assert_illegal(&s, "a4<");
    let mut t = s.clone();
    // a8> (10): b8..b1, a1, a2; a2 was empty.
    play(&mut t, "a8>");
    check(
        &t,
        board([1, 2, 3, 2, 5, 9, 3, 3], [0, 0, 0, 10, 2, 1, 1, 2], [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4]),
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
        board([0, 3, 4, 3, 6, 1, 4, 4], [2, 0, 3, 1, 5, 3, 2, 3], [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4]),
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
        board([1, 2, 3, 2, 5, 9, 0, 3], [11, 1, 1, 0, 2, 1, 1, 2], [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4]),
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
        board([3, 0, 2, 4, 1, 11, 0, 5], [2, 1, 0, 1, 6, 1, 3, 4], [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4]),
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
    let before = board([0, 1, 2, 1, 4, 8, 2, 2], [10, 0, 0, 10, 2, 1, 0, 1], [0, 2, 0, 0, 0, 0, 2, 0], [0, 0, 2, 2, 0, 2, 6, 4]);
    let mut s = at(before, [0, 0], [false, false], SOUTH);
    check(&s, before, [0, 0], [false, false], SOUTH, &["A2>", "A2<", "A7>", "A7<"]);
    play(&mut s, "A7<");
    check_takasia(&s, example_19_board(), [0, 0], [false, false], NORTH, Some(3), &["a5>", "a5<", "a8>", "a8<"]);
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
