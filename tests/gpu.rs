//! The device choice in the default (CPU-only) build: `--device` refuses a backend the
//! build lacks by name, `auto` falls back to the CPU with a line saying so, and `mankala
//! devices` says both.
//!
//! The GPU path itself (the trainer's device tests built with a GPU feature, run on Mesa's
//! software Vulkan driver where there is no GPU) is `scripts/test_gpu.sh`, which CI runs
//! after this suite: from inside `cargo test` a second cargo would wait for the build
//! directory this one holds.

mod common;
#[path = "common/skip.rs"]
mod skip;

use common::{mankala, stderr, stdout};

fn main() {
    skip::run(vec![skip::Check {
        name: "a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so",
        missing: cfg!(any(feature = "cuda", feature = "vulkan", feature = "wgpu")).then(|| "this build has a GPU backend".to_string()),
        body: a_cpu_build_refuses_gpu_devices_by_name_and_auto_falls_back_saying_so,
    }])
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
