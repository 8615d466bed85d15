//! The closing measurements of a run's newest network: the baselines a stopped loop still
//! owes it, the judge, the ladder and the scaling (`[loop] judge_*`, `ladder`, `scaling`).

use std::time::Instant;

use mankala_agents::AgentSpec;
use mankala_data::atomic;
use mankala_engine::{AnyGame, with_game};

use super::{OWARE_JUDGE_SEEDS, Run};
use crate::arena;
use crate::error::{Error, Result};
use crate::ladder::{Ladder, LadderRecord};
use crate::layout::{Step, create_dir, read_marker, step_seed, write_marker};
use crate::progress::Progress;
use crate::records::EvalDone;
use crate::scaling::{Scaling, ScalingRecord};

impl Run {
    /// Generation `g`'s baselines when its evaluation skipped them (`[loop] eval_every`), so
    /// that a loop stopped before the run's last generation ([`Run::generations`]; `--hours`)
    /// still measures its newest network against the fixed yardsticks: plays them, adds
    /// their seconds and rewrites `g`'s eval marker, keeping its judgement. `None` when `g`'s
    /// evaluation is not finished, already has results, or the config plays no baselines.
    ///
    /// # Errors
    /// Models or files at fault, named.
    pub fn evaluate_last(&self, g: u32, progress: &dyn Progress) -> Result<Option<EvalDone>> {
        let lc = &self.cfg.loop_;
        if lc.eval_games == 0 || lc.baselines.is_empty() {
            return Ok(None);
        }
        let marker = self.layout.marker(g, Step::Eval);
        let Some(done) = read_marker::<EvalDone>(&marker)? else {
            return Ok(None);
        };
        if !done.results.is_empty() {
            return Ok(None);
        }
        let (start, cpu) = (Instant::now(), crate::cpu::process_seconds());
        let results = self.play_baselines(g, progress)?;
        let done = EvalDone {
            results,
            seconds: done.seconds + start.elapsed().as_secs_f64(),
            cpu_seconds: done
                .cpu_seconds
                .zip(crate::cpu::since(cpu))
                .map(|(a, b)| a + b),
            judged: done.judged,
        };
        write_marker(&marker, &done)?;
        Ok(Some(done))
    }

    /// Generation `g`'s network judged against perfect play on positions of its own
    /// self-play (`[loop] judge_*`), written to `eval/judge.json`; `None` when judging is
    /// off or the variant has no exact values.
    ///
    /// # Errors
    /// A table or games that cannot be read, named.
    pub fn judge(&self, g: u32) -> Result<Option<mankala_eval::judge::Figures>> {
        use mankala_agents::Exact;
        use mankala_eval::judge;
        let lc = &self.cfg.loop_;
        if lc.judge_positions == 0 || !Exact::exists_for(&self.cfg.game) {
            return Ok(None);
        }
        let exact_error = |source| Error::Exact {
            what: "[loop] judge_table",
            source,
        };
        let table = if let Some(table) = &lc.judge_table {
            Some(table.clone())
        } else if matches!(self.cfg.game, AnyGame::Oware(_)) {
            // The run's own table, built once: `judge_max_seeds` seeds, at most
            // OWARE_JUDGE_SEEDS (12 seeds: 2.7 million positions, seconds to build).
            let seeds = lc.judge_max_seeds.min(OWARE_JUDGE_SEEDS);
            let dir = self.layout.root.join("tables");
            create_dir(&dir, "cannot create")?;
            let path = dir.join(format!("oware-{seeds}.mtb"));
            Exact::ensure_oware_table(&path, seeds).map_err(exact_error)?;
            Some(path)
        } else {
            None
        };
        let exact = Exact::new(&self.cfg.game, table.as_deref(), &self.resources.tables)
            .map_err(exact_error)?;
        let lines = judge::game_lines(&self.cfg.game, &self.layout.shards(g))?;
        let agent = arena::prepare_specs(&self.cfg, &[self.network_spec(g)], &self.resources)?
            .pop()
            .expect("one agent");
        let seed = step_seed(self.seed(), g, 6);
        let judgement = with_game!(&self.cfg.game, game => {
            let positions = judge::sample_positions(
                game,
                &lines,
                &exact,
                lc.judge_max_seeds,
                lc.judge_positions as usize,
                seed,
            )?;
            let mut built = agent.build(game, seed);
            judge::judge(built.as_mut(), &exact, &positions, seed, &mut |_| {})
        });
        let path = self.layout.generation(g).join("eval").join("judge.json");
        create_dir(&self.layout.generation(g).join("eval"), "cannot create")?;
        atomic::write(&path, &serde_json::to_vec_pretty(&judgement)?)?;
        Ok(Some(judgement.overall))
    }

    /// Generation `g`'s network against `[loop] ladder`, climbed to the rung nearest 50%
    /// (`crate::ladder`), its games and `ladder.json` (the marker) in `gen-g/ladder/`; the
    /// marker's record when it exists, `None` when the config has no ladder.
    ///
    /// # Errors
    /// Models or files at fault, named.
    pub fn ladder(&self, g: u32, progress: &dyn Progress) -> Result<Option<LadderRecord>> {
        let lc = &self.cfg.loop_;
        if lc.ladder.is_empty() {
            return Ok(None);
        }
        let dir = self.layout.ladder(g);
        let marker = dir.join("ladder.json");
        if let Some(done) = read_marker::<LadderRecord>(&marker)? {
            return Ok(Some(done));
        }
        let mut specs = vec![self.network_spec(g)];
        let mut names = vec![format!("gen-{g}")];
        for rung in &lc.ladder {
            // A kept network that this machine lacks (the main job's reference network
            // outside the source tree) leaves the ladder a rung shorter, said.
            if let AgentSpec::Network { model, .. } = rung
                && !mankala_models::file::model_paths(model).0.exists()
            {
                progress.note(&format!("ladder: `{rung}` left out: no such model file"));
                continue;
            }
            specs.push(rung.clone());
            names.push(rung.to_string());
        }
        let ladder = Ladder {
            games: lc.ladder_games,
            opening_plies: lc.opening_plies,
            seed: step_seed(self.seed(), g, 7),
            threads: self.threads,
        };
        let agents = arena::prepare_specs(&self.cfg, &specs, &self.resources)?;
        let record =
            crate::ladder::climb_into(&self.cfg, &agents, &names, &ladder, &dir, progress)?;
        Ok(Some(record))
    }

    /// Generation `g`'s network at each of `[loop] scaling`'s simulation counts against
    /// `scaling_yardstick` (`crate::scaling`), its games, chart and `scaling.json` (the
    /// marker) in `gen-g/scaling/`; the marker's record when it exists, `None` when the
    /// config asks for none.
    ///
    /// # Errors
    /// Models or files at fault, named.
    pub fn scaling(&self, g: u32, progress: &dyn Progress) -> Result<Option<ScalingRecord>> {
        let lc = &self.cfg.loop_;
        if lc.scaling.is_empty() {
            return Ok(None);
        }
        let dir = self.layout.scaling(g);
        let marker = dir.join("scaling.json");
        if let Some(done) = read_marker::<ScalingRecord>(&marker)? {
            return Ok(Some(done));
        }
        let plan = Scaling {
            sims: lc.scaling.clone(),
            games: lc.scaling_games,
            opening_plies: lc.opening_plies,
            seed: step_seed(self.seed(), g, 8),
            threads: self.threads,
        };
        let network = format!("gen-{g}");
        let yardstick = lc.scaling_yardstick.to_string();
        let agents = crate::scaling::prepare(
            &self.cfg,
            &self.network_spec(g),
            &lc.scaling_yardstick,
            &plan.sims,
            &self.resources,
        )?;
        let record = crate::scaling::measure_into(
            &self.cfg,
            &agents,
            (network.as_str(), yardstick.as_str()),
            &plan,
            &dir,
            progress,
        )?;
        Ok(Some(record))
    }
}
