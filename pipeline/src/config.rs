//! Variant config files (`configs/<variant>.toml`): read, strictly checked, resolved.

use std::path::Path;

use mankala_engine::AnyGame;
use mankala_models::NetworkConfig;
use mankala_selfplay::config::ConfigFile;
use mankala_selfplay::{SearchConfig, SelfplayConfig};
use mankala_train::{LoopConfig, TrainConfig};

use crate::error::{ConfigError, Error, Result};

/// The config of the main job: `mankala loop` without `--config`.
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

/// A config with every table checked and every default filled in.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The variant with its rule options and caps.
    pub game: AnyGame,
    /// `[search]`.
    pub search: SearchConfig,
    /// `[selfplay]`.
    pub selfplay: SelfplayConfig,
    /// `[network]`.
    pub network: NetworkConfig,
    /// `[train]`.
    pub train: TrainConfig,
    /// `[loop]`.
    pub generations: LoopConfig,
}

impl Resolved {
    /// Defaults for a variant named on the command line.
    pub fn for_game(game: AnyGame) -> Resolved {
        Resolved {
            game,
            search: SearchConfig::default(),
            selfplay: SelfplayConfig::default(),
            network: NetworkConfig::default(),
            train: TrainConfig::default(),
            generations: LoopConfig::default(),
        }
    }

    /// The rule options as TOML text, as model files and shards record them.
    pub fn rules_toml(&self) -> String {
        toml::to_string(&self.game.rules_table()).expect("a table serializes")
    }

    /// What a model file must match to be used with this config; `rules` is
    /// [`Resolved::rules_toml`].
    pub fn expected_model<'a>(&'a self, rules: &'a str) -> mankala_models::Expected<'a> {
        let (encoding_len, num_actions) = mankala_engine::with_game!(&self.game, g => {
            use mankala_engine::Game;
            (g.encoding_len(), g.num_actions())
        });
        mankala_models::Expected {
            variant: self.game.name(),
            rules,
            encoding_version: mankala_engine::ENCODING_VERSION,
            encoding_len,
            num_actions,
        }
    }

    /// The resolved config as TOML, every key written out.
    pub fn to_toml(&self) -> String {
        let mut t = toml::Table::new();
        t.insert(
            "variant".into(),
            toml::Value::String(self.game.name().into()),
        );
        t.insert("rules".into(), toml::Value::Table(self.game.rules_table()));
        t.insert(
            "limits".into(),
            toml::Value::Table(self.game.limits_table()),
        );
        t.insert("search".into(), toml::Value::Table(table(&self.search)));
        t.insert("selfplay".into(), toml::Value::Table(table(&self.selfplay)));
        t.insert("network".into(), toml::Value::Table(table(&self.network)));
        t.insert("train".into(), toml::Value::Table(table(&self.train)));
        t.insert("loop".into(), toml::Value::Table(table(&self.generations)));
        toml::to_string(&t).expect("a table serializes")
    }
}

/// A settings struct as a TOML table, every field written out.
fn table<T: serde::Serialize>(value: &T) -> toml::Table {
    match toml::Value::try_from(value) {
        Ok(toml::Value::Table(t)) => t,
        _ => toml::Table::new(),
    }
}

/// Loads a config file.
///
/// # Errors
/// [`Error::ReadConfig`] when the file cannot be read, [`Error::Config`] when it is not TOML,
/// has an unknown key, or a value out of range; both name the file.
pub fn load(path: &Path) -> Result<Resolved> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::ReadConfig {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text).map_err(|source| Error::Config {
        path: path.to_path_buf(),
        source,
    })
}

/// Parses config text.
///
/// # Errors
/// As [`load`], without the file name.
pub fn parse(text: &str) -> Result<Resolved, ConfigError> {
    let file: ConfigFile =
        toml::from_str(text).map_err(|e| ConfigError::Toml(e.to_string().trim_end().into()))?;
    Ok(Resolved {
        game: AnyGame::from_tables(&file.variant, &file.rules, &file.limits)?,
        search: SearchConfig::from_table(&file.search)?,
        selfplay: SelfplayConfig::from_table(&file.selfplay)?,
        network: NetworkConfig::from_table(&file.network).map_err(ConfigError::Table)?,
        train: TrainConfig::from_table(&file.train).map_err(ConfigError::Table)?,
        generations: LoopConfig::from_table(&file.loop_).map_err(ConfigError::Table)?,
    })
}

/// The config named by a variant (defaults) or loaded from a file (exactly one).
///
/// # Errors
/// When both or neither are given, or either fails to resolve.
pub fn resolve(variant: Option<&str>, config: Option<&Path>) -> Result<Resolved> {
    let choice = |m| Err(Error::Resolve(ConfigError::Choice(m)));
    match (variant, config) {
        (Some(v), None) => AnyGame::by_name(v)
            .map(Resolved::for_game)
            .map_err(|e| Error::Resolve(e.into())),
        (None, Some(p)) => load(p),
        (Some(_), Some(_)) => choice("give --variant or --config, not both"),
        (None, None) => choice("give --variant NAME or --config FILE (see `mankala variants`)"),
    }
}

/// The code version recorded with every output: package version and commit.
pub fn code_version() -> String {
    format!("{}+{}", env!("CARGO_PKG_VERSION"), env!("MANKALA_COMMIT"))
}

/// Writes `bytes` to `path` whole or not at all (`mankala_models::atomic`: a temporary
/// file, flushed, renamed, the directory flushed).
///
/// # Errors
/// [`Error::Write`], naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    mankala_models::atomic::write(path, bytes).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::error_chain;

    #[test]
    fn the_embedded_default_config_resolves_with_a_loop_table() {
        let cfg = parse(DEFAULT_CONFIG).unwrap();
        assert_eq!(cfg.game.name(), "oware");
        assert!(cfg.generations.baselines.contains(&"random".to_string()));
        assert!(cfg.generations.baselines.contains(&"greedy".to_string()));
        assert!(cfg.generations.eval_games > 0);
    }

    #[test]
    fn loop_settings_out_of_range_are_named() {
        for (table, words) in [
            (
                "[loop]\ngate_threshold = 1.5",
                "[loop] gate_threshold = 1.5",
            ),
            ("[loop]\nbaselines = [\"greedy\"]", "includes \"random\""),
            (
                "[loop]\nbaselines = [\"random\", \"minimax\"]",
                "baselines[1]",
            ),
            (
                "[loop]\nbaselines = [\"random\", \"nn:model=x\"]",
                "networks change",
            ),
            ("[loop]\ngames = 0", "[loop] games = 0"),
            ("[loop]\ngenerations = 0", "[loop] generations = 0"),
            (
                "[loop]\nfirst_evaluator = \"network\"",
                "[loop]: first_evaluator = \"network\": unknown variant `network`, expected `uniform` or `rollout`",
            ),
            ("[loop]\ngait = 3", "unknown field `gait`"),
            (
                "[loop]\ngate = \"sometimes\"",
                "[loop]: gate = \"sometimes\": unknown variant `sometimes`, expected one of `fixed`, `always`, `collapse`",
            ),
        ] {
            let text = format!("variant = \"kalah\"\n{table}\n");
            let e = error_chain(&parse(&text).unwrap_err());
            assert!(e.contains(words), "{table}: {e}");
        }
    }

    #[test]
    fn a_missing_or_bad_config_file_is_named() {
        let e = error_chain(&load(Path::new("/no/such/config.toml")).unwrap_err());
        assert!(
            e.starts_with("cannot read config /no/such/config.toml: "),
            "{e}"
        );
        let dir = std::env::temp_dir().join(format!("pipeline-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.toml");
        std::fs::write(&path, "variant = \"kalah\"\n[search]\nsimulations = 0\n").unwrap();
        let e = error_chain(&load(&path).unwrap_err());
        assert!(
            e.starts_with(&format!("config {}: ", path.display())),
            "{e}"
        );
        assert!(e.contains("simulations"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
