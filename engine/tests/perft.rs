//! The perft harness: one data file per variant in `tests/perft/`, each a TOML list of
//! cases (rule options and the leaf counts for depths 1, 2, ...), read by one test.

mod common;

use std::path::Path;

use mankala_engine::perft::perft;
use mankala_engine::{Game, with_game};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftFile {
    case: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    source: String,
    #[serde(default)]
    rules: toml::Table,
    counts: Vec<u64>,
}

#[test]
fn perft_counts_match_every_data_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut variants_seen = Vec::new();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "perft")) {
        let variant = path.file_stem().unwrap().to_str().unwrap();
        let file: PerftFile = toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for case in &file.case {
            let game = mankala_engine::AnyGame::from_tables(variant, &case.rules, &toml::Table::new())
                .unwrap_or_else(|e| panic!("{} case {}: {e}", path.display(), case.name));
            with_game!(&game, g => {
                let start = g.initial_state();
                for (d, &want) in case.counts.iter().enumerate() {
                    let got = perft(&start, d as u32 + 1);
                    assert_eq!(got, want, "{variant} case `{}` ({}) depth {}", case.name, case.source, d + 1);
                }
            });
        }
        variants_seen.push(variant.to_string());
    }
    for v in mankala_engine::VARIANTS {
        assert!(variants_seen.iter().any(|s| s == v.name), "no perft file for {}", v.name);
    }
}
