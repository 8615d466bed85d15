//! The training loop: batches from the window, masked policy cross-entropy plus value MSE,
//! AdamW, checkpoints written atomically, and resume from the latest checkpoint.

use std::fs;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use burn::module::Module;
use burn::optim::{AdamWConfig, GradientsAccumulator, GradientsParams};
use burn::tensor::{Device, Tensor, TensorData};
use mankala_config::NetworkConfig;
use mankala_data::atomic;
use mankala_data::samples::Samples;
use mankala_models::file::{self, Expected, MODEL_FORMAT_VERSION, ModelMeta};
use mankala_models::net::{Batch, PolicyValueNet, loss};
use serde::{Deserialize, Serialize};

use crate::TrainError;
use crate::window::{Sampler, held_out_rows, select};
use mankala_config::TrainConfig;

/// What the trainer needs to know beyond its settings.
#[derive(Debug)]
pub struct TrainOptions<'a> {
    /// Directories of self-play shards, oldest first (the window takes the newest shards).
    pub data: &'a [PathBuf],
    /// A model to start from when there is no checkpoint yet (the loop's previous
    /// generation); `None` starts from random weights.
    pub init: Option<&'a Path>,
    /// Output directory: checkpoints, final model, metrics.
    pub out: &'a Path,
    /// Total steps of the run (resuming continues up to it).
    pub steps: u64,
    /// Seed of the data order and initialization.
    pub seed: u64,
    /// Variant name, rules TOML, encoding version, input length and actions.
    pub expected: Expected<'a>,
    /// Network shape (for a fresh start; a checkpoint keeps its own).
    pub network: NetworkConfig,
    /// Trainer settings.
    pub train: TrainConfig,
    /// Code version recorded in model files.
    pub code_version: String,
    /// Where these steps sit in a longer learning-rate schedule (the loop's run-long one);
    /// `None`: the schedule spans `steps`.
    pub schedule: Option<SchedulePlace>,
    /// An optimizer state (`optimizer.bpk` of an earlier training) to start from when there
    /// is no checkpoint yet; `None` starts a fresh optimizer.
    pub init_optimizer: Option<&'a Path>,
    /// Shards of games the network did not shape (the loop's generation 0, or games of fixed
    /// agents): their held-out games are a second validation set, fixed for the whole run,
    /// scored against the games' results ([`TrainSummary::fixed_value_loss`]).
    pub fixed_validation: Option<&'a Path>,
    /// Threads one training step's batch is split over (each part's loss and gradients on a
    /// thread of its own; 1: the whole batch on the calling thread).
    pub threads: usize,
}

/// A training's place in a schedule longer than itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SchedulePlace {
    /// The schedule's step at this training's step 0.
    pub offset: u64,
    /// The schedule's total steps.
    pub total: u64,
}

/// The state saved with every checkpoint.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct TrainSummary {
    /// Steps taken.
    pub step: u64,
    /// Samples seen.
    pub samples: u64,
    /// Mean training policy loss over the last metrics interval.
    #[serde(with = "nan_as_null")]
    pub policy_loss: f32,
    /// Mean training value loss over the last metrics interval.
    #[serde(with = "nan_as_null")]
    pub value_loss: f32,
    /// Validation policy loss at the last checkpoint (NaN without validation rows).
    #[serde(with = "nan_as_null")]
    pub val_policy_loss: f32,
    /// Validation value loss at the last checkpoint.
    #[serde(with = "nan_as_null")]
    pub val_value_loss: f32,
    /// Mean entropy (nats) of the network's policy on the validation rows at the last
    /// checkpoint (NaN without validation rows, or in a checkpoint written before it was
    /// recorded).
    #[serde(with = "nan_as_null", default = "nan")]
    pub val_policy_entropy: f32,
    /// Mean entropy (nats) of the search's policy targets of the validation rows.
    #[serde(with = "nan_as_null", default = "nan")]
    pub val_target_entropy: f32,
    /// Policy loss on the fixed validation set (NaN without one).
    #[serde(with = "nan_as_null", default = "nan")]
    pub fixed_policy_loss: f32,
    /// Value loss on the fixed validation set, against its games' results alone (NaN without
    /// one): a network that narrows into its own self-play predicts these games worse.
    #[serde(with = "nan_as_null", default = "nan")]
    pub fixed_value_loss: f32,
    /// Mean training score loss over the last metrics interval (NaN without a score head).
    #[serde(with = "nan_as_null", default = "nan")]
    pub score_loss: f32,
    /// Score loss on the validation rows at the last checkpoint.
    #[serde(with = "nan_as_null", default = "nan")]
    pub val_score_loss: f32,
    /// Score loss on the fixed validation set.
    #[serde(with = "nan_as_null", default = "nan")]
    pub fixed_score_loss: f32,
    /// Training samples per second over this run's steps.
    pub samples_per_s: f64,
    /// Whether this run resumed from a checkpoint.
    pub resumed: bool,
}

fn nan() -> f32 {
    f32::NAN
}

/// JSON has no NaN: a missing loss (no validation rows) is written as `null`.
mod nan_as_null {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &f32, s: S) -> Result<S::Ok, S::Error> {
        if v.is_finite() {
            s.serialize_f32(*v)
        } else {
            s.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
        Ok(Option::<f32>::deserialize(d)?.unwrap_or(f32::NAN))
    }
}

/// Paths of the files a run keeps in its output directory.
pub fn checkpoint_paths(out: &Path) -> (PathBuf, PathBuf, PathBuf) {
    (
        out.join("checkpoint"),
        out.join("optimizer.bpk"),
        out.join("train-state.json"),
    )
}

/// How a row's value target is made from its game's result, its search's root value and its
/// game's final seed margin, all for the player to move (`[train] value_mix`, `margin_mix`,
/// `margin_scale`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValueTarget {
    /// Weight of the root value against the result.
    pub value_mix: f32,
    /// Weight of the margin term against that mix.
    pub margin_mix: f32,
    /// Seeds of margin worth `tanh(1)`.
    pub margin_scale: f32,
}

impl ValueTarget {
    /// The target of a config.
    pub fn of(tc: &TrainConfig) -> Self {
        ValueTarget {
            value_mix: tc.value_mix,
            margin_mix: tc.margin_mix,
            margin_scale: tc.margin_scale,
        }
    }

    /// The mixed target `(1 - margin_mix) * ((1 - value_mix) * result + value_mix *
    /// root_value) + margin_mix * tanh(margin / margin_scale)`; a row without a margin (NaN)
    /// keeps the first term alone.
    pub fn target(&self, result: f32, root_value: f32, margin: f32) -> f32 {
        let mixed = (1.0 - self.value_mix) * result + self.value_mix * root_value;
        if self.margin_mix == 0.0 || margin.is_nan() {
            return mixed;
        }
        (1.0 - self.margin_mix) * mixed + self.margin_mix * (margin / self.margin_scale).tanh()
    }
}

/// The batch of the rows `range` of `rows` on `device`, with score targets `tanh(margin /
/// score_scale)`. The flat columns are cut, not rebuilt.
fn batch_of(
    rows: &Samples,
    range: Range<usize>,
    value: ValueTarget,
    score_scale: f32,
    device: &Device,
) -> Batch {
    let b = range.len();
    let (e, a) = (rows.encoding_len, rows.num_actions);
    let features = rows.features[range.start * e..range.end * e].to_vec();
    let mask = rows.legal[range.start * a..range.end * a].to_vec();
    let policy = rows.policy[range.start * a..range.end * a].to_vec();
    let value: Vec<f32> = range
        .clone()
        .map(|i| value.target(rows.value_target[i], rows.root_value[i], rows.margin[i]))
        .collect();
    let margins = &rows.margin[range.clone()];
    let score: Vec<f32> = margins
        .iter()
        .map(|&m| {
            if m.is_nan() {
                0.0
            } else {
                (m / score_scale).tanh()
            }
        })
        .collect();
    let score_weight: Vec<f32> = margins
        .iter()
        .map(|m| if m.is_nan() { 0.0 } else { 1.0 })
        .collect();
    let weight: Vec<f32> = rows.full_search[range]
        .iter()
        .map(|&f| f32::from(u8::from(f)))
        .collect();
    let t =
        |v: Vec<f32>, shape: [usize; 2]| Tensor::<2>::from_data(TensorData::new(v, shape), device);
    Batch {
        features: t(features, [b, e]),
        mask: t(mask, [b, a]),
        policy: t(policy, [b, a]),
        value: t(value, [b, 1]),
        policy_weight: t(weight, [b, 1]),
        score: t(score, [b, 1]),
        score_weight: t(score_weight, [b, 1]),
    }
}

/// The gradients of one training step on `rows` and its policy, value and score losses
/// ([`Losses`], left on the device): the rows split into `threads` contiguous parts of equal
/// size (one more or less), each part's loss differentiated on a thread of its own (the first
/// on the calling thread), the parts' gradients and losses summed in order, each weighted by
/// its share of the rows. That is the whole batch's mean loss, but where the parts hold
/// different shares of policy targets (fast searches) or of margins, which each part
/// normalizes by its own.
fn step_gradients(
    net: &PolicyValueNet,
    rows: &Samples,
    tc: &TrainConfig,
    score_scale: f32,
    threads: usize,
    device: &Device,
) -> (GradientsParams, Losses) {
    let n = rows.len();
    let parts = threads.clamp(1, n.max(1));
    // Each part past the first runs on a fork of the network, with an autodiff graph of its
    // own and the same parameter ids, so that each backward pass consumes its own graph and
    // the gradients add up parameter by parameter.
    let one = |range: Range<usize>, net: &PolicyValueNet| {
        let share = range.len() as f32 / n.max(1) as f32;
        let l = loss(
            net,
            batch_of(rows, range, ValueTarget::of(tc), score_scale, device),
        );
        let mut total = l.policy.clone() + l.value.clone() * tc.value_weight;
        if let Some(score) = &l.score {
            total = total + score.clone() * tc.score_weight;
        }
        let grads = GradientsParams::from_grads((total * share).backward(), net);
        let losses = Losses {
            policy: l.policy.inner() * share,
            value: l.value.inner() * share,
            score: l.score.map(|t| t.inner() * share),
        };
        (grads, losses)
    };
    if parts == 1 {
        return one(0..n, net);
    }
    let one = &one;
    let part = |k: usize| k * n / parts..(k + 1) * n / parts;
    // The first part runs on the calling thread, on the network itself; the others each on
    // a thread of its own, on a fork.
    let done: Vec<(GradientsParams, Losses)> = std::thread::scope(|s| {
        let handles: Vec<_> = (1..parts)
            .map(|k| {
                let fork = net.clone().fork(device);
                s.spawn(move || one(part(k), &fork))
            })
            .collect();
        let first = one(part(0), net);
        std::iter::once(first)
            .chain(
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a training thread panicked")),
            )
            .collect()
    });
    let mut sum = GradientsAccumulator::new();
    let mut losses: Option<Losses> = None;
    for (grads, l) in done {
        sum.accumulate(net, grads);
        losses = Some(l.after(losses));
    }
    (sum.grads(), losses.expect("at least one part"))
}

/// A step's (or a sum of steps') policy, value and score losses, kept on the device: the
/// training loop adds them up step by step and reads them back only when it writes its
/// metrics, so that a GPU is not made to wait for every step's losses to reach the CPU.
#[derive(Debug)]
struct Losses {
    policy: Tensor<1>,
    value: Tensor<1>,
    /// `None` without a score head.
    score: Option<Tensor<1>>,
}

impl Losses {
    /// These losses added to the sum of those before them, if any (in that order, so that
    /// the sums are those of the steps' or parts' order).
    fn after(self, before: Option<Losses>) -> Losses {
        match before {
            None => self,
            Some(sum) => Losses {
                policy: sum.policy + self.policy,
                value: sum.value + self.value,
                score: sum.score.zip(self.score).map(|(a, b)| a + b),
            },
        }
    }

    /// The policy, value and score losses, read back from the device (the score NaN without a
    /// score head).
    fn read(self) -> [f32; 3] {
        [
            scalar(self.policy),
            scalar(self.value),
            self.score.map_or(f32::NAN, scalar),
        ]
    }
}

/// Training batches drawn ahead of the steps: how many may wait while a step runs.
const BATCHES_AHEAD: usize = 2;

fn scalar(t: Tensor<1>) -> f32 {
    t.into_data()
        .try_into_vec::<f32>()
        .map(|v| v[0])
        .unwrap_or(f32::NAN)
}

/// Mean policy and value loss of `net` (validation mode) over `rows`.
/// The held-out rows' losses and policy entropies (all NaN without held-out rows).
#[derive(Clone, Copy, Debug)]
struct HeldOut {
    policy_loss: f32,
    value_loss: f32,
    /// NaN without a score head.
    score_loss: f32,
    /// Mean entropy (nats) of the network's policy over the legal actions.
    policy_entropy: f32,
    /// Mean entropy (nats) of the search's policy targets (full searches only).
    target_entropy: f32,
}

fn evaluate(
    net: &PolicyValueNet,
    rows: &Samples,
    batch: usize,
    value: ValueTarget,
    score_scale: f32,
) -> HeldOut {
    if rows.is_empty() {
        return HeldOut {
            policy_loss: f32::NAN,
            value_loss: f32::NAN,
            score_loss: f32::NAN,
            policy_entropy: f32::NAN,
            target_entropy: f32::NAN,
        };
    }
    let device = mankala_models::device();
    let valid = net.valid();
    let a = rows.num_actions;
    let (mut p, mut v, mut sc, mut n) = (0.0, 0.0, 0.0, 0.0);
    let (mut net_h, mut target_h, mut searched) = (0.0f64, 0.0f64, 0u32);
    for start in (0..rows.len()).step_by(batch.max(1)) {
        let chunk = start..(start + batch.max(1)).min(rows.len());
        let k = chunk.len() as f32;
        let l = loss(
            &valid,
            batch_of(rows, chunk.clone(), value, score_scale, &device),
        );
        p += scalar(l.policy) * k;
        v += scalar(l.value) * k;
        sc += l.score.map_or(f32::NAN, scalar) * k;
        n += k;
        let e = rows.encoding_len;
        let features = rows.features[chunk.start * e..chunk.end * e].to_vec();
        let legal = rows.legal[chunk.start * a..chunk.end * a].to_vec();
        let (policies, _) =
            mankala_models::net::infer(&valid, &device, features, legal, chunk.len());
        for (j, i) in chunk.enumerate() {
            net_h += entropy(&policies[j * a..(j + 1) * a]);
            if rows.full_search[i] {
                target_h += entropy(&rows.policy[i * a..(i + 1) * a]);
                searched += 1;
            }
        }
    }
    HeldOut {
        policy_loss: p / n,
        value_loss: v / n,
        score_loss: sc / n,
        policy_entropy: (net_h / f64::from(n)) as f32,
        target_entropy: if searched == 0 {
            f32::NAN
        } else {
            (target_h / f64::from(searched)) as f32
        },
    }
}

/// The entropy of a distribution, in nats.
fn entropy(p: &[f32]) -> f64 {
    p.iter()
        .filter(|&&x| x > 0.0)
        .map(|&x| -f64::from(x) * f64::from(x).ln())
        .sum()
}

/// The journal of a checkpoint being committed: it names the step whose staged files
/// (`<name>.tmp`) are all whole, so that they are renamed into place even if the run is
/// killed halfway through the renames.
fn journal(out: &Path) -> PathBuf {
    out.join("checkpoint.commit")
}

/// Commits the staged `(temporary, final)` files of the checkpoint of `step` together
/// ([`atomic::commit_together`]): each flushed, then the journal written, then the renames,
/// then the journal removed.
fn commit_checkpoint(
    out: &Path,
    step: u64,
    staged: &[(PathBuf, PathBuf)],
) -> Result<(), TrainError> {
    Ok(atomic::commit_together(
        &journal(out),
        step.to_string(),
        staged,
    )?)
}

/// Finishes a checkpoint commit a killed run left halfway (its journal exists): the staged
/// files still waiting are renamed into place ([`atomic::finish_together`]). A staged set
/// without a journal was never committed and is ignored (the previous checkpoint stands).
fn finish_checkpoint(out: &Path) -> Result<(), TrainError> {
    let (model, optim, state) = checkpoint_paths(out);
    let (weights, sidecar) = file::model_paths(&model);
    let staged = [weights, sidecar, optim, state].map(|path| (atomic::temp_path(&path), path));
    Ok(atomic::finish_together(&journal(out), &staged)?)
}

/// The columns of `metrics.csv`.
pub const METRICS_HEADER: &str = "step,samples,learning_rate,loss,policy_loss,value_loss,val_policy_loss,val_value_loss,val_policy_entropy,val_target_entropy,samples_per_s,fixed_policy_loss,fixed_value_loss,score_loss,val_score_loss,fixed_score_loss";

/// A loss as a CSV field: empty when there is none.
fn csv_loss(x: f32) -> String {
    if x.is_finite() {
        format!("{x:.5}")
    } else {
        String::new()
    }
}

/// Drops the rows of `metrics.csv` after `step` (written by a run killed before its next
/// checkpoint, whose steps the resumed run trains again) and any cut last line.
fn keep_metrics_until(path: &Path, step: u64) -> Result<(), TrainError> {
    let Ok(text) = fs::read_to_string(path) else {
        return Ok(());
    };
    let mut lines = text.lines();
    let Some(header) = lines.next().filter(|h| h.starts_with("step,")) else {
        // Empty or cut before its header: written again from the start.
        return fs::remove_file(path).map_err(|source| TrainError::Io {
            path: path.to_path_buf(),
            source,
        });
    };
    let columns = header.split(',').count();
    // A file begun by a build with fewer columns keeps its rows, padded to today's header.
    let padding = if METRICS_HEADER.starts_with(header) && header != METRICS_HEADER {
        ",".repeat(METRICS_HEADER.split(',').count() - columns)
    } else {
        String::new()
    };
    let kept: Vec<&str> = lines
        .filter(|l| l.split(',').count() == columns)
        .filter(|l| {
            l.split(',')
                .next()
                .and_then(|s| s.parse::<u64>().ok())
                .is_some_and(|s| s <= step)
        })
        .collect();
    if padding.is_empty() && kept.len() + 1 == text.lines().count() && text.ends_with('\n') {
        return Ok(());
    }
    let header = if padding.is_empty() {
        header
    } else {
        METRICS_HEADER
    };
    let mut out = format!("{header}\n");
    for l in kept {
        out.push_str(l);
        out.push_str(&padding);
        out.push('\n');
    }
    Ok(atomic::write(path, out)?)
}

/// Where training starts: the network, the summary so far, the network's shape, and the
/// optimizer state to load, if any.
struct Start {
    net: PolicyValueNet,
    summary: TrainSummary,
    network: NetworkConfig,
    optimizer: Option<PathBuf>,
}

/// The checkpoint of an interrupted run (with its optimizer state), the model given as
/// `init` (with `init_optimizer`), or fresh weights from the run's seed.
fn start(opts: &TrainOptions<'_>, device: &Device) -> Result<Start, TrainError> {
    let (ckpt_model, ckpt_optim, ckpt_state) = checkpoint_paths(opts.out);
    if ckpt_state.exists() {
        let text = fs::read_to_string(&ckpt_state).map_err(|source| TrainError::Io {
            path: ckpt_state.clone(),
            source,
        })?;
        let mut summary: TrainSummary =
            serde_json::from_str(&text).map_err(|e| TrainError::Checkpoint {
                path: ckpt_state.clone(),
                message: format!("not a checkpoint record: {e}"),
            })?;
        let (net, meta) = file::load(&ckpt_model, &opts.expected, device)?;
        summary.resumed = true;
        return Ok(Start {
            net,
            summary,
            network: meta.network,
            optimizer: Some(ckpt_optim),
        });
    }
    if let Some(init) = opts.init {
        let (net, meta) = file::load(init, &opts.expected, device)?;
        return Ok(Start {
            net,
            summary: TrainSummary::default(),
            network: meta.network,
            optimizer: opts.init_optimizer.map(Path::to_path_buf),
        });
    }
    // The first weights come from the run's seed, so one seed trains one network. The
    // backend's generator is process-wide: trainings in one process run one at a time.
    device.seed(opts.seed);
    let net = PolicyValueNet::new(&opts.network, &opts.expected.inputs(), device);
    Ok(Start {
        net,
        summary: TrainSummary::default(),
        network: opts.network.clone(),
        optimizer: None,
    })
}

/// Refuses a window of another shape, or without the margin column `[train] margin_mix` or
/// a score head (`[network] score_head`) needs.
fn check_window(opts: &TrainOptions<'_>, window: &crate::window::Window) -> Result<(), TrainError> {
    let tc = &opts.train;
    if window.meta.encoding_len != opts.expected.encoding_len
        || window.meta.num_actions != opts.expected.num_actions
    {
        return Err(TrainError::Shard {
            path: window.shards.last().cloned().unwrap_or_default(),
            message: format!(
                "data of shape {} x {}, expected {} x {}",
                window.meta.encoding_len,
                window.meta.num_actions,
                opts.expected.encoding_len,
                opts.expected.num_actions
            ),
        });
    }
    let needs = if tc.margin_mix > 0.0 {
        Some(format!("[train] margin_mix = {}", tc.margin_mix))
    } else {
        opts.network
            .score_head
            .then(|| "[network] score_head = true".to_string())
    };
    if let Some(needs) = needs {
        for path in &window.shards {
            let version = mankala_data::read_version(path)?;
            if version < mankala_data::MARGIN_FORMAT_VERSION {
                return Err(TrainError::Shard {
                    path: path.clone(),
                    message: format!(
                        "data format version {version} has no margin column; {needs} needs \
                         shards of version {} or newer",
                        mankala_data::MARGIN_FORMAT_VERSION
                    ),
                });
            }
        }
    }
    Ok(())
}

/// Trains (or resumes training) and writes the final model as `out/model.{bpk,json}`.
/// `progress(step, total, summary)` is called after every step.
///
/// # Errors
/// [`TrainError`] naming the data, checkpoint or output file at fault.
pub fn train(
    opts: &TrainOptions<'_>,
    progress: impl FnMut(u64, u64, &TrainSummary),
) -> Result<TrainSummary, TrainError> {
    train_drawing_ahead(opts, BATCHES_AHEAD, progress)
}

/// [`train`] with its batches drawn up to `ahead` in advance of the steps by a thread of their
/// own; with 0, on the calling thread between the steps: the reference the tests hold the
/// drawing ahead to (the same network and metrics).
///
/// # Errors
/// As [`train`].
#[doc(hidden)]
pub fn train_drawing_ahead(
    opts: &TrainOptions<'_>,
    ahead: usize,
    mut progress: impl FnMut(u64, u64, &TrainSummary),
) -> Result<TrainSummary, TrainError> {
    let out = opts.out;
    fs::create_dir_all(out).map_err(|source| TrainError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let tc = &opts.train;
    let device = mankala_models::device().autodiff();
    let (ckpt_model, ckpt_optim, ckpt_state) = checkpoint_paths(out);

    let window = select(opts.data, tc.window, &opts.expected)?;
    check_window(opts, &window)?;
    let trained_on: Vec<String> = opts.data.iter().map(|d| d.display().to_string()).collect();
    let mut optim = AdamWConfig::new().with_weight_decay(tc.weight_decay).init();
    finish_checkpoint(out)?;
    let Start {
        net,
        mut summary,
        network,
        optimizer,
    } = start(opts, &device)?;
    if let Some(path) = optimizer {
        optim = optim.load(&path).map_err(|e| TrainError::Checkpoint {
            path: path.clone(),
            message: format!("cannot load optimizer state: {e}"),
        })?;
    }
    let fixed = opts
        .fixed_validation
        .map(|dir| {
            held_out_rows(
                dir,
                &opts.expected,
                tc.validation_fraction,
                tc.validation_rows,
            )
        })
        .transpose()?;
    let sampler = Mutex::new(Sampler::new(
        window,
        tc.shuffle_buffer,
        tc.validation_fraction,
        tc.validation_rows,
        opts.seed ^ summary.step,
    ));
    let metrics_path = out.join("metrics.csv");
    keep_metrics_until(&metrics_path, summary.step)?;
    let new_metrics = !metrics_path.exists();
    let mut metrics = fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&metrics_path)
        .map_err(|source| TrainError::Io {
            path: metrics_path.clone(),
            source,
        })?;
    let io_m = |source| TrainError::Io {
        path: metrics_path.clone(),
        source,
    };
    if new_metrics {
        metrics
            .write_all(format!("{METRICS_HEADER}\n").as_bytes())
            .map_err(io_m)?;
    }
    let meta_for = |summary: &TrainSummary| ModelMeta {
        format_version: MODEL_FORMAT_VERSION,
        variant: opts.expected.variant.into(),
        rules: opts.expected.rules.into(),
        encoding_version: opts.expected.encoding_version,
        encoding_len: opts.expected.encoding_len,
        num_actions: opts.expected.num_actions,
        network: network.clone(),
        step: summary.step,
        samples: summary.samples,
        trained_on: trained_on.clone(),
        code_version: opts.code_version.clone(),
        device: mankala_models::device_name(),
    };
    let start = Instant::now();
    let first_step = summary.step;
    let mut sums: Option<Losses> = None;
    let mut count = 0u32;
    let score_scale = network.score_scale;
    // On a GPU the device runs the whole batch: parts on CPU threads would only queue forks of
    // the network on the same device.
    let threads = if mankala_models::device::on_gpu() {
        1
    } else {
        opts.threads
    };
    // The batches are drawn on a thread of their own, up to `ahead` in advance of the steps,
    // so that reading and shuffling shards overlaps the steps (a device's work) instead of
    // leaving it idle between them. One thread draws them in order, one a step, so the batches
    // are the ones a draw on this thread would give; each comes with the number of held-out
    // rows gathered when it was drawn, the rows a checkpoint after it is validated on.
    let draw = || -> Result<(Samples, usize), TrainError> {
        let mut sampler = sampler.lock().expect("a batch draw panicked");
        let rows = sampler.batch(tc.batch_size)?;
        Ok((rows, sampler.validation.len()))
    };
    let todo = opts.steps.saturating_sub(summary.step);
    let net = std::thread::scope(|scope| -> Result<PolicyValueNet, TrainError> {
        let mut net = net;
        let batches = (ahead > 0 && todo > 0).then(|| {
            let (ready, batches) = sync_channel(ahead);
            scope.spawn(move || {
                for _ in 0..todo {
                    let drawn = draw();
                    let failed = drawn.is_err();
                    // The steps have ended early (the receiver is gone), or the draw failed.
                    if ready.send(drawn).is_err() || failed {
                        break;
                    }
                }
            });
            batches
        });
        while summary.step < opts.steps {
            let (rows, held_rows) = match &batches {
                Some(batches) => batches
                    .recv()
                    .expect("the batch thread sends a batch for every step, or an error")?,
                None => draw()?,
            };
            let lr = match opts.schedule {
                Some(p) => tc.learning_rate_at(p.offset + summary.step, p.total),
                None => tc.learning_rate_at(summary.step, opts.steps),
            };
            let (grads, losses) = step_gradients(&net, &rows, tc, score_scale, threads, &device);
            net = optim.step(lr, net, grads);
            sums = Some(losses.after(sums.take()));
            count += 1;
            summary.step += 1;
            summary.samples += rows.len() as u64;
            let elapsed = start.elapsed().as_secs_f64().max(1e-9);
            summary.samples_per_s =
                (summary.step - first_step) as f64 * tc.batch_size as f64 / elapsed;
            if summary.step % tc.checkpoint_every == 0 || summary.step == opts.steps {
                let [sum_p, sum_v, sum_s] = sums.take().map_or([f32::NAN; 3], Losses::read);
                summary.policy_loss = sum_p / count as f32;
                summary.value_loss = sum_v / count as f32;
                summary.score_loss = sum_s / count as f32;
                count = 0;
                let validation = {
                    let sampler = sampler.lock().expect("a batch draw panicked");
                    let all = &sampler.validation;
                    let mut first = Samples::new(all.encoding_len, all.num_actions);
                    for i in 0..held_rows.min(all.len()) {
                        first.push_row(all, i);
                    }
                    first
                };
                let held = evaluate(
                    &net,
                    &validation,
                    tc.batch_size,
                    ValueTarget::of(tc),
                    score_scale,
                );
                summary.val_score_loss = held.score_loss;
                summary.val_policy_loss = held.policy_loss;
                summary.val_value_loss = held.value_loss;
                summary.val_policy_entropy = held.policy_entropy;
                summary.val_target_entropy = held.target_entropy;
                let results_only = ValueTarget {
                    value_mix: 0.0,
                    ..ValueTarget::of(tc)
                };
                let (fp, fv, fs) = fixed
                    .as_ref()
                    .map_or((f32::NAN, f32::NAN, f32::NAN), |rows| {
                        let h = evaluate(&net, rows, tc.batch_size, results_only, score_scale);
                        (h.policy_loss, h.value_loss, h.score_loss)
                    });
                (summary.fixed_policy_loss, summary.fixed_value_loss) = (fp, fv);
                summary.fixed_score_loss = fs;
                // One write of the whole line: a process killed at any moment leaves whole lines.
                let line = format!(
                    "{},{},{lr:.6},{:.5},{:.5},{:.5},{:.5},{:.5},{:.4},{:.4},{:.1},{},{},{},{},{}\n",
                    summary.step,
                    summary.samples,
                    summary.policy_loss
                        + summary.value_loss * tc.value_weight
                        + if summary.score_loss.is_finite() {
                            summary.score_loss * tc.score_weight
                        } else {
                            0.0
                        },
                    summary.policy_loss,
                    summary.value_loss,
                    held.policy_loss,
                    held.value_loss,
                    held.policy_entropy,
                    held.target_entropy,
                    summary.samples_per_s,
                    csv_loss(fp),
                    csv_loss(fv),
                    csv_loss(summary.score_loss),
                    csv_loss(summary.val_score_loss),
                    csv_loss(fs),
                );
                metrics.write_all(line.as_bytes()).map_err(io_m)?;
                // Weights, optimizer and record are staged, then committed together.
                let mut staged = file::stage(&net, &meta_for(&summary), &ckpt_model)?.to_vec();
                let tmp = atomic::temp_path(&ckpt_optim);
                optim.save(&tmp).map_err(|e| {
                    atomic::abandon(&tmp);
                    TrainError::SaveOptimizer {
                        path: tmp.clone(),
                        message: e.to_string(),
                    }
                })?;
                staged.push((tmp, ckpt_optim.clone()));
                let tmp = atomic::temp_path(&ckpt_state);
                let text = serde_json::to_string_pretty(&summary).expect("serializes");
                fs::write(&tmp, text).map_err(|source| TrainError::Io {
                    path: tmp.clone(),
                    source,
                })?;
                staged.push((tmp, ckpt_state.clone()));
                commit_checkpoint(out, summary.step, &staged)?;
            }
            progress(summary.step, opts.steps, &summary);
        }
        Ok(net)
    })?;
    file::save(&net, &meta_for(&summary), &out.join("model"))?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::module::{ModuleVisitor, Param};
    use mankala_models::NetInputs;

    /// `n` rows of random features and targets, every one a full search with a margin.
    fn random_rows(n: usize, e: usize, a: usize) -> Samples {
        let mut x: u64 = 7;
        let mut next = || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut rows = Samples::new(e, a);
        for i in 0..n {
            rows.run.push(0);
            rows.game_id.push(i as u64);
            rows.features.extend((0..e).map(|_| next()));
            rows.legal
                .extend((0..a).map(|k| if k % 3 == 0 { 0.0 } else { 1.0 }));
            let p: Vec<f32> = (0..a)
                .map(|k| if k % 3 == 0 { 0.0 } else { next() })
                .collect();
            let sum: f32 = p.iter().sum();
            rows.policy.extend(p.iter().map(|v| v / sum));
            rows.value_target
                .push(if next() < 0.5 { -1.0 } else { 1.0 });
            rows.root_value.push(next() * 2.0 - 1.0);
            rows.full_search.push(true);
            rows.margin.push((next() * 40.0 - 20.0).round());
            rows.weight.push(1.0);
        }
        rows.run_ids.push("test".into());
        rows
    }

    /// Every parameter's gradient in `grads`, in the network's order, flattened.
    fn flat(net: &PolicyValueNet, grads: &GradientsParams) -> Vec<f32> {
        struct Collect<'a> {
            grads: &'a GradientsParams,
            out: Vec<f32>,
        }
        impl ModuleVisitor for Collect<'_> {
            fn visit_float<const D: usize>(&mut self, param: &Param<Tensor<D>>) {
                let g = self.grads.get::<D>(param.id).expect("a gradient");
                self.out
                    .extend(g.into_data().try_into_vec::<f32>().expect("f32"));
            }
        }
        let mut c = Collect {
            grads,
            out: Vec::new(),
        };
        net.visit(&mut c);
        c.out
    }

    #[test]
    fn a_batch_split_over_threads_gives_the_whole_batchs_gradients_and_losses() {
        let device = mankala_models::device().autodiff();
        let (e, a) = (20, 7);
        let cfg = NetworkConfig {
            width: 16,
            blocks: 1,
            value_width: 8,
            score_head: true,
            ..NetworkConfig::default()
        };
        let net = PolicyValueNet::new(&cfg, &NetInputs::flat(e, a), &device);
        let rows = random_rows(64, e, a);
        let tc = TrainConfig {
            value_mix: 0.5,
            ..TrainConfig::default()
        };
        let (whole, whole_losses) = step_gradients(&net, &rows, &tc, 8.0, 1, &device);
        let whole = flat(&net, &whole);
        let whole_losses = whole_losses.read();
        assert!(whole.iter().any(|g| g.abs() > 1e-4));
        for threads in [2, 3] {
            let (split, losses) = step_gradients(&net, &rows, &tc, 8.0, threads, &device);
            let split = flat(&net, &split);
            let losses = losses.read();
            assert_eq!(split.len(), whole.len());
            for (k, (s, w)) in split.iter().zip(&whole).enumerate() {
                assert!(
                    (s - w).abs() <= 1e-5 + 1e-4 * w.abs(),
                    "{threads} threads, {k}: {s} against {w}"
                );
            }
            for (l, w) in losses.iter().zip(whole_losses) {
                assert!((l - w).abs() <= 1e-5, "{losses:?} against {whole_losses:?}");
            }
        }
    }
}
