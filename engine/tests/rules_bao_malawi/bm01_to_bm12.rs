//! rules_bao_malawi: the tests of bm01 to bm12.

use super::*;

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
    let AnyGame::Bao(g) = any else { panic!("bao-malawi is a Bao game") };
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
    check(&s, holes, [9, 8], [true, true], SOUTH, &["A1>", "A2>", "A7<", "A8<"]);
    play(&mut s, "A2>");
    check(&s, board(Z, [4, 0, 1, 8, 0, 2, 5, 6], [2, 4, 1, 0, 8, 0, 3, 4], Z), [8, 8], [true, true], NORTH, &["a1>", "a2>", "a6>", "a6<", "a8<"]);
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
    check(&s, start_board(), [20, 20], [true, true], SOUTH, &["A6>", "A6<", "A7>", "A7<"]);
}

/// The second worked example (derived in bao-malawi.md): after A7< (A7 3: A6, A5, A4)
/// South's front row is 0 0 0 1 9 3 0 0, hands 19 and 20. North's kuu a5 (8) faces A4 (1): he
/// must capture there (a5> or a5<); BM7 does not forbid it, since A4 is not South's kuu.
#[test]
fn bm2_start_position_worked_example() {
    let mut s = malawi().initial_state();
    play(&mut s, "A7<");
    check(&s, board(Z, [0, 2, 2, 8, 0, 0, 0, 0], [0, 0, 0, 1, 9, 3, 0, 0], Z), [19, 20], [true, true], NORTH, &["a5>", "a5<"]);
    // a5> (BM6): the nemo into a5 (9), A4's seed into North's left kichwa a1.
    let mut t = s.clone();
    play(&mut t, "a5>");
    check(&t, board(Z, [0, 2, 2, 9, 0, 0, 0, 1], [0, 0, 0, 0, 9, 3, 0, 0], Z), [19, 19], [true, true], SOUTH, &["A6>", "A6<"]);
    // a5<: into the right kichwa a8.
    play(&mut s, "a5<");
    check(&s, board(Z, [1, 2, 2, 9, 0, 0, 0, 0], [0, 0, 0, 0, 9, 3, 0, 0], Z), [19, 19], [true, true], SOUTH, &["A6>", "A6<"]);
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
pub(super) fn bm4_board() -> Holes {
    board([0, 0, 0, 31, 0, 0, 0, 0], [0, 3, 0, 6, 0, 0, 0, 0], [0, 2, 0, 1, 0, 0, 0, 0], [0, 0, 0, 0, 20, 0, 0, 0])
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
        board([0, 0, 0, 31, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0, 0, 0], [1, 1, 2, 3, 1, 1, 0, 0], [0, 0, 0, 0, 20, 0, 0, 0]),
        [0, 1],
        [false, false],
        NORTH,
        &["a7<"],
    );
    play(&mut s, "a7<");
    check(
        &s,
        board([0, 0, 0, 31, 0, 0, 0, 0], [1, 4, 0, 0, 0, 0, 0, 0], [1, 0, 2, 3, 1, 1, 0, 0], [0, 0, 0, 0, 20, 0, 0, 0]),
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
    let holes = board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 8, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0]);
    let mut s = mat(holes, [25, 24], [true, false], SOUTH);
    check(&s, holes, [25, 24], [true, false], SOUTH, &["A2>", "A2<"]);
    play(&mut s, "A2>");
    // North's lone kichwa a1 may go either way (BM16).
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 9, 0, 0, 0], [0, 0, 3, 0, 0, 0, 0, 0]), [24, 24], [true, false], NORTH, &["a1>", "a1<"]);
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
    check(&s, bm7_board(), [22, 21], [true, true], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [1, 1, 1, 2, 9, 0, 0, 0], Z), [21, 21], [true, true], NORTH, &["a5>", "a5<"]);
}

// BM6: the same capture from the right kichwa: A8, A7, A6.
#[test]
fn bm6_first_stage_capture_2() {
    let mut s = mat(bm7_board(), [22, 21], [true, true], SOUTH);
    play(&mut s, "A5<");
    check(&s, board(Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 2, 9, 1, 1, 1], Z), [21, 21], [true, true], NORTH, &["a5>", "a5<"]);
}

// ---------------------------------------------------------------------------------------------
// BM7
// ---------------------------------------------------------------------------------------------

/// First stage: South's A4 (2) faces North's kuu a5 (8); South's kuu A5 (8) faces a4 (3).
pub(super) fn bm7_board() -> Holes {
    board(Z, [0, 0, 0, 8, 3, 0, 0, 0], [0, 0, 0, 2, 8, 0, 0, 0], Z)
}

// BM7: while South's kuu is threatened (a4 holds seeds), his nemo may not take North's kuu:
// A4's capture is not legal, only the kuu's own capture of a4 is (see bm6).
#[test]
fn bm7_kuu_guard() {
    let s = mat(bm7_board(), [22, 21], [true, true], SOUTH);
    check(&s, bm7_board(), [22, 21], [true, true], SOUTH, &["A5>", "A5<"]);
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
    check_over(&s, board(Z, Z, [1, 1, 1, 4, 9, 1, 1, 1], Z), [22, 23], [true, false], GameResult::Win(SOUTH));
}

// BM7: the guard holds only while both kuu are owned: with North's kuu lost (a5 an ordinary
// hole of 8) A4 may capture it.
#[test]
fn bm7_kuu_guard_opponent_kuu_lost() {
    let s = mat(bm7_board(), [22, 21], [true, false], SOUTH);
    check(&s, bm7_board(), [22, 21], [true, false], SOUTH, &["A4>", "A4<", "A5>", "A5<"]);
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
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [2, 2, 2, 3, 10, 1, 1, 1], Z), [20, 20], [true, false], NORTH, &["a1>"]);
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
    check(&s, board(Z, [0, 0, 0, 8, 3, 0, 0, 0], [0, 0, 1, 0, 9, 2, 1, 0], Z), [20, 20], [true, true], NORTH, &["a4>", "a4<"]);
}

// ---------------------------------------------------------------------------------------------
// BM8
// ---------------------------------------------------------------------------------------------

// BM8: a move that starts as a takata captures nothing. Second stage, no capture for South:
// A2> (3): A3, A4, A5 (3): relay A6, A7, A8 (2), which faces a1 (2): relayed: B8, B7.
#[test]
fn bm8_first_lap_decides() {
    let holes = board([7; 8], [0, 0, 0, 0, 0, 0, 0, 2], [0, 3, 0, 0, 2, 0, 0, 1], Z);
    let mut s = mat(holes, [0, 0], [false, false], SOUTH);
    check(&s, holes, [0, 0], [false, false], SOUTH, &["A2>", "A2<", "A5>", "A5<"]);
    play(&mut s, "A2>");
    check(&s, board([7; 8], [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 0, 1, 1, 0], [0, 0, 0, 0, 0, 0, 1, 1]), [0, 0], [false, false], NORTH, &["a1>", "a1<"]);
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
    check(&s, holes, [26, 26], [true, false], SOUTH, &["A1>", "A1<", "A3>", "A3<"]);
}

// ---------------------------------------------------------------------------------------------
// BM10
// ---------------------------------------------------------------------------------------------

pub(super) fn bm10_board() -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 2, 0, 0, 7, 0, 0, 0], Z)
}

// BM10: an owned kuu of fewer than 8 is not functional: the nemo may go into it and all its
// seeds are lifted; emptied, it is lost. A5< (8): A4..A1, B1..B4.
#[test]
fn bm10_kuu_status() {
    let mut s = mat(bm10_board(), [27, 26], [true, false], SOUTH);
    check(&s, bm10_board(), [27, 26], [true, false], SOUTH, &["A2>", "A2<", "A5>", "A5<"]);
    play(&mut s, "A5<");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 3, 1, 1, 0, 0, 0, 0], [1, 1, 1, 1, 0, 0, 0, 0]), [26, 26], [false, false], NORTH, &["a1>", "a1<"]);
}

// BM10 option house_min = 1: every owned kuu is functional; the kuu of 7 may not take the
// nemo.
#[test]
fn bm10_kuu_status_house_min() {
    let g = m_rules("house_min = 1");
    let s = pos(&g, bm10_board(), [27, 26], [true, false], SOUTH);
    check(&s, bm10_board(), [27, 26], [true, false], SOUTH, &["A2>", "A2<"]);
}

// ---------------------------------------------------------------------------------------------
// BM11
// ---------------------------------------------------------------------------------------------

pub(super) fn bm11_board(kuu: u8) -> Holes {
    board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, kuu, 0, 0, 0], Z)
}

// BM11: the functional kuu is the only occupied front hole and there is no capture. Above 8
// it is taxed: A5 (9 + 1) lifts 2: A6, A7; it keeps 8, owned.
#[test]
fn bm11_tax_and_nine() {
    let s = mat(bm11_board(9), [27, 26], [true, false], SOUTH);
    check(&s, bm11_board(9), [27, 26], [true, false], SOUTH, &["A5>", "A5<"]);
    let mut t = s.clone();
    play(&mut t, "A5>");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 8, 1, 1, 0], Z), [26, 26], [true, false], NORTH, &["a1>", "a1<"]);
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 1, 1, 8, 0, 0, 0], Z), [26, 26], [true, false], NORTH, &["a1>", "a1<"]);
}

// BM11: with exactly 8 all 9 seeds are lifted and sown on, and the kuu is lost. A5> (9):
// A6, A7, A8, B8..B3.
#[test]
fn bm11_tax_and_nine_2() {
    let s = mat(bm11_board(8), [27, 27], [true, false], SOUTH);
    check(&s, bm11_board(8), [27, 27], [true, false], SOUTH, &["A5>", "A5<"]);
    let mut t = s.clone();
    play(&mut t, "A5>");
    // A8 (1) now faces North's a1 (2): a capture for him; a1< would empty his front row.
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 1, 1, 1, 1]), [26, 27], [false, false], NORTH, &["a1>"]);
    // A5< (9): A4..A1, B1..B5.
    let mut t = s.clone();
    play(&mut t, "A5<");
    check(&t, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 1, 1, 1, 0, 0, 0]), [26, 27], [false, false], NORTH, &["a1>", "a1<"]);
}

// BM11: below 8 the kuu is an ordinary hole: A5 (7 + 1) is lifted whole: A6, A7, A8,
// B8..B4.
#[test]
fn bm11_tax_and_nine_3() {
    let mut s = mat(bm11_board(7), [28, 27], [true, false], SOUTH);
    check(&s, bm11_board(7), [28, 27], [true, false], SOUTH, &["A5>", "A5<"]);
    play(&mut s, "A5>");
    check(&s, board(Z, [0, 0, 0, 0, 0, 0, 0, 2], [0, 0, 0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1, 1, 1]), [27, 27], [false, false], NORTH, &["a1>"]);
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
    check(&s, board(Z, [0, 0, 2, 0, 0, 0, 0, 0], [0, 0, 0, 0, 9, 1, 1, 0], Z), [25, 26], [true, false], NORTH, &["a6>", "a6<"]);
}

// ---------------------------------------------------------------------------------------------
// BM13
// ---------------------------------------------------------------------------------------------

pub(super) fn bm13_board() -> Holes {
    board(Z, [0, 0, 5, 0, 0, 0, 0, 2], [0, 0, 1, 0, 8, 0, 0, 0], Z)
}
