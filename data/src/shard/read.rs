//! Reading shards: metadata from the footer, rows from the whole file, every version from
//! 1 on, with corrupt files refused before the Parquet reader decodes them.

use std::fs::File;
use std::path::Path;

use arrow_array::types::{ArrowPrimitiveType, Int16Type, UInt16Type};
use arrow_array::{
    Array, BooleanArray, FixedSizeListArray, Float32Array, Int8Array, PrimitiveArray, RecordBatch,
    StringArray, UInt8Array, UInt32Array, UInt64Array,
};
use bytes::Bytes;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::reader::ChunkReader;

use super::*;

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

pub(super) fn read_footer_unguarded(path: &Path) -> Result<(ShardMeta, u64), DataError> {
    let builder = open(path)?;
    let rows = builder.metadata().file_metadata().num_rows().max(0) as u64;
    Ok((meta_from(path, builder.schema().metadata())?, rows))
}

/// Opens a Parquet file to read its footer, naming it in any error.
pub(super) fn open(path: &Path) -> Result<ParquetRecordBatchReaderBuilder<File>, DataError> {
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
pub(super) fn open_whole(path: &Path) -> Result<ParquetRecordBatchReaderBuilder<Bytes>, DataError> {
    let bytes = Bytes::from(std::fs::read(path).map_err(|source| DataError::Io {
        path: path.into(),
        source,
    })?);
    check_pages(path, &bytes)?;
    builder(path, bytes)
}

/// Refuses a file whose page headers are not sound Thrift (bounded before the Parquet reader
/// parses them: `headers.rs`), or any of whose pages claims more values than its column
/// chunk holds. The
/// Parquet reader sizes a dictionary by its page's count before it reads a value: a 5 KB
/// shard whose dictionary page claimed 671 million values took 5 GB to refuse
/// (`fuzz/regressions/parquet/oom-553d6294...`). The pages are walked once, each decompressed
/// alone (a page's own size bounds that), before any is decoded.
pub(super) fn check_pages(path: &Path, bytes: &Bytes) -> Result<(), DataError> {
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
            let start = chunk
                .dictionary_page_offset()
                .unwrap_or(chunk.data_page_offset());
            let range = usize::try_from(start)
                .ok()
                .zip(usize::try_from(chunk.compressed_size()).ok())
                .and_then(|(start, len)| Some(start..start.checked_add(len)?))
                .ok_or_else(|| {
                    bad(format!(
                        "column `{}`: a chunk at byte {start} of {} bytes",
                        chunk.column_path().string(),
                        chunk.compressed_size()
                    ))
                })?;
            super::headers::walk_chunk(bytes, range)
                .map_err(|why| bad(format!("column `{}`: {why}", chunk.column_path().string())))?;
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

pub(super) fn builder<R: ChunkReader + 'static>(
    path: &Path,
    reader: R,
) -> Result<ParquetRecordBatchReaderBuilder<R>, DataError> {
    ParquetRecordBatchReaderBuilder::try_new(reader).map_err(|e| DataError::Parquet {
        path: path.into(),
        message: e.to_string(),
    })
}

pub(super) fn meta_from(path: &Path, md: &arrow_schema::Metadata) -> Result<ShardMeta, DataError> {
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
pub(super) fn version_from(path: &Path, md: &arrow_schema::Metadata) -> Result<u32, DataError> {
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

pub(super) fn read_shard_unguarded(path: &Path) -> Result<(ShardMeta, Vec<Row>), DataError> {
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

pub(super) fn f32_rows(b: &RecordBatch, name: &str) -> Vec<Vec<f32>> {
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
pub(super) fn nullable<T: ArrowPrimitiveType>(
    b: &RecordBatch,
    name: &str,
) -> Vec<Option<T::Native>> {
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
