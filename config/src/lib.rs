//! The config files of mankala: one reader ([`load`], [`parse`], [`resolve`]) into one
//! schema ([`Resolved`]) of typed, range-checked sections, each named for its table:
//! `[search]` ([`SearchConfig`]), `[selfplay]` ([`SelfplayConfig`]), `[network]`
//! ([`NetworkConfig`]), `[train]` ([`TrainConfig`]) and `[loop]` ([`LoopConfig`]), with the
//! variant, `[rules]` and `[limits]` read by the engine. Every error names the table and key
//! ([`SettingsError`]) and the file ([`LoadError`]). Agent specs ([`AgentSpec`]), which the
//! `[loop]` baselines and the command line name, are read here too.

mod agent_spec;
mod error;
mod file;
mod loops;
mod network;
mod search;
mod selfplay;
mod train;

pub use agent_spec::{AgentSpec, SpecError, TIMED_DEPTH, ZOO_SIMULATIONS};
pub use error::SettingsError;
pub use file::{
    ConfigError, ConfigFile, DEFAULT_CONFIG, LoadError, Resolved, load, parse, resolve,
};
pub use loops::{FirstEvaluator, Gate, Growth, LoopConfig};
pub use network::{NetworkConfig, NetworkKind};
pub use search::{Inference, SearchConfig, Selection};
pub use selfplay::SelfplayConfig;
pub use train::{Schedule, Span, TrainConfig};
