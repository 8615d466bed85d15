//! Generation loop settings: the `[loop]` table.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::AgentSpec;
use crate::error::{SettingsError, in_range, parse};
use crate::network::NetworkConfig;

/// What the first generation searches with, before any network exists.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum FirstEvaluator {
    /// Uniform priors, value 0.
    Uniform,
    /// Uniform priors, value of one random playout.
    #[default]
    Rollout,
}

impl FirstEvaluator {
    /// The name a run records for it.
    pub fn name(self) -> &'static str {
        match self {
            FirstEvaluator::Uniform => "uniform",
            FirstEvaluator::Rollout => "rollout",
        }
    }
}

/// How the gate decides whether a new network replaces the best one in self-play.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Gate {
    /// `gate_games` games; promoted at a score of at least `gate_threshold`.
    #[default]
    Fixed,
    /// Every new network is promoted without a game (AlphaZero).
    Always,
    /// `gate_games` games; promoted unless the score falls below `gate_floor` (gating only
    /// against collapse).
    Collapse,
}

/// A larger network from one generation of a run on (`[[loop.grow]]`): that generation trains
/// it from random weights on the window for `steps` steps, and the generations after it
/// continue from it. A small network learns fast early; a larger one keeps learning once the
/// small one is at its capacity.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Growth {
    /// The first generation with the new network (at least 1).
    pub generation: u32,
    /// Width of the hidden layers.
    pub width: usize,
    /// Residual blocks.
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    #[serde(default = "default_value_width")]
    pub value_width: usize,
    /// Training steps of that generation (from random weights, so more than `[train]
    /// steps`).
    pub steps: u64,
}

fn default_value_width() -> usize {
    NetworkConfig::default().value_width
}

impl Growth {
    /// The network this growth trains: `base`'s (the `[network]` one) architecture and
    /// encoding at this growth's size.
    pub fn network(&self, base: &NetworkConfig) -> NetworkConfig {
        NetworkConfig {
            width: self.width,
            blocks: self.blocks,
            value_width: self.value_width,
            ..base.clone()
        }
    }
}

/// Generation loop settings (`[loop]`): self-play, training, gating and evaluation.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LoopConfig {
    /// Generations of a run (the command line's `--generations` overrides it).
    pub generations: u32,
    /// Self-play games per generation.
    pub games: u64,
    /// The evaluator of self-play until a network has been promoted.
    pub first_evaluator: FirstEvaluator,
    /// The promotion rule.
    pub gate: Gate,
    /// Games of the gate: the new network against the best so far (0: always promote).
    pub gate_games: u32,
    /// Share of the gate's points (a draw is half) the new network needs to be promoted
    /// (`gate = "fixed"`).
    pub gate_threshold: f64,
    /// A score below this share refuses the new network (`gate = "collapse"`).
    pub gate_floor: f64,
    /// Games of each generation's network against each baseline.
    pub eval_games: u32,
    /// The baselines are played by every `eval_every`-th generation (0, N, 2N, ...) and the
    /// last of `generations` (`mankala loop --generations` where given; the newest when the
    /// loop stops sooner); the others
    /// only judge (saturated baselines cost a run time and tell it nothing).
    pub eval_every: u32,
    /// Fixed opponents every generation is rated against (agent specs as `mankala arena`
    /// takes them; no networks); `random` among them is the ratings' zero.
    pub baselines: Vec<AgentSpec>,
    /// Each evaluation also plays, `eval_games` games, the network of the generation
    /// evaluated before it (the nearest lower multiple of `eval_every`): the ratings then
    /// link every evaluated generation to the one before it, an anchored chain as KataGo's
    /// and Leela's rating graphs are, so that the curve can keep rising where every
    /// baseline is beaten.
    pub eval_chain: bool,
    /// Fixed yardsticks, weakest first, that the run's last network climbs when the loop
    /// ends (`pipeline::ladder`): the rung it scores nearest 50% against says how strong it
    /// is where the baselines no longer separate; empty: no ladder.
    pub ladder: Vec<AgentSpec>,
    /// Games against each rung of the ladder played.
    pub ladder_games: u32,
    /// Simulation counts at which the run's last network plays `scaling_yardstick` when the
    /// loop ends, from the same openings (what search adds; `pipeline::scaling`); empty:
    /// none.
    pub scaling: Vec<u32>,
    /// The fixed yardstick of `scaling` (an agent spec, not a network).
    pub scaling_yardstick: AgentSpec,
    /// Games at each simulation count of `scaling`.
    pub scaling_games: u32,
    /// Random plies that open every gate and evaluation game (each opening is played with
    /// both colours).
    pub opening_plies: u32,
    /// Network agents' simulations per move in the gate and the evaluation (0: the
    /// `[search]` simulations).
    pub arena_simulations: u32,
    /// Virtual draws between players that met (and with the anchor), keeping ratings finite.
    pub prior_draws: f64,
    /// Positions of each generation's self-play on which its network is judged against
    /// perfect play (Kalah: the solver; Oware: `judge_table`); 0: no judging.
    pub judge_positions: u32,
    /// Only positions with at most this many seeds in play are judged (Kalah's exact values
    /// cost little late in a game and minutes near its start).
    pub judge_max_seeds: u32,
    /// An endgame tablebase (`mankala tablebase build`) for judging: faster for Kalah; for
    /// Oware, without one the run builds its own. `""` (as run configs wrote it before) is
    /// none.
    #[serde(
        deserialize_with = "empty_is_none",
        skip_serializing_if = "Option::is_none"
    )]
    pub judge_table: Option<PathBuf>,
    /// Larger networks from given generations on, in generation order (none: the
    /// `[network]` of the config throughout).
    pub grow: Vec<Growth>,
    /// Self-play of each generation runs beside the training, gate and evaluation of the
    /// generation before it, with the network promoted before that one (one generation
    /// older than in series), so that the cores one step leaves idle do the other's work
    /// (the workers' pipelining, in one process).
    pub overlap: bool,
}

impl Default for LoopConfig {
    fn default() -> Self {
        LoopConfig {
            generations: 10,
            games: 500,
            first_evaluator: FirstEvaluator::Rollout,
            gate: Gate::Fixed,
            gate_games: 40,
            gate_threshold: 0.55,
            gate_floor: 0.35,
            eval_games: 40,
            eval_every: 1,
            baselines: vec![AgentSpec::Random, AgentSpec::Greedy],
            eval_chain: true,
            ladder: Vec::new(),
            ladder_games: 40,
            scaling: Vec::new(),
            scaling_yardstick: AgentSpec::Mcts {
                sims: 1000,
                c: 2.0,
                millis: None,
            },
            scaling_games: 40,
            opening_plies: 2,
            arena_simulations: 0,
            prior_draws: 1.0,
            judge_positions: 0,
            judge_max_seeds: 24,
            judge_table: None,
            grow: Vec::new(),
            overlap: false,
        }
    }
}

/// Refuses a yardstick that changes between runs (`key` names it). The zoo's networks are
/// retrained; a kept model file (`nn:model=PATH`) is fixed, and may be a rung of the ladder
/// (`kept`), but not a baseline: baselines anchor every run's ratings.
fn fixed(key: &str, spec: &AgentSpec, kept: bool) -> Result<(), SettingsError> {
    let expected = match spec {
        AgentSpec::Network { .. } if kept => return Ok(()),
        AgentSpec::Zoo { .. } if kept => {
            "random, greedy, alphabeta, mcts or a kept model file, nn:model=PATH (the zoo's \
             networks are retrained)"
        }
        AgentSpec::Network { .. } | AgentSpec::Zoo { .. } => {
            "random, greedy, alphabeta or mcts (networks change between runs)"
        }
        _ => return Ok(()),
    };
    Err(SettingsError::out_of_range(
        "loop",
        key,
        format!("{:?}", spec.to_string()),
        expected,
    ))
}

/// An optional path where `""` is none (as run configs wrote `judge_table` before it was
/// optional).
fn empty_is_none<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<PathBuf>, D::Error> {
    let text = Option::<PathBuf>::deserialize(d)?;
    Ok(text.filter(|p| !p.as_os_str().is_empty()))
}

impl LoopConfig {
    /// Whether a gate that scored `score` promotes the new network.
    pub fn promotes(&self, score: f64) -> bool {
        match self.gate {
            Gate::Fixed => score >= self.gate_threshold,
            Gate::Always => true,
            Gate::Collapse => score >= self.gate_floor,
        }
    }

    /// Whether generation `g` plays the baselines in a loop of `generations` generations
    /// (the run's: `Run::generations`, which `mankala loop --generations` may set past the
    /// config's `generations`), whose last is the one evaluated as the last.
    pub fn evaluates_of(&self, g: u32, generations: u32) -> bool {
        self.eval_games > 0 && (g.is_multiple_of(self.eval_every) || g + 1 == generations)
    }

    /// The generation whose network generation `g`'s evaluation also plays
    /// (`eval_chain`): the nearest multiple of `eval_every` below `g`; `None` for
    /// generation 0 or without the chain.
    pub fn chained_to(&self, g: u32) -> Option<u32> {
        (self.eval_chain && g > 0).then(|| (g - 1) / self.eval_every * self.eval_every)
    }

    /// The growth that starts at generation `g`, if one does.
    pub fn growth_at(&self, g: u32) -> Option<&Growth> {
        self.grow.iter().find(|gr| gr.generation == g)
    }

    /// The generations `0..n` whose networks generation `g`'s self-play may use (the last
    /// of them promoted plays): `n = g` in series, `g - 1` with `overlap` (generation
    /// `g - 1` is still training while `g` plays).
    pub fn selfplay_sees(&self, g: u32) -> u32 {
        if self.overlap { g.saturating_sub(1) } else { g }
    }

    /// Whether the gate plays games at all.
    pub fn plays_gate(&self) -> bool {
        self.gate != Gate::Always && self.gate_games > 0
    }

    /// Reads and checks a `[loop]` table.
    ///
    /// # Errors
    /// [`SettingsError`] naming the key that is unknown, of the wrong type, or out of range.
    pub fn from_table(t: &toml::Table) -> Result<Self, SettingsError> {
        let bad = |key: &str, v: String, expected: &str| {
            Err(SettingsError::out_of_range("loop", key, v, expected))
        };
        // The specs are read one by one first, so that an error names its entry.
        let texts = |key: &'static str| -> Vec<(String, String)> {
            match t.get(key) {
                Some(toml::Value::String(text)) => vec![(key.to_string(), text.clone())],
                Some(toml::Value::Array(items)) => items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| Some((format!("{key}[{i}]"), v.as_str()?.to_string())))
                    .collect(),
                _ => Vec::new(),
            }
        };
        for key in ["baselines", "ladder", "scaling_yardstick"] {
            for (entry, text) in texts(key) {
                if let Err(e) = text.parse::<AgentSpec>() {
                    return bad(&entry, format!("{text:?}"), &e.to_string());
                }
            }
        }
        let c: LoopConfig = parse("loop", t)?;
        in_range("loop", "generations", c.generations, 1..=100_000)?;
        in_range("loop", "games", c.games, 1..=100_000_000)?;
        in_range("loop", "gate_threshold", c.gate_threshold, 0.0..=1.0)?;
        in_range("loop", "gate_floor", c.gate_floor, 0.0..=1.0)?;
        in_range("loop", "gate_games", c.gate_games, 0..=100_000)?;
        in_range("loop", "eval_games", c.eval_games, 0..=100_000)?;
        in_range("loop", "eval_every", c.eval_every, 1..=100_000)?;
        for (key, specs, kept) in [
            ("baselines", &c.baselines, false),
            ("ladder", &c.ladder, true),
        ] {
            for (i, spec) in specs.iter().enumerate() {
                fixed(&format!("{key}[{i}]"), spec, kept)?;
            }
        }
        in_range("loop", "ladder_games", c.ladder_games, 1..=100_000)?;
        for (i, &n) in c.scaling.iter().enumerate() {
            if !(1..=10_000_000).contains(&n) || c.scaling[..i].contains(&n) {
                return bad(
                    &format!("scaling[{i}]"),
                    n.to_string(),
                    "1 to 10000000 simulations, each count once",
                );
            }
        }
        fixed("scaling_yardstick", &c.scaling_yardstick, false)?;
        in_range("loop", "scaling_games", c.scaling_games, 1..=100_000)?;
        if !c.baselines.is_empty() && !c.baselines.contains(&AgentSpec::Random) {
            let given: Vec<String> = c.baselines.iter().map(ToString::to_string).collect();
            return bad(
                "baselines",
                format!("{given:?}"),
                "a list that includes \"random\" (the ratings' zero)",
            );
        }
        in_range("loop", "opening_plies", c.opening_plies, 0..=1000)?;
        in_range(
            "loop",
            "arena_simulations",
            c.arena_simulations,
            0..=10_000_000,
        )?;
        in_range("loop", "prior_draws", c.prior_draws, 0.0..=100.0)?;
        in_range("loop", "judge_positions", c.judge_positions, 0..=100_000)?;
        in_range("loop", "judge_max_seeds", c.judge_max_seeds, 1..=1000)?;
        let mut after = 0;
        for (i, gr) in c.grow.iter().enumerate() {
            let key = format!("grow[{i}].");
            if gr.generation <= after || gr.generation > 100_000 {
                let expected = match i {
                    0 => "1 to 100000".to_string(),
                    _ => format!("more than grow[{}].generation ({after})", i - 1),
                };
                return bad(
                    &format!("{key}generation"),
                    gr.generation.to_string(),
                    &expected,
                );
            }
            after = gr.generation;
            gr.network(&NetworkConfig::default()).check("loop", &key)?;
            in_range("loop", &format!("{key}steps"), gr.steps, 1..=100_000_000)?;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NetworkConfig, Span, TrainConfig};

    fn loop_table(text: &str) -> Result<LoopConfig, String> {
        LoopConfig::from_table(&toml::from_str(text).unwrap()).map_err(|e| e.to_string())
    }

    #[test]
    fn each_gate_rule_promotes_as_documented() {
        let fixed = loop_table("gate_threshold = 0.55").unwrap();
        assert_eq!(fixed.gate, Gate::Fixed);
        assert!(fixed.plays_gate());
        assert!(fixed.promotes(0.55) && !fixed.promotes(0.54));
        let always = loop_table("gate = \"always\"").unwrap();
        assert!(!always.plays_gate());
        assert!(always.promotes(0.0));
        let collapse = loop_table("gate = \"collapse\"\ngate_floor = 0.3").unwrap();
        assert!(collapse.plays_gate());
        assert!(collapse.promotes(0.3) && collapse.promotes(0.45));
        assert!(!collapse.promotes(0.29));
        let no_games = loop_table("gate_games = 0").unwrap();
        assert!(!no_games.plays_gate());
    }

    #[test]
    fn a_ladder_is_off_by_default_and_its_rungs_are_checked_like_baselines() {
        assert!(loop_table("").unwrap().ladder.is_empty());
        let c =
            loop_table("ladder = [\"alphabeta:depth=4\", \"mcts:sims=10000\"]\nladder_games = 20")
                .unwrap();
        assert_eq!((c.ladder.len(), c.ladder_games), (2, 20));
        let kept = loop_table("ladder = [\"greedy\", \"nn:model=x.bpk,sims=100\"]").unwrap();
        assert_eq!(kept.ladder.len(), 2);
        let e = loop_table("ladder = [\"greedy\", \"zoo\"]").unwrap_err();
        assert!(e.contains("ladder[1]") && e.contains("retrained"), "{e}");
        let e = loop_table("baselines = [\"random\", \"nn:model=x.bpk\"]").unwrap_err();
        assert!(
            e.contains("baselines[1]") && e.contains("networks change"),
            "{e}"
        );
        let e = loop_table("ladder = [\"alphabeta:dpth=4\"]").unwrap_err();
        assert!(e.contains("ladder[0]"), "{e}");
        let e = loop_table("ladder_games = 0").unwrap_err();
        assert!(
            e.contains("ladder_games") && e.contains("1 to 100000"),
            "{e}"
        );
    }

    #[test]
    fn the_closing_scaling_is_off_by_default_and_its_counts_and_yardstick_are_checked() {
        let c = loop_table("").unwrap();
        assert!(c.scaling.is_empty());
        assert_eq!(c.scaling_yardstick.to_string(), "mcts:sims=1000");
        let c = loop_table("scaling = [50, 200, 800]\nscaling_yardstick = \"alphabeta:depth=4\"")
            .unwrap();
        assert_eq!(c.scaling, [50, 200, 800]);
        for (text, words) in [
            ("scaling = [50, 50]", "scaling[1]"),
            ("scaling = [0]", "scaling[0]"),
            ("scaling_yardstick = \"zoo\"", "networks change"),
            ("scaling_yardstick = \"mcts:sms=3\"", "scaling_yardstick"),
            ("scaling_games = 0", "scaling_games"),
        ] {
            let e = loop_table(text).unwrap_err();
            assert!(e.contains(words), "{text}: {e}");
        }
    }

    #[test]
    fn specs_and_the_judge_table_are_read_as_types_and_written_back_as_text() {
        let c = loop_table(
            "baselines = [\"random\", \"mcts:sims=500\"]\nladder = [\"alphabeta:ms=100\"]\n\
             judge_table = \"k.mtb\"",
        )
        .unwrap();
        assert_eq!(c.baselines[0], AgentSpec::Random);
        assert!(matches!(c.baselines[1], AgentSpec::Mcts { sims: 500, .. }));
        assert_eq!(
            c.judge_table.as_deref(),
            Some(std::path::Path::new("k.mtb"))
        );
        let text = toml::to_string(&c).unwrap();
        assert!(
            text.contains("\"mcts:sims=500\"") && text.contains("\"alphabeta:ms=100\""),
            "{text}"
        );
        let again: LoopConfig = toml::from_str(&text).unwrap();
        assert_eq!(again, c);
        // Run configs written before the table was optional say "" for none.
        assert_eq!(loop_table("judge_table = \"\"").unwrap().judge_table, None);
        assert!(
            !toml::to_string(&loop_table("").unwrap())
                .unwrap()
                .contains("judge_table")
        );
        let e = loop_table("baselines = [\"greedy\"]").unwrap_err();
        assert!(e.contains("baselines") && e.contains("\"random\""), "{e}");
    }

    #[test]
    fn each_evaluation_is_chained_to_the_generation_evaluated_before_it() {
        let c = loop_table("generations = 8\neval_every = 3").unwrap();
        let chained: Vec<Option<u32>> = [0, 3, 6, 7, 5].map(|g| c.chained_to(g)).to_vec();
        assert_eq!(chained, [None, Some(0), Some(3), Some(6), Some(3)]);
        let every = loop_table("generations = 3").unwrap();
        assert_eq!(
            [0, 1, 2].map(|g| every.chained_to(g)),
            [None, Some(0), Some(1)]
        );
        let off = loop_table("generations = 8\neval_every = 3\neval_chain = false").unwrap();
        assert!((0..8).all(|g| off.chained_to(g).is_none()));
    }

    #[test]
    fn overlapped_selfplay_sees_one_generation_fewer() {
        let series = loop_table("generations = 4").unwrap();
        assert!(!series.overlap);
        assert_eq!([0, 1, 2, 3].map(|g| series.selfplay_sees(g)), [0, 1, 2, 3]);
        let overlap = loop_table("generations = 4\noverlap = true").unwrap();
        assert_eq!([0, 1, 2, 3].map(|g| overlap.selfplay_sees(g)), [0, 0, 1, 2]);
        let err = loop_table("overlap = 1").unwrap_err();
        assert!(err.contains("overlap"), "{err}");
    }

    #[test]
    fn eval_every_evaluates_its_multiples_and_the_last_generation() {
        let c = loop_table("generations = 8\neval_every = 3").unwrap();
        let played: Vec<u32> = (0..8)
            .filter(|&g| c.evaluates_of(g, c.generations))
            .collect();
        let extended: Vec<u32> = (0..11).filter(|&g| c.evaluates_of(g, 11)).collect();
        assert_eq!(
            extended,
            [0, 3, 6, 9, 10],
            "the loop's last, not the config's"
        );
        assert_eq!(played, vec![0, 3, 6, 7]);
        let every = loop_table("generations = 3").unwrap();
        assert!((0..3).all(|g| every.evaluates_of(g, 3)));
        let none = loop_table("generations = 3\neval_games = 0").unwrap();
        assert!((0..3).all(|g| !none.evaluates_of(g, 3)));
    }

    #[test]
    fn grow_is_read_in_generation_order_and_checked() {
        let c = loop_table(
            "[[grow]]\ngeneration = 3\nwidth = 256\nblocks = 4\nsteps = 6000\n\
             [[grow]]\ngeneration = 9\nwidth = 512\nblocks = 4\nvalue_width = 128\nsteps = 9000",
        )
        .unwrap();
        assert!(c.growth_at(2).is_none() && c.growth_at(4).is_none());
        let first = c.growth_at(3).unwrap();
        assert_eq!(
            first.network(&NetworkConfig::default()),
            NetworkConfig {
                width: 256,
                blocks: 4,
                value_width: 64,
                ..NetworkConfig::default()
            }
        );
        assert_eq!(first.steps, 6000);
        assert_eq!(
            c.growth_at(9)
                .unwrap()
                .network(&NetworkConfig::default())
                .value_width,
            128
        );
        let e = loop_table("[[grow]]\ngeneration = 0\nwidth = 256\nblocks = 4\nsteps = 10")
            .unwrap_err();
        assert_eq!(e, "[loop] grow[0].generation = 0: expected 1 to 100000");
        let e = loop_table(
            "[[grow]]\ngeneration = 5\nwidth = 256\nblocks = 4\nsteps = 10\n\
             [[grow]]\ngeneration = 5\nwidth = 512\nblocks = 4\nsteps = 10",
        )
        .unwrap_err();
        assert_eq!(
            e,
            "[loop] grow[1].generation = 5: expected more than grow[0].generation (5)"
        );
        let e = loop_table("[[grow]]\ngeneration = 5\nwidth = 9000\nblocks = 4\nsteps = 10")
            .unwrap_err();
        assert_eq!(e, "[loop] grow[0].width = 9000: expected 1 to 4096");
        let e =
            loop_table("[[grow]]\ngeneration = 5\nwidth = 256\nblocks = 4\nsteps = 0").unwrap_err();
        assert_eq!(e, "[loop] grow[0].steps = 0: expected 1 to 100000000");
        let e = loop_table("[[grow]]\ngeneration = 5\nwidth = 256\nblocks = 4").unwrap_err();
        assert!(e.contains("steps"), "{e}");
    }

    #[test]
    fn new_loop_and_train_keys_out_of_range_are_named() {
        let e = loop_table("gate = \"sometimes\"").unwrap_err();
        assert!(e.contains("gate") && e.contains("sometimes"), "{e}");
        let e = loop_table("gate_floor = 1.5").unwrap_err();
        assert_eq!(e, "[loop] gate_floor = 1.5: expected 0 to 1");
        let train = |text: &str| {
            TrainConfig::from_table(&toml::from_str(text).unwrap()).map_err(|e| e.to_string())
        };
        assert_eq!(
            train("value_mix = -0.1").unwrap_err(),
            "[train] value_mix = -0.1: expected 0 to 1"
        );
        let e = train("schedule_span = \"epoch\"").unwrap_err();
        assert!(e.contains("schedule_span") && e.contains("epoch"), "{e}");
        assert_eq!(
            train("margin_mix = 1.5").unwrap_err(),
            "[train] margin_mix = 1.5: expected 0 to 1"
        );
        assert_eq!(
            train("margin_scale = 0").unwrap_err(),
            "[train] margin_scale = 0: expected above 0, at most 1000"
        );
        assert_eq!(
            train("score_weight = 101").unwrap_err(),
            "[train] score_weight = 101: expected 0 to 100"
        );
        assert_eq!(train("score_weight = 0.5").unwrap().score_weight, 0.5);
        let c = train("schedule_span = \"run\"\nkeep_optimizer = true\nvalue_mix = 0.5").unwrap();
        assert_eq!(c.schedule_span, Span::Run);
        assert!(c.keep_optimizer);
        assert_eq!(c.value_mix, 0.5);
    }
}
