#!/usr/bin/env python3
"""Write golden random-game traces and perft counts for lane, ndoto and enkeshui from the
independent Python reference (two_row.py).

  python3 scripts/reference/make_golden.py            # traces + perft (fixed depths)
  python3 scripts/reference/make_golden.py --traces   # traces only
  python3 scripts/reference/make_golden.py --perft    # perft only
  python3 scripts/reference/make_golden.py --probe 60 # time perft depths, write nothing

Output (relative to the repository root):
  engine/tests/golden/reference_<config>.jsonl   200 games, seeds 0..199
  engine/tests/perft/{lane,ndoto,enkeshui}.perft
Runs are deterministic: rerunning gives byte-identical files. While writing, every state is
checked (seed conservation, legal non-empty iff not terminal, zero-sum returns) and some
statistics are printed.
"""

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from two_row import make_game, perft, perft_plain  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCE = "scripts/reference/two_row.py (independent Python reference)"
GAMES = 200
GAMES_OF = {"lane_match": 40, "lane_match20_fed_to_move": 40,  # long games: fewer of them
            "enkeshui_advance": 60, "enkeshui_8_fours_advance_plies12": 40}

# (file stem, variant, rules, perft case name or None, perft depth, caps)
CONFIGS = [
    ("lane", "lane", {}, "default", 9, {}),
    ("lane_middle", "lane", {"setup": "middle"}, "middle", 9, {}),
    ("lane_fed_to_move", "lane", {"feed": "fed_to_move"}, "fed_to_move", 9, {}),
    ("ndoto", "ndoto", {}, "default", 9, {}),
    ("enkeshui", "enkeshui", {}, "default", 8, {}),
    ("enkeshui_8_fours", "enkeshui", {"holes": 8, "start": "fours"}, "8_fours", 7, {}),
    ("enkeshui_10_right", "enkeshui", {"holes": 10, "empty_end": "right"}, "10_right", 9, {}),
    ("enkeshui_12_fours_right", "enkeshui", {"start": "fours", "empty_end": "right"}, "12_fours_right", 6, {}),
    # Small caps, so that the capped endings are replayed too.
    ("lane_laps8", "lane", {}, None, 0, {"max_laps": 8}),
    # Rule 10's match (rounds to sixty points), with room for several rounds.
    ("lane_match", "lane", {"match_to": 60}, None, 0, {"max_plies": 3000}),
    ("lane_match20_fed_to_move", "lane", {"match_to": 20, "feed": "fed_to_move"}, None, 0,
     {"max_plies": 100}),
    ("ndoto_plies15", "ndoto", {}, None, 0, {"max_plies": 15}),
    ("enkeshui_laps2", "enkeshui", {"holes": 8}, None, 0, {"max_laps": 2}),
    # Rule 8's advance move (option), with a short cap so that some games end in it.
    ("enkeshui_advance", "enkeshui", {"advance_move": True}, "advance", 8, {}),
    ("enkeshui_8_fours_advance_plies12", "enkeshui", {"holes": 8, "start": "fours",
                                                       "advance_move": True}, None, 0,
     {"max_plies": 12}),
]


def check_state(game, total, d, capped=False):
    assert sum(d["pits"]) + sum(d["stores"]) + sum(d.get("in_hand", [0, 0])) == total, \
        "seeds not conserved"
    assert len(d["pits"]) == 2 * game.n
    assert (len(d["legal"]) > 0) == (not d["terminal"]), "legal vs terminal"
    assert sum(d["returns"]) == 0, "returns not zero-sum"
    assert d["legal"] == sorted(d["legal"])
    if d["terminal"]:
        assert d["to_move"] is None and "scores" in d
        # a capped lane game leaves counters on the board, outside scores; a lane match is
        # scored in points
        if not capped and not getattr(game, "match_to", 0):
            assert sum(d["scores"]) == total, "scores do not add up"
    else:
        assert d["to_move"] in (0, 1) and d["returns"] == [0, 0] and "scores" not in d
    if "bulls" in d:
        assert len(d["bulls"]) == 2 * game.n and all(b in (-1, 0, 1) for b in d["bulls"])


def play(game, seed, rules, index, limits=None):
    rng = random.Random(seed)
    s = game.initial_state()
    total = game.total_seeds(s)
    states = [game.state_json(s)]
    actions = []
    info = {"max_laps": 0, "decisions": 0, "declines": 0, "feeds": 0, "capped": False}
    while not s.terminal:
        legal = game.legal_actions(s)
        a = rng.choice(legal)
        if s.phase == "decide":
            info["decisions"] += 1
            if a == game.decline_action:
                info["declines"] += 1
        if s.phase == "feed":
            info["feeds"] += 1
        s = game.apply(s, a)
        info["max_laps"] = max(info["max_laps"], s.last_laps)
        actions.append(a)
        d = game.state_json(s)
        check_state(game, total, d, s.capped)
        states.append(d)
    check_state(game, total, states[0])
    info["capped"] = s.capped
    info["length"] = len(actions)
    info["returns"] = s.returns
    record = {"game": index, "seed": seed, "rules": rules, "actions": actions,
              "states": states}
    if limits:
        record["limits"] = limits
    return record, info


def write_traces():
    for stem, variant, rules, _, _, limits in CONFIGS:
        game = make_game(variant, rules, **limits)
        path = os.path.join(ROOT, "engine", "tests", "golden", "reference_%s.jsonl" % stem)
        infos = []
        with open(path, "w", newline="\n") as f:
            for i in range(GAMES_OF.get(stem, GAMES)):
                record, info = play(game, i, rules, i, limits)
                f.write(json.dumps(record, separators=(",", ":")) + "\n")
                infos.append(info)
        n = len(infos)
        wins = [sum(1 for x in infos if x["returns"] == r) for r in ([1, -1], [-1, 1], [0, 0])]
        print("%-18s games=%d avg_len=%.1f max_len=%d capped=%.1f%% "
              "with_decision=%.1f%% with_decline=%.1f%% with_feed=%.1f%% "
              "longest_move_laps=%d S/N/draw-or-cap=%s size=%dKB"
              % (stem, n, sum(x["length"] for x in infos) / n,
                 max(x["length"] for x in infos),
                 100.0 * sum(x["capped"] for x in infos) / n,
                 100.0 * sum(x["decisions"] > 0 for x in infos) / n,
                 100.0 * sum(x["declines"] > 0 for x in infos) / n,
                 100.0 * sum(x["feeds"] > 0 for x in infos) / n,
                 max(x["max_laps"] for x in infos), wins,
                 os.path.getsize(path) // 1024))


def toml_rules(rules):
    if not rules:
        return "{ }"
    parts = []
    for k, v in rules.items():
        parts.append("%s = %s" % (k, json.dumps(v)))
    return "{ " + ", ".join(parts) + " }"


def write_perft():
    by_variant = {}
    for stem, variant, rules, name, depth, limits in CONFIGS:
        if name is None:
            continue
        game = make_game(variant, rules, **limits)
        t = time.time()
        counts = perft(game, depth)
        # cross-check the memoised perft against a plain walk at small depth
        small = min(depth, 5)
        assert perft_plain(game, small) == counts[:small], stem
        print("perft %-18s depth=%d %.1fs %s" % (stem, depth, time.time() - t, counts))
        by_variant.setdefault(variant, []).append((name, rules, counts))
    for variant, cases in by_variant.items():
        path = os.path.join(ROOT, "engine", "tests", "perft", "%s.perft" % variant)
        with open(path, "w", newline="\n") as f:
            f.write("# %s perft counts from the independent Python reference.\n" % variant)
            f.write("# Regenerate: python3 scripts/reference/make_golden.py --perft\n")
            for name, rules, counts in cases:
                f.write("\n[[case]]\n")
                f.write('name = "%s"\n' % name)
                f.write('source = "%s"\n' % SOURCE)
                f.write("rules = %s\n" % toml_rules(rules))
                f.write("counts = [%s]\n" % ", ".join(str(c) for c in counts))


def probe(budget):
    for stem, variant, rules, name, _, limits in CONFIGS:
        if name is None:
            continue
        game = make_game(variant, rules, **limits)
        d = 1
        while True:
            t = time.time()
            counts = perft(game, d)
            dt = time.time() - t
            print("probe %-18s depth=%d %.1fs last=%d" % (stem, d, dt, counts[-1]), flush=True)
            if dt > budget / 3:
                break
            d += 1


def main(argv):
    if "--probe" in argv:
        probe(float(argv[argv.index("--probe") + 1]))
        return
    do_traces = "--perft" not in argv
    do_perft = "--traces" not in argv
    if do_traces:
        write_traces()
    if do_perft:
        write_perft()


if __name__ == "__main__":
    main(sys.argv[1:])
