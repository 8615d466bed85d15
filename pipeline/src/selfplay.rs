//! Self-play into a directory of shards, as `mankala selfplay` runs it: the evaluator
//! chosen, the run's config and record written beside the shards, progress reported.

use mankala_data::atomic;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use mankala_config::FirstEvaluator;
use mankala_data::{ShardMeta, read_shard};
use mankala_engine::{Encoder, Game, with_game};
use mankala_models::PolicyValueNet;
use mankala_search::{AnyEvaluator, NetworkEvaluator};
use mankala_selfplay::Settings;
use mankala_selfplay::run::{Shards, Summary, selfplay};
use serde_json::json;

use mankala_config::Resolved;

use crate::code_version;
use crate::error::{Error, Result};
use crate::layout::create_dir;
use crate::now_secs;
use crate::progress::Progress;
use crate::records::SelfplayDone;

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
        rules: cfg.game.rules_toml(),
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

/// The self-play settings of `cfg` for the games of run `run_id`, generation `generation`,
/// seeded `seed`: the loop's, the workers' and `mankala selfplay`'s.
pub fn settings(cfg: &Resolved, run_id: &str, generation: u32, seed: u64) -> Settings {
    Settings {
        search: cfg.search.clone(),
        selfplay: cfg.selfplay.clone(),
        run_id: run_id.to_string(),
        generation,
        seed,
        encoding: cfg.network.encoding,
    }
}

/// Loads the model at `model` to self-play `cfg`'s game: checked against the game (of the
/// config's encoding, or with `any_encoding` of any this build has) and against `[search]
/// score_mix`. Returns the network and the encoding version it reads.
///
/// # Errors
/// The model file at fault, named.
pub(crate) fn load_network(
    cfg: &Resolved,
    model: &Path,
    any_encoding: bool,
) -> Result<(PolicyValueNet, u32)> {
    let rules = cfg.game.rules_toml();
    let expected = mankala_models::Expected::of(&cfg.game, &rules, cfg.network.encoding);
    let expected = if any_encoding {
        expected.to_play()
    } else {
        expected
    };
    let (net, meta) = mankala_models::file::load(model, &expected, &mankala_models::device())?;
    net.check_score_mix(cfg.search.score_mix)
        .map_err(|source| Error::ScoreHead {
            model: model.to_path_buf(),
            source,
        })?;
    Ok((net, meta.encoding_version))
}

/// The evaluator of `cfg`'s search over `net` (reading encoding `encoding`), its playouts
/// seeded `seed`; its leaves go to an inference service where `[search] inference` asks for
/// one on this device (a GPU's by default), shared by the clones the workers get.
pub(crate) fn network_evaluator(
    cfg: &Resolved,
    net: PolicyValueNet,
    encoding: u32,
    seed: u64,
) -> AnyEvaluator {
    let service = with_game!(&cfg.game, g => mankala_search::service::for_search(
        &cfg.search, g, &net, encoding
    ));
    AnyEvaluator::Network(Box::new(
        NetworkEvaluator::new(net, encoding)
            .with_score(cfg.search.score_mix)
            .with_playouts(cfg.search.rollout_mix, seed)
            .served(service),
    ))
}

/// `settings` for self-play on `threads` workers with `evaluator`: where its leaves go to an
/// inference service, each worker keeps enough games going for the service's batches to
/// fill ([`mankala_search::ServiceConfig::games_per_worker`]).
pub(crate) fn for_evaluator(
    mut settings: Settings,
    evaluator: &AnyEvaluator,
    threads: usize,
) -> Settings {
    if let AnyEvaluator::Network(e) = evaluator
        && let Some(service) = e.service()
    {
        settings.selfplay.games_per_worker = service.config().games_per_worker(
            settings.selfplay.games_per_worker,
            threads,
            settings.search.leaves_per_game,
        );
    }
    settings
}

/// What the network calls of a self-play run were, for its record: with an inference service,
/// its calls by (padded) batch size; else the batch sizes the search threads ran.
pub(crate) fn inference_record(
    evaluator: &AnyEvaluator,
    before: &BTreeMap<usize, u64>,
) -> serde_json::Value {
    match evaluator {
        AnyEvaluator::Network(e) => match e.service() {
            Some(service) => {
                let stats = service.stats();
                json!({
                    "mode": "service",
                    "sizes": service.config().sizes,
                    "calls_by_batch": stats.calls,
                    "requests": stats.requests,
                    "positions": stats.rows,
                    "padding": stats.padding,
                    "mean_batch": stats.mean_batch(),
                })
            }
            None => {
                let mut sizes = mankala_models::net::batch_sizes();
                for (size, n) in before {
                    if let Some(m) = sizes.get_mut(size) {
                        *m -= n;
                    }
                }
                sizes.retain(|_, n| *n > 0);
                let calls: u64 = sizes.values().sum();
                let positions: u64 = sizes.iter().map(|(&s, &n)| s as u64 * n).sum();
                json!({
                    "mode": "thread",
                    "distinct_batch_sizes": sizes.len(),
                    "calls": calls,
                    "mean_batch": positions as f64 / calls.max(1) as f64,
                })
            }
        },
        _ => json!({ "mode": "no network" }),
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
    // The model reads positions in its own encoding; the rows are written in the config's.
    let net = opts
        .model
        .map(|model| load_network(cfg, model, true))
        .transpose()?;
    create_dir(opts.out, "cannot create output directory")?;
    let run_id = format!("{}-{}-{:x}", cfg.game.name(), now_secs(), opts.seed);
    let settings = settings(cfg, &run_id, 0, opts.seed);
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
            network_evaluator(cfg, net, encoding, opts.seed)
        }
        (None, kind) => AnyEvaluator::without_network(kind, opts.seed),
    };
    let settings = for_evaluator(settings, &evaluator, opts.threads);
    let sizes_before = mankala_models::net::batch_sizes();
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
        "games_per_worker": settings.selfplay.games_per_worker,
        "inference": inference_record(&evaluator, &sizes_before),
    }))?;
    Ok(SelfplayOutcome {
        run_id,
        summary,
        record: run_file,
    })
}

/// Game statistics of shards: games, positions, results, mean length; the evaluators
/// their run ids name (`g0001-w0002-gen-0`: `gen-0`), joined by commas.
///
/// # Errors
/// A shard that cannot be read; a game in two shards ([`Error::DuplicateGame`]).
pub fn summarize(shards: &[PathBuf]) -> Result<SelfplayDone> {
    let mut sum = mankala_selfplay::run::Summary::default();
    let mut seen = BTreeSet::new();
    let mut evaluators = BTreeSet::new();
    let mut positions = HashSet::new();
    let (mut entropy, mut searched) = (0.0f64, 0u64);
    for shard in shards {
        let (meta, rows) = read_shard(shard)?;
        if let Some(e) = meta.run_id.splitn(3, '-').nth(2) {
            evaluators.insert(e.to_string());
        }
        let mut here = BTreeSet::new();
        for r in &rows {
            positions.insert(position_key(r));
            if r.full_search {
                entropy += r
                    .policy
                    .iter()
                    .filter(|&&p| p > 0.0)
                    .map(|&p| -f64::from(p) * f64::from(p).ln())
                    .sum::<f64>();
                searched += 1;
            }
            if !here.insert(r.game_id) {
                continue;
            }
            if !seen.insert(r.game_id) {
                return Err(Error::DuplicateGame {
                    shard: shard.clone(),
                    game: r.game_id,
                    dir: shard.parent().unwrap_or(Path::new("")).to_path_buf(),
                });
            }
            sum.add_game(r.outcome, &r.result, 0, r.game_length);
        }
        sum.positions += rows.len() as u64;
    }
    Ok(SelfplayDone {
        games: sum.games,
        positions: sum.positions,
        mean_length: sum.mean_length(),
        results: sum.results,
        capped: sum.capped,
        evaluator: evaluators.into_iter().collect::<Vec<_>>().join(","),
        seconds: 0.0,
        cpu_seconds: None,
        beside: None,
        distinct_share: (sum.positions > 0).then(|| positions.len() as f64 / sum.positions as f64),
        target_entropy: (searched > 0).then(|| entropy / searched as f64),
    })
}

/// A row's position as a key: a hash of its player to move and the bits of its encoding.
fn position_key(r: &mankala_data::Row) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    r.to_move.hash(&mut h);
    for x in &r.features {
        x.to_bits().hash(&mut h);
    }
    h.finish()
}
