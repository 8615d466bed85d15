//! rules_bao: the tests of b16 to b21.

use super::*;

// B16 option tax_all_at_min: a nyumba above house_min is still taxed 2. A5 (9 + 1): A6, A7.
#[test]
fn b16_tax_all_at_min_2() {
    let g = with_rules("tax_all_at_min = true");
    let mut s = pos(&g, b16_board(9), [27, 26], [true, false], SOUTH);
    check(
        &s,
        b16_board(9),
        [27, 26],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    check(
        &s,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 8, 1, 1, 0], Z),
        [26, 26],
        [true, false],
        NORTH,
        &["a1>"],
    );
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
    check(
        &s,
        b17_board(),
        [28, 27],
        [true, false],
        SOUTH,
        &["A2>", "A2<", "A5>", "A5<"],
    );
    play(&mut s, "A5>");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 2, 0, 0, 0, 1, 1, 1],
            [0, 0, 0, 0, 0, 1, 1, 1],
        ),
        [27, 27],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B17 option house_min = 5: the same nyumba of 5 is functional and may not take the seed.
#[test]
fn b17_nyumba_status_house_min() {
    let g = with_rules("house_min = 5");
    let s = pos(&g, b17_board(), [28, 27], [true, false], SOUTH);
    check(
        &s,
        b17_board(),
        [28, 27],
        [true, false],
        SOUTH,
        &["A2>", "A2<"],
    );
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
    check(
        &s,
        b17_refill_board(),
        [26, 25],
        [true, false],
        SOUTH,
        &["A3>", "A3<"],
    );
    play(&mut s, "A3>");
    let decided = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 6, 0, 0, 0], Z);
    check(
        &s,
        decided,
        [25, 25],
        [true, false],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [25, 25], [true, false], NORTH, &["a1>"]);
    // With safari its 6 go on: A6, A7, A8, B8, B7, B6, and it is lost.
    play(&mut s, "safari");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 3, 1, 0, 1, 1, 1],
            [0, 0, 0, 0, 0, 1, 1, 1],
        ),
        [25, 25],
        [false, false],
        NORTH,
        &["a1>"],
    );
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
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 1, 1, 8, 0, 0, 0],
            [0, 0, 3, 0, 0, 0, 0, 0],
        ),
        [24, 25],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

/// Mtaji: South's A3 (2) and functional nyumba A5 (6); North's a1 (2) faces the empty A8.
pub(super) fn b18_mtaji_board() -> Holes {
    board(
        [7, 7, 7, 7, 7, 7, 7, 5],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 0, 2, 0, 6, 0, 0, 0],
        Z,
    )
}

/// The earlier reading of the nyumba in the mtaji stage, now rule options (B17).
pub(super) const HOUSE_IN_MTAJI: &str = "house_in_mtaji = true\nmtaji_capture_ends_house = false";

// B18 in the mtaji stage, by default (B17: "tax and stop do not apply in mtaji"): the nyumba
// has no privileges, so A3> (2): A4, A5 (7) relays it: A6, A7, A8, B8, B7, B6, B5; it is
// lost. South has no capture, so A5 itself may also start a takasa (B20).
#[test]
fn b18_nyumba_stop_in_takasa_mtaji() {
    let mut s = at(b18_mtaji_board(), [0, 0], [true, false], SOUTH);
    check(
        &s,
        b18_mtaji_board(),
        [0, 0],
        [true, false],
        SOUTH,
        &["A3>", "A3<", "A5>", "A5<"],
    );
    play(&mut s, "A3>");
    check(
        &s,
        board(
            [7, 7, 7, 7, 7, 7, 7, 5],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 0, 1, 0, 1, 1, 1],
            [0, 0, 0, 0, 1, 1, 1, 1],
        ),
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
    check(
        &s,
        b18_mtaji_board(),
        [0, 0],
        [true, false],
        SOUTH,
        &["A3>", "A3<", "A5>", "A5<"],
    );
    play(&mut s, "A3>");
    check(
        &s,
        board(
            [7, 7, 7, 7, 7, 7, 7, 5],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 0, 1, 7, 0, 0, 0],
            Z,
        ),
        [0, 0],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

/// Mtaji: South's A1 (2) can take North's a6 (2); both nyumbas owned, neither on the way.
pub(super) fn b17_mtaji_capture_board() -> Holes {
    board(
        [1; 8],
        [0, 0, 2, 6, 0, 0, 0, 0],
        [2, 0, 1, 0, 6, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 19, 20],
    )
}

/// After A1>: A2, A3 (2) takes a6 (2), sown from A1: A1, A2 (2); a7 is empty, so A2 relays:
/// A3 (3), A4 (empty): the move ends. North may only sow his nyumba a5 (B20).
pub(super) fn b17_mtaji_capture_after() -> Holes {
    board(
        [1; 8],
        [0, 0, 0, 6, 0, 0, 0, 0],
        [1, 0, 3, 1, 6, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 19, 20],
    )
}

// B17 (ruling of 2026-11-24): the first capture made in the mtaji stage ends the ownership of
// both nyumbas, though neither was emptied or captured.
#[test]
fn b17_nyumba_status_mtaji_capture_ends_ownership() {
    let mut s = at(b17_mtaji_capture_board(), [0, 0], [true, true], SOUTH);
    check(
        &s,
        b17_mtaji_capture_board(),
        [0, 0],
        [true, true],
        SOUTH,
        &["A1>"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        b17_mtaji_capture_after(),
        [0, 0],
        [false, false],
        NORTH,
        &["a5>", "a5<"],
    );
}

// B17 option mtaji_capture_ends_house = false: the same capture leaves both nyumbas owned.
#[test]
fn b17_nyumba_status_mtaji_capture_ends_ownership_option() {
    let g = with_rules("mtaji_capture_ends_house = false");
    let mut s = pos(&g, b17_mtaji_capture_board(), [0, 0], [true, true], SOUTH);
    play(&mut s, "A1>");
    check(
        &s,
        b17_mtaji_capture_after(),
        [0, 0],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B19
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A1 (2), A3 (1), functional nyumba A5 (6); North's a6 (5) faces A3.
pub(super) fn b19_board() -> Holes {
    board(
        [8, 8, 8, 8, 8, 8, 0, 0],
        [0, 0, 5, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 6, 0, 0, 0],
        Z,
    )
}

/// The position after B19's A1> when the nyumba is relayed in the mtaji stage: A6, A7, A8,
/// B8, B7, B6, B5; the nyumba is lost.
pub(super) fn b19_relayed() -> Holes {
    board(
        [8, 8, 8, 8, 8, 8, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 2, 3, 1, 0, 1, 1, 1],
        [0, 0, 0, 0, 1, 1, 1, 1],
    )
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
    check(
        &s,
        b19_relayed(),
        [0, 0],
        [false, false],
        NORTH,
        &["b8>", "b8<"],
    );
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
    let decided = board(
        [8, 8, 8, 8, 8, 8, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 2, 3, 1, 7, 0, 0, 0],
        Z,
    );
    check(
        &s,
        decided,
        [0, 0],
        [true, false],
        SOUTH,
        &["stop", "safari"],
    );
    assert_eq!(s.ply(), 1);
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [0, 0], [true, false], NORTH, &["a1>"]);
    assert_eq!(t.ply(), 2);
    // safari: A6, A7, A8, B8, B7, B6, B5; the nyumba is lost.
    play(&mut s, "safari");
    check(
        &s,
        board(
            [8, 8, 8, 8, 8, 8, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 2, 3, 1, 0, 1, 1, 1],
            [0, 0, 0, 0, 1, 1, 1, 1],
        ),
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
        board(
            [8, 8, 8, 8, 8, 8, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 2, 3, 1, 0, 1, 1, 1],
            [0, 0, 0, 0, 1, 1, 1, 1],
        ),
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
    check(
        &s,
        board(Z, [0, 3, 0, 8, 0, 2, 5, 0], [0, 2, 2, 1, 10, 2, 5, 7], Z),
        [8, 9],
        [true, true],
        SOUTH,
        &["stop", "safari"],
    );
}

// ---------------------------------------------------------------------------------------------
// B20
// ---------------------------------------------------------------------------------------------

// B20: a mtaji takasa starts in the front row when a front hole can be used: A2 (2), not B3
// (3).
#[test]
fn b20_mtaji_takasa_front_row_first() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 1],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 2, 0, 0, 0, 0, 0, 0],
        [0, 0, 3, 0, 0, 0, 0, 0],
    );
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A2>", "A2<"]);
}

// B20: with only singletons in the front row (never lifted), the back row: B3 (3). B3>: B2,
// B1, A1; A1 was empty.
#[test]
fn b20_mtaji_takasa_back_row_when_front_has_only_singletons() {
    let north = ([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2]);
    let holes = board(
        north.0,
        north.1,
        [0, 1, 0, 0, 0, 1, 0, 0],
        [0, 0, 3, 0, 0, 0, 0, 0],
    );
    let s = at(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["B3>", "B3<"]);
    let mut t = s.clone();
    play(&mut t, "B3>");
    check(
        &t,
        board(
            north.0,
            north.1,
            [1, 1, 0, 0, 0, 1, 0, 0],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
    // B3<: B4, B5, B6.
    let mut t = s.clone();
    play(&mut t, "B3<");
    check(
        &t,
        board(
            north.0,
            north.1,
            [0, 1, 0, 0, 0, 1, 0, 0],
            [0, 0, 0, 1, 1, 1, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B20: an owned nyumba may start a mtaji takasa; it is then lost. A5> (6): A6, A7, A8, B8,
// B7, B6.
#[test]
fn b20_mtaji_takasa_from_the_nyumba() {
    let mut s = at(b18_mtaji_board(), [0, 0], [true, false], SOUTH);
    play(&mut s, "A5>");
    check(
        &s,
        board(
            [7, 7, 7, 7, 7, 7, 7, 5],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 2, 0, 0, 1, 1, 1],
            [0, 0, 0, 0, 0, 1, 1, 1],
        ),
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
    board(
        [8, 8, 8, 8, 8, 8, 8, 1],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [3, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 2, 0, 0, 0],
    )
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
        board(
            [8, 8, 8, 8, 8, 8, 8, 1],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 1, 1, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 2, 0, 0, 0],
        ),
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
    check(
        &s,
        b21_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A1<"],
    );
    play(&mut s, "A1<");
    check_over(
        &s,
        board(
            [8, 8, 8, 8, 8, 8, 8, 1],
            [0, 0, 0, 0, 0, 0, 0, 2],
            Z,
            [1, 1, 1, 0, 2, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
}
