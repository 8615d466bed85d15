//! A run in an S3 bucket end to end: workers against an S3-compatible server started on
//! 127.0.0.1 by the test (moto's server, `pip install "moto[server]"`), through the same
//! code as a directory; the server made unreachable for a while under a running worker.
//! Ignored, saying why, when moto is missing.
//!
//! moto emulates S3 in one process: it checks the calls and the conditional write of a
//! name that exists (`If-None-Match: *`), not signatures, durability or consistency under
//! load (docs/distributed.md).

mod common;
#[path = "common/skip.rs"]
mod skip;

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{BIN, s, temp_dir, tiny_loop_config};

fn main() {
    let checks: [(&'static str, fn()); 2] = [
        ("workers_on_an_s3_bucket_accept_two_generations_and_write_each_name_once", workers_on_an_s3_bucket_accept_two_generations_and_write_each_name_once),
        ("a_worker_waits_out_an_unreachable_store_and_loses_nothing", a_worker_waits_out_an_unreachable_store_and_loses_nothing),
    ];
    let missing = moto_missing();
    skip::run(checks.into_iter().map(|(name, body)| skip::Check { name, missing: missing.clone(), body }).collect())
}

/// The longest a worker of these tests may take.
const LIMIT: Duration = Duration::from_secs(300);

/// The server, killed by its process id when dropped (also when a test fails).
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Why moto's server cannot run here, if it cannot.
fn moto_missing() -> Option<String> {
    let installed = Command::new("python3").args(["-c", "import moto.server"]).output().is_ok_and(|o| o.status.success());
    (!installed).then(|| {
        "the S3 test needs moto's server: python3 cannot import moto.server; \
         pip install \"moto[server]\""
            .into()
    })
}

/// Starts moto's server on a free port of 127.0.0.1, or says why it cannot.
fn start_server(dir: &Path) -> Result<Server, String> {
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| e.to_string())?.port();
    let log = std::fs::File::create(dir.join("moto.log")).map_err(|e| e.to_string())?;
    let child = Command::new("python3")
        .args(["-m", "moto.server", "-H", "127.0.0.1", "-p"])
        .arg(port.to_string())
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .map_err(|e| format!("moto's server cannot start: {e}"))?;
    let server = Server { child, port };
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if start.elapsed() > Duration::from_secs(60) {
            return Err("moto's server did not listen within 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Ok(server)
}

/// The server for a test, with a bucket `runs` (moto is installed: the test was not ignored).
fn server(dir: &Path) -> Server {
    let server = start_server(dir).unwrap_or_else(|why| panic!("moto's server: {why}"));
    create_bucket(server.port, "runs");
    server
}

/// Creates a bucket with a plain HTTP request (moto checks no signature). A server that
/// listens before it answers (its port opens while it is still starting) is asked again.
fn create_bucket(port: u16, bucket: &str) {
    let put = || -> std::io::Result<String> {
        let mut c = TcpStream::connect(("127.0.0.1", port))?;
        write!(c, "PUT /{bucket} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")?;
        let mut answer = String::new();
        c.read_to_string(&mut answer)?;
        Ok(answer)
    };
    let start = Instant::now();
    let answer = loop {
        match put() {
            Ok(answer) => break answer,
            Err(e) if start.elapsed() < Duration::from_secs(30) => {
                eprintln!("moto's server not answering yet ({e}); asking again");
                std::thread::sleep(Duration::from_millis(200));
            }
            Err(e) => panic!("moto's server did not answer within 30 s: {e}"),
        }
    };
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A `mankala` process on the S3 endpoint at `port`, its output in files; killed when
/// dropped, so that a failing test leaves no process behind.
struct Proc {
    child: Child,
    what: String,
    out: PathBuf,
    err: PathBuf,
}

impl Proc {
    fn start(port: u16, dir: &Path, what: &str, args: &[String]) -> Proc {
        let tag = what.replace(' ', "-");
        let (out, err) = (dir.join(format!("{tag}.out")), dir.join(format!("{tag}.err")));
        let file = |p: &Path| std::fs::File::create(p).expect("create a log file");
        let child = Command::new(BIN)
            .args(args)
            .env("AWS_ENDPOINT", format!("http://127.0.0.1:{port}"))
            .env("AWS_ALLOW_HTTP", "true")
            .env("AWS_ACCESS_KEY_ID", "test")
            .env("AWS_SECRET_ACCESS_KEY", "test")
            .env("AWS_DEFAULT_REGION", "us-east-1")
            .stdout(file(&out))
            .stderr(file(&err))
            .spawn()
            .expect("start mankala");
        Proc { child, what: what.into(), out, err }
    }

    fn stdout(&self) -> String {
        std::fs::read_to_string(&self.out).unwrap_or_default()
    }

    fn stderr(&self) -> String {
        std::fs::read_to_string(&self.err).unwrap_or_default()
    }

    /// Waits for the process to end within [`LIMIT`]: its exit success and its output.
    fn end(mut self) -> (bool, String, String) {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            assert!(start.elapsed() < LIMIT, "{} still running after {LIMIT:?}:\n{}\n{}", self.what, self.stdout(), self.stderr());
            std::thread::sleep(Duration::from_millis(50));
        };
        (status.success(), self.stdout(), self.stderr())
    }

    /// As [`Proc::end`], failing the test unless the process succeeded; its stdout.
    fn finish(self) -> String {
        let what = self.what.clone();
        let (ok, out, err) = self.end();
        assert!(ok, "{what} failed:\n{out}\n{err}");
        out
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The arguments of `mankala worker ROLE` (or `status`) on `url`.
fn args(role: &str, url: &str, cfg: &Path, extra: &[&str]) -> Vec<String> {
    let head: &[&str] = if role == "status" { &["status"] } else { &["worker", role] };
    head.iter()
        .copied()
        .chain(["--run", url, "--config", s(cfg), "--seed", "11"])
        .chain(["--threads", "1"])
        .chain(extra.iter().copied())
        .map(String::from)
        .collect()
}

/// The games a self-play worker's last line says it published.
fn reported_games(log: &str) -> u64 {
    let done = log.lines().rfind(|l| l.contains("done:")).expect("a done line");
    let words: Vec<&str> = done.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let at = words.iter().position(|w| *w == "games").expect("games");
    words[at - 1].parse().expect("a number")
}

/// The games of every generation in `mankala status`'s table.
fn games_in_status(status: &str) -> u64 {
    status
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("gen  shards"))
        .take_while(|l| !l.starts_with("workers seen"))
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            cols.first()?.parse::<u32>().ok()?;
            cols.get(2)?.parse::<u64>().ok()
        })
        .sum()
}

fn workers_on_an_s3_bucket_accept_two_generations_and_write_each_name_once() {
    let dir = temp_dir("s3");
    let server = server(&dir);
    let port = server.port;
    let cfg = tiny_loop_config(&dir, "oware", 8, 2, "gate_threshold = 0.0");
    let url = "s3://runs/tiny/oware";
    let poll = ["--poll", "0.2"];
    let start = |what: &str, a: Vec<String>| Proc::start(port, &dir, what, &a);
    let self_play = start("self-play", args("selfplay", url, &cfg, &[&poll[..], &["--worker", "0"]].concat()));
    let twin = start("its twin", args("selfplay", url, &cfg, &[&poll[..], &["--worker", "0", "--games", "4"]].concat()));
    let train = start("train", args("train", url, &cfg, &poll));
    let gate = start("gate", args("gate", url, &cfg, &poll));
    let gate_log = gate.finish();
    train.finish();
    let logs = [self_play.finish(), twin.finish()];
    assert!(gate_log.contains("accepted [0, 1]"), "{gate_log}");
    let status = start("status", args("status", url, &cfg, &[])).finish();
    assert!(status.contains("2 of 2 generations gated, accepted: gen-0, gen-1 (finished)"), "{status}");
    // The twin started with the same worker number plays the same names: whichever wrote
    // a name first counts it, the other finds it taken (a conditional PUT). The games in the
    // bucket are those the two say they published, no more.
    let published: u64 = logs.iter().map(|l| reported_games(l)).sum();
    assert_eq!(published, games_in_status(&status), "{status}\n{}\n{}", logs[0], logs[1]);
    // The run's record is written once: a start with another seed is refused by it.
    let again = ["status", "--run", url, "--config", s(&cfg), "--seed", "12"].map(String::from);
    let (ok, out, err) = start("status with another seed", again.to_vec()).end();
    assert!(!ok, "{out}");
    assert!(err.contains("started with seed 11"), "{err}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A TCP relay from a port of its own to the server's, which can be cut (every open
/// connection closed, new ones closed at once) and mended: the storage unreachable for a
/// while.
struct Relay {
    port: u16,
    up: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Relay {
    fn start(target: u16) -> Relay {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind the relay");
        let port = listener.local_addr().expect("its address").port();
        let up = Arc::new(AtomicBool::new(true));
        let open = Arc::new(Mutex::new(Vec::new()));
        let (up_, open_) = (Arc::clone(&up), Arc::clone(&open));
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if !up_.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", target)) else {
                    continue;
                };
                let mut held = open_.lock().expect("the relay's connections");
                for end in [&client, &server] {
                    if let Ok(c) = end.try_clone() {
                        held.push(c);
                    }
                }
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (Ok(mut from), Ok(mut to)) = (from.try_clone(), to.try_clone()) else {
                        continue;
                    };
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
            }
        });
        Relay { port, up, open }
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for c in self.open.lock().expect("the relay's connections").drain(..) {
            let _ = c.shutdown(Shutdown::Both);
        }
    }

    fn mend(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

fn a_worker_waits_out_an_unreachable_store_and_loses_nothing() {
    let dir = temp_dir("s3-outage");
    let server = server(&dir);
    let relay = Relay::start(server.port);
    let cfg = tiny_loop_config(&dir, "oware", 1000, 1, "");
    let url = "s3://runs/outage";
    let worker = Proc::start(relay.port, &dir, "self-play", &args("selfplay", url, &cfg, &["--worker", "1", "--games", "40", "--patience", "120"]));
    let start = Instant::now();
    while !worker.stdout().contains("published") {
        assert!(start.elapsed() < LIMIT, "no shard published:\n{}\n{}", worker.stdout(), worker.stderr());
        std::thread::sleep(Duration::from_millis(20));
    }
    relay.cut();
    std::thread::sleep(Duration::from_secs(3));
    // While the store is unreachable a process out of patience stops with the error.
    let (ok, out, err) = Proc::start(relay.port, &dir, "impatient status", &args("status", url, &cfg, &["--patience", "1"])).end();
    assert!(!ok, "{out}");
    assert!(err.contains("s3://runs/outage: cannot ") && err.contains("config.toml"), "{err}");
    relay.mend();
    let (ok, out, err) = worker.end();
    assert!(ok, "{out}\n{err}");
    // Each failed call is told, with the run, the object and when it is tried again.
    let retries: Vec<&str> = err.lines().filter(|l| l.contains("retrying in")).collect();
    assert!(!retries.is_empty(), "{err}");
    assert!(retries[0].contains("s3://runs/outage: cannot "), "{err}");
    // Nothing lost, nothing counted twice: the worker's 40 games are the run's.
    assert_eq!(reported_games(&out), 40, "{out}");
    let status = Proc::start(server.port, &dir, "status", &args("status", url, &cfg, &[]));
    let status = status.finish();
    assert_eq!(games_in_status(&status), 40, "{status}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
