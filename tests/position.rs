//! Positions as text on the command line: `show`, `perft` and `replay` start from a position
//! given with `--position` (its variant read from the text), print it back, and refuse a
//! bad text with an error naming its field.

mod common;

use common::{mankala, stderr, stdout};
use serde_json::Value;

/// Worked example 19 of `docs/rules/bao.md` (K.I.B.A.'s takasia): North to move, `a4`
/// takasiaed; his legal moves are `a5>`, `a8>`, `a5<`, `a8<`.
const KIBA: &str = "bao 0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4/1,0,1,2,10,0,0,10/2,2,8,4,1,2,1,0 \
                    north hand=0,0 houses=none takasia=a4 ply=0";

fn json_lines(out: &str) -> Vec<Value> {
    out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect()
}

#[test]
fn show_draws_a_position_given_as_text_and_prints_its_text() {
    let o = mankala(&["show", "--position", KIBA]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("north to move, a4 takasiaed"), "{out}");
    assert!(out.contains("legal: a5> a8> a5< a8<"), "{out}");
    assert!(out.lines().any(|l| l == format!("position: {KIBA}")), "{out}");
}

#[test]
fn show_json_is_the_position_object() {
    let o = mankala(&["show", "--position", KIBA, "--moves", "a8>", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["schema"], 1);
    assert_eq!(v["variant"], "bao");
    assert_eq!(v["ply"], 1);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["in_move"], false);
    assert_eq!(v["state"]["houses"], "none");
    // a8> ends in a2; a4 keeps its 2 seeds (the K.I.B.A. table).
    assert_eq!(v["pits"][16 + 3], 2);
    let text = v["position"].as_str().unwrap();
    // The printed text sets up the same position again.
    let again = mankala(&["show", "--position", text, "--json"]);
    let w: Value = serde_json::from_str(stdout(&again).trim()).unwrap();
    assert_eq!(w["position"], v["position"]);
    assert_eq!(w["legal"], v["legal"]);
}

#[test]
fn perft_counts_from_a_position_given_as_text() {
    let o = mankala(&["perft", "--position", KIBA, "--depth", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let row = stdout(&o).lines().nth(1).unwrap().to_string();
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cols[..2], ["1", "4"], "{row}");
}

#[test]
fn replay_starts_from_a_position_given_as_text() {
    let o = mankala(&["replay", "--variant", "kalah", "--position", "kalah 0,0,0,0,1,1/1,0,0,0,0,0 south stores=20,25", "--moves", "F E"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&stdout(&o));
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["position"], "kalah 0,0,0,0,1,1/1,0,0,0,0,0 south stores=20,25 ply=0");
    assert_eq!(lines[0]["move"], Value::Null);
    // F's seed goes into the store: South moves again.
    assert_eq!(lines[1]["move"]["text"], "F");
    assert_eq!(lines[1]["to_move"], "south");
    assert_eq!(lines[2]["move"]["action"], 4);
    for line in &lines {
        assert_eq!(line["schema"], 1);
    }
}

#[test]
fn a_bad_position_text_is_an_error_naming_its_field() {
    let cases: &[(&[&str], &str)] = &[
        (&["show", "--position", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=1,0"], "--position: field `rows`: 49 seeds"),
        (&["show", "--position", "kalah 4,4,4,4,4,4/4,4,4,4,4 south"], "--position: field `row 2`"),
        (&["perft", "--position", "chess 8/8 south", "--depth", "1"], "--position: field `variant` = `chess`"),
        (&["show", "--variant", "oware", "--position", "kalah 4,4,4,4,4,4/4,4,4,4,4,4 south"], "`kalah` position, where a `oware` one is expected"),
        (&["replay", "--position", &KIBA.replace("takasia=a4", "takasia=b4")], "--position: field `takasia` = `b4`"),
    ];
    for (args, words) in cases {
        let o = mankala(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(stderr(&o).contains(words), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}
