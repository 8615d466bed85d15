//! The invariant suite every variant passes: 1,000 seeded random games per configuration.

mod common;

use mankala_engine::{ActionMask, Encoder, Game, GameResult, State, THERMOMETER_LEVELS, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: u64 = 1000;

fn check_game<G: Game>(label: &str, g: &G, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut s = g.initial_state();
    let mut features = vec![f32::NAN; g.encoding_len()];
    let total = g.total_seeds();
    let v2 = Encoder::new(g, 2).expect("version 2 exists");
    let mut features2 = vec![f32::NAN; v2.len()];
    loop {
        let ply = s.ply();
        let ctx = || format!("{label}, game seed {seed}, ply {ply}");
        // Seeds conserved.
        assert_eq!(s.snapshot().total(), total, "seeds not conserved: {}\n{s}", ctx());
        // Encoding of the declared length, every value finite and overwritten.
        features.fill(f32::NAN);
        s.encode(&mut features);
        assert!(features.iter().all(|v| v.is_finite()), "encoding has a non-finite value: {}", ctx());
        check_version_two(g, &v2, &s, &features, &mut features2, &ctx);
        // Clone equality.
        let copy = s.clone();
        assert_eq!(copy, s, "clone differs: {}", ctx());
        // Length within the cap.
        assert!(s.ply() <= g.limits().max_plies, "game past the ply cap: {}", ctx());

        let legal = s.legal_actions();
        // Legal mask matches the legal list, and the list is sorted and in range.
        assert_eq!(s.legal_mask(), ActionMask::from_actions(&legal), "mask differs from list: {}", ctx());
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "legal list not strictly increasing: {}", ctx());
        assert!(legal.iter().all(|&a| (a as usize) < g.num_actions()), "action out of range: {}", ctx());
        for a in 0..g.num_actions() as u16 {
            let mut t = s.clone();
            let played = t.play(a);
            assert_eq!(played.is_ok(), legal.contains(&a), "play({a}) disagrees with the legal list: {}", ctx());
            if played.is_err() {
                assert_eq!(t, s, "a refused action changed the position: {}", ctx());
            }
        }
        // Terminal exactly when nothing is legal; the outcome is zero-sum.
        match s.outcome() {
            Some(o) => {
                assert!(legal.is_empty(), "terminal position with legal actions: {}", ctx());
                let r = o.returns();
                assert_eq!(r[0] + r[1], 0.0, "outcome not zero-sum: {}", ctx());
                match o.result {
                    GameResult::Capped(_) => assert_eq!(r, [0.0, 0.0]),
                    GameResult::Draw => assert_eq!(o.scores[0], o.scores[1], "draw with unequal scores: {}", ctx()),
                    GameResult::Win(p) if four_row(g.name()) => {
                        // Won by leaving the loser without a move (he then holds at most
                        // one seed a hole), or by nkutemye within the winner's own move.
                        assert!(
                            (s.to_move() == p.other() && o.scores[p.other().index()] <= 16) || s.to_move() == p,
                            "a four-row win that is neither: {}",
                            ctx()
                        )
                    }
                    GameResult::Win(p) if g.name().starts_with("bao") => {
                        // Won by emptying the loser's front row within the winner's move,
                        // or the loser, to move, has no legal move or emptied his own.
                        let pits = s.snapshot().pits;
                        let loser = p.other().index() * 16;
                        let front_empty = pits[loser..loser + 8].iter().all(|&x| x == 0);
                        assert!((s.to_move() == p && front_empty) || s.to_move() == p.other(), "a Bao win that is neither: {}", ctx())
                    }
                    GameResult::Win(p) => {
                        assert!(o.scores[p.index()] > o.scores[p.other().index()], "winner has fewer seeds: {}", ctx())
                    }
                }
                // A match of rounds (lane's `match_to`) is scored in points, not seeds.
                if !matches!(o.result, GameResult::Capped(_)) && !label.contains("match_to") {
                    assert_eq!(o.scores[0] + o.scores[1], total, "final scores do not add up: {}", ctx());
                }
                return;
            }
            None => assert!(!legal.is_empty(), "position not terminal but nothing is legal: {}", ctx()),
        }
        // Notation round-trips for every legal action.
        for &a in &legal {
            let name = s.action_to_string(a);
            assert_eq!(s.parse_action(&name), Ok(a), "notation `{name}` does not parse back: {}", ctx());
            assert_eq!(s.parse_action(&a.to_string()), Ok(a), "index {a} does not parse: {}", ctx());
        }
        let a = legal[rng.random_range(0..legal.len())];
        let before = s.clone();
        s.play_unchecked(a);
        // Playing the same action on a clone gives the same position.
        let mut again = before.clone();
        again.play_unchecked(a);
        assert_eq!(again, s, "replaying {a} on a clone differs: {}", ctx());
        assert_eq!(s.ply(), before.ply() + 1, "ply did not advance: {}", ctx());
    }
}

/// Encoding version 2 starts with version 1's values; the values its variant declares as
/// counts are whole numbers of seeds that add up to the seeds in the board's holes; and each
/// count's thermometer levels say how many seeds it has, up to the last level.
fn check_version_two<G: Game>(g: &G, v2: &Encoder, s: &G::State, v1: &[f32], out: &mut [f32], ctx: &dyn Fn() -> String) {
    out.fill(f32::NAN);
    v2.encode(s, out);
    assert_eq!(&out[..v1.len()], v1, "version 2 begins with version 1: {}", ctx());
    assert!(out.iter().all(|v| v.is_finite()), "version 2 has a non-finite value: {}", ctx());
    let mut k = v1.len();
    let mut seeds = 0.0;
    for span in g.count_features() {
        for &x in &v1[span.start..span.start + span.len] {
            let n = x / span.per_seed;
            assert!((n - n.round()).abs() < 1e-3 && n >= -1e-3, "value {x} is not a count of seeds of {}: {}", span.per_seed, ctx());
            seeds += n.round();
            let levels = &out[k..k + THERMOMETER_LEVELS];
            let want: Vec<f32> = (1..=THERMOMETER_LEVELS).map(|l| if n.round() >= l as f32 { 1.0 } else { 0.0 }).collect();
            assert_eq!(levels, want.as_slice(), "levels of {} seeds: {}", n.round(), ctx());
            k += THERMOMETER_LEVELS;
        }
    }
    assert_eq!(k, v2.len(), "version 2's length: {}", ctx());
    let holes: u32 = s.snapshot().pits.iter().sum();
    assert_eq!(seeds as u32, holes, "the counts declared are the board's holes: {}", ctx());
}

/// The four-row games are won by immobilizing the opponent or by nkutemye, not by seeds.
fn four_row(name: &str) -> bool {
    matches!(name, "omweso" | "coro" | "kombe" | "mongale")
}

#[test]
fn every_variant_keeps_the_invariants_over_random_games() {
    for (label, game) in common::all_configs() {
        for seed in 0..GAMES {
            with_game!(&game, g => check_game(&label, g, seed));
        }
    }
}

#[test]
fn capped_games_are_recorded_as_capped() {
    for (label, game) in common::all_configs() {
        let name = game.name();
        let limits: toml::Table = toml::from_str("max_plies = 3").unwrap();
        let short = mankala_engine::AnyGame::from_tables(name, &toml::Table::new(), &limits).unwrap();
        with_game!(&short, g => {
            let mut s = g.initial_state();
            while let Some(&a) = s.legal_actions().first() {
                s.play_unchecked(a);
            }
            let o = s.outcome().unwrap();
            assert!(s.ply() <= 3, "{label}");
            if s.ply() == 3 {
                assert_eq!(o.result, GameResult::Capped(mankala_engine::Cap::Plies), "{label}");
                assert_eq!(o.returns(), [0.0, 0.0]);
            }
        });
        let _ = label;
    }
}
