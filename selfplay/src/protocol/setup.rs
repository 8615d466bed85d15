//! The game of a `new` request that names a config file: a [`Loader`] turns the file into a
//! [`Setup`]. [`load`] is the protocol's own; a program with a stricter config reader (one
//! that checks every table of the file) gives its own to [`Session::with_loader`].
//!
//! [`Session::with_loader`]: super::Session::with_loader

use std::path::Path;

use mankala_engine::{AnyGame, ConfigError, Game, with_game};
use mankala_models::NetworkConfig;
use thiserror::Error;

use crate::agent::{AgentError, AgentSpec, Prepared};
use crate::config::{ConfigFile, SearchConfig, SelfplayConfig, SettingsError};

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
}

impl Setup {
    /// A variant with default search settings.
    pub fn for_game(game: AnyGame) -> Setup {
        Setup {
            game,
            search: SearchConfig::default(),
        }
    }

    /// The agent of `spec` ready to play this game: its network, if any, loaded and checked
    /// against the variant, its rules and the encoding.
    ///
    /// # Errors
    /// [`AgentError`] when the spec is malformed or its model does not fit.
    pub fn prepare(&self, spec: &str) -> Result<Prepared, AgentError> {
        let spec: AgentSpec = spec.parse()?;
        let rules = self.rules();
        let (encoding_len, num_actions) =
            with_game!(&self.game, g => (g.encoding_len(), g.num_actions()));
        let expected = mankala_models::Expected {
            variant: self.game.name(),
            rules: &rules,
            encoding_version: mankala_engine::ENCODING_VERSION,
            encoding_len,
            num_actions,
        };
        Prepared::new(spec, &self.search, &expected)
    }

    /// The agent of a game started without one: the zoo's network where the zoo holds one
    /// for this variant and these rules, else [`FALLBACK_AGENT`](crate::agent::zoo::FALLBACK_AGENT).
    pub fn default_agent(&self) -> String {
        crate::agent::zoo::default_agent(self.game.name(), &self.rules())
    }

    /// The rule options as TOML.
    fn rules(&self) -> String {
        toml::to_string(&self.game.rules_table()).expect("a table serializes")
    }
}

/// A config file that cannot be used.
#[derive(Debug, Error)]
pub enum SetupError {
    /// The file cannot be read.
    #[error("cannot read config {path}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not a config (what is wrong follows as its source).
    #[error("config {path}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        source: Invalid,
    },
}

/// What is wrong inside a config file.
#[derive(Debug, Error)]
pub enum Invalid {
    /// Not TOML, or a key that no config has.
    #[error("{0}")]
    Toml(String),
    /// The variant, `[rules]` or `[limits]`.
    #[error(transparent)]
    Game(#[from] ConfigError),
    /// `[search]` or `[selfplay]`.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `[network]`.
    #[error("{0}")]
    Network(String),
}

/// Reads a variant config file (`configs/<variant>.toml`): the game, `[search]`, and the
/// `[selfplay]` and `[network]` tables checked.
///
/// # Errors
/// [`SetupError`] naming the file: it cannot be read, is not TOML, has an unknown key or a
/// value out of range.
pub fn load(path: &Path) -> Result<Setup, SetupError> {
    let text = std::fs::read_to_string(path).map_err(|source| SetupError::Read {
        path: path.display().to_string(),
        source,
    })?;
    parse(&text).map_err(|source| SetupError::Invalid {
        path: path.display().to_string(),
        source,
    })
}

/// Parses config text as [`load`] does.
fn parse(text: &str) -> Result<Setup, Invalid> {
    let file: ConfigFile =
        toml::from_str(text).map_err(|e| Invalid::Toml(e.to_string().trim_end().to_string()))?;
    let game = AnyGame::from_tables(&file.variant, &file.rules, &file.limits)?;
    let search = SearchConfig::from_table(&file.search)?;
    SelfplayConfig::from_table(&file.selfplay)?;
    NetworkConfig::from_table(&file.network).map_err(Invalid::Network)?;
    Ok(Setup { game, search })
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
        let setup = parse(
            "variant = \"kalah\"\n[rules]\nseeds_per_hole = 3\n[search]\nsimulations = 7\n\
             [train]\nsteps = 1\n",
        )
        .unwrap();
        assert_eq!(setup.game.name(), "kalah");
        assert_eq!(
            setup.game.rules_table()["seeds_per_hole"].as_integer(),
            Some(3)
        );
        assert_eq!(setup.search.simulations, 7);
    }

    #[test]
    fn unknown_keys_and_bad_values_are_errors_naming_them() {
        let err = parse("variant = \"kalah\"\nmystery = 1\n").unwrap_err();
        assert!(err.to_string().contains("mystery"), "{err}");
        let err = parse("variant = \"kalah\"\n[search]\nsimulations = 0\n").unwrap_err();
        assert!(err.to_string().contains("simulations"), "{err}");
        let err = parse("variant = \"kalah\"\n[network]\nwidth = \"wide\"\n").unwrap_err();
        assert!(err.to_string().contains("[network]"), "{err}");
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = load(Path::new("no/such/config.toml")).unwrap_err();
        assert!(err.to_string().contains("no/such/config.toml"), "{err}");
    }
}
