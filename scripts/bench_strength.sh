#!/usr/bin/env bash
# Strength over wall-clock time (docs/benchmarks.md): train Oware from scratch for HOURS
# (default 1) with scripts/strength/oware.toml, then play the best network at 200 simulations
# against rollout MCTS at 10,000 simulations. Usage: scripts/bench_strength.sh [RUN_DIR] [HOURS]
set -euo pipefail
cd "$(dirname "$0")/.."
run=${1:-runs/strength-oware}
hours=${2:-1}
cargo build --release
bin=target/release/mankala
start=$(date +%s)
"$bin" loop --config scripts/strength/oware.toml --run "$run" --hours "$hours" --seed 1
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
"$bin" arena --config scripts/strength/oware.toml \
  --agents "nn:model=$best,sims=200" "mcts:sims=10000" \
  --games 50 --opening-plies 2 --seed 7 --out "$run/final-arena"
