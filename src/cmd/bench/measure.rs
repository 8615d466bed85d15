//! The printing of `mankala bench`: the measurements of `mankala_eval::bench` as a table
//! for people and, with `--json`, an object for machines.

use std::path::Path;

use anyhow::Result;
use mankala_config::{Resolved, SearchConfig, Selection};
use mankala_data::atomic;
use mankala_engine::AnyGame;
use mankala_eval::bench;
use mankala_eval::bench_record::{EngineRecord, MctsRecord, NetworkRecord};
use serde::Serialize;

/// Writes `record` as one line of JSON to `path`, where one is given: through a `Value`,
/// whose keys are sorted, as these files have always been written.
fn write_json(path: Option<&Path>, record: &impl Serialize) -> Result<()> {
    if let Some(path) = path {
        let value = serde_json::to_value(record)?;
        atomic::write(path, format!("{value}\n"))?;
    }
    Ok(())
}

/// `mankala bench engine`.
pub fn bench_engine(
    game: &AnyGame,
    seconds: f64,
    seed: u64,
    json_path: Option<&Path>,
) -> Result<()> {
    let r = bench::playouts(game, seconds, seed);
    println!("variant          {}", game.name());
    println!("games            {}", r.games);
    println!("seconds          {:.2}", r.seconds);
    println!("playouts/s/core  {:.0}", r.games_per_s());
    println!("plies/s/core     {:.0}", r.plies_per_s());
    println!("average plies    {:.1}", r.mean_plies());
    println!("branching        {:.2}", r.branching());
    println!(
        "capped games     {} ({:.2}%)",
        r.capped,
        100.0 * r.capped as f64 / r.games as f64
    );
    write_json(
        json_path,
        &EngineRecord {
            variant: game.name(),
            games: r.games,
            seconds: r.seconds,
            playouts_per_s: r.games_per_s(),
            plies_per_s: r.plies_per_s(),
            avg_plies: r.mean_plies(),
            branching: r.branching(),
            capped: r.capped,
            code_version: env!("CARGO_PKG_VERSION").to_string(),
        },
    )
}

/// `mankala bench mcts`: one search of `simulations` simulations from the start position,
/// one thread, random-rollout leaves (one playout each), repeated `repeats` times.
pub fn bench_mcts(
    game: &AnyGame,
    cfg: &SearchConfig,
    repeats: u32,
    seed: u64,
    json_path: Option<&Path>,
) -> Result<()> {
    let r = bench::searches(game, cfg, repeats, seed);
    let rate = r.simulations as f64 / r.seconds;
    let (selection, c) = (cfg.selection, cfg.c_puct);
    println!("variant          {}", game.name());
    println!("selection        {selection:?}, c = {c}");
    println!("simulations      {} x {repeats}", cfg.simulations);
    println!("tree nodes       {}", r.nodes);
    println!("simulations/s    {rate:.0}");
    write_json(
        json_path,
        &MctsRecord {
            variant: game.name(),
            simulations: cfg.simulations,
            repeats,
            simulations_per_s: rate,
            tree_nodes: r.nodes,
        },
    )
}

/// `mankala bench network`: inference positions/s at several batch sizes (one thread; each
/// size's first call, which compiles a GPU's kernels, and one call's upload, kernels and
/// read-back), self-play's batch on `threads` threads sharing one model and through an
/// inference service, and the bare training step. Each line is printed as it is measured.
pub fn bench_network(
    cfg: &Resolved,
    seconds: f64,
    threads: usize,
    batches: &bench::NetworkBatches,
    json_path: Option<&Path>,
) -> Result<()> {
    let (enc, actions) = cfg.network_shape();
    let device = mankala_models::device_name();
    println!(
        "variant {}, network {:?}, {enc} inputs, {actions} actions, on {device}",
        cfg.game.name(),
        cfg.network
    );
    let speed = bench::network_speed(cfg, seconds, threads, batches, &mut |figure| {
        println!("{}", figure_line(figure));
    });
    write_json(json_path, &NetworkRecord { device, speed })
}

/// A rate in a column of 10: whole numbers, or two decimals below 100 (a software device's
/// first calls may give less than one a second).
fn per_s(rate: f64) -> String {
    if rate < 100.0 {
        format!("{rate:>10.2}")
    } else {
        format!("{rate:>10.0}")
    }
}

/// The line of one figure of `bench network`.
fn figure_line(figure: &bench::NetworkFigure) -> String {
    use bench::NetworkFigure as F;
    match figure {
        F::Inference {
            batch,
            first_call_s,
            settle_s,
            positions_per_s,
            upload_ms,
            forward_ms,
            read_back_ms,
        } => format!(
            "inference batch {batch:>5}: {} positions/s (1 thread; first call {first_call_s:.3} s, the next two {settle_s:.3} s; a call: upload {upload_ms:.3} ms, network {forward_ms:.3} ms, read-back {read_back_ms:.3} ms)",
            per_s(*positions_per_s)
        ),
        F::Shared {
            batch,
            threads,
            positions_per_s,
        } => format!(
            "inference batch {batch:>5}: {} positions/s ({threads} threads sharing one model)",
            per_s(*positions_per_s)
        ),
        F::Service {
            batch,
            threads,
            positions_per_s,
            mean_batch,
            shapes,
        } => format!(
            "inference batch {batch:>5}: {} positions/s ({threads} threads through one inference service: {mean_batch:.0} positions a call, {shapes} batch sizes)",
            per_s(*positions_per_s)
        ),
        F::Train {
            batch,
            first_step_s,
            samples_per_s,
        } => format!(
            "bare train step batch {batch:>5}: {} samples/s (in-memory tensors; first step {first_step_s:.3} s)",
            per_s(*samples_per_s)
        ),
    }
}

/// The search settings of `bench mcts`.
pub fn mcts_config(simulations: u32, selection: Selection, c: f32) -> SearchConfig {
    SearchConfig {
        simulations,
        selection,
        c_puct: c,
        ..Default::default()
    }
}
