//! Arenas as the pipeline plays them: agents prepared for a config, games played with
//! progress, game records saved with their rules, ratings fitted and written as CSV, JSON and
//! charts. `mankala arena` and the loop's gates and evaluations share them.

use mankala_data::atomic;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use mankala_agents::{AgentSpec, Prepared, Resources};
use mankala_data::GameRecord;
use mankala_data::record::{GameJournal, SavedGame, read_journal};
use mankala_engine::with_game;
use mankala_eval::arena::{Pairing, play_all};
use mankala_eval::ratings::{PairResult, Rating, fit};
use mankala_eval::sprt::{Sprt, Verdict};
use serde_json::json;

use mankala_config::Resolved;

use crate::code_version;
use crate::error::{Error, Result};
use crate::progress::Progress;
use crate::records::NamedResult;
use mankala_charts as plot;

/// Parses and prepares agent specs (loading networks, and the zoo's and tablebases through
/// `resources`) for `cfg`'s variant.
///
/// # Errors
/// [`Error::Agent`]: a spec that is malformed or a model that does not fit the variant.
pub fn prepare(cfg: &Resolved, specs: &[String], resources: &Resources) -> Result<Vec<Prepared>> {
    let specs = specs
        .iter()
        .map(|s| s.parse::<AgentSpec>())
        .collect::<Result<Vec<_>, _>>()?;
    prepare_specs(cfg, &specs, resources)
}

/// Prepares parsed agent specs (loading networks) for `cfg`'s variant.
///
/// # Errors
/// [`Error::Agent`]: a model that does not fit the variant.
pub fn prepare_specs(
    cfg: &Resolved,
    specs: &[AgentSpec],
    resources: &Resources,
) -> Result<Vec<Prepared>> {
    Ok(specs
        .iter()
        .map(|s| Prepared::new(s.clone(), &cfg.search, &cfg.game, resources))
        .collect::<Result<Vec<_>, _>>()?)
}

/// Plays `pairings` on `threads` threads, reporting each finished game to `progress` as a task
/// labelled `label`. Records come back in schedule order.
///
/// # Errors
/// [`Error::Threads`] when the worker threads cannot start.
pub fn play(
    cfg: &Resolved,
    agents: &[Prepared],
    pairings: &[Pairing],
    threads: usize,
    label: &str,
    progress: &dyn Progress,
) -> Result<Vec<GameRecord>> {
    play_counted(cfg, agents, pairings, threads, (label, 0), None, progress)
}

/// Plays `pairings` as [`play`] does, as a task labelled `label`, appending each game to
/// `journal` as it finishes; `before` games of the arena were played by an earlier,
/// interrupted run, so the task counts `before + pairings.len()` games. Records come back in
/// schedule order.
///
/// # Errors
/// [`Error::Threads`] when the worker threads cannot start; [`Error::Record`] for a game the
/// journal could not keep (the games still play to their end).
pub fn play_journaled(
    cfg: &Resolved,
    agents: &[Prepared],
    pairings: &[Pairing],
    (label, before): (&str, usize),
    threads: usize,
    journal: &GameJournal,
    progress: &dyn Progress,
) -> Result<Vec<GameRecord>> {
    play_counted(
        cfg,
        agents,
        pairings,
        threads,
        (label, before),
        Some(journal),
        progress,
    )
}

/// Whether `saved`, a game of an arena's journal, is the game `pairings` schedule under its
/// index: the same agents (named `names`) on the same sides, seed, start and opening, of
/// `cfg`'s variant, rules and caps.
fn fits_schedule(
    cfg: &Resolved,
    pairings: &BTreeMap<u64, &Pairing>,
    names: &[String],
    saved: &SavedGame,
) -> bool {
    let r = &saved.record;
    // The schedule's agents first: they make the names below safe to index.
    pairings.get(&r.index).is_some_and(|p| {
        p.south == r.south_agent
            && p.north == r.north_agent
            && p.seed == r.seed
            && p.start == r.start
            && r.opening_plies as usize == p.opening.len()
            && r.actions.starts_with(&p.opening)
    }) && saved.variant == cfg.game.name()
        && saved.rules == cfg.game.rules_table()
        && saved.limits == cfg.game.limits_table()
        && r.south == names[r.south_agent]
        && r.north == names[r.north_agent]
}

/// The games of `journal` (an arena's, interrupted) that are games of `pairings` (the same
/// agents, named `names`, on the same sides, seed, start and opening, of `cfg`'s variant,
/// rules and caps), by index, and the indices of those that are not; no file reads as none.
///
/// # Errors
/// A journal that cannot be read.
pub fn journaled_games(
    cfg: &Resolved,
    journal: &Path,
    pairings: &[Pairing],
    names: &[String],
) -> Result<(BTreeMap<u64, GameRecord>, Vec<u64>)> {
    let by_index: BTreeMap<u64, &Pairing> = pairings.iter().map(|p| (p.index, p)).collect();
    let mut games = BTreeMap::new();
    let mut others = Vec::new();
    for saved in read_journal(journal)? {
        if fits_schedule(cfg, &by_index, names, &saved) {
            games.entry(saved.record.index).or_insert(saved.record);
        } else {
            others.push(saved.record.index);
        }
    }
    Ok((games, others))
}

/// The file an arena appends each game to as it finishes ([`GameJournal`]); removed once
/// `games.jsonl` holds every game.
pub const JOURNAL: &str = "games.partial.jsonl";

/// Removes `out`'s journal ([`JOURNAL`]), if any.
///
/// # Errors
/// A journal that cannot be removed.
pub fn remove_journal(out: &Path) -> Result<()> {
    let path = out.join(JOURNAL);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::Io {
            what: "cannot remove",
            path,
            source: e,
        }),
        _ => Ok(()),
    }
}

/// [`play`] and [`play_journaled`]: a task labelled `label` counting from `before` games,
/// each finished game appended to `journal` if one is given.
fn play_counted(
    cfg: &Resolved,
    agents: &[Prepared],
    pairings: &[Pairing],
    threads: usize,
    (label, before): (&str, usize),
    journal: Option<&GameJournal>,
    progress: &dyn Progress,
) -> Result<Vec<GameRecord>> {
    progress.begin(
        label,
        "games",
        (before + pairings.len()) as u64,
        before as u64,
    );
    let done = AtomicU64::new(before as u64);
    let failed = Mutex::new(None);
    let records = with_game!(&cfg.game, g => play_all(g, agents, pairings, threads, |r| {
        if let Some(Err(e)) = journal.map(|j| j.append(r)) {
            failed.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(e);
        }
        progress.advance(done.fetch_add(1, Ordering::Relaxed) + 1, "");
    }))
    .map_err(Error::Threads)?;
    progress.end();
    match failed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some(e) => Err(e.into()),
        None => Ok(records),
    }
}

/// Plays `pairings` of two agents (0 and 1) in batches of twice `threads` games (both
/// colours of each opening in one batch), stopping as soon as `test` decides whether agent
/// 0 is stronger. Returns the games played and the verdict.
///
/// # Errors
/// [`Error::Threads`] when the worker threads cannot start.
pub fn play_until(
    cfg: &Resolved,
    agents: &[Prepared],
    pairings: &[Pairing],
    threads: usize,
    test: &Sprt,
    label: &str,
    progress: &dyn Progress,
) -> Result<(Vec<GameRecord>, Verdict)> {
    progress.begin(label, "games", pairings.len() as u64, 0);
    let done = AtomicU64::new(0);
    let mut records = Vec::new();
    let mut verdict = Verdict::Open;
    for batch in pairings.chunks(2 * threads.max(1)) {
        let played = with_game!(&cfg.game, g => play_all(g, agents, batch, threads, |_| {
            progress.advance(done.fetch_add(1, Ordering::Relaxed) + 1, "");
        }))
        .map_err(Error::Threads)?;
        records.extend(played);
        let [w, d, l] = standings(2, &mankala_eval::arena::pair_results(&records))[0];
        verdict = test.verdict(w, d, l);
        if verdict != Verdict::Open {
            break;
        }
    }
    progress.end();
    Ok((records, verdict))
}

/// Wins, draws and losses of every pair in `records`, by name.
pub fn named_results(records: &[GameRecord], names: &[String]) -> Vec<NamedResult> {
    mankala_eval::arena::pair_results(records)
        .into_iter()
        .map(|p| NamedResult {
            a: names[p.a].clone(),
            b: names[p.b].clone(),
            wins_a: p.wins_a,
            draws: p.draws,
            wins_b: p.wins_b,
        })
        .collect()
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

/// Player indices, best rating first.
fn best_first(ratings: &[Rating]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    order
}

/// A readable ratings table, best first.
pub fn ratings_table(names: &[String], ratings: &[Rating], wdl: &[[f64; 3]]) -> String {
    let width = names.iter().map(String::len).max().unwrap_or(5).max(5);
    let mut out = format!(
        "{:>4}  {:<width$}  {:>7}  {:>17}  {:>6}  {:>14}  {:>6}\n",
        "rank", "agent", "elo", "95% interval", "games", "win/draw/loss", "score"
    );
    for (rank, &i) in best_first(ratings).iter().enumerate() {
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

/// Whether ratings are anchored at `spec` when it plays: the random agent
/// ([`AgentSpec::Random`]), whose strength is the same in every run.
pub fn is_anchor(spec: &AgentSpec) -> bool {
    matches!(spec, AgentSpec::Random)
}

/// The player of `specs` that ratings are anchored at: the first that [`is_anchor`], else
/// the first player.
pub fn anchor_of(specs: &[AgentSpec]) -> usize {
    specs.iter().position(is_anchor).unwrap_or(0)
}

/// Fits ratings of `players` players with player `anchor` at 0.
///
/// # Errors
/// [`Error::Ratings`] when the results do not connect every player.
pub fn rate_at(
    players: usize,
    results: &[PairResult],
    anchor: usize,
    prior_draws: f64,
) -> Result<Vec<Rating>> {
    fit(players, results, anchor, prior_draws).map_err(Error::Ratings)
}

/// Fits ratings of players known by name (an agent's spec as text, or a generation's
/// network), anchored at the first whose name reads as an agent that [`is_anchor`], else at
/// the first player; returns the anchor's index and the ratings.
///
/// # Errors
/// [`Error::Ratings`] when the results do not connect every player.
pub fn rate(
    names: &[String],
    results: &[PairResult],
    prior_draws: f64,
) -> Result<(usize, Vec<Rating>)> {
    let anchor = names
        .iter()
        .position(|n| n.parse::<AgentSpec>().is_ok_and(|s| is_anchor(&s)))
        .unwrap_or(0);
    let ratings = rate_at(names.len(), results, anchor, prior_draws)?;
    Ok((anchor, ratings))
}

/// The files [`write_ratings`] writes into a directory.
pub const RATINGS_FILES: [&str; 4] = ["ratings.csv", "ratings.json", "ratings.svg", "scores.svg"];

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
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "agent", "elo", "low", "high", "games", "wins", "draws", "losses", "score",
    ])?;
    for (i, r) in ratings.iter().enumerate() {
        let [w, d, l] = wdl[i];
        csv.write_record([
            names[i].clone(),
            format!("{:.1}", r.elo),
            format!("{:.1}", r.low),
            format!("{:.1}", r.high),
            r.games.to_string(),
            w.to_string(),
            d.to_string(),
            l.to_string(),
            format!("{:.4}", r.score),
        ])?;
    }
    let bytes = csv
        .into_inner()
        .map_err(|e| Error::Csv(csv::Error::from(e.into_error())))?;
    atomic::write(&out.join("ratings.csv"), &bytes)?;
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
    atomic::write(
        &out.join("ratings.json"),
        serde_json::to_string_pretty(&value)?.as_bytes(),
    )?;
    let order = best_first(ratings);
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
    atomic::write(
        &out.join("ratings.svg"),
        plot::interval_chart(title, &x_label, &rows).as_bytes(),
    )?;
    let bars: Vec<(&str, f64)> = order
        .iter()
        .map(|&i| (names[i].as_str(), 100.0 * ratings[i].score))
        .collect();
    Ok(atomic::write(
        &out.join("scores.svg"),
        plot::bar_chart("Share of points", "score (%)", &bars).as_bytes(),
    )?)
}

/// The default output directory of an arena: `runs/arena-<variant>-<unix seconds>`.
pub fn default_out(variant: &str) -> PathBuf {
    PathBuf::from(format!("runs/arena-{variant}-{}", crate::now_secs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(elo: f64) -> Rating {
        Rating {
            elo,
            low: elo - 50.0,
            high: elo + 50.0,
            games: 4.0,
            score: 0.5,
        }
    }

    #[test]
    fn ratings_are_anchored_at_the_random_agent_if_it_plays() {
        assert_eq!(anchor_of(&[AgentSpec::Greedy, AgentSpec::Random]), 1);
        assert_eq!(anchor_of(&[AgentSpec::Greedy]), 0);
        let names = ["gen-1".to_string(), "random".to_string()];
        let results = [PairResult {
            a: 0,
            b: 1,
            wins_a: 2.0,
            draws: 1.0,
            wins_b: 1.0,
        }];
        let (anchor, ratings) = rate(&names, &results, 1.0).unwrap();
        assert_eq!(anchor, 1);
        assert!(ratings[1].elo.abs() < 1e-9 && ratings[0].elo > 0.0);
        let (anchor, _) = rate(&names[..1], &[], 0.0).unwrap();
        assert_eq!(anchor, 0);
    }

    #[test]
    fn ratings_csv_quotes_names_with_commas_and_keeps_its_columns() {
        let dir = std::env::temp_dir().join(format!("pipeline-ratings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = vec![
            "random".to_string(),
            "alphabeta:depth=4,nodes=9".to_string(),
        ];
        let results = [PairResult {
            a: 0,
            b: 1,
            wins_a: 1.0,
            draws: 2.0,
            wins_b: 1.0,
        }];
        write_ratings(
            &dir,
            "t",
            &names,
            0,
            &[rating(0.0), rating(12.25)],
            &results,
        )
        .unwrap();
        let csv = std::fs::read_to_string(dir.join("ratings.csv")).unwrap();
        assert_eq!(
            csv,
            "agent,elo,low,high,games,wins,draws,losses,score\n\
             random,0.0,-50.0,50.0,4,1,2,1,0.5000\n\
             \"alphabeta:depth=4,nodes=9\",12.2,-37.8,62.2,4,1,2,1,0.5000\n"
        );
        for file in RATINGS_FILES {
            assert!(dir.join(file).exists(), "{file}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
