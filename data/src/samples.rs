//! Training samples as columns: the few columns of a shard that training reads, decoded
//! straight from Parquet into flat arrays a batch tensor is cut from, with no per-row
//! structure or allocation (the full rows are [`crate::shard::Row`]).

use std::path::Path;

use arrow_array::{
    Array, BooleanArray, FixedSizeListArray, Float32Array, Int16Array, RecordBatch, StringArray,
    UInt64Array,
};
use parquet::arrow::ProjectionMask;

use crate::shard::{DataError, ShardMeta, col, guarded, open_checked, parquet_error};

/// The columns of a shard that training decodes, besides `margin` and `weight` where the file
/// has them (from versions 3 and 5); the others are skipped unread.
const COLUMNS: [&str; 8] = [
    "run_id",
    "game_id",
    "features",
    "legal",
    "policy",
    "value_target",
    "root_value",
    "full_search",
];

/// Rows of training samples held column by column: row `i`'s features are
/// `features[i * encoding_len..(i + 1) * encoding_len]`, its legality and policy the same way
/// over `num_actions`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Length of a row's features.
    pub encoding_len: usize,
    /// Length of a row's legality and policy.
    pub num_actions: usize,
    /// The run of each row, an index into `run_ids`.
    pub run: Vec<u32>,
    /// The runs the rows come from.
    pub run_ids: Vec<String>,
    /// The game of each row, unique within its run.
    pub game_id: Vec<u64>,
    /// The encodings, `len() * encoding_len` values.
    pub features: Vec<f32>,
    /// 1 where an action is legal, 0 where not, `len() * num_actions` values.
    pub legal: Vec<f32>,
    /// The policy targets, `len() * num_actions` values.
    pub policy: Vec<f32>,
    /// The game's result for the player to move.
    pub value_target: Vec<f32>,
    /// The search's root value for the player to move.
    pub root_value: Vec<f32>,
    /// Whether the row's search was a full one (its policy a target).
    pub full_search: Vec<bool>,
    /// The game's final seed margin for the player to move; NaN where the file has none
    /// (before version 3).
    pub margin: Vec<f32>,
    /// The row's draws in a pass over the window, in expectation ([`crate::Row::weight`]; 1
    /// before version 5).
    pub weight: Vec<f32>,
}

impl Samples {
    /// No rows, of the given shape.
    pub fn new(encoding_len: usize, num_actions: usize) -> Self {
        Samples {
            encoding_len,
            num_actions,
            ..Default::default()
        }
    }

    /// Rows held.
    pub fn len(&self) -> usize {
        self.game_id.len()
    }

    /// Whether no row is held.
    pub fn is_empty(&self) -> bool {
        self.game_id.is_empty()
    }

    /// The run id of row `i`.
    pub fn run_id(&self, i: usize) -> &str {
        &self.run_ids[self.run[i] as usize]
    }

    /// The index of `run_id` in `run_ids`, added if new.
    fn run_index(&mut self, run_id: &str) -> u32 {
        // Rows come in runs of one run id: the last one is almost always the one.
        match self.run_ids.iter().rposition(|r| r == run_id) {
            Some(k) => k as u32,
            None => {
                self.run_ids.push(run_id.to_string());
                (self.run_ids.len() - 1) as u32
            }
        }
    }

    /// Appends row `i` of `from` (of the same shape).
    ///
    /// # Panics
    /// If `i` is out of range or the shapes differ.
    /// The same rows with each row's features rewritten by `f` into `encoding_len` values
    /// (data of one encoding version read as another's).
    pub fn map_features(mut self, encoding_len: usize, f: impl Fn(&[f32], &mut [f32])) -> Samples {
        let mut features = vec![0.0; self.len() * encoding_len];
        if self.encoding_len > 0 && encoding_len > 0 {
            for (from, to) in self
                .features
                .chunks_exact(self.encoding_len)
                .zip(features.chunks_exact_mut(encoding_len))
            {
                f(from, to);
            }
        }
        self.features = features;
        self.encoding_len = encoding_len;
        self
    }

    pub fn push_row(&mut self, from: &Samples, i: usize) {
        assert_eq!(
            (self.encoding_len, self.num_actions),
            (from.encoding_len, from.num_actions),
            "samples of one shape"
        );
        let (e, a) = (self.encoding_len, self.num_actions);
        let run = self.run_index(from.run_id(i));
        self.run.push(run);
        self.game_id.push(from.game_id[i]);
        self.features
            .extend_from_slice(&from.features[i * e..(i + 1) * e]);
        self.legal
            .extend_from_slice(&from.legal[i * a..(i + 1) * a]);
        self.policy
            .extend_from_slice(&from.policy[i * a..(i + 1) * a]);
        self.value_target.push(from.value_target[i]);
        self.root_value.push(from.root_value[i]);
        self.full_search.push(from.full_search[i]);
        self.margin.push(from.margin[i]);
        self.weight.push(from.weight[i]);
    }

    /// Removes row `i`, moving the last row into its place (as [`Vec::swap_remove`]).
    ///
    /// # Panics
    /// If `i` is out of range.
    pub fn swap_remove(&mut self, i: usize) {
        fn chunk(v: &mut Vec<f32>, i: usize, width: usize) {
            let last = v.len() / width.max(1) - 1;
            if i != last {
                v.copy_within(last * width..(last + 1) * width, i * width);
            }
            v.truncate(last * width);
        }
        let (e, a) = (self.encoding_len, self.num_actions);
        self.run.swap_remove(i);
        self.game_id.swap_remove(i);
        chunk(&mut self.features, i, e);
        chunk(&mut self.legal, i, a);
        chunk(&mut self.policy, i, a);
        self.value_target.swap_remove(i);
        self.root_value.swap_remove(i);
        self.full_search.swap_remove(i);
        self.margin.swap_remove(i);
        self.weight.swap_remove(i);
    }

    /// Appends the rows of a record batch of the shard schema (the training columns).
    fn extend_from_batch(&mut self, b: &RecordBatch) {
        let n = b.num_rows();
        let run_id: &StringArray = col(b, "run_id");
        let game_id: &UInt64Array = col(b, "game_id");
        for i in 0..n {
            let run = self.run_index(run_id.value(i));
            self.run.push(run);
        }
        self.game_id.extend_from_slice(&game_id.values()[..n]);
        extend_f32_list(&mut self.features, col(b, "features"), n);
        extend_f32_list(&mut self.policy, col(b, "policy"), n);
        let legal: &FixedSizeListArray = col(b, "legal");
        let values = legal
            .values()
            .as_any()
            .downcast_ref::<BooleanArray>()
            .expect("schema checked");
        let width = legal.value_length() as usize;
        let start = legal.value_offset_at(0);
        self.legal
            .extend((start..start + n * width).map(|k| if values.value(k) { 1.0 } else { 0.0 }));
        let value_target: &Float32Array = col(b, "value_target");
        self.value_target
            .extend_from_slice(&value_target.values()[..n]);
        let root_value: &Float32Array = col(b, "root_value");
        self.root_value.extend_from_slice(&root_value.values()[..n]);
        let full_search: &BooleanArray = col(b, "full_search");
        self.full_search
            .extend((0..n).map(|i| full_search.value(i)));
        match b
            .column_by_name("margin")
            .and_then(|c| c.as_any().downcast_ref::<Int16Array>())
        {
            Some(m) => self.margin.extend((0..n).map(|i| {
                if m.is_valid(i) {
                    f32::from(m.value(i))
                } else {
                    f32::NAN
                }
            })),
            None => self.margin.extend(std::iter::repeat_n(f32::NAN, n)),
        }
        match b
            .column_by_name("weight")
            .and_then(|c| c.as_any().downcast_ref::<Float32Array>())
        {
            Some(w) => self.weight.extend_from_slice(&w.values()[..n]),
            None => self.weight.extend(std::iter::repeat_n(1.0, n)),
        }
    }
}

/// Appends the values of the first `n` lists of a fixed-size list of `f32`.
fn extend_f32_list(out: &mut Vec<f32>, list: &FixedSizeListArray, n: usize) {
    let values = list
        .values()
        .as_any()
        .downcast_ref::<Float32Array>()
        .expect("schema checked");
    let width = list.value_length() as usize;
    let start = list.value_offset_at(0);
    out.extend_from_slice(&values.values()[start..start + n * width]);
}

/// Reads a shard's training columns, checking its schema as [`crate::shard::read_shard`]
/// does; the columns training does not use are not decoded.
///
/// # Errors
/// [`DataError`] naming the file and the column that is wrong.
pub fn read_samples(path: &Path) -> Result<(ShardMeta, Samples), DataError> {
    guarded(path, || {
        let (builder, meta) = open_checked(path)?;
        let mut roots: Vec<usize> = COLUMNS
            .iter()
            .map(|name| builder.schema().index_of(name).expect("schema checked"))
            .collect();
        roots.extend(builder.schema().index_of("margin").ok());
        roots.extend(builder.schema().index_of("weight").ok());
        let mask = ProjectionMask::roots(builder.parquet_schema(), roots);
        let reader = builder
            .with_projection(mask)
            .build()
            .map_err(|e| parquet_error(path, &e))?;
        let mut samples = Samples::new(meta.encoding_len, meta.num_actions);
        for batch in reader {
            let batch = batch.map_err(|e| parquet_error(path, &e))?;
            samples.extend_from_batch(&batch);
        }
        Ok((meta, samples))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::tests::meta;
    use crate::shard::{Row, read_shard, write_shard};

    fn row(i: u32) -> Row {
        Row {
            run_id: if i < 5 { "r1" } else { "r2" }.into(),
            generation: 2,
            game_id: 10 + i as u64 / 2,
            ply: i,
            to_move: (i % 2) as u8,
            features: vec![i as f32, 0.5, -1.0 - i as f32],
            legal: vec![i.is_multiple_of(2), i.is_multiple_of(3)],
            policy: vec![0.25 + i as f32, 0.75],
            value_target: if i.is_multiple_of(2) { 1.0 } else { -1.0 },
            root_value: 0.125 * i as f32,
            simulations: 100 + i,
            full_search: i % 4 != 1,
            outcome: 1,
            result: "south".into(),
            game_length: 40,
            action: Some(i as u16 % 2),
            margin: (i != 4).then_some(3 - i as i16),
            side: false,
            weight: 0.5 * i as f32,
        }
    }

    /// The training columns of one row.
    type Columns = (
        String,
        u64,
        Vec<f32>,
        Vec<bool>,
        Vec<f32>,
        f32,
        f32,
        bool,
        Option<i16>,
        f32,
    );

    /// Row `i` of `s` as the columns of a full row hold it.
    fn columns_of(s: &Samples, i: usize) -> Columns {
        let (e, a) = (s.encoding_len, s.num_actions);
        (
            s.run_id(i).to_string(),
            s.game_id[i],
            s.features[i * e..(i + 1) * e].to_vec(),
            s.legal[i * a..(i + 1) * a]
                .iter()
                .map(|&l| l == 1.0)
                .collect(),
            s.policy[i * a..(i + 1) * a].to_vec(),
            s.value_target[i],
            s.root_value[i],
            s.full_search[i],
            (!s.margin[i].is_nan()).then(|| s.margin[i] as i16),
            s.weight[i],
        )
    }

    fn columns_of_row(r: &Row) -> Columns {
        (
            r.run_id.clone(),
            r.game_id,
            r.features.clone(),
            r.legal.clone(),
            r.policy.clone(),
            r.value_target,
            r.root_value,
            r.full_search,
            r.margin,
            r.weight,
        )
    }

    fn shard(name: &str, rows: &[Row]) -> (std::path::PathBuf, std::path::PathBuf) {
        let dir =
            std::env::temp_dir().join(format!("mankala-samples-{name}-{}", std::process::id()));
        fs_reset(&dir);
        let path = dir.join("shard-00000.parquet");
        write_shard(&path, &meta(), rows).unwrap();
        (dir, path)
    }

    fn fs_reset(dir: &Path) {
        let _ = std::fs::remove_dir_all(dir);
        std::fs::create_dir_all(dir).unwrap();
    }

    #[test]
    fn samples_hold_the_training_columns_of_every_row_as_read_shard_reads_them() {
        let rows: Vec<Row> = (0..9).map(row).collect();
        let (dir, path) = shard("columns", &rows);
        let (meta_s, samples) = read_samples(&path).unwrap();
        let (meta_r, read) = read_shard(&path).unwrap();
        assert_eq!(meta_s, meta_r);
        assert_eq!(samples.len(), read.len());
        assert_eq!(samples.run_ids, ["r1", "r2"]);
        for (i, r) in read.iter().enumerate() {
            assert_eq!(columns_of(&samples, i), columns_of_row(r), "row {i}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn swap_remove_moves_the_last_row_into_the_gap_in_every_column() {
        let rows: Vec<Row> = (0..6).map(row).collect();
        let (dir, path) = shard("swap", &rows);
        let (_, mut s) = read_samples(&path).unwrap();
        let mut expect: Vec<Row> = rows.clone();
        for i in [1usize, 4, 0, 2] {
            s.swap_remove(i);
            expect.swap_remove(i);
            assert_eq!(s.len(), expect.len());
            for (k, r) in expect.iter().enumerate() {
                assert_eq!(
                    columns_of(&s, k),
                    columns_of_row(r),
                    "row {k} after removing {i}"
                );
            }
        }
        let mut copy = Samples::new(3, 2);
        copy.push_row(&s, 1);
        copy.push_row(&s, 0);
        assert_eq!(columns_of(&copy, 0), columns_of_row(&expect[1]));
        assert_eq!(columns_of(&copy, 1), columns_of_row(&expect[0]));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn rows_of_a_file_before_weights_weigh_one() {
        let rows: Vec<Row> = (0..6).map(row).collect();
        assert!(rows.iter().any(|r| r.weight != 1.0));
        let (dir, _) = shard("v4", &rows);
        let path = dir.join("shard-00001.parquet");
        crate::shard::write_shard_version(&path, &meta(), &rows, 4).unwrap();
        let (_, s) = read_samples(&path).unwrap();
        assert_eq!(s.weight, [1.0; 6]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_shard_of_another_schema_is_refused_naming_the_file() {
        let dir = std::env::temp_dir().join(format!("mankala-samples-bad-{}", std::process::id()));
        fs_reset(&dir);
        let path = dir.join("shard-00000.parquet");
        std::fs::write(&path, b"not parquet").unwrap();
        let err = read_samples(&path).unwrap_err().to_string();
        assert!(err.contains("shard-00000.parquet"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
