#!/usr/bin/env bash
# Strength over wall-clock time (docs/benchmarks.md): train from scratch for HOURS (default 1)
# with scripts/strength/NAME.toml (default oware; the variant is the config's), then measure
# what the hour bought (issue 33's yardsticks):
# - the last promoted network and the one of a third of the time in steps (the 20-minute
#   network of an hour) each play every RUNG at 200 simulations, GAMES games (default 100)
#   from 2-ply random openings with both colours; both networks meet the same openings, so
#   their two scores against one rung are paired;
# - the last network plays the third-time network head to head, H2H_GAMES games (default 200)
#   from 4-ply random openings.
# RUNGS (space-separated agent specs) defaults to OPPONENT (rollout MCTS at 10,000
# simulations); pick rungs near 50% for the networks measured (mcts:sims=30000, 100000 or
# alphabeta:ms=2000 for the strong ones).
# The run's report.md holds the rating of every evaluated generation over time;
# scripts/experiments/hour.py RUN prints its tables.
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
rungs=${RUNGS:-$opponent}
games=${GAMES:-100}
h2h_games=${H2H_GAMES:-200}
config=scripts/strength/$name.toml
bin=${MANKALA:-target/release/mankala}
[ -n "${MANKALA:-}" ] || cargo build --release
if [ -z "${ARENAS_ONLY:-}" ]; then
  start=$(date +%s)
  "$bin" loop --config "$config" --run "$run" --hours "$hours" --seed 1
  echo "training wall-clock: $(( $(date +%s) - start )) s"
fi
# The last promoted network and the promoted network nearest a third of the time in steps.
read -r last early < <(python3 scripts/experiments/hour.py "$run" --networks)
if [ "$last" = - ]; then echo "no network was promoted"; exit 1; fi
echo "last network: $last"
echo "third-time network: $early"
for rung in $rungs; do
  tag=$(printf %s "$rung" | tr -c 'A-Za-z0-9.\n' '-')
  for net in "last:$last" "third:$early"; do
    which=${net%%:*} model=${net#*:}
    "$bin" arena --config "$config" --agents "nn:model=$model,sims=200" "$rung" \
      --games "$games" --opening-plies 2 --seed 7 --out "$run/arena-$which-$tag"
  done
done
"$bin" arena --config "$config" --agents "nn:model=$last,sims=200" "nn:model=$early,sims=200" \
  --games "$h2h_games" --opening-plies 4 --seed 11 --out "$run/arena-last-third"
