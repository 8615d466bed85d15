#!/usr/bin/env bash
# The GPU benchmark of docs/benchmarks.md ("GPU"), one prepared run (planned for about ten minutes, not yet timed) on a
# machine with a GPU, against the CPU backend of the same binary on the same machine:
#  1. bare inference positions per second at batch sizes 1 to 16,384 and training samples per
#     second at batches 256 to 4,096 (`mankala bench network`), for three network sizes: the
#     Oware config's 128 x 2, the 256 x 4 of scripts/strength/oware-256.toml, and Omweso's
#     128 x 3 over four rows;
#  2. self-play positions per second of the loop's work (`mankala selfplay` with the zoo's
#     Oware network, 100 simulations), on the CPU with the config's 64 games a worker and on
#     the GPU with 64, 512 and 2,048 games a worker (the batch the device sees).
# Prints Markdown for docs/benchmarks.md and leaves every JSON and log in OUT.
#
# Usage: MANKALA=path/to/mankala DEVICE=cuda scripts/bench_gpu.sh [OUT]
#   MANKALA  a binary built with the GPU backend (`cargo build --release --features cuda`;
#            default target/release/mankala, built here when cargo is at hand)
#   DEVICE   the --device to measure (cuda, vulkan or wgpu; default cuda)
#   THREADS  CPU threads for self-play and the shared-model inference (default: every core)
#   BENCH_SECONDS  seconds per network measurement (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-runs/bench-gpu}
device=${DEVICE:-cuda}
threads=${THREADS:-$(nproc)}
seconds=${BENCH_SECONDS:-2}
bin=${MANKALA:-target/release/mankala}
if [ -z "${MANKALA:-}" ] && command -v cargo >/dev/null 2>&1; then
  cargo build --release --quiet --features "$device"
fi
mkdir -p "$out"
git rev-parse --short HEAD > "$out/commit.txt" 2>/dev/null || echo unknown > "$out/commit.txt"
{ nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null \
  || echo "no nvidia-smi"; } > "$out/card.txt"
grep -m1 "model name" /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' > "$out/cpu.txt"
"$bin" --device "$device" devices | tee "$out/devices.txt"

# 1. The network alone.
for cfg in configs/oware.toml scripts/strength/oware-256.toml scripts/strength/omweso.toml; do
  name=$(basename "$cfg" .toml)
  for dev in cpu "$device"; do
    "$bin" --device "$dev" bench network --config "$cfg" --seconds "$seconds" --threads "$threads" \
      --batches 1,32,256,1024,4096,16384 --train-batches 256,1024,4096 \
      --json "$out/net-$name-$dev.json" | tee "$out/net-$name-$dev.txt"
  done
done

# 2. Self-play with the zoo's Oware network: the config with `games_per_worker` set.
selfplay() { # DEVICE GAMES_PER_WORKER GAMES
  local cfg="$out/sp-$1-$2.toml"
  python3 - zoo/oware/config.toml "$cfg" "$2" <<'PY'
import re, sys
src, dest, per_worker = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(src).read()
line = re.compile(r"^games_per_worker\s*=.*$", re.M)
if line.search(text):
    text = line.sub(f"games_per_worker = {per_worker}", text)
else:
    text = text.replace("[selfplay]\n", f"[selfplay]\ngames_per_worker = {per_worker}\n", 1)
open(dest, "w").write(text)
PY
  "$bin" --device "$1" selfplay --config "$cfg" --games "$3" --threads "$threads" --seed 1 \
    --model zoo/oware/model.bpk --out "$out/sp-$1-$2" > "$out/sp-$1-$2.txt" 2>&1
}
selfplay cpu 64 $((threads * 64))
for per_worker in 64 512 2048; do
  selfplay "$device" "$per_worker" $((threads * per_worker))
done

python3 - "$out" "$device" <<'PY'
import json, os, re, sys
out, device = sys.argv[1], sys.argv[2]
read = lambda name: open(os.path.join(out, name)).read().strip()
print(f"Card: {read('card.txt')}; CPU: {read('cpu.txt')}, {os.cpu_count()} cores; commit {read('commit.txt')}.\n")
for name in ["oware", "oware-256", "omweso"]:
    cpu = json.load(open(os.path.join(out, f"net-{name}-cpu.json")))
    gpu = json.load(open(os.path.join(out, f"net-{name}-{device}.json")))
    print(f"`{name}` network ({gpu['device']} against cpu):\n")
    print("| measure | cpu | " + device + " | ratio |")
    print("| --- | ---: | ---: | ---: |")
    keys = [k for k in gpu if k.startswith("inference_b") or k.startswith("train_step_b")]
    keys.sort(key=lambda k: (k.startswith("train"), int(re.sub(r"\D", "", k))))
    for k in keys + ["inference_shared"]:
        what = (f"inference, batch {k[11:]}, positions/s" if k.startswith("inference_b") else
                f"training step, batch {k[12:]}, samples/s" if k.startswith("train") else
                f"inference, batch {gpu['shared_batch']} on {gpu['threads']} threads, positions/s")
        print(f"| {what} | {cpu[k]:.0f} | {gpu[k]:.0f} | {gpu[k] / cpu[k]:.1f}x |")
    print()
print("Self-play, the zoo's Oware network, 100 simulations a move:\n")
print("| device | games a worker | games | positions/s |")
print("| --- | ---: | ---: | ---: |")
for f in sorted(os.listdir(out)):
    m = re.fullmatch(r"sp-(\w+)-(\d+)\.txt", f)
    if not m:
        continue
    text = read(f)
    speed = re.search(r"(\d+) positions/s", text)
    games = re.search(r"^games\s+(\d+)", text, re.M)
    print(f"| {m.group(1)} | {m.group(2)} | {games.group(1) if games else '?'} | {speed.group(1) if speed else '? (see ' + f + ')'} |")
PY
