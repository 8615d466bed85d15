//! The zoo: a trained network per variant, shipped in the repository's `zoo/` folder
//! (`zoo/<variant>/model.bpk` with its sidecar `model.json`, an ONNX export and a card; see
//! `zoo/README.md`), played by the `zoo` agent spec and the default agent of `play`, the
//! engine protocol and the browser board.
//!
//! Where the zoo is is its front's choice, given as a [`Zoo`]: a folder ([`Zoo::at`]), none
//! ([`Zoo::none`], the default of library code), or the folder a program finds for its user
//! ([`Zoo::locate`]: `$MANKALA_ZOO` when that is set, else `zoo/` beside the executable,
//! `share/mankala/zoo` beside its folder, or the `zoo/` folder of the source tree this crate
//! was built from, the first that exists). No library call reads the environment.

use std::path::{Path, PathBuf};

use mankala_config::AgentSpec;
use mankala_engine::AnyGame;
use thiserror::Error;

/// The environment variable naming the zoo folder.
pub const ZOO_ENV: &str = "MANKALA_ZOO";

/// The default agent where the zoo holds no network for the variant and its rules.
pub const FALLBACK_AGENT: &str = "mcts:sims=1000";

/// Why the zoo has no network to give.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ZooError {
    /// No zoo folder was given to this program part.
    #[error("no zoo folder was given")]
    NotGiven,
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

/// Where the zoo is, as a front decided: a folder, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zoo {
    dir: Result<PathBuf, ZooError>,
}

impl Default for Zoo {
    /// No zoo ([`Zoo::none`]).
    fn default() -> Zoo {
        Zoo::none()
    }
}

impl Zoo {
    /// The zoo in folder `dir`.
    pub fn at(dir: impl Into<PathBuf>) -> Zoo {
        Zoo {
            dir: Ok(dir.into()),
        }
    }

    /// No zoo: a `zoo` spec is refused and the default agent is [`FALLBACK_AGENT`].
    pub fn none() -> Zoo {
        Zoo {
            dir: Err(ZooError::NotGiven),
        }
    }

    /// The zoo a program finds for its user: `$MANKALA_ZOO`; else the first folder of
    /// [`candidates`] that exists: `zoo/` beside the executable, `../share/mankala/zoo` from
    /// it (an installed binary), the source tree's `zoo/`; the source tree's when none exists.
    /// `$MANKALA_ZOO` set to something that is not a folder gives a zoo that says so.
    pub fn locate() -> Zoo {
        let dir = match std::env::var_os(ZOO_ENV) {
            Some(v) if !v.is_empty() => {
                let p = PathBuf::from(v);
                if p.is_dir() {
                    Ok(p)
                } else {
                    Err(ZooError::NotAFolder(p))
                }
            }
            _ => {
                let exe = std::env::current_exe().ok();
                let all = candidates(exe.as_deref());
                let source_tree = all.last().cloned().expect("the source tree is a candidate");
                Ok(first_folder(&all).unwrap_or(source_tree))
            }
        };
        Zoo { dir }
    }

    /// The zoo's folder.
    ///
    /// # Errors
    /// [`ZooError::NotGiven`] or [`ZooError::NotAFolder`] when there is none.
    pub fn dir(&self) -> Result<&Path, ZooError> {
        self.dir.as_deref().map_err(Clone::clone)
    }

    /// The zoo's model for a spec naming `wanted` (or no variant) in a game of `game`.
    ///
    /// # Errors
    /// [`ZooError`] when the variants differ, there is no folder or it holds no such network.
    pub fn model_for(&self, wanted: Option<&str>, game: &str) -> Result<PathBuf, ZooError> {
        if let Some(w) = wanted.filter(|w| *w != game) {
            return Err(ZooError::OtherVariant {
                wanted: w.to_string(),
                game: game.to_string(),
            });
        }
        let dir = self.dir()?;
        let model = model_in(dir, game);
        if model.is_file() {
            return Ok(model);
        }
        let held = variants_in(dir);
        Err(ZooError::Missing {
            dir: dir.to_path_buf(),
            variant: game.to_string(),
            held: if held.is_empty() {
                "none".into()
            } else {
                held.join(", ")
            },
        })
    }

    /// The default agent for `game` (a variant under its rule options): `zoo` where the zoo
    /// holds a network trained on exactly these rules, else [`FALLBACK_AGENT`].
    pub fn default_agent(&self, game: &AnyGame) -> AgentSpec {
        self.default_agent_why(game).0
    }

    /// [`Zoo::default_agent`], with the reason when it is [`FALLBACK_AGENT`]: there is no zoo
    /// folder, it holds no network for the variant, or its network is of another variant or
    /// other rules (for a front to tell its user).
    pub fn default_agent_why(&self, game: &AnyGame) -> (AgentSpec, Option<String>) {
        let fallback = |why: String| (fallback_agent(), Some(why));
        let dir = match self.dir() {
            Ok(d) => d,
            Err(e) => return fallback(e.to_string()),
        };
        let variant = game.name();
        let model = model_in(dir, variant);
        if !model.is_file() {
            return fallback(format!(
                "the zoo ({}) holds no network for {variant}",
                dir.display()
            ));
        }
        match mankala_models::file::read_meta(&model) {
            Ok(meta)
                if meta.variant == variant
                    && mankala_data::rules::same_rules(&meta.rules, &game.rules_toml()) =>
            {
                (zoo_agent(), None)
            }
            Ok(meta) if meta.variant != variant => fallback(format!(
                "the zoo's {variant} network ({}) is a {} network",
                model.display(),
                meta.variant
            )),
            Ok(_) => fallback(format!(
                "the zoo's {variant} network ({}) was trained on other rules",
                model.display()
            )),
            Err(e) => fallback(format!("the zoo's {variant} network: {e}")),
        }
    }
}

/// [`FALLBACK_AGENT`] as a spec.
fn fallback_agent() -> AgentSpec {
    FALLBACK_AGENT
        .parse()
        .expect("FALLBACK_AGENT is a spec (checked by a test)")
}

/// `zoo`: the zoo's network of the game played, at its default strength.
fn zoo_agent() -> AgentSpec {
    "zoo".parse().expect("`zoo` is a spec (checked by a test)")
}

/// Where the zoo is looked for without `$MANKALA_ZOO`, in order: beside the executable
/// `exe`, in `../share/mankala/zoo` from it, and last the source tree's `zoo/`.
pub fn candidates(exe: Option<&Path>) -> Vec<PathBuf> {
    let mut all = Vec::new();
    if let Some(bin) = exe.and_then(Path::parent) {
        all.push(bin.join("zoo"));
        all.push(bin.join("../share/mankala/zoo"));
    }
    all.push(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap_or(Path::new(".."))
            .join("zoo"),
    );
    all
}

/// The first of `paths` that is a folder.
fn first_folder(paths: &[PathBuf]) -> Option<PathBuf> {
    paths.iter().find(|p| p.is_dir()).cloned()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zoo_spec_naming_another_variant_is_refused() {
        let e = Zoo::none().model_for(Some("bao"), "oware").unwrap_err();
        assert_eq!(
            e.to_string(),
            "the zoo's bao network cannot play oware: leave the variant out (`zoo`) or name oware"
        );
    }

    #[test]
    fn the_zoo_beside_the_executable_comes_before_the_source_tree() {
        let d = std::env::temp_dir().join(format!("mankala-zoo-exe-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("bin")).unwrap();
        let all = candidates(Some(&d.join("bin/mankala")));
        assert_eq!(all[0], d.join("bin/zoo"));
        assert_eq!(all[1], d.join("bin/../share/mankala/zoo"));
        assert!(all[2].ends_with("zoo") && all.len() == 3);
        // Without either folder beside it, the source tree's (which this test runs from).
        assert_eq!(first_folder(&all), Some(all[2].clone()));
        std::fs::create_dir_all(d.join("share/mankala/zoo")).unwrap();
        assert_eq!(first_folder(&all), Some(all[1].clone()));
        std::fs::create_dir_all(d.join("bin/zoo")).unwrap();
        assert_eq!(first_folder(&all), Some(all[0].clone()));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fallback_names_its_reason() {
        assert_eq!(fallback_agent().to_string(), FALLBACK_AGENT);
        assert!(matches!(zoo_agent(), AgentSpec::Zoo { variant: None, .. }));
        let empty = std::env::temp_dir().join(format!("mankala-zoo-empty-{}", std::process::id()));
        std::fs::create_dir_all(&empty).unwrap();
        let kalah = AnyGame::by_name("kalah").unwrap();
        let (agent, why) = Zoo::at(&empty).default_agent_why(&kalah);
        assert_eq!(agent, fallback_agent());
        assert!(why.unwrap().contains("holds no network for kalah"));
        let (agent, why) = Zoo::none().default_agent_why(&kalah);
        assert_eq!(agent, fallback_agent());
        assert_eq!(why.unwrap(), "no zoo folder was given");
        let _ = std::fs::remove_dir_all(&empty);
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
