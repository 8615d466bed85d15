#!/usr/bin/env bash
# The GPU path's tests: the trainer's device tests (train/tests/device.rs: the network's
# outputs, model files across devices, training steps, self-play and the trainer, each
# against burn's CPU backend) built with a GPU feature and run on that device. On a machine
# without a GPU, `wgpu` runs them on Mesa's software Vulkan driver, lavapipe
# (`apt-get install libvulkan1 mesa-vulkan-drivers`). Run it by hand after the README's test
# command (CI lints the GPU code but does not build it: docs/gpu.md); without a Vulkan loader
# and driver it says it skipped and why, and exits 0.
#
# Usage: scripts/test_gpu.sh [DEVICE]   (wgpu by default; cuda or vulkan where a GPU has them)
set -euo pipefail
cd "$(dirname "$0")/.."
device=${1:-wgpu}
case "$device" in
  cuda | vulkan | wgpu) ;;
  *) echo "scripts/test_gpu.sh: unknown device '$device': expected cuda, vulkan or wgpu" >&2; exit 2 ;;
esac
if [ "$device" != cuda ]; then
  loader=$( (ldconfig -p 2>/dev/null || true) | grep -c 'libvulkan\.so\.1' || true)
  drivers=$(find /usr/share/vulkan/icd.d /etc/vulkan/icd.d -name '*.json' 2>/dev/null | wc -l || true)
  if [ "$loader" = 0 ] || [ "$drivers" = 0 ]; then
    echo "GPU path tests skipped: no Vulkan loader or driver (apt-get install libvulkan1 mesa-vulkan-drivers)"
    exit 0
  fi
fi
# Kernel autotuning compiles and times candidate kernels for every new shape, which on a
# software driver takes minutes; the tests check results, not speed, so they ask for the
# least tuning.
export CUBECL_AUTOTUNE_LEVEL=${CUBECL_AUTOTUNE_LEVEL:-minimal}
export MANKALA_TEST_DEVICE=$device
# The default members' build with the backend's feature (not `-p mankala-train` alone), so
# that Cargo resolves the dependencies' features as for `cargo test --release` and reuses
# what that build compiled (the pins in models/Cargo.toml; tests/gpu.rs checks them).
args=(--release --features "mankala-models/$device" --test device)
start=$(date +%s)
cargo test "${args[@]}" --no-run
built=$(date +%s)
# A kernel that a driver cannot finish compiling would otherwise hold CI until its hard limit.
status=0
timeout 900 cargo test "${args[@]}" -- --test-threads 1 --nocapture || status=$?
if [ "$status" = 124 ]; then
  echo "GPU path tests on $device did not finish in 15 minutes" >&2
fi
if [ "$status" != 0 ]; then
  exit "$status"
fi
echo "GPU path tests on $device passed: built in $((built - start)) s, ran in $(($(date +%s) - built)) s"
