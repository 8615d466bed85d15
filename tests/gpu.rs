//! The device choice in the default (CPU-only) build: `--device` refuses a backend the
//! build lacks by name, `auto` falls back to the CPU with a line saying so, and `mankala
//! devices` says both.
//!
//! The GPU path itself (the trainer's device tests built with a GPU feature, run on Mesa's
//! software Vulkan driver where there is no GPU) is `scripts/test_gpu.sh`, run by hand after
//! this suite (CI lints the GPU code but does not build it: docs/gpu.md): from inside `cargo
//! test` a second cargo would wait for the build directory this one holds. What this suite
//! checks of it is that the GPU build compiles no dependency the default build shares a second
//! time (`cargo tree` of both builds).

use std::path::PathBuf;

mod common;
#[path = "common/features.rs"]
mod features;
#[path = "common/skip.rs"]
mod skip;

use common::{mankala, stderr, stdout};
use features::dependency_features;

/// The GPU backends whose builds are checked: `wgpu` is the one CI builds, `vulkan` the same
/// backend with SPIR-V kernels (`cuda` needs a download this check cannot count on).
const DEVICES: [&str; 2] = ["wgpu", "vulkan"];

/// The dependencies a GPU feature itself changes: burn and those of its crates whose features
/// a backend turns on. They, and every crate above them, are compiled again in a GPU build.
const CHANGED_BY_THE_BACKEND: [&str; 10] =
    ["burn", "burn-backend", "burn-core", "burn-dispatch", "burn-ir", "burn-std", "burn-tensor", "cubecl-common", "cubecl-environment", "cubecl-zspace"];

fn main() {
    // Resolving a GPU build's features needs its crates' manifests: without the network and
    // before they are downloaded, the check cannot run.
    let unresolved = DEVICES.iter().find_map(|d| gpu_features(d).err());
    skip::run(vec![
        skip::Check {
            name: "a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so",
            missing: cfg!(any(feature = "cuda", feature = "vulkan", feature = "wgpu")).then(|| "this build has a GPU backend".to_string()),
            body: a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so,
        },
        skip::Check { name: "a_gpu_build_compiles_no_shared_dependency_again", missing: unresolved, body: a_gpu_build_compiles_no_shared_dependency_again },
    ])
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The dependencies' features in `scripts/test_gpu.sh DEVICE`'s build: the default members
/// with `mankala-models/DEVICE`.
fn gpu_features(device: &str) -> Result<features::Features, String> {
    dependency_features(&repo(), "normal,build,dev", &[], &[&format!("mankala-models/{device}")])
}

/// `scripts/test_gpu.sh` builds after the default build in the same target folder. Where a
/// backend turns on a feature of a dependency the default build shares (serde's `rc`,
/// bitflags' `serde`...), Cargo compiles that crate again and every crate above it (tract,
/// parquet, arrow): 753 s of the 2,332 s of compile time that build took before
/// models/Cargo.toml pinned those features (docs/benchmarks.md). Every compiled unit of the default build must be one of
/// the GPU build's too, but for the crates the backend itself changes.
fn a_gpu_build_compiles_no_shared_dependency_again() {
    let default = dependency_features(&repo(), "normal,build,dev", &[], &[]).unwrap();
    assert!(!default.keys().any(|k| k.starts_with("cubecl-wgpu ")), "the default build has no GPU backend");
    for device in DEVICES {
        let gpu = gpu_features(device).unwrap();
        assert!(gpu.keys().any(|k| k.starts_with("cubecl-wgpu ")), "the {device} build has its backend: {:?}", gpu.keys().collect::<Vec<_>>());
        let compiled_again: Vec<String> = default
            .iter()
            .filter(|(package, _)| {
                let name = package.split(' ').next().unwrap_or_default();
                !name.starts_with("mankala") && !CHANGED_BY_THE_BACKEND.contains(&name)
            })
            .filter_map(|(package, units)| {
                let there = gpu.get(package)?;
                (!units.is_subset(there)).then(|| format!("{package}: default build {units:?}, {device} build {there:?}"))
            })
            .collect();
        assert!(
            compiled_again.is_empty(),
            "the {device} build turns on other features in these dependencies of the default build, so \
             scripts/test_gpu.sh compiles them and every crate above them again; pin those features \
             in models/Cargo.toml:\n{}",
            compiled_again.join("\n")
        );
    }
}

fn a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so() {
    for backend in ["cuda", "vulkan", "wgpu"] {
        let o = mankala(&["--device", backend, "variants"]);
        assert!(!o.status.success(), "--device {backend} ran in a CPU-only build");
        let err = stderr(&o);
        assert!(err.contains(&format!("--device {backend}: this build has no {backend} backend")) && err.contains(&format!("--features {backend}")), "{err}");
    }
    let o = mankala(&["--device", "tpu", "variants"]);
    assert!(!o.status.success() && stderr(&o).contains("expected cpu, cuda, vulkan, wgpu or auto"), "{}", stderr(&o));

    let o = mankala(&["variants", "--device", "auto"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("--device auto: this build has no GPU backend") && stderr(&o).contains("running on the CPU"), "{}", stderr(&o));
    assert!(stdout(&o).contains("kalah"), "the command ran: {}", stdout(&o));

    let o = mankala(&["devices"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("cpu") && out.contains("cuda     no") && out.contains("--device cpu: cpu"), "{out}");
}
