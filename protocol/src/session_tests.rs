//! The session's tests: requests answered as `docs/protocol.md` says.

use serde_json::json;

use super::*;
use crate::message;

/// Sends `line`, expecting an answer.
fn send(session: &mut Session, line: &str) -> Value {
    session
        .handle_line(line)
        .unwrap_or_else(|| panic!("no answer to {line}"))
        .json
}

/// Sends `line`, expecting success.
fn ok(session: &mut Session, line: &str) -> Value {
    let v = send(session, line);
    assert_eq!(v["ok"], true, "{line} -> {v}");
    v
}

/// Sends `line`, expecting an error that contains every one of `words`.
fn fails(session: &mut Session, line: &str, words: &[&str]) -> Value {
    let v = send(session, line);
    assert_eq!(v["ok"], false, "{line} -> {v}");
    let error = v["error"].as_str().unwrap_or_default();
    for w in words {
        assert!(error.contains(w), "{line}: error lacks `{w}`: {error}");
    }
    v
}

fn kalah() -> Session {
    let mut s = Session::default();
    ok(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=50"}"#,
    );
    s
}

#[test]
fn new_answers_the_start_position_with_its_game() {
    let mut s = Session::default();
    let v = ok(&mut s, r#"{"cmd":"new","variant":"kalah","id":"a"}"#);
    assert_eq!(v["id"], "a");
    assert_eq!(v["variant"], "kalah");
    assert_eq!(v["ply"], 0);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["pits"], json!(vec![4; 12]));
    assert_eq!(v["stores"], json!([0, 0]));
    assert_eq!(v["legal"], json!(["A", "B", "C", "D", "E", "F"]));
    assert_eq!(v["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
    assert_eq!(v["terminal"], false);
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["moves"], json!([]));
    assert_eq!(v["last_move"], Value::Null);
    let default = Setup::for_game(AnyGame::by_name("kalah").unwrap()).default_agent();
    assert_eq!(v["agent"], default.to_string());
    assert_eq!(v["seed"], DEFAULT_SEED);
    assert_eq!(v["rules"]["seeds_per_hole"], 4);
}

#[test]
fn rules_and_limits_change_the_game() {
    let mut s = Session::default();
    let v = ok(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","rules":{"seeds_per_hole":3},"limits":{"max_plies":2}}"#,
    );
    assert_eq!(v["pits"], json!(vec![3; 12]));
    assert_eq!(v["limits"]["max_plies"], 2);
    // A sows B, C, D: North to move; then the cap ends the game.
    let v = ok(&mut s, r#"{"cmd":"play","moves":["A","a"]}"#);
    assert_eq!(v["terminal"], true);
    assert_eq!(v["to_move"], Value::Null);
    assert_eq!(v["outcome"]["result"], "capped-plies");
    assert_eq!(v["legal"], json!([]));
    fails(
        &mut s,
        r#"{"cmd":"search","simulations":5}"#,
        &["game is over"],
    );
    fails(&mut s, r#"{"cmd":"go"}"#, &["game is over"]);
    fails(&mut s, r#"{"cmd":"play","moves":["B"]}"#, &["already over"]);
}

#[test]
fn a_config_file_gives_the_game_and_rules_override_it() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../configs/kalah.toml");
    let mut s = Session::default();
    let v = ok(&mut s, &json!({"cmd": "new", "config": path}).to_string());
    assert_eq!(v["variant"], "kalah");
    let v = ok(
        &mut s,
        &json!({"cmd": "new", "config": path, "variant": "kalah", "rules": {"seeds_per_hole": 5}})
            .to_string(),
    );
    assert_eq!(v["pits"], json!(vec![5; 12]));
    fails(
        &mut s,
        &json!({"cmd": "new", "config": path, "variant": "oware"}).to_string(),
        &["`oware`", "`kalah`"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","config":"no/such/file.toml"}"#,
        &["no/such/file.toml"],
    );
}

#[test]
fn play_keeps_extra_turns_and_records_the_moves() {
    let mut s = kalah();
    // C sows D, E, F and the store: South moves again.
    let v = ok(&mut s, r#"{"cmd":"play","moves":["C"]}"#);
    assert_eq!(v["ply"], 1);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["pits"], json!([4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]));
    assert_eq!(v["stores"], json!([1, 0]));
    assert_eq!(v["last_move"], json!({"move": "C", "action": 2}));
    let v = ok(&mut s, r#"{"cmd":"play","moves":"A, d"}"#);
    assert_eq!(v["ply"], 3);
    assert_eq!(v["moves"], json!(["C", "A", "d"]));
    assert_eq!(v["pits"], json!([1, 5, 1, 6, 6, 5, 4, 4, 4, 0, 5, 5]));
}

#[test]
fn moves_by_index_and_by_name_agree() {
    let mut s = kalah();
    let by_name = ok(&mut s, r#"{"cmd":"position","moves":["C","A","d"]}"#);
    let by_index = ok(&mut s, r#"{"cmd":"position","moves":[2,0,3]}"#);
    assert_eq!(by_name, by_index);
    let start = ok(&mut s, r#"{"cmd":"position"}"#);
    assert_eq!(start["ply"], 0);
}

#[test]
fn a_bad_move_changes_nothing_and_names_the_legal_ones() {
    let mut s = kalah();
    // A hands the move to North; North's c ends in his store and he moves again, with c
    // now empty.
    fails(
        &mut s,
        r#"{"cmd":"play","moves":["A","c","c"]}"#,
        &[
            "play: move 3 of 3",
            "`c` is not legal",
            "legal moves: a, b, d, e, f",
        ],
    );
    fails(
        &mut s,
        r#"{"cmd":"play","moves":["zz"]}"#,
        &["move 1 of 1", "`zz`", "legal moves: A, B, C, D, E, F"],
    );
    fails(
        &mut s,
        r#"{"cmd":"play","moves":[-1]}"#,
        &["`-1` is not legal"],
    );
    fails(&mut s, r#"{"cmd":"play","moves":[true]}"#, &["a boolean"]);
    fails(&mut s, r#"{"cmd":"play","moves":[]}"#, &["empty"]);
    fails(&mut s, r#"{"cmd":"play","moves":{"a":1}}"#, &["an object"]);
    fails(&mut s, r#"{"cmd":"play"}"#, &["missing \"moves\""]);
    fails(
        &mut s,
        r#"{"cmd":"position","moves":["C","C"]}"#,
        &["position: move 2 of 2", "legal moves: A, B, D, E, F"],
    );
    let v = ok(&mut s, r#"{"cmd":"legal"}"#);
    assert_eq!(v["ply"], 0);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
}

#[test]
fn undo_takes_moves_back() {
    let mut s = kalah();
    ok(&mut s, r#"{"cmd":"play","moves":["C","A","d"]}"#);
    let v = ok(&mut s, r#"{"cmd":"undo"}"#);
    assert_eq!(v["moves"], json!(["C", "A"]));
    assert_eq!(v["to_move"], "north");
    fails(
        &mut s,
        r#"{"cmd":"undo","count":3}"#,
        &["3 moves", "2 played"],
    );
    let v = ok(&mut s, r#"{"cmd":"undo","count":2}"#);
    assert_eq!(v["ply"], 0);
    assert_eq!(v["pits"], json!(vec![4; 12]));
}

#[test]
fn search_gives_a_legal_best_move_and_a_policy() {
    let mut s = kalah();
    let v = ok(&mut s, r#"{"cmd":"search","simulations":40,"id":9}"#);
    assert_eq!(v["id"], 9);
    assert_eq!(v["simulations"], 40);
    let best = v["best"]["action"].as_u64().unwrap();
    assert!(best < 6, "{v}");
    let value = v["value"].as_f64().unwrap();
    assert!((-1.0..=1.0).contains(&value), "{v}");
    let policy = v["policy"].as_array().unwrap();
    assert_eq!(policy.len(), 6);
    let total: f64 = policy.iter().map(|p| p["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-3, "{v}");
    let names: Vec<&str> = policy.iter().map(|p| p["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["A", "B", "C", "D", "E", "F"]);
    // The search left the position as it was.
    assert_eq!(ok(&mut s, r#"{"cmd":"legal"}"#)["ply"], 0);
}

#[test]
fn go_plays_the_agents_move() {
    let mut s = kalah();
    let v = ok(&mut s, r#"{"cmd":"go","simulations":30}"#);
    assert_eq!(v["ply"], 1);
    assert_eq!(v["last_move"], v["search"]["best"]);
    assert_eq!(v["search"]["ply"], 0);
}

#[test]
fn the_same_seed_gives_the_same_answers() {
    let answers = |seed: u64| {
        let mut s = Session::default();
        ok(
            &mut s,
            &json!({"cmd": "new", "variant": "oware", "agent": "mcts:sims=30", "seed": seed})
                .to_string(),
        );
        let mut v = ok(&mut s, r#"{"cmd":"search"}"#);
        v["elapsed_ms"] = Value::Null;
        v
    };
    assert_eq!(answers(5), answers(5));
}

#[test]
fn budgets_are_checked() {
    let mut s = kalah();
    fails(
        &mut s,
        r#"{"cmd":"search","simulations":10,"millis":10}"#,
        &["not both"],
    );
    fails(
        &mut s,
        r#"{"cmd":"search","simulations":0}"#,
        &["\"simulations\""],
    );
    fails(&mut s, r#"{"cmd":"search","millis":"x"}"#, &["\"millis\""]);
    fails(
        &mut s,
        r#"{"cmd":"search","sims":10}"#,
        &["unknown field \"sims\""],
    );
    let v = ok(&mut s, r#"{"cmd":"search","millis":20}"#);
    assert!(v["simulations"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn malformed_requests_are_answered_with_errors() {
    let mut s = Session::default();
    assert!(s.handle_line("").is_none());
    assert!(s.handle_line("  \r").is_none());
    fails(&mut s, "hello", &["not JSON"]);
    fails(&mut s, "[1, 2]", &["expected a JSON object", "an array"]);
    fails(&mut s, r#"{"id":3}"#, &["missing \"cmd\"", "new"]);
    let v = fails(&mut s, r#"{"cmd":5,"id":4}"#, &["\"cmd\" must be a string"]);
    assert_eq!(v["id"], 4);
    fails(
        &mut s,
        r#"{"cmd":"fly"}"#,
        &["unknown command `fly`", "search"],
    );
    fails(&mut s, r#"{"cmd":"legal"}"#, &["no game yet", "new"]);
    fails(&mut s, r#"{"cmd":"show"}"#, &["no game yet"]);
    fails(&mut s, r#"{"cmd":"new"}"#, &["missing \"variant\""]);
    fails(
        &mut s,
        r#"{"cmd":"new","variant":7}"#,
        &["must be a string"],
    );
}

#[test]
fn a_failed_new_keeps_the_game_in_progress() {
    let mut s = kalah();
    ok(&mut s, r#"{"cmd":"play","moves":["A"]}"#);
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"chess"}"#,
        &["unknown variant `chess`", "oware"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","rules":{"seeds_per_hole":99}}"#,
        &["seeds_per_hole"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","rules":{"seeds":4}}"#,
        &["seeds"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","rules":[1]}"#,
        &["\"rules\" must be an object"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=0"}"#,
        &["mcts:sims=0", "sims"],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","seed":-1}"#,
        &["\"seed\""],
    );
    fails(
        &mut s,
        r#"{"cmd":"new","variant":"kalah","colour":"south"}"#,
        &["unknown field \"colour\"", "agent"],
    );
    assert_eq!(ok(&mut s, r#"{"cmd":"legal"}"#)["ply"], 1);
}

#[test]
fn show_draws_the_board() {
    let mut s = kalah();
    ok(&mut s, r#"{"cmd":"play","moves":["C","A"]}"#);
    let v = ok(&mut s, r#"{"cmd":"show"}"#);
    let board = v["board"].as_str().unwrap();
    assert!(board.contains("S    0   5   1   6   6   5"), "{board}");
    assert_eq!(v["status"], "ply 2, north to move; legal: a b c d e f");
    fails(&mut s, r#"{"cmd":"show","x":1}"#, &["takes no fields"]);
}

#[test]
fn quit_says_goodbye_and_ends_the_session() {
    let mut s = Session::default();
    let r = s.handle_line(r#"{"cmd":"quit","id":1}"#).unwrap();
    assert!(r.quit);
    assert_eq!(r.json, json!({"ok": true, "id": 1, "bye": true}));
    let r = s.handle_line(r#"{"cmd":"quit","now":true}"#).unwrap();
    assert!(!r.quit, "a bad quit request is an error, not a quit");
    assert!(!s.handle_line(r#"{"cmd":"legal"}"#).unwrap().quit);
}

#[test]
fn text_that_is_not_utf8_is_an_error() {
    let mut s = Session::default();
    let r = s.handle_bytes(b"{\"cmd\":\xff}\n").unwrap();
    assert_eq!(r.json["ok"], false);
    assert!(r.json["error"].as_str().unwrap().contains("UTF-8"));
}

#[test]
fn position_sets_a_position_given_as_text() {
    let mut s = kalah();
    let text = "kalah 0,0,0,0,0,1/1,0,0,0,0,3 north stores=20,23 ply=30";
    let v = ok(
        &mut s,
        &format!(r#"{{"cmd":"position","position":"{text}","moves":["a"]}}"#),
    );
    assert_eq!(v["schema"], mankala_engine::POSITION_SCHEMA);
    assert_eq!(v["start"], text);
    assert_eq!(v["moves"], json!(["a"]));
    assert_eq!(v["ply"], 31);
    assert_eq!(v["pits"], json!([0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 3]));
    assert_eq!(
        v["position"],
        "kalah 0,0,0,0,0,1/0,1,0,0,0,3 south stores=20,23 ply=31"
    );
    assert_eq!(v["in_move"], false);
    assert_eq!(v["state"], json!({}));
    // Undo goes back to the text's position, not to the variant's start.
    let back = ok(&mut s, r#"{"cmd":"undo"}"#);
    assert_eq!(back["position"], text);
    assert_eq!(back["moves"], json!([]));
    // The position's own text, sent back, gives the same position.
    let again = ok(
        &mut s,
        &format!(
            r#"{{"cmd":"position","position":"{}"}}"#,
            v["position"].as_str().unwrap()
        ),
    );
    assert_eq!(again["pits"], v["pits"]);
    assert_eq!(again["legal"], v["legal"]);
    // Without a text, `position` starts from the variant's start again.
    let start = ok(&mut s, r#"{"cmd":"position"}"#);
    assert_eq!(start["start"], start["position"]);
    assert_eq!(start["ply"], 0);
}

#[test]
fn a_bad_position_text_changes_nothing_and_names_the_field() {
    let mut s = kalah();
    ok(&mut s, r#"{"cmd":"play","moves":["A"]}"#);
    fails(
        &mut s,
        r#"{"cmd":"position","position":"kalah 4,4,4,4,4,4/4,4,4,4,4,4 south stores=1,0"}"#,
        &["position: field `rows`", "49 seeds", "holds 48"],
    );
    fails(
        &mut s,
        r#"{"cmd":"position","position":"oware 4,4,4,4,4,4/4,4,4,4,4,4 south"}"#,
        &["`oware` position", "`kalah`"],
    );
    fails(
        &mut s,
        r#"{"cmd":"position","position":7}"#,
        &["\"position\" must be a string"],
    );
    // A good text with a bad move sets nothing either.
    fails(
        &mut s,
        r#"{"cmd":"position","position":"kalah 4,4,4,4,4,4/4,4,4,4,4,4 south","moves":["z"]}"#,
        &["move 1 of 1"],
    );
    let v = ok(&mut s, r#"{"cmd":"legal"}"#);
    assert_eq!(v["ply"], 1);
}

#[test]
fn a_decision_inside_a_move_is_flagged() {
    let mut s = Session::default();
    ok(&mut s, r#"{"cmd":"new","variant":"bao","agent":"random"}"#);
    let text = "bao 0,2,2,1,10,2,5,7/0,0,0,0,0,0,0,0/0,5,2,0,8,0,3,0/0,0,0,0,0,0,0,0 south \
                hand=8,9 houses=south,north decision=< laps=2 namua ply=1";
    let v = ok(
        &mut s,
        &format!(r#"{{"cmd":"position","position":"{text}"}}"#),
    );
    assert_eq!(v["in_move"], true);
    assert_eq!(v["legal"], json!(["stop", "safari"]));
    assert_eq!(v["state"]["decision"], "<");
    assert_eq!(v["state"]["namua"], true);
    assert_eq!(v["state"]["houses"], "south,north");
}

#[test]
fn the_worked_example_of_the_protocol_doc_is_answered_byte_for_byte() {
    let doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/protocol.md"));
    let example = &doc[doc
        .find("## A worked example")
        .expect("the example section")..];
    let requests = example.lines().filter_map(|l| l.strip_prefix("> "));
    let responses = example.lines().filter_map(|l| l.strip_prefix("< "));
    let mut s = Session::default();
    let mut compared = 0;
    for (request, response) in requests.zip(responses) {
        let reply = s.handle_line(request).expect("an answer");
        // The search numbers vary with the machine; everything else is exact.
        let cmd = serde_json::from_str::<Value>(request).unwrap()["cmd"].clone();
        if cmd != "search" && cmd != "go" {
            assert_eq!(reply.json.to_string(), response, "{request}");
            compared += 1;
        }
    }
    assert!(compared >= 6, "{compared} responses compared");
}

#[test]
fn typed_requests_get_typed_answers() {
    let mut s = Session::default();
    let new = Request::New(NewGame {
        variant: Some("kalah".into()),
        agent: Some("random".parse().unwrap()),
        ..NewGame::default()
    });
    let Ok(Answer::NewGame(answer)) = s.handle(new) else {
        panic!("no new game");
    };
    assert_eq!(answer.agent, "random");
    assert_eq!(answer.position.position.legal_actions, [0, 1, 2, 3, 4, 5]);
    let play = Request::Play {
        moves: vec!["C".into()],
    };
    let Ok(Answer::Position(p)) = s.handle(play) else {
        panic!("C was not played");
    };
    assert_eq!((p.position.ply, p.position.to_move), (1, Some("south")));
    let err = s.handle(Request::Undo { count: 2 }).unwrap_err();
    assert_eq!(message(&err), "undo: cannot take back 2 moves: 1 played");
}

#[test]
fn a_session_reads_config_files_with_its_loader() {
    fn oware_only(path: &Path) -> Result<Setup, crate::BoxError> {
        match path.to_str() {
            Some("oware.toml") => Ok(Setup::for_game(AnyGame::by_name("oware")?)),
            _ => Err(format!("cannot read config {}", path.display()).into()),
        }
    }
    let mut s = Session::with_loader(oware_only);
    let v = ok(
        &mut s,
        r#"{"cmd":"new","config":"oware.toml","agent":"random"}"#,
    );
    assert_eq!(v["variant"], "oware");
    let v = fails(&mut s, r#"{"cmd":"new","config":"kalah.toml"}"#, &[]);
    assert_eq!(v["error"], "new: cannot read config kalah.toml");
}
