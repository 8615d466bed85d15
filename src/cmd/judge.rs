//! `mankala judge`: an agent's moves against perfect play on positions from real games
//! (`selfplay::judge`), as a table, CSV and JSON files and a chart by game phase.

use mankala_data::atomic;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mankala_agents::Exact;
use mankala_charts::{IntervalPoint, interval_line_chart};
use mankala_engine::{Game, with_game};
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
        let variant = cfg.game.name();
        if !Exact::exists_for(variant) {
            bail!("judge: {variant} has no exact values; expected kalah, oware or bao-kujifunza");
        }
        if variant == "oware" && self.table.is_none() {
            bail!("judge: oware is judged within an endgame tablebase: give --table FILE");
        }
        if self.samples == 0 {
            bail!("--samples 0: expected at least 1");
        }
        let rules = cfg.rules_toml();
        let resources = resources();
        let exact = Exact::new(
            variant,
            &rules,
            self.table.as_deref(),
            variant == "kalah",
            &resources.tables,
        )
        .with_context(|| match &self.table {
            Some(p) => format!("--table {}", p.display()),
            None => "judge".to_string(),
        })?;
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
                (None, Some(file)) => read_positions(g, file)?,
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
            write_outputs(dir, &self.agent, variant, &judgement)?;
        }
        if self.json {
            let out = serde_json::json!({
                "agent": self.agent,
                "variant": variant,
                "overall": judgement.overall,
                "phases": judgement.phases,
            });
            println!("{out}");
        } else {
            print_table(&self.agent, variant, &judgement);
        }
        Ok(())
    }
}

/// Positions from a file of position texts, one a line.
fn read_positions<G: Game>(g: &G, file: &std::path::Path) -> Result<Vec<G::State>> {
    let text = std::fs::read_to_string(file)
        .with_context(|| format!("--positions {}: cannot read", file.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            g.parse_position(l.trim())
                .with_context(|| format!("--positions {}: line {}", file.display(), i + 1))
        })
        .collect()
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

fn write_outputs(dir: &std::path::Path, agent: &str, variant: &str, j: &Judgement) -> Result<()> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--out {}: cannot create", dir.display()))?;
    let mut csv = csv::Writer::from_writer(Vec::new());
    csv.write_record([
        "position",
        "seeds_in_play",
        "exact",
        "agent_move",
        "best_moves",
        "optimal",
        "keeps_result",
        "loss",
        "value",
        "value_error",
    ])?;
    for p in &j.positions {
        csv.write_record([
            p.position.clone(),
            p.seeds_in_play.to_string(),
            p.exact.to_string(),
            p.agent_move.clone(),
            p.best_moves.join(" "),
            p.optimal.to_string(),
            p.keeps_result.to_string(),
            p.loss.to_string(),
            p.value.map_or(String::new(), |v| v.to_string()),
            p.value_error.map_or(String::new(), |v| v.to_string()),
        ])?;
    }
    let csv = csv.into_inner().context("judge.csv")?;
    atomic::write(&dir.join("judge.csv"), &csv)?;
    let json = serde_json::to_vec_pretty(&serde_json::json!({
        "agent": agent,
        "variant": variant,
        "overall": j.overall,
        "phases": j.phases,
    }))?;
    atomic::write(&dir.join("judge.json"), &json)?;
    let points = |f: fn(&Figures) -> (f64, f64, f64)| -> Vec<IntervalPoint> {
        j.phases
            .iter()
            .map(|p| {
                let (y, low, high) = f(p);
                IntervalPoint {
                    x: (p.seeds_from + p.seeds_to) as f64 / 2.0,
                    y,
                    low,
                    high,
                }
            })
            .collect()
    };
    let svg = interval_line_chart(
        &format!("{agent} on {variant}: perfect moves by seeds left"),
        "seeds left on the board",
        "perfect moves (%)",
        &points(|f| {
            (
                100.0 * f.optimal,
                100.0 * f.optimal_low,
                100.0 * f.optimal_high,
            )
        }),
        &[],
    );
    atomic::write(&dir.join("judge-phases.svg"), svg.as_bytes())?;
    Ok(())
}
