//! The Kubernetes manifests of `deploy/kubernetes` (not run on a cluster here): every
//! document parses and is a known kind; self-play is an Indexed Job; every worker reads
//! the S3 Secret and the config that the other manifests define; the config is a valid
//! mankala config; each container's command line is one `mankala` accepts.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{mankala, stderr};
use serde_yaml::Value;

fn manifests() -> BTreeMap<String, Value> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("deploy/kubernetes");
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(&dir).expect("deploy/kubernetes") {
        let p = e.expect("an entry").path();
        if p.extension().is_some_and(|x| x == "yaml") {
            let text = std::fs::read_to_string(&p).expect("read a manifest");
            let v: Value = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let kind = v["kind"].as_str().expect("a kind").to_string();
            let name = v["metadata"]["name"].as_str().expect("a name").to_string();
            assert!(["Job", "Secret", "ConfigMap"].contains(&kind.as_str()), "{}: kind {kind}", p.display());
            out.insert(format!("{kind}/{name}"), v);
        }
    }
    out
}

fn str_of(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("a string: {v:?}"))
}

#[test]
fn self_play_is_an_indexed_job_and_trainer_and_gate_are_single_pods() {
    let m = manifests();
    let sp = &m["Job/mankala-selfplay"]["spec"];
    assert_eq!(str_of(&sp["completionMode"]), "Indexed");
    assert_eq!(sp["completions"], sp["parallelism"]);
    assert!(sp["completions"].as_u64().expect("a number") >= 1);
    for job in ["Job/mankala-train", "Job/mankala-gate"] {
        assert_eq!(m[job]["spec"]["completions"].as_u64(), Some(1), "{job}");
        assert_eq!(m[job]["spec"]["parallelism"].as_u64(), Some(1), "{job}");
    }
}

#[test]
fn every_worker_uses_the_secret_and_config_defined_and_a_command_mankala_accepts() {
    let m = manifests();
    let secret = &m["Secret/mankala-s3"]["stringData"];
    for key in ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_DEFAULT_REGION"] {
        assert!(secret[key].is_string(), "the Secret has {key}");
    }
    let config = str_of(&m["ConfigMap/mankala-config"]["data"]["run.toml"]);
    mankala_config::parse(config).expect("the ConfigMap's run.toml is a valid config");
    let mut runs = Vec::new();
    for (role, job) in [("selfplay", "Job/mankala-selfplay"), ("train", "Job/mankala-train"), ("gate", "Job/mankala-gate")] {
        let pod = &m[job]["spec"]["template"]["spec"];
        assert!(["OnFailure", "Never"].contains(&str_of(&pod["restartPolicy"])), "{job}");
        let c = &pod["containers"][0];
        assert_eq!(str_of(&c["envFrom"][0]["secretRef"]["name"]), "mankala-s3", "{job}");
        let mount = c["volumeMounts"].as_sequence().expect("mounts").iter().find(|v| v["name"] == "config").expect("the config is mounted");
        assert_eq!(str_of(&mount["mountPath"]), "/config", "{job}");
        let volume = pod["volumes"].as_sequence().expect("volumes").iter().find(|v| v["name"] == "config").expect("a config volume");
        assert_eq!(str_of(&volume["configMap"]["name"]), "mankala-config", "{job}");
        assert_eq!(c["command"][0].as_str(), Some("mankala"), "{job}");
        let args: Vec<&str> = c["args"].as_sequence().expect("args").iter().map(str_of).collect();
        assert_eq!(&args[..2], &["worker", role], "{job}");
        let at = args.iter().position(|a| *a == "--run").expect("--run");
        assert!(args[at + 1].starts_with("s3://"), "{job}: {}", args[at + 1]);
        runs.push(args[at + 1].to_string());
        assert!(args.contains(&"/config/run.toml"), "{job}");
        // Every flag is one the command has: clap reads them all before `--help`.
        let mut with_help = args.clone();
        with_help.push("--help");
        let out = mankala(&with_help);
        assert!(out.status.success(), "{job}: {args:?}: {}", stderr(&out));
    }
    runs.dedup();
    assert_eq!(runs.len(), 1, "every worker of one run: {runs:?}");
}
