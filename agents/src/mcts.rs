//! MCTS agents: rollouts (`mcts`) or a network (`nn`) as the evaluator.

use std::time::{Duration, Instant};

use mankala_engine::{Action, Game, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Agent, Analysis, Budget, Choice};
use mankala_config::SearchConfig;
use mankala_search::batch::search_one;
use mankala_search::evaluator::Evaluator;
use mankala_search::mcts::Search;

/// action is played (or the Gumbel choice); a fresh tree is grown for every move.
#[derive(Debug)]
pub struct SearchAgent<G, E> {
    game: G,
    cfg: SearchConfig,
    evaluator: E,
    /// Milliseconds a move when no budget is asked for (`ms=T`); `None`: `cfg.simulations`.
    clock: Option<u64>,
}

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// An agent searching with `cfg` and `evaluator`.
    pub fn new(game: G, cfg: SearchConfig, evaluator: E) -> Self {
        SearchAgent {
            game,
            cfg,
            evaluator,
            clock: None,
        }
    }

    /// The agent on a clock of `millis` milliseconds a move (its spec's `ms=T`) wherever
    /// no budget is asked for; `None` keeps its simulations.
    pub fn on_clock(mut self, millis: Option<u64>) -> Self {
        self.clock = millis;
        self
    }
}

/// Simulations of one round of a search on a clock.
const TIMED_ROUND: u32 = 64;

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// Searches `state` within `budget`: the search, and its chosen action.
    fn search(
        &mut self,
        state: &G::State,
        budget: Budget,
        rng: &mut SmallRng,
    ) -> (Search<G>, Action, u32) {
        let mut cfg = self.cfg.clone();
        let budget = match (budget, self.clock) {
            (Budget::Default, Some(ms)) => Budget::Millis(ms),
            _ => budget,
        };
        let timed = match budget {
            Budget::Default => None,
            Budget::Simulations(n) => {
                cfg.simulations = n.max(1);
                None
            }
            Budget::Millis(ms) => {
                // Gumbel halving plans a fixed budget; a clock needs plain PUCT rounds.
                cfg.gumbel = false;
                Some(Instant::now() + Duration::from_millis(ms))
            }
        };
        let mut search: Search<G> = Search::new(cfg.clone(), state.clone());
        let mut noise_rng = SmallRng::seed_from_u64(rng.random());
        let round = if timed.is_some() {
            TIMED_ROUND
        } else {
            cfg.simulations
        };
        search.start(round, None, &mut noise_rng);
        let mut total = 0;
        loop {
            search_one(
                &self.game,
                &mut search,
                &mut self.evaluator,
                cfg.leaves_per_game,
                &mut noise_rng,
            );
            total += search.simulations();
            match timed {
                Some(deadline) if Instant::now() < deadline => {
                    // The tree is kept: another round adds to the same root.
                    search.start(TIMED_ROUND, None, &mut noise_rng);
                }
                _ => break,
            }
        }
        let action = search
            .result()
            .gumbel_action
            .or_else(|| search.sample_by_visits(0.0, rng))
            .expect("a legal action at a position that is not over");
        (search, action, total)
    }
}

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// Whether `budget` asks for the evaluator alone: the default budget of an agent of 0
    /// simulations (`nn:model=PATH,sims=0`).
    fn alone(&self, budget: Budget) -> bool {
        matches!(budget, Budget::Default) && self.cfg.simulations == 0 && self.clock.is_none()
    }

    /// The evaluator alone, without a search: the legal action of the highest prior (the
    /// first of equals), the evaluator's value, and its priors over the legal actions.
    fn evaluate_alone(&mut self, state: &G::State) -> Analysis {
        let mut out = Vec::with_capacity(1);
        self.evaluator
            .evaluate(&self.game, std::slice::from_ref(state), &mut out);
        let e = out[0];
        let legal: Vec<Action> = state.legal_mask().iter().collect();
        let total: f32 = legal.iter().map(|&a| e.priors[usize::from(a)]).sum();
        let action = legal
            .iter()
            .copied()
            .reduce(|best, a| {
                if e.priors[usize::from(a)] > e.priors[usize::from(best)] {
                    a
                } else {
                    best
                }
            })
            .expect("a legal action at a position that is not over");
        Analysis {
            action,
            value: Some(e.value),
            policy: legal
                .iter()
                .map(|&a| (a, e.priors[usize::from(a)] / total.max(f32::MIN_POSITIVE)))
                .collect(),
            simulations: 0,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for SearchAgent<G, E> {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        if self.alone(Budget::Default) {
            let a = self.evaluate_alone(state);
            return Choice {
                action: a.action,
                value: a.value,
            };
        }
        let (search, action, _) = self.search(state, Budget::Default, rng);
        Choice {
            action,
            value: Some(search.result().root_value),
        }
    }

    fn analyse(&mut self, state: &G::State, budget: Budget, rng: &mut SmallRng) -> Analysis {
        if self.alone(budget) {
            return self.evaluate_alone(state);
        }
        let (search, action, simulations) = self.search(state, budget, rng);
        let result = search.result();
        Analysis {
            action,
            value: Some(result.root_value),
            policy: state
                .legal_mask()
                .iter()
                .map(|a| (a, result.policy[usize::from(a)]))
                .collect(),
            simulations,
        }
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::Oware;

    use super::*;
    use crate::tests::winning_capture;
    use crate::{AgentSpec, Prepared};

    fn mcts(sims: u32) -> Prepared {
        Prepared::without_files(
            AgentSpec::Mcts {
                sims,
                c: 2.0,
                millis: None,
            },
            &SearchConfig::default(),
        )
        .unwrap()
    }

    #[test]
    fn an_agent_on_a_clock_searches_rounds_until_its_time_is_up() {
        let g = Oware::default();
        let s = winning_capture();
        let spec: AgentSpec = "mcts:ms=40".parse().unwrap();
        let mut agent = Prepared::without_files(spec, &SearchConfig::default())
            .unwrap()
            .build(&g, 3);
        let mut rng = SmallRng::seed_from_u64(2);
        let start = Instant::now();
        let a = agent.analyse(&s, Budget::Default, &mut rng);
        // Whole rounds, at least one, and not done before the clock ran out.
        assert!(a.simulations >= TIMED_ROUND && a.simulations % TIMED_ROUND == 0);
        assert!(start.elapsed() >= Duration::from_millis(40));
        assert_eq!(s.action_to_string(a.action), "F");
        // A budget asked for overrides the clock.
        let a = agent.analyse(&s, Budget::Simulations(10), &mut rng);
        assert_eq!(a.simulations, 10);
        // A clock on an agent of no simulations still searches.
        let mut bare = SearchAgent::new(
            g,
            SearchConfig {
                simulations: 0,
                ..SearchConfig::default()
            },
            Leaning(0),
        )
        .on_clock(Some(5));
        let a = bare.analyse(&s, Budget::Default, &mut rng);
        assert!(a.simulations >= TIMED_ROUND, "{a:?}");
    }

    #[test]
    fn mcts_agent_takes_the_winning_capture() {
        let g = Oware::default();
        let mut agent = mcts(400).build(&g, 3);
        let s = winning_capture();
        let mut rng = SmallRng::seed_from_u64(2);
        let c = agent.choose(&s, &mut rng);
        assert_eq!(s.action_to_string(c.action), "F");
        assert!(c.value.unwrap() > 0.5, "{:?}", c.value);
    }

    #[test]
    fn a_search_analysis_covers_the_legal_moves_within_its_budget() {
        let g = Oware::default();
        let s = winning_capture();
        let mut agent = mcts(50).build(&g, 3);
        let mut rng = SmallRng::seed_from_u64(2);
        let legal: Vec<Action> = s.legal_mask().iter().collect();
        for (budget, sims) in [(Budget::Default, 50), (Budget::Simulations(300), 300)] {
            let a = agent.analyse(&s, budget, &mut rng);
            assert_eq!(a.simulations, sims);
            let moves: Vec<Action> = a.policy.iter().map(|&(m, _)| m).collect();
            assert_eq!(moves, legal);
            let total: f32 = a.policy.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-4, "{total}");
            // The most visited move is the one played.
            let top = a.policy.iter().map(|&(_, p)| p).fold(0.0, f32::max);
            assert!(a.policy.contains(&(a.action, top)), "{a:?}");
        }
        // On a clock the search runs whole rounds until the time is up.
        let a = agent.analyse(&s, Budget::Millis(30), &mut rng);
        assert!(a.simulations >= TIMED_ROUND && a.simulations % TIMED_ROUND == 0);
        assert_eq!(s.action_to_string(a.action), "F");
    }

    /// Priors that favour one action by index, and a fixed value.
    struct Leaning(usize);

    impl<G: Game> Evaluator<G> for Leaning {
        fn evaluate(
            &mut self,
            _: &G,
            states: &[G::State],
            out: &mut Vec<mankala_search::evaluator::Evaluation>,
        ) {
            out.clear();
            let mut priors = [0.1; mankala_engine::MAX_ACTIONS];
            priors[self.0] = 0.5;
            out.extend(
                states
                    .iter()
                    .map(|_| mankala_search::evaluator::Evaluation {
                        priors,
                        value: -0.25,
                    }),
            );
        }
    }

    #[test]
    fn an_agent_of_no_simulations_plays_its_evaluators_highest_prior() {
        let g = Oware::default();
        let s = winning_capture();
        let legal: Vec<Action> = s.legal_mask().iter().collect();
        let mut rng = SmallRng::seed_from_u64(2);
        for &favoured in &legal {
            let cfg = SearchConfig {
                simulations: 0,
                ..SearchConfig::default()
            };
            let mut agent = SearchAgent::new(g, cfg, Leaning(usize::from(favoured)));
            let c = agent.choose(&s, &mut rng);
            assert_eq!((c.action, c.value), (favoured, Some(-0.25)));
            let a = agent.analyse(&s, Budget::Default, &mut rng);
            assert_eq!((a.action, a.simulations), (favoured, 0));
            let total: f32 = a.policy.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-5, "{total}");
            assert_eq!(a.policy.len(), legal.len());
            // A budget of simulations searches instead.
            let a = agent.analyse(&s, Budget::Simulations(20), &mut rng);
            assert_eq!(a.simulations, 20);
        }
    }
}
