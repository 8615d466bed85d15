#!/usr/bin/env bash
# The zoo's strength table (zoo/README.md, README.md): the zoo's network of VARIANT at 200
# simulations against random, greedy, alphabeta:ms=500 and mcts:sims=10000, GAMES games each
# (default 40: 20 two-ply random openings, each with both colours), and for Kalah its share
# of optimal moves (by the solver) in positions of those games with at most 30 seeds in
# play. Writes zoo/VARIANT/strength.json and the cards (scripts/zoo_card.py).
# Usage: scripts/zoo_strength.sh VARIANT [GAMES] [OUT_DIR]
# MANKALA_BIN=path uses that binary instead of building target/release/mankala.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?usage: scripts/zoo_strength.sh VARIANT [GAMES] [OUT_DIR]}
games=${2:-40}
out=${3:-runs/zoo-strength/$variant}
bin=${MANKALA_BIN:-target/release/mankala}
if [ -z "${MANKALA_BIN:-}" ]; then cargo build --release; fi
if [ ! -f "zoo/$variant/model.bpk" ]; then
  echo "zoo_strength.sh: the zoo holds no $variant network (scripts/train_zoo.sh $variant)" >&2
  exit 2
fi
config=configs/$variant.toml
# The zoo's network named by its file, which is the agent `zoo:sims=200` plays.
agent="nn:model=zoo/$variant/model.bpk,sims=200"
outputs=()
for opponent in random greedy alphabeta:ms=500 mcts:sims=10000; do
  dir=$out/${opponent//[:=]/-}
  rm -rf "$dir"
  "$bin" arena --config "$config" --agents "$agent" "$opponent" \
    --games "$games" --opening-plies 2 --seed 7 --out "$dir"
  outputs+=("$dir")
done
if [ "$variant" = kalah ]; then
  # Positions of the zoo agent's games against the strongest opponent.
  "$bin" judge --config "$config" --agent "$agent" --from-games "$out/mcts-sims-10000" \
    --max-seeds 30 --samples 300 --seed 7 --out "$out/judge" --json > "$out/judge.json"
  outputs+=("$out/judge.json")
fi
python3 scripts/zoo_card.py strength "$variant" "${outputs[@]}"
