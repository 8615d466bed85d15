//! The trainer: when the generation it takes next has `[loop] games` games of self-play,
//! trains that generation's network exactly as the loop's training step does (from the
//! previous generation's candidate, on the newest `[train] window` positions of every
//! generation's shards so far) and publishes it as a candidate.
//!
//! The candidate's files go under `gen-NNNN/train/<trainer>/`, then
//! `gen-NNNN/candidate.json` names them: that write decides, so of two trainers of the
//! same generation one is the candidate and the other's files are left unused. A trainer
//! killed mid-training publishes nothing and, started again on the same cache, resumes
//! from its checkpoint. One killed between its files and `candidate.json` has left files
//! under its name: a trainer started again puts its own beside them, under
//! `<trainer>.1`, `<trainer>.2` ..., unless they are the same bytes.

use std::path::Path;
use std::time::Duration;

use mankala_pipeline::layout::{Step, write_marker};
use mankala_pipeline::progress::Progress;
use mankala_pipeline::selfplay::summarize;

use crate::error::{Error, Result};
use crate::{Candidate, Cluster, names, pause};

/// How the trainer runs.
#[derive(Debug, Clone)]
pub struct TrainOptions {
    /// The trainer's name in candidates' file names.
    pub name: String,
    /// Stop once this many generations have candidates (`None`: `[loop] generations`).
    pub until_generation: Option<u32>,
    /// Wait between looks at a run that has nothing to do yet.
    pub poll: Duration,
}

/// What the trainer did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrainReport {
    /// Generations whose candidate this trainer published.
    pub published: Vec<u32>,
    /// Generations it trained whose candidate another trainer had published first.
    pub superseded: Vec<u32>,
}

/// Trains and publishes candidates until every generation (or `opts.until_generation`
/// of them) has one.
///
/// # Errors
/// Storage, shards, checkpoints or models at fault, named.
pub fn work(
    cluster: &Cluster,
    opts: &TrainOptions,
    progress: &dyn Progress,
) -> Result<TrainReport> {
    let run = &cluster.run;
    let layout = &run.layout;
    let last = opts
        .until_generation
        .unwrap_or(u32::MAX)
        .min(cluster.generations());
    let needed = run.cfg.loop_.games;
    let mut report = TrainReport::default();
    let mut waiting_for = None;
    loop {
        let state = cluster.state()?;
        let g = state.next_candidate();
        if g >= last {
            break;
        }
        let mut shards = Vec::new();
        for k in 0..=g {
            shards = cluster.fetch_shards(&state, k)?;
        }
        let summary = summarize(&shards)?;
        if summary.games < needed {
            if waiting_for != Some((g, summary.games)) {
                progress.note(&format!(
                    "gen {g}: {} of {needed} games so far; waiting for self-play",
                    summary.games
                ));
                waiting_for = Some((g, summary.games));
            }
            pause(opts.poll);
            continue;
        }
        if let Some(k) = g.checked_sub(1) {
            cluster.fetch_candidate(k)?;
        }
        let selfplay_marker = layout.marker(g, Step::Selfplay);
        write_marker(&selfplay_marker, &summary)?;
        cluster.publish(&names::marker(g, Step::Selfplay), &selfplay_marker)?;
        progress.note(&format!(
            "gen {g}: training on {} games ({} positions) of this generation",
            summary.games, summary.positions
        ));
        let dir = layout.train(g);
        if mankala_train::trainer::checkpoint_paths(&dir).2.exists() {
            progress.note(&format!(
                "gen {g}: resuming from the checkpoint in {}",
                dir.display()
            ));
        }
        let done = run.train(g, progress)?;
        let trainer = publish_files(cluster, g, &opts.name, &dir)?;
        let candidate = Candidate {
            trainer,
            train: done,
        };
        let bytes = serde_json::to_vec_pretty(&candidate)?;
        if cluster.store.put_new(&names::candidate(g), bytes)? {
            write_marker(&layout.marker(g, Step::Train), &candidate.train)?;
            progress.note(&format!("gen {g}: candidate published"));
            report.published.push(g);
        } else {
            // Another trainer's candidate stands: this cache takes its network.
            for path in [layout.model(g), layout.model(g).with_extension("json")] {
                let _ = std::fs::remove_file(path);
            }
            let _ = std::fs::remove_file(layout.marker(g, Step::Train));
            cluster.fetch_candidate(g)?;
            progress.note(&format!("gen {g}: another trainer's candidate stands"));
            report.superseded.push(g);
        }
    }
    Ok(report)
}

/// The candidate's files, written once.
const FILES: [&str; 3] = ["model.bpk", "model.json", "metrics.csv"];

/// Publishes the network files in `dir` under `gen-NNNN/train/<name>/`, or, where an earlier
/// attempt left other bytes there, under the first `<name>.N` that takes them whole; returns
/// the name used.
///
/// # Errors
/// Storage or cache files at fault.
fn publish_files(cluster: &Cluster, g: u32, name: &str, dir: &Path) -> Result<String> {
    let mut ours = Vec::new();
    for file in FILES {
        let path = dir.join(file);
        if path.exists() {
            let bytes = std::fs::read(&path).map_err(|source| Error::Io {
                what: "cannot read",
                path: path.clone(),
                source,
            })?;
            ours.push((file, bytes));
        }
    }
    let mut attempt = 0u32;
    loop {
        let tag = match attempt {
            0 => name.to_string(),
            n => format!("{name}.{n}"),
        };
        let mut whole = true;
        for (file, bytes) in &ours {
            let object = names::candidate_file(g, &tag, file);
            if !cluster.store.put_new(&object, bytes.clone())?
                && cluster.store.get(&object)?.as_ref() != Some(bytes)
            {
                whole = false;
                break;
            }
        }
        if whole {
            return Ok(tag);
        }
        attempt += 1;
    }
}
