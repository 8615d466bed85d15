//! The zoo (zoo/README.md): every shipped network loads for its variant, its rules and an
//! encoding the engine reads, and plays a legal game; `zoo` is the default agent of `mankala play`;
//! other rules and other variants are refused by name.

mod common;

use std::path::Path;

use common::{mankala, mankala_with_input, s, stderr, stdout, temp_dir};
use mankala_agents::{Resources, Zoo, zoo};
use mankala_engine::{Game, LATEST_ENCODING, State, with_game};
use mankala_protocol::Setup;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The variants the repository's zoo holds.
fn held() -> Vec<String> {
    let held = zoo::variants_in(Zoo::locate().dir().unwrap());
    assert!(!held.is_empty(), "the zoo holds no network");
    held
}

/// The repository's config of `variant`: the rules its zoo network was trained on.
fn config(variant: &str) -> String {
    format!("{}/configs/{variant}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_zoo_network_fits_its_variant_rules_and_encoding_and_plays_a_legal_game() {
    for variant in held() {
        let cfg = mankala_config::load(Path::new(&config(&variant))).unwrap();
        let meta = mankala_models::file::read_meta(&zoo::model_in(Zoo::locate().dir().unwrap(), &variant)).unwrap();
        assert_eq!(meta.variant, variant);
        assert!((1..=LATEST_ENCODING).contains(&meta.encoding_version), "{variant}: encoding {}", meta.encoding_version);
        assert_eq!(meta.network.encoding, meta.encoding_version, "{variant}: the network's encoding and the file's");
        assert!(
            mankala_data::rules::same_rules(&meta.rules, &cfg.game.rules_toml()),
            "{variant}: trained on {} but its config says {}",
            meta.rules,
            cfg.game.rules_toml()
        );
        let setup = Setup { game: cfg.game, search: cfg.search.clone(), resources: Resources::with_zoo(Zoo::locate()) };
        assert_eq!(setup.default_agent(), "zoo".parse().unwrap(), "{variant}");
        let prepared = setup.prepare("zoo:sims=4".parse().unwrap()).unwrap_or_else(|e| panic!("{variant}: {e}"));
        with_game!(&cfg.game, g => {
            let mut agent = prepared.build(g, 1);
            let mut rng = SmallRng::seed_from_u64(2);
            let mut s = g.initial_state();
            let mut plies = 0;
            // The zoo agent plays South, random play North, to the end or the cap.
            while !s.is_terminal() && plies < 3000 {
                let mask = s.legal_mask();
                let action = if s.to_move().index() == 0 {
                    agent.choose(&s, &mut rng).action
                } else {
                    mask.nth(rng.random_range(0..mask.count())).unwrap()
                };
                assert!(mask.contains(action), "{variant}: illegal {action} at ply {plies}");
                s.play(action).unwrap();
                plies += 1;
            }
            assert!(plies > 0, "{variant}");
        });
    }
}

#[test]
fn play_without_an_agent_plays_the_zoo_network() {
    let variant = &held()[0];
    let dir = temp_dir("zoo-play");
    let save = dir.join("game.jsonl");
    let o = mankala_with_input(Some(&dir), &["play", "--variant", variant, "--seed", "3", "--save", s(&save)], b"quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("{variant}: you play north against zoo:sims=200")), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_without_a_zoo_network_says_why_it_plays_the_fallback() {
    let variant = &held()[0];
    let dir = temp_dir("zoo-empty");
    let mut cmd = std::process::Command::new(common::BIN);
    // In the test's folder: the game is saved under runs/play/ there.
    cmd.env(zoo::ZOO_ENV, &dir).current_dir(&dir).args(["play", "--variant", variant, "--seed", "3", "--human-first"]);
    let o = common::run_with_input(cmd, std::process::Stdio::piped(), b"quit\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with(&format!("{variant}: you play south against {}", zoo::FALLBACK_AGENT)), "{}", stdout(&o));
    assert!(stderr(&o).contains(&format!("the zoo ({}) holds no network for {variant}: playing {}", dir.display(), zoo::FALLBACK_AGENT)), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_zoo_agent_refuses_other_rules_and_other_variants() {
    let held = held();
    // A rule option changed from the one the network was trained on.
    let (variant, rule) = if held.iter().any(|v| v == "kalah") {
        ("kalah", "seeds_per_hole = 3")
    } else if held.iter().any(|v| v == "bao") {
        ("bao", "takasia = false")
    } else {
        panic!("the zoo holds neither kalah nor bao: {held:?}")
    };
    let dir = temp_dir("zoo-rules");
    let path = dir.join("other.toml");
    std::fs::write(&path, format!("variant = \"{variant}\"\n[rules]\n{rule}\n")).unwrap();
    let o = mankala(&["arena", "--config", s(&path), "--agents", "zoo", "random", "--games", "2"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("rules"), "{err}");
    assert!(err.contains(rule.split(' ').next().unwrap()), "{err}");

    let other = if variant == "kalah" { "oware" } else { "kalah" };
    let spec = format!("zoo:{variant}");
    let o = mankala(&["arena", "--variant", other, "--agents", &spec, "random", "--games", "2"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains(&format!("the zoo's {variant} network cannot play {other}")), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
