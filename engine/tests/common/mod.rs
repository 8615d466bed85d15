//! Helpers shared by the engine's integration tests.
#![allow(dead_code)]

pub mod bao;
pub mod four_row;

use mankala_engine::AnyGame;

/// A variant built from a rules table written as TOML text (`""` for defaults).
pub fn game(name: &str, rules: &str) -> AnyGame {
    let rules: toml::Table = toml::from_str(rules).expect("rules TOML");
    AnyGame::from_tables(name, &rules, &toml::Table::new()).expect("valid rules")
}

/// A variant built from JSON objects of rule options and caps (as in golden trace files).
pub fn game_from_json(name: &str, rules: &serde_json::Value, limits: Option<&serde_json::Value>) -> AnyGame {
    let table = |v: &serde_json::Value| -> toml::Table { serde_json::from_value(v.clone()).expect("an object") };
    let limits = limits.map(table).unwrap_or_default();
    AnyGame::from_tables(name, &table(rules), &limits).expect("valid rules")
}

/// Every variant configuration the shared suites run on.
pub fn all_configs() -> Vec<(String, AnyGame)> {
    [
        ("oware", ""),
        ("kalah", ""),
        ("kalah", "empty_capture = true\nseeds_per_hole = 6"),
        ("lane", ""),
        ("lane", "setup = \"middle\""),
        ("lane", "setup = \"left\""),
        ("lane", "feed = \"fed_to_move\""),
        ("lane", "match_to = 60"),
        ("lane", "match_to = 20\nfeed = \"fed_to_move\"\nsetup = \"middle\""),
        ("ndoto", ""),
        ("ndoto", "seeds_per_hole = 3"),
        ("enkeshui", ""),
        ("enkeshui", "holes = 8\nstart = \"fours\""),
        ("enkeshui", "holes = 10\nempty_end = \"right\""),
        ("enkeshui", "advance_move = true"),
        ("enkeshui", "holes = 8\nstart = \"fours\"\nadvance_move = true"),
        ("enkeshui", "holes = 12\nstart = \"fours\"\nempty_end = \"right\""),
        ("omweso", ""),
        ("omweso", "setup = \"seventeen\"\nmandatory_capture = true"),
        ("omweso", "setup = \"alternate\"\nnkutemye = false"),
        ("omweso", "setup = \"free\""),
        ("coro", ""),
        ("coro", "setup = \"alternate\"\nmandatory_capture = true"),
        ("kombe", ""),
        ("kombe", "nkutemye = true\nmandatory_capture = true"),
        ("kombe", "setup = \"fours\""),
        ("mongale", ""),
        ("mongale", "setup = \"free\""),
        ("bao", ""),
        (
            "bao",
            "mtaji_safari = \"forced\"\ntakasia = false\nself_empty = \"loses\"\n\
             house_in_mtaji = true\nmtaji_capture_ends_house = false",
        ),
        ("bao", "singleton_entry = \"restricted\"\ntax_all_at_min = true\nendless_move = \"sleep\""),
        ("bao-kujifunza", ""),
        ("bao-kujifunza", "takasia = true\nself_empty = \"illegal\""),
        ("bao-malawi", ""),
        ("bao-malawi", "opening = \"advanced\""),
    ]
    .into_iter()
    .map(|(v, r)| (format!("{v} [{}]", r.replace('\n', ", ")), game(v, r)))
    .collect()
}

/// Asserts a whole position: every hole, both stores, the player to move (when given), the
/// legal actions, and no outcome while anything is legal.
#[track_caller]
pub fn check_position<S: mankala_engine::State>(
    s: &S,
    pits: &[u32],
    stores: [u32; 2],
    to_move: Option<mankala_engine::Player>,
    legal: &[mankala_engine::Action],
) {
    let snap = s.snapshot();
    assert_eq!(snap.pits, pits, "holes\n{s}");
    assert_eq!(snap.stores, stores, "stores\n{s}");
    if let Some(p) = to_move {
        assert_eq!(s.to_move(), p, "player to move\n{s}");
    }
    assert_eq!(s.legal_actions().as_slice(), legal, "legal actions\n{s}");
    if !legal.is_empty() {
        assert_eq!(s.outcome(), None, "outcome\n{s}");
    }
}

/// Plays an action that must be legal.
#[track_caller]
pub fn play<S: mankala_engine::State>(s: &mut S, a: mankala_engine::Action) {
    s.play(a).expect("legal action");
}
