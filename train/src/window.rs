//! The training data stream: the newest shards up to the window size, read one shard at a
//! time through a bounded shuffle buffer, with a held-out validation split by game.

use std::path::PathBuf;

use mankala_selfplay::data::{DataError, Row, ShardMeta, list_shards, read_footer, read_shard};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::TrainError;

/// The shards of the window and what they hold.
#[derive(Clone, Debug)]
pub struct Window {
    /// The shards, oldest first.
    pub shards: Vec<PathBuf>,
    /// Rows in them.
    pub rows: u64,
    /// The newest shard's metadata (all are checked to agree on variant and encoding).
    pub meta: ShardMeta,
}

/// Selects the newest shards of `dirs` (oldest directory first) holding at least `window`
/// rows (all of them if fewer), checking that every one is for `variant` with
/// `encoding_version`.
///
/// # Errors
/// [`TrainError`] naming the directory or the first shard that does not fit.
pub fn select(
    dirs: &[PathBuf],
    window: u64,
    variant: &str,
    encoding_version: u32,
) -> Result<Window, TrainError> {
    let mut all = Vec::new();
    for dir in dirs {
        all.extend(list_shards(dir)?);
    }
    if all.is_empty() {
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        return Err(TrainError::NoData(format!(
            "{}: no shard-*.parquet files",
            names.join(", ")
        )));
    }
    let mut shards = Vec::new();
    let mut rows = 0;
    let mut meta = None;
    for path in all.iter().rev() {
        let (m, shard_rows) = read_footer(path)?;
        if m.variant != variant {
            return Err(TrainError::Mismatch(format!(
                "{}: data of variant {}, expected {variant}",
                path.display(),
                m.variant
            )));
        }
        if m.encoding_version != encoding_version {
            return Err(TrainError::Mismatch(format!(
                "{}: encoding version {}, expected {encoding_version}",
                path.display(),
                m.encoding_version
            )));
        }
        rows += shard_rows;
        shards.push(path.clone());
        meta.get_or_insert(m);
        if rows >= window {
            break;
        }
    }
    shards.reverse();
    Ok(Window {
        shards,
        rows,
        meta: meta.expect("at least one shard"),
    })
}

/// Whether a game is held out for validation.
pub fn is_validation(game_id: u64, run_id: &str, fraction: f32) -> bool {
    if fraction <= 0.0 {
        return false;
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in run_id.bytes().chain(game_id.to_le_bytes()) {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    (h % 10_000) as f32 / 10_000.0 < fraction
}

/// Shuffled training batches streamed from a window.
#[derive(Debug)]
pub struct Sampler {
    window: Window,
    rng: SmallRng,
    buffer: Vec<Row>,
    capacity: usize,
    order: Vec<usize>,
    next_shard: usize,
    validation_fraction: f32,
    validation_cap: usize,
    /// Held-out rows (filled during the first pass over the window).
    pub validation: Vec<Row>,
    passes: u64,
}

impl Sampler {
    /// A sampler over `window` with a shuffle buffer of `capacity` rows.
    pub fn new(
        window: Window,
        capacity: usize,
        validation_fraction: f32,
        validation_cap: usize,
        seed: u64,
    ) -> Self {
        let n = window.shards.len();
        let mut s = Sampler {
            window,
            rng: SmallRng::seed_from_u64(seed),
            buffer: Vec::with_capacity(capacity),
            capacity,
            order: (0..n).collect(),
            next_shard: 0,
            validation_fraction,
            validation_cap,
            validation: Vec::new(),
            passes: 0,
        };
        s.order.shuffle(&mut s.rng);
        s
    }

    fn load_next_shard(&mut self) -> Result<(), DataError> {
        if self.next_shard == self.order.len() {
            self.order.shuffle(&mut self.rng);
            self.next_shard = 0;
            self.passes += 1;
        }
        let path = self.window.shards[self.order[self.next_shard]].clone();
        self.next_shard += 1;
        let (_, rows) = read_shard(&path)?;
        for r in rows {
            if is_validation(r.game_id, &r.run_id, self.validation_fraction) {
                if self.passes == 0 && self.validation.len() < self.validation_cap {
                    self.validation.push(r);
                }
            } else {
                self.buffer.push(r);
            }
        }
        Ok(())
    }

    /// The next `n` training rows, drawn at random from the buffer.
    ///
    /// # Errors
    /// [`TrainError`] when a shard cannot be read or the window holds no training rows.
    pub fn batch(&mut self, n: usize) -> Result<Vec<Row>, TrainError> {
        let mut loads_without_rows = 0;
        while self.buffer.len() < self.capacity.max(n) {
            let before = self.buffer.len();
            self.load_next_shard()?;
            if self.buffer.len() == before {
                loads_without_rows += 1;
                if loads_without_rows > self.window.shards.len() {
                    return Err(TrainError::NoData(
                        "the window holds no training rows (all held out?)".into(),
                    ));
                }
            } else if self.passes > 0 && self.buffer.len() >= n {
                break;
            }
            if self.next_shard == self.order.len() && self.buffer.len() >= n {
                break;
            }
        }
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let i = self.rng.random_range(0..self.buffer.len());
            out.push(self.buffer.swap_remove(i));
        }
        Ok(out)
    }
}
