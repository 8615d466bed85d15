//! Self-play, training and openings end to end: shards, run records, networks on every variant.

use super::*;

#[test]
fn selfplay_rejects_bad_settings_by_name() {
    let cfg = config_file("spbad", "variant = \"oware\"\n[search]\nsimulations = 0\n");
    let o = mankala(&[
        "selfplay",
        "--config",
        cfg.to_str().unwrap(),
        "--games",
        "1",
        "--out",
        "/tmp/unused",
    ]);
    assert_fails_with(
        &o,
        &["spbad.toml", "[search] simulations = 0", "expected 1 to"],
    );
    let cfg = config_file(
        "spbad2",
        "variant = \"oware\"\n[selfplay]\ntemprature = 1.0\n",
    );
    let o = mankala(&[
        "selfplay",
        "--config",
        cfg.to_str().unwrap(),
        "--games",
        "1",
        "--out",
        "/tmp/unused",
    ]);
    assert_fails_with(&o, &["spbad2.toml", "temprature"]);
}

/// A config for `variant` with every count shrunk, for end-to-end runs.
pub(crate) fn tiny_config(name: &str, variant: &str, steps: u64) -> PathBuf {
    config_file(
        name,
        &format!(
            "variant = \"{variant}\"\n[search]\nsimulations = 4\n[selfplay]\ngames_per_shard = 2\n\
             [network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n\
             [train]\nsteps = {steps}\nbatch_size = 16\nshuffle_buffer = 64\nwarmup_steps = 1\ncheckpoint_every = 2\nvalidation_fraction = 0.0\n"
        ),
    )
}

#[test]
fn selfplay_with_a_trained_network_runs_on_every_variant() {
    for v in [
        "oware",
        "kalah",
        "lane",
        "ndoto",
        "enkeshui",
        "omweso",
        "coro",
        "kombe",
        "mongale",
        "bao",
        "bao-kujifunza",
        "bao-malawi",
    ] {
        let dir = temp_dir(&format!("nn-{v}"));
        let cfg = tiny_config(&format!("nn-{v}"), v, 4);
        let cfg = cfg.to_str().unwrap();
        let (data, model, data2) = (dir.join("data"), dir.join("model"), dir.join("data2"));
        let o = mankala(&[
            "selfplay",
            "-c",
            cfg,
            "-g",
            "6",
            "-o",
            data.to_str().unwrap(),
            "-t",
            "2",
            "--seed",
            "1",
        ]);
        assert!(o.status.success(), "{v} selfplay: {}", stderr(&o));
        let o = mankala(&[
            "train",
            "-c",
            cfg,
            "-d",
            data.to_str().unwrap(),
            "-o",
            model.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{v} train: {}", stderr(&o));
        assert!(
            stdout(&o).contains("steps             4"),
            "{v}: {}",
            stdout(&o)
        );
        let metrics = std::fs::read_to_string(model.join("metrics.csv")).unwrap();
        assert_eq!(
            metrics.lines().count(),
            3,
            "{v}: header and two checkpoints:\n{metrics}"
        );
        let o = mankala(&[
            "selfplay",
            "-c",
            cfg,
            "-g",
            "3",
            "-o",
            data2.to_str().unwrap(),
            "-t",
            "2",
            "--seed",
            "2",
            "--model",
            model.join("model").to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{v} selfplay --model: {}", stderr(&o));
        assert!(stdout(&o).contains("games             3"), "{v}");
        exported_model_matches_the_network(v, &model.join("model"), &dir);
        openings_of_the_data_and_the_model(v, cfg, &data, &model.join("model"), &dir);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// `mankala openings` on the six games of `data`: the first moves' counts add up to the
/// games, and the model's view lists every legal first move.
pub(crate) fn openings_of_the_data_and_the_model(
    variant: &str,
    cfg: &str,
    data: &Path,
    model: &Path,
    dir: &Path,
) {
    let out = dir.join("openings");
    let o = mankala(&[
        "openings",
        "--config",
        cfg,
        "--data",
        data.to_str().unwrap(),
        "--depth",
        "2",
        "--model",
        model.to_str().unwrap(),
        "--sims",
        "4",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{variant} openings: {}", stderr(&o));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("openings.json")).unwrap()).unwrap();
    let text = report.to_string();
    let lines = report["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("{text}"));
    let first: u64 = lines
        .iter()
        .filter(|l| l["depth"] == 1)
        .map(|l| l["games"].as_u64().unwrap())
        .sum();
    assert_eq!(first, 6, "{variant}: {text}");
    let eval: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("model-eval.json")).unwrap())
            .unwrap();
    let o = mankala(&["replay", "--config", cfg, "--moves", ""]);
    let start: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let moves = eval["first_moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{variant}: {eval}"));
    assert_eq!(
        moves.len(),
        start["legal"].as_array().unwrap().len(),
        "{variant}: {eval}"
    );
}
