//! The subcommands that read and show positions: `variants`, `show`, `perft`, `replay`.

pub mod arena;
pub mod bench;
pub mod engine;
pub mod export;
pub mod generations;
pub mod openings;
pub mod play;
pub mod selfplay;
pub mod solve;
pub mod tablebase;
pub mod train;

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, Result};
use mankala_engine::notation::split_moves;
use mankala_engine::perft::perft as count;
use mankala_engine::{AnyGame, Game, State, VARIANTS, with_game};
use serde_json::json;

/// `mankala replay --record FILE --game N`: a saved arena game, position by position.
///
/// # Errors
/// When the record cannot be read or its rules or moves do not fit its variant.
pub fn replay_record(path: &std::path::Path, index: u64) -> Result<()> {
    let saved = arena::load_game(path, index)?;
    let game = AnyGame::from_tables(&saved.variant, &saved.rules, &saved.limits)
        .with_context(|| format!("{} game {index}", path.display()))?;
    let moves: Vec<String> = saved.record.actions.iter().map(u16::to_string).collect();
    replay_from(&game, &moves.join(" "), "the record")
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

/// Plays `moves` from the start, calling `visit` on the start and after each move.
///
/// # Errors
/// Names the move (its number and text) that is malformed or illegal.
fn play_moves<G: Game>(
    g: &G,
    moves: &str,
    source: &str,
    mut visit: impl FnMut(&G::State, Option<(&str, u16)>) -> Result<()>,
) -> Result<G::State> {
    let mut s = g.initial_state();
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

/// `mankala show`.
pub fn show(game: &AnyGame, moves: &str) -> Result<()> {
    with_game!(game, g => {
        let s = play_moves(g, moves, "--moves", |_, _| Ok(()))?;
        print!("{s}");
        describe_turn(&s);
        Ok(())
    })
}

fn describe_turn<S: State>(s: &S) {
    match s.outcome() {
        Some(o) => println!(
            "game over after {} plies: {} (scores {} - {})",
            s.ply(),
            o.result_name(),
            o.scores[0],
            o.scores[1]
        ),
        None => {
            let legal: Vec<String> = s
                .legal_actions()
                .iter()
                .map(|&a| s.action_to_string(a))
                .collect();
            println!(
                "ply {}, {} to move; legal: {}",
                s.ply(),
                s.to_move(),
                legal.join(" ")
            );
        }
    }
}

/// `mankala perft`.
pub fn perft(game: &AnyGame, depth: u32) -> Result<()> {
    with_game!(game, g => {
        let start = g.initial_state();
        println!("{:>5}  {:>16}  {:>9}", "depth", "leaves", "seconds");
        for d in 1..=depth {
            let t = Instant::now();
            let n = count(&start, d);
            println!("{d:>5}  {n:>16}  {:>9.3}", t.elapsed().as_secs_f64());
        }
        Ok(())
    })
}

/// `mankala replay`: one JSON object per position.
pub fn replay(game: &AnyGame, moves: &str) -> Result<()> {
    replay_from(game, moves, "--moves")
}

/// `replay` of `moves` taken from `source`: every move is checked before anything is printed,
/// so a bad move leaves no partial output.
fn replay_from(game: &AnyGame, moves: &str, source: &str) -> Result<()> {
    with_game!(game, g => play_moves(g, moves, source, |_, _| Ok(())).map(|_| ()))?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    with_game!(game, g => {
        play_moves(g, moves, source, |s, played| {
            let snap = s.snapshot();
            let legal = s.legal_actions();
            let outcome = s.outcome().map(|o| json!({
                "result": o.result_name(),
                "scores": o.scores,
                "returns": o.returns(),
            }));
            let mut line = json!({
                "variant": g.name(),
                "ply": s.ply(),
                "move": played.map(|(text, a)| json!({"text": text, "action": a})),
                "to_move": if outcome.is_some() { None } else { Some(s.to_move().index()) },
                "pits": snap.pits,
                "stores": snap.stores,
                "in_hand": snap.in_hand,
                "legal": legal.iter().map(|&a| s.action_to_string(a)).collect::<Vec<_>>(),
                "legal_actions": legal.as_slice(),
                "terminal": outcome.is_some(),
                "outcome": outcome,
            });
            if let Some(owners) = snap.owners {
                line["owners"] = json!(owners);
            }
            writeln!(out, "{line}").context("cannot write to stdout")?;
            Ok(())
        })?;
        Ok::<(), anyhow::Error>(())
    })?;
    out.flush().context("cannot write to stdout")?;
    Ok(())
}
