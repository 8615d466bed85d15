//! One or more tests per rule of Bao as played in Malawi (`docs/rules/bao-malawi.md`, rules
//! BM1..BM21 and the rule options), each named after the rule it checks, and the document's
//! worked examples. Bao (Malawi) is Bao la Kiswahili (`docs/rules/bao.md`) with its own house,
//! the kuu (8 seeds, functional from 8, privileges in the first stage only), 20 seeds in
//! hand, the kuu guard, restricted singletons, "tax 2 or lift all 9", Chikoko's takasia, a
//! loss for emptying one's own front row, and moves that sleep at the lap cap. Every expected
//! position is worked out by hand from the rule text.
//!
//! Positions are written as the documents draw them, as South sees the board, one array per
//! row: North's back row `b8..b1`, North's front row `a8..a1`, South's front row `A1..A8`,
//! South's back row `B1..B8` (`board` in `common/bao.rs`); the kuu are `A5` and `a5` (the
//! fourth number of the `a` row), and `A`c faces `a`(9-c). Moves are in bao.md's notation
//! (`A6>` clockwise, `A6<` anticlockwise, `stop`, `safari`) with the advanced opening's
//! `+A4` (place a seed), `xa5` (take the South hole facing a5) and `pass`. Every check
//! compares all 32 holes, both hands, both kuu's ownership, the takasia, the player to move
//! and the full list of legal actions (`check`), or the result of a finished game
//! (`check_over`). Hands in first-stage positions make up the 64 seeds; North's back-row
//! seeds in second-stage positions are there for the same reason.

mod common;

use common::bao::*;
use mankala_engine::variants::bao::{Bao, BaoKind, BaoRules, BaoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn malawi() -> Bao {
    default_game(BaoKind::Malawi)
}

/// Bao (Malawi) with a `[rules]` table in TOML.
fn m_rules(rules: &str) -> Bao {
    from_config(MALAWI, rules)
}

/// Bao (Malawi) with `[rules]` and `[limits]` tables in TOML.
fn m_limits(rules: &str, limits: &str) -> Bao {
    from_tables(MALAWI, rules, limits)
}

/// A position of the default game.
fn mat(holes: Holes, hand: [u8; 2], owned: [bool; 2], to_move: Player) -> BaoState {
    pos(&malawi(), holes, hand, owned, to_move)
}

/// The advanced opening (BM20).
fn advanced() -> Bao {
    m_rules("opening = \"advanced\"")
}

fn start_board() -> Holes {
    board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [0, 0, 0, 0, 8, 2, 2, 0], Z)
}

// ---------------------------------------------------------------------------------------------
// Rule options
// ---------------------------------------------------------------------------------------------

// Options: bao.md's keys with this document's defaults (opening "intermediate", takasia on,
// house_min 8, house_in_mtaji off, tax_all_at_min on, singleton_entry "restricted",
// self_empty "loses", endless_move "sleep", 1000 laps, 2000 plies) and its own key `opening`.
#[test]
fn malawi_rule_options() {
    let any = AnyGame::by_name(MALAWI).expect("bao-malawi is known");
    assert_eq!(any.name(), "bao-malawi");
    let table = any.rules_table();
    assert_eq!(table["opening"].as_str(), Some("intermediate"));
    assert_eq!(table["takasia"].as_bool(), Some(true));
    assert_eq!(table["house_min"].as_integer(), Some(8));
    assert_eq!(table["house_in_mtaji"].as_bool(), Some(false));
    assert_eq!(table["tax_all_at_min"].as_bool(), Some(true));
    assert_eq!(table["singleton_entry"].as_str(), Some("restricted"));
    assert_eq!(table["self_empty"].as_str(), Some("loses"));
    assert_eq!(table["endless_move"].as_str(), Some("sleep"));
    let limits = any.limits_table();
    assert_eq!(limits["max_plies"].as_integer(), Some(2000));
    assert_eq!(limits["max_laps"].as_integer(), Some(1000));
    let AnyGame::Bao(g) = any else {
        panic!("bao-malawi is a Bao game")
    };
    assert_eq!(g, malawi());
    assert_eq!(g.kind, BaoKind::Malawi);
    assert_eq!(g.rules, BaoRules::of(BaoKind::Malawi));
    assert_eq!(g.limits, Bao::DEFAULT_LIMITS);
    assert_eq!(m_rules(""), g);
    let table = AnyGame::Bao(advanced()).rules_table();
    assert_eq!(table["opening"].as_str(), Some("advanced"));
    assert_eq!(table["house_min"].as_integer(), Some(8));
    let table = AnyGame::Bao(m_rules("house_min = 1\nendless_move = \"capped\"")).rules_table();
    assert_eq!(table["house_min"].as_integer(), Some(1));
    assert_eq!(table["endless_move"].as_str(), Some("capped"));
    assert!(config_refused(MALAWI, "opening = \"expert\"", ""));
    assert!(config_refused(MALAWI, "kuu = 10", ""));
    // The advanced opening belongs to this game only.
    assert!(config_refused(BAO, "opening = \"advanced\"", ""));
}

// ---------------------------------------------------------------------------------------------
// BM1
// ---------------------------------------------------------------------------------------------

// BM1: the holes 1, 2, 7, 8 of the front row are the kimbi: a first-stage capture there
// starts in the nearest kichwa (bao.md's example 6-9 position, kuu of 8). A2> takes a7 (3)
// into A1, A2, A3; A3 was empty.
#[test]
fn bm1_kuu() {
    let holes = board(Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z);
    let mut s = mat(holes, [9, 8], [true, true], SOUTH);
    check(
        &s,
        holes,
        [9, 8],
        [true, true],
        SOUTH,
        &["A1>", "A2>", "A7<", "A8<"],
    );
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

// ---------------------------------------------------------------------------------------------
// BM2 (and the worked examples)
// ---------------------------------------------------------------------------------------------

// BM2 and the first worked example: 8 in each kuu, 2 in each of the two front holes to its
// right, 20 in each hand. No capture; the nemo may not go into the kuu: A6>, A6<, A7>, A7<.
#[test]
fn bm2_start_position() {
    let g = malawi();
    assert_eq!(g.name(), "bao-malawi");
    assert_eq!(g.total_seeds(), 64);
    assert_eq!(g.num_actions(), 59);
    let s = g.initial_state();
    assert_eq!(s.ply(), 0);
    check(
        &s,
        start_board(),
        [20, 20],
        [true, true],
        SOUTH,
        &["A6>", "A6<", "A7>", "A7<"],
    );
}

/// The second worked example (derived in bao-malawi.md): after A7< (A7 3: A6, A5, A4)
/// South's front row is 0 0 0 1 9 3 0 0, hands 19 and 20. North's kuu a5 (8) faces A4 (1): he
/// must capture there (a5> or a5<); BM7 does not forbid it, since A4 is not South's kuu.
#[test]
fn bm2_start_position_worked_example() {
    let mut s = malawi().initial_state();
    play(&mut s, "A7<");
    check(
        &s,
        board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [0, 0, 0, 1, 9, 3, 0, 0], Z),
        [19, 20],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
    // a5> (BM6): the nemo into a5 (9), A4's seed into North's left kichwa a1.
    let mut t = s.clone();
    play(&mut t, "a5>");
    check(
        &t,
        board(Z, [0, 2, 2, 9, 0, 0, 0, 1], [0, 0, 0, 0, 9, 3, 0, 0], Z),
        [19, 19],
        [true, true],
        SOUTH,
        &["A6>", "A6<"],
    );
    // a5<: into the right kichwa a8.
    play(&mut s, "a5<");
    check(
        &s,
        board(Z, [1, 2, 2, 9, 0, 0, 0, 0], [0, 0, 0, 0, 9, 3, 0, 0], Z),
        [19, 19],
        [true, true],
        SOUTH,
        &["A6>", "A6<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM3, BM4
// ---------------------------------------------------------------------------------------------

// BM3: South moves first, and with 20 seeds each North brings in the last nemo. Along the
// line that always plays the highest legal action, every South move starts with equal
// hands and every North move with South one seed behind, until South's 21st move, the
// first of the second stage, finds both hands empty.
#[test]
fn bm3_south_first() {
    let mut s = malawi().initial_state();
    assert_eq!(s.to_move(), SOUTH);
    let mut last_nemo = None;
    while s.hand(SOUTH) + s.hand(NORTH) > 0 || s.at_decision() {
        assert!(s.outcome().is_none(), "the first stage ended early\n{s}");
        if !s.at_decision() {
            let (south, north) = (s.hand(SOUTH), s.hand(NORTH));
            match s.to_move() {
                Player::South => assert_eq!(south, north, "\n{s}"),
                Player::North => assert_eq!(south + 1, north, "\n{s}"),
            }
            last_nemo = Some(s.to_move());
        }
        let a = *s.legal_actions().last().expect("a legal action");
        s.play(a).expect("legal");
    }
    assert_eq!(last_nemo, Some(NORTH));
    assert_eq!(s.to_move(), SOUTH);
    assert!(!s.at_decision());
}

/// South's A2 (2) and A4 (1) face North's a7 (3) and his kuu a5 (6, owned, not functional).
fn bm4_board() -> Holes {
    board(
        [0, 0, 0, 31, 0, 0, 0, 0],
        [0, 3, 0, 6, 0, 0, 0, 0],
        [0, 2, 0, 1, 0, 0, 0, 0],
        [0, 0, 0, 0, 20, 0, 0, 0],
    )
}

// BM4: the stage is decided per move by the mover's hand. South (empty hand) plays a
// second-stage move: A2> (2): A3, A4 (2) takes a5 (6), from the left kichwa: A1..A6. North
// (one nemo) plays a first-stage move: the nemo into a7 (4), which takes A2 (1) into his
// right kichwa a8.
#[test]
fn bm4_stages() {
    let mut s = mat(bm4_board(), [0, 1], [false, true], SOUTH);
    check(&s, bm4_board(), [0, 1], [false, true], SOUTH, &["A2>"]);
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

// ---------------------------------------------------------------------------------------------
// BM5
// ---------------------------------------------------------------------------------------------

// BM5: a first-stage move adds the nemo to an occupied front hole: not the back row (B3),
// not an empty hole, not the functional kuu (BM9). A2> (3): A3, A4, A5: the lap ends in the
// functional kuu (9), which sleeps (BM12).
#[test]
fn bm5_first_stage_move() {
    let holes = board(
        Z,
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 2, 0, 0, 8, 0, 0, 0],
        [0, 0, 3, 0, 0, 0, 0, 0],
    );
    let mut s = mat(holes, [25, 24], [true, false], SOUTH);
    check(&s, holes, [25, 24], [true, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    // North's lone kichwa a1 may go either way (BM16).
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 1, 1, 9, 0, 0, 0],
            [0, 0, 3, 0, 0, 0, 0, 0],
        ),
        [24, 24],
        [true, false],
        NORTH,
        &["a1>", "a1<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM6
// ---------------------------------------------------------------------------------------------

// BM6: a first-stage capture at holes 3-6 chooses the kichwa: A5 (the kuu) takes a4 (3) with
// the nemo, and A5> sows from the left kichwa: A1, A2, A3; the kuu keeps its seeds (9). (A4's
// capture of a5 is barred by the kuu guard, BM7.)
#[test]
fn bm6_first_stage_capture() {
    let mut s = mat(bm7_board(), [22, 21], [true, true], SOUTH);
    check(
        &s,
        bm7_board(),
        [22, 21],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    play(&mut s, "A5>");
    check(
        &s,
        board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [1, 1, 1, 2, 9, 0, 0, 0], Z),
        [21, 21],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// BM6: the same capture from the right kichwa: A8, A7, A6.
#[test]
fn bm6_first_stage_capture_2() {
    let mut s = mat(bm7_board(), [22, 21], [true, true], SOUTH);
    play(&mut s, "A5<");
    check(
        &s,
        board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 2, 9, 1, 1, 1], Z),
        [21, 21],
        [true, true],
        NORTH,
        &["a5>", "a5<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM7
// ---------------------------------------------------------------------------------------------

/// First stage: South's A4 (2) faces North's kuu a5 (8); South's kuu A5 (8) faces a4 (3).
fn bm7_board() -> Holes {
    board(Z, [0, 0, 0, 8, 3, 0, 0, 0], [0, 0, 0, 2, 8, 0, 0, 0], Z)
}

// BM7: while South's kuu is threatened (a4 holds seeds), his nemo may not take North's kuu:
// A4's capture is not legal, only the kuu's own capture of a4 is (see bm6).
#[test]
fn bm7_kuu_guard() {
    let s = mat(bm7_board(), [22, 21], [true, true], SOUTH);
    check(
        &s,
        bm7_board(),
        [22, 21],
        [true, true],
        SOUTH,
        &["A5>", "A5<"],
    );
    assert_illegal(&s, "A4>");
    assert_illegal(&s, "A4<");
}

// BM7: with South's kuu not threatened (a4 empty) A4 may take North's kuu.
#[test]
fn bm7_kuu_guard_unthreatened() {
    let holes = board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 2, 8, 0, 0, 0], Z);
    let mut s = mat(holes, [23, 23], [true, true], SOUTH);
    check(&s, holes, [23, 23], [true, true], SOUTH, &["A4>", "A4<"]);
    // A4> (3) takes the kuu a5 (8): A1..A8; A8 was empty. North's kuu is lost and his front
    // row empty: South wins.
    play(&mut s, "A4>");
    check_over(
        &s,
        board(Z, Z, [1, 1, 1, 4, 9, 1, 1, 1], Z),
        [22, 23],
        [true, false],
        GameResult::Win(SOUTH),
    );
}

// BM7: the guard holds only while both kuu are owned: with North's kuu lost (a5 an ordinary
// hole of 8) A4 may capture it.
#[test]
fn bm7_kuu_guard_opponent_kuu_lost() {
    let s = mat(bm7_board(), [22, 21], [true, false], SOUTH);
    check(
        &s,
        bm7_board(),
        [22, 21],
        [true, false],
        SOUTH,
        &["A4>", "A4<", "A5>", "A5<"],
    );
}

// BM7: only the nemo capture itself is barred; a later capture of the same move may take the
// opponent's kuu. A5> (the nemo into the kuu, 9) takes a4 (4): A1..A4; A4 (2) faces the kuu
// a5 (8): captured, clockwise kept: A1..A8; A8 was empty.
#[test]
fn bm7_kuu_guard_later_capture() {
    let holes = board(Z, [0, 0, 0, 8, 4, 0, 0, 2], [0, 0, 0, 1, 8, 0, 0, 0], Z);
    let mut s = mat(holes, [21, 20], [true, true], SOUTH);
    check(&s, holes, [21, 20], [true, true], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(
        &s,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [2, 2, 2, 3, 10, 1, 1, 1], Z),
        [20, 20],
        [true, false],
        NORTH,
        &["a1>"],
    );
}

// BM7: the barred capture does not count for the mandatory capture, and the hole may then
// start a takata. With endless_move = "illegal" and a one-lap cap, the kuu's capture of a4
// would relay A3 (A5>: A1, A2, A3 2) or A6 (A5<): illegal. No capture remains, so South
// plays a takata, from A4 (A3, A6 are singletons, the kuu is functional). A4> (3): A5, A6,
// A7; A7 was empty.
#[test]
fn bm7_kuu_guard_no_capture_left() {
    let g = m_limits("endless_move = \"illegal\"", "max_laps = 1");
    let holes = board(Z, [0, 0, 0, 8, 3, 0, 0, 0], [0, 0, 1, 2, 8, 1, 0, 0], Z);
    let mut s = pos(&g, holes, [21, 20], [true, true], SOUTH);
    check(&s, holes, [21, 20], [true, true], SOUTH, &["A4>", "A4<"]);
    play(&mut s, "A4>");
    check(
        &s,
        board(Z, [0, 0, 0, 8, 3, 0, 0, 0], [0, 0, 1, 0, 9, 2, 1, 0], Z),
        [20, 20],
        [true, true],
        NORTH,
        &["a4>", "a4<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM8
// ---------------------------------------------------------------------------------------------

// BM8: a move that starts as a takata captures nothing. Second stage, no capture for South:
// A2> (3): A3, A4, A5 (3): relay A6, A7, A8 (2), which faces a1 (2): relayed: B8, B7.
#[test]
fn bm8_first_lap_decides() {
    let holes = board(
        [7; 8],
        [0, 0, 0, 0, 0, 0, 0, 2],
        [0, 3, 0, 0, 2, 0, 0, 1],
        Z,
    );
    let mut s = mat(holes, [0, 0], [false, false], SOUTH);
    check(
        &s,
        holes,
        [0, 0],
        [false, false],
        SOUTH,
        &["A2>", "A2<", "A5>", "A5<"],
    );
    play(&mut s, "A2>");
    check(
        &s,
        board(
            [7; 8],
            [0, 0, 0, 0, 0, 0, 0, 2],
            [0, 0, 1, 1, 0, 1, 1, 0],
            [0, 0, 0, 0, 0, 0, 1, 1],
        ),
        [0, 0],
        [false, false],
        NORTH,
        &["a1>", "a1<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM9
// ---------------------------------------------------------------------------------------------

// BM9: a singleton may take the nemo only if no front hole but a functional kuu holds 2 or
// more, even while the kuu is functional: A1 is out, A3 (2) in.
#[test]
fn bm9_first_stage_takata() {
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 2, 0, 8, 0, 0, 0], Z);
    let s = mat(holes, [26, 25], [true, false], SOUTH);
    check(&s, holes, [26, 25], [true, false], SOUTH, &["A3>", "A3<"]);
}

// BM9: with only singletons besides the functional kuu, they may take the nemo.
#[test]
fn bm9_first_stage_takata_2() {
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 0, 1, 0, 8, 0, 0, 0], Z);
    let s = mat(holes, [26, 26], [true, false], SOUTH);
    check(
        &s,
        holes,
        [26, 26],
        [true, false],
        SOUTH,
        &["A1>", "A1<", "A3>", "A3<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM10
// ---------------------------------------------------------------------------------------------

fn bm10_board() -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 7, 0, 0, 0], Z)
}

// BM10: an owned kuu of fewer than 8 is not functional: the nemo may go into it and all its
// seeds are lifted; emptied, it is lost. A5< (8): A4..A1, B1..B4.
#[test]
fn bm10_kuu_status() {
    let mut s = mat(bm10_board(), [27, 26], [true, false], SOUTH);
    check(
        &s,
        bm10_board(),
        [27, 26],
        [true, false],
        SOUTH,
        &["A2>", "A2<", "A5>", "A5<"],
    );
    play(&mut s, "A5<");
    check(
        &s,
        board(
            Z,
            [0, 0, 0, 0, 0, 0, 0, 2],
            [1, 3, 1, 1, 0, 0, 0, 0],
            [1, 1, 1, 1, 0, 0, 0, 0],
        ),
        [26, 26],
        [false, false],
        NORTH,
        &["a1>", "a1<"],
    );
}

// BM10 option house_min = 1: every owned kuu is functional; the kuu of 7 may not take the
// nemo.
#[test]
fn bm10_kuu_status_house_min() {
    let g = m_rules("house_min = 1");
    let s = pos(&g, bm10_board(), [27, 26], [true, false], SOUTH);
    check(
        &s,
        bm10_board(),
        [27, 26],
        [true, false],
        SOUTH,
        &["A2>", "A2<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM11
// ---------------------------------------------------------------------------------------------

fn bm11_board(kuu: u8) -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, kuu, 0, 0, 0], Z)
}

// BM11: the functional kuu is the only occupied front hole and there is no capture. Above 8
// it is taxed: A5 (9 + 1) lifts 2: A6, A7; it keeps 8, owned.
#[test]
fn bm11_tax_and_nine() {
    let s = mat(bm11_board(9), [27, 26], [true, false], SOUTH);
    check(
        &s,
        bm11_board(9),
        [27, 26],
        [true, false],
        SOUTH,
        &["A5>", "A5<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(
        &t,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 8, 1, 1, 0], Z),
        [26, 26],
        [true, false],
        NORTH,
        &["a1>", "a1<"],
    );
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(
        &t,
        board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 8, 0, 0, 0], Z),
        [26, 26],
        [true, false],
        NORTH,
        &["a1>", "a1<"],
    );
}

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

fn bm13_board() -> Holes {
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
fn bm17_board() -> Holes {
    board(
        [0, 0, 0, 50, 0, 0, 0, 0],
        [0, 0, 0, 2, 0, 0, 2, 0],
        [0, 2, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 2, 5],
    )
}

fn bm17_after() -> Holes {
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
fn bm17_lone_board(a1: u8, south_front: [u8; 8]) -> Holes {
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
fn bm19_board() -> Holes {
    board(
        Z,
        [0, 0, 0, 0, 9, 0, 0, 1],
        [1, 6, 3, 1, 0, 5, 4, 0],
        [2, 1, 0, 5, 0, 3, 0, 1],
    )
}

const BM19_STARTS: [&str; 8] = ["A2>", "A2<", "A3>", "A3<", "A6>", "A6<", "A7>", "A7<"];

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

// BM19 with a cap of 3 laps: A3< (3 + 1): A2, A1, B1, B2 (2): relay B3, B4 (6): relay B5..B8,
// A8, A7 (5): the third lap ends there; the move sleeps and the turn passes.
#[test]
fn bm19_never_ending_moves_2() {
    let g = m_limits("", "max_laps = 3");
    let mut s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        bm19_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &BM19_STARTS,
    );
    play(&mut s, "A3<");
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

// BM19 option endless_move = "capped": the game ends there as capped.
#[test]
fn bm19_never_ending_moves_capped() {
    let g = m_limits("endless_move = \"capped\"", "max_laps = 3");
    let mut s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
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
}

// BM19 option endless_move = "illegal" (bao.md's rule): under the cap of 3 the starts that
// need a fourth lap (A2>, A3<, A6<) are illegal.
#[test]
fn bm19_never_ending_moves_illegal() {
    let g = m_limits("endless_move = \"illegal\"", "max_laps = 3");
    let s = pos(&g, bm19_board(), [11, 11], [false, false], SOUTH);
    check(
        &s,
        bm19_board(),
        [11, 11],
        [false, false],
        SOUTH,
        &["A2<", "A3>", "A6>", "A7>", "A7<"],
    );
}

// ---------------------------------------------------------------------------------------------
// BM20
// ---------------------------------------------------------------------------------------------

fn placements(from: &str) -> Vec<&'static str> {
    const ALL: [&str; 16] = [
        "+A1", "+A2", "+A3", "+A4", "+A5", "+A6", "+A7", "+A8", "+B1", "+B2", "+B3", "+B4", "+B5",
        "+B6", "+B7", "+B8",
    ];
    let i = ALL.iter().position(|&p| p == from).expect("a placement");
    ALL[i..].to_vec()
}

fn north_placements(from: &str) -> Vec<String> {
    placements(&from.to_uppercase())
        .into_iter()
        .map(|p| p.to_lowercase())
        .collect()
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
    check_opening(
        &s,
        board(north_start.0, north_start.1, [0, 0, 0, 0, 8, 0, 0, 0], Z),
        [24, 20],
        [true, true],
        SOUTH,
        &placements("+A1"),
    );
    play(&mut s, "+A2");
    play(&mut s, "+A2");
    check_opening(
        &s,
        board(north_start.0, north_start.1, [0, 2, 0, 0, 8, 0, 0, 0], Z),
        [22, 20],
        [true, true],
        SOUTH,
        &placements("+A2"),
    );
    play(&mut s, "+A4");
    // Placements go in non-decreasing hole index: A2 and A3 are now refused.
    assert_illegal(&s, "+A2");
    assert_illegal(&s, "+A3");
    play(&mut s, "+B3");
    check_opening(
        &s,
        board(
            north_start.0,
            north_start.1,
            [0, 2, 0, 1, 8, 0, 0, 0],
            [0, 0, 1, 0, 0, 0, 0, 0],
        ),
        [20, 20],
        [true, true],
        SOUTH,
        &placements("+B3"),
    );
    play(&mut s, "+B8");
    let south = ([0, 2, 0, 1, 8, 0, 0, 0], [0, 0, 1, 0, 0, 0, 0, 1]);
    check_opening(
        &s,
        board(north_start.0, north_start.1, south.0, south.1),
        [19, 20],
        [true, true],
        NORTH,
        &["xa5", "xa7", "pass"],
    );
    play(&mut s, "xa7");
    let all_north = north_placements("+a1");
    let all_north: Vec<&str> = all_north.iter().map(String::as_str).collect();
    check_opening(
        &s,
        board(
            Z,
            [0, 0, 0, 8, 0, 0, 0, 0],
            [0, 0, 0, 1, 8, 0, 0, 0],
            south.1,
        ),
        [19, 26],
        [true, true],
        NORTH,
        &all_north,
    );
    for p in ["+a1", "+a1", "+a5", "+a5", "+a6", "+b1"] {
        play(&mut s, p);
    }
    let from_b1 = north_placements("+b1");
    let from_b1: Vec<&str> = from_b1.iter().map(String::as_str).collect();
    check_opening(
        &s,
        board(
            [0, 0, 0, 0, 0, 0, 0, 1],
            [0, 0, 1, 10, 0, 0, 0, 2],
            [0, 0, 0, 1, 8, 0, 0, 0],
            south.1,
        ),
        [19, 20],
        [true, true],
        NORTH,
        &from_b1,
    );
    play(&mut s, "+b8");
    let after_opening = board(
        [1, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 1, 10, 0, 0, 0, 2],
        [0, 0, 0, 1, 8, 0, 0, 0],
        south.1,
    );
    check(
        &s,
        after_opening,
        [19, 19],
        [true, true],
        SOUTH,
        &["A4>", "A4<"],
    );
    play(&mut s, "A4>");
    check(
        &s,
        board(
            [1, 0, 0, 0, 0, 0, 0, 1],
            [0, 0, 1, 0, 0, 0, 0, 2],
            [1, 1, 1, 3, 9, 1, 1, 1],
            [0, 0, 1, 0, 0, 0, 1, 2],
        ),
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
    check_opening(
        &t,
        board(
            Z,
            [0, 0, 0, 8, 0, 0, 0, 0],
            [0, 2, 0, 0, 8, 0, 0, 0],
            south_back,
        ),
        [19, 25],
        [true, true],
        NORTH,
        &all_north,
    );
    play(&mut s, "pass");
    check_opening(
        &s,
        board(
            Z,
            [0, 0, 0, 8, 0, 0, 0, 0],
            [0, 2, 0, 1, 8, 0, 0, 0],
            south_back,
        ),
        [19, 24],
        [true, true],
        NORTH,
        &all_north,
    );
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
    check_opening(
        &s,
        board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [0, 1, 1, 1, 10, 0, 0, 0], Z),
        [19, 20],
        [true, true],
        NORTH,
        &["xa5", "xa6", "xa7", "pass"],
    );
    play(&mut s, "xa6");
    let all_north = north_placements("+a1");
    let all_north: Vec<&str> = all_north.iter().map(String::as_str).collect();
    check_opening(
        &s,
        board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 1, 0, 1, 10, 0, 0, 0], Z),
        [19, 25],
        [true, true],
        NORTH,
        &all_north,
    );
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
    assert_eq!(
        s.outcome().map(|o| o.result),
        Some(GameResult::Capped(Cap::Plies))
    );
    assert!(s.legal_actions().is_empty());
    assert_eq!(
        [s.holes(SOUTH), s.holes(NORTH)],
        board(
            Z,
            [0, 2, 2, 8, 0, 0, 0, 0],
            [2, 0, 0, 0, 8, 0, 0, 0],
            [0, 1, 0, 0, 0, 0, 0, 0],
        )
    );
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
    check_over(
        &s,
        board(Z, [1, 2, 2, 9, 0, 0, 0, 0], [0, 0, 0, 0, 9, 3, 0, 0], Z),
        [19, 19],
        [true, true],
        GameResult::Capped(Cap::Plies),
    );
}
