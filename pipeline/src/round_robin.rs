//! A round robin of agents into a directory, as `mankala arena` writes it: the resolved
//! config (`config.toml`), the run record (`run.json`, [`ArenaRecord`], written before the
//! games and again with their counts), every game (`games.jsonl`) and the ratings
//! (`ratings.{csv,json,svg}`, `scores.svg`). A sequential test of two agents stops the games
//! once decided.
//!
//! Each game is appended to `games.partial.jsonl` ([`JOURNAL`]) as it finishes, so an arena
//! killed half-way loses only the games it was playing: run again into the same directory
//! with the same settings, it keeps the journal's games, plays the rest, and records how many
//! it kept and which program versions played them (`run.json`'s `resumed`). A sequential
//! test, whose stopping depends on the order of its games, keeps no journal.

use std::collections::BTreeMap;
use std::path::Path;

use mankala_agents::{AgentSpec, Resources};
use mankala_config::Resolved;
use mankala_data::GameRecord;
use mankala_data::atomic;
use mankala_data::record::GameJournal;
use mankala_engine::with_game;
use mankala_eval::arena::{Pairing, pair_results, repeated_games, round_robin_from};
use mankala_eval::ratings::{PairResult, Rating};
use mankala_eval::sprt::{Sprt, Verdict};
use serde::{Deserialize, Serialize};

use crate::arena::{
    JOURNAL, anchor_of, journaled_games, play_journaled, play_until, prepare_specs, rate_at,
    remove_journal, standings, write_ratings,
};
use crate::code_version;
use crate::error::{Error, Result};
use crate::layout::create_dir;
use crate::progress::Progress;

/// What to play, and where.
#[derive(Clone, Debug)]
pub struct RoundRobin<'a> {
    /// The agents, each against every other.
    pub agents: &'a [AgentSpec],
    /// Games per pair (colours alternate).
    pub games: u32,
    /// Random plies opening each game (each opening played with both colours).
    pub opening_plies: u32,
    /// Start positions (`mankala_data::positions`), opening `k` from the `k`-th, cycling.
    pub openings: Option<&'a Path>,
    /// Worker threads.
    pub threads: usize,
    /// Seed of the openings and the agents' random choices.
    pub seed: u64,
    /// The directory written.
    pub out: &'a Path,
    /// Virtual draws between players that met, keeping ratings finite.
    pub prior_draws: f64,
    /// A sequential test of the first agent against the second (two agents only).
    pub sprt: Option<Sprt>,
}

/// `run.json` of an arena: what was asked, and when the games are done, how many were
/// played and how many were distinct.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ArenaRecord {
    /// The variant.
    pub variant: String,
    /// The agents' specs, as they are named in the ratings.
    pub agents: Vec<String>,
    /// Games per pair.
    pub games_per_pair: u32,
    /// Random plies opening each game.
    pub opening_plies: u32,
    /// The file of start positions, if any.
    pub openings: Option<String>,
    /// Seed of the openings and the agents' random choices.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// Virtual draws between players that met.
    pub prior_draws: f64,
    /// The sequential test, if any.
    pub sprt: Option<SprtRecord>,
    /// The program's version.
    pub code_version: String,
    /// Where the networks ran.
    pub device: String,
    /// Games played (once they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_played: Option<usize>,
    /// Games that repeat no earlier game move for move (once they are played).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distinct_games: Option<usize>,
    /// Games kept from earlier runs of this arena into the same directory that were stopped
    /// before the end (their `games.partial.jsonl`), and the versions of the programs that
    /// played them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resumed: Option<Resumed>,
}

/// The games an arena kept from its earlier, interrupted runs.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Resumed {
    /// Games kept, not played again.
    pub games: usize,
    /// The code versions of the runs that played them, oldest first, each once.
    pub code_versions: Vec<String>,
}

/// A sequential test as `run.json` records it: its settings, and once decided its
/// log-likelihood ratio and verdict.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct SprtRecord {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative.
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// The log-likelihood ratio after the games played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub llr: Option<f64>,
    /// The verdict after the games played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<String>,
}

/// What a round robin found, for its front to print.
#[derive(Clone, Debug)]
pub struct RoundRobinOutcome {
    /// The agents' names (their specs).
    pub names: Vec<String>,
    /// The ratings, by agent.
    pub ratings: Vec<Rating>,
    /// The agent rated 0.
    pub anchor: usize,
    /// The results by pair.
    pub results: Vec<PairResult>,
    /// Games played.
    pub games: usize,
    /// Games that repeat an earlier game move for move.
    pub repeated: usize,
    /// The sequential test's verdict and log-likelihood ratio, if one was run.
    pub sprt: Option<(Verdict, f64)>,
}

/// Plays `rr` for `cfg`'s game into `rr.out` (agents prepared through `resources`),
/// reporting each game to `progress`.
///
/// # Errors
/// [`Error::TooFewAgents`] for fewer than two agents, [`Error::AgentTwice`] for a name given
/// twice, [`Error::SprtAgents`] for a sequential test of more than two; [`Error::Agent`] for
/// a spec that does not fit the game; a file of openings or an output that cannot be read or
/// written, named.
pub fn round_robin(
    cfg: &Resolved,
    rr: &RoundRobin<'_>,
    resources: &Resources,
    progress: &dyn Progress,
) -> Result<RoundRobinOutcome> {
    if rr.agents.len() < 2 {
        return Err(Error::TooFewAgents {
            agents: rr.agents.len(),
        });
    }
    if rr.sprt.is_some() && rr.agents.len() != 2 {
        return Err(Error::SprtAgents {
            agents: rr.agents.len(),
        });
    }
    let names = distinct_names(rr.agents)?;
    let agents = prepare_specs(cfg, rr.agents, resources)?;
    let pairings = with_game!(&cfg.game, g => {
        let starts = match rr.openings {
            Some(path) => mankala_data::positions::read_positions(g, path)?,
            None => Vec::new(),
        };
        round_robin_from(g, &starts, agents.len(), rr.games, rr.opening_plies, rr.seed)
    });
    // Refused before anything of the earlier arena is overwritten.
    let kept = kept_games(cfg, rr, &names, &pairings)?;
    create_dir(rr.out, "cannot create output directory")?;
    atomic::write(&rr.out.join("config.toml"), cfg.to_toml().as_bytes())?;
    let mut record = ArenaRecord {
        variant: cfg.game.name().to_string(),
        agents: names.clone(),
        games_per_pair: rr.games,
        opening_plies: rr.opening_plies,
        openings: rr.openings.map(|p| p.display().to_string()),
        seed: rr.seed,
        threads: rr.threads,
        prior_draws: rr.prior_draws,
        sprt: rr.sprt.map(|t| SprtRecord {
            elo0: t.elo0,
            elo1: t.elo1,
            alpha: t.alpha,
            beta: t.beta,
            llr: None,
            verdict: None,
        }),
        code_version: code_version(),
        device: mankala_models::device_name(),
        games_played: None,
        distinct_games: None,
        resumed: kept.resumed,
    };
    write_record(rr.out, &record)?;
    let (records, verdict) = match &rr.sprt {
        Some(test) => {
            let (r, v) = play_until(cfg, &agents, &pairings, rr.threads, test, "arena", progress)?;
            (r, Some(v))
        }
        None => {
            let journal = GameJournal::open(&rr.out.join(JOURNAL), &cfg.game)?;
            let left: Vec<Pairing> = pairings
                .iter()
                .filter(|p| !kept.games.contains_key(&p.index))
                .cloned()
                .collect();
            let before = kept.games.len();
            let mut records = kept.games.into_values().collect::<Vec<_>>();
            records.extend(play_journaled(
                cfg,
                &agents,
                &left,
                ("arena", before),
                rr.threads,
                &journal,
                progress,
            )?);
            records.sort_by_key(|r| r.index);
            (records, None)
        }
    };
    mankala_data::record::write_records(&rr.out.join("games.jsonl"), &cfg.game, &records)?;
    remove_journal(rr.out)?;
    let repeated = repeated_games(&records);
    let results = pair_results(&records);
    record.games_played = Some(records.len());
    record.distinct_games = Some(records.len() - repeated);
    let sprt = match (&rr.sprt, verdict) {
        (Some(test), Some(v)) => {
            let [w, d, l] = standings(2, &results)[0];
            let llr = test.llr(w, d, l);
            if let Some(s) = &mut record.sprt {
                s.llr = Some(llr);
                s.verdict = Some(v.to_string());
            }
            Some((v, llr))
        }
        _ => None,
    };
    write_record(rr.out, &record)?;
    let anchor = anchor_of(rr.agents);
    let ratings = rate_at(names.len(), &results, anchor, rr.prior_draws)?;
    let title = format!("{}: arena ratings", cfg.game.name());
    write_ratings(rr.out, &title, &names, anchor, &ratings, &results)?;
    Ok(RoundRobinOutcome {
        names,
        ratings,
        anchor,
        results,
        games: records.len(),
        repeated,
        sprt,
    })
}

/// What an arena keeps from its earlier, interrupted runs into the same directory.
struct Kept {
    /// The games, by index.
    games: BTreeMap<u64, GameRecord>,
    /// Their count and the programs that played them (none without games).
    resumed: Option<Resumed>,
}

/// The games of `rr.out`'s journal ([`JOURNAL`]), left by an earlier run of the same arena
/// stopped before the end, that this run need not play again: each must be one of
/// `pairings`, as scheduled (the same agents, start, opening and seed) and of the same
/// variant and rules; a game journaled twice counts once. A sequential test keeps no
/// journal, so it is refused a directory holding one with games.
///
/// # Errors
/// [`Error::ArenaChanged`] when the earlier run was of other settings, naming the first that
/// differs; [`Error::JournalGame`] for a game that is not one of this arena's; a journal or
/// run record that cannot be read.
fn kept_games(
    cfg: &Resolved,
    rr: &RoundRobin<'_>,
    names: &[String],
    pairings: &[Pairing],
) -> Result<Kept> {
    let path = rr.out.join(JOURNAL);
    let none = Kept {
        games: BTreeMap::new(),
        resumed: None,
    };
    // Also where the output is not a directory: that is refused by name when it is made.
    if !path.exists() {
        return Ok(none);
    }
    let (games, others) = journaled_games(cfg, &path, pairings, names)?;
    if games.is_empty() && others.is_empty() {
        return Ok(none);
    }
    let run = rr.out.join("run.json");
    let earlier: ArenaRecord = std::fs::read(&run)
        .map_err(|source| Error::Io {
            what: "cannot read the record of the interrupted arena",
            path: run.clone(),
            source,
        })
        .and_then(|bytes| {
            serde_json::from_slice(&bytes).map_err(|source| Error::Marker {
                path: run.clone(),
                source,
            })
        })?;
    let openings = rr.openings.map(|p| p.display().to_string());
    let differs = [
        ("variant", earlier.variant != cfg.game.name()),
        ("agents", earlier.agents != names),
        ("games", earlier.games_per_pair != rr.games),
        ("opening plies", earlier.opening_plies != rr.opening_plies),
        ("openings", earlier.openings != openings),
        ("seed", earlier.seed != rr.seed),
        ("prior draws", earlier.prior_draws != rr.prior_draws),
        (
            "sequential test",
            earlier.sprt.is_some() || rr.sprt.is_some(),
        ),
    ]
    .into_iter()
    .find_map(|(what, differs)| differs.then_some(what));
    if let Some(setting) = differs {
        return Err(Error::ArenaChanged {
            dir: rr.out.to_path_buf(),
            setting,
        });
    }
    if let Some(&index) = others.first() {
        return Err(Error::JournalGame { path, index });
    }
    let mut code_versions = earlier.resumed.map(|r| r.code_versions).unwrap_or_default();
    if !code_versions.contains(&earlier.code_version) {
        code_versions.push(earlier.code_version);
    }
    Ok(Kept {
        resumed: Some(Resumed {
            games: games.len(),
            code_versions,
        }),
        games,
    })
}

/// The agents' names (their specs as text), refusing one given twice.
///
/// # Errors
/// [`Error::AgentTwice`] naming the spec given twice.
pub fn distinct_names(agents: &[AgentSpec]) -> Result<Vec<String>> {
    let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            return Err(Error::AgentTwice { name: n.clone() });
        }
    }
    Ok(names)
}

/// Writes the arena's `run.json`.
fn write_record(out: &Path, record: &ArenaRecord) -> Result<()> {
    atomic::write(&out.join("run.json"), serde_json::to_vec_pretty(record)?)?;
    Ok(())
}
