#!/usr/bin/env python3
"""Write golden random-game traces and perft counts for bao, bao-kujifunza and bao-malawi from
the independent Python reference (bao.py), the Bao sibling of make_golden_four_row.py.

  python3 scripts/reference/make_golden_bao.py            # self-test, traces + perft
  python3 scripts/reference/make_golden_bao.py --traces   # traces only
  python3 scripts/reference/make_golden_bao.py --perft    # perft only
  python3 scripts/reference/make_golden_bao.py --probe 60 # time perft depths, write nothing
  python3 scripts/reference/make_golden_bao.py --probe 60 --only bao-malawi

Output (relative to the repository root):
  engine/tests/golden/reference_<config>.jsonl   GAMES games each (seeds 0..GAMES-1)
  engine/tests/perft/{bao,bao-kujifunza,bao-malawi}.perft
Runs are deterministic: rerunning gives byte-identical files. While writing, every state is
checked (64 seeds on the board or in hand, legal non-empty iff not terminal, zero-sum
returns, scores adding up to 64) and some statistics are printed.

A state in a trace holds `to_move` (null when over), `pits` (South's holes by hole index
A1..A8 B1..B8, then North's a1..a8 b1..b8), `stores` (always [0, 0]), `in_hand` ([south,
north]: namua hand plus seeds still to place in bao-malawi's advanced opening), `legal`,
`terminal`, `returns`, `scores` when over (seeds on each side's board plus in_hand), and two
fields the Rust test does not read, for diagnosis: `house_owned` ([south, north]) and
`takasia` (the hole index of the mover's front row under takasia, or null).

Moves are chosen at random from the legal actions. Games with an even seed are uniformly
random; in games with an odd seed the mover avoids, where he can, a move after which the
opponent can win with his next action, and (with probability 3/4) a move that wins at once,
so that more games reach a long mtaji stage (takasia, back-row starts, never-ending moves).
A few configs keep only the games in which a rare rule is used (option "want": the forced
mtaji safari, the self-empty loss, BM15's kuu takata, the advanced opening's take); the
forced-safari ones use a house-keeping policy (choose_keeper). Such a file holds games
0..n-1 whose `seed` fields are the seeds that were kept.
"""

import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bao import (SAFARI, STOP, initial_state, perft,  # noqa: E402
                 perft_plain, selftest)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCE = "scripts/reference/bao.py (independent Python reference)"
GAMES = 24

# perft cases: (variant, case name, rules, depth); the perft files carry [rules] only, so
# every case runs with the default limits
PERFT = [
    ("bao", "default", {}, 11),
    ("bao", "house", {"house_min": 4, "house_in_mtaji": False, "tax_all_at_min": True,
                      "singleton_entry": "restricted"}, 11),
    ("bao", "house_min1", {"house_min": 1}, 11),
    ("bao-kujifunza", "default", {}, 8),
    ("bao-kujifunza", "takasia_illegal", {"takasia": True, "self_empty": "illegal"}, 8),
    ("bao-malawi", "default", {}, 11),
    ("bao-malawi", "advanced", {"opening": "advanced"}, 8),
    ("bao-malawi", "house_in_mtaji", {"house_in_mtaji": True, "tax_all_at_min": False,
                                      "singleton_entry": "with-house"}, 11),
]

# trace configs: (file stem, variant, rules, limits, games, options); options: "policy"
# ("mixed", the default, or "keeper", see choose) and "want": keep only the games (seeds 0, 1,
# 2, ...) in which that event happens, to cover a rare rule
KEEP_SAFARI = {"policy": "keeper", "want": "forced-safari"}
CONFIGS = [
    ("bao", "bao", {}, {}, GAMES, {}),
    ("bao_forced_safari", "bao", {"mtaji_safari": "forced", "house_in_mtaji": True,
                                  "mtaji_capture_ends_house": False}, {}, 12, KEEP_SAFARI),
    ("bao_house_in_mtaji", "bao", {"house_in_mtaji": True, "mtaji_capture_ends_house": False},
     {}, GAMES, {}),
    ("bao_house_kept", "bao", {"mtaji_capture_ends_house": False}, {}, GAMES, {}),
    ("bao_no_takasia", "bao", {"takasia": False}, {}, GAMES, {}),
    ("bao_self_empty_loses", "bao", {"self_empty": "loses"}, {}, 12,
     {"want": "self-empty-loss"}),
    ("bao_house", "bao", {"house_min": 4, "house_in_mtaji": False, "tax_all_at_min": True,
                          "singleton_entry": "restricted"}, {}, GAMES, {}),
    ("bao_house_min1", "bao", {"house_min": 1}, {}, GAMES, {}),
    ("bao_laps3", "bao", {}, {"max_laps": 3}, 20, {}),
    ("bao_laps3_sleep", "bao", {"endless_move": "sleep"}, {"max_laps": 3}, 20, {}),
    ("bao_laps3_capped", "bao", {"endless_move": "capped"}, {"max_laps": 3}, GAMES, {}),
    ("bao_laps8_capped", "bao", {"endless_move": "capped"}, {"max_laps": 8}, GAMES, {}),
    ("bao_plies60", "bao", {}, {"max_plies": 60}, GAMES, {}),
    ("bao-kujifunza", "bao-kujifunza", {}, {}, GAMES, {}),
    ("bao-kujifunza_takasia", "bao-kujifunza", {"takasia": True, "self_empty": "illegal"},
     {}, GAMES, {}),
    ("bao-kujifunza_self_empty", "bao-kujifunza", {}, {}, 12, {"want": "self-empty-loss"}),
    ("bao-kujifunza_laps3", "bao-kujifunza", {}, {"max_laps": 3}, 14, {}),
    ("bao-kujifunza_laps3_sleep", "bao-kujifunza", {"endless_move": "sleep"},
     {"max_laps": 3}, GAMES, {}),
    ("bao-kujifunza_laps3_capped", "bao-kujifunza", {"endless_move": "capped"},
     {"max_laps": 3}, GAMES, {}),
    ("bao-kujifunza_laps6_capped", "bao-kujifunza", {"endless_move": "capped"},
     {"max_laps": 6}, GAMES, {}),
    ("bao-kujifunza_plies20", "bao-kujifunza", {}, {"max_plies": 20}, GAMES, {}),
    ("bao-malawi", "bao-malawi", {}, {}, GAMES, {}),
    ("bao-malawi_kuu_takata", "bao-malawi", {}, {}, 12, {"want": "kuu-first-takata"}),
    ("bao-malawi_advanced", "bao-malawi", {"opening": "advanced"}, {}, GAMES, {}),
    ("bao-malawi_advanced_take", "bao-malawi", {"opening": "advanced"}, {}, 12,
     {"want": "opening-take"}),
    ("bao-malawi_no_takasia", "bao-malawi", {"takasia": False}, {}, GAMES, {}),
    ("bao-malawi_self_empty", "bao-malawi", {}, {}, 8, {"want": "self-empty-loss"}),
    ("bao-malawi_self_empty_illegal", "bao-malawi", {"self_empty": "illegal"}, {}, GAMES, {}),
    ("bao-malawi_house_in_mtaji", "bao-malawi", {"house_in_mtaji": True,
                                                 "tax_all_at_min": False,
                                                 "singleton_entry": "with-house"},
     {}, GAMES, {}),
    ("bao-malawi_laps3", "bao-malawi", {}, {"max_laps": 3}, GAMES, {}),
    ("bao-malawi_laps3_illegal", "bao-malawi", {"endless_move": "illegal"},
     {"max_laps": 3}, 18, {}),
    ("bao-malawi_laps3_capped", "bao-malawi", {"endless_move": "capped"},
     {"max_laps": 3}, GAMES, {}),
    ("bao-malawi_advanced_plies12", "bao-malawi", {"opening": "advanced"},
     {"max_plies": 12}, GAMES, {}),
    ("bao-malawi_advanced_laps3", "bao-malawi", {"opening": "advanced", "takasia": False},
     {"max_laps": 3}, GAMES, {}),
]
MAX_SEEDS = 4000    # seeds tried for a config with "want"


def state_json(s):
    snap = s.snapshot()
    d = {"to_move": s.to_move, "pits": snap["pits"], "stores": snap["stores"],
         "in_hand": snap["in_hand"], "legal": s.legal_actions(), "terminal": s.terminal,
         "returns": s.returns}
    if s.terminal:
        d["scores"] = s.scores()
    d["house_owned"] = list(s.owned)
    d["takasia"] = s.takasia
    return d


def check_state(d, variant):
    assert len(d["pits"]) == 32
    assert sum(d["pits"]) + sum(d["in_hand"]) == 64, "seeds not conserved"
    assert d["stores"] == [0, 0]
    assert (len(d["legal"]) > 0) == (not d["terminal"]), "legal vs terminal"
    assert sum(d["returns"]) == 0, "returns not zero-sum"
    assert d["legal"] == sorted(d["legal"]) and all(0 <= a < 59 for a in d["legal"])
    if variant != "bao-malawi":
        assert all(a < 34 for a in d["legal"]), "opening action outside bao-malawi"
    if variant == "bao-kujifunza":
        assert all(a < 32 for a in d["legal"]) and d["in_hand"] == [0, 0]
    if d["terminal"]:
        assert d["to_move"] is None and sum(d["scores"]) == 64
    else:
        assert d["to_move"] in (0, 1) and d["returns"] == [0, 0] and "scores" not in d


def choose(s, rng, careful):
    """A random legal action; `careful` as described in the module docstring."""
    legal = s.legal_actions()
    if not careful or len(legal) == 1 or s.phase not in ("move", "decide"):
        return rng.choice(legal)
    p = s.to_move
    skip_wins = rng.random() < 0.75
    good = []
    for a in legal:
        c = s.child(a)
        if c.terminal:
            if c.returns[p] == 1 and not skip_wins:
                good.append(a)
            continue
        if c.to_move != p and any(c.child(b).returns[c.to_move] == 1
                                  for b in c.legal_actions()):
            continue
        good.append(a)
    return rng.choice(good or legal)


def choose_keeper(s, rng):
    """For the forced-safari configs: `stop` at 9 decisions in 10; a move with a forced
    safari if there is one; else, where possible, a move that keeps the own house owned."""
    legal = s.legal_actions()
    if STOP in legal and rng.random() < 0.9:
        return STOP
    if s.phase != "move" or len(legal) == 1:
        return rng.choice(legal)
    p = s.to_move
    kids = {a: s.child(a) for a in legal}
    forced = [a for a in legal if "forced-safari" in kids[a].events]
    if forced:
        return rng.choice(forced)
    keep = [a for a in legal if kids[a].owned[p]]
    return rng.choice(keep or legal)


def play(variant, rules, limits, seed, index, policy="mixed"):
    rng = random.Random(seed)
    s = initial_state(variant, rules, limits)
    states = [state_json(s)]
    check_state(states[0], variant)
    actions = []
    events = {}
    max_laps = 0
    mtaji_plies = 0
    careful = seed % 2 == 1
    while not s.terminal:
        if s.phase == "move" and s.hand[s.to_move] == 0:
            mtaji_plies += 1
        if policy == "keeper":
            a = choose_keeper(s, rng)
        else:
            a = choose(s, rng, careful)
        s.play(a)
        if s.last_move is not None:
            max_laps = max(max_laps, s.last_move.laps)
        for e in s.events:
            events[e] = events.get(e, 0) + 1
        actions.append(a)
        d = state_json(s)
        check_state(d, variant)
        states.append(d)
    info = {"length": len(actions), "result": s.result, "max_laps": max_laps,
            "events": events, "mtaji": mtaji_plies,
            "stop": actions.count(STOP), "safari": actions.count(SAFARI)}
    record = {"game": index, "seed": seed, "rules": rules, "actions": actions, "states": states}
    if limits:
        record["limits"] = limits
    return record, info


def write_traces():
    for stem, variant, rules, limits, games, opts in CONFIGS:
        path = os.path.join(ROOT, "engine", "tests", "golden", "reference_%s.jsonl" % stem)
        infos = []
        t = time.time()
        want = opts.get("want")
        with open(path, "w", newline="\n") as f:
            seed = 0
            while len(infos) < games:
                assert seed < MAX_SEEDS, "%s: too few games with %s" % (stem, want)
                record, info = play(variant, rules, limits, seed, len(infos),
                                    opts.get("policy", "mixed"))
                seed += 1
                if want and want not in info["events"]:
                    continue
                f.write(json.dumps(record, separators=(",", ":")) + "\n")
                infos.append(info)
        n = len(infos)
        results = {}
        for x in infos:
            results[x["result"]] = results.get(x["result"], 0) + 1
        events, games_with = {}, {}
        for x in infos:
            for k, v in x["events"].items():
                events[k] = events.get(k, 0) + v
                games_with[k] = games_with.get(k, 0) + 1
        print("%-32s games=%d avg_len=%.1f max_len=%d mtaji_plies=%d (games %d) "
              "longest_move_laps=%d results=%s stop=%d safari=%d size=%dKB %.1fs"
              % (stem, n, sum(x["length"] for x in infos) / n, max(x["length"] for x in infos),
                 sum(x["mtaji"] for x in infos), sum(1 for x in infos if x["mtaji"]),
                 max(x["max_laps"] for x in infos), dict(sorted(results.items())),
                 sum(x["stop"] for x in infos), sum(x["safari"] for x in infos),
                 os.path.getsize(path) // 1024, time.time() - t), flush=True)
        print("    events (total / games with): %s"
              % ", ".join("%s=%d/%d" % (k, events[k], games_with[k]) for k in sorted(events)))


def toml_rules(rules):
    if not rules:
        return "{ }"
    return "{ " + ", ".join("%s = %s" % (k, json.dumps(v)) for k, v in rules.items()) + " }"


def write_perft():
    by_variant = {}
    for variant, name, rules, depth in PERFT:
        stem = "%s/%s" % (variant, name)
        start = initial_state(variant, rules)
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
            f.write("# Regenerate: python3 scripts/reference/make_golden_bao.py --perft\n")
            for name, rules, counts in cases:
                f.write("\n[[case]]\n")
                f.write('name = "%s"\n' % name)
                f.write('source = "%s"\n' % SOURCE)
                f.write("rules = %s\n" % toml_rules(rules))
                f.write("counts = [%s]\n" % ", ".join(str(c) for c in counts))


def probe(budget, only=None):
    for variant, name, rules, _ in PERFT:
        if only and variant not in only:
            continue
        stem = "%s/%s" % (variant, name)
        d = 1
        while True:
            t = time.time()
            counts = perft(initial_state(variant, rules), d)
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
    if selftest(verbose=True):
        sys.exit("self-test failed: nothing written")
    if "--perft" not in argv:
        write_traces()
    if "--traces" not in argv:
        write_perft()


if __name__ == "__main__":
    main(sys.argv[1:])
