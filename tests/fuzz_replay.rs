//! The fuzz targets' saved inputs replayed: every file of `fuzz/corpus/<target>/` (the
//! corpus the coverage-guided campaigns built, minimized) and `fuzz/regressions/<target>/`
//! (inputs that once crashed) goes through its target once, in name order, so the test run
//! is deterministic and a fixed crash stays fixed. The targets are `fuzz/src/lib.rs`, which
//! `cargo fuzz run <target>` drives (docs/reliability.md).

#[path = "../fuzz/src/lib.rs"]
#[allow(dead_code)]
mod targets;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// The saved inputs of `target`, in name order.
fn saved(target: &str) -> Vec<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ["corpus", "regressions"]
        .iter()
        .flat_map(|kind| {
            std::fs::read_dir(repo.join("fuzz").join(kind).join(target))
                .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect::<Vec<_>>())
                .unwrap_or_default()
        })
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
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
