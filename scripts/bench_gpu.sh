#!/usr/bin/env bash
# The GPU benchmark of docs/benchmarks.md ("GPU"): one prepared run on a machine with a GPU,
# against the CPU backend of the same binary on the same machine, every step under its own
# time limit (at most 8 minutes in all; a step that runs out is recorded as
# such and the script goes on):
#  0. `mankala devices` with --device auto: the calibration's verdict (card against CPU);
#  1. the device tests (train/tests/device.rs) on the device, where DEVICE_TESTS names their
#     binary (`cargo test --release --features mankala-models/$DEVICE --test device --no-run`
#     prints its path); issue 51 asks them to pass within 60 s;
#  2. `mankala bench network` for the Oware config's network and Omweso's 128 x 3 over four
#     rows: each batch size's first call (compiling and tuning), inference positions per
#     second at batches 1 to 16,384 with one call's upload, kernels and read-back, the
#     self-play batch on every core and through the inference service, and training samples
#     per second at batches 256 and 4,096;
#  3. self-play positions per second with the zoo's Oware network at 100 simulations: the CPU
#     (its search threads' own batches, 64 games a worker; 2,048 games), the device with the
#     search threads' own batches (`[search] inference = "thread"`, the path of issue 51's
#     first measurement; 2,048 games), and the device through the inference service, each
#     worker keeping the games that fill it (4,096 leaves in flight; 4,096 games); each
#     run's record gives the batch sizes the device saw. A run cut off by its limit leaves
#     no figure but its log.
# Prints Markdown for docs/benchmarks.md and leaves every JSON and log in OUT.
#
# Usage: MANKALA=path/to/mankala DEVICE=vulkan scripts/bench_gpu.sh [OUT]
#   MANKALA  a binary built with the GPU backend (`cargo build --release --features vulkan`;
#            default target/release/mankala, built here when cargo is at hand)
#   DEVICE   the --device to measure (cuda, vulkan or wgpu; default vulkan)
#   DEVICE_TESTS  the device tests' binary, built with the same feature (step 1 is skipped
#            without it)
#   THREADS  CPU threads for self-play and the shared-model inference (default: every core)
#   BENCH_SECONDS  seconds per network measurement (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-runs/bench-gpu}
device=${DEVICE:-vulkan}
threads=${THREADS:-$(nproc)}
seconds=${BENCH_SECONDS:-1}
bin=${MANKALA:-target/release/mankala}
if [ -z "${MANKALA:-}" ] && command -v cargo >/dev/null 2>&1; then
  cargo build --release --quiet --features "mankala-models/$device"
fi
mkdir -p "$out"
: > "$out/steps.txt"
git rev-parse --short HEAD > "$out/commit.txt" 2>/dev/null || echo unknown > "$out/commit.txt"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null \
  || echo "no nvidia-smi"; } > "$out/card.txt"
grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' > "$out/cpu.txt"

# step LIMIT NAME COMMAND...: COMMAND's output in OUT/NAME.txt, its status and seconds in
# OUT/steps.txt ("timeout" when it ran past LIMIT seconds).
step() {
  local limit=$1 name=$2 status=0
  shift 2
  local t0
  t0=$(date +%s.%N)
  timeout "$limit" "$@" > "$out/$name.txt" 2>&1 || status=$?
  local took
  took=$(python3 -c "import time; print(f'{time.time() - $t0:.1f}')")
  case $status in
    0) status=ok ;;
    124) status="timeout after ${limit} s" ;;
    *) status="exit $status" ;;
  esac
  echo "$name | $status | $took s" | tee -a "$out/steps.txt"
}

# 0. What auto chooses here, and why.
step 30 devices "$bin" --device auto devices

# 1. The device tests.
if [ -n "${DEVICE_TESTS:-}" ]; then
  step 90 device-tests env MANKALA_TEST_DEVICE="$device" "$DEVICE_TESTS" --test-threads 1 --nocapture
fi

# 2. The network alone.
for cfg in configs/oware.toml configs/omweso.toml; do
  name=$(basename "$cfg" .toml)
  for dev in cpu "$device"; do
    limit=30
    [ "$dev" = cpu ] || limit=60
    step "$limit" "net-$name-$dev" "$bin" --device "$dev" bench network --config "$cfg" \
      --seconds "$seconds" --threads "$threads" \
      --batches 1,256,4096,16384 --train-batches 256,4096 --json "$out/net-$name-$dev.json"
  done
done

# 3. Self-play with the zoo's Oware network: its config with games_per_worker and
# [search] inference set.
selfplay() { # LIMIT DEVICE INFERENCE GAMES_PER_WORKER GAMES
  local name="sp-$2-$3-$4" cfg="$out/sp-$2-$3-$4.toml"
  python3 - zoo/oware/config.toml "$cfg" "$4" "$3" <<'PY'
import re, sys
src, dest, per_worker, inference = sys.argv[1:5]
text = open(src).read()
def put(text, table, key, value):
    line = re.compile(rf"^{key}\s*=.*$", re.M)
    if line.search(text):
        return line.sub(f"{key} = {value}", text)
    if f"[{table}]\n" in text:
        return text.replace(f"[{table}]\n", f"[{table}]\n{key} = {value}\n", 1)
    return text + f"\n[{table}]\n{key} = {value}\n"
text = put(text, "selfplay", "games_per_worker", per_worker)
text = put(text, "search", "inference", f'"{inference}"')
open(dest, "w").write(text)
PY
  step "$1" "$name" "$bin" --device "$2" selfplay --config "$cfg" --games "$5" \
    --threads "$threads" --seed 1 --model zoo/oware/model.bpk --out "$out/$name"
}
selfplay 45 cpu thread 64 2048
selfplay 45 "$device" thread 64 2048
selfplay 90 "$device" service 64 4096

python3 - "$out" "$device" <<'PY'
import glob, json, os, re, sys
out, device = sys.argv[1], sys.argv[2]
read = lambda name: open(os.path.join(out, name)).read().strip()
print(f"Card: {read('card.txt')}; CPU: {read('cpu.txt')}, {os.cpu_count()} cores; commit {read('commit.txt')}.\n")
print("| step | status | seconds |\n| --- | --- | ---: |")
for line in read("steps.txt").splitlines():
    print(f"| {line} |")
print("\n`--device auto`: " + " ".join(l for l in read("devices.txt").splitlines() if "auto" in l) + "\n")
def load(name):
    path = os.path.join(out, name)
    return json.load(open(path)) if os.path.exists(path) else {}
for name in ["oware", "omweso"]:
    cpu, gpu = load(f"net-{name}-cpu.json"), load(f"net-{name}-{device}.json")
    print(f"`{name}` network ({gpu.get('device', device + ': no figures')} against cpu):\n")
    print("| measure | cpu | " + device + " | ratio |")
    print("| --- | ---: | ---: | ---: |")
    keys = sorted({k for k in list(cpu) + list(gpu) if re.fullmatch(r"(inference|first_call|settle|upload_ms|forward_ms|read_back_ms|train_step|first_step)_b\d+", k)},
                  key=lambda k: (k.startswith(("train", "first_step")), int(re.sub(r"\D", "", k.split("_b")[-1])), k))
    for k in keys + ["inference_shared", "inference_service"]:
        c, g = cpu.get(k), gpu.get(k)
        ratio = f"{g / c:.2f}x" if c and g else ""
        fmt = lambda v: "-" if v is None else (f"{v:.0f}" if v >= 100 else f"{v:.3f}")
        print(f"| {k} | {fmt(c)} | {fmt(g)} | {ratio} |")
    print()
print("Self-play, the zoo's Oware network, 100 simulations a move:\n")
print("| device | inference | games a worker (asked) | games a worker (run) | games | positions/s | network calls by batch size |")
print("| --- | --- | ---: | ---: | ---: | ---: | --- |")
for d in sorted(glob.glob(os.path.join(out, "sp-*"))):
    m = re.fullmatch(r"sp-(\w+)-(\w+)-(\d+)", os.path.basename(d))
    if not m or not os.path.isdir(d):
        continue
    runs = glob.glob(os.path.join(d, "run-*.json"))
    s = json.load(open(runs[0])).get("summary") if runs else None
    if not s:
        print(f"| {m.group(1)} | {m.group(2)} | {m.group(3)} | | | not finished (see {os.path.basename(d)}.txt) | |")
        continue
    inf = s.get("inference", {})
    calls = inf.get("calls_by_batch") or {"distinct sizes": inf.get("distinct_batch_sizes")}
    print(f"| {m.group(1)} | {m.group(2)} | {m.group(3)} | {s.get('games_per_worker')} | {s['games']} | {s['positions'] / s['seconds']:.0f} | {calls} |")
PY
