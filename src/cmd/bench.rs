//! `mankala bench engine`: random playouts on one core.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
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
        std::fs::write(path, format!("{value}\n"))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// `mankala bench mcts`: one search of `simulations` simulations from the start position,
/// one thread, random-rollout leaves (one playout each), repeated `repeats` times.
pub fn bench_mcts(
    game: &AnyGame,
    simulations: u32,
    repeats: u32,
    selection: mankala_selfplay::Selection,
    c: f32,
    seed: u64,
    json_path: Option<&Path>,
) -> Result<()> {
    let cfg = mankala_selfplay::SearchConfig {
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
        std::fs::write(path, format!("{value}\n"))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Times `repeats` searches from the start; returns simulations, seconds and the last tree size.
fn time_searches<G: Game>(
    g: &G,
    cfg: &mankala_selfplay::SearchConfig,
    repeats: u32,
    seed: u64,
) -> (u64, f64, usize) {
    use mankala_selfplay::mcts::{Search, Select};
    use mankala_selfplay::{Evaluator, RolloutEvaluator};
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
