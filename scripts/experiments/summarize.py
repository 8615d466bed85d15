#!/usr/bin/env python3
"""Per-generation curves of the arms of one experiment (scripts/experiments/run_arms.sh).

Usage: scripts/experiments/summarize.py OUT [ARM ...]
       scripts/experiments/summarize.py --combined [--from G] OUT [ARM ...]

For every arm (a run directory under OUT) prints one Markdown table: generation, wall
minutes since the run started (the eval record's time: arms that share the machine are
compared at equal wall time), minutes in steps, self-play positions so far, the gate, the
share of perfect moves judged against the solver with its 95% interval, the score against
each baseline, and the Elo with its 95% interval (ratings.csv: random = 0). Then the final
arena (final-arena.txt) of each arm.

With --combined: one table per measure with the arms side by side, by generation (equal
positions) and by wall time (equal clock: each arm's newest generation finished by then),
then each arm's generations from G on (default 0) pooled, with 95% intervals.
"""
import csv
import math
import json
import os
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def arm_data(run):
    """Per finished generation: a dict of the measures (None where missing)."""
    start = load(os.path.join(run, "run.json"))["started_unix"]
    elo = {}
    with open(os.path.join(run, "ratings.csv")) as f:
        for r in csv.DictReader(f):
            elo[r["agent"]] = (float(r["elo"]), float(r["low"]), float(r["high"]))
    out, positions = [], 0
    for g in sorted(d for d in os.listdir(run) if d.startswith("gen-")):
        d = os.path.join(run, g)
        ev = os.path.join(d, "eval.json")
        if not os.path.exists(ev):
            break
        e = load(ev)
        positions += load(os.path.join(d, "selfplay.json"))["positions"]
        scores, games = {}, {}
        for r in e["results"]:
            n = r["wins_a"] + r["draws"] + r["wins_b"]
            scores[r["b"]] = (r["wins_a"] + r["draws"] / 2) / n if n else None
            games[r["b"]] = n
        fixed = os.path.join(run, "fixed-judge", f"{g}.json")
        fixed = load(fixed)["overall"] if os.path.exists(fixed) else None
        out.append({"fixed": fixed, "games": games, "gen": int(g[4:]), "wall": (os.path.getmtime(ev) - start) / 60,
                    "positions": positions, "judged": e.get("judged"), "scores": scores,
                    "elo": elo.get(f"gen-{int(g[4:])}")})
    return out


MEASURES = {
    "perfect": ("perfect moves % (judged)",
                lambda r: f"{100 * r['judged']['optimal']:.0f}" if r["judged"] else "-"),
    "elo": ("Elo", lambda r: f"{r['elo'][0]:.0f}" if r["elo"] else "-"),
    "fixed": ("perfect moves % on the fixed positions (judge_arms.sh)",
              lambda r: f"{100 * r['fixed']['optimal']:.1f}" if r["fixed"] else "-"),
}


def score_measure(baseline):
    def f(r):
        s = r["scores"].get(baseline)
        return "-" if s is None else f"{s:.2f}"
    return (f"score vs {baseline}", f)


def interval(p, n):
    """A 95% normal interval of a share p of n, in percent."""
    h = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n) if n else float("nan")
    return f"{100 * p:.1f} [{100 * max(p - h, 0):.1f}, {100 * min(p + h, 1):.1f}]"


def pooled(data, arms, baselines, first):
    """Each arm's generations from `first` on, pooled: judged positions and games."""
    print(f"**Generations {first} and later, pooled (95% intervals)**\n")
    head = (["arm", "generations", "perfect moves %", "fixed positions: perfect %"]
            + [f"score vs {b} %" for b in baselines])
    print("| " + " | ".join(head) + " |")
    print("|---|" + "---:|" * (len(head) - 1))
    for a in arms:
        rows = [r for r in data[a] if r["gen"] >= first]
        if not rows:
            continue
        n = sum(r["judged"]["positions"] for r in rows if r["judged"])
        ok = sum(r["judged"]["optimal"] * r["judged"]["positions"] for r in rows if r["judged"])
        cells = [a, f"{rows[0]['gen']}-{rows[-1]['gen']}", interval(ok / n, n) if n else "-"]
        fixed = [r["fixed"] for r in rows if r["fixed"]]
        n = sum(f["positions"] for f in fixed)
        ok = sum(f["optimal"] * f["positions"] for f in fixed)
        cells.append(interval(ok / n, n) if n else "-")
        for b in baselines:
            g = sum(r["games"].get(b, 0) for r in rows)
            pts = sum(r["scores"][b] * r["games"][b] for r in rows if r["scores"].get(b) is not None)
            cells.append(interval(pts / g, g) if g else "-")
        print("| " + " | ".join(cells) + " |")
    print()


def finals(out, arms):
    """Each arm's final arena: its last network against the opponent."""
    rows = []
    for a in arms:
        path = os.path.join(out, a, "final-arena", "ratings.csv")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            net, opp = list(csv.DictReader(f))[:2]
        if not net["agent"].startswith("nn:"):
            net, opp = opp, net
        games = int(net["games"])
        score = float(net["score"])
        gap = float(net["elo"]) - float(opp["elo"])
        low = float(net["elo"]) - float(opp["high"])
        high = float(net["elo"]) - float(opp["low"])
        model = net["agent"].split("model=")[1].split("/train/")[0].rsplit("/", 1)[-1]
        rows.append(f"| {a} | {model} | {opp['agent']} | {net['wins']}/{net['draws']}/"
                    f"{net['losses']} | {interval(score, games)} | {gap:.0f} [{low:.0f}, {high:.0f}] |")
    if rows:
        print("**Final arena: the last network at 100 simulations (95% intervals)**\n")
        print("| arm | network | opponent | win/draw/loss | score % | Elo difference |")
        print("|---|---|---|---:|---:|---:|")
        print("\n".join(rows))
        print()


def combined(out, arms, first):
    data = {a: arm_data(os.path.join(out, a)) for a in arms}
    baselines = sorted({b for rows in data.values() for r in rows for b in r["scores"]} - {"random"})
    measures = [MEASURES["perfect"], MEASURES["elo"]] + [score_measure(b) for b in baselines]
    if any(r["fixed"] for rows in data.values() for r in rows):
        measures.insert(1, MEASURES["fixed"])
    last = max(len(rows) for rows in data.values())
    for name, f in measures:
        print(f"**{name}, by generation**\n")
        print("| gen | " + " | ".join(arms) + " |")
        print("|---:|" + "---:|" * len(arms))
        for g in range(last):
            cells = [f(data[a][g]) if g < len(data[a]) else "" for a in arms]
            if all(c in ("-", "") for c in cells):
                continue
            print(f"| {g} | " + " | ".join(cells) + " |")
        print()
    wall_end = min(rows[-1]["wall"] for rows in data.values() if rows)
    step = 5 if wall_end >= 10 else 1
    marks = list(range(step, int(wall_end) + 1, step))
    print("**By wall time: generation reached, perfect moves %, Elo**\n")
    print("| minutes | " + " | ".join(arms) + " |")
    print("|---:|" + "---:|" * len(arms))
    for m in marks:
        cells = []
        for a in arms:
            done = [r for r in data[a] if r["wall"] <= m]
            r = done[-1] if done else None
            cells.append(f"{r['gen']}: {MEASURES['perfect'][1](r)}, {MEASURES['elo'][1](r)}"
                         if r else "-")
        print(f"| {m} | " + " | ".join(cells) + " |")
    print()
    pooled(data, arms, baselines, first)
    finals(out, arms)


def arm_table(run):
    start = load(os.path.join(run, "run.json"))["started_unix"]
    elo = {}
    with open(os.path.join(run, "ratings.csv")) as f:
        for r in csv.DictReader(f):
            elo[r["agent"]] = (float(r["elo"]), float(r["low"]), float(r["high"]))
    gens = sorted(d for d in os.listdir(run) if d.startswith("gen-"))
    rows, positions, steps_s = [], 0, 0.0
    baselines = None
    for g in gens:
        d = os.path.join(run, g)
        ev = os.path.join(d, "eval.json")
        if not os.path.exists(ev):
            break
        sp, tr, ga, e = (load(os.path.join(d, n)) for n in
                         ("selfplay.json", "train.json", "gate.json", "eval.json"))
        positions += sp["positions"]
        steps_s += sp["seconds"] + tr["seconds"] + ga["seconds"] + e["seconds"]
        wall = (os.path.getmtime(ev) - start) / 60
        n = int(g[4:])
        gate = "always" if ga.get("wins", 0) + ga.get("draws", 0) + ga.get("losses", 0) == 0 \
            else f"{ga['score']:.2f}{'+' if ga['promoted'] else ''}"
        j = e.get("judged")
        judged = (f"{100 * j['optimal']:.0f} [{100 * j['optimal_low']:.0f}, "
                  f"{100 * j['optimal_high']:.0f}]") if j else "-"
        scores = {}
        for r in e["results"]:
            games = r["wins_a"] + r["draws"] + r["wins_b"]
            scores[r["b"]] = (r["wins_a"] + r["draws"] / 2) / games if games else float("nan")
        baselines = baselines or [b for b in scores if b != "random" and not b.startswith("gen-")]
        lo = elo.get(f"gen-{n}", (float("nan"),) * 3)
        rows.append([str(n), f"{wall:.1f}", f"{steps_s / 60:.1f}", str(positions), gate, judged]
                    + [f"{scores.get(b, float('nan')):.2f}" for b in baselines]
                    + [f"{lo[0]:.0f} [{lo[1]:.0f}, {lo[2]:.0f}]"])
    head = (["gen", "wall min", "step min", "positions", "gate", "perfect % [95%]"]
            + [f"vs {b}" for b in baselines or []] + ["Elo [95%]"])
    out = ["| " + " | ".join(head) + " |", "|" + "---:|" * len(head)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def main():
    args = sys.argv[1:]
    together = args[:1] == ["--combined"]
    args = args[1:] if together else args
    first = 0
    if together and args[:1] == ["--from"]:
        first, args = int(args[1]), args[2:]
    out = args[0]
    arms = args[1:] or sorted(
        a for a in os.listdir(out) if os.path.isdir(os.path.join(out, a)))
    if together:
        combined(out, arms, first)
        return
    for a in arms:
        print(f"### {a}\n")
        print(arm_table(os.path.join(out, a)))
        final = os.path.join(out, a, "final-arena.txt")
        if os.path.exists(final):
            print("\nFinal arena:\n\n```")
            print(open(final).read().strip())
            print("```")
        print()


if __name__ == "__main__":
    main()
