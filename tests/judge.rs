//! Agents against ground truth end to end: `perfect` and `alphabeta:ms=` in an arena, and
//! `mankala judge` on the arena's games.

mod common;

use common::{mankala, s, stderr, stdout, temp_dir};

/// Kalah with two seeds a hole: solved in moments.
const KALAH2: &str = "variant = \"kalah\"\n[rules]\nseeds_per_hole = 2\n";

#[test]
fn perfect_play_is_judged_perfect_and_a_weak_agent_is_not() {
    let dir = temp_dir("judge");
    let config = dir.join("kalah2.toml");
    std::fs::write(&config, KALAH2).unwrap();
    let arena = dir.join("arena");
    let o = mankala(&["arena", "--config", s(&config), "--agents", "perfect", "greedy", "alphabeta:ms=5", "--games", "4", "--out", s(&arena), "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    assert!(table.contains("perfect") && table.contains("alphabeta:ms=5"), "{table}");

    let judged = dir.join("judged");
    let o = mankala(&["judge", "--config", s(&config), "--agent", "perfect", "--from-games", s(&arena), "--samples", "50", "--out", s(&judged), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["overall"]["positions"], 50);
    assert_eq!(v["overall"]["optimal"], 1.0);
    assert_eq!(v["overall"]["result_kept"]["share"], 1.0);
    assert_eq!(v["overall"]["mean_loss"], 0.0);
    assert_eq!(v["overall"]["win_kept"]["share"], 1.0, "{v}");
    let csv = std::fs::read_to_string(judged.join("judge.csv")).unwrap();
    assert_eq!(csv.lines().count(), 51, "{csv}");
    assert!(csv.lines().next().unwrap().contains("optimal,keeps_result,loss"), "{csv}");
    assert!(csv.starts_with("position,seeds_in_play,exact,agent_move"), "{csv}");
    let svg = std::fs::read_to_string(judged.join("judge-phases.svg")).unwrap();
    assert!(svg.contains("perfect moves by seeds left"));

    let o = mankala(&["judge", "--config", s(&config), "--agent", "random", "--from-games", s(&arena.join("games.jsonl")), "--samples", "50", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert!(v["overall"]["optimal"].as_f64().unwrap() < 0.95, "{v}");
    assert!(v["overall"]["mean_loss"].as_f64().unwrap() > 0.0, "{v}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn judge_and_perfect_refuse_what_they_cannot_do() {
    let dir = temp_dir("judge-refusals");
    for (args, words) in [
        (vec!["judge", "--variant", "bao", "--agent", "random", "--from-games", "x"], &["bao has no exact values", "kalah, oware and bao-kujifunza"][..]),
        (vec!["judge", "--variant", "oware", "--agent", "random", "--from-games", "x"], &["--table"][..]),
        (vec!["judge", "--variant", "kalah", "--agent", "random", "--from-games", "/no/such/games"], &["/no/such/games"][..]),
        (
            vec!["arena", "--variant", "oware", "--agents", "perfect", "random", "--games", "2"],
            &["agent `perfect`", "no exact solver", "kalah and bao-kujifunza"][..],
        ),
        (vec!["arena", "--variant", "kalah", "--agents", "alphabeta:ms=5,tb=/no/such/table.mtb", "random", "--games", "2"], &["/no/such/table.mtb"][..]),
        (vec!["arena", "--variant", "kalah", "--agents", "alphabeta", "random"], &["expected depth=D", "ms=T"][..]),
        (vec!["solve", "--variant", "kalah", "--no-moves"], &["--no-moves", "are for bao-kujifunza"][..]),
    ] {
        let o = common::mankala_in(Some(&dir), &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let e = stderr(&o);
        for w in words {
            assert!(e.contains(w), "{args:?}: {e} lacks {w}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn arena_games_start_from_the_positions_of_an_openings_file() {
    let dir = temp_dir("judge-openings");
    let config = dir.join("kalah2.toml");
    std::fs::write(&config, KALAH2).unwrap();
    let starts = ["kalah 0,3,3,2,2,2/2,0,3,3,2,2 south stores=0,0 ply=2", "kalah 2,2,2,2,2,0/0,2,2,2,2,2 north stores=2,2 ply=9"];
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, format!("# two set-up positions\n{}\n\n{}\n", starts[0], starts[1])).unwrap();
    let arena = dir.join("arena");
    let o = mankala(&["arena", "--config", s(&config), "--agents", "perfect", "greedy", "--games", "4", "--openings", s(&openings), "--out", s(&arena)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let games = std::fs::read_to_string(arena.join("games.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = games.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 4);
    // Games 0 and 1 play the first start with both colours, games 2 and 3 the second.
    for (k, r) in records.iter().enumerate() {
        assert_eq!(r["start"], starts[k / 2], "{r}");
    }
    // A record replays from its start.
    let o = mankala(&["replay", "--record", s(&arena.join("games.jsonl")), "--game", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let first: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["position"], starts[1], "{first}");
    // The judge draws its positions from those games, from their starts.
    let o = mankala(&["judge", "--config", s(&config), "--agent", "perfect", "--from-games", s(&arena), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["overall"]["optimal"], 1.0, "{v}");

    // A line that is not a position of the game is refused, naming the file and line.
    std::fs::write(&openings, format!("{}\nkalah 1,2,3 south\n", starts[0])).unwrap();
    let o = mankala(&["arena", "--config", s(&config), "--agents", "random", "greedy", "--openings", s(&openings), "--out", s(&dir.join("bad"))]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("openings.txt: line 2"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_loop_judges_each_generation_where_exact_values_exist() {
    let dir = temp_dir("judge-loop");
    // Two seeds a hole: the rules table goes before [search], so the tiny config's kalah is
    // rewritten to carry it.
    let config = common::tiny_loop_config(&dir, "kalah", 8, 1, "judge_positions = 30\njudge_max_seeds = 24\n");
    let text = std::fs::read_to_string(&config).unwrap().replace("[search]", "[rules]\nseeds_per_hole = 2\n[search]");
    std::fs::write(&config, text).unwrap();
    let run = dir.join("run");
    let o = mankala(&["loop", "--config", s(&config), "--run", s(&run), "--seed", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let judged: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(run.join("gen-0000/eval/judge.json")).unwrap()).unwrap();
    let n = judged["overall"]["positions"].as_u64().unwrap();
    assert!((1..=30).contains(&n), "{judged}");
    assert_eq!(judged["positions"].as_array().unwrap().len() as u64, n);
    let eval: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(run.join("gen-0000/eval.json")).unwrap()).unwrap();
    assert_eq!(eval["judged"], judged["overall"], "{eval}");
    let report = std::fs::read_to_string(run.join("report.md")).unwrap();
    assert!(report.contains("## Judged against perfect play"), "{report}");
    assert!(report.contains(&format!("| 0 | {n} | ")), "{report}");
    // The share of perfect moves over time, as a chart with one point per judged generation.
    assert!(report.contains("![perfect moves over time](judged-time.svg)"));
    let chart = std::fs::read_to_string(run.join("judged-time.svg")).unwrap();
    assert!(chart.contains("<svg") && chart.contains("Perfect moves over time"), "{chart}");
    // And the share of moves that keep the result, which counts every perfect move.
    let kept = judged["overall"]["result_kept"]["share"].as_f64().unwrap();
    assert!(kept >= judged["overall"]["optimal"].as_f64().unwrap(), "{judged}");
    let keeps = judged["positions"].as_array().unwrap().iter().filter(|p| p["keeps_result"] == true).count();
    assert!((kept - keeps as f64 / n as f64).abs() < 1e-9, "{judged}");
    assert!(report.contains("![moves that keep the result over time](result-kept-time.svg)"));
    let chart = std::fs::read_to_string(run.join("result-kept-time.svg")).unwrap();
    assert!(chart.contains("Moves that keep the result"), "{chart}");

    // A table that does not exist is named with its key.
    let bad = std::fs::read_to_string(&config).unwrap().replace("judge_max_seeds = 24", "judge_max_seeds = 24\njudge_table = \"/no/such.mtb\"");
    std::fs::write(&config, bad).unwrap();
    let o = mankala(&["loop", "--config", s(&config), "--run", s(&dir.join("run2"))]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("[loop] judge_table") && e.contains("/no/such.mtb"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_oware_loop_without_a_table_builds_its_own_and_judges_with_it() {
    let dir = temp_dir("judge-oware-loop");
    let config = common::tiny_loop_config(&dir, "oware", 8, 1, "judge_positions = 30\njudge_max_seeds = 40\n");
    let run = dir.join("run");
    let o = mankala(&["loop", "--config", s(&config), "--run", s(&run), "--seed", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // judge_max_seeds above 12: the run's table stops at 12 seeds.
    let table = run.join("tables/oware-12.mtb");
    let o = mankala(&["tablebase", "check", "--variant", "oware", s(&table)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("12"), "{}", stdout(&o));
    let judged: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(run.join("gen-0000/eval/judge.json")).unwrap()).unwrap();
    let positions = judged["positions"].as_array().unwrap();
    assert!((1..=30).contains(&positions.len()), "{judged}");
    for p in positions {
        let seeds = p["seeds_in_play"].as_u64().unwrap();
        assert!(seeds <= 12, "{p}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn exact_labels_train_a_network_that_the_judge_measures_alone() {
    let dir = temp_dir("label");
    let config = dir.join("kalah2.toml");
    std::fs::write(&config, format!("{KALAH2}[network]\nwidth = 16\nblocks = 1\nvalue_width = 8\n")).unwrap();
    let arena = dir.join("arena");
    let o = mankala(&["arena", "--config", s(&config), "--agents", "random", "greedy", "--games", "16", "--out", s(&arena), "--seed", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));

    let labels = dir.join("labels");
    let label = ["label", "--config", s(&config), "--from-games", s(&arena), "--samples", "120", "--seed", "2", "--out", s(&labels)];
    let o = mankala(&label);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("positions         120 from"), "{out}");
    assert!(out.contains("under perfect play") && out.contains("(encoding 1)"), "{out}");
    let record = std::fs::read_dir(&labels)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("run-label-kalah-"))
        .expect("a run record");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(record).unwrap()).unwrap();
    assert_eq!(v["finished"], true);
    assert_eq!(v["summary"]["positions"], 120);
    let counts: Vec<u64> = v["summary"]["won_drawn_lost"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
    assert_eq!(counts.iter().sum::<u64>(), 120);
    // Labelling into a directory that holds shards would mix two draws: refused.
    let o = mankala(&label);
    assert_fails(&o, &[s(&labels), "already holds shards"]);
    // The rows are positions, not games: the readers of whole games refuse them by name.
    let o = mankala(&["judge", "--config", s(&config), "--agent", "random", "--from-games", s(&labels)]);
    assert_fails(&o, &["shard-00000.parquet"]);

    // The trainer fits them like self-play data, and the network alone is judged.
    let fitted = dir.join("fitted");
    let o = mankala(&["train", "--config", s(&config), "--data", s(&labels), "--out", s(&fitted), "--steps", "20"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let agent = format!("nn:model={},sims=0", s(&fitted.join("model.bpk")));
    let o = mankala(&["judge", "--config", s(&config), "--agent", &agent, "--from-games", s(&arena), "--samples", "40", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["overall"]["positions"], 40);
    assert!(v["overall"]["value_error"].as_f64().is_some(), "{v}");

    for (args, words) in [
        (vec!["label", "--variant", "bao", "--from-games", "x", "--out", "y"], &["bao has no exact values", "kalah, oware and bao-kujifunza"][..]),
        (vec!["label", "--variant", "oware", "--from-games", "x", "--out", "y"], &["--table"][..]),
        (vec!["label", "--variant", "kalah", "--from-games", "/no/such/games", "--out", "y"], &["/no/such/games"][..]),
        (vec!["label", "--variant", "kalah", "--from-games", "x", "--out", "y", "--samples", "0"], &["--samples 0"][..]),
    ] {
        let o = common::mankala_in(Some(&dir), &args);
        assert_fails(&o, words);
        assert!(!dir.join("y").exists(), "{args:?} wrote nothing");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The command failed with exit code 2 and its error names each of `words`.
fn assert_fails(o: &std::process::Output, words: &[&str]) {
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
    let e = stderr(o);
    for w in words {
        assert!(e.contains(w), "{e} lacks {w}");
    }
}

#[test]
fn bao_kujifunza_is_solved_with_a_proof_the_checker_accepts_and_a_tampered_one_refused() {
    let dir = temp_dir("solve-bao");
    let proof = dir.join("start.proof");
    let o = mankala(&["solve", "--variant", "bao-kujifunza", "--proof", s(&proof), "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["winner"], "south", "{v}");
    assert_eq!(v["winning_moves"], serde_json::json!(["A3>", "A6>", "A3<", "A6<"]), "{v}");
    assert_eq!(v["moves"].as_array().unwrap().len(), 16, "{v}");
    assert!(v["proof"]["positions"].as_u64().unwrap() > 10, "{v}");
    let o = mankala(&["solve", "--variant", "bao-kujifunza", "--check", s(&proof)]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("accepted: south wins"), "{}", stdout(&o));

    // The last position of the winner's left out: the checker finds a line without a move.
    let text = std::fs::read_to_string(&proof).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let n: usize = lines[7].strip_prefix("positions ").unwrap().parse().unwrap();
    lines.pop();
    lines[7] = format!("positions {}", n - 1);
    let tampered = dir.join("tampered.proof");
    std::fs::write(&tampered, lines.join("\n")).unwrap();
    let o = mankala(&["solve", "--variant", "bao-kujifunza", "--check", s(&tampered)]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("no move for the winner"), "{}", stderr(&o));
    // Checked against other rules, the proof is refused by its rules line.
    let o = mankala(&["solve", "--variant", "bao", "--check", s(&proof)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no solver"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perfect_bao_kujifunza_play_is_judged_perfect() {
    let dir = temp_dir("judge-bao");
    let arena = dir.join("arena");
    let o = mankala(&["arena", "--variant", "bao-kujifunza", "--agents", "perfect", "random", "--games", "2", "--out", s(&arena), "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Perfect play wins with South; it may lose with North, the start being a win for South.
    let o = mankala(&["judge", "--variant", "bao-kujifunza", "--agent", "perfect", "--from-games", s(&arena), "--samples", "20", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["overall"]["result_kept"]["share"], 1.0, "{v}");
    if v["overall"]["won_positions"].as_u64().unwrap() > 0 {
        assert_eq!(v["overall"]["win_kept"]["share"], 1.0, "{v}");
    }
    let o = mankala(&["judge", "--variant", "bao-kujifunza", "--agent", "random", "--from-games", s(&arena), "--samples", "20", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}
