//! The fuzz targets' saved inputs replayed: every file of `fuzz/regressions/<target>/`
//! (inputs that once crashed) and an evenly spaced share of `fuzz/corpus/<target>/` (the
//! corpus the coverage-guided campaigns built, minimized) go through their target once, in
//! name order, so the test run is short and deterministic and a fixed crash stays fixed. The targets are `fuzz/src/lib.rs`, which
//! `cargo fuzz run <target>` drives (docs/reliability.md).

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod targets;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// Corpus inputs replayed per target: an evenly spaced share of the corpus in name order, so
/// the replay stays short as the corpus grows (`cargo fuzz run` replays all of it).
const CORPUS_REPLAYED: usize = 150;

/// The files of `fuzz/<kind>/<target>/`, in name order.
fn files(kind: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(kind).join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.retain(|p| p.is_file());
    files.sort();
    files
}

/// The saved inputs of `target` the test replays: every regression, and
/// [`CORPUS_REPLAYED`] of the corpus, evenly spaced.
fn saved(target: &str) -> Vec<PathBuf> {
    let corpus = files("corpus", target);
    let step = corpus.len().div_ceil(CORPUS_REPLAYED).max(1);
    let mut out: Vec<PathBuf> = corpus.into_iter().step_by(step).collect();
    out.extend(files("regressions", target));
    out
}

#[test]
fn every_saved_fuzz_input_passes_its_target() {
    let mut failures = Vec::new();
    let mut counts = Vec::new();
    for target in targets::TARGETS {
        let files = saved(target);
        for path in &files {
            let input = std::fs::read(path).expect("a saved input");
            if catch_unwind(AssertUnwindSafe(|| targets::run(target, &input))).is_err() {
                failures.push(path.display().to_string());
            }
        }
        counts.push(format!("{target} {}", files.len()));
    }
    println!("replayed: {}", counts.join(", "));
    assert!(failures.is_empty(), "inputs that fail: {failures:?}");
}

#[test]
fn every_target_has_a_corpus_and_passes_its_seeds() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for target in targets::TARGETS {
        assert!(!saved(target).is_empty(), "fuzz/corpus/{target} is empty");
        for seed in targets::seeds(target, repo) {
            targets::run(target, &seed);
        }
    }
}
