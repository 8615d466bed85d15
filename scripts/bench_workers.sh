#!/usr/bin/env bash
# Self-play throughput of 1, 2 and 4 `mankala worker selfplay` processes (one thread each)
# on one run directory, against the in-process `mankala selfplay` with as many threads, the
# same games in all. Per shard: the workers' extra time over the in-process run (wall time
# times processes, over shards: storage, a search batch restarted each shard, the process's
# start spread over its shards) and the part of it in storage calls (listing the run, the
# claim, the write-once put), as the workers report it. Numbers in docs/benchmarks.md.
#
#   scripts/bench_workers.sh [GAMES_PER_PROCESS] [VARIANT]     (default 64 oware)
#
# MANKALA names the binary (default target/release/mankala).
set -euo pipefail
games=${1:-64}
variant=${2:-oware}
bin=${MANKALA:-target/release/mankala}
per_shard=4
tmp=$(mktemp -d)
moto=""
trap '[[ -n $moto ]] && kill "$moto"; rm -rf "$tmp"' EXIT
cat >"$tmp/bench.toml" <<CONF
variant = "$variant"
[search]
simulations = 64
[selfplay]
games_per_worker = 4
games_per_shard = $per_shard
[loop]
generations = 1
games = 100000000
CONF
now() { date +%s.%N; }
echo "$variant, $games games a process, $per_shard games a shard, 64 simulations, rollout evaluator"
echo
echo "| processes or threads | games | in-process games/s | worker processes games/s | workers / in-process | extra time per shard (ms) | storage calls per shard (ms) |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in 1 2 4; do
  total=$((games * n))
  t0=$(now)
  "$bin" selfplay --config "$tmp/bench.toml" --games "$total" --threads "$n" --seed 1 \
    --out "$tmp/inproc-$n" >/dev/null 2>&1
  t1=$(now)
  pids=()
  for w in $(seq 0 $((n - 1))); do
    "$bin" worker selfplay --run "$tmp/run-$n" --config "$tmp/bench.toml" --seed 1 \
      --threads 1 --worker "$w" --games "$games" >"$tmp/worker-$n-$w.log" 2>&1 &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  t2=$(now)
  got=$(find "$tmp/run-$n" -name '*.parquet' | wc -l)
  [[ $got -eq $((total / per_shard)) ]] || { echo "run-$n holds $got shards, expected $((total / per_shard))" >&2; exit 1; }
  # Each worker's last line: "... done: S shards, G games published; ...; T s in storage calls".
  storage=$(cat "$tmp"/worker-"$n"-*.log | sed -n 's/.*; \([0-9.]*\) s in storage calls$/\1/p' |
    awk '{ t += $1 } END { print t }')
  awk -v n="$n" -v g="$total" -v a="$t0" -v b="$t1" -v c="$t2" -v st="$storage" \
    -v shards="$((total / per_shard))" 'BEGIN {
    ip = b - a; wk = c - b;
    printf "| %d | %d | %.2f | %.2f | %.2f | %.1f | %.1f |\n", n, g, g / ip, g / wk, ip / wk,
      1000 * (wk - ip) * n / shards, 1000 * st / shards
  }'
done

# One worker on an S3 bucket of moto's server on 127.0.0.1, when it is installed: the
# storage calls per shard over HTTP (moto answers from memory: no disk, no network).
if python3 -c "import moto.server" 2>/dev/null; then
  port=$(python3 -c "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])")
  python3 -m moto.server -H 127.0.0.1 -p "$port" >"$tmp/moto.log" 2>&1 &
  moto=$!
  until curl -s -o /dev/null "http://127.0.0.1:$port"; do sleep 0.2; done
  curl -s -X PUT "http://127.0.0.1:$port/bench" >/dev/null
  AWS_ENDPOINT=http://127.0.0.1:$port AWS_ALLOW_HTTP=true AWS_ACCESS_KEY_ID=bench \
    AWS_SECRET_ACCESS_KEY=bench AWS_DEFAULT_REGION=us-east-1 \
    "$bin" worker selfplay --run s3://bench/run --config "$tmp/bench.toml" --seed 1 \
    --threads 1 --worker 0 --games "$games" >"$tmp/worker-s3.log" 2>&1
  sed -n 's/.*; \([0-9.]*\) s in storage calls$/\1/p' "$tmp/worker-s3.log" |
    awk -v s="$((games / per_shard))" '{ printf "\none worker on S3 (moto on 127.0.0.1): %.1f ms of storage calls per shard\n", 1000 * $1 / s }'
else
  echo
  echo "(moto is not installed: no S3 row)"
fi
