//! The Bao la Kujifunza solver against plain minimax on late positions, on hand-made
//! endgames, and its proofs against the independent checker, untouched and tampered.

use mankala_engine::variants::{Bao, BaoKind, BaoRules, BaoState};
use mankala_engine::{Game, GameResult, Player, State};
use mankala_solver::bao::{DfpnConfig, MoveValue, Solver, check};
use mankala_solver::error::ProofError;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn game(takasia: bool) -> Bao {
    let rules = BaoRules { takasia, ..BaoRules::of(BaoKind::Kujifunza) };
    Bao::new(BaoKind::Kujifunza, rules, Bao::DEFAULT_LIMITS)
}

fn solver(g: Bao) -> Solver {
    let config = DfpnConfig { table_entries: 1 << 18, max_nodes: Some(2_000_000), ..DfpnConfig::default() };
    Solver::new(g, config).unwrap()
}

/// Whether `mover`, whose turn it is in `s` (a finished game may name either player to
/// move), wins within `depth` plies (`None`: not decided that soon), by plain minimax over
/// the engine's moves.
fn minimax(s: &BaoState, mover: Player, depth: u32) -> Option<bool> {
    if let Some(o) = s.outcome() {
        return Some(matches!(o.result, GameResult::Win(p) if p == mover));
    }
    if depth == 0 {
        return None;
    }
    let mut undecided = false;
    for a in s.legal_mask().iter() {
        let mut c = s.clone();
        c.play_unchecked(a);
        match minimax(&c, mover.other(), depth - 1) {
            Some(false) => return Some(true),
            None => undecided = true,
            Some(true) => {}
        }
    }
    if undecided { None } else { Some(false) }
}

/// The last `keep` positions before the end of random games.
fn late_positions(g: &Bao, games: usize, keep: usize, seed: u64) -> Vec<BaoState> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut line = vec![g.initial_state()];
        let mut s = g.initial_state();
        while !s.is_terminal() {
            let moves: Vec<_> = s.legal_mask().iter().collect();
            s.play_unchecked(moves[rng.random_range(0..moves.len())]);
            line.push(s.clone());
        }
        let from = line.len().saturating_sub(keep + 1);
        out.extend(line[from..line.len() - 1].iter().cloned());
    }
    out
}

#[test]
fn the_solver_agrees_with_plain_minimax_on_late_positions() {
    for takasia in [false, true] {
        let g = game(takasia);
        let mut solver = solver(g);
        let mut compared = 0;
        for s in late_positions(&g, 40, 6, 3 + u64::from(takasia)) {
            let Some(wins) = minimax(&s, s.to_move(), 3) else { continue };
            let solution = solver.solve(&s, &mut |_| {});
            let expected = if wins { s.to_move() } else { s.to_move().other() };
            assert_eq!(solution.winner, Some(expected), "{s}");
            // Every move's value agrees too.
            for m in solver.moves(&s, &mut |_| {}) {
                let mut c = s.clone();
                c.play_unchecked(m.action);
                if let Some(mover_of_child_wins) = minimax(&c, s.to_move().other(), 2) {
                    let want = if mover_of_child_wins { MoveValue::Loses } else { MoveValue::Wins };
                    assert_eq!(m.value, want, "{s}\nmove {}", m.notation);
                }
            }
            compared += 1;
        }
        assert!(compared >= 40, "only {compared} positions settled by minimax");
    }
}

#[test]
fn a_player_with_only_singletons_has_lost() {
    let g = game(false);
    let s = g.parse_position("bao-kujifunza 1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1/2,2,2,2,2,2,2,2/4,4,4,4,4,4,4,4 south").unwrap();
    let solution = solver(g).solve(&s, &mut |_| {});
    assert_eq!(solution.winner, Some(Player::North));
    assert_eq!(solution.outcome.plies, Some(0));
}

#[test]
fn taking_the_last_front_hole_wins_at_once() {
    // North's front row holds one seed, in a7, facing A2; South's only move, B1> (two seeds:
    // A1, then A2, which is occupied), captures it and leaves North's front row empty.
    let g = game(false);
    let s = g.parse_position("bao-kujifunza 0,1,0,0,0,0,0,0/2,0,0,0,0,0,0,0/0,0,0,0,0,0,1,0/8,8,8,8,7,7,7,7 south").unwrap();
    let mut solver = solver(g);
    let solution = solver.solve(&s, &mut |_| {});
    assert_eq!(solution.winner, Some(Player::South));
    assert_eq!(solution.outcome.plies, Some(1));
    let moves = solver.moves(&s, &mut |_| {});
    assert_eq!(moves.len(), 1);
    assert_eq!((moves[0].notation.as_str(), moves[0].value), ("B1>", MoveValue::Wins));
    assert_eq!(solver.best_moves(&s), (vec![moves[0].action], Some(true)));
}

/// A late position whose winner has at least `min` positions in his strategy, and that
/// strategy's proof text.
fn proved_position(g: &Bao, min: usize) -> (BaoState, String, Solver) {
    for s in late_positions(g, 60, 12, 17) {
        let mut solver = solver(*g);
        let Some(winner) = solver.solve(&s, &mut |_| {}).winner else {
            continue;
        };
        let strategy = solver.strategy(&s, winner).unwrap();
        if strategy.moves.len() >= min {
            let mut text = Vec::new();
            strategy.write(g, &mut text).unwrap();
            return (s, String::from_utf8(text).unwrap(), solver);
        }
    }
    panic!("no late position with a strategy of {min} positions");
}

#[test]
fn the_checker_accepts_the_solvers_proof() {
    let g = game(false);
    let (s, text, _) = proved_position(&g, 3);
    let checked = check(&g, "proof", text.as_bytes()).unwrap();
    assert_eq!(checked.start, s.position_text());
    assert!(checked.positions >= 3 && checked.plies >= 3, "{checked:?}");
    assert_eq!(checked.unused, 0);
}

#[test]
fn the_checker_refuses_a_tampered_proof() {
    let g = game(false);
    let (_, text, mut solver) = proved_position(&g, 3);
    let lines: Vec<&str> = text.lines().collect();
    let body = 8;
    // A line left out: the winner has no move there.
    let mut fewer: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    fewer.remove(body);
    let n: usize = lines[7].strip_prefix("positions ").unwrap().parse().unwrap();
    fewer[7] = format!("positions {}", n - 1);
    let e = check(&g, "proof", fewer.join("\n").as_bytes()).unwrap_err();
    assert!(matches!(e, ProofError::Refuted { .. }), "{e}");
    assert!(e.to_string().contains("no move for the winner"), "{e}");
    // A winning move replaced by a losing one, where some line has one.
    let mut replaced = false;
    for i in body..lines.len() {
        let (position, _) = lines[i].split_once('\t').unwrap();
        let state = g.parse_position(position).unwrap();
        let losing = solver.moves(&state, &mut |_| {}).into_iter().find(|m| m.value == MoveValue::Loses);
        if let Some(m) = losing {
            let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            bad[i] = format!("{position}\t{}", m.notation);
            let e = check(&g, "proof", bad.join("\n").as_bytes()).unwrap_err();
            assert!(matches!(e, ProofError::Refuted { .. }), "{e}");
            replaced = true;
            break;
        }
    }
    assert!(replaced, "no position of the proof has a losing move");
    // Another winner, other rules, a move that is not legal: each refused by its line.
    let other = if text.contains("\nwinner south\n") {
        text.replacen("\nwinner south\n", "\nwinner north\n", 1)
    } else {
        text.replacen("\nwinner north\n", "\nwinner south\n", 1)
    };
    assert!(check(&g, "proof", other.as_bytes()).is_err());
    let e = check(&game(true), "proof", text.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("line 3") && e.to_string().contains("rules"), "{e}");
    let (position, _) = lines[body].split_once('\t').unwrap();
    let mut illegal: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    illegal[body] = format!("{position}\tZ9>");
    let e = check(&g, "proof", illegal.join("\n").as_bytes()).unwrap_err();
    assert!(e.to_string().contains(&format!("line {}", body + 1)), "{e}");
}

#[test]
fn other_games_are_refused() {
    let bao = Bao::new(BaoKind::Bao, BaoRules::of(BaoKind::Bao), Bao::DEFAULT_LIMITS);
    let e = Solver::new(bao, DfpnConfig::default()).unwrap_err();
    assert!(e.to_string().contains("bao-kujifunza only"), "{e}");
}

#[test]
fn a_budget_stops_the_search_with_its_bounds() {
    let g = game(false);
    let config = DfpnConfig { table_entries: 1 << 16, max_nodes: Some(100), ..DfpnConfig::default() };
    let mut solver = Solver::new(g, config).unwrap();
    let solution = solver.solve(&g.initial_state(), &mut |_| {});
    assert_eq!(solution.winner, None);
    assert!(solution.outcome.phi > 0 && solution.outcome.delta > 0);
    // The start needs about 1,200 nodes: 100 leave it unsettled, for either player.
    assert!(solution.outcome.nodes <= 100, "{}", solution.outcome.nodes);
}
