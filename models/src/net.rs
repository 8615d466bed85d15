//! The policy-value network: a residual MLP over the engine's player-relative encoding.

use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::activation::{log_softmax, relu, softmax};
use burn::tensor::{Device, Tensor, TensorData};

use crate::config::NetworkConfig;

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

/// Policy logits over every action and a value in [-1, 1] for the player to move.
#[derive(Module, Debug)]
pub struct PolicyValueNet {
    pub(crate) input: Linear,
    pub(crate) blocks: Vec<ResidualBlock>,
    pub(crate) policy: Linear,
    pub(crate) value_hidden: Linear,
    pub(crate) value_out: Linear,
}

impl PolicyValueNet {
    /// A freshly initialized network for an encoding of `encoding_len` values and
    /// `num_actions` actions.
    pub fn new(
        cfg: &NetworkConfig,
        encoding_len: usize,
        num_actions: usize,
        device: &Device,
    ) -> Self {
        PolicyValueNet {
            input: LinearConfig::new(encoding_len, cfg.width).init(device),
            blocks: (0..cfg.blocks)
                .map(|_| ResidualBlock::new(cfg.width, device))
                .collect(),
            policy: LinearConfig::new(cfg.width, num_actions).init(device),
            value_hidden: LinearConfig::new(cfg.width, cfg.value_width).init(device),
            value_out: LinearConfig::new(cfg.value_width, 1).init(device),
        }
    }

    /// `features [B, E] -> (policy logits [B, A], value [B, 1])`.
    pub fn forward(&self, features: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let mut h = relu(self.input.forward(features)); // [B, W]
        for block in &self.blocks {
            h = block.forward(h); // [B, W]
        }
        let logits = self.policy.forward(h.clone()); // [B, A]
        let v = relu(self.value_hidden.forward(h)); // [B, V]
        let value = self.value_out.forward(v).tanh(); // [B, 1]
        (logits, value)
    }
}

/// `mask [B, A]` of 0/1 -> an additive penalty that removes illegal actions from a softmax.
pub fn mask_penalty(mask: Tensor<2>) -> Tensor<2> {
    (mask - 1.0) * 1.0e9 // [B, A]: 0 where legal, -1e9 where not
}

/// The training loss: masked policy cross-entropy against soft targets and value MSE.
/// Returns `(total, policy, value)`, each `[1]`.
///
/// `features [B, E]`, `mask [B, A]` (0/1), `policy [B, A]` (rows sum to 1), `value [B, 1]`,
/// `policy_weight [B, 1]` (0 for rows whose policy is not a target).
pub fn loss(
    net: &PolicyValueNet,
    features: Tensor<2>,
    mask: Tensor<2>,
    policy: Tensor<2>,
    value: Tensor<2>,
    policy_weight: Tensor<2>,
) -> (Tensor<1>, Tensor<1>, Tensor<1>) {
    let (logits, v) = net.forward(features); // [B, A], [B, 1]
    let logp = log_softmax(logits + mask_penalty(mask), 1); // [B, A]
    // Illegal entries have target 0; clamp their -1e9 log-probabilities so 0 * x stays finite.
    let ce = -(policy * logp.clamp_min(-1.0e4)).sum_dim(1); // [B, 1]
    let weight_sum = policy_weight.clone().sum().clamp_min(1.0); // [1]
    let policy_loss = (ce * policy_weight).sum() / weight_sum; // [1]
    let value_loss = (v - value).powi_scalar(2).mean(); // [1]
    (
        policy_loss.clone() + value_loss.clone(),
        policy_loss,
        value_loss,
    )
}

/// Runs the network on a batch of encoded positions on the CPU: returns, per position, the
/// policy (softmax over the legal actions given by `legal`, `[B * A]` 0/1) and the value.
pub fn infer(
    net: &PolicyValueNet,
    device: &Device,
    features: Vec<f32>,
    legal: Vec<f32>,
    batch: usize,
) -> (Vec<f32>, Vec<f32>) {
    let enc = features.len() / batch.max(1);
    let actions = legal.len() / batch.max(1);
    let x = Tensor::<2>::from_data(TensorData::new(features, [batch, enc]), device); // [B, E]
    let m = Tensor::<2>::from_data(TensorData::new(legal, [batch, actions]), device); // [B, A]
    let (logits, value) = net.forward(x); // [B, A], [B, 1]
    let probs = softmax(logits + mask_penalty(m), 1); // [B, A]
    let p = probs.into_data().try_into_vec::<f32>().expect("f32 output");
    let v = value.into_data().try_into_vec::<f32>().expect("f32 output");
    (p, v)
}
