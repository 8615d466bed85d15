//! The GPU path: the trainer's device tests (`train/tests/device.rs`: the network's outputs,
//! model files across devices, training steps, self-play and the trainer, each against burn's
//! CPU backend) built with the `wgpu` feature and run on the first Vulkan adapter, which on a
//! machine without a GPU is Mesa's software driver, lavapipe (`apt-get install
//! mesa-vulkan-drivers`). Opt-in (`MANKALA_GPU_TESTS=1`): the build takes 10 to 19 minutes
//! beside the default one and lavapipe runs burn's kernels slowly (docs/gpu.md, "Tests");
//! otherwise, and where no Vulkan driver is installed, it is ignored saying why.
//!
//! Also, in this (CPU-only) build: `--device` refuses a backend the build lacks by name,
//! `auto` falls back to the CPU with a line saying so, and `mankala devices` says both.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
#[path = "common/skip.rs"]
mod skip;

use common::{mankala, stderr, stdout};

fn main() {
    skip::run(vec![
        skip::Check { name: "the_trainers_device_tests_pass_on_wgpu", missing: gpu_tests_missing(), body: the_trainers_device_tests_pass_on_wgpu },
        skip::Check {
            name: "a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so",
            missing: cfg!(any(feature = "cuda", feature = "vulkan", feature = "wgpu")).then(|| "this build has a GPU backend".to_string()),
            body: a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so,
        },
    ])
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Vulkan loader's driver manifests, where Linux distributions install them.
const ICD_DIRS: [&str; 3] = ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d", "/usr/local/share/vulkan/icd.d"];

/// Why the GPU-path test does not run here, if it does not.
fn gpu_tests_missing() -> Option<String> {
    if std::env::var("MANKALA_GPU_TESTS").as_deref() != Ok("1") {
        return Some(
            "opt-in: MANKALA_GPU_TESTS=1 builds the trainer's device tests with the wgpu feature (10 to 19 minutes on 2 cores) and runs them on the first Vulkan adapter"
                .into(),
        );
    }
    vulkan_missing()
}

/// Why the Vulkan loader or driver is missing, if it is.
fn vulkan_missing() -> Option<String> {
    let manifests =
        ICD_DIRS.iter().filter_map(|d| std::fs::read_dir(d).ok()).flatten().filter_map(Result::ok).any(|e| e.path().extension().is_some_and(|x| x == "json"));
    let loader =
        ["/usr/lib/x86_64-linux-gnu/libvulkan.so.1", "/usr/lib/aarch64-linux-gnu/libvulkan.so.1", "/usr/lib64/libvulkan.so.1", "/usr/lib/libvulkan.so.1"]
            .iter()
            .any(|p| Path::new(p).exists());
    match (loader, manifests) {
        (true, true) => None,
        (false, _) => Some("no Vulkan loader (libvulkan.so.1; apt-get install libvulkan1 mesa-vulkan-drivers)".into()),
        (true, false) => Some(format!("no Vulkan driver in {} (apt-get install mesa-vulkan-drivers)", ICD_DIRS.join(", "))),
    }
}

/// Builds the trainer's device tests with the `wgpu` feature (beside this build, in the same
/// target directory) and runs them on the first adapter wgpu finds.
fn the_trainers_device_tests_pass_on_wgpu() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(repo())
        .args(["test", "--release", "-p", "mankala-train", "--features", "mankala-models/wgpu", "--test", "device", "--", "--test-threads", "1"])
        .env("MANKALA_TEST_DEVICE", "wgpu")
        .status()
        .unwrap_or_else(|e| panic!("cannot start {cargo}: {e}"));
    assert!(
        status.success(),
        "the trainer's device tests failed on wgpu ({status}); rerun: MANKALA_TEST_DEVICE=wgpu cargo test --release -p mankala-train --features mankala-models/wgpu --test device"
    );
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
