//! The ring a board-shaped network reads (`Encoder::ring`): for every variant and encoding,
//! position `i` holds the mover's `i`-th hole and the opponent's `i`-th hole, each with its
//! thermometer levels in version 2, and the values read are exactly the hole counts.

use mankala_engine::{AnyGame, Encoder, Game, LATEST_ENCODING, THERMOMETER_LEVELS, VARIANTS, with_game};

/// `mover_hole_x` and `opponent_hole_x` (or their levels) name the same hole of each side.
fn side_and_hole(name: &str) -> (&str, &str) {
    name.split_once('_').unwrap_or_else(|| panic!("feature {name}: no side"))
}

#[test]
fn every_ring_position_pairs_the_movers_hole_with_the_opponents_hole_of_the_same_index() {
    for v in VARIANTS {
        let game = AnyGame::by_name(v.name).unwrap();
        with_game!(&game, g => {
            let holes: usize = g.count_features().iter().map(|s| s.len).sum();
            for version in 1..=LATEST_ENCODING {
                let e = Encoder::new(g, version).unwrap();
                let names = e.feature_names(g);
                let ring = e.ring();
                let per_hole = if version == 1 { 1 } else { 1 + THERMOMETER_LEVELS };
                assert_eq!(ring.positions * 2, holes, "{} v{version}", v.name);
                assert_eq!(ring.channels, 2 * per_hole, "{} v{version}", v.name);
                assert_eq!(ring.index.len(), ring.positions * ring.channels);
                let mut seen = std::collections::HashSet::new();
                for (i, row) in ring.index.chunks(ring.channels).enumerate() {
                    let (mine, theirs) = row.split_at(per_hole);
                    for (a, b) in mine.iter().zip(theirs) {
                        let (sa, ha) = side_and_hole(&names[*a as usize].name);
                        let (sb, hb) = side_and_hole(&names[*b as usize].name);
                        assert_eq!((sa, sb), ("mover", "opponent"), "{} v{version} position {i}", v.name);
                        assert_eq!(ha, hb, "{} v{version} position {i}", v.name);
                    }
                    for (level, x) in mine[1..].iter().enumerate() {
                        let want = format!("{}_at_least_{}", names[mine[0] as usize].name, level + 1);
                        assert_eq!(names[*x as usize].name, want, "{} v{version}", v.name);
                    }
                    assert!(row.iter().all(|x| seen.insert(*x)), "{}: a value read twice", v.name);
                }
            }
        });
    }
}
