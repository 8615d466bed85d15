//! Variant config files (`configs/<variant>.toml`): read, strictly checked, resolved.

use std::path::Path;

use anyhow::{Context, Result, bail};
use mankala_engine::AnyGame;
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
}

/// Loads a config file into its game.
///
/// # Errors
/// When the file cannot be read, is not TOML, has an unknown key, or a value out of range;
/// the message names the file.
pub fn load(path: &Path) -> Result<AnyGame> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read config {}", path.display()))?;
    parse(&text).with_context(|| format!("config {}", path.display()))
}

/// Parses config text into its game.
///
/// # Errors
/// As [`load`], without the file name.
pub fn parse(text: &str) -> Result<AnyGame> {
    let file: ConfigFile = match toml::from_str(text) {
        Ok(f) => f,
        Err(e) => bail!("{}", e.to_string().trim_end()),
    };
    Ok(AnyGame::from_tables(
        &file.variant,
        &file.rules,
        &file.limits,
    )?)
}

/// The game named by `--variant` or loaded from `--config` (exactly one of them).
///
/// # Errors
/// When both or neither are given, or either fails to resolve.
pub fn resolve(variant: Option<&str>, config: Option<&Path>) -> Result<AnyGame> {
    match (variant, config) {
        (Some(v), None) => Ok(AnyGame::by_name(v)?),
        (None, Some(p)) => load(p),
        (Some(_), Some(_)) => bail!("give --variant or --config, not both"),
        (None, None) => bail!("give --variant NAME or --config FILE (see `mankala variants`)"),
    }
}
