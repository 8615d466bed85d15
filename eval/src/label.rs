//! Exact labels for supervised training: positions from real games valued by perfect play
//! (Kalah's solver; Kalah and Oware tablebases), written as training rows whose policy target
//! is spread evenly over the perfect moves and whose value target is the result under perfect
//! play. A network fitted to them shows what it can represent, apart from what self-play feeds
//! it (`mankala label`, docs/ground-truth.md).

use std::sync::atomic::{AtomicUsize, Ordering};

use mankala_agents::Exact;
use mankala_data::Row;
use mankala_engine::{Action, Encoder, Game, Player, State};
use rayon::prelude::*;

use crate::judge::Drawn;

/// The training row of each position of `drawn` that `exact` values, in parallel on the
/// current Rayon pool, in the order of `drawn`; `progress` hears the count of positions
/// valued so far (from worker threads). Row fields: `game_id` and `ply` say where the position
/// was drawn from, `action` what that game played there; `policy` is 1/k on each of the k
/// moves of the largest final margin, `value_target` and `root_value` the result under
/// perfect play (+1, 0, -1) for the player to move, `margin` that margin, `outcome` and
/// `result` the perfect-play result from South's view, `simulations` 0.
pub fn label_rows<G: Game>(
    game: &G,
    exact: &Exact,
    encoder: &Encoder,
    drawn: &[Drawn<G::State>],
    run_id: &str,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Row> {
    let done = AtomicUsize::new(0);
    drawn
        .par_iter()
        .map_init(
            || exact.solver(),
            |solver, d| {
                let row = exact
                    .move_values(solver.as_mut(), &d.state)
                    .map(|values| row_of(game, encoder, d, &values, run_id));
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                row
            },
        )
        .collect::<Vec<_>>()
        .into_iter()
        .flatten()
        .collect()
}

/// The row of the drawn position `d` whose moves have the exact `values` (never empty).
fn row_of<G: Game>(
    game: &G,
    encoder: &Encoder,
    d: &Drawn<G::State>,
    values: &[(Action, i32)],
    run_id: &str,
) -> Row {
    let best = values.iter().map(|&(_, v)| v).max().expect("a legal move");
    let n = game.num_actions();
    let perfect: Vec<usize> = values
        .iter()
        .filter(|&&(_, v)| v == best)
        .map(|&(a, _)| usize::from(a))
        .collect();
    let mut policy = vec![0.0; n];
    for &a in &perfect {
        policy[a] = 1.0 / perfect.len() as f32;
    }
    let mut features = vec![0.0; encoder.len()];
    encoder.encode(&d.state, &mut features);
    let mover = d.state.to_move();
    let result = best.signum();
    let south = if mover == Player::South {
        result
    } else {
        -result
    };
    Row {
        run_id: run_id.to_string(),
        generation: 0,
        game_id: d.game as u64,
        ply: d.ply,
        to_move: mover.index() as u8,
        features,
        legal: d.state.legal_mask().to_vec(n),
        policy,
        value_target: result as f32,
        root_value: result as f32,
        simulations: 0,
        full_search: true,
        outcome: south as i8,
        result: match south {
            1 => "south",
            -1 => "north",
            _ => "draw",
        }
        .to_string(),
        game_length: d.game_length,
        action: Some(d.action),
        margin: Some(best.clamp(i16::MIN.into(), i16::MAX.into()) as i16),
        side: false,
        weight: 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::random_opening;
    use crate::judge::tests::kalah;
    use crate::judge::{Draw, GameLine, draw_positions};

    #[test]
    fn labels_are_the_perfect_moves_and_the_perfect_result_of_each_drawn_position() {
        let g = kalah();
        let exact = Exact::new(
            &mankala_engine::AnyGame::Kalah(g),
            None,
            &Default::default(),
        )
        .unwrap();
        let lines: Vec<GameLine> = (0..12)
            .map(|s| GameLine {
                start: None,
                actions: random_opening(&g, 200, s),
            })
            .collect();
        let draw = Draw {
            max_seeds: u32::MAX,
            count: 80,
            seed: 3,
            distinct: true,
        };
        let drawn = draw_positions(&g, &lines, &exact, &draw).unwrap();
        assert_eq!(drawn.len(), 80);
        let texts: std::collections::HashSet<_> =
            drawn.iter().map(|d| d.state.position_text()).collect();
        assert_eq!(texts.len(), 80, "distinct positions");
        let encoder = Encoder::new(&g, 2).unwrap();
        let heard = AtomicUsize::new(0);
        let rows = label_rows(&g, &exact, &encoder, &drawn, "label-test", &|n| {
            heard.fetch_max(n, Ordering::Relaxed);
        });
        assert_eq!(rows.len(), 80);
        assert_eq!(heard.load(Ordering::Relaxed), 80);
        let mut solver = exact.solver();
        for (row, d) in rows.iter().zip(&drawn) {
            // The row is the drawn position's: where it came from and what it encodes.
            assert_eq!((row.game_id, row.ply), (d.game as u64, d.ply));
            assert_eq!(row.action, Some(d.action));
            let mut replay = g.initial_state();
            for &a in &lines[d.game].actions[..d.ply as usize] {
                replay.play(a).unwrap();
            }
            assert_eq!(replay.position_text(), d.state.position_text());
            let mut features = vec![0.0; encoder.len()];
            encoder.encode(&d.state, &mut features);
            assert_eq!(row.features, features);
            // The policy is even over exactly the moves of the best margin.
            let values = exact.move_values(solver.as_mut(), &d.state).unwrap();
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            let k = values.iter().filter(|&&(_, v)| v == best).count() as f32;
            for (a, &p) in row.policy.iter().enumerate() {
                let of = values.iter().find(|&&(m, _)| usize::from(m) == a);
                let expected = match of {
                    Some(&(_, v)) if v == best => 1.0 / k,
                    _ => 0.0,
                };
                assert_eq!(p, expected, "action {a} of {}", d.state.position_text());
                assert_eq!(row.legal[a], of.is_some());
            }
            // The value is the perfect-play result, and the margin that of the position.
            assert_eq!(row.margin, Some(best as i16));
            assert_eq!(
                Some(best),
                exact.value(solver.as_mut(), &d.state),
                "the best move's margin is the position's"
            );
            assert_eq!(row.value_target, best.signum() as f32);
            let south = if row.to_move == 0 { 1 } else { -1 };
            assert_eq!(i32::from(row.outcome), south * best.signum());
        }
        // Some positions are won and some lost for the mover: the labels are not constant.
        assert!(rows.iter().any(|r| r.value_target > 0.0));
        assert!(rows.iter().any(|r| r.value_target < 0.0));
    }
}
