//! One or more tests per rule of Bao la Kujifunza (`docs/rules/bao-kujifunza.md`, rules
//! BK1..BK9 and the rule options), each named after the rule it checks, and the document's
//! worked example. Bao la Kujifunza is Bao la Kiswahili's mtaji stage (`docs/rules/bao.md`)
//! from 2 seeds in every hole, without a house and (by default) without takasia, where
//! emptying one's own front row loses. Every expected position is worked out by hand from
//! the rule text.
//!
//! Positions are written as the documents draw them, as South sees the board, one array per
//! row: North's back row `b8..b1`, North's front row `a8..a1`, South's front row `A1..A8`,
//! South's back row `B1..B8` (`board` in `common/bao.rs`); `A`c faces `a`(9-c). Moves are in
//! bao.md's notation: the hole, then `>` (clockwise: along the front row from hole 1 to hole
//! 8, round into the back row from 8 to 1) or `<` (anticlockwise). Hands are always empty and
//! no house is owned. Every check compares all 32 holes, the hands, the houses, the takasia,
//! the player to move and the full list of legal actions (`check`), or the result of a
//! finished game (`check_over`). North's back-row seeds in the positions built for the rules
//! are there to make up the 64 seeds.

mod common;

use common::bao::*;
use mankala_engine::variants::bao::{Bao, BaoKind, BaoRules, BaoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn kujifunza() -> Bao {
    default_game(BaoKind::Kujifunza)
}

/// Bao la Kujifunza with a `[rules]` table in TOML.
fn k_rules(rules: &str) -> Bao {
    from_config(KUJIFUNZA, rules)
}

/// Bao la Kujifunza with `[rules]` and `[limits]` tables in TOML.
fn k_limits(rules: &str, limits: &str) -> Bao {
    from_tables(KUJIFUNZA, rules, limits)
}

/// A position of the default game: no hands, no houses.
fn kat(holes: Holes, to_move: Player) -> BaoState {
    pos(&kujifunza(), holes, [0, 0], [false, false], to_move)
}

const NO_HOUSES: [bool; 2] = [false, false];

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: bao.md's keys with this document's defaults: takasia off, self_empty "loses",
// endless_move "illegal", 1000 laps, 2000 plies; the other keys keep bao.md's defaults (they
// have no effect here).
#[test]
fn kujifunza_rule_options() {
    let any = AnyGame::by_name(KUJIFUNZA).expect("bao-kujifunza is known");
    assert_eq!(any.name(), "bao-kujifunza");
    let table = any.rules_table();
    assert_eq!(table["takasia"].as_bool(), Some(false));
    assert_eq!(table["self_empty"].as_str(), Some("loses"));
    assert_eq!(table["endless_move"].as_str(), Some("illegal"));
    let limits = any.limits_table();
    assert_eq!(limits["max_plies"].as_integer(), Some(2000));
    assert_eq!(limits["max_laps"].as_integer(), Some(1000));
    let AnyGame::Bao(g) = any else { panic!("bao-kujifunza is a Bao game") };
    assert_eq!(g, kujifunza());
    assert_eq!(g.kind, BaoKind::Kujifunza);
    assert_eq!(g.rules, BaoRules::of(BaoKind::Kujifunza));
    assert_eq!(g.limits, Bao::DEFAULT_LIMITS);
    assert_eq!(k_rules(""), g);
    let table = AnyGame::Bao(k_rules("takasia = true\nself_empty = \"illegal\"")).rules_table();
    assert_eq!(table["takasia"].as_bool(), Some(true));
    assert_eq!(table["self_empty"].as_str(), Some("illegal"));
    let g = k_limits("endless_move = \"sleep\"", "max_laps = 9");
    assert_eq!(g.limits.max_laps, 9);
    assert!(config_refused(KUJIFUNZA, "nyumba = true", ""));
    assert!(config_refused(KUJIFUNZA, "self_empty = \"maybe\"", ""));
}

// ---------------------------------------------------------------------------------------------
// BK1 (and the worked example)
// ---------------------------------------------------------------------------------------------

// BK1 and the worked example (derived in bao-kujifunza.md): 2 seeds in every hole, no hands,
// every move a mtaji move. South has 16 legal moves, all captures: every front hole's 2-seed
// lap that ends in the front row (A1>, A2>, A3, A4, A5, A6 both ways, A7<, A8<), and the
// back-row starts ending in A1, A2, A7, A8 (B1>, B2>, B7<, B8<).
#[test]
fn bk1_start_position() {
    let g = kujifunza();
    assert_eq!(g.name(), "bao-kujifunza");
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 59);
    let s = g.initial_state();
    assert_eq!(s.ply(), 0);
    check(
        &s,
        board([2; 8], [2; 8], [2; 8], [2; 8]),
        [0, 0],
        NO_HOUSES,
        SOUTH,
        &["A1>", "A2>", "A3>", "A3<", "A4>", "A4<", "A5>", "A5<", "A6>", "A6<", "A7<", "A8<", "B8<", "B7<", "B2>", "B1>"],
    );
}

// BK1: A2> (2): A3, A4 (3) takes a5 (2), clockwise kept, from the left kichwa: A1 (3), A2,
// which was emptied: the end.
#[test]
fn bk1_start_position_2() {
    let mut s = kujifunza().initial_state();
    play(&mut s, "A2>");
    check(
        &s,
        board([2; 8], [2, 2, 2, 0, 2, 2, 2, 2], [3, 1, 3, 3, 2, 2, 2, 2], [2; 8]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["a1>", "a2>", "a4>", "a6>", "b1>", "b2>", "a3<", "a4<", "a6<", "a8<", "b7<", "b8<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BK2
// ---------------------------------------------------------------------------------------------

// BK2: South moves first. A7< (2): A6, A5 (3) takes a4 (2), anticlockwise kept, from the
// right kichwa: A8 (3), A7, which was emptied.
#[test]
fn bk2_south_first() {
    let mut s = kujifunza().initial_state();
    assert_eq!(s.to_move(), SOUTH);
    play(&mut s, "A7<");
    check(
        &s,
        board([2; 8], [2, 2, 2, 2, 0, 2, 2, 2], [2, 2, 2, 2, 3, 3, 1, 3], [2; 8]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["a1>", "a3>", "a5>", "a6>", "b1>", "b2>", "a3<", "a5<", "a7<", "a8<", "b7<", "b8<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BK3
// ---------------------------------------------------------------------------------------------

// BK3: there is no house: the fifth front hole is ordinary. A1> (2): A2, A3 (2) takes a6
// (5), from the left kichwa: A1..A5; A5 (7) faces the empty a4: in bao.md this would be the
// stop/safari decision at a functional nyumba; here A5 is simply relayed: A6, A7, A8, B8,
// B7, B6, B5; B5 was empty.
#[test]
fn bk3_no_house() {
    let north_b = [8, 8, 8, 8, 8, 8, 0, 0];
    let mut s = kat(board(north_b, [0, 0, 5, 0, 0, 0, 0, 2], [2, 0, 1, 0, 6, 0, 0, 0], Z), SOUTH);
    check(&s, board(north_b, [0, 0, 5, 0, 0, 0, 0, 2], [2, 0, 1, 0, 6, 0, 0, 0], Z), [0, 0], NO_HOUSES, SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 3, 1, 0, 1, 1, 1], [0, 0, 0, 0, 1, 1, 1, 1]), [0, 0], NO_HOUSES, NORTH, &["b8>", "b8<"]);
}

// BK3: no house is owned at the start.
#[test]
fn bk3_no_house_2() {
    let s = kujifunza().initial_state();
    assert!(!s.house_owned(SOUTH));
    assert!(!s.house_owned(NORTH));
    assert!(!s.at_decision());
}

// ---------------------------------------------------------------------------------------------
// BK4
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A2 (2), B8 (5); North's a5 (2), a1 (2), b4 the rest. South has no capture.
fn bk4_board() -> Holes {
    board([0, 0, 0, 0, 53, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, 2], [0, 2, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5])
}

fn bk4_after() -> Holes {
    board([0, 0, 0, 0, 53, 0, 0, 0], [0, 0, 0, 2, 0, 0, 0, 2], [0, 0, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 5])
}

// BK4: no takasia. South's takasa A2> (A3, A4) leaves North without a capture and South,
// moving again, with a5 as his only target (B8< ends in A4) — bao.md's takasia position
// (rules_bao.rs, b22_takasia) — but North may start from a5.
#[test]
fn bk4_no_takasia() {
    let mut s = kat(bk4_board(), SOUTH);
    check(&s, bk4_board(), [0, 0], NO_HOUSES, SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    check(&s, bk4_after(), [0, 0], NO_HOUSES, NORTH, &["a1>", "a1<", "a5>", "a5<"]);
}

// BK4 option takasia = true: bao.md's rule: a5 is takasiaed for North's next move.
#[test]
fn bk4_no_takasia_option() {
    let g = k_rules("takasia = true");
    let mut s = pos(&g, bk4_board(), [0, 0], NO_HOUSES, SOUTH);
    play(&mut s, "A2>");
    check_takasia(&s, bk4_after(), [0, 0], NO_HOUSES, NORTH, Some(4), &["a1>", "a1<"]);
}

// ---------------------------------------------------------------------------------------------
// BK5
// ---------------------------------------------------------------------------------------------

fn bk5_board() -> Holes {
    board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [3, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0])
}

// BK5: a takasa from the lone kichwa A1 may go towards the back row, but South loses at the
// first seed (B1), his front row being empty; the lap's other seeds (B2, B3) are dropped and
// the game is over.
#[test]
fn bk5_lone_kichwa_loses() {
    let mut s = kat(bk5_board(), SOUTH);
    check(&s, bk5_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>", "A1<"]);
    play(&mut s, "A1<");
    check_over(&s, board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], Z, [1, 1, 1, 0, 2, 0, 0, 0]), [0, 0], NO_HOUSES, GameResult::Win(NORTH));
}

// BK5: towards the centre the game goes on: A1> (3): A2, A3, A4. North's lone kichwa a1 may
// likewise go either way.
#[test]
fn bk5_lone_kichwa_loses_2() {
    let mut s = kat(bk5_board(), SOUTH);
    play(&mut s, "A1>");
    check(
        &s,
        board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0, 0]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["a1>", "a1<"],
    );
}

// BK5 option self_empty = "illegal" (bao.md's rule): A1< is not legal.
#[test]
fn bk5_lone_kichwa_loses_option_illegal() {
    let g = k_rules("self_empty = \"illegal\"");
    let s = pos(&g, bk5_board(), [0, 0], NO_HOUSES, SOUTH);
    check(&s, bk5_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>"]);
    assert_illegal(&s, "A1<");
}

// ---------------------------------------------------------------------------------------------
// BK6
// ---------------------------------------------------------------------------------------------

// BK6: the kichwa is never chosen. A capture at holes 1, 2 re-enters at the left kichwa,
// reversing the move: A4< (2): A3, A2 (2) takes a7 (3), from A1 clockwise: A1, A2, A3 (2),
// facing the empty a6: relayed clockwise: A4, A5; A5 was empty.
#[test]
fn bk6_capture() {
    let north_b = [6, 6, 6, 6, 6, 6, 6, 4];
    let south_b = [0, 0, 0, 0, 0, 0, 0, 10];
    let mut s = kat(board(north_b, [0, 3, 0, 0, 0, 0, 0, 2], [0, 1, 0, 2, 0, 0, 0, 0], south_b), SOUTH);
    check(&s, board(north_b, [0, 3, 0, 0, 0, 0, 0, 2], [0, 1, 0, 2, 0, 0, 0, 0], south_b), [0, 0], NO_HOUSES, SOUTH, &["A4<"]);
    play(&mut s, "A4<");
    // North's lone front hole a1 (2) may go either way (BK5).
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [1, 3, 0, 1, 1, 0, 0, 0], south_b), [0, 0], NO_HOUSES, NORTH, &["a1>", "a1<"]);
}

// BK6: from the start, B1> (2): A1, A2 (3) takes a7 (2), from the left kichwa: A1 (4), A2
// (4), facing the emptied a7: relay A3, A4, A5, A6 (3), which takes a3 (2), clockwise kept:
// A1 (5), A2, which was emptied. A capture from the back row (BK7), then further captures
// in relays.
#[test]
fn bk6_capture_2() {
    let mut s = kujifunza().initial_state();
    play(&mut s, "B1>");
    check(
        &s,
        board([2; 8], [2, 0, 2, 2, 2, 0, 2, 2], [5, 1, 3, 3, 3, 3, 2, 2], [0, 2, 2, 2, 2, 2, 2, 2]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["a2>", "a4>", "a6>", "b1>", "b2>", "a4<", "a6<", "a8<", "b7<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BK7
// ---------------------------------------------------------------------------------------------

fn bk7_board(a3: u8) -> Holes {
    board([8, 8, 8, 8, 8, 19 - a3, 0, 0], [0, 2, 0, 0, 0, 0, 0, 2], [0, 1, a3, 0, 0, 0, 0, 0], Z)
}

// BK7: fifteen seeds may start a capture. A3> (15): A4..A8, B8..B1, A1, A2 (2), which faces
// a7 (2): captured, from the left kichwa: A1 (2), A2 (3), facing the emptied a7: relay A3,
// A4, A5 (2), facing a4 (0): relay A6, A7 (2): relay A8, B8 (2): relay B7, B6 (2): relay B5,
// B4 (2): relay B3, B2 (2): relay B1, A1 (3): relay A2, A3, A4 (3): relay A5, A6, A7; A7 had
// been emptied. A3< (15) ends in A4, which was empty: no capture, so not legal.
#[test]
fn bk7_start_limits() {
    let mut s = kat(bk7_board(15), SOUTH);
    check(&s, bk7_board(15), [0, 0], NO_HOUSES, SOUTH, &["A3>"]);
    play(&mut s, "A3>");
    check(
        &s,
        board([8, 8, 8, 8, 8, 4, 0, 0], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 2, 0, 1, 3, 1, 2], [2, 0, 2, 0, 2, 0, 2, 0]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["b8>", "b8<"],
    );
}

// BK7: sixteen seeds only start a takasa: A3> (16) goes round the whole track and ends in
// the emptied A3; A2 (1 + 1) faces a7 (2) but nothing is captured. Both directions fill
// every hole once.
#[test]
fn bk7_start_limits_2() {
    let s = kat(bk7_board(16), SOUTH);
    check(&s, bk7_board(16), [0, 0], NO_HOUSES, SOUTH, &["A3>", "A3<"]);
    for mv in ["A3>", "A3<"] {
        let mut t = s.clone();
        play(&mut t, mv);
        check(
            &t,
            board([8, 8, 8, 8, 8, 3, 0, 0], [0, 2, 0, 0, 0, 0, 0, 2], [1, 2, 1, 1, 1, 1, 1, 1], [1; 8]),
            [0, 0],
            NO_HOUSES,
            NORTH,
            &["b3>", "b8>", "b8<"],
        );
    }
}

fn bk7_lone_board() -> Holes {
    board([6, 6, 6, 6, 6, 6, 6, 3], [0, 2, 0, 0, 0, 0, 0, 0], [17, 0, 0, 0, 0, 0, 0, 0], Z)
}

// BK7: seventeen seeds from the lone kichwa A1: a takasa whose last seed falls into A2 (2),
// facing a7 (2), relayed: A3, A4; A4: A5, A6; A6: A7, A8; A8: B8, B7; B7: B6, B5; B5: B4,
// B3; B3: B2, B1; B1: A1, A2, which was emptied.
#[test]
fn bk7_start_limits_3() {
    let s = kat(bk7_lone_board(), SOUTH);
    check(&s, bk7_lone_board(), [0, 0], NO_HOUSES, SOUTH, &["A1>", "A1<"]);
    let mut t = s.clone();
    play(&mut t, "A1>");
    check(
        &t,
        board([6, 6, 6, 6, 6, 6, 6, 3], [0, 2, 0, 0, 0, 0, 0, 0], [2, 1, 2, 0, 2, 0, 2, 0], [0, 2, 0, 2, 0, 2, 0, 2]),
        [0, 0],
        NO_HOUSES,
        NORTH,
        &["b4<"],
    );
    // A1< loses at its first seed (B1), "even if the lone hole contains more than 8 seeds and
    // so would eventually have reached back round onto the inner row" (BK5); all 17 are
    // still dropped.
    let mut t = s.clone();
    play(&mut t, "A1<");
    check_over(&t, board([6, 6, 6, 6, 6, 6, 6, 3], [0, 2, 0, 0, 0, 0, 0, 0], [1; 8], [2, 1, 1, 1, 1, 1, 1, 1]), [0, 0], NO_HOUSES, GameResult::Win(NORTH));
}

// BK7: a takasa starts in the front row when it can (A2, not B3); singletons never start,
// so with only singletons in front the back row is used.
#[test]
fn bk7_start_limits_4() {
    let north = ([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2]);
    let back = [0, 0, 3, 0, 0, 0, 0, 0];
    let holes = board(north.0, north.1, [0, 2, 0, 0, 0, 0, 0, 0], back);
    let s = kat(holes, SOUTH);
    check(&s, holes, [0, 0], NO_HOUSES, SOUTH, &["A2>", "A2<"]);
    let holes = board(north.0, north.1, [0, 1, 0, 0, 0, 1, 0, 0], back);
    let s = kat(holes, SOUTH);
    check(&s, holes, [0, 0], NO_HOUSES, SOUTH, &["B3>", "B3<"]);
}

// ---------------------------------------------------------------------------------------------
// BK8
// ---------------------------------------------------------------------------------------------

// BK8: a player left with only singletons has lost. A1> (2): A2, A3 (2) takes a6 (2): A1,
// A2 (2), facing the empty a7: relay A3, A4. North has singletons only.
#[test]
fn bk8_game_end() {
    let holes = board([1; 8], [0, 0, 2, 0, 0, 0, 0, 1], [2, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 50, 0, 0, 0]);
    let mut s = kat(holes, SOUTH);
    check(&s, holes, [0, 0], NO_HOUSES, SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check_over(&s, board([1; 8], [0, 0, 0, 0, 0, 0, 0, 1], [1, 0, 3, 1, 0, 0, 0, 0], [0, 0, 0, 0, 50, 0, 0, 0]), [0, 0], NO_HOUSES, GameResult::Win(SOUTH));
}

// BK8: a player whose front row is empty has lost; so has one with only singletons.
#[test]
fn bk8_game_end_2() {
    let holes = board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], Z, [1, 0, 3, 0, 0, 0, 0, 0]);
    let s = kat(holes, SOUTH);
    check_over(&s, holes, [0, 0], NO_HOUSES, GameResult::Win(NORTH));
    let holes = board([8, 8, 8, 8, 8, 8, 8, 1], [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 1, 0, 0, 0], [1, 0, 1, 0, 0, 0, 0, 0]);
    let s = kat(holes, SOUTH);
    check_over(&s, holes, [0, 0], NO_HOUSES, GameResult::Win(NORTH));
}

// BK8: a capture that empties the opponent's front row wins at once; the captured seeds are
// still sown (A4< (2): A3, A2 (2) takes a7 (3), North's last front seeds: A1, A2, A3).
#[test]
fn bk8_game_end_3() {
    let mut s = kat(board([6; 8], [0, 3, 0, 0, 0, 0, 0, 0], [0, 1, 0, 2, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 10]), SOUTH);
    play(&mut s, "A4<");
    check_over(&s, board([6; 8], Z, [1, 3, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 10]), [0, 0], NO_HOUSES, GameResult::Win(SOUTH));
}

// ---------------------------------------------------------------------------------------------
// BK9
// ---------------------------------------------------------------------------------------------

fn bk9_board() -> Holes {
    board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [2, 0, 1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0])
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
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 0, 1, 1, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0]),
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
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 0, 0, 0, 0, 0], [1, 2, 0, 0, 0, 0, 0, 0]),
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
        board([8, 8, 8, 8, 8, 8, 8, 2], [0, 0, 0, 0, 0, 0, 0, 2], [0, 1, 2, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0]),
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
    check_over(&s, board([2; 8], [2, 2, 2, 0, 2, 2, 2, 2], [3, 1, 3, 3, 2, 2, 2, 2], [2; 8]), [0, 0], NO_HOUSES, GameResult::Capped(Cap::Plies));
}
