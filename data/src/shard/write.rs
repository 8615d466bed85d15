//! Writing shards: atomically, in the current row layout or an older one.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{Field, Schema};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use super::*;

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
pub(super) fn in_version(batch: RecordBatch, version: u32) -> RecordBatch {
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
pub(super) fn relabelled(
    batch: RecordBatch,
    version: u32,
    drop: impl Fn(&str) -> bool,
) -> RecordBatch {
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
