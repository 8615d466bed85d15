//! Fuzzing on the stable toolchain: a mutational fuzzer (bit flips, byte edits, dictionary
//! tokens, splices, truncations of a seed corpus; no coverage feedback) run against every
//! parser of user input, in-process. A target passes when no input makes it panic or break
//! its invariant; an input that does is saved under `fuzz/regressions/<target>/` and replayed
//! by every later run. `cargo test --release` runs each target for a couple of seconds;
//! `MANKALA_FUZZ_SECONDS=600 cargo test --release --bin mankala fuzz -- --test-threads 1`
//! runs each for ten minutes (docs/reliability.md).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mankala_config::NetworkConfig;
use mankala_data::{Row, ShardMeta};
use mankala_engine::{AnyGame, Game, State, VARIANTS, with_game};
use mankala_models::{Expected, PolicyValueNet};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::cmd::engine::session;

/// Seconds each target runs: `MANKALA_FUZZ_SECONDS`, 2 by default.
fn budget() -> Duration {
    let secs = std::env::var("MANKALA_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| *s > 0.0)
        .unwrap_or(2.0);
    Duration::from_secs_f64(secs)
}

fn regressions(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/regressions")
        .join(target)
}

/// A 64-bit FNV-1a hash, naming saved inputs.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// One to four random edits of `input`.
fn mutate(rng: &mut SmallRng, input: &[u8], corpus: &[Vec<u8>], dict: &[&[u8]]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let len = out.len();
        match rng.random_range(0..8) {
            0 if len > 0 => {
                let i = rng.random_range(0..len);
                out[i] ^= 1 << rng.random_range(0..8);
            }
            1 if len > 0 => {
                let i = rng.random_range(0..len);
                out[i] = rng.random();
            }
            2 if !dict.is_empty() => {
                let token = dict[rng.random_range(0..dict.len())];
                let i = rng.random_range(0..=len);
                out.splice(i..i, token.iter().copied());
            }
            3 if len > 0 => {
                let i = rng.random_range(0..len);
                let j = rng.random_range(i..=len.min(i + 16));
                out.drain(i..j);
            }
            4 if len > 0 => out.truncate(rng.random_range(0..len)),
            5 if len > 0 => {
                let i = rng.random_range(0..len);
                let j = rng.random_range(i..=len.min(i + 32));
                let copy = out[i..j].to_vec();
                let k = rng.random_range(0..=len);
                out.splice(k..k, copy);
            }
            6 if !corpus.is_empty() => {
                let other = &corpus[rng.random_range(0..corpus.len())];
                let cut = rng.random_range(0..=len);
                let from = rng.random_range(0..=other.len());
                out.truncate(cut);
                out.extend_from_slice(&other[from..]);
            }
            _ => {
                const BYTES: &[u8] = b"0123456789-.e\"{}[],:=\n ";
                let i = rng.random_range(0..=len);
                out.insert(i, BYTES[rng.random_range(0..BYTES.len())]);
            }
        }
    }
    out
}

/// Replays the saved regressions of `target`, then fuzzes it from `seeds` for the budget;
/// fails listing every input (saved) that panicked or broke `check`'s invariant.
fn fuzz(target: &str, seeds: Vec<Vec<u8>>, dict: &[&[u8]], check: impl Fn(&[u8])) {
    let dir = regressions(target);
    let mut saved: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    saved.sort();
    let mut failures = Vec::new();
    for path in &saved {
        let input = std::fs::read(path).unwrap();
        if catch_unwind(AssertUnwindSafe(|| check(&input))).is_err() {
            failures.push(path.clone());
        }
    }
    let mut rng = SmallRng::seed_from_u64(fnv(target.as_bytes()) ^ u64::from(std::process::id()));
    let mut corpus = seeds;
    let (start, budget) = (Instant::now(), budget());
    let mut runs = 0u64;
    while start.elapsed() < budget && failures.len() < 5 {
        let base = corpus[rng.random_range(0..corpus.len())].clone();
        let input = mutate(&mut rng, &base, &corpus, dict);
        runs += 1;
        if catch_unwind(AssertUnwindSafe(|| check(&input))).is_err() {
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("{:016x}", fnv(&input)));
            std::fs::write(&path, &input).unwrap();
            failures.push(path);
        } else if corpus.len() < 4096 && rng.random_range(0..16) == 0 {
            // Keep some mutants: later edits build on them.
            corpus.push(input);
        }
    }
    eprintln!(
        "fuzz {target}: {runs} inputs in {:.1} s, {} saved regressions replayed",
        start.elapsed().as_secs_f64(),
        saved.len()
    );
    assert!(
        failures.is_empty(),
        "fuzz {target}: inputs that fail (rerun one with its check to see the panic): {failures:?}"
    );
}

fn games() -> Vec<AnyGame> {
    VARIANTS
        .iter()
        .map(|v| AnyGame::by_name(v.name).unwrap())
        .collect()
}

/// Plays from the start of `g` through the bytes of `input`: each byte an action index (mod
/// 64); an illegal one must be refused leaving the position unchanged, a legal one keeps every
/// seed on the board. Then the rest of the input, as text, is parsed as a move in the reached
/// position: a parsed move must be legal there.
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
        let snap = s.snapshot();
        assert_eq!(snap.total(), g.total_seeds(), "seeds conserved");
    }
    let text = String::from_utf8_lossy(input.get(split + 1..).unwrap_or_default());
    if let Ok(a) = s.parse_action(&text) {
        assert!(
            s.legal_mask().contains(a),
            "parsed `{text}` to an illegal action"
        );
    }
}

#[test]
fn fuzz_moves_and_play() {
    let games = games();
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for (i, _) in games.iter().enumerate() {
        for text in [
            "A", "a", "3", "A6>", "A6<", "+D", "x", "take", "stop", "safari", "pass",
        ] {
            let mut s = vec![i as u8];
            s.extend((0..20u8).map(|k| k.wrapping_mul(37).wrapping_add(i as u8)));
            s.push(b'|');
            s.extend_from_slice(text.as_bytes());
            seeds.push(s);
        }
    }
    let dict: &[&[u8]] = &[
        b"A", b"b", b">", b"<", b"+", b"x", b"no-x", b"|", b"64", b"-1", b"\xff",
    ];
    fuzz("moves", seeds, dict, |input| {
        let Some((&which, rest)) = input.split_first() else {
            return;
        };
        let game = &games[usize::from(which) % games.len()];
        with_game!(game, g => play_and_parse(g, rest));
    });
}

#[test]
fn fuzz_config() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("configs");
    let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    seeds.sort();
    let dict: &[&[u8]] = &[
        b"[rules]\n",
        b"[search]\n",
        b"[loop]\n",
        b"variant = ",
        b"\"bao\"",
        b"= -1\n",
        b"= 1e99\n",
        b"= \"\"\n",
        b"= []\n",
        b"= {}\n",
        b"= true\n",
        b"18446744073709551616",
        b"nan",
        b"inf",
    ];
    fuzz("config", seeds, dict, |input| {
        let _ = mankala_config::parse(&String::from_utf8_lossy(input));
    });
}

fn fuzz_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mankala-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn shard_seed(dir: &Path) -> Vec<u8> {
    let g = AnyGame::by_name("kalah").unwrap();
    let (e, a) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
    let meta = ShardMeta {
        variant: "kalah".into(),
        rules: toml::to_string(&g.rules_table()).unwrap(),
        limits: toml::to_string(&g.limits_table()).unwrap(),
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
        })
        .collect();
    let path = dir.join("seed.parquet");
    mankala_data::write_shard(&path, &meta, &rows).unwrap();
    std::fs::read(&path).unwrap()
}

#[test]
fn fuzz_parquet() {
    let dir = fuzz_dir("parquet");
    let seeds = vec![shard_seed(&dir)];
    let path = dir.join("shard-00000.parquet");
    let dict: &[&[u8]] = &[
        b"PAR1",
        b"mankala.format_version",
        b"\x00\x00\x00\x00",
        b"\xff\xff\xff\x7f",
    ];
    fuzz("parquet", seeds, dict, |input| {
        std::fs::write(&path, input).unwrap();
        let _ = mankala_data::read_meta(&path);
        let _ = mankala_data::read_footer(&path);
        let _ = mankala_data::read_shard(&path);
    });
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A small saved model of kalah: its weights and sidecar bytes, and what loading expects.
fn model_seed(dir: &Path) -> (Vec<u8>, Vec<u8>, String) {
    let g = AnyGame::by_name("kalah").unwrap();
    let (e, a) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
    let network = NetworkConfig {
        width: 8,
        blocks: 1,
        value_width: 4,
    };
    let rules = toml::to_string(&g.rules_table()).unwrap();
    let net = PolicyValueNet::new(&network, e, a, &mankala_models::device());
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
    };
    let path = dir.join("seed");
    mankala_models::file::save(&net, &meta, &path).unwrap();
    (
        std::fs::read(path.with_extension("bpk")).unwrap(),
        std::fs::read(path.with_extension("json")).unwrap(),
        rules,
    )
}

fn fuzz_model(target: &str, weights_vary: bool) {
    let dir = fuzz_dir(target);
    let (bpk, json, rules) = model_seed(&dir);
    let g = AnyGame::by_name("kalah").unwrap();
    let (e, a) = with_game!(&g, g => (g.encoding_len(), g.num_actions()));
    let path = dir.join("model");
    let (fixed, seed) = if weights_vary {
        (json, bpk)
    } else {
        (bpk, json)
    };
    let dict: &[&[u8]] = &[
        b"\"width\": 0",
        b"999999999",
        b"-1",
        b"null",
        b"\"kalah\"",
        b"\x00\x00\x00\x00",
    ];
    fuzz(target, vec![seed], dict, |input| {
        let (w, s) = if weights_vary {
            (input, &fixed[..])
        } else {
            (&fixed[..], input)
        };
        std::fs::write(path.with_extension("bpk"), w).unwrap();
        std::fs::write(path.with_extension("json"), s).unwrap();
        let expected = Expected {
            variant: "kalah",
            rules: &rules,
            encoding_version: mankala_engine::ENCODING_VERSION,
            encoding_len: e,
            num_actions: a,
        };
        let _ = mankala_models::file::load(&path, &expected, &mankala_models::device());
    });
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fuzz_model_sidecar() {
    fuzz_model("model-sidecar", false);
}

#[test]
fn fuzz_model_weights() {
    fuzz_model("model-weights", true);
}

/// Whether a protocol line could ask for a long search (the fuzzer skips those: slowness on
/// request is not a defect).
fn costly(line: &str) -> bool {
    let digits = line
        .split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0);
    line.contains("depth") || line.contains("millis") || line.contains("nn:") || digits >= 4
}

#[test]
fn fuzz_protocol() {
    let seeds: Vec<Vec<u8>> = [
        "{\"cmd\":\"new\",\"variant\":\"kalah\",\"agent\":\"mcts:sims=20\",\"id\":1}\n{\"cmd\":\"play\",\"moves\":[\"C\",\"d\"]}\n{\"cmd\":\"search\",\"simulations\":10}\n{\"cmd\":\"undo\"}\n{\"cmd\":\"show\"}",
        "{\"cmd\":\"new\",\"variant\":\"bao\",\"agent\":\"greedy\"}\n{\"cmd\":\"legal\"}\n{\"cmd\":\"go\"}\n{\"cmd\":\"position\",\"moves\":[\"A6<\"]}",
        "{\"cmd\":\"new\",\"variant\":\"omweso\",\"rules\":{\"setup\":\"free\"},\"limits\":{\"max_plies\":30},\"agent\":\"random\"}\n{\"cmd\":\"go\"}\n{\"cmd\":\"go\"}",
        "{\"cmd\":\"quit\"}",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let dict: &[&[u8]] = &[
        b"{\"cmd\":\"play\",\"moves\":[\"A\"]}\n",
        b"\"cmd\"",
        b"\"new\"",
        b"\"play\"",
        b"\"search\"",
        b"\"go\"",
        b"\"undo\"",
        b"\"position\"",
        b"\"moves\"",
        b"\"variant\"",
        b"\"rules\"",
        b"\"limits\"",
        b"\"agent\"",
        b"\"oware\"",
        b"\"bao-malawi\"",
        b"\"kombe\"",
        b"null",
        b"[]",
        b"{}",
        b"\n",
        b"\"simulations\":1",
        b"\"id\":",
        b"-1",
        b"1e300",
    ];
    fuzz("protocol", seeds, dict, |input| {
        let mut session = session();
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
    });
}
