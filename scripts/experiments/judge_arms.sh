#!/usr/bin/env bash
# Judges every EVERY-th generation's network (and the last) of each arm of an experiment (run_arms.sh)
# against perfect play on ONE fixed set of positions, the same for every arm and generation:
# SAMPLES positions with at most MAX_SEEDS seeds in play, drawn from 100 games between
# alphabeta:depth=4 and mcts:sims=1000 (OUT/fixed-games), which no arm played. Each
# network plays at 100 simulations; the figures go to OUT/ARM/fixed-judge/gen-NNNN.json.
# Usage: scripts/experiments/judge_arms.sh BASE OUT ARM ...
set -euo pipefail
cd "$(dirname "$0")/../.."
base=$1 out=$2
shift 2
bin=${MANKALA:-target/release/mankala}
every=${EVERY:-1} samples=${SAMPLES:-1000} max_seeds=${MAX_SEEDS:-20}
if [ ! -f "$out/fixed-games/games.jsonl" ]; then
  nice -n 10 "$bin" arena --config "$base" --agents alphabeta:depth=4 mcts:sims=1000 \
    --games 100 --opening-plies 4 --seed 11 --threads 1 --out "$out/fixed-games" > /dev/null
fi
for arm in "$@"; do
  mkdir -p "$out/$arm/fixed-judge"
  last=$(ls -d "$out/$arm"/gen-*/train/model.bpk | sort | tail -1)
  for model in "$out/$arm"/gen-*/train/model.bpk; do
    gen=$(basename "$(dirname "$(dirname "$model")")")
    n=$((10#${gen#gen-}))
    dest="$out/$arm/fixed-judge/$gen.json"
    if { [ $((n % every)) -ne 0 ] && [ "$model" != "$last" ]; } || [ -f "$dest" ]; then
      continue
    fi
    nice -n 10 "$bin" judge --config "$base" --agent "nn:model=$model,sims=100" \
      --from-games "$out/fixed-games/games.jsonl" --max-seeds "$max_seeds" \
      --samples "$samples" --seed 5 --json > "$dest.tmp"
    mv "$dest.tmp" "$dest"
  done
done
