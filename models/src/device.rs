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

use burn::tensor::Device;
use thiserror::Error;

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
}

impl Chosen {
    fn cpu(choice: DeviceChoice, fallback: Option<String>) -> Chosen {
        Chosen {
            choice,
            device: Device::flex(),
            name: "cpu".into(),
            gpu: false,
            fallback,
        }
    }
}

/// What `choice` resolves to on this machine, without choosing it for the process.
///
/// # Errors
/// A backend this build lacks ([`DeviceError::NotBuilt`]) or that finds no device here
/// ([`DeviceError::NotFound`]); `auto` never fails: it falls back to the CPU and says why in
/// [`Chosen::fallback`].
pub fn resolve(choice: DeviceChoice) -> Result<Chosen, DeviceError> {
    if !choice.built() {
        return Err(DeviceError::NotBuilt(choice));
    }
    match choice {
        DeviceChoice::Cpu => Ok(Chosen::cpu(choice, None)),
        DeviceChoice::Auto => Ok(auto()),
        backend => gpu::find(backend, false),
    }
}

/// `auto`: the first GPU backend of this build that finds a card, else the CPU with the
/// reasons.
fn auto() -> Chosen {
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
                return found;
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
pub fn choose(choice: DeviceChoice) -> Result<&'static Chosen, DeviceError> {
    if let Some(chosen) = CHOSEN.get() {
        return if chosen.choice == choice {
            Ok(chosen)
        } else {
            Err(DeviceError::AlreadyChosen(chosen.name.clone()))
        };
    }
    let chosen = resolve(choice)?;
    Ok(CHOSEN.get_or_init(|| chosen))
}

/// The device networks run on: the one [`choose`] chose, else the CPU.
pub fn device() -> Device {
    CHOSEN.get().map_or_else(Device::flex, |c| c.device.clone())
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
    [
        DeviceChoice::Cpu,
        DeviceChoice::Cuda,
        DeviceChoice::Vulkan,
        DeviceChoice::Wgpu,
    ]
    .into_iter()
    .map(|choice| {
        let found = match resolve(choice) {
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
        let cpu = resolve(DeviceChoice::Cpu).unwrap();
        assert_eq!((cpu.name.as_str(), cpu.gpu), ("cpu", false));
        let auto = resolve(DeviceChoice::Auto).unwrap();
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
                let e = resolve(c).unwrap_err().to_string();
                assert!(e.contains(&format!("--features {c}")), "{e}");
            }
        }
    }
}
