//! Trainer settings: the `[train]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, in_range, parse};

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
    /// The newest positions trained on (the sliding window), counted over whole shards; with
    /// `window_min`, the most it grows to.
    pub window: u64,
    /// A window that grows with the run (0: a fixed window of `window` rows). The loop
    /// trains on `window_min * (1 + 0.4 * ((n / window_min)^0.75 - 1) / 0.75)` rows after `n`
    /// positions of self-play (at most `window`, at least `window_min`): KataGo's rule
    /// (`shuffle.py`), so an early network does not train on the games of a random one long
    /// after they stopped being like its own.
    pub window_min: u64,
    /// Training samples drawn per position a generation's self-play added (0: every
    /// generation trains `steps` steps). With it, the loop trains
    /// `ceil(reuse * new positions / batch_size)` steps a generation.
    pub reuse: f64,
    /// Reanalysis (MuZero's Reanalyze): before each generation's training, the loop searches
    /// positions of the window's older games again with the newest network, as many as this
    /// share of the positions the generation's self-play added (0: none), the shards least
    /// recently searched first. Their policy targets and root values (`value_mix`'s part)
    /// are replaced; the games' results stay.
    pub reanalyse: f64,
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
    /// Weight of the score head's loss (mean squared error against `tanh(margin / [network]
    /// score_scale)`) beside the policy's and the value's; used where the network has a
    /// score head (`[network] score_head`).
    pub score_weight: f32,
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
            window_min: 0,
            reuse: 0.0,
            reanalyse: 0.0,
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
            score_weight: 1.0,
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
        in_range("train", "steps", c.steps, 1..=100_000_000)?;
        in_range("train", "batch_size", c.batch_size, 1..=65_536)?;
        if !(c.learning_rate > 0.0 && c.learning_rate <= 1.0) {
            return bad(
                "learning_rate",
                c.learning_rate.to_string(),
                "above 0, at most 1",
            );
        }
        in_range("train", "weight_decay", c.weight_decay, 0.0..=1.0)?;
        if c.window == 0 {
            return bad("window", "0".into(), "at least 1");
        }
        if c.window_min > c.window {
            return bad("window_min", c.window_min.to_string(), "at most window");
        }
        in_range("train", "reuse", c.reuse, 0.0..=1000.0)?;
        in_range("train", "reanalyse", c.reanalyse, 0.0..=100.0)?;
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
        in_range("train", "value_weight", c.value_weight, 0.0..=100.0)?;
        in_range("train", "value_mix", c.value_mix, 0.0..=1.0)?;
        in_range("train", "margin_mix", c.margin_mix, 0.0..=1.0)?;
        if !(c.margin_scale > 0.0 && c.margin_scale <= 1000.0) {
            return bad(
                "margin_scale",
                c.margin_scale.to_string(),
                "above 0, at most 1000",
            );
        }
        in_range("train", "score_weight", c.score_weight, 0.0..=100.0)?;
        Ok(c)
    }

    /// A generation's training steps when its self-play added `new_positions`: `steps`, or
    /// with `reuse` as many as draw `reuse` samples per new position (at least one).
    pub fn steps_for(&self, new_positions: u64) -> u64 {
        if self.reuse <= 0.0 {
            return self.steps;
        }
        let samples = self.reuse * new_positions as f64;
        ((samples / self.batch_size as f64).ceil() as u64).max(1)
    }

    /// The window after `played` positions of self-play: `window`, or with `window_min` the
    /// growing window (`window_min` until `played` passes it, then sublinear in `played`, at
    /// most `window`).
    pub fn window_for(&self, played: u64) -> u64 {
        if self.window_min == 0 {
            return self.window;
        }
        let c = self.window_min as f64;
        let ratio = (played as f64 / c).max(1.0);
        let (alpha, beta) = (0.75, 0.4);
        let grown = c * (1.0 + beta * (ratio.powf(alpha) - 1.0) / alpha);
        (grown as u64).clamp(self.window_min, self.window)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn train(extra: &str) -> Result<TrainConfig, SettingsError> {
        TrainConfig::from_table(&toml::from_str(extra).unwrap())
    }

    #[test]
    fn without_reuse_every_generation_trains_its_steps() {
        let c = train("steps = 300").unwrap();
        assert_eq!((c.steps_for(0), c.steps_for(1_000_000)), (300, 300));
    }

    #[test]
    fn reuse_trains_as_many_steps_as_draw_that_many_samples_per_new_position() {
        let c = train("reuse = 4.0\nbatch_size = 256").unwrap();
        assert_eq!(c.steps_for(6400), 100, "4 x 6400 samples in batches of 256");
        assert_eq!(c.steps_for(6401), 101, "rounded up");
        assert_eq!(c.steps_for(0), 1, "at least one step");
    }

    #[test]
    fn a_growing_window_starts_at_its_minimum_and_grows_sublinearly_to_the_window() {
        let c = train("window = 1000000\nwindow_min = 100000").unwrap();
        assert_eq!(c.window_for(0), 100_000);
        assert_eq!(c.window_for(100_000), 100_000);
        let (a, b) = (c.window_for(400_000), c.window_for(1_600_000));
        assert!(a > 100_000 && a < 400_000, "{a}");
        assert!(b > a && b - a > a - 100_000, "grows on: {a} then {b}");
        assert!(b < 1_000_000);
        assert_eq!(
            c.window_for(u64::MAX / 2),
            1_000_000,
            "capped at the window"
        );
        assert_eq!(
            train("window = 5000").unwrap().window_for(1),
            5000,
            "fixed without window_min"
        );
    }

    #[test]
    fn reuse_and_window_min_out_of_range_are_named() {
        let e = train("window = 10\nwindow_min = 11")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("window_min") && e.contains("at most window"),
            "{e}"
        );
        let e = train("reuse = -1.0").unwrap_err().to_string();
        assert!(e.contains("reuse"), "{e}");
        let e = train("reanalyse = 101.0").unwrap_err().to_string();
        assert!(e.contains("reanalyse") && e.contains("0 to 100"), "{e}");
    }
}
