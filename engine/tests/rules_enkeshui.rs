//! One or more tests per rule of `docs/rules/enkeshui.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Most positions use 8 holes a row with the "fours" start (48 seeds): South A..H = 0..7,
//! North a..h = 8..15, the hole opposite i is 15-i. Actions: 0..8 anticlockwise, 8..16
//! clockwise (hole i-8), 16 capture, 17 decline. Stores are [south, north].

mod common;

use common::play;
use mankala_engine::variants::enkeshui::{EmptyEnd, EnkeshuiStart};
use mankala_engine::variants::{Enkeshui, EnkeshuiRules, EnkeshuiState};
use mankala_engine::{Action, AnyGame, Cap, Game, GameResult, Limits, Outcome, Player, State};

const SOUTH: Player = Player::South;
const NORTH: Player = Player::North;
const ALL8: [Action; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
const TAKE: Action = 16;
const DECLINE: Action = 17;
const NO_BULLS: &[(usize, Player)] = &[];

fn game(holes: u8, start: EnkeshuiStart, empty_end: EmptyEnd, limits: Limits) -> Enkeshui {
    Enkeshui { rules: EnkeshuiRules { holes, start, empty_end, ..EnkeshuiRules::default() }, limits }
}

/// 8 holes, fours: 48 seeds.
fn g8() -> Enkeshui {
    game(8, EnkeshuiStart::Fours, EmptyEnd::Left, Enkeshui::DEFAULT_LIMITS)
}

fn g8_limits(max_plies: u32, max_laps: u32) -> Enkeshui {
    game(8, EnkeshuiStart::Fours, EmptyEnd::Left, Limits { max_plies, max_laps })
}

/// A position on `g`; `bulls` lists (hole, owner).
fn pos_in(g: &Enkeshui, pits: [u8; 16], bulls: &[(usize, Player)], stores: [u8; 2], gone_round: [bool; 2], to_move: Player) -> EnkeshuiState {
    let of = |p: Player| -> Vec<usize> { bulls.iter().filter(|b| b.1 == p).map(|b| b.0).collect() };
    let (south, north) = (of(SOUTH), of(NORTH));
    EnkeshuiState::from_parts(g, &pits, [&south, &north], stores, gone_round, to_move).expect("valid position")
}

fn pos(pits: [u8; 16], bulls: &[(usize, Player)], stores: [u8; 2], gone_round: [bool; 2], to_move: Player) -> EnkeshuiState {
    pos_in(&g8(), pits, bulls, stores, gone_round, to_move)
}

/// Asserts the whole position: every hole, every bull and its owner, both stores, the player
/// to move (when given) and the legal actions (the game goes on when there are some).
#[track_caller]
fn check(s: &EnkeshuiState, pits: &[u32], bulls: &[(usize, Player)], stores: [u32; 2], to_move: Option<Player>, legal: &[Action]) {
    let mut owners = vec![-1i8; pits.len()];
    for &(h, p) in bulls {
        owners[h] = p.index() as i8;
    }
    assert_eq!(s.snapshot().owners, Some(owners), "bulls\n{s}");
    common::check_position(s, pits, stores, to_move, legal);
}

fn row_twice(row: &[u32]) -> Vec<u32> {
    row.iter().chain(row).copied().collect()
}

// R1: 8, 10 or 12 holes a row, nothing else; on 10 holes South's B (3) makes E a bull.
#[test]
fn r1_board_size() {
    for holes in [8u8, 10, 12] {
        let g = game(holes, EnkeshuiStart::Threes, EmptyEnd::Left, Enkeshui::DEFAULT_LIMITS);
        assert_eq!(g.initial_state().snapshot().pits.len(), 2 * holes as usize);
        assert_eq!(g.num_actions(), 2 * holes as usize + 2);
    }
    assert_eq!(EnkeshuiRules::default().holes, 12);
    for bad in ["holes = 9", "holes = 6", "holes = 14"] {
        let rules: toml::Table = toml::from_str(bad).unwrap();
        assert!(AnyGame::from_tables("enkeshui", &rules, &toml::Table::new()).is_err(), "{bad} accepted");
    }
    let g = game(10, EnkeshuiStart::Threes, EmptyEnd::Left, Enkeshui::DEFAULT_LIMITS);
    let mut s = g.initial_state();
    play(&mut s, 1); // B: C (4), D (1), E (4): E is South's bull
    check(&s, &[0, 0, 4, 1, 4, 3, 0, 3, 3, 0, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0], &[(4, SOUTH)], [0, 0], Some(NORTH), &[1, 2, 4, 5, 7, 8]);
}

// R2: the default, 12 holes of threes: 48 seeds.
#[test]
fn r2_start_position() {
    let g = Enkeshui::default();
    assert_eq!(g.rules.start, EnkeshuiStart::Threes);
    assert_eq!(g.rules.empty_end, EmptyEnd::Left);
    assert_eq!(g.total_seeds(), 48);
    let row = [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3];
    check(&g.initial_state(), &row_twice(&row), NO_BULLS, [0, 0], Some(SOUTH), &[1, 2, 4, 5, 7, 8, 10, 11]);
}

// R2: 8 holes of fours: 48 seeds.
#[test]
fn r2_start_position_2() {
    let g = g8();
    assert_eq!(g.total_seeds(), 48);
    check(&g.initial_state(), &row_twice(&[0, 0, 4, 4, 4, 4, 4, 4]), NO_BULLS, [0, 0], Some(SOUTH), &[2, 3, 4, 5, 6, 7]);
}

// R2: the other combinations continue the pattern and hold other totals.
#[test]
fn r2_start_position_3() {
    let cases: [(u8, EnkeshuiStart, &[u32], u32); 4] = [
        (8, EnkeshuiStart::Threes, &[0, 3, 3, 0, 3, 3, 0, 3], 30),
        (10, EnkeshuiStart::Threes, &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0], 36),
        (10, EnkeshuiStart::Fours, &[0, 0, 4, 4, 4, 4, 4, 4, 4, 4], 64),
        (12, EnkeshuiStart::Fours, &[0, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], 80),
    ];
    for (holes, start, row, total) in cases {
        let g = game(holes, start, EmptyEnd::Left, Enkeshui::DEFAULT_LIMITS);
        assert_eq!(g.total_seeds(), total, "{holes} {start:?}");
        let s = g.initial_state();
        assert_eq!(s.snapshot().pits, row_twice(row), "{holes} {start:?}");
        assert_eq!(s.snapshot().total(), total);
    }
}

// R2: empty_end = "right" mirrors each row (threes on 10 holes are their own mirror).
#[test]
fn r2_start_position_4() {
    let cases: [(u8, EnkeshuiStart, &[u32]); 4] = [
        (12, EnkeshuiStart::Threes, &[3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3, 0]),
        (8, EnkeshuiStart::Fours, &[4, 4, 4, 4, 4, 4, 0, 0]),
        (8, EnkeshuiStart::Threes, &[3, 0, 3, 3, 0, 3, 3, 0]),
        (10, EnkeshuiStart::Threes, &[0, 3, 3, 0, 3, 3, 0, 3, 3, 0]),
    ];
    for (holes, start, row) in cases {
        let g = game(holes, start, EmptyEnd::Right, Enkeshui::DEFAULT_LIMITS);
        let s = g.initial_state();
        assert_eq!(s.snapshot().pits, row_twice(row), "{holes} {start:?} right");
        assert_eq!(s.to_move(), SOUTH);
    }
}

// R3: South moves first; B (3): C (4), D (1), E (4): E becomes South's bull (R10).
#[test]
fn r3_south_moves_first() {
    let g = Enkeshui::default();
    let mut s = g.initial_state();
    assert_eq!(s.to_move(), SOUTH);
    play(&mut s, 1);
    let mut pits = row_twice(&[0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
    pits[..5].copy_from_slice(&[0, 0, 4, 1, 4]);
    check(&s, &pits, &[(4, SOUTH)], [0, 0], Some(NORTH), &[1, 2, 4, 5, 7, 8, 10, 11]);
}

// R4: B is South's bull (not playable); the single cow in C may be played: D (1), e empty.
#[test]
fn r4_move_from_own_non_bull_pit() {
    let bulls = [(1, SOUTH)];
    let mut s = pos([2, 5, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 0, 2, 2, 2], &bulls, [13, 13], [false, false], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[0, 2]);
    assert!(s.clone().play(1).is_err(), "a bull cannot be lifted");
    play(&mut s, 2);
    check(&s, &[2, 5, 0, 1, 0, 0, 0, 0, 2, 2, 2, 2, 0, 2, 2, 2], &bulls, [13, 13], Some(NORTH), &[0, 1, 2, 3, 5, 6, 7]);
}

// R5: before going round only anticlockwise moves; H -> a does not go round.
#[test]
fn r5_counterclockwise_until_gone_round() {
    let mut s = pos([0, 1, 2, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0], NO_BULLS, [16, 16], [false, false], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 2, 7]);
    assert!(s.clone().play(10).is_err(), "clockwise before going round");
    play(&mut s, 7);
    check(&s, &[0, 1, 2, 0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 0], NO_BULLS, [16, 16], Some(NORTH), &[0, 1, 2, 3, 4, 5, 6]);
    assert!(!s.has_gone_round(SOUTH));
}

// R5: having gone round, South may sow clockwise: C> : B (2), A (1); h empty: end.
#[test]
fn r5_counterclockwise_until_gone_round_2() {
    let mut s = pos([0, 1, 2, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0], NO_BULLS, [16, 16], [true, false], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[1, 2, 7, 9, 10, 15]);
    play(&mut s, 10);
    check(&s, &[1, 2, 0, 0, 0, 0, 0, 1, 0, 2, 2, 2, 2, 2, 2, 0], NO_BULLS, [16, 16], Some(NORTH), &[1, 2, 3, 4, 5, 6]);
    assert!(s.has_gone_round(SOUTH));
    assert!(!s.has_gone_round(NORTH));
}

// R6: H (7): a..g; g = 3: relay h, A, B, passing from North's row into South's: South has
// gone round. B (1), g (now 0) opposite: end. North's next move does not go round; then
// South may sow either way.
#[test]
fn r6_gone_round() {
    let mut s = pos([0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 2, 0], NO_BULLS, [20, 19], [false, false], SOUTH);
    play(&mut s, 7);
    check(&s, &[1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 1], NO_BULLS, [20, 19], Some(NORTH), &[0, 1, 2, 3, 4, 5, 7]);
    assert!(s.has_gone_round(SOUTH));
    assert!(!s.has_gone_round(NORTH));
    play(&mut s, 7); // h -> A (2): relay B (2), C (1), in South's row: end
    check(&s, &[0, 2, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0], NO_BULLS, [20, 19], Some(SOUTH), &[1, 2, 9, 10]);
    assert!(!s.has_gone_round(NORTH));
}

// R7: D> (3): C, B (North's bull, keeps the cow), A (2): relay clockwise h (3), g (1),
// North's empty g: end.
#[test]
fn r7_sow_every_pit_one_direction() {
    let bulls = [(1, NORTH)];
    let mut s = pos([1, 5, 0, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 2], &bulls, [15, 16], [true, false], SOUTH);
    play(&mut s, 8 + 3);
    check(&s, &[0, 6, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3], &bulls, [15, 16], Some(NORTH), &ALL8);
}

// R7: A's 16 cows are sown into every hole, A too: the last falls in A (now 1) with h (1)
// opposite: South decides (and has gone round); he takes A + h, B (1) ends the chain.
#[test]
fn r7_sow_every_pit_one_direction_2() {
    let mut s = pos([16, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0], NO_BULLS, [15, 15], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[1, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [15, 15], Some(SOUTH), &[TAKE, DECLINE]);
    assert!(s.has_gone_round(SOUTH));
    play(&mut s, TAKE);
    check(&s, &[0, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 0], NO_BULLS, [17, 15], Some(NORTH), &[0, 1, 2, 3, 4, 5, 6]);
}

// R8: B: C (3), D (North's bull, now 4): the move sleeps; no pair, no new bull.
#[test]
fn r8_sleep_in_bull() {
    let bulls = [(3, NORTH)];
    let mut s = pos([0, 2, 2, 3, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], &bulls, [16, 16], [false, false], SOUTH);
    play(&mut s, 1);
    check(&s, &[0, 0, 3, 4, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], &bulls, [16, 16], Some(NORTH), &ALL8);
}

// R8: H -> a, South's own bull (now 6): the move sleeps, no relay.
#[test]
fn r8_sleep_in_bull_2() {
    let bulls = [(8, SOUTH)];
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 1, 5, 1, 1, 1, 1, 1, 1, 1], &bulls, [17, 17], [false, false], SOUTH);
    play(&mut s, 7);
    check(&s, &[1, 0, 0, 0, 0, 0, 0, 0, 6, 1, 1, 1, 1, 1, 1, 1], &bulls, [17, 17], Some(NORTH), &[1, 2, 3, 4, 5, 6, 7]);
}

// R9: A: B (3), C (4): a pair, both South's bulls.
#[test]
fn r9_pair_of_bulls() {
    let mut s = pos([2, 2, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [16, 16], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 3, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], &[(1, SOUTH), (2, SOUTH)], [16, 16], Some(NORTH), &ALL8);
}

// R9: the other order: A: B (4), C (3): a pair too.
#[test]
fn r9_pair_of_bulls_2() {
    let mut s = pos([2, 3, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [16, 16], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 4, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], &[(1, SOUTH), (2, SOUTH)], [16, 16], Some(NORTH), &ALL8);
}

// R9: across the board's end: G: H (3), a (4): H and a become South's bulls.
#[test]
fn r9_pair_of_bulls_3() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 2, 2, 3, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [16, 17], [false, false], SOUTH);
    play(&mut s, 6);
    check(&s, &[1, 0, 0, 0, 0, 0, 0, 3, 4, 1, 1, 1, 1, 1, 1, 1], &[(7, SOUTH), (8, SOUTH)], [16, 17], Some(NORTH), &[1, 2, 3, 4, 5, 6, 7]);
}

// R9: A: B (North's bull, now 4), C (3): B is a bull, so no pair; C relays D, E, F; F (1)
// with c empty opposite: end.
#[test]
fn r9_pair_of_bulls_4() {
    let bulls = [(1, NORTH)];
    let mut s = pos([2, 3, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], &bulls, [16, 17], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 4, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], &bulls, [16, 17], Some(NORTH), &[0, 1, 3, 4, 5, 6, 7]);
}

// R10: C -> D (4): D is South's bull.
#[test]
fn r10_make_bull() {
    let mut s = pos([1, 0, 1, 3, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [17, 18], [false, false], SOUTH);
    play(&mut s, 2);
    check(&s, &[1, 0, 0, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], &[(3, SOUTH)], [17, 18], Some(NORTH), &ALL8);
}

// R10: in the opponent's row: H -> a (4): a is South's bull, North cannot lift it.
#[test]
fn r10_make_bull_2() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 1, 3, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [17, 19], [false, false], SOUTH);
    play(&mut s, 7);
    check(&s, &[1, 0, 0, 0, 0, 0, 0, 0, 4, 1, 1, 1, 1, 1, 1, 1], &[(8, SOUTH)], [17, 19], Some(NORTH), &[1, 2, 3, 4, 5, 6, 7]);
}

// R11: South's bull C is never playable, either way; A (3): B, C (bull keeps it), D (1)
// with e empty: end.
#[test]
fn r11_bull_is_frozen() {
    let bulls = [(2, SOUTH)];
    let mut s = pos([3, 0, 4, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1], &bulls, [16, 17], [true, false], SOUTH);
    assert_eq!(s.legal_actions().as_slice(), &[0, 7, 8, 15]);
    play(&mut s, 0);
    check(&s, &[0, 1, 5, 1, 0, 0, 0, 1, 1, 1, 1, 1, 0, 1, 1, 1], &bulls, [16, 17], Some(NORTH), &[0, 1, 2, 3, 5, 6, 7]);
}

// R11: A -> B (1) facing North's bull g: no capture is offered, the move ends.
#[test]
fn r11_bull_is_frozen_2() {
    let bulls = [(14, NORTH)];
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 5, 1], &bulls, [17, 17], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 5, 1], &bulls, [17, 17], Some(NORTH), &[0, 1, 2, 3, 4, 5, 7]);
}

// R12: G: H (2), a (was empty): the move sleeps; H opposite is not taken.
#[test]
fn r12_sleep_in_opponent_empty() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [18, 19], [false, false], SOUTH);
    play(&mut s, 6);
    check(&s, &[1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [18, 19], Some(NORTH), &ALL8);
}

// R13: A -> B (1) facing g (3): South decides; he takes B + g; C (2) ends the chain.
#[test]
fn r13_capture_is_a_choice() {
    let mut s = pos([1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1], NO_BULLS, [17, 17], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1], NO_BULLS, [17, 17], Some(SOUTH), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1], NO_BULLS, [21, 17], Some(NORTH), &[0, 1, 2, 3, 4, 5, 7]);
}

// R13: the same, declined: nothing taken, North to move.
#[test]
fn r13_capture_is_a_choice_2() {
    let mut s = pos([1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1], NO_BULLS, [17, 17], [false, false], SOUTH);
    play(&mut s, 0);
    play(&mut s, DECLINE);
    check(&s, &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1], NO_BULLS, [17, 17], Some(NORTH), &ALL8);
    assert_eq!(s.ply(), 2);
}

// R13: g opposite is empty: no decision, the move ends.
#[test]
fn r13_capture_is_a_choice_3() {
    let mut s = pos([1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1], NO_BULLS, [18, 19], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1], NO_BULLS, [18, 19], Some(NORTH), &[0, 1, 2, 3, 4, 5, 7]);
    assert_eq!(s.ply(), 1);
}

// R14: A -> B, take B + g (2); chain on anticlockwise: C empty, f (1) taken; D empty, e (2)
// taken; E empty but d empty: stop (F's opposite c keeps its 3).
#[test]
fn r14_capture_chain() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 3, 0, 2, 1, 2, 1], NO_BULLS, [17, 17], [false, false], SOUTH);
    play(&mut s, 0);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 3, 0, 0, 0, 0, 1], NO_BULLS, [23, 17], Some(NORTH), &[0, 1, 2, 7]);
}

// R14: clockwise D> -> C, take C + f (2); the chain runs clockwise: B empty, g (1); A
// empty, h (2); then the row ends. D (the origin, empty) and its opposite e (3) are not in
// the chain.
#[test]
fn r14_capture_chain_2() {
    let mut s = pos([0, 0, 0, 1, 0, 0, 0, 2, 1, 1, 1, 1, 3, 2, 1, 2], NO_BULLS, [16, 17], [true, false], SOUTH);
    play(&mut s, 8 + 3);
    check(&s, &[0, 0, 1, 0, 0, 0, 0, 2, 1, 1, 1, 1, 3, 2, 1, 2], NO_BULLS, [16, 17], Some(SOUTH), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 3, 0, 0, 0], NO_BULLS, [22, 17], Some(NORTH), &[0, 1, 2, 3, 4]);
}

// R14: the chain stops at C, whose opposite f is North's bull (e stays too).
#[test]
fn r14_capture_chain_3() {
    let bulls = [(13, NORTH)];
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 2, 4, 2, 1], &bulls, [16, 16], [false, false], SOUTH);
    play(&mut s, 0);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 1, 1, 2, 4, 0, 1], &bulls, [19, 16], Some(NORTH), &[0, 1, 2, 3, 4, 7]);
}

// R15: North's a -> b (1) facing G (3); North takes b + G and sleeps: South to move.
#[test]
fn r15_sleep_after_capture() {
    let mut s = pos([1, 1, 1, 1, 1, 1, 3, 1, 1, 0, 1, 1, 1, 1, 1, 1], NO_BULLS, [15, 16], [false, false], NORTH);
    play(&mut s, 0);
    check(&s, &[1, 1, 1, 1, 1, 1, 3, 1, 0, 1, 1, 1, 1, 1, 1, 1], NO_BULLS, [15, 16], Some(NORTH), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1], NO_BULLS, [15, 20], Some(SOUTH), &[0, 1, 2, 3, 4, 5, 7]);
    assert_eq!(s.ply(), 2);
}

// R16: A -> B (2): relay C (1), D (5): relay E, F, G, H, a; a was empty: sleep.
#[test]
fn r16_relay_on_occupied() {
    let mut s = pos([1, 1, 0, 4, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2], NO_BULLS, [14, 14], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 0, 1, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2], NO_BULLS, [14, 14], Some(NORTH), &ALL8);
}

// R16: A: B (1), C (3): relay D, E, F; F (1) with c empty opposite: end.
#[test]
fn r16_relay_on_occupied_2() {
    let mut s = pos([2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], Some(NORTH), &[0, 1, 3, 4, 5, 6, 7]);
}

// R17: South's capture takes North's last cows outside his bull f: after the decision the
// game ends. 21 + 3 against 19 + 5 (North's bull): a draw (R18).
#[test]
fn r17_game_end() {
    let bulls = [(13, NORTH)];
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 2, 0], &bulls, [18, 19], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 2, 0], &bulls, [18, 19], Some(SOUTH), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 5, 0, 0], &bulls, [21, 19], Some(NORTH), &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Draw, scores: [24, 24] }));
}

// R17: H -> a leaves South only his bull C: the game ends; 17 + 4 against 19 + 8.
#[test]
fn r17_game_end_2() {
    let bulls = [(2, SOUTH)];
    let mut s = pos([0, 0, 4, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1], &bulls, [17, 19], [false, false], SOUTH);
    play(&mut s, 7);
    check(&s, &[0, 0, 4, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1], &bulls, [17, 19], Some(NORTH), &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [21, 27] }));
}

// R18: South's bull a (in North's row) counts for South, North's bull B (in South's row)
// for North: H -> a ends the game; 18 + 7 against 16 + 5 + 2.
#[test]
fn r18_final_score() {
    let bulls = [(1, NORTH), (8, SOUTH)];
    let mut s = pos([0, 5, 0, 0, 0, 0, 0, 1, 6, 0, 2, 0, 0, 0, 0, 0], &bulls, [18, 16], [false, false], SOUTH);
    play(&mut s, 7);
    check(&s, &[0, 5, 0, 0, 0, 0, 0, 0, 7, 0, 2, 0, 0, 0, 0, 0], &bulls, [18, 16], Some(NORTH), &[]);
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Win(SOUTH));
    assert_eq!(o.scores, [25, 23]);
    assert_eq!(o.returns(), [1.0, -1.0]);
}

// R19: the capture decision is a ply: move + decision reach a two-ply cap.
#[test]
fn r19_ply_cap() {
    let g = g8_limits(2, 200);
    let mut s = pos_in(&g, [1, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 3, 1], NO_BULLS, [17, 17], [false, false], SOUTH);
    play(&mut s, 0);
    assert_eq!(s.legal_actions().as_slice(), &[TAKE, DECLINE]);
    play(&mut s, TAKE);
    check(&s, &[0, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1], NO_BULLS, [21, 17], Some(NORTH), &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R20: under a one-lap cap, A: B (1), C (3) would relay: capped, the board as after lap 1.
#[test]
fn r20_lap_cap() {
    let g = g8_limits(500, 1);
    let mut s = pos_in(&g, [2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], [false, false], SOUTH);
    play(&mut s, 0);
    // Who is to move once capped is not specified.
    check(&s, &[0, 1, 3, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], None, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Laps));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R20: the same two-lap move is played out under a two-lap cap.
#[test]
fn r20_lap_cap_2() {
    let g = g8_limits(500, 2);
    let mut s = pos_in(&g, [2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], [false, false], SOUTH);
    play(&mut s, 0);
    check(&s, &[0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1], NO_BULLS, [18, 18], Some(NORTH), &[0, 1, 3, 4, 5, 6, 7]);
}

/// 8 holes, fours, with rule 8's advance move.
fn g8_advance(limits: Limits) -> Enkeshui {
    let mut g = game(8, EnkeshuiStart::Fours, EmptyEnd::Left, limits);
    g.rules.advance_move = true;
    g
}

// R21 option advance_move: South lifts C (4) and H (4), puts his 8 seeds back left to right
// (4 in A, 1 in B, 3 in H); then North lifts c and d and puts them back as they were; then
// South sows first. Every choice is a ply; the lifted seeds are in the player's hand.
#[test]
fn r21_advance_move_option() {
    let g = g8_advance(Enkeshui::DEFAULT_LIMITS);
    let start = row_twice(&[0, 0, 4, 4, 4, 4, 4, 4]);
    let mut s = g.initial_state();
    assert!(s.in_advance_move());
    check(&s, &start, NO_BULLS, [0, 0], Some(SOUTH), &[2, 3, 4, 5, 6, 7]);
    play(&mut s, 2); // lift C
    let mut pits = start.clone();
    pits[2] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(SOUTH), &[3, 4, 5, 6, 7]);
    assert_eq!(s.snapshot().in_hand, [4, 0]);
    play(&mut s, 7); // lift H
    pits[7] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(SOUTH), &ALL8);
    assert_eq!(s.snapshot().in_hand, [8, 0]);
    for _ in 0..4 {
        play(&mut s, 0); // into A
    }
    check(&s, &[4, 0, 0, 4, 4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4], NO_BULLS, [0, 0], Some(SOUTH), &ALL8);
    play(&mut s, 1); // into B: A is no longer allowed
    check(&s, &[4, 1, 0, 4, 4, 4, 4, 0, 0, 0, 4, 4, 4, 4, 4, 4], NO_BULLS, [0, 0], Some(SOUTH), &[1, 2, 3, 4, 5, 6, 7]);
    play(&mut s, 7);
    play(&mut s, 7);
    assert_eq!(s.snapshot().in_hand, [1, 0]);
    check(&s, &[4, 1, 0, 4, 4, 4, 4, 2, 0, 0, 4, 4, 4, 4, 4, 4], NO_BULLS, [0, 0], Some(SOUTH), &[7]);
    play(&mut s, 7); // the hand is empty: North's advance move
    let south = [4, 1, 0, 4, 4, 4, 4, 3];
    let mut pits: Vec<u32> = south.iter().chain(&[0, 0, 4, 4, 4, 4, 4, 4]).copied().collect();
    check(&s, &pits, NO_BULLS, [0, 0], Some(NORTH), &[2, 3, 4, 5, 6, 7]);
    assert_eq!(s.snapshot().in_hand, [0, 0]);
    play(&mut s, 2); // lift c
    play(&mut s, 3); // lift d
    pits[10] = 0;
    pits[11] = 0;
    check(&s, &pits, NO_BULLS, [0, 0], Some(NORTH), &ALL8);
    assert_eq!(s.snapshot().in_hand, [0, 8]);
    for a in [2, 2, 2, 2, 3, 3, 3] {
        play(&mut s, a);
    }
    check(&s, &[4, 1, 0, 4, 4, 4, 4, 3, 0, 0, 4, 3, 4, 4, 4, 4], NO_BULLS, [0, 0], Some(NORTH), &[3, 4, 5, 6, 7]);
    play(&mut s, 3); // the advance moves are over: South sows first, anticlockwise only
    assert!(!s.in_advance_move());
    pits[10] = 4;
    pits[11] = 4;
    check(&s, &pits, NO_BULLS, [0, 0], Some(SOUTH), &[0, 1, 3, 4, 5, 6, 7]);
    assert_eq!(s.ply(), 20);
}

// R21 is off by default: the game starts with South's first sowing.
#[test]
fn r21_advance_move_option_2() {
    let s = g8().initial_state();
    assert!(!s.in_advance_move());
    assert_eq!(g8().encoding_len(), 7 * 8 + 5);
    assert_eq!(g8_advance(Enkeshui::DEFAULT_LIMITS).encoding_len(), 7 * 8 + 5 + 8 + 5);
}

// R19 during an advance move: the cap ends the game as capped, the seeds in hand counting
// for their holder. South lifts C and H and puts one seed in A: three plies.
#[test]
fn r21_advance_move_option_3() {
    let g = g8_advance(Limits { max_plies: 3, max_laps: 200 });
    let mut s = g.initial_state();
    for a in [2, 7, 0] {
        play(&mut s, a);
    }
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.scores, [24, 24]);
    assert_eq!(s.snapshot().in_hand, [7, 0]);
}
