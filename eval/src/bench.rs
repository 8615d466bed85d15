//! The speed measurements of `mankala bench`: random playouts of the engine, MCTS searches
//! with rollouts, and the network's inference and training step. Each returns its figures;
//! the caller prints them and writes them out.

use std::time::Instant;

use burn::optim::{AdamWConfig, GradientsParams};
use burn::tensor::{Tensor, TensorData};
use mankala_config::{Resolved, SearchConfig};
use mankala_engine::{AnyGame, Game, GameResult, State, with_game};
use mankala_models::net::{Batch, infer, loss};
use mankala_models::{NetInputs, PolicyValueNet};
use mankala_search::batch::search_one;
use mankala_search::mcts::Search;
use mankala_search::{InferenceService, RolloutEvaluator, ServiceConfig};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Random playouts from the start, on one core.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Sum over the positions played from of the number of legal actions.
    pub branching_sum: u64,
    /// Games stopped by a cap.
    pub capped: u64,
    /// Seconds taken.
    pub seconds: f64,
}

impl Playouts {
    /// Games per second.
    pub fn games_per_s(&self) -> f64 {
        self.games as f64 / self.seconds
    }
    /// Plies per second.
    pub fn plies_per_s(&self) -> f64 {
        self.plies as f64 / self.seconds
    }
    /// Mean plies a game.
    pub fn mean_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }
    /// Mean legal actions a position.
    pub fn branching(&self) -> f64 {
        self.branching_sum as f64 / self.plies.max(1) as f64
    }
}

/// Random playouts of `game` for about `seconds`, from a seeded generator.
pub fn playouts(game: &AnyGame, seconds: f64, seed: u64) -> Playouts {
    with_game!(game, g => playouts_of(g, seconds, seed))
}

fn playouts_of<G: Game>(g: &G, seconds: f64, seed: u64) -> Playouts {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut r = Playouts::default();
    let start = Instant::now();
    let initial = g.initial_state();
    loop {
        let mut s = initial.clone();
        loop {
            let legal = s.legal_mask();
            if legal.is_empty() {
                break;
            }
            let count = legal.count();
            r.branching_sum += count as u64;
            r.plies += 1;
            let pick = legal.nth(rng.random_range(0..count)).expect("k < count");
            s.play_unchecked(pick);
        }
        if matches!(s.outcome().map(|o| o.result), Some(GameResult::Capped(_))) {
            r.capped += 1;
        }
        r.games += 1;
        if r.games % 64 == 0 && start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// Searches from the start with one random playout a leaf, on one thread.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Searches {
    /// Simulations in all.
    pub simulations: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Nodes of the last search's tree.
    pub nodes: usize,
}

/// `repeats` searches of `cfg` from the start of `game`, each with a fresh tree.
pub fn searches(game: &AnyGame, cfg: &SearchConfig, repeats: u32, seed: u64) -> Searches {
    with_game!(game, g => searches_of(g, cfg, repeats, seed))
}

fn searches_of<G: Game>(g: &G, cfg: &SearchConfig, repeats: u32, seed: u64) -> Searches {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut eval = RolloutEvaluator::new(seed);
    let mut r = Searches {
        simulations: 0,
        seconds: 0.0,
        nodes: 0,
    };
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        let mut search: Search<G> = Search::new(cfg.clone(), g.initial_state());
        search.start(cfg.simulations, None, &mut rng);
        search_one(g, &mut search, &mut eval, 1, &mut rng);
        r.seconds += start.elapsed().as_secs_f64();
        r.simulations += search.simulations() as u64;
        r.nodes = search.tree_size();
    }
    r
}

/// One figure of `network_speed`, handed over as soon as it is measured (a GPU may take
/// seconds to compile and tune the kernels of each new batch size).
#[derive(Debug, Clone, PartialEq)]
pub enum NetworkFigure {
    /// Inference at one batch size on one thread.
    Inference {
        /// Positions a call.
        batch: usize,
        /// The first call at this size (on a GPU: compiling its kernels), seconds.
        first_call_s: f64,
        /// The two calls after it, seconds: a backend that tunes its kernels may compile the
        /// chosen ones here.
        settle_s: f64,
        /// Positions a second after it.
        positions_per_s: f64,
        /// One call's parts, milliseconds each, the device synchronised between them: the
        /// upload of the inputs, the network's kernels, the read-back of its outputs.
        upload_ms: f64,
        /// See `upload_ms`.
        forward_ms: f64,
        /// See `upload_ms`.
        read_back_ms: f64,
    },
    /// Self-play's batch on several threads at once, each running its own calls.
    Shared {
        /// Positions a call (one leaf of each of a worker's games).
        batch: usize,
        /// Threads.
        threads: usize,
        /// Positions a second over all of them.
        positions_per_s: f64,
    },
    /// The same threads' batches through one inference service ([`mankala_search::service`]):
    /// gathered and padded to its fixed sizes.
    Service {
        /// Positions a request.
        batch: usize,
        /// Threads.
        threads: usize,
        /// Positions a second over all of them.
        positions_per_s: f64,
        /// Mean positions a network call.
        mean_batch: f64,
        /// Batch sizes the network ran at.
        shapes: usize,
    },
    /// The bare training step at one batch size.
    Train {
        /// Samples a step.
        batch: usize,
        /// The first step (on a GPU: compiling and tuning), seconds.
        first_step_s: f64,
        /// Samples a second after it.
        samples_per_s: f64,
    },
}

/// The network's speed: every figure of `network_speed`, in the order measured.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NetworkSpeed {
    /// The figures.
    pub figures: Vec<NetworkFigure>,
}

/// The batch sizes `network_speed` times.
#[derive(Debug, Clone, PartialEq)]
pub struct NetworkBatches {
    /// Inference batches, one thread each.
    pub inference: Vec<usize>,
    /// Training-step batches.
    pub train: Vec<usize>,
}

impl Default for NetworkBatches {
    /// The CPU's: inference at 1, 8, 32 and 256, training at 256.
    fn default() -> Self {
        NetworkBatches {
            inference: vec![1, 8, 32, 256],
            train: vec![256],
        }
    }
}

/// Times `f` (which returns the positions it did) for about `seconds`: positions a second.
fn rate(seconds: f64, mut f: impl FnMut() -> usize) -> f64 {
    let start = Instant::now();
    let mut done = 0;
    while start.elapsed().as_secs_f64() < seconds {
        done += f();
    }
    done as f64 / start.elapsed().as_secs_f64()
}

/// What `cfg`'s network reads.
fn inputs(cfg: &Resolved) -> NetInputs {
    mankala_engine::with_game!(&cfg.game, g => NetInputs::of(g, cfg.network.encoding))
        .expect("the encoding version is checked with the config")
}

/// Inference at each of `batches.inference` on one thread (its first call, its rate, and one
/// call's upload, kernels and read-back), self-play's batch on `threads` threads sharing one
/// model, the same through an inference service, and the bare training step at each of
/// `batches.train`, each for about `seconds`, on the process's device
/// (`mankala_models::device`). Each figure goes to `report` as soon as it is measured.
pub fn network_speed(
    cfg: &Resolved,
    seconds: f64,
    threads: usize,
    batches: &NetworkBatches,
    report: &mut dyn FnMut(&NetworkFigure),
) -> NetworkSpeed {
    let (enc, actions) = cfg.network_shape();
    let device = mankala_models::device();
    let net = PolicyValueNet::new(&cfg.network, &inputs(cfg), &device);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut random = |n: usize| (0..n).map(|_| rng.random::<f32>()).collect::<Vec<f32>>();
    let mut speed = NetworkSpeed::default();
    let mut add = |f: NetworkFigure, speed: &mut NetworkSpeed| {
        report(&f);
        speed.figures.push(f);
    };
    for &batch in &batches.inference {
        let features = random(batch * enc);
        let legal = vec![1.0; batch * actions];
        let first = Instant::now();
        let _ = infer(&net, &device, features.clone(), legal.clone(), batch);
        let first_call_s = first.elapsed().as_secs_f64();
        let settle = Instant::now();
        for _ in 0..2 {
            let _ = infer(&net, &device, features.clone(), legal.clone(), batch);
        }
        let settle_s = settle.elapsed().as_secs_f64();
        let positions_per_s = rate(seconds, || {
            let _ = infer(&net, &device, features.clone(), legal.clone(), batch);
            batch
        });
        let [upload_ms, forward_ms, read_back_ms] =
            call_parts(&net, &features, batch, seconds / 4.0);
        let figure = NetworkFigure::Inference {
            batch,
            first_call_s,
            settle_s,
            positions_per_s,
            upload_ms,
            forward_ms,
            read_back_ms,
        };
        add(figure, &mut speed);
    }
    let shared_batch = (cfg.selfplay.games_per_worker * cfg.search.leaves_per_game) as usize;
    let features = random(shared_batch * enc);
    let legal = vec![1.0; shared_batch * actions];
    let _ = infer(&net, &device, features.clone(), legal.clone(), shared_batch);
    let on_threads = |call: &(dyn Fn() + Sync)| {
        let start = Instant::now();
        let calls: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads.max(1))
                .map(|_| {
                    s.spawn(|| {
                        let mut n = 0;
                        while start.elapsed().as_secs_f64() < seconds {
                            call();
                            n += 1;
                        }
                        n
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("worker")).sum()
        });
        (calls * shared_batch) as f64 / start.elapsed().as_secs_f64()
    };
    let positions_per_s = on_threads(&|| {
        let _ = infer(&net, &device, features.clone(), legal.clone(), shared_batch);
    });
    let figure = NetworkFigure::Shared {
        batch: shared_batch,
        threads,
        positions_per_s,
    };
    add(figure, &mut speed);
    let service = InferenceService::start(
        net.clone(),
        device.clone(),
        (enc, actions),
        ServiceConfig::standard(),
    );
    let positions_per_s = on_threads(&|| {
        let _ = service.infer(features.clone(), legal.clone(), shared_batch);
    });
    let stats = service.stats();
    let figure = NetworkFigure::Service {
        batch: shared_batch,
        threads,
        positions_per_s,
        mean_batch: stats.mean_batch(),
        shapes: stats.calls.len(),
    };
    add(figure, &mut speed);
    for &b in &batches.train {
        let (first_step_s, samples_per_s) = train_step(cfg, seconds, b, &mut random);
        let figure = NetworkFigure::Train {
            batch: b,
            first_step_s,
            samples_per_s,
        };
        add(figure, &mut speed);
    }
    speed
}

/// One inference call at `batch` cut into its parts, the device synchronised after each:
/// uploading the inputs, running the network, reading its outputs back; milliseconds each,
/// the mean over the calls of about `seconds` (at least one).
fn call_parts(net: &PolicyValueNet, features: &[f32], batch: usize, seconds: f64) -> [f64; 3] {
    let device = mankala_models::device();
    let enc = features.len() / batch.max(1);
    let (mut parts, mut calls) = ([0.0; 3], 0);
    let start = Instant::now();
    while calls == 0 || start.elapsed().as_secs_f64() < seconds {
        let t0 = Instant::now();
        let x = Tensor::<2>::from_data(TensorData::new(features.to_vec(), [batch, enc]), &device);
        let _ = device.sync();
        let t1 = Instant::now();
        let (logits, value, _) = net.forward_heads(x);
        let _ = device.sync();
        let t2 = Instant::now();
        let _ = logits.into_data();
        let _ = value.into_data();
        let t3 = Instant::now();
        for (part, (a, b)) in parts.iter_mut().zip([(t0, t1), (t1, t2), (t2, t3)]) {
            *part += (b - a).as_secs_f64() * 1e3;
        }
        calls += 1;
    }
    parts.map(|p| p / f64::from(calls))
}

/// Samples a second of the bare training step on a batch of `b` random positions, after a
/// first step (timed: on a GPU it compiles and tunes the kernels).
fn train_step(
    cfg: &Resolved,
    seconds: f64,
    b: usize,
    random: &mut impl FnMut(usize) -> Vec<f32>,
) -> (f64, f64) {
    let (enc, actions) = cfg.network_shape();
    let ad = mankala_models::device().autodiff();
    let mut model = PolicyValueNet::new(&cfg.network, &inputs(cfg), &ad);
    let mut optim = AdamWConfig::new().init();
    let t = |v: Vec<f32>, shape: [usize; 2]| Tensor::<2>::from_data(TensorData::new(v, shape), &ad);
    let (x, p, z) = (random(b * enc), random(b * actions), random(b));
    let policy: Vec<f32> = p
        .chunks(actions)
        .flat_map(|r| {
            let s: f32 = r.iter().sum();
            r.iter().map(move |v| v / s).collect::<Vec<_>>()
        })
        .collect();
    let mut step = || {
        let batch = Batch {
            features: t(x.clone(), [b, enc]),              // [B, E]
            mask: t(vec![1.0; b * actions], [b, actions]), // [B, A]
            policy: t(policy.clone(), [b, actions]),       // [B, A]
            value: t(z.clone(), [b, 1]),                   // [B, 1]
            policy_weight: t(vec![1.0; b], [b, 1]),        // [B, 1]
            score: t(z.clone(), [b, 1]),                   // [B, 1]
            score_weight: t(vec![1.0; b], [b, 1]),         // [B, 1]
        };
        let l = loss(&model, batch);
        let mut total = l.policy + l.value;
        if let Some(score) = l.score {
            total = total + score;
        }
        let grads = GradientsParams::from_grads(total.backward(), &model);
        model = optim.step(1e-3, model.clone(), grads);
    };
    // A GPU backend queues its kernels: the first step (compiling and tuning them) is left
    // out, and the clock stops only when the queue has run.
    let first = Instant::now();
    step();
    let _ = ad.sync();
    let first_step_s = first.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut done = 0;
    while start.elapsed().as_secs_f64() < seconds {
        step();
        done += b;
    }
    let _ = ad.sync();
    (first_step_s, done as f64 / start.elapsed().as_secs_f64())
}
