//! Training data: one row per decision, written as zstd-compressed Parquet shards.
//! The schema is documented in `docs/data-format.md`.
//!
//! Shards are written under a temporary name and renamed when complete, so a killed run
//! never leaves a partial file under a real name.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, FixedSizeListBuilder, Float32Builder};
use arrow_array::types::{ArrowPrimitiveType, Int16Type, UInt16Type};
use arrow_array::{
    Array, ArrayRef, BooleanArray, FixedSizeListArray, Float32Array, Int8Array, Int16Array,
    PrimitiveArray, RecordBatch, StringArray, UInt8Array, UInt16Array, UInt32Array, UInt64Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::ChunkReader;
use thiserror::Error;

/// Version of the row layout; stored in every file as `mankala.format_version`. Files of
/// every version from 1 up to this one are read.
pub const FORMAT_VERSION: u32 = 5;

/// The first row layout with the `action` column; rows of older files have no action.
pub const ACTION_FORMAT_VERSION: u32 = 2;

/// The first row layout with the `margin` column; rows of older files have no margin.
pub const MARGIN_FORMAT_VERSION: u32 = 3;

/// The first row layout with the `side` column; every row of an older file is on its game's
/// path.
pub const SIDE_FORMAT_VERSION: u32 = 4;

/// The first row layout with the `weight` column; every row of an older file weighs 1.
pub const WEIGHT_FORMAT_VERSION: u32 = 5;

/// One decision of a self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The self-play run.
    pub run_id: String,
    /// The generation of the loop that played it (0 outside the loop).
    pub generation: u32,
    /// The game, unique within the run.
    pub game_id: u64,
    /// Ply of the position (decisions inside a move count).
    pub ply: u32,
    /// 0 South, 1 North.
    pub to_move: u8,
    /// The engine's player-relative encoding of the position.
    pub features: Vec<f32>,
    /// Legality of each action.
    pub legal: Vec<bool>,
    /// Policy target over all actions (0 for illegal ones).
    pub policy: Vec<f32>,
    /// The game's result for the player to move: +1, 0 (draw or capped), -1.
    pub value_target: f32,
    /// The search's root value for the player to move.
    pub root_value: f32,
    /// Simulations the search used.
    pub simulations: u32,
    /// Whether this was a full search (playout cap randomization); fast searches' policies
    /// are not training targets.
    pub full_search: bool,
    /// The game's result from South's view: +1, 0, -1.
    pub outcome: i8,
    /// The game's result: `south`, `north`, `draw`, `capped-plies`, `capped-laps`, or
    /// `south-resign`/`north-resign` (the named player won by resignation).
    pub result: String,
    /// Plies in the whole game.
    pub game_length: u32,
    /// The action played from this position; `None` on the row of the position a player
    /// resigned in (nothing was played there), and on every row of a version-1 file.
    pub action: Option<u16>,
    /// The game's final seed margin for the player to move: its final seeds less the
    /// opponent's, as the variant's end rule counts them (in a resigned game, the seeds each
    /// held when it ended); `None` on every row of a file before version 3, and on a side
    /// position's row.
    pub margin: Option<i16>,
    /// A side position (`[selfplay] side_position_prob`): a position off the game's path,
    /// reached by a move the game did not play and searched after the game ended. Its
    /// `value_target` is its own search's root value (no game result reaches it), and `ply`
    /// is its own; `outcome`, `result` and `game_length` are still the game's. `false` on
    /// every row of a file before version 4.
    pub side: bool,
    /// How many times training draws this row in a pass over its window, in expectation
    /// (`[selfplay] policy_surprise_weight`): a row weighing 2.4 is drawn twice, and a third
    /// time with probability 0.4; 1 is a plain row, 0 is never drawn. The loss is not
    /// scaled. 1 on every row of a file before version 5.
    pub weight: f32,
}

/// What every row of a file shares, stored in the file's metadata.
#[derive(Clone, Debug, PartialEq)]
pub struct ShardMeta {
    /// Variant name.
    pub variant: String,
    /// The rule options as TOML (`[rules]` table).
    pub rules: String,
    /// The caps as TOML (`[limits]` table).
    pub limits: String,
    /// The engine's encoding version.
    pub encoding_version: u32,
    /// The code version that wrote the file.
    pub code_version: String,
    /// Length of `features`.
    pub encoding_len: usize,
    /// Length of `legal` and `policy`.
    pub num_actions: usize,
    /// The run.
    pub run_id: String,
    /// The seed of the run.
    pub seed: u64,
}

/// A data file that cannot be written or read as training data.
#[derive(Debug, Error)]
pub enum DataError {
    /// The operating system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Writing a file failed (a full disk, a file size limit).
    #[error("{path}: cannot write: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The cause.
        message: String,
    },
    /// Parquet or Arrow failed (corrupt or foreign file).
    #[error("{path}: not a readable Parquet file: {message}")]
    Parquet {
        /// The file.
        path: PathBuf,
        /// The cause.
        message: String,
    },
    /// The file is Parquet but not mankala training data of the expected kind.
    #[error("{path}: {message}")]
    Schema {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

fn list_field(item: DataType, nullable: bool) -> Field {
    Field::new("item", item, nullable)
}

/// The Arrow schema of a shard for a given encoding length and action count.
pub fn schema(meta: &ShardMeta) -> SchemaRef {
    let fixed = |name: &str, item: DataType, n: usize| {
        Field::new(
            name,
            DataType::FixedSizeList(Arc::new(list_field(item, true)), n as i32),
            false,
        )
    };
    let fields = vec![
        Field::new("run_id", DataType::Utf8, false),
        Field::new("generation", DataType::UInt32, false),
        Field::new("game_id", DataType::UInt64, false),
        Field::new("ply", DataType::UInt32, false),
        Field::new("to_move", DataType::UInt8, false),
        fixed("features", DataType::Float32, meta.encoding_len),
        fixed("legal", DataType::Boolean, meta.num_actions),
        fixed("policy", DataType::Float32, meta.num_actions),
        Field::new("value_target", DataType::Float32, false),
        Field::new("root_value", DataType::Float32, false),
        Field::new("simulations", DataType::UInt32, false),
        Field::new("full_search", DataType::Boolean, false),
        Field::new("outcome", DataType::Int8, false),
        Field::new("result", DataType::Utf8, false),
        Field::new("game_length", DataType::UInt32, false),
        Field::new("action", DataType::UInt16, true),
        Field::new("margin", DataType::Int16, true),
        Field::new("side", DataType::Boolean, false),
        Field::new("weight", DataType::Float32, false),
    ];
    Arc::new(Schema::new_with_metadata(fields, metadata_map(meta)))
}

fn metadata_map(meta: &ShardMeta) -> HashMap<String, String> {
    [
        ("mankala.format_version", FORMAT_VERSION.to_string()),
        ("mankala.variant", meta.variant.clone()),
        ("mankala.rules", meta.rules.clone()),
        ("mankala.limits", meta.limits.clone()),
        (
            "mankala.encoding_version",
            meta.encoding_version.to_string(),
        ),
        ("mankala.code_version", meta.code_version.clone()),
        ("mankala.encoding_len", meta.encoding_len.to_string()),
        ("mankala.num_actions", meta.num_actions.to_string()),
        ("mankala.run_id", meta.run_id.clone()),
        ("mankala.seed", meta.seed.to_string()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

fn f32_list(rows: &[Row], n: usize, get: impl Fn(&Row) -> &[f32]) -> FixedSizeListArray {
    let mut b = FixedSizeListBuilder::with_capacity(
        Float32Builder::with_capacity(rows.len() * n),
        n as i32,
        rows.len(),
    );
    for r in rows {
        b.values().append_slice(get(r));
        b.append(true);
    }
    b.finish()
}

/// The rows as one record batch.
///
/// # Panics
/// If a row's `features`, `legal` or `policy` length differs from the metadata's.
pub fn to_batch(meta: &ShardMeta, rows: &[Row]) -> RecordBatch {
    for r in rows {
        assert_eq!(r.features.len(), meta.encoding_len, "features length");
        assert_eq!(r.legal.len(), meta.num_actions, "legal length");
        assert_eq!(r.policy.len(), meta.num_actions, "policy length");
    }
    let mut legal = FixedSizeListBuilder::with_capacity(
        BooleanBuilder::with_capacity(rows.len() * meta.num_actions),
        meta.num_actions as i32,
        rows.len(),
    );
    for r in rows {
        legal.values().append_slice(&r.legal);
        legal.append(true);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(StringArray::from_iter_values(
            rows.iter().map(|r| r.run_id.as_str()),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.generation),
        )),
        Arc::new(UInt64Array::from_iter_values(
            rows.iter().map(|r| r.game_id),
        )),
        Arc::new(UInt32Array::from_iter_values(rows.iter().map(|r| r.ply))),
        Arc::new(UInt8Array::from_iter_values(rows.iter().map(|r| r.to_move))),
        Arc::new(f32_list(rows, meta.encoding_len, |r| &r.features)),
        Arc::new(legal.finish()),
        Arc::new(f32_list(rows, meta.num_actions, |r| &r.policy)),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.value_target),
        )),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.root_value),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.simulations),
        )),
        Arc::new(BooleanArray::from(
            rows.iter().map(|r| r.full_search).collect::<Vec<_>>(),
        )),
        Arc::new(Int8Array::from_iter_values(rows.iter().map(|r| r.outcome))),
        Arc::new(StringArray::from_iter_values(
            rows.iter().map(|r| r.result.as_str()),
        )),
        Arc::new(UInt32Array::from_iter_values(
            rows.iter().map(|r| r.game_length),
        )),
        Arc::new(UInt16Array::from(
            rows.iter().map(|r| r.action).collect::<Vec<_>>(),
        )),
        Arc::new(Int16Array::from(
            rows.iter().map(|r| r.margin).collect::<Vec<_>>(),
        )),
        Arc::new(BooleanArray::from(
            rows.iter().map(|r| r.side).collect::<Vec<_>>(),
        )),
        Arc::new(Float32Array::from_iter_values(
            rows.iter().map(|r| r.weight),
        )),
    ];
    RecordBatch::try_new(schema(meta), columns).expect("columns match the schema")
}

/// Writes `rows` to `path` atomically: a temporary file in the same directory, flushed and
/// synced, then renamed over `path`.
///
/// # Errors
/// [`DataError`] naming the file.
pub fn write_shard(path: &Path, meta: &ShardMeta, rows: &[Row]) -> Result<(), DataError> {
    write_shard_version(path, meta, rows, FORMAT_VERSION)
}

/// [`write_shard`] in the row layout of `version` (1 to [`FORMAT_VERSION`]): without the
/// columns that layout did not have, for builds that read only older files.
///
/// # Panics
/// If `version` is not one this build writes.
///
/// # Errors
/// [`DataError`] naming the file.
pub fn write_shard_version(
    path: &Path,
    meta: &ShardMeta,
    rows: &[Row],
    version: u32,
) -> Result<(), DataError> {
    assert!(
        (1..=FORMAT_VERSION).contains(&version),
        "data format version {version}"
    );
    let tmp = crate::atomic::temp_path(path);
    let io = |source| DataError::Io {
        path: tmp.clone(),
        source,
    };
    let pq = |e: parquet::errors::ParquetError| DataError::Write {
        path: tmp.clone(),
        message: e.to_string(),
    };
    let written = (|| {
        let file = File::create(&tmp).map_err(io)?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(
                ZstdLevel::try_new(3).expect("valid level"),
            ))
            .build();
        let batch = in_version(to_batch(meta, rows), version);
        let mut writer = ArrowWriter::try_new(file, batch.schema(), Some(props)).map_err(pq)?;
        writer.write(&batch).map_err(pq)?;
        let mut file = writer.into_inner().map_err(pq)?;
        file.flush().map_err(io)
    })();
    if let Err(e) = written {
        crate::atomic::abandon(&tmp);
        return Err(e);
    }
    crate::atomic::commit(&tmp, path).map_err(|source| DataError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// A batch of the current layout as one of `version`: the newer columns left out and the
/// version in the metadata.
fn in_version(batch: RecordBatch, version: u32) -> RecordBatch {
    if version == FORMAT_VERSION {
        return batch;
    }
    let newer = |name: &str| match name {
        "action" => version < ACTION_FORMAT_VERSION,
        "margin" => version < MARGIN_FORMAT_VERSION,
        "side" => version < SIDE_FORMAT_VERSION,
        "weight" => version < WEIGHT_FORMAT_VERSION,
        _ => false,
    };
    relabelled(batch, version, newer)
}

/// `batch` without the columns `drop` names, labelled as row layout `version`.
fn relabelled(batch: RecordBatch, version: u32, drop: impl Fn(&str) -> bool) -> RecordBatch {
    let schema = batch.schema();
    let keep: Vec<usize> = (0..batch.num_columns())
        .filter(|&i| !drop(schema.field(i).name()))
        .collect();
    let batch = batch.project(&keep).expect("columns of the batch");
    let mut md = schema.metadata().clone();
    md.insert("mankala.format_version".to_string(), version.to_string());
    let fields: Vec<Field> = batch
        .schema()
        .fields()
        .iter()
        .map(|f| f.as_ref().clone())
        .collect();
    RecordBatch::try_new(
        Arc::new(Schema::new_with_metadata(fields, md)),
        batch.columns().to_vec(),
    )
    .expect("the same columns")
}

/// Reads a shard's metadata (no rows).
///
/// # Errors
/// [`DataError`] naming the file and what is missing.
pub fn read_meta(path: &Path) -> Result<ShardMeta, DataError> {
    read_footer(path).map(|(meta, _)| meta)
}

/// Reads a shard's metadata and row count from its footer (no rows).
///
/// # Errors
/// [`DataError`] naming the file and what is missing.
pub fn read_footer(path: &Path) -> Result<(ShardMeta, u64), DataError> {
    guarded(path, || read_footer_unguarded(path))
}

fn read_footer_unguarded(path: &Path) -> Result<(ShardMeta, u64), DataError> {
    let builder = open(path)?;
    let rows = builder.metadata().file_metadata().num_rows().max(0) as u64;
    Ok((meta_from(path, builder.schema().metadata())?, rows))
}

/// Opens a Parquet file to read its footer, naming it in any error.
fn open(path: &Path) -> Result<ParquetRecordBatchReaderBuilder<File>, DataError> {
    let file = File::open(path).map_err(|source| DataError::Io {
        path: path.into(),
        source,
    })?;
    builder(path, file)
}

/// Opens a Parquet file to read its rows, from memory: the file is read whole first. The
/// Parquet reader, given a corrupt page header that declares a long field, skips it by
/// reading on through the file in 8 KB calls, and on a `File` that took it 42 seconds for a
/// 7 KB shard (`fuzz/regressions/parquet/slow-unit-*`); over the bytes in memory the same
/// skip ends at their end at once. Shards are read one at a time, so memory holds one.
fn open_whole(path: &Path) -> Result<ParquetRecordBatchReaderBuilder<Bytes>, DataError> {
    let bytes = Bytes::from(std::fs::read(path).map_err(|source| DataError::Io {
        path: path.into(),
        source,
    })?);
    check_pages(path, &bytes)?;
    builder(path, bytes)
}

/// Refuses a file any of whose pages claims more values than its column chunk holds. The
/// Parquet reader sizes a dictionary by its page's count before it reads a value: a 5 KB
/// shard whose dictionary page claimed 671 million values took 5 GB to refuse
/// (`fuzz/regressions/parquet/oom-553d6294...`). The pages are walked once, each decompressed
/// alone (a page's own size bounds that), before any is decoded.
fn check_pages(path: &Path, bytes: &Bytes) -> Result<(), DataError> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let bad = |message: String| DataError::Parquet {
        path: path.into(),
        message,
    };
    let file = SerializedFileReader::new(bytes.clone()).map_err(|e| bad(e.to_string()))?;
    for g in 0..file.num_row_groups() {
        let group = file.get_row_group(g).map_err(|e| bad(e.to_string()))?;
        for c in 0..group.num_columns() {
            let chunk = group.metadata().column(c);
            let most = u64::try_from(chunk.num_values()).unwrap_or(0);
            let mut pages = group
                .get_column_page_reader(c)
                .map_err(|e| bad(e.to_string()))?;
            while let Some(page) = pages.get_next_page().map_err(|e| bad(e.to_string()))? {
                if u64::from(page.num_values()) > most {
                    return Err(bad(format!(
                        "column `{}`: a page of {} values in a chunk of {most}",
                        chunk.column_path().string(),
                        page.num_values()
                    )));
                }
            }
        }
    }
    Ok(())
}

fn builder<R: ChunkReader + 'static>(
    path: &Path,
    reader: R,
) -> Result<ParquetRecordBatchReaderBuilder<R>, DataError> {
    ParquetRecordBatchReaderBuilder::try_new(reader).map_err(|e| DataError::Parquet {
        path: path.into(),
        message: e.to_string(),
    })
}

fn meta_from(path: &Path, md: &arrow_schema::Metadata) -> Result<ShardMeta, DataError> {
    let get = |k: &str| {
        md.get(k).cloned().ok_or_else(|| DataError::Schema {
            path: path.into(),
            message: format!("not mankala training data: metadata `{k}` missing"),
        })
    };
    let num = |k: &str| -> Result<u64, DataError> {
        get(k)?.parse().map_err(|_| DataError::Schema {
            path: path.into(),
            message: format!("metadata `{k}` is not a number"),
        })
    };
    version_from(path, md)?;
    Ok(ShardMeta {
        variant: get("mankala.variant")?,
        rules: get("mankala.rules")?,
        limits: get("mankala.limits")?,
        encoding_version: num("mankala.encoding_version")? as u32,
        code_version: get("mankala.code_version")?,
        encoding_len: num("mankala.encoding_len")? as usize,
        num_actions: num("mankala.num_actions")? as usize,
        run_id: get("mankala.run_id")?,
        seed: num("mankala.seed")?,
    })
}

/// The row layout version in a file's metadata, checked to be one this build reads.
fn version_from(path: &Path, md: &arrow_schema::Metadata) -> Result<u32, DataError> {
    let err = |message: String| DataError::Schema {
        path: path.into(),
        message,
    };
    let text = md.get("mankala.format_version").ok_or_else(|| {
        err("not mankala training data: metadata `mankala.format_version` missing".into())
    })?;
    let version: u32 = text
        .parse()
        .map_err(|_| err("metadata `mankala.format_version` is not a number".into()))?;
    if version > FORMAT_VERSION {
        return Err(err(format!(
            "data format version {version} is newer than this build reads (1 to \
             {FORMAT_VERSION}): it was written by a newer mankala"
        )));
    }
    if version == 0 {
        return Err(err(format!(
            "data format version 0, this build reads 1 to {FORMAT_VERSION}"
        )));
    }
    Ok(version)
}

/// Reads a shard's row layout version (`mankala.format_version`, 1 to [`FORMAT_VERSION`]);
/// files before [`ACTION_FORMAT_VERSION`] do not record the action played.
///
/// # Errors
/// [`DataError`] naming the file, also when its version is newer than this build reads.
pub fn read_version(path: &Path) -> Result<u32, DataError> {
    guarded(path, || {
        let builder = open(path)?;
        version_from(path, builder.schema().metadata())
    })
}

/// Reads every row of a shard, checking its schema. Rows of a version-1 file, which has no
/// `action` column, have no action.
///
/// # Errors
/// [`DataError`] naming the file and the column that is wrong.
pub fn read_shard(path: &Path) -> Result<(ShardMeta, Vec<Row>), DataError> {
    guarded(path, || read_shard_unguarded(path))
}

/// Runs a read of `path`, turning a panic inside the Parquet or Arrow readers (which some
/// corrupt files cause) into [`DataError::Parquet`] naming the file; the panic's own message
/// is not printed.
pub(crate) fn guarded<T>(
    path: &Path,
    read: impl FnOnce() -> Result<T, DataError>,
) -> Result<T, DataError> {
    crate::guard::caught(read).unwrap_or_else(|what| {
        Err(DataError::Parquet {
            path: path.into(),
            message: format!("corrupt file: the reader failed ({what})"),
        })
    })
}

fn read_shard_unguarded(path: &Path) -> Result<(ShardMeta, Vec<Row>), DataError> {
    let (builder, meta) = open_checked(path)?;
    let reader = builder.build().map_err(|e| parquet_error(path, &e))?;
    let mut rows = Vec::new();
    for batch in reader {
        let batch = batch.map_err(|e| parquet_error(path, &e))?;
        rows.extend(rows_of(&batch, &meta));
    }
    Ok((meta, rows))
}

/// A Parquet or Arrow failure reading `path`.
pub(crate) fn parquet_error(path: &Path, e: &dyn std::fmt::Display) -> DataError {
    DataError::Parquet {
        path: path.into(),
        message: e.to_string(),
    }
}

/// Opens a shard and checks its metadata and every column of its row layout's schema.
pub(crate) fn open_checked(
    path: &Path,
) -> Result<(ParquetRecordBatchReaderBuilder<Bytes>, ShardMeta), DataError> {
    let builder = open_whole(path)?;
    let meta = meta_from(path, builder.schema().metadata())?;
    let version = version_from(path, builder.schema().metadata())?;
    let want = schema(&meta);
    let expected = want
        .fields()
        .iter()
        .filter(|f| version >= ACTION_FORMAT_VERSION || f.name() != "action")
        .filter(|f| version >= MARGIN_FORMAT_VERSION || f.name() != "margin")
        .filter(|f| version >= SIDE_FORMAT_VERSION || f.name() != "side")
        .filter(|f| version >= WEIGHT_FORMAT_VERSION || f.name() != "weight");
    for f in expected {
        match builder.schema().field_with_name(f.name()) {
            Ok(g) if g.data_type() == f.data_type() => {}
            Ok(g) => {
                return Err(DataError::Schema {
                    path: path.into(),
                    message: format!(
                        "column `{}` is {}, expected {}",
                        f.name(),
                        g.data_type(),
                        f.data_type()
                    ),
                });
            }
            Err(_) => {
                return Err(DataError::Schema {
                    path: path.into(),
                    message: format!("column `{}` missing", f.name()),
                });
            }
        }
    }
    Ok((builder, meta))
}

pub(crate) fn col<'a, T: 'static>(b: &'a RecordBatch, name: &str) -> &'a T {
    b.column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<T>())
        .expect("schema checked")
}

fn f32_rows(b: &RecordBatch, name: &str) -> Vec<Vec<f32>> {
    let list: &FixedSizeListArray = col(b, name);
    let values = list
        .values()
        .as_any()
        .downcast_ref::<Float32Array>()
        .expect("schema checked");
    let n = list.value_length() as usize;
    (0..list.len())
        .map(|i| values.values()[i * n..(i + 1) * n].to_vec())
        .collect()
}

/// The values of a nullable column of a batch: `None` where null, and everywhere when the
/// batch has no such column (a file of an older version).
fn nullable<T: ArrowPrimitiveType>(b: &RecordBatch, name: &str) -> Vec<Option<T::Native>> {
    let column = b
        .column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<PrimitiveArray<T>>());
    match column {
        Some(a) => (0..b.num_rows())
            .map(|i| a.is_valid(i).then(|| a.value(i)))
            .collect(),
        None => vec![None; b.num_rows()],
    }
}

/// The rows of a record batch of the shard schema (of any version this build reads).
pub fn rows_of(b: &RecordBatch, _meta: &ShardMeta) -> Vec<Row> {
    let run_id: &StringArray = col(b, "run_id");
    let generation: &UInt32Array = col(b, "generation");
    let game_id: &UInt64Array = col(b, "game_id");
    let ply: &UInt32Array = col(b, "ply");
    let to_move: &UInt8Array = col(b, "to_move");
    let features = f32_rows(b, "features");
    let policy = f32_rows(b, "policy");
    let legal_list: &FixedSizeListArray = col(b, "legal");
    let legal_values = legal_list
        .values()
        .as_any()
        .downcast_ref::<BooleanArray>()
        .expect("schema checked");
    let n = legal_list.value_length() as usize;
    let value_target: &Float32Array = col(b, "value_target");
    let root_value: &Float32Array = col(b, "root_value");
    let simulations: &UInt32Array = col(b, "simulations");
    let full_search: &BooleanArray = col(b, "full_search");
    let outcome: &Int8Array = col(b, "outcome");
    let result: &StringArray = col(b, "result");
    let game_length: &UInt32Array = col(b, "game_length");
    // No `action` column before version 2, no `margin` before 3, no `side` before 4, no
    // `weight` before 5.
    let action = nullable::<UInt16Type>(b, "action");
    let margin = nullable::<Int16Type>(b, "margin");
    let side = b
        .column_by_name("side")
        .and_then(|c| c.as_any().downcast_ref::<BooleanArray>());
    let weight = b
        .column_by_name("weight")
        .and_then(|c| c.as_any().downcast_ref::<Float32Array>());
    (0..b.num_rows())
        .map(|i| Row {
            run_id: run_id.value(i).to_string(),
            generation: generation.value(i),
            game_id: game_id.value(i),
            ply: ply.value(i),
            to_move: to_move.value(i),
            features: features[i].clone(),
            legal: (0..n).map(|k| legal_values.value(i * n + k)).collect(),
            policy: policy[i].clone(),
            value_target: value_target.value(i),
            root_value: root_value.value(i),
            simulations: simulations.value(i),
            full_search: full_search.value(i),
            outcome: outcome.value(i),
            result: result.value(i).to_string(),
            game_length: game_length.value(i),
            action: action[i],
            margin: margin[i],
            side: side.is_some_and(|s| s.value(i)),
            weight: weight.map_or(1.0, |w| w.value(i)),
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;

/// The finished shards (`*.parquet`, not `*.parquet.tmp`) in `dir` and its direct
/// subdirectories, in name order (oldest first for `mankala selfplay` and `loop` output).
///
/// # Errors
/// When a directory cannot be read.
pub fn list_shards(dir: &Path) -> Result<Vec<PathBuf>, DataError> {
    let io = |source| DataError::Io {
        path: dir.to_path_buf(),
        source,
    };
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    for entry in fs::read_dir(dir).map_err(io)? {
        let p = entry.map_err(io)?.path();
        if p.is_dir() {
            dirs.push(p);
        }
    }
    for d in dirs {
        for entry in fs::read_dir(&d).map_err(io)? {
            let p = entry.map_err(io)?.path();
            if p.extension().is_some_and(|e| e == "parquet") && p.is_file() {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}
