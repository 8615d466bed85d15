//! rules_bao_malawi: the tests of bm11 to bm19.

use super::*;

// BM11: with exactly 8 all 9 seeds are lifted and sown on, and the kuu is lost. A5> (9):
// A6, A7, A8, B8..B3.
#[test]
fn bm11_tax_and_nine_2() {
    let s = mat(bm11_board(8), [27, 27], [true, false], SOUTH);
    check(
        &s,
        bm11_board(8),
        [27, 27],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    // A8 (1) now faces North's a1 (2): a capture for him; a1< would empty his front row.
    check(
        &t,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 0, 0, 0, 1, 1, 1],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        [26, 27],
        [false, false],
        NORTH,
        &["a1>"],
    );
    // A5< (9): A4..A1, B1..B5.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 1, 1, 0, 0, 0, 0],
            [1, 1, 1, 1, 1, 0, 0, 0],
        ),
        [26, 27],
        [false, false],
        NORTH,
        &["a1>", "a1<"],
    );
}

// BM11: below 8 the kuu is an ordinary hole: A5 (7 + 1) is lifted whole: A6, A7, A8,
// B8..B4.
#[test]
fn bm11_tax_and_nine_3() {
    let mut s = mat(bm11_board(7), [28, 27], [true, false], SOUTH);
    check(
        &s,
        bm11_board(7),
        [28, 27],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 0, 0, 0, 1, 1, 1],
            [0, 0, 0, 1, 1, 1, 1, 1],
        ),
        [27, 27],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM12
// ---------------------------------------------------------------------------------------------

// BM12: a first-stage takata lap ending in the functional kuu sleeps. A8< (3): A7, A6, A5
// (9): the move ends.
#[test]
fn bm12_kuu_sleep() {
    let holes = board(Z, [0, 0, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 8, 0, 0, 2], Z);
    let mut s = mat(holes, [26, 26], [true, false], SOUTH);
    check(&s, holes, [26, 26], [true, false], SOUTH, &["A8>", "A8<"]);
    play(&mut s, "A8<");
    // North's a6 (2) faces A3 (0): a takata.
    check(
        &s,
        board(Z, [0, 0, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 9, 1, 1, 0], Z),
        [25, 26],
        [true, false],
        NORTH,
        &["a6>", "a6<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM13
// ---------------------------------------------------------------------------------------------

pub(super) fn bm13_board() -> Holes {
    board(Z, [0, 0, 5, 0, 0, 0, 0, 2], [0, 0, 1, 0, 8, 0, 0, 0], Z)
}

// BM13: a first-stage capture whose lap ends in the functional kuu, opposite empty, offers
// the choice. A3> takes a6 (5): A1..A5 (kuu 9): stop (sleep) keeps the kuu.
#[test]
fn bm13_kuu_safari() {
    let mut s = mat(bm13_board(), [24, 24], [true, false], SOUTH);
    check(
        &s,
        bm13_board(),
        [24, 24],
        [true, false],
        SOUTH,
        &["A3>", "A3<"],
    );
    play(&mut s, "A3>");
    let decided = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 9, 0, 0, 0], Z);
    check(
        &s,
        decided,
        [23, 24],
        [true, false],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [23, 24], [true, false], NORTH, &["a1>", "a1<"]);
    // safari: the kuu's 9 go A6, A7, A8, B8..B3, and it is lost.
    play(&mut s, "safari");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 1, 3, 1, 0, 1, 1, 1],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        [23, 24],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM14
// ---------------------------------------------------------------------------------------------

// BM14: in the second stage the kuu is an ordinary hole: a capturing lap ending in the owned
// kuu, opposite empty, relays it without a decision. A1> (2): A2, A3 (2) takes a6 (5):
// A1..A5 (9), facing the empty a4: relay A6, A7, A8, B8..B3; the kuu is lost.
#[test]
fn bm14_second_stage() {
    let north_b = [8, 8, 8, 8, 8, 6, 0, 0];
    let holes = board(
        north_b,
        [0, 0, 5, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 8, 0, 0, 0],
        Z,
    );
    let mut s = mat(holes, [0, 0], [true, false], SOUTH);
    check(&s, holes, [0, 0], [true, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(
        &s,
        board(
            north_b,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 2, 3, 1, 0, 1, 1, 1],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b8>", "b8<"],
    );
}

// BM14 option house_in_mtaji = true (bao.md's rule): the same lap gives the stop/safari
// decision.
#[test]
fn bm14_second_stage_house_in_mtaji() {
    let g = m_rules("house_in_mtaji = true");
    let north_b = [8, 8, 8, 8, 8, 6, 0, 0];
    let holes = board(
        north_b,
        [0, 0, 5, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 8, 0, 0, 0],
        Z,
    );
    let mut s = pos(&g, holes, [0, 0], [true, false], SOUTH);
    play(&mut s, "A1>");
    check(
        &s,
        board(
            north_b,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 2, 3, 1, 9, 0, 0, 0],
            Z,
        ),
        [0, 0],
        [true, false],
        SOUTH,
        &["stop", "safari"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM15
// ---------------------------------------------------------------------------------------------

// BM15: a kuu still owned in the second stage must start the player's first takata: A5 (9),
// not A3. A5> (9): A6, A7, A8, B8..B3; the kuu is lost.
#[test]
fn bm15_first_takata_from_kuu() {
    let north_b = [8, 8, 8, 8, 8, 8, 3, 0];
    let holes = board(
        north_b,
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 0, 2, 0, 9, 0, 0, 0],
        Z,
    );
    let mut s = mat(holes, [0, 0], [true, false], SOUTH);
    check(&s, holes, [0, 0], [true, false], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(
        &s,
        board(
            north_b,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 2, 0, 0, 1, 1, 1],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b8>", "b8<"],
    );
}

// BM15: a kuu of one seed cannot start a move, so the takata starts elsewhere.
#[test]
fn bm15_first_takata_from_kuu_2() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 3],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 0, 2, 0, 1, 0, 0, 0],
        Z,
    );
    let s = mat(holes, [0, 0], [true, false], SOUTH);
    check(&s, holes, [0, 0], [true, false], SOUTH, &["A3>", "A3<"]);
}

// ---------------------------------------------------------------------------------------------
// BM16
// ---------------------------------------------------------------------------------------------

// BM16: the lone kichwa A1 may be sown towards the back row, and South loses at its first
// seed (B1); the lap's other seeds are still dropped.
#[test]
fn bm16_own_front_row_empty_loses() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 1],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [3, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 2, 0, 0, 0],
    );
    let mut s = mat(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A1>", "A1<"]);
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

// ---------------------------------------------------------------------------------------------
// BM17
// ---------------------------------------------------------------------------------------------

/// Second stage: South's A2 (2), A8 (1), B7 (2), B8 (5); North's a5 (2), a2 (2), b5 the rest.
/// No kuu is owned. South has no capture (B8< ends in the empty A4, B7< in A8 facing the
/// empty a1).
pub(super) fn bm17_board() -> Holes {
    board(
        [0, 0, 0, 50, 0, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 2, 0],
        [0, 2, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 2, 5],
    )
}

pub(super) fn bm17_after() -> Holes {
    board(
        [0, 0, 0, 50, 0, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 2, 0],
        [0, 0, 1, 1, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 2, 5],
    )
}

// BM17: South's takata A2> (A3, A4) leaves North without a capture and South with one
// target, a5 (B8<: A8..A4, facing it): a5 is takasiaed. North may not start from it: a2 is
// his only start. a2< (2): a1, b1. Then South must make the threatened capture: B7< (B8,
// A8 2, facing the new seed in a1) would capture too, but only B8< takes a5. B8< (5): A8..A4
// (2) takes a5 (2) into A8, A7 (2), facing the emptied a2: relay A6, A5 (2), facing a4 (0):
// relay A4, A3 (2): relay A2, A1; A1 was empty.
#[test]
fn bm17_takasia() {
    let mut s = mat(bm17_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        bm17_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<"],
    );
    play(&mut s, "A2>");
    check_takasia(
        &s,
        bm17_after(),
        [0, 0],
        [false, false],
        NORTH,
        Some(4),
        &["a2>", "a2<"],
    );
    play(&mut s, "a2<");
    let threatened = board(
        [0, 0, 0, 50, 0, 0, 0, 1],
        [0, 0, 0, 2, 0, 0, 0, 1],
        [0, 0, 1, 1, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 2, 5],
    );
    check(&s, threatened, [0, 0], [false, false], SOUTH, &["B8<"]);
    play(&mut s, "B8<");
    check(
        &s,
        board(
            [0, 0, 0, 50, 0, 0, 0, 1],
            [0, 0, 0, 0, 0, 0, 0, 1],
            [1, 1, 0, 3, 0, 2, 0, 3],
            [0, 0, 0, 0, 0, 0, 2, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b5>", "b5<"],
    );
}

// BM17 against bao.md B22 on the same moves: bao.md has no obligation, so South may capture
// a1 with B7< as well.
#[test]
fn bm17_takasia_bao_has_no_obligation() {
    let g = default_game(BaoKind::Bao);
    let mut s = pos(&g, bm17_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check_takasia(
        &s,
        bm17_after(),
        [0, 0],
        [false, false],
        NORTH,
        Some(4),
        &["a2>", "a2<"],
    );
    play(&mut s, "a2<");
    check(
        &s,
        board(
            [0, 0, 0, 50, 0, 0, 0, 1],
            [0, 0, 0, 2, 0, 0, 0, 1],
            [0, 0, 1, 1, 0, 0, 0, 1],
            [0, 0, 0, 0, 0, 0, 2, 5],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B7<", "B8<"],
    );
}

/// South's A2 (2), B8 (5); North's a5 (2), a1 as given (0 or 1), b4 the rest.
pub(super) fn bm17_lone_board(a1: u8, south_front: [u8; 8]) -> Holes {
    board(
        [0, 0, 0, 0, 55 - a1, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 0, a1],
        south_front,
        [0, 0, 0, 0, 0, 0, 0, 5],
    )
}

// BM17 has no exceptions: a5 is takasiaed although it is North's only front hole with 2 or
// more (bao.md would not takasia it); since every takata start of North is from a5, he may
// start from it. a5> (2): a6, a7.
#[test]
fn bm17_takasia_no_exceptions() {
    let mut s = mat(
        bm17_lone_board(1, [0, 2, 0, 0, 0, 0, 0, 0]),
        [0, 0],
        [false, false],
        SOUTH,
    );
    play(&mut s, "A2>");
    check_takasia(
        &s,
        bm17_lone_board(1, [0, 0, 1, 1, 0, 0, 0, 0]),
        [0, 0],
        [false, false],
        NORTH,
        Some(4),
        &["a5>", "a5<"],
    );
    play(&mut s, "a5>");
    // South's threatened capture is gone (a5 is empty): his only moves are B8's takata.
    check(
        &s,
        board(
            [0, 0, 0, 0, 54, 0, 0, 0],
            [0, 1, 1, 0, 0, 0, 0, 1],
            [0, 0, 1, 1, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 5],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8>", "B8<"],
    );
}

// BM17: the same when a5 is North's only occupied front hole.
#[test]
fn bm17_takasia_no_exceptions_2() {
    let mut s = mat(
        bm17_lone_board(0, [0, 2, 0, 0, 0, 0, 0, 0]),
        [0, 0],
        [false, false],
        SOUTH,
    );
    play(&mut s, "A2>");
    check_takasia(
        &s,
        bm17_lone_board(0, [0, 0, 1, 1, 0, 0, 0, 0]),
        [0, 0],
        [false, false],
        NORTH,
        Some(4),
        &["a5>", "a5<"],
    );
}

// BM17 option takasia = false: no restriction and no obligation.
#[test]
fn bm17_takasia_option_off() {
    let g = m_rules("takasia = false");
    let mut s = pos(&g, bm17_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        bm17_after(),
        [0, 0],
        [false, false],
        NORTH,
        &["a2>", "a2<", "a5>", "a5<"],
    );
    play(&mut s, "a2<");
    check(
        &s,
        board(
            [0, 0, 0, 50, 0, 0, 0, 1],
            [0, 0, 0, 2, 0, 0, 0, 1],
            [0, 0, 1, 1, 0, 0, 0, 1],
            [0, 0, 0, 0, 0, 0, 2, 5],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B7<", "B8<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM18
// ---------------------------------------------------------------------------------------------

// BM18: a player left with only singletons, or with an empty front row, has lost.
#[test]
fn bm18_game_end() {
    let holes = board(
        [8, 8, 8, 8, 8, 8, 8, 1],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [1, 0, 1, 0, 1, 0, 0, 0],
        [1, 0, 1, 0, 0, 0, 0, 0],
    );
    let s = mat(holes, [0, 0], [false, false], SOUTH);
    check_over(&s, holes, [0, 0], [false, false], GameResult::Win(NORTH));
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], Z, Z);
    let s = mat(holes, [31, 31], [false, false], SOUTH);
    check_over(&s, holes, [31, 31], [false, false], GameResult::Win(NORTH));
}

// ---------------------------------------------------------------------------------------------
// BM19
// ---------------------------------------------------------------------------------------------

/// bao.md's example 18 position (first stage, 11 in each hand, no kuu owned).
pub(super) fn bm19_board() -> Holes {
    board(
        Z,
        [0, 0, 0, 0, 9, 0, 0, 1],
        [1, 6, 3, 1, 0, 5, 4, 0],
        [2, 1, 0, 5, 0, 3, 0, 1],
    )
}

pub(super) const BM19_STARTS: [&str; 8] = ["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"];

// BM19: a move that reaches the lap cap is legal (it sleeps there): bao.md's never-ending
// A3< is among South's moves under the default cap.
#[test]
fn bm19_never_ending_moves() {
    let s = mat(bm19_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        bm19_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &BM19_STARTS,
    );
}
