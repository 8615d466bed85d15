//! `mankala arena`: a round robin of agents with Bradley-Terry ratings.

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use mankala_agents::Prepared;
use mankala_config::{AgentSpec, Resolved};
use mankala_engine::{State, with_game};
use mankala_eval::arena::{pair_results, repeated_games, round_robin_from};
use mankala_eval::sprt::Sprt;
use mankala_pipeline::arena::prepare;
use mankala_pipeline::arena::{play, play_until, rate, ratings_table, standings, write_ratings};
use mankala_pipeline::code_version;
use mankala_pipeline::ladder::{Ladder, LadderRecord};
use mankala_pipeline::layout::create_dir;
use serde_json::json;

use crate::args::resources;
use crate::args::{GameArgs, threads_arg};
use crate::progress::Bars;

pub use mankala_pipeline::arena::default_out;

/// `mankala arena`.
#[derive(Debug, Args)]
pub struct ArenaCommand {
    #[command(flatten)]
    game: GameArgs,
    /// Agents: random, greedy, alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N|ms=T[,c=C],
    /// nn:model=PATH[,sims=N|ms=T][,gumbel=true][,score=W], zoo[:VARIANT][,sims=N|ms=T] (the
    /// shipped network); ms=T: T milliseconds a move; score=W: the weight of a score head.
    #[arg(long, short, num_args = 2.., required = true)]
    agents: Vec<String>,
    /// Games per pair of agents (colours alternate).
    #[arg(long, short = 'n', default_value_t = 20)]
    games: u32,
    /// Random plies opening each game; each opening is played with both colours, so two
    /// deterministic agents still play different games (0: every game from the start).
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Start positions, one position text a line (`docs/notation.md`; blank lines and lines
    /// starting with `#` skipped): opening `k` starts from line `k` (cycling), each played
    /// with both colours, followed by `--opening-plies` random plies.
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Worker threads (default: every core).
    #[arg(long, short)]
    threads: Option<usize>,
    /// Seed of the openings and the agents' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output directory (default: runs/arena-<variant>-<time>).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// Virtual draws between players that met, keeping ratings finite.
    #[arg(long, default_value_t = 1.0)]
    prior_draws: f64,
    /// A sequential test for two agents, `ELO0,ELO1` (e.g. `0,50`): games are played in
    /// batches and the match stops once the first agent is shown to be `ELO1` stronger than
    /// the second (H1) or at most `ELO0` (H0), with 5% error rates; `--games` is the most.
    #[arg(long, value_parser = parse_sprt)]
    sprt: Option<Sprt>,
    /// A ladder: the first agent plays the others, given weakest first, one rung at a time
    /// as a binary search finds the rung it scores nearest 50% against (`--games` games a
    /// rung).
    #[arg(long, conflicts_with = "sprt")]
    ladder: bool,
    /// Simulation scaling, `N1,N2,...` (e.g. `50,200,800,3200`): the first agent, a network
    /// (`nn` or `zoo`), plays the second at each of these simulation counts, `--games` games
    /// each from the same openings; writes `scaling.json` and `scaling.svg`.
    #[arg(long, value_delimiter = ',', conflicts_with_all = ["sprt", "ladder"])]
    scaling: Option<Vec<u32>>,
}

/// `ELO0,ELO1` with `ELO0 < ELO1`.
fn parse_sprt(text: &str) -> Result<Sprt, String> {
    let bad = || format!("`{text}`: expected ELO0,ELO1 with ELO0 below ELO1, e.g. 0,50");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (elo0, elo1): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo1 - elo0 <= 2000.0) {
        return Err(bad());
    }
    Ok(Sprt::new(elo0, elo1))
}

impl ArenaCommand {
    /// Checks the arguments and runs the arena.
    ///
    /// # Errors
    /// Bad arguments, or as [`run`].
    pub fn run(self) -> Result<()> {
        let cfg = self.game.resolve()?;
        if !(0.0..=100.0).contains(&self.prior_draws) {
            bail!("--prior-draws {}: expected 0 to 100", self.prior_draws);
        }
        let out = self.out.unwrap_or_else(|| default_out(cfg.game.name()));
        let args = ArenaArgs {
            agents: &self.agents,
            games: self.games,
            opening_plies: self.opening_plies,
            openings: self.openings.as_deref(),
            threads: threads_arg(self.threads)?,
            seed: self.seed,
            out: &out,
            prior_draws: self.prior_draws,
            sprt: self.sprt,
            ladder: self.ladder,
            scaling: self.scaling.as_deref(),
        };
        run(&cfg, &args)
    }
}

/// Options of an arena besides the game.
#[derive(Debug)]
pub struct ArenaArgs<'a> {
    /// Agent specs.
    pub agents: &'a [String],
    /// Games per pair.
    pub games: u32,
    /// Random plies opening each game.
    pub opening_plies: u32,
    /// A file of start positions as text.
    pub openings: Option<&'a Path>,
    /// Worker threads.
    pub threads: usize,
    /// Seed of openings and agents' random choices.
    pub seed: u64,
    /// Output directory.
    pub out: &'a Path,
    /// Virtual draws keeping ratings finite.
    pub prior_draws: f64,
    /// A sequential test of the first agent against the second (two agents only).
    pub sprt: Option<Sprt>,
    /// The first agent against a ladder of the others.
    pub ladder: bool,
    /// The first agent, a network, at each of these simulation counts against the second.
    pub scaling: Option<&'a [u32]>,
}

/// The start positions of `--openings FILE`, each checked as a position of `g`.
///
/// # Errors
/// A file that cannot be read, holds no position, or a line that is not a position of the
/// game, naming the file, the line and the field.
fn read_starts<G: mankala_engine::Game>(g: &G, path: &Path) -> Result<Vec<G::State>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("--openings {}: cannot read", path.display()))?;
    let starts = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let s = g
                .parse_position(l.trim())
                .with_context(|| format!("--openings {}: line {}", path.display(), i + 1))?;
            if s.is_terminal() {
                bail!(
                    "--openings {}: line {}: the game is over there",
                    path.display(),
                    i + 1
                );
            }
            Ok(s)
        })
        .collect::<Result<Vec<_>>>()?;
    if starts.is_empty() {
        bail!("--openings {}: no position in the file", path.display());
    }
    Ok(starts)
}

/// Runs `mankala arena --ladder`: prints the climb, writes `ladder.json` and `games.jsonl`.
fn run_ladder(
    cfg: &Resolved,
    args: &ArenaArgs<'_>,
    agents: &[Prepared],
    names: &[String],
) -> Result<()> {
    let ladder = Ladder {
        games: args.games,
        opening_plies: args.opening_plies,
        seed: args.seed,
        threads: args.threads,
    };
    let start = std::time::Instant::now();
    let (climbed, records) = mankala_pipeline::ladder::run(cfg, agents, &ladder, &Bars::new())?;
    mankala_data::record::write_records(&args.out.join("games.jsonl"), &cfg.game, &records)?;
    let mut record = LadderRecord::new(cfg, names, &ladder, &climbed, &records);
    record.seconds = start.elapsed().as_secs_f64();
    let text = serde_json::to_string_pretty(&record).context("the ladder record")?;
    atomic::write(&args.out.join("ladder.json"), text.as_bytes())?;
    print!("{}", record.table());
    println!("wrote {}/{{ladder.json,games.jsonl}}", args.out.display());
    Ok(())
}

/// Runs `mankala arena --scaling`: prints the points, writes `scaling.json`, `scaling.svg`
/// and `games.jsonl`.
fn run_scaling(cfg: &Resolved, args: &ArenaArgs<'_>, sims: &[u32]) -> Result<()> {
    use mankala_pipeline::scaling;
    if args.agents.len() != 2 {
        bail!(
            "--scaling: a network and one yardstick, {} agents given",
            args.agents.len()
        );
    }
    let network: AgentSpec = args.agents[0].parse()?;
    let mut specs = scaling::at_each(&network, sims)?;
    specs.push(args.agents[1].parse()?);
    let agents = mankala_pipeline::arena::prepare_specs(cfg, &specs, &resources())?;
    create_dir(args.out, "cannot create output directory")?;
    atomic::write(&args.out.join("config.toml"), cfg.to_toml().as_bytes())?;
    let plan = scaling::Scaling {
        sims: sims.to_vec(),
        games: args.games,
        opening_plies: args.opening_plies,
        seed: args.seed,
        threads: args.threads,
    };
    let start = std::time::Instant::now();
    let (points, records) = scaling::run(cfg, &agents, &plan, &Bars::new())?;
    mankala_data::record::write_records(&args.out.join("games.jsonl"), &cfg.game, &records)?;
    let names = (args.agents[0].as_str(), args.agents[1].as_str());
    let mut record = scaling::ScalingRecord::new(cfg, names, &plan, &points, &records);
    record.seconds = start.elapsed().as_secs_f64();
    let text = serde_json::to_string_pretty(&record).context("the scaling record")?;
    atomic::write(&args.out.join("scaling.json"), text.as_bytes())?;
    atomic::write(&args.out.join("scaling.svg"), record.chart().as_bytes())?;
    print!("{}", record.table());
    println!(
        "wrote {}/{{scaling.json,scaling.svg,games.jsonl}}",
        args.out.display()
    );
    Ok(())
}

/// Writes the arena's `run.json`.
fn write_record(out: &Path, record: &serde_json::Value) -> Result<()> {
    let text = serde_json::to_string_pretty(record).context("the run record")?;
    atomic::write(&out.join("run.json"), text.as_bytes())?;
    Ok(())
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
    if let Some(sims) = args.scaling {
        return run_scaling(cfg, args, sims);
    }
    if args.sprt.is_some() && args.agents.len() != 2 {
        bail!(
            "--sprt: a sequential test is of two agents, {} given",
            args.agents.len()
        );
    }
    let agents = prepare(cfg, args.agents, &resources())?;
    let names: Vec<String> = agents.iter().map(|a| a.spec.to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            bail!("--agents: `{n}` is given twice");
        }
    }
    create_dir(args.out, "cannot create output directory")?;
    atomic::write(&args.out.join("config.toml"), cfg.to_toml().as_bytes())?;
    if args.ladder {
        return run_ladder(cfg, args, &agents, &names);
    }
    let pairings = with_game!(&cfg.game, g => {
        let starts = match args.openings {
            Some(path) => read_starts(g, path)?,
            None => Vec::new(),
        };
        round_robin_from(g, &starts, agents.len(), args.games, args.opening_plies, args.seed)
    });
    let record = json!({
        "variant": cfg.game.name(),
        "agents": names,
        "games_per_pair": args.games,
        "opening_plies": args.opening_plies,
        "openings": args.openings.map(|p| p.display().to_string()),
        "seed": args.seed,
        "threads": args.threads,
        "prior_draws": args.prior_draws,
        "sprt": args.sprt.map(|t| json!({"elo0": t.elo0, "elo1": t.elo1, "alpha": t.alpha, "beta": t.beta})),
        "code_version": code_version(),
        "device": mankala_models::device_name(),
    });
    write_record(args.out, &record)?;
    let (records, verdict) = match &args.sprt {
        Some(test) => {
            let (r, v) = play_until(
                cfg,
                &agents,
                &pairings,
                args.threads,
                test,
                "arena",
                &Bars::new(),
            )?;
            (r, Some(v))
        }
        None => (
            play(cfg, &agents, &pairings, args.threads, "arena", &Bars::new())?,
            None,
        ),
    };
    mankala_data::record::write_records(&args.out.join("games.jsonl"), &cfg.game, &records)?;
    let repeated = repeated_games(&records);
    let mut record = record;
    record["games_played"] = json!(records.len());
    record["distinct_games"] = json!(records.len() - repeated);
    if let (Some(test), Some(v)) = (&args.sprt, verdict) {
        let [w, d, l] = standings(2, &pair_results(&records))[0];
        record["sprt"]["llr"] = json!(test.llr(w, d, l));
        record["sprt"]["verdict"] = json!(v.to_string());
    }
    write_record(args.out, &record)?;
    let results = pair_results(&records);
    let (anchor, ratings) = rate(&names, &results, args.prior_draws)?;
    let title = format!("{}: arena ratings", cfg.game.name());
    write_ratings(args.out, &title, &names, anchor, &ratings, &results)?;
    print!(
        "{}",
        ratings_table(&names, &ratings, &standings(names.len(), &results))
    );
    println!(
        "{} games, {} per pair, {} distinct; ratings anchored at {} = 0",
        records.len(),
        args.games,
        records.len() - repeated,
        names[anchor]
    );
    if repeated > 0 {
        eprintln!(
            "warning: {repeated} of {} games repeat an earlier game move for move (agents \
             that choose alike from the same opening): they add nothing to the ratings; give \
             --opening-plies or --openings for more distinct openings",
            records.len()
        );
    }
    if let (Some(test), Some(v)) = (&args.sprt, verdict) {
        let [w, d, l] = standings(2, &pair_results(&records))[0];
        let (lower, upper) = test.bounds();
        println!(
            "SPRT {} against {}, elo0 {} elo1 {}: {v} after {} games (LLR {:.2}, bounds {lower:.2} and {upper:.2})",
            names[0],
            names[1],
            test.elo0,
            test.elo1,
            records.len(),
            test.llr(w, d, l)
        );
    }
    println!(
        "wrote {}/{{ratings.csv,ratings.json,ratings.svg,scores.svg,games.jsonl}}",
        args.out.display()
    );
    Ok(())
}
