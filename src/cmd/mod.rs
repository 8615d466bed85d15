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
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use mankala_engine::notation::split_moves;
use mankala_engine::perft::perft as count;
use mankala_engine::position::{ReplayLine, ReplayMove};
use mankala_engine::{AnyGame, Game, State, VARIANTS, position_json, with_game};

use crate::args::{GameArgs, at_least_1};

/// `mankala show`.
#[derive(Debug, Args)]
pub struct ShowCommand {
    #[command(flatten)]
    game: GameArgs,
    /// Start from this position, written as text (docs/notation.md); its variant is used
    /// unless --variant or --config is given.
    #[arg(long, short)]
    position: Option<String>,
    /// Moves in notation or as action indices, separated by spaces or commas.
    #[arg(long, short, default_value = "")]
    moves: String,
    /// Print the position as one JSON object (docs/protocol.md) instead of the board.
    #[arg(long)]
    json: bool,
}

impl ShowCommand {
    /// Plays the moves and shows the position reached.
    ///
    /// # Errors
    /// When the game cannot be resolved, or a position text or a move is bad.
    pub fn run(self) -> Result<()> {
        let position = self.position.as_deref();
        show(
            &self.game.game_for(position)?,
            position,
            &self.moves,
            self.json,
        )
    }
}

/// `mankala perft`.
#[derive(Debug, Args)]
pub struct PerftCommand {
    #[command(flatten)]
    game: GameArgs,
    /// Count from this position, written as text, instead of the start.
    #[arg(long, short)]
    position: Option<String>,
    /// Deepest depth to count.
    #[arg(long, short)]
    depth: u32,
}

impl PerftCommand {
    /// Counts and prints a line per depth.
    ///
    /// # Errors
    /// When the depth is 0, the game cannot be resolved or the position text is bad.
    pub fn run(self) -> Result<()> {
        at_least_1("--depth", self.depth.into())?;
        let position = self.position.as_deref();
        perft(&self.game.game_for(position)?, position, self.depth)
    }
}

/// `mankala replay`.
#[derive(Debug, Args)]
pub struct ReplayCommand {
    #[command(flatten)]
    game: GameArgs,
    /// Start from this position, written as text, instead of the start.
    #[arg(long, short)]
    position: Option<String>,
    /// Moves in notation or as action indices, separated by spaces or commas.
    #[arg(long, short, required_unless_present_any = ["record", "position"])]
    moves: Option<String>,
    /// A saved game record file (`games.jsonl` of an arena or a loop run) instead.
    #[arg(long, conflicts_with_all = ["moves", "variant", "config", "position"])]
    record: Option<PathBuf>,
    /// The game of the record file to replay (its `index`).
    #[arg(long = "game", default_value_t = 0, requires = "record")]
    index: u64,
}

impl ReplayCommand {
    /// Prints every position of the game, one JSON object a line.
    ///
    /// # Errors
    /// When the record, the game, a position text or a move is bad.
    pub fn run(self) -> Result<()> {
        match &self.record {
            Some(path) => replay_record(path, self.index),
            None => {
                let position = self.position.as_deref();
                let moves = self.moves.as_deref().unwrap_or("");
                replay(&self.game.game_for(position)?, position, moves)
            }
        }
    }
}

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
            let line = ReplayLine {
                position: position_json(g, s),
                played: played.map(|(text, action)| ReplayMove {
                    text: text.to_string(),
                    action,
                }),
            };
            // Through a `Value`, whose keys are sorted, as replay has always printed them.
            let line = serde_json::to_value(&line)?;
            writeln!(out, "{line}").context("cannot write to stdout")?;
            Ok(())
        })?;
        Ok::<(), anyhow::Error>(())
    })?;
    out.flush().context("cannot write to stdout")?;
    Ok(())
}
