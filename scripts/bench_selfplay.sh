#!/usr/bin/env bash
# Search and self-play benchmark, in one run on one machine:
#  1. rollout-MCTS simulations per second from the start position, one thread, for oware and
#     kalah: `mankala bench mcts` (UCT, c = 2, 10,000 simulations, one random rollout per
#     leaf) against OpenSpiel 2.0.2's C++ MCTSBot with the same settings
#     (scripts/openspiel_bench.py --mcts);
#  2. self-play positions per second on 2 threads for every variant with the rollout
#     evaluator and the variant's config.
# Prints Markdown for docs/benchmarks.md. Usage: scripts/bench_selfplay.sh [GAMES]
# Needs: cargo; python3 with `pip install open-spiel==2.0.2` for the OpenSpiel column.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
out=$(mktemp -d)
cargo build --release --quiet
bin=target/release/mankala
for v in oware kalah; do
  "$bin" bench mcts --variant "$v" --simulations 10000 --repeats 10 --selection uct --c 2 --json "$out/mcts-$v.json" >/dev/null
done
if python3 -c "import pyspiel" 2>/dev/null; then
  python3 scripts/openspiel_bench.py --seconds 1 --mcts --mcts-steps 10 --json "$out/openspiel.json" >/dev/null
fi
for v in oware kalah lane ndoto enkeshui; do
  "$bin" selfplay --config "configs/$v.toml" --games "$games" --out "$out/sp-$v" --threads 2 --seed 1 \
    --evaluator rollout > "$out/sp-$v.txt"
done
python3 - "$out" "$games" <<'PY'
import json, os, re, subprocess, sys
out, games = sys.argv[1], sys.argv[2]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
osj = {}
p = os.path.join(out, "openspiel.json")
if os.path.exists(p):
    osj = json.load(open(p))
print(f"Machine: {cpu}, {os.cpu_count()} cores; commit {commit}.\n")
print("| variant | mankala simulations/s (1 thread) | OpenSpiel 2.0.2 MCTSBot simulations/s | ratio |")
print("| --- | ---: | ---: | ---: |")
for v in ["oware", "kalah"]:
    r = json.load(open(os.path.join(out, f"mcts-{v}.json")))
    o = osj.get(v, {}).get("mcts_simulations_per_s")
    print(f"| {v} | {r['simulations_per_s']:.0f} | {o:.0f} | {r['simulations_per_s'] / o:.1f}x |" if o else
          f"| {v} | {r['simulations_per_s']:.0f} | | |")
print()
print(f"Self-play, {games} games per variant, 2 threads, rollout evaluator, each variant's config:\n")
print("| variant | simulations/move | games/s | positions/s | average length | first player win/draw/loss |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
for v in ["oware", "kalah", "lane", "ndoto", "enkeshui"]:
    text = open(os.path.join(out, f"sp-{v}.txt")).read()
    speed = re.search(r"speed\s+([\d.]+) games/s, (\d+) positions/s", text)
    length = re.search(r"average length\s+([\d.]+)", text).group(1)
    fp = re.search(r"first player\s+(.*)", text).group(1)
    cfg = open(f"configs/{v}.toml").read()
    sims = re.search(r"^simulations\s*=\s*(\d+)", cfg, re.M)
    print(f"| {v} | {sims.group(1) if sims else 100} | {speed.group(1)} | {speed.group(2)} | {length} | {fp} |")
PY
rm -rf "$out"
