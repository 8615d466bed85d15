//! The stages of the loop the kills aim at: what the run directory shows at work, and the seeded plan of where each kill lands.

use super::*;

/// The steps of the loop, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    /// The baselines' round robin at the first start.
    Baselines,
    Selfplay,
    Train,
    Gate,
    Eval,
    /// Rebuilding the report after a generation (and at the end of the run).
    Report,
}

/// The steps of a generation; the first four leave a marker `gen-NNNN/<name>.json`.
pub(crate) const GENERATION_KINDS: [Kind; 5] = [
    Kind::Selfplay,
    Kind::Train,
    Kind::Gate,
    Kind::Eval,
    Kind::Report,
];

impl Kind {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Baselines => "baselines",
            Kind::Selfplay => "selfplay",
            Kind::Train => "train",
            Kind::Gate => "gate",
            Kind::Eval => "eval",
            Kind::Report => "report",
        }
    }
}

/// A step of one generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stage {
    pub(crate) kind: Kind,
    pub(crate) g: u32,
}

impl Stage {
    /// The stage's place in the run: stages run in this order.
    pub(crate) fn position(self) -> u32 {
        match self.kind {
            Kind::Baselines => 0,
            kind => {
                let i = GENERATION_KINDS.iter().position(|&k| k == kind).unwrap() as u32;
                1 + 5 * self.g + i
            }
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Baselines => write!(f, "baselines"),
            kind => write!(f, "{} {}", kind.name(), self.g),
        }
    }
}

pub(crate) fn gen_dir(run: &Path, g: u32) -> PathBuf {
    run.join(format!("gen-{g:04}"))
}

/// The step the loop is in (or was in when it was killed), from the markers: the first step
/// without its marker. After a generation's last marker and before the next generation's
/// directory exists, the loop is rebuilding the report.
pub(crate) fn stage_of(run: &Path, generations: u32) -> Stage {
    if !run.join("baselines/results.json").exists() {
        return Stage {
            kind: Kind::Baselines,
            g: 0,
        };
    }
    for g in 0..generations {
        for (i, &kind) in GENERATION_KINDS[..4].iter().enumerate() {
            if !gen_dir(run, g)
                .join(format!("{}.json", kind.name()))
                .exists()
            {
                if i == 0 && g > 0 && !gen_dir(run, g).exists() {
                    return Stage {
                        kind: Kind::Report,
                        g: g - 1,
                    };
                }
                return Stage { kind, g };
            }
        }
    }
    Stage {
        kind: Kind::Report,
        g: generations - 1,
    }
}

/// Every file under the run directory (relative path) with its identity: inode and
/// modification time, so that a file renamed over an older one counts as new.
pub(crate) type Listing = BTreeMap<PathBuf, (u64, i64, i64)>;

pub(crate) fn listing(run: &Path) -> Listing {
    let mut out = Listing::new();
    let mut stack = vec![run.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            // A temporary may be renamed between reading the directory and looking at it.
            let Ok(m) = fs::metadata(&path) else {
                continue;
            };
            if m.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(run).unwrap().to_path_buf();
                out.insert(rel, (m.ino(), m.mtime(), m.mtime_nsec()));
            }
        }
    }
    out
}

/// A file that exists only while a write is under way: a temporary name, or the
/// checkpoint journal (present only between a checkpoint's staging and its renames).
pub(crate) fn is_tmp(path: &Path) -> bool {
    path.to_string_lossy().ends_with(".tmp")
        || path.file_name().is_some_and(|n| n == "checkpoint.commit")
}

pub(crate) fn temporaries(l: &Listing) -> BTreeSet<PathBuf> {
    l.keys().filter(|p| is_tmp(p)).cloned().collect()
}

/// The stages that files written between two listings show at work: a new shard (self-play),
/// a new checkpoint record or trainer config (training), and the markers of training (the
/// gate starts), of the gate (the evaluation starts) and of the evaluation (the report is
/// rebuilt).
pub(crate) fn events(prev: &Listing, cur: &Listing) -> Vec<Stage> {
    let mut out = Vec::new();
    for (rel, id) in cur {
        if is_tmp(rel) || prev.get(rel) == Some(id) {
            continue;
        }
        let parts: Vec<String> = rel
            .iter()
            .map(|c| c.to_string_lossy().into_owned())
            .collect();
        let Some(g) = parts[0]
            .strip_prefix("gen-")
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let second = parts.get(1).map(String::as_str);
        let third = parts.get(2).map(String::as_str);
        let kind = match (parts.len(), second, third) {
            (3, Some("selfplay"), _) => Kind::Selfplay,
            (3, Some("train"), Some("train-state.json" | "config.toml")) => Kind::Train,
            (2, Some("train.json"), _) => Kind::Gate,
            (2, Some("gate.json"), _) => Kind::Eval,
            (2, Some("eval.json"), _) => Kind::Report,
            _ => continue,
        };
        out.push(Stage { kind, g });
    }
    out.sort_by_key(|s| s.position());
    out
}

/// A small seeded generator (SplitMix64): the kill plan is the same on every machine.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 1..=n.
    pub(crate) fn one_to(&mut self, n: u64) -> u64 {
        1 + self.next() % n
    }
}

/// How a kill picks its moment once its step is seen at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// A random share of the step's typical duration later.
    Delay,
    /// As soon as the n-th new temporary file appears (a write under way), or after the
    /// step's typical duration.
    AtWrite,
}

/// One planned kill.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    /// The earliest stage to kill in.
    pub(crate) target: Stage,
    pub(crate) mode: Mode,
    /// The share of the typical duration to wait ([`Mode::Delay`]).
    pub(crate) fraction: f64,
    /// Which of the files showing a stage at or after the target arms the kill.
    pub(crate) nth_event: u64,
    /// Which new temporary file fires the kill ([`Mode::AtWrite`]).
    pub(crate) nth_tmp: u64,
}

/// The targets of the kills, in order: the baselines at the first start, then every step of
/// generations 0 to 2 and the first four of generation 3, so that the run has room left after
/// the last kill.
pub(crate) fn targets() -> Vec<Stage> {
    let mut out = vec![Stage {
        kind: Kind::Baselines,
        g: 0,
    }];
    for g in 0..4 {
        for kind in GENERATION_KINDS {
            out.push(Stage { kind, g });
        }
    }
    out.truncate(KILLS);
    out
}

pub(crate) fn plan(rng: &mut SplitMix, target: Stage) -> Plan {
    let mode = if rng.unit() < 1.0 / 3.0 {
        Mode::AtWrite
    } else {
        Mode::Delay
    };
    let fraction = rng.unit();
    let nth_event = rng.one_to(3);
    let nth_tmp = rng.one_to(3);
    Plan {
        target,
        mode,
        fraction,
        // Self-play and training write many files; the later steps one each.
        nth_event: if matches!(target.kind, Kind::Selfplay | Kind::Train) {
            nth_event
        } else {
            1
        },
        nth_tmp,
    }
}

/// The typical time between two files of a stage: a stage's duration in the reference run,
/// per shard for self-play and per checkpoint for training.
pub(crate) fn typical(durations: &BTreeMap<Kind, Vec<Duration>>, kind: Kind) -> Duration {
    let mean = durations
        .get(&kind)
        .filter(|d| !d.is_empty())
        .map_or(Duration::from_millis(20), |d| {
            d.iter().sum::<Duration>() / d.len() as u32
        });
    let per = match kind {
        Kind::Selfplay => (GAMES / GAMES_PER_SHARD) as u32,
        Kind::Train => (STEPS / CHECKPOINT_EVERY) as u32,
        _ => 1,
    };
    (mean / per).max(Duration::from_millis(2))
}

/// What one generation of a finished run adds up to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Totals {
    pub(crate) games: u64,
    pub(crate) positions: u64,
    pub(crate) steps: u64,
    pub(crate) gate_games: u64,
    pub(crate) eval_games: Vec<u64>,
}
