//! One or more tests per rule of `docs/rules/omweso.md`, each named after the rule. Every
//! expected position is worked out by hand from the rule text.
//!
//! A player's holes are written in track order: A..H = 0..7 (back row, from his left), then
//! J K M N P R S T = 8..15 (front row, from his right). Positions are sparse lists of
//! (hole, seeds): every hole not listed is empty, and every check compares all 32 holes.
//! `board` turns two sides into the snapshot order (South's front row from his left, T..J,
//! his back row A..H, then North's rows the same way). Actions 0..15 start a move from the
//! hole with that track index; `A>`, `B>`, `S>`, `T>` are 16..19.
//!
//! Opposite holes (R8): the mover's J faces the opponent's a, t; K: b, s; M: c, r; N: d, p;
//! P: e, n; R: f, m; S: g, k; T: h, j.

#[path = "../common/mod.rs"]
mod common;

use common::four_row::*;
use common::play;
use mankala_engine::variants::omweso::{Kind, PLACE, RELAY, SOW_ANTICLOCKWISE, SOW_CLOCKWISE, Setup, TAKE};
use mankala_engine::variants::{Omweso, OmwesoRules, OmwesoState};
use mankala_engine::{Action, Cap, Game, GameResult, Limits, Player, State};

fn omweso() -> Omweso {
    default_game(Kind::Omweso)
}

fn with_setup(setup: Setup) -> Omweso {
    game(Kind::Omweso, OmwesoRules { setup, ..OmwesoRules::default() }, Omweso::DEFAULT_LIMITS)
}

fn mandatory() -> Omweso {
    game(Kind::Omweso, OmwesoRules { mandatory_capture: true, ..OmwesoRules::default() }, Omweso::DEFAULT_LIMITS)
}

fn with_limits(max_plies: u32, max_laps: u32) -> Omweso {
    capped(Kind::Omweso, max_plies, max_laps)
}

fn pos(south: Side, north: Side, to_move: Player) -> OmwesoState {
    pos_in(&omweso(), south, north, to_move)
}

mod r01_to_r10;
mod r11_to_r16;

#[allow(unused_imports)]
use r01_to_r10::*;
#[allow(unused_imports)]
use r11_to_r16::*;
