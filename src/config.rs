//! Variant config files (`configs/<variant>.toml`): read, strictly checked, resolved.

use std::path::Path;

use anyhow::{Context, Result, bail};
use mankala_engine::AnyGame;
use mankala_models::NetworkConfig;
use mankala_selfplay::{SearchConfig, SelfplayConfig};
use mankala_train::{LoopConfig, TrainConfig};
use serde::Deserialize;

/// A config file as written: the variant and its tables.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    variant: String,
    #[serde(default)]
    rules: toml::Table,
    #[serde(default)]
    limits: toml::Table,
    #[serde(default)]
    search: toml::Table,
    #[serde(default)]
    selfplay: toml::Table,
    #[serde(default)]
    network: toml::Table,
    #[serde(default)]
    train: toml::Table,
    #[serde(default, rename = "loop")]
    loop_: toml::Table,
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
/// When the file cannot be read, is not TOML, has an unknown key, or a value out of range;
/// the message names the file.
pub fn load(path: &Path) -> Result<Resolved> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read config {}", path.display()))?;
    parse(&text).with_context(|| format!("config {}", path.display()))
}

/// Parses config text.
///
/// # Errors
/// As [`load`], without the file name.
pub fn parse(text: &str) -> Result<Resolved> {
    let file: ConfigFile = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => bail!("{}", e.to_string().trim_end()),
    };
    Ok(Resolved {
        game: AnyGame::from_tables(&file.variant, &file.rules, &file.limits)?,
        search: SearchConfig::from_table(&file.search)?,
        selfplay: SelfplayConfig::from_table(&file.selfplay)?,
        network: NetworkConfig::from_table(&file.network).map_err(anyhow::Error::msg)?,
        train: TrainConfig::from_table(&file.train).map_err(anyhow::Error::msg)?,
        generations: LoopConfig::from_table(&file.loop_).map_err(anyhow::Error::msg)?,
    })
}

/// The config named by `--variant` (defaults) or loaded from `--config` (exactly one).
///
/// # Errors
/// When both or neither are given, or either fails to resolve.
pub fn resolve(variant: Option<&str>, config: Option<&Path>) -> Result<Resolved> {
    match (variant, config) {
        (Some(v), None) => Ok(Resolved::for_game(AnyGame::by_name(v)?)),
        (None, Some(p)) => load(p),
        (Some(_), Some(_)) => bail!("give --variant or --config, not both"),
        (None, None) => bail!("give --variant NAME or --config FILE (see `mankala variants`)"),
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
/// Naming the file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    mankala_models::atomic::write(path, bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}
