//! The solver's Kalah and Oware move generators agree with the engine move by move on many
//! random games, for every rule option.

use mankala_engine::variants::kalah::{Kalah, KalahRules};
use mankala_engine::variants::oware::Oware;
use mankala_engine::{Game, Player, State};
use mankala_solver::kalah::board as kb;
use mankala_solver::oware::board as ob;
use mankala_solver::tablebase::relative_pits;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn stores_for(state: &impl State, mover: Player) -> i32 {
    let s = state.snapshot().stores;
    s[mover.index()] as i32 - s[mover.other().index()] as i32
}

#[test]
fn kalah_moves_match_the_engine_for_every_seed_count_and_capture_rule() {
    let mut rng = SmallRng::seed_from_u64(19);
    for seeds in 1..=6u8 {
        for empty_capture in [false, true] {
            let game = Kalah { rules: KalahRules { seeds_per_hole: seeds, empty_capture }, limits: Kalah::DEFAULT_LIMITS };
            for _ in 0..150 {
                let mut state = game.initial_state();
                loop {
                    let mover = state.to_move();
                    let pits = relative_pits(&state.snapshot().pits, mover);
                    let before = stores_for(&state, mover);
                    if let Some(v) = kb::terminal_value(&pits) {
                        assert!(state.is_terminal(), "{state}");
                        let o = state.outcome().expect("over");
                        let margin = o.scores[mover.index()] as i32 - o.scores[mover.other().index()] as i32;
                        assert_eq!(margin, before + v, "{state}");
                        break;
                    }
                    assert!(!state.is_terminal());
                    let legal: Vec<u16> = state.legal_mask().iter().collect();
                    let ours: Vec<u16> = (0..6).filter(|&i| pits[i as usize] > 0).collect();
                    assert_eq!(legal, ours, "{state}");
                    let a = legal[rng.random_range(0..legal.len())];
                    let step = kb::play(&pits, a as usize, empty_capture);
                    state.play(a).expect("legal");
                    let next_mover = state.to_move();
                    assert_eq!(step.again, next_mover == mover, "{state}");
                    let after = stores_for(&state, mover);
                    assert_eq!(after - before, step.gain as i32, "{state}");
                    assert_eq!(relative_pits(&state.snapshot().pits, next_mover), step.next);
                }
            }
        }
    }
}

#[test]
fn oware_moves_match_the_engine_including_feeding_and_grand_slams() {
    let mut rng = SmallRng::seed_from_u64(20);
    let game = Oware::default();
    let mut starved = 0;
    for _ in 0..3000 {
        let mut state = game.initial_state();
        while !state.is_terminal() {
            let mover = state.to_move();
            let pits = relative_pits(&state.snapshot().pits, mover);
            let legal: Vec<u16> = state.legal_mask().iter().collect();
            let ours: Vec<u16> = (0..6).filter(|&i| ob::legal(&pits) & (1 << i) != 0).collect();
            assert_eq!(legal, ours, "{state}");
            if pits[6..].iter().all(|&p| p == 0) {
                starved += 1;
            }
            let a = legal[rng.random_range(0..legal.len())];
            let step = ob::play(&pits, a as usize);
            let before = stores_for(&state, mover);
            state.play(a).expect("legal");
            if state.is_terminal() {
                // The engine has collected the rows (or stopped at a repetition); the
                // position after the move is the solver's `next`, not comparable here.
                break;
            }
            let after = stores_for(&state, mover);
            assert_eq!(after - before, step.gain as i32, "{state}");
            assert_eq!(relative_pits(&state.snapshot().pits, state.to_move()), step.next);
        }
    }
    assert!(starved > 0, "random games reached a starved opponent");
}

#[test]
fn oware_grand_slam_captures_nothing() {
    // The mover's house F (5) holds 3 seeds: they land on the opponent's a, b, c, which
    // then hold 2, 3, 2; the opponent has nothing else, so nothing is captured.
    let mut pits = [0u8; 12];
    pits[5] = 3;
    pits[0] = 4;
    pits[6] = 1;
    pits[7] = 2;
    pits[8] = 1;
    let step = ob::play(&pits, 5);
    assert_eq!(step.gain, 0);
    assert_eq!(step.next, [2, 3, 2, 0, 0, 0, 4, 0, 0, 0, 0, 0]);
    // With one more seed beyond, the same sowing captures all three houses.
    pits[10] = 1;
    let step = ob::play(&pits, 5);
    assert_eq!(step.gain, 7);
    assert_eq!(step.next, [0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0, 0]);
}
