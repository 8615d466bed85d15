//! [`Prepared`] specs: an [`AgentSpec`] parsed once, its network or tablebase loaded and
//! checked once, built into a fresh [`Agent`] for every game.

use std::time::Duration;

use mankala_config::{AgentSpec, SearchConfig, Selection, SpecError, TIMED_DEPTH};
use mankala_engine::variants::Bao;
use mankala_models::{Expected, ModelError, PolicyValueNet};
use mankala_search::evaluator::{NetworkEvaluator, RolloutEvaluator};
use mankala_solver::TablebaseError;
use thiserror::Error;

use crate::Resources;
use crate::alphabeta::AlphaBetaAgent;
use crate::bao_perfect::BaoPerfectAgent;
use crate::exact::{Exact, PerfectAgent};
use crate::mcts::SearchAgent;
use crate::{Agent, GreedyAgent, RandomAgent};

/// A spec that cannot be used.
#[derive(Debug, Error)]
pub enum AgentError {
    /// The spec text is malformed.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The network of an `nn` agent cannot be loaded for this variant.
    #[error("agent `{spec}`: {source}")]
    Model {
        /// The text given.
        spec: String,
        /// Why.
        source: ModelError,
    },
    /// The tablebase of a spec cannot be loaded for this variant and its rules.
    #[error("agent `{spec}`: {source}")]
    Tablebase {
        /// The text given.
        spec: String,
        /// Why.
        source: TablebaseError,
    },
    /// A score mix (the spec's `score=W` or the config's) for a model without a score head.
    #[error("agent `{spec}`: {source}")]
    ScoreHead {
        /// The text given.
        spec: String,
        /// The weight asked for.
        source: mankala_models::net::NoScoreHead,
    },
    /// The spec's kind does not apply to this variant.
    #[error("agent `{spec}`: {message}")]
    Variant {
        /// The text given.
        spec: String,
        /// What is wrong and what was expected.
        message: String,
    },
}

/// A spec ready to build agents: its network or tablebase, if any, loaded and checked.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The spec.
    pub spec: AgentSpec,
    /// Search settings of a network agent (the variant config's `[search]`).
    pub search: SearchConfig,
    /// The network of an `nn` or `zoo` spec and the encoding version it reads.
    pub(crate) net: Option<(PolicyValueNet, u32)>,
    /// Exact values for `alphabeta:tb=` and `perfect`.
    pub(crate) exact: Option<Exact>,
    /// The game of `perfect` on Bao la Kujifunza (the proof-number solver).
    pub(crate) bao: Option<Bao>,
}

impl Prepared {
    /// Loads the network of an `nn` spec and checks it against `expected` (of any encoding
    /// version this build has: the network reads positions in its own), or the tablebase
    /// of a spec that names one (the zoo and tablebases through `resources`); `search` gives
    /// the network agent's search settings besides its simulations.
    ///
    /// # Errors
    /// [`AgentError::Model`] or [`AgentError::Tablebase`] when a file cannot be loaded for
    /// this variant, [`AgentError::Variant`] for `perfect` on a variant without a solver.
    pub fn new(
        spec: AgentSpec,
        search: &SearchConfig,
        expected: &Expected<'_>,
        resources: &Resources,
    ) -> Result<Prepared, AgentError> {
        let model = match &spec {
            AgentSpec::Network { model, .. } => Some(model.clone()),
            AgentSpec::Zoo { variant, .. } => Some(
                resources
                    .zoo
                    .model_for(variant.as_deref(), expected.variant)
                    .map_err(|e| AgentError::Variant {
                        spec: spec.to_string(),
                        message: e.to_string(),
                    })?,
            ),
            _ => None,
        };
        let net = match model {
            Some(model) => Some(
                mankala_models::file::load(
                    &model,
                    &expected.clone().to_play(),
                    &mankala_models::device(),
                )
                .map(|(net, meta)| (net, meta.encoding_version))
                .map_err(|source| AgentError::Model {
                    spec: spec.to_string(),
                    source,
                })?,
            ),
            None => None,
        };
        // An `nn` spec's own `score=W` stands in for the config's `[search] score_mix`.
        let mut search = search.clone();
        if let AgentSpec::Network { score: Some(w), .. } = &spec {
            search.score_mix = *w;
        }
        if let Some((net, _)) = &net {
            net.check_score_mix(search.score_mix)
                .map_err(|source| AgentError::ScoreHead {
                    spec: spec.to_string(),
                    source,
                })?;
        }
        let bao = match &spec {
            AgentSpec::Perfect { tablebase } if expected.variant == "bao-kujifunza" => {
                let fail = |message: String| AgentError::Variant {
                    spec: spec.to_string(),
                    message,
                };
                if tablebase.is_some() {
                    return Err(fail(
                        "bao-kujifunza has no endgame tablebases: write `perfect`".to_string(),
                    ));
                }
                Some(
                    BaoPerfectAgent::game_of(expected.rules)
                        .map_err(|e| fail(format!("bao-kujifunza rules: {e}")))?,
                )
            }
            _ => None,
        };
        let exact = match &spec {
            _ if bao.is_some() => None,
            AgentSpec::AlphaBeta {
                tablebase: Some(path),
                ..
            } => Some(Exact::new(
                expected.variant,
                expected.rules,
                Some(path),
                false,
                &resources.tables,
            )),
            AgentSpec::Perfect { tablebase } => Some(Exact::new(
                expected.variant,
                expected.rules,
                tablebase.as_deref(),
                true,
                &resources.tables,
            )),
            _ => None,
        }
        .transpose()
        .map_err(|e| e.for_spec(&spec))?;
        Ok(Prepared {
            spec,
            search,
            net,
            exact,
            bao,
        })
    }

    /// The network of an `nn` or `zoo` spec and the encoding version it reads.
    pub fn network(&self) -> Option<(&PolicyValueNet, u32)> {
        self.net.as_ref().map(|(net, encoding)| (net, *encoding))
    }

    /// A prepared spec that needs no file (`random`, `greedy`, `alphabeta` without a table,
    /// `mcts`); `None` for the others, which need [`Prepared::new`].
    pub fn without_files(spec: AgentSpec, search: &SearchConfig) -> Option<Prepared> {
        let plain = match &spec {
            AgentSpec::AlphaBeta { tablebase, .. } => tablebase.is_none(),
            AgentSpec::Perfect { .. } | AgentSpec::Network { .. } | AgentSpec::Zoo { .. } => false,
            _ => true,
        };
        plain.then(|| Prepared {
            spec,
            search: search.clone(),
            net: None,
            exact: None,
            bao: None,
        })
    }

    /// A fresh agent for one game of `game`; `seed` seeds its playouts.
    pub fn build<G: mankala_engine::Game>(&self, game: &G, seed: u64) -> Box<dyn Agent<G>> {
        match &self.spec {
            AgentSpec::Random => Box::new(RandomAgent),
            AgentSpec::Greedy => Box::new(GreedyAgent),
            AgentSpec::AlphaBeta {
                depth,
                nodes,
                millis,
                ..
            } => Box::new(AlphaBetaAgent::new(
                depth.unwrap_or(TIMED_DEPTH),
                *nodes,
                millis.map(Duration::from_millis),
                self.exact.clone(),
            )),
            AgentSpec::Perfect { .. } if self.bao.is_some() => {
                Box::new(BaoPerfectAgent::new(self.bao.expect("prepared in new")))
            }
            AgentSpec::Perfect { .. } => Box::new(PerfectAgent::new(
                self.exact.clone().expect("prepared in new"),
            )),
            AgentSpec::Mcts { sims, c, millis } => Box::new(
                SearchAgent::new(
                    game.clone(),
                    SearchConfig {
                        simulations: *sims,
                        selection: Selection::Uct,
                        c_puct: *c,
                        gumbel: false,
                        leaves_per_game: 1,
                        reuse_tree: false,
                        ..SearchConfig::default()
                    },
                    RolloutEvaluator::new(seed),
                )
                .on_clock(*millis),
            ),
            AgentSpec::Network {
                sims,
                gumbel,
                millis,
                ..
            }
            | AgentSpec::Zoo {
                sims,
                gumbel,
                millis,
                ..
            } => Box::new(
                SearchAgent::new(
                    game.clone(),
                    SearchConfig {
                        simulations: *sims,
                        gumbel: *gumbel,
                        reuse_tree: false,
                        ..self.search.clone()
                    },
                    {
                        let (net, encoding) = self.net.clone().expect("loaded in new");
                        NetworkEvaluator::new(net, encoding)
                            .with_score(self.search.score_mix)
                            .with_playouts(self.search.rollout_mix, seed)
                    },
                )
                .on_clock(*millis),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mankala_config::NetworkConfig;
    use mankala_engine::{AnyGame, Game, State};
    use mankala_models::{ModelMeta, NetInputs};

    /// A Kalah model file in a fresh directory, with or without a score head.
    fn kalah_model(name: &str, score_head: bool) -> (std::path::PathBuf, String) {
        let game = AnyGame::by_name("kalah").unwrap();
        let rules = toml::to_string(&game.rules_table()).unwrap();
        let AnyGame::Kalah(g) = &game else {
            unreachable!()
        };
        let network = NetworkConfig {
            width: 16,
            blocks: 1,
            value_width: 8,
            score_head,
            ..NetworkConfig::default()
        };
        let inputs = NetInputs::of(g, network.encoding).unwrap();
        let net = PolicyValueNet::new(&network, &inputs, &mankala_models::device());
        let dir =
            std::env::temp_dir().join(format!("mankala-agents-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let meta = ModelMeta {
            format_version: mankala_models::file::MODEL_FORMAT_VERSION,
            variant: "kalah".into(),
            rules: rules.clone(),
            encoding_version: network.encoding,
            encoding_len: inputs.encoding_len,
            num_actions: g.num_actions(),
            network,
            step: 0,
            samples: 0,
            trained_on: vec![],
            code_version: "test".into(),
            device: String::new(),
        };
        mankala_models::file::save(&net, &meta, &dir.join("model")).unwrap();
        (dir, rules)
    }

    #[test]
    fn a_score_mix_is_refused_for_a_model_without_a_score_head() {
        let game = AnyGame::by_name("kalah").unwrap();
        let search = SearchConfig {
            score_mix: 0.3,
            ..SearchConfig::default()
        };
        for score_head in [false, true] {
            let (dir, rules) = kalah_model(&format!("score-{score_head}"), score_head);
            let spec: AgentSpec = format!("nn:model={},sims=8", dir.join("model").display())
                .parse()
                .unwrap();
            let expected = Expected::of(&game, &rules, 1).to_play();
            let got = Prepared::new(spec, &search, &expected, &Resources::default());
            if score_head {
                let prepared = got.unwrap();
                let AnyGame::Kalah(g) = &game else {
                    unreachable!()
                };
                let mut agent = prepared.build(g, 1);
                let s = g.initial_state();
                let mut rng = rand::SeedableRng::seed_from_u64(3);
                let choice = agent.choose(&s, &mut rng);
                assert!(s.legal_mask().contains(choice.action));
            } else {
                let e = got.unwrap_err().to_string();
                assert!(
                    e.contains("0.3") && e.contains("score_mix") && e.contains("score head"),
                    "{e}"
                );
            }
            // The spec's own weight stands in for the config's: 0 plays any model, and a
            // weight above 0 needs the head.
            for (w, ok) in [(0.0, true), (0.5, score_head)] {
                let spec: AgentSpec =
                    format!("nn:model={},sims=8,score={w}", dir.join("model").display())
                        .parse()
                        .unwrap();
                let got = Prepared::new(spec, &search, &expected, &Resources::default());
                assert_eq!(got.is_ok(), ok, "score={w}, head {score_head}");
                if let Ok(p) = got {
                    assert_eq!(p.search.score_mix, w);
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
