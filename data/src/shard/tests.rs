//! The shard format's tests: rows written and read back, layouts of earlier versions, bad
//! files named.

use std::fs::File;

use parquet::arrow::ArrowWriter;

use super::*;

/// A small shard's metadata, for this module's tests and `samples`'.
pub(crate) fn meta() -> ShardMeta {
    ShardMeta {
        variant: "kalah".into(),
        rules: "seeds_per_hole = 4\n".into(),
        limits: "max_plies = 1000\n".into(),
        encoding_version: 1,
        code_version: "test".into(),
        encoding_len: 3,
        num_actions: 2,
        run_id: "r1".into(),
        seed: 7,
    }
}

fn row(i: u32) -> Row {
    Row {
        run_id: "r1".into(),
        generation: 2,
        game_id: 10 + i as u64,
        ply: i,
        to_move: (i % 2) as u8,
        features: vec![i as f32, 0.5, -1.0],
        legal: vec![true, i.is_multiple_of(3)],
        policy: vec![0.25, 0.75],
        value_target: if i.is_multiple_of(2) { 1.0 } else { -1.0 },
        root_value: 0.125 * i as f32,
        simulations: 100 + i,
        full_search: i % 4 != 1,
        outcome: 1,
        result: "south".into(),
        game_length: 40,
        action: (i != 36).then_some(i as u16 % 2),
        margin: (i != 35).then_some(i as i16 - 10),
        side: i % 5 == 3,
        weight: [1.0, 0.0, 2.5, 0.4][i as usize % 4],
    }
}

/// Writes `rows` as a file of row layout `version` without the columns named in `drop`.
fn write_version(path: &Path, rows: &[Row], version: u32, drop: &[&str]) {
    let batch = relabelled(to_batch(&meta(), rows), version, |name| {
        drop.contains(&name)
    });
    let schema = batch.schema();
    let mut writer = ArrowWriter::try_new(File::create(path).unwrap(), schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
}

#[test]
fn older_files_read_without_actions_margins_side_marks_or_weights_and_newer_ones_are_refused() {
    let dir = std::env::temp_dir().join(format!("mankala-data-v1-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let rows: Vec<Row> = (0..5).map(row).collect();

    assert!(
        rows.iter().any(|r| r.side)
            && rows
                .iter()
                .all(|r| r.action.is_some() && r.margin.is_some()),
        "the rows written have actions, margins and a side position"
    );
    assert!(
        rows.iter().any(|r| r.weight != 1.0),
        "and weights other than 1"
    );
    // Each older layout reads back without the columns added after it.
    for version in 1..FORMAT_VERSION {
        let old = dir.join(format!("v{version}.parquet"));
        write_shard_version(&old, &meta(), &rows, version).unwrap();
        assert_eq!(read_version(&old).unwrap(), version);
        let (m, back) = read_shard(&old).unwrap();
        assert_eq!(m, meta());
        let without: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                action: r.action.filter(|_| version >= ACTION_FORMAT_VERSION),
                margin: r.margin.filter(|_| version >= MARGIN_FORMAT_VERSION),
                side: r.side && version >= SIDE_FORMAT_VERSION,
                weight: if version >= WEIGHT_FORMAT_VERSION {
                    r.weight
                } else {
                    1.0
                },
                ..r.clone()
            })
            .collect();
        assert_eq!(back, without, "version {version}");
    }

    let current = dir.join("current.parquet");
    write_shard(&current, &meta(), &rows).unwrap();
    assert_eq!(read_version(&current).unwrap(), FORMAT_VERSION);

    let newer = dir.join("newer.parquet");
    write_version(&newer, &rows, FORMAT_VERSION + 1, &[]);
    for err in [
        read_shard(&newer).unwrap_err().to_string(),
        read_meta(&newer).unwrap_err().to_string(),
        read_version(&newer).unwrap_err().to_string(),
    ] {
        assert!(
            err.contains("newer.parquet") && err.contains("newer than this build reads"),
            "{err}"
        );
    }

    let missing = dir.join("missing.parquet");
    write_version(&missing, &rows, FORMAT_VERSION, &["action"]);
    let err = read_shard(&missing).unwrap_err().to_string();
    assert!(
        err.contains("missing.parquet") && err.contains("column `action` missing"),
        "{err}"
    );
    write_version(&missing, &rows, FORMAT_VERSION, &["margin"]);
    let err = read_shard(&missing).unwrap_err().to_string();
    assert!(err.contains("column `margin` missing"), "{err}");
    write_version(&missing, &rows, FORMAT_VERSION, &["side"]);
    let err = read_shard(&missing).unwrap_err().to_string();
    assert!(err.contains("column `side` missing"), "{err}");
    write_version(&missing, &rows, FORMAT_VERSION, &["weight"]);
    let err = read_shard(&missing).unwrap_err().to_string();
    assert!(err.contains("column `weight` missing"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shard_round_trip_keeps_every_column() {
    let dir = std::env::temp_dir().join(format!("mankala-data-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard.parquet");
    let rows: Vec<Row> = (0..37).map(row).collect();
    assert!(rows.iter().any(|r| r.action.is_none()) && rows[3].action == Some(1));
    assert!(rows.iter().any(|r| r.margin.is_none()) && rows[3].margin == Some(-7));
    assert!(rows[3].side && !rows[4].side);
    write_shard(&path, &meta(), &rows).unwrap();
    assert!(!path.with_extension("parquet.tmp").exists());
    let (m, back) = read_shard(&path).unwrap();
    assert_eq!(m, meta());
    assert_eq!(back, rows);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn foreign_and_truncated_files_are_named_errors() {
    let dir = std::env::temp_dir().join(format!("mankala-data-bad-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.parquet");
    fs::write(&junk, b"not parquet at all").unwrap();
    let err = read_shard(&junk).unwrap_err().to_string();
    assert!(
        err.contains("junk.parquet") && err.contains("not a readable Parquet file"),
        "{err}"
    );

    let good = dir.join("good.parquet");
    write_shard(&good, &meta(), &[row(0), row(1)]).unwrap();
    let bytes = fs::read(&good).unwrap();
    let cut = dir.join("cut.parquet");
    fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let err = read_shard(&cut).unwrap_err().to_string();
    assert!(err.contains("cut.parquet"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_page_claiming_more_values_than_its_chunk_is_refused_before_it_is_decoded() {
    // Found by fuzzing: a dictionary page of 671 million values in a 5 KB shard, which the
    // Parquet reader took 5 GB to refuse.
    let found = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions/parquet/oom-553d6294c320e995b4d620749f7e3599e9abfacf");
    let dir = std::env::temp_dir().join(format!("mankala-pages-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard-00000.parquet");
    fs::copy(&found, &path).unwrap();
    for err in [
        read_shard(&path).unwrap_err().to_string(),
        crate::samples::read_samples(&path).unwrap_err().to_string(),
    ] {
        assert!(err.contains("shard-00000.parquet"), "{err}");
        assert!(
            err.contains("a page of 671088634 values in a chunk of 63"),
            "{err}"
        );
    }
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_page_header_declaring_a_list_longer_than_the_file_is_refused_before_it_is_parsed() {
    // Found by fuzzing: a 7 KB shard whose page headers declare lists longer than the file,
    // which the Parquet reader counted through (2 s) before refusing it.
    let found = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions/parquet/slow-unit-e09c245f640dc3df7cf5ee773e6ccf7525388d98");
    let dir = std::env::temp_dir().join(format!("mankala-headers-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard-00000.parquet");
    fs::copy(&found, &path).unwrap();
    let err = read_shard(&path).unwrap_err().to_string();
    assert!(err.contains("shard-00000.parquet"), "{err}");
    assert!(err.contains("elements declared where"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}
