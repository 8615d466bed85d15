//! A run at a URL: a plain path or `file://` (a local or shared network file system) or
//! `s3://bucket/prefix` (any S3-compatible store), through the `object_store` crate, one
//! code path for both (`docs/distributed.md`).
//!
//! Objects are written once: [`Store::put_new`] creates a name or finds it taken
//! (`PutMode::Create`: a hard link on a file system, a conditional `PUT` with
//! `If-None-Match: *` on S3), never replaces it. A write that is killed leaves no object
//! under its name. Calls that fail for a reason that may pass (the network, the server,
//! a file system that is not mounted) are retried with a doubling wait, each retry told to
//! the store's observer, for up to [`Store::patience`].

use mankala_data::atomic;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::TryStreamExt;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, PutMode, PutOptions, PutPayload};
use thiserror::Error;

use mankala_pipeline::layout::create_dir;

use crate::error::{Error, Result};

/// What can go wrong with a run's storage.
#[derive(Debug, Error)]
pub enum StorageError {
    /// A run URL that is not a path, `file://` or `s3://` URL.
    #[error(
        "run URL {url:?}: {why} (expected a path, file:///absolute/path or s3://bucket/prefix)"
    )]
    Url {
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        why: String,
    },
    /// The store could not be set up (credentials, region, endpoint).
    #[error("cannot open the storage of {url}")]
    Open {
        /// The run URL.
        url: String,
        /// Why.
        source: Box<object_store::Error>,
    },
    /// A call that failed for good, or still failed when the store's patience ran out.
    #[error("{url}: cannot {what} {name}")]
    Call {
        /// The run URL.
        url: String,
        /// "read", "write", "list".
        what: &'static str,
        /// The object or folder name inside the run.
        name: String,
        /// Why.
        source: Box<object_store::Error>,
    },
    /// A run directory that is not there (a file system that is not mounted, say).
    #[error("{url}: the run directory {} is not there", root.display())]
    Missing {
        /// The run URL.
        url: String,
        /// The directory.
        root: PathBuf,
    },
}

/// An object's name inside the run and when it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its name inside the run (`gen-0001/selfplay/shard-w0002-s000003.parquet`).
    pub name: String,
    /// Seconds since the Unix epoch when it was written.
    pub written_unix: i64,
    /// Its size in bytes.
    pub size: u64,
}

/// A run's storage: an object store and the run's prefix in it.
pub struct Store {
    url: String,
    inner: Arc<dyn ObjectStore>,
    prefix: String,
    /// The run directory of a file-system store, checked before each call.
    root: Option<PathBuf>,
    rt: tokio::runtime::Runtime,
    patience: Duration,
    on_retry: Box<dyn Fn(&str) + Send + Sync>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("url", &self.url)
            .field("prefix", &self.prefix)
            .field("patience", &self.patience)
            .finish_non_exhaustive()
    }
}

/// Where a run URL points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A directory (a plain path or `file://`).
    Dir(PathBuf),
    /// An S3 bucket and a key prefix (without slashes at either end; may be empty).
    S3 {
        /// The bucket.
        bucket: String,
        /// The prefix of the run's keys.
        prefix: String,
    },
}

/// Reads a run URL.
///
/// # Errors
/// [`StorageError::Url`] for another scheme, a relative `file://` path or an `s3://` URL
/// without a bucket.
pub fn parse_url(url: &str) -> std::result::Result<Location, StorageError> {
    let bad = |why: &str| StorageError::Url {
        url: url.into(),
        why: why.into(),
    };
    if url.is_empty() {
        return Err(bad("empty"));
    }
    if let Some(rest) = url.strip_prefix("s3://") {
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err(bad("no bucket"));
        }
        return Ok(Location::S3 {
            bucket: bucket.into(),
            prefix: prefix.trim_matches('/').into(),
        });
    }
    if let Some(rest) = url.strip_prefix("file://") {
        if !rest.starts_with('/') {
            return Err(bad("a file:// URL needs an absolute path"));
        }
        return Ok(Location::Dir(rest.into()));
    }
    if let Some((scheme, _)) = url.split_once("://") {
        return Err(bad(&format!("unknown scheme {scheme:?}")));
    }
    Ok(Location::Dir(url.into()))
}

/// Whether an error may pass if the call is tried again: not a missing or taken name, a
/// refused credential or permission, a call the store cannot do.
fn transient(e: &object_store::Error) -> bool {
    use object_store::Error as E;
    !matches!(
        e,
        E::NotFound { .. }
            | E::PermissionDenied { .. }
            | E::Unauthenticated { .. }
            | E::AlreadyExists { .. }
            | E::Precondition { .. }
            | E::NotModified { .. }
            | E::NotSupported { .. }
            | E::NotImplemented
            | E::InvalidPath { .. }
            | E::UnknownConfigurationKey { .. }
    )
}

impl Store {
    /// Opens the storage of the run at `url`, creating a run directory that does not exist
    /// yet. S3 takes its endpoint, region and credentials from the usual `AWS_*`
    /// environment variables (`AWS_ENDPOINT`, `AWS_ALLOW_HTTP=true` for a plain-HTTP
    /// server, `AWS_DEFAULT_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`).
    ///
    /// # Errors
    /// A URL that cannot be read, a directory that cannot be created, an S3 setup that
    /// is incomplete.
    pub fn open(url: &str) -> Result<Store> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|source| Error::Io {
                what: "cannot start the storage runtime for",
                path: url.into(),
                source,
            })?;
        let open = |source: object_store::Error| StorageError::Open {
            url: url.into(),
            source: Box::new(source),
        };
        let (inner, prefix, root): (Arc<dyn ObjectStore>, String, Option<PathBuf>) =
            match parse_url(url)? {
                Location::Dir(dir) => {
                    create_dir(&dir, "cannot create run directory")?;
                    let dir = std::fs::canonicalize(&dir).map_err(|source| Error::Io {
                        what: "cannot resolve",
                        path: dir.clone(),
                        source,
                    })?;
                    let fs = LocalFileSystem::new_with_prefix(&dir).map_err(open)?;
                    (Arc::new(fs), String::new(), Some(dir))
                }
                Location::S3 { bucket, prefix } => {
                    // The client's own retries are off: every failed call comes back to
                    // `retry`, which tells of it before trying again.
                    let once = object_store::RetryConfig {
                        max_retries: 0,
                        ..object_store::RetryConfig::default()
                    };
                    let s3 = object_store::aws::AmazonS3Builder::from_env()
                        .with_bucket_name(bucket)
                        .with_retry(once)
                        .build()
                        .map_err(open)?;
                    (Arc::new(s3), prefix, None)
                }
            };
        Ok(Store {
            url: url.into(),
            inner,
            prefix,
            root,
            rt,
            patience: Duration::from_secs(600),
            on_retry: Box::new(|_| {}),
        })
    }

    /// The run URL.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// How long a failing call is retried before its error is returned.
    pub fn patience(&self) -> Duration {
        self.patience
    }

    /// Retries failing calls for `patience` in all (zero: no retries).
    pub fn set_patience(&mut self, patience: Duration) {
        self.patience = patience;
    }

    /// Tells `f` of each retry, with a message naming the call and the error.
    pub fn on_retry(&mut self, f: impl Fn(&str) + Send + Sync + 'static) {
        self.on_retry = Box::new(f);
    }

    fn key(&self, name: &str) -> ObjectPath {
        if self.prefix.is_empty() {
            ObjectPath::from(name)
        } else {
            ObjectPath::from(format!("{}/{name}", self.prefix))
        }
    }

    fn name_of(&self, key: &ObjectPath) -> String {
        let key = key.as_ref();
        if self.prefix.is_empty() {
            key.into()
        } else {
            key.strip_prefix(&self.prefix)
                .map_or(key, |k| k.trim_start_matches('/'))
                .into()
        }
    }

    /// Runs `call` until it succeeds, fails for good, or the patience runs out.
    fn retry<T, F, Fut>(&self, what: &'static str, name: &str, call: F) -> Result<T>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = object_store::Result<T>>,
    {
        self.retry_counted(what, name, call).0
    }

    /// As [`Store::retry`], with the number of attempts made.
    fn retry_counted<T, F, Fut>(&self, what: &'static str, name: &str, call: F) -> (Result<T>, u32)
    where
        F: Fn() -> Fut,
        Fut: Future<Output = object_store::Result<T>>,
    {
        let mut attempts = 0;
        let start = Instant::now();
        let mut wait = Duration::from_millis(250);
        loop {
            attempts += 1;
            let outcome = match &self.root {
                Some(root) if !root.is_dir() => Err(StorageError::Missing {
                    url: self.url.clone(),
                    root: root.clone(),
                }),
                _ => self
                    .rt
                    .block_on(call())
                    .map_err(|source| StorageError::Call {
                        url: self.url.clone(),
                        what,
                        name: name.into(),
                        source: Box::new(source),
                    }),
            };
            let err = match outcome {
                Ok(v) => return (Ok(v), attempts),
                Err(e) => e,
            };
            let again = match &err {
                StorageError::Call { source, .. } => transient(source.as_ref()),
                _ => true,
            };
            if !again || start.elapsed() + wait > self.patience {
                return (Err(err.into()), attempts);
            }
            (self.on_retry)(&format!(
                "{}; retrying in {:.1} s",
                mankala_pipeline::error_chain(&err),
                wait.as_secs_f64()
            ));
            std::thread::sleep(wait);
            wait = (wait * 2).min(Duration::from_secs(30));
        }
    }

    /// Writes `bytes` under `name` if no object has that name: `true` when this call wrote
    /// it, `false` when it was already there (its content is left as it was).
    ///
    /// A write whose answer was lost (the connection dropped after the server stored it)
    /// finds its own object when it is tried again: after a failed attempt, a name found
    /// taken by the same bytes counts as written by this call.
    ///
    /// # Errors
    /// A write that fails for another reason.
    pub fn put_new(&self, name: &str, bytes: Vec<u8>) -> Result<bool> {
        let key = self.key(name);
        let payload = PutPayload::from(bytes);
        let (result, attempts) = self.retry_counted("write", name, || {
            let opts = PutOptions {
                mode: PutMode::Create,
                ..PutOptions::default()
            };
            self.inner.put_opts(&key, payload.clone(), opts)
        });
        match result {
            Ok(_) => Ok(true),
            Err(e)
                if matches!(
                    call_error(&e),
                    Some(object_store::Error::AlreadyExists { .. })
                ) =>
            {
                if attempts > 1 {
                    let ours: Vec<u8> = payload.iter().flat_map(|b| b.iter().copied()).collect();
                    return Ok(self.get(name)?.is_some_and(|theirs| theirs == ours));
                }
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Writes the file `path` under `name` if no object has that name ([`Store::put_new`]).
    ///
    /// # Errors
    /// The file cannot be read; the write fails.
    pub fn put_file(&self, name: &str, path: &Path) -> Result<bool> {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            what: "cannot read",
            path: path.into(),
            source,
        })?;
        self.put_new(name, bytes)
    }

    /// The object `name`, or `None` when there is none.
    ///
    /// # Errors
    /// A read that fails for another reason.
    pub fn get(&self, name: &str) -> Result<Option<Vec<u8>>> {
        let key = self.key(name);
        let result = self.retry("read", name, || async {
            let got = self.inner.get(&key).await?;
            got.bytes().await
        });
        match result {
            Ok(b) => Ok(Some(b.to_vec())),
            Err(e) if matches!(call_error(&e), Some(object_store::Error::NotFound { .. })) => {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// Whether an object is named `name`.
    ///
    /// # Errors
    /// A call that fails.
    pub fn exists(&self, name: &str) -> Result<bool> {
        let key = self.key(name);
        let result = self.retry("read", name, || self.inner.head(&key));
        match result {
            Ok(_) => Ok(true),
            Err(e) if matches!(call_error(&e), Some(object_store::Error::NotFound { .. })) => {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// Copies the object `name` to the file `path` (written atomically) unless the file is
    /// there already: objects never change, so a copy once made stays true. `false` when
    /// there is no such object.
    ///
    /// # Errors
    /// A read or a write that fails.
    pub fn fetch(&self, name: &str, path: &Path) -> Result<bool> {
        if path.exists() {
            return Ok(true);
        }
        match self.get(name)? {
            Some(bytes) => {
                if let Some(parent) = path.parent() {
                    create_dir(parent, "cannot create")?;
                }
                atomic::write(path, &bytes)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Every object whose name starts with `dir/` (or every object when `dir` is empty), in
    /// name order.
    ///
    /// # Errors
    /// A listing that fails.
    pub fn list(&self, dir: &str) -> Result<Vec<Entry>> {
        let key = (!dir.is_empty() || !self.prefix.is_empty()).then(|| self.key(dir));
        let mut entries: Vec<Entry> = self
            .retry("list", dir, || {
                self.inner.list(key.as_ref()).try_collect::<Vec<_>>()
            })?
            .into_iter()
            .map(|m| Entry {
                name: self.name_of(&m.location),
                written_unix: m.last_modified.timestamp(),
                size: m.size,
            })
            .collect();
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }
}

/// The store's own error behind a failed call, if `e` is one.
fn call_error(e: &Error) -> Option<&object_store::Error> {
    match e {
        Error::Storage(s) => match s.as_ref() {
            StorageError::Call { source, .. } => Some(source.as_ref()),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mankala-storage-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn run_urls_are_paths_file_urls_or_s3() {
        assert_eq!(parse_url("runs/a").unwrap(), Location::Dir("runs/a".into()));
        assert_eq!(
            parse_url("file:///shared/a").unwrap(),
            Location::Dir("/shared/a".into())
        );
        assert_eq!(
            parse_url("s3://bucket/runs/a/").unwrap(),
            Location::S3 {
                bucket: "bucket".into(),
                prefix: "runs/a".into()
            }
        );
        for bad in ["", "s3://", "file://relative", "gs://bucket/a"] {
            let err = parse_url(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")), "{err}");
        }
    }

    #[test]
    fn refused_credentials_are_not_retried_and_a_lost_connection_is() {
        let denied = object_store::Error::PermissionDenied {
            path: "x".into(),
            source: "403".into(),
        };
        let unknown = object_store::Error::Unauthenticated {
            path: "x".into(),
            source: "401".into(),
        };
        let network = object_store::Error::Generic {
            store: "S3",
            source: "connection refused".into(),
        };
        assert!(!transient(&denied) && !transient(&unknown));
        assert!(transient(&network));
    }

    #[test]
    fn an_object_is_written_once_and_never_replaced() {
        let dir = temp("once");
        let store = Store::open(dir.to_str().unwrap()).unwrap();
        assert!(store.put_new("a/b.json", b"first".to_vec()).unwrap());
        assert!(!store.put_new("a/b.json", b"second".to_vec()).unwrap());
        assert_eq!(store.get("a/b.json").unwrap().unwrap(), b"first");
        assert_eq!(store.get("a/c.json").unwrap(), None);
        assert!(store.exists("a/b.json").unwrap());
        std::fs::write(dir.join("a/b.json#7"), b"a write cut short").unwrap();
        let names: Vec<String> = store
            .list("a")
            .unwrap()
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, ["a/b.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_run_directory_is_waited_for_with_a_message() {
        let dir = temp("missing");
        let mut store = Store::open(dir.to_str().unwrap()).unwrap();
        let notes = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&notes);
        store.on_retry(move |m| seen.lock().unwrap().push(m.to_string()));
        std::fs::remove_dir_all(&dir).unwrap();
        let back = dir.clone();
        let mount = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(600));
            std::fs::create_dir_all(back).unwrap();
        });
        assert!(store.put_new("x.json", b"1".to_vec()).unwrap());
        mount.join().unwrap();
        let notes = notes.lock().unwrap();
        assert!(!notes.is_empty());
        assert!(
            notes[0].contains("is not there") && notes[0].contains("retrying"),
            "{notes:?}"
        );
        store.set_patience(Duration::ZERO);
        std::fs::remove_dir_all(&dir).unwrap();
        let err = store.get("x.json").unwrap_err().to_string();
        assert!(err.contains("is not there"), "{err}");
    }

    #[test]
    fn a_retried_write_that_finds_its_own_bytes_counts_as_written() {
        let dir = temp("retried");
        let store = Store::open(dir.to_str().unwrap()).unwrap();
        // The first attempt fails (the directory is away); meanwhile the name gets written,
        // as when a write reached the server and its answer was lost.
        for (theirs, mine_counted) in [(&b"same"[..], true), (&b"other"[..], false)] {
            std::fs::remove_dir_all(&dir).unwrap();
            let back = dir.clone();
            let put = std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(100));
                let staging = back.with_extension("staging");
                std::fs::create_dir_all(&staging).unwrap();
                std::fs::write(staging.join("x.json"), theirs).unwrap();
                std::fs::rename(&staging, &back).unwrap();
            });
            assert_eq!(
                store.put_new("x.json", b"same".to_vec()).unwrap(),
                mine_counted
            );
            put.join().unwrap();
            assert_eq!(store.get("x.json").unwrap().unwrap(), theirs);
        }
        // Taken at the first attempt: never counted, whatever it holds.
        assert!(!store.put_new("x.json", b"other".to_vec()).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
