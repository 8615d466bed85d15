#!/usr/bin/env bash
# Trains the zoo's network of VARIANT from scratch (zoo/README.md): `mankala loop` with the
# variant's own config (configs/VARIANT.toml, the defaults that docs/experiments.md found
# best), seed 1, as many generations as fit in HOURS of wall-clock time (default 0.34: twenty minutes; the loop starts
# no new step after it), then publishes the best network to zoo/VARIANT/ with its ONNX export
# and card (scripts/zoo_publish.sh). Rerunning continues the run where it stopped.
# Usage: scripts/train_zoo.sh VARIANT [HOURS] [RUN_DIR]
# MANKALA_BIN=path uses that binary instead of building target/release/mankala.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: scripts/train_zoo.sh VARIANT [HOURS] [RUN_DIR]" >&2
  exit 2
fi
variant=$1
hours=${2:-0.34}
run=${3:-runs/zoo/$variant}
config=configs/$variant.toml
if [ ! -f "$config" ]; then
  echo "train_zoo.sh: no config $config (variants: $(ls configs | sed 's/\.toml$//' | grep -v default | tr '\n' ' '))" >&2
  exit 2
fi
bin=${MANKALA_BIN:-target/release/mankala}
if [ -z "${MANKALA_BIN:-}" ]; then cargo build --release; fi
mkdir -p "$run"
# Wall-clock and CPU seconds of this invocation, added to those of earlier ones.
TIMEFORMAT='%R %U %S'
{ time "$bin" loop --config "$config" --run "$run" --hours "$hours" --generations 100000 --seed 1 2>&3; } 3>&2 2>>"$run/zoo-time.txt"
scripts/zoo_publish.sh "$variant" "$run"
