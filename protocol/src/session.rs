//! [`Session`]: the game in progress and its agent; one request in, one answer out.

use std::panic::AssertUnwindSafe;
use std::path::Path;

use mankala_engine::AnyGame;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::Value;

use super::error::{CommandError, ProtocolError};
use super::request::{NewGame, Request, kind};
use super::response::{Answer, Bye, NewGameAnswer, Reply};
use super::setup::{Loader, Setup, load_boxed};
use crate::live::LiveGame;
use mankala_agents::Resources;

/// The seed of a game started without one.
pub const DEFAULT_SEED: u64 = 1;

/// A protocol session: the game in progress, if any, how config files are read, and what its
/// agents read (the zoo, and the tablebases read so far, kept for the session).
#[derive(Debug)]
pub struct Session {
    game: Option<LiveGame>,
    loader: Loader,
    resources: Resources,
}

impl Default for Session {
    /// A session without a game that reads config files with [`super::setup::load`].
    fn default() -> Session {
        Session::with_loader(load_boxed)
    }
}

impl Session {
    /// A session without a game that reads the config files of `new` with `loader`.
    pub fn with_loader(loader: Loader) -> Session {
        Session {
            game: None,
            loader,
            resources: Resources::default(),
        }
    }

    /// This session with its agents reading `resources` (by default: no zoo, whose default
    /// agent is then [`FALLBACK_AGENT`](mankala_agents::zoo::FALLBACK_AGENT)).
    pub fn with_resources(mut self, resources: Resources) -> Session {
        self.resources = resources;
        self
    }

    /// Answers one request. A request that fails changes nothing.
    ///
    /// # Errors
    /// [`ProtocolError::Command`]: the command's error, named after the command.
    pub fn handle(&mut self, request: Request) -> Result<Answer, ProtocolError> {
        let cmd = request.name();
        self.command(request)
            .map_err(|source| ProtocolError::Command {
                cmd,
                source: Box::new(source),
            })
    }

    /// Answers one request line of JSON; a blank line gets no answer.
    pub fn handle_line(&mut self, line: &str) -> Option<Reply> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(fields)) => {
                let id = fields.get("id").cloned().unwrap_or(Value::Null);
                let result = Request::from_object(&fields).and_then(|r| self.handle(r));
                Reply::new(id, &result)
            }
            Ok(other) => Reply::new(Value::Null, &Err(ProtocolError::NotAnObject(kind(&other)))),
            Err(e) => Reply::new(Value::Null, &Err(ProtocolError::NotJson(e))),
        })
    }

    /// Answers one raw input line: text that is not UTF-8 is an error too, and a panic
    /// inside the engine is answered with an error rather than ending the session.
    pub fn handle_bytes(&mut self, line: &[u8]) -> Option<Reply> {
        let Ok(text) = std::str::from_utf8(line) else {
            return Some(Reply::new(Value::Null, &Err(ProtocolError::NotUtf8)));
        };
        std::panic::catch_unwind(AssertUnwindSafe(|| self.handle_line(text)))
            .unwrap_or_else(|_| Some(Reply::new(Value::Null, &Err(ProtocolError::Internal))))
    }

    /// Runs a command.
    fn command(&mut self, request: Request) -> Result<Answer, CommandError> {
        match request {
            Request::New(new) => self.new_game(&new).map(Answer::NewGame),
            Request::Position { position, moves } => {
                let live = self.live()?;
                live.set_position(position, &moves)?;
                Ok(Answer::Position(live.position()))
            }
            Request::Play { moves } => {
                if moves.is_empty() {
                    return Err(CommandError::NoMoves);
                }
                let live = self.live()?;
                live.play(&moves)?;
                Ok(Answer::Position(live.position()))
            }
            Request::Undo { count } => {
                let live = self.live()?;
                live.undo(count)?;
                Ok(Answer::Position(live.position()))
            }
            Request::Search(limit) => {
                let budget = limit.budget()?;
                Ok(Answer::Search(self.live()?.think(budget)?.0))
            }
            Request::Go(limit) => {
                let budget = limit.budget()?;
                self.live()?.go(budget).map(Answer::Go)
            }
            Request::Legal => Ok(Answer::Legal(self.live()?.legal())),
            Request::Show => Ok(Answer::Show(self.live()?.show())),
            Request::Quit => Ok(Answer::Bye(Bye { bye: true })),
        }
    }

    /// The game in progress, if any: its rules and live positions.
    pub fn game(&self) -> Option<&LiveGame> {
        self.game.as_ref()
    }

    /// The game in progress, to change.
    fn live(&mut self) -> Result<&mut LiveGame, CommandError> {
        self.game.as_mut().ok_or(CommandError::NoGame)
    }

    /// `new`: a game from its start; on an error the game in progress is kept.
    fn new_game(&mut self, new: &NewGame) -> Result<NewGameAnswer, CommandError> {
        let setup = self.setup(new)?;
        let spec = new.agent.clone().unwrap_or_else(|| setup.default_agent());
        let agent = setup.prepare(spec)?;
        let seed = new.seed.unwrap_or(DEFAULT_SEED);
        let live = LiveGame::new(setup.game, agent, SmallRng::seed_from_u64(seed));
        let answer = NewGameAnswer {
            position: live.position(),
            agent: live.agent.spec.to_string(),
            seed,
            rules: serde_json::to_value(live.game().rules_table())?,
            limits: serde_json::to_value(live.game().limits_table())?,
        };
        self.game = Some(live);
        Ok(answer)
    }

    /// The game of a `new` request: a variant with rule options, or a config file whose
    /// rule options `rules` and `limits` override key by key.
    fn setup(&self, new: &NewGame) -> Result<Setup, CommandError> {
        let Some(path) = &new.config else {
            let name = new.variant.as_deref().ok_or(CommandError::NoVariant)?;
            let game = AnyGame::from_tables(name, &new.rules, &new.limits)?;
            let mut setup = Setup::for_game(game);
            setup.resources = self.resources.clone();
            return Ok(setup);
        };
        let mut setup = (self.loader)(Path::new(path)).map_err(CommandError::Config)?;
        setup.resources = self.resources.clone();
        let name = setup.game.name();
        if let Some(v) = &new.variant
            && v != name
        {
            return Err(CommandError::VariantMismatch {
                variant: v.clone(),
                path: path.clone(),
                config: name,
            });
        }
        if !new.rules.is_empty() || !new.limits.is_empty() {
            let mut rules = setup.game.rules_table();
            rules.extend(new.rules.clone());
            let mut limits = setup.game.limits_table();
            limits.extend(new.limits.clone());
            setup.game = AnyGame::from_tables(name, &rules, &limits)?;
        }
        Ok(setup)
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
