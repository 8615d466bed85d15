//! Solves the start of Kalah(6, seeds) and prints the value, nodes and times.
//!
//! `cargo run --release -p mankala-solver --example solve_kalah -- SEEDS EMPTY_CAPTURE [TABLE_SEEDS] [TT_LOG2] [TABLE_FILE]`

use std::time::Instant;

use mankala_solver::kalah::{Solver, SolverConfig};
use mankala_solver::tablebase::{TableGame, Tablebase};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u8 = args
        .first()
        .map_or(4, |s| s.parse().expect("SEEDS: 1 to 6"));
    let empty_capture: bool = args
        .get(1)
        .is_some_and(|s| s.parse().expect("EMPTY_CAPTURE: true or false"));
    let table_seeds: u32 = args
        .get(2)
        .map_or(0, |s| s.parse().expect("TABLE_SEEDS: a number"));
    let tt_log2: u32 = args
        .get(3)
        .map_or(23, |s| s.parse().expect("TT_LOG2: a number"));
    let t = Instant::now();
    let game = TableGame::Kalah { empty_capture };
    // TABLE_FILE: load the table from there when it exists, else build it and save it there.
    let file = args.get(4).map(std::path::PathBuf::from);
    let tb = (table_seeds > 0).then(|| match &file {
        Some(path) if path.exists() => {
            Tablebase::load(path, game, Some(table_seeds)).expect("table file")
        }
        _ => {
            let tb = Tablebase::build(game, table_seeds, &|_, _| {}).expect("table");
            if let Some(path) = &file {
                tb.save(path).expect("table saved");
            }
            tb
        }
    });
    let build = t.elapsed();
    let mut solver = Solver::new(
        empty_capture,
        tb.map(std::sync::Arc::new),
        SolverConfig { tt_log2 },
    );
    let begun = Instant::now();
    solver.set_progress(Box::new(move |lower, upper, nodes| {
        eprintln!(
            "{:8.1} s  {nodes:>14} nodes  value in [{lower}, {upper}]",
            begun.elapsed().as_secs_f64()
        );
    }));
    let s = solver.solve(&[seeds; 12]);
    println!(
        "kalah(6,{seeds}) empty_capture={empty_capture} table={table_seeds} (ready in {:.1}s): value {:+} nodes {} solve {:.2}s pv {:?}",
        build.as_secs_f64(),
        s.value,
        s.nodes,
        s.elapsed.as_secs_f64(),
        s.pv
    );
}
