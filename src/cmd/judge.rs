//! `mankala judge`: an agent's moves against perfect play on positions from real games
//! (`selfplay::judge`), as a table, CSV and JSON files and a chart by game phase.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mankala_agents::{Exact, ExactError};
use mankala_engine::with_game;
use mankala_eval::judge::{self, Figures, Judgement};

use crate::args::GameArgs;
use crate::args::resources;

/// Options of `mankala judge`.
#[derive(Debug, Args)]
pub struct JudgeCommand {
    /// The agent to judge (an arena spec: `nn:model=PATH,sims=200`, `alphabeta:ms=500`, ...).
    #[arg(long, short)]
    pub agent: String,
    #[command(flatten)]
    pub game: GameArgs,
    /// Games to draw positions from: a directory of self-play shards, an arena's
    /// `games.jsonl`, or a directory holding one.
    #[arg(long, conflicts_with = "positions")]
    pub from_games: Option<PathBuf>,
    /// Positions to judge, one position text a line (`docs/notation.md`).
    #[arg(long)]
    pub positions: Option<PathBuf>,
    /// An endgame tablebase (`mankala tablebase build`): needed for Oware, whose positions
    /// are judged where the table reaches; it speeds up Kalah's solver.
    #[arg(long, short)]
    pub table: Option<PathBuf>,
    /// Only positions with at most this many seeds in play (Kalah's exact values cost
    /// little late in a game and minutes near its start).
    #[arg(long)]
    pub max_seeds: Option<u32>,
    /// Positions drawn from the games.
    #[arg(long, default_value_t = 200)]
    pub samples: usize,
    /// Seed of the draw and of the agent's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A directory for judge.csv (every position), judge.json and judge-phases.svg.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print one JSON object (the figures) instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl JudgeCommand {
    /// Judges and prints.
    ///
    /// # Errors
    /// A variant without exact values, Oware without a table, unreadable games or positions,
    /// a bad agent spec, or an output that cannot be written, each named.
    pub fn run(&self) -> Result<()> {
        let cfg = self.game.resolve()?;
        if self.samples == 0 {
            bail!("--samples 0: expected at least 1");
        }
        let resources = resources();
        let exact =
            Exact::new(&cfg.game, self.table.as_deref(), &resources.tables).map_err(|e| {
                let context = match (&e, &self.table) {
                    (ExactError::NeedsTable, _) => "judge: give --table FILE".to_string(),
                    (_, Some(p)) => format!("judge --table {}", p.display()),
                    (_, None) => "judge".to_string(),
                };
                anyhow::Error::new(e).context(context)
            })?;
        let variant = cfg.game.name();
        let agent =
            mankala_pipeline::arena::prepare(&cfg, std::slice::from_ref(&self.agent), &resources)?
                .pop()
                .expect("one agent");
        let judgement = with_game!(&cfg.game, g => {
            let positions = match (&self.from_games, &self.positions) {
                (Some(dir), None) => {
                    let lines = judge::game_lines(&cfg.game, dir)?;
                    judge::sample_positions(
                        g,
                        &lines,
                        &exact,
                        self.max_seeds.unwrap_or(u32::MAX),
                        self.samples,
                        self.seed,
                    )?
                }
                (None, Some(file)) => mankala_data::positions::read_positions(g, file).context("--positions")?,
                _ => bail!("judge: give --from-games DIR or --positions FILE"),
            };
            if positions.is_empty() {
                bail!("judge: no position to judge (none within the table?)");
            }
            let bar = ProgressBar::new(positions.len() as u64).with_style(
                ProgressStyle::with_template(
                    "judging {bar:30} {pos}/{len} positions  {per_sec}  eta {eta}",
                )
                .expect("template"),
            );
            let mut built = agent.build(g, self.seed);
            let j = judge::judge(built.as_mut(), &exact, &positions, self.seed, &mut |n| {
                bar.set_position(n as u64)
            });
            bar.finish_and_clear();
            j
        });
        if let Some(dir) = &self.out {
            judge::write_judgement(dir, &self.agent, variant, &judgement).context("judge --out")?;
        }
        if self.json {
            let summary = judge::JudgeSummary::of(&self.agent, variant, &judgement);
            println!("{}", serde_json::to_string(&summary)?);
        } else {
            print_table(&self.agent, variant, &judgement);
        }
        Ok(())
    }
}

fn row(label: &str, f: &Figures) -> String {
    let kept = f.result_kept.map_or(format!("{:>22}", "-"), |k| {
        format!(
            "{:>7.1}% [{:>5.1}, {:>5.1}]",
            100.0 * k.share,
            100.0 * k.low,
            100.0 * k.high
        )
    });
    format!(
        "{label:<12} {:>9} {:>7.1}% [{:>5.1}, {:>5.1}] {kept:>22} {:>8.2} [{:.2}, {:.2}] {:>10}",
        f.positions,
        100.0 * f.optimal,
        100.0 * f.optimal_low,
        100.0 * f.optimal_high,
        f.mean_loss,
        f.loss_low,
        f.loss_high,
        f.value_error.map_or("-".to_string(), |e| format!("{e:.3}")),
    )
}

fn print_table(agent: &str, variant: &str, j: &Judgement) {
    println!("{agent} on {variant}, against perfect play");
    println!(
        "{:<12} {:>9} {:>24} {:>22} {:>23} {:>10}",
        "seeds left",
        "positions",
        "perfect moves [95%]",
        "result kept [95%]",
        "seeds lost [95%]",
        "value err"
    );
    for f in &j.phases {
        println!("{}", row(&format!("{}-{}", f.seeds_from, f.seeds_to), f));
    }
    println!("{}", row("all", &j.overall));
    if let (Some(win), Some(n @ 1..)) = (j.overall.win_kept, j.overall.won_positions) {
        println!(
            "won positions {n}: the win kept in {:.1}% [{:.1}, {:.1}]",
            100.0 * win.share,
            100.0 * win.low,
            100.0 * win.high
        );
    }
}
