//! `mankala serve` as a process: it prints where it listens, serves the page and the API on
//! 127.0.0.1, and refuses bad arguments by name.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use common::{mankala, stderr};

/// One HTTP/1.1 request on a fresh connection; the whole response as text.
fn http(addr: &str, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    response
}

#[test]
fn serve_listens_on_localhost_and_answers_the_page_and_the_api() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mankala"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    let page = http(
        &addr,
        "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<script src=\"/app.js\">"));
    let body = r#"{"cmd": "new", "variant": "oware"}"#;
    let open = http(
        &addr,
        "POST /api/sessions HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    let id = open
        .split("\"session\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no session in {open}"));
    let answer = http(
        &addr,
        &format!(
            "POST /api/sessions/{id} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"variant\":\"oware\""), "{answer}");
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn serve_refuses_a_run_directory_that_is_not_one_and_out_of_range_limits() {
    let o = mankala(&["serve", "--port", "0", "--runs", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--runs no/such/dir: expected a directory"),
        "{}",
        stderr(&o)
    );
    let o = mankala(&["serve", "--port", "0", "--max-sessions", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--max-sessions 0: expected 1 to 10000"),
        "{}",
        stderr(&o)
    );
    let o = mankala(&["serve", "--bind", "localhost"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bind"), "{}", stderr(&o));
}
