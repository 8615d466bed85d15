//! Bad config files and variant names: the file, table and key named.

use super::*;

// ---------------------------------------------------------------------------------------
// Config files
// ---------------------------------------------------------------------------------------

#[test]
fn config_file_errors_name_the_file_and_the_key() {
    let dir = temp_dir("config");
    let cases: &[(&str, &[u8], &[&str])] = &[
        (
            "not-toml",
            b"this is = = not toml [[\n",
            &["TOML parse error", "line 1"],
        ),
        (
            "top-key",
            b"variant = \"kalah\"\nfoo = 1\n",
            &["unknown field `foo`", "variant"],
        ),
        (
            "limits-key",
            b"variant = \"kalah\"\n[limits]\nmax_ply = 4\n",
            &["[limits]", "max_ply", "max_plies"],
        ),
        (
            "network-key",
            b"variant = \"kalah\"\n[network]\nwidht = 4\n",
            &["[network]", "widht", "width"],
        ),
        (
            "train-key",
            b"variant = \"kalah\"\n[train]\nstep = 4\n",
            &["[train]", "unknown field `step`", "steps"],
        ),
        (
            "loop-key",
            b"variant = \"kalah\"\n[loop]\ngeneration = 4\n",
            &["[loop]", "unknown field `generation`", "generations"],
        ),
        (
            "variant-unknown",
            b"variant = \"chess\"\n",
            &["unknown variant `chess`", "oware", "bao-malawi"],
        ),
        (
            "variant-missing",
            b"[rules]\nseeds_per_hole = 4\n",
            &["missing field `variant`"],
        ),
        (
            "other-variants-option",
            b"variant = \"oware\"\n[rules]\nempty_capture = true\n",
            &["[rules]", "unknown field `empty_capture`"],
        ),
        (
            "other-variants-option-2",
            b"variant = \"kalah\"\n[rules]\nholes = 8\n",
            &["[rules]", "unknown field `holes`", "seeds_per_hole"],
        ),
        (
            "duplicate-table",
            b"variant = \"oware\"\n[rules]\n[rules]\n",
            &["duplicate key"],
        ),
        (
            "not-utf8",
            b"variant = \"\xff\xfe\"\n",
            &["cannot read config", "UTF-8"],
        ),
    ];
    for &(name, body, words) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, body);
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, words);
        fails_with(&o, &[&format!("{name}.toml")]);
        assert!(stdout(&o).is_empty(), "{name}: {}", stdout(&o));
    }
    // A directory given as the config.
    let o = mankala(&["show", "--config", s(&dir)]);
    fails_with(&o, &["cannot read config", s(&dir)]);
    // The variant both ways, or neither.
    let kalah = tiny_config(&dir, "kalah", "kalah", "");
    let o = mankala(&["show", "--variant", "kalah", "--config", s(&kalah)]);
    fails_with(&o, &["give --variant or --config, not both"]);
    let o = mankala(&["show"]);
    fails_with(&o, &["give --variant NAME or --config FILE"]);
    // Every command reads configs the same way: selfplay refuses before creating its output.
    let bad = dir.join("top-key.toml");
    let out = dir.join("never");
    let o = mankala(&["selfplay", "-c", s(&bad), "-g", "1", "-o", s(&out)]);
    fails_with(&o, &["top-key.toml", "unknown field `foo`"]);
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn config_values_out_of_range_are_named_in_every_section() {
    let dir = temp_dir("config-range");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "network",
            "variant = \"kalah\"\n[network]\nwidth = 0\n",
            &["[network] width = 0", "expected 1 to 4096"],
        ),
        (
            "train",
            "variant = \"kalah\"\n[train]\nlearning_rate = -1.0\n",
            &["[train] learning_rate = -1", "expected above 0"],
        ),
        (
            "train-steps",
            "variant = \"kalah\"\n[train]\nsteps = 0\n",
            &["[train] steps = 0", "expected 1 to"],
        ),
        (
            "loop",
            "variant = \"kalah\"\n[loop]\ngate_threshold = 2.0\n",
            &["[loop] gate_threshold = 2", "expected 0 to 1"],
        ),
        (
            "baselines",
            "variant = \"kalah\"\n[loop]\nbaselines = [\"minimax\"]\n",
            &[
                "[loop] baselines[0] = \"minimax\"",
                "unknown kind `minimax`",
            ],
        ),
        (
            "rules",
            "variant = \"kalah\"\n[rules]\nseeds_per_hole = 9\n",
            &["[rules] seeds_per_hole = 9", "expected 1 to 6"],
        ),
    ];
    for &(name, body, words) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, body);
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, words);
        fails_with(&o, &[&format!("{name}.toml")]);
    }
    // The loop refuses before it creates its run directory.
    let run = dir.join("run");
    let o = mankala(&[
        "loop",
        "--config",
        s(&dir.join("baselines.toml")),
        "--run",
        s(&run),
    ]);
    fails_with(&o, &["baselines.toml", "minimax"]);
    assert!(!run.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]

pub(crate) fn a_value_of_the_wrong_type_names_its_key() {
    let dir = temp_dir("config-type");
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "string",
            "kalah",
            "[rules]\nseeds_per_hole = \"four\"\n",
            "seeds_per_hole",
        ),
        (
            "float",
            "kalah",
            "[search]\nsimulations = 1.5\n",
            "simulations",
        ),
        ("number", "lane", "[rules]\nsetup = 3\n", "setup"),
        ("negative", "kalah", "[train]\nsteps = -1\n", "steps"),
        (
            "choice",
            "oware",
            "[search]\nselection = \"best\"\n",
            "selection",
        ),
    ];
    for (name, variant, table, key) in cases {
        let path = dir.join(format!("{name}.toml"));
        write(&path, format!("variant = \"{variant}\"\n{table}"));
        let o = mankala(&["show", "--config", s(&path)]);
        fails_with(&o, &[&format!("{name}.toml")]);
        // The key and the value, outside the file's name.
        let err = stderr(&o).replace(s(&path), "");
        let value = table.split(" = ").nth(1).unwrap().trim().trim_matches('"');
        assert!(
            err.contains(key),
            "{name}: the error lacks the key `{key}`: {err}"
        );
        assert!(
            err.contains(value),
            "{name}: the error lacks the value `{value}`: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Variant names on the command line
// ---------------------------------------------------------------------------------------

#[test]
fn an_unknown_variant_is_refused_by_every_command() {
    let dir = temp_dir("variant");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["show", "--variant", "chess"],
        vec!["perft", "--variant", "chess", "--depth", "1"],
        vec!["replay", "--variant", "chess", "--moves", "C"],
        vec!["bench", "engine", "--variant", "chess", "--seconds", "0.1"],
        vec!["bench", "mcts", "--variant", "chess", "--simulations", "10"],
        vec![
            "arena",
            "--variant",
            "chess",
            "--agents",
            "random",
            "greedy",
            "--out",
            s(&dir),
        ],
        vec!["play", "--variant", "chess", "--agent", "random"],
        vec![
            "openings",
            "--variant",
            "chess",
            "--data",
            s(&data),
            "--out",
            s(&dir),
        ],
    ];
    for args in &commands {
        let o = mankala(args);
        fails_with(
            &o,
            &["unknown variant `chess`", "expected one of: oware, kalah"],
        );
    }
    // Names are exact: no case folding, no empty name.
    fails_with(
        &mankala(&["show", "--variant", "OWARE"]),
        &["unknown variant `OWARE`"],
    );
    fails_with(
        &mankala(&["show", "--variant", ""]),
        &["unknown variant ``"],
    );
    assert_eq!(names_in(&dir), ["data"], "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}
