//! The Python package (`python/`): built with maturin into a wheel, installed into a
//! virtualenv under the target directory, and its pytest suite run (`python/tests`:
//! PettingZoo's api_test on every variant, random games against `mankala replay`, errors,
//! agents). Ignored, saying why, where python3, maturin, pytest or numpy is missing.
//!
//! Also that the binding's dependencies have the features of the workspace's default build,
//! so that maturin's build after `cargo build --release` reuses what that build compiled.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "common/skip.rs"]
mod skip;

fn main() {
    skip::run(vec![
        skip::Check {
            name: "python_package_builds_installs_and_passes_its_tests",
            missing: python_missing(),
            body: python_package_builds_installs_and_passes_its_tests,
        },
        skip::Check {
            name: "the_bindings_dependencies_have_the_features_of_the_workspace_build",
            missing: None,
            body: the_bindings_dependencies_have_the_features_of_the_workspace_build,
        },
    ])
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The target directory the test binaries were built into.
fn target_dir() -> PathBuf {
    let bin = Path::new(env!("CARGO_BIN_EXE_mankala"));
    bin.parent().and_then(Path::parent).expect("the binary lies in target/<profile>/").to_path_buf()
}

/// Whether `python -c code` runs.
fn python_runs(python: &Path, code: &str) -> bool {
    Command::new(python).args(["-c", code]).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success())
}

/// Runs `cmd` with its output shown, failing the test with `what` when it fails.
fn run(cmd: &mut Command, what: &str) {
    let status = cmd.status().unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    assert!(status.success(), "{what} failed ({status})");
}

/// What the Python package test needs that this machine lacks, if anything.
fn python_missing() -> Option<String> {
    let python = python();
    let missing: Vec<&str> =
        [("python3", "import sys"), ("maturin", "import maturin"), ("pytest", "import pytest"), ("numpy", "import numpy"), ("venv", "import venv, ensurepip")]
            .into_iter()
            .filter(|(_, code)| !python_runs(&python, code))
            .map(|(name, _)| name)
            .collect();
    (!missing.is_empty()).then(|| format!("the Python package test needs {} (pip install maturin pytest numpy pettingzoo)", missing.join(", ")))
}

/// The interpreter: `$PYTHON`, else `python3`.
fn python() -> PathBuf {
    PathBuf::from(std::env::var("PYTHON").unwrap_or_else(|_| "python3".into()))
}

fn python_package_builds_installs_and_passes_its_tests() {
    let python = python();
    let target = target_dir();
    // maturin stages the library at one path (target/maturin/) and the venv and wheels
    // directory are shared, so two runs of this test on one target directory at once would
    // trip each other: the second waits here for the first.
    let lock_path = target.join("python-test.lock");
    let lock = std::fs::File::create(&lock_path).unwrap_or_else(|e| panic!("cannot create {}: {e}", lock_path.display()));
    lock.lock().unwrap_or_else(|e| panic!("cannot lock {}: {e}", lock_path.display()));
    let venv = target.join("python-venv");
    let venv_python = venv.join("bin").join("python");
    if !venv_python.exists() {
        // The system's site-packages stay visible: pytest, numpy, pettingzoo and
        // onnxruntime as installed by .ci/run, with only the wheel installed here.
        run(Command::new(&python).args(["-m", "venv", "--system-site-packages"]).arg(&venv), "python3 -m venv");
    }
    let wheels = target.join("python-wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    run(
        Command::new(&python).args(["-m", "maturin", "build", "--release", "--manifest-path"]).arg(repo().join("python/Cargo.toml")).arg("--out").arg(&wheels),
        "maturin build",
    );
    let wheel = std::fs::read_dir(&wheels)
        .expect("maturin wrote the wheels directory")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "whl"))
        .expect("maturin built a wheel");
    run(
        Command::new(&venv_python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--no-index", "--force-reinstall"])
            .arg(&wheel),
        "pip install of the wheel",
    );
    run(
        Command::new(&venv_python)
            .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider"])
            .arg(repo().join("python/tests"))
            .env("MANKALA_BIN", env!("CARGO_BIN_EXE_mankala"))
            .current_dir(&target),
        "pytest python/tests",
    );
}

/// `cargo tree` over the normal and build dependencies of `packages` (the default members
/// where empty): each package's name and version with the sets of features it is built with.
fn dependency_features(cargo: &str, packages: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut cmd = Command::new(cargo);
    cmd.current_dir(repo()).args(["tree", "--locked", "-e", "normal,build", "--prefix", "none", "-f", "{p}|{f}"]);
    for p in packages {
        cmd.args(["-p", p]);
    }
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot start {cargo} tree: {e}"));
    assert!(out.status.success(), "cargo tree {packages:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    let mut features: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some((package, feats)) = line.split_once('|') else {
            continue; // a section heading such as [build-dependencies]
        };
        let name_version: Vec<&str> = package.split_whitespace().take(2).collect();
        let feats = feats.trim_end_matches("(*)").trim();
        features.entry(name_version.join(" ")).or_default().insert(feats.to_string());
    }
    features
}

/// maturin builds `mankala-python` alone (it is not a default member), so Cargo resolves
/// features over its dependencies only; where a shared dependency gets other features than in
/// the workspace's build, it and everything above it (burn, tract, arrow) is compiled a second
/// time. python/Cargo.toml pins the workspace's features to prevent that.
fn the_bindings_dependencies_have_the_features_of_the_workspace_build() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let binding = dependency_features(&cargo, &["mankala-python"]);
    let workspace = dependency_features(&cargo, &[]);
    assert!(binding.keys().any(|k| k.starts_with("burn ")), "cargo tree -p mankala-python lists burn: {:?}", binding.keys().collect::<Vec<_>>());
    let differ: Vec<String> = binding
        .iter()
        .filter(|(package, _)| !package.starts_with("mankala-"))
        .filter_map(|(package, feats)| match workspace.get(package) {
            Some(ws) if ws != feats => Some(format!("{package}: binding {feats:?}, workspace {ws:?}")),
            _ => None,
        })
        .collect();
    assert!(
        differ.is_empty(),
        "these dependencies of python/Cargo.toml have other features than in `cargo build \
         --release`, so building the Python package would compile them and every crate above \
         them again; pin the workspace's features in python/Cargo.toml:\n{}",
        differ.join("\n")
    );
}
