//! One or more tests per rule of Bao la Kiswahili (`docs/rules/bao.md`, rules B1..B25 and
//! the rule options), each named after the rule it checks, and one test per worked example
//! of the document ("Worked examples for tests", 1..19), each citing its source. Every
//! expected position is worked out by hand from the rule text.
//!
//! Positions are written as the document draws them, as South sees the board, one array per
//! row: North's back row `b8..b1`, North's front row `a8..a1`, South's front row `A1..A8`,
//! South's back row `B1..B8` (`board` in `common/bao.rs`). So North's nyumba `a5` is the
//! fourth number of the `a` row, and `A`c faces `a`(9-c): `A1`-`a8`, `A2`-`a7`, `A3`-`a6`,
//! `A4`-`a5`, `A5`-`a4`, `A6`-`a3`, `A7`-`a2`, `A8`-`a1`.
//!
//! Moves are in the document's notation: the hole, then `>` (clockwise: along the front row
//! from hole 1 to hole 8, round into the back row from 8 to 1, back to hole 1) or `<`
//! (anticlockwise), `stop`, `safari`. For a namua capture the direction names the kichwa:
//! `>` the left one (hole 1), `<` the right one (hole 8). Every check compares all 32 holes,
//! both hands, both nyumbas' ownership, the takasia, the player to move and the full list of
//! legal actions (`check`), or the result of a finished game (`check_over`).
//!
//! Every position holds 64 seeds, hands included. The Game Cabinet diagrams give no hands;
//! the hands used for them make up the 64 and are at least 1 each, which the document says
//! does not change the results. Mtaji-stage positions that do not hold 64 seeds in the
//! source (example 15) get the missing seeds in North's back row, where they cannot change
//! South's move. North's back-row seeds in the positions built for the rules are likewise
//! there only to make up the 64.

mod common;

use common::bao::*;
use mankala_engine::variants::bao::{self, Bao, BaoKind, BaoRules, BaoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn bao_game() -> Bao {
    default_game(BaoKind::Bao)
}

/// Bao with a `[rules]` table in TOML.
fn with_rules(rules: &str) -> Bao {
    from_config(BAO, rules)
}

/// Bao with `[rules]` and `[limits]` tables in TOML.
fn with_limits(rules: &str, limits: &str) -> Bao {
    from_tables(BAO, rules, limits)
}

/// A position of the default game.
fn at(holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player) -> BaoState {
    pos(&bao_game(), holes, hand, owned, to_move)
}

/// The start position (B3).
fn start_board() -> Holes {
    board(Z, [0, 2, 2, 6, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z)
}

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
    let AnyGame::Bao(g) = any else {
        panic!("bao is a Bao game")
    };
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
    assert_eq!(s.snapshot().total(), 64);
}

// B1: a position must hold exactly 64 seeds, counting the hands.
#[test]
fn b1_board_and_seeds_2() {
    let g = bao_game();
    let setup = |hand: [u8; 2]| mankala_engine::variants::bao::BaoSetup {
        holes: start_board(),
        hand,
        owned: [true, true],
        to_move: SOUTH,
        takasia: None,
    };
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
    let s = at(
        board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z),
        [23, 23],
        [true, true],
        NORTH,
    );
    check(
        &s,
        board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z),
        [23, 23],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
    let mut t = s.clone();
    play(&mut t, "a5>");
    // South: no capture (A2, A3 are empty), his functional nyumba may not take the seed.
    check(
        &t,
        board(Z, [0, 1, 1, 7, 0, 0, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z),
        [23, 22],
        [true, true],
        SOUTH,
        &["A6>", "A6<", "A7>", "A7<"],
    );
    let mut t = s.clone();
    play(&mut t, "a5<");
    // a4 now faces South's nyumba A5 and a3 faces A6: South captures there.
    check(
        &t,
        board(Z, [0, 0, 0, 7, 1, 1, 0, 0], [0, 0, 0, 0, 6, 2, 2, 0], Z),
        [23, 22],
        [true, true],
        SOUTH,
        &["A5>", "A5<", "A6>", "A6<"],
    );
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
    check(
        &s,
        start_board(),
        [22, 22],
        [true, true],
        SOUTH,
        &["A6>", "A6<", "A7>", "A7<"],
    );
    // The same start from a config.
    let s = with_rules("").initial_state();
    check(
        &s,
        start_board(),
        [22, 22],
        [true, true],
        SOUTH,
        &["A6>", "A6<", "A7>", "A7<"],
    );
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

// ---------------------------------------------------------------------------------------------
// B5
// ---------------------------------------------------------------------------------------------

/// South's A2 (2) and A4 (1) face North's a7 (3) and a5 (6, his nyumba).
fn b5_board(b5: u8) -> Holes {
    board(
        [0, 0, 0, 31, 0, 0, 0, 0],
        [0, 3, 0, 6, 0, 0, 0, 0],
        [0, 2, 0, 1, 0, 0, 0, 0],
        [0, 0, 0, 0, b5, 0, 0, 0],
    )
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
        board(
            [0, 0, 0, 31, 0, 0, 0, 0],
            [0, 3, 0, 0, 0, 0, 0, 0],
            [1, 1, 2, 3, 1, 1, 0, 0],
            [0, 0, 0, 0, 20, 0, 0, 0],
        ),
        [0, 1],
        [false, false],
        NORTH,
        &["a7<"],
    );
    play(&mut s, "a7<");
    // South in mtaji: A3 (2) < ends in A1 (2) facing a8 (1); A4 (3) < too.
    check(
        &s,
        board(
            [0, 0, 0, 31, 0, 0, 0, 0],
            [1, 4, 0, 0, 0, 0, 0, 0],
            [1, 0, 2, 3, 1, 1, 0, 0],
            [0, 0, 0, 0, 20, 0, 0, 0],
        ),
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
    check(
        &s,
        b5_board(19),
        [1, 1],
        [false, true],
        SOUTH,
        &["A2>", "A4>", "A4<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B6
// ---------------------------------------------------------------------------------------------

fn b6_north() -> ([u8; 8], [u8; 8]) {
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
    let s = at(
        board(b, a, [0, 0, 0, 16, 0, 0, 0, 0], Z),
        [0, 0],
        [false, false],
        SOUTH,
    );
    check(
        &s,
        board(b, a, [0, 0, 0, 16, 0, 0, 0, 0], Z),
        [0, 0],
        [false, false],
        SOUTH,
        &["A4>", "A4<"],
    );
    for mv in ["A4>", "A4<"] {
        let mut t = s.clone();
        play(&mut t, mv);
        check(
            &t,
            board(b, a, [1; 8], [1; 8]),
            [0, 0],
            [false, false],
            NORTH,
            &["b2>", "b6<"],
        );
    }
}

// ---------------------------------------------------------------------------------------------
// B7
// ---------------------------------------------------------------------------------------------

/// Namua, South's A2 (2), A5 (6, owned), A6 (3); no North front hole faces them.
fn b7_board() -> Holes {
    board(Z, [0, 0, 0, 6, 0, 0, 0, 2], [0, 2, 0, 0, 6, 3, 0, 0], Z)
}

// B7: A6< (4 with the seed): A5, A4, A3, A2; A2 held 2, so it is relayed with all its 3
// seeds: A1, B1, B2; B2 was empty: the move ends.
#[test]
fn b7_lap_end_and_relay() {
    let mut s = at(b7_board(), [20, 25], [true, true], SOUTH);
    check(
        &s,
        b7_board(),
        [20, 25],
        [true, true],
        SOUTH,
        &["A2>", "A2<", "A6>", "A6<"],
    );
    play(&mut s, "A6<");
    // North: a5 (6) faces A4 (1): he must capture there.
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 6, 0, 0, 0, 2],
            [1, 0, 1, 1, 7, 0, 0, 0],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [19, 25],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// B7: A6> (4): A7, A8, B8, B7; B7 was empty: one lap. North's a1 now faces A8 (1).
#[test]
fn b7_lap_end_and_relay_2() {
    let mut s = at(b7_board(), [20, 25], [true, true], SOUTH);
    play(&mut s, "A6>");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 6, 0, 0, 0, 2],
            [0, 2, 0, 0, 6, 0, 1, 1],
            [0, 0, 0, 0, 0, 0, 1, 1],
        ),
        [19, 25],
        [true, true],
        NORTH,
        &["a1>"],
    );
}

// ---------------------------------------------------------------------------------------------
// B8
// ---------------------------------------------------------------------------------------------

/// Namua, no nyumbas: South's A1 (1), A2 (1), A6 (2); North's a7 (1) faces A2.
fn b8_board() -> Holes {
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
    check(
        &s,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 3], [0, 3, 1, 0, 0, 2, 0, 0], Z),
        [27, 28],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

// B8 (decision): a capture that is illegal for another reason does not oblige. With a cap
// of one lap (B24), A2>'s relay of A1 would be a second lap: the capture is illegal, so the
// takasa rules apply: A6 (A1 and A2 are singletons, B15). A6> (3): A7, A8, B8.
#[test]
fn b8_mandatory_capture_2() {
    let g = with_limits("", "max_laps = 1");
    let mut s = pos(&g, b8_board(), [28, 28], [false, false], SOUTH);
    check(
        &s,
        b8_board(),
        [28, 28],
        [false, false],
        SOUTH,
        &["A6>", "A6<"],
    );
    play(&mut s, "A6>");
    // North: a7 takes A2 (1) into a8 in one lap; a1 would take A8 (1) and relay: two laps.
    check(
        &s,
        board(
            Z,
            [0, 1, 0, 0, 0, 0, 0, 3],
            [1, 1, 0, 0, 0, 0, 1, 1],
            [0, 0, 0, 0, 0, 0, 0, 1],
        ),
        [27, 28],
        [false, false],
        NORTH,
        &["a7<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B9
// ---------------------------------------------------------------------------------------------

/// Namua: South's A3 (1) faces a6 (2); A4 (0) faces a5 (3); A5 (6, owned) faces a4 (0).
fn b9_board() -> Holes {
    board(
        [0, 0, 0, 3, 0, 0, 0, 0],
        [0, 0, 2, 3, 0, 0, 0, 0],
        [0, 0, 1, 0, 6, 0, 0, 0],
        Z,
    )
}

// B9: a capture needs an occupied front hole facing an occupied one: A3 (a singleton) can
// capture, the empty A4 cannot. The seed goes into A3 (2), which keeps its seeds; a6's 2 are
// sown from the left kichwa: A1, A2. Only the front hole is taken: b5 keeps its 3.
#[test]
fn b9_namua_capture() {
    let mut s = at(b9_board(), [25, 24], [true, true], SOUTH);
    check(
        &s,
        b9_board(),
        [25, 24],
        [true, true],
        SOUTH,
        &["A3>", "A3<"],
    );
    play(&mut s, "A3>");
    // North's nyumba a5 (3) is owned but not functional: an ordinary hole for his takasa.
    check(
        &s,
        board(
            [0, 0, 0, 3, 0, 0, 0, 0],
            [0, 0, 0, 3, 0, 0, 0, 0],
            [1, 1, 2, 0, 6, 0, 0, 0],
            Z,
        ),
        [24, 24],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// B9: the same capture from the right kichwa: A8, A7.
#[test]
fn b9_namua_capture_2() {
    let mut s = at(b9_board(), [25, 24], [true, true], SOUTH);
    play(&mut s, "A3<");
    check(
        &s,
        board(
            [0, 0, 0, 3, 0, 0, 0, 0],
            [0, 0, 0, 3, 0, 0, 0, 0],
            [0, 0, 2, 0, 6, 0, 1, 1],
            Z,
        ),
        [24, 24],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// ---------------------------------------------------------------------------------------------
// B10
// ---------------------------------------------------------------------------------------------

/// Mtaji: South's A1 (3), A4 (1), A6 (2), B1 (20); North's a5 (4) faces A4, a1 (2) faces A8.
fn b10_board() -> Holes {
    board(
        [4, 4, 4, 4, 4, 4, 4, 4],
        [0, 0, 0, 4, 0, 0, 0, 2],
        [3, 0, 0, 1, 0, 2, 0, 0],
        [20, 0, 0, 0, 0, 0, 0, 0],
    )
}

// B10: a mtaji capture's first lap must end in an occupied front hole facing an occupied
// one. A1> (3) ends in A4 (1 before) facing a5: capture; A6< (2) too. A6> ends in the empty
// A8 (facing a1): no capture; the singleton A4 cannot start; B1 (20) only starts a takasa.
// A1>: A2, A3, A4 (2): a5's 4, clockwise kept, from the left kichwa: A1..A4; A4 (3) faces
// the emptied a5: relay A5, A6, A7; A7 was empty.
#[test]
fn b10_mtaji_capture() {
    let mut s = at(b10_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        b10_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A6<"],
    );
    play(&mut s, "A1>");
    // North's lone front hole a1 (2) may only be sown towards the centre.
    check(
        &s,
        board(
            [4, 4, 4, 4, 4, 4, 4, 4],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 2, 2, 0, 1, 3, 1, 0],
            [20, 0, 0, 0, 0, 0, 0, 0],
        ),
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

fn b12_board() -> Holes {
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
fn b14_board() -> Holes {
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
fn b15_board() -> Holes {
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
fn b15_singleton_board() -> Holes {
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

fn b16_board(house: u8) -> Holes {
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

fn b17_board() -> Holes {
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
fn b17_refill_board() -> Holes {
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
fn b18_mtaji_board() -> Holes {
    board(
        [7, 7, 7, 7, 7, 7, 7, 5],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 0, 2, 0, 6, 0, 0, 0],
        Z,
    )
}

/// The earlier reading of the nyumba in the mtaji stage, now rule options (B17).
const HOUSE_IN_MTAJI: &str = "house_in_mtaji = true\nmtaji_capture_ends_house = false";

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
fn b17_mtaji_capture_board() -> Holes {
    board(
        [1; 8],
        [0, 0, 2, 6, 0, 0, 0, 0],
        [2, 0, 1, 0, 6, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 19, 20],
    )
}

/// After A1>: A2, A3 (2) takes a6 (2), sown from A1: A1, A2 (2); a7 is empty, so A2 relays:
/// A3 (3), A4 (empty): the move ends. North may only sow his nyumba a5 (B20).
fn b17_mtaji_capture_after() -> Holes {
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
fn b19_board() -> Holes {
    board(
        [8, 8, 8, 8, 8, 8, 0, 0],
        [0, 0, 5, 0, 0, 0, 0, 2],
        [2, 0, 1, 0, 6, 0, 0, 0],
        Z,
    )
}

/// The position after B19's A1> when the nyumba is relayed in the mtaji stage: A6, A7, A8,
/// B8, B7, B6, B5; the nyumba is lost.
fn b19_relayed() -> Holes {
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

fn b21_board() -> Holes {
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
fn b22_board(a1: u8) -> Holes {
    board(
        [0, 0, 0, 0, 55 - a1, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 0, a1],
        [0, 2, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 5],
    )
}

fn b22_after(a1: u8) -> Holes {
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

fn b24_board() -> Holes {
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

/// Example 3: Nierse, diagram 3 -> 4 (Game Cabinet, as transcribed): namua capture of one
/// seed into the left kichwa.
#[test]
fn example_03_namua_capture_one_seed_left_kichwa() {
    let diagram_3 = board(Z, [1, 0, 1, 8, 1, 2, 0, 0], [0, 0, 0, 0, 7, 0, 2, 1], Z);
    let mut s = at(diagram_3, [21, 20], [true, true], SOUTH);
    check(
        &s,
        diagram_3,
        [21, 20],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    // Diagram 4. North's a8 (1) faces A1 (1): his kichwa capture.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 0, 0, 0, 8, 0, 2, 1], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a8<"],
    );
}

fn example_04_board() -> Holes {
    board(Z, [1, 0, 1, 8, 3, 2, 0, 0], [0, 0, 0, 0, 7, 0, 0, 0], Z)
}

/// Example 4: Nierse, diagram 5 -> 7 (Game Cabinet, as transcribed): namua capture of 3
/// seeds, left kichwa.
#[test]
fn example_04_namua_capture_three_seeds_left_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    check(
        &s,
        example_04_board(),
        [21, 21],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    // Diagram 7.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [1, 1, 1, 0, 8, 0, 0, 0], Z),
        [20, 21],
        [true, true],
        NORTH,
        &["a6>", "a6<", "a8<"],
    );
}

/// Example 5: Nierse, diagram 5 -> 8 (Game Cabinet, as transcribed): the same capture from
/// the right kichwa.
#[test]
fn example_05_namua_capture_right_kichwa() {
    let mut s = at(example_04_board(), [21, 21], [true, true], SOUTH);
    play(&mut s, "A5<");
    // Diagram 8.
    check(
        &s,
        board(Z, [1, 0, 1, 8, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 1], Z),
        [20, 21],
        [true, true],
        NORTH,
        &["a3>", "a3<"],
    );
}

fn example_06_board() -> Holes {
    board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z)
}

/// Examples 6-9: Nierse, diagram 9 (Game Cabinet, as transcribed): the four forced kichwa.
/// Example 6, diagram 10: A1> takes a8 (4) into A1..A4.
#[test]
fn example_06_forced_kichwa_a1() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    check(
        &s,
        example_06_board(),
        [9, 8],
        [true, true],
        SOUTH,
        &["A1>", "A2>", "A7<", "A8<"],
    );
    play(&mut s, "A1>");
    check(
        &s,
        board(Z, [0, 3, 1, 8, 0, 2, 5, 6], [3, 3, 1, 1, 8, 0, 3, 4], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a5>", "a5<", "a6>", "a6<", "a7<"],
    );
}

/// Example 7: Nierse, diagram 9 -> 12: A2> takes a7 (3) into A1..A3.
#[test]
fn example_07_forced_kichwa_a2() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A2>");
    check(
        &s,
        board(Z, [4, 0, 1, 8, 0, 2, 5, 6], [2, 4, 1, 0, 8, 0, 3, 4], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a6>", "a6<", "a8<"],
    );
}

/// Example 8: Nierse, diagram 9 -> 11: A7< takes a2 (5) into A8..A4. The printed diagram
/// shows A8 = 6, a typo the transcription reports (25 seeds where 24 exist); the replay gives
/// A8 = 5.
#[test]
fn example_08_forced_kichwa_a7() {
    let mut s = at(example_06_board(), [9, 8], [true, true], SOUTH);
    play(&mut s, "A7<");
    check(
        &s,
        board(Z, [4, 3, 1, 8, 0, 2, 0, 6], [1, 2, 0, 1, 9, 1, 5, 5], Z),
        [8, 8],
        [true, true],
        NORTH,
        &["a1>", "a3>", "a3<", "a5>", "a5<", "a7<", "a8<"],
    );
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
        &[
            "a2>", "a3>", "a3<", "a5>", "a5<", "a6>", "a6<", "a7<", "a8<",
        ],
    );
}

fn example_10_board() -> Holes {
    board(Z, [0, 3, 4, 8, 0, 2, 5, 6], [0, 2, 1, 0, 8, 0, 3, 4], Z)
}

/// Example 10: Nierse, diagram 14 -> 15 (Game Cabinet, as transcribed): kimbi capture and a
/// second capture. A2> takes a7 (3) into A1..A3; A3 (2) takes a6 (4), clockwise kept, into
/// A1..A4; A4 was empty.
#[test]
fn example_10_kimbi_capture_and_second_capture() {
    let mut s = at(example_10_board(), [9, 9], [true, true], SOUTH);
    check(
        &s,
        example_10_board(),
        [9, 9],
        [true, true],
        SOUTH,
        &["A2>", "A3>", "A3<", "A7<", "A8<"],
    );
    play(&mut s, "A2>");
    // Diagram 15.
    check(
        &s,
        board(Z, [0, 0, 0, 8, 0, 2, 5, 6], [2, 5, 3, 1, 8, 0, 3, 4], Z),
        [8, 9],
        [true, true],
        NORTH,
        &["a1>", "a2>", "a5>", "a5<"],
    );
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
    check(
        &s,
        decided,
        [8, 9],
        [true, true],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "safari");
    check(
        &t,
        board(
            Z,
            [0, 3, 0, 8, 0, 2, 5, 0],
            [1, 3, 3, 2, 0, 2, 5, 7],
            [1, 1, 1, 1, 1, 1, 0, 0],
        ),
        [8, 9],
        [false, true],
        NORTH,
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"],
    );
    // Stated for stop: A5 keeps 10 and South keeps the nyumba (whole board derived).
    play(&mut s, "stop");
    check(
        &s,
        decided,
        [8, 9],
        [true, true],
        NORTH,
        &["a2>", "a3>", "a3<", "a5>", "a5<", "a7<"],
    );
}

fn example_12_board() -> Holes {
    board(Z, [1, 0, 0, 7, 0, 0, 0, 2], [0, 2, 3, 2, 0, 2, 5, 0], Z)
}

/// Example 12: Nierse, diagram 17 -> 18 (Game Cabinet, as transcribed): relay round the
/// corner. A4> (3) takes North's nyumba a5 (7) into A1..A7; A7 (6) faces the empty a2:
/// relay A8, B8, B7, B6, B5, B4; B4 was empty.
#[test]
fn example_12_relay_round_the_corner() {
    let mut s = at(example_12_board(), [20, 20], [true, true], SOUTH);
    check(
        &s,
        example_12_board(),
        [20, 20],
        [true, true],
        SOUTH,
        &["A4>", "A4<"],
    );
    play(&mut s, "A4>");
    // Diagram 18; North's nyumba is lost.
    check(
        &s,
        board(
            Z,
            [1, 0, 0, 0, 0, 0, 0, 2],
            [1, 3, 4, 4, 1, 3, 0, 1],
            [0, 0, 0, 1, 1, 1, 1, 1],
        ),
        [19, 20],
        [true, false],
        NORTH,
        &["a1>", "a8<"],
    );
}

/// Example 12, the other kichwa (the transcription's A4<): a5's 7 into A8..A2; A2 (3) faces
/// the empty a7: relay A1, B1, B2; B2 was empty.
#[test]
fn example_12_relay_round_the_corner_2() {
    let mut s = at(example_12_board(), [20, 20], [true, true], SOUTH);
    play(&mut s, "A4<");
    check(
        &s,
        board(
            Z,
            [1, 0, 0, 0, 0, 0, 0, 2],
            [1, 0, 4, 4, 1, 3, 6, 1],
            [1, 1, 0, 0, 0, 0, 0, 0],
        ),
        [19, 20],
        [true, false],
        NORTH,
        &["a1>", "a8<"],
    );
}

fn example_13_board() -> Holes {
    board(Z, [0, 1, 2, 10, 4, 4, 0, 0], [2, 1, 0, 0, 12, 0, 0, 0], Z)
}

/// Example 13: Nierse, diagram 19 (Game Cabinet, as transcribed): a capturing move stops at
/// the nyumba. A5< puts the seed into the nyumba (13), which takes a4 (4): A8, A7, A6, A5
/// (14), opposite now empty: stop.
#[test]
fn example_13_capturing_move_stops_at_nyumba() {
    let mut s = at(example_13_board(), [14, 14], [true, true], SOUTH);
    check(
        &s,
        example_13_board(),
        [14, 14],
        [true, true],
        SOUTH,
        &["A2>", "A5>", "A5<"],
    );
    play(&mut s, "A5<");
    let decided = board(Z, [0, 1, 2, 10, 0, 4, 0, 0], [2, 1, 0, 0, 14, 1, 1, 1], Z);
    check(
        &s,
        decided,
        [13, 14],
        [true, true],
        SOUTH,
        &["stop", "safari"],
    );
    let mut t = s.clone();
    play(&mut t, "stop");
    check(
        &t,
        decided,
        [13, 14],
        [true, true],
        NORTH,
        &["a3>", "a3<", "a7<"],
    );
    // Derived: with safari the 14 go A4..A1, B1..B8, A8, A7; A7 (2) is relayed into A6, A5,
    // which was empty.
    play(&mut s, "safari");
    check(
        &s,
        board(
            Z,
            [0, 1, 2, 10, 0, 4, 0, 0],
            [3, 2, 1, 1, 1, 2, 0, 2],
            [1; 8],
        ),
        [13, 14],
        [false, true],
        NORTH,
        &["a3>", "a3<", "a5>", "a5<", "a6>", "a6<", "a7<"],
    );
}

fn example_14_board() -> Holes {
    board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 9, 0, 0, 0], Z)
}

/// Example 14: Nierse, diagram 22 (Game Cabinet, as transcribed): the tax. A5> puts the seed
/// in (10) and two seeds into A6, A7; the nyumba keeps 8.
#[test]
fn example_14_tax() {
    let s = at(example_14_board(), [21, 20], [true, true], SOUTH);
    check(
        &s,
        example_14_board(),
        [21, 20],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(
        &t,
        board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 8, 1, 1, 0], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a3>", "a3<"],
    );
    // A5<: A4, A3.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 1, 1, 8, 0, 0, 0], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a5>", "a5<", "a6>", "a6<"],
    );
}

/// Example 15's diagram holds 28 seeds; the other 36 are put in North's back row.
fn example_15_board() -> Holes {
    board(
        [5, 5, 5, 5, 4, 4, 4, 4],
        [0, 0, 0, 0, 5, 6, 0, 0],
        [0, 3, 0, 0, 4, 1, 0, 0],
        [0, 9, 0, 0, 0, 0, 0, 0],
    )
}

/// Example 15: Nierse, diagram 23 (Game Cabinet, as transcribed): two mtaji-stage captures.
/// A2> (3): A3, A4, A5 (5) takes a4 (5), clockwise kept: A1..A5; A5 (6) faces the emptied a4:
/// relay A6, A7, A8, B8, B7, B6; B6 was empty. No nyumba is owned.
#[test]
fn example_15_mtaji_captures() {
    let mut s = at(example_15_board(), [0, 0], [false, false], SOUTH);
    check(
        &s,
        example_15_board(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "B2<"],
    );
    play(&mut s, "A2>");
    check(
        &s,
        board(
            [5, 5, 5, 5, 4, 4, 4, 4],
            [0, 0, 0, 0, 0, 6, 0, 0],
            [1, 1, 2, 2, 0, 2, 1, 1],
            [0, 9, 0, 0, 0, 1, 1, 1],
        ),
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
        board(
            [5, 5, 5, 5, 4, 4, 4, 4],
            [0, 0, 0, 0, 5, 0, 0, 0],
            [0, 3, 1, 1, 5, 3, 2, 2],
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
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
    let puzzle = board(
        [2, 2, 4, 6, 0, 0, 3, 4],
        [3, 0, 3, 0, 0, 5, 1, 0],
        [2, 0, 1, 2, 0, 1, 1, 1],
        [1, 2, 4, 5, 3, 3, 3, 2],
    );
    let mut s = at(puzzle, [0, 0], [false, false], SOUTH);
    check(
        &s,
        puzzle,
        [0, 0],
        [false, false],
        SOUTH,
        &["A1>", "A4>", "B8<", "B7<", "B2>"],
    );
    play(&mut s, "B2>");
    check_over(
        &s,
        board(
            [2, 2, 4, 6, 0, 0, 3, 4],
            Z,
            [6, 3, 1, 4, 0, 3, 2, 2],
            [2, 0, 4, 5, 3, 3, 3, 2],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(SOUTH),
    );
}

fn example_17_board() -> Holes {
    board(
        [1, 1, 2, 2, 3, 3, 0, 0],
        [1, 2, 2, 0, 12, 0, 2, 0],
        [2, 3, 2, 4, 2, 0, 3, 0],
        [8, 0, 1, 5, 2, 1, 0, 0],
    )
}

/// After 1. a4< in example 17.
fn example_17_after_a4() -> Holes {
    board(
        [2, 0, 3, 7, 2, 8, 3, 1],
        [1, 4, 1, 5, 0, 1, 2, 3],
        [0, 0, 0, 4, 0, 0, 0, 0],
        [8, 0, 1, 5, 2, 1, 0, 0],
    )
}

/// Example 17: Mancala World, "Bao la Kiswahili", Puzzle 2, "North to play and win!" (as
/// transcribed): "1. a4R A4L* 2. b3R B4R (forced) 3. b2R = Bao hamna!", in ours 1. a4< A4<
/// 2. b3> B4< 3. b2>. a4< (12) ends in a8 facing A1 and sets off a chain of captures (A1, A2,
/// A3, A7, A5) that leaves South only A4 (4).
#[test]
fn example_17_puzzle_2_main_line() {
    let mut s = at(example_17_board(), [0, 0], [false, false], NORTH);
    check(
        &s,
        example_17_board(),
        [0, 0],
        [false, false],
        NORTH,
        &["a2>", "a4<", "a6>", "a6<"],
    );
    play(&mut s, "a4<");
    check(
        &s,
        example_17_after_a4(),
        [0, 0],
        [false, false],
        SOUTH,
        &["A4>", "A4<"],
    );
    // 1. ... A4< (4): A3, A2, A1, B1 (9), relayed: B2..B8, A8, A7 (1); A7 was empty.
    play(&mut s, "A4<");
    let after_a4l = board(
        [2, 0, 3, 7, 2, 8, 3, 1],
        [1, 4, 1, 5, 0, 1, 2, 3],
        [1, 1, 1, 0, 0, 0, 1, 1],
        [0, 1, 2, 6, 3, 2, 1, 1],
    );
    check(
        &s,
        after_a4l,
        [0, 0],
        [false, false],
        NORTH,
        &["b8<", "b6<", "b3>", "b3<", "b2>"],
    );
    // 2. b3>: South's only legal move is B4<.
    play(&mut s, "b3>");
    check(
        &s,
        board(
            [2, 1, 4, 8, 0, 1, 5, 3],
            [0, 6, 4, 0, 3, 4, 5, 1],
            [0, 0, 0, 0, 0, 0, 1, 0],
            [0, 1, 2, 6, 3, 2, 1, 1],
        ),
        [0, 0],
        [false, false],
        SOUTH,
        &["B4<"],
    );
    // B4< (6): B5..B8, A8, A7 (2) takes a2 (5): A8, A7, A6, A5, A4; A4 was empty.
    play(&mut s, "B4<");
    check(
        &s,
        board(
            [2, 1, 4, 8, 0, 1, 5, 3],
            [0, 6, 4, 0, 3, 4, 0, 1],
            [0, 0, 0, 1, 1, 1, 3, 2],
            [0, 1, 2, 0, 4, 3, 2, 2],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b1>", "b2>", "b5>", "b5<", "a4<", "a7<"],
    );
    // 3. b2>: Bao hamna.
    play(&mut s, "b2>");
    check_over(
        &s,
        board(
            [3, 2, 5, 9, 1, 0, 1, 0],
            [1, 0, 5, 2, 6, 8, 5, 2],
            Z,
            [0, 1, 2, 0, 4, 3, 2, 2],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
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
        board(
            [2, 0, 3, 7, 2, 8, 3, 1],
            [1, 4, 1, 5, 0, 1, 2, 3],
            [0, 0, 0, 0, 1, 1, 1, 1],
            [8, 0, 1, 5, 2, 1, 0, 0],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["b2>", "b5>", "a7<"],
    );
    play(&mut s, "b2>");
    check_over(
        &s,
        board(
            [3, 1, 4, 0, 3, 9, 1, 3],
            [2, 0, 2, 6, 2, 4, 6, 1],
            Z,
            [8, 0, 1, 5, 2, 1, 0, 0],
        ),
        [0, 0],
        [false, false],
        GameResult::Win(NORTH),
    );
}

/// Example 18's line in our notation: 22 moves and the one safari decision (move 4).
const EXAMPLE_18_LINE: [&str; 23] = [
    "A6<", "a6<", "A4<", "a6<", "A5>", "a3<", "A8<", "safari", "a8<", "A4<", "a4>", "A8<", "a7<",
    "A1>", "a4<", "A6<", "a4>", "A2>", "a4>", "A4>", "a4>", "A7<", "a4>",
];

fn example_18_board() -> Holes {
    board(
        Z,
        [0, 0, 0, 0, 9, 0, 0, 1],
        [1, 6, 3, 1, 0, 5, 4, 0],
        [2, 1, 0, 5, 0, 3, 0, 1],
    )
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
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A6>", "A6<", "A7>", "A7<"],
    );
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
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"],
    );
    play(&mut s, "A3<");
    // North: a1 (1) faces A8 (1): his kichwa capture; a4 faces the empty A5.
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 9, 0, 0, 1],
            [2, 7, 0, 1, 0, 5, 5, 1],
            [3, 0, 1, 0, 1, 4, 1, 2],
        ),
        [10, 11],
        [false, false],
        NORTH,
        &["a1>"],
    );
}

/// Example 18 with a lap cap of 3 and endless_move = "capped": the same three laps, then the
/// game ends as capped (laps), the board as it is.
#[test]
fn example_18_never_ending_move_capped() {
    let g = with_limits("endless_move = \"capped\"", "max_laps = 3");
    let mut s = pos(&g, example_18_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"],
    );
    play(&mut s, "A3<");
    check_over(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 9, 0, 0, 1],
            [2, 7, 0, 1, 0, 5, 5, 1],
            [3, 0, 1, 0, 1, 4, 1, 2],
        ),
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
    check(
        &s,
        example_18_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2<", "A3>", "A6>", "A7>", "A7<"],
    );
}

fn example_19_board() -> Holes {
    board(
        [0, 1, 2, 1, 4, 8, 2, 2],
        [10, 0, 0, 10, 2, 1, 0, 1],
        [0, 2, 0, 0, 1, 1, 0, 0],
        [0, 0, 2, 2, 0, 2, 6, 4],
    )
}

fn example_19() -> BaoState {
    pos_takasia(
        &bao_game(),
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
    )
}

/// Example 19: the K.I.B.A. rules (English), § 4.5, takasia, as transcribed by
/// nkkmd/bao-la-kiswahili-ja (`tools/verify_takasia.py`, case E30). Mtaji, North to move, a4
/// takasiaed, neither nyumba owned. North may not start from a4, a3 and a1 are singletons:
/// his legal moves are the four starts from a8 and a5. Stated: a8> 1 lap ending in a2, a4
/// ending with 2. South's only capture is then B8< (4: A8..A5, facing a4).
#[test]
fn example_19_takasia() {
    let s = example_19();
    check_takasia(
        &s,
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
        &["a5>", "a5<", "a8>", "a8<"],
    );
    assert_illegal(&s, "a4>");
    assert_illegal(&s, "a4<");
    let mut t = s.clone();
    // a8> (10): b8..b1, a1, a2; a2 was empty.
    play(&mut t, "a8>");
    check(
        &t,
        board(
            [1, 2, 3, 2, 5, 9, 3, 3],
            [0, 0, 0, 10, 2, 1, 1, 2],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
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
        board(
            [0, 3, 4, 3, 6, 1, 4, 4],
            [2, 0, 3, 1, 5, 3, 2, 3],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
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
        board(
            [1, 2, 3, 2, 5, 9, 0, 3],
            [11, 1, 1, 0, 2, 1, 1, 2],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
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
        board(
            [3, 0, 2, 4, 1, 11, 0, 5],
            [2, 1, 0, 1, 6, 1, 3, 4],
            [0, 2, 0, 0, 1, 1, 0, 0],
            [0, 0, 2, 2, 0, 2, 6, 4],
        ),
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
    let before = board(
        [0, 1, 2, 1, 4, 8, 2, 2],
        [10, 0, 0, 10, 2, 1, 0, 1],
        [0, 2, 0, 0, 0, 0, 2, 0],
        [0, 0, 2, 2, 0, 2, 6, 4],
    );
    let mut s = at(before, [0, 0], [false, false], SOUTH);
    check(
        &s,
        before,
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A7>", "A7<"],
    );
    play(&mut s, "A7<");
    check_takasia(
        &s,
        example_19_board(),
        [0, 0],
        [false, false],
        NORTH,
        Some(3),
        &["a5>", "a5<", "a8>", "a8<"],
    );
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
