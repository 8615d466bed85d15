//! The Kalah solver against a plain full-width minimax over the engine's own positions, with
//! and without tablebases, on the small boards (one to three seeds a pit).

use std::collections::HashMap;

use mankala_engine::variants::kalah::{Kalah, KalahRules, KalahState};
use mankala_engine::{Game, Player, State};
use mankala_solver::kalah::{Position, Solver, SolverConfig, board};
use mankala_solver::tablebase::{TableGame, Tablebase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn game(seeds: u8, empty_capture: bool) -> Kalah {
    Kalah { rules: KalahRules { seeds_per_hole: seeds, empty_capture }, limits: Kalah::DEFAULT_LIMITS }
}

/// Final margin South minus North under perfect play, by minimax over engine states: every
/// move of every position. Positions are remembered by their pits and player to move, with
/// the margin of the seeds still in play (the stores only add to it), so that it finishes.
fn engine_minimax(state: &KalahState, memo: &mut HashMap<(Vec<u32>, Player), i32>) -> i32 {
    let snap = state.snapshot();
    let stores = snap.stores[0] as i32 - snap.stores[1] as i32;
    if let Some(o) = state.outcome() {
        return o.scores[0] as i32 - o.scores[1] as i32;
    }
    let key = (snap.pits, state.to_move());
    if let Some(&v) = memo.get(&key) {
        return stores + v;
    }
    let south = state.to_move() == Player::South;
    let mut best = if south { i32::MIN } else { i32::MAX };
    for a in state.legal_mask().iter() {
        let mut next = state.clone();
        next.play(a).expect("legal");
        let v = engine_minimax(&next, memo);
        best = if south { best.max(v) } else { best.min(v) };
    }
    memo.insert(key, best - stores);
    best
}

/// The value of the seeds in play by full-width minimax over the solver's board (every
/// move, no pruning, no tables), remembering positions.
fn board_minimax(pits: &board::Pits, empty_capture: bool, memo: &mut HashMap<board::Pits, i32>) -> i32 {
    if let Some(v) = board::terminal_value(pits) {
        return v;
    }
    if let Some(&v) = memo.get(pits) {
        return v;
    }
    let best = (0..6)
        .filter(|&i| pits[i] > 0)
        .map(|i| {
            let step = board::play(pits, i, empty_capture);
            board::backed_up(&step, board_minimax(&step.next, empty_capture, memo))
        })
        .max()
        .unwrap();
    memo.insert(*pits, best);
    best
}

fn small_config() -> SolverConfig {
    SolverConfig { tt_log2: 18 }
}

#[test]
fn start_values_of_one_seed_boards_match_plain_minimax_over_engine_positions() {
    for seeds in 1..=1 {
        for empty_capture in [false, true] {
            let g = game(seeds, empty_capture);
            let start = g.initial_state();
            let expected = engine_minimax(&start, &mut HashMap::new());
            let mut solver = Solver::new(empty_capture, None, small_config());
            let solution = solver.solve_state(&start);
            assert_eq!(solution.value, expected, "kalah(6,{seeds}) empty_capture={empty_capture}");
            assert_eq!(solver.south_margin(&start), expected);
        }
    }
}

#[test]
fn two_and_three_seed_starts_agree_with_and_without_tablebase() {
    for empty_capture in [false, true] {
        let tb = std::sync::Arc::new(Tablebase::build(TableGame::Kalah { empty_capture }, 12, &|_, _| {}).unwrap());
        for seeds in 2..=3u8 {
            let mut with_table = Solver::new(empty_capture, Some(tb.clone()), SolverConfig { tt_log2: 22 });
            let mut plain = Solver::new(empty_capture, None, SolverConfig { tt_log2: 22 });
            let start = game(seeds, empty_capture).initial_state();
            let solution = with_table.solve_state(&start);
            assert_eq!(solution.value, plain.value(&[seeds; 12]), "kalah(6,{seeds})");
            // The principal variation, played on the engine, scores the value.
            let mut state = start.clone();
            for &a in &solution.pv {
                state.play(a as u16).unwrap();
            }
            let o = state.outcome().expect("the game is over");
            assert_eq!(o.scores[0] as i32 - o.scores[1] as i32, solution.value);
        }
    }
}

#[test]
fn principal_variation_plays_to_the_end_and_scores_the_value() {
    for (seeds, empty_capture) in [(1, false), (2, true), (2, false)] {
        let g = game(seeds, empty_capture);
        let mut state = g.initial_state();
        let mut solver = Solver::new(empty_capture, None, small_config());
        let solution = solver.solve_state(&state);
        for &a in &solution.pv {
            state.play(a as u16).expect("the principal variation is legal");
        }
        let o = state.outcome().expect("the principal variation ends the game");
        assert_eq!(o.scores[0] as i32 - o.scores[1] as i32, solution.value);
    }
}

#[test]
fn late_positions_of_two_and_three_seed_games_match_plain_minimax() {
    let mut rng = SmallRng::seed_from_u64(7);
    for empty_capture in [false, true] {
        let mut solver = Solver::new(empty_capture, None, small_config());
        let (mut engine_memo, mut board_memo) = (HashMap::new(), HashMap::new());
        let mut checked = 0;
        for seeds in 2..=3u8 {
            let g = game(seeds, empty_capture);
            for _ in 0..60 {
                // Random play until at most 16 seeds are left in play.
                let mut state = g.initial_state();
                while !state.is_terminal() && state.snapshot().pits.iter().sum::<u32>() > 16 {
                    let legal: Vec<u16> = state.legal_mask().iter().collect();
                    state.play(legal[rng.random_range(0..legal.len())]).unwrap();
                }
                let p = Position::of(&state);
                let in_play: u32 = p.pits.iter().map(|&x| x as u32).sum();
                let expected = board_minimax(&p.pits, empty_capture, &mut board_memo);
                assert_eq!(solver.value(&p.pits), expected, "{state}");
                if in_play <= 12 {
                    assert_eq!(solver.south_margin(&state), engine_minimax(&state, &mut engine_memo));
                }
                let best = solver.best_moves(&state);
                assert_eq!(best.is_empty(), state.is_terminal());
                for a in best {
                    let step = board::play(&p.pits, a as usize, empty_capture);
                    let child = board_minimax(&step.next, empty_capture, &mut board_memo);
                    assert_eq!(board::backed_up(&step, child), expected, "{state} {a}");
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 120);
    }
}

#[test]
fn solver_on_tiny_positions_matches_unpruned_minimax() {
    let mut rng = SmallRng::seed_from_u64(3);
    let mut solver = Solver::new(false, None, small_config());
    let mut solver_ec = Solver::new(true, None, small_config());
    for _ in 0..300 {
        let mut pits = [0u8; 12];
        for _ in 0..rng.random_range(1..=9) {
            pits[rng.random_range(0..12)] += 1;
        }
        assert_eq!(solver.value(&pits), board::minimax(&pits, false), "{pits:?}");
        assert_eq!(solver_ec.value(&pits), board::minimax(&pits, true), "{pits:?}");
    }
}

#[test]
fn position_of_an_engine_state_is_seen_from_the_mover() {
    let g = game(4, false);
    let mut state = g.initial_state();
    state.play(state.parse_action("C").unwrap()).unwrap(); // C D E F store: again
    state.play(state.parse_action("F").unwrap()).unwrap(); // to north's row
    let p = Position::of(&state);
    assert_eq!(p.to_move, Player::North);
    assert_eq!(p.store_diff, -2);
    assert_eq!(p.pits, [5, 5, 5, 5, 4, 4, 4, 4, 0, 5, 5, 0]);
}
