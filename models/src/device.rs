//! Where networks run: burn's pure-Rust CPU backend (`flex`) in every build, and a GPU
//! backend where the build has one (cargo features `cuda`, `vulkan`, `wgpu`; docs/gpu.md)
//! and the machine shows one.
//!
//! A process runs all its networks on one device, chosen once by its front (`--device`)
//! with [`choose`] before any network is made; [`device`] is that device everywhere else
//! (the CPU when none was chosen).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use std::time::{Duration, Instant};

use burn::tensor::Device;
use mankala_config::NetworkConfig;
use thiserror::Error;

use crate::net::{NetInputs, PolicyValueNet, infer};

/// What `--device` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceChoice {
    /// burn's `flex` backend on the CPU threads.
    Cpu,
    /// The first CUDA device (cargo feature `cuda`).
    Cuda,
    /// The first Vulkan adapter, a software one (lavapipe) included (cargo feature `vulkan`).
    Vulkan,
    /// The adapter wgpu prefers on whatever graphics API it settles on (cargo feature `wgpu`).
    Wgpu,
    /// A GPU where the build has a GPU backend and the machine shows a GPU (CUDA first, then
    /// a Vulkan or wgpu adapter that is a card, not a software rasterizer), else the CPU.
    Auto,
}

impl DeviceChoice {
    /// Every choice, in the order `--help` lists them.
    pub const ALL: [DeviceChoice; 5] = [
        DeviceChoice::Cpu,
        DeviceChoice::Cuda,
        DeviceChoice::Vulkan,
        DeviceChoice::Wgpu,
        DeviceChoice::Auto,
    ];

    /// The name `--device` takes.
    pub fn name(self) -> &'static str {
        match self {
            DeviceChoice::Cpu => "cpu",
            DeviceChoice::Cuda => "cuda",
            DeviceChoice::Vulkan => "vulkan",
            DeviceChoice::Wgpu => "wgpu",
            DeviceChoice::Auto => "auto",
        }
    }

    /// Whether this build has the backend (`cpu` and `auto` always).
    pub fn built(self) -> bool {
        match self {
            DeviceChoice::Cpu | DeviceChoice::Auto => true,
            DeviceChoice::Cuda => cfg!(feature = "cuda"),
            DeviceChoice::Vulkan => cfg!(feature = "vulkan"),
            DeviceChoice::Wgpu => cfg!(feature = "wgpu"),
        }
    }

    /// `--device`'s default: `auto` in a build with a GPU backend, `cpu` in the default
    /// (CPU-only) build.
    pub fn default_for_build() -> DeviceChoice {
        if gpu_built() {
            DeviceChoice::Auto
        } else {
            DeviceChoice::Cpu
        }
    }
}

impl fmt::Display for DeviceChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DeviceChoice {
    type Err = DeviceError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DeviceChoice::ALL
            .into_iter()
            .find(|c| c.name() == s.trim().to_ascii_lowercase())
            .ok_or_else(|| DeviceError::Unknown(s.to_string()))
    }
}

/// Whether this build has any GPU backend.
pub fn gpu_built() -> bool {
    cfg!(any(feature = "cuda", feature = "vulkan", feature = "wgpu"))
}

/// A device that cannot be used.
#[derive(Debug, Error)]
pub enum DeviceError {
    /// Not one of the names.
    #[error("unknown device {0:?}: expected cpu, cuda, vulkan, wgpu or auto")]
    Unknown(String),
    /// The build lacks the backend.
    #[error(
        "--device {0}: this build has no {0} backend; build with `cargo build --release --features {0}` (docs/gpu.md)"
    )]
    NotBuilt(DeviceChoice),
    /// The backend finds no device on this machine.
    #[error("--device {choice}: {why}")]
    NotFound {
        /// What was asked for.
        choice: DeviceChoice,
        /// What the backend saw.
        why: String,
    },
    /// The process already runs its networks on another device.
    #[error("the networks of this process already run on {0}; a process uses one device")]
    AlreadyChosen(String),
}

/// A device found for a choice: the burn device and how outputs record it.
#[derive(Clone, Debug)]
pub struct Chosen {
    /// What was asked for.
    pub choice: DeviceChoice,
    /// The burn device.
    pub device: Device,
    /// How run records and the terminal name it: `cpu`, `cuda: NVIDIA H100 80GB HBM3`,
    /// `vulkan: llvmpipe (LLVM 15.0.6, 256 bits) (software)`.
    pub name: String,
    /// Whether it is a GPU backend's device (a software Vulkan driver included).
    pub gpu: bool,
    /// For `auto` on the CPU: the line saying why no GPU was taken.
    pub fallback: Option<String>,
    /// For `auto` on a GPU: the calibration that chose it.
    pub note: Option<String>,
}

impl Chosen {
    fn cpu(choice: DeviceChoice, fallback: Option<String>) -> Chosen {
        Chosen {
            choice,
            device: Device::flex(),
            name: "cpu".into(),
            gpu: false,
            fallback,
            note: None,
        }
    }
}

/// The network `auto` measures a card on against the CPU: the shape and inputs of the
/// network the command will run, the batch the CPU's search threads each run and the
/// threads that run them, and the batch a GPU's inference service runs.
#[derive(Clone, Debug)]
pub struct Probe {
    /// The network's shape.
    pub network: NetworkConfig,
    /// What it reads.
    pub inputs: NetInputs,
    /// The batch of one CPU search thread (`games_per_worker * leaves_per_game`).
    pub cpu_batch: usize,
    /// The CPU threads that run batches at once.
    pub threads: usize,
    /// The batch the device runs (the inference service's positions in flight).
    pub device_batch: usize,
    /// How long each side is timed, after its first call.
    pub time: Duration,
}

impl Probe {
    /// The configs' network (a 128 x 3 residual MLP) on Oware's inputs in encoding 2, 64
    /// positions a CPU thread on every core, 4,096 on the device, 150 ms a side.
    pub fn standard() -> Probe {
        let network = NetworkConfig {
            kind: mankala_config::NetworkKind::Mlp,
            width: 128,
            blocks: 3,
            encoding: 2,
            ..NetworkConfig::default()
        };
        let inputs = NetInputs::of(&mankala_engine::variants::Oware::default(), 2)
            .expect("this build reads encoding 2");
        Probe {
            network,
            inputs,
            cpu_batch: 64,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            device_batch: 4096,
            time: Duration::from_millis(150),
        }
    }
}

impl Probe {
    /// The work of a command that plays games one position a leaf (`arena`, `play`, `judge`,
    /// the engine protocol, `serve`): the configs' network, one position a call on every
    /// core against the card given one position from each core at once (the inference
    /// service gathering an arena's games).
    pub fn interactive() -> Probe {
        let standard = Probe::standard();
        Probe {
            cpu_batch: 1,
            device_batch: standard.threads,
            ..standard
        }
    }

    /// `cfg`'s network on its game's inputs, its self-play batch (`games_per_worker *
    /// leaves_per_game`) on every core, 4,096 on the device, 150 ms a side.
    pub fn for_config(cfg: &mankala_config::Resolved) -> Probe {
        let standard = Probe::standard();
        let inputs =
            mankala_engine::with_game!(&cfg.game, g => NetInputs::of(g, cfg.network.encoding));
        Probe {
            network: cfg.network.clone(),
            inputs: inputs.unwrap_or(standard.inputs),
            cpu_batch: (cfg.selfplay.games_per_worker * cfg.search.leaves_per_game) as usize,
            ..standard
        }
    }
}

/// Which side of a calibration a device is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The CPU: [`Probe::threads`] threads each running [`Probe::cpu_batch`] positions.
    Cpu,
    /// A device: one caller running [`Probe::device_batch`].
    Device,
}

/// What a calibration measured on one device.
#[derive(Clone, Debug, PartialEq)]
pub struct Speed {
    /// Positions evaluated a second, after the first call.
    pub positions_per_s: f64,
    /// The batch of each call.
    pub batch: usize,
    /// The threads calling at once.
    pub threads: usize,
    /// The first call (on a GPU: compiling and tuning the kernels), in seconds.
    pub first_call_s: f64,
}

/// Runs `probe`'s network on `device` as `side` would for [`Probe::time`] (at least three
/// calls a thread) after a first call and two more left out of the timing (compiling and
/// tuning), with random weights and inputs, and returns the rate.
pub fn calibrate(device: &Device, probe: &Probe, side: Side) -> Speed {
    let net = PolicyValueNet::new(&probe.network, &probe.inputs, device);
    let (enc, actions) = (probe.inputs.encoding_len, probe.inputs.num_actions);
    let (batch, threads) = match side {
        Side::Cpu => (probe.cpu_batch.max(1), probe.threads.max(1)),
        Side::Device => (probe.device_batch.max(1), 1),
    };
    let features: Vec<f32> = (0..batch * enc).map(|i| (i % 7) as f32 / 7.0).collect();
    let legal = vec![1.0; batch * actions];
    let call = || {
        let _ = infer(&net, device, features.clone(), legal.clone(), batch);
    };
    let first = Instant::now();
    call();
    let first_call_s = first.elapsed().as_secs_f64();
    // A backend that tunes its kernels may compile the ones it chose in the calls after the
    // first: two more leave the timing, and each thread times at least three.
    call();
    call();
    let start = Instant::now();
    let calls: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut n = 0;
                    while n < 3 || start.elapsed() < probe.time {
                        call();
                        n += 1;
                    }
                    n
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a calibration thread"))
            .sum()
    });
    Speed {
        positions_per_s: (calls * batch) as f64 / start.elapsed().as_secs_f64(),
        batch,
        threads,
        first_call_s,
    }
}

/// What `auto` decides between a card `name` and the CPU, with the line that says why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The card is at least as fast.
    Gpu(String),
    /// The CPU is faster.
    Cpu(String),
}

/// The card `name` (of backend `backend`) is taken when it evaluated at least as many positions a second as the
/// CPU; the line gives both rates either way.
pub fn verdict(name: &str, backend: DeviceChoice, gpu: &Speed, cpu: &Speed) -> Verdict {
    let rates = format!(
        "{name} evaluates this network at {:.0} positions/s (batch {}, first call {:.2} s), the CPU at {:.0} positions/s ({} threads, batch {})",
        gpu.positions_per_s,
        gpu.batch,
        gpu.first_call_s,
        cpu.positions_per_s,
        cpu.threads,
        cpu.batch
    );
    if gpu.positions_per_s >= cpu.positions_per_s {
        Verdict::Gpu(format!("--device auto: {rates}; running on {name}"))
    } else {
        Verdict::Cpu(format!(
            "--device auto: {rates}; running on the CPU, which is faster here (--device {backend} forces the card)"
        ))
    }
}

/// What `choice` resolves to on this machine, without choosing it for the process; `auto`
/// measures a card it finds against the CPU on `probe`'s network ([`calibrate`]).
///
/// # Errors
/// A backend this build lacks ([`DeviceError::NotBuilt`]) or that finds no device here
/// ([`DeviceError::NotFound`]); `auto` never fails: it falls back to the CPU and says why in
/// [`Chosen::fallback`].
pub fn resolve(choice: DeviceChoice, probe: &Probe) -> Result<Chosen, DeviceError> {
    if !choice.built() {
        return Err(DeviceError::NotBuilt(choice));
    }
    match choice {
        DeviceChoice::Cpu => Ok(Chosen::cpu(choice, None)),
        DeviceChoice::Auto => Ok(auto(probe)),
        backend => gpu::find(backend, false),
    }
}

/// `auto`: the first GPU backend of this build that finds a card, if it runs `probe`'s
/// network faster than the CPU does; else the CPU with the reasons.
fn auto(probe: &Probe) -> Chosen {
    if !gpu_built() {
        let why = "--device auto: this build has no GPU backend (build with --features cuda or vulkan, docs/gpu.md); running on the CPU";
        return Chosen::cpu(DeviceChoice::Auto, Some(why.into()));
    }
    let mut reasons = Vec::new();
    for choice in [DeviceChoice::Cuda, DeviceChoice::Vulkan, DeviceChoice::Wgpu] {
        if !choice.built() {
            continue;
        }
        match gpu::find(choice, true) {
            Ok(mut found) => {
                found.choice = DeviceChoice::Auto;
                let gpu = calibrate(&found.device, probe, Side::Device);
                let cpu = calibrate(&Device::flex(), probe, Side::Cpu);
                let line = verdict(&found.name, choice, &gpu, &cpu);
                return match line {
                    Verdict::Gpu(line) => {
                        found.note = Some(line);
                        found
                    }
                    Verdict::Cpu(line) => Chosen::cpu(DeviceChoice::Auto, Some(line)),
                };
            }
            Err(DeviceError::NotFound { why, .. }) => reasons.push(format!("{choice}: {why}")),
            Err(e) => reasons.push(e.to_string()),
        }
    }
    let why = format!(
        "--device auto: no GPU found ({}); running on the CPU",
        reasons.join("; ")
    );
    Chosen::cpu(DeviceChoice::Auto, Some(why))
}

static CHOSEN: OnceLock<Chosen> = OnceLock::new();

/// Chooses the device of every network this process makes from now on; call it once, from
/// the front, before any network is made. Choosing the same again returns the first choice.
///
/// # Errors
/// As [`resolve`], and [`DeviceError::AlreadyChosen`] when another choice was made before.
pub fn choose(choice: DeviceChoice, probe: &Probe) -> Result<&'static Chosen, DeviceError> {
    if let Some(chosen) = CHOSEN.get() {
        return if chosen.choice == choice {
            Ok(chosen)
        } else {
            Err(DeviceError::AlreadyChosen(chosen.name.clone()))
        };
    }
    let chosen = resolve(choice, probe)?;
    Ok(CHOSEN.get_or_init(|| chosen))
}

/// The device networks run on: the one [`choose`] chose, else the CPU.
pub fn device() -> Device {
    CHOSEN.get().map_or_else(Device::flex, |c| c.device.clone())
}

/// Whether [`device`] is a GPU backend's (a software Vulkan driver included).
pub fn on_gpu() -> bool {
    CHOSEN.get().is_some_and(|c| c.gpu)
}

/// How outputs record [`device`]: `cpu` or the chosen device's [`Chosen::name`].
pub fn device_name() -> String {
    CHOSEN
        .get()
        .map_or_else(|| "cpu".into(), |c| c.name.clone())
}

/// One line per backend for `mankala devices`: its name, whether this build has it, and
/// what it finds on this machine.
pub fn survey() -> Vec<(DeviceChoice, bool, String)> {
    let probe = Probe::standard();
    [
        DeviceChoice::Cpu,
        DeviceChoice::Cuda,
        DeviceChoice::Vulkan,
        DeviceChoice::Wgpu,
    ]
    .into_iter()
    .map(|choice| {
        let found = match resolve(choice, &probe) {
            Ok(c) => c.name,
            Err(DeviceError::NotBuilt(_)) => "not in this build".into(),
            Err(DeviceError::NotFound { why, .. }) => why,
            Err(e) => e.to_string(),
        };
        (choice, choice.built(), found)
    })
    .collect()
}

#[cfg(not(any(feature = "cuda", feature = "vulkan", feature = "wgpu")))]
mod gpu {
    use super::{Chosen, DeviceChoice, DeviceError};

    /// Unreachable in a CPU-only build: [`super::resolve`] refuses unbuilt backends first.
    pub(super) fn find(choice: DeviceChoice, _card_only: bool) -> Result<Chosen, DeviceError> {
        Err(DeviceError::NotBuilt(choice))
    }
}

#[cfg(any(feature = "cuda", feature = "vulkan", feature = "wgpu"))]
mod gpu {
    use super::{Chosen, DeviceChoice, DeviceError};
    use burn::tensor::{Device, DeviceType};
    use std::panic::AssertUnwindSafe;

    /// The first device of `choice`'s backend (only cards, not software rasterizers, when
    /// `card_only`), opened.
    pub(super) fn find(choice: DeviceChoice, card_only: bool) -> Result<Chosen, DeviceError> {
        let devices = enumerate(choice)?;
        if devices.is_empty() {
            return Err(not_found(choice, "no device found".into()));
        }
        let mut software = Vec::new();
        for device in devices {
            // Opening a device can panic inside a driver; that is "not usable here".
            let identity = std::panic::catch_unwind(AssertUnwindSafe(|| device.identity()))
                .map_err(|_| not_found(choice, "the device could not be opened".into()))?;
            let (name, card) = match identity {
                Some(id) => (id.name.clone(), id.physical.is_some()),
                None => (format!("{device:?}"), false),
            };
            if card_only && !card {
                software.push(name);
                continue;
            }
            let label = if card {
                name
            } else {
                format!("{name} (software)")
            };
            return Ok(Chosen {
                choice,
                device,
                name: format!("{choice}: {label}"),
                gpu: true,
                fallback: None,
                note: None,
            });
        }
        Err(not_found(
            choice,
            format!("only a software rasterizer ({})", software.join(", ")),
        ))
    }

    fn not_found(choice: DeviceChoice, why: String) -> DeviceError {
        DeviceError::NotFound { choice, why }
    }

    /// The backend's devices on this machine, best first.
    fn enumerate(choice: DeviceChoice) -> Result<Vec<Device>, DeviceError> {
        let kind = match choice {
            #[cfg(feature = "cuda")]
            DeviceChoice::Cuda => DeviceType::Cuda,
            #[cfg(feature = "vulkan")]
            DeviceChoice::Vulkan => DeviceType::Vulkan,
            #[cfg(feature = "wgpu")]
            DeviceChoice::Wgpu => DeviceType::Wgpu,
            other => return Err(DeviceError::NotBuilt(other)),
        };
        std::panic::catch_unwind(AssertUnwindSafe(|| Device::enumerate(kind).into_vec()))
            .map_err(|_| not_found(choice, "the backend's driver could not be loaded".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_unknown_names_are_refused() {
        for c in DeviceChoice::ALL {
            assert_eq!(c.name().parse::<DeviceChoice>().unwrap(), c);
        }
        assert_eq!(
            " CUDA ".parse::<DeviceChoice>().unwrap(),
            DeviceChoice::Cuda
        );
        let e = "tpu".parse::<DeviceChoice>().unwrap_err().to_string();
        assert!(
            e.contains("\"tpu\"") && e.contains("expected cpu, cuda"),
            "{e}"
        );
    }

    #[test]
    fn cpu_resolves_everywhere_and_auto_says_why_when_it_falls_back() {
        let cpu = resolve(DeviceChoice::Cpu, &Probe::standard()).unwrap();
        assert_eq!((cpu.name.as_str(), cpu.gpu), ("cpu", false));
        let auto = resolve(DeviceChoice::Auto, &Probe::standard()).unwrap();
        assert_eq!(auto.gpu, auto.fallback.is_none(), "{auto:?}");
        if !auto.gpu {
            let line = auto.fallback.unwrap();
            assert!(line.starts_with("--device auto:") && line.ends_with("running on the CPU"));
        }
    }

    #[test]
    fn a_backend_missing_from_the_build_is_refused_by_name() {
        for c in [DeviceChoice::Cuda, DeviceChoice::Vulkan, DeviceChoice::Wgpu] {
            if !c.built() {
                let e = resolve(c, &Probe::standard()).unwrap_err().to_string();
                assert!(e.contains(&format!("--features {c}")), "{e}");
            }
        }
    }

    fn speed(positions_per_s: f64, batch: usize, threads: usize) -> Speed {
        Speed {
            positions_per_s,
            batch,
            threads,
            first_call_s: 0.5,
        }
    }

    #[test]
    fn auto_keeps_the_cpu_where_the_card_is_slower_and_says_why() {
        // Issue 51's H200 against its 16 cores: the card far slower for this network.
        let name = "vulkan: NVIDIA H200";
        let cpu = speed(5_500_000.0, 64, 16);
        match verdict(name, DeviceChoice::Vulkan, &speed(90_000.0, 4096, 1), &cpu) {
            Verdict::Cpu(line) => {
                assert!(line.starts_with("--device auto: vulkan: NVIDIA H200 evaluates this network at 90000 positions/s (batch 4096"), "{line}");
                assert!(
                    line.contains("the CPU at 5500000 positions/s (16 threads, batch 64)"),
                    "{line}"
                );
                assert!(
                    line.ends_with(
                        "running on the CPU, which is faster here (--device vulkan forces the card)"
                    ),
                    "{line}"
                );
            }
            other => panic!("the slower card was taken: {other:?}"),
        }
        match verdict(
            name,
            DeviceChoice::Vulkan,
            &speed(20_000_000.0, 4096, 1),
            &cpu,
        ) {
            Verdict::Gpu(line) => {
                assert!(line.ends_with("running on vulkan: NVIDIA H200"), "{line}")
            }
            other => panic!("the faster card was refused: {other:?}"),
        }
    }

    #[test]
    fn a_calibration_measures_the_sides_as_they_run() {
        let probe = Probe {
            network: NetworkConfig {
                width: 16,
                blocks: 1,
                ..Probe::standard().network
            },
            cpu_batch: 8,
            threads: 2,
            device_batch: 32,
            time: Duration::from_millis(20),
            ..Probe::standard()
        };
        let cpu = calibrate(&Device::flex(), &probe, Side::Cpu);
        let device = calibrate(&Device::flex(), &probe, Side::Device);
        assert_eq!((cpu.batch, cpu.threads), (8, 2));
        assert_eq!((device.batch, device.threads), (32, 1));
        for s in [&cpu, &device] {
            assert!(
                s.positions_per_s.is_finite() && s.positions_per_s > 0.0,
                "{s:?}"
            );
        }
    }
}
