//! Tablebases: values against plain searches over the engine's positions, agreement with
//! the solver, and the file's checks (every wrong header is refused, naming what differs).

use std::path::{Path, PathBuf};

use mankala_engine::variants::kalah::{Kalah, KalahRules, KalahState};
use mankala_engine::variants::oware::{Oware, OwareState};
use mankala_engine::{GameResult, Player, State};
use mankala_solver::TablebaseError;
use mankala_solver::kalah::{Solver, SolverConfig, board};
use mankala_solver::oware::board as ob;
use mankala_solver::rank::Binomials;
use mankala_solver::tablebase::{TableGame, Tablebase, relative_pits};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const KALAH: TableGame = TableGame::Kalah { empty_capture: false };

fn engine_pits(relative: &[u8; 12], to_move: Player) -> [u8; 12] {
    match to_move {
        Player::South => *relative,
        Player::North => {
            let mut out = [0u8; 12];
            out[..6].copy_from_slice(&relative[6..]);
            out[6..].copy_from_slice(&relative[..6]);
            out
        }
    }
}

/// South's final margin by minimax over engine states, no memory.
fn kalah_engine_margin(state: &KalahState) -> i32 {
    if let Some(o) = state.outcome() {
        return o.scores[0] as i32 - o.scores[1] as i32;
    }
    let south = state.to_move() == Player::South;
    let values = state.legal_mask().iter().map(|a| {
        let mut next = state.clone();
        next.play(a).unwrap();
        kalah_engine_margin(&next)
    });
    if south { values.max() } else { values.min() }.unwrap()
}

#[test]
fn kalah_table_matches_plain_minimax_over_engine_positions() {
    for empty_capture in [false, true] {
        let game = Kalah { rules: KalahRules { seeds_per_hole: 1, empty_capture }, limits: Kalah::DEFAULT_LIMITS };
        let tb = Tablebase::build(TableGame::Kalah { empty_capture }, 5, &|_, _| {}).unwrap();
        let ranks = Binomials::new();
        let mut checked = 0;
        for n in 0..=5usize {
            for r in (0..ranks.level_len(n)).step_by(7) {
                let pits = ranks.unrank(n, r);
                for to_move in Player::BOTH {
                    // The seeds off the board go to the stores, 3 to South, the rest North.
                    let rest = 12 - n as u8;
                    let stores = [3.min(rest), rest - 3.min(rest)];
                    let state = KalahState::from_parts(&game, engine_pits(&pits, to_move), stores, to_move).unwrap();
                    let south = kalah_engine_margin(&state);
                    let mover = if to_move == Player::South { south } else { -south };
                    let store_diff = stores[to_move.index()] as i32 - stores[to_move.other().index()] as i32;
                    assert_eq!(tb.probe(&state).map(i32::from), Some(mover - store_diff), "{state}");
                    assert_eq!(tb.probe_pits(&pits).map(i32::from), Some(mover - store_diff));
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
    }
}

#[test]
fn kalah_solver_without_table_agrees_with_the_table() {
    let tb = Tablebase::build(KALAH, 14, &|_, _| {}).unwrap();
    let mut solver = Solver::new(false, None, SolverConfig { tt_log2: 20 });
    let mut rng = SmallRng::seed_from_u64(11);
    let ranks = Binomials::new();
    for _ in 0..400 {
        let n = rng.random_range(0..=14usize);
        let pits = ranks.unrank(n, rng.random_range(0..ranks.level_len(n)));
        assert_eq!(solver.value(&pits), tb.probe_pits(&pits).unwrap() as i32, "{pits:?}");
    }
    let mut big = [0u8; 12];
    big[0] = 15;
    assert_eq!(tb.probe_pits(&big), None);
}

/// The engine's result of an Oware position played perfectly under its full rules
/// (repetition history, majority end): +1 the mover wins, 0 draw, -1 he loses. `None` when a
/// repetition ended some line of the search (then the history can decide) or the search
/// grew past `budget` positions.
fn oware_engine_result(state: &OwareState, budget: &mut u32) -> Option<i32> {
    if state.is_terminal() {
        let o = state.outcome().expect("over");
        return Some(match o.result {
            GameResult::Win(p) if p == state.to_move() => 1,
            GameResult::Win(_) => -1,
            _ => 0,
        });
    }
    *budget = budget.checked_sub(1)?;
    let mover = state.to_move();
    let pits = relative_pits(&state.snapshot().pits, mover);
    let scores = state.snapshot().stores;
    if state.legal_mask().is_empty() {
        // A position set up with no move (play would have ended the game already): each
        // player takes his own row.
        let mine = scores[mover.index()] as i32 + pits[..6].iter().map(|&p| p as i32).sum::<i32>();
        let theirs = scores[mover.other().index()] as i32 + pits[6..].iter().map(|&p| p as i32).sum::<i32>();
        return Some((mine - theirs).signum());
    }
    let mut best = -2;
    for a in state.legal_mask().iter() {
        let mut next = state.clone();
        next.play(a).unwrap();
        if next.is_terminal() {
            // Ended by a majority, by a starved player, or else by a repetition.
            let step = ob::play(&pits, a as usize);
            let mine = scores[mover.index()] + step.gain as u32;
            let theirs = scores[mover.other().index()];
            let majority = mine > 24 || (mine == 24 && theirs == 24);
            if !majority && ob::legal(&step.next) != 0 {
                return None;
            }
        }
        best = best.max(-oware_engine_result(&next, budget)?);
    }
    Some(best)
}

/// The measured fact `docs/ground-truth.md` explains: from 11 seeds in play on, no value
/// depends on how a repetition is scored (checked here at 11 seeds; the 20-seed build finds
/// none up to 20), though endless capture-free lines exist at every level
/// (`examples/oware_cycles.rs`).
#[test]
fn oware_values_depend_on_the_repetition_convention_only_below_eleven_seeds() {
    let tb = Tablebase::build(TableGame::Oware, 11, &|_, _| {}).unwrap();
    let by_seeds = &tb.stats().cycle_dependent_by_seeds;
    assert_eq!(by_seeds.len(), 12);
    assert_eq!(by_seeds[..11], [0, 0, 13, 64, 246, 0, 1528, 4845, 10914, 23361, 46870][..]);
    assert_eq!(by_seeds[11], 0);
    assert_eq!(tb.stats().cycle_dependent, by_seeds.iter().sum::<u64>());
}

#[test]
fn oware_table_win_draw_loss_matches_the_engine_where_no_repetition_decides() {
    let tb = Tablebase::build(TableGame::Oware, 6, &|_, _| {}).unwrap();
    assert!(tb.stats().cycle_dependent > 0, "small boards do cycle");
    let game = Oware::default();
    let ranks = Binomials::new();
    let mut rng = SmallRng::seed_from_u64(5);
    let (mut checked, mut skipped, mut decisive) = (0, 0, 0);
    for _ in 0..3000 {
        let n = rng.random_range(1..=6usize);
        let pits = ranks.unrank(n, rng.random_range(0..ranks.level_len(n)));
        let to_move = if rng.random_bool(0.5) { Player::South } else { Player::North };
        // Scores: the mover `lead` seeds ahead, neither past half.
        let rest = 48 - n as i32;
        let lead = rng.random_range(-(n as i32)..=(n as i32));
        let (mine, theirs) = ((rest + lead) / 2, (rest - lead) / 2);
        if (rest + lead) % 2 != 0 || mine > 24 || theirs > 24 {
            continue;
        }
        let mut scores = [0u8; 2];
        scores[to_move.index()] = mine as u8;
        scores[to_move.other().index()] = theirs as u8;
        let state = OwareState::from_parts(&game, engine_pits(&pits, to_move), scores, to_move).unwrap();
        if state.is_terminal() {
            continue;
        }
        let Some(engine) = oware_engine_result(&state, &mut 200_000) else {
            skipped += 1;
            continue;
        };
        let table = (tb.probe(&state).unwrap() as i32 + lead).signum();
        assert_eq!(table, engine, "{state}");
        checked += 1;
        decisive += (engine != 0) as u32;
    }
    assert!(checked > 300 && decisive > 100, "{checked} checked, {decisive} decisive, {skipped} skipped");
}

/// A table's path in a fresh folder of this process for the test `name`.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mankala-solver-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("table.mtb")
}

/// Removes the folder of a path from [`temp`] (at a passing test's end; a failing one keeps
/// its files for a look).
fn done(path: &Path) {
    let _ = std::fs::remove_dir_all(path.parent().expect("a table's folder"));
}

#[test]
fn saved_table_loads_back_identical() {
    let path = temp("roundtrip");
    let tb = Tablebase::build(KALAH, 8, &|_, _| {}).unwrap();
    tb.save(&path).unwrap();
    let back = Tablebase::load(&path, KALAH, Some(8)).unwrap();
    assert_eq!(back.header(), tb.header());
    let ranks = Binomials::new();
    for r in 0..ranks.level_len(8) {
        let pits = ranks.unrank(8, r);
        assert_eq!(back.probe_pits(&pits), tb.probe_pits(&pits));
    }
    assert_eq!(Tablebase::load(&path, KALAH, None).unwrap().header().max_seeds, 8);
    done(&path);
}

#[test]
fn load_refuses_a_wrong_variant_rules_or_seed_count() {
    let path = temp("mismatch");
    Tablebase::build(KALAH, 4, &|_, _| {}).unwrap().save(&path).unwrap();
    let field = |e: TablebaseError| match e {
        TablebaseError::Mismatch { field, .. } => field,
        other => panic!("expected a mismatch, got {other}"),
    };
    let e = Tablebase::load(&path, TableGame::Oware, None).unwrap_err();
    assert!(e.to_string().contains("variant is kalah, expected oware"), "{e}");
    assert_eq!(field(e), "variant");
    let e = Tablebase::load(&path, TableGame::Kalah { empty_capture: true }, None).unwrap_err();
    assert!(e.to_string().contains("empty_capture"), "{e}");
    assert_eq!(field(e), "rules");
    let e = Tablebase::load(&path, KALAH, Some(5)).unwrap_err();
    assert!(e.to_string().contains(path.to_str().unwrap()), "{e}");
    assert_eq!(field(e), "seeds");
    done(&path);
}

#[test]
fn load_refuses_damaged_truncated_and_foreign_files() {
    let path = temp("damaged");
    Tablebase::build(KALAH, 4, &|_, _| {}).unwrap().save(&path).unwrap();
    let good = std::fs::read(&path).unwrap();

    let mut flipped = good.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    std::fs::write(&path, &flipped).unwrap();
    assert!(matches!(Tablebase::load(&path, KALAH, None), Err(TablebaseError::Checksum { .. })));

    std::fs::write(&path, &good[..good.len() - 10]).unwrap();
    assert!(matches!(Tablebase::load(&path, KALAH, None), Err(TablebaseError::Length { .. })));

    std::fs::write(&path, &good[..20]).unwrap();
    let e = Tablebase::load(&path, KALAH, None).unwrap_err();
    assert!(matches!(e, TablebaseError::BadHeader { .. }), "{e}");

    let mut header = good.clone();
    header[30] ^= 0x40; // inside the header: its CRC no longer matches
    std::fs::write(&path, &header).unwrap();
    assert!(matches!(Tablebase::load(&path, KALAH, None), Err(TablebaseError::BadHeader { .. })));

    std::fs::write(&path, b"PAR1 not a table").unwrap();
    assert!(matches!(Tablebase::load(&path, KALAH, None), Err(TablebaseError::NotATablebase { .. })));

    let missing = path.with_file_name("missing.mtb");
    let e = Tablebase::load(&missing, KALAH, None).unwrap_err();
    assert!(e.to_string().contains("missing.mtb"), "{e}");
    done(&path);
}

#[test]
fn terminal_positions_hold_each_row_for_its_owner() {
    let tb = Tablebase::build(KALAH, 6, &|_, _| {}).unwrap();
    let pits = [0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 3];
    assert_eq!(board::terminal_value(&pits), Some(-6));
    assert_eq!(tb.probe_pits(&pits), Some(-6));
}
