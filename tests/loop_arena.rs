//! End-to-end tests of `mankala arena` and `mankala loop`: ratings, saved games, an arena
//! killed mid-run that keeps its finished games, the generation loop, and a loop killed
//! mid-run that resumes without redoing finished steps.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use common::{BIN, mankala, s, temp_dir, text};

/// A Kalah loop config with every count shrunk.
fn tiny_loop_config(dir: &Path, games: u64, generations: u32) -> PathBuf {
    tiny_variant_loop_config(dir, "kalah", games, generations)
}

/// A loop config of `variant` with every count shrunk.
fn tiny_variant_loop_config(dir: &Path, variant: &str, games: u64, generations: u32) -> PathBuf {
    common::tiny_loop_config(dir, variant, games, generations, "")
}

#[test]
fn a_sequential_test_stops_a_lopsided_match_early_and_records_its_verdict() {
    let out = temp_dir("sprt");
    let args =
        ["arena", "--variant", "kalah", "--agents", "alphabeta:depth=3", "random", "--games", "200", "--threads", "2", "--sprt", "0,100", "--out", s(&out)];
    let o = mankala(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("H1 accepted"), "{stdout}");
    let run: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    let played = run["games_played"].as_u64().unwrap();
    assert!((8..200).contains(&played), "stopped early: {run}");
    assert_eq!(run["distinct_games"], played, "random openings: every game another: {run}");
    assert_eq!(run["sprt"]["verdict"], "H1 accepted");
    assert!(run["sprt"]["llr"].as_f64().unwrap() >= 2.94, "{run}");
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count() as u64, played);
    // A test of three agents, or of bounds the wrong way round, is refused by name.
    let o = mankala(&["arena", "--variant", "kalah", "--agents", "random", "greedy", "alphabeta:depth=1", "--sprt", "0,50"]);
    assert!(!o.status.success() && text(&o.stderr).contains("--sprt"), "{}", text(&o.stderr));
    let o = mankala(&["arena", "--variant", "kalah", "--agents", "random", "greedy", "--sprt", "50,0"]);
    assert!(!o.status.success() && text(&o.stderr).contains("ELO0 below ELO1"), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_ladder_climbs_to_the_rung_nearest_even_and_saves_every_game() {
    let out = temp_dir("ladder");
    let args = [
        "arena",
        "--variant",
        "kalah",
        "--agents",
        "alphabeta:depth=2",
        "random",
        "greedy",
        "alphabeta:depth=2,nodes=100000",
        "alphabeta:depth=6",
        "--ladder",
        "--games",
        "6",
        "--threads",
        "2",
        "--out",
        s(&out),
    ];
    let o = mankala(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("against the ladder") && stdout.contains("<- nearest 50%"), "{stdout}");
    let ladder: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("ladder.json")).unwrap()).unwrap();
    let played = ladder["played"].as_array().unwrap();
    // Four rungs: at most three matches (log2 of five), the middle rung first.
    assert!((1..=3).contains(&played.len()), "{ladder}");
    assert_eq!(played[0]["rung"], "alphabeta:depth=2,nodes=100000", "{ladder}");
    for p in played {
        assert_eq!(p["wins"].as_f64().unwrap() + p["draws"].as_f64().unwrap() + p["losses"].as_f64().unwrap(), 6.0, "{p}");
    }
    assert!(played.iter().any(|p| p["rung"] == ladder["nearest"]), "{ladder}");
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 6 * played.len());
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn arena_rates_agents_and_saves_games_that_replay() {
    let out = temp_dir("arena");
    let o = mankala(&[
        "arena",
        "--variant",
        "kalah",
        "--agents",
        "random",
        "greedy",
        "alphabeta:depth=3",
        "--games",
        "8",
        "--opening-plies",
        "2",
        "--out",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    for agent in ["random", "greedy", "alphabeta:depth=3"] {
        assert!(stdout.contains(agent), "{stdout}");
    }
    assert!(stdout.contains("95% interval"), "{stdout}");
    assert!(stdout.contains("24 games, 8 per pair"), "{stdout}");
    // Ratings: random is the zero, every interval holds its rating.
    let csv = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4, "{csv}");
    let mut elo = BTreeMap::new();
    for line in &lines[1..] {
        let f: Vec<&str> = line.split(',').collect();
        let (e, lo, hi): (f64, f64, f64) = (f[1].parse().unwrap(), f[2].parse().unwrap(), f[3].parse().unwrap());
        assert!(lo <= e && e <= hi, "{line}");
        assert_eq!(f[4], "16", "each agent plays two pairs of 8: {line}");
        elo.insert(f[0].to_string(), e);
    }
    assert_eq!(elo["random"], 0.0);
    assert!(elo["alphabeta:depth=3"] > elo["random"], "{csv}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(out.join("ratings.json")).unwrap()).unwrap();
    assert_eq!(json["anchor"], "random");
    assert_eq!(json["pairs"].as_array().unwrap().len(), 3);
    let svg = std::fs::read_to_string(out.join("ratings.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // Every game is saved; colours alternate within a pair; a saved game replays to its result.
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    let records: Vec<serde_json::Value> = games.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 24);
    assert_eq!(records[0]["south"], records[1]["north"]);
    assert_eq!(records[0]["moves"].as_array().unwrap()[..2], records[1]["moves"].as_array().unwrap()[..2], "shared opening");
    let r = &records[5];
    let o = mankala(&["replay", "--record", s(&out.join("games.jsonl")), "--game", "5"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let replay = text(&o.stdout);
    let last: serde_json::Value = serde_json::from_str(replay.lines().last().unwrap()).unwrap();
    assert_eq!(replay.lines().count(), r["actions"].as_array().unwrap().len() + 1);
    assert_eq!(last["terminal"], true);
    assert_eq!(last["stores"].as_array().unwrap().len(), 2);
    let scores = &r["scores"];
    assert_eq!(&last["outcome"]["scores"], scores, "{last}");
}

/// The lines of `path` (none when it is missing).
fn lines_of(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn a_killed_arena_keeps_its_finished_games_and_a_rerun_plays_only_the_rest() {
    let dir = temp_dir("arena-killed");
    let arena = |out: &Path, seed: &str| -> Vec<String> {
        [
            "arena",
            "--variant",
            "kalah",
            "--agents",
            "mcts:sims=3000",
            "alphabeta:depth=3",
            "--games",
            "40",
            "--opening-plies",
            "2",
            "--threads",
            "2",
            "--seed",
            seed,
            "--out",
            s(out),
        ]
        .iter()
        .map(ToString::to_string)
        .collect()
    };
    // The same arena never stopped: the games a resumed one must end with.
    let reference = dir.join("reference");
    let o = mankala(&arena(&reference, "5").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!reference.join("games.partial.jsonl").exists(), "the journal is removed at the end");
    // Killed (SIGKILL) once it has journaled 4 games.
    let out = dir.join("out");
    let journal = out.join("games.partial.jsonl");
    let mut child = Command::new(BIN).args(arena(&out, "5")).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let start = Instant::now();
    while lines_of(&journal) < 4 {
        assert!(child.try_wait().unwrap().is_none(), "the arena ended before it could be killed");
        assert!(start.elapsed() < Duration::from_secs(300), "no games journaled after 5 minutes");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!out.join("games.jsonl").exists(), "killed too late: the arena had finished");
    let kept = lines_of(&journal);
    assert!((4..40).contains(&kept), "{kept} games journaled");
    // Another seed into the same directory is refused, naming the seed, and loses nothing.
    let journaled = std::fs::read(&journal).unwrap();
    let o = mankala(&arena(&out, "6").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(!o.status.success());
    let e = text(&o.stderr);
    assert!(e.contains("interrupted arena of another seed") && e.contains("another --out"), "{e}");
    assert_eq!(std::fs::read(&journal).unwrap(), journaled);
    // A mark on the first journaled game (its final seeds, which the ratings do not read)
    // shows whether the rerun kept it or played it again.
    let text_of = |p: &Path| std::fs::read_to_string(p).unwrap();
    let journaled = text_of(&journal);
    let (first, rest) = journaled.split_once('\n').unwrap();
    let mut marked: serde_json::Value = serde_json::from_str(first).unwrap();
    let index = marked["index"].as_u64().unwrap();
    marked["scores"] = serde_json::json!([99, 99]);
    std::fs::write(&journal, format!("{marked}\n{rest}")).unwrap();
    // The same command again keeps the journaled games and plays the rest: but for the mark,
    // the games and ratings are those of the arena never stopped.
    let o = mankala(&arena(&out, "5").iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("40 games, 40 per pair"), "{}", text(&o.stdout));
    assert_eq!(text_of(&out.join("ratings.csv")), text_of(&reference.join("ratings.csv")));
    let games = text_of(&out.join("games.jsonl"));
    let expected = text_of(&reference.join("games.jsonl"));
    assert_eq!(games.lines().count(), 40);
    for (got, want) in games.lines().zip(expected.lines()) {
        let (got, mut want): (serde_json::Value, serde_json::Value) = (serde_json::from_str(got).unwrap(), serde_json::from_str(want).unwrap());
        if got["index"] == index {
            assert_eq!(got["scores"], serde_json::json!([99, 99]), "the kept game was played again");
            want["scores"] = got["scores"].clone();
        }
        assert_eq!(got, want);
    }
    assert!(!journal.exists(), "the journal is removed at the end");
    let record = read_json(&out.join("run.json"));
    assert_eq!(record["games_played"], 40);
    assert!(record["resumed"]["games"].as_u64().unwrap() >= kept as u64 - 1, "{record}");
    assert_eq!(record["resumed"]["code_versions"].as_array().unwrap().len(), 1, "{record}");
    assert!(read_json(&reference.join("run.json")).get("resumed").is_none());
}

#[test]
fn arena_refuses_bad_agents_by_name() {
    let out = temp_dir("arena-bad");
    let o = mankala(&["arena", "-v", "oware", "-a", "random", "alphabeta:deep=2", "-o", s(&out)]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains("alphabeta:deep=2") && err.contains("unknown option `deep`"), "{err}");
    let o = mankala(&["arena", "-v", "oware", "-a", "random", "random", "-o", s(&out)]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("`random` is given twice"));
    let o = mankala(&["arena", "-v", "oware", "-a", "random", "nn:model=/no/such/model.bpk"]);
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains("/no/such/model"), "{err}");
    assert_eq!(err.matches("No such file").count(), 1, "said once: {err}");
}

#[test]
fn replay_of_a_missing_game_is_a_clear_error() {
    let dir = temp_dir("replay-missing");
    let file = dir.join("games.jsonl");
    std::fs::write(&file, "not json\n").unwrap();
    let o = mankala(&["replay", "--record", s(&file), "--game", "3"]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("line 1: not a game record"), "{}", text(&o.stderr));
}

fn read_json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_four_row_games_and_bao_run_through_the_loop() {
    for v in ["omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"] {
        let dir = temp_dir(&format!("four-row-{v}"));
        let config = tiny_variant_loop_config(&dir, v, 4, 1);
        let run = dir.join("run");
        let o = mankala(&["loop", "--config", s(&config), "--run", s(&run)]);
        assert!(o.status.success(), "{v}: {}", text(&o.stderr));
        let gen_dir = run.join("gen-0000");
        let sp = read_json(&gen_dir.join("selfplay.json"));
        assert_eq!(sp["games"], 4, "{v}");
        assert!(gen_dir.join("train/model.bpk").exists(), "{v}");
        let gate = read_json(&gen_dir.join("gate.json"));
        let played: u64 = ["wins", "draws", "losses"].iter().map(|k| gate[*k].as_u64().unwrap()).sum();
        assert_eq!(played, 2, "{v}");
        assert_eq!(read_json(&run.join("run.json"))["variant"], v);
        // A saved gate game replays.
        let o = mankala(&["replay", "--record", s(&gen_dir.join("gate/games.jsonl")), "--game", "0"]);
        assert!(o.status.success(), "{v}: {}", text(&o.stderr));
        assert!(text(&o.stdout).contains(&format!("\"variant\":\"{v}\"")), "{v}");
    }
}

#[test]
fn loop_runs_two_generations_end_to_end() {
    let dir = temp_dir("two-gens");
    let config = tiny_loop_config(&dir, 8, 2);
    let run = dir.join("run");
    let o = mankala(&["loop", "--config", s(&config), "--run", s(&run), "--seed", "3"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    for g in 0..2 {
        let gen_dir = run.join(format!("gen-{g:04}"));
        let sp = read_json(&gen_dir.join("selfplay.json"));
        assert_eq!(sp["games"], 8);
        let train = read_json(&gen_dir.join("train.json"));
        assert_eq!(train["steps"], 20);
        assert!(gen_dir.join("train/model.bpk").exists());
        let gate = read_json(&gen_dir.join("gate.json"));
        assert_eq!(gate["wins"].as_u64().unwrap() + gate["draws"].as_u64().unwrap() + gate["losses"].as_u64().unwrap(), 2);
        let eval = read_json(&gen_dir.join("eval.json"));
        // The baselines, and from generation 1 on the generation before (`eval_chain`).
        assert_eq!(eval["results"].as_array().unwrap().len(), if g > 0 { 3 } else { 2 });
        assert!(stdout.contains(&format!("gen {g} self-play: 8 games")), "{stdout}");
    }
    // The second generation's self-play used the promoted network, if any.
    let promoted = read_json(&run.join("gen-0000/gate.json"))["promoted"] == true;
    let evaluator = read_json(&run.join("gen-0001/selfplay.json"))["evaluator"].clone();
    assert_eq!(evaluator, if promoted { "gen-0" } else { "rollout" });
    // Records of the run.
    let record = read_json(&run.join("run.json"));
    assert_eq!(record["seed"], 3);
    assert_eq!(record["variant"], "kalah");
    assert!(std::fs::read_to_string(run.join("config.toml")).unwrap().contains("[loop]"));
    // The report, its plots and the closing table.
    let report = std::fs::read_to_string(run.join("report.md")).unwrap();
    assert!(report.contains("| 1 |"), "{report}");
    // Each training scored generation 0's held-out games, played before any network.
    assert!(report.contains("value loss, gen 0 games"), "{report}");
    for g in 0..2 {
        let train = read_json(&run.join(format!("gen-{g:04}/train.json")));
        assert!(train["fixed_value_loss"].as_f64().is_some_and(|x| x >= 0.0), "{train}");
    }
    for svg in ["elo.svg", "elo-time.svg", "losses.svg", "selfplay.svg", "length.svg", "ratings.svg"] {
        let t = std::fs::read_to_string(run.join(svg)).unwrap();
        assert!(t.starts_with("<svg"), "{svg}");
        assert!(report.contains(svg), "report links {svg}");
    }
    assert!(stdout.contains("95% interval") && stdout.contains("gen-1"), "{stdout}");
    assert!(stdout.contains("gen-1 against the baselines"), "{stdout}");
    // Every rated player is in the CSV with an interval around its rating.
    let csv = std::fs::read_to_string(run.join("ratings.csv")).unwrap();
    for p in ["random", "greedy", "gen-0", "gen-1"] {
        assert!(csv.lines().any(|l| l.starts_with(&format!("{p},"))), "{csv}");
    }
    // A rerun of a finished run does nothing new and says the same.
    let before = std::fs::metadata(run.join("gen-0001/eval.json")).unwrap().modified().unwrap();
    let o = mankala(&["loop", "--run", s(&run)]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!text(&o.stdout).contains("self-play:"), "{}", text(&o.stdout));
    let after = std::fs::metadata(run.join("gen-0001/eval.json")).unwrap().modified().unwrap();
    assert_eq!(before, after);
    // Another config for the same run is refused.
    let other = dir.join("other.toml");
    std::fs::write(&other, std::fs::read_to_string(&config).unwrap().replace("games = 8", "games = 9")).unwrap();
    let o = mankala(&["loop", "--config", s(&other), "--run", s(&run)]);
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("another config"), "{}", text(&o.stderr));
}

/// Modification times of every file under `dir`.
fn files(dir: &Path) -> BTreeMap<PathBuf, SystemTime> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p, e.metadata().unwrap().modified().unwrap());
            }
        }
    }
    out
}

#[test]
fn a_killed_loop_resumes_without_redoing_finished_steps() {
    let dir = temp_dir("killed");
    // Enough games that self-play of generation 1 is still running when it is killed.
    let config = tiny_loop_config(&dir, 200, 2);
    let run = dir.join("run");
    let mut child =
        Command::new(BIN).args(["loop", "--config", s(&config), "--run", s(&run), "--seed", "11"]).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    // Kill once generation 1 has written its first shard but not finished self-play.
    let shard = run.join("gen-0001/selfplay/shard-00000.parquet");
    let start = Instant::now();
    while !shard.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the loop ended before it could be killed");
        assert!(start.elapsed() < Duration::from_secs(300), "no shard after 5 minutes");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!run.join("gen-0001/selfplay.json").exists(), "killed too late: self-play had finished");
    let before = files(&run);
    // No file under a final name is a temporary left behind, and generation 0 is complete.
    for step in ["selfplay", "train", "gate", "eval"] {
        assert!(run.join(format!("gen-0000/{step}.json")).exists(), "{step}");
    }
    let o = mankala(&["loop", "--run", s(&run)]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(!stdout.contains("gen 0 "), "generation 0 was redone:\n{stdout}");
    assert!(stdout.contains("gen 1 self-play: 200 games"), "{stdout}");
    // Every file that existed before the kill and is not a temporary is untouched.
    let after = files(&run);
    for (path, time) in &before {
        let name = path.file_name().unwrap().to_string_lossy();
        if name.ends_with(".tmp") || name == "run.json" || name.ends_with(".svg") || name == "report.md" || name.starts_with("ratings.") {
            continue;
        }
        assert_eq!(after.get(path), Some(time), "{} changed", path.display());
    }
    assert!(after.keys().all(|p| !p.to_string_lossy().ends_with(".tmp")), "temporaries left");
    // Games add up: 200 distinct games in generation 1 (the loop checks for duplicates).
    let sp = read_json(&run.join("gen-0001/selfplay.json"));
    assert_eq!(sp["games"], 200);
    assert!(run.join("gen-0001/eval.json").exists());
    let record = read_json(&run.join("run.json"));
    assert_eq!(record["seed"], 11);
    assert_eq!(record["resumed_with"].as_array().unwrap().len(), 1);
}

#[test]
fn a_gate_that_plays_no_game_says_so_instead_of_a_score() {
    let dir = temp_dir("no-gate");
    let config = common::tiny_loop_config(&dir, "kalah", 4, 2, "gate = \"always\"\n");
    let run = dir.join("run");
    let o = mankala(&["loop", "--config", s(&config), "--run", s(&run), "--seed", "2"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("gen 1 gate: no gate, promoted"), "{stdout}");
    assert!(!stdout.contains("(score"), "{stdout}");
    let report = std::fs::read_to_string(run.join("report.md")).unwrap();
    assert!(report.contains("no gate, promoted"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simulation_scaling_plays_one_network_at_each_count_against_one_yardstick() {
    let out = temp_dir("scaling");
    let o = mankala(&[
        "arena",
        "--variant",
        "kalah",
        "--agents",
        "zoo",
        "greedy",
        "--scaling",
        "1,8",
        "--games",
        "4",
        "--opening-plies",
        "2",
        "--seed",
        "3",
        "--threads",
        "2",
        "--out",
        s(&out),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let stdout = text(&o.stdout);
    assert!(stdout.contains("zoo:sims=200 against greedy, by simulations"), "{stdout}");
    let v = read_json(&out.join("scaling.json"));
    let points = v["points"].as_array().unwrap();
    let sims: Vec<u64> = points.iter().map(|p| p["simulations"].as_u64().unwrap()).collect();
    assert_eq!(sims, [1, 8]);
    for p in points {
        let games = p["wins"].as_f64().unwrap() + p["draws"].as_f64().unwrap() + p["losses"].as_f64().unwrap();
        assert_eq!(games, 4.0, "{p}");
        let (lo, hi) = (p["score_95"][0].as_f64().unwrap(), p["score_95"][1].as_f64().unwrap());
        assert!(lo <= p["score"].as_f64().unwrap() && p["score"].as_f64().unwrap() <= hi, "{p}");
    }
    assert!(std::fs::read_to_string(out.join("scaling.svg")).unwrap().starts_with("<svg"));
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 8);
    for (agents, words) in [(vec!["random", "greedy"], "not a network"), (vec!["zoo", "greedy", "random"], "a network and one yardstick")] {
        let mut args = vec!["arena", "--variant", "kalah", "--scaling", "5", "--agents"];
        args.extend(agents);
        let o = mankala(&args);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains(words), "{}", text(&o.stderr));
    }
    let _ = std::fs::remove_dir_all(&out);
}
