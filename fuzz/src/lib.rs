//! The fuzz targets of mankala: every parser of user input, each a function that takes any
//! bytes and panics only on a defect (a crash, or a broken invariant). `cargo fuzz run
//! <target>` drives them with libFuzzer's coverage feedback (`fuzz_targets/`); the test run
//! replays every saved input of `fuzz/corpus/<target>/` and `fuzz/regressions/<target>/`
//! through the same functions (`tests/fuzz_replay.rs`), so a crash found once stays fixed.
//!
//! Targets: `moves` (play and move names in every variant), `config` (config files),
//! `parquet` (shards), `model_sidecar` and `model_weights` (model files), `protocol`
//! (engine-protocol lines).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use mankala_config::NetworkConfig;
use mankala_data::{Row, ShardMeta};
use mankala_engine::{AnyGame, Game, State, VARIANTS, with_game};
use mankala_models::{Expected, PolicyValueNet};

/// Every target's name, as its corpus folder and `cargo fuzz run` name it.
pub const TARGETS: [&str; 6] = ["moves", "config", "parquet", "model_sidecar", "model_weights", "protocol"];

/// Runs target `name` on `input`.
///
/// # Panics
/// When `input` finds a defect, and for an unknown name.
pub fn run(name: &str, input: &[u8]) {
    match name {
        "moves" => moves(input),
        "config" => config(input),
        "parquet" => parquet(input),
        "model_sidecar" => model_sidecar(input),
        "model_weights" => model_weights(input),
        "protocol" => protocol(input),
        other => panic!("no fuzz target {other}"),
    }
}

/// The first byte picks a variant; the bytes up to `|` are action indices (mod 64) played
/// from its start: an illegal one must be refused leaving the position unchanged, a legal one
/// keeps every seed. The rest, as text, is read as a move: a move read must be legal.
pub fn moves(input: &[u8]) {
    let Some((&which, rest)) = input.split_first() else {
        return;
    };
    let info = &VARIANTS[usize::from(which) % VARIANTS.len()];
    let game = AnyGame::by_name(info.name).expect("a known variant");
    with_game!(&game, g => play_and_parse(g, rest));
}

fn play_and_parse<G: Game>(g: &G, input: &[u8]) {
    let split = input.iter().position(|&b| b == b'|').unwrap_or(input.len());
    let mut s = g.initial_state();
    for &b in &input[..split] {
        if s.is_terminal() {
            break;
        }
        let a = u16::from(b) % 64;
        let before = s.clone();
        match s.play(a) {
            Ok(()) => assert!(before.legal_mask().contains(a)),
            Err(_) => {
                assert!(!before.legal_mask().contains(a));
                assert!(s == before, "a refused move changed the position");
            }
        }
        assert_eq!(s.snapshot().total(), g.total_seeds(), "seeds conserved");
    }
    let text = String::from_utf8_lossy(input.get(split + 1..).unwrap_or_default());
    if let Ok(a) = s.parse_action(&text) {
        assert!(s.legal_mask().contains(a), "parsed `{text}` to an illegal action");
    }
}

/// Config text: read or refused, never a panic.
pub fn config(input: &[u8]) {
    let _ = mankala_config::parse(&String::from_utf8_lossy(input));
}

/// A folder for the targets that read files: one reused folder under cargo's target
/// directory when the test run replays the targets (so runs leave nothing behind in the
/// system's temporary folder), else one of this process there (`cargo fuzz run`).
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = match option_env!("CARGO_TARGET_TMPDIR") {
            Some(tmp) => PathBuf::from(tmp).join("mankala-fuzz"),
            None => std::env::temp_dir().join(format!("mankala-fuzz-{}", std::process::id())),
        };
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    })
}

/// A shard's bytes: its footer, header and rows read or refused, never a panic.
pub fn parquet(input: &[u8]) {
    let path = scratch().join("shard-00000.parquet");
    std::fs::write(&path, input).expect("the scratch folder is writable");
    let _ = mankala_data::read_meta(&path);
    let _ = mankala_data::read_footer(&path);
    let _ = mankala_data::read_shard(&path);
}

/// A model whose sidecar is `input` (its weights a valid small network's).
pub fn model_sidecar(input: &[u8]) {
    let seed = model_seed();
    load_model(&seed.weights, input);
}

/// A model whose weights are `input` (its sidecar a valid small network's).
pub fn model_weights(input: &[u8]) {
    let seed = model_seed();
    load_model(input, &seed.sidecar);
}

fn load_model(weights: &[u8], sidecar: &[u8]) {
    let seed = model_seed();
    let path = scratch().join("model");
    std::fs::write(path.with_extension("bpk"), weights).expect("writable");
    std::fs::write(path.with_extension("json"), sidecar).expect("writable");
    let game = AnyGame::by_name("kalah").expect("kalah");
    let expected = Expected::of(&game, &seed.rules, mankala_engine::ENCODING_VERSION);
    let _ = mankala_models::file::load(&path, &expected, &mankala_models::device());
}

/// A small saved model of Kalah.
pub struct ModelSeed {
    /// Its weights file.
    pub weights: Vec<u8>,
    /// Its sidecar.
    pub sidecar: Vec<u8>,
    /// Kalah's rules as TOML.
    pub rules: String,
}

/// The model the model targets vary, made once per process.
pub fn model_seed() -> &'static ModelSeed {
    static SEED: OnceLock<ModelSeed> = OnceLock::new();
    SEED.get_or_init(|| {
        let g = AnyGame::by_name("kalah").expect("kalah");
        let (e, a) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
        let network = NetworkConfig { width: 8, blocks: 1, value_width: 4, ..NetworkConfig::default() };
        let rules = g.rules_toml();
        let net = PolicyValueNet::new(&network, &mankala_models::NetInputs::flat(e, a), &mankala_models::device());
        let meta = mankala_models::ModelMeta {
            format_version: mankala_models::file::MODEL_FORMAT_VERSION,
            variant: "kalah".into(),
            rules: rules.clone(),
            encoding_version: mankala_engine::ENCODING_VERSION,
            encoding_len: e,
            num_actions: a,
            network,
            step: 0,
            samples: 0,
            trained_on: vec![],
            code_version: "fuzz".into(),
            device: String::new(),
        };
        let path = scratch().join("seed");
        mankala_models::file::save(&net, &meta, &path).expect("the seed model saves");
        ModelSeed {
            weights: std::fs::read(path.with_extension("bpk")).expect("its weights"),
            sidecar: std::fs::read(path.with_extension("json")).expect("its sidecar"),
            rules,
        }
    })
}

/// Whether a protocol line could ask for a long search (skipped: slowness on request is not
/// a defect).
fn costly(line: &str) -> bool {
    let digits = line.split(|c: char| !c.is_ascii_digit()).map(str::len).max().unwrap_or(0);
    line.contains("depth") || line.contains("millis") || line.contains("nn:") || digits >= 4
}

/// Up to 32 protocol lines to one session: every line gets a well-formed answer.
pub fn protocol(input: &[u8]) {
    let mut session = mankala_protocol::Session::default();
    for line in String::from_utf8_lossy(input).lines().take(32) {
        if costly(line) {
            continue;
        }
        if let Some(reply) = session.handle_line(line) {
            assert!(reply.json["ok"].is_boolean(), "{}", reply.json);
            if reply.quit {
                break;
            }
        }
    }
}

/// The first inputs of each target's corpus: real configs, a shard, a model, protocol
/// sessions and moves of every variant.
pub fn seeds(name: &str, repo: &Path) -> Vec<Vec<u8>> {
    match name {
        "moves" => (0..VARIANTS.len() as u8)
            .flat_map(|i| {
                ["A", "a", "3", "A6>", "+D", "x", "stop", "safari"].map(|text| {
                    let mut s = vec![i];
                    s.extend((0..20u8).map(|k| k.wrapping_mul(37).wrapping_add(i)));
                    s.push(b'|');
                    s.extend_from_slice(text.as_bytes());
                    s
                })
            })
            .collect(),
        "config" => {
            let mut files: Vec<PathBuf> = std::fs::read_dir(repo.join("configs"))
                .expect("configs/")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect();
            files.sort();
            files.iter().map(|p| std::fs::read(p).expect("a config")).collect()
        }
        "parquet" => vec![shard_seed()],
        "model_sidecar" => vec![model_seed().sidecar.clone()],
        "model_weights" => vec![model_seed().weights.clone()],
        "protocol" => [
            "{\"cmd\":\"new\",\"variant\":\"kalah\",\"agent\":\"mcts:sims=20\",\"id\":1}\n{\"cmd\":\"play\",\"moves\":[\"C\",\"d\"]}\n{\"cmd\":\"search\",\"simulations\":10}\n{\"cmd\":\"undo\"}\n{\"cmd\":\"show\"}",
            "{\"cmd\":\"new\",\"variant\":\"bao\",\"agent\":\"greedy\"}\n{\"cmd\":\"legal\"}\n{\"cmd\":\"go\"}\n{\"cmd\":\"position\",\"moves\":[\"A6<\"]}",
            "{\"cmd\":\"new\",\"variant\":\"omweso\",\"rules\":{\"setup\":\"free\"},\"limits\":{\"max_plies\":30},\"agent\":\"random\"}\n{\"cmd\":\"go\"}\n{\"cmd\":\"go\"}",
            "{\"cmd\":\"quit\"}",
        ]
        .map(|s| s.as_bytes().to_vec())
        .to_vec(),
        other => panic!("no fuzz target {other}"),
    }
}

/// A small shard of Kalah rows.
fn shard_seed() -> Vec<u8> {
    let g = AnyGame::by_name("kalah").expect("kalah");
    let (e, a) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
    let meta = ShardMeta {
        variant: "kalah".into(),
        rules: g.rules_toml(),
        limits: toml::to_string(&g.limits_table()).expect("a table serializes"),
        encoding_version: mankala_engine::ENCODING_VERSION,
        code_version: "fuzz".into(),
        encoding_len: e,
        num_actions: a,
        run_id: "r".into(),
        seed: 1,
    };
    let rows: Vec<Row> = (0..6u32)
        .map(|i| Row {
            run_id: "r".into(),
            generation: 0,
            game_id: u64::from(i / 3),
            ply: i % 3,
            to_move: (i % 2) as u8,
            features: vec![0.25; e],
            legal: vec![true; a],
            policy: vec![1.0 / a as f32; a],
            value_target: 1.0,
            root_value: 0.5,
            simulations: 8,
            full_search: true,
            outcome: 1,
            result: "south".into(),
            game_length: 3,
            action: Some(i as u16 % 6),
            margin: Some(i as i16 - 2),
            side: false,
            weight: 1.0,
        })
        .collect();
    let path = scratch().join("seed.parquet");
    mankala_data::write_shard(&path, &meta, &rows).expect("the seed shard writes");
    std::fs::read(&path).expect("the seed shard")
}
