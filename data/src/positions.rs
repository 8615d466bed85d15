//! Position files: one position a line in the engine's text (as `mankala show` prints it and
//! game records store their starts), blank lines and lines starting with `#` skipped. Every
//! position must be of the game read for and still in play. The one reader of the format:
//! `mankala arena --openings` and `mankala judge --positions` both read through it.

use std::path::{Path, PathBuf};

use mankala_engine::{Game, PositionError, State};
use thiserror::Error;

/// A position file that cannot be used, naming the file and the line.
#[derive(Debug, Error)]
pub enum PositionsError {
    /// The file cannot be read.
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line is not a position of the game.
    #[error("{}: line {line}: {source}", path.display())]
    Position {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        source: PositionError,
    },
    /// A line's game is already over: no move can be played from it.
    #[error("{}: line {line}: the game is over there (expected a position in play)", path.display())]
    Over {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
    },
    /// The file holds no position.
    #[error("{}: no position in the file (one position a line; `#` starts a comment)", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
}

/// Reads the positions of `game` in the file at `path`, in file order.
///
/// # Errors
/// [`PositionsError`]: the file cannot be read, a line is not a position of the game or is
/// a finished game, or the file holds no position.
pub fn read_positions<G: Game>(game: &G, path: &Path) -> Result<Vec<G::State>, PositionsError> {
    let text = std::fs::read_to_string(path).map_err(|source| PositionsError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_positions(game, &text, path)
}

/// [`read_positions`] on the text of the file at `path`.
///
/// # Errors
/// As [`read_positions`], but for reading.
pub fn parse_positions<G: Game>(
    game: &G,
    text: &str,
    path: &Path,
) -> Result<Vec<G::State>, PositionsError> {
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_text = line.trim();
        if line_text.is_empty() || line_text.starts_with('#') {
            continue;
        }
        let s = game
            .parse_position(line_text)
            .map_err(|source| PositionsError::Position {
                path: path.to_path_buf(),
                line: i + 1,
                source,
            })?;
        if s.is_terminal() {
            return Err(PositionsError::Over {
                path: path.to_path_buf(),
                line: i + 1,
            });
        }
        positions.push(s);
    }
    if positions.is_empty() {
        return Err(PositionsError::Empty {
            path: path.to_path_buf(),
        });
    }
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::Kalah;

    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped_and_bad_lines_are_named() {
        let g = Kalah::default();
        let path = Path::new("starts.txt");
        let start = g.initial_state().position_text();
        let text = format!("# openings\n\n{start}\n  # indented comment\n{start}\n");
        let got = parse_positions(&g, &text, path).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].position_text(), start);

        let e = parse_positions(&g, &format!("{start}\nkalah 1,2,3 south\n"), path)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("starts.txt: line 2: "), "{e}");

        // A finished game: every seed in the stores.
        let over = "kalah 0,0,0,0,0,0/0,0,0,0,0,0 south stores=20,28 ply=40";
        let e = parse_positions(&g, &format!("# c\n{over}\n"), path)
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 2") && e.contains("game is over"), "{e}");

        let e = parse_positions(&g, "# nothing\n\n", path)
            .unwrap_err()
            .to_string();
        assert!(e.contains("no position"), "{e}");
        let e = read_positions(&g, Path::new("/no/such/starts.txt"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("/no/such/starts.txt: cannot read"), "{e}");
    }
}
