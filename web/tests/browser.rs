//! The page in a real browser: `tests/browser/board.mjs` drives Debian's Chromium through
//! playwright-core against a server started here, and checks what the page shows against
//! what the engine says (the positions below, computed through the protocol).
//!
//! Needs `node` (18 or newer: the playwright-core of `package-lock.json` runs on Debian's),
//! `chromium` (or `MANKALA_CHROMIUM`) and `npm ci` run in `web/tests/browser`; without them
//! the test is ignored, and says why. `.ci/run` installs them.
//! Screenshots of every variant's start are left in `<target>/tmp/web-screenshots`.

#[path = "../../tests/common/skip.rs"]
mod skip;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use mankala_agents::Zoo;
use mankala_protocol::Session;
use mankala_web::Options;
use serde_json::{Value, json};

/// Longest the browser script may run.
const SCRIPT_LIMIT: Duration = Duration::from_secs(600);

/// One protocol request on `session`; its answer, which must succeed.
fn ask(session: &mut Session, request: Value) -> Value {
    let reply = session.handle_line(&request.to_string()).unwrap().json;
    assert_eq!(reply["ok"], true, "{request}: {reply}");
    reply
}

/// Why the browser test cannot run here, if it cannot.
fn missing(dir: &Path) -> Option<String> {
    let Some(node) = node_major() else {
        return Some("node is not installed (apt-get install nodejs npm)".into());
    };
    match (std::env::var_os("MANKALA_CHROMIUM"), chromium()) {
        (Some(named), None) => {
            return Some(format!("MANKALA_CHROMIUM names {}, which is not a file", PathBuf::from(named).display()));
        }
        (None, None) => {
            return Some("chromium is not installed (apt-get install chromium)".into());
        }
        _ => {}
    }
    if !dir.join("node_modules/playwright-core").is_dir() {
        return Some(format!("playwright-core is not installed (npm ci in {})", dir.display()));
    }
    match node_wanted(dir) {
        Some(wanted) if node < wanted => Some(format!("node {node} is older than the node {wanted} that playwright-core needs")),
        _ => None,
    }
}

/// The major version of `node` on the path (`v20.1.0` gives 20), if it runs.
fn node_major() -> Option<u32> {
    let out = Command::new("node").arg("--version").stderr(Stdio::null()).output().ok().filter(|o| o.status.success())?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim().trim_start_matches('v').split('.').next()?.parse().ok()
}

/// The least major version of node that the installed playwright-core asks for
/// (`"engines": {"node": ">=18"}` in its package.json).
fn node_wanted(dir: &Path) -> Option<u32> {
    let text = std::fs::read_to_string(dir.join("node_modules/playwright-core/package.json")).ok()?;
    let package: Value = serde_json::from_str(&text).ok()?;
    let wanted = package["engines"]["node"].as_str()?.trim_start_matches(">=");
    wanted.trim().split('.').next()?.parse().ok()
}

/// The Chromium binary: `MANKALA_CHROMIUM` if it names a file, or `chromium` on the path.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("MANKALA_CHROMIUM") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    std::env::var_os("PATH").and_then(|paths| std::env::split_paths(&paths).map(|p| p.join("chromium")).find(|p| p.is_file()))
}

/// Every variant's start: counts, stores, hands, the labels of its first and last hole.
fn variants() -> Vec<Value> {
    mankala_engine::VARIANTS
        .iter()
        .map(|v| {
            let mut s = Session::default();
            let j = ask(&mut s, json!({"cmd": "new", "variant": v.name, "agent": "random"}));
            let four = j["pits"].as_array().unwrap().len() == 32;
            let (first, last) = match (four, v.name.starts_with("bao")) {
                (true, true) => ("A1", "b8"),
                (true, false) => ("T", "h"),
                (false, _) => {
                    let n = j["pits"].as_array().unwrap().len() / 2;
                    ("A", &"abcdefghijkl"[n - 1..n])
                }
            };
            let sum = |key: &str| j[key].as_array().map_or(0, |a| a.iter().map(|n| n.as_u64().unwrap()).sum::<u64>());
            let seeds = sum("pits") + if four { 0 } else { sum("stores") } + sum("in_hand");
            json!({
                "name": v.name,
                "seeds": seeds,
                "pits": j["pits"],
                "stores": if four { Value::Null } else { j["stores"].clone() },
                "in_hand": j["in_hand"],
                "ends": [first, last],
                "houses": if matches!(v.name, "bao" | "bao-malawi") { 2 } else { 0 },
            })
        })
        .collect()
}

/// The Bao line of `docs/notation.md`, with the position after each move and the kichwa each
/// capture is sown from.
fn bao() -> Value {
    let moves = ["A6<", "a5<", "A3>", "a7<", "safari"];
    let mut s = Session::default();
    ask(&mut s, json!({"cmd": "new", "variant": "bao", "agent": "random"}));
    let mut positions = Vec::new();
    // The moves whose hole has no other legal move: the page plays them at the click.
    let mut single = Vec::new();
    for m in moves {
        let legal = ask(&mut s, json!({"cmd": "legal"}));
        let hole = m.trim_end_matches(['<', '>']);
        let here = legal["legal"].as_array().unwrap().iter().filter(|l| l.as_str().unwrap().trim_end_matches(['<', '>']) == hole).count();
        if here == 1 {
            single.push(m);
        }
        positions.push(ask(&mut s, json!({"cmd": "play", "moves": [m]}))["position"].clone());
    }
    json!({
        "moves": moves,
        "positions": positions,
        "single": single,
        "kichwa": [null, "a8", "A1", "a8", null],
    })
}

/// An Omweso game of random moves up to a position where the player to move decides
/// whether to take a capture: its moves, the position after each, the decisions on offer,
/// and the position after `take`.
fn omweso() -> Value {
    for seed in 1..200 {
        let mut s = Session::default();
        ask(&mut s, json!({"cmd": "new", "variant": "omweso", "agent": "random", "seed": seed}));
        let mut positions = Vec::new();
        for _ in 0..400 {
            let j = ask(&mut s, json!({"cmd": "go"}));
            if j["terminal"] == true {
                break;
            }
            positions.push(j["position"].clone());
            let legal: Vec<&str> = j["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
            if legal.contains(&"take") {
                let mut decisions = legal.clone();
                decisions.sort_unstable();
                let after = ask(&mut s, json!({"cmd": "play", "moves": ["take"]}));
                return json!({
                    "moves": j["moves"], "positions": positions, "position": j["position"],
                    "decisions": decisions, "after": after["position"],
                    "capture": j["state"]["capture"],
                    "after_capture": if after["in_move"] == true { after["state"]["capture"].clone() } else { Value::Null },
                });
            }
        }
    }
    panic!("no take decision in 200 random games of omweso");
}

/// A Kalah game of two random agents saved as an arena record in `run`, and its positions.
fn record(run: &Path) -> Value {
    let mut s = Session::default();
    let start = ask(&mut s, json!({"cmd": "new", "variant": "kalah", "agent": "random", "seed": 5}));
    let mut positions = vec![start["position"].clone()];
    let mut actions = Vec::new();
    let mut last = start;
    while last["terminal"] == false {
        last = ask(&mut s, json!({"cmd": "go"}));
        actions.push(last["last_move"]["action"].clone());
        positions.push(last["position"].clone());
    }
    let outcome = &last["outcome"];
    let saved = json!({
        "variant": "kalah", "rules": {"seeds_per_hole": 4, "empty_capture": false},
        "limits": {"max_plies": 1000, "max_laps": 1}, "index": 0, "south": "random",
        "north": "random", "opening_plies": 0, "moves": last["moves"], "actions": actions,
        "result": outcome["result"], "outcome": 0, "scores": outcome["scores"], "seed": 5,
        "south_agent": 0, "north_agent": 1
    });
    let dir = run.join("gen-0001/eval");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("games.jsonl"), format!("{saved}\n")).unwrap();
    json!({"file": "0:gen-0001/eval/games.jsonl", "positions": positions})
}

/// An opening table (`mankala openings`' `openings.json`, three lines of Kalah) and a run
/// report with one plot, in `run`.
fn explorer_and_report(run: &Path) -> Value {
    let line = |moves: &[&str], games: u64| {
        json!({
            "line": moves.join(" "), "moves": moves, "depth": moves.len(), "games": games,
            "share": games as f64 / 20.0, "wins": games / 2, "draws": 0, "losses": games - games / 2,
            "score": 0.5, "score_low": 0.3, "score_high": 0.7, "value": null, "valued": 0
        })
    };
    let table = json!({
        "variant": "kalah", "rules": {"seeds_per_hole": 4, "empty_capture": false},
        "games": 20, "depth": 2, "min_games": 1, "first_player": "south",
        "lines": [line(&["C"], 12), line(&["C", "F"], 7), line(&["D"], 8)],
    });
    let dir = run.join("openings");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("openings.json"), table.to_string()).unwrap();
    std::fs::write(run.join("report.md"), "# Run report\n\n![Elo by generation](elo.svg)\n").unwrap();
    std::fs::write(
        run.join("elo.svg"),
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\"teal\"/></svg>",
    )
    .unwrap();
    json!({"openings": "0:openings/openings.json", "report": "0:report.md"})
}

fn main() {
    let script_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    skip::run(vec![skip::Check {
        name: "the_board_plays_replays_and_draws_every_variant_in_chromium",
        missing: missing(&script_dir).map(|why| format!("the browser test cannot run here: {why}")),
        body: the_board_plays_replays_and_draws_every_variant_in_chromium,
    }])
}

fn the_board_plays_replays_and_draws_every_variant_in_chromium() {
    let script_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let run = tmp.join(format!("web-run-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&run);
    std::fs::create_dir_all(&run).unwrap();
    let out = tmp.join("web-screenshots");
    let cases = json!({
        "chromium": chromium().unwrap(),
        "out": out,
        "variants": variants(),
        "bao": bao(),
        "omweso": omweso(),
        "record": record(&run),
        "files": explorer_and_report(&run),
    });

    let (tx, rx) = mpsc::channel();
    // A short idle time: a closed tab, whose pings stop, is freed within seconds.
    let options = Options {
        port: 0,
        runs: vec![run.clone()],
        idle: Duration::from_secs(3),
        zoo: Zoo::at(Path::new(env!("CARGO_MANIFEST_DIR")).join("../zoo")),
        ..Options::default()
    };
    std::thread::spawn(move || {
        mankala_web::serve(&options, |addr| tx.send(addr).unwrap()).unwrap();
    });
    let addr = rx.recv_timeout(Duration::from_secs(30)).expect("the server starts");
    let mut cases = cases;
    cases["url"] = json!(format!("http://{addr}"));
    let cases_file = tmp.join(format!("web-cases-{}.json", std::process::id()));
    std::fs::write(&cases_file, cases.to_string()).unwrap();

    // The script's output goes to files: a pipe nobody reads while it runs could fill up and
    // stall it.
    let log = |name: &str| tmp.join(format!("web-{name}-{}.txt", std::process::id()));
    let (stdout_file, stderr_file) = (log("stdout"), log("stderr"));
    let mut child = Command::new("node")
        .arg("board.mjs")
        .arg(&cases_file)
        .current_dir(&script_dir)
        .stdout(std::fs::File::create(&stdout_file).unwrap())
        .stderr(std::fs::File::create(&stderr_file).unwrap())
        .spawn()
        .expect("node starts");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > SCRIPT_LIMIT {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("board.mjs ran past {} s: {}", SCRIPT_LIMIT.as_secs(), std::fs::read_to_string(&stderr_file).unwrap_or_default());
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let stdout = std::fs::read_to_string(&stdout_file).unwrap();
    let stderr = std::fs::read_to_string(&stderr_file).unwrap();
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(status.success(), "board.mjs failed: {stderr}");
    assert!(stdout.contains("checks held"), "{stdout}");
    for v in mankala_engine::VARIANTS {
        assert!(out.join(format!("{}.png", v.name)).is_file(), "{}", v.name);
    }
    println!("screenshots in {}", out.display());
    let _ = std::fs::remove_dir_all(&run);
    for file in [&cases_file, &stdout_file, &stderr_file] {
        let _ = std::fs::remove_file(file);
    }
}
