//! What a run writes about itself: its run record and the marker of each finished step
//! (`docs/loop.md`). Field names and meanings are the files' format.

use serde::{Deserialize, Serialize};

/// What a run records about itself at its first start (`run.json`).
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
    /// Where the first start ran its networks (`mankala_models::device_name`): `cpu`, or
    /// the GPU backend and card. Empty in records written before it was recorded.
    #[serde(default)]
    pub device: String,
    /// Where later starts ran their networks, in order (as `resumed_with`).
    #[serde(default)]
    pub resumed_on: Vec<String>,
    /// Worker threads of the first start (self-play, arenas, and the parts each training
    /// step's batch is split into, which move a step's sums in the last bits); 0 in records
    /// written before it was recorded.
    #[serde(default)]
    pub threads: usize,
    /// Worker threads of later starts, in order (as `resumed_with`).
    #[serde(default)]
    pub resumed_threads: Vec<usize>,
}

impl RunRecord {
    /// The record of a run of `cfg` first started now with `threads` threads, seeded `seed`
    /// (default: from the clock).
    pub fn first_start(
        cfg: &mankala_config::Resolved,
        seed: Option<u64>,
        threads: usize,
    ) -> RunRecord {
        RunRecord {
            variant: cfg.game.name().into(),
            seed: seed.unwrap_or_else(crate::now_secs),
            started_unix: crate::now_secs(),
            code_version: crate::code_version(),
            encoding_version: cfg.network.encoding,
            resumed_with: Vec::new(),
            device: mankala_models::device_name(),
            resumed_on: Vec::new(),
            threads,
            resumed_threads: Vec::new(),
        }
    }

    /// Refuses a seed given for the run `run` that differs from the one it was started with.
    ///
    /// # Errors
    /// [`crate::Error::SeedChanged`] naming both seeds.
    pub fn check_seed(&self, given: Option<u64>, run: &std::path::Path) -> crate::Result<()> {
        match given {
            Some(seed) if seed != self.seed => Err(crate::Error::SeedChanged {
                given: seed,
                run: run.to_path_buf(),
                recorded: self.seed,
            }),
            _ => Ok(()),
        }
    }
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
    /// Share of the rows whose position (its encoding) no other row of the generation has
    /// before it: low when self-play keeps replaying the same lines. `None` in markers
    /// written before it was recorded.
    #[serde(default)]
    pub distinct_share: Option<f64>,
    /// Mean entropy (nats) of the search's policy targets over the full searches' rows.
    #[serde(default)]
    pub target_entropy: Option<f64>,
    /// CPU seconds the process used in the step, all threads, in the start that finished it
    /// (`None`: not measured, as in markers written before it was recorded or by a worker,
    /// or where it ran beside other steps: see `beside`).
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// Set where the step ran beside the previous generation's training, gate and
    /// evaluation (`[loop] overlap`): their CPU seconds count this step's too, and the
    /// run's time counts only what the loop waited for it after them.
    #[serde(default)]
    pub beside: Option<Beside>,
}

/// What a self-play step run beside the previous generation's other steps (`[loop]
/// overlap`) added to the run's time: the wait for it once they had finished.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Beside {
    /// Wall seconds the loop waited for the self-play after the steps beside it finished
    /// (0 where it finished first).
    pub waited_seconds: f64,
    /// CPU seconds the process used while it waited.
    pub waited_cpu_seconds: Option<f64>,
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
    /// Mean entropy (nats) of the network's policy on the validation rows.
    #[serde(default)]
    pub val_policy_entropy: Option<f32>,
    /// Mean entropy (nats) of the search's policy targets on the validation rows.
    #[serde(default)]
    pub val_target_entropy: Option<f32>,
    /// Value loss on the held-out games of generation 0 (played before any network),
    /// against their results: the fixed validation set.
    #[serde(default)]
    pub fixed_value_loss: Option<f32>,
    /// Final training score loss (a network with a score head, `[network] score_head`).
    #[serde(default)]
    pub score_loss: Option<f32>,
    /// Validation score loss.
    #[serde(default)]
    pub val_score_loss: Option<f32>,
    /// Training samples per second.
    pub samples_per_s: f64,
    /// Seconds spent.
    pub seconds: f64,
    /// CPU seconds used, as [`SelfplayDone::cpu_seconds`].
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// Positions searched again before training (`[train] reanalyse`), in all its starts.
    #[serde(default)]
    pub reanalysed: u64,
    /// Seconds the reanalysis took in the start that finished it (`seconds` includes them).
    #[serde(default)]
    pub reanalyse_seconds: f64,
}

/// What a training step's reanalysis has searched again so far (`gen-NNNN/train/
/// reanalysed.json`, written after every shard): a rerun of the step continues it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Reanalysed {
    /// The network searched with: `gen-N`.
    pub network: String,
    /// The shards rewritten, in order: the generation whose self-play wrote each, and its
    /// file name.
    pub shards: Vec<(u32, String)>,
    /// Positions searched in them.
    pub positions: u64,
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
    /// CPU seconds used, as [`SelfplayDone::cpu_seconds`].
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
}

impl GateDone {
    /// Whether the gate played any game (`gate = "always"` and `gate_games = 0` play none:
    /// such a gate has no score to show).
    pub fn played(&self) -> bool {
        self.wins + self.draws + self.losses > 0
    }
}

/// The marker of a finished evaluation (or of the baselines' own round robin).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EvalDone {
    /// Results, one per pair.
    pub results: Vec<NamedResult>,
    /// Seconds spent.
    pub seconds: f64,
    /// CPU seconds used, as [`SelfplayDone::cpu_seconds`].
    #[serde(default)]
    pub cpu_seconds: Option<f64>,
    /// The network judged against perfect play (`[loop] judge_positions`), where the
    /// variant has exact values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<mankala_eval::judge::Figures>,
}

/// A finished step's marker, whichever step it was.
#[derive(Clone, Debug)]
pub enum StepRecord {
    /// Self-play.
    Selfplay(SelfplayDone),
    /// Training.
    Train(TrainDone),
    /// The gate.
    Gate(GateDone),
    /// The evaluation against the baselines.
    Eval(EvalDone),
}

/// A loss for a summary line: three decimals, `-` when there is none.
pub fn fmt_loss(x: Option<f32>) -> String {
    x.map_or("-".into(), |v| format!("{v:.3}"))
}
