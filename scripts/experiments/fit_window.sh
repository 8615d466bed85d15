#!/usr/bin/env bash
# Networks fitted to one window of a run (experiments 5 and 35): every arm is the run's own
# config with some keys changed, trained from random weights for STEPS (default 6000) steps
# of the config's batch, seed 1, on the shards of the run's generations 0..GEN (the window
# takes the newest rows, as generation GEN's training did). One thread each, arm k pinned to
# core k % 2, each core's arms one after another. Held out: the window's validation games; fixed: the
# held-out games of generation 0 (played before any network), scored against their results.
# Then a table of each arm's last metrics (held-out and fixed losses, samples/s).
# Usage: scripts/experiments/fit_window.sh RUN GEN OUT NAME='[table] key = value; ...' ...
# Example:
#   scripts/experiments/fit_window.sh runs/strength-bao 165 runs/exp44 base='' \
#     wide='[network] width = 256; [network] blocks = 4'
set -euo pipefail
cd "$(dirname "$0")/../.."
run=$1 gen=$2 out=$3
shift 3
bin=${MANKALA:-target/release/mankala}
steps=${STEPS:-6000}
mkdir -p "$out"
data=()
for g in $(seq 0 "$gen"); do data+=("$run/gen-$(printf %04d "$g")/selfplay"); done
names=()
for arm in "$@"; do
  name=${arm%%=*} edits=${arm#*=}
  names+=("$name")
  python3 scripts/experiments/edit_config.py "$run/config.toml" "$out/$name.toml" "$edits"
done
# Arm k on core k % 2, each core's arms one after another.
fit() {
  local name=$1 core=$2 start
  start=$(date +%s)
  RAYON_NUM_THREADS=1 taskset -c "$core" "$bin" train --config "$out/$name.toml" \
    --data "${data[@]}" --out "$out/$name" --steps "$steps" --seed 1 --threads 1 \
    --fixed-validation "$run/gen-0000/selfplay" > "$out/$name.log" 2>&1
  echo "$(( $(date +%s) - start ))" > "$out/$name.seconds"
}
for core in 0 1; do
  (
    for k in "${!names[@]}"; do
      if [ $((k % 2)) -eq "$core" ]; then fit "${names[$k]}" "$core"; fi
    done
  ) &
done
wait
python3 - "$out" "${names[@]}" <<'PY'
import csv, sys
out, names = sys.argv[1], sys.argv[2:]
cols = ["val_policy_loss", "val_value_loss", "fixed_policy_loss", "fixed_value_loss", "samples_per_s"]
print("| arm | held-out policy loss | held-out value loss | fixed policy loss | fixed value loss | samples/s (one core) | seconds |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for name in names:
    rows = list(csv.DictReader(open(f"{out}/{name}/metrics.csv")))
    last = next(r for r in reversed(rows) if r.get("val_value_loss"))
    secs = open(f"{out}/{name}.seconds").read().strip()
    vals = [last.get(c, "") for c in cols]
    cells = [f"{float(v):.3f}" if v and c != "samples_per_s" else (f"{float(v):,.0f}" if v else "-") for c, v in zip(cols, vals)]
    print(f"| {name} | " + " | ".join(cells) + f" | {secs} |")
PY
