#!/usr/bin/env bash
# Paired arms, run concurrently: every arm is BASE with some keys changed, trained from
# scratch with the same seed (SEED, default 1), one worker thread each, all started
# together under nice so that they share the machine's load; each stops after HOURS or
# after the config's generations, whichever comes first. Then every arm's last network
# plays GAMES (default 100) games against OPPONENT (default mcts:sims=1000) at 100
# simulations (SIMS).
# With CORES=N, arm k instead runs alone on cores kN..kN+N-1 (taskset), with N worker
# threads and RAYON_NUM_THREADS=N, not under nice, and plays its final arena there too: on
# a machine of many cores, CORES=2 gives every arm the cores of a 2-core run.
# Usage: scripts/experiments/run_arms.sh BASE HOURS OUT NAME='[table] key = value; ...' ...
# Example:
#   scripts/experiments/run_arms.sh scripts/experiments/kalah.toml 0.33 runs/exp \
#     base='' always='[loop] gate = "always"'
#   CORES=2 SIMS=200 GAMES=40 OPPONENT=mcts:sims=10000 scripts/experiments/run_arms.sh \
#     scripts/strength/omweso.toml 0.083 runs/exp base='' temp30='[selfplay] temperature_plies = 30'
set -euo pipefail
cd "$(dirname "$0")/../.."
base=$1 hours=$2 out=$3
shift 3
bin=${MANKALA:-target/release/mankala}
opponent=${OPPONENT:-mcts:sims=1000} games=${GAMES:-100} seed=${SEED:-1} sims=${SIMS:-100}
cores=${CORES:-}
# How arm number $1 runs a command: pinned to its own cores, or under nice.
run_arm() {
  local k=$1; shift
  if [ -n "$cores" ]; then
    RAYON_NUM_THREADS=$cores taskset -c "$((k * cores))-$((k * cores + cores - 1))" "$@"
  else
    nice -n 10 "$@"
  fi
}
threads=${cores:-1}
# Arm number $1 (named $2)'s last network against the opponent, on $3 threads.
final_arena() {
  local last
  last=$(ls -d "$out/$2"/gen-*/train/model.bpk | sort | tail -1)
  run_arm "$1" "$bin" arena --config "$out/$2.toml" \
    --agents "nn:model=$last,sims=$sims" "$opponent" --games "$games" --opening-plies 2 \
    --seed 7 --threads "$3" --out "$out/$2/final-arena" > "$out/$2/final-arena.txt" 2>&1
}
mkdir -p "$out"
pids=()
k=0
for arm in "$@"; do
  name=${arm%%=*} edits=${arm#*=}
  python3 scripts/experiments/edit_config.py "$base" "$out/$name.toml" "$edits"
  (
    run_arm "$k" "$bin" loop --config "$out/$name.toml" --run "$out/$name" --hours "$hours" \
      --threads "$threads" --seed "$seed" > "$out/$name.log" 2>&1
    # Pinned arms play their final arenas at once, each on its own cores.
    if [ -n "$cores" ]; then final_arena "$k" "$name" "$cores"; fi
  ) &
  pids+=($!)
  k=$((k + 1))
done
for p in "${pids[@]}"; do wait "$p"; done
# Arms that share the machine play their final arenas one after another, on both cores.
if [ -z "$cores" ]; then
  for arm in "$@"; do final_arena 0 "${arm%%=*}" 2; done
fi
