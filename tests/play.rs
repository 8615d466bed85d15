//! End-to-end tests of `mankala play`: the binary driven through its standard input.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{mankala, mankala_with_input, s, temp_dir, text};

/// Runs `mankala play ARGS` in `dir` with `input` on its standard input.
fn play(dir: &Path, args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = ["play"].iter().chain(args).copied().collect();
    mankala_with_input(Some(dir), &args, input.as_bytes())
}

/// Asserts a successful run and returns its standard output.
fn success(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}\nstdout: {}\nstderr: {}", o.status, text(&o.stdout), text(&o.stderr));
    text(&o.stdout)
}

/// The one saved game of a play save file.
fn saved(path: &Path) -> serde_json::Value {
    let body = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<&str> = body.lines().collect();
    assert_eq!(lines.len(), 1, "{body}");
    serde_json::from_str(lines[0]).expect("a JSON game record")
}

/// The positions `mankala replay --record PATH --game 0` prints.
fn replay(path: &Path) -> Vec<serde_json::Value> {
    let o = mankala(&["replay", "--record", s(path), "--game", "0"]);
    success(&o).lines().map(|l| serde_json::from_str(l).expect("a JSON position")).collect()
}

/// A turn drawn before a human move: the header (`ply N: side to move (who)`) and the board.
#[derive(Debug, PartialEq)]
struct Turn {
    header: String,
    board: String,
}

/// Every turn drawn in `out`, in order.
fn turns(out: &str) -> Vec<Turn> {
    out.split("-- ply ")
        .skip(1)
        .map(|block| {
            let (header, rest) = block.split_once('\n').expect("a header line");
            let board = rest.split("legal: ").next().unwrap_or_default();
            Turn { header: header.trim_end_matches(" --").to_string(), board: board.to_string() }
        })
        .collect()
}

/// The hole labels of a Kalah row, each tried in turn until one is legal.
fn kalah_script(repeats: usize) -> String {
    "A\nB\nC\nD\nE\nF\n".repeat(repeats)
}

#[test]
fn a_whole_game_against_random_ends_is_saved_and_replays() {
    let dir = temp_dir("whole");
    let path = dir.join("game.jsonl");
    let o = play(&dir, &["--variant", "kalah", "--agent", "random", "--human-first", "--seed", "3", "--save", s(&path)], &kalah_script(400));
    let out = success(&o);
    assert!(out.contains("-- game over after "), "{out}");
    let result_line = out.lines().find(|l| l.starts_with("result: ")).unwrap_or_else(|| panic!("no result line:\n{out}"));
    let result = result_line["result: ".len()..].split_whitespace().next().expect("a result word");
    assert!(["south", "north", "draw", "capped-plies", "capped-laps"].contains(&result), "{result_line}");
    assert!(out.contains(&format!("saved the game to {}", path.display())), "{out}");

    let game = saved(&path);
    assert_eq!(game["variant"], "kalah");
    assert_eq!(game["index"], 0);
    assert_eq!(game["south"], "human");
    assert_eq!(game["north"], "random");
    assert_eq!(game["result"], result);
    assert_eq!(game["seed"], 3);
    let actions = game["actions"].as_array().expect("actions");
    assert!(actions.len() >= 10, "{game}");
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(actions.len()));
    // Every human move was announced, and the agent's moves too.
    let human_moves = out.matches("you played ").count();
    let agent_moves = out.matches("random (north) plays ").count();
    assert_eq!(human_moves + agent_moves, actions.len(), "{out}");

    let positions = replay(&path);
    assert_eq!(positions.len(), actions.len() + 1);
    let last = positions.last().expect("a final position");
    assert_eq!(last["terminal"], true, "{last}");
    assert_eq!(last["outcome"]["result"], result);
    assert_eq!(last["outcome"]["scores"], game["scores"]);
}

#[test]
fn undo_restores_the_board_before_the_human_move() {
    let dir = temp_dir("undo");
    let path = dir.join("undo.jsonl");
    let o = play(&dir, &["--variant", "kalah", "--agent", "random", "--human-first", "--save", s(&path)], "A\nundo\nundo\nquit\n");
    let out = success(&o);
    let t = turns(&out);
    assert_eq!(t.len(), 3, "{out}");
    assert_eq!(t[0].header, "0: south to move (you)");
    // After A (no extra turn) and the agent's replies, the board has changed.
    assert_ne!(t[1].board, t[0].board);
    assert!(t[1].header.ends_with("south to move (you)"), "{}", t[1].header);
    assert_ne!(t[1].header, t[0].header);
    // Undo brings back the start, and the human is to move again.
    assert!(out.contains("took back A "), "{out}");
    assert_eq!(t[2], t[0]);
    assert!(out.contains("nothing to undo"), "{out}");
    let game = saved(&path);
    assert_eq!(game["actions"], serde_json::json!([]));
    assert_eq!(game["result"], "unfinished");
}

#[test]
fn a_malformed_move_is_refused_and_the_game_goes_on() {
    let dir = temp_dir("malformed");
    let path = dir.join("bad.jsonl");
    let o = play(&dir, &["--variant", "kalah", "--agent", "random", "--human-first", "--save", s(&path)], "zz\n9\nA\nquit\n");
    let out = success(&o);
    assert!(out.contains("move `zz` is not legal here"), "{out}");
    assert!(out.contains("move `9` is not legal here"), "{out}");
    assert!(out.contains("legal moves: A, B, C, D, E, F"), "{out}");
    assert!(out.contains("you played A"), "{out}");
    let t = turns(&out);
    assert_eq!(t.len(), 2, "{out}");
    assert!(!t[1].header.starts_with("0:"), "{}", t[1].header);
    let game = saved(&path);
    assert_eq!(game["moves"][0], "A");
}

#[test]
fn quit_saves_the_game_so_far_to_the_default_place_and_exits_0() {
    let dir = temp_dir("quit");
    let o = play(&dir, &["--variant", "kalah", "--agent", "greedy", "--human-first"], "A\nquit\nB\n");
    let out = success(&o);
    assert!(out.contains("stopped at ply"), "{out}");
    let saves: Vec<PathBuf> = std::fs::read_dir(dir.join("runs/play")).expect("runs/play was created").map(|e| e.expect("a directory entry").path()).collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let name = saves[0].file_name().and_then(|n| n.to_str()).unwrap_or_default();
    assert!(name.starts_with("kalah-") && name.ends_with(".jsonl"), "{name}");
    assert!(out.contains(&format!("runs/play/{name}")), "{out}");
    let game = saved(&saves[0]);
    assert_eq!(game["result"], "unfinished");
    assert_eq!(game["north"], "greedy");
    let actions = game["actions"].as_array().expect("actions");
    // A, then at least one reply; B came after quit and was not read.
    assert!(actions.len() >= 2, "{game}");
    assert_eq!(game["moves"][0], "A");
    assert_eq!(out.matches("you played ").count(), 1, "{out}");
    let positions = replay(&saves[0]);
    assert_eq!(positions.len(), actions.len() + 1);
    assert_eq!(positions.last().expect("a position")["terminal"], false);
}

#[test]
fn the_end_of_input_quits_and_saves() {
    let dir = temp_dir("eof");
    let path = dir.join("eof.jsonl");
    let o = play(&dir, &["--variant", "oware", "--agent", "random", "--human-first", "--save", s(&path)], "C\n");
    let out = success(&o);
    assert!(out.contains("you played C"), "{out}");
    assert_eq!(saved(&path)["moves"][0], "C");
}

#[test]
fn human_first_decides_who_opens() {
    let dir = temp_dir("first");
    let (south, north) = (dir.join("south.jsonl"), dir.join("north.jsonl"));
    let args = |save: &Path| -> Vec<String> { ["--variant", "kalah", "--agent", "random", "--seed", "2", "--save", s(save)].map(String::from).to_vec() };

    let mut first: Vec<String> = args(&south);
    first.push("--human-first".into());
    let first: Vec<&str> = first.iter().map(String::as_str).collect();
    let out = success(&play(&dir, &first, "quit\n"));
    let before_first_turn = out.split("-- ply ").next().unwrap_or_default();
    assert!(!before_first_turn.contains(" plays "), "{out}");
    assert_eq!(turns(&out)[0].header, "0: south to move (you)");
    let game = saved(&south);
    assert_eq!(game["south"], "human");
    assert_eq!(game["north"], "random");

    let second = args(&north);
    let second: Vec<&str> = second.iter().map(String::as_str).collect();
    let out = success(&play(&dir, &second, "quit\n"));
    let before_first_turn = out.split("-- ply ").next().unwrap_or_default();
    assert!(before_first_turn.contains("random (south) plays "), "{out}");
    let header = &turns(&out)[0].header;
    assert!(header.ends_with("north to move (you)"), "{header}");
    let game = saved(&north);
    assert_eq!(game["south"], "random");
    assert_eq!(game["north"], "human");
    assert!(!game["actions"].as_array().expect("actions").is_empty());
}

#[test]
fn a_hint_shows_the_agents_value_and_preferred_moves() {
    let dir = temp_dir("hint");
    let path = dir.join("hint.jsonl");
    let o = play(&dir, &["--variant", "kalah", "--agent", "mcts:sims=200", "--human-first", "--save", s(&path)], "hint\neval\nquit\n");
    let out = success(&o);
    let hints: Vec<&str> = out.lines().filter(|l| l.contains("top moves: ")).collect();
    assert_eq!(hints.len(), 2, "{out}");
    for h in hints {
        assert!(h.contains("mcts:sims=200"), "{h}");
        assert!(h.contains("value ") && h.contains(" for south"), "{h}");
        assert!(h.contains('%'), "{h}");
    }
    assert_eq!(saved(&path)["actions"], serde_json::json!([]));
}

#[test]
fn a_bad_agent_spec_is_an_error_before_the_game() {
    let dir = temp_dir("badspec");
    let o = play(&dir, &["--variant", "kalah", "--agent", "minimax"], "A\n");
    assert!(!o.status.success());
    assert!(text(&o.stderr).contains("unknown kind `minimax`"), "{}", text(&o.stderr));
    assert!(!dir.join("runs").exists());
}

/// Every variant `mankala variants` lists.
fn variants() -> Vec<String> {
    let out = success(&mankala(&["variants"]));
    out.lines().filter(|l| !l.starts_with(char::is_whitespace)).filter_map(|l| l.split_whitespace().next().map(String::from)).collect()
}

#[test]
fn every_variant_plays_a_few_moves_and_quits() {
    let names = variants();
    assert!(names.len() >= 12, "{names:?}");
    let dir = temp_dir("variants");
    // Every action index in turn: each run of 64 lines holds a legal one, so three runs
    // play at least three human moves.
    let indices: String = (0..64).map(|i| format!("{i}\n")).collect();
    let script = format!("{}quit\n", indices.repeat(3));
    for v in &names {
        let path = dir.join(format!("{v}.jsonl"));
        let o = play(&dir, &["--variant", v, "--agent", "random", "--human-first", "--seed", "1", "--save", s(&path)], &script);
        let out = success(&o);
        assert!(out.starts_with(&format!("{v}: you play south")), "{v}: {out}");
        assert!(out.matches("you played ").count() >= 3, "{v}: {out}");
        assert!(out.contains("-- ply 0: south to move (you) --"), "{v}: {out}");
        let game = saved(&path);
        assert_eq!(game["variant"], v.as_str());
        assert_eq!(game["south"], "human");
        let actions = game["actions"].as_array().expect("actions");
        assert!(actions.len() >= 3, "{v}: {game}");
        let positions = replay(&path);
        assert_eq!(positions.len(), actions.len() + 1, "{v}");
    }
}
