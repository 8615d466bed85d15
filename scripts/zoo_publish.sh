#!/usr/bin/env bash
# Publishes a zoo run (scripts/train_zoo.sh) to zoo/VARIANT/: the best network (the last
# generation its gate promoted) as model.bpk with its sidecar model.json, its ONNX export
# (model.onnx with model.onnx.json), the run's resolved config, the training facts
# (training.json) and the card (card.md; scripts/zoo_card.py).
# Usage: scripts/zoo_publish.sh VARIANT [RUN_DIR]
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
cp "$run/config.toml" "$out/config.toml"
"$bin" export --model "$out/model.bpk" --format onnx --out "$out/model.onnx" --samples 0
python3 scripts/zoo_card.py publish "$variant" "$run"
echo "published $best to $out"
