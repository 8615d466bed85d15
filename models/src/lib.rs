//! Networks for mankala: the policy-value network over the engine's encoding ([`net`]),
//! model files with a metadata sidecar ([`mod@file`]) and their export ([`export`]). Their
//! settings are `[network]` (`mankala_config::NetworkConfig`). CPU only, on burn's `flex`
//! backend.

pub mod export;
pub mod file;
pub mod net;

pub use file::{Expected, ModelError, ModelMeta};
pub use net::{NetInputs, PolicyValueNet};

/// The CPU device every model runs on.
pub fn device() -> burn::tensor::Device {
    burn::tensor::Device::flex()
}
