//! A self-play worker: plays one shard of games at a time with the newest accepted network
//! (looking for a newer one before each shard) and publishes it as
//! `gen-NNNN/selfplay/shard-wWWWW-sSSSSSS.parquet`, for the generation the trainer takes
//! next.
//!
//! Game ids and seeds follow from the worker number and the shard's sequence number, so a
//! worker started again with the same number continues after its last claimed shard, and
//! two workers started with the same number claim the same pairs: before publishing a shard
//! a worker writes its claim (`claims/wWWWW-sSSSSSS`), and the one that finds the claim
//! taken publishes and counts nothing, even if it would have put the shard in another
//! generation.

use std::time::{Duration, Instant};

use mankala_engine::with_game;
use mankala_search::AnyEvaluator;
use mankala_selfplay::run::{Shards, selfplay};

use mankala_pipeline::layout::{create_dir, step_seed};
use mankala_pipeline::progress::Progress;
use mankala_pipeline::selfplay::{settings, shard_meta};

use crate::error::{Error, Result};
use crate::{Cluster, RunState, names, pause};

/// When a self-play worker stops.
#[derive(Debug, Clone, Copy)]
pub struct SelfplayOptions {
    /// The worker's number (a job array's task id).
    pub worker: u32,
    /// Stop after publishing this many games (`None`: no limit).
    pub games: Option<u64>,
    /// Stop once this many generations have been gated (`None`: when the run is finished).
    pub until_generation: Option<u32>,
    /// Wait between looks at a run that has nothing to do yet.
    pub poll: Duration,
}

/// What a self-play worker did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SelfplayReport {
    /// Shards this worker published.
    pub shards: u64,
    /// Games in them.
    pub games: u64,
    /// Shards it played whose name was already taken (a duplicated worker).
    pub duplicates: u64,
    /// Time spent in storage calls: listing the run, claims, shards.
    pub storage: Duration,
}

/// The largest game index within a shard: ids are `worker << 40 | seq << 16 | index`.
const MAX_SHARD_GAMES: u32 = 1 << 16;

/// The id of game `index` of shard `seq` of worker `worker`.
pub fn game_id(worker: u32, seq: u32, index: u32) -> u64 {
    (u64::from(worker) << 40) | (u64::from(seq) << 16) | u64::from(index)
}

/// The next sequence number of worker `worker`: one past its last claimed or published
/// shard.
pub fn next_seq(state: &RunState, worker: u32) -> u32 {
    let shards = state.shards.iter().map(|s| (s.worker, s.seq));
    shards
        .chain(state.claims.iter().copied())
        .filter(|&(w, _)| w == worker)
        .map(|(_, seq)| seq + 1)
        .max()
        .unwrap_or(0)
}

/// Plays and publishes shards until `opts` or the run says stop: the run is finished (every
/// generation gated), the trainer has taken its last generation, `opts.until_generation`
/// generations are gated, or `opts.games` games are published.
///
/// # Errors
/// Storage, models or shards at fault, named; a worker number of `2^24` or more; more than
/// 65,536 games per shard.
pub fn work(
    cluster: &Cluster,
    opts: &SelfplayOptions,
    progress: &dyn Progress,
) -> Result<SelfplayReport> {
    let run = &cluster.run;
    let per_shard = run.cfg.selfplay.games_per_shard;
    if per_shard > MAX_SHARD_GAMES || opts.worker >= 1 << 24 {
        return Err(Error::ShardNumbering {
            worker: opts.worker,
            per_shard,
            max: MAX_SHARD_GAMES,
        });
    }
    let staging = run.layout.root.join(format!("staging-w{:04}", opts.worker));
    let mut report = SelfplayReport::default();
    let timed = Instant::now();
    let mut seq = next_seq(&cluster.state()?, opts.worker);
    report.storage += timed.elapsed();
    let mut loaded: Option<(Option<u32>, AnyEvaluator, String)> = None;
    loop {
        let timed = Instant::now();
        let state = cluster.state()?;
        report.storage += timed.elapsed();
        let g = state.next_candidate();
        let gated = state.next_gate();
        if state.finished(cluster.generations()) || g >= cluster.generations() {
            progress.note("the run needs no more self-play");
            break;
        }
        if opts.until_generation.is_some_and(|u| gated >= u) {
            progress.note(&format!("{gated} generations gated: stopping"));
            break;
        }
        if opts.games.is_some_and(|n| report.games >= n) {
            break;
        }
        let best = state.newest_accepted();
        if loaded.as_ref().is_none_or(|(b, _, _)| *b != best) {
            if let Some(k) = best
                && cluster.fetch_candidate(k)?.is_none()
            {
                // Accepted before its candidate is visible: look again shortly.
                pause(opts.poll);
                continue;
            }
            let seed = step_seed(run.seed(), 0, 7);
            let (evaluator, name) = cluster.run.evaluator_for(best, seed)?;
            progress.note(&format!("self-play with {name}"));
            loaded = Some((best, evaluator, name));
        }
        let (_, evaluator, name) = loaded.as_ref().expect("an evaluator was loaded");
        if staging.exists() {
            std::fs::remove_dir_all(&staging).map_err(|source| Error::Io {
                what: "cannot clear",
                path: staging.clone(),
                source,
            })?;
        }
        create_dir(&staging, "cannot create")?;
        let run_id = format!("g{g:04}-w{:04}-{name}", opts.worker);
        let seed = step_seed(run.seed(), g, 1);
        let settings = settings(&run.cfg, &run_id, g, seed);
        let meta = shard_meta(&run.cfg, &run_id, seed);
        let ids: Vec<u64> = (0..per_shard)
            .map(|i| game_id(opts.worker, seq, i))
            .collect();
        progress.begin(
            &format!("gen {g} self-play ({name}) shard {seq}"),
            "games",
            ids.len() as u64,
            0,
        );
        let summary = with_game!(&run.cfg.game, gm => selfplay(
        gm,
        &settings,
        &Shards {
            meta: &meta,
            dir: &staging,
        }, &ids, run.threads,
            |w| evaluator.for_worker(w),
            |s| progress.advance(s.games, ""),
        ))?;
        progress.end();
        let [path] = summary.shards.as_slice() else {
            return Err(Error::ShardsWritten(summary.shards.len()));
        };
        let name_out = names::shard(g, opts.worker, seq);
        let timed = Instant::now();
        let claimed = cluster
            .store
            .put_new(&names::claim(opts.worker, seq), g.to_string().into_bytes())?;
        let published = claimed && cluster.store.put_file(&name_out, path)?;
        report.storage += timed.elapsed();
        if published {
            report.shards += 1;
            report.games += summary.games;
            progress.note(&format!("published {name_out} ({} games)", summary.games));
        } else {
            report.duplicates += 1;
            progress.note(&format!("{name_out} was already published: not counted"));
        }
        seq += 1;
    }
    if staging.exists() {
        let _ = std::fs::remove_dir_all(&staging);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_ids_of_different_shards_and_workers_differ() {
        let a = game_id(1, 2, 3);
        assert_ne!(a, game_id(2, 2, 3));
        assert_ne!(a, game_id(1, 3, 3));
        assert_ne!(a, game_id(1, 2, 4));
        assert_ne!(game_id(0, 0, MAX_SHARD_GAMES - 1), game_id(0, 1, 0));
    }
}
