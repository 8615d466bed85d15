#!/usr/bin/env bash
# Network benchmark, in one run on one machine, for a variant (default oware):
#  1. inference positions/s at batch 1, 8, 32, 256 (one thread) and at self-play's batch
#     (games per worker x leaves per game) on 2 threads sharing one model, and the bare training step on in-memory tensors: `mankala bench network`;
#  2. training samples/s end to end (Parquet reading included): `mankala train` on fresh
#     rollout self-play data;
#  3. self-play positions/s with the network evaluator at 100 simulations on 2 threads, as
#     evaluations/s against the bare throughput at self-play's batch size from step 1 (the
#     search's overhead). It plays four games per slot (2 threads x games_per_worker x 4), so
#     that the batch is the configured one for most of the run, not only at its start.
# Prints Markdown for docs/benchmarks.md. Usage: scripts/bench_network.sh [VARIANT]
set -euo pipefail
cd "$(dirname "$0")/.."
v=${1:-oware}
out=$(mktemp -d)
cargo build --release --quiet
bin=target/release/mankala
"$bin" bench network --config "configs/$v.toml" --seconds 3 --threads 2 --json "$out/net.json" > "$out/net.txt"
"$bin" selfplay --config "configs/$v.toml" --games 400 --out "$out/data" --threads 2 --seed 1 > /dev/null
"$bin" train --config "configs/$v.toml" --data "$out/data" --out "$out/model" --steps 400 > "$out/train.txt"
per_worker=$(sed -n 's/^games_per_worker *= *\([0-9]*\).*/\1/p' "configs/$v.toml")
"$bin" selfplay --config "configs/$v.toml" --games $((2 * ${per_worker:-64} * 4)) --out "$out/nn" --threads 2 --seed 2 \
  --model "$out/model/model" > "$out/nn.txt"
python3 - "$out" "$v" <<'PY'
import json, os, re, subprocess, sys
out, v = sys.argv[1], sys.argv[2]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
net = json.load(open(os.path.join(out, "net.json")))
train = float(re.search(r"speed\s+(\d+) samples/s", open(os.path.join(out, "train.txt")).read()).group(1))
nn = open(os.path.join(out, "nn.txt")).read()
pos = float(re.search(r"(\d+) positions/s", nn).group(1))
cfg = open(f"configs/{v}.toml").read()
sims = int(re.search(r"^simulations\s*=\s*(\d+)", cfg, re.M).group(1))
print(f"Machine: {cpu}, {os.cpu_count()} cores; commit {commit}; variant {v}, its config's [network].\n")
print("| measurement | rate |")
print("| --- | ---: |")
for b in [1, 8, 32, 256]:
    print(f"| inference, batch {b}, 1 thread | {net[f'inference_b{b}']:.0f} positions/s |")
print(f"| inference, batch {net['shared_batch']} (self-play's batch), 2 threads sharing one model | {net['inference_shared']:.0f} positions/s |")
print(f"| bare train step, batch 256, in-memory tensors | {net['train_step_b256']:.0f} samples/s |")
print(f"| `mankala train` end to end (Parquet window, batch 256) | {train:.0f} samples/s ({100 * train / net['train_step_b256']:.0f}% of bare) |")
evals = pos * sims
print(f"| self-play with the network, {sims} simulations, 2 threads | {pos:.0f} positions/s = {evals:.0f} evaluations/s "
      f"({100 * evals / net['inference_shared']:.0f}% of the bare throughput at the same batch) |")
PY
rm -rf "$out"
