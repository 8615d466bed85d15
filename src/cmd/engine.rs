//! `mankala engine`: a JSON-lines protocol on stdin and stdout through which any program can
//! set up positions and ask an agent what it thinks of them (`docs/protocol.md`).
//!
//! [`Session`] is the state machine: one request line in, one response out, and nothing
//! else. [`run`] only feeds it the lines of stdin and writes its answers, flushing each.

use std::io::{BufRead, Write};
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use mankala_engine::notation::split_moves;
use mankala_engine::{Action, AnyGame, Game, State, with_game};
use mankala_selfplay::{Analysis, Budget, Prepared};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};

use crate::config::{self, Resolved};

/// The agent of a game started without one.
pub const DEFAULT_AGENT: &str = "mcts:sims=1000";

/// The seed of a game started without one.
pub const DEFAULT_SEED: u64 = 1;

/// Every command.
const COMMANDS: &[&str] = &[
    "new", "position", "play", "undo", "legal", "search", "go", "show", "quit",
];

/// Most simulations a request may ask for (as an agent spec's `sims`).
const MAX_SIMULATIONS: u64 = 10_000_000;

/// Most milliseconds a request may ask for: an hour.
const MAX_MILLIS: u64 = 3_600_000;

/// Runs `mankala engine`: answers the requests on stdin, one line each, until a `quit` or
/// the end of the input.
///
/// # Errors
/// Only when stdin cannot be read or stdout cannot be written; a bad request is answered
/// with an error response and the session goes on.
pub fn run() -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let (mut input, mut out) = (stdin.lock(), stdout.lock());
    let mut session = Session::default();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .context("cannot read stdin")?
            == 0
        {
            return Ok(());
        }
        let Some(reply) = answer(&mut session, &line) else {
            continue;
        };
        writeln!(out, "{}", reply.json)
            .and_then(|()| out.flush())
            .context("cannot write to stdout")?;
        if reply.quit {
            return Ok(());
        }
    }
}

/// The reply to one raw input line: text that is not UTF-8 is an error too, and a failure
/// inside the engine is reported rather than ending the session.
fn answer(session: &mut Session, line: &[u8]) -> Option<Reply> {
    let Ok(text) = std::str::from_utf8(line) else {
        return Some(reply(
            Value::Null,
            Err(anyhow!("the line is not UTF-8 text")),
        ));
    };
    std::panic::catch_unwind(AssertUnwindSafe(|| session.handle(text))).unwrap_or_else(|_| {
        Some(reply(
            Value::Null,
            Err(anyhow!(
                "internal error while answering this request (details on stderr); the \
                 position is unchanged"
            )),
        ))
    })
}

/// One response line, and whether the session ends after it.
#[derive(Debug)]
pub struct Reply {
    /// The response: `ok`, the request's `id`, and the answer or an `error`.
    pub json: Value,
    /// The request was `quit`.
    pub quit: bool,
}

/// A protocol session: the game in progress, if any.
#[derive(Debug, Default)]
pub struct Session {
    game: Option<Current>,
}

impl Session {
    /// Answers one request line; a blank line gets no answer.
    pub fn handle(&mut self, line: &str) -> Option<Reply> {
        let line = line.trim();
        if line.is_empty() {
            return None;
        }
        Some(match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(request)) => {
                let id = request.get("id").cloned().unwrap_or(Value::Null);
                let quit = request.get("cmd").and_then(Value::as_str) == Some("quit");
                let result = self.dispatch(&request);
                let quit = quit && result.is_ok();
                Reply {
                    quit,
                    ..reply(id, result)
                }
            }
            Ok(other) => reply(
                Value::Null,
                Err(anyhow!(
                    "expected a JSON object such as {{\"cmd\": \"show\"}}, found {}",
                    kind(&other)
                )),
            ),
            Err(e) => reply(
                Value::Null,
                Err(anyhow!(
                    "not JSON ({e}); expected one object per line such as {{\"cmd\": \"show\"}}"
                )),
            ),
        })
    }

    /// Runs the command of a request that is a JSON object; its errors start with the
    /// command's name.
    fn dispatch(&mut self, request: &Map<String, Value>) -> Result<Value> {
        let commands = || COMMANDS.join(", ");
        let cmd = match request.get("cmd") {
            Some(Value::String(cmd)) => cmd.as_str(),
            Some(other) => bail!(
                "\"cmd\" must be a string (one of: {}), found {}",
                commands(),
                kind(other)
            ),
            None => bail!("missing \"cmd\"; expected one of: {}", commands()),
        };
        if !COMMANDS.contains(&cmd) {
            bail!("unknown command `{cmd}`; expected one of: {}", commands());
        }
        let req = Request {
            cmd,
            fields: request,
        };
        self.command(&req).with_context(|| cmd.to_string())
    }

    /// Runs a known command.
    fn command(&mut self, req: &Request<'_>) -> Result<Value> {
        match req.cmd {
            "new" => self.new_game(req),
            "position" => self.position(req),
            "play" => self.play(req),
            "undo" => self.undo(req),
            "search" => {
                let budget = req.budget()?;
                Ok(self.current()?.think(budget)?.0)
            }
            "go" => {
                let budget = req.budget()?;
                self.current()?.go(budget)
            }
            "legal" => {
                req.allow(&[])?;
                self.current()?.legal()
            }
            "show" => {
                req.allow(&[])?;
                self.current()?.show()
            }
            _ => {
                req.allow(&[])?;
                Ok(json!({"bye": true}))
            }
        }
    }

    /// The game in progress.
    fn current(&mut self) -> Result<&mut Current> {
        self.game.as_mut().context(
            "no game yet: start one with {\"cmd\": \"new\", \"variant\": \"kalah\"} \
             (see `mankala variants`)",
        )
    }

    /// `new`: a game from its start; on an error the game in progress is kept.
    fn new_game(&mut self, req: &Request<'_>) -> Result<Value> {
        req.allow(&["variant", "config", "rules", "limits", "agent", "seed"])?;
        let cfg = resolve(req)?;
        let spec = req.string("agent")?.unwrap_or(DEFAULT_AGENT);
        let agent = super::arena::prepare(&cfg, &[spec.to_string()])?
            .pop()
            .context("no agent was prepared")?;
        let seed = req.integer("seed", 0, u64::MAX)?.unwrap_or(DEFAULT_SEED);
        let current = Current {
            rng: SmallRng::seed_from_u64(seed),
            cfg,
            agent,
            moves: Vec::new(),
        };
        let mut answer = current.position_json()?;
        answer["agent"] = json!(current.agent.spec.to_string());
        answer["seed"] = json!(seed);
        answer["rules"] = serde_json::to_value(current.cfg.game.rules_table())?;
        answer["limits"] = serde_json::to_value(current.cfg.game.limits_table())?;
        self.game = Some(current);
        Ok(answer)
    }

    /// `position`: the position after a list of moves from the start.
    fn position(&mut self, req: &Request<'_>) -> Result<Value> {
        req.allow(&["moves"])?;
        let texts = req.moves()?.unwrap_or_default();
        let current = self.current()?;
        current.moves = current.played(&[], &texts)?;
        current.position_json()
    }

    /// `play`: moves played on from the current position, all of them or none.
    fn play(&mut self, req: &Request<'_>) -> Result<Value> {
        req.allow(&["moves"])?;
        let texts = req
            .moves()?
            .context("missing \"moves\": a list such as [\"C\", \"d\"] or [2, 3]")?;
        if texts.is_empty() {
            bail!("\"moves\" is empty: expected at least one move");
        }
        let current = self.current()?;
        current.moves = current.played(&current.moves, &texts)?;
        current.position_json()
    }

    /// `undo`: takes back the last `count` moves (default 1).
    fn undo(&mut self, req: &Request<'_>) -> Result<Value> {
        req.allow(&["count"])?;
        let count = req.integer("count", 1, u64::from(u32::MAX))?.unwrap_or(1);
        let current = self.current()?;
        let played = current.moves.len();
        match usize::try_from(count) {
            Ok(n) if n <= played => current.moves.truncate(played - n),
            _ => bail!("cannot take back {count} moves: {played} played"),
        }
        current.position_json()
    }
}

/// The response to a request with `id`: its answer's fields and `"ok": true`, or
/// `"ok": false` and the error.
fn reply(id: Value, result: Result<Value>) -> Reply {
    let json = match result {
        Ok(answer) => {
            let mut fields = match answer {
                Value::Object(fields) => fields,
                other => Map::from_iter([("answer".to_string(), other)]),
            };
            fields.insert("ok".into(), Value::Bool(true));
            fields.insert("id".into(), id);
            Value::Object(fields)
        }
        Err(e) => json!({"ok": false, "id": id, "error": crate::error_text(&e)}),
    };
    Reply { json, quit: false }
}

/// "a string", "an array", ... for error messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A request's fields, read with errors that name the field. A field set to `null` counts
/// as left out.
struct Request<'a> {
    cmd: &'a str,
    fields: &'a Map<String, Value>,
}

impl Request<'_> {
    /// Fails on a field the command does not take (`cmd` and `id` always allowed).
    fn allow(&self, keys: &[&str]) -> Result<()> {
        let unknown = self
            .fields
            .keys()
            .find(|k| !matches!(k.as_str(), "cmd" | "id") && !keys.contains(&k.as_str()));
        match unknown {
            None => Ok(()),
            Some(k) if keys.is_empty() => {
                bail!("unknown field \"{k}\": `{}` takes no fields", self.cmd)
            }
            Some(k) => bail!("unknown field \"{k}\"; expected {}", keys.join(", ")),
        }
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.fields.get(key).filter(|v| !v.is_null())
    }

    /// A string field.
    fn string(&self, key: &str) -> Result<Option<&str>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.as_str())),
            Some(v) => bail!("\"{key}\" must be a string, found {}", kind(v)),
        }
    }

    /// A whole-number field from `min` to `max`.
    fn integer(&self, key: &str, min: u64, max: u64) -> Result<Option<u64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
                _ => bail!("\"{key}\": {v}: expected a whole number from {min} to {max}"),
            },
        }
    }

    /// An object field, as the TOML table of a config file's section.
    fn table(&self, key: &str) -> Result<Option<toml::Table>> {
        match self.get(key) {
            None => Ok(None),
            Some(v @ Value::Object(_)) => serde_json::from_value(v.clone())
                .map(Some)
                .map_err(|e| anyhow!("\"{key}\": {e}")),
            Some(v) => bail!(
                "\"{key}\" must be an object of options such as {{\"seeds_per_hole\": 3}}, \
                 found {}",
                kind(v)
            ),
        }
    }

    /// The `moves` field: a list of names or action indices, or one string of moves
    /// separated by spaces or commas; each as text for [`State::parse_action`].
    fn moves(&self) -> Result<Option<Vec<String>>> {
        match self.get("moves") {
            None => Ok(None),
            Some(Value::String(list)) => Ok(Some(split_moves(list).map(String::from).collect())),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, m)| match m {
                    Value::String(s) => Ok(s.trim().to_string()),
                    Value::Number(n) => Ok(n.to_string()),
                    other => bail!(
                        "move {} of {}: expected a name such as \"C\" or an action index, \
                         found {}",
                        i + 1,
                        items.len(),
                        kind(other)
                    ),
                })
                .collect::<Result<Vec<_>>>()
                .map(Some),
            Some(v) => bail!(
                "\"moves\" must be a list such as [\"C\", \"d\"] or [2, 3], found {}",
                kind(v)
            ),
        }
    }

    /// The search budget of `search` and `go`: `simulations`, `millis` or the agent's own.
    fn budget(&self) -> Result<Budget> {
        self.allow(&["simulations", "millis"])?;
        let simulations = self.integer("simulations", 1, MAX_SIMULATIONS)?;
        let millis = self.integer("millis", 1, MAX_MILLIS)?;
        Ok(match (simulations, millis) {
            (Some(_), Some(_)) => bail!("give \"simulations\" or \"millis\", not both"),
            (Some(n), None) => Budget::Simulations(n as u32),
            (None, Some(ms)) => Budget::Millis(ms),
            (None, None) => Budget::Default,
        })
    }
}

/// The game of a `new` request: a variant with rule options, or a config file whose rule
/// options `rules` and `limits` override key by key.
fn resolve(req: &Request<'_>) -> Result<Resolved> {
    let variant = req.string("variant")?;
    let rules = req.table("rules")?.unwrap_or_default();
    let limits = req.table("limits")?.unwrap_or_default();
    let Some(path) = req.string("config")? else {
        let name = variant.context(
            "missing \"variant\" (a name from `mankala variants`) or \"config\" (a config file)",
        )?;
        let game = AnyGame::from_tables(name, &rules, &limits)?;
        return Ok(Resolved::for_game(game));
    };
    let mut cfg = config::load(Path::new(path))?;
    let name = cfg.game.name();
    if let Some(v) = variant
        && v != name
    {
        bail!("\"variant\" is `{v}` but config {path} is for `{name}`");
    }
    if !rules.is_empty() || !limits.is_empty() {
        let mut all_rules = cfg.game.rules_table();
        all_rules.extend(rules);
        let mut all_limits = cfg.game.limits_table();
        all_limits.extend(limits);
        cfg.game = AnyGame::from_tables(name, &all_rules, &all_limits)?;
    }
    Ok(cfg)
}

/// The game in progress: its rules, its agent and random stream, and the moves from the
/// start (the position is replayed from them, so taking moves back is exact).
#[derive(Debug)]
struct Current {
    cfg: Resolved,
    agent: Prepared,
    rng: SmallRng,
    moves: Vec<Action>,
}

impl Current {
    /// The moves from the start after `base` and then the moves written `texts`.
    ///
    /// # Errors
    /// Naming the first move that is malformed or illegal (its number, its text, the legal
    /// moves); the game in progress is not changed.
    fn played(&self, base: &[Action], texts: &[String]) -> Result<Vec<Action>> {
        with_game!(&self.cfg.game, g => {
            let (mut s, _) = replay(g, base)?;
            let mut moves = base.to_vec();
            for (i, text) in texts.iter().enumerate() {
                let a = s
                    .parse_action(text)
                    .with_context(|| format!("move {} of {}", i + 1, texts.len()))?;
                s.play(a)?;
                moves.push(a);
            }
            Ok(moves)
        })
    }

    /// The current position as response fields.
    fn position_json(&self) -> Result<Value> {
        with_game!(&self.cfg.game, g => {
            let (s, names) = replay(g, &self.moves)?;
            Ok(position_fields(g.name(), &s, &self.moves, &names))
        })
    }

    /// `legal`: the legal moves of the current position.
    fn legal(&self) -> Result<Value> {
        with_game!(&self.cfg.game, g => {
            let (s, _) = replay(g, &self.moves)?;
            let legal = s.legal_actions();
            Ok(json!({
                "ply": s.ply(),
                "to_move": to_move(&s),
                "legal": legal.iter().map(|&a| s.action_to_string(a)).collect::<Vec<_>>(),
                "legal_actions": legal.as_slice(),
                "terminal": s.is_terminal(),
            }))
        })
    }

    /// `show`: the board as text, as `mankala show` draws it.
    fn show(&self) -> Result<Value> {
        with_game!(&self.cfg.game, g => {
            let (s, _) = replay(g, &self.moves)?;
            Ok(json!({"ply": s.ply(), "board": s.to_string(), "status": status(&s)}))
        })
    }

    /// `search`: the agent's analysis of the current position as response fields, and the
    /// move it would play.
    fn think(&mut self, budget: Budget) -> Result<(Value, Action)> {
        let (agent, rng, moves) = (&self.agent, &mut self.rng, &self.moves);
        with_game!(&self.cfg.game, g => {
            let (s, _) = replay(g, moves)?;
            if let Some(o) = s.outcome() {
                bail!(
                    "the game is over ({}, scores {} - {}); there is nothing to search",
                    o.result_name(),
                    o.scores[0],
                    o.scores[1]
                );
            }
            let mut player = agent.build(g, rng.random());
            let start = Instant::now();
            let analysis = player.analyse(&s, budget, rng);
            let elapsed = start.elapsed();
            if !s.legal_mask().contains(analysis.action) {
                bail!("the agent chose action {}, which is not legal here", analysis.action);
            }
            Ok((analysis_json(&s, &analysis, elapsed), analysis.action))
        })
    }

    /// `go`: the agent's move played, the new position with the analysis behind the move.
    fn go(&mut self, budget: Budget) -> Result<Value> {
        let (search, action) = self.think(budget)?;
        self.moves = self.played(&self.moves, &[action.to_string()])?;
        let mut answer = self.position_json()?;
        answer["search"] = search;
        Ok(answer)
    }
}

/// The position after `moves` from the start, and each move's notation.
///
/// # Errors
/// When a move is not legal (never for moves this session checked).
fn replay<G: Game>(g: &G, moves: &[Action]) -> Result<(G::State, Vec<String>)> {
    let mut s = g.initial_state();
    let mut names = Vec::with_capacity(moves.len());
    for &a in moves {
        names.push(s.action_to_string(a));
        s.play(a)?;
    }
    Ok((s, names))
}

/// `"south"` or `"north"`, or `null` once the game is over.
fn to_move<S: State>(s: &S) -> Option<&'static str> {
    (!s.is_terminal()).then(|| s.to_move().name())
}

/// A move in notation and as an action index.
fn move_json<S: State>(s: &S, a: Action) -> Value {
    json!({"move": s.action_to_string(a), "action": a})
}

/// A position's fields: those of a `mankala replay` line (with `to_move` as a name), the
/// moves from the start in notation and the last of them.
fn position_fields<S: State>(variant: &str, s: &S, moves: &[Action], names: &[String]) -> Value {
    let snap = s.snapshot();
    let legal = s.legal_actions();
    let outcome = s.outcome().map(|o| {
        json!({
            "result": o.result_name(),
            "scores": o.scores,
            "returns": o.returns(),
        })
    });
    let last_move = moves
        .last()
        .zip(names.last())
        .map(|(a, name)| json!({"move": name, "action": a}));
    let mut position = json!({
        "variant": variant,
        "ply": s.ply(),
        "to_move": to_move(s),
        "pits": snap.pits,
        "stores": snap.stores,
        "in_hand": snap.in_hand,
        "legal": legal.iter().map(|&a| s.action_to_string(a)).collect::<Vec<_>>(),
        "legal_actions": legal.as_slice(),
        "terminal": outcome.is_some(),
        "outcome": outcome,
        "moves": names,
        "last_move": last_move,
    });
    if let Some(owners) = snap.owners {
        position["owners"] = json!(owners);
    }
    position
}

/// An analysis as response fields, its policy in action order.
fn analysis_json<S: State>(s: &S, analysis: &Analysis, elapsed: Duration) -> Value {
    let mut policy = analysis.policy.clone();
    policy.sort_by_key(|&(a, _)| a);
    let policy: Vec<Value> = policy
        .iter()
        .map(|&(a, p)| json!({"move": s.action_to_string(a), "action": a, "p": p}))
        .collect();
    json!({
        "ply": s.ply(),
        "to_move": to_move(s),
        "best": move_json(s, analysis.action),
        "value": analysis.value,
        "policy": policy,
        "simulations": analysis.simulations,
        "elapsed_ms": u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX),
    })
}

/// The line under a board of `mankala show`: whose turn and the legal moves, or the result.
fn status<S: State>(s: &S) -> String {
    match s.outcome() {
        Some(o) => format!(
            "game over after {} plies: {} (scores {} - {})",
            s.ply(),
            o.result_name(),
            o.scores[0],
            o.scores[1]
        ),
        None => {
            let legal: Vec<String> = s
                .legal_actions()
                .iter()
                .map(|&a| s.action_to_string(a))
                .collect();
            format!(
                "ply {}, {} to move; legal: {}",
                s.ply(),
                s.to_move(),
                legal.join(" ")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sends `line`, expecting an answer.
    fn send(session: &mut Session, line: &str) -> Value {
        session
            .handle(line)
            .unwrap_or_else(|| panic!("no answer to {line}"))
            .json
    }

    /// Sends `line`, expecting success.
    fn ok(session: &mut Session, line: &str) -> Value {
        let v = send(session, line);
        assert_eq!(v["ok"], true, "{line} -> {v}");
        v
    }

    /// Sends `line`, expecting an error that contains every one of `words`.
    fn fails(session: &mut Session, line: &str, words: &[&str]) -> Value {
        let v = send(session, line);
        assert_eq!(v["ok"], false, "{line} -> {v}");
        let error = v["error"].as_str().unwrap_or_default();
        for w in words {
            assert!(error.contains(w), "{line}: error lacks `{w}`: {error}");
        }
        v
    }

    fn kalah() -> Session {
        let mut s = Session::default();
        ok(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=50"}"#,
        );
        s
    }

    #[test]
    fn new_answers_the_start_position_with_its_game() {
        let mut s = Session::default();
        let v = ok(&mut s, r#"{"cmd":"new","variant":"kalah","id":"a"}"#);
        assert_eq!(v["id"], "a");
        assert_eq!(v["variant"], "kalah");
        assert_eq!(v["ply"], 0);
        assert_eq!(v["to_move"], "south");
        assert_eq!(v["pits"], json!(vec![4; 12]));
        assert_eq!(v["stores"], json!([0, 0]));
        assert_eq!(v["legal"], json!(["A", "B", "C", "D", "E", "F"]));
        assert_eq!(v["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
        assert_eq!(v["terminal"], false);
        assert_eq!(v["outcome"], Value::Null);
        assert_eq!(v["moves"], json!([]));
        assert_eq!(v["last_move"], Value::Null);
        assert_eq!(v["agent"], DEFAULT_AGENT);
        assert_eq!(v["seed"], DEFAULT_SEED);
        assert_eq!(v["rules"]["seeds_per_hole"], 4);
    }

    #[test]
    fn rules_and_limits_change_the_game() {
        let mut s = Session::default();
        let v = ok(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","rules":{"seeds_per_hole":3},"limits":{"max_plies":2}}"#,
        );
        assert_eq!(v["pits"], json!(vec![3; 12]));
        assert_eq!(v["limits"]["max_plies"], 2);
        // A sows B, C, D: North to move; then the cap ends the game.
        let v = ok(&mut s, r#"{"cmd":"play","moves":["A","a"]}"#);
        assert_eq!(v["terminal"], true);
        assert_eq!(v["to_move"], Value::Null);
        assert_eq!(v["outcome"]["result"], "capped-plies");
        assert_eq!(v["legal"], json!([]));
        fails(
            &mut s,
            r#"{"cmd":"search","simulations":5}"#,
            &["game is over"],
        );
        fails(&mut s, r#"{"cmd":"go"}"#, &["game is over"]);
        fails(&mut s, r#"{"cmd":"play","moves":["B"]}"#, &["already over"]);
    }

    #[test]
    fn a_config_file_gives_the_game_and_rules_override_it() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/configs/kalah.toml");
        let mut s = Session::default();
        let v = ok(&mut s, &json!({"cmd": "new", "config": path}).to_string());
        assert_eq!(v["variant"], "kalah");
        let v = ok(
            &mut s,
            &json!({"cmd": "new", "config": path, "variant": "kalah", "rules": {"seeds_per_hole": 5}})
                .to_string(),
        );
        assert_eq!(v["pits"], json!(vec![5; 12]));
        fails(
            &mut s,
            &json!({"cmd": "new", "config": path, "variant": "oware"}).to_string(),
            &["`oware`", "`kalah`"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","config":"no/such/file.toml"}"#,
            &["no/such/file.toml"],
        );
    }

    #[test]
    fn play_keeps_extra_turns_and_records_the_moves() {
        let mut s = kalah();
        // C sows D, E, F and the store: South moves again.
        let v = ok(&mut s, r#"{"cmd":"play","moves":["C"]}"#);
        assert_eq!(v["ply"], 1);
        assert_eq!(v["to_move"], "south");
        assert_eq!(v["pits"], json!([4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4]));
        assert_eq!(v["stores"], json!([1, 0]));
        assert_eq!(v["last_move"], json!({"move": "C", "action": 2}));
        let v = ok(&mut s, r#"{"cmd":"play","moves":"A, d"}"#);
        assert_eq!(v["ply"], 3);
        assert_eq!(v["moves"], json!(["C", "A", "d"]));
        assert_eq!(v["pits"], json!([1, 5, 1, 6, 6, 5, 4, 4, 4, 0, 5, 5]));
    }

    #[test]
    fn moves_by_index_and_by_name_agree() {
        let mut s = kalah();
        let by_name = ok(&mut s, r#"{"cmd":"position","moves":["C","A","d"]}"#);
        let by_index = ok(&mut s, r#"{"cmd":"position","moves":[2,0,3]}"#);
        assert_eq!(by_name, by_index);
        let start = ok(&mut s, r#"{"cmd":"position"}"#);
        assert_eq!(start["ply"], 0);
    }

    #[test]
    fn a_bad_move_changes_nothing_and_names_the_legal_ones() {
        let mut s = kalah();
        // A hands the move to North; North's c ends in his store and he moves again, with c
        // now empty.
        fails(
            &mut s,
            r#"{"cmd":"play","moves":["A","c","c"]}"#,
            &[
                "play: move 3 of 3",
                "`c` is not legal",
                "legal moves: a, b, d, e, f",
            ],
        );
        fails(
            &mut s,
            r#"{"cmd":"play","moves":["zz"]}"#,
            &["move 1 of 1", "`zz`", "legal moves: A, B, C, D, E, F"],
        );
        fails(
            &mut s,
            r#"{"cmd":"play","moves":[-1]}"#,
            &["`-1` is not legal"],
        );
        fails(&mut s, r#"{"cmd":"play","moves":[true]}"#, &["a boolean"]);
        fails(&mut s, r#"{"cmd":"play","moves":[]}"#, &["empty"]);
        fails(&mut s, r#"{"cmd":"play","moves":{"a":1}}"#, &["an object"]);
        fails(&mut s, r#"{"cmd":"play"}"#, &["missing \"moves\""]);
        fails(
            &mut s,
            r#"{"cmd":"position","moves":["C","C"]}"#,
            &["position: move 2 of 2", "legal moves: A, B, D, E, F"],
        );
        let v = ok(&mut s, r#"{"cmd":"legal"}"#);
        assert_eq!(v["ply"], 0);
        assert_eq!(v["to_move"], "south");
        assert_eq!(v["legal_actions"], json!([0, 1, 2, 3, 4, 5]));
    }

    #[test]
    fn undo_takes_moves_back() {
        let mut s = kalah();
        ok(&mut s, r#"{"cmd":"play","moves":["C","A","d"]}"#);
        let v = ok(&mut s, r#"{"cmd":"undo"}"#);
        assert_eq!(v["moves"], json!(["C", "A"]));
        assert_eq!(v["to_move"], "north");
        fails(
            &mut s,
            r#"{"cmd":"undo","count":3}"#,
            &["3 moves", "2 played"],
        );
        let v = ok(&mut s, r#"{"cmd":"undo","count":2}"#);
        assert_eq!(v["ply"], 0);
        assert_eq!(v["pits"], json!(vec![4; 12]));
    }

    #[test]
    fn search_gives_a_legal_best_move_and_a_policy() {
        let mut s = kalah();
        let v = ok(&mut s, r#"{"cmd":"search","simulations":40,"id":9}"#);
        assert_eq!(v["id"], 9);
        assert_eq!(v["simulations"], 40);
        let best = v["best"]["action"].as_u64().unwrap();
        assert!(best < 6, "{v}");
        let value = v["value"].as_f64().unwrap();
        assert!((-1.0..=1.0).contains(&value), "{v}");
        let policy = v["policy"].as_array().unwrap();
        assert_eq!(policy.len(), 6);
        let total: f64 = policy.iter().map(|p| p["p"].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-3, "{v}");
        let names: Vec<&str> = policy.iter().map(|p| p["move"].as_str().unwrap()).collect();
        assert_eq!(names, ["A", "B", "C", "D", "E", "F"]);
        // The search left the position as it was.
        assert_eq!(ok(&mut s, r#"{"cmd":"legal"}"#)["ply"], 0);
    }

    #[test]
    fn go_plays_the_agents_move() {
        let mut s = kalah();
        let v = ok(&mut s, r#"{"cmd":"go","simulations":30}"#);
        assert_eq!(v["ply"], 1);
        assert_eq!(v["last_move"], v["search"]["best"]);
        assert_eq!(v["search"]["ply"], 0);
    }

    #[test]
    fn the_same_seed_gives_the_same_answers() {
        let answers = |seed: u64| {
            let mut s = Session::default();
            ok(
                &mut s,
                &json!({"cmd": "new", "variant": "oware", "agent": "mcts:sims=30", "seed": seed})
                    .to_string(),
            );
            let mut v = ok(&mut s, r#"{"cmd":"search"}"#);
            v["elapsed_ms"] = Value::Null;
            v
        };
        assert_eq!(answers(5), answers(5));
    }

    #[test]
    fn budgets_are_checked() {
        let mut s = kalah();
        fails(
            &mut s,
            r#"{"cmd":"search","simulations":10,"millis":10}"#,
            &["not both"],
        );
        fails(
            &mut s,
            r#"{"cmd":"search","simulations":0}"#,
            &["\"simulations\""],
        );
        fails(&mut s, r#"{"cmd":"search","millis":"x"}"#, &["\"millis\""]);
        fails(
            &mut s,
            r#"{"cmd":"search","sims":10}"#,
            &["unknown field \"sims\""],
        );
        let v = ok(&mut s, r#"{"cmd":"search","millis":20}"#);
        assert!(v["simulations"].as_u64().unwrap() > 0, "{v}");
    }

    #[test]
    fn malformed_requests_are_answered_with_errors() {
        let mut s = Session::default();
        assert!(s.handle("").is_none());
        assert!(s.handle("  \r").is_none());
        fails(&mut s, "hello", &["not JSON"]);
        fails(&mut s, "[1, 2]", &["expected a JSON object", "an array"]);
        fails(&mut s, r#"{"id":3}"#, &["missing \"cmd\"", "new"]);
        let v = fails(&mut s, r#"{"cmd":5,"id":4}"#, &["\"cmd\" must be a string"]);
        assert_eq!(v["id"], 4);
        fails(
            &mut s,
            r#"{"cmd":"fly"}"#,
            &["unknown command `fly`", "search"],
        );
        fails(&mut s, r#"{"cmd":"legal"}"#, &["no game yet", "new"]);
        fails(&mut s, r#"{"cmd":"show"}"#, &["no game yet"]);
        fails(&mut s, r#"{"cmd":"new"}"#, &["missing \"variant\""]);
        fails(
            &mut s,
            r#"{"cmd":"new","variant":7}"#,
            &["must be a string"],
        );
    }

    #[test]
    fn a_failed_new_keeps_the_game_in_progress() {
        let mut s = kalah();
        ok(&mut s, r#"{"cmd":"play","moves":["A"]}"#);
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"chess"}"#,
            &["unknown variant `chess`", "oware"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","rules":{"seeds_per_hole":99}}"#,
            &["seeds_per_hole"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","rules":{"seeds":4}}"#,
            &["seeds"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","rules":[1]}"#,
            &["\"rules\" must be an object"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","agent":"mcts:sims=0"}"#,
            &["mcts:sims=0", "sims"],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","seed":-1}"#,
            &["\"seed\""],
        );
        fails(
            &mut s,
            r#"{"cmd":"new","variant":"kalah","colour":"south"}"#,
            &["unknown field \"colour\"", "agent"],
        );
        assert_eq!(ok(&mut s, r#"{"cmd":"legal"}"#)["ply"], 1);
    }

    #[test]
    fn show_draws_the_board() {
        let mut s = kalah();
        ok(&mut s, r#"{"cmd":"play","moves":["C","A"]}"#);
        let v = ok(&mut s, r#"{"cmd":"show"}"#);
        let board = v["board"].as_str().unwrap();
        assert!(board.contains("S    0   5   1   6   6   5"), "{board}");
        assert_eq!(v["status"], "ply 2, north to move; legal: a b c d e f");
        fails(&mut s, r#"{"cmd":"show","x":1}"#, &["takes no fields"]);
    }

    #[test]
    fn quit_says_goodbye_and_ends_the_session() {
        let mut s = Session::default();
        let r = s.handle(r#"{"cmd":"quit","id":1}"#).unwrap();
        assert!(r.quit);
        assert_eq!(r.json, json!({"ok": true, "id": 1, "bye": true}));
        let r = s.handle(r#"{"cmd":"quit","now":true}"#).unwrap();
        assert!(!r.quit, "a bad quit request is an error, not a quit");
        assert!(!s.handle(r#"{"cmd":"legal"}"#).unwrap().quit);
    }

    #[test]
    fn text_that_is_not_utf8_is_an_error() {
        let mut s = Session::default();
        let r = answer(&mut s, b"{\"cmd\":\xff}\n").unwrap();
        assert_eq!(r.json["ok"], false);
        assert!(r.json["error"].as_str().unwrap().contains("UTF-8"));
    }
}
