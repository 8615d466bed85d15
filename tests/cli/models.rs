//! Model files end to end: export to ONNX and safetensors checked against the network, refused arguments and models, training resumed after a kill.

use super::*;

/// Exports `model` of `variant` as ONNX and safetensors: the descriptions name every feature
/// and action, the ONNX file run through tract gives the network's outputs on the 100
/// reference positions, and the safetensors file holds every layer.
pub(crate) fn exported_model_matches_the_network(variant: &str, model: &Path, dir: &Path) {
    let onnx = dir.join("model.onnx");
    let o = mankala(&[
        "export",
        "--model",
        model.to_str().unwrap(),
        "--format",
        "onnx",
        "--out",
        onnx.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{variant} export: {}", stderr(&o));
    let desc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("model.onnx.json")).unwrap())
            .unwrap();
    assert_eq!(desc["variant"], variant);
    assert_eq!(desc["file_format"], "onnx");
    let (e, a) = (
        desc["encoding_len"].as_u64().unwrap() as usize,
        desc["num_actions"].as_u64().unwrap() as usize,
    );
    assert_eq!(desc["features"].as_array().unwrap().len(), e, "{variant}");
    assert_eq!(desc["actions"].as_array().unwrap().len(), a, "{variant}");
    let samples: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("model.onnx.samples.json")).unwrap(),
    )
    .unwrap();
    let positions = samples["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 100, "{variant}");
    let floats = |v: &serde_json::Value| -> Vec<f32> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap() as f32)
            .collect()
    };
    let features: Vec<f32> = positions
        .iter()
        .flat_map(|p| floats(&p["features"]))
        .collect();
    let runner = mankala_models::export::OnnxRunner::load(&onnx, positions.len(), e).unwrap();
    let (logits, values) = runner.run(&features).unwrap();
    for (i, p) in positions.iter().enumerate() {
        let want = floats(&p["policy_logits"]);
        for (x, y) in logits[i * a..(i + 1) * a].iter().zip(&want) {
            assert!((x - y).abs() <= 1e-4, "{variant} position {i}: {x} vs {y}");
        }
        let v = p["value"].as_f64().unwrap() as f32;
        assert!((values[i] - v).abs() <= 1e-4, "{variant} position {i}");
        assert!(!p["legal"].as_array().unwrap().is_empty());
    }
    let st = dir.join("model.safetensors");
    let o = mankala(&[
        "export",
        "-m",
        model.to_str().unwrap(),
        "-f",
        "safetensors",
        "-o",
        st.to_str().unwrap(),
        "--samples",
        "20",
    ]);
    assert!(o.status.success(), "{variant} export: {}", stderr(&o));
    let samples = std::fs::read_to_string(dir.join("model.safetensors.samples.json")).unwrap();
    let samples: serde_json::Value = serde_json::from_str(&samples).unwrap();
    assert_eq!(samples["positions"].as_array().unwrap().len(), 20);
    // Both files once more in Python (onnxruntime; numpy on the safetensors), where installed.
    if Command::new("python3")
        .args(["-c", "import onnxruntime, safetensors, numpy"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        let check = Command::new("python3")
            .arg(repo("scripts/check_export.py"))
            .args([&onnx, &st])
            .output()
            .unwrap();
        assert!(
            check.status.success(),
            "{variant}: {}{}",
            stdout(&check),
            stderr(&check)
        );
        assert_eq!(
            stdout(&check).matches(": ok").count(),
            2,
            "{}",
            stdout(&check)
        );
    } else {
        eprintln!("onnxruntime not installed: the Python check of the export is skipped");
    }
    let desc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("model.safetensors.json")).unwrap())
            .unwrap();
    let bytes = std::fs::read(&st).unwrap();
    let file = safetensors::SafeTensors::deserialize(&bytes).unwrap();
    let tensors = desc["tensors"].as_array().unwrap();
    assert_eq!(tensors.len(), file.len(), "{variant}");
    for t in tensors {
        let stored = file.tensor(t["name"].as_str().unwrap()).unwrap();
        let shape: Vec<usize> = t["shape"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap() as usize)
            .collect();
        assert_eq!(stored.shape(), shape.as_slice(), "{variant} {t}");
    }
    // The first layer reads the encoding, the policy layer writes one logit per action.
    assert_eq!(file.tensor("input.weight").unwrap().shape()[1], e);
    assert_eq!(file.tensor("policy.weight").unwrap().shape()[0], a);
}

#[test]
fn export_refuses_bad_arguments_by_name() {
    let dir = temp_dir("export");
    let missing = dir.join("nothing");
    let out = dir.join("m.onnx");
    let (m, o) = (missing.to_str().unwrap(), out.to_str().unwrap());
    let r = mankala(&["export", "--model", m, "--format", "onnx", "--out", o]);
    assert_fails_with(&r, &["nothing.json"]);
    let r = mankala(&["export", "--model", m, "--format", "tflite", "--out", o]);
    assert_fails_with(&r, &["tflite", "onnx", "safetensors"]);
    // A sidecar that is not a model description.
    std::fs::write(dir.join("fake.json"), "{\"hello\": 1}").unwrap();
    let fake = dir.join("fake");
    let r = mankala(&[
        "export",
        "-m",
        fake.to_str().unwrap(),
        "-f",
        "onnx",
        "-o",
        o,
    ]);
    assert_fails_with(&r, &["fake.json", "not a mankala model description"]);
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_model_of_another_variant_is_refused() {
    let dir = temp_dir("wrongmodel");
    let kalah = tiny_config("wm-kalah", "kalah", 2);
    let oware = tiny_config("wm-oware", "oware", 2);
    let (data, model) = (dir.join("data"), dir.join("model"));
    assert!(
        mankala(&[
            "selfplay",
            "-c",
            kalah.to_str().unwrap(),
            "-g",
            "4",
            "-o",
            data.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert!(
        mankala(&[
            "train",
            "-c",
            kalah.to_str().unwrap(),
            "-d",
            data.to_str().unwrap(),
            "-o",
            model.to_str().unwrap()
        ])
        .status
        .success()
    );
    let o = mankala(&[
        "selfplay",
        "-c",
        oware.to_str().unwrap(),
        "-g",
        "1",
        "-o",
        dir.join("x").to_str().unwrap(),
        "--model",
        model.join("model").to_str().unwrap(),
    ]);
    assert_fails_with(&o, &["model.json", "variant kalah", "expected oware"]);
    // Training oware on kalah data is refused too, naming the shard.
    let o = mankala(&[
        "train",
        "-c",
        oware.to_str().unwrap(),
        "-d",
        data.to_str().unwrap(),
        "-o",
        dir.join("m2").to_str().unwrap(),
    ]);
    assert_fails_with(
        &o,
        &[
            "data/shard-0000",
            ".parquet",
            "variant kalah, expected oware",
        ],
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn training_killed_after_a_checkpoint_resumes_from_it() {
    let dir = temp_dir("resume");
    let cfg = tiny_config("resume", "kalah", 100_000);
    let (data, model) = (dir.join("data"), dir.join("model"));
    assert!(
        mankala(&[
            "selfplay",
            "-c",
            cfg.to_str().unwrap(),
            "-g",
            "10",
            "-o",
            data.to_str().unwrap()
        ])
        .status
        .success()
    );
    let mut child = Command::new(BIN)
        .args([
            "train",
            "-c",
            cfg.to_str().unwrap(),
            "-d",
            data.to_str().unwrap(),
            "-o",
            model.to_str().unwrap(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait (bounded) for a checkpoint past step 2, then kill the run.
    let state = model.join("train-state.json");
    let mut step_at_kill = 0;
    for _ in 0..600 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        if let Ok(text) = std::fs::read_to_string(&state)
            && let Ok(v) = serde_json::from_str::<serde_json::Value>(&text)
            && v["step"].as_u64().unwrap_or(0) >= 4
        {
            child.kill().unwrap();
            child.wait().unwrap();
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
            step_at_kill = v["step"].as_u64().unwrap();
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(step_at_kill >= 4, "no checkpoint appeared");
    // Every file under a final name is whole: the checkpoint model loads.
    let target = step_at_kill + 4;
    let o = mankala(&[
        "train",
        "-c",
        cfg.to_str().unwrap(),
        "-d",
        data.to_str().unwrap(),
        "-o",
        model.to_str().unwrap(),
        "--steps",
        &target.to_string(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("steps             {target} (resumed)")),
        "{}",
        stdout(&o)
    );
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(model.join("model.json")).unwrap()).unwrap();
    assert_eq!(meta["step"].as_u64(), Some(target));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_reader_closing_the_pipe_early_is_no_panic() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(BIN)
        .args(["perft", "--variant", "oware", "--depth", "9"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("depth"));
    // The reader is gone; the next lines go to a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{err}");
}
