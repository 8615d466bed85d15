//! Agent specs as written on the command line and in `[loop] baselines`
//! (`alphabeta:ms=500`, `nn:model=m.bpk,sims=200`): parsed and printed back. The
//! `mankala-agents` crate prepares and builds them.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// An agent by kind and settings, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// A uniformly random legal action.
    Random,
    /// The action that wins the most seeds at once (ties at random).
    Greedy,
    /// Alpha-beta search on the seed difference with a transposition table, iteratively
    /// deepened to `depth` plies (or as deep as a node or time budget allows), probing an
    /// endgame tablebase where one is given.
    AlphaBeta {
        /// Deepest iteration, in plies (decisions); `None`: as deep as the budget allows.
        depth: Option<u32>,
        /// Nodes per move; the deepest finished iteration is used when it runs out.
        nodes: Option<u64>,
        /// Milliseconds per move, likewise.
        millis: Option<u64>,
        /// An endgame tablebase (`mankala tablebase build`) of the variant, probed at every
        /// position with few enough seeds in play.
        tablebase: Option<PathBuf>,
    },
    /// Perfect play from the exact solver (Kalah, with an optional endgame tablebase that
    /// makes it faster; Bao la Kujifunza, from the proof-number solver within a node budget).
    Perfect {
        /// The Kalah tablebase of the same rules.
        tablebase: Option<PathBuf>,
    },
    /// UCT search with one random playout per leaf (as OpenSpiel's `MCTSBot`).
    Mcts {
        /// Simulations per move.
        sims: u32,
        /// UCT exploration constant.
        c: f32,
        /// Milliseconds a move (`ms=T`): search in rounds until the time is up, in place of
        /// `sims`.
        millis: Option<u64>,
    },
    /// PUCT search guided by a trained network.
    Network {
        /// The model file (`.bpk` with its `.json` sidecar).
        model: PathBuf,
        /// Simulations per move; 0: the network alone, no search (the legal move of its
        /// highest prior, its value the network's).
        sims: u32,
        /// Gumbel root selection with Sequential Halving.
        gumbel: bool,
        /// Milliseconds a move (`ms=T`): search in rounds until the time is up, in place of
        /// `sims` (and of Gumbel's fixed plan).
        millis: Option<u64>,
        /// The weight of the network's score head in its leaf values (`score=W`), in place of
        /// the config's `[search] score_mix`; the model needs a score head.
        score: Option<f32>,
    },
    /// The zoo's network of a variant (`mankala_agents::zoo`): PUCT search guided by the
    /// trained network shipped for it.
    Zoo {
        /// The variant whose network is meant; `None`: the variant being played.
        variant: Option<String>,
        /// Simulations per move; 0: the network alone, as for `nn`.
        sims: u32,
        /// Gumbel root selection with Sequential Halving.
        gumbel: bool,
        /// Milliseconds a move, as for `nn`.
        millis: Option<u64>,
    },
}

/// A spec whose text is malformed.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("agent `{spec}`: {message}")]
pub struct SpecError {
    /// The text given.
    pub spec: String,
    /// What is wrong and what was expected.
    pub message: String,
}

const KINDS: &str = "random, greedy, alphabeta:depth=D|ms=T|nodes=N[,tb=FILE], \
                     perfect[:tb=FILE], mcts:sims=N|ms=T[,c=C], \
                     nn:model=PATH[,sims=N|ms=T][,gumbel=true][,score=W], \
                     zoo[:VARIANT][,sims=N|ms=T][,gumbel=true]";

/// Simulations per move of a `zoo` agent when its spec names none: the zoo's strength
/// table is measured at this number.
pub const ZOO_SIMULATIONS: u32 = 200;

/// Deepest iteration of an alpha-beta search given a node or time budget but no depth.
pub const TIMED_DEPTH: u32 = 64;

impl FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let err = |message: String| SpecError {
            spec: text.to_string(),
            message,
        };
        let (kind, rest) = text.split_once(':').unwrap_or((text, ""));
        let mut options: Vec<(&str, &str)> = Vec::new();
        let mut parts: Vec<&str> = rest.split(',').filter(|p| !p.trim().is_empty()).collect();
        // `zoo:VARIANT,...`: a variant's name stands first, without a key.
        let mut zoo_variant = None;
        if kind.trim() == "zoo" && parts.first().is_some_and(|p| !p.contains('=')) {
            zoo_variant = Some(parts.remove(0).trim().to_string());
        }
        for part in parts {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| err(format!("option `{part}`: expected key=value")))?;
            let k = k.trim();
            if options.iter().any(|(seen, _)| *seen == k) {
                return Err(err(format!("option `{k}` given twice")));
            }
            options.push((k, v.trim()));
        }
        let allowed: &[&str] = match kind.trim() {
            "random" | "greedy" => &[],
            "alphabeta" => &["depth", "nodes", "ms", "tb"],
            "perfect" => &["tb"],
            "mcts" => &["sims", "ms", "c"],
            "nn" => &["model", "sims", "ms", "gumbel", "score"],
            "zoo" => &["sims", "ms", "gumbel"],
            other => {
                return Err(err(format!(
                    "unknown kind `{other}`: expected one of {KINDS}"
                )));
            }
        };
        if let Some((k, _)) = options.iter().find(|(k, _)| !allowed.contains(k)) {
            return Err(err(if allowed.is_empty() {
                format!("`{}` takes no options, found `{k}`", kind.trim())
            } else {
                format!("unknown option `{k}`: expected {}", allowed.join(", "))
            }));
        }
        let get = |k: &str| options.iter().find(|(key, _)| *key == k).map(|(_, v)| *v);
        let number = |k: &str, min: u64, max: u64| -> Result<Option<u64>, SpecError> {
            get(k)
                .map(|v| match v.parse::<u64>() {
                    Ok(n) if (min..=max).contains(&n) => Ok(n),
                    _ => Err(err(format!(
                        "{k} = {v}: expected a whole number from {min} to {max}"
                    ))),
                })
                .transpose()
        };
        let path = |k: &str| -> Result<Option<PathBuf>, SpecError> {
            match get(k) {
                None => Ok(None),
                Some("") => Err(err(format!("{k} = : expected a file path"))),
                Some(p) => Ok(Some(PathBuf::from(p))),
            }
        };
        let gumbel = || match get("gumbel") {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(v) => Err(err(format!("gumbel = {v}: expected true or false"))),
        };
        // A search's budget: simulations or milliseconds a move, not both.
        let clock = || -> Result<Option<u64>, SpecError> {
            let millis = number("ms", 1, 3_600_000)?;
            if millis.is_some() && get("sims").is_some() {
                return Err(err(
                    "sims and ms both given: expected sims=N (simulations a move) or ms=T \
                     (milliseconds a move)"
                        .into(),
                ));
            }
            Ok(millis)
        };
        Ok(match kind.trim() {
            "random" => AgentSpec::Random,
            "greedy" => AgentSpec::Greedy,
            "alphabeta" => {
                let depth = number("depth", 1, TIMED_DEPTH as u64)?.map(|d| d as u32);
                let nodes = number("nodes", 1, u64::MAX)?;
                let millis = number("ms", 1, 3_600_000)?;
                if depth.is_none() && nodes.is_none() && millis.is_none() {
                    return Err(err(
                        "expected depth=D (plies, 1 to 64), ms=T (milliseconds a move) \
                         or nodes=N"
                            .into(),
                    ));
                }
                AgentSpec::AlphaBeta {
                    depth,
                    nodes,
                    millis,
                    tablebase: path("tb")?,
                }
            }
            "perfect" => AgentSpec::Perfect {
                tablebase: path("tb")?,
            },
            "mcts" => AgentSpec::Mcts {
                sims: number("sims", 1, 10_000_000)?.unwrap_or(1000) as u32,
                c: match get("c") {
                    None => 2.0,
                    Some(v) => match v.parse::<f32>() {
                        Ok(c) if c.is_finite() && c >= 0.0 => c,
                        _ => return Err(err(format!("c = {v}: expected a number >= 0"))),
                    },
                },
                millis: clock()?,
            },
            "zoo" => AgentSpec::Zoo {
                variant: zoo_variant,
                sims: number("sims", 0, 10_000_000)?.unwrap_or(ZOO_SIMULATIONS as u64) as u32,
                gumbel: gumbel()?,
                millis: clock()?,
            },
            _ => AgentSpec::Network {
                model: PathBuf::from(
                    get("model")
                        .filter(|p| !p.is_empty())
                        .ok_or_else(|| err("expected model=PATH (a model file)".into()))?,
                ),
                sims: number("sims", 0, 10_000_000)?.unwrap_or(100) as u32,
                gumbel: gumbel()?,
                millis: clock()?,
                score: match get("score") {
                    None => None,
                    Some(v) => match v.parse::<f32>() {
                        Ok(w) if (0.0..=1.0).contains(&w) => Some(w),
                        _ => {
                            return Err(err(format!("score = {v}: expected a number from 0 to 1")));
                        }
                    },
                },
            },
        })
    }
}

/// A search's budget as its spec writes it: `ms=T` on a clock, else `sims=N`.
struct Budget(u32, Option<u64>);

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(t) => write!(f, "ms={t}"),
            None => write!(f, "sims={}", self.0),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Greedy => write!(f, "greedy"),
            AgentSpec::AlphaBeta {
                depth,
                nodes,
                millis,
                tablebase,
            } => {
                let mut parts = Vec::new();
                if let Some(d) = depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(n) = nodes {
                    parts.push(format!("nodes={n}"));
                }
                if let Some(t) = millis {
                    parts.push(format!("ms={t}"));
                }
                if let Some(p) = tablebase {
                    parts.push(format!("tb={}", p.display()));
                }
                write!(f, "alphabeta:{}", parts.join(","))
            }
            AgentSpec::Perfect { tablebase } => match tablebase {
                None => write!(f, "perfect"),
                Some(p) => write!(f, "perfect:tb={}", p.display()),
            },
            AgentSpec::Mcts { sims, c, millis } => {
                write!(f, "mcts:{}", Budget(*sims, *millis))?;
                if *c != 2.0 {
                    write!(f, ",c={c}")?;
                }
                Ok(())
            }
            AgentSpec::Network {
                model,
                sims,
                gumbel,
                millis,
                score,
            } => {
                write!(f, "nn:model={},{}", model.display(), Budget(*sims, *millis))?;
                if *gumbel {
                    write!(f, ",gumbel=true")?;
                }
                if let Some(w) = score {
                    write!(f, ",score={w}")?;
                }
                Ok(())
            }
            AgentSpec::Zoo {
                variant,
                sims,
                gumbel,
                millis,
            } => {
                let budget = Budget(*sims, *millis);
                match variant {
                    Some(v) => write!(f, "zoo:{v},{budget}")?,
                    None => write!(f, "zoo:{budget}")?,
                }
                if *gumbel {
                    write!(f, ",gumbel=true")?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for AgentSpec {
    /// As its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for AgentSpec {
    /// From its text, as on the command line; the error names the spec and what is wrong.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map_err(|e: SpecError| serde::de::Error::custom(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for text in [
            "random",
            "greedy",
            "alphabeta:depth=4",
            "alphabeta:depth=6,nodes=10000,ms=50",
            "alphabeta:ms=500",
            "alphabeta:ms=500,tb=tables/oware-12.tb",
            "alphabeta:nodes=100000",
            "perfect",
            "perfect:tb=kalah-20.tb",
            "mcts:sims=1000",
            "mcts:sims=10,c=1.4",
            "nn:model=runs/x/model.bpk,sims=200",
            "nn:model=m.bpk,sims=8,gumbel=true",
            "nn:model=m.bpk,sims=200,score=0.3",
            "zoo:bao,sims=200",
            "zoo:sims=50,gumbel=true",
            "mcts:ms=200",
            "mcts:ms=50,c=1.4",
            "nn:model=m.bpk,ms=100",
            "zoo:bao,ms=250",
            "zoo:ms=30,gumbel=true",
        ] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "zoo".parse::<AgentSpec>().unwrap(),
            AgentSpec::Zoo {
                variant: None,
                sims: ZOO_SIMULATIONS,
                gumbel: false,
                millis: None
            }
        );
        assert_eq!(
            "mcts".parse::<AgentSpec>().unwrap(),
            AgentSpec::Mcts {
                sims: 1000,
                c: 2.0,
                millis: None
            }
        );
        assert_eq!(
            "mcts:ms=200".parse::<AgentSpec>().unwrap(),
            AgentSpec::Mcts {
                sims: 1000,
                c: 2.0,
                millis: Some(200)
            }
        );
        assert_eq!(
            "alphabeta:ms=500".parse::<AgentSpec>().unwrap(),
            AgentSpec::AlphaBeta {
                depth: None,
                nodes: None,
                millis: Some(500),
                tablebase: None
            }
        );
    }

    #[test]
    fn bad_specs_name_what_is_wrong() {
        for (text, words) in [
            (
                "minimax",
                &["unknown kind `minimax`", "alphabeta:depth=D", "perfect"][..],
            ),
            ("alphabeta", &["expected depth=D", "ms=T"][..]),
            ("alphabeta:tb=x.tb", &["expected depth=D", "ms=T"][..]),
            ("alphabeta:depth=0", &["depth = 0", "1 to 64"][..]),
            ("alphabeta:depth=x", &["depth = x"][..]),
            ("nn:model=m.bpk,score=1.5", &["score = 1.5", "0 to 1"][..]),
            ("zoo:score=0.5", &["unknown option `score`"][..]),
            ("alphabeta:ms=0", &["ms = 0"][..]),
            ("alphabeta:ms=5,tb=", &["tb = ", "file path"][..]),
            ("perfect:depth=3", &["unknown option `depth`", "tb"][..]),
            ("mcts:sims=5,sims=6", &["`sims` given twice"][..]),
            (
                "mcts:simulations=5",
                &["unknown option `simulations`", "sims, ms, c"][..],
            ),
            ("random:x=1", &["takes no options"][..]),
            ("nn:sims=5", &["expected model=PATH"][..]),
            ("nn:model=a,gumbel=yes", &["gumbel = yes"][..]),
            (
                "zoo:bao,model=x.bpk",
                &["unknown option `model`", "sims, ms, gumbel"][..],
            ),
            ("mcts:sims=0", &["sims = 0"][..]),
            ("mcts:c=-1", &["c = -1"][..]),
            ("mcts:sims", &["expected key=value"][..]),
            ("mcts:ms=0", &["ms = 0", "1 to 3600000"][..]),
            ("mcts:sims=5,ms=10", &["sims and ms both given", "ms=T"][..]),
            ("nn:model=m.bpk,ms=x", &["ms = x"][..]),
            ("zoo:sims=5,ms=10", &["sims and ms both given"][..]),
        ] {
            let e = text.parse::<AgentSpec>().unwrap_err().to_string();
            assert!(e.contains(&format!("`{text}`")), "{e}");
            for w in words {
                assert!(e.contains(w), "`{text}`: {e} lacks {w}");
            }
        }
    }
}
