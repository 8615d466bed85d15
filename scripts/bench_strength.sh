#!/usr/bin/env bash
# Strength over wall-clock time (docs/benchmarks.md): train VARIANT (default oware) from
# scratch for HOURS (default 1) with scripts/strength/VARIANT.toml, then play the best
# network at 200 simulations against OPPONENT (default rollout MCTS at 10,000 simulations).
# The run's report.md holds the rating of every generation against the baselines over time.
# Usage: scripts/bench_strength.sh [VARIANT] [HOURS] [RUN_DIR] [OPPONENT]
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:-oware}
hours=${2:-1}
run=${3:-runs/strength-$variant}
opponent=${4:-mcts:sims=10000}
config=scripts/strength/$variant.toml
cargo build --release
bin=target/release/mankala
start=$(date +%s)
"$bin" loop --config "$config" --run "$run" --hours "$hours" --seed 1
echo "training wall-clock: $(( $(date +%s) - start )) s"
# The best network: the last generation whose gate promoted it.
best=$(python3 - "$run" <<'PY'
import json, pathlib, sys
run = pathlib.Path(sys.argv[1])
best = None
for gate in sorted(run.glob("gen-*/gate.json")):
    if json.loads(gate.read_text())["promoted"]:
        best = gate.parent
print(best / "train" / "model.bpk" if best else "")
PY
)
if [ -z "$best" ]; then echo "no network was promoted"; exit 1; fi
echo "best network: $best"
"$bin" arena --config "$config" \
  --agents "nn:model=$best,sims=200" "$opponent" \
  --games 50 --opening-plies 2 --seed 7 --out "$run/final-arena"
