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

#[path = "../common/mod.rs"]
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

mod bm01_to_bm12;
mod bm13_to_bm21;

#[allow(unused_imports)]
use bm01_to_bm12::*;
#[allow(unused_imports)]
use bm13_to_bm21::*;
