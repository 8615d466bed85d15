#!/usr/bin/env python3
"""Learning curves of several loop runs on one chart: each run's score against one baseline
in the loop's own evaluations (`gen-*/eval.json`), by minutes since the run started, as the
mean of a sliding window of evaluations (default 5, so 100 games of the usual 20).

Usage: scripts/experiments/curves.py OUT.svg BASELINE LABEL=RUN_DIR [LABEL=RUN_DIR ...]
  e.g. scripts/experiments/curves.py omweso.svg mcts:sims=10000 control=runs/e19/temp30 ...
Writes a plain SVG (no plotting library needed) and prints each curve as CSV rows.
"""
import glob
import json
import os
import sys

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"]
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 820, 420, 60, 210, 30, 50


def points(run, baseline, window):
    """(minutes, score) of every evaluation against `baseline`, smoothed over `window`."""
    start = json.load(open(os.path.join(run, "run.json")))["started_unix"]
    raw = []
    for path in sorted(glob.glob(os.path.join(run, "gen-*", "eval.json"))):
        for r in json.load(open(path))["results"]:
            if r["b"] == baseline:
                games = r["wins_a"] + r["draws"] + r["wins_b"]
                won = r["wins_a"] + r["draws"] / 2
                raw.append(((os.path.getmtime(path) - start) / 60, won, games))
    out = []
    for k in range(len(raw)):
        part = raw[max(0, k - window + 1): k + 1]
        out.append((raw[k][0], sum(w for _, w, _ in part) / sum(g for _, _, g in part)))
    return out


def svg(curves, baseline, window):
    span = max((m for _, pts in curves for m, _ in pts), default=1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    x = lambda m: LEFT + plot_w * m / span
    y = lambda s: TOP + plot_h * (1 - s)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             'font-family="sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
             f'<text x="{LEFT}" y="18">score against {baseline} in the loop\'s evaluations '
             f'(mean of {window} evaluations)</text>']
    for s in [0, 0.25, 0.5, 0.75, 1.0]:
        parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(s)}" y2="{y(s)}" '
                     'stroke="#ddd"/>')
        parts.append(f'<text x="{LEFT - 8}" y="{y(s) + 4}" text-anchor="end">{s:.0%}</text>')
    step = 10 if span > 30 else 5
    for m in range(0, int(span) + 1, step):
        parts.append(f'<text x="{x(m)}" y="{TOP + plot_h + 18}" text-anchor="middle">{m}</text>')
    parts.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 10}" text-anchor="middle">'
                 'minutes since the run started</text>')
    parts.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" '
                 'stroke="#333"/>')
    for k, (label, pts) in enumerate(curves):
        colour = COLOURS[k % len(COLOURS)]
        path = " ".join(f"{x(m):.1f},{y(s):.1f}" for m, s in pts)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                     'stroke-width="2"/>')
        ly = TOP + 16 + 20 * k
        parts.append(f'<line x1="{WIDTH - RIGHT + 12}" x2="{WIDTH - RIGHT + 32}" y1="{ly - 4}" '
                     f'y2="{ly - 4}" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{WIDTH - RIGHT + 38}" y="{ly}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    if len(sys.argv) < 4 or any("=" not in a for a in sys.argv[3:]):
        sys.exit(__doc__)
    out, baseline = sys.argv[1], sys.argv[2]
    window = int(os.environ.get("WINDOW", "5"))
    curves = []
    for arg in sys.argv[3:]:
        label, run = arg.split("=", 1)
        if not os.path.exists(os.path.join(run, "run.json")):
            sys.exit(f"{run}: no run.json (expected a loop's run directory)")
        pts = points(run, baseline, window)
        if not pts:
            sys.exit(f"{run}: no evaluation against {baseline}")
        curves.append((label, pts))
        for m, s in pts:
            print(f"{label},{m:.2f},{s:.4f}")
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(svg(curves, baseline, window))
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
