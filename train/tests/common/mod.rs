//! What the trainer's tests share.

use mankala_engine::ENCODING_VERSION;
use mankala_models::Expected;

/// What a Kalah model of encoding version 1 must be under `rules` (with another `variant`,
/// Oware: the same shapes).
pub fn kalah_expected(rules: &str) -> Expected<'_> {
    Expected {
        variant: "kalah",
        rules,
        encoding_version: ENCODING_VERSION,
        encoding_len: 14,
        num_actions: 6,
        encoding_lens: vec![14, 110],
        rings: Vec::new(),
        any_encoding: false,
        encoders: Vec::new(),
    }
}
