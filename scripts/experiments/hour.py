#!/usr/bin/env python3
"""The tables of a strength run (scripts/bench_strength.sh) for docs/benchmarks.md.

Usage: scripts/experiments/hour.py RUN [EVERY]
       scripts/experiments/hour.py RUN --networks

Prints, from the run directory's markers and ratings.csv:
- every evaluated generation whose number is a multiple of EVERY (default: every evaluated
  one), and the newest: minutes in steps, Elo [95%] (random = 0), win/draw/loss against
  each baseline but `random`, and the judged shares when the variant has exact values;
- the games against each baseline pooled by half of the run's minutes in steps, with 95%
  normal intervals: the first half's generations from 10 on (the first minutes are the
  climb, not the curve) against the second half's; and the Elo difference of the two
  halves' scores against each baseline.
With --networks, prints only the model files of the last promoted network and of the promoted
network nearest a third of the run's minutes in steps (the 20-minute network of an hour), on
one line, or "- -" when none was promoted (scripts/bench_strength.sh reads it).
"""
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from summarize import interval, load  # noqa: E402


def generations(run):
    """Per finished generation: its number, minutes in steps so far, eval results, judged."""
    rows, total = [], 0.0
    for g in sorted(d for d in os.listdir(run) if d.startswith("gen-")):
        d = os.path.join(run, g)
        steps = [os.path.join(d, f"{s}.json") for s in ("selfplay", "train", "gate", "eval")]
        if not all(os.path.exists(p) for p in steps):
            break
        marks = [load(p) for p in steps]
        total += sum(m["seconds"] for m in marks)
        rows.append({"gen": int(g[4:]), "minutes": total / 60, "results": marks[3]["results"],
                     "judged": marks[3].get("judged"), "positions": marks[0]["positions"],
                     "promoted": marks[2]["promoted"],
                     "model": os.path.join(d, "train", "model.bpk")})
    return rows


def networks(run):
    """The last promoted network's model file and the promoted one nearest a third of the time."""
    rows = generations(run)
    promoted = [r for r in rows if r["promoted"]]
    if not promoted:
        return None
    third = rows[-1]["minutes"] / 3
    early = min(promoted, key=lambda r: abs(r["minutes"] - third))
    return promoted[-1]["model"], early["model"]


def wdl(results, b):
    r = next((r for r in results if r["b"] == b), None)
    return None if r is None else (int(r["wins_a"]), int(r["draws"]), int(r["wins_b"]))


def elo_of(score):
    return -400 * math.log10(1 / score - 1)


def main():
    run = sys.argv[1]
    if sys.argv[2:3] == ["--networks"]:
        found = networks(run)
        print(" ".join(found) if found else "- -")
        return
    every = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rows = generations(run)
    elo = {}
    with open(os.path.join(run, "ratings.csv")) as f:
        for r in csv.DictReader(f):
            elo[r["agent"]] = (float(r["elo"]), float(r["low"]), float(r["high"]))
    evaluated = [r for r in rows if r["results"]]
    baselines = [r["b"] for r in evaluated[0]["results"] if r["b"] != "random" and not r["b"].startswith("gen-")] if evaluated else []
    judged = any(r["judged"] for r in rows)
    print(f"{len(rows)} generations, {sum(r['positions'] for r in rows):,} positions, "
          f"{rows[-1]['minutes']:.1f} minutes in steps\n" if rows else "no generation finished\n")
    print("Baselines on the run's scale: " + ", ".join(
        f"{b} {elo[b][0]:.0f}" for b in baselines if b in elo) + "\n")
    head = ["gen", "minutes", "Elo [95%]"] + [f"vs {b}" for b in baselines]
    if judged:
        head += ["perfect moves", "result kept"]
    print("| " + " | ".join(head) + " |")
    print("|---:|---:|---|" + "---|" * (len(head) - 3))
    for r in evaluated:
        if r["gen"] % every and r is not evaluated[-1]:
            continue
        e = elo.get(f"gen-{r['gen']}")
        cells = [str(r["gen"]), f"{r['minutes']:.1f}",
                 f"{e[0]:.0f} [{e[1]:.0f}, {e[2]:.0f}]" if e else "-"]
        cells += ["/".join(map(str, wdl(r["results"], b) or ("-",))) for b in baselines]
        if judged:
            j = r["judged"] or {}
            cells.append(f"{100 * j['optimal']:.0f}%" if "optimal" in j else "-")
            kept = j.get("result_kept")
            cells.append(f"{100 * kept['share']:.0f}%" if kept else "-")
        print("| " + " | ".join(cells) + " |")
    if not rows:
        return
    half = rows[-1]["minutes"] / 2
    print("\nPooled by half of the minutes in steps (95% intervals):\n")
    print("| baseline | generations | minutes | win/draw/loss | score |")
    print("|---|---|---|---|---|")
    for b in baselines:
        scores = []
        for part in ([r for r in evaluated if r["gen"] >= 10 and r["minutes"] <= half],
                     [r for r in evaluated if r["minutes"] > half]):
            t = [wdl(r["results"], b) for r in part]
            t = [x for x in t if x]
            if not t:
                continue
            w, d, l = (sum(x[i] for x in t) for i in range(3))
            n = w + d + l
            scores.append((w + d / 2) / n)
            print(f"| {b} | {part[0]['gen']}-{part[-1]['gen']} | "
                  f"{part[0]['minutes']:.0f}-{part[-1]['minutes']:.0f} | {w}/{d}/{l} | "
                  f"{interval((w + d / 2) / n, n)} |")
        if len(scores) == 2:
            # A share at 0 or 1 has no finite Elo: say so rather than print a clamp's.
            gain = ("saturated" if any(s <= 0.01 or s >= 0.99 for s in scores)
                    else f"{elo_of(scores[1]) - elo_of(scores[0]):+.0f} Elo")
            print(f"| {b} | second half against first | | | {gain} |")


if __name__ == "__main__":
    main()
