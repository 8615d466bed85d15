//! `mankala solve --variant bao-kujifunza`: who wins a Bao la Kujifunza position under
//! perfect play, what each legal move is worth, and a proof file; `--check FILE` verifies a
//! proof with the independent checker (`docs/ground-truth.md`).

use std::fs::File;
use std::io::{BufReader, IsTerminal};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mankala_engine::variants::{Bao, BaoState};
use mankala_engine::{Player, State};
use mankala_solver::bao::{self, DfpnConfig, MoveValue, Progress, Solver, table};
use mankala_solver::error::ProofError;
use mankala_solver::report::{BaoCheckReport, BaoMoveReport, BaoProofReport, BaoSolveReport};

use super::solve::SolveCommand;
use crate::progress::PLAIN_EVERY;

/// Solves (or checks) as `cmd` says.
pub fn run(cmd: &SolveCommand, game: Bao, state: BaoState) -> Result<()> {
    if let Some(path) = &cmd.check {
        return check(cmd, &game, path);
    }
    let config = DfpnConfig {
        table_entries: 1usize << cmd.tt_log2,
        max_nodes: cmd.max_nodes,
        ..DfpnConfig::default()
    };
    let mut solver = Solver::new(game, config)?;
    let started = Instant::now();
    let mut watch = Watch::new();
    let solution = solver.solve(&state, &mut |p| watch.tell("solving", p));
    let moves = if cmd.no_moves {
        Vec::new()
    } else {
        solver.moves(&state, &mut |p| watch.tell("first moves", p))
    };
    let proof = match (&cmd.proof, solution.winner) {
        (Some(path), Some(winner)) => {
            watch.note("writing the proof");
            let strategy = solver.strategy(&state, winner)?;
            strategy.save(&game, path)?;
            let checked = bao::check(&game, &path.display().to_string(), reader(path)?)
                .with_context(|| format!("checking the proof just written, {}", path.display()))?;
            Some((strategy.moves.len(), checked))
        }
        _ => None,
    };
    watch.done();
    let elapsed = started.elapsed();
    let (nodes, entries) = solver.totals();
    let peak = peak_memory();
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m.value == MoveValue::Wins)
        .map(|m| m.notation.as_str())
        .collect();
    if cmd.json {
        let out = BaoSolveReport {
            variant: "bao-kujifunza",
            rules: game.rules,
            position: state.position_text(),
            to_move: state.to_move().name(),
            winner: solution.winner.map(Player::name),
            plies: solution.outcome.plies,
            repetitions: solution.outcome.repetitions,
            moves: moves.iter().map(BaoMoveReport::from).collect(),
            winning_moves: winning.iter().map(|m| m.to_string()).collect(),
            nodes,
            seconds: elapsed.as_secs_f64(),
            table_entries: entries,
            peak_memory_bytes: peak,
            proof: proof
                .as_ref()
                .zip(cmd.proof.as_ref())
                .map(|((n, c), path)| BaoProofReport {
                    file: path.display().to_string(),
                    positions: *n,
                    checked_positions: c.positions,
                    longest_line: c.plies,
                }),
        };
        // Through a `Value`, whose keys are sorted, as this object has always printed.
        println!("{}", serde_json::to_value(&out)?);
        return Ok(());
    }
    println!("position        {}", state.position_text());
    let rules = serde_json::to_value(game.rules)?;
    println!(
        "rules           takasia = {}, self_empty = {}, endless_move = {}",
        rules["takasia"], rules["self_empty"], rules["endless_move"]
    );
    println!("to move         {}", state.to_move());
    match solution.winner {
        Some(w) => println!(
            "winner          {w} (proved; the longest line of the proof is {} plies)",
            solution.outcome.plies.unwrap_or(0)
        ),
        None => println!(
            "winner          not proved (root proof and disproof numbers {} and {}{})",
            solution.outcome.phi,
            solution.outcome.delta,
            if solution.outcome.repetitions > 0 {
                "; repetitions met"
            } else {
                ""
            }
        ),
    }
    if !moves.is_empty() {
        let line: Vec<String> = moves
            .iter()
            .map(|m| format!("{} {}", m.notation, m.value.word()))
            .collect();
        println!("moves           {}", line.join(", "));
        println!("winning moves   {}", winning.join(" "));
    }
    println!(
        "searched        {nodes} nodes in {:.1} s ({:.0} nodes/s), {entries} table entries \
         (at most {} of {} bytes){}",
        elapsed.as_secs_f64(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9),
        config.table_entries,
        table::BYTES_PER_ENTRY,
        peak.map_or(String::new(), |b| format!(
            ", peak memory {:.0} MiB",
            b as f64 / (1u64 << 20) as f64
        ))
    );
    match (&proof, &cmd.proof) {
        (Some((n, c)), Some(path)) => println!(
            "proof           {}: {n} positions of the winner's; checked: {} positions, \
             longest line {} plies",
            path.display(),
            c.positions,
            c.plies
        ),
        (None, Some(path)) => println!(
            "proof           {} not written: no winner proved within the budget",
            path.display()
        ),
        _ => {}
    }
    Ok(())
}

/// `--check FILE`: the independent checker's verdict.
fn check(cmd: &SolveCommand, game: &Bao, path: &Path) -> Result<()> {
    let started = Instant::now();
    let checked = bao::check(game, &path.display().to_string(), reader(path)?)?;
    let secs = started.elapsed().as_secs_f64();
    if cmd.json {
        // Through a `Value`, whose keys are sorted, as this object has always printed.
        let out = BaoCheckReport::of(path, &checked, secs);
        println!("{}", serde_json::to_value(&out)?);
    } else {
        println!(
            "{}: accepted: {} wins from {}\nchecked {} positions in {secs:.1} s; longest line \
             {} plies; {} lines of the file never reached",
            path.display(),
            checked.winner,
            checked.start,
            checked.positions,
            checked.plies,
            checked.unused
        );
    }
    Ok(())
}

fn reader(path: &Path) -> Result<BufReader<File>, ProofError> {
    File::open(path)
        .map(BufReader::new)
        .map_err(|source| ProofError::Read {
            path: path.to_path_buf(),
            source,
        })
}

/// The peak resident memory of this process (Linux's `VmHWM`), in bytes.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The search's progress: a spinner on a terminal, a plain line every half minute elsewhere.
struct Watch {
    bar: Option<ProgressBar>,
    last: Instant,
}

impl Watch {
    fn new() -> Watch {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .expect("valid template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Watch {
            bar,
            last: Instant::now(),
        }
    }

    fn tell(&mut self, what: &str, p: &Progress) {
        let line = format!(
            "{what}: {} nodes ({:.0}/s), {} table entries, line of {} plies",
            p.nodes,
            p.nodes as f64 / p.elapsed.as_secs_f64().max(1e-9),
            p.entries,
            p.depth
        );
        self.note(&line);
    }

    fn note(&mut self, line: &str) {
        match &self.bar {
            Some(bar) => bar.set_message(line.to_string()),
            None if self.last.elapsed() >= PLAIN_EVERY => {
                eprintln!("{line}");
                self.last = Instant::now();
            }
            None => {}
        }
    }

    fn done(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
