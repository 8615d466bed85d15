//! Networks for mankala: the policy-value network over the engine's encoding ([`net`]),
//! model files with a metadata sidecar ([`mod@file`]) and their export ([`export`]). Their
//! settings are `[network]` (`mankala_config::NetworkConfig`). They run on burn's `flex` CPU
//! backend, or on a GPU in a build with a GPU backend ([`mod@device`]).

pub mod device;
pub mod export;
pub mod file;
pub mod net;

pub use device::{DeviceChoice, DeviceError, Probe, device, device_name};
pub use file::{Expected, ModelError, ModelMeta};
pub use net::{NetInputs, PolicyValueNet};
