//! Helpers shared by the four-row rule tests (`rules_omweso.rs`, `rules_coro.rs`,
//! `rules_kombe.rs`, `rules_mongale.rs`).
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.

use mankala_engine::variants::omweso::{Kind, REVERSE};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{Action, AnyGame, GameResult, Limits, Outcome, Player, State};

pub const SOUTH: Player = Player::South;
pub const NORTH: Player = Player::North;

// Track positions, also the anticlockwise start actions.
pub const A: Action = 0;
pub const B: Action = 1;
pub const C: Action = 2;
pub const D: Action = 3;
pub const E: Action = 4;
pub const F: Action = 5;
pub const G: Action = 6;
pub const H: Action = 7;
pub const J: Action = 8;
pub const K: Action = 9;
pub const M: Action = 10;
pub const N: Action = 11;
pub const P: Action = 12;
pub const R: Action = 13;
pub const S: Action = 14;
pub const T: Action = 15;

// Reverse (clockwise) starts.
pub const A_REV: Action = REVERSE;
pub const B_REV: Action = REVERSE + 1;
pub const S_REV: Action = REVERSE + 2;
pub const T_REV: Action = REVERSE + 3;

/// One player's 16 holes in track order.
pub type Side = [u8; 16];

/// A side from (hole, seeds) pairs; unlisted holes are empty.
pub fn side(holes: &[(Action, u8)]) -> Side {
    let mut out = [0; 16];
    for &(h, n) in holes {
        assert_eq!(out[h as usize], 0, "hole {h} listed twice");
        out[h as usize] = n;
    }
    out
}

/// The back row (A..H) with `n` in every hole, the front row empty.
pub fn back_row(n: u8) -> Side {
    let mut out = [0; 16];
    out[..8].fill(n);
    out
}

/// Actions `0..n`.
pub fn upto(n: Action) -> Vec<Action> {
    (0..n).collect()
}

/// Snapshot order: per player (South, then North) the front row from his left (T S R P N M
/// K J), then the back row from his left (A..H).
pub fn board(south: Side, north: Side) -> Vec<u32> {
    let mut out = Vec::with_capacity(32);
    for s in [south, north] {
        out.extend((J..=T).rev().map(|p| u32::from(s[p as usize])));
        out.extend((A..=H).map(|p| u32::from(s[p as usize])));
    }
    out
}

pub fn game(kind: Kind, rules: OmwesoRules, limits: Limits) -> Omweso {
    Omweso { kind, rules, limits }
}

/// `kind` with its default rules and caps.
pub fn default_game(kind: Kind) -> Omweso {
    game(kind, OmwesoRules::of(kind), Omweso::DEFAULT_LIMITS)
}

/// `kind` with its default rules and the given caps.
pub fn capped(kind: Kind, max_plies: u32, max_laps: u32) -> Omweso {
    game(kind, OmwesoRules::of(kind), Limits { max_plies, max_laps })
}

/// A four-row game as built from a `[rules]` table in TOML (the way configs reach the engine).
pub fn from_config(variant: &str, rules: &str) -> Omweso {
    match super::game(variant, rules) {
        AnyGame::Omweso(g) => g,
        _ => panic!("{variant} is a four-row game"),
    }
}

pub fn pos_in(g: &Omweso, south: Side, north: Side, to_move: Player) -> OmwesoState {
    OmwesoState::from_parts(g, south, north, to_move).expect("valid position")
}

/// Asserts the whole position: all 32 holes, the seeds in hand, the player to move (when
/// given) and the legal actions. The expected position itself must account for 64 seeds.
#[track_caller]
pub fn check_hand(s: &OmwesoState, south: Side, north: Side, in_hand: [u32; 2], to_move: Option<Player>, legal: &[Action]) {
    let on_board: u32 = south.iter().chain(&north).map(|&n| u32::from(n)).sum();
    assert_eq!(on_board + in_hand[0] + in_hand[1], 64, "expected position miscounted");
    assert_eq!(s.snapshot().in_hand, in_hand, "seeds in hand\n{s}");
    super::check_position(s, &board(south, north), [0, 0], to_move, legal);
}

/// Asserts the whole position between moves: nothing in hand, `to_move` to move.
#[track_caller]
pub fn check(s: &OmwesoState, south: Side, north: Side, to_move: Player, legal: &[Action]) {
    check_hand(s, south, north, [0, 0], Some(to_move), legal);
}

/// Asserts a finished game: the result, the final scores (seeds on each side) and that no
/// action is legal.
#[track_caller]
pub fn check_over(s: &OmwesoState, result: GameResult, scores: [u32; 2]) {
    assert_eq!(s.outcome(), Some(Outcome { result, scores }), "\n{s}");
    assert!(s.legal_actions().is_empty(), "\n{s}");
}
