//! The descriptions of every variant's encoding and actions (`Game::feature_names`,
//! `Game::action_meanings`), checked against the engine on every configuration of the
//! invariant suite: their sizes and names, the notation of every legal action in random
//! games, and the values of the hole, store, count and flag features against the positions.

mod common;

use std::collections::HashSet;

use mankala_engine::{Feature, Game, Player, State, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Random games played per configuration.
const GAMES: u64 = 20;

/// What a feature's description says its value is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A count divided by this.
    Count(f32),
    /// 0 or 1.
    Flag,
}

fn kind(f: &Feature) -> Kind {
    if f.description.starts_with("1 if ") || f.description.starts_with("1 while ") {
        return Kind::Flag;
    }
    let divisor = f
        .description
        .rsplit_once(" / ")
        .and_then(|(_, d)| d.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("feature {} is neither a flag nor a count: {:?}", f.name, f.description));
    assert!(divisor > 0, "feature {} divided by 0", f.name);
    Kind::Count(divisor as f32)
}

/// What a feature's name says it holds: a hole (`mover_hole_<i>`, `opponent_hole_<i>`) or a
/// store (`mover_store`, `opponent_store`) of the mover (true) or the opponent (false).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    Hole(bool, usize),
    Store(bool),
}

fn place(name: &str) -> Option<Place> {
    let (mover, rest) = if let Some(rest) = name.strip_prefix("mover_") {
        (true, rest)
    } else if let Some(rest) = name.strip_prefix("opponent_") {
        (false, rest)
    } else {
        return None;
    };
    if rest == "store" {
        return Some(Place::Store(mover));
    }
    let i = rest.strip_prefix("hole_")?;
    if i.is_empty() || !i.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(Place::Hole(mover, i.parse().ok()?))
}

fn check_lists<G: Game>(label: &str, g: &G) {
    let features = g.feature_names();
    assert_eq!(features.len(), g.encoding_len(), "{label}: one feature per encoded value");
    let mut names = HashSet::new();
    for f in &features {
        assert!(!f.name.is_empty(), "{label}: a feature without a name");
        assert!(f.name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'), "{label}: feature name {:?} is not snake case", f.name);
        assert!(!f.description.is_empty(), "{label}: feature {} undescribed", f.name);
        assert!(names.insert(f.name.as_str()), "{label}: feature name {} twice", f.name);
        kind(f);
    }
    // Every hole of the board is named once for each side, and nothing else is.
    let half = g.initial_state().snapshot().pits.len() / 2;
    for mover in [true, false] {
        let mut holes: Vec<usize> = features
            .iter()
            .filter_map(|f| match place(&f.name) {
                Some(Place::Hole(m, i)) if m == mover => Some(i),
                _ => None,
            })
            .collect();
        holes.sort_unstable();
        assert_eq!(holes, (0..half).collect::<Vec<_>>(), "{label}: the {} holes named", if mover { "mover's" } else { "opponent's" });
    }

    let meanings = g.action_meanings();
    assert_eq!(meanings.len(), g.num_actions(), "{label}: one meaning per action");
    for (i, m) in meanings.iter().enumerate() {
        assert_eq!(m.index as usize, i, "{label}: meanings out of order");
        assert!(!m.south.is_empty() && !m.north.is_empty() && !m.description.is_empty(), "{label}: action {i} not fully described: {m:?}");
    }
}

fn check_game<G: Game>(label: &str, g: &G, seed: u64) {
    let features = g.feature_names();
    let kinds: Vec<Kind> = features.iter().map(kind).collect();
    let places: Vec<Option<Place>> = features.iter().map(|f| place(&f.name)).collect();
    let meanings = g.action_meanings();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut s = g.initial_state();
    let mut values = vec![f32::NAN; g.encoding_len()];
    loop {
        let ctx = || format!("{label}, game seed {seed}, ply {}", s.ply());
        let mover = s.to_move();
        let snap = s.snapshot();
        let half = snap.pits.len() / 2;
        let side = |m: bool| if m { mover } else { mover.other() };
        values.fill(f32::NAN);
        s.encode(&mut values);
        for (k, &v) in values.iter().enumerate() {
            let name = &features[k].name;
            match kinds[k] {
                Kind::Flag => assert!(v == 0.0 || v == 1.0, "flag {name} is {v}: {}\n{s}", ctx()),
                Kind::Count(d) => {
                    let count = v * d;
                    assert!(count >= -1e-3 && (count - count.round()).abs() < 1e-3, "count {name} is {v}, {count} after scaling: {}\n{s}", ctx());
                    let expected = match places[k] {
                        Some(Place::Hole(m, i)) => Some(snap.pits[side(m).index() * half + i]),
                        Some(Place::Store(m)) => Some(snap.stores[side(m).index()]),
                        None => None,
                    };
                    if let Some(expected) = expected {
                        assert_eq!(count.round() as u32, expected, "{name} is {v} (x {d}) but the position holds {expected}: {}\n{s}", ctx());
                    }
                }
            }
        }
        let legal = s.legal_actions();
        for &a in &legal {
            let m = &meanings[a as usize];
            let named = match mover {
                Player::South => &m.south,
                Player::North => &m.north,
            };
            assert_eq!(&s.action_to_string(a), named, "action {a} for {mover}: {}", ctx());
        }
        if legal.is_empty() {
            return;
        }
        s.play_unchecked(legal[rng.random_range(0..legal.len())]);
    }
}

#[test]
fn every_variant_describes_each_feature_and_action_once() {
    for (label, game) in common::all_configs() {
        with_game!(&game, g => check_lists(&label, g));
    }
}

#[test]
fn descriptions_agree_with_positions_and_notation_in_random_games() {
    for (label, game) in common::all_configs() {
        for seed in 0..GAMES {
            with_game!(&game, g => check_game(&label, g, seed));
        }
    }
}

#[test]
fn hole_features_name_holes_in_snapshot_order() {
    // Two-row: the mover's hole C is his hole 2; four-row (Omweso): track A is the 9th hole
    // of a side's snapshot (after the front row); Bao: B1 is hole index 8.
    let oware = mankala_engine::AnyGame::by_name("oware").unwrap();
    let omweso = mankala_engine::AnyGame::by_name("omweso").unwrap();
    let bao = mankala_engine::AnyGame::by_name("bao").unwrap();
    let names = |g: &mankala_engine::AnyGame| with_game!(g, g => g.feature_names());
    let oware = names(&oware);
    assert_eq!(oware[2].name, "mover_hole_2");
    assert_eq!(oware[2].description, "seeds in the mover's hole C (c when North moves) / 48");
    assert_eq!(oware[12].name, "mover_store");
    let omweso = names(&omweso);
    assert_eq!(omweso[0].name, "mover_hole_8");
    assert_eq!(omweso[15].name, "mover_hole_0");
    assert!(omweso[15].description.contains("hole T (t when North moves)"));
    let bao = names(&bao);
    assert_eq!(bao[8].name, "mover_hole_8");
    assert!(bao[8].description.contains("hole B1 (b1 when North moves) / 16"));
    assert_eq!(bao[16].name, "mover_hand");
}
