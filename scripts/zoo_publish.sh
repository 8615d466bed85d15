#!/usr/bin/env bash
# Publishes a zoo run (scripts/train_zoo.sh, or an hour of scripts/bench_strength.sh) to
# zoo/VARIANT/: the best network (the last generation its gate promoted) as model.bpk with its
# sidecar model.json, its ONNX export (model.onnx with model.onnx.json), the run's resolved
# config, its rating plot (elo.svg), the training facts (training.json) and the card (card.md;
# scripts/zoo_card.py). A strength.json of the network published before is kept but no
# longer shown: scripts/zoo_strength.sh measures the new one.
# Usage: scripts/zoo_publish.sh VARIANT [RUN_DIR]
# ZOO_CONFIG and ZOO_COMMAND name the config and the command of a run not made by
# scripts/train_zoo.sh (for its card); ZOO_HOURS is the run's budget in hours.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?usage: scripts/zoo_publish.sh VARIANT [RUN_DIR]}
run=${2:-runs/zoo/$variant}
bin=${MANKALA_BIN:-target/release/mankala}
best=$(python3 scripts/zoo_card.py best "$run")
out=zoo/$variant
mkdir -p "$out"
cp "$best.bpk" "$out/model.bpk.tmp" && mv "$out/model.bpk.tmp" "$out/model.bpk"
cp "$best.json" "$out/model.json.tmp" && mv "$out/model.json.tmp" "$out/model.json"
cp "$run/config.toml" "$out/config.toml.tmp" && mv "$out/config.toml.tmp" "$out/config.toml"
if [ -f "$run/elo.svg" ]; then cp "$run/elo.svg" "$out/elo.svg.tmp" && mv "$out/elo.svg.tmp" "$out/elo.svg"; else rm -f "$out/elo.svg"; fi
"$bin" export --model "$out/model.bpk" --format onnx --out "$out/model.onnx" --samples 0
if [ -n "${ZOO_CONFIG:-}" ]; then
  python3 scripts/zoo_card.py publish "$variant" "$run" "$ZOO_CONFIG" "${ZOO_COMMAND:?ZOO_COMMAND goes with ZOO_CONFIG}"
else
  python3 scripts/zoo_card.py publish "$variant" "$run"
fi
echo "published $best to $out"
