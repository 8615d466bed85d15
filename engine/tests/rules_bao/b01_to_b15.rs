//! rules_bao: the tests of b01 to b15.

use super::*;

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: the defaults of the option table (takasia on, mtaji_safari "choice", house_min 6,
// house_in_mtaji off, mtaji_capture_ends_house on, tax_all_at_min off, singleton_entry "with-house", self_empty "illegal",
// endless_move "illegal", 2000 plies, 1000 laps); a config overrides them key by key; unknown
// keys and values out of range are refused.
#[test]
fn bao_rule_options() {
    let any = AnyGame::by_name(BAO).expect("bao is known");
    assert_eq!(any.name(), "bao");
    let table = any.rules_table();
    assert_eq!(table["takasia"].as_bool(), Some(true));
    assert_eq!(table["mtaji_safari"].as_str(), Some("choice"));
    assert_eq!(table["house_min"].as_integer(), Some(6));
    assert_eq!(table["house_in_mtaji"].as_bool(), Some(false));
    assert_eq!(table["mtaji_capture_ends_house"].as_bool(), Some(true));
    assert_eq!(table["tax_all_at_min"].as_bool(), Some(false));
    assert_eq!(table["singleton_entry"].as_str(), Some("with-house"));
    assert_eq!(table["self_empty"].as_str(), Some("illegal"));
    assert_eq!(table["endless_move"].as_str(), Some("illegal"));
    let limits = any.limits_table();
    assert_eq!(limits["max_plies"].as_integer(), Some(2000));
    assert_eq!(limits["max_laps"].as_integer(), Some(1000));
    let AnyGame::Bao(g) = any else { panic!("bao is a Bao game") };
    assert_eq!(g, bao_game());
    assert_eq!(g.kind, BaoKind::Bao);
    assert_eq!(g.rules, BaoRules::of(BaoKind::Bao));
    assert_eq!(g.limits, Bao::DEFAULT_LIMITS);
    assert_eq!(Bao::DEFAULT_LIMITS.max_plies, 2000);
    assert_eq!(Bao::DEFAULT_LIMITS.max_laps, 1000);
    assert_eq!(with_rules(""), g);

    let g = with_rules(
        "takasia = false\nmtaji_safari = \"forced\"\nhouse_min = 5\nhouse_in_mtaji = true\n\
         mtaji_capture_ends_house = false\ntax_all_at_min = true\nsingleton_entry = \"restricted\"\nself_empty = \"loses\"\n\
         endless_move = \"sleep\"",
    );
    let table = AnyGame::Bao(g).rules_table();
    assert_eq!(table["takasia"].as_bool(), Some(false));
    assert_eq!(table["mtaji_safari"].as_str(), Some("forced"));
    assert_eq!(table["house_min"].as_integer(), Some(5));
    assert_eq!(table["house_in_mtaji"].as_bool(), Some(true));
    assert_eq!(table["mtaji_capture_ends_house"].as_bool(), Some(false));
    assert_eq!(table["tax_all_at_min"].as_bool(), Some(true));
    assert_eq!(table["singleton_entry"].as_str(), Some("restricted"));
    assert_eq!(table["self_empty"].as_str(), Some("loses"));
    assert_eq!(table["endless_move"].as_str(), Some("sleep"));
    let table = AnyGame::Bao(with_rules("endless_move = \"capped\"")).rules_table();
    assert_eq!(table["endless_move"].as_str(), Some("capped"));
    assert_eq!(table["takasia"].as_bool(), Some(true));
    let g = with_limits("", "max_plies = 50\nmax_laps = 7");
    assert_eq!(g.limits.max_plies, 50);
    assert_eq!(g.limits.max_laps, 7);
    assert_eq!(g.rules, BaoRules::of(BaoKind::Bao));

    assert!(config_refused(BAO, "capture_back_row = true", ""));
    assert!(config_refused(BAO, "house_min = 0", ""));
    assert!(config_refused(BAO, "endless_move = \"forever\"", ""));
    assert!(config_refused(BAO, "mtaji_safari = \"never\"", ""));
    assert!(config_refused(BAO, "mtaji_capture_ends_house = 1", ""));
    assert!(config_refused(BAO, "singleton_entry = \"always\"", ""));
    assert!(config_refused(BAO, "self_empty = \"wins\"", ""));
    assert!(config_refused(BAO, "", "max_turns = 3"));
}

// ---------------------------------------------------------------------------------------------
// B1
// ---------------------------------------------------------------------------------------------

// B1: 4 rows of 8 holes, 64 seeds, hands included; the three Bao variants share 59 actions.
// A player sows only in his own holes: South's A6> (A6 3: A7, A8, B8) leaves North's 32
// untouched, and the seed he put in came from his hand.
#[test]
fn b1_board_and_seeds() {
    let g = bao_game();
    assert_eq!(g.name(), "bao");
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 59);
    let mut s = g.initial_state();
    let snap = s.snapshot();
    assert_eq!(snap.pits.len(), 32);
    assert_eq!(snap.total(), 64);
    play(&mut s, "A6>");
    check(
        &s,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 0, 6, 0, 3, 1], [0, 0, 0, 0, 0, 0, 0, 1]),
        [21, 22],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a7>", "a7<"],
    );
    assert_eq!(s.snapshot().total(), 64);
}

// B1: a position must hold exactly 64 seeds, counting the hands.
#[test]
fn b1_board_and_seeds_2() {
    let g = bao_game();
    let setup = |hand: [u8; 2]| mankala_engine::variants::bao::BaoSetup { holes: start_board(), hand, owned: [true, true], to_move: SOUTH, takasia: None };
    assert!(BaoState::from_setup(&g, &setup([22, 22])).is_ok());
    assert!(BaoState::from_setup(&g, &setup([21, 22])).is_err());
    assert!(BaoState::from_setup(&g, &setup([22, 23])).is_err());
    // Unevenly shared, 64 in all: a valid position.
    assert!(BaoState::from_setup(&g, &setup([40, 4])).is_ok());
}

// ---------------------------------------------------------------------------------------------
// B2
// ---------------------------------------------------------------------------------------------

// B2: the nyumba is the fifth front hole from the owner's left, for North `a5` (drawn fourth
// from the left as South sees it). North's only occupied front hole is a5 (8, owned), and
// a5 faces the empty A4, so he cannot capture: he taxes his nyumba (B16), and a5> puts the
// two seeds into a6, a7 (to his right), a5< into a4, a3.
#[test]
fn b2_special_holes() {
    let s = at(board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z), [23, 23], [true, true], NORTH);
    check(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z), [23, 23], [true, true], NORTH, &["a5>", "a5<"]);
    let mut t = s.clone();
    play(&mut t, "a5>");
    // South: no capture (A2, A3 are empty), his functional nyumba may not take the seed.
    check(&t, board(Z, [0, 1, 1, 7, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z), [23, 22], [true, true], SOUTH, &["A6>", "A6<", "A7>", "A7<"]);
    let mut t = s.clone();
    play(&mut t, "a5<");
    // a4 now faces South's nyumba A5 and a3 faces A6: South captures there.
    check(&t, board(Z, [0, 0, 0, 7, 1, 1, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z), [23, 22], [true, true], SOUTH, &["A5>", "A5<", "A6>", "A6<"]);
}

// ---------------------------------------------------------------------------------------------
// B3, B4
// ---------------------------------------------------------------------------------------------

// B3: 6 in each nyumba, 2 in each of the two front holes to its right, 22 in each hand;
// the nyumbas are owned. South has no capture and may not put the seed into his nyumba.
#[test]
fn b3_start_position() {
    let s = bao_game().initial_state();
    assert_eq!(s.ply(), 0);
    check(&s, start_board(), [22, 22], [true, true], SOUTH, &["A6>", "A6<", "A7>", "A7<"]);
    // The same start from a config.
    let s = with_rules("").initial_state();
    check(&s, start_board(), [22, 22], [true, true], SOUTH, &["A6>", "A6<", "A7>", "A7<"]);
}

// B4: South moves first; after his move North is to move.
#[test]
fn b4_south_first() {
    let mut s = bao_game().initial_state();
    assert_eq!(s.to_move(), SOUTH);
    play(&mut s, "A7>");
    assert_eq!(s.to_move(), NORTH);
    assert_eq!(s.ply(), 1);
    // A7 (3): A8, B8, B7.
    check(
        &s,
        board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 0, 1], [0, 0, 0, 0, 0, 0, 1, 1]),
        [21, 22],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a7>", "a7<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B5
// ---------------------------------------------------------------------------------------------

/// South's A2 (2) and A4 (1) face North's a7 (3) and a5 (6, his nyumba).
pub(super) fn b5_board(b5: u8) -> Holes {
    board([0, 0, 0, 31, 0, 0, 0, 0], [0, 3, 0, 6, 0, 0, 0, 0], [0, 2, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, b5, 0, 0, 0])
}

// B5: the stage belongs to the move and is the mover's: South, with an empty hand, plays a
// mtaji move although North still holds a seed. His singleton A4 cannot capture a5 by
// itself (that takes a seed from the hand); A2 (2) sown clockwise ends in A3, A4: A4 (2)
// faces a5 (6): capture, clockwise kept, sown A1..A6 from the left kichwa; A6 was empty.
// North's nyumba is captured and lost. North, with one seed in hand, plays namua: the seed
// goes into a7, which faces A2 (1): capture, sown from his right kichwa a8 (a7 is hole 7).
// Then both hands are empty.
#[test]
fn b5_stages() {
    let mut s = at(b5_board(20), [0, 1], [false, true], SOUTH);
    check(&s, b5_board(20), [0, 1], [false, true], SOUTH, &["A2>"]);
    play(&mut s, "A2>");
    check(
        &s,
        board([0, 0, 0, 31, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0, 0, 0], [1, 1, 2, 3, 1, 1, 0, 0], [0, 0, 0, 0, 20, 0, 0, 0]),
        [0, 1],
        [false, false],
        NORTH,
        &["a7<"],
    );
    play(&mut s, "a7<");
    // South in mtaji: A3 (2) < ends in A1 (2) facing a8 (1); A4 (3) < too.
    check(
        &s,
        board([0, 0, 0, 31, 0, 0, 0, 0], [1, 4, 0, 0, 0, 0, 0, 0], [1, 0, 2, 3, 1, 1, 0, 0], [0, 0, 0, 0, 20, 0, 0, 0]),
        [0, 0],
        [false, false],
        SOUTH,
        &["A3<", "A4<"],
    );
}

// B5: the same board with a seed in South's hand: a namua move, captures at every occupied
// front hole facing an occupied one: A2 (hole 2: left kichwa only) and A4 (either kichwa).
#[test]
fn b5_stages_2() {
    let s = at(b5_board(19), [1, 1], [false, true], SOUTH);
    check(&s, b5_board(19), [1, 1], [false, true], SOUTH, &["A2>", "A4>", "A4<"]);
}

// ---------------------------------------------------------------------------------------------
// B6
// ---------------------------------------------------------------------------------------------

pub(super) fn b6_north() -> ([u8; 8], [u8; 8]) {
    ([6, 6, 6, 6, 6, 6, 6, 0], [0, 0, 0, 6, 0, 0, 0, 0])
}

// B6: a lap of 16 seeds goes round the whole track and does not skip its start hole: A4 (16)
// sown clockwise fills A5..A8, B8..B1, A1..A3 and its 16th seed falls into the emptied A4,
// which ends the move (B7). Anticlockwise the same holes are filled in the other order.
// Mtaji stage, no nyumba; A4 (16) can only start a takasa (B10) and South has no other
// hole of 2 or more. North then captures (b2> ends in a5 facing A4; b6< ends in a5 too).
#[test]
fn b6_sowing() {
    let (b, a) = b6_north();
    let s = at(board(b, a, [0, 0, 0, 16, 0, 0, 0, 0], Z), [0, 0], [false, false], SOUTH);
    check(&s, board(b, a, [0, 0, 0, 16, 0, 0, 0, 0], Z), [0, 0], [false, false], SOUTH, &["A4>", "A4<"]);
    for mv in ["A4>", "A4<"] {
        let mut t = s.clone();
        play(&mut t, mv);
        check(&t, board(b, a, [1; 8], [1; 8]), [0, 0], [false, false], NORTH, &["b2>", "b6<"]);
    }
}

// ---------------------------------------------------------------------------------------------
// B7
// ---------------------------------------------------------------------------------------------

/// Namua, South's A2 (2), A5 (6, owned), A6 (3); no North front hole faces them.
pub(super) fn b7_board() -> Holes {
    board(Z, [0, 0, 0, 6, 0, 0, 0, 2], [0, 2, 0, 0, 6, 3, 0, 0], Z)
}

// B7: A6< (4 with the seed): A5, A4, A3, A2; A2 held 2, so it is relayed with all its 3
// seeds: A1, B1, B2; B2 was empty: the move ends.
#[test]
fn b7_lap_end_and_relay() {
    let mut s = at(b7_board(), [20, 25], [true, true], SOUTH);
    check(&s, b7_board(), [20, 25], [true, true], SOUTH, &["A2>", "A2<", "A6>", "A6<"]);
    play(&mut s, "A6<");
    // North: a5 (6) faces A4 (1): he must capture there.
    check(&s, board(Z, [0, 0, 0, 6, 0, 0, 0, 2], [1, 0, 1, 1, 7, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0]), [19, 25], [true, true], NORTH, &["a5>", "a5<"]);
}

// B7: A6> (4): A7, A8, B8, B7; B7 was empty: one lap. North's a1 now faces A8 (1).
#[test]
fn b7_lap_end_and_relay_2() {
    let mut s = at(b7_board(), [20, 25], [true, true], SOUTH);
    play(&mut s, "A6>");
    check(&s, board(Z, [0, 0, 0, 6, 0, 0, 0, 2], [0, 2, 0, 0, 6, 0, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1]), [19, 25], [true, true], NORTH, &["a1>"]);
}

// ---------------------------------------------------------------------------------------------
// B8
// ---------------------------------------------------------------------------------------------

/// Namua, no nyumbas: South's A1 (1), A2 (1), A6 (2); North's a7 (1) faces A2.
pub(super) fn b8_board() -> Holes {
    board(Z, [0, 1, 0, 0, 0, 0, 0, 3], [1, 1, 0, 0, 0, 2, 0, 0], Z)
}

// B8: a capture must be played when there is one: A2 faces a7, so A2> (hole 2: the left
// kichwa) is the only legal move, although A6 could start a takasa. A2 (2) takes a7 (1),
// sown into A1 (2): relay A1: A2, A3; A3 was empty. North's lone kichwa a1 (3) faces the
// empty A8: his only move sows it towards the centre (B21).
#[test]
fn b8_mandatory_capture() {
    let mut s = at(b8_board(), [28, 28], [false, false], SOUTH);
    check(&s, b8_board(), [28, 28], [false, false], SOUTH, &["A2>"]);
    play(&mut s, "A2>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 3], [0, 3, 1, 0, 0, 2, 0, 0], Z), [27, 28], [false, false], NORTH, &["a1>"]);
}

// B8 (decision): a capture that is illegal for another reason does not oblige. With a cap
// of one lap (B24), A2>'s relay of A1 would be a second lap: the capture is illegal, so the
// takasa rules apply: A6 (A1 and A2 are singletons, B15). A6> (3): A7, A8, B8.
#[test]
fn b8_mandatory_capture_2() {
    let g = with_limits("", "max_laps = 1");
    let mut s = pos(&g, b8_board(), [28, 28], [false, false], SOUTH);
    check(&s, b8_board(), [28, 28], [false, false], SOUTH, &["A6>", "A6<"]);
    play(&mut s, "A6>");
    // North: a7 takes A2 (1) into a8 in one lap; a1 would take A8 (1) and relay: two laps.
    check(&s, board(Z, [0, 1, 0, 0, 0, 0, 0, 3], [1, 1, 0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 0, 0, 1]), [27, 28], [false, false], NORTH, &["a7<"]);
}

// ---------------------------------------------------------------------------------------------
// B9
// ---------------------------------------------------------------------------------------------

/// Namua: South's A3 (1) faces a6 (2); A4 (0) faces a5 (3); A5 (6, owned) faces a4 (0).
pub(super) fn b9_board() -> Holes {
    board([0, 0, 0, 3, 0, 0, 0, 0], [0, 0, 2, 3, 0, 0, 0, 0], [0, 0, 1, 0, 6, 0, 0, 0], Z)
}

// B9: a capture needs an occupied front hole facing an occupied one: A3 (a singleton) can
// capture, the empty A4 cannot. The seed goes into A3 (2), which keeps its seeds; a6's 2 are
// sown from the left kichwa: A1, A2. Only the front hole is taken: b5 keeps its 3.
#[test]
fn b9_namua_capture() {
    let mut s = at(b9_board(), [25, 24], [true, true], SOUTH);
    check(&s, b9_board(), [25, 24], [true, true], SOUTH, &["A3>", "A3<"]);
    play(&mut s, "A3>");
    // North's nyumba a5 (3) is owned but not functional: an ordinary hole for his takasa.
    check(&s, board([0, 0, 0, 3, 0, 0, 0, 0], [0, 0, 0, 3, 0, 0, 0, 0], [1, 1, 2, 0, 6, 0, 0, 0], Z), [24, 24], [true, true], NORTH, &["a5>", "a5<"]);
}

// B9: the same capture from the right kichwa: A8, A7.
#[test]
fn b9_namua_capture_2() {
    let mut s = at(b9_board(), [25, 24], [true, true], SOUTH);
    play(&mut s, "A3<");
    check(&s, board([0, 0, 0, 3, 0, 0, 0, 0], [0, 0, 0, 3, 0, 0, 0, 0], [0, 0, 2, 0, 6, 0, 1, 1], Z), [24, 24], [true, true], NORTH, &["a5>", "a5<"]);
}

// ---------------------------------------------------------------------------------------------
// B10
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A1 (3), A4 (1), A6 (2), B1 (20); North's a5 (4) faces A4, a1 (2) faces A8.
pub(super) fn b10_board() -> Holes {
    board([4, 4, 4, 4, 4, 4, 4, 4], [0, 0, 0, 4, 0, 0, 0, 2], [3, 0, 0, 1, 0, 2, 0, 0], [20, 0, 0, 0, 0, 0, 0, 0])
}

// B10: a mtaji capture's first lap must end in an occupied front hole facing an occupied
// one. A1> (3) ends in A4 (1 before) facing a5: capture; A6< (2) too. A6> ends in the empty
// A8 (facing a1): no capture; the singleton A4 cannot start; B1 (20) only starts a takasa.
// A1>: A2, A3, A4 (2): a5's 4, clockwise kept, from the left kichwa: A1..A4; A4 (3) faces
// the emptied a5: relay A5, A6, A7; A7 was empty.
#[test]
fn b10_mtaji_capture() {
    let mut s = at(b10_board(), [0, 0], [false, false], SOUTH);
    check(&s, b10_board(), [0, 0], [false, false], SOUTH, &["A1>", "A6<"]);
    play(&mut s, "A1>");
    // North's lone front hole a1 (2) may only be sown towards the centre.
    check(
        &s,
        board([4, 4, 4, 4, 4, 4, 4, 4], [0, 0, 0, 0, 0, 0, 0, 2], [1, 2, 2, 0, 1, 3, 1, 0], [20, 0, 0, 0, 0, 0, 0, 0]),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B10: A6< (2): A5, A4 (2) faces a5: capture, anticlockwise kept, from the right kichwa:
// A8, A7, A6, A5; A5 (2) faces the empty a4: relay A4, A3; A3 was empty. North's b4> (4)
// ends in a1 facing A8 (1): his only capture.
#[test]
fn b10_mtaji_capture_2() {
    let mut s = at(b10_board(), [0, 0], [false, false], SOUTH);
    play(&mut s, "A6<");
    check(
        &s,
        board([4, 4, 4, 4, 4, 4, 4, 4], [0, 0, 0, 0, 0, 0, 0, 2], [3, 0, 1, 3, 0, 1, 1, 1], [20, 0, 0, 0, 0, 0, 0, 0]),
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
    let mut s = at(board(north_b, north_a, [17, 0, 0, 0, 0, 0, 0, 0], Z), [0, 0], [false, false], SOUTH);
    check(&s, board(north_b, north_a, [17, 0, 0, 0, 0, 0, 0, 0], Z), [0, 0], [false, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(&s, board(north_b, north_a, [2, 1, 2, 0, 2, 0, 2, 0], [0, 2, 0, 2, 0, 2, 0, 2]), [0, 0], [false, false], NORTH, &["b4<"]);
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
    let mut s = at(board(north_b, north_a, [0, 3, 0, 0, 2, 0, 0, 1], Z), [0, 0], [false, false], SOUTH);
    check(&s, board(north_b, north_a, [0, 3, 0, 0, 2, 0, 0, 1], Z), [0, 0], [false, false], SOUTH, &["A2>", "A2<", "A5>", "A5<"]);
    play(&mut s, "A2>");
    // South's holes are all singletons now: no takasia (B22) for North.
    check(&s, board(north_b, north_a, [0, 0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 0, 0, 0, 1, 1]), [0, 0], [false, false], NORTH, &["a1>"]);
}

// B11: a move whose first lap captures captures again after a non-capturing relay. A1> (2):
// A2, A3 (2) faces a6 (2): capture, from the left kichwa: A1, A2 (3), which faces the empty
// a7: relay A3, A4, A5 (2), which faces a4 (1): captured, from the left kichwa: A1 (2),
// facing the empty a8: relay A2, A3 (4), facing the emptied a6: relay A4, A5, A6, A7; A7
// was empty.
#[test]
fn b11_first_lap_decides_2() {
    let north_b = [7, 7, 7, 7, 7, 7, 7, 5];
    let mut s = at(board(north_b, [0, 0, 2, 1, 1, 0, 0, 0], [2, 1, 1, 1, 1, 0, 0, 0], Z), [0, 0], [false, false], SOUTH);
    check(&s, board(north_b, [0, 0, 2, 1, 1, 0, 0, 0], [2, 1, 1, 1, 1, 0, 0, 0], Z), [0, 0], [false, false], SOUTH, &["A1>"]);
    play(&mut s, "A1>");
    check(&s, board(north_b, [0, 0, 0, 1, 0, 0, 0, 0], [0, 1, 0, 3, 3, 1, 1, 0], Z), [0, 0], [false, false], NORTH, &["b1>", "b3>", "b5<"]);
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
    check(&s, b12_board(), [26, 25], [false, false], SOUTH, &["A3>", "A3<"]);
    play(&mut s, "A3>");
    // North's a1 (2) faces A8 (1): a kichwa capture.
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0, 1, 1]), [25, 25], [false, false], NORTH, &["a1>"]);
}

// B12: from the right kichwa: A8..A1, then B1, B2.
#[test]
fn b12_capture_sowing_2() {
    let mut s = at(b12_board(), [26, 25], [false, false], SOUTH);
    play(&mut s, "A3<");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 3, 1, 1, 1, 1, 1], [1, 1, 0, 0, 0, 0, 0, 0]), [25, 25], [false, false], NORTH, &["a1>"]);
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
    let mut s = at(board(north_b, [0, 3, 0, 0, 0, 0, 0, 2], [0, 1, 0, 2, 0, 0, 0, 0], south_b), [0, 0], [false, false], SOUTH);
    check(&s, board(north_b, [0, 3, 0, 0, 0, 0, 0, 2], [0, 1, 0, 2, 0, 0, 0, 0], south_b), [0, 0], [false, false], SOUTH, &["A4<"]);
    play(&mut s, "A4<");
    check(&s, board(north_b, [0, 0, 0, 0, 0, 0, 0, 2], [1, 3, 0, 1, 1, 0, 0, 0], south_b), [0, 0], [false, false], NORTH, &["a1>"]);
}

// B13: in the namua stage the kichwa of holes 1, 2, 7, 8 is forced: A1< , A2<, A7>, A8> are
// not legal (Nierse diagram 9, example 6-9's position); holes 3-6 choose (example 3).
#[test]
fn b13_kichwa_choice_namua_forced_at_holes_1_2_7_8() {
    let s = at(board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z), [9, 8], [true, true], SOUTH);
    check(&s, board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z), [9, 8], [true, true], SOUTH, &["A1>", "A2>", "A7<", "A8<"]);
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
    check(&s, b14_board(), [24, 24], [true, false], SOUTH, &["A3>", "A3<", "A5>", "A5<"]);
    play(&mut s, "A3>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [2, 0, 4, 0, 8, 1, 0, 0], Z), [23, 24], [true, false], NORTH, &["a1>"]);
}

// B14: the nyumba itself captures (B9) and keeps its seeds: A5> (7) takes a4 (2): A1, A2.
#[test]
fn b14_repeated_capture_2() {
    let mut s = at(b14_board(), [24, 24], [true, false], SOUTH);
    play(&mut s, "A5>");
    check(&s, board(Z, [0, 0, 5, 0, 0, 0, 0, 2], [1, 1, 1, 0, 7, 0, 0, 0], Z), [23, 24], [true, false], NORTH, &["a6>", "a6<"]);
}

// ---------------------------------------------------------------------------------------------
// B15
// ---------------------------------------------------------------------------------------------

/// Namua: South's A2 (2), functional nyumba A5 (7), B3 (3); nothing to capture.
pub(super) fn b15_board() -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 7, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0])
}

// B15: the seed goes into an occupied front hole, never the back row and not the functional
// nyumba: only A2. A2< (3): A1, B1, B2; B2 was empty.
#[test]
fn b15_namua_takasa() {
    let mut s = at(b15_board(), [25, 25], [true, false], SOUTH);
    check(&s, b15_board(), [25, 25], [true, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2<");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 7, 0, 0, 0], [1, 1, 3, 0, 0, 0, 0, 0]), [24, 25], [true, false], NORTH, &["a1>"]);
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
    check(&s, holes, [30, 30], [false, false], SOUTH, &["A1>", "A1<", "A3>", "A3<"]);
    play(&mut s, "A3>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 0, 1, 1, 0, 0, 0], Z), [29, 30], [false, false], NORTH, &["a1>"]);
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
    check(&s, b15_singleton_board(), [27, 26], [true, false], SOUTH, &["A1>", "A1<", "A3>", "A3<"]);
    play(&mut s, "A1<");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 2, 0, 6, 0, 0, 0], [1, 1, 0, 0, 0, 0, 0, 0]), [26, 26], [true, false], NORTH, &["a1>"]);
}

// B15 option singleton_entry = "restricted": the singleton is out even with a functional
// nyumba, as long as A3 holds 2.
#[test]
fn b15_namua_takasa_singleton_entry_restricted() {
    let g = with_rules("singleton_entry = \"restricted\"");
    let s = pos(&g, b15_singleton_board(), [27, 26], [true, false], SOUTH);
    check(&s, b15_singleton_board(), [27, 26], [true, false], SOUTH, &["A3>", "A3<"]);
}

// B15 option "restricted": with only singletons besides the functional nyumba (which is not
// counted), the singletons may take the seed.
#[test]
fn b15_namua_takasa_singleton_entry_restricted_2() {
    let g = with_rules("singleton_entry = \"restricted\"");
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 6, 0, 0, 0], Z);
    let s = pos(&g, holes, [27, 27], [true, false], SOUTH);
    check(&s, holes, [27, 27], [true, false], SOUTH, &["A1>", "A1<", "A3>", "A3<"]);
}

// ---------------------------------------------------------------------------------------------
// B16
// ---------------------------------------------------------------------------------------------

pub(super) fn b16_board(house: u8) -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, house, 0, 0, 0], Z)
}
