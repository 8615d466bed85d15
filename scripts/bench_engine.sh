#!/usr/bin/env bash
# Engine benchmark: random playouts per second on one core for every variant, and, in the
# same run on the same machine, OpenSpiel 2.0.2's own Python-loop rate for oware and kalah.
# Prints a Markdown table for docs/benchmarks.md. Usage: scripts/bench_engine.sh [SECONDS]
# Needs: cargo; python3 with `pip install open-spiel==2.0.2` for the OpenSpiel column.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
out=$(mktemp -d)
cargo build --release --quiet
bin=target/release/mankala
for v in oware kalah lane ndoto enkeshui omweso coro kombe mongale bao bao-kujifunza bao-malawi; do
  "$bin" bench engine --variant "$v" --seconds "$secs" --json "$out/$v.json" >/dev/null
done
if python3 -c "import pyspiel" 2>/dev/null; then
  python3 scripts/openspiel_bench.py --seconds "$secs" --json "$out/openspiel.json" >/dev/null
fi
python3 - "$out" <<'PY'
import json, os, platform, subprocess, sys
out = sys.argv[1]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
os_path = os.path.join(out, "openspiel.json")
osj = json.load(open(os_path)) if os.path.exists(os_path) else {}
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
print(f"Machine: {cpu}, {os.cpu_count()} cores; commit {commit}; one thread per measurement.\n")
print("| variant | playouts/s/core | plies/s/core | average plies | branching | OpenSpiel 2.0.2 playouts/s (Python loop) | ratio |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for v in ["oware", "kalah", "lane", "ndoto", "enkeshui", "omweso", "coro", "kombe", "mongale", "bao", "bao-kujifunza", "bao-malawi"]:
    r = json.load(open(os.path.join(out, f"{v}.json")))
    o = osj.get(v)
    ospeed = f"{o['games_per_s']:.0f}" if o else ""
    ratio = f"{r['playouts_per_s'] / o['games_per_s']:.0f}x" if o else ""
    print(f"| {v} | {r['playouts_per_s']:.0f} | {r['plies_per_s']:.0f} | {r['avg_plies']:.1f} | {r['branching']:.2f} | {ospeed} | {ratio} |")
PY
rm -rf "$out"
