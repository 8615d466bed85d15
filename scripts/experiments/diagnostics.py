#!/usr/bin/env python3
"""The self-play and training diagnostics of runs, pooled over a range of generations.

Usage: scripts/experiments/diagnostics.py [--last N | [--from G] [--to H]] RUN [RUN ...]

For each run directory (of `mankala loop`) prints one row: generations finished, self-play
positions in all, self-play positions per second, training samples per new position (the
reuse), and over the chosen generations (default the last ten with a training marker): the
first player's share of decided games, mean game length, the share of distinct positions,
the entropy of the search's targets and of the network's policy, and the training, held-out
and fixed-set losses (value and policy). Reads only the step markers (`docs/loop.md`).
"""
import argparse
import json
import os
import sys


def marker(run, g, step):
    path = os.path.join(run, f"gen-{g:04d}", f"{step}.json")
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return None


def generations(run):
    gens = []
    for name in os.listdir(run):
        if name.startswith("gen-") and name[4:].isdigit():
            gens.append(int(name[4:]))
    return sorted(gens)


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def fmt(v, digits=3):
    return "-" if v is None else f"{v:.{digits}f}"


def row(run, args):
    gens = generations(run)
    plays = {g: marker(run, g, "selfplay") for g in gens}
    trains = {g: marker(run, g, "train") for g in gens}
    trained = [g for g in gens if trains[g] is not None]
    if not trained:
        return None
    if args.first is not None or args.to is not None:
        lo, hi = args.first or 0, trained[-1] if args.to is None else args.to
        chosen = [g for g in trained if lo <= g <= hi]
    else:
        chosen = trained[-args.last:]
    if not chosen:
        sys.exit(f"{run}: no finished generation in the range asked for")
    positions = sum(p["positions"] for p in plays.values() if p)
    play_seconds = sum(p["seconds"] for p in plays.values() if p)
    samples = sum(t["samples"] for t in trains.values() if t)
    south = sum(plays[g]["results"][0] for g in chosen if plays[g])
    north = sum(plays[g]["results"][2] for g in chosen if plays[g])
    t = [trains[g] for g in chosen]
    p = [plays[g] for g in chosen if plays[g]]
    return {
        "run": os.path.basename(os.path.normpath(run)),
        "gens": len(trained),
        "window": f"{chosen[0]}-{chosen[-1]}",
        "positions": positions,
        "pos/s": positions / play_seconds if play_seconds else None,
        "reuse": samples / positions if positions else None,
        "first": south / (south + north) if south + north else None,
        "length": mean(x["mean_length"] for x in p),
        "distinct": mean(x.get("distinct_share") for x in p),
        "target H": mean(x.get("target_entropy") for x in p),
        "net H": mean(x.get("val_policy_entropy") for x in t),
        "value": mean(x.get("value_loss") for x in t),
        "value held": mean(x.get("val_value_loss") for x in t),
        "value fixed": mean(x.get("fixed_value_loss") for x in t),
        "policy": mean(x.get("policy_loss") for x in t),
        "policy held": mean(x.get("val_policy_loss") for x in t),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--last", type=int, default=10)
    ap.add_argument("--from", dest="first", type=int)
    ap.add_argument("--to", type=int)
    ap.add_argument("runs", nargs="+")
    args = ap.parse_args()
    rows = [r for r in (row(run, args) for run in args.runs) if r]
    if not rows:
        sys.exit("no run with a finished training step")
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + " --- |" * len(keys))
    for r in rows:
        cells = []
        for k in keys:
            v = r[k]
            if isinstance(v, float):
                v = fmt(v, 0 if k == "pos/s" else 1 if k in ("length", "reuse") else 3)
            elif v is None:
                v = "-"
            cells.append(str(v))
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
