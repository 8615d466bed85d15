//! One or more tests per rule of `docs/rules/lane.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Pits in absolute order: South A..F = 0..5, North a..f = 6..11; the pit opposite i is 11-i.
//! Stores are [south, north]. 72 counters in all.

mod common;

use common::play;
use mankala_engine::variants::lane::{LaneFeed, LaneSetup};
use mankala_engine::variants::{Lane, LaneRules, LaneState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Outcome, Player, State};

const SOUTH: Player = Player::South;
const NORTH: Player = Player::North;
const ALL: [Action; 6] = [0, 1, 2, 3, 4, 5];

fn game_with(setup: LaneSetup, limits: Limits) -> Lane {
    Lane { rules: LaneRules { setup, ..LaneRules::default() }, limits }
}

fn game() -> Lane {
    game_with(LaneSetup::Uniform, Lane::DEFAULT_LIMITS)
}

fn limits(max_plies: u32, max_laps: u32) -> Limits {
    Limits { max_plies, max_laps }
}

fn pos_in(g: &Lane, pits: [u8; 12], stores: [u8; 2], to_move: Player) -> LaneState {
    LaneState::from_parts(g, pits, stores, to_move).expect("valid position")
}

fn pos(pits: [u8; 12], stores: [u8; 2], to_move: Player) -> LaneState {
    pos_in(&game(), pits, stores, to_move)
}

/// Asserts the whole position: every pit, both stores, the player to move (when given),
/// whether he is feeding, and the legal actions (the game goes on when there are some).
#[track_caller]
fn check(s: &LaneState, pits: [u32; 12], stores: [u32; 2], to_move: Option<Player>, feeding: bool, legal: &[Action]) {
    assert_eq!(s.is_feeding(), feeding, "feeding\n{s}");
    common::check_position(s, &pits, stores, to_move, legal);
}

// R1
#[test]
fn r1_board_and_counters() {
    let g = game();
    assert_eq!(g.total_seeds(), 72);
    let s = g.initial_state();
    check(&s, [6; 12], [0, 0], Some(SOUTH), false, &ALL);
    assert_eq!(s.snapshot().total(), 72);
    assert!(LaneState::from_parts(&g, [6; 12], [0, 1], SOUTH).is_err(), "73 counters");
}

// R2: "uniform", the default.
#[test]
fn r2_setup_option() {
    assert_eq!(LaneRules::default().setup, LaneSetup::Uniform);
    let s = game().initial_state();
    check(&s, [6; 12], [0, 0], Some(SOUTH), false, &ALL);
}

// R2: "middle": 9 in each of B..E and b..e, the end pits empty.
#[test]
fn r2_setup_option_2() {
    let s = game_with(LaneSetup::Middle, Lane::DEFAULT_LIMITS).initial_state();
    check(&s, [0, 9, 9, 9, 9, 0, 0, 9, 9, 9, 9, 0], [0, 0], Some(SOUTH), false, &[1, 2, 3, 4]);
}

// R2: "left": 36 in A and in a. A's 36 go round three times and end in A (now 3): relay
// B, C, D; D = 4 captures D + c, then C (4) + d, B (4) + e; A (0) stops the chain.
#[test]
fn r2_setup_option_3() {
    let mut s = game_with(LaneSetup::Left, Lane::DEFAULT_LIMITS).initial_state();
    check(&s, [36, 0, 0, 0, 0, 0, 36, 0, 0, 0, 0, 0], [0, 0], Some(SOUTH), false, &[0]);
    play(&mut s, 0);
    check(&s, [0, 0, 0, 0, 3, 3, 39, 3, 0, 0, 0, 3], [21, 0], Some(NORTH), false, &[0, 1, 5]);
}

// R3: South is to move at the start of every setup.
#[test]
fn r3_south_moves_first() {
    for setup in [LaneSetup::Uniform, LaneSetup::Middle, LaneSetup::Left] {
        let s = game_with(setup, Lane::DEFAULT_LIMITS).initial_state();
        assert_eq!(s.to_move(), SOUTH, "{setup:?}");
        assert_eq!(s.ply(), 0);
    }
}

// R4: 12 counters from A: B..F, a..f, and the 12th back into A (empty, now 1: R5 ends).
#[test]
fn r4_sow_from_any_own_pit() {
    let mut s = pos([12, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2], [24, 24], SOUTH);
    play(&mut s, 0);
    check(&s, [1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3], [24, 24], Some(NORTH), false, &ALL);
}

// R5: C: D (2, passing), E (empty, now 1): the move ends.
#[test]
fn r5_stop_on_empty() {
    let mut s = pos([1, 0, 2, 1, 0, 1, 1, 1, 1, 1, 1, 1], [30, 31], SOUTH);
    play(&mut s, 2);
    check(&s, [1, 0, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1], [30, 31], Some(NORTH), false, &ALL);
}

// R5: also in the opponent's row.
#[test]
fn r5_stop_on_empty_2() {
    let mut s = pos([1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1], [32, 33], SOUTH);
    play(&mut s, 5); // F -> a
    check(&s, [1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], [32, 33], Some(NORTH), false, &ALL);
}

// R6: B: C, D, E; E = 2 in South's own row: E + b (3) borne off; D (1) stops the chain.
#[test]
fn r6_capture_two_or_four() {
    let mut s = pos([0, 3, 0, 0, 1, 5, 2, 3, 1, 1, 1, 1], [27, 27], SOUTH);
    play(&mut s, 1);
    check(&s, [0, 0, 1, 1, 0, 5, 2, 0, 1, 1, 1, 1], [32, 27], Some(NORTH), false, &[0, 2, 3, 4, 5]);
}

// R6: F -> a, a = 4: a + F (now empty) borne off.
#[test]
fn r6_capture_two_or_four_2() {
    let mut s = pos([2, 0, 0, 0, 0, 1, 3, 1, 0, 0, 0, 2], [31, 32], SOUTH);
    play(&mut s, 5);
    check(&s, [2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2], [35, 32], Some(NORTH), false, &[1, 5]);
}

// R7: F: a, b, c, d. d = 2: d + C; back: c = 4: c + D; b = 2: b + E; a = 3 stops.
#[test]
fn r7_capture_chain_backwards() {
    let mut s = pos([1, 0, 1, 2, 3, 4, 2, 1, 3, 1, 0, 0], [27, 27], SOUTH);
    play(&mut s, 5);
    check(&s, [1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0], [41, 27], Some(NORTH), false, &[0]);
}

// R7: D: E (2), F (2), a (2). a + F borne off; the walk reaches F, now empty, and stops,
// so E (2) and b stay.
#[test]
fn r7_capture_chain_backwards_2() {
    let mut s = pos([1, 0, 0, 3, 1, 1, 1, 3, 1, 1, 1, 1], [29, 29], SOUTH);
    play(&mut s, 3);
    check(&s, [1, 0, 0, 0, 2, 0, 0, 3, 1, 1, 1, 1], [33, 29], Some(NORTH), false, &[1, 2, 3, 4, 5]);
}

// R8: A: B, C; C = 3: relay D, E, F; F was empty: end.
#[test]
fn r8_relay_otherwise() {
    let mut s = pos([2, 0, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1], [31, 31], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], [31, 31], Some(NORTH), false, &ALL);
}

// R8: A -> B, B = 6 (even, not 2 or 4): relay C, D, E, F, a, b; b was empty: end.
#[test]
fn r8_relay_otherwise_2() {
    let mut s = pos([1, 5, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1], [30, 31], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 0, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1], [30, 31], Some(NORTH), false, &ALL);
}

// R9: North's c: d, e; e = 4: e + B borne off; the turn passes to South.
#[test]
fn r9_capture_ends_move() {
    let mut s = pos([1, 2, 0, 0, 0, 0, 0, 0, 2, 0, 3, 1], [31, 32], NORTH);
    play(&mut s, 2);
    check(&s, [1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1], [31, 38], Some(SOUTH), false, &[0]);
}

// R10: F -> a leaves a and b, both in North's row: they go to North; the board is empty
// and the game ends (R11).
#[test]
fn r10_last_two_counters() {
    let mut s = pos([0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0], [35, 35], SOUTH);
    play(&mut s, 5);
    check(&s, [0; 12], [35, 37], Some(NORTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [35, 37] }));
}

// R10: two counters in different rows stay; play goes on.
#[test]
fn r10_last_two_counters_2() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [35, 35], SOUTH);
    play(&mut s, 0); // A -> B
    check(&s, [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [35, 35], Some(NORTH), false, &[5]);
}

// R10: both in the mover's own row: they go to the mover. D -> E (2): E + b (3) borne off,
// D (now empty) stops the chain; A and B are left, both South's.
#[test]
fn r10_last_two_counters_3() {
    let mut s = pos([1, 1, 0, 1, 1, 0, 0, 3, 0, 0, 0, 0], [32, 33], SOUTH);
    play(&mut s, 3);
    check(&s, [0; 12], [39, 33], Some(NORTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [39, 33] }));
}

// R11: E -> F (2): F + a (2) borne off, the board is empty, the game ends.
#[test]
fn r11_empty_board_ends_game() {
    let mut s = pos([0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [34, 34], SOUTH);
    play(&mut s, 4);
    check(&s, [0; 12], [38, 34], Some(NORTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [38, 34] }));
}

// R12: South's capture empties North's row; South (3 counters) must feed: one counter from
// A to North's a; then North moves.
#[test]
fn r12_must_feed() {
    let mut s = pos([3, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0, 0], [32, 32], SOUTH);
    play(&mut s, 4); // E -> F (2): F + a (3)
    check(&s, [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [37, 32], Some(SOUTH), true, &[0]);
    play(&mut s, 0); // feed from A
    check(&s, [2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [37, 32], Some(NORTH), false, &[0]);
    assert_eq!(s.ply(), 2);
}

// R12: North empties South's row and feeds from the pit he chooses (c) into South's A.
#[test]
fn r12_must_feed_2() {
    let mut s = pos([1, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 1], [33, 34], NORTH);
    play(&mut s, 5); // f -> A (2): A + f (now empty)
    check(&s, [0, 0, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0], [33, 36], Some(NORTH), true, &[0, 2]);
    play(&mut s, 2); // feed from c
    check(&s, [1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0], [33, 36], Some(SOUTH), false, &[0]);
}

// R12, the default timing: North's last counter goes to South's A, leaving North's own row
// empty. South is to move and North's row is empty, so South's move is the feed (from B),
// and then North moves from the counter he was given.
#[test]
fn r12_must_feed_on_the_feeders_turn() {
    let mut s = pos([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [35, 34], NORTH);
    play(&mut s, 5); // f -> A
    check(&s, [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [35, 34], Some(SOUTH), true, &[0, 1]);
    play(&mut s, 1); // feed from B into a
    check(&s, [1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [35, 34], Some(NORTH), false, &[0]);
    assert_eq!(s.ply(), 2);
}

// R12, the default timing: a position set up with the opponent's row empty has the mover
// feeding; with a lone counter it cannot be set up (R13 has ended the game).
#[test]
fn r12_must_feed_on_the_feeders_turn_2() {
    let s = pos([0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], [35, 34], SOUTH);
    check(&s, [0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0], [35, 34], Some(SOUTH), true, &[2]);
    assert!(LaneState::from_parts(&game(), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [36, 35], SOUTH).is_err());
}

// R12, option `feed = "fed_to_move"`: after the same move South sows as usual (B: C, D) and
// feeds only when North, with his empty row, is due to move: an extra ply for South.
#[test]
fn r12_must_feed_fed_to_move_option() {
    let g = Lane { rules: LaneRules { feed: LaneFeed::FedToMove, ..LaneRules::default() }, limits: Lane::DEFAULT_LIMITS };
    let mut s = pos_in(&g, [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], [35, 34], NORTH);
    play(&mut s, 5); // f -> A
    check(&s, [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [35, 34], Some(SOUTH), false, &[0, 1]);
    play(&mut s, 1); // B: C, D (empty): the move ends, North's row is still empty
    check(&s, [1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], [35, 34], Some(SOUTH), true, &[0, 2, 3]);
    play(&mut s, 3); // feed from D into a
    check(&s, [1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0], [35, 34], Some(NORTH), false, &[0]);
    assert_eq!(s.ply(), 3);
}

// R13: South's capture empties North's row and leaves South one counter: no feed, the game
// ends and the counter goes to South.
#[test]
fn r13_no_feed_ends_game() {
    let mut s = pos([1, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [34, 33], SOUTH);
    play(&mut s, 4); // E -> F (2): F + a (2)
    check(&s, [0; 12], [39, 33], Some(NORTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [39, 33] }));
}

// R13 with the default timing: North's f -> A (2) takes A and leaves his own row empty and
// South one counter (C). South cannot feed with a lone counter: the game ends at once and C
// goes to South.
#[test]
fn r13_no_feed_ends_game_2() {
    let mut s = pos([1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [34, 35], NORTH);
    play(&mut s, 5);
    check(&s, [0; 12], [35, 37], Some(SOUTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(NORTH), scores: [35, 37] }));
}

// R14: the score is the store; equal stores draw.
#[test]
fn r14_one_round_scoring() {
    let mut s = pos([0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [32, 36], SOUTH);
    play(&mut s, 4);
    check(&s, [0; 12], [36, 36], Some(NORTH), false, &[]);
    let o = s.outcome().expect("over");
    assert_eq!(o.result, GameResult::Draw);
    assert_eq!(o.scores, [36, 36]);
    assert_eq!(o.returns(), [0.0, 0.0]);
}

fn match_game(match_to: u16, limits: Limits) -> Lane {
    Lane { rules: LaneRules { match_to, ..LaneRules::default() }, limits }
}

// R14 option match_to (rule 10): E -> F (2) takes F + a and empties the board: the round ends
// 38-34, South scores the difference, 4 points, short of 60. A new round starts from the
// set-up with North to move (the players take turns to start); the ply count goes on.
#[test]
fn r14_match_to_sixty_option() {
    let g = match_game(60, Lane::DEFAULT_LIMITS);
    let mut s = pos_in(&g, [0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [34, 34], SOUTH);
    play(&mut s, 4);
    check(&s, [6; 12], [0, 0], Some(NORTH), false, &ALL);
    assert_eq!((s.match_points(SOUTH), s.match_points(NORTH)), (4, 0));
    assert_eq!(s.round(), 1);
    assert_eq!(s.ply(), 1);
    assert_eq!(g.encoding_len(), 12 + 3 + 2);
    let mut x = vec![0.0; g.encoding_len()];
    s.encode(&mut x);
    assert_eq!(&x[15..], &[0.0, 4.0 / 60.0], "mover's points, then the opponent's");
}

// R14 option match_to: a round won 36-36 scores nothing; the next round starts.
#[test]
fn r14_match_to_sixty_option_2() {
    let g = match_game(60, Lane::DEFAULT_LIMITS);
    let mut s = pos_in(&g, [0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [32, 36], SOUTH);
    play(&mut s, 4);
    check(&s, [6; 12], [0, 0], Some(NORTH), false, &ALL);
    assert_eq!((s.match_points(SOUTH), s.match_points(NORTH)), (0, 0));
}

// R14 option match_to: the match ends when a player's points reach the target; the outcome
// is scored in match points.
#[test]
fn r14_match_to_sixty_option_3() {
    let g = match_game(4, Lane::DEFAULT_LIMITS);
    let mut s = pos_in(&g, [0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [34, 34], SOUTH);
    play(&mut s, 4);
    check(&s, [0; 12], [38, 34], Some(NORTH), false, &[]);
    assert_eq!(s.outcome(), Some(Outcome { result: GameResult::Win(SOUTH), scores: [4, 0] }));
}

// R14 option match_to: `match_to` is checked.
#[test]
fn r14_match_to_sixty_option_4() {
    let ok = |r: &str| {
        let rules: toml::Table = toml::from_str(r).unwrap();
        mankala_engine::AnyGame::from_tables("lane", &rules, &toml::Table::new()).is_ok()
    };
    assert!(ok("match_to = 60"));
    assert!(ok("match_to = 0"));
    assert!(!ok("match_to = 10001"));
    assert!(!ok("match_to = -1"));
}

// R15 in a match: the cap counts the plies of the whole match, across rounds.
#[test]
fn r15_ply_cap_2() {
    let g = match_game(60, limits(2, 200));
    let mut s = pos_in(&g, [0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0], [34, 34], SOUTH);
    play(&mut s, 4); // round 1 ends
    play(&mut s, 0); // North's first move of round 2
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.scores, [4, 0]);
}

// R15: the feed is a ply: move + feed reach a two-ply cap.
#[test]
fn r15_ply_cap() {
    let g = game_with(LaneSetup::Uniform, limits(2, 200));
    let mut s = pos_in(&g, [3, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0, 0], [32, 32], SOUTH);
    play(&mut s, 4);
    check(&s, [3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [37, 32], Some(SOUTH), true, &[0]);
    play(&mut s, 0);
    check(&s, [2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [37, 32], Some(NORTH), false, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Plies));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R16: with a one-lap cap, A: B, C (3) would relay: capped, the board as after lap 1.
#[test]
fn r16_lap_cap() {
    let g = game_with(LaneSetup::Uniform, limits(500, 1));
    let mut s = pos_in(&g, [2, 0, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1], [31, 31], SOUTH);
    play(&mut s, 0);
    // Who is to move once capped is not specified.
    check(&s, [0, 1, 3, 0, 0, 0, 1, 1, 1, 1, 1, 1], [31, 31], None, false, &[]);
    let o = s.outcome().expect("capped");
    assert_eq!(o.result, GameResult::Capped(Cap::Laps));
    assert_eq!(o.returns(), [0.0, 0.0]);
}

// R16: the same two-lap move is played out under a two-lap cap.
#[test]
fn r16_lap_cap_2() {
    let g = game_with(LaneSetup::Uniform, limits(500, 2));
    let mut s = pos_in(&g, [2, 0, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1], [31, 31], SOUTH);
    play(&mut s, 0);
    check(&s, [0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1], [31, 31], Some(NORTH), false, &ALL);
}
