//! `mankala openings`: the openings of self-play data — how often each line of first
//! decisions was played and how the first player (South) fared after it — and, with a model,
//! the agent's own evaluation by search of every first move and every reply.
//!
//! The statistics, the model's view and their files are `mankala_eval::openings`; this
//! module checks the options, runs them with a progress bar and prints the tables.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use mankala_config::Resolved;
use mankala_engine::with_game;
use mankala_eval::openings::files::{
    ModelSource, Source, markdown_table, model_table, remove_model_eval, write_model_eval,
    write_report,
};
use mankala_eval::openings::{build_report, read_games};
use mankala_pipeline::code_version;

mod model_eval;

use model_eval::evaluate_model;

/// The deepest opening `--depth` accepts.
pub const MAX_DEPTH: u32 = 64;

/// `mankala openings`.
#[derive(Debug, clap::Args)]
pub struct OpeningsCommand {
    #[command(flatten)]
    game: crate::args::GameArgs,
    /// A self-play output directory (its shards and its direct subdirectories').
    #[arg(long, short)]
    data: PathBuf,
    /// Decisions per opening (1 to 64).
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// Leave out lines played in fewer games.
    #[arg(long, default_value_t = 1)]
    min_games: u64,
    /// Output directory (default: runs/openings/<variant>).
    #[arg(long, short)]
    out: Option<PathBuf>,
    /// A trained model whose agent evaluates every first move and reply.
    #[arg(long, short)]
    model: Option<PathBuf>,
    /// Simulations of the model's search per position.
    #[arg(long, default_value_t = 100)]
    sims: u32,
    /// Seed of the model agent's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl OpeningsCommand {
    /// Resolves the game and runs [`run`].
    ///
    /// # Errors
    /// As [`run`], or a config that cannot be read.
    pub fn run(self) -> Result<()> {
        let cfg = self.game.resolve()?;
        let out = self.out.unwrap_or_else(|| default_out(cfg.game.name()));
        run(
            &cfg,
            &OpeningsArgs {
                data: &self.data,
                depth: self.depth,
                min_games: self.min_games,
                out: &out,
                model: self.model.as_deref(),
                sims: self.sims,
                seed: self.seed,
            },
        )
    }
}

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
    let data = args.data;
    if !data.exists() {
        bail!("data directory {} does not exist", data.display());
    }
    if !data.is_dir() {
        bail!("--data {}: not a directory", data.display());
    }
    let (games, shards) = read_games(&cfg.game, data)?;
    let report = with_game!(&cfg.game, g => build_report(g, &games, args.depth, args.min_games));
    std::fs::create_dir_all(args.out)
        .with_context(|| format!("cannot create output directory {}", args.out.display()))?;
    let code_version = code_version();
    let source = Source {
        game: &cfg.game,
        data,
        shards,
        depth: args.depth,
        min_games: args.min_games,
        code_version: &code_version,
    };
    write_report(args.out, &source, &report)?;
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
            let source = ModelSource {
                game: &cfg.game,
                model,
                sims: args.sims,
                seed: args.seed,
                code_version: &code_version,
            };
            write_model_eval(args.out, &source, &evals)?;
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
