//! End-to-end tests of `mankala engine`, the JSON-lines protocol (`docs/protocol.md`): the
//! built binary driven through its stdin and stdout.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use common::{BIN, mankala, mankala_with_input};
use serde_json::{Value, json};

/// How long one answer may take before the test fails instead of hanging.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

fn spawn_engine() -> Child {
    Command::new(BIN).arg("engine").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start mankala engine")
}

fn parse(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("answer is not JSON ({e}): {line}"))
}

/// Writes every line of `script` at once, closes stdin, and returns the answers and the
/// exit status.
fn run_script(script: &[&str]) -> (Vec<Value>, ExitStatus) {
    let text: String = script.iter().map(|l| format!("{l}\n")).collect();
    // Written from another thread, so that a full stdout pipe cannot block both sides; the
    // engine may have quit before reading everything.
    let out: Output = mankala_with_input(None, &["engine"], text.as_bytes());
    let stdout = String::from_utf8_lossy(&out.stdout);
    (stdout.lines().map(parse).collect(), out.status)
}

/// An engine answering one request at a time.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    answers: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = spawn_engine();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, answers) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, answers }
    }

    /// Writes one line without waiting for an answer.
    fn write(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush to the engine");
    }

    /// The next answer; fails if none comes (an engine that does not flush never answers).
    fn answer(&mut self) -> Value {
        let line = self.answers.recv_timeout(ANSWER_TIMEOUT).expect("an answer from the engine");
        parse(&line)
    }

    /// Sends one request and returns its answer.
    fn send(&mut self, request: &Value) -> Value {
        self.write(&request.to_string());
        self.answer()
    }

    /// Sends a request that must succeed.
    fn ok(&mut self, request: &Value) -> Value {
        let v = self.send(request);
        assert_eq!(v["ok"], true, "{request} -> {v}");
        v
    }

    /// Sends a raw line that must fail with an error containing every one of `words`.
    fn fails(&mut self, line: &str, words: &[&str]) -> Value {
        self.write(line);
        let v = self.answer();
        assert_eq!(v["ok"], false, "{line} -> {v}");
        let error = v["error"].as_str().expect("an error message");
        for w in words {
            assert!(error.contains(w), "{line}: error lacks `{w}`: {error}");
        }
        v
    }

    /// Closes stdin and returns the exit status and whatever else the engine wrote.
    fn close(mut self) -> (ExitStatus, Vec<String>) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("wait for mankala engine");
        // The reader thread ends at the end of stdout, which the exit closes.
        let rest = self.answers.iter().collect();
        (status, rest)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A failed test leaves no engine running; after `close` this does nothing.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Variant names: the first word of each line of `mankala variants` that does not start
/// with whitespace.
fn variant_names() -> Vec<String> {
    let out = mankala(&["variants"]);
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with(char::is_whitespace))
        .filter_map(|l| l.split_whitespace().next())
        .map(String::from)
        .collect()
}

/// Checks a search answer: a legal best move that is the most likely in a policy over the
/// legal moves summing to 1, a value in [-1, 1], and at least one simulation, at most
/// `budget`.
fn check_search(search: &Value, legal_actions: &Value, budget: u64) {
    let best = &search["best"];
    let legal = legal_actions.as_array().expect("legal actions");
    assert!(legal.contains(&best["action"]), "{search}");
    let value = search["value"].as_f64().expect("a value");
    assert!((-1.0..=1.0).contains(&value), "{search}");
    let sims = search["simulations"].as_u64().expect("simulations");
    assert!((1..=budget).contains(&sims), "{search}");
    let policy = search["policy"].as_array().expect("a policy");
    let actions: Vec<&Value> = policy.iter().map(|p| &p["action"]).collect();
    assert_eq!(actions, legal.iter().collect::<Vec<_>>(), "{search}");
    let shares: Vec<f64> = policy.iter().map(|p| p["p"].as_f64().unwrap()).collect();
    assert!(shares.iter().all(|p| (0.0..=1.0).contains(p)), "{search}");
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-3, "{search}");
    let best_share = policy.iter().find(|p| p["action"] == best["action"]).map(|p| p["p"].as_f64().unwrap()).expect("the best move in the policy");
    assert!(shares.iter().all(|&p| p <= best_share + 1e-6), "{search}");
    let name = policy.iter().find(|p| p["action"] == best["action"]).map(|p| &p["move"]);
    assert_eq!(name, Some(&best["move"]), "{search}");
}

#[test]
fn a_scripted_kalah_session() {
    let (answers, status) = run_script(&[
        r#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=100","seed":3,"id":1}"#,
        "",
        r#"{"cmd":"play","moves":["C"],"id":2}"#,
        r#"{"cmd":"legal","id":3}"#,
        r#"{"cmd":"search","simulations":200,"id":4}"#,
        r#"{"cmd":"show","id":5}"#,
        r#"{"cmd":"undo","id":6}"#,
        r#"{"cmd":"quit","id":7}"#,
        r#"{"cmd":"legal","id":8}"#,
    ]);
    assert!(status.success(), "{status}");
    // One answer per request up to `quit`, none for the blank line or after `quit`.
    let ids: Vec<&Value> = answers.iter().map(|a| &a["id"]).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5, 6, 7].map(|i| json!(i)).iter().collect::<Vec<_>>());
    assert!(answers.iter().all(|a| a["ok"] == true), "{answers:?}");

    let new = &answers[0];
    assert_eq!(new["variant"], "kalah");
    assert_eq!(new["agent"], "mcts:sims=100");
    assert_eq!(new["seed"], 3);
    assert_eq!(new["ply"], 0);
    assert_eq!(new["to_move"], "south");
    assert_eq!(new["pits"], json!(vec![4; 12]));

    // C sows D, E, F and South's store: South moves again, C empty.
    let played = &answers[1];
    assert_eq!(played["ply"], 1);
    assert_eq!(played["to_move"], "south");
    assert_eq!(played["pits"], json!([4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]));
    assert_eq!(played["stores"], json!([1, 0]));
    assert_eq!(played["last_move"], json!({"move": "C", "action": 2}));
    assert_eq!(played["moves"], json!(["C"]));

    let legal = &answers[2];
    assert_eq!(legal["legal"], json!(["A", "B", "D", "E", "F"]));
    assert_eq!(legal["legal_actions"], json!([0, 1, 3, 4, 5]));

    let search = &answers[3];
    check_search(search, &legal["legal_actions"], 200);
    assert_eq!(search["simulations"], 200);
    assert_eq!(search["ply"], 1);

    let show = &answers[4];
    let board = show["board"].as_str().expect("a board");
    assert!(board.contains("S    4   4   0   5   5   5"), "{board}");
    assert_eq!(show["status"], "ply 1, south to move; legal: A B D E F");

    let undone = &answers[5];
    assert_eq!(undone["ply"], 0);
    assert_eq!(undone["pits"], json!(vec![4; 12]));

    assert_eq!(answers[6]["bye"], true);
}

#[test]
fn every_variant_searches_and_plays_its_best_move() {
    let variants = variant_names();
    assert!(variants.len() >= 12, "{variants:?}");
    for v in ["oware", "kalah", "enkeshui", "omweso", "bao", "bao-malawi"] {
        assert!(variants.iter().any(|n| n == v), "{v} missing: {variants:?}");
    }
    let mut engine = Engine::start();
    for variant in &variants {
        let new = engine.ok(&json!({"cmd": "new", "variant": variant, "agent": "mcts:sims=8"}));
        assert_eq!(&new["variant"], variant);
        assert_eq!(new["ply"], 0);
        assert_eq!(new["terminal"], false);
        let search = engine.ok(&json!({"cmd": "search", "simulations": 16}));
        check_search(&search, &new["legal_actions"], 16);
        let best = search["best"]["move"].as_str().expect("a best move");
        let played = engine.ok(&json!({"cmd": "play", "moves": [best]}));
        assert_eq!(played["ply"], 1, "{variant}");
        assert_eq!(played["last_move"], search["best"], "{variant}");
        assert_eq!(played["moves"], json!([best]), "{variant}");
        // The same move by index from the start gives the same position.
        let by_index = engine.ok(&json!({"cmd": "position", "moves": [search["best"]["action"]]}));
        assert_eq!(by_index["pits"], played["pits"], "{variant}");
        assert_eq!(by_index["stores"], played["stores"], "{variant}");
        assert_eq!(by_index["in_hand"], played["in_hand"], "{variant}");
    }
    let (status, rest) = engine.close();
    assert!(status.success(), "{status}");
    assert!(rest.is_empty(), "{rest:?}");
}

#[test]
fn bad_requests_get_errors_and_the_engine_answers_on() {
    let mut e = Engine::start();
    e.fails("this is not json", &["not JSON"]);
    e.fails("[1, 2, 3]", &["expected a JSON object", "an array"]);
    e.fails(r#"{"id": 1}"#, &["missing \"cmd\"", "search"]);
    let v = e.fails(r#"{"cmd": "fly", "id": "x"}"#, &["unknown command `fly`", "new", "quit"]);
    assert_eq!(v["id"], "x", "the id is echoed on errors too");
    e.fails(r#"{"cmd": "search"}"#, &["no game yet", "\"cmd\": \"new\""]);
    e.fails(r#"{"cmd": "play", "moves": ["A"]}"#, &["no game yet"]);
    e.fails(r#"{"cmd": "new", "variant": "chess"}"#, &["unknown variant `chess`", "oware", "kalah"]);
    e.fails(r#"{"cmd": "new", "variant": "kalah", "agent": "minimax"}"#, &["unknown kind `minimax`", "alphabeta"]);
    e.fails(r#"{"cmd": "new", "variant": "kalah", "rules": {"seeds_per_hole": 9}}"#, &["seeds_per_hole", "1 to 6"]);

    e.ok(&json!({"cmd": "new", "variant": "kalah", "agent": "greedy"}));
    // A hands the move to North; North's c ends in his store, so he moves again with c
    // empty: the third move is illegal, and nothing is played.
    e.fails(r#"{"cmd": "play", "moves": ["A", "c", "c"]}"#, &["move 3 of 3", "`c` is not legal", "legal moves: a, b, d, e, f"]);
    e.fails(r#"{"cmd": "play", "moves": ["Q"]}"#, &["`Q` is not legal", "legal moves: A, B, C, D, E, F"]);
    e.fails(r#"{"cmd": "play", "moves": "C C"}"#, &["move 2 of 2", "`C`"]);
    e.fails(r#"{"cmd": "play", "moves": 5}"#, &["\"moves\" must be a list"]);
    e.fails(r#"{"cmd": "search", "simulations": -3}"#, &["\"simulations\""]);
    e.fails(r#"{"cmd": "legal", "verbose": true}"#, &["unknown field \"verbose\""]);
    // A blank line is not answered: the next answer is the next request's.
    e.write("");
    let legal = e.ok(&json!({"cmd": "legal", "id": 42}));
    assert_eq!(legal["id"], 42);
    assert_eq!(legal["ply"], 0);
    assert_eq!(legal["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
    let go = e.ok(&json!({"cmd": "go"}));
    assert_eq!(go["ply"], 1);
    assert_eq!(go["last_move"], go["search"]["best"]);
    assert_eq!(go["search"]["simulations"], 0, "greedy does not search");

    let bye = e.ok(&json!({"cmd": "quit"}));
    assert_eq!(bye["bye"], true);
    let (status, rest) = e.close();
    assert!(status.success(), "{status}");
    assert!(rest.is_empty(), "nothing after quit: {rest:?}");
}

#[test]
fn the_end_of_the_input_without_quit_exits_cleanly() {
    let (answers, status) = run_script(&[r#"{"cmd":"new","variant":"oware"}"#, "garbage"]);
    assert!(status.success(), "{status}");
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_eq!(answers[0]["ok"], true);
    assert_eq!(answers[1]["ok"], false);

    let (answers, status) = run_script(&[]);
    assert!(status.success(), "{status}");
    assert!(answers.is_empty(), "{answers:?}");
}

#[test]
fn a_game_capped_by_its_limits_reports_its_outcome() {
    let mut e = Engine::start();
    e.ok(&json!({"cmd": "new", "variant": "oware", "limits": {"max_plies": 3}}));
    let end = e.ok(&json!({"cmd": "play", "moves": ["C", "d", "A"]}));
    assert_eq!(end["terminal"], true);
    assert_eq!(end["to_move"], Value::Null);
    assert_eq!(end["legal"], json!([]));
    assert_eq!(end["outcome"]["result"], "capped-plies");
    assert_eq!(end["outcome"]["returns"], json!([0.0, 0.0]));
    e.fails(r#"{"cmd": "search", "simulations": 4}"#, &["game is over"]);
    e.fails(r#"{"cmd": "play", "moves": ["B"]}"#, &["already over"]);
    let back = e.ok(&json!({"cmd": "undo"}));
    assert_eq!(back["terminal"], false);
    assert_eq!(back["ply"], 2);
    let (status, _) = e.close();
    assert!(status.success(), "{status}");
}
