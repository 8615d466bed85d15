//! The crate map in docs/architecture.md and the README's layout list each crate's
//! dependencies on the other crates exactly as its Cargo.toml has them, in dependency order.

use std::collections::BTreeSet;
use std::path::Path;

/// The crates, in the workspace's order, with the path of each one's Cargo.toml.
fn crates() -> Vec<(String, std::path::PathBuf)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let manifest: toml::Table = toml::from_str(&text).unwrap();
    let members = manifest["workspace"]["members"].as_array().unwrap();
    let mut out: Vec<_> = members.iter().map(|m| m.as_str().unwrap()).map(|m| (m.to_string(), root.join(m).join("Cargo.toml"))).collect();
    out.push(("mankala".to_string(), root.join("Cargo.toml")));
    out
}

/// The other crates `manifest` depends on (not dev-dependencies), `engine` left out.
fn uses(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let t: toml::Table = toml::from_str(&text).unwrap();
    t.get("dependencies")
        .and_then(|d| d.as_table())
        .map(|d| d.keys().filter_map(|k| k.strip_prefix("mankala-")).filter(|k| *k != "engine").map(String::from).collect())
        .unwrap_or_default()
}

/// What a document says a crate uses: the words in parentheses after its name, where
/// "every crate but X" stands for every other crate but `engine` and X.
fn said(words: &str, name: &str, all: &[String]) -> BTreeSet<String> {
    if let Some(rest) = words.strip_prefix("every crate but ") {
        let but = rest.split(|c: char| !c.is_ascii_alphanumeric()).next().unwrap_or(rest);
        return all.iter().filter(|c| *c != name && *c != "engine" && *c != but).cloned().collect();
    }
    words.split(',').map(|w| w.trim().to_string()).filter(|w| !w.is_empty()).collect()
}

/// `name (a, b)` at the start of `line` (after `prefix`): the name and the words in
/// parentheses (empty when there are none).
fn entry<'a>(line: &'a str, prefix: &str) -> Option<(&'a str, &'a str)> {
    let rest = line.trim_start().strip_prefix(prefix)?;
    let name_end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '`')).unwrap_or(rest.len());
    let name = rest[..name_end].trim_matches('`');
    let after = rest[name_end..].trim_start();
    let words = after.strip_prefix('(').and_then(|a| a.split_once(')')).map_or("", |(w, _)| w);
    Some((name, words))
}

fn check(doc: &str, found: Vec<(String, String)>) {
    let crates = crates();
    let all: Vec<String> = crates.iter().map(|(c, _)| c.clone()).collect();
    let order: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    let mut expected: Vec<&str> = all.iter().map(String::as_str).collect();
    expected.sort();
    let mut listed = order.clone();
    listed.sort();
    assert_eq!(listed, expected, "{doc} lists every crate once");
    for (name, words) in &found {
        let manifest = &crates.iter().find(|(c, _)| c == name).unwrap().1;
        let has = uses(manifest);
        let says: BTreeSet<String> = said(words, name, &all).into_iter().filter(|w| all.contains(w)).collect();
        assert_eq!(says, has, "{doc}: the crates {name} uses, as its Cargo.toml has them");
        for used in &has {
            let (at, of) = (order.iter().position(|c| c == used), order.iter().position(|c| c == name));
            assert!(at < of, "{doc}: {name} uses {used}, which must come before it");
        }
    }
}

#[test]
fn the_architecture_map_lists_each_crates_dependencies_in_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let block = text.split("```").nth(1).expect("the map is the first code block");
    let found: Vec<(String, String)> = block
        .lines()
        .filter_map(|l| entry(l, "├─ ").or_else(|| entry(l, "")))
        .filter(|(n, _)| !n.is_empty())
        .map(|(n, w)| (n.to_string(), w.to_string()))
        .collect();
    check("docs/architecture.md", found);
}

#[test]
fn the_readme_layout_lists_each_crates_dependencies_in_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("README.md")).unwrap();
    let section = text.split("\n## Layout\n").nth(1).unwrap().split("\nTests:").next().unwrap();
    let found: Vec<(String, String)> =
        section.lines().filter_map(|l| l.strip_prefix("- `").map(|_| l)).filter_map(|l| entry(l, "- ")).map(|(n, w)| (n.to_string(), w.to_string())).collect();
    check("README.md", found);
}
