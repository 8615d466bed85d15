//! `deploy/slurm` end to end on a real one-node Slurm cluster started on this host
//! (`deploy/slurm/single-node.sh`: munged, `slurmctld -D`, `slurmd -D`, stopped by their
//! process ids): a job array of self-play workers, the trainer and the gatekeeper produce
//! two accepted generations in a shared directory. Ignored, saying why, without root or
//! without Debian's slurm-wlm and munge.

mod common;
#[path = "common/skip.rs"]
mod skip;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::{BIN, s, temp_dir, text, tiny_loop_config};

/// Why this host cannot run the test, if it cannot.
fn missing() -> Option<String> {
    let uid = Command::new("id").arg("-u").output().ok()?;
    if text(&uid.stdout).trim() != "0" {
        return Some("not root (slurmd runs jobs as root here)".into());
    }
    for tool in ["munged", "mungekey", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo"] {
        let found = Command::new("sh").args(["-c", &format!("command -v {tool}")]).output().is_ok_and(|o| o.status.success());
        if !found {
            return Some(format!("{tool} not found (apt-get install slurm-wlm munge)"));
        }
    }
    None
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/slurm").join(name)
}

/// The cluster, stopped when dropped.
struct Cluster {
    dir: PathBuf,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(script("single-node.sh")).args(["stop", s(&self.dir)]).status();
    }
}

fn main() {
    skip::run(vec![skip::Check {
        name: "a_slurm_job_array_with_trainer_and_gate_accepts_two_generations",
        missing: missing().map(|why| format!("the Slurm test needs a one-node cluster on this host: {why}")),
        body: a_slurm_job_array_with_trainer_and_gate_accepts_two_generations,
    }])
}

fn a_slurm_job_array_with_trainer_and_gate_accepts_two_generations() {
    let dir = temp_dir("slurm");
    let cluster = Cluster { dir: dir.join("cluster") };
    let up = Command::new(script("single-node.sh")).args(["start", s(&cluster.dir)]).output().expect("run single-node.sh");
    assert!(up.status.success(), "{}{}", text(&up.stdout), text(&up.stderr));
    let conf = cluster.dir.join("slurm.conf");
    let cfg = tiny_loop_config(&dir, "oware", 8, 2, "gate_threshold = 0.0");
    let run = dir.join("run");
    let logs = dir.join("logs");
    let submitted = Command::new(script("submit.sh"))
        .args(["--run", s(&run), "--config", s(&cfg), "--workers", "2", "--seed", "5"])
        .args(["--poll", "0.2", "--logs", s(&logs)])
        .env("SLURM_CONF", &conf)
        .env("MANKALA", BIN)
        .output()
        .expect("run submit.sh");
    let said = text(&submitted.stdout);
    assert!(submitted.status.success(), "{said}{}", text(&submitted.stderr));
    assert!(said.contains("selfplay") && said.contains("report"), "{said}");
    let start = Instant::now();
    loop {
        let q = Command::new("squeue").args(["-h", "-o", "%i %j %T %r"]).env("SLURM_CONF", &conf).output().expect("squeue");
        let queue = text(&q.stdout);
        if queue.trim().is_empty() {
            break;
        }
        assert!(!queue.contains("DependencyNeverSatisfied"), "a job failed: {queue}\n{}", logs_text(&logs));
        assert!(start.elapsed() < Duration::from_secs(900), "jobs still queued: {queue}\n{}", logs_text(&logs));
        std::thread::sleep(Duration::from_millis(500));
    }
    let all = logs_text(&logs);
    assert!(all.contains("2 of 2 generations gated, accepted: gen-0, gen-1 (finished)"), "{all}");
    for name in ["accepted/gen-0000.json", "accepted/gen-0001.json"] {
        assert!(run.join(name).is_file(), "{name}\n{all}");
    }
    assert!(logs.join("report/report.md").is_file(), "{all}");
    assert!(all.contains("selfplay 0") && all.contains("selfplay 1"), "{all}");
    drop(cluster);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every job's output, for a failure's message.
fn logs_text(logs: &Path) -> String {
    let mut names: Vec<PathBuf> = std::fs::read_dir(logs).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    names.sort();
    names
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .map(|p| format!("== {}\n{}", p.display(), std::fs::read_to_string(p).unwrap_or_default()))
        .collect()
}
