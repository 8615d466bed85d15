//! The inference service: one thread that owns a network on its device and runs the leaves
//! of every search thread of the process in batches of a few fixed sizes, as the network
//! servers of KataGo and Leela do.
//!
//! A GPU pays for every kernel launch, upload and read-back, and its backend compiles (and
//! tunes) its kernels for every new batch size; search threads that each evaluate their own
//! batches, of sizes that shrink as games end, make it compile kernels all run long and keep
//! it waiting on one small call at a time. The service instead takes whatever the threads
//! have queued, runs it as one call padded up to the next of its [`ServiceConfig::sizes`]
//! (cut into several calls above the largest), and hands each thread its rows back. Each
//! size compiles once, at start-up when [`ServiceConfig::warm`] is set. On the CPU the
//! search threads keep their own batches ([`Inference::Auto`]): there, one thread per core
//! computing its own batch is faster than any hand-off.
//!
//! [`Inference::Auto`]: mankala_config::Inference::Auto

use std::collections::BTreeMap;
use std::fmt;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use burn::tensor::Device;
use mankala_config::{Inference, SearchConfig};
use mankala_engine::{Encoder, Game};
use mankala_models::PolicyValueNet;

/// The service that `search`'s `inference` asks for on this process's device
/// ([`mankala_models::device::on_gpu`]), running `net` (reading encoding `encoding`) on
/// positions of `game`: with `auto`, one on a GPU and none on the CPU. Every evaluator of the
/// same network is given the same service (its clones), so that all their leaves meet.
///
/// # Panics
/// When `encoding` is not one this build reads (models are checked on loading).
pub fn for_search<G: Game>(
    search: &SearchConfig,
    game: &G,
    net: &PolicyValueNet,
    encoding: u32,
) -> Option<InferenceService> {
    let gpu = mankala_models::device::on_gpu();
    let wanted = match search.inference {
        Inference::Thread => false,
        Inference::Service => true,
        Inference::Auto => gpu,
    };
    wanted.then(|| {
        let encoder =
            Encoder::new(game, encoding).expect("a model's encoding is checked on loading");
        InferenceService::start(
            net.clone(),
            mankala_models::device(),
            (encoder.len(), game.num_actions()),
            ServiceConfig {
                warm: gpu,
                ..ServiceConfig::standard()
            },
        )
    })
}

/// What one call of the network returns per position: the policy (`[rows * actions]`, a
/// softmax over the legal actions), the value, and the score head's output where it has one.
pub type Heads = (Vec<f32>, Vec<f32>, Option<Vec<f32>>);

/// The service's batch sizes and how long it waits to fill one.
#[derive(Clone, Debug, PartialEq)]
pub struct ServiceConfig {
    /// The batch sizes the network is run at, ascending: every call is padded up to one of
    /// them (rows beyond the largest go to further calls), so the device sees only these
    /// shapes.
    pub sizes: Vec<usize>,
    /// How long the service waits after the first queued request for more to arrive before
    /// it runs a batch below the largest size.
    pub max_wait: Duration,
    /// Run every size once when the service starts, so that a GPU backend compiles and tunes
    /// its kernels before the first search waits on them.
    pub warm: bool,
    /// Positions the search threads should have waiting at once, over all of them, for the
    /// batches to fill: self-play keeps at least this many leaves' games going
    /// ([`ServiceConfig::games_per_worker`]).
    pub in_flight: usize,
}

impl ServiceConfig {
    /// The sizes of a GPU: powers of four from 16 to 16,384 (six shapes), a wait of half a
    /// millisecond, every size warmed at start.
    pub fn standard() -> ServiceConfig {
        ServiceConfig {
            sizes: (0..6).map(|k| 16 << (2 * k)).collect(),
            max_wait: Duration::from_micros(500),
            warm: true,
            in_flight: 4096,
        }
    }

    /// The games each of `threads` self-play workers keeps going, searching `leaves` leaves
    /// each a round: `configured` (`[selfplay] games_per_worker`), raised until the workers
    /// together have as many leaves waiting as fit in [`ServiceConfig::in_flight`] (rounded
    /// down, so that a full round is not a few rows above a size).
    pub fn games_per_worker(&self, configured: u32, threads: usize, leaves: u32) -> u32 {
        let per_worker = (self.in_flight / (threads.max(1) * leaves.max(1) as usize)).max(1);
        configured.max(u32::try_from(per_worker).unwrap_or(u32::MAX))
    }

    /// How `rows` waiting rows are run: calls of (rows, padded size), in order. A call takes
    /// at most the largest size; it is padded up to the next size where that at most doubles
    /// its work, and otherwise runs exactly the largest size below it, the rest going on to
    /// the next call (4,104 rows: 4,096, then 8 padded to 16, rather than one call of
    /// 16,384).
    pub fn plan(&self, rows: usize) -> Vec<(usize, usize)> {
        let largest = *self.sizes.last().expect("a service has at least one size");
        let mut calls = Vec::new();
        let mut left = rows;
        while left > 0 {
            let chunk = left.min(largest);
            let up = self.padded(chunk);
            let down = self.sizes.iter().copied().rev().find(|&s| s <= chunk);
            let call = match down {
                Some(down) if up > 2 * chunk => (down, down),
                _ => (chunk, up),
            };
            calls.push(call);
            left -= call.0;
        }
        calls
    }

    /// The batch size `rows` rows are padded to: the smallest size at least `rows`, or the
    /// largest where none is.
    pub fn padded(&self, rows: usize) -> usize {
        let largest = *self.sizes.last().expect("a service has at least one size");
        self.sizes
            .iter()
            .copied()
            .find(|&s| s >= rows)
            .unwrap_or(largest)
    }
}

/// What the service has run so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServiceStats {
    /// Requests answered (one per evaluator call).
    pub requests: u64,
    /// Positions evaluated for them.
    pub rows: u64,
    /// Network calls made, by batch size (the padded size): the shapes the device saw.
    pub calls: BTreeMap<usize, u64>,
    /// Rows of padding run beside the positions.
    pub padding: u64,
}

impl ServiceStats {
    /// Mean positions per network call.
    pub fn mean_batch(&self) -> f64 {
        let calls: u64 = self.calls.values().sum();
        self.rows as f64 / calls.max(1) as f64
    }
}

/// One evaluator call: its positions, the reply's way back.
struct Request {
    features: Vec<f32>,
    legal: Vec<f32>,
    rows: usize,
    reply: SyncSender<Heads>,
}

/// A handle on an inference service; clones share it. The service's thread ends when the
/// last handle is dropped.
#[derive(Clone)]
pub struct InferenceService {
    tx: Sender<Request>,
    stats: Arc<Mutex<ServiceStats>>,
    config: Arc<ServiceConfig>,
    /// Features and actions a row.
    dims: (usize, usize),
    /// The service's thread, joined by nobody: it ends with the last handle.
    _thread: Arc<JoinHandle<()>>,
}

impl fmt::Debug for InferenceService {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InferenceService")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl InferenceService {
    /// Starts the service of `net` on `device`, for positions of `encoding_len` features and
    /// `actions` actions. With [`ServiceConfig::warm`], returns once every size has run.
    ///
    /// # Panics
    /// When `config` has no sizes, or the thread cannot be started.
    pub fn start(
        net: PolicyValueNet,
        device: Device,
        (encoding_len, actions): (usize, usize),
        config: ServiceConfig,
    ) -> InferenceService {
        assert!(
            !config.sizes.is_empty() && config.sizes.windows(2).all(|w| w[0] < w[1]),
            "a service's sizes are ascending and not empty: {:?}",
            config.sizes
        );
        let (tx, rx) = mpsc::channel::<Request>();
        let stats = Arc::new(Mutex::new(ServiceStats::default()));
        let config = Arc::new(config);
        let (ready_tx, ready_rx) = mpsc::sync_channel::<()>(1);
        let server = Server {
            net,
            device,
            encoding_len,
            actions,
            config: Arc::clone(&config),
            stats: Arc::clone(&stats),
        };
        let thread = std::thread::Builder::new()
            .name("inference".into())
            .spawn(move || {
                if server.config.warm {
                    server.warm();
                }
                let _ = ready_tx.send(());
                server.serve(&rx);
            })
            .expect("the inference thread starts");
        // A warm-up that panicked (a driver's failure) shows at the first request instead.
        let _ = ready_rx.recv();
        InferenceService {
            tx,
            stats,
            config,
            dims: (encoding_len, actions),
            _thread: Arc::new(thread),
        }
    }

    /// Evaluates `rows` positions (`features`: `rows * encoding_len`, `legal`: `rows *
    /// actions` 0/1) with the other threads' requests, waiting for the answer.
    ///
    /// # Panics
    /// When the service's thread has stopped (the device failed: its panic message was
    /// printed).
    pub fn infer(&self, features: Vec<f32>, legal: Vec<f32>, rows: usize) -> Heads {
        let (enc, actions) = self.dims;
        assert!(
            features.len() == rows * enc && legal.len() == rows * actions,
            "a request of {rows} rows has {} features and {} legal entries; the service's network reads {enc} and {actions} a row",
            features.len(),
            legal.len()
        );
        let (reply, answer) = mpsc::sync_channel(1);
        let request = Request {
            features,
            legal,
            rows,
            reply,
        };
        if self.tx.send(request).is_err() {
            panic!("the inference service has stopped");
        }
        answer.recv().expect("the inference service has stopped")
    }

    /// What the service has run so far.
    pub fn stats(&self) -> ServiceStats {
        self.stats.lock().expect("stats lock").clone()
    }

    /// Its batch sizes.
    pub fn config(&self) -> &ServiceConfig {
        &self.config
    }
}

/// The service's side: the network and what it counts.
struct Server {
    net: PolicyValueNet,
    device: Device,
    encoding_len: usize,
    actions: usize,
    config: Arc<ServiceConfig>,
    stats: Arc<Mutex<ServiceStats>>,
}

impl Server {
    /// Runs each size once on zeros (no stats counted).
    fn warm(&self) {
        for &size in &self.config.sizes {
            let _ = mankala_models::net::infer_heads(
                &self.net,
                &self.device,
                vec![0.0; size * self.encoding_len],
                vec![1.0; size * self.actions],
                size,
            );
        }
    }

    /// Answers requests until every handle is gone.
    fn serve(&self, rx: &Receiver<Request>) {
        let largest = *self.config.sizes.last().expect("checked at start");
        // A round of every search thread's leaves: no use waiting for more.
        let enough = match self.config.in_flight {
            0 => largest,
            n => n.min(largest),
        };
        while let Ok(first) = rx.recv() {
            let mut queued = first.rows;
            let mut requests = vec![first];
            let deadline = Instant::now() + self.config.max_wait;
            while queued < enough {
                let next = match rx.try_recv() {
                    Ok(r) => r,
                    Err(TryRecvError::Disconnected) => break,
                    Err(TryRecvError::Empty) => {
                        let left = deadline.saturating_duration_since(Instant::now());
                        match rx.recv_timeout(left) {
                            Ok(r) => r,
                            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                                break;
                            }
                        }
                    }
                };
                queued += next.rows;
                requests.push(next);
            }
            self.answer(requests);
        }
    }

    /// Runs the requests' rows in the calls of [`ServiceConfig::plan`], each padded to a
    /// size, and sends each request its rows of the outputs.
    fn answer(&self, requests: Vec<Request>) {
        let (enc, actions) = (self.encoding_len, self.actions);
        let total: usize = requests.iter().map(|r| r.rows).sum();
        let mut features = Vec::with_capacity(total * enc);
        let mut legal = Vec::with_capacity(total * actions);
        for r in &requests {
            features.extend_from_slice(&r.features);
            legal.extend_from_slice(&r.legal);
        }
        let (mut p, mut v, mut score) = (Vec::with_capacity(total * actions), Vec::new(), None);
        let mut stats = ServiceStats::default();
        let mut start = 0;
        for (rows, size) in self.config.plan(total) {
            let mut f = features[start * enc..(start + rows) * enc].to_vec();
            let mut l = legal[start * actions..(start + rows) * actions].to_vec();
            f.resize(size * enc, 0.0);
            l.resize(size * actions, 1.0);
            let (cp, cv, cs) =
                mankala_models::net::infer_heads(&self.net, &self.device, f, l, size);
            p.extend_from_slice(&cp[..rows * actions]);
            v.extend_from_slice(&cv[..rows]);
            if let Some(cs) = cs {
                score
                    .get_or_insert_with(Vec::new)
                    .extend_from_slice(&cs[..rows]);
            }
            *stats.calls.entry(size).or_default() += 1;
            stats.padding += (size - rows) as u64;
            start += rows;
        }
        stats.requests = requests.len() as u64;
        stats.rows = total as u64;
        self.count(&stats);
        let mut at = 0;
        for r in requests {
            let heads = (
                p[at * actions..(at + r.rows) * actions].to_vec(),
                v[at..at + r.rows].to_vec(),
                score
                    .as_ref()
                    .map(|s: &Vec<f32>| s[at..at + r.rows].to_vec()),
            );
            at += r.rows;
            // A thread that stopped waiting (its search panicked) needs no answer.
            let _ = r.reply.send(heads);
        }
    }

    fn count(&self, add: &ServiceStats) {
        let mut stats = self.stats.lock().expect("stats lock");
        stats.requests += add.requests;
        stats.rows += add.rows;
        stats.padding += add.padding;
        for (&size, &n) in &add.calls {
            *stats.calls.entry(size).or_default() += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mankala_config::NetworkConfig;
    use mankala_engine::variants::Oware;
    use mankala_engine::{Encoder, Game, State};
    use mankala_models::NetInputs;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// Oware positions along random games, encoded, with their legal masks.
    fn positions(n: usize) -> (Vec<f32>, Vec<f32>, usize, usize) {
        let g = Oware::default();
        let encoder = Encoder::new(&g, 2).unwrap();
        let (enc, actions) = (encoder.len(), g.num_actions());
        let mut rng = SmallRng::seed_from_u64(5);
        let (mut features, mut legal) = (vec![0.0; n * enc], vec![0.0; n * actions]);
        let mut s = g.initial_state();
        for i in 0..n {
            if s.legal_mask().is_empty() {
                s = g.initial_state();
            }
            encoder.encode(&s, &mut features[i * enc..(i + 1) * enc]);
            for a in s.legal_mask().iter() {
                legal[i * actions + a as usize] = 1.0;
            }
            let mask = s.legal_mask();
            s.play_unchecked(mask.nth(rng.random_range(0..mask.count())).unwrap());
        }
        (features, legal, enc, actions)
    }

    /// A fresh Oware network reading encoding 2.
    fn net(score_head: bool) -> PolicyValueNet {
        let cfg = NetworkConfig {
            width: 32,
            blocks: 1,
            score_head,
            ..NetworkConfig::default()
        };
        let inputs = NetInputs::of(&Oware::default(), 2).unwrap();
        PolicyValueNet::new(&cfg, &inputs, &mankala_models::device())
    }

    fn close(a: &[f32], b: &[f32]) {
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert!((x - y).abs() < 1e-5, "{x} against {y}");
        }
    }

    #[test]
    fn padded_sizes_are_the_smallest_that_fit_and_the_largest_above_them() {
        let c = ServiceConfig {
            sizes: vec![4, 16, 64],
            max_wait: Duration::ZERO,
            warm: false,
            in_flight: 0,
        };
        let got: Vec<usize> = [1, 4, 5, 16, 17, 64, 65, 1000]
            .iter()
            .map(|&r| c.padded(r))
            .collect();
        assert_eq!(got, [4, 4, 16, 16, 64, 64, 64, 64]);
        let standard = ServiceConfig::standard();
        assert_eq!(standard.sizes, [16, 64, 256, 1024, 4096, 16384]);
        // 4,096 leaves in flight: 256 games on each of 16 workers, 341 on 12 (4,092, not
        // 4,104), 64 configured kept where 4 leaves a game fill it.
        assert_eq!(standard.games_per_worker(64, 16, 1), 256);
        assert_eq!(standard.games_per_worker(64, 12, 1), 341);
        assert_eq!(standard.games_per_worker(64, 16, 4), 64);
        assert_eq!(standard.games_per_worker(4000, 16, 1), 4000);
        assert_eq!(standard.games_per_worker(64, 0, 0), 4096);
        assert_eq!(standard.games_per_worker(1, 10_000, 1), 1);
    }

    #[test]
    fn a_call_is_padded_at_most_to_double_and_cut_otherwise() {
        let standard = ServiceConfig::standard();
        assert_eq!(standard.plan(0), []);
        assert_eq!(standard.plan(5), [(5, 16)]);
        assert_eq!(standard.plan(3000), [(3000, 4096)]);
        assert_eq!(standard.plan(4104), [(4096, 4096), (8, 16)]);
        assert_eq!(standard.plan(100), [(64, 64), (36, 64)]);
        assert_eq!(standard.plan(20000), [(16384, 16384), (3616, 4096)]);
        for rows in [1, 17, 129, 1000, 5000, 40000] {
            let plan = standard.plan(rows);
            assert_eq!(plan.iter().map(|c| c.0).sum::<usize>(), rows, "{plan:?}");
            assert!(
                plan.iter().all(|&(r, s)| standard.sizes.contains(&s)
                    && r <= s
                    && (s <= 2 * r || s == 16)),
                "{plan:?}"
            );
        }
    }

    #[test]
    fn auto_starts_a_service_on_a_gpu_only_and_the_other_choices_as_named() {
        // This process has chosen no device: the CPU.
        let (g, net) = (Oware::default(), net(false));
        let with = |inference| SearchConfig {
            inference,
            ..SearchConfig::default()
        };
        assert!(for_search(&with(Inference::Auto), &g, &net, 2).is_none());
        assert!(for_search(&with(Inference::Thread), &g, &net, 2).is_none());
        let service = for_search(&with(Inference::Service), &g, &net, 2).unwrap();
        assert!(!service.config().warm, "the CPU needs no warm-up");
    }

    /// A service of one size, 4, over a fresh Oware network; and its actions a row.
    fn small_service() -> (InferenceService, usize) {
        let (_, _, enc, actions) = positions(1);
        let config = ServiceConfig {
            sizes: vec![4],
            max_wait: Duration::ZERO,
            warm: false,
            in_flight: 0,
        };
        let device = mankala_models::device();
        (
            InferenceService::start(net(false), device, (enc, actions), config),
            actions,
        )
    }

    #[test]
    #[should_panic(expected = "a request of 2 rows has 3 features")]
    fn a_request_of_the_wrong_length_is_refused() {
        let (service, actions) = small_service();
        let _ = service.infer(vec![0.0; 3], vec![1.0; 2 * actions], 2);
    }

    #[test]
    fn the_service_answers_each_request_as_the_network_would_alone() {
        for score_head in [false, true] {
            let (features, legal, enc, actions) = positions(150);
            let net = net(score_head);
            let device = mankala_models::device();
            let alone = mankala_models::net::infer_heads(
                &net,
                &device,
                features.clone(),
                legal.clone(),
                150,
            );
            let config = ServiceConfig {
                sizes: vec![8, 32],
                max_wait: Duration::from_millis(1),
                warm: true,
                in_flight: 0,
            };
            let service = InferenceService::start(net, device, (enc, actions), config);
            // Requests of 1 to 40 rows from four threads at once: padded, cut and mixed.
            let cuts = [0, 1, 8, 9, 40, 41, 70, 100, 101, 150];
            let answers: Vec<(usize, Heads)> = std::thread::scope(|s| {
                let handles: Vec<_> = cuts
                    .windows(2)
                    .map(|w| {
                        let (a, b) = (w[0], w[1]);
                        let service = service.clone();
                        let f = features[a * enc..b * enc].to_vec();
                        let l = legal[a * actions..b * actions].to_vec();
                        s.spawn(move || (a, service.infer(f, l, b - a)))
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            for (a, (p, v, score)) in answers {
                let rows = v.len();
                close(&p, &alone.0[a * actions..(a + rows) * actions]);
                close(&v, &alone.1[a..a + rows]);
                match (&score, &alone.2) {
                    (Some(s), Some(all)) => close(s, &all[a..a + rows]),
                    (None, None) => {}
                    other => panic!("score heads differ: {other:?}"),
                }
            }
            let stats = service.stats();
            assert_eq!((stats.requests, stats.rows), (9, 150));
            assert!(
                stats.calls.keys().all(|s| [8, 32].contains(s)),
                "only the service's sizes run: {stats:?}"
            );
        }
    }

    #[test]
    fn its_thread_ends_with_the_last_handle() {
        let (service, _) = small_service();
        let thread = Arc::clone(&service._thread);
        drop(service);
        let start = Instant::now();
        while !thread.is_finished() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the service thread still runs"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
