//! Embeds the commit the crate was built from, for the code version recorded with every run,
//! marked `-modified` when the tracked files that make the binary differ from that commit (a
//! build from a tree with uncommitted changes must not name the commit as its code).

/// What the binaries are built from, relative to the workspace root: each crate's sources and
/// manifest, the files they include, the lock file. Documentation, scripts and the zoo's
/// files do not make a build modified.
const CODE: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "src",
    "configs/default.toml",
    "web/static",
    "pipeline/build.rs",
    "engine/src",
    "engine/Cargo.toml",
    "data/src",
    "data/Cargo.toml",
    "config/src",
    "config/Cargo.toml",
    "models/src",
    "models/Cargo.toml",
    "solver/src",
    "solver/Cargo.toml",
    "search/src",
    "search/Cargo.toml",
    "agents/src",
    "agents/Cargo.toml",
    "selfplay/src",
    "selfplay/Cargo.toml",
    "eval/src",
    "eval/Cargo.toml",
    "protocol/src",
    "protocol/Cargo.toml",
    "train/src",
    "train/Cargo.toml",
    "charts/src",
    "charts/Cargo.toml",
    "pipeline/src",
    "pipeline/Cargo.toml",
    "workers/src",
    "workers/Cargo.toml",
    "web/src",
    "web/Cargo.toml",
];

fn git(args: &[&str]) -> Option<String> {
    std::process::Command::new("git")
        .current_dir("..")
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=../.git/HEAD");
    println!("cargo:rerun-if-changed=../.git/refs/heads");
    println!("cargo:rerun-if-changed=../.git/index");
    for path in CODE {
        println!("cargo:rerun-if-changed=../{path}");
    }
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(CODE);
    let modified = git(&status).is_some_and(|changes| !changes.is_empty());
    let mark = if modified { "-modified" } else { "" };
    println!("cargo:rustc-env=MANKALA_COMMIT={commit}{mark}");
}
