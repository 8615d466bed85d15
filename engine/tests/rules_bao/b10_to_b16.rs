//! rules_bao: the tests of b10 to b16.

use super::*;

// B10: A6< (2): A5, A4 (2) faces a5: capture, anticlockwise kept, from the right kichwa:
// A8, A7, A6, A5; A5 (2) faces the empty a4: relay A4, A3; A3 was empty. North's b4> (4)
// ends in a1 facing A8 (1): his only capture.
#[test]
fn b10_mtaji_capture_2() {
    let mut s = at(b10_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "A6<");
    check(
        &s,
        board(
            [4, 4, 4, 4, 4, 4, 4, 4],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [3, 0, 1, 3, 0, 1, 1, 1],
            [20, 0, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b4>"],
    );
}

// B10: a first lap of 16 or more never captures. A1 (17) clockwise: every hole gets one,
// the 16th seed falls into A1 and the 17th into A2 (2), which faces a7 (2): a takasa, so A2
// is relayed: A3, A4; A4 (2): A5, A6; A6: A7, A8; A8: B8, B7; B7: B6, B5; B5: B4, B3; B3: B2,
// B1; B1 (2): A1 (2), A2, which was emptied: the end. A1< would put its first seed into B1
// with A1 the only front hole: illegal (B21). North's a7 is not taken.
#[test]
fn b10_mtaji_capture_3() {
    let north_b = [6, 6, 6, 6, 6, 6, 6, 3];
    let north_a = [0, 2, 0, 0, 0, 0, 0, 0];
    let mut s = at(
        board(north_b, north_a, [17, 0, 0, 0, 0, 0, 0, 0], Z),
        [0, 0],
        [false, false],
        SOUTH,
    );
    check(
        &s,
        board(north_b, north_a, [17, 0, 0, 0, 0, 0, 0, 0], Z),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        board(
            north_b,
            north_a,
            [2, 1, 2, 0, 2, 0, 2, 0],
            [0, 2, 0, 2, 0, 2, 0, 2],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b4<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B11
// ---------------------------------------------------------------------------------------------

// B11: a move whose first lap does not capture captures nothing. Mtaji: South has no
// capture (A2> ends in A5 facing the empty a4; A5's laps end in empty holes), so he plays a
// takasa. A2> (3): A3, A4, A5 (3): relay A6, A7, A8 (2), which faces a1 (2): relayed, not
// captured: B8, B7; B7 was empty.
#[test]
fn b11_first_lap_decides() {
    let north_b = [7; 8];
    let north_a = [0, 0, 0, 0, 0, 0, 0, 2];
    let mut s = at(
        board(north_b, north_a, [0, 3, 0, 0, 2, 0, 0, 1], Z),
        [0, 0],
        [false, false],
        SOUTH,
    );
    check(
        &s,
        board(north_b, north_a, [0, 3, 0, 0, 2, 0, 0, 1], Z),
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A5>", "A5<"],
    );
    play(&mut s, "A2>");
    // South's holes are all singletons now: no takasia (B22) for North.
    check(
        &s,
        board(
            north_b,
            north_a,
            [0, 0, 1, 1, 0, 1, 1, 0],
            [0, 0, 0, 0, 0, 0, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B11: a move whose first lap captures captures again after a non-capturing relay. A1> (2):
// A2, A3 (2) faces a6 (2): capture, from the left kichwa: A1, A2 (3), which faces the empty
// a7: relay A3, A4, A5 (2), which faces a4 (1): captured, from the left kichwa: A1 (2),
// facing the empty a8: relay A2, A3 (4), facing the emptied a6: relay A4, A5, A6, A7; A7
// was empty.
#[test]
fn b11_first_lap_decides_2() {
    let north_b = [7, 7, 7, 7, 7, 7, 7, 5];
    let mut s = at(
        board(
            north_b,
            [0, 0, 2, 1, 1, 0, 0, 0],
            [2, 1, 1, 1, 1, 0, 0, 0],
            Z,
        ),
        [0, 0],
        [false, false],
        SOUTH,
    );
    check(
        &s,
        board(
            north_b,
            [0, 0, 2, 1, 1, 0, 0, 0],
            [2, 1, 1, 1, 1, 0, 0, 0],
            Z,
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        board(
            north_b,
            [0, 0, 0, 1, 0, 0, 0, 0],
            [0, 1, 0, 3, 3, 1, 1, 0],
            Z,
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b1>", "b3>", "b5<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B12
// ---------------------------------------------------------------------------------------------

pub(super) fn b12_board() -> Holes {
    board(Z, [0, 0, 10, 0, 0, 0, 0, 2], [0, 0, 1, 0, 0, 0, 0, 0], Z)
}

// B12: captured seeds are sown starting in the kichwa itself; more than 8 go on round the
// end into the back row. A3 (2) takes a6 (10): A1..A8, then B8, B7; B7 was empty. The
// capturing hole keeps its seeds (A3: 2 + 1).
#[test]
fn b12_capture_sowing() {
    let mut s = at(b12_board(), [26, 25], [false, false], SOUTH);
    check(
        &s,
        b12_board(),
        [26, 25],
        [false, false],
        SOUTH,
        &["A3>", "A3<"],
    );
    play(&mut s, "A3>");
    // North's a1 (2) faces A8 (1): a kichwa capture.
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 3, 1, 1, 1, 1, 1],
            [0, 0, 0, 0, 0, 0, 1, 1],
        ),
        [25, 25],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B12: from the right kichwa: A8..A1, then B1, B2.
#[test]
fn b12_capture_sowing_2() {
    let mut s = at(b12_board(), [26, 25], [false, false], SOUTH);
    play(&mut s, "A3<");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 3, 1, 1, 1, 1, 1],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [25, 25],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// ---------------------------------------------------------------------------------------------
// B13
// ---------------------------------------------------------------------------------------------

// B13: a capture at hole 2 starts in the left kichwa and turns the move clockwise. Mtaji:
// A4< (2): A3, A2 (2) faces a7 (3): captured, from A1 clockwise: A1, A2, A3 (2), which
// faces the empty a6: relayed clockwise (the new direction): A4, A5; A5 was empty.
#[test]
fn b13_kichwa_choice_capture_at_kimbi_forces_left_kichwa() {
    let north_b = [6, 6, 6, 6, 6, 6, 6, 4];
    let south_b = [0, 0, 0, 0, 0, 0, 0, 10];
    let mut s = at(
        board(
            north_b,
            [0, 3, 0, 0, 0, 0, 0, 2],
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
            [0, 3, 0, 0, 0, 0, 0, 2],
            [0, 1, 0, 2, 0, 0, 0, 0],
            south_b,
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["A4<"],
    );
    play(&mut s, "A4<");
    check(
        &s,
        board(
            north_b,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 3, 0, 1, 1, 0, 0, 0],
            south_b,
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B13: in the namua stage the kichwa of holes 1, 2, 7, 8 is forced: A1< , A2<, A7>, A8> are
// not legal (Nierse diagram 9, example 6-9's position); holes 3-6 choose (example 3).
#[test]
fn b13_kichwa_choice_namua_forced_at_holes_1_2_7_8() {
    let s = at(
        board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z),
        [9, 8],
        [true, true],
        SOUTH,
    );
    check(
        &s,
        board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z),
        [9, 8],
        [true, true],
        SOUTH,
        &["A1>", "A2>", "A7<", "A8<"],
    );
    for mv in ["A1<", "A2<", "A7>", "A8>"] {
        assert_illegal(&s, mv);
    }
}

// ---------------------------------------------------------------------------------------------
// B14
// ---------------------------------------------------------------------------------------------

/// Namua: South's A3 (1) faces a6 (5); his functional nyumba A5 (6) faces a4 (2).
pub(super) fn b14_board() -> Holes {
    board(Z, [0, 0, 5, 0, 2, 0, 0, 2], [0, 0, 1, 0, 6, 0, 0, 0], Z)
}

// B14: a capture position takes precedence over the nyumba. A3> (2) takes a6 (5): A1..A5;
// the last seed falls into the functional nyumba A5 (7), whose opposite a4 (2) is occupied:
// captured, not a stop/safari decision; clockwise kept: A1 (2), A2 (2), which faces the empty
// a7: relay A3 (4), A4 (2), facing a5 (0): relay A5 (8), A6; A6 was empty.
#[test]
fn b14_repeated_capture() {
    let mut s = at(b14_board(), [24, 24], [true, false], SOUTH);
    check(
        &s,
        b14_board(),
        [24, 24],
        [true, false],
        SOUTH,
        &["A3>", "A3<", "A5>", "A5<"],
    );
    play(&mut s, "A3>");
    check(
        &s,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [2, 0, 4, 0, 8, 1, 0, 0], Z),
        [23, 24],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

// B14: the nyumba itself captures (B9) and keeps its seeds: A5> (7) takes a4 (2): A1, A2.
#[test]
fn b14_repeated_capture_2() {
    let mut s = at(b14_board(), [24, 24], [true, false], SOUTH);
    play(&mut s, "A5>");
    check(
        &s,
        board(Z, [0, 0, 5, 0, 0, 0, 0, 2], [1, 1, 1, 0, 7, 0, 0, 0], Z),
        [23, 24],
        [true, false],
        NORTH,
        &["a6>", "a6<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B15
// ---------------------------------------------------------------------------------------------

/// Namua: South's A2 (2), functional nyumba A5 (7), B3 (3); nothing to capture.
pub(super) fn b15_board() -> Holes {
    board(
        Z,
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 2, 0, 0, 7, 0, 0, 0],
        [0, 0, 3, 0, 0, 0, 0, 0],
    )
}

// B15: the seed goes into an occupied front hole, never the back row and not the functional
// nyumba: only A2. A2< (3): A1, B1, B2; B2 was empty.
#[test]
fn b15_namua_takasa() {
    let mut s = at(b15_board(), [25, 25], [true, false], SOUTH);
    check(
        &s,
        b15_board(),
        [25, 25],
        [true, false],
        SOUTH,
        &["A2>", "A2<"],
    );
    play(&mut s, "A2<");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 0, 0, 0, 7, 0, 0, 0],
            [1, 1, 3, 0, 0, 0, 0, 0],
        ),
        [24, 25],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

// B15: without a functional nyumba a singleton may not take the seed while another front
// hole holds 2 or more: A1 (1) is out, A3 (2) is in.
#[test]
fn b15_namua_takasa_singletons_without_nyumba() {
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 2, 0, 0, 0, 0, 0], Z);
    let s = at(holes, [30, 29], [false, false], SOUTH);
    check(&s, holes, [30, 29], [false, false], SOUTH, &["A3>", "A3<"]);
}

// B15: ... unless no front hole holds 2 or more: then the singletons may. A3> (2): A4, A5.
#[test]
fn b15_namua_takasa_only_singletons() {
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 0, 0, 0, 0], Z);
    let mut s = at(holes, [30, 30], [false, false], SOUTH);
    check(
        &s,
        holes,
        [30, 30],
        [false, false],
        SOUTH,
        &["A1>", "A1<", "A3>", "A3<"],
    );
    play(&mut s, "A3>");
    check(
        &s,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 1, 1, 0, 0, 0], Z),
        [29, 30],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

/// Namua: South's A1 (1), A3 (2) and a functional nyumba A5 (6).
pub(super) fn b15_singleton_board() -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 2, 0, 6, 0, 0, 0], Z)
}

// B15 (default singleton_entry "with-house"): with a functional nyumba the singleton A1 may
// take the seed. A1< (2): B1, B2.
#[test]
fn b15_namua_takasa_singleton_with_nyumba() {
    let mut s = at(b15_singleton_board(), [27, 26], [true, false], SOUTH);
    check(
        &s,
        b15_singleton_board(),
        [27, 26],
        [true, false],
        SOUTH,
        &["A1>", "A1<", "A3>", "A3<"],
    );
    play(&mut s, "A1<");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 2, 0, 6, 0, 0, 0],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [26, 26],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

// B15 option singleton_entry = "restricted": the singleton is out even with a functional
// nyumba, as long as A3 holds 2.
#[test]
fn b15_namua_takasa_singleton_entry_restricted() {
    let g = with_rules("singleton_entry = \"restricted\"");
    let s = pos(&g, b15_singleton_board(), [27, 26], [true, false], SOUTH);
    check(
        &s,
        b15_singleton_board(),
        [27, 26],
        [true, false],
        SOUTH,
        &["A3>", "A3<"],
    );
}

// B15 option "restricted": with only singletons besides the functional nyumba (which is not
// counted), the singletons may take the seed.
#[test]
fn b15_namua_takasa_singleton_entry_restricted_2() {
    let g = with_rules("singleton_entry = \"restricted\"");
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 6, 0, 0, 0], Z);
    let s = pos(&g, holes, [27, 27], [true, false], SOUTH);
    check(
        &s,
        holes,
        [27, 27],
        [true, false],
        SOUTH,
        &["A1>", "A1<", "A3>", "A3<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B16
// ---------------------------------------------------------------------------------------------

pub(super) fn b16_board(house: u8) -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, house, 0, 0, 0], Z)
}

// B16: the functional nyumba is South's only occupied front hole and he cannot capture: the
// seed goes in and two seeds only are lifted: A5> puts them in A6, A7, A5< in A4, A3. The
// nyumba keeps 5 and stays owned (no longer functional).
#[test]
fn b16_tax() {
    let s = at(b16_board(6), [28, 28], [true, false], SOUTH);
    check(
        &s,
        b16_board(6),
        [28, 28],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(
        &t,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 5, 1, 1, 0], Z),
        [27, 28],
        [true, false],
        NORTH,
        &["a1>"],
    );
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 5, 0, 0, 0], Z),
        [27, 28],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

// B16 option tax_all_at_min: a nyumba of exactly house_min (6) is not taxed: all 7 seeds are
// lifted and sown, and the nyumba is lost. A5> (7): A6, A7, A8, B8, B7, B6, B5.
#[test]
fn b16_tax_all_at_min() {
    let g = with_rules("tax_all_at_min = true");
    let s = pos(&g, b16_board(6), [28, 28], [true, false], SOUTH);
    check(
        &s,
        b16_board(6),
        [28, 28],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(
        &t,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 0, 0, 0, 1, 1, 1],
            [0, 0, 0, 0, 1, 1, 1, 1],
        ),
        [27, 28],
        [false, false],
        NORTH,
        &["a1>"],
    );
    // A5< (7): A4, A3, A2, A1, B1, B2, B3.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 1, 1, 0, 0, 0, 0],
            [1, 1, 1, 0, 0, 0, 0, 0],
        ),
        [27, 28],
        [false, false],
        NORTH,
        &["a1>"],
    );
}
