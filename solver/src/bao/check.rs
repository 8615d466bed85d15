//! The proof checker: plain minimax over the engine's own positions and moves, sharing
//! nothing with the search but the file's layout ([`super::proof`]).
//!
//! From the proof's start position it plays the winner's listed move wherever the winner is
//! to move, and every legal move of the other player wherever he is; every line must end in
//! a win for the winner within the engine's ply cap, without meeting a position of its own
//! line again. A position already verified is remembered with the length of its longest line,
//! and accepted again only where that line still fits under the cap.

use std::collections::{HashMap, HashSet};
use std::io::BufRead;

use mankala_engine::variants::{Bao, BaoState};
use mankala_engine::{Action, Game, GameResult, Player, State};

use super::proof::{MAGIC, limits_text, rules_json, without_ply};
use crate::error::ProofError;

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The start position's text.
    pub start: String,
    /// Who wins.
    pub winner: Player,
    /// Distinct positions verified (both players').
    pub positions: usize,
    /// Lines of the file whose position the check never reached.
    pub unused: usize,
    /// The longest line, in plies.
    pub plies: u32,
}

/// Checks the proof read from `input` (named `source` in errors) for `game`.
///
/// # Errors
/// [`ProofError`] naming the line of the file, or the line of moves from the start, where
/// the proof fails.
pub fn check(game: &Bao, source: &str, input: impl BufRead) -> Result<Checked, ProofError> {
    let (start, winner, strategy) = read(game, source, input)?;
    let mut checker = Checker {
        winner,
        cap: game.limits.max_plies,
        strategy: &strategy,
        verified: HashMap::new(),
        on_line: HashSet::new(),
        moves: Vec::new(),
        used: HashSet::new(),
    };
    let plies = checker.wins(&start)?;
    Ok(Checked {
        start: start.position_text(),
        winner,
        positions: checker.verified.len(),
        unused: strategy.len() - checker.used.len(),
        plies,
    })
}

/// The winner's moves by position text (without the ply).
type Moves = HashMap<String, Action>;

/// Reads the header and the moves, checking each line against the engine.
fn read(
    game: &Bao,
    source: &str,
    input: impl BufRead,
) -> Result<(BaoState, Player, Moves), ProofError> {
    let bad = |line: usize, what: String| ProofError::Format {
        file: source.to_string(),
        line,
        what,
    };
    let mut lines = input.lines().enumerate().map(|(i, l)| (i + 1, l));
    let mut header = |key: &str| -> Result<(usize, String), ProofError> {
        let (n, line) = lines
            .next()
            .ok_or_else(|| bad(0, format!("the file ends before its `{key}` line")))?;
        let line = line.map_err(|e| bad(n, e.to_string()))?;
        if key == MAGIC {
            return if line == MAGIC {
                Ok((n, String::new()))
            } else {
                Err(bad(n, format!("expected `{MAGIC}`, found {line:?}")))
            };
        }
        match line.strip_prefix(key).and_then(|r| r.strip_prefix(' ')) {
            Some(rest) => Ok((n, rest.to_string())),
            None => Err(bad(n, format!("expected `{key} ...`, found {line:?}"))),
        }
    };
    header(MAGIC)?;
    let expect = |(n, found): (usize, String), key: &str, want: String| {
        if found == want {
            Ok(())
        } else {
            Err(bad(
                n,
                format!("the proof's {key} are {found:?}; this game's are {want:?}"),
            ))
        }
    };
    let variant = header("variant")?;
    if variant.1 != game.name() {
        return Err(bad(
            variant.0,
            format!("a proof for {}, not {}", variant.1, game.name()),
        ));
    }
    expect(header("rules")?, "rules", rules_json(game))?;
    expect(header("limits")?, "limits", limits_text(game))?;
    let (n, text) = header("start")?;
    let start = game
        .parse_position(&text)
        .map_err(|e| bad(n, format!("start position: {e}")))?;
    let (n, text) = header("winner")?;
    let winner = match text.as_str() {
        "south" => Player::South,
        "north" => Player::North,
        _ => return Err(bad(n, format!("winner {text:?}: expected south or north"))),
    };
    header("plies")?;
    let (n, text) = header("positions")?;
    let count: usize = text
        .parse()
        .map_err(|_| bad(n, format!("positions {text:?}: expected a count")))?;
    let mut strategy = Moves::with_capacity(count);
    for (n, line) in lines {
        let line = line.map_err(|e| bad(n, e.to_string()))?;
        let (position, mv) = line
            .split_once('\t')
            .ok_or_else(|| bad(n, "expected a position, a tab and a move".to_string()))?;
        let s = game
            .parse_position(position)
            .map_err(|e| bad(n, e.to_string()))?;
        if s.to_move() != winner {
            return Err(bad(n, format!("a position with {} to move", s.to_move())));
        }
        let a = s
            .parse_action(mv)
            .map_err(|e| bad(n, format!("move {mv:?}: {e}")))?;
        if !s.legal_mask().contains(a) {
            return Err(bad(n, format!("move {mv:?} is not legal here")));
        }
        let key = without_ply(&s.position_text()).to_string();
        if strategy.insert(key, a).is_some() {
            return Err(bad(n, "the position is listed twice".to_string()));
        }
    }
    if strategy.len() != count {
        return Err(bad(
            0,
            format!(
                "{} positions listed, the header says {count}",
                strategy.len()
            ),
        ));
    }
    Ok((start, winner, strategy))
}

/// The verification's state.
struct Checker<'a> {
    winner: Player,
    cap: u32,
    strategy: &'a Moves,
    /// Verified positions and the length of their longest line.
    verified: HashMap<String, u32>,
    /// Positions of the current line.
    on_line: HashSet<String>,
    /// Moves of the current line, for errors.
    moves: Vec<String>,
    /// Positions of the file that were played from.
    used: HashSet<String>,
}

impl Checker<'_> {
    /// The length of the longest line from `s` under the strategy, if every line ends in a
    /// win for the winner.
    fn wins(&mut self, s: &BaoState) -> Result<u32, ProofError> {
        if let Some(outcome) = s.outcome() {
            return match outcome.result {
                GameResult::Win(p) if p == self.winner => Ok(0),
                _ => Err(self.fail(s, "the game ends without a win for the winner")),
            };
        }
        let key = without_ply(&s.position_text()).to_string();
        if let Some(&plies) = self.verified.get(&key)
            && s.ply() + plies <= self.cap
        {
            return Ok(plies);
        }
        if !self.on_line.insert(key.clone()) {
            return Err(self.fail(s, "the line comes back to a position of its own"));
        }
        let longest = if s.to_move() == self.winner {
            let Some(&a) = self.strategy.get(&key) else {
                return Err(self.fail(s, "the proof has no move for the winner here"));
            };
            self.used.insert(key.clone());
            self.after(s, a)?
        } else {
            let mut longest = 0;
            for a in s.legal_mask().iter() {
                longest = longest.max(self.after(s, a)?);
            }
            longest
        };
        self.on_line.remove(&key);
        self.verified.insert(key, longest);
        Ok(longest)
    }

    /// One more than the longest line after `a`.
    fn after(&mut self, s: &BaoState, a: Action) -> Result<u32, ProofError> {
        let mut c = s.clone();
        c.play_unchecked(a);
        self.moves.push(s.action_to_string(a));
        let plies = self.wins(&c)?;
        self.moves.pop();
        Ok(plies + 1)
    }

    fn fail(&self, s: &BaoState, what: &str) -> ProofError {
        ProofError::Refuted {
            what: what.to_string(),
            moves: self.moves.join(" "),
            position: s.position_text(),
        }
    }
}
