//! Evaluators: what the search asks about a position it has not seen (priors over the legal
//! actions and a value). The search knows nothing of batching; [`crate::batch`] gathers
//! leaves from many games into one [`Evaluator::evaluate`] call.

use std::hash::Hasher;

use mankala_config::FirstEvaluator;
use mankala_engine::{Encoder, Game, MAX_ACTIONS, State};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::service::InferenceService;

/// Priors and value of one position.
#[derive(Clone, Copy, Debug)]
pub struct Evaluation {
    /// Probability of each action (illegal actions are ignored; legal ones need not sum to 1:
    /// the search normalizes over the legal ones).
    pub priors: [f32; MAX_ACTIONS],
    /// Expected result for the player to move, in [-1, 1].
    pub value: f32,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation {
            priors: [0.0; MAX_ACTIONS],
            value: 0.0,
        }
    }
}

/// Evaluates batches of positions. One evaluator serves one worker thread; a network
/// evaluator shares its model between clones.
pub trait Evaluator<G: Game>: Send {
    /// Writes one evaluation per state into `out` (cleared first). No state is terminal.
    fn evaluate(&mut self, game: &G, states: &[G::State], out: &mut Vec<Evaluation>);
}

/// Uniform priors and a value of 0: search guided by nothing but the game's end.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformEvaluator;

fn uniform_priors<S: State>(s: &S) -> [f32; MAX_ACTIONS] {
    let mask = s.legal_mask();
    let p = 1.0 / mask.count().max(1) as f32;
    let mut priors = [0.0; MAX_ACTIONS];
    for a in mask.iter() {
        priors[a as usize] = p;
    }
    priors
}

impl<G: Game> Evaluator<G> for UniformEvaluator {
    fn evaluate(&mut self, _game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        out.clear();
        out.extend(states.iter().map(|s| Evaluation {
            priors: uniform_priors(s),
            value: 0.0,
        }));
    }
}

/// Uniform priors and the result of random playouts from the position.
///
/// Each position's playouts are seeded from the position itself and the evaluator's seed,
/// so a result does not depend on which other positions share the batch.
#[derive(Clone, Debug)]
pub struct RolloutEvaluator {
    /// Seed mixed into every playout.
    pub seed: u64,
    /// Playouts averaged per position.
    pub rollouts: u32,
}

impl RolloutEvaluator {
    /// One playout per position.
    pub fn new(seed: u64) -> Self {
        RolloutEvaluator { seed, rollouts: 1 }
    }
}

/// A small fast hasher (the Fx hash of rustc) for seeding playouts from positions.
struct FxHasher(u64);

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Plays uniformly random actions to the end; the result for `player`.
pub fn random_playout<S: State>(mut s: S, rng: &mut SmallRng) -> f32 {
    let player = s.to_move();
    loop {
        let mask = s.legal_mask();
        if mask.is_empty() {
            return s.outcome().map_or(0.0, |o| o.value_for(player));
        }
        let a = mask
            .nth(rng.random_range(0..mask.count()))
            .expect("a legal action");
        s.play_unchecked(a);
    }
}

/// A generator for the playouts from `s`, seeded from the position itself and `seed`.
fn playout_rng<S: State>(s: &S, seed: u64) -> SmallRng {
    let mut h = FxHasher(0);
    s.hash(&mut h);
    SmallRng::seed_from_u64(h.finish() ^ seed)
}

impl<G: Game> Evaluator<G> for RolloutEvaluator {
    fn evaluate(&mut self, _game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        out.clear();
        for s in states {
            let mut rng = playout_rng(s, self.seed);
            let total: f32 = (0..self.rollouts)
                .map(|_| random_playout(s.clone(), &mut rng))
                .sum();
            out.push(Evaluation {
                priors: uniform_priors(s),
                value: total / self.rollouts as f32,
            });
        }
    }
}

/// A policy-value network: batched inference on the CPU. Clones share the weights, so every
/// worker thread gets its own clone of one loaded model.
#[derive(Clone, Debug)]
pub struct NetworkEvaluator {
    net: mankala_models::PolicyValueNet,
    device: burn::tensor::Device,
    encoding: u32,
    /// The encoder of the game last evaluated, made once rather than per batch, with what
    /// it depends on (variant, length of its own encoding, seeds).
    encoder: Option<((&'static str, usize, u32), Encoder)>,
    /// The weight of one random playout in each value, and the playouts' seed
    /// ([`NetworkEvaluator::with_playouts`]); `None`: the network's value alone.
    playouts: Option<(f32, u64)>,
    /// The weight of the score head's output in each value ([`NetworkEvaluator::with_score`]).
    score_mix: f32,
    /// The inference service the leaves go to ([`NetworkEvaluator::served`]); `None`: this
    /// thread runs them itself.
    service: Option<InferenceService>,
}

impl NetworkEvaluator {
    /// An evaluator running `net`, which reads positions in encoding `encoding` (its model
    /// file's `encoding_version`), on the CPU device.
    pub fn new(net: mankala_models::PolicyValueNet, encoding: u32) -> Self {
        NetworkEvaluator {
            net,
            device: mankala_models::device(),
            encoding,
            encoder: None,
            playouts: None,
            score_mix: 0.0,
            service: None,
        }
    }

    /// The same evaluator sending its leaves to `service` (which runs the same network)
    /// rather than running them itself; its clones share the service.
    pub fn served(mut self, service: Option<InferenceService>) -> Self {
        self.service = service;
        self
    }

    /// The inference service it sends its leaves to, if any.
    pub fn service(&self) -> Option<&InferenceService> {
        self.service.as_ref()
    }

    /// The same evaluator with each value mixed with the network's score head:
    /// `(1 - weight) * value + weight * score` (`[search] score_mix`, KataGo's score utility),
    /// before any playout is mixed in. A weight of 0 leaves the value alone.
    ///
    /// # Panics
    /// For a weight above 0 where the network has no score head: configs and agents refuse
    /// that before an evaluator is made.
    pub fn with_score(mut self, weight: f32) -> Self {
        if let Err(e) = self.net.check_score_mix(weight) {
            panic!("{e}");
        }
        self.score_mix = weight;
        self
    }

    /// The same evaluator with each value mixed with the result of one random playout from
    /// the position: `(1 - weight) * network + weight * playout`, AlphaGo's mixed leaf
    /// evaluation (`[search] rollout_mix`). The playout is seeded from the position and
    /// `seed`, as [`RolloutEvaluator`]'s are. A weight of 0 leaves the network's value alone.
    pub fn with_playouts(mut self, weight: f32, seed: u64) -> Self {
        self.playouts = (weight > 0.0).then_some((weight, seed));
        self
    }
}

impl<G: Game> Evaluator<G> for NetworkEvaluator {
    fn evaluate(&mut self, game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        out.clear();
        if states.is_empty() {
            return;
        }
        let key = (game.name(), game.encoding_len(), game.total_seeds());
        if self.encoder.as_ref().is_none_or(|(k, _)| *k != key) {
            let encoder = Encoder::new(game, self.encoding)
                .expect("a model's encoding is checked on loading");
            self.encoder = Some((key, encoder));
        }
        let (_, encoder) = self.encoder.as_ref().expect("made above");
        let (enc, n) = (encoder.len(), game.num_actions());
        // Both go to `infer` by value (the features become its input tensor as they are).
        let mut features = vec![0.0; states.len() * enc];
        let mut legal = vec![0.0; states.len() * n];
        for (i, s) in states.iter().enumerate() {
            encoder.encode(s, &mut features[i * enc..(i + 1) * enc]);
            for a in s.legal_mask().iter() {
                legal[i * n + a as usize] = 1.0;
            }
        }
        let (p, mut v, score) = match &self.service {
            Some(service) => service.infer(features, legal, states.len()),
            None => mankala_models::net::infer_heads(
                &self.net,
                &self.device,
                features,
                legal,
                states.len(),
            ),
        };
        if let (Some(score), w) = (score, self.score_mix)
            && w > 0.0
        {
            for (v, s) in v.iter_mut().zip(score) {
                *v = (1.0 - w) * *v + w * s;
            }
        }
        for (i, (value, s)) in v.iter().zip(states).enumerate() {
            let value = match self.playouts {
                Some((w, seed)) => {
                    (1.0 - w) * value + w * random_playout(s.clone(), &mut playout_rng(s, seed))
                }
                None => *value,
            };
            let mut e = Evaluation {
                priors: [0.0; MAX_ACTIONS],
                value,
            };
            e.priors[..n].copy_from_slice(&p[i * n..(i + 1) * n]);
            out.push(e);
        }
    }
}

/// One of the evaluators, chosen at run time (e.g. from the command line).
#[derive(Clone, Debug)]
pub enum AnyEvaluator {
    /// [`UniformEvaluator`].
    Uniform(UniformEvaluator),
    /// [`RolloutEvaluator`].
    Rollout(RolloutEvaluator),
    /// [`NetworkEvaluator`] (boxed: its network is large beside the others).
    Network(Box<NetworkEvaluator>),
}

impl AnyEvaluator {
    /// The evaluator searched with before there is a network (`[loop] first_evaluator`).
    pub fn without_network(kind: FirstEvaluator, seed: u64) -> AnyEvaluator {
        match kind {
            FirstEvaluator::Uniform => AnyEvaluator::Uniform(UniformEvaluator),
            FirstEvaluator::Rollout => AnyEvaluator::Rollout(RolloutEvaluator::new(seed)),
        }
    }

    /// The copy worker `w` uses: rollouts get a seed of their own, a network shares weights.
    pub fn for_worker(&self, w: usize) -> AnyEvaluator {
        match self {
            AnyEvaluator::Rollout(r) => AnyEvaluator::Rollout(RolloutEvaluator {
                seed: r.seed ^ (w as u64).wrapping_mul(0x9E37_79B9),
                rollouts: r.rollouts,
            }),
            other => other.clone(),
        }
    }
}

impl<G: Game> Evaluator<G> for AnyEvaluator {
    fn evaluate(&mut self, game: &G, states: &[G::State], out: &mut Vec<Evaluation>) {
        match self {
            AnyEvaluator::Uniform(e) => Evaluator::<G>::evaluate(e, game, states, out),
            AnyEvaluator::Rollout(e) => Evaluator::<G>::evaluate(e, game, states, out),
            AnyEvaluator::Network(e) => Evaluator::<G>::evaluate(e.as_mut(), game, states, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mankala_config::NetworkConfig;
    use mankala_engine::variants::Oware;
    use mankala_models::{NetInputs, PolicyValueNet};

    /// A few Oware positions along one random game, none terminal.
    fn positions(g: &Oware) -> Vec<<Oware as Game>::State> {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut s = g.initial_state();
        let mut out = Vec::new();
        while out.len() < 12 && !s.legal_mask().is_empty() {
            out.push(s.clone());
            let mask = s.legal_mask();
            s.play_unchecked(mask.nth(rng.random_range(0..mask.count())).unwrap());
        }
        out
    }

    /// Oware and a fresh network of shape `cfg` reading encoding 2.
    fn oware_net(cfg: NetworkConfig) -> (Oware, PolicyValueNet) {
        let g = Oware::default();
        let inputs = NetInputs::of(&g, 2).unwrap();
        let net = PolicyValueNet::new(&cfg, &inputs, &mankala_models::device());
        (g, net)
    }

    fn evaluations<E: Evaluator<Oware>>(e: &mut E, g: &Oware) -> Vec<Evaluation> {
        let mut out = Vec::new();
        e.evaluate(g, &positions(g), &mut out);
        out
    }

    #[test]
    fn a_rollout_mix_weighs_the_network_value_against_one_seeded_playout() {
        let (g, net) = oware_net(NetworkConfig::default());
        let seed = 17;
        let alone = evaluations(&mut NetworkEvaluator::new(net.clone(), 2), &g);
        let off = evaluations(
            &mut NetworkEvaluator::new(net.clone(), 2).with_playouts(0.0, seed),
            &g,
        );
        let full = evaluations(
            &mut NetworkEvaluator::new(net.clone(), 2).with_playouts(1.0, seed),
            &g,
        );
        let half = evaluations(
            &mut NetworkEvaluator::new(net, 2).with_playouts(0.5, seed),
            &g,
        );
        let playouts = evaluations(&mut RolloutEvaluator::new(seed), &g);
        assert_eq!(alone.len(), 12);
        for k in 0..alone.len() {
            // The priors are the network's whatever the weight.
            for e in [&off[k], &full[k], &half[k]] {
                assert_eq!(e.priors, alone[k].priors);
            }
            assert_eq!(off[k].value, alone[k].value);
            // Weight 1: the playout's result, the one the rollout evaluator plays from there.
            assert_eq!(full[k].value, playouts[k].value);
            assert!([-1.0, 0.0, 1.0].contains(&full[k].value));
            let mixed = 0.5 * alone[k].value + 0.5 * playouts[k].value;
            assert!(
                (half[k].value - mixed).abs() < 1e-6,
                "{} {mixed}",
                half[k].value
            );
        }
        // The playouts are not all one result, so the mix is seen to move values both ways.
        assert!(playouts.iter().any(|e| e.value > 0.0) && playouts.iter().any(|e| e.value < 0.0));
    }

    #[test]
    fn a_score_mix_weighs_the_network_value_against_its_score_head() {
        let (g, net) = oware_net(NetworkConfig {
            score_head: true,
            ..NetworkConfig::default()
        });
        let alone = evaluations(&mut NetworkEvaluator::new(net.clone(), 2), &g);
        let off = evaluations(
            &mut NetworkEvaluator::new(net.clone(), 2).with_score(0.0),
            &g,
        );
        let full = evaluations(
            &mut NetworkEvaluator::new(net.clone(), 2).with_score(1.0),
            &g,
        );
        let quarter = evaluations(
            &mut NetworkEvaluator::new(net.clone(), 2).with_score(0.25),
            &g,
        );
        // The score head's own outputs on the same positions.
        let encoder = Encoder::new(&g, 2).unwrap();
        let states = positions(&g);
        let mut features = vec![0.0; states.len() * encoder.len()];
        for (i, s) in states.iter().enumerate() {
            encoder.encode(s, &mut features[i * encoder.len()..(i + 1) * encoder.len()]);
        }
        let legal = vec![1.0; states.len() * g.num_actions()];
        let (_, _, scores) = mankala_models::net::infer_heads(
            &net,
            &mankala_models::device(),
            features,
            legal,
            states.len(),
        );
        let scores = scores.unwrap();
        for k in 0..alone.len() {
            for e in [&off[k], &full[k], &quarter[k]] {
                assert_eq!(e.priors, alone[k].priors);
            }
            assert_eq!(off[k].value, alone[k].value);
            assert!((full[k].value - scores[k]).abs() < 1e-6);
            let mixed = 0.75 * alone[k].value + 0.25 * scores[k];
            assert!((quarter[k].value - mixed).abs() < 1e-6);
        }
        // The score is not the value, so the mix is seen to move the values.
        assert!((0..alone.len()).any(|k| (full[k].value - alone[k].value).abs() > 1e-3));
    }

    #[test]
    #[should_panic(expected = "score head")]
    fn a_score_mix_without_a_score_head_is_refused() {
        let (_, net) = oware_net(NetworkConfig::default());
        let _ = NetworkEvaluator::new(net, 2).with_score(0.5);
    }
}
