#!/usr/bin/env bash
# The zoo's strength table (zoo/README.md, README.md): the zoo's network of VARIANT, GAMES
# games a pairing (default 100: 50 two-ply random openings, each with both colours), every
# arena on all the machine's cores (`mankala arena` plays its games in parallel, with a
# progress bar):
# - head to head at 200 simulations against the network the zoo held before it was retrained
#   (zoo/VARIANT/model.bpk at commit OLD_REV, default d34cf71b: the old pipeline's networks),
#   from 4-ply openings (two networks play alike: from 2-ply openings their games repeat);
# - at 200 simulations against random, greedy, alphabeta:ms=500 and mcts:sims=10000, and
#   against mcts:sims=30000 when it beats mcts:sims=10000 (the ladder's rungs, weakest first;
#   the card names the first it does not beat);
# - at equal time: the network and rollout MCTS each given 100 ms a move;
# - against perfect play, on positions of its games against mcts:sims=10000: Kalah's share of
#   margin-optimal moves (the solver), Oware's of perfect moves within a 16-seed tablebase
#   (built once under OUT_DIR/..), Bao la Kujifunza's share of won positions kept (its proof).
# Writes zoo/VARIANT/strength.json, marked complete, and the cards (scripts/zoo_card.py).
# A pairing zoo/VARIANT/strength.json already holds of this network is not played again, so
# a fresh checkout plays only what is missing; the games of an arena stopped half-way on
# another machine, kept in the tree by `scripts/zoo_card.py keep VARIANT OUT_DIR`
# (zoo/VARIANT/unfinished/, removed when the record takes the finished arena at the end), are
# where it goes on from. An arena of the same network, seed and openings played elsewhere (the
# hour's own) may be copied into OUT_DIR under its pairing's name, beside model.sha256, and is
# kept, where strength.json does not record that pairing already. Run it alone: two
# opponents think for a fixed time. A pairing already played with GAMES games is kept, and
# one stopped half-way goes on from the games it finished (`mankala arena` journals them),
# so a rerun goes on where it stopped. `all` measures every variant whose zoo network is new and
# not measured in full.
# Usage: scripts/zoo_strength.sh VARIANT|all [GAMES] [OUT_DIR]
# MANKALA_BIN=path uses that binary instead of building target/release/mankala.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?usage: scripts/zoo_strength.sh VARIANT|all [GAMES] [OUT_DIR]}
games=${2:-100}
if ! [[ $games =~ ^[0-9]+$ ]] || [ "$games" -lt 2 ] || [ $((games % 2)) -ne 0 ]; then
  echo "zoo_strength.sh: GAMES is '$games'; expected an even number of games a pairing, at least 2" >&2
  exit 2
fi
bin=${MANKALA_BIN:-target/release/mankala}
if [ -z "${MANKALA_BIN:-}" ]; then cargo build --release; fi
export MANKALA_BIN=$bin
if [ "$variant" = all ]; then
  for v in $(python3 scripts/zoo_card.py unmeasured); do scripts/zoo_strength.sh "$v" "$games"; done
  exit 0
fi
out=${3:-runs/zoo-strength/$variant}
if [ ! -f "zoo/$variant/model.bpk" ]; then
  echo "zoo_strength.sh: the zoo holds no $variant network (scripts/train_zoo.sh $variant)" >&2
  exit 2
fi
config=configs/$variant.toml
model=zoo/$variant/model.bpk
# Results of an earlier network in OUT_DIR are not this one's.
sum=$(sha256sum "$model" | cut -d' ' -f1)
pairings=(old old-zoo random greedy alphabeta-ms-500 mcts-sims-10000 mcts-sims-30000 equal-time judge judge.json)
mkdir -p "$out"
if [ ! -f "$out/model.sha256" ] && [ -n "$(ls -A "$out")" ]; then
  echo "zoo_strength.sh: $out holds files but no model.sha256: not a zoo_strength.sh folder; name another OUT_DIR" >&2
  exit 2
fi
if [ "$(cat "$out/model.sha256" 2>/dev/null)" != "$sum" ]; then
  for p in "${pairings[@]}"; do rm -rf "${out:?}/$p"; done
  echo "$sum" > "$out/model.sha256"
fi
outputs=()
# pairing NAME AGENT OPPONENT [PLIES]: one arena into OUT_DIR/NAME from PLIES-ply random
# openings (default 2), unless played already.
pairing() {
  local dir=$out/$1 plies=${4:-2} label=$3 kept=zoo/$variant/unfinished/$1
  [[ $3 == nn:* ]] && label="old zoo"
  # The judge reads the games against mcts:sims=10000: those are played again unless the
  # judge's result is recorded too.
  if python3 scripts/zoo_card.py recorded "$variant" "$label" "$games" "$plies" \
    && { [ "$1" != mcts-sims-10000 ] || [ -z "$judged" ] || python3 scripts/zoo_card.py recorded "$variant" judge; }; then
    echo "zoo_strength.sh: $variant against $3: recorded in zoo/$variant/strength.json"
    return
  fi
  if [ ! -f "$dir/ratings.json" ] && [ -f "$kept/games.partial.jsonl" ] \
    && [ "$(cat "$kept/model.sha256")" = "$sum" ] \
    && [ "$(wc -l < "$kept/games.partial.jsonl")" -gt "$(cat "$dir/games.partial.jsonl" 2>/dev/null | wc -l)" ]; then
    # More games of this arena than here, played on another machine (`zoo_card.py keep`).
    rm -rf "$dir" && mkdir -p "$dir"
    cp "$kept/run.json" "$kept/games.partial.jsonl" "$dir/"
  fi
  if [ -f "$dir/ratings.json" ] && python3 -c "import json,sys; r=json.load(open('$dir/run.json')); sys.exit(not (r['games_per_pair'] == r['games_played'] == $games and r['opening_plies'] == $plies))" 2>/dev/null; then
    echo "zoo_strength.sh: $variant against $3: played ($dir)"
  elif [ -f "$dir/games.partial.jsonl" ] && python3 -c "import json,sys; r=json.load(open('$dir/run.json')); sys.exit(not (r['games_per_pair'] == $games and r['opening_plies'] == $plies and r['agents'] == sys.argv[1:]))" "$2" "$3" 2>/dev/null; then
    # An arena of this pairing stopped before the end: `mankala arena` keeps its games.
    echo "zoo_strength.sh: $variant: $2 against $3, $games games from $plies-ply openings, going on from $(wc -l < "$dir/games.partial.jsonl") played"
    "$bin" arena --config "$config" --agents "$2" "$3" \
      --games "$games" --opening-plies "$plies" --seed 7 --out "$dir"
  else
    rm -rf "$dir"
    echo "zoo_strength.sh: $variant: $2 against $3, $games games from $plies-ply openings"
    "$bin" arena --config "$config" --agents "$2" "$3" \
      --games "$games" --opening-plies "$plies" --seed 7 --out "$dir"
  fi
  outputs+=("$dir")
}
agent="nn:model=$model,sims=200"
# The variants measured against perfect play (below), and the judge's arguments for each.
table=$out/../oware-16.mtb
judged=1
case $variant in
  kalah) judge_args=(--max-seeds 30) ;;
  oware) judge_args=(--table "$table") ;;
  bao-kujifunza) judge_args=() ;;
  *) judged= ;;
esac
old_rev=${OLD_REV:-d34cf71b}
if git cat-file -e "$old_rev:zoo/$variant/model.bpk" 2>/dev/null; then
  mkdir -p "$out/old"
  git show "$old_rev:zoo/$variant/model.bpk" > "$out/old/model.bpk"
  git show "$old_rev:zoo/$variant/model.json" > "$out/old/model.json"
  if cmp -s "$out/old/model.bpk" "$model"; then
    echo "zoo_strength.sh: zoo/$variant/model.bpk is still the network of $old_rev: no head to head"
  else
    # Two networks at 200 simulations choose alike: from 2-ply openings (36 in Kalah) their
    # games repeat move for move, so this pairing opens with 4 random plies.
    pairing old-zoo "$agent" "nn:model=$out/old/model.bpk,sims=200" 4
  fi
else
  echo "zoo_strength.sh: no zoo/$variant/model.bpk at $old_rev (no git history here?): no head to head" >&2
fi
for opponent in random greedy alphabeta:ms=500 mcts:sims=10000; do
  pairing "${opponent//[:=]/-}" "$agent" "$opponent"
done
# The arena against mcts:sims=10000 played now, or else the one strength.json records.
if [[ " ${outputs[*]-} " == *" $out/mcts-sims-10000 "* ]]; then
  beaten() { python3 -c "import sys; sys.path.insert(0, 'scripts'); import zoo_card; sys.exit(0 if zoo_card.beats('$out/mcts-sims-10000') else 1)"; }
else
  beaten() { python3 scripts/zoo_card.py beats "$variant" mcts:sims=10000; }
fi
if beaten; then
  pairing mcts-sims-30000 "$agent" mcts:sims=30000
fi
pairing equal-time "nn:model=$model,ms=100" mcts:ms=100
judge() {
  if python3 scripts/zoo_card.py recorded "$variant" judge; then
    echo "zoo_strength.sh: $variant against perfect play: recorded in zoo/$variant/strength.json"
    return
  fi
  if [ ! -f "$out/judge.json" ]; then
    "$bin" judge --config "$config" --agent "$agent" --from-games "$out/mcts-sims-10000" \
      --samples 300 --seed 7 --out "$out/judge" --json "$@" > "$out/judge.json.tmp"
    mv "$out/judge.json.tmp" "$out/judge.json"
  fi
  outputs+=("$out/judge.json")
}
if [ -n "$judged" ]; then
  if [ "$variant" = oware ] && [ ! -f "$table" ]; then
    "$bin" tablebase build --config "$config" --seeds 16 --out "$table.tmp"
    mv "$table.tmp" "$table"
  fi
  judge ${judge_args[@]+"${judge_args[@]}"}
fi
python3 scripts/zoo_card.py strength "$variant" --complete ${outputs[@]+"${outputs[@]}"}
