//! One or more tests per rule of `docs/rules/enkeshui.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! Most positions use 8 holes a row with the "fours" start (48 seeds): South A..H = 0..7,
//! North a..h = 8..15, the hole opposite i is 15-i. Actions: 0..8 anticlockwise, 8..16
//! clockwise (hole i-8), 16 capture, 17 decline. Stores are [south, north].

#[path = "../common/mod.rs"]
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
    Enkeshui {
        rules: EnkeshuiRules {
            holes,
            start,
            empty_end,
            ..EnkeshuiRules::default()
        },
        limits,
    }
}

/// 8 holes, fours: 48 seeds.
fn g8() -> Enkeshui {
    game(
        8,
        EnkeshuiStart::Fours,
        EmptyEnd::Left,
        Enkeshui::DEFAULT_LIMITS,
    )
}

fn g8_limits(max_plies: u32, max_laps: u32) -> Enkeshui {
    game(
        8,
        EnkeshuiStart::Fours,
        EmptyEnd::Left,
        Limits {
            max_plies,
            max_laps,
        },
    )
}

/// A position on `g`; `bulls` lists (hole, owner).
fn pos_in(
    g: &Enkeshui,
    pits: [u8; 16],
    bulls: &[(usize, Player)],
    stores: [u8; 2],
    gone_round: [bool; 2],
    to_move: Player,
) -> EnkeshuiState {
    let of = |p: Player| -> Vec<usize> { bulls.iter().filter(|b| b.1 == p).map(|b| b.0).collect() };
    let (south, north) = (of(SOUTH), of(NORTH));
    EnkeshuiState::from_parts(g, &pits, [&south, &north], stores, gone_round, to_move)
        .expect("valid position")
}

fn pos(
    pits: [u8; 16],
    bulls: &[(usize, Player)],
    stores: [u8; 2],
    gone_round: [bool; 2],
    to_move: Player,
) -> EnkeshuiState {
    pos_in(&g8(), pits, bulls, stores, gone_round, to_move)
}

/// Asserts the whole position: every hole, every bull and its owner, both stores, the player
/// to move (when given) and the legal actions (the game goes on when there are some).
#[track_caller]
fn check(
    s: &EnkeshuiState,
    pits: &[u32],
    bulls: &[(usize, Player)],
    stores: [u32; 2],
    to_move: Option<Player>,
    legal: &[Action],
) {
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

mod r01_to_r12;
mod r13_to_r21;

#[allow(unused_imports)]
use r01_to_r12::*;
#[allow(unused_imports)]
use r13_to_r21::*;
