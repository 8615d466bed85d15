//! Progress bars: the terminal's [`Progress`] observer of the pipeline.

use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use mankala_pipeline::{Progress, StepRecord};

/// A progress bar over `len` items of `unit`, its line starting with `label`.
pub fn progress_bar(len: u64, unit: &str, label: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let label = if label.is_empty() {
        String::new()
    } else {
        format!("{label} ")
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{label}{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} ({{per_sec}}, ETA {{eta}}) {{msg}}"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

/// One bar per task, cleared when the task ends; finished steps of the loop are handed to
/// `on_step` (which prints them).
pub struct Bars<F = fn(u32, &StepRecord)> {
    bar: Mutex<Option<ProgressBar>>,
    on_step: F,
}

impl Bars {
    /// Bars that print nothing for finished steps.
    pub fn new() -> Bars {
        Bars::with_steps(|_, _| {})
    }
}

impl<F: Fn(u32, &StepRecord) + Sync> Bars<F> {
    /// Bars that hand every finished step to `on_step`.
    pub fn with_steps(on_step: F) -> Bars<F> {
        Bars {
            bar: Mutex::new(None),
            on_step,
        }
    }

    fn current(&self) -> Option<ProgressBar> {
        self.bar.lock().map_or(None, |b| b.clone())
    }
}

impl<F> std::fmt::Debug for Bars<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bars").finish_non_exhaustive()
    }
}

impl<F: Fn(u32, &StepRecord) + Sync> Progress for Bars<F> {
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        let bar = progress_bar(total, unit, label);
        bar.set_position(done);
        if let Ok(mut b) = self.bar.lock() {
            *b = Some(bar);
        }
    }

    fn advance(&self, done: u64, note: &str) {
        if let Some(bar) = self.current() {
            bar.set_position(done);
            if !note.is_empty() {
                bar.set_message(note.to_string());
            }
        }
    }

    fn end(&self) {
        if let Some(bar) = self.bar.lock().ok().and_then(|mut b| b.take()) {
            bar.finish_and_clear();
        }
    }

    fn step(&self, generation: u32, record: &StepRecord) {
        (self.on_step)(generation, record);
    }
}
