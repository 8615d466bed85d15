//! Files written whole or not at all, shared by every crate that writes: the content goes to
//! `<name>.tmp` beside the final path, is flushed to disk, renamed over the final name, and
//! the directory is flushed so the rename survives a crash. A killed writer leaves at most a
//! `.tmp` file; a file under its final name is always complete.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary name a file is written under before [`commit`]: `<name>.tmp`.
pub fn temp_path(path: &Path) -> PathBuf {
    with_suffix(path, ".tmp")
}

/// `path` with `suffix` appended to its file name (`model.onnx` -> `model.onnx.json`).
pub fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// Flushes the finished temporary file `tmp` to disk and renames it to `path`, then flushes
/// `path`'s directory.
///
/// # Errors
/// The operating system's error; the caller names the file.
pub fn commit(tmp: &Path, path: &Path) -> io::Result<()> {
    let done = File::options()
        .write(true)
        .open(tmp)
        .and_then(|f| f.sync_all())
        .and_then(|()| fs::rename(tmp, path));
    if done.is_err() {
        // The final name keeps what it had; the unfinished copy goes.
        let _ = fs::remove_file(tmp);
    }
    done?;
    sync_dir(path);
    Ok(())
}

/// Removes the temporary file of a write that failed before [`commit`].
pub fn abandon(tmp: &Path) {
    let _ = fs::remove_file(tmp);
}

/// A file that could not be written whole; the final name keeps what it had.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}", path.display())]
pub struct WriteError {
    /// The file.
    pub path: PathBuf,
    /// The operating system's error.
    #[source]
    pub source: io::Error,
}

/// Writes `bytes` to `path` through [`temp_path`] and [`commit`]: the one atomic write.
///
/// # Errors
/// [`WriteError`] naming the file.
pub fn write(path: &Path, bytes: impl AsRef<[u8]>) -> Result<(), WriteError> {
    write_with(path, |f| f.write_all(bytes.as_ref()))
}

/// Writes `path` atomically with what `fill` writes into the temporary file (several parts,
/// or a stream too large to hold twice in memory).
///
/// # Errors
/// [`WriteError`] naming the file.
pub fn write_with(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(), WriteError> {
    let tmp = temp_path(path);
    let written = File::create(&tmp).and_then(|mut f| fill(&mut f));
    let done = match written {
        Ok(()) => commit(&tmp, path),
        Err(e) => {
            abandon(&tmp);
            Err(e)
        }
    };
    done.map_err(|source| WriteError {
        path: path.to_owned(),
        source,
    })
}

/// Flushes the directory holding `path`, so that a rename into it lasts. Platforms that
/// cannot open or flush a directory are left as they are: the rename itself is done.
fn sync_dir(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_replaces_the_old_one_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("mankala-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("state.json");
        write(&path, b"first").unwrap();
        write(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(temp_path(&path), dir.join("state.json.tmp"));
        assert!(!temp_path(&path).exists());
        // A missing directory is an error, and nothing appears.
        let missing = dir.join("no/such/file");
        assert!(write(&missing, b"x").is_err());
        assert!(!missing.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
