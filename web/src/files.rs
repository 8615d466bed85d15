//! The run directories given to `mankala serve --runs`: the only files the server reads.
//! A path from the page is relative to one of them; it is refused when it is absolute, has
//! a `..` or leads (through a link) outside its directory.

use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use crate::error::{ApiError, WebError};

/// Files larger than this are not read (a record file, a report, a plot).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// How deep below a run directory the server looks for models, records and reports.
const MAX_DEPTH: usize = 5;

/// Most files of one kind listed.
const MAX_LISTED: usize = 500;

/// The run directories, as given and as resolved.
#[derive(Debug, Clone, Default)]
pub struct RunDirs {
    roots: Vec<(PathBuf, PathBuf)>,
}

/// A file found under a run directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The run directory's number (its place in `--runs`).
    pub run: usize,
    /// The path inside it, with `/` between components.
    pub path: String,
    /// The path as an agent spec names it (the run directory as given, then `path`).
    pub full: String,
}

/// What the server lists of the run directories.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Listing {
    /// The run directories as given.
    pub runs: Vec<String>,
    /// Models (`*.bpk` with their `.json` sidecar).
    pub models: Vec<Found>,
    /// Game records (`*.jsonl`: arenas, gates, evaluations, baselines, played games).
    pub records: Vec<Found>,
    /// Run reports (`report.md`).
    pub reports: Vec<Found>,
    /// Opening tables (`openings.json`).
    pub openings: Vec<Found>,
}

impl RunDirs {
    /// The directories of `--runs`, each checked to be a directory.
    ///
    /// # Errors
    /// [`WebError::RunDir`] naming a directory that cannot be resolved or is not one.
    pub fn new(dirs: &[PathBuf]) -> Result<RunDirs, WebError> {
        let mut roots = Vec::with_capacity(dirs.len());
        for dir in dirs {
            let resolved = dir.canonicalize().map_err(|source| WebError::RunDir {
                path: dir.display().to_string(),
                source,
            })?;
            if !resolved.is_dir() {
                return Err(WebError::RunDir {
                    path: dir.display().to_string(),
                    source: std::io::Error::other("not a directory"),
                });
            }
            roots.push((dir.clone(), resolved));
        }
        Ok(RunDirs { roots })
    }

    /// Whether no run directory was given.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }

    /// The file `path` inside run directory `run`.
    ///
    /// # Errors
    /// [`ApiError`] (404 for an unknown run or a missing file, 403 for a path that is
    /// absolute, has `..` or leads outside the run directory).
    pub fn resolve(&self, run: usize, path: &str) -> Result<PathBuf, ApiError> {
        let (_, root) = self.roots.get(run).ok_or_else(|| {
            ApiError::not_found(format!(
                "no run directory {run}: {} given with --runs",
                self.roots.len()
            ))
        })?;
        let rel = Path::new(path);
        if path.is_empty()
            || !rel
                .components()
                .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
        {
            return Err(ApiError::forbidden(format!(
                "path `{path}`: expected a path inside run directory {run}, without `..`"
            )));
        }
        let full = root
            .join(rel)
            .canonicalize()
            .map_err(|_| ApiError::not_found(format!("no file `{path}` in run directory {run}")))?;
        if !full.starts_with(root) {
            return Err(ApiError::forbidden(format!(
                "path `{path}` leads outside run directory {run}"
            )));
        }
        Ok(full)
    }

    /// Reads `path` inside run directory `run`, at most [`MAX_FILE_BYTES`].
    ///
    /// # Errors
    /// As [`RunDirs::resolve`]; 413 for a file too large, 404 when it cannot be read.
    pub fn read(&self, run: usize, path: &str) -> Result<Vec<u8>, ApiError> {
        let full = self.resolve(run, path)?;
        let meta = std::fs::metadata(&full)
            .map_err(|e| ApiError::not_found(format!("cannot read `{path}`: {e}")))?;
        if !meta.is_file() {
            return Err(ApiError::not_found(format!("`{path}` is not a file")));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(ApiError::too_large(format!(
                "`{path}` has {} bytes; at most {MAX_FILE_BYTES} are read",
                meta.len()
            )));
        }
        std::fs::read(&full).map_err(|e| ApiError::not_found(format!("cannot read `{path}`: {e}")))
    }

    /// Whether `path` (as an agent spec names a model or a table file) lies inside a run
    /// directory.
    pub fn contains(&self, path: &str) -> bool {
        Path::new(path)
            .canonicalize()
            .is_ok_and(|full| self.roots.iter().any(|(_, root)| full.starts_with(root)))
    }

    /// The models, records, reports and opening tables of every run directory.
    pub fn list(&self) -> Listing {
        let mut listing = Listing {
            runs: self
                .roots
                .iter()
                .map(|(given, _)| given.display().to_string())
                .collect(),
            ..Listing::default()
        };
        for (run, (given, root)) in self.roots.iter().enumerate() {
            let mut files = Vec::new();
            walk(root, 0, &mut files);
            files.sort();
            for file in files {
                let Ok(rel) = file.strip_prefix(root) else {
                    continue;
                };
                let path = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join("/");
                let found = Found {
                    run,
                    full: given.join(rel).display().to_string(),
                    path,
                };
                let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
                let list = match name.as_deref() {
                    Some("report.md") => &mut listing.reports,
                    Some("openings.json") => &mut listing.openings,
                    Some(n) if n.ends_with(".jsonl") => &mut listing.records,
                    Some(n) if n.ends_with(".bpk") && file.with_extension("json").is_file() => {
                        &mut listing.models
                    }
                    _ => continue,
                };
                if list.len() < MAX_LISTED {
                    list.push(found);
                }
            }
        }
        listing
    }
}

/// The files under `dir`, at most [`MAX_DEPTH`] levels down, links not followed.
fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() && depth < MAX_DEPTH {
            walk(&entry.path(), depth + 1, out);
        } else if kind.is_file() {
            out.push(entry.path());
        }
    }
}
