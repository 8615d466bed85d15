//! Traced play: a move's steps, seed movement by seed movement, agree with the move itself.
//! Random games of every variant configuration, and one move per family written out by hand.

mod common;

use mankala_engine::variants::bao::{Bao, BaoKind, BaoRules, BaoSetup, BaoState};
use mankala_engine::variants::kalah::Kalah;
use mankala_engine::variants::omweso::{Kind, Omweso, OmwesoRules, OmwesoState};
use mankala_engine::variants::oware::{Oware, OwareState};
use mankala_engine::{Game, Place, Player, SowEvent, State, StepKind, Trace, TraceBoard, TraceStep, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GAMES: u64 = 40;
const MAX_PLIES: u32 = 300;

/// Every place's count on a board, in one list: holes, stores, hands, the handful.
fn counts(b: &TraceBoard) -> Vec<u32> {
    let mut v = b.pits.clone();
    v.extend(b.stores);
    v.extend(b.in_hand);
    v.push(b.sowing);
    v
}

/// Checks one traced action against the same action played unchecked.
fn check_traced<S: State>(label: &str, total: u32, before: &S, a: u16) -> Trace {
    let mut plain = before.clone();
    plain.play_unchecked(a);
    let mut traced = before.clone();
    let trace = traced.play_traced(a);
    let ctx = format!("{label}, ply {}, action {a}\n{before}", before.ply());
    assert_eq!(traced, plain, "traced play ends elsewhere: {ctx}");
    assert_eq!(trace.faults, 0, "an event moved seeds that were not there: {ctx}");
    assert!(trace.before.matches(&before.snapshot()), "the trace starts elsewhere: {ctx}");
    assert!(
        trace.last_board().matches(&plain.snapshot()),
        "the last step's board {:?} is not the position after the move {:?}: {ctx}",
        trace.last_board(),
        plain.snapshot()
    );
    let mut prev = &trace.before;
    for (k, step) in trace.steps.iter().enumerate() {
        let b = &step.board;
        assert_eq!(b.total(), total, "seeds not conserved at step {k}: {ctx}");
        assert_eq!(b.pits.len(), prev.pits.len(), "step {k}: {ctx}");
        let (old, new) = (counts(prev), counts(b));
        let changed: Vec<usize> = (0..old.len()).filter(|&i| old[i] != new[i]).collect();
        let holes = b.pits.len();
        match step.event {
            SowEvent::Move { kind: StepKind::Sow | StepKind::Kichwa, from, .. } => {
                // A drop: one hole or store one seed up, the hand being sown one seed down.
                assert!(matches!(from, Place::Sowing | Place::Hand(_)), "step {k} drops from {from:?}: {ctx}");
                assert_eq!(changed.len(), 2, "step {k} changes {changed:?}: {ctx}");
                let up: Vec<_> = changed.iter().filter(|&&i| new[i] == old[i] + 1).collect();
                let down: Vec<_> = changed.iter().filter(|&&i| new[i] + 1 == old[i]).collect();
                assert_eq!(up.len(), 1, "step {k} adds to no one place: {ctx}");
                assert_eq!(down.len(), 1, "step {k} takes from no one place: {ctx}");
                assert!(*up[0] < holes + 2, "step {k} drops into a hand: {ctx}");
                assert!(*down[0] >= holes + 2, "step {k} drops from a hole or store: {ctx}");
            }
            SowEvent::Move { seeds, .. } => {
                assert!(seeds > 0, "step {k} moves no seed: {ctx}");
                assert_eq!(changed.len(), 2, "step {k} changes {changed:?}: {ctx}");
            }
            SowEvent::Bull { .. } => {
                assert!(changed.is_empty(), "a bull step moved seeds: {ctx}");
                assert_ne!(b.owners, prev.owners, "a bull step changed no owner: {ctx}");
            }
        }
        // The holes a step names as changed are the holes whose counts changed (a bull's
        // hole changes owner, not count).
        if !matches!(step.event, SowEvent::Bull { .. }) {
            let hole_changes: Vec<usize> = changed.iter().copied().filter(|&i| i < holes).collect();
            let mut named = step.changed_holes();
            named.sort_unstable();
            assert_eq!(named, hole_changes, "step {k}'s changed holes: {ctx}");
        }
        assert_eq!(step.label, step.event.kind().label());
        prev = b;
    }
    trace
}

fn check_game<G: Game>(label: &str, g: &G, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut s = g.initial_state();
    let total = g.total_seeds();
    let mut steps = 0;
    while !s.is_terminal() && s.ply() < MAX_PLIES {
        let legal = s.legal_actions();
        let a = legal[rng.random_range(0..legal.len())];
        let trace = check_traced(&format!("{label}, seed {seed}"), total, &s, a);
        steps += trace.steps.len();
        s.play_unchecked(a);
    }
    steps
}

#[test]
fn traced_play_agrees_with_play_unchecked_in_random_games_of_every_variant() {
    for (label, game) in common::all_configs() {
        let mut steps = 0;
        for seed in 0..GAMES {
            steps += with_game!(&game, g => check_game(&label, g, seed));
        }
        assert!(steps > 0, "{label}: no step traced");
    }
}

/// One expected step: its label, the holes it sets (index, count), the stores, the hands and
/// the handful after it.
struct Expect<'a> {
    label: &'a str,
    set: &'a [(usize, u32)],
    stores: [u32; 2],
    in_hand: [u32; 2],
    sowing: u32,
}

fn e<'a>(label: &'a str, set: &'a [(usize, u32)], stores: [u32; 2], sowing: u32) -> Expect<'a> {
    Expect { label, set, stores, in_hand: [0, 0], sowing }
}

/// Checks a trace step by step against the boards written out by hand, each from the one
/// before (starting from the trace's first board).
fn check_golden(trace: &Trace, expected: &[Expect]) {
    assert_eq!(trace.steps.len(), expected.len(), "steps: {:#?}", trace.steps.iter().map(|s| s.label).collect::<Vec<_>>());
    let mut pits = trace.before.pits.clone();
    for (k, (step, want)) in trace.steps.iter().zip(expected).enumerate() {
        for &(h, n) in want.set {
            pits[h] = n;
        }
        let TraceStep { label, board, .. } = step;
        assert_eq!(*label, want.label, "step {k}");
        assert_eq!(board.pits, pits, "step {k} ({label}) holes");
        assert_eq!(board.stores, want.stores, "step {k} ({label}) stores");
        assert_eq!(board.in_hand, want.in_hand, "step {k} ({label}) hands");
        assert_eq!(board.sowing, want.sowing, "step {k} ({label}) handful");
    }
}

#[test]
fn a_kalah_move_ending_in_the_store_is_lifted_then_sown_seed_by_seed() {
    let g = Kalah::default();
    let mut s = g.initial_state();
    // C (hole 2) holds 4: D, E, F and the store, and South moves again.
    let trace = s.play_traced(2);
    assert_eq!(trace.mover, Player::South);
    assert_eq!(trace.before.pits, vec![4; 12]);
    check_golden(
        &trace,
        &[
            e("lift", &[(2, 0)], [0, 0], 4),
            e("sow", &[(3, 5)], [0, 0], 3),
            e("sow", &[(4, 5)], [0, 0], 2),
            e("sow", &[(5, 5)], [0, 0], 1),
            e("sow", &[], [1, 0], 0),
        ],
    );
    assert_eq!(s.to_move(), Player::South);
}

#[test]
fn an_oware_capture_takes_the_last_hole_then_the_one_before() {
    let g = Oware::default();
    let pits = [4, 4, 4, 4, 4, 2, 1, 1, 4, 4, 4, 4];
    let mut s = OwareState::from_parts(&g, pits, [8, 0], Player::South).unwrap();
    // F (hole 5) sows into a and b, making 2 and 2: both are captured, b first.
    let trace = s.play_traced(5);
    check_golden(
        &trace,
        &[
            e("lift", &[(5, 0)], [8, 0], 2),
            e("sow", &[(6, 2)], [8, 0], 1),
            e("sow", &[(7, 2)], [8, 0], 0),
            e("capture", &[(7, 0)], [10, 0], 0),
            e("capture", &[(6, 0)], [12, 0], 0),
        ],
    );
}

#[test]
fn a_bao_namua_capture_sows_the_captured_seeds_from_the_kichwa() {
    let g = Bao::new(BaoKind::Bao, BaoRules::of(BaoKind::Bao), Bao::DEFAULT_LIMITS);
    // South: A3 = 1 and two in each back hole, 10 in hand. North: a1 = 1, a6 = 2, three in
    // each back hole, 10 in hand. South's seed from hand into A3 faces a6's two seeds.
    let mut south = [0u8; 16];
    south[2] = 1;
    south[8..].fill(2);
    let mut north = [0u8; 16];
    north[0] = 1;
    north[5] = 2;
    north[8..].fill(3);
    let setup = BaoSetup { holes: [south, north], hand: [10, 10], owned: [false, false], to_move: Player::South, takasia: None };
    let mut s = BaoState::from_setup(&g, &setup).unwrap();
    let action = s.parse_action("A3>").unwrap();
    let trace = s.play_traced(action);
    // Holes: South's A1..A8 = 0..7, North's a1..a8 = 16..23.
    let hands = |south: u32| Expect { label: "", set: &[], stores: [0, 0], in_hand: [south, 10], sowing: 0 };
    let step = |label, set, sowing| Expect { label, set, sowing, ..hands(9) };
    check_golden(&trace, &[step("sow", &[(2, 2)], 0), step("capture", &[(21, 0)], 2), step("kichwa", &[(0, 1)], 1), step("sow", &[(1, 1)], 0)]);
    assert_eq!(s.to_move(), Player::North);
}

#[test]
fn an_omweso_relay_lifts_the_hole_where_the_last_seed_fell() {
    let g = Omweso { kind: Kind::Omweso, rules: OmwesoRules::of(Kind::Omweso), limits: Omweso::DEFAULT_LIMITS };
    // South's track positions 0..7 are his back row (A..H), 8..15 his front row.
    let mut south = [0u8; 16];
    south[0] = 2;
    south[2] = 1;
    south[5..8].fill(2);
    let mut north = [3u8; 16];
    north[0] = 10;
    let mut s = OmwesoState::from_parts(&g, south, north, Player::South).unwrap();
    let trace = s.play_traced(0);
    // A drawn side lists the front row from the owner's left (track 15..8), then the back
    // row (track 0..7): track position p < 8 is hole 8 + p.
    check_golden(
        &trace,
        &[
            e("lift", &[(8, 0)], [0, 0], 2),
            e("sow", &[(9, 1)], [0, 0], 1),
            e("sow", &[(10, 2)], [0, 0], 0),
            e("relay", &[(10, 0)], [0, 0], 2),
            e("sow", &[(11, 1)], [0, 0], 1),
            e("sow", &[(12, 1)], [0, 0], 0),
        ],
    );
    assert_eq!(s.to_move(), Player::North);
}
