//! `mankala arena`: a round robin of agents with Bradley-Terry ratings; also the arena the
//! generation loop gates and evaluates with.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use mankala_engine::with_game;
use mankala_selfplay::arena::{GameRecord, Pairing, pair_results, play_all, round_robin};
use mankala_selfplay::ratings::{PairResult, Rating, fit};
use mankala_selfplay::{AgentSpec, Prepared};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::config::{Resolved, code_version, write_atomic};
use crate::plot;

/// Options of `mankala arena` besides the game.
#[derive(Debug)]
pub struct ArenaArgs<'a> {
    /// Agent specs.
    pub agents: &'a [String],
    /// Games per pair.
    pub games: u32,
    /// Random plies opening each game.
    pub opening_plies: u32,
    /// Worker threads.
    pub threads: usize,
    /// Seed of openings and agents' random choices.
    pub seed: u64,
    /// Output directory.
    pub out: &'a Path,
    /// Virtual draws keeping ratings finite.
    pub prior_draws: f64,
}

/// A game record as saved: the game's variant and rules with it, so that
/// `mankala replay --record` needs nothing else.
#[derive(Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// The variant.
    pub variant: String,
    /// Its rule options.
    pub rules: toml::Table,
    /// Its caps.
    pub limits: toml::Table,
    /// The game.
    #[serde(flatten)]
    pub record: GameRecord,
}

/// Parses and prepares agent specs (loading networks) for `cfg`'s variant.
///
/// # Errors
/// A spec that is malformed or a model that does not fit the variant.
pub fn prepare(cfg: &Resolved, specs: &[String]) -> Result<Vec<Prepared>> {
    let rules = cfg.rules_toml();
    let expected = cfg.expected_model(&rules);
    specs
        .iter()
        .map(|s| {
            let spec: AgentSpec = s.parse()?;
            Ok(Prepared::new(spec, &cfg.search, &expected)?)
        })
        .collect()
}

/// Plays `pairings` with a progress bar labelled `label`.
///
/// # Errors
/// When the worker threads cannot start.
pub fn play(
    cfg: &Resolved,
    agents: &[Prepared],
    pairings: &[Pairing],
    threads: usize,
    label: &str,
) -> Result<Vec<GameRecord>> {
    let bar = ProgressBar::new(pairings.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{label} {{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} games ({{per_sec}}, ETA {{eta}})"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    let records =
        with_game!(&cfg.game, g => play_all(g, agents, pairings, threads, |_| bar.inc(1)))
            .context("cannot start the arena's threads")?;
    bar.finish_and_clear();
    Ok(records)
}

/// Writes records as JSON lines, each with the variant and rules.
///
/// # Errors
/// Naming the file.
pub fn save_games(path: &Path, cfg: &Resolved, records: &[GameRecord]) -> Result<()> {
    let mut text = String::new();
    for r in records {
        let saved = SavedGame {
            variant: cfg.game.name().into(),
            rules: cfg.game.rules_table(),
            limits: cfg.game.limits_table(),
            record: r.clone(),
        };
        text.push_str(&serde_json::to_string(&saved)?);
        text.push('\n');
    }
    write_atomic(path, text.as_bytes())
}

/// Reads game `index` (its `index` field) from a `games.jsonl` file.
///
/// # Errors
/// When the file cannot be read, a line is not a game record, or no game has that index.
pub fn load_game(path: &Path, index: u64) -> Result<SavedGame> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read game records {}", path.display()))?;
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let game: SavedGame = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not a game record", path.display(), n + 1))?;
        if game.record.index == index {
            return Ok(game);
        }
    }
    bail!("{}: no game with index {index}", path.display())
}

/// Points, games, wins, draws and losses of each of `players` players in `results`.
pub fn standings(players: usize, results: &[PairResult]) -> Vec<[f64; 3]> {
    let mut wdl = vec![[0.0; 3]; players];
    for r in results {
        wdl[r.a][0] += r.wins_a;
        wdl[r.a][1] += r.draws;
        wdl[r.a][2] += r.wins_b;
        wdl[r.b][0] += r.wins_b;
        wdl[r.b][1] += r.draws;
        wdl[r.b][2] += r.wins_a;
    }
    wdl
}

/// A readable ratings table, best first.
pub fn ratings_table(names: &[String], ratings: &[Rating], wdl: &[[f64; 3]]) -> String {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let width = names.iter().map(String::len).max().unwrap_or(5).max(5);
    let mut out = format!(
        "{:>4}  {:<width$}  {:>7}  {:>17}  {:>6}  {:>14}  {:>6}\n",
        "rank", "agent", "elo", "95% interval", "games", "win/draw/loss", "score"
    );
    for (rank, &i) in order.iter().enumerate() {
        let r = &ratings[i];
        let [w, d, l] = wdl[i];
        let _ = writeln!(
            out,
            "{:>4}  {:<width$}  {:>7.0}  {:>17}  {:>6.0}  {:>14}  {:>5.1}%",
            rank + 1,
            names[i],
            r.elo,
            format!("[{:.0}, {:.0}]", r.low, r.high),
            r.games,
            format!("{w:.0}/{d:.0}/{l:.0}"),
            100.0 * r.score
        );
    }
    out
}

/// Fits ratings anchored at `random` if it plays, else at the first player.
///
/// # Errors
/// When the results do not connect every player.
pub fn rate(
    names: &[String],
    results: &[PairResult],
    prior_draws: f64,
) -> Result<(usize, Vec<Rating>)> {
    let anchor = names.iter().position(|n| n == "random").unwrap_or(0);
    let ratings = fit(names.len(), results, anchor, prior_draws)
        .context("cannot fit ratings to these results")?;
    Ok((anchor, ratings))
}

/// Writes `ratings.csv`, `ratings.json`, `ratings.svg` and `scores.svg` into `out`.
///
/// # Errors
/// Naming the file that cannot be written.
pub fn write_ratings(
    out: &Path,
    title: &str,
    names: &[String],
    anchor: usize,
    ratings: &[Rating],
    results: &[PairResult],
) -> Result<()> {
    let wdl = standings(names.len(), results);
    let mut csv = String::from("agent,elo,low,high,games,wins,draws,losses,score\n");
    for (i, r) in ratings.iter().enumerate() {
        let [w, d, l] = wdl[i];
        let _ = writeln!(
            csv,
            "{},{:.1},{:.1},{:.1},{},{},{},{},{:.4}",
            csv_field(&names[i]),
            r.elo,
            r.low,
            r.high,
            r.games,
            w,
            d,
            l,
            r.score
        );
    }
    write_atomic(&out.join("ratings.csv"), csv.as_bytes())?;
    let agents: Vec<_> = names
        .iter()
        .zip(ratings)
        .zip(&wdl)
        .map(|((n, r), [w, d, l])| {
            json!({"agent": n, "elo": r.elo, "low": r.low, "high": r.high, "games": r.games,
                   "wins": w, "draws": d, "losses": l, "score": r.score})
        })
        .collect();
    let pairs: Vec<_> = results
        .iter()
        .map(|p| json!({"a": names[p.a], "b": names[p.b], "wins_a": p.wins_a, "draws": p.draws, "wins_b": p.wins_b}))
        .collect();
    let value = json!({"anchor": names[anchor], "agents": agents, "pairs": pairs, "code_version": code_version()});
    write_atomic(
        &out.join("ratings.json"),
        serde_json::to_string_pretty(&value)?.as_bytes(),
    )?;
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let rows: Vec<plot::Interval<'_>> = order
        .iter()
        .map(|&i| plot::Interval {
            label: &names[i],
            value: ratings[i].elo,
            low: ratings[i].low,
            high: ratings[i].high,
        })
        .collect();
    let x_label = format!("Elo ({} = 0), 95% intervals", names[anchor]);
    write_atomic(
        &out.join("ratings.svg"),
        plot::interval_chart(title, &x_label, &rows).as_bytes(),
    )?;
    let bars: Vec<(&str, f64)> = order
        .iter()
        .map(|&i| (names[i].as_str(), 100.0 * ratings[i].score))
        .collect();
    write_atomic(
        &out.join("scores.svg"),
        plot::bar_chart("Share of points", "score (%)", &bars).as_bytes(),
    )
}

/// A CSV field, quoted when it holds a comma or a quote.
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Runs `mankala arena`.
///
/// # Errors
/// Bad specs, models of another variant, or files that cannot be written.
pub fn run(cfg: &Resolved, args: &ArenaArgs<'_>) -> Result<()> {
    if args.agents.len() < 2 {
        bail!("--agents: expected at least two agent specs");
    }
    if args.games == 0 {
        bail!("--games 0: expected at least 1 game per pair");
    }
    let agents = prepare(cfg, args.agents)?;
    let names: Vec<String> = agents.iter().map(|a| a.spec.to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            bail!("--agents: `{n}` is given twice");
        }
    }
    std::fs::create_dir_all(args.out)
        .with_context(|| format!("cannot create output directory {}", args.out.display()))?;
    write_atomic(&args.out.join("config.toml"), cfg.to_toml().as_bytes())?;
    let pairings = with_game!(&cfg.game, g => round_robin(g, agents.len(), args.games, args.opening_plies, args.seed));
    let record = json!({
        "variant": cfg.game.name(),
        "agents": names,
        "games_per_pair": args.games,
        "opening_plies": args.opening_plies,
        "seed": args.seed,
        "threads": args.threads,
        "prior_draws": args.prior_draws,
        "code_version": code_version(),
    });
    write_atomic(
        &args.out.join("run.json"),
        serde_json::to_string_pretty(&record)?.as_bytes(),
    )?;
    let records = play(cfg, &agents, &pairings, args.threads, "arena")?;
    save_games(&args.out.join("games.jsonl"), cfg, &records)?;
    let results = pair_results(&records);
    let (anchor, ratings) = rate(&names, &results, args.prior_draws)?;
    let title = format!("{}: arena ratings", cfg.game.name());
    write_ratings(args.out, &title, &names, anchor, &ratings, &results)?;
    print!(
        "{}",
        ratings_table(&names, &ratings, &standings(names.len(), &results))
    );
    println!(
        "{} games, {} per pair; ratings anchored at {} = 0",
        records.len(),
        args.games,
        names[anchor]
    );
    println!(
        "wrote {}/{{ratings.csv,ratings.json,ratings.svg,scores.svg,games.jsonl}}",
        args.out.display()
    );
    Ok(())
}

/// The default output directory of an arena: `runs/arena-<variant>-<unix seconds>`.
pub fn default_out(variant: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("runs/arena-{variant}-{secs}"))
}
