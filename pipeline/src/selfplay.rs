//! Self-play into a directory of shards, as `mankala selfplay` runs it: the evaluator
//! chosen, the run's config and record written beside the shards, progress reported.

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use mankala_config::FirstEvaluator;
use mankala_data::ShardMeta;
use mankala_engine::{Encoder, Game, with_game};
use mankala_search::{AnyEvaluator, NetworkEvaluator};
use mankala_selfplay::Settings;
use mankala_selfplay::run::{Shards, Summary, selfplay};
use serde_json::json;

use mankala_config::Resolved;

use crate::code_version;
use crate::error::Result;
use crate::layout::create_dir;
use crate::now_secs;
use crate::progress::Progress;

/// What to play.
#[derive(Debug)]
pub struct SelfplayOptions<'a> {
    /// Games to play.
    pub games: u64,
    /// Output directory.
    pub out: &'a Path,
    /// Worker threads.
    pub threads: usize,
    /// The run's seed.
    pub seed: u64,
    /// The evaluator.
    pub evaluator: FirstEvaluator,
    /// A trained model to search with instead (overrides `evaluator`).
    pub model: Option<&'a Path>,
}

/// What a finished self-play run wrote.
#[derive(Debug)]
pub struct SelfplayOutcome {
    /// The run's id, as its shards and files name it.
    pub run_id: String,
    /// Games, positions, results, shards, time.
    pub summary: Summary,
    /// The run record (`run-<id>.json`).
    pub record: PathBuf,
}

/// The metadata every shard of a run carries.
pub fn shard_meta(cfg: &Resolved, run_id: &str, seed: u64) -> ShardMeta {
    let encoding = cfg.network.encoding;
    let (encoding_len, num_actions) = with_game!(&cfg.game, g => (
        Encoder::new(g, encoding).expect("the encoding version is checked with the config").len(),
        g.num_actions()
    ));
    ShardMeta {
        variant: cfg.game.name().into(),
        rules: cfg.rules_toml(),
        limits: toml::to_string(&cfg.game.limits_table()).expect("a table serializes"),
        encoding_version: encoding,
        code_version: code_version(),
        encoding_len,
        num_actions,
        run_id: run_id.into(),
        seed,
    }
}

/// A progress note of self-play: positions per second.
pub(crate) fn rate_note(s: &Summary) -> String {
    format!(
        "{:.0} positions/s",
        s.positions as f64 / s.seconds.max(1e-9)
    )
}

/// Plays `opts.games` self-play games into `opts.out`, beside them the resolved config
/// (`config-<id>.toml`) and a run record (`run-<id>.json`, finished with the summary).
/// The model, if any, is checked before anything is written.
///
/// # Errors
/// A model that does not fit the config, or files that cannot be written, named.
pub fn run(
    cfg: &Resolved,
    opts: &SelfplayOptions<'_>,
    progress: &dyn Progress,
) -> Result<SelfplayOutcome> {
    let net = match opts.model {
        Some(model) => {
            let rules = cfg.rules_toml();
            // The model reads positions in its own encoding; the rows are written in the
            // config's.
            let expected =
                mankala_models::Expected::of(&cfg.game, &rules, cfg.network.encoding).to_play();
            let (net, meta) =
                mankala_models::file::load(model, &expected, &mankala_models::device())?;
            Some((net, meta.encoding_version))
        }
        None => None,
    };
    create_dir(opts.out, "cannot create output directory")?;
    let run_id = format!("{}-{}-{:x}", cfg.game.name(), now_secs(), opts.seed);
    let settings = Settings {
        search: cfg.search.clone(),
        selfplay: cfg.selfplay.clone(),
        run_id: run_id.clone(),
        generation: 0,
        seed: opts.seed,
        encoding: cfg.network.encoding,
    };
    let meta = shard_meta(cfg, &run_id, opts.seed);
    let mut record = json!({
        "run_id": run_id,
        "variant": cfg.game.name(),
        "seed": opts.seed,
        "threads": opts.threads,
        "games": opts.games,
        "evaluator": opts.evaluator.name(),
        "encoding_version": cfg.network.encoding,
        "code_version": code_version(),
        "started_unix": now_secs(),
        "config": cfg.to_toml(),
        "finished": false,
    });
    let run_file = opts.out.join(format!("run-{run_id}.json"));
    atomic::write(
        &opts.out.join(format!("config-{run_id}.toml")),
        cfg.to_toml().as_bytes(),
    )?;
    atomic::write(&run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;

    let evaluator = match (opts.model.zip(net), opts.evaluator) {
        (Some((model, (net, encoding))), _) => {
            record["model"] = json!(model.display().to_string());
            atomic::write(&run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;
            AnyEvaluator::Network(Box::new(NetworkEvaluator::new(net, encoding)))
        }
        (None, kind) => AnyEvaluator::without_network(kind, opts.seed),
    };
    progress.begin("", "games", opts.games, 0);
    let ids: Vec<u64> = (0..opts.games).collect();
    let summary = with_game!(&cfg.game, g => selfplay(
        g,
        &settings,
        &Shards {
            meta: &meta,
            dir: opts.out,
        }, &ids, opts.threads,
        |w| evaluator.for_worker(w),
        |s| progress.advance(s.games, &rate_note(s)),
    ))?;
    progress.end();
    record["finished"] = json!(true);
    record["finished_unix"] = json!(now_secs());
    record["summary"] = json!({
        "games": summary.games,
        "positions": summary.positions,
        "south_draw_north": summary.results,
        "capped": summary.capped,
        "seconds": summary.seconds,
        "shards": summary.shards.iter().map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned())).collect::<Vec<_>>(),
    });
    atomic::write(&run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;
    Ok(SelfplayOutcome {
        run_id,
        summary,
        record: run_file,
    })
}
