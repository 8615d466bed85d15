//! Progress bars: the terminal's [`Progress`] observer of the pipeline. Where stderr is not
//! a terminal (a log file, a batch job), a long task writes a plain line at most every
//! [`PLAIN_EVERY`] instead.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
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

/// How often a task writes its plain progress line where stderr is not a terminal: a task
/// shorter than this writes none.
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);

/// A task's progress kept for its plain lines.
struct Plain {
    label: String,
    unit: String,
    total: u64,
    /// Done when the task began (a resumed task starts above 0).
    first: u64,
    done: u64,
    start: Instant,
    last: Instant,
}

/// `label: done/total unit (rate/s, ETA eta), note` for a task `elapsed` into its run.
fn plain_line(p: &Plain, elapsed: Duration, note: &str) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 {
        p.done.saturating_sub(p.first) as f64 / secs
    } else {
        0.0
    };
    let eta = if rate > 0.0 && p.total >= p.done {
        clock((p.total - p.done) as f64 / rate)
    } else {
        "-".into()
    };
    let label = if p.label.is_empty() {
        "progress"
    } else {
        &p.label
    };
    let note = if note.is_empty() {
        String::new()
    } else {
        format!(", {note}")
    };
    format!(
        "{label}: {}/{} {} ({rate:.2}/s, ETA {eta}, {} elapsed){note}",
        p.done,
        p.total,
        p.unit,
        clock(secs)
    )
}

/// Seconds as `1h02m`, `3m05s` or `42s`.
fn clock(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s % 3600 / 60),
    }
}

/// One task's bar (or plain lines) at a time.
struct Lane {
    multi: MultiProgress,
    bar: Mutex<Option<ProgressBar>>,
    plain: Option<Mutex<Option<Plain>>>,
}

impl Lane {
    fn new(multi: &MultiProgress, terminal: bool) -> Lane {
        Lane {
            multi: multi.clone(),
            bar: Mutex::new(None),
            plain: (!terminal).then(|| Mutex::new(None)),
        }
    }

    fn current(&self) -> Option<ProgressBar> {
        self.bar.lock().map_or(None, |b| b.clone())
    }
}

impl Progress for Lane {
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        let bar = self.multi.add(progress_bar(total, unit, label));
        bar.set_position(done);
        if let Ok(mut b) = self.bar.lock() {
            *b = Some(bar);
        }
        if let Some(Ok(mut p)) = self.plain.as_ref().map(Mutex::lock) {
            let now = Instant::now();
            *p = Some(Plain {
                label: label.into(),
                unit: unit.into(),
                total,
                first: done,
                done,
                start: now,
                last: now,
            });
        }
    }

    fn advance(&self, done: u64, note: &str) {
        if let Some(bar) = self.current() {
            bar.set_position(done);
            if !note.is_empty() {
                bar.set_message(note.to_string());
            }
        }
        if let Some(Ok(mut guard)) = self.plain.as_ref().map(Mutex::lock)
            && let Some(p) = guard.as_mut()
        {
            p.done = done;
            let now = Instant::now();
            if now.duration_since(p.last) >= PLAIN_EVERY {
                p.last = now;
                eprintln!("{}", plain_line(p, now.duration_since(p.start), note));
            }
        }
    }

    fn end(&self) {
        if let Some(bar) = self.bar.lock().ok().and_then(|mut b| b.take()) {
            bar.finish_and_clear();
            self.multi.remove(&bar);
        }
        // A task that wrote plain lines closes with one.
        if let Some(Ok(mut guard)) = self.plain.as_ref().map(Mutex::lock)
            && let Some(p) = guard.take()
            && p.last > p.start
        {
            eprintln!("{}", plain_line(&p, p.start.elapsed(), "done"));
        }
    }
}

/// One bar per task, cleared when the task ends, and a second one for a task beside it
/// (the loop's overlapped self-play); finished steps of the loop are handed to `on_step`
/// (which prints them). Without a terminal on stderr, plain lines instead
/// ([`PLAIN_EVERY`]).
pub struct Bars<F = fn(u32, &StepRecord)> {
    multi: MultiProgress,
    main: Lane,
    side: Lane,
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
        let terminal = std::io::stderr().is_terminal();
        let multi = MultiProgress::new();
        Bars {
            main: Lane::new(&multi, terminal),
            side: Lane::new(&multi, terminal),
            multi,
            on_step,
        }
    }
}

impl<F> std::fmt::Debug for Bars<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bars").finish_non_exhaustive()
    }
}

impl<F: Fn(u32, &StepRecord) + Sync> Progress for Bars<F> {
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        self.main.begin(label, unit, total, done);
    }

    fn advance(&self, done: u64, note: &str) {
        self.main.advance(done, note);
    }

    fn end(&self) {
        self.main.end();
    }

    fn step(&self, generation: u32, record: &StepRecord) {
        // A bar may be drawn beside the printed step (the overlapped self-play's).
        self.multi.suspend(|| (self.on_step)(generation, record));
    }

    fn beside(&self) -> &dyn Progress {
        &self.side
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(done: u64, total: u64) -> Plain {
        let now = Instant::now();
        Plain {
            label: "arena".into(),
            unit: "games".into(),
            total,
            first: 0,
            done,
            start: now,
            last: now,
        }
    }

    #[test]
    fn a_plain_line_gives_the_count_rate_and_eta() {
        let line = plain_line(&task(25, 100), Duration::from_secs(50), "");
        assert_eq!(line, "arena: 25/100 games (0.50/s, ETA 2m30s, 50s elapsed)");
        let line = plain_line(&task(10, 10), Duration::from_secs(4000), "done");
        assert_eq!(
            line,
            "arena: 10/10 games (0.00/s, ETA 0s, 1h06m elapsed), done"
        );
    }

    #[test]
    fn a_plain_line_without_progress_has_no_eta() {
        let line = plain_line(&task(0, 40), Duration::from_secs(31), "");
        assert_eq!(line, "arena: 0/40 games (0.00/s, ETA -, 31s elapsed)");
    }
}
