//! Builds a tablebase and prints its figures (the CLI's `mankala tablebase build` without the
//! progress bar).
//!
//! `cargo run --release -p mankala-solver --example build_table -- kalah|kalah-empty|oware SEEDS OUT`

use std::time::Instant;

use mankala_solver::tablebase::{TableGame, Tablebase};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = match args.first().map(String::as_str) {
        Some("kalah") => TableGame::Kalah {
            empty_capture: false,
        },
        Some("kalah-empty") => TableGame::Kalah {
            empty_capture: true,
        },
        Some("oware") => TableGame::Oware,
        other => panic!("GAME {other:?}: expected kalah, kalah-empty or oware"),
    };
    let seeds: u32 = args
        .get(1)
        .map_or(10, |s| s.parse().expect("SEEDS: a number"));
    let t = Instant::now();
    let tb = Tablebase::build(game, seeds, &|_, _| {}).expect("table");
    let built = t.elapsed().as_secs_f64();
    if let Some(out) = args.get(2) {
        tb.save(std::path::Path::new(out)).expect("saved");
    }
    let s = tb.stats();
    println!(
        "{} seeds {seeds}: {} positions, {} bytes, built in {built:.1} s, {} cycle-dependent, {} sweeps",
        game,
        s.positions,
        tb.len_bytes(),
        s.cycle_dependent,
        s.sweeps
    );
    if !s.cycle_dependent_by_seeds.is_empty() {
        println!(
            "cycle-dependent by seeds in play: {:?}",
            s.cycle_dependent_by_seeds
        );
    }
}
