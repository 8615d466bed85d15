//! Tree search over the mankala engine: MCTS ([`mcts`]), evaluators of positions
//! ([`evaluator`]: uniform, rollouts, a network) and the one batching loop ([`batch`]) that
//! gathers many searches' leaves into one evaluator call, and the inference service
//! ([`service`]) that gathers many threads' calls into batches of fixed sizes for a GPU. Settings are `[search]`
//! ([`mankala_config::SearchConfig`]).

pub mod batch;
pub mod evaluator;
pub mod mcts;
pub mod service;

pub use evaluator::{
    AnyEvaluator, Evaluation, Evaluator, NetworkEvaluator, RolloutEvaluator, UniformEvaluator,
};
pub use mcts::{RootExploration, Search, SearchResult};
pub use service::{InferenceService, ServiceConfig, ServiceStats};

/// The seed of game `game_id` in a run seeded `seed`.
pub fn game_seed(seed: u64, game_id: u64) -> u64 {
    let mut x = seed ^ game_id.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
