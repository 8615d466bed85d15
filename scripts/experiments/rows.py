#!/usr/bin/env python3
"""What self-play's rows hold, per generation: rows, the share of fast searches, of rows
weighing less than 1 (decided positions, `[selfplay] decided_threshold`), the rows' total
weight, the mean simulations a row, and the mean game length in plies.

Usage: scripts/experiments/rows.py RUN [EVERY]   (every EVERY-th generation, default 10)
Needs pyarrow.
"""
import glob
import os
import sys

import pyarrow.parquet as pq


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    run = sys.argv[1]
    every = int(sys.argv[2]) if len(sys.argv) == 3 else 10
    print("| gen | rows | fast % | weight < 1 % | total weight % | simulations a row | plies a game |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    g = 0
    while os.path.isdir(os.path.join(run, f"gen-{g:04d}")):
        shards = sorted(glob.glob(os.path.join(run, f"gen-{g:04d}", "selfplay", "*.parquet")))
        if shards and g % every == 0:
            cols = ["full_search", "weight", "simulations", "game_id", "side"]
            t = [pq.read_table(s, columns=cols).to_pydict() for s in shards]
            full = [x for d in t for x in d["full_search"]]
            weight = [x for d in t for x in d["weight"]]
            sims = [x for d in t for x in d["simulations"]]
            games = {x for d in t for x in d["game_id"]}
            path = sum(1 for d in t for x in d["side"] if not x)
            n = len(full)
            print(f"| {g} | {n} | {100 * full.count(False) / n:.1f} | "
                  f"{100 * sum(w < 1 for w in weight) / n:.1f} | {100 * sum(weight) / n:.1f} | "
                  f"{sum(sims) / n:.1f} | {path / len(games):.1f} |")
        g += 1


if __name__ == "__main__":
    main()
