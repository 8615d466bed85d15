//! The training step's reanalysis (`[train] reanalyse`, MuZero's Reanalyze): before a
//! generation trains, positions of the window's older games are searched again with the
//! network self-play now plays, and their shards rewritten with the new policy targets and
//! root values, the shards least recently searched first. Generation 0's games, the fixed
//! validation set, are never rewritten.
//!
//! What a step has rewritten is recorded after every shard (`gen-NNNN/train/
//! reanalysed.json`, [`Reanalysed`]), so a step killed half-way continues where it stopped
//! and counts nothing twice. A distributed trainer rewrites the shards of its own cache: the
//! storage keeps self-play's originals.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use mankala_data::{list_shards, read_shard, write_shard};
use mankala_engine::{Encoder, with_game};
use mankala_selfplay::reanalyse::{Reanalysis, reanalyse, replay};

use crate::error::{Error, Result};
use crate::layout::{Step, create_dir, read_marker, step_seed, write_marker};
use crate::progress::Progress;
use crate::records::{Reanalysed, SelfplayDone};
use crate::run::Run;

/// What a step's reanalysis did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outcome {
    /// Positions searched again, in all starts of the step.
    pub positions: u64,
    /// Seconds spent in this start.
    pub seconds: f64,
}

/// Generation `g`'s reanalysis over a window of `window` rows: searches the positions of the
/// least recently searched shards in it (never generation 0's, nor `g`'s own) with the
/// network self-play of generation `g` played, until `[train] reanalyse` times the
/// generation's new positions are searched (whole shards; at least one), and rewrites them.
/// Nothing to do without the setting or a network.
///
/// # Errors
/// Shards, markers or the model at fault, named; a shard whose games cannot be replayed.
pub fn run(run: &Run, g: u32, window: u64, progress: &dyn Progress) -> Result<Outcome> {
    let start = Instant::now();
    let share = run.cfg.train.reanalyse;
    let Some(best) = run.best_before(g)?.filter(|_| share > 0.0) else {
        return Ok(Outcome::default());
    };
    let layout = &run.layout;
    let new_positions =
        read_marker::<SelfplayDone>(&layout.marker(g, Step::Selfplay))?.map_or(0, |d| d.positions);
    let budget = (share * new_positions as f64).ceil() as u64;
    let network = format!("gen-{best}");
    let record_path = layout.reanalysed(g);
    let mut record = read_marker::<Reanalysed>(&record_path)?
        .filter(|r| r.network == network)
        .unwrap_or_else(|| Reanalysed {
            network: network.clone(),
            ..Reanalysed::default()
        });
    if record.positions >= budget {
        return Ok(Outcome {
            positions: record.positions,
            seconds: 0.0,
        });
    }
    // Where each shard was last searched: by the self-play of its generation, or by the
    // reanalysis of a later one.
    let mut searched: HashMap<PathBuf, (u32, u32)> = HashMap::new();
    let dirs: Vec<PathBuf> = (0..=g).map(|k| layout.shards(k)).collect();
    for (k, dir) in dirs.iter().enumerate() {
        for path in list_shards(dir)? {
            searched.insert(path, (k as u32, k as u32));
        }
    }
    for k in 1..=g {
        for (from, name) in read_marker::<Reanalysed>(&layout.reanalysed(k))?
            .map(|r| r.shards)
            .unwrap_or_default()
        {
            if let Some(last) = searched.get_mut(&layout.shards(from).join(&name)) {
                last.1 = k;
            }
        }
    }
    let rules = run.cfg.game.rules_toml();
    let expected = mankala_models::Expected::of(&run.cfg.game, &rules, run.cfg.network.encoding);
    let in_window = mankala_train::window::select(&dirs, window, &expected)?.shards;
    let mut candidates: Vec<(u32, usize, u32, PathBuf)> = in_window
        .into_iter()
        .enumerate()
        .filter_map(|(order, path)| {
            let (from, last) = *searched.get(&path)?;
            (from > 0 && last < g).then_some((last, order, from, path))
        })
        .collect();
    candidates.sort();
    if candidates.is_empty() {
        return Ok(Outcome {
            positions: record.positions,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let seed = step_seed(run.seed(), g, 5);
    let (evaluator, _) = run.evaluator_for(Some(best), seed)?;
    let how = Reanalysis {
        search: &run.cfg.search,
        seed,
        threads: run.threads,
        // Raised where an inference service takes the leaves, as self-play's.
        games_per_worker: crate::selfplay::for_evaluator(
            crate::selfplay::settings(&run.cfg, "", g, seed),
            &evaluator,
            run.threads,
        )
        .selfplay
        .games_per_worker as usize,
    };
    create_dir(&layout.train(g), "cannot create")?;
    progress.begin(
        &format!("gen {g} reanalyse ({network})"),
        "positions",
        budget,
        record.positions,
    );
    for (_, _, from, path) in candidates {
        if record.positions >= budget {
            break;
        }
        let (meta, mut rows) = read_shard(&path)?;
        let base = record.positions;
        let n = with_game!(&run.cfg.game, gm => {
            let encoder = Encoder::new(gm, meta.encoding_version)
                .expect("the window's shards are checked to have the config's encoding");
            let paths = replay(gm, &encoder, &path, &rows)?;
            reanalyse(gm, &how, paths, &mut rows, |w| evaluator.for_worker(w), |k| {
                progress.advance(base + k, "");
            })
            .map_err(Error::Threads)?
        });
        write_shard(&path, &meta, &rows)?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        record.shards.push((from, name));
        record.positions += n;
        write_marker(&record_path, &record)?;
    }
    progress.end();
    Ok(Outcome {
        positions: record.positions,
        seconds: start.elapsed().as_secs_f64(),
    })
}
