//! Bad shards, game records and protocol lines; output places that cannot be written; numbers out of range; a full disk or stdout.

use super::*;

// ---------------------------------------------------------------------------------------
// Parquet shards
// ---------------------------------------------------------------------------------------

pub(crate) const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub(crate) fn base64_decode(text: &[u8]) -> Vec<u8> {
    assert_eq!(text.len() % 4, 0, "padded base64");
    let value = |c: u8| BASE64.iter().position(|&x| x == c).expect("a base64 character") as u32;
    let mut out = Vec::new();
    for chunk in text.chunks(4) {
        let pad = chunk.iter().filter(|&&c| c == b'=').count();
        let mut n: u32 = 0;
        for &c in chunk {
            n = (n << 6) | if c == b'=' { 0 } else { value(c) };
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    out
}

pub(crate) fn base64_encode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in bytes.chunks(3) {
        let byte = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = (byte(0) << 16) | (byte(1) << 8) | byte(2);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(BASE64[((n >> (18 - 6 * i)) & 63) as usize]);
            } else {
                out.push(b'=');
            }
        }
    }
    out
}

pub(crate) fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The byte range of the `ARROW:schema` value in a Parquet footer: the key, then the value's
/// field header (Thrift compact: field 2, binary) and its varint length.
pub(crate) fn arrow_schema_value(file: &[u8]) -> std::ops::Range<usize> {
    let key = b"ARROW:schema";
    let mut i = find(file, key).expect("an ARROW:schema key") + key.len();
    assert_eq!(file[i], 0x18, "the value's field header follows the key");
    i += 1;
    let (mut len, mut shift) = (0usize, 0);
    loop {
        let b = file[i];
        i += 1;
        len |= usize::from(b & 0x7f) << shift;
        shift += 7;
        if b & 0x80 == 0 {
            break;
        }
    }
    i..i + len
}

/// A copy of `shard` whose `mankala.format_version` says a version this build does not read
/// (9, the current version's digits replaced by nines).
pub(crate) fn newer_version_copy(shard: &Path, to: &Path) {
    let mut file = std::fs::read(shard).unwrap();
    let range = arrow_schema_value(&file);
    let mut schema = base64_decode(&file[range.clone()]);
    let current = mankala_data::FORMAT_VERSION.to_string();
    let key = find(&schema, b"mankala.format_version").expect("the version key");
    // The value string (length, digits, NUL) is stored before its key.
    let mut pattern = (current.len() as u32).to_le_bytes().to_vec();
    pattern.extend_from_slice(current.as_bytes());
    pattern.push(0);
    let at = schema[..key].windows(pattern.len()).rposition(|w| w == pattern.as_slice()).expect("the version value before its key");
    let newer = "9".repeat(current.len());
    assert!(newer.parse::<u32>().unwrap() > mankala_data::FORMAT_VERSION);
    schema[at + 4..at + 4 + current.len()].copy_from_slice(newer.as_bytes());
    let encoded = base64_encode(&schema);
    assert_eq!(encoded.len(), range.len());
    file[range].copy_from_slice(&encoded);
    write(to, file);
}

#[test]
fn bad_shards_are_refused_by_name() {
    let dir = temp_dir("shards");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let good = dir.join("good");
    selfplay(&kalah, 4, &good);
    let shard = std::fs::read(first_shard(&good)).unwrap();

    let mut cases: Vec<(&str, Vec<u8>, Vec<&str>)> = vec![
        ("truncated", shard[..shard.len() / 2].to_vec(), vec!["not a readable Parquet file"]),
        ("text", b"hello, not parquet\n".to_vec(), vec!["not a readable Parquet file"]),
        ("empty", Vec::new(), vec!["not a readable Parquet file", "too small"]),
    ];
    // A Parquet file without mankala metadata: the shard with its Arrow schema key renamed
    // (the file stays valid Parquet; its metadata is gone).
    let key = find(&shard, b"ARROW:schema").expect("an ARROW:schema key");
    let mut foreign = shard.clone();
    foreign[key..key + 12].copy_from_slice(b"ARROW:schemx");
    cases.push(("foreign", foreign, vec!["not mankala training data", "metadata `mankala.format_version` missing"]));
    let newer = dir.join("newer.parquet");
    newer_version_copy(&first_shard(&good), &newer);
    cases.push(("newer", std::fs::read(&newer).unwrap(), vec!["data format version 9 is newer than this build reads", "written by a newer mankala"]));
    for (name, bytes, words) in &cases {
        let data = dir.join(format!("data-{name}"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::copy(first_shard(&good), data.join("shard-00000.parquet")).unwrap();
        write(&data.join("shard-00001.parquet"), bytes);
        let named = format!("data-{name}/shard-00001.parquet");
        let mut expect = words.clone();
        expect.push(&named);
        let out = dir.join(format!("train-{name}"));
        let o = mankala(&["train", "-c", s(&kalah), "-d", s(&data), "-o", s(&out)]);
        fails_with(&o, &expect);
        assert!(!out.join("model.bpk").exists() && !out.join("checkpoint.bpk").exists());
        let out = dir.join(format!("openings-{name}"));
        let o = mankala(&["openings", "-c", s(&kalah), "-d", s(&data), "-o", s(&out)]);
        fails_with(&o, &expect);
        assert!(!out.exists(), "{name}: openings wrote {:?}", names_in(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn data_directories_that_are_missing_or_files_are_named() {
    let dir = temp_dir("data-dirs");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let file = dir.join("afile");
    write(&file, "data\n");
    let missing = dir.join("no-such-dir");
    let out = dir.join("out");
    fails_with(&mankala(&["train", "-c", s(&kalah), "-d", s(&missing), "-o", s(&out)]), &["no-such-dir", "No such file"]);
    fails_with(&mankala(&["train", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]), &["afile", "Not a directory"]);
    fails_with(&mankala(&["openings", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]), &["--data", "afile", "not a directory"]);
    assert!(!out.join("model.bpk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_corrupt_training_checkpoint_is_refused_by_name() {
    let dir = temp_dir("checkpoint");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let trained = dir.join("trained");
    train(&kalah, &data, &trained);
    let cases: &[(&str, &[u8], &[&str])] = &[
        ("train-state.json", b"{bad", &["train-state.json", "not a checkpoint record"]),
        ("checkpoint.bpk", b"", &["checkpoint.bpk", "cannot load weights"]),
        ("optimizer.bpk", b"", &["optimizer.bpk", "cannot load optimizer state"]),
    ];
    for &(file, bytes, words) in cases {
        let out = dir.join(format!("resume-{file}"));
        std::fs::create_dir_all(&out).unwrap();
        for name in names_in(&trained) {
            std::fs::copy(trained.join(&name), out.join(&name)).unwrap();
        }
        write(&out.join(file), bytes);
        let before = std::fs::read(out.join("model.bpk")).unwrap();
        let o = mankala(&["train", "-c", s(&kalah), "-d", s(&data), "-o", s(&out), "--steps", "4"]);
        fails_with(&o, words);
        assert_eq!(std::fs::read(out.join("model.bpk")).unwrap(), before, "{file}: the model is kept");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Game records
// ---------------------------------------------------------------------------------------

#[test]
fn bad_game_records_are_refused_by_name() {
    let dir = temp_dir("records");
    let (path, record) = saved_kalah_record(&dir);
    let missing = dir.join("no-such.jsonl");
    fails_with(&mankala(&["replay", "--record", s(&missing)]), &["cannot read game records", "no-such.jsonl", "No such file"]);
    fails_with(&mankala(&["replay", "--record", s(&dir)]), &["cannot read game records", "Is a directory"]);
    let binary = dir.join("binary.jsonl");
    write(&binary, [0xffu8, 0xfe, b'\n']);
    fails_with(&mankala(&["replay", "--record", s(&binary)]), &["binary.jsonl", "UTF-8"]);
    let o = mankala(&["replay", "--record", s(&path), "--game", "7"]);
    fails_with(&o, &["game.jsonl", "no game with index 7"]);
    assert!(stdout(&o).is_empty());
    // A garbage line before the game asked for.
    let garbage = dir.join("garbage.jsonl");
    write(&garbage, format!("not json\n{record}\n"));
    let o = mankala(&["replay", "--record", s(&garbage), "--game", "0"]);
    fails_with(&o, &["garbage.jsonl line 1: not a game record"]);
    // A record of a variant this build does not know, or with rules its variant does not have.
    let mut other = record.clone();
    other["variant"] = json!("chess");
    let chess = dir.join("chess.jsonl");
    write(&chess, format!("{other}\n"));
    fails_with(&mankala(&["replay", "--record", s(&chess)]), &["chess.jsonl game 0", "unknown variant `chess`"]);
    let mut other = record.clone();
    other["rules"] = json!({"seeds": 3});
    let rules = dir.join("rules.jsonl");
    write(&rules, format!("{other}\n"));
    fails_with(&mankala(&["replay", "--record", s(&rules)]), &["rules.jsonl game 0", "unknown field `seeds`"]);
    // --record takes no --variant.
    let o = mankala(&["replay", "--record", s(&path), "--variant", "kalah"]);
    fails_with(&o, &["--record", "cannot be used with", "--variant"]);
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// The engine protocol
// ---------------------------------------------------------------------------------------

#[test]
fn engine_answers_bad_requests_with_errors_and_goes_on() {
    let dir = temp_dir("engine");
    let bad_config = dir.join("bad.toml");
    write(&bad_config, "variant = \"kalah\"\n[rules]\nseeds_per_hol = 4\n");
    let new_bad_config = json!({"cmd": "new", "config": s(&bad_config), "id": 9});
    let lines: Vec<Vec<u8>> = vec![
        br#"{"cmd":"new","variant":"kalah","agent":"greedy","id":0}"#.to_vec(),
        b"\xff\xfe{\"cmd\":\"show\"}".to_vec(),
        br#"{"cmd""#.to_vec(),
        br#"{}"#.to_vec(),
        br#"{"cmd":"play","id":4}"#.to_vec(),
        br#"{"cmd":"play","moves":[],"id":5}"#.to_vec(),
        br#"{"cmd":"new","id":6}"#.to_vec(),
        br#"{"cmd":"new","variant":"oware","seed":-1,"id":7}"#.to_vec(),
        br#"{"cmd":"new","config":"/no/such.toml","id":8}"#.to_vec(),
        new_bad_config.to_string().into_bytes(),
        br#"{"cmd":"undo","count":0,"id":10}"#.to_vec(),
        br#"{"cmd":"search","millis":0,"id":11}"#.to_vec(),
        br#"{"cmd":"show","extra":1,"id":12}"#.to_vec(),
        br#"{"cmd":12,"id":13}"#.to_vec(),
        br#"{"cmd":"legal","id":14}"#.to_vec(),
    ];
    let refs: Vec<&[u8]> = lines.iter().map(Vec::as_slice).collect();
    let (answers, o) = engine(&refs);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(answers.len(), lines.len(), "{answers:?}");
    let expect: &[(usize, &str)] = &[
        (1, "the line is not UTF-8 text"),
        (2, "not JSON (EOF while parsing"),
        (3, "missing \"cmd\"; expected one of: new,"),
        (4, "play: missing \"moves\""),
        (5, "play: \"moves\" is empty"),
        (6, "new: missing \"variant\""),
        (7, "new: \"seed\": -1: expected a whole number"),
        (8, "new: cannot read config /no/such.toml"),
        (9, "seeds_per_hol"),
        (10, "undo: \"count\": 0"),
        (11, "search: \"millis\": 0"),
        (12, "show: unknown field \"extra\""),
        (13, "\"cmd\" must be a string"),
    ];
    for (i, words) in expect {
        let a = &answers[*i];
        assert_eq!(a["ok"], false, "{a}");
        let e = a["error"].as_str().expect("an error");
        assert!(e.contains(words), "request {i}: `{words}` missing from {e}");
    }
    assert!(answers[9]["error"].as_str().unwrap().contains("bad.toml"));
    // The lines that could not be read as JSON objects have no id.
    for i in [1, 2] {
        assert_eq!(answers[i]["id"], Value::Null);
    }
    // The failed `new` requests kept the game started first.
    assert_eq!(answers[14]["ok"], true);
    assert_eq!(answers[14]["ply"], 0);
    assert_eq!(answers[14]["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Output locations
// ---------------------------------------------------------------------------------------

#[test]
fn output_paths_that_are_files_are_refused() {
    let dir = temp_dir("out-file");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let file = dir.join("afile");
    write(&file, "precious\n");
    let f = s(&file);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", f, "-t", "1"], "cannot create output directory"),
        (vec!["train", "-c", s(&kalah), "-d", s(&data), "-o", f], "cannot create"),
        (vec!["arena", "-v", "kalah", "-a", "random", "greedy", "-n", "1", "-o", f], "cannot create output directory"),
        (vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", f], "cannot create output directory"),
        (vec!["loop", "-c", s(&kalah), "--run", f, "--generations", "1"], "cannot create run directory"),
    ];
    for (args, words) in &cases {
        let o = mankala(args);
        fails_with(&o, &[*words, f, "File exists"]);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n", "{args:?}");
    }
    let under = dir.join("afile/sub");
    let o = mankala(&["loop", "-c", s(&kalah), "--run", s(&under), "--generations", "1"]);
    fails_with(&o, &["cannot create run directory", "afile/sub", "Not a directory"]);
    // File outputs given a directory.
    let adir = dir.join("adir");
    std::fs::create_dir_all(&adir).unwrap();
    let o = mankala(&["export", "-m", s(&model), "-f", "onnx", "-o", s(&adir), "--samples", "1"]);
    fails_with(&o, &["adir", "Is a directory"]);
    let o = mankala(&["bench", "engine", "-v", "kalah", "--seconds", "0.1", "--json", s(&adir)]);
    fails_with(&o, &["cannot write", "adir", "Is a directory"]);
    assert!(names_in(&adir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn a_failed_write_leaves_no_temporary_file() {
    let dir = temp_dir("out-tmp");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let adir = dir.join("adir");
    std::fs::create_dir_all(&adir).unwrap();
    let o = mankala(&["export", "-m", s(&model), "-f", "onnx", "-o", s(&adir), "--samples", "1"]);
    fails_with(&o, &["adir"]);
    let o = mankala(&["bench", "engine", "-v", "kalah", "--seconds", "0.1", "--json", s(&adir)]);
    fails_with(&o, &["adir"]);
    let left: Vec<String> = names_in(&dir).into_iter().filter(|n| n.ends_with(".tmp")).collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    // A full disk during self-play.
    let big = dir.join("big.toml");
    write(&big, std::fs::read_to_string(&kalah).unwrap().replace("games_per_shard = 2", "games_per_shard = 16"));
    let out = dir.join("full");
    let Some(o) = mankala_with_small_disk(&["selfplay", "-c", s(&big), "-g", "16", "-o", s(&out), "-t", "1"]) else {
        eprintln!("no sh: the full-disk part is skipped");
        return;
    };
    fails_with(&o, &["shard-00000.parquet"]);
    let left: Vec<String> = names_in(&out).into_iter().filter(|n| n.ends_with(".tmp")).collect();
    assert!(left.is_empty(), "left behind: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_parent_directories_are_created_or_named() {
    let dir = temp_dir("out-parent");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    // Output directories are created with their parents.
    let deep = dir.join("a/b/c");
    selfplay(&kalah, 1, &deep);
    assert!(names_in(&deep).iter().any(|n| n.ends_with(".parquet")));
    // Export refuses before writing anything.
    let o = mankala(&["export", "-m", s(&model), "-f", "onnx", "-o", s(&dir.join("nodir/x.onnx"))]);
    fails_with(&o, &["--out", "nodir/x.onnx", "no directory", "nodir"]);
    assert!(!dir.join("nodir").exists());
    // bench --json names the file it cannot write (after measuring).
    let o = mankala(&["bench", "mcts", "-v", "kalah", "--simulations", "10", "--repeats", "1", "--json", s(&dir.join("nodir/b.json"))]);
    fails_with(&o, &["cannot write", "nodir/b.json", "No such file"]);
    assert!(!dir.join("nodir").exists());
    // play creates the directory of its save file.
    let save = dir.join("saves/deep/g.jsonl");
    let o = mankala_with_input(Some(dir.as_path()), &["play", "--variant", "kalah", "--agent", "random", "--human-first", "--save", s(&save)], b"quit\n");
    ok(&o, "play");
    assert!(save.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn read_only_output_directories_are_refused_by_name() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("read-only");
    if !permission_bits_are_enforced(&dir) {
        eprintln!(
            "permission bits do not stop writes here (running as root?): the read-only \
             output test is skipped"
        );
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let ro = dir.join("ro");
    std::fs::create_dir_all(&ro).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    let r = s(&ro);
    let onnx = ro.join("x.onnx");
    let json_file = ro.join("b.json");
    let sub = ro.join("sub");
    let cases: Vec<Vec<&str>> = vec![
        vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", r, "-t", "1"],
        vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", s(&sub), "-t", "1"],
        vec!["train", "-c", s(&kalah), "-d", s(&data), "-o", r],
        vec!["arena", "-v", "kalah", "-a", "random", "greedy", "-n", "1", "-o", r],
        vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", r],
        vec!["loop", "-c", s(&kalah), "--run", r, "--generations", "1"],
        vec!["export", "-m", s(&model), "-f", "onnx", "-o", s(&onnx), "--samples", "1"],
        vec!["bench", "engine", "-v", "kalah", "--seconds", "0.1", "--json", s(&json_file)],
    ];
    for args in &cases {
        let o = mankala(args);
        fails_with(&o, &[r, "Permission denied"]);
        assert!(names_in(&ro).is_empty(), "{args:?}: {:?}", names_in(&ro));
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn play_checks_its_save_path_before_the_game() {
    let dir = temp_dir("play-save");
    let file = dir.join("afile");
    write(&file, "precious\n");
    let save = file.join("g.jsonl");
    let o = mankala_with_input(Some(dir.as_path()), &["play", "--variant", "kalah", "--agent", "random", "--human-first", "--save", s(&save)], b"C\nquit\n");
    fails_with(&o, &["afile"]);
    assert!(!stdout(&o).contains("you played"), "a game was played and lost: {}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Numeric arguments
// ---------------------------------------------------------------------------------------

#[test]
fn numeric_arguments_out_of_range_are_refused() {
    let dir = temp_dir("numbers");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 2, &data);
    let out = dir.join("out");
    let run = dir.join("run");
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", s(&out), "--threads", "0"], vec!["--threads 0: expected 1 to 1024"]),
        (vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", s(&out), "--threads", "5000"], vec!["--threads 5000: expected 1 to 1024"]),
        (vec!["arena", "-v", "kalah", "-a", "random", "greedy", "-o", s(&out), "--threads", "0"], vec!["--threads 0"]),
        (vec!["arena", "-v", "kalah", "-a", "random", "greedy", "-o", s(&out), "--games", "0"], vec!["--games 0: expected at least 1"]),
        (vec!["arena", "-v", "kalah", "-a", "random", "greedy", "-o", s(&out), "--prior-draws=-1"], vec!["--prior-draws -1: expected 0 to 100"]),
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--threads", "0"], vec!["--threads 0"]),
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours=-1"], vec!["--hours -1: expected a positive number"]),
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "0"], vec!["--hours 0: expected a positive number"]),
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "nan"], vec!["--hours NaN"]),
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--generations", "0"], vec!["--generations 0: expected at least 1"]),
        (vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", s(&out), "--depth", "0"], vec!["--depth 0: expected 1 to 64"]),
        (vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", s(&out), "--depth", "65"], vec!["--depth 65: expected 1 to 64"]),
        (vec!["openings", "-c", s(&kalah), "-d", s(&data), "-o", s(&out), "--sims", "0", "--model", "/no/such/model"], vec!["--sims 0: expected at least 1"]),
        // A negative number after a space reads as an option.
        (vec!["loop", "-c", s(&kalah), "--run", s(&run), "--hours", "-1"], vec!["unexpected argument '-1'"]),
        (vec!["perft", "-v", "kalah", "--depth", "x"], vec!["invalid value 'x'", "--depth"]),
    ];
    for (args, words) in &cases {
        let o = mankala(args);
        fails_with(&o, words);
        assert!(!out.exists() && !run.exists(), "{args:?} wrote output");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn perft_depth_0_is_refused() {
    fails_with(&mankala(&["perft", "--variant", "kalah", "--depth", "0"]), &["--depth 0"]);
}

#[test]

pub(crate) fn selfplay_of_no_games_is_refused() {
    let dir = temp_dir("games0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let out = dir.join("out");
    let o = mankala(&["selfplay", "-c", s(&kalah), "-g", "0", "-o", s(&out), "-t", "1"]);
    fails_with(&o, &["--games 0"]);
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn training_for_no_steps_is_refused() {
    let dir = temp_dir("steps0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let data = dir.join("data");
    selfplay(&kalah, 2, &data);
    let out = dir.join("out");
    let o = mankala(&["train", "-c", s(&kalah), "-d", s(&data), "-o", s(&out), "--steps", "0"]);
    fails_with(&o, &["--steps 0"]);
    assert!(!out.join("model.bpk").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn bench_refuses_a_duration_that_is_not_a_number() {
    let o = mankala_within(&["bench", "engine", "--variant", "kalah", "--seconds", "nan"], Duration::from_secs(20))
        .expect("bench engine --seconds nan returned within 20 s");
    fails_with(&o, &["--seconds"]);
}

#[test]

pub(crate) fn bench_refuses_zero_counts() {
    let dir = temp_dir("bench0");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["bench", "engine", "-v", "kalah", "--seconds=-1"], "--seconds"),
        (vec!["bench", "mcts", "-v", "kalah", "--simulations", "0"], "--simulations 0"),
        (vec!["bench", "mcts", "-v", "kalah", "--simulations", "10", "--repeats", "0"], "--repeats 0"),
        (vec!["bench", "network", "-c", s(&kalah), "--seconds", "0.1", "--threads", "0"], "--threads 0"),
    ];
    for (args, words) in &cases {
        let o = mankala_within(args, Duration::from_secs(60)).expect("bench returned");
        fails_with(&o, &[*words]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// A full disk
// ---------------------------------------------------------------------------------------

#[test]
fn engine_stops_cleanly_when_stdout_is_full() {
    let Some(o) = mankala_into_full_stdout(&["engine"], b"{\"cmd\":\"new\",\"variant\":\"kalah\"}\n") else {
        eprintln!("no /dev/full: the full-stdout test is skipped");
        return;
    };
    fails_with(&o, &["cannot write to stdout", "os error 28"]);
}

#[test]

pub(crate) fn a_full_stdout_is_an_error_not_a_panic() {
    let dir = temp_dir("full-stdout");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let out = dir.join("out");
    let save = dir.join("game.jsonl");
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["variants"], b"".as_slice()),
        (vec!["show", "-v", "kalah"], b"".as_slice()),
        (vec!["perft", "-v", "kalah", "--depth", "2"], b"".as_slice()),
        (vec!["replay", "-v", "kalah", "--moves", "C"], b"".as_slice()),
        (vec!["play", "-v", "kalah", "--agent", "random", "--human-first", "--save", s(&save)], b"quit\n".as_slice()),
        (vec!["selfplay", "-c", s(&kalah), "-g", "1", "-o", s(&out), "-t", "1"], b"".as_slice()),
    ];
    for (args, input) in &cases {
        let Some(o) = mankala_into_full_stdout(args, input) else {
            eprintln!("no /dev/full: the full-stdout test is skipped");
            return;
        };
        fails_with(&o, &["stdout"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_full_disk_leaves_no_partial_file_under_a_final_name() {
    let dir = temp_dir("full-disk");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    // Shards of 16 games and a network of width 64: each file is larger than the limit.
    let big = dir.join("big.toml");
    write(&big, std::fs::read_to_string(&kalah).unwrap().replace("games_per_shard = 2", "games_per_shard = 16").replace("width = 16", "width = 64"));
    let out = dir.join("selfplay");
    let Some(o) = mankala_with_small_disk(&["selfplay", "-c", s(&big), "-g", "16", "-o", s(&out), "-t", "1", "--seed", "1"]) else {
        eprintln!("no sh: the full-disk test is skipped");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    fails_with(&o, &["selfplay/shard-00000.parquet", "os error 27"]);
    let shards: Vec<String> = names_in(&out).into_iter().filter(|n| n.ends_with(".parquet")).collect();
    assert!(shards.is_empty(), "a shard under its final name: {shards:?}");
    // Training: the checkpoint cannot be written, and no model appears.
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model_dir = dir.join("train");
    let o = mankala_with_small_disk(&["train", "-c", s(&big), "-d", s(&data), "-o", s(&model_dir)]).expect("sh");
    fails_with(&o, &["train/checkpoint.bpk", "os error 27"]);
    for name in ["checkpoint.bpk", "checkpoint.json", "model.bpk", "model.json", "train-state.json"] {
        assert!(!model_dir.join(name).exists(), "{name} written");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn write_failures_are_reported_as_writes() {
    let dir = temp_dir("full-disk-words");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let big = dir.join("big.toml");
    write(&big, std::fs::read_to_string(&kalah).unwrap().replace("games_per_shard = 2", "games_per_shard = 16").replace("width = 16", "width = 64"));
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let Some(o) = mankala_with_small_disk(&["train", "-c", s(&big), "-d", s(&data), "-o", s(&dir.join("train"))]) else {
        eprintln!("no sh: the test is skipped");
        return;
    };
    fails_with(&o, &["checkpoint.bpk", "cannot write"]);
    assert!(!stderr(&o).contains("cannot load"), "{}", stderr(&o));
    let out = dir.join("selfplay");
    let o = mankala_with_small_disk(&["selfplay", "-c", s(&big), "-g", "16", "-o", s(&out), "-t", "1"]).expect("sh");
    fails_with(&o, &["shard-00000.parquet"]);
    assert!(!stderr(&o).contains("not a readable"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tablebase too large for the machine is refused before any memory is taken.
#[test]
fn a_tablebase_larger_than_memory_is_refused_by_its_size() {
    let dir = temp_dir("tablebase-size");
    let out = dir.join("k.mtb");
    let o = mankala(&["tablebase", "build", "--variant", "kalah", "--seeds", "40", "--out", s(&out)]);
    fails_with(&o, &["--seeds 40", "GiB", "memory available"]);
    assert!(!out.exists());
    let o = mankala(&["solve", "--variant", "kalah", "--tt-log2", "32"]);
    fails_with(&o, &["--tt-log2 32", "64.0 GiB", "memory available"]);
    std::fs::remove_dir_all(&dir).ok();
}
