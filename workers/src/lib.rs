//! The loop's stages as workers over a run at a URL ([`storage`]), for many
//! processes on many machines (`docs/distributed.md`): self-play workers
//! ([`selfplay::work`]), a trainer ([`train::work`]), a gatekeeper ([`gate::work`]), and
//! the run's state for a person ([`status::status`]).
//!
//! Workers share nothing but the storage, and write each object once under a
//! deterministic name ([`names`]): a retried or duplicated worker finds its object already
//! there and moves on, so nothing is lost or counted twice. Each keeps a cache directory
//! laid out as a loop run directory ([`mankala_pipeline::Layout`]): objects it needs are
//! copied into it, and the loop's own steps ([`Run::train`], [`Run::gate`],
//! [`Run::evaluate`], [`mankala_pipeline::report::write`]) run on it unchanged.
//!
//! The map of the crates is `docs/architecture.md`.

pub mod error;
pub mod gate;
pub mod names;
pub mod selfplay;
pub mod status;
pub mod storage;
pub mod train;

pub use error::{Error, Result};

use mankala_data::atomic;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use mankala_pipeline::layout::{Step, create_dir, read_marker, write_marker};
use mankala_pipeline::records::{GateDone, RunRecord, TrainDone};
use mankala_pipeline::run::{OpenOptions, Run};

use crate::storage::{Entry, Store};

/// A published candidate network (`gen-NNNN/candidate.json`): which trainer made it (its
/// files are under `gen-NNNN/train/<trainer>/`) and its training record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Candidate {
    /// The name its files are under: the trainer's, with `.N` appended where an earlier
    /// attempt of that trainer left other files under it.
    pub trainer: String,
    /// What the training did.
    pub train: TrainDone,
}

/// How a worker reaches its run.
#[derive(Debug, Clone)]
pub struct ClusterOptions<'a> {
    /// The run URL.
    pub url: &'a str,
    /// A config: starts the run when it has none, else must agree with the run's own
    /// (except for the number of generations).
    pub config: Option<&'a Path>,
    /// The run's seed when this worker starts it (default: from the clock); else it must
    /// agree with the run's.
    pub seed: Option<u64>,
    /// The worker's cache directory.
    pub cache: &'a Path,
    /// Threads of self-play and arenas.
    pub threads: usize,
    /// How long a failing storage call is retried.
    pub patience: Duration,
}

/// A run at a URL opened by a worker: the storage and a loop run over the cache.
#[derive(Debug)]
pub struct Cluster {
    /// The run's storage.
    pub store: Store,
    /// The loop's run over the cache directory.
    pub run: Run,
}

impl Cluster {
    /// Opens the run at `opts.url`: starts it (`config.toml`, `run.json`) when it has not
    /// been started and a config is given, checks a given config and seed against the
    /// run's own, and opens the cache as a loop run directory. Retries of storage calls
    /// are told to `on_retry`.
    ///
    /// # Errors
    /// A run without a config when none is given ([`Error::NoRun`]), a config or seed
    /// that differs, storage or cache files at fault.
    pub fn open(
        opts: &ClusterOptions<'_>,
        on_retry: impl Fn(&str) + Send + Sync + 'static,
    ) -> Result<Cluster> {
        let mut store = Store::open(opts.url)?;
        store.set_patience(opts.patience);
        store.on_retry(on_retry);
        let given = opts.config.map(mankala_config::load).transpose()?;
        if let Some(cfg) = &given {
            store.put_new(names::CONFIG, cfg.to_toml().into_bytes())?;
        }
        let Some(own) = store.get(names::CONFIG)? else {
            return Err(Error::NoRun {
                url: opts.url.into(),
            });
        };
        if store.get(names::RECORD)?.is_none() {
            let cfg = mankala_config::parse(&String::from_utf8_lossy(&own)).map_err(|source| {
                mankala_config::LoadError::Invalid {
                    path: names::CONFIG.into(),
                    source,
                }
            })?;
            let record = RunRecord::first_start(&cfg, opts.seed, opts.threads);
            store.put_new(names::RECORD, serde_json::to_vec_pretty(&record)?)?;
        }
        let record: RunRecord = parse_json(
            &store.get(names::RECORD)?.unwrap_or_default(),
            names::RECORD,
        )?;
        record.check_seed(opts.seed, Path::new(opts.url))?;
        create_dir(opts.cache, "cannot create cache directory")?;
        let cached_config = opts.cache.join(names::CONFIG);
        atomic::write(&cached_config, &own)?;
        atomic::write(
            &opts.cache.join(names::RECORD),
            &serde_json::to_vec_pretty(&record)?,
        )?;
        let run = Run::open(&OpenOptions {
            dir: opts.cache,
            config: opts.config,
            seed: None,
            threads: opts.threads,
        })
        .map_err(|e| match e {
            mankala_pipeline::Error::ConfigChanged { .. } => {
                mankala_pipeline::Error::ConfigChanged {
                    run: opts.url.into(),
                    saved: names::CONFIG.into(),
                }
            }
            e => e,
        })?;
        Ok(Cluster { store, run })
    }

    /// The run's state as its objects show it.
    ///
    /// # Errors
    /// A listing that fails.
    pub fn state(&self) -> Result<RunState> {
        Ok(RunState::of(self.store.list("")?))
    }

    /// The cache path of the object `name`.
    pub fn cached(&self, name: &str) -> PathBuf {
        self.run.layout.root.join(name)
    }

    /// Generations of the run ([`Run::generations`]: `[loop] generations`).
    pub fn generations(&self) -> u32 {
        self.run.generations()
    }

    /// Copies the self-play shards of generation `g` listed in `state` into the cache.
    ///
    /// # Errors
    /// A shard that cannot be read or written.
    pub fn fetch_shards(&self, state: &RunState, g: u32) -> Result<Vec<PathBuf>> {
        let mut paths = Vec::new();
        for s in state.shards.iter().filter(|s| s.generation == g) {
            let path = self.cached(&s.entry.name);
            self.store.fetch(&s.entry.name, &path)?;
            paths.push(path);
        }
        Ok(paths)
    }

    /// Generation `g`'s candidate, its network copied into the cache
    /// (`gen-NNNN/train/model.{bpk,json}`) and its training record written as the cache's
    /// `train.json`; `None` when it has not been published.
    ///
    /// # Errors
    /// Objects or cache files at fault.
    pub fn fetch_candidate(&self, g: u32) -> Result<Option<Candidate>> {
        let Some(bytes) = self.store.get(&names::candidate(g))? else {
            return Ok(None);
        };
        let c: Candidate = parse_json(&bytes, &names::candidate(g))?;
        let model = self.run.layout.model(g);
        for (file, path) in [
            ("model.bpk", model.clone()),
            ("model.json", model.with_extension("json")),
        ] {
            let name = names::candidate_file(g, &c.trainer, file);
            if !self.store.fetch(&name, &path)? {
                return Err(Error::Missing {
                    url: self.store.url().into(),
                    name,
                });
            }
        }
        let marker = self.run.layout.marker(g, Step::Train);
        if !marker.exists() {
            write_marker(&marker, &c.train)?;
        }
        Ok(Some(c))
    }

    /// Generation `g`'s gate record, copied into the cache; `None` before its gate.
    ///
    /// # Errors
    /// Objects or cache files at fault.
    pub fn fetch_gate(&self, g: u32) -> Result<Option<GateDone>> {
        let path = self.run.layout.marker(g, Step::Gate);
        if !self.store.fetch(&names::marker(g, Step::Gate), &path)? {
            return Ok(None);
        }
        Ok(read_marker(&path)?)
    }

    /// Publishes the cache file `path` as `name`; when another worker published that name
    /// first, its object replaces the cache file, so the cache agrees with the run.
    /// `true` when this call wrote it.
    ///
    /// # Errors
    /// Storage or cache files at fault.
    pub fn publish(&self, name: &str, path: &Path) -> Result<bool> {
        if self.store.put_file(name, path)? {
            return Ok(true);
        }
        if let Some(theirs) = self.store.get(name)? {
            atomic::write(path, &theirs)?;
        }
        Ok(false)
    }
}

/// One self-play shard's place in the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardEntry {
    /// The generation it was written for.
    pub generation: u32,
    /// The self-play worker that wrote it.
    pub worker: u32,
    /// Its sequence number among the worker's shards.
    pub seq: u32,
    /// The object.
    pub entry: Entry,
}

/// What a run's objects say about it.
#[derive(Clone, Debug, Default)]
pub struct RunState {
    /// Every object.
    pub entries: Vec<Entry>,
    /// Generations with a published candidate.
    pub candidates: BTreeSet<u32>,
    /// Generations with a gate record.
    pub gates: BTreeSet<u32>,
    /// Accepted generations, oldest first.
    pub accepted: Vec<u32>,
    /// Self-play shards, in name order.
    pub shards: Vec<ShardEntry>,
    /// Claimed self-play shards (worker, sequence number): those published and any whose
    /// worker was stopped between the claim and the shard.
    pub claims: Vec<(u32, u32)>,
    /// Whether the baselines' round robin is recorded.
    pub baselines: bool,
}

impl RunState {
    /// The state that `entries` show.
    pub fn of(entries: Vec<Entry>) -> RunState {
        let mut s = RunState::default();
        for e in &entries {
            if let Some((g, w, seq)) = names::parse_shard(&e.name) {
                s.shards.push(ShardEntry {
                    generation: g,
                    worker: w,
                    seq,
                    entry: e.clone(),
                });
            } else if let Some(claim) = names::parse_claim(&e.name) {
                s.claims.push(claim);
            } else if let Some(g) = names::parse_accepted(&e.name) {
                s.accepted.push(g);
            } else if let Some((g, rest)) = names::parse_generation(&e.name) {
                match rest {
                    "candidate.json" => {
                        s.candidates.insert(g);
                    }
                    "gate.json" => {
                        s.gates.insert(g);
                    }
                    _ => {}
                }
            } else if e.name == names::BASELINES_RESULTS {
                s.baselines = true;
            }
        }
        s.accepted.sort_unstable();
        s.entries = entries;
        s
    }

    /// The first generation without a candidate: the one self-play feeds and the trainer
    /// trains next.
    pub fn next_candidate(&self) -> u32 {
        (0..).find(|g| !self.candidates.contains(g)).unwrap_or(0)
    }

    /// The first generation without a gate record.
    pub fn next_gate(&self) -> u32 {
        (0..).find(|g| !self.gates.contains(g)).unwrap_or(0)
    }

    /// The newest accepted generation.
    pub fn newest_accepted(&self) -> Option<u32> {
        self.accepted.last().copied()
    }

    /// Whether every generation of `generations` has been gated.
    pub fn finished(&self, generations: u32) -> bool {
        self.next_gate() >= generations
    }
}

/// An object's JSON read into `T`.
fn parse_json<T: serde::de::DeserializeOwned>(bytes: &[u8], name: &str) -> Result<T> {
    serde_json::from_slice(bytes).map_err(|source| Error::Object {
        name: name.into(),
        source,
    })
}

/// Sleeps `poll` between looks at the run.
fn pause(poll: Duration) {
    std::thread::sleep(poll);
}
