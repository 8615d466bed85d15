//! Files written whole or not at all, shared by every crate that writes: the content goes to
//! `<name>.tmp` beside the final path, is flushed to disk, renamed over the final name, and
//! the directory is flushed so the rename survives a crash. A killed writer leaves at most a
//! `.tmp` file; a file under its final name is always complete. Files that must change
//! together (a checkpoint's weights, optimizer and record) are committed through a journal
//! ([`commit_together`], [`finish_together`]).

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
    let done = flush(tmp).and_then(|()| fs::rename(tmp, path));
    if done.is_err() {
        // The final name keeps what it had; the unfinished copy goes.
        let _ = fs::remove_file(tmp);
    }
    done?;
    sync_dir(path);
    Ok(())
}

/// Flushes the finished temporary file `tmp` to disk, as [`commit`] does before its rename.
///
/// # Errors
/// The operating system's error; the caller names the file.
pub fn flush(tmp: &Path) -> io::Result<()> {
    File::options()
        .write(true)
        .open(tmp)
        .and_then(|f| f.sync_all())
}

/// Removes the temporary file of a write that failed before [`commit`].
pub fn abandon(tmp: &Path) {
    let _ = fs::remove_file(tmp);
}

/// Commits the finished temporary files of `staged` (`(temporary, final)` pairs) together:
/// each is flushed, then `journal` is written (atomically, holding `note`), then the
/// temporary files are renamed to their final names and the journal is removed
/// ([`finish_together`]). A process killed during the renames leaves the journal, and
/// [`finish_together`] with the same pairs completes them; temporary files without a journal
/// were never committed, and the final names keep what they had.
///
/// # Errors
/// [`WriteError`] naming the temporary file that cannot be flushed, the journal, or the final
/// file that cannot be renamed into place.
pub fn commit_together(
    journal: &Path,
    note: impl AsRef<[u8]>,
    staged: &[(PathBuf, PathBuf)],
) -> Result<(), WriteError> {
    for (tmp, _) in staged {
        flush(tmp).map_err(|source| WriteError {
            path: tmp.clone(),
            source,
        })?;
    }
    write(journal, note)?;
    finish_together(journal, staged)
}

/// Finishes a [`commit_together`] of `staged` that a killed process left halfway (its
/// `journal` exists): the temporary files still waiting, flushed before the journal was
/// written, are renamed into place, their directories flushed, and the journal removed.
/// Without a journal it does nothing: a staged set never committed is ignored.
///
/// # Errors
/// [`WriteError`] naming the final file that cannot be renamed into place, or the journal
/// that cannot be removed.
pub fn finish_together(journal: &Path, staged: &[(PathBuf, PathBuf)]) -> Result<(), WriteError> {
    if !journal.exists() {
        return Ok(());
    }
    for (tmp, path) in staged {
        if tmp.exists() {
            fs::rename(tmp, path).map_err(|source| WriteError {
                path: path.clone(),
                source,
            })?;
        }
    }
    // One flush of each directory makes the renames last before the journal goes.
    let mut flushed: Vec<&Path> = Vec::new();
    for (_, path) in staged {
        let dir = path.parent().unwrap_or(Path::new(""));
        if !flushed.contains(&dir) {
            flushed.push(dir);
            sync_dir(path);
        }
    }
    fs::remove_file(journal).map_err(|source| WriteError {
        path: journal.to_owned(),
        source,
    })
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

    #[test]
    fn files_committed_together_are_all_renamed_and_a_halfway_commit_is_finished() {
        let dir = std::env::temp_dir().join(format!("mankala-together-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let journal = dir.join("commit");
        let staged: Vec<(PathBuf, PathBuf)> = ["a", "b"]
            .iter()
            .map(|n| (temp_path(&dir.join(n)), dir.join(n)))
            .collect();
        let stage = |text: &str| {
            for (tmp, _) in &staged {
                fs::write(tmp, text).unwrap();
            }
        };
        stage("one");
        commit_together(&journal, "1", &staged).unwrap();
        for (tmp, path) in &staged {
            assert_eq!(fs::read_to_string(path).unwrap(), "one");
            assert!(!tmp.exists());
        }
        assert!(!journal.exists());
        // Staged without a journal: never committed, the final names keep what they had.
        stage("two");
        finish_together(&journal, &staged).unwrap();
        for (tmp, path) in &staged {
            assert_eq!(fs::read_to_string(path).unwrap(), "one");
            assert!(tmp.exists());
        }
        // Killed after the journal and the first rename: finishing renames the rest.
        write(&journal, "2").unwrap();
        fs::rename(&staged[0].0, &staged[0].1).unwrap();
        finish_together(&journal, &staged).unwrap();
        for (tmp, path) in &staged {
            assert_eq!(fs::read_to_string(path).unwrap(), "two");
            assert!(!tmp.exists());
        }
        assert!(!journal.exists());
        // A staged file that is not there cannot be flushed: named, nothing committed.
        let e = commit_together(&journal, "3", &staged).unwrap_err();
        assert_eq!(e.path, staged[0].0);
        assert!(!journal.exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
