//! `mankala loop`: generation after generation of self-play, training, gating and
//! evaluation in one run directory. Every step leaves a marker file when it is finished, so
//! rerunning the same command continues at the first unfinished step. The layout is in
//! `docs/loop.md`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use mankala_engine::with_game;
use mankala_selfplay::arena::{GameRecord, schedule};
use mankala_selfplay::data::{list_shards, read_shard};
use mankala_selfplay::run::selfplay;
use mankala_selfplay::selfplay::game_seed;
use mankala_selfplay::{
    AgentSpec, AnyEvaluator, NetworkEvaluator, Prepared, RolloutEvaluator, Settings,
    UniformEvaluator,
};
use mankala_train::FirstEvaluator;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::cmd::selfplay::{now_secs, progress_bar, shard_meta};
use crate::cmd::{arena, report};
use crate::config::{self, Resolved, code_version, write_atomic};

/// The config of the main job: `mankala loop` without `--config`.
pub const DEFAULT_CONFIG: &str = include_str!("../../configs/default.toml");

/// The run directory of the main job.
pub const DEFAULT_RUN: &str = "runs/default";

/// Options of `mankala loop`.
#[derive(Debug)]
pub struct LoopArgs<'a> {
    /// The config file (the embedded default when `None`, or the run's own on a rerun).
    pub config: Option<&'a Path>,
    /// The run directory.
    pub run: &'a Path,
    /// Generations in all (default: the config's `[loop] generations`).
    pub generations: Option<u32>,
    /// Start no new step after this many hours.
    pub hours: Option<f64>,
    /// Worker threads.
    pub threads: usize,
    /// The run's seed on its first start.
    pub seed: Option<u64>,
}

/// What a run records about itself at its first start.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunRecord {
    /// The variant.
    pub variant: String,
    /// The seed every step's seed derives from.
    pub seed: u64,
    /// When the run was first started.
    pub started_unix: u64,
    /// Code version of the first start.
    pub code_version: String,
    /// Encoding version of the networks.
    pub encoding_version: u32,
    /// Code versions of later starts, in order.
    #[serde(default)]
    pub resumed_with: Vec<String>,
}

/// A result between two named players.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct NamedResult {
    /// First player.
    pub a: String,
    /// Second player.
    pub b: String,
    /// `a`'s wins.
    pub wins_a: f64,
    /// Draws (capped games included).
    pub draws: f64,
    /// `b`'s wins.
    pub wins_b: f64,
}

/// The marker of a finished self-play step.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SelfplayDone {
    /// Games in the generation's shards.
    pub games: u64,
    /// Rows (decisions).
    pub positions: u64,
    /// Mean plies per game.
    pub mean_length: f64,
    /// South wins, draws, North wins.
    pub results: [u64; 3],
    /// Games stopped by a cap.
    pub capped: u64,
    /// What the search evaluated with: `rollout`, `uniform` or `gen-N`.
    pub evaluator: String,
    /// Seconds spent (all starts of the step).
    pub seconds: f64,
}

/// The marker of a finished training step.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TrainDone {
    /// Steps of this generation.
    pub steps: u64,
    /// Samples seen.
    pub samples: u64,
    /// Final training policy loss.
    pub policy_loss: Option<f32>,
    /// Final training value loss.
    pub value_loss: Option<f32>,
    /// Validation policy loss.
    pub val_policy_loss: Option<f32>,
    /// Validation value loss.
    pub val_value_loss: Option<f32>,
    /// Training samples per second.
    pub samples_per_s: f64,
    /// Seconds spent.
    pub seconds: f64,
}

/// The marker of a finished gate.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GateDone {
    /// The opponent: `gen-N` or the first generation's `mcts:sims=N`.
    pub opponent: String,
    /// The new network's wins, draws and losses.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Share of points (NaN-free: 1 when no games were played).
    pub score: f64,
    /// Whether the new network became the best.
    pub promoted: bool,
    /// Seconds spent.
    pub seconds: f64,
}

/// The marker of a finished evaluation (or of the baselines' own round robin).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EvalDone {
    /// Results, one per pair.
    pub results: Vec<NamedResult>,
    /// Seconds spent.
    pub seconds: f64,
}

/// Paths of a run directory.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The run directory.
    pub root: PathBuf,
}

impl Layout {
    /// Generation `g`'s directory.
    pub fn generation(&self, g: u32) -> PathBuf {
        self.root.join(format!("gen-{g:04}"))
    }
    /// Generation `g`'s self-play shards.
    pub fn shards(&self, g: u32) -> PathBuf {
        self.generation(g).join("selfplay")
    }
    /// Generation `g`'s trainer directory.
    pub fn train(&self, g: u32) -> PathBuf {
        self.generation(g).join("train")
    }
    /// Generation `g`'s network.
    pub fn model(&self, g: u32) -> PathBuf {
        self.train(g).join("model.bpk")
    }
    /// A step's marker.
    pub fn marker(&self, g: u32, step: &str) -> PathBuf {
        self.generation(g).join(format!("{step}.json"))
    }
    /// The baselines' round robin.
    pub fn baselines(&self) -> PathBuf {
        self.root.join("baselines")
    }
}

/// Reads a marker if it exists.
///
/// # Errors
/// When it exists but cannot be read.
pub fn read_marker<T: DeserializeOwned>(path: &Path) -> Result<Option<T>> {
    if !path.exists() {
        return Ok(None);
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let value = serde_json::from_str(&text)
        .with_context(|| format!("{}: not a step record of this version", path.display()))?;
    Ok(Some(value))
}

fn write_marker<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    write_atomic(path, serde_json::to_string_pretty(value)?.as_bytes())
}

/// A seed for step `step` of generation `g`.
fn step_seed(seed: u64, g: u32, step: u64) -> u64 {
    game_seed(
        seed ^ step.wrapping_mul(0x632B_E59B_D9B4_E019),
        u64::from(g),
    )
}

/// The run in progress: config, layout, seed.
struct Run {
    cfg: Resolved,
    layout: Layout,
    seed: u64,
    threads: usize,
    name: String,
}

impl Run {
    fn arena_sims(&self) -> u32 {
        match self.cfg.generations.arena_simulations {
            0 => self.cfg.search.simulations,
            n => n,
        }
    }

    /// The spec of generation `g`'s network in arenas.
    fn network_spec(&self, g: u32) -> AgentSpec {
        AgentSpec::Network {
            model: self.layout.model(g),
            sims: self.arena_sims(),
            gumbel: self.cfg.search.gumbel,
        }
    }

    /// The first generation's player in gates: rollout MCTS at the arena's simulations.
    fn first_player(&self) -> AgentSpec {
        AgentSpec::Mcts {
            sims: self.arena_sims(),
            c: 2.0,
        }
    }

    /// The best network before generation `g`: the last one promoted.
    fn best_before(&self, g: u32) -> Result<Option<u32>> {
        let mut best = None;
        for k in 0..g {
            if let Some(gate) = read_marker::<GateDone>(&self.layout.marker(k, "gate"))?
                && gate.promoted
            {
                best = Some(k);
            }
        }
        Ok(best)
    }

    fn selfplay(&self, g: u32) -> Result<SelfplayDone> {
        let dir = self.layout.shards(g);
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let start = Instant::now();
        let total = self.cfg.generations.games;
        let done = games_in(&dir)?;
        let ids: Vec<u64> = (0..total).filter(|i| !done.contains(i)).collect();
        let best = self.best_before(g)?;
        let seed = step_seed(self.seed, g, 1);
        let (evaluator, name) = match best {
            Some(k) => {
                let rules = self.cfg.rules_toml();
                let (net, _) = mankala_models::file::load(
                    &self.layout.model(k),
                    &self.cfg.expected_model(&rules),
                    &mankala_models::device(),
                )?;
                (
                    AnyEvaluator::Network(NetworkEvaluator::new(net)),
                    format!("gen-{k}"),
                )
            }
            None => match self.cfg.generations.first_evaluator {
                FirstEvaluator::Rollout => (
                    AnyEvaluator::Rollout(RolloutEvaluator::new(seed)),
                    "rollout".into(),
                ),
                FirstEvaluator::Uniform => {
                    (AnyEvaluator::Uniform(UniformEvaluator), "uniform".into())
                }
            },
        };
        if !ids.is_empty() {
            let run_id = format!("{}-g{g:04}", self.name);
            let settings = Settings {
                search: self.cfg.search.clone(),
                selfplay: self.cfg.selfplay.clone(),
                run_id: run_id.clone(),
                generation: g,
                seed,
            };
            let meta = shard_meta(&self.cfg, &run_id, seed);
            let bar = progress_bar(total, "games", &format!("gen {g} self-play ({name})"));
            bar.set_position(done.len() as u64);
            let base = done.len() as u64;
            with_game!(&self.cfg.game, gm => selfplay(
                gm, &settings, &meta, &dir, &ids, self.threads,
                |w| evaluator.for_worker(w),
                |s| {
                    bar.set_position(base + s.games);
                    bar.set_message(format!("{:.0} positions/s", s.positions as f64 / s.seconds.max(1e-9)));
                },
            ))?;
            bar.finish_and_clear();
        }
        let mut summary = summarize(&dir)?;
        summary.evaluator = name;
        summary.seconds = start.elapsed().as_secs_f64();
        if summary.games != total {
            bail!(
                "{}: {} games in the shards, expected {total}",
                dir.display(),
                summary.games
            );
        }
        Ok(summary)
    }

    fn train(&self, g: u32) -> Result<TrainDone> {
        let start = Instant::now();
        let data: Vec<PathBuf> = (0..=g).map(|k| self.layout.shards(k)).collect();
        let init = g.checked_sub(1).map(|k| self.layout.model(k));
        let s = crate::cmd::train::fit(
            &self.cfg,
            &data,
            &self.layout.train(g),
            self.cfg.train.steps,
            step_seed(self.seed, g, 2),
            init.as_deref(),
            &format!("gen {g} train"),
        )?;
        let finite = |x: f32| x.is_finite().then_some(x);
        Ok(TrainDone {
            steps: s.step,
            samples: s.samples,
            policy_loss: finite(s.policy_loss),
            value_loss: finite(s.value_loss),
            val_policy_loss: finite(s.val_policy_loss),
            val_value_loss: finite(s.val_value_loss),
            samples_per_s: s.samples_per_s,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    /// Plays `pairs` between `agents` (named `names`) and saves the games in `dir`.
    fn arena(
        &self,
        agents: &[AgentSpec],
        names: &[String],
        pairs: &[(usize, usize)],
        games: u32,
        seed: u64,
        dir: &Path,
        label: &str,
    ) -> Result<Vec<NamedResult>> {
        let rules = self.cfg.rules_toml();
        let expected = self.cfg.expected_model(&rules);
        let prepared = agents
            .iter()
            .map(|a| Prepared::new(a.clone(), &self.cfg.search, &expected))
            .collect::<Result<Vec<_>, _>>()?;
        let pairings = with_game!(&self.cfg.game, gm => schedule(
            gm, pairs, games, self.cfg.generations.opening_plies, seed));
        let records = arena::play(&self.cfg, &prepared, &pairings, self.threads, label)?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        arena::save_games(&dir.join("games.jsonl"), &self.cfg, &records)?;
        Ok(named_results(&records, names))
    }

    fn gate(&self, g: u32) -> Result<GateDone> {
        let start = Instant::now();
        let best = self.best_before(g)?;
        let (opponent, opponent_name) = match best {
            Some(k) => (self.network_spec(k), format!("gen-{k}")),
            None => (self.first_player(), self.first_player().to_string()),
        };
        let games = self.cfg.generations.gate_games;
        if games == 0 {
            return Ok(GateDone {
                opponent: opponent_name,
                wins: 0,
                draws: 0,
                losses: 0,
                score: 1.0,
                promoted: true,
                seconds: 0.0,
            });
        }
        let names = [format!("gen-{g}"), opponent_name.clone()];
        let results = self.arena(
            &[self.network_spec(g), opponent],
            &names,
            &[(0, 1)],
            games,
            step_seed(self.seed, g, 3),
            &self.layout.generation(g).join("gate"),
            &format!("gen {g} gate vs {opponent_name}"),
        )?;
        let r = &results[0];
        let score = (r.wins_a + 0.5 * r.draws) / f64::from(games);
        Ok(GateDone {
            opponent: opponent_name,
            wins: r.wins_a as u32,
            draws: r.draws as u32,
            losses: r.wins_b as u32,
            score,
            promoted: score >= self.cfg.generations.gate_threshold,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    fn baseline_specs(&self) -> Result<Vec<AgentSpec>> {
        self.cfg
            .generations
            .baselines
            .iter()
            .map(|b| Ok(b.parse::<AgentSpec>()?))
            .collect()
    }

    fn evaluate(&self, g: u32) -> Result<EvalDone> {
        let start = Instant::now();
        let mut agents = vec![self.network_spec(g)];
        agents.extend(self.baseline_specs()?);
        let mut names = vec![format!("gen-{g}")];
        names.extend(agents[1..].iter().map(ToString::to_string));
        let pairs: Vec<(usize, usize)> = (1..agents.len()).map(|j| (0, j)).collect();
        let results = self.arena(
            &agents,
            &names,
            &pairs,
            self.cfg.generations.eval_games,
            step_seed(self.seed, g, 4),
            &self.layout.generation(g).join("eval"),
            &format!("gen {g} vs baselines"),
        )?;
        Ok(EvalDone {
            results,
            seconds: start.elapsed().as_secs_f64(),
        })
    }

    fn baselines(&self) -> Result<EvalDone> {
        let start = Instant::now();
        let agents = self.baseline_specs()?;
        let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
        let pairs: Vec<(usize, usize)> = (0..agents.len())
            .flat_map(|i| (i + 1..agents.len()).map(move |j| (i, j)))
            .collect();
        let results = self.arena(
            &agents,
            &names,
            &pairs,
            self.cfg.generations.eval_games,
            step_seed(self.seed, 0, 5),
            &self.layout.baselines(),
            "baselines",
        )?;
        Ok(EvalDone {
            results,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// Wins, draws and losses of every pair in `records`, by name.
pub fn named_results(records: &[GameRecord], names: &[String]) -> Vec<NamedResult> {
    mankala_selfplay::arena::pair_results(records)
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

/// Ids of the games in a directory's shards.
fn games_in(dir: &Path) -> Result<BTreeSet<u64>> {
    let mut ids = BTreeSet::new();
    for shard in list_shards(dir)? {
        let (_, rows) = read_shard(&shard)?;
        ids.extend(rows.iter().map(|r| r.game_id));
    }
    Ok(ids)
}

/// Game statistics of a directory's shards.
fn summarize(dir: &Path) -> Result<SelfplayDone> {
    let mut sum = mankala_selfplay::run::Summary::default();
    let mut seen = BTreeSet::new();
    let mut plies = 0u64;
    for shard in list_shards(dir)? {
        let (_, rows) = read_shard(&shard)?;
        let mut here = BTreeSet::new();
        for r in &rows {
            if !here.insert(r.game_id) {
                continue;
            }
            if !seen.insert(r.game_id) {
                bail!(
                    "{}: game {} is also in an earlier shard of {}",
                    shard.display(),
                    r.game_id,
                    dir.display()
                );
            }
            sum.add_game(r.outcome, &r.result, 0);
            plies += u64::from(r.game_length);
        }
        sum.positions += rows.len() as u64;
    }
    Ok(SelfplayDone {
        games: sum.games,
        positions: sum.positions,
        mean_length: plies as f64 / sum.games.max(1) as f64,
        results: sum.results,
        capped: sum.capped,
        evaluator: String::new(),
        seconds: 0.0,
    })
}

/// Loads the run's config: the run's own on a rerun (a given config must agree with it), a
/// given file or the embedded default on a first start.
fn load_config(args: &LoopArgs<'_>) -> Result<Resolved> {
    let saved = args.run.join("config.toml");
    let given = match args.config {
        Some(path) => Some(config::load(path)?),
        None => None,
    };
    if saved.exists() {
        let mut own = config::load(&saved)?;
        if let Some(given) = given {
            let mut g = given.clone();
            g.generations.generations = own.generations.generations;
            if g.to_toml() != own.to_toml() {
                bail!(
                    "run {} was started with another config ({}); give the same config, none, \
                     or a new --run directory",
                    args.run.display(),
                    saved.display()
                );
            }
            // Only the number of generations may change: a run can be extended.
            own.generations.generations = given.generations.generations;
        }
        return Ok(own);
    }
    match given {
        Some(cfg) => Ok(cfg),
        None => config::parse(DEFAULT_CONFIG).context("the embedded default config"),
    }
}

/// Runs `mankala loop`.
///
/// # Errors
/// A config, data, model or output file at fault, named.
pub fn run(args: &LoopArgs<'_>) -> Result<()> {
    let invocation = Instant::now();
    let cfg = load_config(args)?;
    std::fs::create_dir_all(args.run)
        .with_context(|| format!("cannot create run directory {}", args.run.display()))?;
    let record_path = args.run.join("run.json");
    let record = match read_marker::<RunRecord>(&record_path)? {
        Some(mut r) => {
            if let Some(seed) = args.seed
                && seed != r.seed
            {
                bail!(
                    "--seed {seed}: run {} was started with seed {}",
                    args.run.display(),
                    r.seed
                );
            }
            r.resumed_with.push(code_version());
            r
        }
        None => RunRecord {
            variant: cfg.game.name().into(),
            seed: args.seed.unwrap_or_else(now_secs),
            started_unix: now_secs(),
            code_version: code_version(),
            encoding_version: mankala_engine::ENCODING_VERSION,
            resumed_with: Vec::new(),
        },
    };
    let config_path = args.run.join("config.toml");
    if !config_path.exists() {
        write_atomic(&config_path, cfg.to_toml().as_bytes())?;
    }
    write_marker(&record_path, &record)?;
    let generations = args.generations.unwrap_or(cfg.generations.generations);
    let name = args
        .run
        .file_name()
        .map_or("run".into(), |n| n.to_string_lossy().into_owned());
    let run = Run {
        cfg,
        layout: Layout {
            root: args.run.to_path_buf(),
        },
        seed: record.seed,
        threads: args.threads,
        name,
    };
    println!(
        "run {}: {} generations of {}, seed {}",
        args.run.display(),
        generations,
        run.cfg.game.name(),
        run.seed
    );
    let out_of_time = || {
        args.hours
            .is_some_and(|h| invocation.elapsed().as_secs_f64() > h * 3600.0)
    };
    let baselines_marker = run.layout.baselines().join("results.json");
    if run.cfg.generations.eval_games > 0
        && run.cfg.generations.baselines.len() > 1
        && !baselines_marker.exists()
    {
        let done = run.baselines()?;
        write_marker(&baselines_marker, &done)?;
    }
    let mut stopped = false;
    'generations: for g in 0..generations {
        for step in ["selfplay", "train", "gate", "eval"] {
            let marker = run.layout.marker(g, step);
            if marker.exists() {
                continue;
            }
            if out_of_time() {
                stopped = true;
                break 'generations;
            }
            match step {
                "selfplay" => {
                    let d = run.selfplay(g)?;
                    let pct = |x: u64| 100.0 * x as f64 / d.games.max(1) as f64;
                    println!(
                        "gen {g} self-play: {} games with {}, {:.1} plies, first player {:.0}% win {:.0}% draw, {:.0} s",
                        d.games,
                        d.evaluator,
                        d.mean_length,
                        pct(d.results[0]),
                        pct(d.results[1]),
                        d.seconds
                    );
                    write_marker(&marker, &d)?;
                }
                "train" => {
                    let d = run.train(g)?;
                    println!(
                        "gen {g} train: {} steps, policy loss {}, value loss {}, {:.0} s",
                        d.steps,
                        fmt_loss(d.policy_loss),
                        fmt_loss(d.value_loss),
                        d.seconds
                    );
                    write_marker(&marker, &d)?;
                }
                "gate" => {
                    let d = run.gate(g)?;
                    println!(
                        "gen {g} gate vs {}: {}/{}/{} (score {:.2}): {}",
                        d.opponent,
                        d.wins,
                        d.draws,
                        d.losses,
                        d.score,
                        if d.promoted {
                            "promoted"
                        } else {
                            "kept the best"
                        }
                    );
                    write_marker(&marker, &d)?;
                }
                _ => {
                    let d = if run.cfg.generations.eval_games > 0 {
                        run.evaluate(g)?
                    } else {
                        EvalDone {
                            results: Vec::new(),
                            seconds: 0.0,
                        }
                    };
                    for r in &d.results {
                        println!("gen {g} vs {}: {}/{}/{}", r.b, r.wins_a, r.draws, r.wins_b);
                    }
                    write_marker(&marker, &d)?;
                }
            }
        }
        report::write(&run.cfg, &run.layout, &record)?;
    }
    let summary = report::write(&run.cfg, &run.layout, &record)?;
    if stopped {
        println!(
            "stopped after {:.2} hours (--hours); run the same command again to continue",
            invocation.elapsed().as_secs_f64() / 3600.0
        );
    }
    print!("{summary}");
    println!("report: {}", args.run.join("report.md").display());
    Ok(())
}

/// A loss for a summary line.
pub fn fmt_loss(x: Option<f32>) -> String {
    x.map_or("-".into(), |v| format!("{v:.3}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_default_config_resolves_with_a_loop_table() {
        let cfg = config::parse(DEFAULT_CONFIG).unwrap();
        assert_eq!(cfg.game.name(), "oware");
        assert!(cfg.generations.baselines.contains(&"random".to_string()));
        assert!(cfg.generations.baselines.contains(&"greedy".to_string()));
        assert!(cfg.generations.eval_games > 0);
    }

    #[test]
    fn loop_settings_out_of_range_are_named() {
        for (table, words) in [
            (
                "[loop]\ngate_threshold = 1.5",
                "[loop] gate_threshold = 1.5",
            ),
            ("[loop]\nbaselines = [\"greedy\"]", "includes \"random\""),
            (
                "[loop]\nbaselines = [\"random\", \"minimax\"]",
                "baselines[1]",
            ),
            (
                "[loop]\nbaselines = [\"random\", \"nn:model=x\"]",
                "networks change",
            ),
            ("[loop]\ngames = 0", "[loop] games = 0"),
            ("[loop]\ngenerations = 0", "[loop] generations = 0"),
            (
                "[loop]\nfirst_evaluator = \"network\"",
                "[loop]: first_evaluator = \"network\": unknown variant `network`, expected `uniform` or `rollout`",
            ),
            ("[loop]\ngate = 3", "unknown field `gate`"),
        ] {
            let text = format!("variant = \"kalah\"\n{table}\n");
            let e = format!("{:#}", config::parse(&text).unwrap_err());
            assert!(e.contains(words), "{table}: {e}");
        }
    }
}
