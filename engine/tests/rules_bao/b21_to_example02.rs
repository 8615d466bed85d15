//! rules_bao: the tests of b21 to example02.

use super::*;

// B21 in the namua stage: North's lone kichwa a1 (3 + 1) may not go a1< (b1 first); see
// b8_mandatory_capture, where North's only move is a1>.
#[test]
fn b21_front_row_kept_namua() {
    let mut s = at(b8_board(), [28, 28], [false, false], SOUTH);
    play(&mut s, "A2>");
    assert_illegal(&s, "a1<");
}

// ---------------------------------------------------------------------------------------------
// B22
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A2 (2), B8 (5); North's a5 (2), a1 as given, b4 the rest. South has no
/// capture: A2> ends in the empty A4, B8< (5: A8..A4) too.
pub(super) fn b22_board(a1: u8) -> Holes {
    board(
        [0, 0, 0, 0, 55 - a1, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 0, a1],
        [0, 2, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 5],
    )
}

pub(super) fn b22_after(a1: u8) -> Holes {
    board(
        [0, 0, 0, 0, 55 - a1, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 0, a1],
        [0, 0, 1, 1, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 5],
    )
}

// B22: South's takasa A2> (A3, A4) leaves North with no capture (his laps end in empty
// holes, and b4 is too big to capture), while South, moving again, could capture only a5
// (B8< ends in A4, facing it). a5 is neither North's owned nyumba nor his only occupied front
// hole nor his only one with 2 or more (a1 holds 2): a5 is takasiaed for North's next move.
// He may not start from it, so a1 is his only start (towards the back row too: a5 stays
// occupied).
#[test]
fn b22_takasia() {
    let mut s = at(b22_board(2), [0, 0], [false, false], SOUTH);
    check(
        &s,
        b22_board(2),
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<"],
    );
    play(&mut s, "A2>");
    check_takasia(
        &s,
        b22_after(2),
        [0, 0],
        [false, false],
        NORTH,
        Some(4),
        &["a1>", "a1<"],
    );
    assert_illegal(&s, "a5>");
    assert_illegal(&s, "a5<");
    // a1> (2): a2, a3. The takasia held for that move only.
    play(&mut s, "a1>");
    check(
        &s,
        board(
            [0, 0, 0, 0, 53, 0, 0, 0],
            [0, 0, 0, 2, 0, 1, 1, 0],
            [0, 0, 1, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 5],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8<"],
    );
    // B8< (5): A8..A4 (2) takes a5 (2), from the right kichwa: A8, A7 (2), which takes a2
    // (1): A8 (3), facing the empty a1: relay A7, A6, A5 (2), facing a4 (0): relay A4 (3), A3
    // (2), facing a6 (0): relay A2, A1; A1 was empty. North, with no takasia, must sow b4
    // (his front row holds only a3's singleton).
    play(&mut s, "B8<");
    check(
        &s,
        board(
            [0, 0, 0, 0, 53, 0, 0, 0],
            [0, 0, 0, 0, 0, 1, 0, 0],
            [1, 1, 0, 3, 0, 2, 3, 0],
            Z,
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b4>", "b4<"],
    );
}

// B22: no takasia when X is the opponent's owned nyumba (a5 owned, holding 2).
#[test]
fn b22_takasia_not_on_owned_nyumba() {
    let mut s = at(b22_board(2), [0, 0], [false, true], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        b22_after(2),
        [0, 0],
        [false, true],
        NORTH,
        &["a1>", "a1<", "a5>", "a5<"],
    );
}

// B22: no takasia when X is the opponent's only occupied front hole (a1 empty).
#[test]
fn b22_takasia_not_on_only_occupied_hole() {
    let mut s = at(b22_board(0), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        b22_after(0),
        [0, 0],
        [false, false],
        NORTH,
        &["a5>", "a5<"],
    );
}

// B22: no takasia when X is the opponent's only front hole of 2 or more (a1 a singleton).
#[test]
fn b22_takasia_not_on_only_hole_of_two() {
    let mut s = at(b22_board(1), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        b22_after(1),
        [0, 0],
        [false, false],
        NORTH,
        &["a5>", "a5<"],
    );
}

// B22 option takasia = false: the rule is not played.
#[test]
fn b22_takasia_option_off() {
    let g = with_rules("takasia = false");
    let mut s = pos(&g, b22_board(2), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        b22_after(2),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>", "a1<", "a5>", "a5<"],
    );
}

// B22: only a mtaji-stage takasa creates takasia. With one seed in South's hand the same
// A2> is a namua move (A2 1 + 1: A3, A4) and leaves the position of b22_takasia, but North
// is free to start from a5.
#[test]
fn b22_takasia_not_after_namua_move() {
    let before = board(
        [0, 0, 0, 0, 53, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 0, 2],
        [0, 1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 5],
    );
    let mut s = at(before, [1, 0], [false, false], SOUTH);
    check(&s, before, [1, 0], [false, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    check(
        &s,
        b22_after(2),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>", "a1<", "a5>", "a5<"],
    );
}

// B22: a takasia given in the position (BaoSetup) restricts the player to move: example
// 19's position without its takasia lets North start from a4 as well.
#[test]
fn b22_takasia_from_setup() {
    let s = pos_takasia(
        &bao_game(),
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        None,
    );
    check(
        &s,
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        &["a4>", "a4<", "a5>", "a5<", "a8>", "a8<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B23
// ---------------------------------------------------------------------------------------------

// B23: a player who has no legal move loses: South's A1> takes a6 (A2, A3 (2): a6's 2 into
// A1, A2 (2), facing the empty a7: relay A3, A4) and leaves North only singletons.
#[test]
fn b23_game_end_no_move() {
    let holes = board(
        [1; 8],
        [0, 0, 2, 0, 0, 0, 0, 1],
        [2, 0, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 50, 0, 0, 0],
    );
    let mut s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check_over(
        &s,
        board(
            [1; 8],
            [0, 0, 0, 0, 0, 0, 0, 1],
            [1, 0, 3, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 50, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(SOUTH),
    );
    assert_eq!(s.to_move(), NORTH);
}

// B23: a position whose player to move has only singletons is already lost.
#[test]
fn b23_game_end_no_move_2() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 1],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 0, 1, 0, 1, 0, 0, 0],
        [1, 0, 1, 0, 0, 0, 0, 0],
    );
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check_over(&s, holes, [0, 0], [false, false], GameResult::Win(NORTH));
}

// B23: a player whose front row is empty at the start of his move has lost, in either stage.
#[test]
fn b23_game_end_front_row_empty() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 2],
        [0, 0, 0, 0, 0, 0, 0, 2],
        Z,
        [1, 0, 3, 0, 0, 0, 0, 0],
    );
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check_over(&s, holes, [0, 0], [false, false], GameResult::Win(NORTH));
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], Z, Z);
    let s = at(holes, [31, 31], [false, false], SOUTH);
    check_over(&s, holes, [31, 31], [false, false], GameResult::Win(NORTH));
}

// B23 (Bao hamna): a capture that empties the opponent's front row ends the game at once.
// Mtaji: A4< (2): A3, A2 (2) takes a7 (3), North's only front seeds: South wins; the seeds
// are still sown from the left kichwa (A1, A2, A3), and that lap's end is not judged.
#[test]
fn b23_game_end_bao_hamna() {
    let north_b = [6, 6, 6, 6, 6, 6, 6, 6];
    let south_b = [0, 0, 0, 0, 0, 0, 0, 10];
    let mut s = at(
        board(
            north_b,
            [0, 3, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 2, 0, 0, 0, 0],
            south_b,
        ),
        [0, 0],
        [false, false],
        SOUTH,
    );
    check(
        &s,
        board(
            north_b,
            [0, 3, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 2, 0, 0, 0, 0],
            south_b,
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["A4<"],
    );
    play(&mut s, "A4<");
    check_over(
        &s,
        board(north_b, Z, [1, 3, 2, 0, 0, 0, 0, 0], south_b),
        [0, 0],
        [false, false],
        GameResult::Win(SOUTH),
    );
}

// ---------------------------------------------------------------------------------------------
// B24
// ---------------------------------------------------------------------------------------------

pub(super) fn b24_board() -> Holes {
    board(
        [8, 8, 8, 8, 8, 8, 8, 2],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0],
    )
}

// B24 (default cap, 1000 laps): A1> (2): A2, A3 (2), facing the empty a6: relay A4, A5.
#[test]
fn b24_never_ending_moves() {
    let mut s = at(b24_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        b24_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A1<"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        board(
            [8, 8, 8, 8, 8, 8, 8, 2],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 1, 0, 1, 1, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B24: with a cap of one lap both of South's moves need a second lap (A1> relays A3, A1<
// relays B2): both are never-ending, so he has no legal move and loses.
#[test]
fn b24_never_ending_moves_all_illegal_loses() {
    let g = with_limits("", "max_laps = 1");
    let s = pos(&g, b24_board(), [0, 0], [false, false], SOUTH);
    check_over(
        &s,
        b24_board(),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
}

// B24 option endless_move = "sleep": the same moves are legal and end after lap 1, wherever
// its last seed fell. A1>: A2, A3 (2): the move ends there, A3 not relayed.
#[test]
fn b24_never_ending_moves_sleep() {
    let g = with_limits("endless_move = \"sleep\"", "max_laps = 1");
    let s = pos(&g, b24_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        b24_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A1<"],
    );
    let mut t = s.clone();
    play(&mut t, "A1>");
    check(
        &t,
        board(
            [8, 8, 8, 8, 8, 8, 8, 2],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 1, 2, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
    // A1<: B1, B2 (2): the move ends there.
    let mut t = s.clone();
    play(&mut t, "A1<");
    check(
        &t,
        board(
            [8, 8, 8, 8, 8, 8, 8, 2],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 1, 0, 0, 0, 0, 0],
            [1, 2, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B24: a safari is legal only if the move can then finish within the cap. Example 11's
// A8< needs two laps to reach the nyumba (a1's 6, then a6's 4); the safari would be a third.
// Under a two-lap cap the start is legal (stop finishes it) and only stop is.
#[test]
fn b24_never_ending_moves_safari() {
    let g = with_limits("", "max_laps = 2");
    let mut s = pos(&g, example_10_board(), [9, 9], [true, true], SOUTH);
    check(
        &s,
        example_10_board(),
        [9, 9],
        [true, true],
        SOUTH,
        &["A2>", "A3>", "A3<", "A7<", "A8<"],
    );
    play(&mut s, "A8<");
    let decided = board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z);
    check(&s, decided, [8, 9], [true, true], SOUTH, &["stop"]);
    assert_illegal(&s, "safari");
    play(&mut s, "stop");
    check(&s, decided, [8, 9], [true, true], NORTH, &["a5>", "a5<"]);
}

// B24: under a one-lap cap A2> (a second capture) and A8< (two captures) are never-ending.
// A3> (a6's 4 into A1..A4) and A7< (a2's 5 into A8..A4) end in an empty hole after one lap;
// A3< (a6's 4 into A8..A5) reaches the functional nyumba in one lap, and stop ends it there.
#[test]
fn b24_never_ending_moves_one_lap() {
    let g = with_limits("", "max_laps = 1");
    let s = pos(&g, example_10_board(), [9, 9], [true, true], SOUTH);
    check(
        &s,
        example_10_board(),
        [9, 9],
        [true, true],
        SOUTH,
        &["A3>", "A3<", "A7<"],
    );
}

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
    check_over(
        &s,
        board(Z, [1, 2, 3, 6, 0, 0, 0, 0], [0, 0, 0, 1, 7, 0, 2, 0], Z),
        [21, 21],
        [true, true],
        GameResult::Capped(Cap::Plies),
    );
    assert_eq!(s.outcome().unwrap().returns(), [0.0, 0.0]);
}

// B25: every action is a ply, the stop/safari decision included: under a one-ply cap the
// game stops while example 11's decision is pending.
#[test]
fn b25_caps_decision_is_a_ply() {
    let g = with_limits("", "max_plies = 1");
    let mut s = pos(&g, example_10_board(), [9, 9], [true, true], SOUTH);
    play(&mut s, "A8<");
    check_over(
        &s,
        board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z),
        [8, 9],
        [true, true],
        GameResult::Capped(Cap::Plies),
    );
}

// ---------------------------------------------------------------------------------------------
// Worked examples
// ---------------------------------------------------------------------------------------------

/// Example 1: Nierse, "Bao", http://www.gamecabinet.com/rules/Bao.html, diagram 2 (the start
/// position); legal moves and the results of A6<, A6>, A7> derived in bao.md.
#[test]
fn example_01_start_position() {
    let s = bao_game().initial_state();
    check(
        &s,
        start_board(),
        [22, 22],
        [true, true],
        SOUTH,
        &["A6>", "A6<", "A7>", "A7<"],
    );
    // A6<: A6 (3): A5, A4, A3. North's a5 and a6 now face A4 and A3: he captures.
    let mut t = s.clone();
    play(&mut t, "A6<");
    check(
        &t,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 1, 1, 7, 0, 2, 0], Z),
        [21, 22],
        [true, true],
        NORTH,
        &["a5>", "a5<", "a6>", "a6<"],
    );
    // A6>: A7, A8, B8.
    let mut t = s.clone();
    play(&mut t, "A6>");
    check(
        &t,
        board(
            Z,
            [0, 2, 2, 6, 0, 0, 0, 0],
            [0, 0, 0, 0, 6, 0, 3, 1],
            [0, 0, 0, 0, 0, 0, 0, 1],
        ),
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
        board(
            Z,
            [0, 2, 2, 6, 0, 0, 0, 0],
            [0, 0, 0, 0, 6, 2, 0, 1],
            [0, 0, 0, 0, 0, 0, 1, 1],
        ),
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
    check(
        &s,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 1, 7, 3, 0, 0], Z),
        [21, 22],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
    // a5R = a5<: a5 (7) takes A4 (1) into North's right kichwa a8.
    play(&mut s, "a5<");
    check(
        &s,
        board(Z, [1, 2, 2, 7, 0, 0, 0, 0], [0, 0, 0, 0, 7, 3, 0, 0], Z),
        [21, 21],
        [true, true],
        SOUTH,
        &["A6>", "A6<"],
    );
}
