//! The subcommands that read and show positions: `variants`, `show`, `perft`, `replay`.

pub mod arena;
pub mod bench;
pub mod devices;
pub mod engine;
pub mod export;
pub mod generations;
pub mod judge;
pub mod label;
pub mod openings;
pub mod play;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod solve_bao;
pub mod tablebase;
pub mod train;
pub mod worker;

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use mankala_engine::notation::split_moves;
use mankala_engine::perft::perft as count;
use mankala_engine::{AnyGame, Game, State, VARIANTS, position_json, with_game};
use serde_json::json;

/// `mankala replay --record FILE --game N`: a saved arena game, position by position.
///
/// # Errors
/// When the record cannot be read or its rules or moves do not fit its variant.
pub fn replay_record(path: &std::path::Path, index: u64) -> Result<()> {
    let saved = mankala_data::record::load_game(path, index)?;
    let game = AnyGame::from_tables(&saved.variant, &saved.rules, &saved.limits)
        .with_context(|| format!("{} game {index}", path.display()))?;
    let moves: Vec<String> = saved.record.actions.iter().map(u16::to_string).collect();
    replay_from(
        &game,
        saved.record.start.as_deref(),
        &moves.join(" "),
        "the record",
    )
    .with_context(|| format!("{} game {index}", path.display()))
}

/// `mankala variants`.
pub fn variants() -> Result<()> {
    let width = VARIANTS.iter().map(|v| v.name.len()).max().unwrap_or(0);
    for v in VARIANTS {
        println!("{:width$}  {}", v.name, v.description);
        println!("{:width$}  source: {}", "", v.source);
    }
    Ok(())
}

/// The position a command starts from: `position` read as text (`--position`), or the
/// variant's start.
///
/// # Errors
/// When the text is not a position of the game, naming its field.
fn start_state<G: Game>(g: &G, position: Option<&str>) -> Result<G::State> {
    match position {
        Some(text) => g
            .parse_position(text)
            .map_err(|e| anyhow::anyhow!("--position: {e}")),
        None => Ok(g.initial_state()),
    }
}

/// Plays `moves` from `position` (the start when `None`), calling `visit` on the first
/// position and after each move.
///
/// # Errors
/// Names the field of a bad position text, or the move (its number and text) that is
/// malformed or illegal.
fn play_moves<G: Game>(
    g: &G,
    position: Option<&str>,
    moves: &str,
    source: &str,
    mut visit: impl FnMut(&G::State, Option<(&str, u16)>) -> Result<()>,
) -> Result<G::State> {
    let mut s = start_state(g, position)?;
    visit(&s, None)?;
    for (i, text) in split_moves(moves).enumerate() {
        let a = s
            .parse_action(text)
            .with_context(|| format!("move {} of {source}", i + 1))?;
        s.play_unchecked(a);
        visit(&s, Some((text, a)))?;
    }
    Ok(s)
}

/// `mankala show`: the board, whose turn, and the position as text; or, with `json`, the
/// position object of `docs/protocol.md`.
pub fn show(game: &AnyGame, position: Option<&str>, moves: &str, json: bool) -> Result<()> {
    with_game!(game, g => {
        let s = play_moves(g, position, moves, "--moves", |_, _| Ok(()))?;
        if json {
            println!("{}", serde_json::to_string(&position_json(g, &s))?);
        } else {
            print!("{s}");
            println!("{}", mankala_protocol::status(&s));
            println!("position: {}", s.position_text());
        }
        Ok(())
    })
}

/// `mankala perft`, from the start or from `position`.
pub fn perft(game: &AnyGame, position: Option<&str>, depth: u32) -> Result<()> {
    with_game!(game, g => {
        let start = start_state(g, position)?;
        println!("{:>5}  {:>16}  {:>9}", "depth", "leaves", "seconds");
        for d in 1..=depth {
            let t = Instant::now();
            let n = count(&start, d);
            println!("{d:>5}  {n:>16}  {:>9.3}", t.elapsed().as_secs_f64());
        }
        Ok(())
    })
}

/// `mankala replay`: one JSON object per position, from the start or from `position`.
pub fn replay(game: &AnyGame, position: Option<&str>, moves: &str) -> Result<()> {
    replay_from(game, position, moves, "--moves")
}

/// `replay` of `moves` taken from `source`: every move is checked before anything is printed,
/// so a bad move leaves no partial output. Each line is the position object of
/// `docs/protocol.md` with the move that led to it.
fn replay_from(game: &AnyGame, position: Option<&str>, moves: &str, source: &str) -> Result<()> {
    with_game!(game, g => play_moves(g, position, moves, source, |_, _| Ok(())).map(|_| ()))?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    with_game!(game, g => {
        play_moves(g, position, moves, source, |s, played| {
            let mut line = serde_json::to_value(position_json(g, s))?;
            line["move"] = json!(played.map(|(text, a)| json!({"text": text, "action": a})));
            writeln!(out, "{line}").context("cannot write to stdout")?;
            Ok(())
        })?;
        Ok::<(), anyhow::Error>(())
    })?;
    out.flush().context("cannot write to stdout")?;
    Ok(())
}
