//! `mankala arena`: a round robin of agents with Bradley-Terry ratings.

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use clap::Args;
use mankala_config::{AgentSpec, Resolved};
use mankala_eval::sprt::Sprt;
use mankala_pipeline::arena::{ratings_table, standings};
use mankala_pipeline::ladder::Ladder;
use mankala_pipeline::layout::create_dir;
use mankala_pipeline::round_robin::{RoundRobin, distinct_names, round_robin};

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
    agents: Vec<AgentSpec>,
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
            matches: RoundRobin {
                agents: &self.agents,
                games: self.games,
                opening_plies: self.opening_plies,
                openings: self.openings.as_deref(),
                threads: threads_arg(self.threads)?,
                seed: self.seed,
                out: &out,
                prior_draws: self.prior_draws,
                sprt: self.sprt,
            },
            ladder: self.ladder,
            scaling: self.scaling.as_deref(),
        };
        run(&cfg, &args)
    }
}

/// Options of an arena besides the game.
#[derive(Debug)]
pub struct ArenaArgs<'a> {
    /// The agents and their matches (the ladder and the scaling use their settings too).
    pub matches: RoundRobin<'a>,
    /// The first agent against a ladder of the others.
    pub ladder: bool,
    /// The first agent, a network, at each of these simulation counts against the second.
    pub scaling: Option<&'a [u32]>,
}

/// Runs `mankala arena --ladder`: prints the climb, writes `ladder.json` and `games.jsonl`.
fn run_ladder(cfg: &Resolved, args: &ArenaArgs<'_>) -> Result<()> {
    let names = distinct_names(args.matches.agents).map_err(flagged)?;
    let ladder = Ladder {
        games: args.matches.games,
        opening_plies: args.matches.opening_plies,
        seed: args.matches.seed,
        threads: args.matches.threads,
    };
    let agents = mankala_pipeline::arena::prepare_specs(cfg, args.matches.agents, &resources())?;
    write_config(cfg, args.matches.out)?;
    let record = mankala_pipeline::ladder::climb_into(
        cfg,
        &agents,
        &names,
        &ladder,
        args.matches.out,
        &Bars::new(),
    )
    .map_err(flagged)?;
    print!("{}", record.table());
    println!(
        "wrote {}/{{ladder.json,games.jsonl}}",
        args.matches.out.display()
    );
    Ok(())
}

/// Runs `mankala arena --scaling`: prints the points, writes `scaling.json`, `scaling.svg`
/// and `games.jsonl`.
fn run_scaling(cfg: &Resolved, args: &ArenaArgs<'_>, sims: &[u32]) -> Result<()> {
    use mankala_pipeline::scaling;
    let [network, yardstick] = args.matches.agents else {
        bail!(
            "--scaling: a network and one yardstick, {} agents given",
            args.matches.agents.len()
        );
    };
    let plan = scaling::Scaling {
        sims: sims.to_vec(),
        games: args.matches.games,
        opening_plies: args.matches.opening_plies,
        seed: args.matches.seed,
        threads: args.matches.threads,
    };
    let agents = scaling::prepare(cfg, network, yardstick, sims, &resources()).map_err(flagged)?;
    write_config(cfg, args.matches.out)?;
    let names = (network.to_string(), yardstick.to_string());
    let record = scaling::measure_into(
        cfg,
        &agents,
        (names.0.as_str(), names.1.as_str()),
        &plan,
        args.matches.out,
        &Bars::new(),
    )?;
    print!("{}", record.table());
    println!(
        "wrote {}/{{scaling.json,scaling.svg,games.jsonl}}",
        args.matches.out.display()
    );
    Ok(())
}

/// A pipeline error with the option at fault named before it, which the library's message
/// leaves to its front: `--agents` for too few agents or one given twice, `--sprt` for a test
/// of other than two, `--scaling` for its counts or its first agent.
fn flagged(e: mankala_pipeline::Error) -> anyhow::Error {
    use mankala_pipeline::Error as E;
    let flag = match e {
        E::AgentTwice { .. } | E::TooFewAgents { .. } | E::NoRung { .. } => "--agents",
        E::SprtAgents { .. } => "--sprt",
        E::NoSimulationCounts | E::ZeroSimulations | E::SimulationsTwice { .. } => "--scaling",
        E::NotANetwork { .. } => "--scaling: the first agent",
        _ => return e.into(),
    };
    anyhow::Error::new(e).context(flag)
}

/// Writes the resolved config into the output folder, made when missing.
fn write_config(cfg: &Resolved, out: &Path) -> Result<()> {
    create_dir(out, "cannot create output directory")?;
    atomic::write(&out.join("config.toml"), cfg.to_toml().as_bytes())?;
    Ok(())
}

/// Runs `mankala arena`.
///
/// # Errors
/// Bad specs, models of another variant, or files that cannot be written.
pub fn run(cfg: &Resolved, args: &ArenaArgs<'_>) -> Result<()> {
    if args.matches.agents.len() < 2 {
        bail!("--agents: expected at least two agent specs");
    }
    if args.matches.games == 0 {
        bail!("--games 0: expected at least 1 game per pair");
    }
    if let Some(sims) = args.scaling {
        return run_scaling(cfg, args, sims);
    }
    if args.matches.sprt.is_some() && args.matches.agents.len() != 2 {
        bail!(
            "--sprt: a sequential test is of two agents, {} given",
            args.matches.agents.len()
        );
    }
    if args.ladder {
        return run_ladder(cfg, args);
    }
    let done = round_robin(cfg, &args.matches, &resources(), &Bars::new()).map_err(flagged)?;
    let names = &done.names;
    print!(
        "{}",
        ratings_table(names, &done.ratings, &standings(names.len(), &done.results))
    );
    println!(
        "{} games, {} per pair, {} distinct; ratings anchored at {} = 0",
        done.games,
        args.matches.games,
        done.games - done.repeated,
        names[done.anchor]
    );
    if done.repeated > 0 {
        eprintln!(
            "warning: {} of {} games repeat an earlier game move for move (agents \
             that choose alike from the same opening): they add nothing to the ratings; give \
             --opening-plies or --openings for more distinct openings",
            done.repeated, done.games
        );
    }
    if let (Some(test), Some((v, llr))) = (&args.matches.sprt, done.sprt) {
        let (lower, upper) = test.bounds();
        println!(
            "SPRT {} against {}, elo0 {} elo1 {}: {v} after {} games (LLR {llr:.2}, bounds {lower:.2} and {upper:.2})",
            names[0], names[1], test.elo0, test.elo1, done.games
        );
    }
    println!(
        "wrote {}/{{ratings.csv,ratings.json,ratings.svg,scores.svg,games.jsonl}}",
        args.matches.out.display()
    );
    Ok(())
}
