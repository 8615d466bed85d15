//! rules_bao_kujifunza: the tests of bk08 to bk09.

use super::*;

// BK8: a capture that empties the opponent's front row wins at once; the captured seeds are
// still sown (A4< (2): A3, A2 (2) takes a7 (3), North's last front seeds: A1, A2, A3).
#[test]
fn bk8_game_end_3() {
    let mut s = kat(
        board(
            [6; 8],
            [0, 3, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 10],
        ),
        SOUTH,
    );
    play(&mut s, "A4<");
    check_over(
        &s,
        board(
            [6; 8],
            Z,
            [1, 3, 2, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0, 10],
        ),
        [0, 0],
        NO_HOUSES,
        GameResult::Win(SOUTH),
    );
}

// ---------------------------------------------------------------------------------------------
// BK9
// ---------------------------------------------------------------------------------------------

pub(super) fn bk9_board() -> Holes {
    board(
        [8, 8, 8, 8, 8, 8, 8, 2],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 0, 0, 0, 0],
        [0, 1, 0, 0, 0, 0, 0, 0],
    )
}

// BK9: a move needing more than max_laps laps is illegal; a player whose every move is so
// loses. Under a one-lap cap A1> (relay of A3) and A1< (relay of B2) both need two.
#[test]
fn bk9_never_ending_moves() {
    let g = k_limits("", "max_laps = 1");
    let s = pos(&g, bk9_board(), [0, 0], NO_HOUSES, SOUTH);
    check_over(&s, bk9_board(), [0, 0], NO_HOUSES, GameResult::Win(NORTH));
    // With the default cap both are legal; A1>: A2, A3 (2): relay A4, A5.
    let mut s = kat(bk9_board(), SOUTH);
    check(&s, bk9_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>", "A1<"]);
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
        NO_HOUSES,
        NORTH,
        &["a1>", "a1<"],
    );
}

// BK9 option endless_move = "sleep" (Chikoko's rule): the move ends after the capped lap.
// A1<: B1, B2 (2): the move sleeps there.
#[test]
fn bk9_never_ending_moves_sleep() {
    let g = k_limits("endless_move = \"sleep\"", "max_laps = 1");
    let mut s = pos(&g, bk9_board(), [0, 0], NO_HOUSES, SOUTH);
    check(&s, bk9_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1<");
    check(
        &s,
        board(
            [8, 8, 8, 8, 8, 8, 8, 2],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 1, 0, 0, 0, 0, 0],
            [1, 2, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["a1>", "a1<"],
    );
}

// BK9 option endless_move = "capped": the game ends at the cap as capped (laps). A1>: A2, A3
// (2), and the relay of A3 would be lap 2.
#[test]
fn bk9_never_ending_moves_capped() {
    let g = k_limits("endless_move = \"capped\"", "max_laps = 1");
    let mut s = pos(&g, bk9_board(), [0, 0], NO_HOUSES, SOUTH);
    check(&s, bk9_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1>");
    check_over(
        &s,
        board(
            [8, 8, 8, 8, 8, 8, 8, 2],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 1, 2, 0, 0, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0],
        ),
        [0, 0],
        NO_HOUSES,
        GameResult::Capped(Cap::Laps),
    );
}

// bao.md B25 (unchanged here): the ply cap.
#[test]
fn bk_caps_plies() {
    let g = k_limits("", "max_plies = 1");
    let mut s = g.initial_state();
    play(&mut s, "A2>");
    check_over(
        &s,
        board(
            [2; 8],
            [2, 2, 2, 0, 2, 2, 2, 2],
            [3, 1, 3, 3, 2, 2, 2, 2],
            [2; 8],
        ),
        [0, 0],
        NO_HOUSES,
        GameResult::Capped(Cap::Plies),
    );
}
