//! The JSON API of `mankala serve`, request by request through the router (no socket).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use mankala_agents::Zoo;
use mankala_web::{AppState, Options, router};
use serde_json::{Value, json};
use tower::ServiceExt;

/// A server over `runs` with at most `max` sessions, each freed after `idle`.
fn app(runs: &[PathBuf], max: usize, idle: Duration) -> axum::Router {
    let options =
        Options { runs: runs.to_vec(), max_sessions: max, idle, zoo: Zoo::at(Path::new(env!("CARGO_MANIFEST_DIR")).join("../zoo")), ..Options::default() };
    router(Arc::new(AppState::new(&options).expect("the run directories exist")))
}

fn plain() -> axum::Router {
    app(&[], 8, Duration::from_secs(600))
}

/// Sends one request; the status, the content type and the body.
fn raw(app: &axum::Router, method: Method, uri: &str, body: Vec<u8>) -> (StatusCode, String, Vec<u8>) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let request = Request::builder().method(method).uri(uri).body(Body::from(body)).unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, kind, bytes.to_vec())
    })
}

/// Sends one request whose answer must be JSON.
fn call(app: &axum::Router, method: Method, uri: &str, body: &str) -> (StatusCode, Value) {
    let (status, kind, bytes) = raw(app, method, uri, body.as_bytes().to_vec());
    assert!(kind.starts_with("application/json"), "{uri}: {kind}");
    let json = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{uri}: not JSON ({e}): {}", String::from_utf8_lossy(&bytes)));
    (status, json)
}

fn open(app: &axum::Router) -> String {
    let (status, j) = call(app, Method::POST, "/api/sessions", "");
    assert_eq!(status, StatusCode::OK, "{j}");
    j["session"].as_str().unwrap().to_string()
}

fn ask(app: &axum::Router, session: &str, request: Value) -> (StatusCode, Value) {
    call(app, Method::POST, &format!("/api/sessions/{session}"), &request.to_string())
}

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mankala-web-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn the_page_and_its_script_and_style_are_served_from_the_binary() {
    let app = plain();
    let (status, kind, body) = raw(&app, Method::GET, "/", Vec::new());
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"));
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("src=\"/app.js\"") && html.contains("href=\"/style.css\""));
    let (status, kind, body) = raw(&app, Method::GET, "/app.js", Vec::new());
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"));
    assert!(String::from_utf8(body).unwrap().contains("/api/sessions"));
    let (status, kind, _) = raw(&app, Method::GET, "/style.css", Vec::new());
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/css"));
}

#[test]
fn every_variant_is_listed_with_its_rule_options_at_their_defaults() {
    let (status, j) = call(&plain(), Method::GET, "/api/variants", "");
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = j["variants"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    let expected: Vec<&str> = mankala_engine::VARIANTS.iter().map(|v| v.name).collect();
    assert_eq!(names, expected);
    assert_eq!(names.len(), 12);
    let kalah = &j["variants"][1];
    assert_eq!(kalah["rules"]["seeds_per_hole"], 4);
    assert_eq!(kalah["rules"]["empty_capture"], false);
}

#[test]
fn a_kalah_game_answers_with_the_board_and_the_legal_moves_on_their_holes() {
    let app = plain();
    let s = open(&app);
    let (status, j) = ask(&app, &s, json!({"cmd": "new", "variant": "kalah", "agent": "random"}));
    assert_eq!(status, StatusCode::OK, "{j}");
    let layout = &j["view"]["layout"];
    assert_eq!(layout["rows"], json!([[11, 10, 9, 8, 7, 6], [0, 1, 2, 3, 4, 5]]));
    assert_eq!(layout["stores"], true);
    let holes: Vec<i64> = j["view"]["moves"].as_array().unwrap().iter().map(|m| m["hole"].as_i64().unwrap()).collect();
    assert_eq!(holes, [0, 1, 2, 3, 4, 5]);
    // C's last seed falls in South's store: South moves again.
    let (_, j) = ask(&app, &s, json!({"cmd": "play", "moves": ["C"]}));
    assert_eq!(j["stores"], json!([1, 0]));
    assert_eq!(j["to_move"], "south");
    assert_eq!(j["view"]["last"], 2);
    let (_, j) = ask(&app, &s, json!({"cmd": "play", "moves": ["F"]}));
    assert_eq!(j["to_move"], "north");
    // The agent answers; undo takes its move back.
    let (status, j) = ask(&app, &s, json!({"cmd": "go"}));
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!(j["ply"], 3);
    assert!(j["search"]["best"]["move"].is_string());
    let (_, j) = ask(&app, &s, json!({"cmd": "undo", "count": 1}));
    assert_eq!(j["ply"], 2);
}

#[test]
fn an_illegal_move_is_a_json_error_and_changes_nothing() {
    let app = plain();
    let s = open(&app);
    ask(&app, &s, json!({"cmd": "new", "variant": "oware", "agent": "random"}));
    let (status, j) = ask(&app, &s, json!({"cmd": "play", "moves": ["z"], "id": 4}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(j["ok"], false);
    assert_eq!(j["id"], 4);
    assert!(j["error"].as_str().unwrap().contains("legal moves: A, B, C, D, E, F"), "{j}");
    let (_, j) = ask(&app, &s, json!({"cmd": "legal"}));
    assert_eq!(j["ply"], 0);
    let (status, j) = ask(&app, &s, json!({"cmd": "fly"}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(j["error"].as_str().unwrap().contains("unknown command `fly`"));
}

#[test]
fn bao_moves_carry_their_direction_and_the_nyumba_is_marked() {
    let app = plain();
    let s = open(&app);
    let (_, j) = ask(&app, &s, json!({"cmd": "new", "variant": "bao", "agent": "random"}));
    let layout = &j["view"]["layout"];
    assert_eq!(layout["hands"], true);
    assert_eq!(layout["houses"][0], json!({"hole": 4, "owner": 0, "name": "nyumba"}));
    let moves = j["view"]["moves"].as_array().unwrap();
    let a6: Vec<&Value> = moves.iter().filter(|m| m["hole"] == 5).collect();
    let names: Vec<&str> = a6.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(names, ["A6>", "A6<"]);
    assert_eq!(a6[0]["dir"], ">");
    assert!(a6[1]["words"].as_str().unwrap().ends_with("kichwa A8"));
    // North's capture a5< and South's A3> (sown from A1), then the decision at North's house.
    let (_, j) = ask(&app, &s, json!({"cmd": "play", "moves": "A6< a5< A3> a7<"}));
    let decisions: Vec<&str> = j["view"]["moves"].as_array().unwrap().iter().filter(|m| m["hole"].is_null()).map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(decisions, ["stop", "safari"]);
}

#[test]
fn bad_and_oversized_requests_get_json_errors() {
    let app = plain();
    let s = open(&app);
    let uri = format!("/api/sessions/{s}");
    let (status, j) = call(&app, Method::POST, &uri, "{not json");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(j["error"].as_str().unwrap().starts_with("not JSON"), "{j}");
    let (status, j) = call(&app, Method::POST, &uri, "[1, 2]");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(j["error"].as_str().unwrap().contains("JSON object"), "{j}");
    let big = format!("{{\"cmd\": \"play\", \"moves\": \"{}\"}}", "A ".repeat(100_000));
    let (status, j) = call(&app, Method::POST, &uri, &big);
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(j["error"].as_str().unwrap().contains("65536 bytes"), "{j}");
    let (status, j) = call(&app, Method::POST, "/api/sessions/nosuch", "{\"cmd\": \"show\"}");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(j["error"].as_str().unwrap().contains("no session `nosuch`"));
    let (status, j) = call(&app, Method::GET, "/api/nothing", "");
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(j["ok"], false);
    ask(&app, &s, json!({"cmd": "new", "variant": "kalah", "agent": "random"}));
    let (status, j) = ask(&app, &s, json!({"cmd": "search", "millis": 3_600_000}));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(j["error"].as_str().unwrap().contains("at most 60000"), "{j}");
}

#[test]
fn sessions_are_bounded_and_a_closed_one_is_freed() {
    let app = app(&[], 2, Duration::from_secs(600));
    let a = open(&app);
    let _b = open(&app);
    let (status, j) = call(&app, Method::POST, &format!("/api/sessions/{a}/ping"), "");
    assert_eq!((status, &j["ok"]), (StatusCode::OK, &json!(true)));
    let (_, j) = call(&app, Method::GET, "/api/sessions", "");
    assert_eq!((&j["open"], &j["max_sessions"]), (&json!(2), &json!(2)));
    let (status, j) = call(&app, Method::POST, "/api/sessions", "");
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(j["error"].as_str().unwrap().contains("2 games are open"), "{j}");
    // The page's beacon when its tab closes.
    let (status, j) = call(&app, Method::POST, &format!("/api/sessions/{a}/close"), "");
    assert_eq!(status, StatusCode::OK);
    assert_eq!(j["closed"], true);
    let (status, _) = ask(&app, &a, json!({"cmd": "show"}));
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, j) = call(&app, Method::GET, "/api/sessions", "");
    assert_eq!(j["open"], 1);
    let c = open(&app);
    let (status, j) = call(&app, Method::DELETE, &format!("/api/sessions/{c}"), "");
    assert_eq!((status, &j["closed"]), (StatusCode::OK, &json!(true)));
    open(&app);
}

#[test]
fn an_idle_session_is_freed() {
    let app = app(&[], 1, Duration::ZERO);
    let a = open(&app);
    let (status, _) = ask(&app, &a, json!({"cmd": "show"}));
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&app, Method::POST, &format!("/api/sessions/{a}/ping"), "");
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Its slot is free again although the server keeps one session at most.
    open(&app);
}

#[test]
fn quit_frees_the_session() {
    let app = plain();
    let s = open(&app);
    let (status, j) = ask(&app, &s, json!({"cmd": "quit"}));
    assert_eq!((status, &j["bye"]), (StatusCode::OK, &json!(true)));
    let (status, _) = ask(&app, &s, json!({"cmd": "show"}));
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[test]
fn files_outside_the_run_directories_are_refused() {
    let root = scratch("outside");
    let run = root.join("run");
    write(&root.join("secret.txt"), "secret");
    write(&run.join("report.md"), "# report\n![elo](elo.svg)\n");
    write(&run.join("elo.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
    std::os::unix::fs::symlink(root.join("secret.txt"), run.join("link.txt")).unwrap();
    let app = app(std::slice::from_ref(&run), 8, Duration::from_secs(600));
    let (status, kind, body) = raw(&app, Method::GET, "/runs/0/report.md", Vec::new());
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/plain"));
    assert_eq!(body, b"# report\n![elo](elo.svg)\n");
    let (status, kind, _) = raw(&app, Method::GET, "/runs/0/elo.svg", Vec::new());
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "image/svg+xml"));
    for (uri, expected) in [
        ("/runs/0/../secret.txt", StatusCode::FORBIDDEN),
        ("/runs/0/%2e%2e/secret.txt", StatusCode::FORBIDDEN),
        ("/runs/0/sub/%2e%2e%2f%2e%2e%2fsecret.txt", StatusCode::FORBIDDEN),
        ("/runs/0//etc/passwd", StatusCode::FORBIDDEN),
        ("/runs/0/link.txt", StatusCode::FORBIDDEN),
        ("/runs/0/nothing.md", StatusCode::NOT_FOUND),
        ("/runs/1/report.md", StatusCode::NOT_FOUND),
        ("/api/record?run=0&path=../secret.txt", StatusCode::FORBIDDEN),
        ("/api/record?run=0&path=%2Fetc%2Fpasswd", StatusCode::FORBIDDEN),
    ] {
        let (status, j) = call(&app, Method::GET, uri, "");
        assert_eq!(status, expected, "{uri}: {j}");
        assert_eq!(j["ok"], false, "{uri}");
        assert!(!j.to_string().contains("secret\""), "{uri}: {j}");
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn an_agent_reads_models_and_tables_only_from_the_run_directories() {
    let root = scratch("agents");
    let run = root.join("run");
    write(&root.join("elsewhere/model.bpk"), "weights");
    write(&root.join("elsewhere/model.json"), "{}");
    write(&run.join("gen-0001/train/model.bpk"), "weights");
    write(&run.join("gen-0001/train/model.json"), "{}");
    let app = app(std::slice::from_ref(&run), 8, Duration::from_secs(600));
    let (_, files) = call(&app, Method::GET, "/api/files", "");
    let inside = format!("nn:model={},sims=200", run.join("gen-0001/train/model.bpk").display());
    assert!(files["agents"].as_array().unwrap().contains(&json!(inside)), "{files}");
    let s = open(&app);
    let outside = root.join("elsewhere/model.bpk");
    for agent in [
        format!("nn:model={}", outside.display()),
        format!("nn:model={}/../elsewhere/model.bpk", run.display()),
        "alphabeta:depth=2,tb=/etc/passwd".to_string(),
        "perfect:tb=kalah.tb".to_string(),
    ] {
        let (status, j) = ask(&app, &s, json!({"cmd": "new", "variant": "kalah", "agent": agent}));
        assert_eq!(status, StatusCode::FORBIDDEN, "{agent}: {j}");
        assert!(j["error"].as_str().unwrap().contains("not a file inside a run directory"));
    }
    let (status, j) = ask(&app, &s, json!({"cmd": "new", "config": "configs/kalah.toml"}));
    assert_eq!(status, StatusCode::FORBIDDEN, "{j}");
    // A model inside a run directory gets as far as being read (this one is not a model).
    let (status, j) = ask(&app, &s, json!({"cmd": "new", "variant": "kalah", "agent": format!("nn:model={}", run.join("gen-0001/train/model.bpk").display())}));
    assert_eq!(status, StatusCode::BAD_REQUEST, "{j}");
    assert!(j["error"].as_str().unwrap().starts_with("new: agent"), "{j}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_record_file_gives_its_games_and_a_game_replays_move_by_move() {
    let root = scratch("records");
    let run = root.join("run");
    let record = json!({
        "variant": "kalah", "rules": {"seeds_per_hole": 4, "empty_capture": false},
        "limits": {"max_plies": 1000, "max_laps": 1}, "index": 0, "south": "random",
        "north": "greedy", "opening_plies": 0, "moves": ["C", "F", "a"], "actions": [2, 5, 0],
        "result": "unfinished", "outcome": 0, "scores": [2, 0], "seed": 1,
        "south_agent": 0, "north_agent": 1
    });
    write(&run.join("gen-0001/gate/games.jsonl"), &format!("{record}\n"));
    write(&run.join("bad/games.jsonl"), "{\"variant\": \"kalah\"}\n");
    let app = app(std::slice::from_ref(&run), 8, Duration::from_secs(600));
    let (_, files) = call(&app, Method::GET, "/api/files", "");
    let paths: Vec<&str> = files["files"]["records"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["bad/games.jsonl", "gen-0001/gate/games.jsonl"]);
    let (status, j) = call(&app, Method::GET, "/api/record?run=0&path=gen-0001/gate/games.jsonl", "");
    assert_eq!(status, StatusCode::OK, "{j}");
    let game = &j["games"][0];
    assert_eq!(game["actions"], json!([2, 5, 0]));
    let (status, j) = call(&app, Method::GET, "/api/record?run=0&path=bad/games.jsonl", "");
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(j["error"].as_str().unwrap().contains("line 1: no \"actions\""), "{j}");
    let (status, j) = call(&app, Method::GET, "/api/record?run=x", "");
    assert_eq!(status, StatusCode::BAD_REQUEST, "{j}");
    // The page replays it: the game's rules, then its moves up to the step shown.
    let s = open(&app);
    ask(&app, &s, json!({"cmd": "new", "variant": game["variant"], "rules": game["rules"], "limits": game["limits"], "agent": "random"}));
    let (_, j) = ask(&app, &s, json!({"cmd": "position", "moves": [2, 5]}));
    assert_eq!(j["ply"], 2);
    assert_eq!(j["position"], "kalah 4,4,0,5,5,0/5,5,5,5,4,4 north stores=2,0 ply=2");
    std::fs::remove_dir_all(&root).unwrap();
}

fn sowing(app: &axum::Router, session: &str) -> (StatusCode, Value) {
    call(app, Method::GET, &format!("/api/sessions/{session}/sowing"), "")
}

#[test]
fn the_last_moves_sowing_is_sent_step_by_step_with_each_board() {
    let app = plain();
    let s = open(&app);
    ask(&app, &s, json!({"cmd": "new", "variant": "kalah", "agent": "random"}));
    // C holds 4: lifted, then one seed into D, E, F and South's store.
    let (status, played) = ask(&app, &s, json!({"cmd": "play", "moves": ["C"]}));
    assert_eq!(status, StatusCode::OK, "{played}");
    let (status, j) = sowing(&app, &s);
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!(j["move"], "C");
    assert_eq!(j["action"], 2);
    assert_eq!(j["mover"], "south");
    assert_eq!(j["ply"], 0);
    assert_eq!(j["before"]["pits"], json!(vec![4; 12]));
    let steps = j["steps"].as_array().unwrap();
    let labels: Vec<&str> = steps.iter().map(|s| s["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["lift", "sow", "sow", "sow", "sow"]);
    assert_eq!(steps[0]["changed"], json!([2]));
    assert_eq!(steps[0]["board"]["sowing"], 4);
    assert_eq!(steps[2]["board"]["pits"], json!([4, 4, 0, 5, 5, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(steps[2]["changed"], json!([4]));
    assert_eq!(steps[4]["changed"], json!([]));
    assert_eq!(steps[4]["board"]["stores"], json!([1, 0]));
    assert_eq!(steps[4]["board"]["pits"], played["pits"]);
    assert_eq!(j["position"], played["position"]);
    // The request changes nothing: the game goes on from the same position.
    let (_, shown) = ask(&app, &s, json!({"cmd": "legal"}));
    assert_eq!(shown["ply"], 1);
}

#[test]
fn the_sowing_follows_undo_and_the_agents_moves() {
    let app = plain();
    let s = open(&app);
    ask(&app, &s, json!({"cmd": "new", "variant": "oware", "agent": "random", "seed": 3}));
    ask(&app, &s, json!({"cmd": "play", "moves": ["A"]}));
    let (status, went) = ask(&app, &s, json!({"cmd": "go"}));
    assert_eq!(status, StatusCode::OK, "{went}");
    let (_, j) = sowing(&app, &s);
    assert_eq!(j["move"], went["last_move"]["move"], "{j}");
    assert_eq!(j["mover"], "north");
    let last = j["steps"].as_array().unwrap().last().unwrap();
    assert_eq!(last["board"]["pits"], went["pits"]);
    ask(&app, &s, json!({"cmd": "undo"}));
    let (_, j) = sowing(&app, &s);
    assert_eq!(j["move"], "A");
    assert_eq!(j["mover"], "south");
}

#[test]
fn a_sowing_without_a_move_or_game_or_session_is_a_json_error() {
    let app = plain();
    let s = open(&app);
    let (status, j) = sowing(&app, &s);
    assert_eq!(status, StatusCode::CONFLICT, "{j}");
    assert_eq!(j["ok"], false);
    assert!(j["error"].as_str().unwrap().contains("no game"), "{j}");
    ask(&app, &s, json!({"cmd": "new", "variant": "bao"}));
    let (status, j) = sowing(&app, &s);
    assert_eq!(status, StatusCode::CONFLICT, "{j}");
    assert!(j["error"].as_str().unwrap().contains("no move played yet"), "{j}");
    let (status, j) = sowing(&app, "0123456789abcdef0123456789abcdef");
    assert_eq!(status, StatusCode::NOT_FOUND, "{j}");
    assert_eq!(j["ok"], false);
    let (status, j) = call(&app, Method::POST, &format!("/api/sessions/{s}/sowing"), "");
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{j}");
}

#[test]
fn a_bao_namua_moves_sowing_starts_with_a_seed_from_the_hand_and_keeps_every_seed() {
    let app = plain();
    let s = open(&app);
    ask(&app, &s, json!({"cmd": "new", "variant": "bao", "agent": "random"}));
    let (_, start) = ask(&app, &s, json!({"cmd": "legal"}));
    let first = start["legal"][0].as_str().unwrap().to_string();
    let (status, played) = ask(&app, &s, json!({"cmd": "play", "moves": [first]}));
    assert_eq!(status, StatusCode::OK, "{played}");
    let (status, j) = sowing(&app, &s);
    assert_eq!(status, StatusCode::OK, "{j}");
    let steps = j["steps"].as_array().unwrap();
    // A namua move: one seed from South's hand first, then sowing.
    assert_eq!(steps[0]["label"], "sow");
    assert_eq!(steps[0]["event"]["from"], json!({"place": "hand", "index": "south"}));
    let total = |b: &Value| -> u64 {
        let sum = |k: &str| b[k].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).sum::<u64>();
        sum("pits") + sum("stores") + sum("in_hand") + b["sowing"].as_u64().unwrap()
    };
    for step in steps {
        assert_eq!(total(&step["board"]), 64, "{step}");
    }
    let last = &steps.last().unwrap()["board"];
    assert_eq!(last["pits"], played["pits"]);
    assert_eq!(last["in_hand"], played["in_hand"]);
}

#[test]
fn a_game_without_an_agent_is_played_against_the_zoo_where_it_has_the_variant() {
    let app = plain();
    let s = open(&app);
    let (status, j) = ask(&app, &s, json!({"cmd": "new", "variant": "bao"}));
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!(j["agent"], "zoo:sims=200");
    // Other rules than the zoo's network was trained on: the default falls back.
    let (status, j) = ask(&app, &s, json!({"cmd": "new", "variant": "bao", "rules": {"takasia": false}}));
    assert_eq!(status, StatusCode::OK, "{j}");
    assert_eq!(j["agent"], "mcts:sims=1000");
}
