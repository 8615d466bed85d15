//! `mankala worker selfplay|train|gate --run URL` and `mankala status --run URL`: the
//! loop's stages as separate processes over a run at a URL (`docs/distributed.md`), over
//! `mankala_workers`. Workers log one line per event, for batch systems' logs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};
use clap::{Args, Subcommand};
use mankala_pipeline::{Progress, StepRecord, now_secs};
use mankala_workers::{self as workers, Cluster, ClusterOptions};

use crate::args::threads_arg;
use crate::cmd::generations::step_line;

/// Where the run is and how to reach it: shared by every worker and `status`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The run: a directory, file:///path or s3://bucket/prefix (S3 settings from the
    /// AWS_* environment variables).
    #[arg(long, short)]
    run: String,
    /// A config file: starts the run if it has none, else must agree with the run's own
    /// (the number of generations may differ).
    #[arg(long, short)]
    config: Option<PathBuf>,
    /// The run's seed when this process starts it (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// This process's cache directory (default: a fresh one under the system's temporary
    /// directory, removed at the end). A trainer given the same cache again resumes from
    /// its checkpoint.
    #[arg(long)]
    cache: Option<PathBuf>,
    /// Worker threads (default: every core).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Seconds a failing storage call is retried, waiting longer each time, before the
    /// process gives up.
    #[arg(long, default_value_t = 600.0)]
    patience: f64,
}

/// `mankala worker`.
#[derive(Debug, Subcommand)]
pub enum WorkerCommand {
    /// Play self-play shards with the newest accepted network until the run needs no more.
    Selfplay {
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        stop: StopArgs,
        /// This worker's number (default: SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX).
        /// Its shards are named by it: two processes with one number write the same names.
        #[arg(long, short)]
        worker: Option<u32>,
        /// Stop after publishing this many games.
        #[arg(long)]
        games: Option<u64>,
    },
    /// Train each generation's candidate once its self-play has `[loop] games` games.
    Train {
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        stop: StopArgs,
        /// The trainer's name in candidates' file names (default: host and process id).
        #[arg(long)]
        name: Option<String>,
    },
    /// Gate each candidate against the accepted network, evaluate it, accept or reject it.
    Gate {
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        stop: StopArgs,
    },
}

/// When a worker stops, besides the run being finished.
#[derive(Debug, Args)]
pub struct StopArgs {
    /// Stop once this many generations are gated (self-play, gate) or have a candidate
    /// (train).
    #[arg(long)]
    until_generation: Option<u32>,
    /// Seconds between looks at a run that has nothing to do yet.
    #[arg(long, default_value_t = 5.0)]
    poll: f64,
}

/// `mankala status`.
#[derive(Debug, Args)]
pub struct StatusCommand {
    #[command(flatten)]
    run: RunArgs,
}

/// Log lines with the time, for a worker's log.
#[derive(Debug)]
struct Log {
    who: String,
}

impl Log {
    fn line(&self, text: &str) {
        println!("{} {}: {text}", now_secs(), self.who);
    }
}

impl Progress for Log {
    fn begin(&self, label: &str, unit: &str, total: u64, done: u64) {
        self.line(&format!("{label}: {done} of {total} {unit}"));
    }

    fn note(&self, text: &str) {
        self.line(text);
    }

    fn step(&self, generation: u32, record: &StepRecord) {
        let line = step_line(generation, record);
        if !line.is_empty() {
            self.line(&line);
        }
    }
}

fn seconds(flag: &str, s: f64) -> Result<Duration> {
    if !(s >= 0.0 && s.is_finite()) {
        bail!("{flag} {s}: expected a number of seconds, 0 or more");
    }
    Ok(Duration::from_secs_f64(s))
}

/// The worker number: `--worker`, else the batch system's task index.
fn worker_number(given: Option<u32>) -> Result<u32> {
    if let Some(w) = given {
        return Ok(w);
    }
    for var in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"] {
        if let Ok(text) = std::env::var(var) {
            return text.trim().parse().map_err(|_| {
                anyhow::anyhow!("{var}={text:?}: expected a worker number (0 or more)")
            });
        }
    }
    bail!(
        "no worker number: give --worker N (or run as a Slurm array task or an indexed \
         Kubernetes Job)"
    )
}

fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .unwrap_or_else(|| "host".into())
}

/// A cache directory: the given one, or a fresh one to remove at the end.
struct Cache {
    dir: PathBuf,
    remove: bool,
}

impl Drop for Cache {
    fn drop(&mut self) {
        if self.remove {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn cache(given: Option<&Path>, role: &str) -> Cache {
    match given {
        Some(dir) => Cache {
            dir: dir.to_path_buf(),
            remove: false,
        },
        None => Cache {
            dir: std::env::temp_dir().join(format!(
                "mankala-{role}-{}-{}",
                host(),
                std::process::id()
            )),
            remove: true,
        },
    }
}

fn open(args: &RunArgs, cache_dir: &Path, who: &str) -> Result<Cluster> {
    let threads = threads_arg(args.threads)?;
    let patience = seconds("--patience", args.patience)?;
    let who = who.to_string();
    Cluster::open(
        &ClusterOptions {
            url: &args.run,
            config: args.config.as_deref(),
            seed: args.seed,
            cache: cache_dir,
            threads,
            patience,
        },
        move |text| eprintln!("{} {who}: {text}", now_secs()),
    )
    .map_err(|e| match e {
        workers::Error::NoRun { .. } => anyhow::anyhow!("{e}; give --config to start one"),
        e => e.into(),
    })
}

impl WorkerCommand {
    /// Runs the worker.
    ///
    /// # Errors
    /// Bad arguments, or the worker's error (storage, models, files at fault, named).
    pub fn run(self) -> Result<()> {
        match self {
            WorkerCommand::Selfplay {
                run,
                stop,
                worker,
                games,
            } => {
                let worker = worker_number(worker)?;
                let poll = seconds("--poll", stop.poll)?;
                let who = format!("selfplay {worker}");
                let cache = cache(run.cache.as_deref(), &format!("selfplay-{worker}"));
                let cluster = open(&run, &cache.dir, &who)?;
                let log = Log { who };
                let r = workers::selfplay::work(
                    &cluster,
                    &workers::selfplay::SelfplayOptions {
                        worker,
                        games,
                        until_generation: stop.until_generation,
                        poll,
                    },
                    &log,
                )?;
                log.line(&format!(
                    "done: {} shards, {} games published; {} shards already published by a \
                     worker with this number; {:.3} s in storage calls",
                    r.shards,
                    r.games,
                    r.duplicates,
                    r.storage.as_secs_f64()
                ));
            }
            WorkerCommand::Train { run, stop, name } => {
                let poll = seconds("--poll", stop.poll)?;
                let name = name.unwrap_or_else(|| format!("{}-{}", host(), std::process::id()));
                if name.is_empty()
                    || !name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                {
                    bail!("--name {name:?}: expected letters, digits, '-' or '_'");
                }
                let who = format!("train {name}");
                let cache = cache(run.cache.as_deref(), &format!("train-{name}"));
                let cluster = open(&run, &cache.dir, &who)?;
                let log = Log { who };
                let r = workers::train::work(
                    &cluster,
                    &workers::train::TrainOptions {
                        name,
                        until_generation: stop.until_generation,
                        poll,
                    },
                    &log,
                )?;
                log.line(&format!(
                    "done: candidates published for generations {:?}; superseded {:?}",
                    r.published, r.superseded
                ));
            }
            WorkerCommand::Gate { run, stop } => {
                let poll = seconds("--poll", stop.poll)?;
                let who = "gate".to_string();
                let cache = cache(run.cache.as_deref(), "gate");
                let cluster = open(&run, &cache.dir, &who)?;
                let log = Log { who };
                let r = workers::gate::work(
                    &cluster,
                    &workers::gate::GateOptions {
                        until_generation: stop.until_generation,
                        poll,
                    },
                    &log,
                )?;
                log.line(&format!(
                    "done: gated {:?}, accepted {:?}",
                    r.gated, r.accepted
                ));
            }
        }
        Ok(())
    }
}

impl StatusCommand {
    /// Prints the run's state and rebuilds its report in the cache (given with `--cache`
    /// to keep it).
    ///
    /// # Errors
    /// Bad arguments; storage or files at fault, named.
    pub fn run(self) -> Result<()> {
        let cache = cache(self.run.cache.as_deref(), "status");
        let cluster = open(&self.run, &cache.dir, "status")?;
        let status = workers::status::status(&cluster)?;
        print!("{}", status.to_text(now_secs() as i64));
        print!("{}", status.summary);
        if cache.remove {
            println!("(the report was built in a temporary cache: give --cache DIR to keep it)");
        }
        Ok(())
    }
}
