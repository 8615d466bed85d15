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

/// The record of a run that writes a directory of shards (`mankala selfplay`, `mankala
/// label`): `run-<id>.json` beside the shards, and the resolved config as `config-<id>.toml`.
#[derive(Debug)]
pub(crate) struct RunRecord {
    path: PathBuf,
    value: serde_json::Value,
}

impl RunRecord {
    /// Writes the config and the record of `run_id` into `out`: the fields every run has (its
    /// id, variant, seed, encoding and code versions, start time and config), then `fields`,
    /// and `finished: false`.
    pub(crate) fn start(
        cfg: &Resolved,
        out: &Path,
        run_id: &str,
        seed: u64,
        fields: serde_json::Value,
    ) -> Result<RunRecord> {
        let mut value = json!({
            "run_id": run_id,
            "variant": cfg.game.name(),
            "seed": seed,
        });
        for (k, v) in fields.as_object().into_iter().flatten() {
            value[k] = v.clone();
        }
        value["encoding_version"] = json!(cfg.network.encoding);
        value["code_version"] = json!(code_version());
        value["device"] = json!(mankala_models::device_name());
        value["started_unix"] = json!(now_secs());
        value["config"] = json!(cfg.to_toml());
        value["finished"] = json!(false);
        atomic::write(
            &out.join(format!("config-{run_id}.toml")),
            cfg.to_toml().as_bytes(),
        )?;
        let record = RunRecord {
            path: out.join(format!("run-{run_id}.json")),
            value,
        };
        record.write()?;
        Ok(record)
    }

    /// Sets `key` and writes the record again.
    pub(crate) fn set(&mut self, key: &str, value: serde_json::Value) -> Result<()> {
        self.value[key] = value;
        self.write()
    }

    /// Marks the run finished with its `summary` and writes the record; its path.
    pub(crate) fn finish(mut self, summary: serde_json::Value) -> Result<PathBuf> {
        self.value["finished"] = json!(true);
        self.value["finished_unix"] = json!(now_secs());
        self.value["summary"] = summary;
        self.write()?;
        Ok(self.path)
    }

    fn write(&self) -> Result<()> {
        let text = serde_json::to_string_pretty(&self.value)?;
        Ok(atomic::write(&self.path, text.as_bytes())?)
    }
}

/// The file names of `paths`, for a run record.
pub(crate) fn file_names(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect()
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
            net.check_score_mix(cfg.search.score_mix)
                .map_err(|source| crate::Error::ScoreHead {
                    model: model.to_path_buf(),
                    source,
                })?;
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
    let mut record = RunRecord::start(
        cfg,
        opts.out,
        &run_id,
        opts.seed,
        json!({
            "threads": opts.threads,
            "games": opts.games,
            "evaluator": opts.evaluator.name(),
        }),
    )?;

    let evaluator = match (opts.model.zip(net), opts.evaluator) {
        (Some((model, (net, encoding))), _) => {
            record.set("model", json!(model.display().to_string()))?;
            AnyEvaluator::Network(Box::new(
                NetworkEvaluator::new(net, encoding)
                    .with_score(cfg.search.score_mix)
                    .with_playouts(cfg.search.rollout_mix, opts.seed),
            ))
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
    let run_file = record.finish(json!({
        "games": summary.games,
        "positions": summary.positions,
        "south_draw_north": summary.results,
        "capped": summary.capped,
        "seconds": summary.seconds,
        "shards": file_names(&summary.shards),
    }))?;
    Ok(SelfplayOutcome {
        run_id,
        summary,
        record: run_file,
    })
}
