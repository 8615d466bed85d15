//! What must hold after every kill: whole files under final names, markers that agree with the files, totals that add up.

use super::*;

pub(crate) fn read_json(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub(crate) fn count(v: &serde_json::Value, key: &str) -> u64 {
    v[key].as_u64().or_else(|| v[key].as_f64().map(|x| x as u64)).unwrap_or_else(|| panic!("no number `{key}` in {v}"))
}

/// Reads a model through its sidecar and loads its weights; returns its step.
pub(crate) fn check_model(model: &Path) -> u64 {
    let meta = read_meta(model).unwrap_or_else(|e| panic!("{e}"));
    let expected = Expected {
        variant: &meta.variant,
        rules: &meta.rules,
        encoding_version: meta.encoding_version,
        encoding_len: meta.encoding_len,
        num_actions: meta.num_actions,
        encoding_lens: vec![meta.encoding_len; meta.encoding_version as usize],
        rings: Vec::new(),
        any_encoding: false,
        encoders: Vec::new(),
    };
    load(model, &expected, &mankala_models::device()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(meta.variant, "kalah", "{}", model.display());
    meta.step
}

/// Every file under a final name is whole: not empty, and readable as what its name says.
/// Temporaries are skipped: they are never data.
pub(crate) fn check_files(run: &Path) {
    for rel in listing(run).keys() {
        if is_tmp(rel) {
            continue;
        }
        let path = run.join(rel);
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = rel.file_name().unwrap().to_string_lossy().into_owned();
        if name == "games.partial.jsonl" {
            // An arena's journal, appended to game by game: empty before its first game, and a
            // last line without its newline where a kill cut a write short. Every whole line
            // is a game.
            let text = String::from_utf8_lossy(&bytes);
            let whole = text.rfind('\n').map_or("", |i| &text[..i]);
            for (n, line) in whole.lines().enumerate() {
                serde_json::from_str::<mankala_data::SavedGame>(line).unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), n + 1));
            }
            continue;
        }
        assert!(!bytes.is_empty(), "{} is empty", path.display());
        let text = || String::from_utf8(bytes.clone()).unwrap_or_else(|e| panic!("{}: not text: {e}", path.display()));
        match rel.extension().and_then(|e| e.to_str()) {
            Some("parquet") => {
                let (meta, rows) = read_shard(&path).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(meta.variant, "kalah", "{}", path.display());
                assert!(!rows.is_empty(), "{} has no rows", path.display());
            }
            Some("json") => {
                serde_json::from_slice::<serde_json::Value>(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                if name == "checkpoint.json" || name == "model.json" {
                    check_model(&path.with_extension("bpk"));
                }
            }
            Some("jsonl") => {
                for (n, line) in text().lines().enumerate() {
                    serde_json::from_str::<serde_json::Value>(line).unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), n + 1));
                }
            }
            Some("toml") => {
                toml::from_str::<toml::Table>(&text()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            Some("csv") => {
                let t = text();
                assert!(t.ends_with('\n'), "{}: a line is cut", path.display());
                if name == "metrics.csv" {
                    let fields = t.lines().next().unwrap().split(',').count();
                    for line in t.lines() {
                        assert_eq!(line.split(',').count(), fields, "{}: line {line:?}", path.display());
                    }
                }
            }
            Some("svg") => {
                let t = text();
                assert!(t.starts_with("<svg") && t.trim_end().ends_with("</svg>"), "{} is not a whole SVG", path.display());
            }
            _ => {}
        }
    }
}

/// Rows of a generation's shards, checking that no game is in two shards and that every row
/// belongs to the generation; returns (rows, distinct games).
pub(crate) fn shard_rows(run: &Path, g: u32) -> (u64, BTreeSet<u64>) {
    let dir = gen_dir(run, g).join("selfplay");
    let mut rows = 0;
    let mut games = BTreeSet::new();
    if !dir.exists() {
        return (0, games);
    }
    for shard in list_shards(&dir).unwrap_or_else(|e| panic!("{e}")) {
        assert!(!is_tmp(&shard), "{} listed as a shard", shard.display());
        let (_, r) = read_shard(&shard).unwrap_or_else(|e| panic!("{e}"));
        let here: BTreeSet<u64> = r.iter().map(|row| row.game_id).collect();
        for row in &r {
            assert_eq!(row.generation, g, "{}", shard.display());
            assert!(row.game_id < GAMES, "{}: game {}", shard.display(), row.game_id);
        }
        for id in &here {
            assert!(games.insert(*id), "{}: game {id} is also in an earlier shard", shard.display());
        }
        rows += r.len() as u64;
    }
    (rows, games)
}

/// The markers that exist agree with the files beside them; returns notes on states that are
/// allowed but worth showing (a checkpoint record behind its weights, metrics rows written
/// twice).
pub(crate) fn check_markers(run: &Path, generations: u32) -> Vec<String> {
    let mut notes = Vec::new();
    for g in 0..generations {
        let dir = gen_dir(run, g);
        let (rows, games) = shard_rows(run, g);
        let selfplay = dir.join("selfplay.json");
        if selfplay.exists() {
            let m = read_json(&selfplay);
            assert_eq!(count(&m, "games"), GAMES, "{}", selfplay.display());
            assert_eq!(games.len() as u64, GAMES, "gen {g}: games in the shards");
            assert_eq!(count(&m, "positions"), rows, "gen {g}: positions in selfplay.json and rows in the shards");
        }
        let state = dir.join("train/train-state.json");
        let checkpoint = dir.join("train/checkpoint.json");
        if state.exists() {
            assert!(checkpoint.exists(), "{} without a checkpoint", state.display());
            let recorded = count(&read_json(&state), "step");
            let weights = read_meta(&checkpoint).unwrap_or_else(|e| panic!("{e}")).step;
            assert!(recorded <= weights && weights <= STEPS, "gen {g}: checkpoint record at step {recorded}, weights at step {weights}");
            // Weights and record differ only while a commit's journal says which step's
            // staged files the rerun puts in place.
            if recorded != weights {
                assert!(
                    dir.join("train/checkpoint.commit").exists(),
                    "gen {g}: checkpoint weights at step {weights}, record at step {recorded}, \
                     and no commit journal"
                );
                notes.push(format!("gen {g}: killed while committing the checkpoint of step {weights}"));
            }
        }
        let metrics = dir.join("train/metrics.csv");
        if metrics.exists() {
            let text = fs::read_to_string(&metrics).unwrap();
            let mut seen = BTreeSet::new();
            let twice: Vec<&str> = text.lines().skip(1).filter_map(|l| l.split(',').next()).filter(|step| !seen.insert(*step)).collect();
            assert!(twice.is_empty(), "gen {g}: metrics rows of step {} twice", twice.join(", "));
        }
        let model = dir.join("train/model.json");
        if model.exists() {
            assert_eq!(check_model(&model.with_extension("bpk")), STEPS, "gen {g} model");
        }
        let train = dir.join("train.json");
        if train.exists() {
            assert_eq!(count(&read_json(&train), "steps"), STEPS, "gen {g}");
            assert!(model.exists(), "gen {g}: train.json without the model");
        }
        let gate = dir.join("gate.json");
        if gate.exists() {
            let m = read_json(&gate);
            let played = count(&m, "wins") + count(&m, "draws") + count(&m, "losses");
            assert_eq!(played, GATE_GAMES, "{}", gate.display());
            let lines = fs::read_to_string(dir.join("gate/games.jsonl")).unwrap();
            assert_eq!(lines.lines().count() as u64, GATE_GAMES, "gen {g} gate games");
        }
        let eval = dir.join("eval.json");
        if eval.exists() {
            let m = read_json(&eval);
            let results = m["results"].as_array().unwrap();
            // The two baselines, and from generation 1 on the generation before
            // (`[loop] eval_chain`).
            let opponents = if g > 0 { 3 } else { 2 };
            assert_eq!(results.len(), opponents, "{}", eval.display());
            for r in results {
                let played = r["wins_a"].as_f64().unwrap() + r["draws"].as_f64().unwrap() + r["wins_b"].as_f64().unwrap();
                assert_eq!(played, EVAL_GAMES as f64, "{}: {r}", eval.display());
            }
            let lines = fs::read_to_string(dir.join("eval/games.jsonl")).unwrap();
            assert_eq!(lines.lines().count() as u64, opponents as u64 * EVAL_GAMES, "gen {g} eval games");
        }
    }
    notes
}

/// The totals of a finished run, every step of every generation checked.
pub(crate) fn totals(run: &Path, generations: u32) -> Vec<Totals> {
    check_files(run);
    check_markers(run, generations);
    let report = fs::read_to_string(run.join("report.md")).unwrap();
    let mut out = Vec::new();
    for g in 0..generations {
        let dir = gen_dir(run, g);
        for step in ["selfplay", "train", "gate", "eval"] {
            assert!(dir.join(format!("{step}.json")).exists(), "gen {g}: no {step}.json");
        }
        assert!(report.lines().any(|l| l.starts_with(&format!("| {g} |"))), "report.md has no row for generation {g}:\n{report}");
        let sp = read_json(&dir.join("selfplay.json"));
        let (rows, _) = shard_rows(run, g);
        let gate = read_json(&dir.join("gate.json"));
        let eval = read_json(&dir.join("eval.json"));
        out.push(Totals {
            games: count(&sp, "games"),
            positions: rows,
            steps: check_model(&dir.join("train/model.bpk")),
            gate_games: count(&gate, "wins") + count(&gate, "draws") + count(&gate, "losses"),
            eval_games: eval["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| (r["wins_a"].as_f64().unwrap() + r["draws"].as_f64().unwrap() + r["wins_b"].as_f64().unwrap()) as u64)
                .collect(),
        });
    }
    out
}

/// One kill that landed.
pub(crate) struct Kill {
    /// Seconds since that start of the loop.
    pub(crate) at: f64,
    pub(crate) plan: Plan,
    /// The stage whose file armed the kill.
    pub(crate) armed_by: Stage,
    /// The stage the loop was in, from its files after the kill.
    pub(crate) hit: Stage,
    /// Temporaries the kill left behind (writes it interrupted).
    pub(crate) temporaries: Vec<String>,
    pub(crate) notes: Vec<String>,
}

/// The kill was armed: the moment it fires.
pub(crate) struct Armed {
    pub(crate) stage: Stage,
    pub(crate) deadline: Instant,
    pub(crate) limit: Instant,
    pub(crate) seen_tmps: BTreeSet<PathBuf>,
    pub(crate) new_tmps: u64,
}

/// How one start of the loop ended.
pub(crate) enum Start {
    /// Killed while running (`before`: the files just before the kill).
    Killed { at: f64, armed_by: Stage, before: Listing },
    /// It ended by itself before the planned kill, or exited just before the signal.
    Ended(ExitStatus),
}

/// Starts the loop and kills it as `plan` says.
pub(crate) fn start_and_kill(config: &Path, run: &Path, generations: u32, stderr: &Path, plan: &Plan, typical_of: &dyn Fn(Kind) -> Duration) -> Start {
    let mut prev = listing(run);
    let started = Instant::now();
    let mut child = loop_command(config, run, generations, stderr).spawn().expect("start mankala loop");
    let mut armed: Option<Armed> = None;
    let mut seen = 0;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Start::Ended(status);
        }
        if started.elapsed() > START_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("one start ran for more than {START_LIMIT:?}:\n{}", tail(stderr));
        }
        let now = Instant::now();
        let cur = listing(run);
        if armed.is_none() {
            let mut fired = None;
            if plan.target.kind == Kind::Baselines && !cur.contains_key(Path::new("baselines/results.json")) {
                fired = Some(plan.target);
            }
            for e in events(&prev, &cur) {
                if fired.is_some() {
                    break;
                }
                if e.position() >= plan.target.position() {
                    seen += 1;
                    if seen >= plan.nth_event {
                        fired = Some(e);
                    }
                }
            }
            if let Some(stage) = fired {
                let unit = typical_of(stage.kind);
                armed = Some(Armed { stage, deadline: now + unit.mul_f64(plan.fraction), limit: now + unit, seen_tmps: temporaries(&cur), new_tmps: 0 });
            }
        }
        if let Some(a) = armed.as_mut() {
            let fire = match plan.mode {
                Mode::Delay => now >= a.deadline,
                Mode::AtWrite => {
                    for t in temporaries(&cur) {
                        if a.seen_tmps.insert(t) {
                            a.new_tmps += 1;
                        }
                    }
                    a.new_tmps >= plan.nth_tmp || now >= a.limit
                }
            };
            if fire {
                let before = listing(run);
                let at = started.elapsed().as_secs_f64();
                let _ = child.kill();
                let status = child.wait().unwrap();
                if status.signal() == Some(9) {
                    return Start::Killed { at, armed_by: a.stage, before };
                }
                return Start::Ended(status);
            }
        }
        prev = cur;
        std::thread::sleep(POLL);
    }
}
