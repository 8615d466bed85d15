//! rules_bao_malawi: the tests of bm13 to bm21.

use super::*;

// BM13: a first-stage capture whose lap ends in the functional kuu, opposite empty, offers
// the choice. A3> takes a6 (5): A1..A5 (kuu 9): stop (sleep) keeps the kuu.
#[test]
fn bm13_kuu_safari() {
    let mut s = mat(bm13_board(), [24, 24], [true, false], SOUTH);
    check(&s, bm13_board(), [24, 24], [true, false], SOUTH, &["A3>", "A3<"]);
    play(&mut s, "A3>");
    let decided = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 9, 0, 0, 0], Z);
    check(&s, decided, [23, 24], [true, false], SOUTH, &["stop", "safari"]);
    let mut t = s.clone();
    play(&mut t, "stop");
    check(&t, decided, [23, 24], [true, false], NORTH, &["a1>", "a1<"]);
    // safari: the kuu's 9 go A6, A7, A8, B8..B3, and it is lost.
    play(&mut s, "safari");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1, 1]), [23, 24], [false, false], NORTH, &["a1>"]);
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
    let holes = board(north_b, [0, 0, 5, 0, 0, 0, 0, 2], [2, 0, 1, 0, 8, 0, 0, 0], Z);
    let mut s = mat(holes, [0, 0], [true, false], SOUTH);
    check(&s, holes, [0, 0], [true, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1, 1]), [0, 0], [false, false], NORTH, &["b8>", "b8<"]);
}

// BM14 option house_in_mtaji = true (bao.md's rule): the same lap gives the stop/safari
// decision.
#[test]
fn bm14_second_stage_house_in_mtaji() {
    let g = m_rules("house_in_mtaji = true");
    let north_b = [8, 8, 8, 8, 8, 6, 0, 0];
    let holes = board(north_b, [0, 0, 5, 0, 0, 0, 0, 2], [2, 0, 1, 0, 8, 0, 0, 0], Z);
    let mut s = pos(&g, holes, [0, 0], [true, false], SOUTH);
    play(&mut s, "A1>");
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 9, 0, 0, 0], Z), [0, 0], [true, false], SOUTH, &["stop", "safari"]);
}

// ---------------------------------------------------------------------------------------------
// BM15
// ---------------------------------------------------------------------------------------------

// BM15: a kuu still owned in the second stage must start the player's first takata: A5 (9),
// not A3. A5> (9): A6, A7, A8, B8..B3; the kuu is lost.
#[test]
fn bm15_first_takata_from_kuu() {
    let north_b = [8, 8, 8, 8, 8, 8, 3, 0];
    let holes = board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 9, 0, 0, 0], Z);
    let mut s = mat(holes, [0, 0], [true, false], SOUTH);
    check(&s, holes, [0, 0], [true, false], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1, 1]), [0, 0], [false, false], NORTH, &["b8>", "b8<"]);
}

// BM15: a kuu of one seed cannot start a move, so the takata starts elsewhere.
#[test]
fn bm15_first_takata_from_kuu_2() {
    let holes = board([8, 8, 8, 8, 8, 8, 8, 3], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 1, 0, 0, 0], Z);
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
    let holes = board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0]);
    let mut s = mat(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1<");
    check_over(&s, board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], Z, [1, 1, 1, 0, 2, 0, 0, 0]), [0, 0], [false, false], GameResult::Win(NORTH));
}

// ---------------------------------------------------------------------------------------------
// BM17
// ---------------------------------------------------------------------------------------------

/// Second stage: South's A2 (2), A8 (1), B7 (2), B8 (5); North's a5 (2), a2 (2), b5 the rest.
/// No kuu is owned. South has no capture (B8< ends in the empty A4, B7< in A8 facing the
/// empty a1).
pub(super) fn bm17_board() -> Holes {
    board([0, 0, 0, 50, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0, 2, 0], [0, 2, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 2, 5])
}

pub(super) fn bm17_after() -> Holes {
    board([0, 0, 0, 50, 0, 0, 0, 0], [0, 0, 0, 2, 0, 0, 2, 0], [0, 0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 2, 5])
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
    check(&s, bm17_board(), [0, 0], [false, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    check_takasia(&s, bm17_after(), [0, 0], [false, false], NORTH, Some(4), &["a2>", "a2<"]);
    play(&mut s, "a2<");
    let threatened = board([0, 0, 0, 50, 0, 0, 0, 1], [0, 0, 0, 2, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 2, 5]);
    check(&s, threatened, [0, 0], [false, false], SOUTH, &["B8<"]);
    play(&mut s, "B8<");
    check(
        &s,
        board([0, 0, 0, 50, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 1], [1, 1, 0, 3, 0, 2, 0, 3], [0, 0, 0, 0, 0, 0, 2, 0]),
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
    check_takasia(&s, bm17_after(), [0, 0], [false, false], NORTH, Some(4), &["a2>", "a2<"]);
    play(&mut s, "a2<");
    check(
        &s,
        board([0, 0, 0, 50, 0, 0, 0, 1], [0, 0, 0, 2, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 2, 5]),
        [0, 0],
        [false, false],
        SOUTH,
        &["B7<", "B8<"],
    );
}

/// South's A2 (2), B8 (5); North's a5 (2), a1 as given (0 or 1), b4 the rest.
pub(super) fn bm17_lone_board(a1: u8, south_front: [u8; 8]) -> Holes {
    board([0, 0, 0, 0, 55 - a1, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, a1], south_front, [0, 0, 0, 0, 0, 0, 0, 5])
}

// BM17 has no exceptions: a5 is takasiaed although it is North's only front hole with 2 or
// more (bao.md would not takasia it); since every takata start of North is from a5, he may
// start from it. a5> (2): a6, a7.
#[test]
fn bm17_takasia_no_exceptions() {
    let mut s = mat(bm17_lone_board(1, [0, 2, 0, 0, 0, 0, 0, 0]), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check_takasia(&s, bm17_lone_board(1, [0, 0, 1, 1, 0, 0, 0, 0]), [0, 0], [false, false], NORTH, Some(4), &["a5>", "a5<"]);
    play(&mut s, "a5>");
    // South's threatened capture is gone (a5 is empty): his only moves are B8's takata.
    check(
        &s,
        board([0, 0, 0, 0, 54, 0, 0, 0], [0, 1, 1, 0, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5]),
        [0, 0],
        [false, false],
        SOUTH,
        &["B8>", "B8<"],
    );
}

// BM17: the same when a5 is North's only occupied front hole.
#[test]
fn bm17_takasia_no_exceptions_2() {
    let mut s = mat(bm17_lone_board(0, [0, 2, 0, 0, 0, 0, 0, 0]), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check_takasia(&s, bm17_lone_board(0, [0, 0, 1, 1, 0, 0, 0, 0]), [0, 0], [false, false], NORTH, Some(4), &["a5>", "a5<"]);
}

// BM17 option takasia = false: no restriction and no obligation.
#[test]
fn bm17_takasia_option_off() {
    let g = m_rules("takasia = false");
    let mut s = pos(&g, bm17_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "A2>");
    check(&s, bm17_after(), [0, 0], [false, false], NORTH, &["a2>", "a2<", "a5>", "a5<"]);
    play(&mut s, "a2<");
    check(
        &s,
        board([0, 0, 0, 50, 0, 0, 0, 1], [0, 0, 0, 2, 0, 0, 0, 1], [0, 0, 1, 1, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 2, 5]),
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
    let holes = board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 1, 0, 0, 0], [1, 0, 1, 0, 0, 0, 0, 0]);
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
    board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [1, 6, 3, 1, 0, 5, 4, 0], [2, 1, 0, 5, 0, 3, 0, 1])
}

pub(super) const BM19_STARTS: [&str; 8] = ["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"];

// BM19: a move that reaches the lap cap is legal (it sleeps there): bao.md's never-ending
// A3< is among South's moves under the default cap.
#[test]
fn bm19_never_ending_moves() {
    let s = mat(bm19_board(), [11, 11], [false, false], SOUTH);
    check(&s, bm19_board(), [11, 11], [false, false], SOUTH, &BM19_STARTS);
}

// BM19 with a cap of 3 laps: A3< (3 + 1): A2, A1, B1, B2 (2): relay B3, B4 (6): relay B5..B8,
// A8, A7 (5): the third lap ends there; the move sleeps and the turn passes.
#[test]
fn bm19_never_ending_moves_2() {
    let g = m_limits("", "max_laps = 3");
    let mut s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
    check(&s, bm19_board(), [11, 11], [false, false], SOUTH, &BM19_STARTS);
    play(&mut s, "A3<");
    check(&s, board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [2, 7, 0, 1, 0, 5, 5, 1], [3, 0, 1, 0, 1, 4, 1, 2]), [10, 11], [false, false], NORTH, &["a1>"]);
}

// BM19 option endless_move = "capped": the game ends there as capped.
#[test]
fn bm19_never_ending_moves_capped() {
    let g = m_limits("endless_move = \"capped\"", "max_laps = 3");
    let mut s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
    play(&mut s, "A3<");
    check_over(
        &s,
        board(Z, [0, 0, 0, 0, 9, 0, 0, 1], [2, 7, 0, 1, 0, 5, 5, 1], [3, 0, 1, 0, 1, 4, 1, 2]),
        [10, 11],
        [false, false],
        GameResult::Capped(Cap::Laps),
    );
}

// BM19 option endless_move = "illegal" (bao.md's rule): under the cap of 3 the starts that
// need a fourth lap (A2>, A3<, A6<) are illegal.
#[test]
fn bm19_never_ending_moves_illegal() {
    let g = m_limits("endless_move = \"illegal\"", "max_laps = 3");
    let s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
    check(&s, bm19_board(), [11, 11], [false, false], SOUTH, &["A2<", "A3>", "A6>", "A7>", "A7<"]);
}

// ---------------------------------------------------------------------------------------------
// BM20
// ---------------------------------------------------------------------------------------------

pub(super) fn placements(from: &str) -> Vec<&'static str> {
    const ALL: [&str; 16] = ["+A1", "+A2", "+A3", "+A4", "+A5", "+A6", "+A7", "+A8", "+B1", "+B2", "+B3", "+B4", "+B5", "+B6", "+B7", "+B8"];
    let i = ALL.iter().position(|&p| p == from).expect("a placement");
    ALL[i..].to_vec()
}

pub(super) fn north_placements(from: &str) -> Vec<String> {
    placements(&from.to_uppercase()).into_iter().map(|p| p.to_lowercase()).collect()
}

// BM20: the advanced opening. South's 2-holes A6, A7 are lifted and a nemo taken: 5 seeds
// to place (in hand: 19 + 5), one per ply, into any of his 16 holes, the kuu included, in
// non-decreasing hole index. Here: A2, A2, A4, B3, B8. Then North may take the seeds of
// South's hole facing a5 (A4: 1) or a7 (A2: 2); A3, facing a6, is empty. He takes A2 (xa7);
// his 2-holes are lifted and a nemo taken: 5 + 2 seeds to place: a1, a1, a5, a5, a6, b1,
// b8. Then South plays his second move as in the intermediate game: A4 (1 + the nemo)
// takes the kuu a5 (10) — South's own kuu is not threatened (a4 is empty) — and sows it
// from the left kichwa: A1..A8, B8 (2), B7; B7 was empty. North's kuu is lost.
#[test]
fn bm20_advanced_opening() {
    let mut s = advanced().initial_state();
    let north_start = ([0; 8], [0, 2, 2, 8, 0, 0, 0, 0]);
    check_opening(&s, board(north_start.0, north_start.1, [0, 0, 0, 0, 8, 0, 0, 0], Z), [24, 20], [true, true], SOUTH, &placements("+A1"));
    play(&mut s, "+A2");
    play(&mut s, "+A2");
    check_opening(&s, board(north_start.0, north_start.1, [0, 2, 0, 0, 8, 0, 0, 0], Z), [22, 20], [true, true], SOUTH, &placements("+A2"));
    play(&mut s, "+A4");
    // Placements go in non-decreasing hole index: A2 and A3 are now refused.
    assert_illegal(&s, "+A2");
    assert_illegal(&s, "+A3");
    play(&mut s, "+B3");
    check_opening(
        &s,
        board(north_start.0, north_start.1, [0, 2, 0, 1, 8, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 0]),
        [20, 20],
        [true, true],
        SOUTH,
        &placements("+B3"),
    );
    play(&mut s, "+B8");
    let south = ([0, 2, 0, 1, 8, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 1]);
    check_opening(&s, board(north_start.0, north_start.1, south.0, south.1), [19, 20], [true, true], NORTH, &["xa5", "xa7", "pass"]);
    play(&mut s, "xa7");
    let all_north = north_placements("+a1");
    let all_north: Vec<&str> = all_north.iter().map(String::as_str).collect();
    check_opening(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 1, 8, 0, 0, 0], south.1), [19, 26], [true, true], NORTH, &all_north);
    for p in ["+a1", "+a1", "+a5", "+a5", "+a6", "+b1"] {
        play(&mut s, p);
    }
    let from_b1 = north_placements("+b1");
    let from_b1: Vec<&str> = from_b1.iter().map(String::as_str).collect();
    check_opening(&s, board([0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 1, 10, 0, 0, 0, 2], [0, 0, 0, 1, 8, 0, 0, 0], south.1), [19, 20], [true, true], NORTH, &from_b1);
    play(&mut s, "+b8");
    let after_opening = board([1, 0, 0, 0, 0, 0, 0, 1], [0, 0, 1, 10, 0, 0, 0, 2], [0, 0, 0, 1, 8, 0, 0, 0], south.1);
    check(&s, after_opening, [19, 19], [true, true], SOUTH, &["A4>", "A4<"]);
    play(&mut s, "A4>");
    check(
        &s,
        board([1, 0, 0, 0, 0, 0, 0, 1], [0, 0, 1, 0, 0, 0, 0, 2], [1, 1, 1, 3, 9, 1, 1, 1], [0, 0, 1, 0, 0, 0, 1, 2]),
        [18, 19],
        [true, false],
        NORTH,
        &["a1>", "a6>", "a6<"],
    );
}

// BM20: North's take is judged on his layout before he lifts his 2-holes: xa5 takes A4 (1),
// leaving 5 + 1 to place; pass takes nothing, leaving 5.
#[test]
fn bm20_advanced_opening_take_or_pass() {
    let mut s = advanced().initial_state();
    for p in ["+A2", "+A2", "+A4", "+B3", "+B8"] {
        play(&mut s, p);
    }
    let south_back = [0, 0, 1, 0, 0, 0, 0, 1];
    let all_north = north_placements("+a1");
    let all_north: Vec<&str> = all_north.iter().map(String::as_str).collect();
    let mut t = s.clone();
    play(&mut t, "xa5");
    check_opening(&t, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 2, 0, 0, 8, 0, 0, 0], south_back), [19, 25], [true, true], NORTH, &all_north);
    play(&mut s, "pass");
    check_opening(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 2, 0, 1, 8, 0, 0, 0], south_back), [19, 24], [true, true], NORTH, &all_north);
}

// BM20: every take facing a North hole that holds seeds (a5, a6, a7) is offered when the
// South hole is occupied; the kuu may receive seeds. South places A2, A3, A4, A5, A5; North
// takes A3 (xa6, facing his 2-hole a6): 5 + 1 to place.
#[test]
fn bm20_advanced_opening_every_take() {
    let mut s = advanced().initial_state();
    for p in ["+A2", "+A3", "+A4", "+A5", "+A5"] {
        play(&mut s, p);
    }
    check_opening(&s, board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [0, 1, 1, 1, 10, 0, 0, 0], Z), [19, 20], [true, true], NORTH, &["xa5", "xa6", "xa7", "pass"]);
    play(&mut s, "xa6");
    let all_north = north_placements("+a1");
    let all_north: Vec<&str> = all_north.iter().map(String::as_str).collect();
    check_opening(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 1, 0, 1, 10, 0, 0, 0], Z), [19, 25], [true, true], NORTH, &all_north);
}

// BM20: with the intermediate opening (the default) no opening action is ever legal, and
// the advanced opening is not offered by bao.md's game.
#[test]
fn bm20_advanced_opening_default_intermediate() {
    let s = malawi().initial_state();
    for a in ["+A1", "+A5", "+B8", "xA5", "pass"] {
        assert_illegal(&s, a);
    }
}

// ---------------------------------------------------------------------------------------------
// BM21
// ---------------------------------------------------------------------------------------------

// BM21: every action is a ply, the opening's placements included: under a 3-ply cap the
// game stops after South's third placement.
#[test]
fn bm21_caps() {
    let g = m_limits("opening = \"advanced\"", "max_plies = 3");
    let mut s = g.initial_state();
    for p in ["+A1", "+A1", "+B2"] {
        play(&mut s, p);
    }
    assert_eq!(s.ply(), 3);
    assert_eq!(s.outcome().map(|o| o.result), Some(GameResult::Capped(Cap::Plies)));
    assert!(s.legal_actions().is_empty());
    assert_eq!([s.holes(SOUTH), s.holes(NORTH)], board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [2, 0, 0, 0, 8, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0],));
    assert_eq!(s.snapshot().in_hand, [21, 20]);
}

// BM21: in the intermediate game, a 2-ply cap stops the game after South's and North's
// first moves (bm2's worked example: A7<, a5<).
#[test]
fn bm21_caps_2() {
    let g = m_limits("", "max_plies = 2");
    let mut s = g.initial_state();
    play(&mut s, "A7<");
    play(&mut s, "a5<");
    check_over(&s, board(Z, [1, 2, 2, 9, 0, 0, 0, 0], [0, 0, 0, 0, 9, 3, 0, 0], Z), [19, 19], [true, true], GameResult::Capped(Cap::Plies));
}
