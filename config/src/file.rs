//! Config files (`configs/<variant>.toml`): read, strictly checked, resolved. Every front
//! (the command line, the engine protocol, the browser board, Python, the workers) reads
//! configs here.

use std::path::{Path, PathBuf};

use mankala_engine::{AnyGame, ConfigError as RulesError};
use serde::Deserialize;
use thiserror::Error;

use crate::{LoopConfig, NetworkConfig, SearchConfig, SelfplayConfig, SettingsError, TrainConfig};

/// The config of the main job: `mankala loop` without `--config`.
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

/// A config file (`configs/<variant>.toml`) as written: the variant and its tables, each
/// checked by its section's type. Unknown top-level keys are refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The variant's name.
    pub variant: String,
    /// `[rules]`.
    #[serde(default)]
    pub rules: toml::Table,
    /// `[limits]`.
    #[serde(default)]
    pub limits: toml::Table,
    /// `[search]`.
    #[serde(default)]
    pub search: toml::Table,
    /// `[selfplay]`.
    #[serde(default)]
    pub selfplay: toml::Table,
    /// `[network]`.
    #[serde(default)]
    pub network: toml::Table,
    /// `[train]` (the trainer's).
    #[serde(default)]
    pub train: toml::Table,
    /// `[loop]` (the trainer's).
    #[serde(default, rename = "loop")]
    pub loop_: toml::Table,
}

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
    pub loop_: LoopConfig,
}

impl Resolved {
    /// The network's input length (in `[network] encoding`) and its policy outputs.
    pub fn network_shape(&self) -> (usize, usize) {
        mankala_engine::with_game!(&self.game, g => {
            use mankala_engine::Game;
            let encoder = mankala_engine::Encoder::new(g, self.network.encoding)
                .expect("the encoding version is checked with the config");
            (encoder.len(), g.num_actions())
        })
    }

    /// Defaults for a variant named on the command line.
    pub fn for_game(game: AnyGame) -> Resolved {
        Resolved {
            game,
            search: SearchConfig::default(),
            selfplay: SelfplayConfig::default(),
            network: NetworkConfig::default(),
            train: TrainConfig::default(),
            loop_: LoopConfig::default(),
        }
    }

    /// Simulations of the networks in the loop's arenas (gates, evaluations, judging):
    /// `[loop] arena_simulations`, where 0 means `[search] simulations`.
    pub fn arena_simulations(&self) -> u32 {
        match self.loop_.arena_simulations {
            0 => self.search.simulations,
            n => n,
        }
    }

    /// The resolved config as TOML, every key written out (an unset optional path left out).
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
        t.insert("loop".into(), toml::Value::Table(table(&self.loop_)));
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

/// What can go wrong in a config's text.
#[derive(Debug, Error)]
pub enum ConfigError {
    /// Not TOML, or an unknown top-level key.
    #[error("{0}")]
    Toml(String),
    /// The variant, `[rules]` or `[limits]`.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// `[search]`, `[selfplay]`, `[network]`, `[train]` or `[loop]`: names the table and key.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// `--variant` and `--config` both or neither.
    #[error("{0}")]
    Choice(&'static str),
}

/// A config that cannot be had: the file named.
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read config {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file's content is wrong.
    #[error("config {}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ConfigError,
    },
    /// A config without a file: a variant by name, or `--variant` and `--config` misused.
    #[error(transparent)]
    Resolve(ConfigError),
}

/// Loads a config file.
///
/// # Errors
/// [`LoadError::Read`] when the file cannot be read, [`LoadError::Invalid`] when it is not
/// TOML, has an unknown key, or a value out of range; both name the file.
pub fn load(path: &Path) -> Result<Resolved, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text).map_err(|source| LoadError::Invalid {
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
    let resolved = Resolved {
        game: AnyGame::from_tables(&file.variant, &file.rules, &file.limits)?,
        search: SearchConfig::from_table(&file.search)?,
        selfplay: SelfplayConfig::from_table(&file.selfplay)?,
        network: NetworkConfig::from_table(&file.network)?,
        train: TrainConfig::from_table(&file.train)?,
        loop_: LoopConfig::from_table(&file.loop_)?,
    };
    if resolved.search.score_mix > 0.0 && !resolved.network.score_head {
        return Err(SettingsError::out_of_range(
            "search",
            "score_mix",
            resolved.search.score_mix,
            "0 where the network has no score head ([network] score_head = false)",
        )
        .into());
    }
    Ok(resolved)
}

/// The config named by a variant (defaults) or loaded from a file (exactly one).
///
/// # Errors
/// When both or neither are given, or either fails to resolve.
pub fn resolve(variant: Option<&str>, config: Option<&Path>) -> Result<Resolved, LoadError> {
    let choice = |m| Err(LoadError::Resolve(ConfigError::Choice(m)));
    match (variant, config) {
        (Some(v), None) => AnyGame::by_name(v)
            .map(Resolved::for_game)
            .map_err(|e| LoadError::Resolve(e.into())),
        (None, Some(p)) => load(p),
        (Some(_), Some(_)) => choice("give --variant or --config, not both"),
        (None, None) => choice("give --variant NAME or --config FILE (see `mankala variants`)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An error with its causes, as the command line prints it.
    fn chain(e: &dyn std::error::Error) -> String {
        let mut text = e.to_string();
        let mut cause = e.source();
        while let Some(c) = cause {
            text.push_str(&format!(": {c}"));
            cause = c.source();
        }
        text
    }

    #[test]
    fn the_embedded_default_config_resolves_with_a_loop_table() {
        let cfg = parse(DEFAULT_CONFIG).unwrap();
        assert_eq!(cfg.game.name(), "oware");
        assert!(cfg.loop_.baselines.contains(&crate::AgentSpec::Random));
        assert!(cfg.loop_.baselines.contains(&crate::AgentSpec::Greedy));
        assert!(cfg.loop_.eval_games > 0);
    }

    #[test]
    fn a_score_mix_needs_a_network_with_a_score_head() {
        let text = "variant = \"kalah\"\n[search]\nscore_mix = 0.3\n";
        let e = chain(&parse(text).unwrap_err());
        assert!(
            e.contains("[search] score_mix = 0.3") && e.contains("score_head"),
            "{e}"
        );
        let cfg = parse(&format!("{text}[network]\nscore_head = true\n")).unwrap();
        assert_eq!(cfg.search.score_mix, 0.3);
        assert!(cfg.network.score_head);
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
            let e = chain(&parse(&text).unwrap_err());
            assert!(e.contains(words), "{table}: {e}");
        }
    }

    #[test]
    fn a_missing_or_bad_config_file_is_named() {
        let e = chain(&load(Path::new("/no/such/config.toml")).unwrap_err());
        assert!(
            e.starts_with("cannot read config /no/such/config.toml: "),
            "{e}"
        );
        let dir = std::env::temp_dir().join(format!("mankala-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.toml");
        std::fs::write(&path, "variant = \"kalah\"\n[search]\nsimulations = 0\n").unwrap();
        let e = chain(&load(&path).unwrap_err());
        assert!(
            e.starts_with(&format!("config {}: ", path.display())),
            "{e}"
        );
        assert!(e.contains("simulations"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
