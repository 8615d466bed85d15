//! Embeds the commit the crate was built from, for the code version recorded with every run,
//! marked `-modified` when the tracked files that make the binary differ from that commit (a
//! build from a tree with uncommitted changes must not name the commit as its code).

/// What the binaries are built from besides the workspace members' own sources and manifests
/// (read from the root manifest's `members`), relative to the workspace root: the root
/// package, the lock file and the files the crates include. Documentation, scripts and the
/// zoo's files do not make a build modified.
const ALSO: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "src",
    "configs/default.toml",
    "web/static",
];

/// Each member's `src` and `Cargo.toml` (with the build script), from the root manifest's
/// `members = [...]`, so that a crate added to the workspace is watched without a list here.
fn members_code() -> Vec<String> {
    let manifest = std::fs::read_to_string("../Cargo.toml").expect("the workspace's Cargo.toml");
    let start = manifest
        .find("\nmembers = [")
        .expect("the root Cargo.toml has `members = [...]`");
    let list = &manifest[start..];
    let list = &list[..list.find(']').expect("`members = [` closes")];
    list.split('"')
        .skip(1)
        .step_by(2)
        .flat_map(|member| {
            [
                format!("{member}/src"),
                format!("{member}/Cargo.toml"),
                format!("{member}/build.rs"),
            ]
        })
        .collect()
}

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
    let code: Vec<String> = ALSO
        .iter()
        .map(|p| p.to_string())
        .chain(members_code())
        .collect();
    println!("cargo:rerun-if-changed=../.git/HEAD");
    println!("cargo:rerun-if-changed=../.git/refs/heads");
    println!("cargo:rerun-if-changed=../.git/index");
    for path in &code {
        if std::path::Path::new("..").join(path).exists() {
            println!("cargo:rerun-if-changed=../{path}");
        }
    }
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let mut status = vec!["status", "--porcelain", "--untracked-files=no", "--"];
    status.extend(code.iter().map(String::as_str));
    let modified = git(&status).is_some_and(|changes| !changes.is_empty());
    let mark = if modified { "-modified" } else { "" };
    println!("cargo:rustc-env=MANKALA_COMMIT={commit}{mark}");
}
