//! `mankala tablebase build`: an endgame tablebase of Kalah or Oware written to a file
//! (`docs/ground-truth.md`), with a progress bar and the build's figures.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use mankala_engine::AnyGame;
use mankala_solver::report::TablebaseBuildReport;
use mankala_solver::tablebase::{MAX_TABLE_SEEDS, TableGame, Tablebase};

use crate::args::GameArgs;

/// `mankala tablebase ...`.
#[derive(Debug, Subcommand)]
pub enum TablebaseCommand {
    /// Build the table of every position with at most --seeds seeds in play.
    Build(BuildArgs),
    /// Check a table file (header, rules, checksum) and print its header.
    Check(CheckArgs),
}

/// Options of `mankala tablebase build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The game: `kalah` or `oware`, by name or config file.
    #[command(flatten)]
    pub game: GameArgs,
    /// Largest number of seeds in play.
    #[arg(long, short)]
    pub seeds: u32,
    /// The table file to write.
    #[arg(long, short)]
    pub out: PathBuf,
    /// Print one JSON object of the figures instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Options of `mankala tablebase check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The game: `kalah` or `oware`, by name or config file.
    #[command(flatten)]
    pub game: GameArgs,
    /// The table file.
    pub file: PathBuf,
}

/// The table game of a resolved variant.
fn table_game(game: &GameArgs) -> Result<TableGame> {
    let resolved = game.resolve()?;
    Ok(match resolved.game {
        AnyGame::Kalah(k) => TableGame::Kalah {
            empty_capture: k.rules.empty_capture,
        },
        AnyGame::Oware(_) => TableGame::Oware,
        other => bail!(
            "tablebase: variant {} has no tablebase; expected kalah or oware",
            other.name()
        ),
    })
}

impl TablebaseCommand {
    /// Runs the subcommand.
    ///
    /// # Errors
    /// A variant without tables, a seed count out of range, a file that cannot be written or
    /// a table that does not check, each named.
    pub fn run(&self) -> Result<()> {
        match self {
            TablebaseCommand::Build(a) => build(a),
            TablebaseCommand::Check(a) => {
                let game = table_game(&a.game)?;
                let tb = Tablebase::load(&a.file, game, None)?;
                let h = tb.header();
                println!(
                    "{}: {}, {} entries, CRC-32 {:08x}: ok",
                    a.file.display(),
                    h.describe(),
                    h.entries,
                    h.checksum
                );
                Ok(())
            }
        }
    }
}

fn build(a: &BuildArgs) -> Result<()> {
    let game = table_game(&a.game)?;
    if a.seeds > MAX_TABLE_SEEDS {
        bail!("--seeds {}: expected 0 to {MAX_TABLE_SEEDS}", a.seeds);
    }
    // One byte a position, C(seeds + 12, 12) of them: refuse what cannot fit in memory
    // rather than abort part way.
    let entries = (1..=12u128).fold(1u128, |c, k| c * (u128::from(a.seeds) + k) / k);
    if let Some(available) = crate::args::available_memory()
        && entries > u128::from(available)
    {
        bail!(
            "--seeds {}: the table holds {entries} positions ({:.1} GiB), more than the {:.1} \
             GiB of memory available",
            a.seeds,
            entries as f64 / (1u64 << 30) as f64,
            available as f64 / (1u64 << 30) as f64
        );
    }
    if let Some(dir) = a.out.parent()
        && !dir.as_os_str().is_empty()
        && !dir.is_dir()
    {
        bail!(
            "--out {}: directory {} does not exist",
            a.out.display(),
            dir.display()
        );
    }
    let bar = if a.json {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {human_pos}/{human_len} positions ({per_sec}, ETA {eta})",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar
    };
    let start = Instant::now();
    let tb = Tablebase::build(game, a.seeds, &|done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    let built = start.elapsed().as_secs_f64();
    tb.save(&a.out)
        .with_context(|| format!("--out {}", a.out.display()))?;
    let h = tb.header();
    let s = tb.stats();
    if a.json {
        // Through a `Value`, whose keys are sorted, as this object has always printed.
        let out = TablebaseBuildReport::of(&tb, built, &a.out);
        println!("{}", serde_json::to_value(&out)?);
    } else {
        println!("table        {}", h.describe());
        println!("positions    {}", h.entries);
        println!("size         {} bytes of values", tb.len_bytes());
        println!("built in     {built:.1} s");
        if game == TableGame::Oware {
            println!(
                "cycles       {} positions valued by the repetition convention, {} sweeps",
                s.cycle_dependent, s.sweeps
            );
            let levels: Vec<String> = s
                .cycle_dependent_by_seeds
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(n, c)| format!("{n}: {c}"))
                .collect();
            println!("  by seeds   {}", levels.join(", "));
        }
        println!(
            "wrote        {} (CRC-32 {:08x})",
            a.out.display(),
            h.checksum
        );
    }
    Ok(())
}
