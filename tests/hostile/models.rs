//! Model files that do not fit: refused by name before anything is written.

use super::*;

// ---------------------------------------------------------------------------------------
// Model files
// ---------------------------------------------------------------------------------------

/// Copies `model` (both files) to `dir/name`, letting `edit` change the sidecar.
pub(crate) fn model_copy(
    model: &Path,
    dir: &Path,
    name: &str,
    edit: impl FnOnce(&mut Value),
) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(model.with_extension("bpk"), to.with_extension("bpk")).unwrap();
    let mut meta: Value =
        serde_json::from_str(&std::fs::read_to_string(model.with_extension("json")).unwrap())
            .unwrap();
    edit(&mut meta);
    write(
        &to.with_extension("json"),
        serde_json::to_string_pretty(&meta).unwrap(),
    );
    to
}

#[test]
fn model_files_that_do_not_fit_are_refused_by_name() {
    let dir = temp_dir("models");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let oware = tiny_config(&dir, "oware", "oware", "");
    let kalah3 = tiny_config(&dir, "kalah3", "kalah", "[rules]\nseeds_per_hole = 3\n");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let m = dir.join("m");
    std::fs::create_dir_all(&m).unwrap();

    let no_weights = model_copy(&model, &m, "noweights", |_| {});
    std::fs::remove_file(no_weights.with_extension("bpk")).unwrap();
    let no_sidecar = model_copy(&model, &m, "nosidecar", |_| {});
    std::fs::remove_file(no_sidecar.with_extension("json")).unwrap();
    let cut_sidecar = model_copy(&model, &m, "cutsidecar", |_| {});
    write(
        &cut_sidecar.with_extension("json"),
        "{\"variant\": \"kalah\", ",
    );
    let binary_sidecar = model_copy(&model, &m, "binsidecar", |_| {});
    write(
        &binary_sidecar.with_extension("json"),
        [0xffu8, 0xfe, 0x00, 0x01],
    );
    let foreign_sidecar = model_copy(&model, &m, "foreign", |_| {});
    write(&foreign_sidecar.with_extension("json"), "{\"hello\": 1}");
    let encoding = model_copy(&model, &m, "encoding", |v| {
        v["encoding_version"] = json!(999)
    });
    let shape = model_copy(&model, &m, "shape", |v| v["encoding_len"] = json!(15));
    let format = model_copy(&model, &m, "format", |v| v["format_version"] = json!(99));
    let wider = model_copy(&model, &m, "wider", |v| v["network"]["width"] = json!(32));
    let cut_weights = model_copy(&model, &m, "cutweights", |_| {});
    let bytes = std::fs::read(model.with_extension("bpk")).unwrap();
    write(
        &cut_weights.with_extension("bpk"),
        &bytes[..bytes.len() / 3],
    );
    let empty_weights = model_copy(&model, &m, "emptyweights", |_| {});
    write(&empty_weights.with_extension("bpk"), b"");

    let (k, ow, k3) = (kalah.as_path(), oware.as_path(), kalah3.as_path());
    let cases: Vec<(&Path, &Path, Vec<&str>)> = vec![
        (
            k,
            no_weights.as_path(),
            vec!["noweights.bpk", "cannot load weights", "No such file"],
        ),
        (
            k,
            no_sidecar.as_path(),
            vec!["nosidecar.json", "No such file"],
        ),
        (
            k,
            cut_sidecar.as_path(),
            vec!["cutsidecar.json", "not a mankala model description"],
        ),
        (
            k,
            binary_sidecar.as_path(),
            vec!["binsidecar.json", "UTF-8"],
        ),
        (
            k,
            foreign_sidecar.as_path(),
            vec!["foreign.json", "not a mankala model description"],
        ),
        (
            ow,
            model.as_path(),
            vec!["model.json", "model is for variant kalah, expected oware"],
        ),
        (
            k3,
            model.as_path(),
            vec![
                "model.json",
                "model is for rules",
                "seeds_per_hole = 4",
                "expected",
                "seeds_per_hole = 3",
            ],
        ),
        (
            k,
            encoding.as_path(),
            vec!["encoding.json", "encoding version 999, expected"],
        ),
        (
            k,
            shape.as_path(),
            vec![
                "shape.json",
                "shape (inputs x actions) 15 x 6, expected 14 x 6",
            ],
        ),
        (
            k,
            format.as_path(),
            vec!["format.json", "model format version 99, expected 1"],
        ),
        (
            k,
            wider.as_path(),
            vec!["wider.bpk", "cannot load weights", "shape mismatch"],
        ),
        (
            k,
            cut_weights.as_path(),
            vec!["cutweights.bpk", "cannot load weights", "truncated"],
        ),
        (
            k,
            empty_weights.as_path(),
            vec!["emptyweights.bpk", "cannot load weights"],
        ),
    ];
    let arena_out = dir.join("arena");
    for (cfg, model, words) in &cases {
        // The arena checks its agents before it creates its output directory.
        let spec = format!("nn:model={}", s(model));
        let o = mankala(&[
            "arena",
            "--config",
            s(cfg),
            "--agents",
            "random",
            &spec,
            "--out",
            s(&arena_out),
        ]);
        fails_with(&o, words);
        assert!(!arena_out.exists(), "{}", model.display());
        // A game in the engine: the same error, as an error response.
        let request = json!({"cmd": "new", "config": s(cfg), "agent": spec});
        let (answers, _) = engine(&[request.to_string().as_bytes()]);
        let e = answers[0]["error"].as_str().expect("an error response");
        for w in words {
            assert!(e.contains(w), "engine: the error lacks `{w}`: {e}");
        }
    }
    // Export checks the model before it writes anything.
    let exported = dir.join("x.onnx");
    for (cfg, model, words) in &cases {
        if *cfg != k {
            continue;
        }
        let o = mankala(&[
            "export",
            "--model",
            s(model),
            "--format",
            "onnx",
            "--out",
            s(&exported),
            "--samples",
            "2",
        ]);
        fails_with(&o, words);
        assert!(
            !names_in(&dir).iter().any(|n| n.starts_with("x.onnx")),
            "{:?}",
            names_in(&dir)
        );
    }
    // Training from a model that does not fit.
    let o = mankala(&[
        "train",
        "--config",
        s(&kalah),
        "--data",
        s(&data),
        "--out",
        s(&dir.join("t")),
        "--init",
        s(&cut_weights),
    ]);
    fails_with(&o, &["cutweights.bpk", "cannot load weights"]);
    assert!(!dir.join("t/model.bpk").exists());
    // The openings report with a model that cannot be loaded (the report itself is written
    // before the model is loaded).
    let o = mankala(&[
        "openings",
        "--config",
        s(&kalah),
        "--data",
        s(&data),
        "--out",
        s(&dir.join("o")),
        "--model",
        s(&cut_weights),
    ]);
    fails_with(&o, &["cutweights.bpk", "cannot load weights"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn selfplay_refuses_a_bad_model_before_writing_anything() {
    let dir = temp_dir("selfplay-model");
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let oware = tiny_config(&dir, "oware", "oware", "");
    let data = dir.join("data");
    selfplay(&kalah, 4, &data);
    let model = train(&kalah, &data, &dir.join("trained"));
    let out = dir.join("out");
    let o = mankala(&[
        "selfplay",
        "-c",
        s(&oware),
        "-g",
        "1",
        "-o",
        s(&out),
        "--model",
        s(&model),
    ]);
    fails_with(&o, &["model.json", "variant kalah, expected oware"]);
    assert_eq!(
        names_in(&out),
        Vec::<String>::new(),
        "files left in {}",
        out.display()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
