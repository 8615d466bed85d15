//! The tablebase file: a checked header, then one signed byte per position.
//!
//! ```text
//! offset  size  field
//! 0       8     magic `MKLTBASE`
//! 8       4     format version (u32, little-endian), 1
//! 12      1     length V of the variant name, then V bytes (`kalah`, `oware`)
//! ..      2     length R of the rules (u16), then R bytes of JSON (`{"empty_capture":false}`, `{}`)
//! ..      4     seeds N: the table holds every position with at most N seeds in play (u32)
//! ..      1     pits per position, 12
//! ..      1     encoding, 1: mover-first pits, levels by seed count, colex rank in a level
//! ..      8     entries: C(N + 12, 12) (u64)
//! ..      4     CRC-32 (IEEE) of the value bytes (u32)
//! ..      4     CRC-32 of every header byte before this field (u32)
//! then    entries bytes, each a value as a two's-complement signed byte
//! ```

use std::fs;
use std::path::Path;

use super::{Header, MAX_TABLE_SEEDS, TableGame};
use crate::error::TablebaseError;
use crate::rank::{Binomials, PITS};

/// The first eight bytes of every tablebase file.
pub const MAGIC: &[u8; 8] = b"MKLTBASE";
/// Version of the file layout.
pub const FORMAT_VERSION: u32 = 1;
/// Version of the position indexing and value meaning.
pub const ENCODING: u8 = 1;

/// The header's bytes.
pub(super) fn encode_header(h: &Header) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let variant = h.game.variant().as_bytes();
    out.push(variant.len() as u8);
    out.extend_from_slice(variant);
    let rules = h.game.rules_json();
    out.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    out.extend_from_slice(rules.as_bytes());
    out.extend_from_slice(&h.max_seeds.to_le_bytes());
    out.push(PITS as u8);
    out.push(ENCODING);
    out.extend_from_slice(&h.entries.to_le_bytes());
    out.extend_from_slice(&h.checksum.to_le_bytes());
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// A cursor over the header bytes that fails naming the field it could not read.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    path: &'a Path,
}

impl Reader<'_> {
    fn take(&mut self, n: usize, field: &str) -> Result<&[u8], TablebaseError> {
        if self.at + n > self.bytes.len() {
            return Err(TablebaseError::BadHeader {
                path: self.path.to_owned(),
                what: format!("the file ends inside the header ({field})"),
            });
        }
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(s)
    }
    fn u8(&mut self, field: &str) -> Result<u8, TablebaseError> {
        Ok(self.take(1, field)?[0])
    }
    fn u16(&mut self, field: &str) -> Result<u16, TablebaseError> {
        Ok(u16::from_le_bytes(
            self.take(2, field)?.try_into().expect("2 bytes"),
        ))
    }
    fn u32(&mut self, field: &str) -> Result<u32, TablebaseError> {
        Ok(u32::from_le_bytes(
            self.take(4, field)?.try_into().expect("4 bytes"),
        ))
    }
    fn u64(&mut self, field: &str) -> Result<u64, TablebaseError> {
        Ok(u64::from_le_bytes(
            self.take(8, field)?.try_into().expect("8 bytes"),
        ))
    }
}

fn mismatch(path: &Path, field: &'static str, found: String, expected: String) -> TablebaseError {
    TablebaseError::Mismatch {
        path: path.to_owned(),
        field,
        found,
        expected,
    }
}

/// Reads and checks a table file.
pub(super) fn read(
    path: &Path,
    game: TableGame,
    max_seeds: Option<u32>,
) -> Result<(Header, Vec<u8>), TablebaseError> {
    let mut bytes = fs::read(path).map_err(|source| TablebaseError::Io {
        path: path.to_owned(),
        source,
    })?;
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(TablebaseError::NotATablebase {
            path: path.to_owned(),
        });
    }
    let mut r = Reader {
        bytes: &bytes,
        at: MAGIC.len(),
        path,
    };
    let version = r.u32("format version")?;
    if version != FORMAT_VERSION {
        return Err(mismatch(
            path,
            "format version",
            version.to_string(),
            FORMAT_VERSION.to_string(),
        ));
    }
    let vlen = r.u8("variant length")? as usize;
    let variant = String::from_utf8_lossy(r.take(vlen, "variant")?).into_owned();
    let rlen = r.u16("rules length")? as usize;
    let rules = String::from_utf8_lossy(r.take(rlen, "rules")?).into_owned();
    let seeds = r.u32("seeds")?;
    let pits = r.u8("pits")?;
    let encoding = r.u8("encoding")?;
    let entries = r.u64("entries")?;
    let checksum = r.u32("values checksum")?;
    let end = r.at;
    let header_crc = r.u32("header checksum")?;
    let data_start = r.at;
    let computed = crc32fast::hash(&bytes[..end]);
    if computed != header_crc {
        return Err(TablebaseError::BadHeader {
            path: path.to_owned(),
            what: format!("its CRC-32 is {computed:08x}, the header says {header_crc:08x}"),
        });
    }
    if variant != game.variant() {
        return Err(mismatch(
            path,
            "variant",
            variant,
            game.variant().to_string(),
        ));
    }
    if rules != game.rules_json() {
        return Err(mismatch(path, "rules", rules, game.rules_json()));
    }
    if pits as usize != PITS || encoding != ENCODING {
        return Err(mismatch(
            path,
            "encoding",
            format!("{pits} pits, encoding {encoding}"),
            format!("{PITS} pits, encoding {ENCODING}"),
        ));
    }
    if let Some(want) = max_seeds
        && want != seeds
    {
        return Err(mismatch(path, "seeds", seeds.to_string(), want.to_string()));
    }
    if seeds > MAX_TABLE_SEEDS {
        return Err(TablebaseError::BadHeader {
            path: path.to_owned(),
            what: format!("{seeds} seeds, past the largest table ({MAX_TABLE_SEEDS})"),
        });
    }
    let expected_entries = Binomials::new().table_len(seeds as usize);
    if entries != expected_entries {
        return Err(TablebaseError::BadHeader {
            path: path.to_owned(),
            what: format!("{entries} entries for {seeds} seeds, which need {expected_entries}"),
        });
    }
    let found = (bytes.len() - data_start) as u64;
    if found != entries {
        return Err(TablebaseError::Length {
            path: path.to_owned(),
            found,
            expected: entries,
        });
    }
    bytes.drain(..data_start);
    let crc = crc32fast::hash(&bytes);
    if crc != checksum {
        return Err(TablebaseError::Checksum {
            path: path.to_owned(),
            found: crc,
            expected: checksum,
        });
    }
    Ok((
        Header {
            game,
            max_seeds: seeds,
            entries,
            checksum,
        },
        bytes,
    ))
}
