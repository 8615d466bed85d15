//! Training data: one row per decision, written as zstd-compressed Parquet shards.
//! The schema is documented in `docs/data-format.md`.
//!
//! Shards are written under a temporary name and renamed when complete, so a killed run
//! never leaves a partial file under a real name.
//!
//! `schema.rs` holds the row layout, `write.rs` the writer, `read.rs` the reader.

use std::fs;
use std::path::{Path, PathBuf};

mod headers;
mod read;
mod schema;
mod write;

pub use read::*;
pub use schema::*;
pub use write::*;

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
