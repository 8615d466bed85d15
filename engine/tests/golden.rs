//! Golden traces: full games recorded by an independent implementation, replayed here
//! position by position. `openspiel_*.jsonl` come from OpenSpiel 2.0.2
//! (`scripts/openspiel_traces.py`); `reference_*.jsonl` from the independent Python reference
//! of the rules docs (`scripts/reference/`). Each line is one game: `{"game", "seed",
//! "rules", ["limits",] "actions": [relative action indices], "states": [start, after each
//! action]}`, a state holding `to_move` (null when over), `pits` and `stores` in the order of
//! `docs/notation.md`, `legal`, `terminal`, `returns`, `scores` (when over), `in_hand` (when the game has seeds
//! off the board) and, for
//! enkeshui, `bulls` (owner of each hole, -1 none).

mod common;

use std::path::Path;

use mankala_engine::{Game, State, with_game};
use serde_json::Value;

/// The variant a golden file speaks of, from its name: `<source>_<variant>[_<label>].jsonl`.
fn variant_of(file: &str) -> &str {
    let stem = file.trim_end_matches(".jsonl");
    let rest = stem.split_once('_').map_or(stem, |(_, r)| r);
    rest.split('_').next().unwrap()
}

fn as_u32s(v: &Value) -> Vec<u32> {
    v.as_array().expect("array").iter().map(|x| x.as_u64().expect("count") as u32).collect()
}

fn check_state<S: State>(s: &S, want: &Value, ctx: &str) {
    let snap = s.snapshot();
    assert_eq!(snap.pits, as_u32s(&want["pits"]), "pits differ: {ctx}\n{s}");
    assert_eq!(snap.stores.to_vec(), as_u32s(&want["stores"]), "stores differ: {ctx}\n{s}");
    let terminal = want["terminal"].as_bool().unwrap();
    assert_eq!(s.is_terminal(), terminal, "terminal flag differs: {ctx}\n{s}");
    let legal: Vec<u32> = s.legal_actions().iter().map(|&a| a as u32).collect();
    assert_eq!(legal, as_u32s(&want["legal"]), "legal actions differ: {ctx}\n{s}");
    if let Some(hand) = want.get("in_hand") {
        assert_eq!(snap.in_hand.to_vec(), as_u32s(hand), "seeds in hand differ: {ctx}\n{s}");
    }
    if let Some(bulls) = want.get("bulls") {
        let owners: Vec<i64> = snap.owners.expect("owners").iter().map(|&o| o as i64).collect();
        let want: Vec<i64> = bulls.as_array().unwrap().iter().map(|b| b.as_i64().unwrap()).collect();
        assert_eq!(owners, want, "bulls differ: {ctx}\n{s}");
    }
    match s.outcome() {
        None => {
            assert_eq!(Some(s.to_move().index() as u64), want["to_move"].as_u64(), "player to move differs: {ctx}\n{s}");
        }
        Some(o) => {
            let returns: Vec<f64> = want["returns"].as_array().unwrap().iter().map(|r| r.as_f64().unwrap()).collect();
            assert_eq!(o.returns().map(f64::from).to_vec(), returns, "returns differ: {ctx}\n{s}");
            if let Some(scores) = want.get("scores") {
                assert_eq!(o.scores.to_vec(), as_u32s(scores), "final scores differ: {ctx}\n{s}");
            }
        }
    }
}

fn replay_file(path: &Path) -> usize {
    let file = path.file_name().unwrap().to_str().unwrap().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut plies = 0;
    for (line_no, line) in text.lines().enumerate() {
        let record: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", line_no + 1));
        let game = common::game_from_json(variant_of(&file), &record["rules"], record.get("limits"));
        let actions = record["actions"].as_array().unwrap();
        let states = record["states"].as_array().unwrap();
        assert_eq!(states.len(), actions.len() + 1, "{file}:{}", line_no + 1);
        with_game!(&game, g => {
            let mut s = g.initial_state();
            for (k, want) in states.iter().enumerate() {
                let ctx = format!("{file} line {} (game {}), ply {k}", line_no + 1, record["game"]);
                check_state(&s, want, &ctx);
                if let Some(a) = actions.get(k) {
                    s.play(a.as_u64().unwrap() as u16).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                }
            }
        });
        plies += actions.len();
    }
    plies
}

fn replay_all(prefix: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.file_name().unwrap().to_str().unwrap().starts_with(prefix)).collect();
    files.sort();
    assert!(!files.is_empty(), "no {prefix}*.jsonl in {}", dir.display());
    for f in files {
        let plies = replay_file(&f);
        assert!(plies > 0, "{} has no moves", f.display());
    }
}

#[test]
fn oware_and_kalah_match_openspiel_move_for_move() {
    replay_all("openspiel_");
}

#[test]
fn every_variant_matches_the_independent_reference() {
    replay_all("reference_");
}
