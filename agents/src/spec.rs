//! [`Prepared`] specs: an [`AgentSpec`] parsed once, its network or tablebase loaded and
//! checked once, built into a fresh [`Agent`] for every game.

use std::time::Duration;

use mankala_config::{AgentSpec, SearchConfig, Selection, SpecError, TIMED_DEPTH};
use mankala_engine::{AnyGame, with_game};
use mankala_models::{Expected, ModelError, PolicyValueNet};
use mankala_search::InferenceService;
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
    /// What the spec reads besides its text.
    loaded: Loaded,
}

/// What a prepared spec has loaded.
#[derive(Clone, Debug)]
enum Loaded {
    /// Nothing: `random`, `greedy`, `alphabeta` without a table and `mcts`.
    Nothing,
    /// The network of an `nn` or `zoo` spec, the encoding version it reads, and the
    /// inference service every agent of the spec sends its leaves to, where `[search]
    /// inference` asks for one on this device (a GPU's by default).
    Network(Box<PolicyValueNet>, u32, Option<InferenceService>),
    /// Exact values: the table of `alphabeta:tb=FILE`, the solver of `perfect`.
    Exact(Exact),
}

impl Prepared {
    /// Prepares `spec` to play `game` (the variant and its rule options): loads the network of
    /// an `nn` or `zoo` spec and checks it against the game (of any encoding version this
    /// build has: the network reads positions in its own), or the tablebase or solver of a
    /// spec that names one (the zoo and tablebases through `resources`); `search` gives the
    /// network agent's search settings besides its simulations.
    ///
    /// # Errors
    /// [`AgentError::Model`] or [`AgentError::Tablebase`] when a file cannot be loaded for
    /// this game, [`AgentError::Variant`] for `perfect` on a variant without a solver.
    pub fn new(
        spec: AgentSpec,
        search: &SearchConfig,
        game: &AnyGame,
        resources: &Resources,
    ) -> Result<Prepared, AgentError> {
        // An `nn` spec's own `score=W` stands in for the config's `[search] score_mix`.
        let mut search = search.clone();
        if let AgentSpec::Network { score: Some(w), .. } = &spec {
            search.score_mix = *w;
        }
        let model = match &spec {
            AgentSpec::Network { model, .. } => Some(model.clone()),
            AgentSpec::Zoo { variant, .. } => Some(
                resources
                    .zoo
                    .model_for(variant.as_deref(), game.name())
                    .map_err(|e| AgentError::Variant {
                        spec: spec.to_string(),
                        message: e.to_string(),
                    })?,
            ),
            _ => None,
        };
        let loaded = match (&spec, model) {
            (_, Some(model)) => {
                let rules = game.rules_toml();
                let expected =
                    Expected::of(game, &rules, mankala_engine::ENCODING_VERSION).to_play();
                let (net, meta) =
                    mankala_models::file::load(&model, &expected, &mankala_models::device())
                        .map_err(|source| AgentError::Model {
                            spec: spec.to_string(),
                            source,
                        })?;
                net.check_score_mix(search.score_mix)
                    .map_err(|source| AgentError::ScoreHead {
                        spec: spec.to_string(),
                        source,
                    })?;
                let service = with_game!(game, g => mankala_search::service::for_search(
                    &search, g, &net, meta.encoding_version
                ));
                Loaded::Network(Box::new(net), meta.encoding_version, service)
            }
            (
                AgentSpec::AlphaBeta {
                    tablebase: Some(path),
                    ..
                },
                None,
            ) => Loaded::Exact(
                Exact::new(game, Some(path), &resources.tables).map_err(|e| e.for_spec(&spec))?,
            ),
            (AgentSpec::Perfect { tablebase }, None) => Loaded::Exact(
                Exact::solved(game, tablebase.as_deref(), &resources.tables)
                    .map_err(|e| e.for_spec(&spec))?,
            ),
            _ => Loaded::Nothing,
        };
        Ok(Prepared {
            spec,
            search,
            loaded,
        })
    }

    /// The network of an `nn` or `zoo` spec as an evaluator of positions (its priors and
    /// values, without search), sending its positions to the spec's inference service where
    /// it has one, as the spec's agents do; `None` for a spec without a network.
    pub fn evaluator(&self) -> Option<NetworkEvaluator> {
        match &self.loaded {
            Loaded::Network(net, encoding, service) => {
                Some(NetworkEvaluator::new(net.as_ref().clone(), *encoding).served(service.clone()))
            }
            _ => None,
        }
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
            loaded: Loaded::Nothing,
        })
    }

    /// The exact values the spec loaded, if any.
    fn exact(&self) -> Option<&Exact> {
        match &self.loaded {
            Loaded::Exact(exact) => Some(exact),
            _ => None,
        }
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
                self.exact().cloned(),
            )),
            AgentSpec::Perfect { .. } => match self.exact() {
                Some(Exact::BaoKujifunza(bao)) => Box::new(BaoPerfectAgent::new(*bao)),
                Some(exact) => Box::new(PerfectAgent::new(exact.clone())),
                None => unreachable!("`perfect` is prepared with its solver in `new`"),
            },
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
                        let Loaded::Network(net, encoding, service) = &self.loaded else {
                            unreachable!("a network spec is prepared with its network in `new`")
                        };
                        NetworkEvaluator::new(net.as_ref().clone(), *encoding)
                            .with_score(self.search.score_mix)
                            .with_playouts(self.search.rollout_mix, seed)
                            .served(service.clone())
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
    fn kalah_model(name: &str, score_head: bool) -> std::path::PathBuf {
        let game = AnyGame::by_name("kalah").unwrap();
        let rules = game.rules_toml();
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
            rules,
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
        dir
    }

    #[test]
    fn a_score_mix_is_refused_for_a_model_without_a_score_head() {
        let game = AnyGame::by_name("kalah").unwrap();
        let search = SearchConfig {
            score_mix: 0.3,
            ..SearchConfig::default()
        };
        for score_head in [false, true] {
            let dir = kalah_model(&format!("score-{score_head}"), score_head);
            let spec: AgentSpec = format!("nn:model={},sims=8", dir.join("model").display())
                .parse()
                .unwrap();
            let got = Prepared::new(spec, &search, &game, &Resources::default());
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
                let got = Prepared::new(spec, &search, &game, &Resources::default());
                assert_eq!(got.is_ok(), ok, "score={w}, head {score_head}");
                if let Ok(p) = got {
                    assert_eq!(p.search.score_mix, w);
                }
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}
