//! rules_bao: the tests of b16 to b24.

use super::*;

// B16: the functional nyumba is South's only occupied front hole and he cannot capture: the
// seed goes in and two seeds only are lifted: A5> puts them in A6, A7, A5< in A4, A3. The
// nyumba keeps 5 and stays owned (no longer functional).
#[test]
fn b16_tax() {
    let s = at(b16_board(6), [28, 28], [true, false], SOUTH);
    check(&s, b16_board(6), [28, 28], [true, false], SOUTH, &["A5>", "A5<"]);
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 5, 1, 1, 0], Z), [27, 28], [true, false], NORTH, &["a1>"]);
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 5, 0, 0, 0], Z), [27, 28], [true, false], NORTH, &["a1>"]);
}

// B16 option tax_all_at_min: a nyumba of exactly house_min (6) is not taxed: all 7 seeds are
// lifted and sown, and the nyumba is lost. A5> (7): A6, A7, A8, B8, B7, B6, B5.
#[test]
fn b16_tax_all_at_min() {
    let g = with_rules("tax_all_at_min = true");
    let s = pos(&g, b16_board(6), [28, 28], [true, false], SOUTH);
    check(&s, b16_board(6), [28, 28], [true, false], SOUTH, &["A5>", "A5<"]);
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1]), [27, 28], [false, false], NORTH, &["a1>"]);
    // A5< (7): A4, A3, A2, A1, B1, B2, B3.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 1, 0, 0, 0, 0, 0]), [27, 28], [false, false], NORTH, &["a1>"]);
}

// B16 option tax_all_at_min: a nyumba above house_min is still taxed 2. A5 (9 + 1): A6, A7.
#[test]
fn b16_tax_all_at_min_2() {
    let g = with_rules("tax_all_at_min = true");
    let mut s = pos(&g, b16_board(9), [27, 26], [true, false], SOUTH);
    check(&s, b16_board(9), [27, 26], [true, false], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 8, 1, 1, 0], Z), [26, 26], [true, false], NORTH, &["a1>"]);
}

// ---------------------------------------------------------------------------------------------
// B17
// ---------------------------------------------------------------------------------------------

pub(super) fn b17_board() -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 5, 0, 0, 0], Z)
}

// B17: an owned nyumba below 6 has no privileges: it may take the seed like any hole, and
// all its seeds are lifted (A5 5 + 1: A6, A7, A8, B8, B7, B6): emptied, it is lost.
#[test]
fn b17_nyumba_status() {
    let mut s = at(b17_board(), [28, 27], [true, false], SOUTH);
    check(&s, b17_board(), [28, 27], [true, false], SOUTH, &["A2>", "A2<", "A5>", "A5<"]);
    play(&mut s, "A5>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1, 1, 1]), [27, 27], [false, false], NORTH, &["a1>"]);
}

// B17 option house_min = 5: the same nyumba of 5 is functional and may not take the seed.
#[test]
fn b17_nyumba_status_house_min() {
    let g = with_rules("house_min = 5");
    let s = pos(&g, b17_board(), [28, 27], [true, false], SOUTH);
    check(&s, b17_board(), [28, 27], [true, false], SOUTH, &["A2>", "A2<"]);
}

/// Namua: South's A3 (1) faces a6 (5); his owned nyumba A5 holds 5.
pub(super) fn b17_refill_board() -> Holes {
    board(Z, [0, 0, 5, 0, 0, 0, 0, 2], [0, 0, 1, 0, 5, 0, 0, 0], Z)
}

// B17: an owned nyumba filled to 6 again recovers its privileges. A3> (2) takes a6 (5):
// A1..A5, the last seed making A5 6: a functional nyumba facing the empty a4, so South
// decides (B19). With stop the nyumba keeps its 6 and stays owned.
#[test]
fn b17_nyumba_status_refilled() {
    let mut s = at(b17_refill_board(), [26, 25], [true, false], SOUTH);
    check(&s, b17_refill_board(), [26, 25], [true, false], SOUTH, &["A3>", "A3<"]);
    play(&mut s, "A3>");
    let decided = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 6, 0, 0, 0], Z);
    check(&s, decided, [25, 25], [true, false], SOUTH, &["stop", "safari"]);
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [25, 25], [true, false], NORTH, &["a1>"]);
    // With safari its 6 go on: A6, A7, A8, B8, B7, B6, and it is lost.
    play(&mut s, "safari");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1, 1, 1]), [25, 25], [false, false], NORTH, &["a1>"]);
}

// ---------------------------------------------------------------------------------------------
// B18
// ---------------------------------------------------------------------------------------------

// B18: a takasa lap ending in the functional nyumba ends the move (namua). A2> (3): A3, A4,
// A5 (8): the move ends; the nyumba is not relayed.
#[test]
fn b18_nyumba_stop_in_takasa() {
    let mut s = at(b15_board(), [25, 25], [true, false], SOUTH);
    play(&mut s, "A2>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 8, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0]), [24, 25], [true, false], NORTH, &["a1>"]);
}

/// Mtaji: South's A3 (2) and functional nyumba A5 (6); North's a1 (2) faces the empty A8.
pub(super) fn b18_mtaji_board() -> Holes {
    board([7, 7, 7, 7, 7, 7, 7, 5], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 6, 0, 0, 0], Z)
}

/// The earlier reading of the nyumba in the mtaji stage, now rule options (B17).
pub(super) const HOUSE_IN_MTAJI: &str = "house_in_mtaji = true\nmtaji_capture_ends_house = false";

// B18 in the mtaji stage, by default (B17: "tax and stop do not apply in mtaji"): the nyumba
// has no privileges, so A3> (2): A4, A5 (7) relays it: A6, A7, A8, B8, B7, B6, B5; it is
// lost. South has no capture, so A5 itself may also start a takasa (B20).
#[test]
fn b18_nyumba_stop_in_takasa_mtaji() {
    let mut s = at(b18_mtaji_board(), [0, 0], [true, false], SOUTH);
    check(&s, b18_mtaji_board(), [0, 0], [true, false], SOUTH, &["A3>", "A3<", "A5>", "A5<"]);
    play(&mut s, "A3>");
    check(
        &s,
        board([7, 7, 7, 7, 7, 7, 7, 5], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1]),
        [0, 0],
        [false, false],
        NORTH,
        &["b7>"],
    );
}

// B17/B18 option house_in_mtaji = true: the functional nyumba keeps its privileges in the
// mtaji stage, so the same lap ends in A5 (7): the move ends there.
#[test]
fn b18_nyumba_stop_in_takasa_mtaji_house_in_mtaji_option() {
    let g = with_rules(HOUSE_IN_MTAJI);
    let mut s = pos(&g, b18_mtaji_board(), [0, 0], [true, false], SOUTH);
    check(&s, b18_mtaji_board(), [0, 0], [true, false], SOUTH, &["A3>", "A3<", "A5>", "A5<"]);
    play(&mut s, "A3>");
    check(&s, board([7, 7, 7, 7, 7, 7, 7, 5], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 1, 7, 0, 0, 0], Z), [0, 0], [true, false], NORTH, &["a1>"]);
}

/// Mtaji: South's A1 (2) can take North's a6 (2); both nyumbas owned, neither on the way.
pub(super) fn b17_mtaji_capture_board() -> Holes {
    board([1; 8], [0, 0, 2, 6, 0, 0, 0, 0], [2, 0, 1, 0, 6, 0, 0, 0], [0, 0, 0, 0, 0, 0, 19, 20])
}

/// After A1>: A2, A3 (2) takes a6 (2), sown from A1: A1, A2 (2); a7 is empty, so A2 relays:
/// A3 (3), A4 (empty): the move ends. North may only sow his nyumba a5 (B20).
pub(super) fn b17_mtaji_capture_after() -> Holes {
    board([1; 8], [0, 0, 0, 6, 0, 0, 0, 0], [1, 0, 3, 1, 6, 0, 0, 0], [0, 0, 0, 0, 0, 0, 19, 20])
}

// B17 (ruling of 2026-11-24): the first capture made in the mtaji stage ends the ownership of
// both nyumbas, though neither was emptied or captured.
#[test]
fn b17_nyumba_status_mtaji_capture_ends_ownership() {
    let mut s = at(b17_mtaji_capture_board(), [0, 0], [true, true], SOUTH);
    check(&s, b17_mtaji_capture_board(), [0, 0], [true, true], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(&s, b17_mtaji_capture_after(), [0, 0], [false, false], NORTH, &["a5>", "a5<"]);
}

// B17 option mtaji_capture_ends_house = false: the same capture leaves both nyumbas owned.
#[test]
fn b17_nyumba_status_mtaji_capture_ends_ownership_option() {
    let g = with_rules("mtaji_capture_ends_house = false");
    let mut s = pos(&g, b17_mtaji_capture_board(), [0, 0], [true, true], SOUTH);
    play(&mut s, "A1>");
    check(&s, b17_mtaji_capture_after(), [0, 0], [true, true], NORTH, &["a5>", "a5<"]);
}

// ---------------------------------------------------------------------------------------------
// B19
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A1 (2), A3 (1), functional nyumba A5 (6); North's a6 (5) faces A3.
pub(super) fn b19_board() -> Holes {
    board([8, 8, 8, 8, 8, 8, 0, 0], [0, 0, 5, 0, 0, 0, 0, 2], [2, 0, 1, 0, 6, 0, 0, 0], Z)
}

/// The position after B19's A1> when the nyumba is relayed in the mtaji stage: A6, A7, A8,
/// B8, B7, B6, B5; the nyumba is lost.
pub(super) fn b19_relayed() -> Holes {
    board([8, 8, 8, 8, 8, 8, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1])
}

// B19 in the mtaji stage, by default (B17): A1> (2): A2, A3 (2) takes a6 (5), which also ends
// South's ownership of his nyumba; A1..A5: the lap ends in the nyumba (7), an ordinary hole
// now, so it is relayed at once with no decision.
#[test]
fn b19_safari_mtaji() {
    let mut s = at(b19_board(), [0, 0], [true, false], SOUTH);
    check(&s, b19_board(), [0, 0], [true, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    assert_eq!(s.ply(), 1);
    check(&s, b19_relayed(), [0, 0], [false, false], NORTH, &["b8>", "b8<"]);
}

// B19 with house_in_mtaji = true (and mtaji_safari "choice"): the same lap ends in the
// functional nyumba (7), whose opposite a4 is empty: South decides. stop: the move ends, the
// nyumba owned with 7.
#[test]
fn b19_safari_mtaji_choice() {
    let g = with_rules(HOUSE_IN_MTAJI);
    let mut s = pos(&g, b19_board(), [0, 0], [true, false], SOUTH);
    check(&s, b19_board(), [0, 0], [true, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    let decided = board([8, 8, 8, 8, 8, 8, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 7, 0, 0, 0], Z);
    check(&s, decided, [0, 0], [true, false], SOUTH, &["stop", "safari"]);
    assert_eq!(s.ply(), 1);
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [0, 0], [true, false], NORTH, &["a1>"]);
    assert_eq!(t.ply(), 2);
    // safari: A6, A7, A8, B8, B7, B6, B5; the nyumba is lost.
    play(&mut s, "safari");
    check(
        &s,
        board([8, 8, 8, 8, 8, 8, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1]),
        [0, 0],
        [false, false],
        NORTH,
        &["b8>", "b8<"],
    );
}

// B19 option mtaji_safari = "forced" (with house_in_mtaji = true): in the mtaji stage the
// nyumba is relayed at once, with no decision: the position after safari above.
#[test]
fn b19_safari_mtaji_forced() {
    let g = with_rules(&format!("{HOUSE_IN_MTAJI}\nmtaji_safari = \"forced\""));
    let mut s = pos(&g, b19_board(), [0, 0], [true, false], SOUTH);
    check(&s, b19_board(), [0, 0], [true, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    assert_eq!(s.ply(), 1);
    check(
        &s,
        board([8, 8, 8, 8, 8, 8, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1]),
        [0, 0],
        [false, false],
        NORTH,
        &["b8>", "b8<"],
    );
}

// B19 option "forced" applies to the mtaji stage only: in the namua stage the decision stays
// (example 11's position).
#[test]
fn b19_safari_mtaji_forced_namua_keeps_choice() {
    let g = with_rules("mtaji_safari = \"forced\"");
    let mut s = pos(&g, example_10_board(), [9, 9], [true, true], SOUTH);
    play(&mut s, "A8<");
    check(&s, board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z), [8, 9], [true, true], SOUTH, &["stop", "safari"]);
}

// ---------------------------------------------------------------------------------------------
// B20
// ---------------------------------------------------------------------------------------------

// B20: a mtaji takasa starts in the front row when a front hole can be used: A2 (2), not B3
// (3).
#[test]
fn b20_mtaji_takasa_front_row_first() {
    let holes = board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0]);
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A2>", "A2<"]);
}

// B20: with only singletons in the front row (never lifted), the back row: B3 (3). B3>: B2,
// B1, A1; A1 was empty.
#[test]
fn b20_mtaji_takasa_back_row_when_front_has_only_singletons() {
    let north = ([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2]);
    let holes = board(north.0, north.1, [0, 1, 0, 0, 0, 1, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0]);
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["B3>", "B3<"]);
    let mut t = s.clone();
    play(&mut t, "B3>");
    check(&t, board(north.0, north.1, [1, 1, 0, 0, 0, 1, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0]), [0, 0], [false, false], NORTH, &["a1>"]);
    // B3<: B4, B5, B6.
    let mut t = s.clone();
    play(&mut t, "B3<");
    check(&t, board(north.0, north.1, [0, 1, 0, 0, 0, 1, 0, 0], [0, 0, 0, 1, 1, 1, 0, 0]), [0, 0], [false, false], NORTH, &["a1>"]);
}

// B20: an owned nyumba may start a mtaji takasa; it is then lost. A5> (6): A6, A7, A8, B8,
// B7, B6.
#[test]
fn b20_mtaji_takasa_from_the_nyumba() {
    let mut s = at(b18_mtaji_board(), [0, 0], [true, false], SOUTH);
    play(&mut s, "A5>");
    check(
        &s,
        board([7, 7, 7, 7, 7, 7, 7, 5], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 1, 1, 1]),
        [0, 0],
        [false, false],
        NORTH,
        &["b7>"],
    );
}

// ---------------------------------------------------------------------------------------------
// B21
// ---------------------------------------------------------------------------------------------

pub(super) fn b21_board() -> Holes {
    board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0])
}

// B21: a lone kichwa must be sown towards the centre: A1< would drop its first seed into B1
// with the front row empty. A1> (3): A2, A3, A4. B5 may not start (B20).
#[test]
fn b21_front_row_kept() {
    let mut s = at(b21_board(), [0, 0], [false, false], SOUTH);
    check(&s, b21_board(), [0, 0], [false, false], SOUTH, &["A1>"]);
    assert_illegal(&s, "A1<");
    play(&mut s, "A1>");
    check(
        &s,
        board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0]),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B21 option self_empty = "loses": A1< is legal and loses the moment B1 gets its seed; the
// rest of the lap (B2, B3) is still dropped and the game ends against South.
#[test]
fn b21_front_row_kept_self_empty_loses() {
    let g = with_rules("self_empty = \"loses\"");
    let mut s = pos(&g, b21_board(), [0, 0], [false, false], SOUTH);
    check(&s, b21_board(), [0, 0], [false, false], SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1<");
    check_over(&s, board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], Z, [1, 1, 1, 0, 2, 0, 0, 0]), [0, 0], [false, false], GameResult::Win(NORTH));
}

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
    board([0, 0, 0, 0, 55 - a1, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, a1], [0, 2, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5])
}

pub(super) fn b22_after(a1: u8) -> Holes {
    board([0, 0, 0, 0, 55 - a1, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, a1], [0, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5])
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
    check(&s, b22_board(2), [0, 0], [false, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    check_takasia(&s, b22_after(2), [0, 0], [false, false], NORTH, Some(4), &["a1>", "a1<"]);
    assert_illegal(&s, "a5>");
    assert_illegal(&s, "a5<");
    // a1> (2): a2, a3. The takasia held for that move only.
    play(&mut s, "a1>");
    check(
        &s,
        board([0, 0, 0, 0, 53, 0, 0, 0], [0, 0, 0, 2, 0, 1, 1, 0], [0, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5]),
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
    check(&s, board([0, 0, 0, 0, 53, 0, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0], [1, 1, 0, 3, 0, 2, 3, 0], Z), [0, 0], [false, false], NORTH, &["b4>", "b4<"]);
}

// B22: no takasia when X is the opponent's owned nyumba (a5 owned, holding 2).
#[test]
fn b22_takasia_not_on_owned_nyumba() {
    let mut s = at(b22_board(2), [0, 0], [false, true], SOUTH);
    play(&mut s, "A2>");
    check(&s, b22_after(2), [0, 0], [false, true], NORTH, &["a1>", "a1<", "a5>", "a5<"]);
}

// B22: no takasia when X is the opponent's only occupied front hole (a1 empty).
#[test]
fn b22_takasia_not_on_only_occupied_hole() {
    let mut s = at(b22_board(0), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(&s, b22_after(0), [0, 0], [false, false], NORTH, &["a5>", "a5<"]);
}

// B22: no takasia when X is the opponent's only front hole of 2 or more (a1 a singleton).
#[test]
fn b22_takasia_not_on_only_hole_of_two() {
    let mut s = at(b22_board(1), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(&s, b22_after(1), [0, 0], [false, false], NORTH, &["a5>", "a5<"]);
}

// B22 option takasia = false: the rule is not played.
#[test]
fn b22_takasia_option_off() {
    let g = with_rules("takasia = false");
    let mut s = pos(&g, b22_board(2), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(&s, b22_after(2), [0, 0], [false, false], NORTH, &["a1>", "a1<", "a5>", "a5<"]);
}

// B22: only a mtaji-stage takasa creates takasia. With one seed in South's hand the same
// A2> is a namua move (A2 1 + 1: A3, A4) and leaves the position of b22_takasia, but North
// is free to start from a5.
#[test]
fn b22_takasia_not_after_namua_move() {
    let before = board([0, 0, 0, 0, 53, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, 2], [0, 1, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5]);
    let mut s = at(before, [1, 0], [false, false], SOUTH);
    check(&s, before, [1, 0], [false, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    check(&s, b22_after(2), [0, 0], [false, false], NORTH, &["a1>", "a1<", "a5>", "a5<"]);
}

// B22: a takasia given in the position (BaoSetup) restricts the player to move: example
// 19's position without its takasia lets North start from a4 as well.
#[test]
fn b22_takasia_from_setup() {
    let s = pos_takasia(&bao_game(), example_19_board(), [0, 0], [false, false], NORTH, None);
    check(&s, example_19_board(), [0, 0], [false, false], NORTH, &["a4>", "a4<", "a5>", "a5<", "a8>", "a8<"]);
}

// ---------------------------------------------------------------------------------------------
// B23
// ---------------------------------------------------------------------------------------------

// B23: a player who has no legal move loses: South's A1> takes a6 (A2, A3 (2): a6's 2 into
// A1, A2 (2), facing the empty a7: relay A3, A4) and leaves North only singletons.
#[test]
fn b23_game_end_no_move() {
    let holes = board([1; 8], [0, 0, 2, 0, 0, 0, 0, 1], [2, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 50, 0, 0, 0]);
    let mut s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check_over(
        &s,
        board([1; 8], [0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 3, 1, 0, 0, 0, 0], [0, 0, 0, 0, 50, 0, 0, 0]),
        [0, 0],
        [false, false],
        GameResult::Win(SOUTH),
    );
    assert_eq!(s.to_move(), NORTH);
}

// B23: a position whose player to move has only singletons is already lost.
#[test]
fn b23_game_end_no_move_2() {
    let holes = board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 1, 0, 0, 0], [1, 0, 1, 0, 0, 0, 0, 0]);
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check_over(&s, holes, [0, 0], [false, false], GameResult::Win(NORTH));
}

// B23: a player whose front row is empty at the start of his move has lost, in either stage.
#[test]
fn b23_game_end_front_row_empty() {
    let holes = board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], Z, [1, 0, 3, 0, 0, 0, 0, 0]);
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
    let mut s = at(board(north_b, [0, 3, 0, 0, 0, 0, 0, 0], [0, 1, 0, 2, 0, 0, 0, 0], south_b), [0, 0], [false, false], SOUTH);
    check(&s, board(north_b, [0, 3, 0, 0, 0, 0, 0, 0], [0, 1, 0, 2, 0, 0, 0, 0], south_b), [0, 0], [false, false], SOUTH, &["A4<"]);
    play(&mut s, "A4<");
    check_over(&s, board(north_b, Z, [1, 3, 2, 0, 0, 0, 0, 0], south_b), [0, 0], [false, false], GameResult::Win(SOUTH));
}

// ---------------------------------------------------------------------------------------------
// B24
// ---------------------------------------------------------------------------------------------

pub(super) fn b24_board() -> Holes {
    board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [2, 0, 1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0])
}

// B24 (default cap, 1000 laps): A1> (2): A2, A3 (2), facing the empty a6: relay A4, A5.
#[test]
fn b24_never_ending_moves() {
    let mut s = at(b24_board(), [0, 0], [false, false], SOUTH);
    check(&s, b24_board(), [0, 0], [false, false], SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1>");
    check(
        &s,
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 0, 1, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0]),
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
    check_over(&s, b24_board(), [0, 0], [false, false], GameResult::Win(NORTH));
}

// B24 option endless_move = "sleep": the same moves are legal and end after lap 1, wherever
// its last seed fell. A1>: A2, A3 (2): the move ends there, A3 not relayed.
#[test]
fn b24_never_ending_moves_sleep() {
    let g = with_limits("endless_move = \"sleep\"", "max_laps = 1");
    let s = pos(&g, b24_board(), [0, 0], [false, false], SOUTH);
    check(&s, b24_board(), [0, 0], [false, false], SOUTH, &["A1>", "A1<"]);
    let mut t = s.clone();
    play(&mut t, "A1>");
    check(
        &t,
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 2, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0]),
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
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 0, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0, 0, 0]),
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
    check(&s, example_10_board(), [9, 9], [true, true], SOUTH, &["A2>", "A3>", "A3<", "A7<", "A8<"]);
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
    check(&s, example_10_board(), [9, 9], [true, true], SOUTH, &["A3>", "A3<", "A7<"]);
}
