#!/usr/bin/env python3
"""Write golden random-game traces and perft counts for omweso, coro, kombe and mongale from the
independent Python reference (four_row.py), the four-row sibling of make_golden.py.

  python3 scripts/reference/make_golden_four_row.py            # traces + perft
  python3 scripts/reference/make_golden_four_row.py --traces   # traces only
  python3 scripts/reference/make_golden_four_row.py --perft    # perft only
  python3 scripts/reference/make_golden_four_row.py --probe 20 # time perft depths, write nothing
  python3 scripts/reference/make_golden_four_row.py --probe 20 --only kombe,mongale

Output (relative to the repository root):
  engine/tests/golden/reference_<config>.jsonl   60 games each, seeds 0..59
  engine/tests/perft/{omweso,coro,kombe,mongale}.perft
Runs are deterministic: rerunning gives byte-identical files. While writing, every state is
checked (64 seeds on the board or in hand, legal non-empty iff not terminal, zero-sum
returns) and some statistics are printed.

A state in a trace holds `to_move` (null when over), `pits` (South's front row T..J and back
row A..H from South's left, then North's front and back rows from North's left), `stores`
(always [0, 0]), `in_hand` ([south, north]: captured seeds in hand during a sow</sow>
decision or at an end that leaves them in hand, seeds still to place in the free set-up),
`legal`, `terminal` and `returns`. There is no `scores` for omweso, coro and kombe: their rules
define none. Mongale's counting end (M3) adds `scores` ([south, north] seeds on each side) to
the terminal state of a game that ended by the count (not to capped games).
"""

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from four_row import (SOW_ACW, SOW_CW, RELAY, RELAY_CW, TAKE, initial_state,  # noqa: E402
                      perft, perft_plain)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCE = "scripts/reference/four_row.py (independent Python reference)"
GAMES = 60

# perft depths of the kombe and mongale cases (the deepest that runs in under about a minute)
KOMBE_DEPTH = 9
KOMBE_FOURS_DEPTH = 8
MONGALE_DEPTH = 9

# (file stem, variant, rules, perft case name or None, perft depth, limits)
CONFIGS = [
    ("omweso", "omweso", {}, "default", 8, {}),
    ("omweso_seventeen", "omweso", {"setup": "seventeen"}, "seventeen", 9, {}),
    ("omweso_alternate", "omweso", {"setup": "alternate"}, "alternate", 8, {}),
    ("omweso_alternate_mandatory", "omweso", {"setup": "alternate", "mandatory_capture": True},
     "alternate_mandatory", 8, {}),
    ("omweso_free", "omweso", {"setup": "free"}, None, 0, {}),
    ("omweso_mandatory", "omweso", {"mandatory_capture": True}, None, 0, {}),
    ("omweso_no_nkutemye", "omweso", {"setup": "seventeen", "nkutemye": False}, None, 0, {}),
    ("omweso_laps3", "omweso", {}, None, 0, {"max_laps": 3}),
    ("omweso_seventeen_laps12", "omweso", {"setup": "seventeen"}, None, 0, {"max_laps": 12}),
    ("omweso_plies50", "omweso", {"setup": "free"}, None, 0, {"max_plies": 50}),
    ("omweso_plies100", "omweso", {}, None, 0, {"max_plies": 100}),
    ("coro", "coro", {}, "default", 8, {}),
    ("coro_alternate", "coro", {"setup": "alternate"}, "alternate", 8, {}),
    ("coro_seventeen_mandatory", "coro", {"setup": "seventeen", "mandatory_capture": True},
     None, 0, {}),
    ("coro_free", "coro", {"setup": "free"}, None, 0, {}),
    ("coro_laps3", "coro", {"setup": "alternate"}, None, 0, {"max_laps": 3}),
    ("coro_plies50", "coro", {}, None, 0, {"max_plies": 50}),
    ("kombe", "kombe", {}, "default", KOMBE_DEPTH, {}),
    ("kombe_fours", "kombe", {"setup": "fours"}, "fours", KOMBE_FOURS_DEPTH, {}),
    ("kombe_mandatory", "kombe", {"mandatory_capture": True}, None, 0, {}),
    ("kombe_nkutemye", "kombe", {"nkutemye": True}, None, 0, {}),
    ("kombe_laps3", "kombe", {}, None, 0, {"max_laps": 3}),
    ("kombe_free", "kombe", {"setup": "free"}, None, 0, {}),
    ("mongale", "mongale", {}, "default", MONGALE_DEPTH, {}),
    ("mongale_free", "mongale", {"setup": "free"}, None, 0, {}),
    ("mongale_plies60", "mongale", {}, None, 0, {"max_plies": 60}),
]
KOMBE_VARIANTS = ("kombe", "mongale")


def state_json(s):
    snap = s.snapshot()
    d = {"to_move": s.to_move, "pits": snap["pits"], "stores": snap["stores"],
         "in_hand": snap["in_hand"], "legal": s.legal_actions(), "terminal": s.terminal,
         "returns": s.returns}
    if s.scores is not None:
        d["scores"] = list(s.scores)
    return d


def check_state(d, variant):
    if variant not in KOMBE_VARIANTS:
        assert RELAY_CW not in d["legal"], "relay> legal outside kombe/mongale"
        assert "scores" not in d
    if "scores" in d:
        assert d["terminal"] and sum(d["scores"]) == 64
        s, n = d["scores"]
        assert d["returns"] == ([1, -1] if s > n else [-1, 1] if n > s else [0, 0])
    assert len(d["pits"]) == 32
    assert sum(d["pits"]) + sum(d["in_hand"]) == 64, "seeds not conserved"
    assert d["stores"] == [0, 0]
    assert (len(d["legal"]) > 0) == (not d["terminal"]), "legal vs terminal"
    assert sum(d["returns"]) == 0, "returns not zero-sum"
    assert d["legal"] == sorted(d["legal"])
    if d["terminal"]:
        assert d["to_move"] is None
    else:
        assert d["to_move"] in (0, 1) and d["returns"] == [0, 0]


def play(variant, rules, limits, seed, index):
    rng = random.Random(seed)
    s = initial_state(variant, rules, limits)
    s.stats = []
    states = [state_json(s)]
    check_state(states[0], variant)
    actions = []
    max_laps = 0
    while not s.terminal:
        a = rng.choice(s.legal_actions())
        s.play(a)
        max_laps = max(max_laps, s.last_laps)
        actions.append(a)
        d = state_json(s)
        check_state(d, variant)
        states.append(d)
    ev = s.stats
    info = {"length": len(actions), "result": s.result, "max_laps": max_laps,
            "events": {k: ev.count(k) for k in set(ev)},
            "take": actions.count(TAKE), "relay": actions.count(RELAY),
            "sow<": actions.count(SOW_ACW), "sow>": actions.count(SOW_CW),
            "relay>": actions.count(RELAY_CW),
            "reverse": sum(1 for a in actions if 16 <= a < 20)}
    record = {"game": index, "seed": seed, "rules": rules, "actions": actions, "states": states}
    if limits:
        record["limits"] = limits
    return record, info


def write_traces():
    for stem, variant, rules, _, _, limits in CONFIGS:
        path = os.path.join(ROOT, "engine", "tests", "golden", "reference_%s.jsonl" % stem)
        infos = []
        with open(path, "w", newline="\n") as f:
            for i in range(GAMES):
                record, info = play(variant, rules, limits, i, i)
                f.write(json.dumps(record, separators=(",", ":")) + "\n")
                infos.append(info)
        n = len(infos)
        results = {}
        for x in infos:
            results[x["result"]] = results.get(x["result"], 0) + 1
        events = {}
        for x in infos:
            for k, v in x["events"].items():
                events[k] = events.get(k, 0) + v
        games_with = {}
        for x in infos:
            for k in x["events"]:
                games_with[k] = games_with.get(k, 0) + 1
        print("%-28s games=%d avg_len=%.1f max_len=%d longest_move_laps=%d results=%s "
              "take=%d relay=%d sow<=%d sow>=%d size=%dKB"
              % (stem, n, sum(x["length"] for x in infos) / n, max(x["length"] for x in infos),
                 max(x["max_laps"] for x in infos), dict(sorted(results.items())),
                 sum(x["take"] for x in infos), sum(x["relay"] for x in infos),
                 sum(x["sow<"] for x in infos), sum(x["sow>"] for x in infos),
                 os.path.getsize(path) // 1024))
        if variant in KOMBE_VARIANTS:
            print("    kombe: reverse_starts=%d (games %d) relay>=%d (games %d) sow>=%d (games %d)"
                  % (sum(x["reverse"] for x in infos), sum(1 for x in infos if x["reverse"]),
                     sum(x["relay>"] for x in infos), sum(1 for x in infos if x["relay>"]),
                     sum(x["sow>"] for x in infos), sum(1 for x in infos if x["sow>"])))
        print("    events (total / games with): %s"
              % ", ".join("%s=%d/%d" % (k, events[k], games_with[k]) for k in sorted(events)))


def toml_rules(rules):
    if not rules:
        return "{ }"
    return "{ " + ", ".join("%s = %s" % (k, json.dumps(v)) for k, v in rules.items()) + " }"


def write_perft():
    by_variant = {}
    for stem, variant, rules, name, depth, limits in CONFIGS:
        if name is None:
            continue
        start = initial_state(variant, rules, limits)
        t = time.time()
        counts = perft(start, depth)
        small = min(depth, 5)
        assert perft_plain(start, small) == counts[:small], stem
        print("perft %-28s depth=%d %.1fs %s" % (stem, depth, time.time() - t, counts),
              flush=True)
        by_variant.setdefault(variant, []).append((name, rules, counts))
    for variant, cases in by_variant.items():
        path = os.path.join(ROOT, "engine", "tests", "perft", "%s.perft" % variant)
        with open(path, "w", newline="\n") as f:
            f.write("# %s perft counts from the independent Python reference.\n" % variant)
            f.write("# Regenerate: python3 scripts/reference/make_golden_four_row.py --perft\n")
            for name, rules, counts in cases:
                f.write("\n[[case]]\n")
                f.write('name = "%s"\n' % name)
                f.write('source = "%s"\n' % SOURCE)
                f.write("rules = %s\n" % toml_rules(rules))
                f.write("counts = [%s]\n" % ", ".join(str(c) for c in counts))


def probe(budget, only=None):
    for stem, variant, rules, name, _, limits in CONFIGS:
        if name is None or (only and variant not in only):
            continue
        d = 1
        while True:
            t = time.time()
            counts = perft(initial_state(variant, rules, limits), d)
            dt = time.time() - t
            print("probe %-28s depth=%d %.1fs last=%d" % (stem, d, dt, counts[-1]), flush=True)
            if dt > budget / 4:
                break
            d += 1


def main(argv):
    if "--probe" in argv:
        only = argv[argv.index("--only") + 1].split(",") if "--only" in argv else None
        probe(float(argv[argv.index("--probe") + 1]), only)
        return
    if "--perft" not in argv:
        write_traces()
    if "--traces" not in argv:
        write_perft()


if __name__ == "__main__":
    main(sys.argv[1:])
