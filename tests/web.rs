//! `mankala serve` as a process: it prints where it listens, serves the page and the API on
//! 127.0.0.1, and refuses bad arguments by name.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use common::{mankala, stderr, temp_dir};
use mankala_config::NetworkConfig;
use mankala_engine::{AnyGame, Game, with_game};
use mankala_models::{ModelMeta, PolicyValueNet};
use serde_json::{Value, json};

/// One HTTP/1.1 request on a fresh connection; the whole response as text.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

/// `mankala serve` with `args` on a free port: the process and the address it listens on
/// (`127.0.0.1:PORT`), from the line it prints at the start.
fn serve(args: &[&str]) -> (std::process::Child, String) {
    let mut child =
        Command::new(env!("CARGO_BIN_EXE_mankala")).args(["serve", "--port", "0"]).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    (child, addr)
}

/// A JSON request (`body` empty: none) on a fresh connection: the status and the JSON answer.
fn call(addr: &str, method: &str, path: &str, body: &str) -> (u16, Value) {
    let response = http(addr, &format!("{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()));
    let status = response.split_whitespace().nth(1).and_then(|code| code.parse().ok()).unwrap_or_else(|| panic!("no status in {response}"));
    let json = response.split_once("\r\n\r\n").and_then(|(_, body)| serde_json::from_str(body).ok()).unwrap_or_else(|| panic!("no JSON body in {response}"));
    (status, json)
}

/// An untrained Kalah network, small, saved as `path` (`.bpk` and `.json`).
fn save_kalah_network(path: &std::path::Path) {
    let g = AnyGame::by_name("kalah").unwrap();
    let (encoding_len, num_actions) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
    let network = NetworkConfig { width: 8, blocks: 1, value_width: 4, ..NetworkConfig::default() };
    let net = PolicyValueNet::new(&network, &mankala_models::NetInputs::flat(encoding_len, num_actions), &mankala_models::device());
    let meta = ModelMeta {
        format_version: mankala_models::file::MODEL_FORMAT_VERSION,
        variant: "kalah".into(),
        rules: g.rules_toml(),
        encoding_version: mankala_engine::ENCODING_VERSION,
        encoding_len,
        num_actions,
        network,
        step: 0,
        samples: 0,
        trained_on: vec![],
        code_version: "test".into(),
        device: String::new(),
    };
    mankala_models::file::save(&net, &meta, path).unwrap();
}

#[test]
fn serve_listens_on_localhost_and_answers_the_page_and_the_api() {
    let (mut child, addr) = serve(&[]);
    let page = http(&addr, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<script src=\"/app.js\">"));
    let body = r#"{"cmd": "new", "variant": "oware"}"#;
    let open = http(&addr, "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    let id = open.split("\"session\":\"").nth(1).and_then(|rest| rest.split('"').next()).unwrap_or_else(|| panic!("no session in {open}"));
    let answer = http(&addr, &format!("POST /api/sessions/{id} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"variant\":\"oware\""), "{answer}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_refuses_a_run_directory_that_is_not_one_and_out_of_range_limits() {
    let o = mankala(&["serve", "--port", "0", "--runs", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--runs no/such/dir: expected a directory"), "{}", stderr(&o));
    let o = mankala(&["serve", "--port", "0", "--max-sessions", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--max-sessions 0: expected 1 to 10000"), "{}", stderr(&o));
    let o = mankala(&["serve", "--bind", "localhost"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bind"), "{}", stderr(&o));
}

#[test]
fn serve_offers_a_run_directorys_network_and_it_plays_and_analyses() {
    let run = temp_dir("web-network");
    let model = run.join("gen-0001/train/model");
    std::fs::create_dir_all(model.parent().unwrap()).unwrap();
    save_kalah_network(&model);
    let (mut child, addr) = serve(&["--runs", run.to_str().unwrap()]);
    let (status, files) = call(&addr, "GET", "/api/files", "");
    assert_eq!(status, 200, "{files}");
    let spec = format!("nn:model={},sims=200", model.with_extension("bpk").display());
    assert!(files["agents"].as_array().unwrap().contains(&json!(spec)), "{spec} not in {files}");
    let (_, open) = call(&addr, "POST", "/api/sessions", "");
    let session = format!("/api/sessions/{}", open["session"].as_str().unwrap());
    let new = json!({"cmd": "new", "variant": "kalah", "agent": spec});
    let (status, j) = call(&addr, "POST", &session, &new.to_string());
    assert_eq!(status, 200, "{j}");
    // The network's view of the start: a value and a share for each of the six moves.
    let (status, j) = call(&addr, "POST", &session, r#"{"cmd": "search"}"#);
    assert_eq!(status, 200, "{j}");
    assert!(j["value"].as_f64().is_some_and(|v| v.abs() <= 1.0), "{j}");
    assert_eq!(j["policy"].as_array().unwrap().len(), 6, "{j}");
    assert_eq!(j["simulations"], 200, "{j}");
    // And its move: South's, played on the board.
    let (status, j) = call(&addr, "POST", &session, r#"{"cmd": "go"}"#);
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["ply"], 1, "{j}");
    assert_eq!(j["moves"].as_array().unwrap().len(), 1, "{j}");
    assert!(j["view"]["moves"].as_array().is_some_and(|m| !m.is_empty()), "{j}");
    child.kill().unwrap();
    child.wait().unwrap();
    let _ = std::fs::remove_dir_all(&run);
}
