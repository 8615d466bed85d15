//! Training settings: the `[train]` table of a variant config.

use serde::{Deserialize, Serialize};

/// How the learning rate moves over a run.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Schedule {
    /// Linear warm-up, then constant.
    Constant,
    /// Linear warm-up, then cosine decay to a tenth.
    #[default]
    Cosine,
}

/// Trainer settings (`[train]`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct TrainConfig {
    /// Training steps of a run (the command line's `--steps` overrides it).
    pub steps: u64,
    /// Positions per step.
    pub batch_size: usize,
    /// Peak learning rate of AdamW.
    pub learning_rate: f64,
    /// AdamW weight decay.
    pub weight_decay: f32,
    /// Steps of linear warm-up.
    pub warmup_steps: u64,
    /// The schedule after warm-up.
    pub schedule: Schedule,
    /// The newest positions trained on (the sliding window), counted over whole shards.
    pub window: u64,
    /// Rows held in the shuffle buffer; shards stream through it, so memory stays bounded.
    pub shuffle_buffer: usize,
    /// Share of games held out for validation (by game id), 0 for none.
    pub validation_fraction: f32,
    /// Most validation rows kept.
    pub validation_rows: usize,
    /// Steps between checkpoints (and metrics lines).
    pub checkpoint_every: u64,
    /// Weight of the value loss in the total.
    pub value_weight: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            steps: 1000,
            batch_size: 256,
            learning_rate: 1e-3,
            weight_decay: 1e-4,
            warmup_steps: 50,
            schedule: Schedule::Cosine,
            window: 500_000,
            shuffle_buffer: 50_000,
            validation_fraction: 0.05,
            validation_rows: 5_000,
            checkpoint_every: 100,
            value_weight: 1.0,
        }
    }
}

impl TrainConfig {
    /// Reads and checks a `[train]` table.
    ///
    /// # Errors
    /// A message naming the key that is unknown, of the wrong type, or out of range.
    pub fn from_table(t: &toml::Table) -> Result<Self, String> {
        let c: TrainConfig = TrainConfig::deserialize(toml::Value::Table(t.clone()))
            .map_err(|e| format!("[train]: {}", e.message()))?;
        let bad = |key: &str, v: String, expected: &str| {
            Err(format!("[train] {key} = {v}: expected {expected}"))
        };
        if !(1..=100_000_000).contains(&c.steps) {
            return bad("steps", c.steps.to_string(), "1 to 100000000");
        }
        if !(1..=65_536).contains(&c.batch_size) {
            return bad("batch_size", c.batch_size.to_string(), "1 to 65536");
        }
        if !(c.learning_rate > 0.0 && c.learning_rate <= 1.0) {
            return bad(
                "learning_rate",
                c.learning_rate.to_string(),
                "above 0, at most 1",
            );
        }
        if !(0.0..=1.0).contains(&c.weight_decay) {
            return bad("weight_decay", c.weight_decay.to_string(), "0 to 1");
        }
        if c.window == 0 {
            return bad("window", "0".into(), "at least 1");
        }
        if c.shuffle_buffer < c.batch_size {
            return bad(
                "shuffle_buffer",
                c.shuffle_buffer.to_string(),
                "at least batch_size",
            );
        }
        if !(0.0..0.9).contains(&c.validation_fraction) {
            return bad(
                "validation_fraction",
                c.validation_fraction.to_string(),
                "0 to 0.9",
            );
        }
        if c.checkpoint_every == 0 {
            return bad("checkpoint_every", "0".into(), "at least 1");
        }
        if !(0.0..=100.0).contains(&c.value_weight) {
            return bad("value_weight", c.value_weight.to_string(), "0 to 100");
        }
        Ok(c)
    }

    /// The learning rate at `step`.
    pub fn learning_rate_at(&self, step: u64, total: u64) -> f64 {
        let peak = self.learning_rate;
        if step < self.warmup_steps {
            return peak * (step + 1) as f64 / self.warmup_steps as f64;
        }
        match self.schedule {
            Schedule::Constant => peak,
            Schedule::Cosine => {
                let span = total.saturating_sub(self.warmup_steps).max(1) as f64;
                let t = ((step - self.warmup_steps) as f64 / span).min(1.0);
                let floor = peak / 10.0;
                floor + (peak - floor) * 0.5 * (1.0 + (std::f64::consts::PI * t).cos())
            }
        }
    }
}
