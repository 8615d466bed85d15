#!/usr/bin/env python3
"""Random playouts per second from Python: the mankala package against OpenSpiel's pyspiel,
on oware and kalah (OpenSpiel's `mancala`), in the same run, one core, one game after another.

Usage: scripts/bench_python.py [--seconds S] [--rounds R] [--json FILE]

Needs the package (pip install ./python) and, for the comparison, pip install open_spiel.
Both sides run the same plain Python loop:

    state = game.new_initial_state()          # mankala: game.initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))    # mankala: apply

The two libraries alternate in R rounds of S seconds each (so that a machine's slow spell
hits both); games/s and plies/s are the totals over all rounds. OpenSpiel's oware stops at its
1000-ply limit by raising SpielError while the state is not terminal; such a game counts as
finished there.
"""

import argparse
import json
import platform
import random
import sys
import time

import mankala

GAMES = [("oware", "oware"), ("kalah", "mancala")]


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def mankala_playouts(variant, seconds, rng):
    game = mankala.load(variant)
    games = plies = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = game.initial_state()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        games += 1
        plies += state.ply
    return games, plies, time.perf_counter() - start


def pyspiel_playouts(pyspiel, name, seconds, rng):
    game = pyspiel.load_game(name)
    games = plies = 0
    end = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        state = game.new_initial_state()
        n = 0
        try:
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        except pyspiel.SpielError:
            pass
        games += 1
        plies += n
    return games, plies, time.perf_counter() - start


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=5.0, help="seconds per library per round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json", help="write the results here as JSON")
    args = p.parse_args()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is not installed (pip install open_spiel): mankala alone", file=sys.stderr)
    results = {"python": platform.python_version(), "cpu": cpu_model()}
    if pyspiel is not None:
        import importlib.metadata as md

        results["open_spiel"] = md.version("open_spiel")
    print(f"{'variant':8} {'library':8} {'games/s':>10} {'plies/s':>12} {'plies/game':>10}")
    for variant, spiel_name in GAMES:
        totals = {"mankala": [0, 0, 0.0], "pyspiel": [0, 0, 0.0]}
        rng = random.Random(1)
        for _ in range(args.rounds):
            for lib, t in totals.items():
                if lib == "mankala":
                    g, n, s = mankala_playouts(variant, args.seconds, rng)
                elif pyspiel is not None:
                    g, n, s = pyspiel_playouts(pyspiel, spiel_name, args.seconds, rng)
                else:
                    continue
                t[0] += g
                t[1] += n
                t[2] += s
        results[variant] = {}
        for lib, (g, n, s) in totals.items():
            if g == 0:
                continue
            row = {"games_per_s": g / s, "plies_per_s": n / s, "plies_per_game": n / g}
            results[variant][lib] = row
            print(f"{variant:8} {lib:8} {row['games_per_s']:>10.0f} {row['plies_per_s']:>12.0f} "
                  f"{row['plies_per_game']:>10.1f}")
        if len(results[variant]) == 2:
            ratio = results[variant]["mankala"]["games_per_s"] / results[variant]["pyspiel"]["games_per_s"]
            results[variant]["ratio"] = ratio
            print(f"{variant:8} mankala/pyspiel games/s: {ratio:.2f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
