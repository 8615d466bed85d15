//! The training data stream: the newest shards up to the window size, read one shard at a
//! time through a bounded shuffle buffer, with a held-out validation split by game.

use std::path::{Path, PathBuf};

use mankala_data::rules::{rules_difference, same_rules};
use mankala_data::samples::{Samples, read_samples};
use mankala_data::{DataError, ShardMeta, list_shards, read_footer};
use mankala_engine::Encoder;
use mankala_models::Expected;
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
    /// The newest shard's metadata (all are checked to agree on variant and rules), its
    /// encoding as training reads it: the expected one.
    pub meta: ShardMeta,
    /// The encoder that reads the window's shards of encoding version 1 as the expected
    /// later version ([`Expected::upgrade`]); `None` where every shard is of the expected
    /// version.
    pub upgrade: Option<Encoder>,
}

impl Window {
    /// The rows of shard `path` (one of the window's or a set's checked as they are), in
    /// the window's encoding.
    ///
    /// # Errors
    /// The shard that cannot be read.
    pub fn read(&self, path: &Path) -> Result<Samples, DataError> {
        let (meta, rows) = read_samples(path)?;
        Ok(match &self.upgrade {
            Some(enc) if meta.encoding_version != self.meta.encoding_version => {
                if meta.encoding_len != enc.version_one_len() {
                    return Err(DataError::Schema {
                        path: path.to_path_buf(),
                        message: format!(
                            "rows of {} features, version 1 of the variant has {}",
                            meta.encoding_len,
                            enc.version_one_len()
                        ),
                    });
                }
                rows.map_features(enc.len(), |v1, out| enc.from_version_one(v1, out))
            }
            _ => rows,
        })
    }
}

/// Selects the newest shards of `dirs` (oldest directory first) holding at least `window`
/// rows (all of them if fewer), checking that every one is for the variant, rules and
/// encoding version of `expected` (or of version 1, read as a later expected version:
/// [`Expected::upgrade`]).
///
/// # Errors
/// [`TrainError`] naming the directory or the first shard that does not fit.
pub fn select(
    dirs: &[PathBuf],
    window: u64,
    expected: &Expected<'_>,
) -> Result<Window, TrainError> {
    let (variant, encoding_version) = (expected.variant, expected.encoding_version);
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
    let mut upgrade = None;
    for path in all.iter().rev() {
        let (m, shard_rows) = read_footer(path)?;
        if m.variant != variant {
            return Err(TrainError::Shard {
                path: path.clone(),
                message: format!("data of variant {}, expected {variant}", m.variant),
            });
        }
        if !same_rules(&m.rules, expected.rules) {
            let (found, wanted) = rules_difference(&m.rules, expected.rules);
            return Err(TrainError::Shard {
                path: path.clone(),
                message: format!("data of other rules ({found}) than the training's ({wanted})"),
            });
        }
        if m.encoding_version != encoding_version {
            match expected.upgrade(m.encoding_version) {
                Some(enc) => upgrade = Some(enc.clone()),
                None => {
                    return Err(TrainError::Shard {
                        path: path.clone(),
                        message: format!(
                            "encoding version {}, expected {encoding_version}{}",
                            m.encoding_version,
                            if m.encoding_version > encoding_version {
                                " (a later version does not train an earlier one)"
                            } else {
                                ""
                            }
                        ),
                    });
                }
            }
        }
        rows += shard_rows;
        shards.push(path.clone());
        // A shard read through the upgrade has the expected encoding's shape.
        if meta.is_none() {
            meta = Some(if m.encoding_version == encoding_version {
                m
            } else {
                ShardMeta {
                    encoding_version,
                    encoding_len: expected.encoding_len,
                    ..m
                }
            });
        }
        if rows >= window {
            break;
        }
    }
    shards.reverse();
    Ok(Window {
        shards,
        rows,
        meta: meta.expect("at least one shard"),
        upgrade,
    })
}

/// The rows of the games held out for validation (by [`is_validation`]) in the shards of
/// `dir`, oldest shard first, up to `cap` rows: a validation set fixed for a whole run, of
/// games the network being trained did not shape (the loop's generation 0). The shards are
/// checked as the window's are.
///
/// # Errors
/// [`TrainError`] naming a shard that cannot be read or does not fit `expected`.
pub fn held_out_rows(
    dir: &Path,
    expected: &Expected<'_>,
    fraction: f32,
    cap: usize,
) -> Result<Samples, TrainError> {
    let window = select(&[dir.to_path_buf()], u64::MAX, expected)?;
    let mut out = Samples::new(window.meta.encoding_len, window.meta.num_actions);
    for path in &window.shards {
        let rows = window.read(path)?;
        for i in 0..rows.len() {
            if out.len() >= cap {
                return Ok(out);
            }
            if is_validation(rows.game_id[i], rows.run_id(i), fraction) {
                out.push_row(&rows, i);
            }
        }
    }
    Ok(out)
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
    // FNV alone leaves consecutive game ids' hashes close (their last bytes are the same
    // zeros), so small runs were held out together; splitmix64's finalizer spreads them.
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    (h % 10_000) as f32 / 10_000.0 < fraction
}

/// How many times a training row of `weight` enters the shuffle buffer in one pass:
/// `floor(weight)`, and once more with probability `weight - floor(weight)` (KataGo's
/// rounding of its policy-surprise weights), so that a row is drawn `weight` times in
/// expectation; none for a weight of 0 or less, or one that is not a number. A whole weight
/// draws nothing from `rng`, so that rows of weight 1 are shuffled as before weights existed.
fn copies(weight: f32, rng: &mut SmallRng) -> u32 {
    if weight.is_nan() || weight <= 0.0 {
        return 0;
    }
    let whole = weight.floor();
    let frac = weight - whole;
    whole as u32 + u32::from(frac > 0.0 && rng.random::<f32>() < frac)
}

/// Shuffled training batches streamed from a window. Rows are held as columns
/// ([`Samples`]): a shard's columns are decoded straight into the buffer and a batch is
/// copied out of it row by row, with no per-row allocation.
#[derive(Debug)]
pub struct Sampler {
    window: Window,
    rng: SmallRng,
    buffer: Samples,
    capacity: usize,
    order: Vec<usize>,
    next_shard: usize,
    validation_fraction: f32,
    validation_cap: usize,
    /// Held-out rows (filled during the first pass over the window).
    pub validation: Samples,
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
        let (e, a) = (window.meta.encoding_len, window.meta.num_actions);
        let mut s = Sampler {
            window,
            rng: SmallRng::seed_from_u64(seed),
            buffer: Samples::new(e, a),
            capacity,
            order: (0..n).collect(),
            next_shard: 0,
            validation_fraction,
            validation_cap,
            validation: Samples::new(e, a),
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
        let rows = self.window.read(&path)?;
        if (rows.encoding_len, rows.num_actions)
            != (self.buffer.encoding_len, self.buffer.num_actions)
        {
            return Err(DataError::Schema {
                path,
                message: format!(
                    "rows of shape {} x {}, the window's are {} x {}",
                    rows.encoding_len,
                    rows.num_actions,
                    self.buffer.encoding_len,
                    self.buffer.num_actions
                ),
            });
        }
        for i in 0..rows.len() {
            if is_validation(rows.game_id[i], rows.run_id(i), self.validation_fraction) {
                if self.passes == 0 && self.validation.len() < self.validation_cap {
                    self.validation.push_row(&rows, i);
                }
            } else {
                for _ in 0..copies(rows.weight[i], &mut self.rng) {
                    self.buffer.push_row(&rows, i);
                }
            }
        }
        Ok(())
    }

    /// The next `n` training rows, drawn at random from the buffer.
    ///
    /// # Errors
    /// [`TrainError`] when a shard cannot be read or the window holds no training rows.
    pub fn batch(&mut self, n: usize) -> Result<Samples, TrainError> {
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
        let mut out = Samples::new(self.buffer.encoding_len, self.buffer.num_actions);
        for _ in 0..n {
            let i = self.rng.random_range(0..self.buffer.len());
            out.push_row(&self.buffer, i);
            self.buffer.swap_remove(i);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mankala_data::{Row, write_shard};

    fn meta() -> ShardMeta {
        ShardMeta {
            variant: "kalah".into(),
            rules: String::new(),
            limits: String::new(),
            encoding_version: 1,
            code_version: "test".into(),
            encoding_len: 2,
            num_actions: 3,
            run_id: "w".into(),
            seed: 0,
        }
    }

    /// What the tests' trainer expects: Kalah of `rules`, two features, three actions.
    fn expected(rules: &str) -> Expected<'_> {
        Expected {
            variant: "kalah",
            rules,
            encoding_version: 1,
            encoding_len: 2,
            num_actions: 3,
            encoding_lens: vec![2],
            rings: Vec::new(),
            any_encoding: false,
            encoders: Vec::new(),
        }
    }

    #[test]
    fn shards_of_other_rules_are_refused_naming_the_shard_and_the_option() {
        let dir = std::env::temp_dir().join(format!("mankala-window-rules-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let m = ShardMeta {
            rules: "seeds_per_hole = 4\n".into(),
            ..meta()
        };
        write_shard(&dir.join("shard-00000.parquet"), &m, &[row(0)]).unwrap();
        let dirs = std::slice::from_ref(&dir);
        assert!(select(dirs, 10, &expected("seeds_per_hole = 4")).is_ok());
        let e = select(dirs, 10, &expected("seeds_per_hole = 6"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("shard-00000.parquet")
                && e.contains("seeds_per_hole = 4")
                && e.contains("seeds_per_hole = 6"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Row `i` of game `i / 4`, its features `[i, -i]`.
    fn row(i: u32) -> Row {
        Row {
            run_id: "w".into(),
            generation: 0,
            game_id: u64::from(i / 4),
            ply: i % 4,
            to_move: 0,
            features: vec![i as f32, -(i as f32)],
            legal: vec![true, i.is_multiple_of(2), true],
            policy: vec![0.5, 0.0, 0.5],
            value_target: 1.0,
            root_value: 0.0,
            simulations: 1,
            full_search: true,
            outcome: 1,
            result: "south".into(),
            game_length: 4,
            action: Some(0),
            margin: Some(2),
            side: false,
            weight: 1.0,
        }
    }

    #[test]
    fn data_of_version_one_is_read_as_version_two_and_not_the_reverse() {
        use mankala_engine::{AnyGame, Game as _, State as _};
        let dir =
            std::env::temp_dir().join(format!("mankala-window-upgrade-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let game = AnyGame::by_name("kalah").unwrap();
        let AnyGame::Kalah(g) = &game else {
            panic!("kalah")
        };
        let (one, two) = (Encoder::new(g, 1).unwrap(), Encoder::new(g, 2).unwrap());
        // The positions after 0, 1, 2, ... first legal moves, in version 1.
        let mut s = g.initial_state();
        let mut rows = Vec::new();
        let mut want = Vec::new();
        for i in 0..12u32 {
            let (mut v1, mut v2) = (vec![0.0; one.len()], vec![0.0; two.len()]);
            one.encode(&s, &mut v1);
            two.encode(&s, &mut v2);
            rows.push(Row {
                features: v1,
                legal: vec![true; 6],
                policy: vec![1.0 / 6.0; 6],
                game_id: 0,
                ply: i,
                ..row(i)
            });
            want.push(v2);
            s.play(s.legal_actions()[0]).unwrap();
            if s.is_terminal() {
                break;
            }
        }
        let rules = game.rules_toml();
        let m = ShardMeta {
            encoding_len: one.len(),
            num_actions: 6,
            rules: rules.clone(),
            ..meta()
        };
        write_shard(&dir.join("shard-00000.parquet"), &m, &rows).unwrap();
        let dirs = std::slice::from_ref(&dir);
        let expected = Expected::of(&game, &rules, 2);
        let window = select(dirs, 100, &expected).unwrap();
        assert_eq!(
            (window.meta.encoding_version, window.meta.encoding_len),
            (2, two.len())
        );
        let read = window.read(&dir.join("shard-00000.parquet")).unwrap();
        assert_eq!(read.encoding_len, two.len());
        let got: Vec<&[f32]> = read.features.chunks(two.len()).collect();
        assert_eq!(got, want.iter().map(Vec::as_slice).collect::<Vec<_>>());
        // A network of version 1 does not train on data of version 2.
        let m2 = ShardMeta {
            encoding_version: 2,
            encoding_len: two.len(),
            ..m
        };
        let rows2: Vec<Row> = rows
            .iter()
            .zip(&want)
            .map(|(r, v2)| Row {
                features: v2.clone(),
                ..r.clone()
            })
            .collect();
        write_shard(&dir.join("shard-00001.parquet"), &m2, &rows2).unwrap();
        let e = select(dirs, 100, &Expected::of(&game, &rules, 1))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("shard-00001.parquet") && e.contains("encoding version 2, expected 1"),
            "{e}"
        );
        // Both versions in one window train version 2.
        let window = select(dirs, 100, &expected).unwrap();
        assert_eq!(window.shards.len(), 2);
        for path in &window.shards {
            assert_eq!(window.read(path).unwrap().features, read.features);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_rows_copies_are_its_weight_in_expectation() {
        let mut rng = SmallRng::seed_from_u64(9);
        for w in [0.0, -1.0, f32::NAN] {
            assert_eq!(copies(w, &mut rng), 0, "weight {w}");
        }
        assert_eq!(copies(1.0, &mut rng), 1);
        assert_eq!(copies(3.0, &mut rng), 3);
        let n = 40_000;
        for w in [0.25f32, 1.0, 2.6] {
            let drawn: Vec<u32> = (0..n).map(|_| copies(w, &mut rng)).collect();
            let (lo, hi) = (w.floor() as u32, w.ceil() as u32);
            assert!(drawn.iter().all(|&c| c == lo || c == hi), "weight {w}");
            let mean = drawn.iter().sum::<u32>() as f32 / n as f32;
            assert!(
                (mean - w).abs() < 0.01,
                "weight {w}: {mean} copies on average"
            );
        }
    }

    #[test]
    fn weighted_rows_fill_the_buffer_as_often_as_their_weight_says() {
        let dir =
            std::env::temp_dir().join(format!("mankala-window-weight-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        // Rows 0-19 weigh 0 (never drawn), 20-39 weigh 3 (three times each), no validation.
        let rows: Vec<Row> = (0..40)
            .map(|i| Row {
                weight: if i < 20 { 0.0 } else { 3.0 },
                ..row(i)
            })
            .collect();
        write_shard(&dir.join("shard-00000.parquet"), &meta(), &rows).unwrap();
        let window = select(std::slice::from_ref(&dir), 1_000, &expected("")).unwrap();
        let mut sampler = Sampler::new(window, 1_000, 0.0, 0, 5);
        let b = sampler.batch(60).unwrap();
        let mut count = [0u32; 40];
        for i in 0..b.len() {
            count[b.features[2 * i] as usize] += 1;
        }
        assert_eq!(count[..20], [0; 20], "weight 0: never");
        assert_eq!(count[20..], [3; 20], "weight 3: three times");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_pass_draws_every_training_row_once_and_held_out_games_only_for_validation() {
        let dir = std::env::temp_dir().join(format!("mankala-window-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for s in 0..3u32 {
            let rows: Vec<Row> = (s * 40..s * 40 + 40).map(row).collect();
            write_shard(&dir.join(format!("shard-{s:05}.parquet")), &meta(), &rows).unwrap();
        }
        let window = select(std::slice::from_ref(&dir), 1_000, &expected("")).unwrap();
        assert_eq!(window.rows, 120);
        let held_out = |id: u32| is_validation(u64::from(id / 4), "w", 0.2);
        let training: Vec<u32> = (0..120).filter(|&id| !held_out(id)).collect();
        assert!(training.len() < 120, "a fifth of the games are held out");
        let mut sampler = Sampler::new(window, 1_000, 0.2, 1_000, 3);
        let b = sampler.batch(training.len()).unwrap();
        let mut seen = Vec::new();
        for i in 0..b.len() {
            let id = b.features[2 * i] as u32;
            assert_eq!(b.features[2 * i + 1], -(id as f32), "row {id} kept whole");
            assert_eq!(
                b.legal[3 * i + 1],
                if id.is_multiple_of(2) { 1.0 } else { 0.0 }
            );
            assert_eq!(b.game_id[i], u64::from(id / 4));
            seen.push(id);
        }
        assert_ne!(seen, training, "drawn in a shuffled order");
        seen.sort_unstable();
        assert_eq!(seen, training, "every training row once");
        let mut held: Vec<u32> = (0..sampler.validation.len())
            .map(|i| sampler.validation.features[2 * i] as u32)
            .collect();
        held.sort_unstable();
        let want: Vec<u32> = (0..120).filter(|&id| held_out(id)).collect();
        assert_eq!(held, want, "the held-out games' rows, for validation only");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
