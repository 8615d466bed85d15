//! `mankala openings`: the openings of self-play data — how often each line of first
//! decisions was played and how the first player (South) fared after it — and, with a model,
//! the agent's own evaluation by search of every first move and every reply.
//!
//! Games are read from shards of row layout version 2 or later (they record the action
//! played at each position), grouped by run and game, and replayed from the variant's start,
//! so that moves are named in notation by the player who makes them. Every output is sorted
//! fully and depends only on the input: the same data give the same bytes.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use indicatif::ProgressBar;
use mankala_engine::{Action, Game, Player, State, with_game};
use mankala_selfplay::data::{
    ACTION_FORMAT_VERSION, Row, ShardMeta, list_shards, read_meta, read_shard, read_version,
};
use mankala_selfplay::{Agent, Budget, Evaluator, NetworkEvaluator};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use serde_json::json;

use crate::cmd::arena::{csv_field, prepare};
use crate::cmd::selfplay::progress_bar;
use crate::config::{Resolved, code_version, write_atomic};
use crate::plot;

/// Half-width of a 95% normal interval, in standard errors.
const Z_95: f64 = 1.96;

/// The deepest opening `--depth` accepts.
pub const MAX_DEPTH: u32 = 64;

/// Options of `mankala openings` besides the game.
#[derive(Debug)]
pub struct OpeningsArgs<'a> {
    /// A self-play output directory (its shards and those of its direct subdirectories).
    pub data: &'a Path,
    /// Decisions per opening (1 to [`MAX_DEPTH`]).
    pub depth: u32,
    /// Lines played in fewer games are left out.
    pub min_games: u64,
    /// Output directory.
    pub out: &'a Path,
    /// A trained model whose agent evaluates every first move and reply.
    pub model: Option<&'a Path>,
    /// Simulations of the model's search per position.
    pub sims: u32,
    /// Seed of the model agent's random choices.
    pub seed: u64,
}

/// The default output directory: `runs/openings/<variant>`.
pub fn default_out(variant: &str) -> PathBuf {
    Path::new("runs").join("openings").join(variant)
}

/// Runs `mankala openings`: writes `openings.{md,csv,json,svg}` (and `model-eval.{md,csv,json}`
/// with a model) into the output directory and prints the table.
///
/// # Errors
/// Bad options, a missing or empty data directory, a shard of another variant or rules, of
/// version 1 or unreadable (each naming the file), a model that does not fit the variant, or
/// files that cannot be written.
pub fn run(cfg: &Resolved, args: &OpeningsArgs<'_>) -> Result<()> {
    check_args(args)?;
    let (games, shards) = read_games(cfg, args.data, args.depth)?;
    let report = with_game!(&cfg.game, g => build_report(g, &games, args.depth, args.min_games))?;
    std::fs::create_dir_all(args.out)
        .with_context(|| format!("cannot create output directory {}", args.out.display()))?;
    write_report(cfg, args, &report, shards)?;
    print!("{}", markdown_table(&report));
    println!(
        "{} games in {} shards; {} lines of up to {} decisions played in at least {} game{}",
        report.total,
        shards,
        report.lines.len(),
        args.depth,
        args.min_games,
        if args.min_games == 1 { "" } else { "s" }
    );
    let mut written = "openings.md,openings.csv,openings.json,openings.svg".to_string();
    match args.model {
        Some(model) => {
            let evals = evaluate_model(cfg, model, args)?;
            write_model_eval(cfg, args, model, &evals)?;
            print!("{}", model_table(&evals));
            written.push_str(",model-eval.md,model-eval.csv,model-eval.json");
        }
        None => remove_model_eval(args.out)?,
    }
    println!("wrote {}/{{{written}}}", args.out.display());
    Ok(())
}

fn check_args(args: &OpeningsArgs<'_>) -> Result<()> {
    if !(1..=MAX_DEPTH).contains(&args.depth) {
        bail!("--depth {}: expected 1 to {MAX_DEPTH}", args.depth);
    }
    if args.model.is_some() && args.sims == 0 {
        bail!("--sims 0: expected at least 1 simulation");
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Reading the games.

/// A game: its run and its id.
type GameKey = (String, u64);

/// What an opening needs of one row.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PlyRow {
    /// The player to move.
    to_move: Player,
    /// The action played (none where a player resigned).
    action: Option<Action>,
    /// The search's root value for the player to move.
    root_value: f32,
}

/// What an opening needs of one game: its rows up to the depth, and its result.
#[derive(Clone, Debug, PartialEq)]
struct GameLine {
    /// The shard it was read from.
    file: PathBuf,
    /// Its rows at plies `0..=depth`, by ply.
    plies: BTreeMap<u32, PlyRow>,
    /// The result from South's view: +1, 0 (draw or capped), -1.
    outcome: i8,
}

/// Games by run and id.
type Games = BTreeMap<GameKey, GameLine>;

/// Every game of the shards in `data` (rows up to ply `depth`), and the number of shards.
///
/// # Errors
/// A missing directory, no shards, a shard that cannot be read, is of version 1, or is of
/// another variant or rules, or a game found in two shards.
fn read_games(cfg: &Resolved, data: &Path, depth: u32) -> Result<(Games, usize)> {
    if !data.exists() {
        bail!("data directory {} does not exist", data.display());
    }
    if !data.is_dir() {
        bail!("--data {}: not a directory", data.display());
    }
    let shards = list_shards(data)?;
    if shards.is_empty() {
        bail!(
            "{}: no Parquet shards (*.parquet) of self-play data",
            data.display()
        );
    }
    let mut games = BTreeMap::new();
    for path in &shards {
        check_version(path, read_version(path)?)?;
        check_meta(cfg, path, &read_meta(path)?)?;
        let (_, rows) = read_shard(path)?;
        add_rows(&mut games, path, rows, depth)?;
    }
    if games.is_empty() {
        bail!("{}: the shards hold no games", data.display());
    }
    Ok((games, shards.len()))
}

/// Refuses files written before actions were recorded.
fn check_version(path: &Path, version: u32) -> Result<()> {
    if version < ACTION_FORMAT_VERSION {
        bail!(
            "{}: written before actions were recorded (data format version {version}); \
             openings need version {ACTION_FORMAT_VERSION} or later: play the games again \
             with this build",
            path.display()
        );
    }
    Ok(())
}

/// Refuses shards of another variant or other rules than `cfg`'s.
fn check_meta(cfg: &Resolved, path: &Path, meta: &ShardMeta) -> Result<()> {
    let want = cfg.game.name();
    if meta.variant != want {
        bail!(
            "{}: data of variant {}, expected {want}",
            path.display(),
            meta.variant
        );
    }
    let rules: Option<toml::Table> = toml::from_str(&meta.rules).ok();
    if rules.as_ref() != Some(&cfg.game.rules_table()) {
        bail!(
            "{}: data of other rules ({}) than asked ({})",
            path.display(),
            one_line(&meta.rules),
            one_line(&cfg.rules_toml())
        );
    }
    Ok(())
}

/// TOML text on one line, its lines separated by commas.
fn one_line(toml: &str) -> String {
    toml.trim().replace('\n', ", ")
}

/// Adds a shard's rows at plies up to `depth` to their games.
fn add_rows(games: &mut Games, path: &Path, rows: Vec<Row>, depth: u32) -> Result<()> {
    for r in rows {
        let key = (r.run_id, r.game_id);
        let line = games.entry(key.clone()).or_insert_with(|| GameLine {
            file: path.to_path_buf(),
            plies: BTreeMap::new(),
            outcome: r.outcome,
        });
        if line.file != path {
            bail!(
                "{}: game {} of run {} is also in {}",
                path.display(),
                key.1,
                key.0,
                line.file.display()
            );
        }
        if r.ply > depth {
            continue;
        }
        let row = PlyRow {
            to_move: if r.to_move == 0 {
                Player::South
            } else {
                Player::North
            },
            action: r.action,
            root_value: r.root_value,
        };
        if line.plies.insert(r.ply, row).is_some() {
            bail!(
                "{}: game {} of run {} has two rows at ply {}",
                path.display(),
                key.1,
                key.0,
                r.ply
            );
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Openings and their tallies.

/// One game's opening.
#[derive(Clone, Debug, PartialEq)]
struct Opening {
    /// Its first actions, up to the depth (fewer when the game ended or a player resigned).
    actions: Vec<Action>,
    /// `values[d]`: the search's root value from South's view at the position after the
    /// first `d` actions, for every such position the game has a row of.
    values: Vec<f64>,
    /// The result from South's view.
    outcome: i8,
}

/// A value for the player to move, from South's view.
fn for_south(mover: Player, value: f32) -> f64 {
    match mover {
        Player::South => f64::from(value),
        Player::North => -f64::from(value),
    }
}

/// The opening of a game from its rows up to ply `depth`.
///
/// # Errors
/// Rows missing at some ply, or a row without an action that is not the game's last.
fn opening_of(key: &GameKey, line: &GameLine, depth: u32) -> Result<Opening> {
    let at = || format!("{}: game {} of run {}", line.file.display(), key.1, key.0);
    let mut actions = Vec::new();
    let mut values = Vec::new();
    for (i, (&ply, row)) in line.plies.iter().enumerate() {
        if ply as usize != i {
            bail!("{}: no row at ply {i}", at());
        }
        values.push(for_south(row.to_move, row.root_value));
        if ply == depth {
            break;
        }
        match row.action {
            Some(a) => actions.push(a),
            None if i + 1 == line.plies.len() => {}
            None => bail!("{}: no action at ply {ply}, yet the game goes on", at()),
        }
    }
    Ok(Opening {
        actions,
        values,
        outcome: line.outcome,
    })
}

/// Replays an opening from the variant's start, checking that the player to move agrees
/// with the rows and that every action is legal.
///
/// # Errors
/// Naming the file, the game and the ply where the rows and the rules part.
fn check_replay<G: Game>(g: &G, key: &GameKey, line: &GameLine, opening: &Opening) -> Result<()> {
    let mut s = g.initial_state();
    for ((&ply, row), &a) in line.plies.iter().zip(&opening.actions) {
        let at = || {
            format!(
                "{}: game {} of run {}, ply {ply}",
                line.file.display(),
                key.1,
                key.0
            )
        };
        if s.to_move() != row.to_move {
            bail!(
                "{}: {} is to move in the data but {} by the rules",
                at(),
                row.to_move,
                s.to_move()
            );
        }
        if !s.legal_mask().contains(a) {
            bail!("{}: action {a} is not legal in the replayed position", at());
        }
        s.play_unchecked(a);
    }
    Ok(())
}

/// Results of the games that began with one line, from the first player's (South's) view.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    /// Sum and count of the root values after the line (South's view).
    value_sum: f64,
    valued: u64,
}

impl Tally {
    /// Counts one game with its result and the value after the line, if searched.
    fn add(&mut self, outcome: i8, value: Option<f64>) {
        self.games += 1;
        match outcome.cmp(&0) {
            Ordering::Greater => self.wins += 1,
            Ordering::Equal => self.draws += 1,
            Ordering::Less => self.losses += 1,
        }
        if let Some(v) = value {
            self.value_sum += v;
            self.valued += 1;
        }
    }

    /// Points per game: a win 1, a draw (or capped game) 1/2.
    fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games.max(1) as f64
    }

    /// The 95% Wilson interval of the score.
    fn interval(&self) -> (f64, f64) {
        wilson(self.score(), self.games)
    }

    /// The mean root value after the line, over the games that searched there.
    fn mean_value(&self) -> Option<f64> {
        (self.valued > 0).then(|| self.value_sum / self.valued as f64)
    }
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials; (0, 1) for
/// none. Applied to a score with draws as half points it is a little wide, as a draw
/// varies less than a win or a loss.
fn wilson(p: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, z2) = (n as f64, Z_95 * Z_95);
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The tally of every line of one or more actions (keyed by its actions), and of the empty
/// line (all games).
fn tally(openings: &[Opening]) -> BTreeMap<Vec<Action>, Tally> {
    let mut tallies: BTreeMap<Vec<Action>, Tally> = BTreeMap::new();
    for o in openings {
        for d in 0..=o.actions.len() {
            let value = o.values.get(d).copied();
            tallies
                .entry(o.actions[..d].to_vec())
                .or_default()
                .add(o.outcome, value);
        }
    }
    tallies
}

/// The lines of at least `min_games` games as a tree, depth first: the children of a line
/// follow it, most played first (ties by action index).
fn tree_order(tallies: &BTreeMap<Vec<Action>, Tally>, min_games: u64) -> Vec<Vec<Action>> {
    let mut out = Vec::new();
    visit(&[], tallies, min_games, &mut out);
    out
}

fn visit(
    prefix: &[Action],
    tallies: &BTreeMap<Vec<Action>, Tally>,
    min_games: u64,
    out: &mut Vec<Vec<Action>>,
) {
    let mut children: Vec<(&Vec<Action>, u64)> = tallies
        .range(prefix.to_vec()..)
        .take_while(|(k, _)| k.starts_with(prefix))
        .filter(|(k, t)| k.len() == prefix.len() + 1 && t.games >= min_games)
        .map(|(k, t)| (k, t.games))
        .collect();
    children.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    for (line, _) in children {
        out.push(line.clone());
        visit(line, tallies, min_games, out);
    }
}

/// The names of a line's moves, each as its mover writes it.
fn names_of<G: Game>(g: &G, actions: &[Action]) -> Vec<String> {
    let mut s = g.initial_state();
    actions
        .iter()
        .map(|&a| {
            let name = s.action_to_string(a);
            s.play_unchecked(a);
            name
        })
        .collect()
}

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
struct LineStats {
    actions: Vec<Action>,
    /// The moves in notation.
    names: Vec<String>,
    tally: Tally,
}

impl LineStats {
    /// The moves in notation, separated by spaces (`C f D`).
    fn line(&self) -> String {
        self.names.join(" ")
    }
}

/// The openings of every game and the lines to report.
#[derive(Clone, Debug, PartialEq)]
struct Report {
    /// Games read.
    total: u64,
    /// Lines of at least the minimum number of games, in tree order.
    lines: Vec<LineStats>,
}

/// Every game's opening, checked by replay, tallied into lines of at least `min_games`.
///
/// # Errors
/// A game whose rows do not replay under `g`'s rules.
fn build_report<G: Game>(g: &G, games: &Games, depth: u32, min_games: u64) -> Result<Report> {
    let mut openings = Vec::with_capacity(games.len());
    for (key, line) in games {
        let opening = opening_of(key, line, depth)?;
        check_replay(g, key, line, &opening)?;
        openings.push(opening);
    }
    Ok(report_of(g, &openings, min_games))
}

/// The report of checked openings.
fn report_of<G: Game>(g: &G, openings: &[Opening], min_games: u64) -> Report {
    let tallies = tally(openings);
    let lines = tree_order(&tallies, min_games)
        .into_iter()
        .map(|actions| LineStats {
            names: names_of(g, &actions),
            tally: tallies[&actions],
            actions,
        })
        .collect();
    Report {
        total: openings.len() as u64,
        lines,
    }
}

// ---------------------------------------------------------------------------------------
// Writing the report.

/// `x` rounded to 6 decimals, for JSON.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// A percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// A value with a sign and two decimals, or `n/a`.
fn signed(v: Option<f64>) -> String {
    v.map_or_else(|| "n/a".to_string(), |v| format!("{v:+.2}"))
}

/// Text for a Markdown table cell.
fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// The Markdown table of the report's lines.
fn markdown_table(report: &Report) -> String {
    let mut out = String::from(
        "| line | depth | games | share | wins | draws | losses | score | 95% interval | value |\n\
         | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n",
    );
    let total = report.total.max(1) as f64;
    for l in &report.lines {
        let t = &l.tally;
        let (low, high) = t.interval();
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | [{}, {}] | {} |",
            md_cell(&l.line()),
            l.actions.len(),
            t.games,
            pct(t.games as f64 / total),
            t.wins,
            t.draws,
            t.losses,
            pct(t.score()),
            pct(low),
            pct(high),
            signed(t.mean_value())
        );
    }
    out
}

/// `openings.md`: a heading, how to read the table, and the table.
fn markdown(cfg: &Resolved, args: &OpeningsArgs<'_>, report: &Report, shards: usize) -> String {
    let mut out = format!(
        "# Openings of {}\n\n\
         {} games in `{}` ({shards} shards). Lines of up to {} decisions played in at least {} \
         games, as a tree: each line is followed by its continuations, most played first.\n\n\
         Results are the first player's (South's): wins, draws and losses (a capped game counts \
         as a draw); share = the line's games / all games; score = (wins + draws / 2) / games, \
         with its 95% Wilson interval; value = the mean root value of the self-play searches at \
         the position after the line, from South's view (n/a: every game ended there).\n\n",
        cfg.game.name(),
        report.total,
        args.data.display(),
        args.depth,
        args.min_games
    );
    if report.lines.is_empty() {
        let _ = writeln!(
            out,
            "No line was played in {} games or more.\n",
            args.min_games
        );
    }
    out.push_str(&markdown_table(report));
    out
}

/// `openings.csv`: one row per line, in tree order.
fn csv(report: &Report) -> String {
    let mut out = String::from(
        "depth,line,actions,games,share,wins,draws,losses,score,score_low,score_high,value,valued\n",
    );
    let total = report.total.max(1) as f64;
    for l in &report.lines {
        let t = &l.tally;
        let (low, high) = t.interval();
        let actions: Vec<String> = l.actions.iter().map(u16::to_string).collect();
        let _ = writeln!(
            out,
            "{},{},{},{},{:.6},{},{},{},{:.6},{:.6},{:.6},{},{}",
            l.actions.len(),
            csv_field(&l.line()),
            actions.join(" "),
            t.games,
            t.games as f64 / total,
            t.wins,
            t.draws,
            t.losses,
            t.score(),
            low,
            high,
            t.mean_value()
                .map_or_else(String::new, |v| format!("{v:.6}")),
            t.valued
        );
    }
    out
}

/// `openings.json`: the settings and one object per line, in tree order.
fn json_report(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    report: &Report,
    shards: usize,
) -> serde_json::Value {
    let total = report.total.max(1) as f64;
    let lines: Vec<_> = report
        .lines
        .iter()
        .map(|l| {
            let t = &l.tally;
            let (low, high) = t.interval();
            json!({
                "line": l.line(),
                "moves": l.names,
                "actions": l.actions,
                "depth": l.actions.len(),
                "games": t.games,
                "share": round6(t.games as f64 / total),
                "wins": t.wins,
                "draws": t.draws,
                "losses": t.losses,
                "score": round6(t.score()),
                "score_low": round6(low),
                "score_high": round6(high),
                "value": t.mean_value().map(round6),
                "valued": t.valued,
            })
        })
        .collect();
    json!({
        "variant": cfg.game.name(),
        "rules": cfg.rules_toml(),
        "data": args.data.display().to_string(),
        "shards": shards,
        "games": report.total,
        "depth": args.depth,
        "min_games": args.min_games,
        "first_player": Player::South.name(),
        "score": "(wins + draws / 2) / games for the first player; a capped game is a draw",
        "interval": "95% Wilson score interval of the score",
        "value": "mean root value of the searches after the line, from South's view",
        "lines": lines,
        "code_version": code_version(),
    })
}

/// `openings.svg`: games per first move, with the first player's score after it.
fn chart(cfg: &Resolved, report: &Report) -> String {
    let firsts: Vec<&LineStats> = report
        .lines
        .iter()
        .filter(|l| l.actions.len() == 1)
        .collect();
    let labels: Vec<String> = firsts.iter().map(|l| l.line()).collect();
    let bars: Vec<plot::ScoredBar<'_>> = firsts
        .iter()
        .zip(&labels)
        .map(|(l, label)| {
            let (low, high) = l.tally.interval();
            plot::ScoredBar {
                label: label.as_str(),
                count: l.tally.games as f64,
                share: l.tally.score(),
                low,
                high,
            }
        })
        .collect();
    let title = format!("{}: first moves in {} games", cfg.game.name(), report.total);
    plot::bar_score_chart(&title, "games", "first player's score (%)", &bars)
}

/// Writes `openings.{md,csv,json,svg}` into the output directory.
fn write_report(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    report: &Report,
    shards: usize,
) -> Result<()> {
    let out = args.out;
    write_atomic(
        &out.join("openings.md"),
        markdown(cfg, args, report, shards).as_bytes(),
    )?;
    write_atomic(&out.join("openings.csv"), csv(report).as_bytes())?;
    let json = json_report(cfg, args, report, shards);
    let mut text = serde_json::to_string_pretty(&json)?;
    text.push('\n');
    write_atomic(&out.join("openings.json"), text.as_bytes())?;
    write_atomic(&out.join("openings.svg"), chart(cfg, report).as_bytes())
}

// ---------------------------------------------------------------------------------------
// The model's evaluation.

/// The agent's view of one move: a first move, or a reply to one.
#[derive(Clone, Debug, PartialEq)]
struct MoveEval {
    action: Action,
    /// The move in notation, as its player writes it.
    name: String,
    /// The player who makes it.
    by: Player,
    /// The value of the position after it from South's view: the search's, or the result
    /// of a game it ends.
    value: Option<f64>,
    /// The network's prior share of the move at its parent position.
    prior: f64,
    /// The search's share of the move at its parent position.
    search: f64,
    /// Simulations of the search after the move (0 when it ends the game).
    simulations: u32,
    /// The replies to a first move, best first for the player who makes them.
    replies: Vec<MoveEval>,
}

/// What the agent and its network make of one position.
#[derive(Clone, Debug, Default, PartialEq)]
struct Look {
    /// The value from South's view.
    value: Option<f64>,
    /// The search's share of each legal action.
    search: Vec<(Action, f64)>,
    /// The network's prior of each legal action, normalized over them.
    priors: Vec<(Action, f64)>,
    /// Simulations of the search.
    simulations: u32,
}

/// The share of `a` in a list of shares (0 when absent).
fn share_of(shares: &[(Action, f64)], a: Action) -> f64 {
    shares.iter().find(|s| s.0 == a).map_or(0.0, |s| s.1)
}

/// The agent, its network and the budget, looking at positions one by one.
struct Analyst<'a, G: Game> {
    game: &'a G,
    agent: Box<dyn Agent<G>>,
    net: NetworkEvaluator,
    sims: u32,
    rng: SmallRng,
    bar: ProgressBar,
}

impl<G: Game> Analyst<'_, G> {
    /// Searches a position (or reads the result of a finished game).
    fn look(&mut self, state: &G::State) -> Look {
        self.bar.inc(1);
        if let Some(o) = state.outcome() {
            return Look {
                value: Some(f64::from(o.value_for(Player::South))),
                ..Look::default()
            };
        }
        let budget = Budget::Simulations(self.sims);
        let analysis = self.agent.analyse(state, budget, &mut self.rng);
        let mut evals = Vec::new();
        Evaluator::<G>::evaluate(
            &mut self.net,
            self.game,
            std::slice::from_ref(state),
            &mut evals,
        );
        let legal: Vec<Action> = state.legal_mask().iter().collect();
        let raw: Vec<f64> = match evals.first() {
            Some(e) => legal
                .iter()
                .map(|&a| f64::from(e.priors[a as usize]))
                .collect(),
            None => vec![0.0; legal.len()],
        };
        let sum: f64 = raw.iter().sum();
        let priors = legal
            .iter()
            .zip(&raw)
            .map(|(&a, &p)| (a, if sum > 0.0 { p / sum } else { 0.0 }))
            .collect();
        Look {
            value: analysis.value.map(|v| for_south(state.to_move(), v)),
            search: analysis
                .policy
                .iter()
                .map(|&(a, p)| (a, f64::from(p)))
                .collect(),
            priors,
            simulations: analysis.simulations,
        }
    }

    /// Every legal move of `parent` (which `look` describes) with the agent's value of the
    /// position after it; with `replies`, also every reply to each.
    fn moves(&mut self, parent: &G::State, look: &Look, replies: bool) -> Vec<MoveEval> {
        let by = parent.to_move();
        let mut out = Vec::new();
        for a in parent.legal_actions() {
            let mut child = parent.clone();
            child.play_unchecked(a);
            let seen = self.look(&child);
            let next = if replies && !child.is_terminal() {
                self.moves(&child, &seen, false)
            } else {
                Vec::new()
            };
            out.push(MoveEval {
                action: a,
                name: parent.action_to_string(a),
                by,
                value: seen.value,
                prior: share_of(&look.priors, a),
                search: share_of(&look.search, a),
                simulations: seen.simulations,
                replies: next,
            });
        }
        sort_best_first(&mut out, by);
        out
    }
}

/// Positions the depth-2 tree from `root` holds, `root` included.
fn tree_size<S: State>(root: &S) -> u64 {
    let children = root.legal_actions().into_iter().map(|a| {
        let mut s = root.clone();
        s.play_unchecked(a);
        1 + if s.is_terminal() {
            0
        } else {
            u64::from(s.legal_mask().count())
        }
    });
    1 + children.sum::<u64>()
}

/// Sorts moves best first for `by`, who chooses among them (moves without a value last,
/// ties by action index).
fn sort_best_first(moves: &mut [MoveEval], by: Player) {
    let key = |m: &MoveEval| m.value.map(|v| if by == Player::South { v } else { -v });
    moves.sort_by(|a, b| {
        let order = match (key(a), key(b)) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        };
        order.then(a.action.cmp(&b.action))
    });
}

/// The agent of `model` evaluates every first move and every reply.
///
/// # Errors
/// A model that does not fit the variant, or a path that cannot be written in a spec.
fn evaluate_model(cfg: &Resolved, model: &Path, args: &OpeningsArgs<'_>) -> Result<Vec<MoveEval>> {
    let path = model.display().to_string();
    if path.contains(',') {
        bail!("--model {path}: a path with a comma cannot be given to the agent");
    }
    let prepared = prepare(cfg, &[format!("nn:model={path},sims={}", args.sims)])?;
    let agent = prepared
        .first()
        .context("no agent was prepared from --model")?;
    let rules = cfg.rules_toml();
    let (net, _) = mankala_models::file::load(
        model,
        &cfg.expected_model(&rules),
        &mankala_models::device(),
    )
    .with_context(|| format!("cannot load model {path}"))?;
    let evals = with_game!(&cfg.game, g => {
        let root = g.initial_state();
        let mut analyst = Analyst {
            game: g,
            agent: agent.build(g, args.seed),
            net: NetworkEvaluator::new(net),
            sims: args.sims,
            rng: SmallRng::seed_from_u64(args.seed),
            bar: progress_bar(tree_size(&root), "positions", "model"),
        };
        let look = analyst.look(&root);
        let evals = analyst.moves(&root, &look, true);
        analyst.bar.finish_and_clear();
        evals
    });
    Ok(evals)
}

/// A model-eval row's cells: value for South, prior and search shares.
fn eval_cells(m: &MoveEval) -> (String, String, String) {
    (signed(m.value), pct(m.prior), pct(m.search))
}

/// The Markdown table of the model's evaluation.
fn model_table(evals: &[MoveEval]) -> String {
    let mut out = String::from(
        "| move | reply | played by | value for South | prior | search | simulations |\n\
         | --- | --- | --- | ---: | ---: | ---: | ---: |\n",
    );
    let mut row = |first: &MoveEval, reply: Option<&MoveEval>| {
        let m = reply.unwrap_or(first);
        let (value, prior, search) = eval_cells(m);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {value} | {prior} | {search} | {} |",
            md_cell(&first.name),
            md_cell(reply.map_or("", |r| r.name.as_str())),
            m.by,
            m.simulations
        );
    };
    for first in evals {
        row(first, None);
        for reply in &first.replies {
            row(first, Some(reply));
        }
    }
    out
}

/// Writes `model-eval.{md,csv,json}` into the output directory.
fn write_model_eval(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    model: &Path,
    evals: &[MoveEval],
) -> Result<()> {
    let head = format!(
        "# Model evaluation of {} openings\n\n\
         The agent of `{}` searched {} simulations at the position after every legal first \
         move and every reply (seed {}). Value: the search's value of that position from \
         South's view (a move that ends the game: its result). Prior: the network's policy \
         share of the move at the position it is played from; search: the search's share \
         there. First moves, and the replies to each, are listed best first for the player \
         who makes them (a reply may be a further decision of the same player).\n\n",
        cfg.game.name(),
        model.display(),
        args.sims,
        args.seed
    );
    let md = head + &model_table(evals);
    write_atomic(&args.out.join("model-eval.md"), md.as_bytes())?;
    write_atomic(
        &args.out.join("model-eval.csv"),
        model_csv(evals).as_bytes(),
    )?;
    let json = model_json(cfg, args, model, evals);
    let mut text = serde_json::to_string_pretty(&json)?;
    text.push('\n');
    write_atomic(&args.out.join("model-eval.json"), text.as_bytes())
}

/// Removes the `model-eval.*` files of an earlier run with a model, so that the directory
/// holds only what this run found.
fn remove_model_eval(out: &Path) -> Result<()> {
    for ext in ["md", "csv", "json"] {
        let path = out.join(format!("model-eval.{ext}"));
        if path.exists() {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove {}", path.display()))?;
        }
    }
    Ok(())
}

/// `model-eval.csv`: one row per first move (empty reply) and per reply.
fn model_csv(evals: &[MoveEval]) -> String {
    let mut out = String::from(
        "move,reply,move_action,reply_action,played_by,value_south,prior,search_share,simulations\n",
    );
    let mut row = |first: &MoveEval, reply: Option<&MoveEval>| {
        let m = reply.unwrap_or(first);
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.6},{:.6},{}",
            csv_field(&first.name),
            csv_field(reply.map_or("", |r| r.name.as_str())),
            first.action,
            reply.map_or_else(String::new, |r| r.action.to_string()),
            m.by.name(),
            m.value.map_or_else(String::new, |v| format!("{v:.6}")),
            m.prior,
            m.search,
            m.simulations
        );
    };
    for first in evals {
        row(first, None);
        for reply in &first.replies {
            row(first, Some(reply));
        }
    }
    out
}

/// One move as JSON, with its replies when it has any.
fn move_json(m: &MoveEval) -> serde_json::Value {
    let mut v = json!({
        "move": m.name,
        "action": m.action,
        "played_by": m.by.name(),
        "value_south": m.value.map(round6),
        "prior": round6(m.prior),
        "search_share": round6(m.search),
        "simulations": m.simulations,
    });
    if !m.replies.is_empty() {
        v["replies"] = m.replies.iter().map(move_json).collect();
    }
    v
}

/// `model-eval.json`: the settings and the tree of first moves and replies.
fn model_json(
    cfg: &Resolved,
    args: &OpeningsArgs<'_>,
    model: &Path,
    evals: &[MoveEval],
) -> serde_json::Value {
    json!({
        "variant": cfg.game.name(),
        "model": model.display().to_string(),
        "sims": args.sims,
        "seed": args.seed,
        "value": "the search's value of the position after the move, from South's view",
        "first_moves": evals.iter().map(move_json).collect::<Vec<_>>(),
        "code_version": code_version(),
    })
}

#[cfg(test)]
mod tests {
    use mankala_engine::{AnyGame, VARIANTS};

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn wilson_matches_known_intervals() {
        let cases = [
            (0.5, 100, 0.403_829_828_590_147, 0.596_170_171_409_853),
            (0.0, 10, 0.0, 0.277_540_168_766_617),
            (1.0, 10, 0.722_459_831_233_383, 1.0),
            (0.75, 4, 0.300_636_052_442_637, 0.954_413_937_355_364),
            (0.3, 1000, 0.272_406_351_009_411, 0.329_124_408_425_145),
        ];
        for (p, n, low, high) in cases {
            let (l, h) = wilson(p, n);
            assert!(close(l, low) && close(h, high), "{p} of {n}: [{l}, {h}]");
            assert!(l <= p && p <= h);
        }
        assert_eq!(wilson(0.3, 0), (0.0, 1.0));
        // More games, a narrower interval.
        let width = |n| {
            let (l, h) = wilson(0.6, n);
            h - l
        };
        assert!(width(10) > width(100) && width(100) > width(1000));
    }

    #[test]
    fn a_tally_counts_results_scores_and_values() {
        let mut t = Tally::default();
        t.add(1, Some(0.5));
        t.add(0, None);
        t.add(-1, Some(-0.25));
        t.add(1, Some(0.5));
        assert_eq!((t.games, t.wins, t.draws, t.losses), (4, 2, 1, 1));
        assert!(close(t.score(), 2.5 / 4.0));
        assert_eq!(t.valued, 3);
        assert!(close(t.mean_value().unwrap(), 0.75 / 3.0));
        assert_eq!(t.interval(), wilson(0.625, 4));
        assert_eq!(Tally::default().mean_value(), None);
    }

    fn opening(actions: &[Action], outcome: i8) -> Opening {
        Opening {
            actions: actions.to_vec(),
            values: (0..=actions.len()).map(|d| d as f64 * 0.1).collect(),
            outcome,
        }
    }

    #[test]
    fn lines_are_tallied_and_ordered_as_a_tree() {
        let openings = [
            opening(&[2, 1], 1),
            opening(&[2, 1], 0),
            opening(&[2, 3], -1),
            opening(&[0, 1], 1),
            opening(&[5, 0], -1),
            opening(&[5, 0], -1),
            opening(&[5, 4], 1),
            opening(&[1], 1),
        ];
        let tallies = tally(&openings);
        let t = |line: &[Action]| tallies[line];
        assert_eq!(t(&[]).games, 8);
        assert_eq!(
            (t(&[2]).games, t(&[2]).wins, t(&[2]).draws, t(&[2]).losses),
            (3, 1, 1, 1)
        );
        assert_eq!(t(&[5, 0]).losses, 2);
        assert_eq!(t(&[1]).valued, 1);
        assert!(close(t(&[2, 1]).mean_value().unwrap(), 0.2));
        assert!(close(t(&[5]).mean_value().unwrap(), 0.1));
        let depth_one: u64 = tallies
            .iter()
            .filter(|(k, _)| k.len() == 1)
            .map(|(_, t)| t.games)
            .sum();
        assert_eq!(depth_one, 8);

        let order = tree_order(&tallies, 1);
        let want: Vec<Vec<Action>> = vec![
            vec![2],
            vec![2, 1],
            vec![2, 3],
            vec![5],
            vec![5, 0],
            vec![5, 4],
            vec![0],
            vec![0, 1],
            vec![1],
        ];
        assert_eq!(order, want);
        let order = tree_order(&tallies, 2);
        assert_eq!(order, vec![vec![2], vec![2, 1], vec![5], vec![5, 0]]);
        assert!(tree_order(&tallies, 9).is_empty());
    }

    fn kalah() -> Resolved {
        Resolved::for_game(AnyGame::by_name("kalah").unwrap())
    }

    fn row(to_move: Player, action: Option<Action>, root_value: f32) -> PlyRow {
        PlyRow {
            to_move,
            action,
            root_value,
        }
    }

    fn game_line(rows: &[PlyRow], outcome: i8) -> GameLine {
        GameLine {
            file: PathBuf::from("shard-00007.parquet"),
            plies: rows
                .iter()
                .enumerate()
                .map(|(i, r)| (i as u32, *r))
                .collect(),
            outcome,
        }
    }

    #[test]
    fn openings_replay_with_values_from_souths_view_and_names_by_mover() {
        let cfg = kalah();
        let key = ("r".to_string(), 3);
        // Kalah: C ends in South's store, so South moves again; F ends on North's side.
        let (s, n) = (Player::South, Player::North);
        let line = game_line(
            &[
                row(s, Some(2), 0.1),
                row(s, Some(5), 0.2),
                row(n, Some(0), 0.3),
                row(s, Some(1), 0.4),
            ],
            -1,
        );
        let o = opening_of(&key, &line, 3).unwrap();
        assert_eq!(o.actions, [2, 5, 0]);
        let want = [0.1, 0.2, -0.3, 0.4];
        assert_eq!(o.values.len(), 4);
        for (v, w) in o.values.iter().zip(want) {
            assert!((v - w).abs() < 1e-6, "{v} {w}");
        }
        with_game!(&cfg.game, g => {
            check_replay(g, &key, &line, &o).unwrap();
            assert_eq!(names_of(g, &o.actions), ["C", "F", "a"]);
        });
        let report = with_game!(&cfg.game, g => report_of(g, &[o.clone(), o], 1));
        let lines: Vec<String> = report.lines.iter().map(LineStats::line).collect();
        assert_eq!(lines, ["C", "C F", "C F a"]);
        assert_eq!(report.total, 2);
        assert_eq!(report.lines[2].tally.losses, 2);
        let table = markdown_table(&report);
        assert!(
            table.contains("| C F a | 3 | 2 | 100.0% | 0 | 0 | 2 | 0.0% |"),
            "{table}"
        );
    }

    #[test]
    fn rows_that_do_not_replay_are_named_errors() {
        let cfg = kalah();
        let key = ("r".to_string(), 3);
        let (s, n) = (Player::South, Player::North);
        // After C South moves again: a row saying North is wrong.
        let wrong_mover = game_line(&[row(s, Some(2), 0.0), row(n, Some(0), 0.0)], 0);
        // South's C is empty after C: not legal again.
        let illegal = game_line(&[row(s, Some(2), 0.0), row(s, Some(2), 0.0)], 0);
        for (line, words) in [
            (wrong_mover, "north is to move in the data but south"),
            (illegal, "action 2 is not legal"),
        ] {
            let o = opening_of(&key, &line, 5).unwrap();
            let err = with_game!(&cfg.game, g => check_replay(g, &key, &line, &o))
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("shard-00007.parquet") && err.contains(words),
                "{err}"
            );
            assert!(err.contains("game 3 of run r, ply 1"), "{err}");
        }
        let mut gap = game_line(&[row(s, Some(2), 0.0)], 0);
        gap.plies.insert(2, row(s, Some(1), 0.0));
        let err = opening_of(&key, &gap, 5).unwrap_err().to_string();
        assert!(err.contains("no row at ply 1"), "{err}");
        let silent = game_line(&[row(s, None, 0.0), row(n, Some(1), 0.0)], 0);
        let err = opening_of(&key, &silent, 5).unwrap_err().to_string();
        assert!(err.contains("no action at ply 0"), "{err}");
    }

    #[test]
    fn a_resigned_game_ends_its_opening_with_the_value_where_it_resigned() {
        let key = ("r".to_string(), 1);
        let (s, n) = (Player::South, Player::North);
        let line = game_line(
            &[
                row(s, Some(2), 0.0),
                row(s, Some(5), 0.1),
                row(n, None, -0.9),
            ],
            1,
        );
        let o = opening_of(&key, &line, 6).unwrap();
        assert_eq!(o.actions, [2, 5]);
        assert!((o.values[2] - 0.9).abs() < 1e-6);
        // Cut at the depth: the value after the last counted action is still kept.
        let o = opening_of(&key, &line, 1).unwrap();
        assert_eq!(o.actions, [2]);
        assert_eq!(o.values.len(), 2);
    }

    #[test]
    fn version_one_shards_are_refused_by_name() {
        let err = check_version(Path::new("d/shard-00001.parquet"), 1)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("d/shard-00001.parquet") && err.contains("before actions were recorded"),
            "{err}"
        );
        assert!(check_version(Path::new("x"), ACTION_FORMAT_VERSION).is_ok());
    }

    #[test]
    fn the_first_player_is_south_in_every_variant() {
        for v in VARIANTS {
            let any = AnyGame::by_name(v.name).unwrap();
            let first = with_game!(&any, g => g.initial_state().to_move());
            assert_eq!(first, Player::South, "{}", v.name);
        }
    }

    fn eval(action: Action, value: Option<f64>) -> MoveEval {
        MoveEval {
            action,
            name: action.to_string(),
            by: Player::North,
            value,
            prior: 0.0,
            search: 0.0,
            simulations: 1,
            replies: Vec::new(),
        }
    }

    #[test]
    fn moves_are_sorted_best_first_for_their_player() {
        let moves = [
            eval(0, Some(0.2)),
            eval(1, None),
            eval(2, Some(-0.5)),
            eval(3, Some(0.2)),
            eval(4, Some(0.9)),
        ];
        let order = |by| {
            let mut m = moves.to_vec();
            sort_best_first(&mut m, by);
            m.iter().map(|e| e.action).collect::<Vec<_>>()
        };
        assert_eq!(order(Player::South), [4, 0, 3, 2, 1]);
        assert_eq!(order(Player::North), [2, 0, 3, 4, 1]);
    }

    #[test]
    fn the_tree_size_counts_first_moves_and_replies() {
        let any = AnyGame::by_name("kalah").unwrap();
        // Six first moves; after C South moves again with five choices (C is empty), and
        // after each other move North has six.
        let n = with_game!(&any, g => tree_size(&g.initial_state()));
        assert_eq!(n, 1 + 6 + 5 * 6 + 5);
    }
}
