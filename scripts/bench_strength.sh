#!/usr/bin/env bash
# Strength over wall-clock time (docs/benchmarks.md): train from scratch for HOURS (default 1)
# with scripts/strength/NAME.toml (default oware; the variant is the config's), then play the last
# promoted network at 200 simulations against OPPONENT (default rollout MCTS at 10,000
# simulations), and the network of half-time against the same opponent from the same
# openings: the second half's gain against a fixed yardstick; then both networks play 20
# games against SECOND (default alphabeta:ms=500; SECOND= skips them).
# The run's report.md holds the rating of every evaluated generation over time.
# ARENAS_ONLY=1 skips the training and plays the arenas of a finished run (on another
# machine, say: the simulation-bound agents play the same there; a time-bound one does not).
# MANKALA=path uses that binary instead of building target/release/mankala.
# Usage: scripts/bench_strength.sh [NAME] [HOURS] [RUN_DIR] [OPPONENT]
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:-oware}
hours=${2:-1}
run=${3:-runs/strength-$name}
opponent=${4:-mcts:sims=10000}
config=scripts/strength/$name.toml
second=${SECOND-alphabeta:ms=500}
bin=${MANKALA:-target/release/mankala}
[ -n "${MANKALA:-}" ] || cargo build --release
if [ -z "${ARENAS_ONLY:-}" ]; then
  start=$(date +%s)
  "$bin" loop --config "$config" --run "$run" --hours "$hours" --seed 1
  echo "training wall-clock: $(( $(date +%s) - start )) s"
fi
# The best network (the last generation whose gate promoted it) and the promoted network of
# half the time in steps.
read -r best mid < <(python3 - "$run" <<'PY'
import json, pathlib, sys
run = pathlib.Path(sys.argv[1])
gens, total = [], 0.0
for d in sorted(run.glob("gen-*")):
    steps = [d / f"{s}.json" for s in ("selfplay", "train", "gate", "eval")]
    if not all(p.exists() for p in steps):
        break
    total += sum(json.loads(p.read_text())["seconds"] for p in steps)
    if json.loads((d / "gate.json").read_text())["promoted"]:
        gens.append((total, d / "train" / "model.bpk"))
if not gens:
    print("- -")
else:
    mid = min(gens, key=lambda g: abs(g[0] - total / 2))[1]
    print(gens[-1][1], mid)
PY
)
if [ "$best" = - ]; then echo "no network was promoted"; exit 1; fi
echo "best network: $best"
echo "half-time network: $mid"
for net in "final-arena:$best" "half-time-arena:$mid"; do
  dir=${net%%:*} model=${net#*:}
  "$bin" arena --config "$config" --agents "nn:model=$model,sims=200" "$opponent" \
    --games 50 --opening-plies 2 --seed 7 --out "$run/$dir"
  if [ -n "$second" ]; then
    "$bin" arena --config "$config" --agents "nn:model=$model,sims=200" "$second" \
      --games 20 --opening-plies 2 --seed 7 --out "$run/$dir-second"
  fi
done
