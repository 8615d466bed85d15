//! `mankala arena`: a round robin of agents with Bradley-Terry ratings.

use mankala_data::atomic;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use mankala_config::Resolved;
use mankala_engine::{State, with_game};
use mankala_eval::arena::{pair_results, round_robin_from};
use mankala_pipeline::arena::prepare;
use mankala_pipeline::arena::{play, rate, ratings_table, standings, write_ratings};
use mankala_pipeline::code_version;
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
    /// Agents: random, greedy, alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N[,c=C],
    /// nn:model=PATH[,sims=N][,gumbel=true], zoo[:VARIANT][,sims=N] (the shipped network).
    #[arg(long, short, num_args = 2.., required = true)]
    agents: Vec<String>,
    /// Games per pair of agents (colours alternate).
    #[arg(long, short = 'n', default_value_t = 20)]
    games: u32,
    /// Random plies opening each game; each opening is played with both colours.
    #[arg(long, default_value_t = 0)]
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
    let agents = prepare(cfg, args.agents, &resources())?;
    let names: Vec<String> = agents.iter().map(|a| a.spec.to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if names[..i].contains(n) {
            bail!("--agents: `{n}` is given twice");
        }
    }
    create_dir(args.out, "cannot create output directory")?;
    atomic::write(&args.out.join("config.toml"), cfg.to_toml().as_bytes())?;
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
        "code_version": code_version(),
    });
    let record = serde_json::to_string_pretty(&record).context("the run record")?;
    atomic::write(&args.out.join("run.json"), record.as_bytes())?;
    let records = play(cfg, &agents, &pairings, args.threads, "arena", &Bars::new())?;
    mankala_data::record::write_records(&args.out.join("games.jsonl"), &cfg.game, &records)?;
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
