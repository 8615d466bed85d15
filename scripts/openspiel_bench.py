#!/usr/bin/env python3
"""Random-playout (and optionally MCTS) speed of OpenSpiel for oware and kalah.

Requires: pip install open-spiel==2.0.2

Playouts: for --seconds S per game (OpenSpiel `oware`, and `mancala` reported as
"kalah"), a plain single-threaded Python loop

    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))

is run repeatedly; games/s, plies/s and average plies per game are reported.
(A few random oware games could in principle reach OpenSpiel's 1000-ply limit,
where apply_action raises SpielError while the state is not terminal; such a game
is counted as finished at that point.)

--mcts: pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0,
10000, 1000, False, seed, False) steps once from the initial position; the rate
is 10000 / (seconds per step), averaged over --mcts-steps steps (fresh bot each).
That positional constructor works in 2.0.2: (game, evaluator, uct_c,
max_simulations, max_memory_mb, solve, seed, verbose[, child_selection_policy,
max_wall_clock_time]).

--json FILE writes {"oware": {...}, "kalah": {...}, "openspiel_version": ...,
"python": ..., "cpu": ...} (with "mcts_simulations_per_s" per game if --mcts).
"""

import argparse
import json
import platform
import random
import time

import pyspiel

GAMES = [("oware", "oware"), ("kalah", "mancala")]
MCTS_SIMULATIONS = 10000


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def bench_playouts(game_name, seconds, seed):
    game = pyspiel.load_game(game_name)
    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        n = 0
        try:
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                n += 1
        except pyspiel.SpielError:
            pass  # OpenSpiel's max game length reached (oware)
        games += 1
        plies += n
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "plies_per_s": plies / elapsed,
            "avg_plies": plies / games, "games": games, "seconds": elapsed}


def bench_mcts(game_name, steps, seed):
    game = pyspiel.load_game(game_name)
    times = []
    for i in range(steps):
        s = seed + i
        bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, s), 2.0,
                              MCTS_SIMULATIONS, 1000, False, s, False)
        state = game.new_initial_state()
        t = time.perf_counter()
        bot.step(state)
        times.append(time.perf_counter() - t)
    per_step = sum(times) / len(times)
    return {"mcts_simulations_per_s": MCTS_SIMULATIONS / per_step,
            "mcts_seconds_per_step": per_step, "mcts_steps": steps}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0,
                    help="playout time per game (default %(default)s)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mcts", action="store_true", help="also measure MCTSBot")
    ap.add_argument("--mcts-steps", type=int, default=3,
                    help="MCTS steps to average (default %(default)s)")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    args = ap.parse_args()

    results = {}
    for label, name in GAMES:
        r = bench_playouts(name, args.seconds, args.seed)
        if args.mcts:
            r.update(bench_mcts(name, args.mcts_steps, args.seed))
        results[label] = r

    header = "%-6s %12s %12s %10s" % ("game", "games/s", "plies/s", "avg plies")
    if args.mcts:
        header += " %12s" % "mcts sims/s"
    print(header)
    for label, _ in GAMES:
        r = results[label]
        line = "%-6s %12.1f %12.0f %10.1f" % (label, r["games_per_s"], r["plies_per_s"],
                                             r["avg_plies"])
        if args.mcts:
            line += " %12.0f" % r["mcts_simulations_per_s"]
        print(line)

    out = dict(results)
    out["openspiel_version"] = getattr(pyspiel, "__version__", "unknown")
    out["python"] = platform.python_version()
    out["cpu"] = cpu_model()
    print("OpenSpiel %s, Python %s, %s" % (out["openspiel_version"], out["python"], out["cpu"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
