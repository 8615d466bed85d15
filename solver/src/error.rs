//! Typed errors of the solver crate.

use std::io;
use std::path::PathBuf;

use thiserror::Error;

/// Why a tablebase could not be built, written or loaded.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// Reading or writing the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The file does not start with the tablebase magic.
    #[error("{path}: not a mankala tablebase (its first bytes are not `MKLTBASE`)")]
    NotATablebase {
        /// The file.
        path: PathBuf,
    },
    /// The header is cut short or its checksum does not match.
    #[error("{path}: damaged header: {what}")]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The header describes another table than the one asked for.
    #[error("{path}: the table's {field} is {found}, expected {expected}")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// The header field (`format version`, `variant`, `rules`, `seeds`, `encoding`).
        field: &'static str,
        /// What the file holds.
        found: String,
        /// What the caller asked for.
        expected: String,
    },
    /// Fewer or more value bytes than the header promises.
    #[error(
        "{path}: {found} bytes of values, the header promises {expected} (truncated or padded file)"
    )]
    Length {
        /// The file.
        path: PathBuf,
        /// Bytes after the header.
        found: u64,
        /// Entries the header gives.
        expected: u64,
    },
    /// The values do not match the header's checksum.
    #[error(
        "{path}: the values' CRC-32 is {found:08x}, the header says {expected:08x} (damaged file)"
    )]
    Checksum {
        /// The file.
        path: PathBuf,
        /// Computed checksum.
        found: u32,
        /// Checksum in the header.
        expected: u32,
    },
    /// A seed count outside what tables are built for.
    #[error("tablebase seeds must be 0 to {max}, not {seeds}")]
    Seeds {
        /// The count asked for.
        seeds: u32,
        /// The largest one accepted.
        max: u32,
    },
}

/// Why a Bao la Kujifunza proof could not be made, written, read or accepted.
#[derive(Debug, Error)]
pub enum ProofError {
    /// The solver was asked for another game.
    #[error("{variant} has no proof-number solver: it solves bao-kujifunza only")]
    Variant {
        /// The variant asked for.
        variant: String,
    },
    /// The search could not prove (again) a win the proof needs.
    #[error("the search does not prove the win from {position}")]
    NotProved {
        /// The position.
        position: String,
    },
    /// The proof file could not be written.
    #[error("cannot write the proof {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// The proof file could not be read.
    #[error("cannot read the proof {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A line of the file is not what the format says (line 0: the file as a whole).
    #[error("{file}, line {line}: {what}")]
    Format {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        what: String,
    },
    /// The proof does not win: a line the checker played fails.
    #[error("the proof fails after the moves [{moves}]: {what} (at {position})")]
    Refuted {
        /// What failed.
        what: String,
        /// The moves from the start position.
        moves: String,
        /// The position where it failed.
        position: String,
    },
}
