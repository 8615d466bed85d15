#!/usr/bin/env bash
# Trains the zoo's network of VARIANT from scratch (zoo/README.md): `mankala loop` with the
# variant's own config (configs/VARIANT.toml: the hour's recipe that docs/experiments.md
# found best), seed 1, for HOURS of wall-clock time in all (default 1; the loop starts no new
# step after it), then publishes the best network to zoo/VARIANT/ with its ONNX export and
# card (scripts/zoo_publish.sh). Run it alone on the machine: the budget is wall-clock time.
# Rerunning continues the run where it stopped, with what is left of HOURS (the invocations'
# times are summed in RUN_DIR/zoo-time.txt; one killed before it finished is not counted).
# `all` trains every variant in turn, skipping those whose zoo network already came from a
# run of a budget of at least HOURS on today's pipeline (its training.json's budget_hours;
# FORCE=1 goes on with them too: a run in RUN_DIR that has had its hours is published
# again); one that fails does not stop the others. Rerun it to go on where it stopped.
# Usage: scripts/train_zoo.sh VARIANT|all [HOURS] [RUN_DIR]
# MANKALA_BIN=path uses that binary instead of building target/release/mankala.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: scripts/train_zoo.sh VARIANT|all [HOURS] [RUN_DIR]" >&2
  exit 2
fi
variant=$1
hours=${2:-1}
if ! [[ $hours =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "train_zoo.sh: HOURS is '$hours'; expected a number of hours such as 1 or 0.5" >&2
  exit 2
fi
config=configs/$variant.toml
if [ "$variant" != all ] && [ ! -f "$config" ]; then
  echo "train_zoo.sh: no config $config (variants: all $(ls configs | sed 's/\.toml$//' | grep -v default | tr '\n' ' '))" >&2
  exit 2
fi
bin=${MANKALA_BIN:-target/release/mankala}
if [ -z "${MANKALA_BIN:-}" ]; then cargo build --release; fi
export MANKALA_BIN=$bin
if [ "$variant" = all ]; then
  failed=()
  for config in configs/*.toml; do
    v=$(basename "$config" .toml)
    [ "$v" = default ] && continue
    if [ -z "${FORCE:-}" ] && python3 scripts/zoo_card.py trained "$v" "$hours"; then
      echo "train_zoo.sh: zoo/$v already holds a network of $hours hours or more on today's pipeline (FORCE=1 retrains it)"
      continue
    fi
    scripts/train_zoo.sh "$v" "$hours" || failed+=("$v")
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "train_zoo.sh: failed: ${failed[*]} (the others went on)" >&2
    exit 1
  fi
  exit 0
fi
run=${3:-runs/zoo/$variant}
mkdir -p "$run"
left=$(python3 scripts/zoo_card.py hours-left "$run" "$hours")
if [ "$left" = 0 ]; then
  echo "train_zoo.sh: $run has had its $hours hours; publishing it"
else
  echo "train_zoo.sh: $variant for $left more hours in $run"
  # Wall-clock and CPU seconds of this invocation, added to those of earlier ones.
  TIMEFORMAT='%R %U %S'
  { time "$bin" loop --config "$config" --run "$run" --hours "$left" --generations 100000 --seed 1 2>&3; } 3>&2 2>>"$run/zoo-time.txt"
fi
ZOO_HOURS=$hours scripts/zoo_publish.sh "$variant" "$run"
