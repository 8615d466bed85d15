//! The zoo: a trained network per variant, shipped in the repository's `zoo/` folder
//! (`zoo/<variant>/model.bpk` with its sidecar `model.json`, an ONNX export and a card; see
//! `zoo/README.md`), played by the `zoo` agent spec and the default agent of `play`, the
//! engine protocol and the browser board.
//!
//! The folder is `$MANKALA_ZOO` when that is set, else the `zoo/` folder of the source tree
//! this crate was built from.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// The environment variable naming the zoo folder.
pub const ZOO_ENV: &str = "MANKALA_ZOO";

/// The default agent where the zoo holds no network for the variant and its rules.
pub const FALLBACK_AGENT: &str = "mcts:sims=1000";

/// Why the zoo has no network to give.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ZooError {
    /// `$MANKALA_ZOO` names no folder.
    #[error("{ZOO_ENV}={0}: not a folder (expected the zoo folder, e.g. the repository's zoo/)")]
    NotAFolder(PathBuf),
    /// A `zoo:VARIANT` spec names another variant than the game's.
    #[error(
        "the zoo's {wanted} network cannot play {game}: leave the variant out (`zoo`) or name {game}"
    )]
    OtherVariant {
        /// The variant named.
        wanted: String,
        /// The game's variant.
        game: String,
    },
    /// The zoo holds no network for the variant.
    #[error("the zoo ({dir}) holds no network for {variant}; it holds: {held}")]
    Missing {
        /// The zoo folder.
        dir: PathBuf,
        /// The variant asked for.
        variant: String,
        /// The variants it holds, comma separated (or "none").
        held: String,
    },
}

/// The zoo folder: `$MANKALA_ZOO`, else the source tree's `zoo/`.
///
/// # Errors
/// [`ZooError::NotAFolder`] when `$MANKALA_ZOO` is set to something that is not a folder.
pub fn dir() -> Result<PathBuf, ZooError> {
    match std::env::var_os(ZOO_ENV) {
        Some(v) if !v.is_empty() => {
            let p = PathBuf::from(v);
            if p.is_dir() {
                Ok(p)
            } else {
                Err(ZooError::NotAFolder(p))
            }
        }
        _ => Ok(Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap_or(Path::new(".."))
            .join("zoo")),
    }
}

/// The model file of `variant` in the zoo folder `dir` (it may not exist).
pub fn model_in(dir: &Path, variant: &str) -> PathBuf {
    dir.join(variant).join("model.bpk")
}

/// The variants the zoo folder `dir` holds a network for, sorted.
pub fn variants_in(dir: &Path) -> Vec<String> {
    let mut held: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| model_in(dir, name).is_file())
        .collect();
    held.sort();
    held
}

/// The zoo's model for a spec naming `wanted` (or no variant) in a game of `game`.
///
/// # Errors
/// [`ZooError`] when the variants differ, the folder is bad or holds no such network.
pub fn model_for(wanted: Option<&str>, game: &str) -> Result<PathBuf, ZooError> {
    if let Some(w) = wanted.filter(|w| *w != game) {
        return Err(ZooError::OtherVariant {
            wanted: w.to_string(),
            game: game.to_string(),
        });
    }
    let dir = dir()?;
    let model = model_in(&dir, game);
    if model.is_file() {
        return Ok(model);
    }
    let held = variants_in(&dir);
    Err(ZooError::Missing {
        dir,
        variant: game.to_string(),
        held: if held.is_empty() {
            "none".into()
        } else {
            held.join(", ")
        },
    })
}

/// The default agent spec for a game of `variant` under `rules` (TOML, as the engine writes
/// them): `zoo` where the zoo holds a network trained on exactly these rules, else
/// [`FALLBACK_AGENT`].
pub fn default_agent(variant: &str, rules: &str) -> String {
    let fits = dir()
        .map(|d| model_in(&d, variant))
        .ok()
        .filter(|m| m.is_file())
        .and_then(|m| mankala_models::file::read_meta(&m).ok())
        .is_some_and(|meta| {
            meta.variant == variant && mankala_models::file::same_rules(&meta.rules, rules)
        });
    if fits {
        "zoo".to_string()
    } else {
        FALLBACK_AGENT.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zoo_spec_naming_another_variant_is_refused() {
        let e = model_for(Some("bao"), "oware").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the zoo's bao network cannot play oware: leave the variant out (`zoo`) or name oware"
        );
    }

    #[test]
    fn the_held_variants_are_those_with_a_model_file() {
        let d = std::env::temp_dir().join(format!("mankala-zoo-held-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("kalah")).unwrap();
        std::fs::create_dir_all(d.join("oware")).unwrap();
        std::fs::write(model_in(&d, "kalah"), b"x").unwrap();
        assert_eq!(variants_in(&d), vec!["kalah".to_string()]);
        let _ = std::fs::remove_dir_all(&d);
    }
}
