//! Trainer settings: the `[train]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, parse};

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

/// What one learning-rate schedule spans in the generation loop.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Span {
    /// Each generation's training runs the whole schedule (warm-up included) over its own
    /// steps.
    #[default]
    Generation,
    /// One schedule over the run's `[loop] generations` generations: warm-up at the start of
    /// the run only, each generation continuing where the previous one stopped.
    Run,
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
    /// What the schedule spans in the generation loop (`mankala train` alone: its steps).
    pub schedule_span: Span,
    /// In the loop, start each generation's optimizer from the previous generation's final
    /// optimizer state (AdamW moments and step count) instead of a fresh one.
    pub keep_optimizer: bool,
    /// Value target: `(1 - value_mix) * game result + value_mix * root search value`, both
    /// for the player to move.
    pub value_mix: f32,
    /// Weight of the game's final seed margin in the value target: the target is
    /// `(1 - margin_mix) * (the value_mix target) + margin_mix * tanh(margin / margin_scale)`,
    /// so the search prefers a larger win and a smaller loss (0: results only).
    pub margin_mix: f32,
    /// Seeds of margin that count `tanh(1)` of the margin term.
    pub margin_scale: f32,
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
            schedule_span: Span::Generation,
            keep_optimizer: false,
            value_mix: 0.0,
            margin_mix: 0.0,
            margin_scale: 8.0,
        }
    }
}

impl TrainConfig {
    /// Reads and checks a `[train]` table.
    ///
    /// # Errors
    /// [`SettingsError`] naming the key that is unknown, of the wrong type, or out of range.
    pub fn from_table(t: &toml::Table) -> Result<Self, SettingsError> {
        let c: TrainConfig = parse("train", t)?;
        let bad = |key: &str, v: String, expected: &str| {
            Err(SettingsError::out_of_range("train", key, v, expected))
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
        if !(0.0..=1.0).contains(&c.value_mix) {
            return bad("value_mix", c.value_mix.to_string(), "0 to 1");
        }
        if !(0.0..=1.0).contains(&c.margin_mix) {
            return bad("margin_mix", c.margin_mix.to_string(), "0 to 1");
        }
        if !(c.margin_scale > 0.0 && c.margin_scale <= 1000.0) {
            return bad(
                "margin_scale",
                c.margin_scale.to_string(),
                "above 0, at most 1000",
            );
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
