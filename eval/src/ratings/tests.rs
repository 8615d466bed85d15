//! The ratings' tests: known fits, intervals, anchors and refused results.

use super::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn pair(a: usize, b: usize, wins_a: f64, draws: f64, wins_b: f64) -> PairResult {
    PairResult {
        a,
        b,
        wins_a,
        draws,
        wins_b,
    }
}

/// Standard error in Elo recovered from a rating's interval.
fn se(r: &Rating) -> f64 {
    (r.high - r.low) / (2.0 * Z_95)
}

#[test]
fn two_players_three_to_one() {
    let ratings = fit(2, &[pair(0, 1, 75.0, 0.0, 25.0)], 1, 0.0).unwrap();
    let expected = 400.0 * 3f64.log10();
    assert!((expected - 190.848_501_887_864_9).abs() < 1e-9);
    assert!((ratings[0].elo - expected).abs() < 1e-6, "{ratings:?}");
    assert_eq!(ratings[1].elo, 0.0);
    assert_eq!((ratings[1].low, ratings[1].high), (0.0, 0.0));
    // Information n·p·(1 - p) = 100 · 3/4 · 1/4 in natural-log units.
    let expected_se = ELO_PER_NAT / (100.0 * 0.75 * 0.25f64).sqrt();
    assert!((se(&ratings[0]) - expected_se).abs() < 1e-6, "{ratings:?}");
    assert_eq!(ratings[0].games, 100.0);
    assert_eq!(ratings[0].score, 0.75);
    assert_eq!(ratings[1].score, 0.25);
    // Anchor on the other side: same gap, opposite sign.
    let flipped = fit(2, &[pair(0, 1, 75.0, 0.0, 25.0)], 0, 0.0).unwrap();
    assert!((flipped[1].elo + expected).abs() < 1e-6);
}

#[test]
fn draws_count_as_half_wins() {
    // 50 wins, 50 draws, 0 losses = 75 : 25 in points.
    let ratings = fit(2, &[pair(0, 1, 50.0, 50.0, 0.0)], 1, 0.0).unwrap();
    assert!((ratings[0].elo - 400.0 * 3f64.log10()).abs() < 1e-6);
    assert_eq!(ratings[0].score, 0.75);
}

/// A full round robin between players of the given true Elo ratings, `games` per pair.
/// Draws happen with probability min(0.1, p, 1 - p), taken evenly from both sides' wins,
/// so each side's expected score is still the Bradley–Terry probability.
fn round_robin(truth: &[f64], games: usize, rng: &mut SmallRng) -> Vec<PairResult> {
    let mut results = Vec::new();
    for a in 0..truth.len() {
        for b in (a + 1)..truth.len() {
            let p = 1.0 / (1.0 + 10f64.powf((truth[b] - truth[a]) / 400.0));
            let d = 0.1f64.min(p).min(1.0 - p);
            let mut r = pair(a, b, 0.0, 0.0, 0.0);
            for _ in 0..games {
                let u: f64 = rng.random();
                if u < p - d / 2.0 {
                    r.wins_a += 1.0;
                } else if u < p + d / 2.0 {
                    r.draws += 1.0;
                } else {
                    r.wins_b += 1.0;
                }
            }
            results.push(r);
        }
    }
    results
}

const TRUTH: [f64; 5] = [0.0, 100.0, 250.0, -150.0, 400.0];

#[test]
fn recovers_known_strengths() {
    let mut rng = SmallRng::seed_from_u64(20240601);
    let results = round_robin(&TRUTH, 400, &mut rng);
    let ratings = fit(5, &results, 0, 0.0).unwrap();
    for (i, (r, truth)) in ratings.iter().zip(TRUTH).enumerate() {
        if i == 0 {
            assert_eq!((r.elo, r.low, r.high), (0.0, 0.0, 0.0));
            continue;
        }
        assert!(
            (r.elo - truth).abs() <= 3.0 * se(r),
            "player {i}: {r:?}, truth {truth}"
        );
        let width = r.high - r.low;
        assert!(width > 20.0 && width < 200.0, "player {i}: width {width}");
        assert_eq!(r.games, 1600.0);
    }
    // The maximum-likelihood equations: expected score = actual score for every player.
    let theta: Vec<f64> = ratings.iter().map(|r| r.elo / ELO_PER_NAT).collect();
    for (i, r) in ratings.iter().enumerate() {
        let expected: f64 = (0..5)
            .filter(|&j| j != i)
            .map(|j| 400.0 * sigmoid(theta[i] - theta[j]))
            .sum();
        assert!((expected / 1600.0 - r.score).abs() < 1e-9, "player {i}");
    }
}

#[test]
fn intervals_cover_the_truth() {
    let (mut covered, mut cases) = (0, 0);
    for rep in 0..40 {
        let mut rng = SmallRng::seed_from_u64(1000 + rep);
        let results = round_robin(&TRUTH, 400, &mut rng);
        let ratings = fit(5, &results, 0, 0.0).unwrap();
        for (r, truth) in ratings.iter().zip(TRUTH).skip(1) {
            cases += 1;
            if r.low <= truth && truth <= r.high {
                covered += 1;
            }
        }
    }
    let share = covered as f64 / cases as f64;
    assert!(share >= 0.85, "coverage {covered}/{cases}");
}

#[test]
fn undefeated_and_winless_players() {
    let results = [
        pair(0, 1, 30.0, 10.0, 20.0),
        pair(2, 0, 10.0, 0.0, 0.0),
        pair(1, 2, 0.0, 0.0, 10.0),
    ];
    let ratings = fit(3, &results, 0, 1.0).unwrap();
    for r in &ratings {
        assert!(r.elo.is_finite() && r.low.is_finite() && r.high.is_finite());
    }
    assert!(ratings[2].elo > ratings[0].elo && ratings[2].elo > ratings[1].elo);
    assert!(ratings[2].low > 0.0, "{:?}", ratings[2]);
    assert_eq!(ratings[2].score, 1.0);
    assert_eq!(ratings[2].games, 20.0);
    // Without the prior the undefeated player's rating is infinite.
    assert_eq!(
        fit(3, &results, 0, 0.0),
        Err(RatingError::Unbounded { player: 2 })
    );
    // The same with the anchor undefeated: the others are unbounded below.
    assert_eq!(
        fit(3, &results, 2, 0.0),
        Err(RatingError::Unbounded { player: 0 })
    );
    // A winless player (one draw would be enough to bound it).
    let winless = [pair(0, 1, 30.0, 10.0, 20.0), pair(2, 1, 0.0, 0.0, 7.0)];
    assert_eq!(
        fit(3, &winless, 0, 0.0),
        Err(RatingError::Unbounded { player: 2 })
    );
    let ratings = fit(3, &winless, 0, 0.5).unwrap();
    assert!(ratings[2].elo.is_finite() && ratings[2].elo < ratings[1].elo);
    let drawn = [pair(0, 1, 30.0, 10.0, 20.0), pair(2, 1, 0.0, 1.0, 7.0)];
    assert!(fit(3, &drawn, 0, 0.0).is_ok());
}

#[test]
fn prior_is_added_once_per_pair() {
    // One win plus one virtual draw (the pair met and includes the anchor): 1.5 : 0.5.
    let ratings = fit(2, &[pair(0, 1, 1.0, 0.0, 0.0)], 1, 1.0).unwrap();
    assert!((ratings[0].elo - 400.0 * 3f64.log10()).abs() < 1e-6);
    assert_eq!(ratings[0].games, 1.0);
    assert_eq!(ratings[0].score, 1.0);
}

#[test]
fn orientation_and_splitting_do_not_matter() {
    let results = [
        pair(0, 1, 30.0, 5.0, 25.0),
        pair(1, 2, 12.0, 3.0, 40.0),
        pair(0, 2, 8.0, 0.0, 20.0),
        pair(3, 1, 17.0, 2.0, 9.0),
    ];
    let swapped: Vec<PairResult> = results
        .iter()
        .map(|r| pair(r.b, r.a, r.wins_b, r.draws, r.wins_a))
        .collect();
    let mut split = Vec::new();
    for r in &swapped {
        split.push(pair(r.a, r.b, r.wins_a / 2.0, r.draws, 0.0));
        split.push(pair(r.b, r.a, r.wins_b, 0.0, r.wins_a / 2.0));
    }
    for prior in [0.0, 2.0] {
        let base = fit(4, &results, 1, prior).unwrap();
        for other in [
            fit(4, &swapped, 1, prior).unwrap(),
            fit(4, &split, 1, prior).unwrap(),
        ] {
            for (x, y) in base.iter().zip(&other) {
                assert!((x.elo - y.elo).abs() < 1e-9, "{x:?} {y:?}");
                assert!((x.low - y.low).abs() < 1e-9, "{x:?} {y:?}");
                assert!((x.high - y.high).abs() < 1e-9, "{x:?} {y:?}");
                assert_eq!(x.games, y.games);
                assert!((x.score - y.score).abs() < 1e-12);
            }
        }
    }
}

#[test]
fn errors() {
    let ok = pair(0, 1, 3.0, 1.0, 2.0);
    assert_eq!(
        fit(2, &[ok, pair(1, 1, 1.0, 0.0, 0.0)], 0, 0.0),
        Err(RatingError::SelfPair {
            index: 1,
            player: 1
        })
    );
    assert_eq!(
        fit(2, &[pair(0, 2, 1.0, 0.0, 1.0)], 0, 0.0),
        Err(RatingError::PlayerOutOfRange {
            index: 0,
            player: 2,
            players: 2
        })
    );
    assert_eq!(
        fit(2, &[ok], 2, 0.0),
        Err(RatingError::AnchorOutOfRange {
            anchor: 2,
            players: 2
        })
    );
    assert_eq!(
        fit(2, &[pair(0, 1, -1.0, 0.0, 1.0)], 0, 0.0),
        Err(RatingError::InvalidCount {
            index: 0,
            a: 0,
            b: 1
        })
    );
    assert_eq!(
        fit(2, &[pair(0, 1, 1.0, f64::NAN, 1.0)], 0, 0.0),
        Err(RatingError::InvalidCount {
            index: 0,
            a: 0,
            b: 1
        })
    );
    assert!(matches!(
        fit(2, &[ok], 0, -1.0),
        Err(RatingError::InvalidPrior { .. })
    ));
    assert!(matches!(
        fit(2, &[ok], 0, f64::NAN),
        Err(RatingError::InvalidPrior { .. })
    ));
    // Two separate groups {0, 1} and {2, 3}: even a prior does not link them.
    let islands = [ok, pair(2, 3, 4.0, 0.0, 4.0)];
    let err = fit(4, &islands, 0, 1.0).unwrap_err();
    assert_eq!(
        err,
        RatingError::Disconnected {
            player: 2,
            anchor: 0
        }
    );
    assert!(err.to_string().contains("player 2"), "{err}");
    // Player 2 never played.
    let err = fit(3, &[ok], 0, 1.0).unwrap_err();
    assert_eq!(err, RatingError::NoGames { player: 2 });
    assert_eq!(err.to_string(), "player 2 played no games");
    // An all-zero entry is not a game.
    assert_eq!(
        fit(3, &[ok, pair(2, 0, 0.0, 0.0, 0.0)], 0, 1.0),
        Err(RatingError::NoGames { player: 2 })
    );
    // A lone anchor is fine; an anchor without games rates nobody else.
    let lone = fit(1, &[], 0, 0.0).unwrap();
    assert_eq!(lone[0].elo, 0.0);
    assert!(lone[0].score.is_nan());
    assert_eq!(
        fit(3, &[pair(1, 2, 1.0, 0.0, 1.0)], 0, 1.0),
        Err(RatingError::Disconnected {
            player: 1,
            anchor: 0
        })
    );
}

#[test]
fn reaches_the_anchor_through_others() {
    // A chain 0 - 1 - 2: player 2 never met the anchor but is rated through player 1.
    let results = [pair(0, 1, 60.0, 0.0, 40.0), pair(1, 2, 60.0, 0.0, 40.0)];
    let ratings = fit(3, &results, 0, 0.0).unwrap();
    let gap = 400.0 * 1.5f64.log10();
    assert!((ratings[1].elo + gap).abs() < 1e-6, "{ratings:?}");
    assert!((ratings[2].elo + 2.0 * gap).abs() < 1e-6, "{ratings:?}");
    // Farther from the anchor, less certain.
    assert!(se(&ratings[2]) > se(&ratings[1]));
}

#[test]
fn extreme_but_finite_results_converge() {
    let ratings = fit(2, &[pair(0, 1, 999.0, 0.0, 1.0)], 1, 0.0).unwrap();
    assert!(
        (ratings[0].elo - 400.0 * 999f64.log10()).abs() < 1e-6,
        "{ratings:?}"
    );
}

#[test]
fn a_difference_is_as_close_as_the_games_between_the_two_allow() {
    // Players 1 and 2 met the anchor 0 in 10 games each but each other in 1,000: their
    // ratings are loose against the anchor, their difference is tight.
    let results = [
        pair(1, 0, 6.0, 0.0, 4.0),
        pair(2, 0, 5.0, 0.0, 5.0),
        pair(1, 2, 600.0, 0.0, 400.0),
    ];
    let ratings = fit(3, &results, 0, 0.0).unwrap();
    let [d, own, back] = differences(3, &results, 0, 0.0, &[(1, 2), (1, 0), (2, 1)])
        .unwrap()
        .try_into()
        .unwrap();
    assert!(
        (d.elo - (ratings[1].elo - ratings[2].elo)).abs() < 1e-9,
        "{d:?}"
    );
    let naive = (se(&ratings[1]).powi(2) + se(&ratings[2]).powi(2)).sqrt();
    assert!(se(&d) < naive / 2.0, "{} against {naive}", se(&d));
    // Close to what the 1,000 games alone give: n·p·(1 - p) at p = 0.6.
    let alone = ELO_PER_NAT / (1000.0 * 0.6 * 0.4f64).sqrt();
    assert!(
        (se(&d) - alone).abs() < 0.1 * alone,
        "{} against {alone}",
        se(&d)
    );
    assert_eq!((d.games, d.score), (1000.0, 0.6));
    // Against the anchor it is the rating itself; the other way round, its negative.
    assert!((own.elo - ratings[1].elo).abs() < 1e-9 && (se(&own) - se(&ratings[1])).abs() < 1e-9);
    assert!((back.elo + d.elo).abs() < 1e-9 && (se(&back) - se(&d)).abs() < 1e-9);
    assert_eq!(back.score, 0.4);
    assert_eq!(
        differences(3, &results, 0, 0.0, &[(1, 2), (1, 3)]),
        Err(RatingError::NotAPlayer {
            player: 3,
            players: 3
        })
    );
}
