//! [`LiveGame`]: the game in progress of a session, held as live positions. Every position
//! since the start is kept, so a request costs the same at ply 500 as at ply 1, and taking
//! moves back is exact.

use std::time::Instant;

use mankala_agents::{Budget, Prepared};
use mankala_engine::{Action, AnyGame, DynState, typed, with_game};
use rand::Rng;
use rand::rngs::SmallRng;

use crate::error::CommandError;
use crate::response::{GoAnswer, Legal, Position, SearchAnswer, Shown};

/// The game in progress: its rules, its agent and random stream, and every position from the
/// start with the moves between them.
#[derive(Debug)]
pub struct LiveGame {
    game: AnyGame,
    pub(crate) agent: Prepared,
    rng: SmallRng,
    /// The start position as text (set by `position`); the variant's start when `None`.
    start: Option<String>,
    /// The positions: the start, then the one after each move.
    line: Vec<Box<dyn DynState>>,
    /// The moves played, as actions and in notation.
    moves: Vec<Action>,
    names: Vec<String>,
}

/// Positions reached by moves, and the moves, before they are committed to the game.
type Played = (Vec<Box<dyn DynState>>, Vec<Action>, Vec<String>);

impl LiveGame {
    /// A game of `game` at its start, played by `agent` with random stream `rng`.
    pub(crate) fn new(game: AnyGame, agent: Prepared, rng: SmallRng) -> LiveGame {
        let start = game.initial_dyn();
        LiveGame {
            game,
            agent,
            rng,
            start: None,
            line: vec![start],
            moves: Vec::new(),
            names: Vec::new(),
        }
    }

    /// The variant with its rule options and caps.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The current position.
    pub fn state(&self) -> &dyn DynState {
        self.line.last().expect("a game has its start").as_ref()
    }

    /// The position before the last move, and that move; `None` at the start.
    pub fn before_last(&self) -> Option<(&dyn DynState, Action)> {
        let n = self.moves.len();
        (n > 0).then(|| (self.line[n - 1].as_ref(), self.moves[n - 1]))
    }

    /// The moves played since the start, as actions.
    pub fn moves(&self) -> &[Action] {
        &self.moves
    }

    /// `position`: starts again from `text` (the variant's start when `None`) and plays
    /// `texts`; on an error nothing changes.
    pub(crate) fn set_position(
        &mut self,
        text: Option<String>,
        texts: &[String],
    ) -> Result<(), CommandError> {
        let start = match &text {
            Some(t) => self.game.parse_dyn(t)?,
            None => self.game.initial_dyn(),
        };
        let (line, moves, names) = play_texts(start.as_ref(), texts)?;
        self.start = text;
        self.line = std::iter::once(start).chain(line).collect();
        self.moves = moves;
        self.names = names;
        Ok(())
    }

    /// `play`: the moves written `texts` after the current position; on an error nothing
    /// changes.
    pub(crate) fn play(&mut self, texts: &[String]) -> Result<(), CommandError> {
        let (line, moves, names) = play_texts(self.state(), texts)?;
        self.line.extend(line);
        self.moves.extend(moves);
        self.names.extend(names);
        Ok(())
    }

    /// `undo`: takes back `count` moves.
    pub(crate) fn undo(&mut self, count: u32) -> Result<(), CommandError> {
        let played = self.moves.len();
        match usize::try_from(count) {
            Ok(n) if n <= played => {
                self.line.truncate(played - n + 1);
                self.moves.truncate(played - n);
                self.names.truncate(played - n);
                Ok(())
            }
            _ => Err(CommandError::Undo { count, played }),
        }
    }

    /// The current position as response fields.
    pub(crate) fn position(&self) -> Position {
        with_game!(&self.game, g => {
            let start = match &self.start {
                Some(text) => text.clone(),
                None => self.line[0].position_text(),
            };
            Position::of(g, typed(g, self.state()), start, &self.moves, &self.names)
        })
    }

    /// `legal`: the legal moves of the current position.
    pub(crate) fn legal(&self) -> Legal {
        with_game!(&self.game, g => Legal::of(typed(g, self.state())))
    }

    /// `show`: the board as text, as `mankala show` draws it.
    pub(crate) fn show(&self) -> Shown {
        with_game!(&self.game, g => Shown::of(typed(g, self.state())))
    }

    /// `search`: the agent's analysis of the current position, and the move it would play.
    pub(crate) fn think(&mut self, budget: Budget) -> Result<(SearchAnswer, Action), CommandError> {
        let s = self.line.last().expect("a game has its start").as_ref();
        if let Some(o) = s.outcome() {
            return Err(CommandError::GameOver {
                result: o.result_name(),
                scores: o.scores,
            });
        }
        let (agent, rng) = (&self.agent, &mut self.rng);
        with_game!(&self.game, g => {
            let s = typed(g, s);
            let mut player = agent.build(g, rng.random());
            let start = Instant::now();
            let analysis = player.analyse(s, budget, rng);
            let elapsed = start.elapsed();
            if !s.legal_mask().contains(analysis.action) {
                return Err(CommandError::AgentIllegal(analysis.action));
            }
            Ok((SearchAnswer::of(s, &analysis, elapsed), analysis.action))
        })
    }

    /// `go`: the agent's move played, the new position with the analysis behind the move.
    pub(crate) fn go(&mut self, budget: Budget) -> Result<GoAnswer, CommandError> {
        let (search, action) = self.think(budget)?;
        let mut next = self.state().clone_box();
        self.names.push(next.action_to_string(action));
        next.play(action)?;
        self.line.push(next);
        self.moves.push(action);
        Ok(GoAnswer {
            position: self.position(),
            search,
        })
    }
}

/// The positions after each of the moves written `texts` from `from`, with the moves.
///
/// # Errors
/// Naming the first move that is malformed or illegal (its number, its text, the legal
/// moves).
fn play_texts(from: &dyn DynState, texts: &[String]) -> Result<Played, CommandError> {
    let mut s = from.clone_box();
    let (mut line, mut moves, mut names) = (Vec::new(), Vec::new(), Vec::new());
    for (i, text) in texts.iter().enumerate() {
        let a = s.parse_action(text).map_err(|source| CommandError::Move {
            index: i + 1,
            count: texts.len(),
            source,
        })?;
        names.push(s.action_to_string(a));
        s.play(a)?;
        moves.push(a);
        line.push(s.clone_box());
    }
    Ok((line, moves, names))
}
