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

#[path = "../common/mod.rs"]
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

mod b01_to_b15;
mod b16_to_b24;
mod b25_to_example19;

#[allow(unused_imports)]
use b01_to_b15::*;
#[allow(unused_imports)]
use b16_to_b24::*;
#[allow(unused_imports)]
use b25_to_example19::*;
