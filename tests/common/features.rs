//! The features Cargo resolves for the dependencies of a build (`cargo tree`), for the tests
//! that check that a second build (the Python package's, the GPU path's) reuses the crates
//! the default build compiled instead of compiling them again with other features.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Each compiled unit's package, name and version, with ` (host)` for a unit built for the
/// host (a proc macro, a build script or what they use), and the sets of features Cargo
/// builds it with: one set per unit.
pub type Features = BTreeMap<String, BTreeSet<String>>;

/// `cargo tree --locked` in `repo` over the dependency kinds `edges` of `packages` (the
/// default members where empty) with `features` turned on; the error is cargo's own message.
pub fn dependency_features(repo: &Path, edges: &str, packages: &[&str], features: &[&str]) -> Result<Features, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(repo).args(["tree", "--locked", "-e", edges, "--charset", "ascii", "-f", "{p}|{f}"]);
    for p in packages {
        cmd.args(["-p", p]);
    }
    for f in features {
        cmd.args(["--features", f]);
    }
    let out = cmd.output().map_err(|e| format!("cannot start {cargo} tree: {e}"))?;
    if !out.status.success() {
        return Err(format!("cargo tree {packages:?} --features {features:?} failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    Ok(units(&String::from_utf8_lossy(&out.stdout)))
}

/// The units of `cargo tree --charset ascii -f '{p}|{f}'`'s indented output. A unit is built
/// for the host where it lies below a proc macro or a `[build-dependencies]` heading, or below
/// a unit built for the host.
fn units(tree: &str) -> Features {
    let mut found = Features::new();
    // The path from the root to the line before: each unit's depth, whether it is built for
    // the host, and whether it is a proc macro; and the open headings' depths, and whether
    // each is `[build-dependencies]`.
    let mut path: Vec<(usize, bool, bool)> = Vec::new();
    let mut headings: Vec<(usize, bool)> = Vec::new();
    for line in tree.lines() {
        if line.trim().is_empty() {
            path.clear(); // the next root (one tree per package)
            headings.clear();
            continue;
        }
        // Each level of indentation is four characters: "|   ", "|-- ", "`-- " or spaces.
        let body = line.trim_start_matches(['|', '`', '-', ' ']);
        let depth = (line.len() - body.len()) / 4;
        if body.starts_with('[') {
            // A heading: the units below it, one level deeper, are of that kind.
            headings.retain(|&(d, _)| d < depth);
            headings.push((depth, body == "[build-dependencies]"));
            continue;
        }
        path.retain(|&(d, _, _)| d < depth);
        headings.retain(|&(d, _)| d < depth);
        let Some((package, feats)) = body.split_once('|') else {
            continue;
        };
        let parent_builds_for_host = path.last().is_some_and(|&(_, host, proc_macro)| host || proc_macro);
        let under_build_heading = headings.last().is_some_and(|&(d, build)| build && d + 1 == depth);
        let host = parent_builds_for_host || under_build_heading;
        let proc_macro = package.contains("(proc-macro)");
        path.push((depth, host, proc_macro));
        let name_version = package.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        let key = if host { format!("{name_version} (host)") } else { name_version };
        found.entry(key).or_default().insert(feats.trim_end_matches("(*)").trim().to_string());
    }
    found
}
