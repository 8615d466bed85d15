//! The measurements of `mankala bench`: random playouts, MCTS searches, network speed.

use mankala_data::atomic;
use std::path::Path;
use std::time::Instant;

use anyhow::Result;
use mankala_engine::{AnyGame, Game, State, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// What one benchmark run measured.
#[derive(Debug, Default)]
struct Playouts {
    games: u64,
    plies: u64,
    /// Sum over non-terminal positions of the number of legal actions.
    branching_sum: u64,
    capped: u64,
    seconds: f64,
}

fn playouts<G: Game>(g: &G, seconds: f64, seed: u64) -> Playouts {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut r = Playouts::default();
    let start = Instant::now();
    let initial = g.initial_state();
    loop {
        let mut s = initial.clone();
        loop {
            let legal = s.legal_mask();
            if legal.is_empty() {
                break;
            }
            let count = legal.count();
            r.branching_sum += count as u64;
            r.plies += 1;
            let pick = legal.nth(rng.random_range(0..count)).expect("k < count");
            s.play_unchecked(pick);
        }
        if matches!(
            s.outcome().map(|o| o.result),
            Some(mankala_engine::GameResult::Capped(_))
        ) {
            r.capped += 1;
        }
        r.games += 1;
        if r.games % 64 == 0 && start.elapsed().as_secs_f64() >= seconds {
            break;
        }
    }
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// `mankala bench engine`.
pub fn bench_engine(
    game: &AnyGame,
    seconds: f64,
    seed: u64,
    json_path: Option<&Path>,
) -> Result<()> {
    let r = with_game!(game, g => playouts(g, seconds, seed));
    let games_per_s = r.games as f64 / r.seconds;
    let plies_per_s = r.plies as f64 / r.seconds;
    let avg_plies = r.plies as f64 / r.games as f64;
    let branching = r.branching_sum as f64 / r.plies.max(1) as f64;
    println!("variant          {}", game.name());
    println!("games            {}", r.games);
    println!("seconds          {:.2}", r.seconds);
    println!("playouts/s/core  {games_per_s:.0}");
    println!("plies/s/core     {plies_per_s:.0}");
    println!("average plies    {avg_plies:.1}");
    println!("branching        {branching:.2}");
    println!(
        "capped games     {} ({:.2}%)",
        r.capped,
        100.0 * r.capped as f64 / r.games as f64
    );
    if let Some(path) = json_path {
        let value = json!({
            "variant": game.name(),
            "games": r.games,
            "seconds": r.seconds,
            "playouts_per_s": games_per_s,
            "plies_per_s": plies_per_s,
            "avg_plies": avg_plies,
            "branching": branching,
            "capped": r.capped,
            "code_version": env!("CARGO_PKG_VERSION"),
        });
        atomic::write(path, format!("{value}\n").as_bytes())?;
    }
    Ok(())
}

/// `mankala bench mcts`: one search of `simulations` simulations from the start position,
/// one thread, random-rollout leaves (one playout each), repeated `repeats` times.
pub fn bench_mcts(
    game: &AnyGame,
    simulations: u32,
    repeats: u32,
    selection: mankala_config::Selection,
    c: f32,
    seed: u64,
    json_path: Option<&Path>,
) -> Result<()> {
    let cfg = mankala_config::SearchConfig {
        simulations,
        selection,
        c_puct: c,
        ..Default::default()
    };
    let (total_sims, seconds, nodes) = with_game!(game, g => time_searches(g, &cfg, repeats, seed));
    let rate = total_sims as f64 / seconds;
    println!("variant          {}", game.name());
    println!("selection        {selection:?}, c = {c}");
    println!("simulations      {simulations} x {repeats}");
    println!("tree nodes       {nodes}");
    println!("simulations/s    {rate:.0}");
    if let Some(path) = json_path {
        let value = json!({
            "variant": game.name(),
            "simulations": simulations,
            "repeats": repeats,
            "simulations_per_s": rate,
            "tree_nodes": nodes,
        });
        atomic::write(path, format!("{value}\n").as_bytes())?;
    }
    Ok(())
}

/// Times `repeats` searches from the start; returns simulations, seconds and the last tree size.
fn time_searches<G: Game>(
    g: &G,
    cfg: &mankala_config::SearchConfig,
    repeats: u32,
    seed: u64,
) -> (u64, f64, usize) {
    use mankala_search::mcts::{Search, Select};
    use mankala_search::{Evaluator, RolloutEvaluator};
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut eval = RolloutEvaluator::new(seed);
    let mut out = Vec::with_capacity(1);
    let (mut sims, mut seconds, mut nodes) = (0u64, 0.0, 0usize);
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        let mut search: Search<G> = Search::new(cfg.clone(), g.initial_state());
        search.start(cfg.simulations, None, &mut rng);
        loop {
            match search.select() {
                Select::Leaf(leaf) => {
                    eval.evaluate(g, std::slice::from_ref(&leaf.state), &mut out);
                    search.expand(leaf.node, &leaf.state, &out[0], &mut rng);
                }
                Select::Terminal | Select::Blocked => {}
                Select::Done => break,
            }
        }
        seconds += start.elapsed().as_secs_f64();
        sims += search.simulations() as u64;
        nodes = search.tree_size();
    }
    (sims, seconds, nodes)
}

/// `mankala bench network`: inference positions/s at several batch sizes (one thread), the
/// bare training step on in-memory tensors, and batched inference on `threads` threads
/// sharing one model.
pub fn bench_network(
    cfg: &mankala_config::Resolved,
    seconds: f64,
    threads: usize,
    json_path: Option<&Path>,
) -> Result<()> {
    use burn::optim::{AdamWConfig, GradientsParams};
    use burn::tensor::{Tensor, TensorData};
    use mankala_models::PolicyValueNet;
    use mankala_models::net::{infer, loss};

    let (enc, actions) = with_game!(&cfg.game, g => (g.encoding_len(), g.num_actions()));
    let device = mankala_models::device();
    let net = PolicyValueNet::new(&cfg.network, enc, actions, &device);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut random = |n: usize| (0..n).map(|_| rng.random::<f32>()).collect::<Vec<f32>>();
    let timed = |f: &mut dyn FnMut() -> usize| {
        let start = Instant::now();
        let mut done = 0;
        while start.elapsed().as_secs_f64() < seconds {
            done += f();
        }
        done as f64 / start.elapsed().as_secs_f64()
    };
    let mut results = serde_json::Map::new();
    println!(
        "variant {}, network {:?}, {enc} inputs, {actions} actions",
        cfg.game.name(),
        cfg.network
    );
    for batch in [1usize, 8, 32, 256] {
        let features = random(batch * enc);
        let legal = vec![1.0; batch * actions];
        let rate = timed(&mut || {
            let _ = infer(&net, &device, features.clone(), legal.clone(), batch);
            batch
        });
        println!("inference batch {batch:>3}: {rate:>10.0} positions/s (1 thread)");
        results.insert(format!("inference_b{batch}"), json!(rate));
    }
    // The batch self-play evaluates: one leaf from each of a worker's games.
    let batch = (cfg.selfplay.games_per_worker * cfg.search.leaves_per_game) as usize;
    let features = random(batch * enc);
    let start = Instant::now();
    let counts: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let (net, device, features) = (net.clone(), device.clone(), features.clone());
                s.spawn(move || {
                    let legal = vec![1.0; batch * actions];
                    let mut n = 0;
                    while start.elapsed().as_secs_f64() < seconds {
                        let _ = infer(&net, &device, features.clone(), legal.clone(), batch);
                        n += batch;
                    }
                    n
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let shared = counts.iter().sum::<usize>() as f64 / start.elapsed().as_secs_f64();
    println!(
        "inference batch {batch:>3}: {shared:>10.0} positions/s ({threads} threads sharing one model)"
    );
    results.insert("inference_shared".into(), json!(shared));
    results.insert("shared_batch".into(), json!(batch));
    results.insert("threads".into(), json!(threads));

    let ad = device.clone().autodiff();
    let mut model = PolicyValueNet::new(&cfg.network, enc, actions, &ad);
    let mut optim = AdamWConfig::new().init();
    let b = 256usize;
    let t = |v: Vec<f32>, shape: [usize; 2]| Tensor::<2>::from_data(TensorData::new(v, shape), &ad);
    let (x, p) = (random(b * enc), random(b * actions));
    let psum: Vec<f32> = p
        .chunks(actions)
        .flat_map(|r| {
            let s: f32 = r.iter().sum();
            r.iter().map(move |v| v / s).collect::<Vec<_>>()
        })
        .collect();
    let z = random(b);
    let train_rate = timed(&mut || {
        let (_, pl, vl) = loss(
            &model,
            t(x.clone(), [b, enc]),
            t(vec![1.0; b * actions], [b, actions]),
            t(psum.clone(), [b, actions]),
            t(z.clone(), [b, 1]),
            t(vec![1.0; b], [b, 1]),
        );
        let grads = GradientsParams::from_grads((pl + vl).backward(), &model);
        model = optim.step(1e-3, model.clone(), grads);
        b
    });
    println!("bare train step batch 256: {train_rate:>10.0} samples/s (in-memory tensors)");
    results.insert("train_step_b256".into(), json!(train_rate));
    if let Some(path) = json_path {
        let text = format!("{}\n", serde_json::Value::Object(results));
        atomic::write(path, text.as_bytes())?;
    }
    Ok(())
}
