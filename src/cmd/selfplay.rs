//! `mankala selfplay`: MCTS self-play games written as Parquet shards.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mankala_engine::{ENCODING_VERSION, Game, with_game};
use mankala_selfplay::data::ShardMeta;
use mankala_selfplay::run::{Summary, selfplay};
use mankala_selfplay::{
    AnyEvaluator, NetworkEvaluator, RolloutEvaluator, Settings, UniformEvaluator,
};
use serde_json::json;

use crate::config::{Resolved, code_version, write_atomic};

/// The evaluator self-play searches with (until a network is given).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EvaluatorKind {
    /// Uniform priors, value 0.
    Uniform,
    /// Uniform priors, value of one random playout.
    Rollout,
}

/// Options of `mankala selfplay` besides the config.
#[derive(Debug)]
pub struct SelfplayArgs<'a> {
    /// Games to play.
    pub games: u64,
    /// Output directory.
    pub out: &'a Path,
    /// Worker threads.
    pub threads: usize,
    /// The run's seed.
    pub seed: u64,
    /// The evaluator.
    pub evaluator: EvaluatorKind,
    /// A trained model to search with instead (overrides `evaluator`).
    pub model: Option<&'a Path>,
}

/// The metadata every shard of a run carries.
pub fn shard_meta(cfg: &Resolved, run_id: &str, seed: u64) -> ShardMeta {
    let (encoding_len, num_actions) =
        with_game!(&cfg.game, g => (g.encoding_len(), g.num_actions()));
    ShardMeta {
        variant: cfg.game.name().into(),
        rules: cfg.rules_toml(),
        limits: toml::to_string(&cfg.game.limits_table()).expect("a table serializes"),
        encoding_version: ENCODING_VERSION,
        code_version: code_version(),
        encoding_len,
        num_actions,
        run_id: run_id.into(),
        seed,
    }
}

/// A progress bar over `len` items of `unit`, its line starting with `label`.
pub fn progress_bar(len: u64, unit: &str, label: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let label = if label.is_empty() {
        String::new()
    } else {
        format!("{label} ")
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{label}{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {unit} ({{per_sec}}, ETA {{eta}}) {{msg}}"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

/// Seconds since the Unix epoch.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Runs self-play and prints a summary.
pub fn run(cfg: &Resolved, args: &SelfplayArgs<'_>) -> Result<Summary> {
    // The model is checked before anything is written.
    let net = match args.model {
        Some(model) => {
            let rules = cfg.rules_toml();
            let expected = cfg.expected_model(&rules);
            Some(mankala_models::file::load(model, &expected, &mankala_models::device())?.0)
        }
        None => None,
    };
    std::fs::create_dir_all(args.out)
        .with_context(|| format!("cannot create output directory {}", args.out.display()))?;
    let run_id = format!("{}-{}-{:x}", cfg.game.name(), now_secs(), args.seed);
    let settings = Settings {
        search: cfg.search.clone(),
        selfplay: cfg.selfplay.clone(),
        run_id: run_id.clone(),
        generation: 0,
        seed: args.seed,
    };
    let meta = shard_meta(cfg, &run_id, args.seed);
    let mut record = json!({
        "run_id": run_id,
        "variant": cfg.game.name(),
        "seed": args.seed,
        "threads": args.threads,
        "games": args.games,
        "evaluator": format!("{:?}", args.evaluator).to_lowercase(),
        "encoding_version": ENCODING_VERSION,
        "code_version": code_version(),
        "started_unix": now_secs(),
        "config": cfg.to_toml(),
        "finished": false,
    });
    let run_file = args.out.join(format!("run-{run_id}.json"));
    write_atomic(
        &args.out.join(format!("config-{run_id}.toml")),
        cfg.to_toml().as_bytes(),
    )?;
    write_atomic(&run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;

    let bar = progress_bar(args.games, "games", "");
    let on_progress = |s: &Summary| {
        bar.set_position(s.games);
        bar.set_message(format!(
            "{:.0} positions/s",
            s.positions as f64 / s.seconds.max(1e-9)
        ));
    };
    let evaluator = match (args.model.zip(net), args.evaluator) {
        (Some((model, net)), _) => {
            record["model"] = json!(model.display().to_string());
            write_atomic(&run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;
            AnyEvaluator::Network(NetworkEvaluator::new(net))
        }
        (None, EvaluatorKind::Uniform) => AnyEvaluator::Uniform(UniformEvaluator),
        (None, EvaluatorKind::Rollout) => AnyEvaluator::Rollout(RolloutEvaluator::new(args.seed)),
    };
    let summary = with_game!(&cfg.game, g => selfplay(
        g, &settings, &meta, args.out, &(0..args.games).collect::<Vec<u64>>(), args.threads, |w| evaluator.for_worker(w), on_progress
    ))?;
    bar.finish_and_clear();
    finish(args, &run_id, &run_file, record, summary)
}

fn finish(
    args: &SelfplayArgs<'_>,
    run_id: &str,
    run_file: &Path,
    mut record: serde_json::Value,
    summary: Summary,
) -> Result<Summary> {
    let threads = args.threads;
    let [south, draws, north] = summary.results;
    let pct = |x: u64| 100.0 * x as f64 / summary.games.max(1) as f64;
    println!("run               {run_id}");
    println!("games             {}", summary.games);
    println!("positions         {}", summary.positions);
    println!("average length    {:.1} plies", summary.mean_length());
    println!(
        "first player      {:.1}% win, {:.1}% draw, {:.1}% loss",
        pct(south),
        pct(draws),
        pct(north)
    );
    println!("capped games      {}", summary.capped);
    println!(
        "shards            {} in {}",
        summary.shards.len(),
        args.out.display()
    );
    println!(
        "speed             {:.1} games/s, {:.0} positions/s on {threads} threads",
        summary.games as f64 / summary.seconds.max(1e-9),
        summary.positions as f64 / summary.seconds.max(1e-9)
    );
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
    write_atomic(run_file, serde_json::to_string_pretty(&record)?.as_bytes())?;
    Ok(summary)
}
