//! One or more tests per rule of Bao la Kujifunza (`docs/rules/bao-kujifunza.md`, rules
//! BK1..BK9 and the rule options), each named after the rule it checks, and the document's
//! worked example. Bao la Kujifunza is Bao la Kiswahili's mtaji stage (`docs/rules/bao.md`)
//! from 2 seeds in every hole, without a house and (by default) without takasia, where
//! emptying one's own front row loses. Every expected position is worked out by hand from
//! the rule text.
//!
//! Positions are written as the documents draw them, as South sees the board, one array per
//! row: North's back row `b8..b1`, North's front row `a8..a1`, South's front row `A1..A8`,
//! South's back row `B1..B8` (`board` in `common/bao.rs`); `A`c faces `a`(9-c). Moves are in
//! bao.md's notation: the hole, then `>` (clockwise: along the front row from hole 1 to hole
//! 8, round into the back row from 8 to 1) or `<` (anticlockwise). Hands are always empty and
//! no house is owned. Every check compares all 32 holes, the hands, the houses, the takasia,
//! the player to move and the full list of legal actions (`check`), or the result of a
//! finished game (`check_over`). North's back-row seeds in the positions built for the rules
//! are there to make up the 64 seeds.

#[path = "../common/mod.rs"]
mod common;

use common::bao::*;
use mankala_engine::variants::bao::{Bao, BaoKind, BaoRules, BaoState};
use mankala_engine::{AnyGame, Cap, Game, GameResult, Player, State};

fn kujifunza() -> Bao {
    default_game(BaoKind::Kujifunza)
}

/// Bao la Kujifunza with a `[rules]` table in TOML.
fn k_rules(rules: &str) -> Bao {
    from_config(KUJIFUNZA, rules)
}

/// Bao la Kujifunza with `[rules]` and `[limits]` tables in TOML.
fn k_limits(rules: &str, limits: &str) -> Bao {
    from_tables(KUJIFUNZA, rules, limits)
}

/// A position of the default game: no hands, no houses.
fn kat(holes: Holes, to_move: Player) -> BaoState {
    pos(&kujifunza(), holes, [0, 0], [false, false], to_move)
}

const NO_HOUSES: [bool; 2] = [false, false];

mod bk01_to_bk08;
mod bk08_to_bk09;

#[allow(unused_imports)]
use bk01_to_bk08::*;
#[allow(unused_imports)]
use bk08_to_bk09::*;
