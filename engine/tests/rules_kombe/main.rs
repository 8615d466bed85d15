//! One or more tests per rule of Kombe (`docs/rules/kombe.md`, rules K1..K6), each named after
//! the rule. Kombe is Omweso (`docs/rules/omweso.md`) with the differences K1..K6 only. Every
//! expected position is worked out by hand from the rule text.
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.
//! `board` turns two sides into the snapshot order (South's front row from his left, T..J,
//! his back row A..H, then North's rows the same way). Actions 0..15 start a move from the
//! hole with that track index; `A>`, `B>`, `S>`, `T>` are 16..19; `relay>` is 40.
//!
//! Opposite holes: the mover's J faces the opponent's a, t; K: b, s; M: c, r; N: d, p;
//! P: e, n; R: f, m; S: g, k; T: h, j. Kombe captures only the front one of the two (K2).
//!
//! Clockwise order: T S R P N M K J, and from B: A T S ... J. A clockwise handful may not step
//! from J on to H (K3): it fits when it holds at most 8 seeds from A, 9 from B, and p - 8 from
//! a front hole p (S: 6, T: 7, R: 5, P: 4, N: 3, M: 2, K: 1, J: 0).

#[path = "../common/mod.rs"]
mod common;

use common::four_row::*;
use common::play;
use mankala_engine::variants::omweso::{Kind, RELAY, RELAY_REVERSE, SOW_ANTICLOCKWISE, SOW_CLOCKWISE, Setup, TAKE};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn kombe() -> Omweso {
    default_game(Kind::Kombe)
}

fn mandatory() -> Omweso {
    game(Kind::Kombe, OmwesoRules { mandatory_capture: true, ..OmwesoRules::of(Kind::Kombe) }, Omweso::DEFAULT_LIMITS)
}

fn with_limits(max_plies: u32, max_laps: u32) -> Omweso {
    capped(Kind::Kombe, max_plies, max_laps)
}

/// Kombe as built from a `[rules]` table in TOML (the way configs reach the engine).
fn kombe_from_config(rules: &str) -> Omweso {
    from_config("kombe", rules)
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&kombe(), south, north, to_move)
}

mod k01_to_k03;
mod k03_to_k06;

#[allow(unused_imports)]
use k01_to_k03::*;
#[allow(unused_imports)]
use k03_to_k06::*;
