//! Exact labels into a directory of shards, as `mankala label` writes them: positions drawn
//! from real games, valued by perfect play (`eval::label`), written as training rows in the
//! config's encoding beside the resolved config and a run record, for `mankala train` to fit
//! a network on (the representational ceiling, docs/ground-truth.md).

use std::path::{Path, PathBuf};
use std::time::Instant;

use mankala_agents::{Exact, Tables};
use mankala_config::Resolved;
use mankala_data::{list_shards, write_shard};
use mankala_engine::{Encoder, with_game};
use mankala_eval::judge::{Draw, draw_positions, game_lines};
use mankala_eval::label::label_rows;
use serde_json::json;

use crate::error::{Error, Result};
use crate::layout::create_dir;
use crate::now_secs;
use crate::progress::Progress;
use crate::selfplay::{RunRecord, file_names, shard_meta};

/// Rows in each shard written.
pub const ROWS_PER_SHARD: usize = 8192;

/// What to label.
#[derive(Debug)]
pub struct LabelOptions<'a> {
    /// Games to draw positions from: self-play shards or an arena's `games.jsonl`.
    pub from_games: &'a Path,
    /// An endgame tablebase: needed for Oware, a speed-up for Kalah's solver.
    pub table: Option<&'a Path>,
    /// Which positions: at most this many seeds in play, how many, the draw's seed; each
    /// position once.
    pub max_seeds: u32,
    /// Positions to label at most.
    pub samples: usize,
    /// The draw's seed.
    pub seed: u64,
    /// The output directory (created; it must hold no shards yet).
    pub out: &'a Path,
    /// Worker threads.
    pub threads: usize,
}

/// What a finished labelling wrote.
#[derive(Debug)]
pub struct LabelOutcome {
    /// The run's id, as its shards and files name it.
    pub run_id: String,
    /// Positions labelled.
    pub positions: usize,
    /// Distinct games they came from.
    pub games: usize,
    /// Positions won, drawn and lost for the player to move under perfect play.
    pub won_drawn_lost: [usize; 3],
    /// The shards written.
    pub shards: Vec<PathBuf>,
    /// Seconds it took.
    pub seconds: f64,
    /// The run record (`run-<id>.json`).
    pub record: PathBuf,
}

/// Draws up to `opts.samples` distinct positions from the games of `opts.from_games`, values
/// them exactly, and writes them as shards into `opts.out`, with the resolved config
/// (`config-<id>.toml`) and a run record (`run-<id>.json`). Tables are read through `tables`.
///
/// # Errors
/// A variant without exact values, Oware without a table, an output directory that already
/// holds shards, unreadable games, or files that cannot be written, each named.
pub fn run(
    cfg: &Resolved,
    opts: &LabelOptions<'_>,
    tables: &Tables,
    progress: &dyn Progress,
) -> Result<LabelOutcome> {
    let started = Instant::now();
    let variant = cfg.game.name();
    let exact = Exact::new(&cfg.game, opts.table, tables).map_err(|source| Error::Exact {
        what: "label",
        source,
    })?;
    if opts.out.exists() && !list_shards(opts.out)?.is_empty() {
        return Err(Error::HoldsShards {
            dir: opts.out.to_path_buf(),
        });
    }
    let lines = game_lines(&cfg.game, opts.from_games)?;
    create_dir(opts.out, "cannot create output directory")?;
    let run_id = format!("label-{}-{}-{:x}", variant, now_secs(), opts.seed);
    let meta = shard_meta(cfg, &run_id, opts.seed);
    let record = RunRecord::start(
        cfg,
        opts.out,
        &run_id,
        opts.seed,
        json!({
            "kind": "exact labels",
            "from_games": opts.from_games.display().to_string(),
            "games_read": lines.len(),
            "table": opts.table.map(|p| p.display().to_string()),
            "max_seeds": opts.max_seeds,
            "samples": opts.samples,
            "threads": opts.threads,
        }),
    )?;
    let draw = Draw {
        max_seeds: opts.max_seeds,
        count: opts.samples,
        seed: opts.seed,
        distinct: true,
    };
    let rows = with_game!(&cfg.game, g => {
        let drawn = draw_positions(g, &lines, &exact, &draw)?;
        let encoder = Encoder::new(g, cfg.network.encoding)
            .expect("the encoding version is checked with the config");
        progress.begin("labelling", "positions", drawn.len() as u64, 0);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(opts.threads)
            .build()
            .map_err(Error::Threads)?;
        let rows = pool.install(|| {
            label_rows(g, &exact, &encoder, &drawn, &run_id, &|n| {
                progress.advance(n as u64, "")
            })
        });
        progress.end();
        rows
    });
    let mut shards = Vec::new();
    for (i, chunk) in rows.chunks(ROWS_PER_SHARD).enumerate() {
        let path = opts.out.join(format!("shard-{i:05}.parquet"));
        write_shard(&path, &meta, chunk)?;
        shards.push(path);
    }
    let count = |v: f32| rows.iter().filter(|r| r.value_target == v).count();
    let won_drawn_lost = [count(1.0), count(0.0), count(-1.0)];
    let games = rows
        .iter()
        .map(|r| r.game_id)
        .collect::<std::collections::HashSet<_>>()
        .len();
    let seconds = started.elapsed().as_secs_f64();
    let run_file = record.finish(json!({
        "positions": rows.len(),
        "games": games,
        "won_drawn_lost": won_drawn_lost,
        "seconds": seconds,
        "shards": file_names(&shards),
    }))?;
    Ok(LabelOutcome {
        run_id,
        positions: rows.len(),
        games,
        won_drawn_lost,
        shards,
        seconds,
        record: run_file,
    })
}
