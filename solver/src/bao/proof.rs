//! A proved win read back from the search as a strategy (one move for every position of the
//! winner's that the proof reaches), and written as a proof file that
//! [`check`](super::check()) verifies without the search.
//!
//! The file is text, one line per position, so that any program that plays Bao la Kujifunza
//! can check it:
//!
//! ```text
//! mankala-proof 1
//! variant bao-kujifunza
//! rules {"takasia":false,...}          the engine's rule options as JSON
//! limits max_plies=2000 max_laps=1000
//! start <position text>                 docs/notation.md
//! winner south
//! plies 29                              the search's bound on the longest line
//! positions 123456
//! <position text without ply>\t<move>   one per position of the winner's, sorted
//! ```

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::Path;

use mankala_engine::variants::{Bao, BaoState};
use mankala_engine::{Action, Game, Player, State};

use super::dfpn::{Dfpn, Verdict};
use super::key::Key;
use crate::error::ProofError;

/// The proof file's first line.
pub const MAGIC: &str = "mankala-proof 1";

/// A winning strategy: the winner's move in every position of his that it reaches.
#[derive(Clone, Debug)]
pub struct Strategy {
    /// The player who wins.
    pub winner: Player,
    /// The position it wins from.
    pub start: BaoState,
    /// The winner's positions and his move in each.
    pub moves: Vec<(BaoState, Action)>,
    /// The search's bound on the proof's longest line, in plies (the checker measures it).
    pub plies: u16,
}

impl Strategy {
    /// Reads the strategy of a win the search proved for its attacker from `start`, solving
    /// again any position whose result the table has dropped.
    ///
    /// # Errors
    /// [`ProofError::NotProved`] when the search cannot prove the win again.
    pub fn extract(dfpn: &mut Dfpn, start: &BaoState) -> Result<Strategy, ProofError> {
        let winner = dfpn.attacker();
        let mut seen: HashSet<Key> = HashSet::new();
        let mut todo = vec![start.clone()];
        let mut moves = Vec::new();
        seen.insert(Key::of(start));
        let plies = {
            let outcome = dfpn.solve(start, &mut |_| {});
            if outcome.verdict != Verdict::Proved {
                return Err(ProofError::NotProved {
                    position: start.position_text(),
                });
            }
            outcome.plies.unwrap_or(0)
        };
        while let Some(s) = todo.pop() {
            if s.is_terminal() {
                continue;
            }
            let next: Vec<BaoState> = if s.to_move() == winner {
                let (a, c) = winning_move(dfpn, &s)?;
                moves.push((s, a));
                vec![c]
            } else {
                defences(dfpn, &s)?
            };
            for c in next {
                if seen.insert(Key::of(&c)) {
                    todo.push(c);
                }
            }
        }
        moves.sort_by_cached_key(|(s, _)| board_text(s));
        Ok(Strategy {
            winner,
            start: start.clone(),
            moves,
            plies,
        })
    }

    /// Writes the proof file for `game` at `path`, atomically.
    ///
    /// # Errors
    /// [`ProofError::Write`] naming the file.
    pub fn save(&self, game: &Bao, path: &Path) -> Result<(), ProofError> {
        mankala_data::atomic::write_with(path, |f| {
            let mut w = io::BufWriter::new(f);
            self.write(game, &mut w)?;
            w.flush()
        })
        .map_err(|e| ProofError::Write {
            path: e.path,
            source: e.source,
        })
    }

    /// Writes the proof's text.
    ///
    /// # Errors
    /// What the writer returns.
    pub fn write(&self, game: &Bao, w: &mut dyn Write) -> io::Result<()> {
        writeln!(w, "{MAGIC}")?;
        writeln!(w, "variant {}", game.name())?;
        writeln!(w, "rules {}", rules_json(game))?;
        writeln!(w, "limits {}", limits_text(game))?;
        writeln!(w, "start {}", self.start.position_text())?;
        writeln!(w, "winner {}", self.winner.name())?;
        writeln!(w, "plies {}", self.plies)?;
        writeln!(w, "positions {}", self.moves.len())?;
        for (s, a) in &self.moves {
            writeln!(w, "{}\t{}", board_text(s), s.action_to_string(*a))?;
        }
        Ok(())
    }
}

/// The winner's move that the proof keeps in `s` (the shortest proved win), and the position
/// after it.
pub(crate) fn winning_move(
    dfpn: &mut Dfpn,
    s: &BaoState,
) -> Result<(Action, BaoState), ProofError> {
    for again in [false, true] {
        if again && dfpn.solve(s, &mut |_| {}).verdict != Verdict::Proved {
            break;
        }
        let best = dfpn
            .children(s)
            .into_iter()
            .filter(|(_, _, n)| n.lost())
            .min_by_key(|(_, _, n)| n.plies());
        if let Some((a, c, _)) = best {
            return Ok((a, c));
        }
    }
    Err(ProofError::NotProved {
        position: s.position_text(),
    })
}

/// Every position after a move of the defender in `s`, each proved won for the winner.
fn defences(dfpn: &mut Dfpn, s: &BaoState) -> Result<Vec<BaoState>, ProofError> {
    let mut out = Vec::new();
    for (_, c, n) in dfpn.children(s) {
        if !n.won() && dfpn.solve(&c, &mut |_| {}).verdict != Verdict::Proved {
            return Err(ProofError::NotProved {
                position: c.position_text(),
            });
        }
        out.push(c);
    }
    Ok(out)
}

/// A position's text without its ply count: the key of the proof's lines.
pub fn board_text(s: &BaoState) -> String {
    without_ply(&s.position_text()).to_string()
}

/// A position text without its trailing ` ply=N`.
pub fn without_ply(text: &str) -> &str {
    match text.rfind(" ply=") {
        Some(i) => &text[..i],
        None => text,
    }
}

/// The rule options as the proof's header writes them.
pub fn rules_json(game: &Bao) -> String {
    serde_json::to_string(&game.rules).expect("rules serialize")
}

/// The caps as the proof's header writes them.
pub fn limits_text(game: &Bao) -> String {
    format!(
        "max_plies={} max_laps={}",
        game.limits.max_plies, game.limits.max_laps
    )
}
