//! The game of a `new` request that names a config file: a [`Loader`] turns the file into a
//! [`Setup`]. [`load`] reads it as every front does (`mankala_config`); a front that must
//! not read files (the browser board) gives its own to [`Session::with_loader`].
//!
//! [`Session::with_loader`]: super::Session::with_loader

use std::path::Path;

use mankala_agents::{AgentError, AgentSpec, Prepared, Resources};
use mankala_config::{LoadError, Resolved, SearchConfig};
use mankala_engine::AnyGame;

/// Any error, as a [`Loader`] returns it: its causes are kept for the response's message.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Reads a config file into the game and search settings of a session.
pub type Loader = fn(&Path) -> Result<Setup, BoxError>;

/// What a session takes from a config file.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The variant with its rule options and caps.
    pub game: AnyGame,
    /// `[search]`: the search settings of network agents.
    pub search: SearchConfig,
    /// What its agents read: the zoo, and the tablebases read so far.
    pub resources: Resources,
}

impl From<Resolved> for Setup {
    fn from(cfg: Resolved) -> Setup {
        Setup {
            game: cfg.game,
            search: cfg.search,
            resources: Resources::default(),
        }
    }
}

impl Setup {
    /// A variant with default search settings.
    pub fn for_game(game: AnyGame) -> Setup {
        Setup {
            game,
            search: SearchConfig::default(),
            resources: Resources::default(),
        }
    }

    /// The agent of `spec` ready to play this game: its network, if any, loaded and checked
    /// against the variant, its rules and the encoding.
    ///
    /// # Errors
    /// [`AgentError`] when the spec is malformed or its model does not fit.
    pub fn prepare(&self, spec: AgentSpec) -> Result<Prepared, AgentError> {
        Prepared::new(spec, &self.search, &self.game, &self.resources)
    }

    /// The agent of a game started without one: the zoo's network where the zoo holds one
    /// for this variant and these rules, else [`FALLBACK_AGENT`](mankala_agents::zoo::FALLBACK_AGENT).
    pub fn default_agent(&self) -> AgentSpec {
        self.resources.zoo.default_agent(&self.game)
    }
}

/// Reads a variant config file (`configs/<variant>.toml`) with every table checked: the
/// game and `[search]`.
///
/// # Errors
/// [`LoadError`] naming the file: it cannot be read, is not TOML, has an unknown key or a
/// value out of range.
pub fn load(path: &Path) -> Result<Setup, LoadError> {
    mankala_config::load(path).map(Setup::from)
}

/// [`load`] as a [`Loader`].
pub(super) fn load_boxed(path: &Path) -> Result<Setup, BoxError> {
    load(path).map_err(BoxError::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_file_gives_its_game_and_search() {
        let setup = Setup::from(
            mankala_config::parse(
                "variant = \"kalah\"\n[rules]\nseeds_per_hole = 3\n[search]\nsimulations = 7\n\
                 [train]\nsteps = 1\n",
            )
            .unwrap(),
        );
        assert_eq!(setup.game.name(), "kalah");
        assert_eq!(
            setup.game.rules_table()["seeds_per_hole"].as_integer(),
            Some(3)
        );
        assert_eq!(setup.search.simulations, 7);
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = load(Path::new("no/such/config.toml")).unwrap_err();
        assert!(err.to_string().contains("no/such/config.toml"), "{err}");
    }
}
