//! Self-play games: move choice, exploration, and the rows each game leaves behind.

use mankala_engine::{Action, Encoder, Game, GameResult, MAX_ACTIONS, Player, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use mankala_config::{SearchConfig, SelfplayConfig};
use mankala_data::Row;
use mankala_search::batch::Driver;
use mankala_search::game_seed;
use mankala_search::mcts::{RootExploration, Search, sample_tempered};

/// Everything a self-play game needs besides its game.
#[derive(Clone, Debug)]
pub struct Settings {
    /// MCTS settings.
    pub search: SearchConfig,
    /// Exploration, move choice and resignation.
    pub selfplay: SelfplayConfig,
    /// The run these games belong to.
    pub run_id: String,
    /// The loop generation (0 outside the loop).
    pub generation: u32,
    /// The run's seed; game `i` draws from a generator seeded by it and `i`.
    pub seed: u64,
    /// The encoding version of the rows' features (`[network] encoding`).
    pub encoding: u32,
}

/// A decision waiting for its game's result.
#[derive(Clone, Debug)]
struct Decision {
    ply: u32,
    to_move: Player,
    features: Vec<f32>,
    legal: Vec<bool>,
    policy: Vec<f32>,
    root_value: f32,
    simulations: u32,
    full_search: bool,
    /// The action played from this position (none when its player resigned there, or a
    /// side position's search ended its line).
    action: Option<Action>,
    /// A side position, off the game's path; its value target is its search's root value.
    side: bool,
    /// KL divergence of the policy target from the root priors the search used.
    surprise: f32,
    /// Searched as a decided position (`decided_threshold`): fast, and weighed
    /// `decided_weight`.
    decided: bool,
}

/// A game that has ended, with its rows.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The game's id.
    pub game_id: u64,
    /// One row per decision.
    pub rows: Vec<Row>,
    /// The result from South's view: +1, 0, -1.
    pub outcome: i8,
    /// The result's name (see [`Row::result`]).
    pub result: String,
    /// Plies played.
    pub length: u32,
}

/// One self-play game in progress.
#[derive(Debug)]
pub struct SelfplayGame<'a, G: Game> {
    game: &'a G,
    settings: &'a Settings,
    encoder: Encoder,
    game_id: u64,
    rng: SmallRng,
    state: G::State,
    search: Search<G>,
    decisions: Vec<Decision>,
    full: bool,
    /// The position now searched is decided (`decided_threshold`).
    decided: bool,
    /// The game's latest searches on its path, in a row, that valued their positions at
    /// least `decided_threshold` from even.
    confident: u32,
    /// Consecutive own moves each player has judged lost beyond the resignation threshold.
    hopeless: [u32; 2],
    resigned: Option<Player>,
    /// Positions off the game's path waiting for their searches (`side_position_prob`).
    sides: Vec<G::State>,
    /// Where the game itself ended, once it has; `state` then holds a side position.
    ended: Option<G::State>,
    /// The game and its side positions' searches are done.
    over: bool,
}

/// South's final seed margin in `state`, where a game ended: South's final seeds less North's
/// as the variant's end rule counts them, or in a game stopped before its end (a
/// resignation) the seeds each player holds (store, own holes, hand).
pub fn final_margin<S: State>(state: &S) -> i16 {
    let [south, north] = match state.outcome() {
        Some(o) => o.scores,
        None => {
            let s = state.snapshot();
            let half = s.pits.len() / 2;
            let side =
                |p: usize, holes: &[u32]| s.stores[p] + s.in_hand[p] + holes.iter().sum::<u32>();
            [side(0, &s.pits[..half]), side(1, &s.pits[half..])]
        }
    };
    let margin = i64::from(south) - i64::from(north);
    margin.clamp(i64::from(i16::MIN), i64::from(i16::MAX)) as i16
}

/// The move choice's temperature at `ply` (`temperature`, `temperature_plies`,
/// `temperature_half_life` and `final_temperature`).
pub fn move_temperature(sp: &SelfplayConfig, ply: u32) -> f32 {
    if ply >= sp.temperature_plies {
        sp.final_temperature
    } else if sp.temperature_half_life > 0.0 {
        let decay = 0.5f32.powf(ply as f32 / sp.temperature_half_life);
        sp.final_temperature + (sp.temperature - sp.final_temperature) * decay
    } else {
        sp.temperature
    }
}

/// An action drawn with probability proportional to `policy[a]^(1/t)`; `None` when the
/// policy gives no action any weight.
fn sample_policy(policy: &[f32; MAX_ACTIONS], t: f32, rng: &mut SmallRng) -> Option<Action> {
    let weights: Vec<(Action, f64)> = (0..MAX_ACTIONS)
        .filter(|&a| policy[a] > 0.0)
        .map(|a| (a as Action, policy[a] as f64))
        .collect();
    sample_tempered(&weights, t, rng)
}

/// How far a search's policy target moved from the root priors it searched with: the KL
/// divergence `sum target[a] * ln(target[a] / prior[a])` in nats, a prior of 0 counted as 1e-8.
pub fn policy_surprise(target: &[f32], priors: &[f32]) -> f32 {
    target
        .iter()
        .zip(priors)
        .filter(|&(&t, _)| t > 0.0)
        .map(|(&t, &p)| t * (t / p.max(1e-8)).ln())
        .sum::<f32>()
        .max(0.0)
}

/// The training weights of a game's rows under policy-surprise weighting with share
/// `lambda` (KataGo's): a row with `Some(surprise)` takes `(1 - lambda) + lambda * n *
/// surprise / total`, `n` being the number of such rows and `total` their summed surprise,
/// so that their weights still sum to `n`; a row with `None` (a fast search's, a side
/// position's) weighs 1, as every row does when `lambda` is 0 or no row was surprising.
pub fn surprise_weights(surprise: &[Option<f32>], lambda: f32) -> Vec<f32> {
    let n = surprise.iter().flatten().count() as f32;
    let total: f32 = surprise.iter().flatten().sum();
    if lambda <= 0.0 || total.is_nan() || total <= 0.0 {
        return vec![1.0; surprise.len()];
    }
    surprise
        .iter()
        .map(|s| s.map_or(1.0, |s| (1.0 - lambda) + lambda * n * s / total))
        .collect()
}

impl<'a, G: Game> SelfplayGame<'a, G> {
    /// A new game from the variant's start.
    pub fn new(game: &'a G, settings: &'a Settings, game_id: u64) -> Self {
        let state = game.initial_state();
        let mut g = SelfplayGame {
            game,
            settings,
            encoder: Encoder::new(game, settings.encoding)
                .expect("the encoding version is checked with the config"),
            game_id,
            rng: SmallRng::seed_from_u64(game_seed(settings.seed, game_id)),
            search: Search::new(settings.search.clone(), state.clone()),
            state,
            decisions: Vec::new(),
            full: true,
            decided: false,
            confident: 0,
            hopeless: [0; 2],
            resigned: None,
            sides: Vec::new(),
            ended: None,
            over: false,
        };
        g.start_move();
        g
    }

    /// Starts the search of the position in `state`: a full one in a side position, a fast
    /// one in a decided position, else as playout cap randomization draws.
    fn start_move(&mut self) {
        let sp = &self.settings.selfplay;
        self.decided = self.ended.is_none()
            && sp.decided_threshold.is_some()
            && self.state.ply() >= sp.random_plies
            && self.confident >= sp.decided_lookback;
        self.full = self.ended.is_some()
            || (!self.decided
                && (sp.full_search_prob >= 1.0 || self.rng.random::<f32>() < sp.full_search_prob));
        let (sims, root) = if self.full {
            let root = RootExploration {
                dirichlet: (sp.dirichlet_weight > 0.0)
                    .then_some((sp.dirichlet_total, sp.dirichlet_weight)),
                policy_temperature: sp.root_policy_temperature,
                forced_playouts: sp.forced_playouts,
            };
            (self.settings.search.simulations, root)
        } else {
            (sp.fast_simulations, RootExploration::PLAIN)
        };
        self.search.start_exploring(sims, root, &mut self.rng);
    }

    fn choose(&mut self, result: &mankala_search::mcts::SearchResult) -> Action {
        let sp = &self.settings.selfplay;
        if self.state.ply() < sp.random_plies {
            let mask = self.state.legal_mask();
            return mask
                .nth(self.rng.random_range(0..mask.count()))
                .expect("a legal move at a non-terminal root");
        }
        let t = move_temperature(sp, self.state.ply());
        if let Some(a) = result.gumbel_action {
            // Gumbel search: the Sequential Halving winner, or while a temperature is on,
            // a draw from the improved policy (its targets) at that temperature.
            if t <= 1e-3 {
                return a;
            }
            return sample_policy(&result.policy, t, &mut self.rng).unwrap_or(a);
        }
        self.search
            .sample_by_visits(t, &mut self.rng)
            .expect("a legal move at a non-terminal root")
    }

    fn finish(&self) -> FinishedGame {
        let end = self.ended.as_ref().unwrap_or(&self.state);
        let (outcome, result) = match (self.resigned, end.outcome()) {
            (Some(p), _) => {
                let winner = p.other();
                (
                    if winner == Player::South { 1 } else { -1 },
                    format!("{}-resign", winner.name()),
                )
            }
            (None, Some(o)) => {
                let v = match o.result {
                    GameResult::Win(Player::South) => 1,
                    GameResult::Win(Player::North) => -1,
                    GameResult::Draw | GameResult::Capped(_) => 0,
                };
                (v, o.result_name().to_string())
            }
            (None, None) => unreachable!("finish is called on finished games"),
        };
        let length = end.ply();
        let south_margin = final_margin(end);
        let surprise: Vec<Option<f32>> = self
            .decisions
            .iter()
            .map(|d| (d.full_search && !d.side).then_some(d.surprise))
            .collect();
        let weights = surprise_weights(&surprise, self.settings.selfplay.policy_surprise_weight);
        let rows = self
            .decisions
            .iter()
            .zip(weights)
            .map(|(d, weight)| Row {
                weight: if d.decided {
                    self.settings.selfplay.decided_weight
                } else {
                    weight
                },
                run_id: self.settings.run_id.clone(),
                generation: self.settings.generation,
                game_id: self.game_id,
                ply: d.ply,
                to_move: d.to_move.index() as u8,
                features: d.features.clone(),
                legal: d.legal.clone(),
                policy: d.policy.clone(),
                value_target: match (d.side, d.to_move) {
                    (true, _) => d.root_value,
                    (false, Player::South) => outcome as f32,
                    (false, Player::North) => -outcome as f32,
                },
                root_value: d.root_value,
                simulations: d.simulations,
                full_search: d.full_search,
                outcome,
                result: result.clone(),
                game_length: length,
                action: d.action,
                margin: (!d.side).then_some(if d.to_move == Player::South {
                    south_margin
                } else {
                    -south_margin
                }),
                side: d.side,
            })
            .collect();
        FinishedGame {
            game_id: self.game_id,
            rows,
            outcome,
            result,
            length,
        }
    }

    /// Whether the game has ended (by the rules, a cap, or resignation) and its side
    /// positions are searched.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// With `side_position_prob`, after a full search past the random plies: a position off
    /// the game's path, reached by a move other than `played` drawn from the root's priors
    /// (one time in twenty uniformly), kept for a search after the game.
    fn maybe_branch(&mut self, played: Action) {
        let sp = &self.settings.selfplay;
        if sp.side_position_prob <= 0.0
            || !self.full
            || self.state.ply() < sp.random_plies
            || self.rng.random::<f32>() >= sp.side_position_prob
        {
            return;
        }
        let mut priors = self.search.root_priors();
        let mask = self.state.legal_mask();
        let uniform = self.rng.random::<f32>() < 0.05;
        for (a, p) in priors.iter_mut().enumerate() {
            *p = if a == played as usize || !mask.contains(a as Action) {
                0.0
            } else if uniform {
                1.0
            } else {
                p.max(1e-6)
            };
        }
        if let Some(side) = sample_policy(&priors, 1.0, &mut self.rng) {
            let mut next = self.state.clone();
            next.play_unchecked(side);
            if !next.is_terminal() {
                self.sides.push(next);
            }
        }
    }

    /// The game itself is over: search the side positions, if any. Returns whether a search
    /// was started.
    fn end_game(&mut self) -> bool {
        if self.ended.is_none() {
            self.ended = Some(self.state.clone());
        }
        self.next_side()
    }

    /// Starts the next side position's search; `false` when none is left.
    fn next_side(&mut self) -> bool {
        let Some(side) = self.sides.pop() else {
            self.over = true;
            return false;
        };
        self.search = Search::new(self.settings.search.clone(), side.clone());
        self.state = side;
        self.start_move();
        true
    }

    /// A side position's search is done: with `side_position_continue`, play its choice and
    /// search on from there, else go to the next side position.
    fn side_done(&mut self, result: &mankala_search::mcts::SearchResult) -> bool {
        if self.rng.random::<f32>() < self.settings.selfplay.side_position_continue {
            let action = result.gumbel_action.or_else(|| {
                let t = self.settings.selfplay.final_temperature;
                self.search.sample_by_visits(t, &mut self.rng)
            });
            if let Some(action) = action
                && self.play(action)
            {
                return true;
            }
        }
        self.next_side()
    }

    /// Plays `action` from the position last searched, recording it on that decision, and
    /// starts the next position's search; `false` (no search started) when the game ends.
    fn play(&mut self, action: Action) -> bool {
        if let Some(d) = self.decisions.last_mut() {
            d.action = Some(action);
        }
        self.state.play_unchecked(action);
        if self.state.is_terminal() {
            return false;
        }
        self.search.advance(action, self.state.clone());
        self.start_move();
        true
    }

    /// The finished game's rows.
    ///
    /// # Panics
    /// If the game is not over.
    pub fn into_finished(self) -> FinishedGame {
        assert!(self.is_over(), "game {} is not over", self.game_id);
        self.finish()
    }
}

impl<G: Game> Driver<G> for SelfplayGame<'_, G> {
    fn parts(&mut self) -> (&mut Search<G>, &mut SmallRng) {
        (&mut self.search, &mut self.rng)
    }

    fn search_done(&mut self) -> bool {
        let result = self.search.result();
        let n = self.game.num_actions();
        let mask = self.state.legal_mask();
        let mut features = vec![0.0; self.encoder.len()];
        self.encoder.encode(&self.state, &mut features);
        let mover = self.state.to_move();
        let policy = &result.policy[..n.min(MAX_ACTIONS)];
        // Only policy-surprise weighting reads it: no KL on every move without it.
        let surprise = if self.settings.selfplay.policy_surprise_weight > 0.0 {
            policy_surprise(policy, &self.search.root_priors()[..policy.len()])
        } else {
            0.0
        };
        self.decisions.push(Decision {
            ply: self.state.ply(),
            to_move: mover,
            features,
            legal: mask.to_vec(n),
            policy: policy.to_vec(),
            root_value: result.root_value,
            simulations: self.search.simulations(),
            full_search: self.full,
            action: None,
            side: self.ended.is_some(),
            surprise,
            decided: self.decided,
        });
        if self.ended.is_some() {
            return self.side_done(&result);
        }
        if let Some(threshold) = self.settings.selfplay.decided_threshold {
            self.confident = if result.root_value.abs() >= threshold {
                self.confident + 1
            } else {
                0
            };
        }
        if let Some(threshold) = self.settings.selfplay.resign_threshold {
            let h = &mut self.hopeless[mover.index()];
            *h = if result.root_value < -threshold {
                *h + 1
            } else {
                0
            };
            if *h >= self.settings.selfplay.resign_consecutive {
                self.resigned = Some(mover);
                return self.end_game();
            }
        }
        let action = self.choose(&result);
        self.maybe_branch(action);
        self.play(action) || self.end_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(weights: &[(usize, f32)]) -> [f32; MAX_ACTIONS] {
        let mut p = [0f32; MAX_ACTIONS];
        for &(a, w) in weights {
            p[a] = w;
        }
        p
    }

    /// How often each action is drawn in `n` draws.
    fn counts(p: &[f32; MAX_ACTIONS], t: f32, n: usize) -> Vec<usize> {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut c = vec![0; MAX_ACTIONS];
        for _ in 0..n {
            c[sample_policy(p, t, &mut rng).expect("an action") as usize] += 1;
        }
        c
    }

    #[test]
    fn sample_policy_draws_in_proportion_to_the_tempered_policy() {
        let p = policy(&[(1, 0.2), (4, 0.8)]);
        let n = 40_000;
        let at_one = counts(&p, 1.0, n);
        assert_eq!(at_one[1] + at_one[4], n, "only actions of positive weight");
        let share = at_one[4] as f64 / n as f64;
        assert!((share - 0.8).abs() < 0.01, "share {share} at t = 1");
        // At t = 0.5 the weights are squared: 0.64 and 0.04, so 0.64 / 0.68 of the draws.
        let sharper = counts(&p, 0.5, n)[4] as f64 / n as f64;
        assert!(
            (sharper - 0.64 / 0.68).abs() < 0.01,
            "share {sharper} at t = 0.5"
        );
    }

    #[test]
    fn policy_surprise_is_the_kl_divergence_of_the_target_from_the_priors() {
        assert_eq!(policy_surprise(&[0.5, 0.5, 0.0], &[0.5, 0.5, 0.0]), 0.0);
        // All on an action the priors gave 0.25: ln 4.
        let s = policy_surprise(&[0.0, 1.0, 0.0], &[0.5, 0.25, 0.25]);
        assert!((s - 4f32.ln()).abs() < 1e-6, "{s}");
        // 0.5 ln(0.5 / 0.8) + 0.5 ln(0.5 / 0.2).
        let s = policy_surprise(&[0.5, 0.5], &[0.8, 0.2]);
        let want = 0.5 * (0.5f32 / 0.8).ln() + 0.5 * (0.5f32 / 0.2).ln();
        assert!((s - want).abs() < 1e-6, "{s} against {want}");
        // A target on an action of prior 0 is very surprising, and finite.
        let s = policy_surprise(&[1.0, 0.0], &[0.0, 1.0]);
        assert!(s.is_finite() && s > 18.0, "{s}");
    }

    #[test]
    fn surprise_weights_move_weight_to_surprising_rows_and_keep_the_games_total() {
        let rows = [Some(0.1), None, Some(0.3), Some(0.0), None, Some(0.4)];
        assert_eq!(surprise_weights(&rows, 0.0), [1.0; 6]);
        let w = surprise_weights(&rows, 0.5);
        // Four weighted rows of total surprise 0.8: 0.5 + 0.5 * 4 * s / 0.8 = 0.5 + 2.5 s.
        let want = [0.75, 1.0, 1.25, 0.5, 1.0, 1.5];
        for (k, (&got, want)) in w.iter().zip(want).enumerate() {
            assert!((got - want).abs() < 1e-6, "row {k}: {got} against {want}");
        }
        assert!((w.iter().sum::<f32>() - 6.0).abs() < 1e-5);
        // All of it by surprise: an unsurprising row is never drawn.
        let all = surprise_weights(&rows, 1.0);
        assert_eq!(all[3], 0.0);
        assert!((all.iter().sum::<f32>() - 6.0).abs() < 1e-5);
        // No surprise anywhere: nothing to go by.
        assert_eq!(surprise_weights(&[Some(0.0), Some(0.0)], 0.5), [1.0, 1.0]);
    }

    #[test]
    fn the_temperature_steps_down_or_decays_by_its_half_life() {
        let mut sp = SelfplayConfig {
            temperature: 1.0,
            temperature_plies: 30,
            final_temperature: 0.2,
            ..SelfplayConfig::default()
        };
        // No half-life: the step at `temperature_plies`.
        assert_eq!(
            [0, 29, 30, 100].map(|p| move_temperature(&sp, p)),
            [1.0, 1.0, 0.2, 0.2]
        );
        // A half-life of 5 plies: 0.2 + 0.8 * 0.5^(p / 5) before ply 30.
        sp.temperature_half_life = 5.0;
        let got = [0, 5, 10, 29, 30].map(|p| move_temperature(&sp, p));
        let want = [1.0, 0.6, 0.4, 0.2 + 0.8 * 0.5f32.powf(5.8), 0.2];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-6, "{got:?} against {want:?}");
        }
    }

    #[test]
    fn sample_policy_refuses_a_policy_without_weight() {
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(sample_policy(&policy(&[]), 1.0, &mut rng), None);
        assert_eq!(sample_policy(&policy(&[(7, 1.0)]), 2.0, &mut rng), Some(7));
    }
}
