//! One run directory opened for work, and each step of a generation as a function over it:
//! [`Run::selfplay`], [`Run::train`], [`Run::gate`], [`Run::evaluate`], [`Run::baselines`].
//! [`Run::run_step`] runs a step and writes its marker; a worker that owns one step calls it
//! alone, `mankala loop` calls them in order ([`crate::generations`]).

use mankala_data::atomic;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use mankala_agents::{AgentSpec, Resources};
use mankala_data::record::GameJournal;
use mankala_data::{list_shards, read_shard};
use mankala_engine::with_game;
use mankala_eval::arena::schedule;
use mankala_search::AnyEvaluator;
use mankala_selfplay::run::{Shards, selfplay};

use crate::arena::{self, named_results};
use mankala_config::{DEFAULT_CONFIG, Resolved};

use crate::code_version;
use crate::error::{Error, Result};
use crate::layout::{Layout, Step, create_dir, read_marker, step_seed, write_marker};
use crate::progress::Progress;
use crate::records::{
    Beside, EvalDone, GateDone, NamedResult, RunRecord, SelfplayDone, StepRecord, TrainDone,
};
use crate::selfplay::{
    for_evaluator, load_network, network_evaluator, rate_note, settings, shard_meta,
};
use crate::train;

mod closing;

/// The most seeds of the Oware table a run builds for judging when `[loop] judge_table`
/// names none (`tables/oware-N.mtb` in the run directory).
pub const OWARE_JUDGE_SEEDS: u32 = 12;

/// The run directory of the main job.
pub const DEFAULT_RUN: &str = "runs/default";

/// How to open a run directory.
#[derive(Debug, Clone, Copy)]
pub struct OpenOptions<'a> {
    /// The run directory.
    pub dir: &'a Path,
    /// A config file: required to agree with the run's own on a rerun (except for the number
    /// of generations); on a first start the embedded default when `None`.
    pub config: Option<&'a Path>,
    /// The run's seed on its first start (default: from the clock); a rerun must give the
    /// recorded seed or none.
    pub seed: Option<u64>,
    /// Worker threads of self-play, arenas, reanalysis and each training step.
    pub threads: usize,
}

/// A generation's training: how many steps, after how many, on how large a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Its steps.
    pub steps: u64,
    /// The steps of the generations before it (its place in a run-long schedule).
    pub steps_before: u64,
    /// Rows of its window.
    pub window: u64,
}

/// A run directory opened for work: its config, layout, record and seed.
#[derive(Debug)]
pub struct Run {
    /// The run's resolved config.
    pub cfg: Resolved,
    /// Its paths.
    pub layout: Layout,
    /// Its record (`run.json`), with this start appended on a rerun.
    pub record: RunRecord,
    /// Worker threads.
    pub threads: usize,
    /// The generations of this invocation of the loop ([`Run::with_generations`]; the
    /// config's `[loop] generations` by default).
    generations: u32,
    /// The run's name in shard run ids: the directory's name.
    name: String,
    /// What its agents read: no zoo (networks of a run are its own), and the tablebases
    /// its agents and judging have read, kept for the run.
    resources: Resources,
}

/// Games of an arena: `games` per pair of `pairs` between `agents` (named `names`), from
/// openings drawn by `seed`.
#[derive(Clone, Copy)]
struct Matches<'a> {
    agents: &'a [AgentSpec],
    names: &'a [String],
    pairs: &'a [(usize, usize)],
    games: u32,
    seed: u64,
}

impl Run {
    /// Opens a run directory: creates it on a first start and writes `config.toml`; records
    /// this start in `run.json`.
    ///
    /// # Errors
    /// A config that cannot be read or differs from the run's own ([`Error::ConfigChanged`]),
    /// a seed that differs ([`Error::SeedChanged`]), files that cannot be written.
    pub fn open(opts: &OpenOptions<'_>) -> Result<Run> {
        let layout = Layout::new(opts.dir);
        let (cfg, extended) = load_config(&layout, opts.config)?;
        create_dir(opts.dir, "cannot create run directory")?;
        let record = match read_marker::<RunRecord>(&layout.record())? {
            Some(mut r) => {
                r.check_seed(opts.seed, opts.dir)?;
                if extended {
                    // A given config that changes only the number of generations (checked
                    // above): the run's config.toml holds the new number, so that a later
                    // rerun without a config goes to it too, with the same run-long schedule.
                    atomic::write(&layout.config(), cfg.to_toml().as_bytes())?;
                }
                r.resumed_with.push(code_version());
                r.resumed_on.push(mankala_models::device_name());
                r.resumed_threads.push(opts.threads);
                r
            }
            None => RunRecord::first_start(&cfg, opts.seed, opts.threads),
        };
        if !layout.config().exists() {
            atomic::write(&layout.config(), cfg.to_toml().as_bytes())?;
        }
        write_marker(&layout.record(), &record)?;
        let name = opts
            .dir
            .file_name()
            .map_or("run".into(), |n| n.to_string_lossy().into_owned());
        Ok(Run {
            generations: cfg.loop_.generations,
            cfg,
            layout,
            record,
            threads: opts.threads,
            name,
            resources: Resources::default(),
        })
    }

    /// The same run driven to `generations` generations in all (`mankala loop
    /// --generations`): its last generation, the one `[loop] eval_every` evaluates besides
    /// its multiples, is then `generations - 1`, not the config's last. Nothing else changes:
    /// a run-long learning-rate schedule (`[train] schedule_span = "run"`) and the report
    /// still span the config's `[loop] generations`, so a run stopped and extended trains
    /// the networks that one uninterrupted run would.
    pub fn with_generations(mut self, generations: u32) -> Run {
        self.generations = generations;
        self
    }

    /// The generations in all of this invocation of the loop (those already finished
    /// count): [`Run::with_generations`]'s, or the config's `[loop] generations`.
    pub fn generations(&self) -> u32 {
        self.generations
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.record.seed
    }

    /// Whether step `step` of generation `g` has its marker.
    pub fn is_done(&self, g: u32, step: Step) -> bool {
        self.layout.marker(g, step).exists()
    }

    /// Runs step `step` of generation `g` and writes its marker.
    ///
    /// # Errors
    /// As the step's function.
    pub fn run_step(&self, g: u32, step: Step, progress: &dyn Progress) -> Result<StepRecord> {
        let marker = self.layout.marker(g, step);
        let cpu = crate::cpu::process_seconds();
        let record = match step {
            Step::Selfplay => {
                let mut d = self.selfplay(g, progress)?;
                d.cpu_seconds = crate::cpu::since(cpu);
                write_marker(&marker, &d)?;
                StepRecord::Selfplay(d)
            }
            Step::Train => {
                let mut d = self.train(g, progress)?;
                d.cpu_seconds = crate::cpu::since(cpu);
                write_marker(&marker, &d)?;
                StepRecord::Train(d)
            }
            Step::Gate => {
                let mut d = self.gate(g, progress)?;
                d.cpu_seconds = crate::cpu::since(cpu);
                write_marker(&marker, &d)?;
                StepRecord::Gate(d)
            }
            Step::Eval => {
                let mut d = self.evaluate(g, progress)?;
                d.cpu_seconds = crate::cpu::since(cpu);
                write_marker(&marker, &d)?;
                StepRecord::Eval(d)
            }
        };
        Ok(record)
    }

    /// Writes the marker of self-play `done` ([`Run::selfplay`]) of generation `g` that ran
    /// beside other steps (`[loop] overlap`), with the wall and CPU seconds the loop waited
    /// for it after them; its own CPU time is not its own (the steps beside it share the
    /// process), so it records none.
    ///
    /// # Errors
    /// The marker that cannot be written.
    pub fn finish_beside(
        &self,
        g: u32,
        mut done: SelfplayDone,
        beside: Beside,
    ) -> Result<StepRecord> {
        done.cpu_seconds = None;
        done.beside = Some(beside);
        write_marker(&self.layout.marker(g, Step::Selfplay), &done)?;
        Ok(StepRecord::Selfplay(done))
    }

    /// Whether the config asks for the baselines' own round robin.
    pub fn wants_baselines(&self) -> bool {
        self.cfg.loop_.eval_games > 0 && self.cfg.loop_.baselines.len() > 1
    }

    /// The spec of generation `g`'s network in arenas.
    pub fn network_spec(&self, g: u32) -> AgentSpec {
        AgentSpec::Network {
            model: self.layout.model(g),
            sims: self.cfg.arena_simulations(),
            gumbel: self.cfg.search.gumbel,
            millis: None,
            score: None,
        }
    }

    /// The first generation's opponent in gates: rollout MCTS at the arena's simulations.
    pub fn first_player(&self) -> AgentSpec {
        AgentSpec::Mcts {
            sims: self.cfg.arena_simulations(),
            c: 2.0,
            millis: None,
        }
    }

    /// The best network before generation `g`: the last one promoted.
    ///
    /// # Errors
    /// A gate marker that cannot be read.
    pub fn best_before(&self, g: u32) -> Result<Option<u32>> {
        let mut best = None;
        for k in 0..g {
            if let Some(gate) = read_marker::<GateDone>(&self.layout.marker(k, Step::Gate))?
                && gate.promoted
            {
                best = Some(k);
            }
        }
        Ok(best)
    }

    /// The evaluator of self-play with the network of generation `best`, or the config's
    /// first evaluator before any network is promoted; and its name (`gen-K`, `rollout`).
    ///
    /// # Errors
    /// The model file at fault, named.
    pub fn evaluator_for(&self, best: Option<u32>, seed: u64) -> Result<(AnyEvaluator, String)> {
        let evaluator = match best {
            Some(k) => {
                let (net, encoding) = load_network(&self.cfg, &self.layout.model(k), false)?;
                network_evaluator(&self.cfg, net, encoding, seed)
            }
            None => AnyEvaluator::without_network(self.cfg.loop_.first_evaluator, seed),
        };
        Ok((evaluator, self.evaluator_name(best)))
    }

    /// The name of [`Run::evaluator_for`]'s evaluator (`gen-K`, `rollout`), without making it.
    pub fn evaluator_name(&self, best: Option<u32>) -> String {
        match best {
            Some(k) => format!("gen-{k}"),
            None => self.cfg.loop_.first_evaluator.name().into(),
        }
    }

    /// Self-play of generation `g` with the best network so far (or the first evaluator;
    /// with `[loop] overlap`, the best before generation `g - 1`, which trains meanwhile):
    /// plays the games its shards lack, so an interrupted step continues.
    ///
    /// # Errors
    /// Models, shards or files at fault, named; shards that do not hold the step's games.
    pub fn selfplay(&self, g: u32, progress: &dyn Progress) -> Result<SelfplayDone> {
        let dir = self.layout.shards(g);
        create_dir(&dir, "cannot create")?;
        let start = Instant::now();
        let total = self.cfg.loop_.games;
        let done = games_in(&dir)?;
        let ids: Vec<u64> = (0..total).filter(|i| !done.contains(i)).collect();
        let best = self.best_before(self.cfg.loop_.selfplay_sees(g))?;
        let seed = step_seed(self.seed(), g, 1);
        let name = self.evaluator_name(best);
        // The network (and on a GPU its inference service) only where games are missing.
        if !ids.is_empty() {
            let (evaluator, _) = self.evaluator_for(best, seed)?;
            let run_id = format!("{}-g{g:04}", self.name);
            let settings = for_evaluator(
                settings(&self.cfg, &run_id, g, seed),
                &evaluator,
                self.threads,
            );
            let meta = shard_meta(&self.cfg, &run_id, seed);
            let base = done.len() as u64;
            progress.begin(&format!("gen {g} self-play ({name})"), "games", total, base);
            with_game!(&self.cfg.game, gm => selfplay(
            gm,
            &settings,
            &Shards {
                meta: &meta,
                dir: &dir,
            }, &ids, self.threads,
                    |w| evaluator.for_worker(w),
                    |s| progress.advance(base + s.games, &rate_note(s)),
                ))?;
            progress.end();
        }
        let mut summary = crate::selfplay::summarize(&list_shards(&dir)?)?;
        summary.evaluator = name;
        summary.seconds = start.elapsed().as_secs_f64();
        if summary.games != total {
            return Err(Error::GameCount {
                dir,
                found: summary.games,
                expected: total,
            });
        }
        Ok(summary)
    }

    /// Training of generation `g` from the previous generation's network on the shards of
    /// every generation so far (the window takes the newest), after the window's
    /// reanalysis where `[train] reanalyse` asks for one ([`crate::reanalyse`]); resumes from
    /// its checkpoint.
    ///
    /// # Errors
    /// Data, checkpoint or output files at fault, named.
    pub fn train(&self, g: u32, progress: &dyn Progress) -> Result<TrainDone> {
        let start = Instant::now();
        let data: Vec<PathBuf> = (0..=g).map(|k| self.layout.shards(k)).collect();
        // A growth trains its larger network from random weights, with its own optimizer and
        // schedule, for its own steps.
        let growth = self.cfg.loop_.growth_at(g);
        let network = growth.map(|gr| gr.network(&self.cfg.network));
        let previous = g.checked_sub(1).filter(|_| growth.is_none());
        let init = previous.map(|k| self.layout.model(k));
        let tc = &self.cfg.train;
        let plan = self.plan(g)?;
        let steps = growth.map_or(plan.steps, |gr| gr.steps);
        let optimizer = previous
            .filter(|_| tc.keep_optimizer)
            .map(|k| mankala_train::trainer::checkpoint_paths(&self.layout.train(k)).1);
        let schedule =
            (growth.is_none() && tc.schedule_span == mankala_config::Span::Run).then(|| {
                let generations = u64::from(self.cfg.loop_.generations.max(g + 1));
                mankala_train::SchedulePlace {
                    offset: plan.steps_before,
                    total: plan.steps_before + (generations - u64::from(g)) * plan.steps,
                }
            });
        let out = self.layout.train(g);
        // Generation 0's games, played before any network, are the fixed validation set
        // (where this machine holds them: a worker may not).
        let first_games = Some(self.layout.shards(0))
            .filter(|d| mankala_data::list_shards(d).is_ok_and(|s| !s.is_empty()));
        let job = train::Fit {
            data: &data,
            out: &out,
            steps,
            window: plan.window,
            seed: step_seed(self.seed(), g, 2),
            start: train::Start {
                init: init.as_deref(),
                optimizer: optimizer.as_deref(),
                schedule,
                network: network.as_ref(),
            },
            fixed_validation: first_games.as_deref(),
            threads: self.threads,
        };
        let reanalysed = crate::reanalyse::run(self, g, plan.window, progress)?;
        let s = train::fit(&self.cfg, &job, &format!("gen {g} train"), progress)?;
        let finite = |x: f32| x.is_finite().then_some(x);
        Ok(TrainDone {
            steps: s.step,
            samples: s.samples,
            policy_loss: finite(s.policy_loss),
            value_loss: finite(s.value_loss),
            val_policy_loss: finite(s.val_policy_loss),
            val_value_loss: finite(s.val_value_loss),
            val_policy_entropy: finite(s.val_policy_entropy),
            val_target_entropy: finite(s.val_target_entropy),
            fixed_value_loss: finite(s.fixed_value_loss),
            score_loss: finite(s.score_loss),
            val_score_loss: finite(s.val_score_loss),
            samples_per_s: s.samples_per_s,
            seconds: start.elapsed().as_secs_f64(),
            cpu_seconds: None,
            reanalysed: reanalysed.positions,
            reanalyse_seconds: reanalysed.seconds,
        })
    }

    /// Generation `g`'s training plan: its steps (`[train] steps`, or with `reuse` the steps
    /// that draw `reuse` samples per position its self-play added), the steps the
    /// generations before it took, and its window (`[train] window`, or with `window_min`
    /// a window that grows with the positions played so far).
    ///
    /// # Errors
    /// A self-play or training marker that cannot be read.
    pub fn plan(&self, g: u32) -> Result<Plan> {
        let tc = &self.cfg.train;
        let mut played = 0u64;
        let mut steps_before = 0u64;
        let mut new_positions = 0u64;
        for k in 0..=g {
            let positions = read_marker::<SelfplayDone>(&self.layout.marker(k, Step::Selfplay))?
                .map_or(0, |d| d.positions);
            played += positions;
            if k < g {
                // Without reuse every generation's place in the schedule is `steps` apart,
                // as before reuse existed (a growth's own steps included).
                steps_before += if tc.reuse > 0.0 {
                    read_marker::<TrainDone>(&self.layout.marker(k, Step::Train))?
                        .map_or(tc.steps, |d| d.steps)
                } else {
                    tc.steps
                };
            } else {
                new_positions = positions;
            }
        }
        Ok(Plan {
            steps: tc.steps_for(new_positions),
            steps_before,
            window: tc.window_for(played),
        })
    }

    /// Plays `matches` and saves the games in `dir`. Each game is appended to the journal
    /// `dir/games.partial.jsonl` as it finishes, so a loop killed half-way through a gate or
    /// an evaluation keeps the games it finished: the step run again plays only the rest
    /// (the run's config, seed and so its schedule are the same). A journaled game that is
    /// not one of the schedule's (its agents' specs name the run's networks by path, which
    /// differs when the run is opened from another folder) is played again, not kept, and so
    /// is every game of a journal that cannot be read.
    fn arena(
        &self,
        matches: &Matches<'_>,
        dir: &Path,
        label: &str,
        progress: &dyn Progress,
    ) -> Result<Vec<NamedResult>> {
        let Matches {
            agents,
            names,
            pairs,
            games,
            seed,
        } = *matches;
        let prepared = arena::prepare_specs(&self.cfg, agents, &self.resources)?;
        let pairings = with_game!(&self.cfg.game, gm => schedule(
            gm, pairs, games, self.cfg.loop_.opening_plies, seed));
        create_dir(dir, "cannot create")?;
        let journal = dir.join(arena::JOURNAL);
        let specs: Vec<String> = agents.iter().map(ToString::to_string).collect();
        // The journal is the step's own cache: one that cannot be read (a line garbled by a
        // full disk or by two writers) is removed and its games are played again.
        let (mut kept, _others) =
            match arena::journaled_games(&self.cfg, &journal, &pairings, &specs) {
                Ok(kept) => kept,
                Err(e) => {
                    progress.note(&format!("{e}: removed, its games are played again"));
                    arena::remove_journal(dir)?;
                    Default::default()
                }
            };
        let left: Vec<_> = pairings
            .iter()
            .filter(|p| !kept.contains_key(&p.index))
            .cloned()
            .collect();
        let played = arena::play_journaled(
            &self.cfg,
            &prepared,
            &left,
            (label, kept.len()),
            self.threads,
            &GameJournal::open(&journal, &self.cfg.game)?,
            progress,
        )?;
        kept.extend(played.into_iter().map(|r| (r.index, r)));
        let records: Vec<_> = kept.into_values().collect();
        mankala_data::record::write_records(&dir.join("games.jsonl"), &self.cfg.game, &records)?;
        arena::remove_journal(dir)?;
        Ok(named_results(&records, names))
    }

    /// The gate of generation `g`: its network against the best one before it (or the first
    /// player); promoted as `[loop] gate` says (`fixed`: a score of at least
    /// `gate_threshold`; `collapse`: a score of at least `gate_floor`), or at once with
    /// `gate = "always"` or without gate games.
    ///
    /// # Errors
    /// Models or files at fault, named.
    pub fn gate(&self, g: u32, progress: &dyn Progress) -> Result<GateDone> {
        let start = Instant::now();
        let best = self.best_before(g)?;
        let (opponent, opponent_name) = match best {
            Some(k) => (self.network_spec(k), format!("gen-{k}")),
            None => (self.first_player(), self.first_player().to_string()),
        };
        let games = self.cfg.loop_.gate_games;
        if !self.cfg.loop_.plays_gate() {
            return Ok(GateDone {
                opponent: opponent_name,
                wins: 0,
                draws: 0,
                losses: 0,
                score: 1.0,
                promoted: true,
                seconds: 0.0,
                cpu_seconds: None,
            });
        }
        let names = [format!("gen-{g}"), opponent_name.clone()];
        let results = self.arena(
            &Matches {
                agents: &[self.network_spec(g), opponent],
                names: &names,
                pairs: &[(0, 1)],
                games,
                seed: step_seed(self.seed(), g, 3),
            },
            &self.layout.generation(g).join("gate"),
            &format!("gen {g} gate vs {opponent_name}"),
            progress,
        )?;
        let r = &results[0];
        let score = (r.wins_a + 0.5 * r.draws) / f64::from(games);
        Ok(GateDone {
            opponent: opponent_name,
            wins: r.wins_a as u32,
            draws: r.draws as u32,
            losses: r.wins_b as u32,
            score,
            promoted: self.cfg.loop_.promotes(score),
            seconds: start.elapsed().as_secs_f64(),
            cpu_seconds: None,
        })
    }

    /// Generation `g`'s network against every baseline (nothing when `[loop] eval_games` is
    /// 0, or `g` is neither a multiple of `eval_every` nor the loop's last generation, the
    /// config's or [`Run::with_generations`]'s), then
    /// judged. A loop that stops earlier plays them for its newest generation all the same
    /// ([`Run::evaluate_last`]).
    ///
    /// # Errors
    /// Models or files at fault, named.
    pub fn evaluate(&self, g: u32, progress: &dyn Progress) -> Result<EvalDone> {
        // The judging is timed too: where exact values are slow to reach (Bao la Kujifunza's
        // proof search), it is most of the step.
        let start = Instant::now();
        if !self.cfg.loop_.evaluates_of(g, self.generations) {
            // A journal of an evaluation begun when `g` was the loop's last generation, and
            // killed, is not needed now.
            arena::remove_journal(&self.layout.generation(g).join("eval"))?;
            let judged = self.judge(g)?;
            return Ok(EvalDone {
                results: Vec::new(),
                seconds: start.elapsed().as_secs_f64(),
                cpu_seconds: None,
                judged,
            });
        }
        let results = self.play_baselines(g, progress)?;
        let judged = self.judge(g)?;
        Ok(EvalDone {
            results,
            seconds: start.elapsed().as_secs_f64(),
            cpu_seconds: None,
            judged,
        })
    }

    /// Generation `g`'s network against the network it is chained to (`[loop] eval_chain`)
    /// and every baseline, its games in `gen-g/eval/`.
    fn play_baselines(&self, g: u32, progress: &dyn Progress) -> Result<Vec<NamedResult>> {
        let mut agents = vec![self.network_spec(g)];
        let mut names = vec![format!("gen-{g}")];
        if let Some(before) = self.cfg.loop_.chained_to(g) {
            agents.push(self.network_spec(before));
            names.push(format!("gen-{before}"));
        }
        let baselines = &self.cfg.loop_.baselines;
        names.extend(baselines.iter().map(ToString::to_string));
        agents.extend(baselines.iter().cloned());
        let pairs: Vec<(usize, usize)> = (1..agents.len()).map(|j| (0, j)).collect();
        self.arena(
            &Matches {
                agents: &agents,
                names: &names,
                pairs: &pairs,
                games: self.cfg.loop_.eval_games,
                seed: step_seed(self.seed(), g, 4),
            },
            &self.layout.generation(g).join("eval"),
            &format!("gen {g} vs baselines"),
            progress,
        )
    }

    /// The baselines' own round robin, which anchors their ratings; writes its marker
    /// (`baselines/results.json`).
    ///
    /// # Errors
    /// Files at fault, named.
    pub fn baselines(&self, progress: &dyn Progress) -> Result<EvalDone> {
        let (start, cpu) = (Instant::now(), crate::cpu::process_seconds());
        let agents = self.cfg.loop_.baselines.clone();
        let names: Vec<String> = agents.iter().map(ToString::to_string).collect();
        let pairs: Vec<(usize, usize)> = (0..agents.len())
            .flat_map(|i| (i + 1..agents.len()).map(move |j| (i, j)))
            .collect();
        let results = self.arena(
            &Matches {
                agents: &agents,
                names: &names,
                pairs: &pairs,
                games: self.cfg.loop_.eval_games,
                seed: step_seed(self.seed(), 0, 5),
            },
            &self.layout.baselines(),
            "baselines",
            progress,
        )?;
        let done = EvalDone {
            results,
            seconds: start.elapsed().as_secs_f64(),
            cpu_seconds: crate::cpu::since(cpu),
            judged: None,
        };
        write_marker(&self.layout.baselines_marker(), &done)?;
        Ok(done)
    }
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

/// Loads the run's config: the run's own on a rerun (a given config must agree with it but
/// for `[loop] generations`, whose new number it takes), a given file or the embedded default
/// on a first start; and whether the run's saved config is to take a given config's number of
/// generations.
fn load_config(layout: &Layout, given: Option<&Path>) -> Result<(Resolved, bool)> {
    let saved = layout.config();
    let given = given.map(mankala_config::load).transpose()?;
    if saved.exists() {
        let mut own = mankala_config::load(&saved)?;
        if let Some(given) = given {
            let mut g = given.clone();
            g.loop_.generations = own.loop_.generations;
            if g.to_toml() != own.to_toml() {
                return Err(Error::ConfigChanged {
                    run: layout.root.clone(),
                    saved,
                });
            }
            // Only the number of generations may change: a run can be extended.
            let extended = given.loop_.generations != own.loop_.generations;
            own.loop_.generations = given.loop_.generations;
            return Ok((own, extended));
        }
        return Ok((own, false));
    }
    match given {
        Some(cfg) => Ok((cfg, false)),
        None => mankala_config::parse(DEFAULT_CONFIG)
            .map(|cfg| (cfg, false))
            .map_err(Error::DefaultConfig),
    }
}
