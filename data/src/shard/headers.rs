//! A bound on a shard's page headers before the Parquet reader parses them.
//!
//! Page headers are Thrift structs in the compact protocol. The Parquet reader skips a list
//! it does not know by counting to the length the list declares, and a list of booleans costs
//! it no byte an element: a 7 KB shard whose page headers declared such lists took 2 s to
//! refuse (`fuzz/regressions/parquet/slow-unit-e09c245f...`). In the
//! compact protocol every element of a list, set or map takes at least one byte, so a list
//! that declares more elements than bytes remain is corrupt. Each column chunk's page headers
//! are walked here first, in time linear in the chunk's bytes, and such a file is refused
//! before the reader sees it.

use std::ops::Range;

/// Nesting deeper than this is corrupt (the Parquet reader's own limit).
const DEPTH: u32 = 64;

/// Walks the page headers of the column chunk at `range` of `bytes`, each followed by its
/// page; `Err` says what is wrong with the first header that is not sound.
pub(super) fn walk_chunk(bytes: &[u8], range: Range<usize>) -> Result<(), String> {
    let chunk = bytes.get(range.clone()).ok_or_else(|| {
        format!(
            "a column chunk at bytes {range:?} of a {}-byte file",
            bytes.len()
        )
    })?;
    let mut pos = 0usize;
    while pos < chunk.len() {
        let mut r = Reader {
            buf: &chunk[pos..],
            at: 0,
        };
        let page = r
            .page_header()
            .map_err(|why| format!("the page header at byte {}: {why}", range.start + pos))?;
        pos = pos.saturating_add(r.at).saturating_add(page);
    }
    Ok(())
}

/// Thrift's compact protocol over a header's bytes, read only to skip.
struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn remaining(&self) -> usize {
        self.buf.len() - self.at
    }

    fn byte(&mut self) -> Result<u8, String> {
        let b = *self
            .buf
            .get(self.at)
            .ok_or("it runs past the end of its column chunk")?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, String> {
        let mut value = 0u64;
        for shift in (0..70).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err("a number of more than ten bytes".into())
    }

    fn skip_bytes(&mut self, n: u64) -> Result<(), String> {
        match usize::try_from(n) {
            Ok(n) if n <= self.remaining() => {
                self.at += n;
                Ok(())
            }
            _ => Err(format!(
                "{n} bytes declared where {} remain",
                self.remaining()
            )),
        }
    }

    /// Checks that `n` elements, a byte each at least, fit in what remains.
    fn elements(&self, n: u64) -> Result<(), String> {
        if n > self.remaining() as u64 {
            return Err(format!(
                "a list of {n} elements declared where {} bytes remain",
                self.remaining()
            ));
        }
        Ok(())
    }

    /// Skips a value of compact type `ty`; `element`: a list's, set's or map's element,
    /// where a boolean takes a byte (a struct's boolean field is in its field header).
    fn skip(&mut self, ty: u8, depth: u32, element: bool) -> Result<(), String> {
        if depth == 0 {
            return Err("values nested too deep".into());
        }
        match ty {
            1 | 2 if element => self.byte().map(drop),
            1 | 2 => Ok(()),
            3 => self.byte().map(drop),
            4..=6 => self.varint().map(drop),
            7 => self.skip_bytes(8),
            8 => {
                let n = self.varint()?;
                self.skip_bytes(n)
            }
            9 | 10 => {
                let head = self.byte()?;
                let mut n = u64::from(head >> 4);
                if n == 15 {
                    n = self.varint()?;
                }
                self.elements(n)?;
                for _ in 0..n {
                    self.skip(head & 0x0f, depth - 1, true)?;
                }
                Ok(())
            }
            11 => {
                let n = self.varint()?;
                if n > 0 {
                    let kv = self.byte()?;
                    self.elements(n)?;
                    for _ in 0..n {
                        self.skip(kv >> 4, depth - 1, true)?;
                        self.skip(kv & 0x0f, depth - 1, true)?;
                    }
                }
                Ok(())
            }
            12 => self.fields(depth - 1, |_, _, _| Ok(false)),
            13 => self.skip_bytes(16),
            t => Err(format!("a value of unknown type {t}")),
        }
    }

    /// Reads a struct's fields up to its stop byte; `visit(self, id, ty)` reads a field
    /// itself and says so with `true`, or leaves it to be skipped.
    fn fields(
        &mut self,
        depth: u32,
        mut visit: impl FnMut(&mut Self, i64, u8) -> Result<bool, String>,
    ) -> Result<(), String> {
        let mut last = 0i64;
        loop {
            let head = self.byte()?;
            let ty = head & 0x0f;
            if ty == 0 {
                return Ok(());
            }
            let id = match head >> 4 {
                0 => zigzag(self.varint()?),
                delta => last.wrapping_add(i64::from(delta)),
            };
            last = id;
            if !visit(self, id, ty)? {
                self.skip(ty, depth, false)?;
            }
        }
    }

    /// A page header: its fields checked, its page's size (`compressed_page_size`, field 3)
    /// returned.
    fn page_header(&mut self) -> Result<usize, String> {
        let mut size = None;
        self.fields(DEPTH, |r, id, ty| {
            if id == 3 && ty == 5 {
                size = Some(zigzag(r.varint()?));
                return Ok(true);
            }
            Ok(false)
        })?;
        match size {
            Some(n) => usize::try_from(n).map_err(|_| format!("a page of {n} bytes")),
            None => Err("no page size".into()),
        }
    }
}

/// A zigzag-encoded integer's value.
fn zigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A page header of the compact protocol: type 0, sizes 10 and `compressed`, then
    /// `extra` fields, then the stop byte.
    fn header(compressed: u8, extra: &[u8]) -> Vec<u8> {
        let mut h = vec![0x15, 0x00, 0x15, 20, 0x15, compressed * 2];
        h.extend_from_slice(extra);
        h.push(0);
        h
    }

    #[test]
    fn sound_headers_are_walked_page_by_page() {
        let mut chunk = header(3, &[]);
        chunk.extend_from_slice(&[7, 7, 7]);
        chunk.extend(header(2, &[0x11]));
        chunk.extend_from_slice(&[7, 7]);
        assert_eq!(walk_chunk(&chunk, 0..chunk.len()), Ok(()));
    }

    #[test]
    fn a_list_longer_than_its_bytes_is_refused_at_once() {
        // Field 4, a list of booleans that declares 2^31 - 1 elements where one byte is left.
        let chunk = header(0, &[0x19, 0xf1, 0xff, 0xff, 0xff, 0xff, 0x07]);
        let err = walk_chunk(&chunk, 0..chunk.len()).unwrap_err();
        assert!(err.contains("a list of 2147483647 elements"), "{err}");
        assert!(err.starts_with("the page header at byte 0"), "{err}");
    }

    #[test]
    fn a_chunk_outside_the_file_or_a_header_past_its_chunk_is_refused() {
        let chunk = header(3, &[]);
        assert!(
            walk_chunk(&chunk, 2..100)
                .unwrap_err()
                .contains("a column chunk at bytes")
        );
        let cut = &chunk[..4];
        let err = walk_chunk(cut, 0..cut.len()).unwrap_err();
        assert!(err.contains("runs past the end"), "{err}");
    }
}
