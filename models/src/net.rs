//! The policy-value network over the engine's player-relative encoding: a residual MLP
//! (`[network] kind = "mlp"`), or convolutions around the ring of holes (`"ring"`).
//!
//! The ring network reads each hole's values from the encoding ([`RingLayout`]): position
//! `i` of the ring holds the mover's `i`-th hole and the opponent's `i`-th hole as channels.
//! A convolution of width 3 with circular padding is one linear layer shared by every
//! position, applied to the position and its two neighbours around the ring; the whole
//! encoding, through the input layer, is added to every position (KataGo's global inputs).
//! The policy reads every position's channels; the value reads their mean and maximum over
//! the ring (global pooling).

use std::collections::BTreeMap;
use std::sync::Mutex;

use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::activation::{log_softmax, relu};
use burn::tensor::{Device, Int, Tensor, TensorData};

use mankala_config::{NetworkConfig, NetworkKind};
use mankala_engine::RingLayout;

/// What a network reads and writes: the encoding's length, the actions, and where the holes
/// lie in the encoding (for the ring network).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetInputs {
    /// Values per position.
    pub encoding_len: usize,
    /// Policy outputs.
    pub num_actions: usize,
    /// The holes' values in the encoding.
    pub ring: RingLayout,
}

impl NetInputs {
    /// `g`'s inputs in encoding `version` (`None` for a version this build lacks).
    pub fn of<G: mankala_engine::Game>(g: &G, version: u32) -> Option<NetInputs> {
        let e = mankala_engine::Encoder::new(g, version).ok()?;
        Some(NetInputs {
            encoding_len: e.len(),
            num_actions: g.num_actions(),
            ring: e.ring(),
        })
    }

    /// Inputs without a ring: enough for an MLP, which reads the encoding flat.
    pub fn flat(encoding_len: usize, num_actions: usize) -> NetInputs {
        NetInputs {
            encoding_len,
            num_actions,
            ring: RingLayout::default(),
        }
    }
}

/// Two linear layers with a skip connection.
#[derive(Module, Debug)]
pub struct ResidualBlock {
    pub(crate) first: Linear,
    pub(crate) second: Linear,
}

impl ResidualBlock {
    fn new(width: usize, device: &Device) -> Self {
        ResidualBlock {
            first: LinearConfig::new(width, width).init(device),
            second: LinearConfig::new(width, width).init(device),
        }
    }

    /// `[B, W] -> [B, W]`.
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        let h = relu(self.first.forward(x.clone())); // [B, W]
        relu(self.second.forward(h) + x) // [B, W]
    }
}

/// `h [B, P, C] -> [B, P, 3C]`: each position's channels after those of the position before
/// it around the ring and before those of the one after it (circular padding of width 1).
pub fn neighbourhood(h: Tensor<3>) -> Tensor<3> {
    let [_, p, _] = h.dims();
    if p == 1 {
        return Tensor::cat(vec![h.clone(), h.clone(), h], 2); // [B, 1, 3C]: its own neighbour
    }
    let before = Tensor::cat(
        vec![h.clone().narrow(1, p - 1, 1), h.clone().narrow(1, 0, p - 1)],
        1,
    ); // [B, P, C]: h[i - 1]
    let after = Tensor::cat(
        vec![h.clone().narrow(1, 1, p - 1), h.clone().narrow(1, 0, 1)],
        1,
    ); // [B, P, C]: h[i + 1]
    Tensor::cat(vec![before, h, after], 2) // [B, P, 3C]
}

/// `h [B, P, Cin] -> [B, P, Cout]`: the convolution of width 3 around the ring whose weights
/// are `layer`'s (`[3 Cin, Cout]`: the position before, the position, the position after).
///
/// The positions are folded into the batch for the matrix product, so the weights' gradient
/// is one product over every position rather than one per position.
pub fn ring_conv(layer: &Linear, h: Tensor<3>) -> Tensor<3> {
    let [b, p, c] = h.dims();
    let x = neighbourhood(h).reshape([b * p, 3 * c]); // [B*P, 3Cin]
    let y = layer.forward(x); // [B*P, Cout]
    let [_, out] = y.dims();
    y.reshape([b, p, out]) // [B, P, Cout]
}

/// Two ring convolutions with a skip connection.
#[derive(Module, Debug)]
pub struct RingBlock {
    pub(crate) first: Linear,
    pub(crate) second: Linear,
}

impl RingBlock {
    fn new(channels: usize, device: &Device) -> Self {
        RingBlock {
            first: LinearConfig::new(3 * channels, channels).init(device),
            second: LinearConfig::new(3 * channels, channels).init(device),
        }
    }

    /// `[B, P, C] -> [B, P, C]`.
    fn forward(&self, x: Tensor<3>) -> Tensor<3> {
        let h = relu(ring_conv(&self.first, x.clone())); // [B, P, C]
        relu(ring_conv(&self.second, h) + x) // [B, P, C]
    }
}

/// The ring network's trunk: where the holes are read, the first convolution, the blocks.
#[derive(Module, Debug)]
pub struct RingTrunk {
    /// `[P * Cin]`: the encoding index of each position's channels.
    #[module(skip)]
    pub(crate) layout: RingLayout,
    pub(crate) stem: Linear,
    pub(crate) blocks: Vec<RingBlock>,
}

impl RingTrunk {
    /// `features [B, E], global [B, C] -> [B, P, C]`.
    fn forward(&self, features: Tensor<2>, global: Tensor<2>) -> Tensor<3> {
        let [b, _] = features.dims();
        let RingLayout {
            positions,
            channels,
            index,
        } = &self.layout;
        let index: Vec<i64> = index.iter().map(|&i| i64::from(i)).collect();
        let index = Tensor::<1, Int>::from_data(
            TensorData::new(index, [positions * channels]),
            &features.device(),
        );
        let holes = features
            .select(1, index)
            .reshape([b, *positions, *channels]); // [B, P, Cin]
        let g = global.unsqueeze_dim::<3>(1); // [B, 1, C]
        let mut h = relu(ring_conv(&self.stem, holes) + g); // [B, P, C]
        for block in &self.blocks {
            h = block.forward(h); // [B, P, C]
        }
        h
    }
}

/// Policy logits over every action and a value in [-1, 1] for the player to move.
///
/// Both architectures share the names of the input layer and the heads: `input` is the MLP's
/// first layer, or the ring's global inputs; `blocks` are the MLP's (none in a ring
/// network, whose blocks are `ring`'s).
#[derive(Module, Debug)]
pub struct PolicyValueNet {
    pub(crate) input: Linear,
    pub(crate) blocks: Vec<ResidualBlock>,
    pub(crate) ring: Option<RingTrunk>,
    pub(crate) policy: Linear,
    pub(crate) value_hidden: Linear,
    pub(crate) value_out: Linear,
    /// The score head (`[network] score_head`): the final seed margin for the player to
    /// move, squashed to [-1, 1], read from the value head's hidden layer.
    pub(crate) score_out: Option<Linear>,
}

impl PolicyValueNet {
    /// A freshly initialized network of `cfg`'s shape for `inputs`.
    ///
    /// # Panics
    /// For a ring network whose inputs have no ring (the engine gives every variant one).
    pub fn new(cfg: &NetworkConfig, inputs: &NetInputs, device: &Device) -> Self {
        let (e, a, w) = (inputs.encoding_len, inputs.num_actions, cfg.width);
        let linear = |i, o| LinearConfig::new(i, o).init(device);
        match cfg.kind {
            NetworkKind::Mlp => PolicyValueNet {
                input: linear(e, w),
                blocks: (0..cfg.blocks)
                    .map(|_| ResidualBlock::new(w, device))
                    .collect(),
                ring: None,
                policy: linear(w, a),
                value_hidden: linear(w, cfg.value_width),
                value_out: linear(cfg.value_width, 1),
                score_out: cfg.score_head.then(|| linear(cfg.value_width, 1)),
            },
            NetworkKind::Ring => {
                let layout = inputs.ring.clone();
                assert!(
                    layout.positions > 0,
                    "a ring network needs the holes' layout"
                );
                PolicyValueNet {
                    input: linear(e, w),
                    blocks: Vec::new(),
                    ring: Some(RingTrunk {
                        stem: linear(3 * layout.channels, w),
                        blocks: (0..cfg.blocks).map(|_| RingBlock::new(w, device)).collect(),
                        layout: layout.clone(),
                    }),
                    policy: linear(layout.positions * w, a),
                    value_hidden: linear(2 * w, cfg.value_width),
                    value_out: linear(cfg.value_width, 1),
                    score_out: cfg.score_head.then(|| linear(cfg.value_width, 1)),
                }
            }
        }
    }

    /// Whether the network has a score head.
    pub fn has_score_head(&self) -> bool {
        self.score_out.is_some()
    }

    /// Whether a search may mix the score head into this network's values at `weight`
    /// (`[search] score_mix`, `nn:...,score=W`): any network at 0, one with a score head
    /// above.
    ///
    /// # Errors
    /// [`NoScoreHead`] for a weight above 0 and a network without a score head.
    pub fn check_score_mix(&self, weight: f32) -> Result<(), NoScoreHead> {
        if weight > 0.0 && !self.has_score_head() {
            return Err(NoScoreHead { weight });
        }
        Ok(())
    }

    /// `features [B, E] -> (policy logits [B, A], value [B, 1])`.
    pub fn forward(&self, features: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let (logits, value, _) = self.forward_heads(features);
        (logits, value)
    }

    /// `features [B, E] -> (policy logits [B, A], value [B, 1], score [B, 1])`, the score
    /// where the network has a score head.
    pub fn forward_heads(&self, features: Tensor<2>) -> (Tensor<2>, Tensor<2>, Option<Tensor<2>>) {
        let (policy_in, value_in) = match &self.ring {
            None => {
                let mut h = relu(self.input.forward(features)); // [B, W]
                for block in &self.blocks {
                    h = block.forward(h); // [B, W]
                }
                (h.clone(), h)
            }
            Some(ring) => {
                let global = self.input.forward(features.clone()); // [B, C]
                let h = ring.forward(features, global); // [B, P, C]
                let [b, p, c] = h.dims();
                let mean = h.clone().mean_dim(1).reshape([b, c]); // [B, C]
                let max = h.clone().max_dim(1).reshape([b, c]); // [B, C]
                (h.reshape([b, p * c]), Tensor::cat(vec![mean, max], 1)) // [B, P*C], [B, 2C]
            }
        };
        let logits = self.policy.forward(policy_in); // [B, A]
        let v = relu(self.value_hidden.forward(value_in)); // [B, V]
        let score = self.score_out.as_ref().map(|s| s.forward(v.clone()).tanh()); // [B, 1]
        let value = self.value_out.forward(v).tanh(); // [B, 1]
        (logits, value, score)
    }
}

/// A score mix asked of a network without a score head.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error(
    "a score mix of {weight} ([search] score_mix, or an agent's score=W) needs a network with \
     a score head; this one has none ([network] score_head = false)"
)]
pub struct NoScoreHead {
    /// The weight asked for.
    pub weight: f32,
}

/// `mask [B, A]` of 0/1 -> an additive penalty that removes illegal actions from a softmax.
pub fn mask_penalty(mask: Tensor<2>) -> Tensor<2> {
    (mask - 1.0) * 1.0e9 // [B, A]: 0 where legal, -1e9 where not
}

/// The training losses of a batch, each `[1]`.
#[derive(Debug, Clone)]
pub struct Losses {
    /// Masked policy cross-entropy against the soft targets, over the rows whose policy is a
    /// target.
    pub policy: Tensor<1>,
    /// Value mean squared error.
    pub value: Tensor<1>,
    /// Score mean squared error over the rows with a margin, where the network has a score
    /// head.
    pub score: Option<Tensor<1>>,
}

/// The training losses of `net` on `batch`: masked policy cross-entropy against soft
/// targets, value MSE, and score MSE where the network has a score head.
///
/// `features [B, E]`, `mask [B, A]` (0/1), `policy [B, A]` (rows sum to 1), `value [B, 1]`,
/// `policy_weight [B, 1]` (0 for rows whose policy is not a target), `score [B, 1]`,
/// `score_weight [B, 1]` (0 for rows without a margin).
pub fn loss(net: &PolicyValueNet, batch: Batch) -> Losses {
    let Batch {
        features,
        mask,
        policy,
        value,
        policy_weight,
        score,
        score_weight,
    } = batch;
    let (logits, v, s) = net.forward_heads(features); // [B, A], [B, 1], [B, 1]
    let logp = log_softmax(logits + mask_penalty(mask), 1); // [B, A]
    // Illegal entries have target 0; clamp their -1e9 log-probabilities so 0 * x stays finite.
    let ce = -(policy * logp.clamp_min(-1.0e4)).sum_dim(1); // [B, 1]
    let weight_sum = policy_weight.clone().sum().clamp_min(1.0); // [1]
    let policy_loss = (ce * policy_weight).sum() / weight_sum; // [1]
    let value_loss = (v - value).powi_scalar(2).mean(); // [1]
    let score_loss = s.map(|s| {
        let n = score_weight.clone().sum().clamp_min(1.0); // [1]
        ((s - score).powi_scalar(2) * score_weight).sum() / n // [1]
    });
    Losses {
        policy: policy_loss,
        value: value_loss,
        score: score_loss,
    }
}

/// A training batch of `B` positions, as tensors.
#[derive(Debug, Clone)]
pub struct Batch {
    /// Encoded positions, `[B, E]`.
    pub features: Tensor<2>,
    /// Legal actions, 1 or 0, `[B, A]`.
    pub mask: Tensor<2>,
    /// The search's policy targets, `[B, A]`.
    pub policy: Tensor<2>,
    /// Value targets for the player to move, `[B, 1]`.
    pub value: Tensor<2>,
    /// Weight of each position's policy loss (0 for a fast search's), `[B, 1]`.
    pub policy_weight: Tensor<2>,
    /// Score targets, `tanh(margin / score_scale)` for the player to move, `[B, 1]` (0 for a
    /// row without a margin).
    pub score: Tensor<2>,
    /// Weight of each position's score loss: 1 with a margin, 0 without, `[B, 1]`.
    pub score_weight: Tensor<2>,
}

/// Runs the network on a batch of encoded positions on the CPU: returns, per position, the
/// policy (softmax over the legal actions given by `legal`, `[B * A]` 0/1; over every action
/// where a row has none legal) and the value.
///
/// The network's outputs leave burn once; the masked softmax of each row is computed on
/// them directly (a handful of actions), without the mask's tensors.
pub fn infer(
    net: &PolicyValueNet,
    device: &Device,
    features: Vec<f32>,
    legal: Vec<f32>,
    batch: usize,
) -> (Vec<f32>, Vec<f32>) {
    let (p, v, _) = infer_heads(net, device, features, legal, batch);
    (p, v)
}

/// Network calls of this process by batch size, as [`infer_heads`] counts them: a GPU
/// backend compiles (and tunes) its kernels once for each size.
static BATCH_SIZES: Mutex<BTreeMap<usize, u64>> = Mutex::new(BTreeMap::new());

/// The calls [`infer`] and [`infer_heads`] have made in this process, by batch size.
pub fn batch_sizes() -> BTreeMap<usize, u64> {
    BATCH_SIZES.lock().map(|m| m.clone()).unwrap_or_default()
}

/// [`infer`] with the score head's outputs, per position, where the network has one.
pub fn infer_heads(
    net: &PolicyValueNet,
    device: &Device,
    features: Vec<f32>,
    legal: Vec<f32>,
    batch: usize,
) -> (Vec<f32>, Vec<f32>, Option<Vec<f32>>) {
    if let Ok(mut sizes) = BATCH_SIZES.lock() {
        *sizes.entry(batch).or_default() += 1;
    }
    let enc = features.len() / batch.max(1);
    let actions = legal.len() / batch.max(1);
    let x = Tensor::<2>::from_data(TensorData::new(features, [batch, enc]), device); // [B, E]
    let (logits, value, score) = net.forward_heads(x); // [B, A], [B, 1], [B, 1]
    let mut p = logits
        .into_data()
        .try_into_vec::<f32>()
        .expect("f32 output");
    let v = value.into_data().try_into_vec::<f32>().expect("f32 output");
    let score = score.map(|s| s.into_data().try_into_vec::<f32>().expect("f32 output"));
    for (row, mask) in p.chunks_mut(actions).zip(legal.chunks(actions)) {
        masked_softmax(row, mask);
    }
    (p, v, score)
}

/// Replaces `logits` by their softmax over the entries where `mask` is 1 (0 elsewhere); a
/// row with no legal entry gets the softmax over all of them.
pub fn masked_softmax(logits: &mut [f32], mask: &[f32]) {
    let any = mask.iter().any(|&m| m > 0.5);
    let legal = |k: usize| !any || mask[k] > 0.5;
    let max = (0..logits.len())
        .filter(|&k| legal(k))
        .map(|k| logits[k])
        .fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for (k, l) in logits.iter_mut().enumerate() {
        *l = if legal(k) { (*l - max).exp() } else { 0.0 };
        sum += *l;
    }
    for l in logits.iter_mut() {
        *l /= sum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::activation::softmax;

    /// The masked softmax of burn's tensors, as `infer` computed it before.
    fn burn_masked_softmax(logits: &[f32], mask: &[f32], rows: usize) -> Vec<f32> {
        let device = crate::device();
        let a = logits.len() / rows;
        let l = Tensor::<2>::from_data(TensorData::new(logits.to_vec(), [rows, a]), &device);
        let m = Tensor::<2>::from_data(TensorData::new(mask.to_vec(), [rows, a]), &device);
        softmax(l + mask_penalty(m), 1)
            .into_data()
            .try_into_vec::<f32>()
            .unwrap()
    }

    #[test]
    fn masked_softmax_agrees_with_the_tensor_softmax_over_the_legal_actions() {
        let logits = [
            0.3, -1.2, 2.5, 0.0, 7.0, -3.0, // every action legal
            0.3, -1.2, 2.5, 0.0, 7.0, -3.0, // some illegal, the largest among them
            -40.0, 40.0, 1.0, 2.0, 3.0, 4.0, // one legal
        ];
        let mask = [
            1.0, 1.0, 1.0, 1.0, 1.0, 1.0, //
            1.0, 0.0, 1.0, 1.0, 0.0, 1.0, //
            1.0, 0.0, 0.0, 0.0, 0.0, 0.0,
        ];
        let want = burn_masked_softmax(&logits, &mask, 3);
        let mut got = logits;
        for (row, m) in got.chunks_mut(6).zip(mask.chunks(6)) {
            masked_softmax(row, m);
        }
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert!((g - w).abs() <= 1e-6, "entry {k}: {g} against {w}");
            if mask[k] == 0.0 {
                assert_eq!(*g, 0.0, "entry {k} is illegal");
            }
        }
        assert_eq!(got[12], 1.0);
    }

    #[test]
    fn a_row_with_no_legal_action_gets_the_softmax_over_all() {
        let mut row = [0.0f32, 1.0f32.ln(), 2.0f32.ln(), 3.0f32.ln()];
        masked_softmax(&mut row, &[0.0; 4]);
        let want = [1.0 / 7.0, 1.0 / 7.0, 2.0 / 7.0, 3.0 / 7.0];
        for (g, w) in row.iter().zip(want) {
            assert!((g - w).abs() < 1e-6, "{row:?}");
        }
    }
}
