//! Bad shards, game records and protocol requests: refused by name, the session going on.

use super::*;

// ---------------------------------------------------------------------------------------
// Parquet shards
// ---------------------------------------------------------------------------------------

pub(crate) const BASE64: &[u8; 64] =
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub(crate) fn base64_decode(text: &[u8]) -> Vec<u8> {
    assert_eq!(text.len() % 4, 0, "padded base64");
    let value = |c: u8| {
        BASE64
            .iter()
            .position(|&x| x == c)
            .expect("a base64 character") as u32
    };
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
    let at = schema[..key]
        .windows(pattern.len())
        .rposition(|w| w == pattern.as_slice())
        .expect("the version value before its key");
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
        (
            "truncated",
            shard[..shard.len() / 2].to_vec(),
            vec!["not a readable Parquet file"],
        ),
        (
            "text",
            b"hello, not parquet\n".to_vec(),
            vec!["not a readable Parquet file"],
        ),
        (
            "empty",
            Vec::new(),
            vec!["not a readable Parquet file", "too small"],
        ),
    ];
    // A Parquet file without mankala metadata: the shard with its Arrow schema key renamed
    // (the file stays valid Parquet; its metadata is gone).
    let key = find(&shard, b"ARROW:schema").expect("an ARROW:schema key");
    let mut foreign = shard.clone();
    foreign[key..key + 12].copy_from_slice(b"ARROW:schemx");
    cases.push((
        "foreign",
        foreign,
        vec![
            "not mankala training data",
            "metadata `mankala.format_version` missing",
        ],
    ));
    let newer = dir.join("newer.parquet");
    newer_version_copy(&first_shard(&good), &newer);
    cases.push((
        "newer",
        std::fs::read(&newer).unwrap(),
        vec![
            "data format version 9 is newer than this build reads",
            "written by a newer mankala",
        ],
    ));
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
    fails_with(
        &mankala(&["train", "-c", s(&kalah), "-d", s(&missing), "-o", s(&out)]),
        &["no-such-dir", "No such file"],
    );
    fails_with(
        &mankala(&["train", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]),
        &["afile", "Not a directory"],
    );
    fails_with(
        &mankala(&["openings", "-c", s(&kalah), "-d", s(&file), "-o", s(&out)]),
        &["--data", "afile", "not a directory"],
    );
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
        (
            "train-state.json",
            b"{bad",
            &["train-state.json", "not a checkpoint record"],
        ),
        (
            "checkpoint.bpk",
            b"",
            &["checkpoint.bpk", "cannot load weights"],
        ),
        (
            "optimizer.bpk",
            b"",
            &["optimizer.bpk", "cannot load optimizer state"],
        ),
    ];
    for &(file, bytes, words) in cases {
        let out = dir.join(format!("resume-{file}"));
        std::fs::create_dir_all(&out).unwrap();
        for name in names_in(&trained) {
            std::fs::copy(trained.join(&name), out.join(&name)).unwrap();
        }
        write(&out.join(file), bytes);
        let before = std::fs::read(out.join("model.bpk")).unwrap();
        let o = mankala(&[
            "train",
            "-c",
            s(&kalah),
            "-d",
            s(&data),
            "-o",
            s(&out),
            "--steps",
            "4",
        ]);
        fails_with(&o, words);
        assert_eq!(
            std::fs::read(out.join("model.bpk")).unwrap(),
            before,
            "{file}: the model is kept"
        );
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
    fails_with(
        &mankala(&["replay", "--record", s(&missing)]),
        &["cannot read game records", "no-such.jsonl", "No such file"],
    );
    fails_with(
        &mankala(&["replay", "--record", s(&dir)]),
        &["cannot read game records", "Is a directory"],
    );
    let binary = dir.join("binary.jsonl");
    write(&binary, [0xffu8, 0xfe, b'\n']);
    fails_with(
        &mankala(&["replay", "--record", s(&binary)]),
        &["binary.jsonl", "UTF-8"],
    );
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
    fails_with(
        &mankala(&["replay", "--record", s(&chess)]),
        &["chess.jsonl game 0", "unknown variant `chess`"],
    );
    let mut other = record.clone();
    other["rules"] = json!({"seeds": 3});
    let rules = dir.join("rules.jsonl");
    write(&rules, format!("{other}\n"));
    fails_with(
        &mankala(&["replay", "--record", s(&rules)]),
        &["rules.jsonl game 0", "unknown field `seeds`"],
    );
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
    write(
        &bad_config,
        "variant = \"kalah\"\n[rules]\nseeds_per_hol = 4\n",
    );
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
