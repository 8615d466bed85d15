#!/usr/bin/env python3
"""The zoo's cards and tables (zoo/README.md).

  zoo_card.py best RUN                 the best network of a run: the model path without extension
  zoo_card.py publish VARIANT RUN [CONFIG COMMAND]
                                       zoo/VARIANT/training.json from the run (trained with
                                       CONFIG by COMMAND; default configs/VARIANT.toml and
                                       scripts/train_zoo.sh VARIANT), then the cards
  zoo_card.py strength VARIANT [--complete] ARENA..
                                       zoo/VARIANT/strength.json from arena (and judge) outputs,
                                       added to the pairings it holds of the same network
  zoo_card.py recorded VARIANT OPPONENT GAMES PLIES
                                       exit 0 when zoo/VARIANT/strength.json holds the network's
                                       arena against OPPONENT of GAMES games from PLIES-ply
                                       openings
  zoo_card.py recorded VARIANT judge   exit 0 when it holds the network's judge result
  zoo_card.py beats VARIANT OPPONENT   exit 0 when the network scored over 50% against OPPONENT
                                       in zoo/VARIANT/strength.json
  zoo_card.py keep VARIANT OUT_DIR     copy the unfinished arenas of OUT_DIR (a zoo_strength.sh
                                       folder: each arena's run.json and journal) into
                                       zoo/VARIANT/unfinished/, where a rerun on another machine
                                       goes on from them
  zoo_card.py hours-left RUN HOURS     the hours a train_zoo.sh run has left of HOURS
  zoo_card.py trained VARIANT HOURS    exit 0 when zoo/VARIANT came from HOURS on today's pipeline
  zoo_card.py unmeasured               the variants whose new network is not measured in full
  zoo_card.py check                    exit 1 if a card or table is not what `cards` makes
  zoo_card.py cards                    every zoo/*/card.md, the tables of zoo/README.md, README.md and docs/benchmarks.md

Standard library only.
"""

import hashlib
import json
import math
import os
import pathlib
import re
import sys
import time

# The source tree; ZOO_CARD_ROOT names a copy of it (tests).
ROOT = pathlib.Path(os.environ.get("ZOO_CARD_ROOT") or pathlib.Path(__file__).resolve().parent.parent)
ZOO = ROOT / "zoo"
# The equal-time pairing: the network and rollout MCTS given the same milliseconds a move.
EQUAL_MS = 100
EQUAL_TIME = f"mcts:ms={EQUAL_MS}"
# The fixed opponents, in the order of the card; the ladder climbed past them.
CORE = ["random", "greedy", "alphabeta:ms=500", "mcts:sims=10000"]
LADDER = CORE + ["mcts:sims=30000"]
OPPONENTS = ["old zoo"] + LADDER + [EQUAL_TIME]


def die(message):
    print(f"zoo_card.py: {message}", file=sys.stderr)
    sys.exit(2)


def load_json(path):
    try:
        return json.loads(pathlib.Path(path).read_text())
    except (OSError, ValueError) as e:
        die(f"{path}: {e}")


def generations(run):
    """The run's finished generations: those with a gate decision, in order."""
    return sorted(p.parent for p in run.glob("gen-*/gate.json"))


def best(run):
    promoted = [g for g in generations(run) if load_json(g / "gate.json")["promoted"]]
    if not promoted:
        die(f"{run}: no generation was promoted")
    return promoted[-1] / "train" / "model"


def seconds_spent(run):
    """Wall-clock and CPU seconds of the run, and where they were read: summed over the
    invocations of scripts/train_zoo.sh (zoo-time.txt; an invocation killed before it ended
    wrote no line there, so the report's time in steps is taken where it is more), or for a
    run made by another script (scripts/bench_strength.sh) its report's time and CPU in
    steps; None when the run has neither."""
    report = (run / "report.md").read_text() if (run / "report.md").exists() else ""
    w = re.search(r"time in steps: ([0-9.]+) minutes", report)
    c = re.search(r"CPU in steps: ([0-9.]+) core-minutes", report)
    steps = (float(w.group(1)) * 60, float(c.group(1)) * 60) if w and c else None
    path = run / "zoo-time.txt"
    if path.exists():
        wall = cpu = 0.0
        for line in path.read_text().split("\n"):
            parts = line.split()
            if len(parts) == 3 and all(re.fullmatch(r"[0-9.]+", p) for p in parts):
                wall += float(parts[0])
                cpu += float(parts[1]) + float(parts[2])
        if steps and steps[0] > wall:
            return steps[0], max(cpu, steps[1]), "the loop's steps, from its report (an invocation was killed)"
        return wall, cpu, "the loop's invocations"
    if steps is None:
        return None
    return steps[0], steps[1], "the loop's steps, from its report"


def hours_left(run, hours):
    """Hours of the budget a zoo run has left (0 when spent), four decimals: its invocations'
    wall time, or its report's time in steps where that is more (an invocation killed before
    it ended wrote no line in zoo-time.txt)."""
    spent = seconds_spent(run)
    wall = spent[0] if spent else 0.0
    left = hours - wall / 3600
    return f"{left:.4f}" if left > 0.005 else "0"


def trained(variant, hours):
    """Whether zoo/VARIANT holds a network of today's pipeline trained on a budget of at least
    HOURS (training.json's `budget_hours`)."""
    path = ZOO / variant / "training.json"
    if not path.exists():
        return False
    t = load_json(path)
    return bool(t.get("model_sha256")) and (t.get("budget_hours") or 0) >= hours


def is_zoo_agent(spec, variant):
    """Whether an arena agent is the zoo's network of VARIANT: the spec `zoo`, or a network
    file that is the zoo's (by name, or by content: an arena of the run it came from)."""
    if spec.startswith(("zoo", f"nn:model=zoo/{variant}/")):
        return True
    m = re.match(r"nn:model=([^,]+)", spec)
    model = ZOO / variant / "model.bpk"
    return bool(m) and pathlib.Path(m.group(1)).is_file() and model.is_file() and sha256(m.group(1)) == sha256(model)


def beats(arena):
    """Whether the zoo agent of an arena directory scored over 50% against its opponent."""
    arena = pathlib.Path(arena)
    pair = load_json(arena / "ratings.json")["pairs"][0]
    variant = load_json(arena / "run.json")["variant"]
    if is_zoo_agent(pair["a"], variant):
        mine, theirs = "a", "b"
    elif is_zoo_agent(pair["b"], variant):
        mine, theirs = "b", "a"
    else:
        die(f"{arena}: neither {pair['a']} nor {pair['b']} is the zoo's {variant} network")
    n = pair["wins_a"] + pair["wins_b"] + pair["draws"]
    return (pair[f"wins_{mine}"] + pair["draws"] / 2) / n > 0.5


def measured(variant):
    """zoo/VARIANT/strength.json when it measured the zoo's network of VARIANT now (the same
    hash), else None."""
    path, model = ZOO / variant / "strength.json", ZOO / variant / "model.bpk"
    if not path.exists() or not model.exists():
        return None
    s = load_json(path)
    return s if s.get("model_sha256") == sha256(model) else None


def games_of(a):
    """The games an arena of strength.json counted."""
    return a["wins"] + a["draws"] + a["losses"]


def journal_games(text):
    """The games of a journal's text: its non-empty lines."""
    return sum(1 for line in text.splitlines() if line.strip())


def recorded(variant, opponent, games=None, plies=None):
    """Whether zoo/VARIANT/strength.json holds the network's arena against OPPONENT of GAMES
    games from PLIES-ply openings; for OPPONENT `judge` (no GAMES or PLIES), its judge output."""
    if (opponent == "judge") != (games is None and plies is None):
        die("recorded: expected VARIANT OPPONENT GAMES PLIES, or VARIANT judge")
    if opponent != "judge" and not (str(games).isdigit() and str(plies).isdigit()):
        die(f"recorded: GAMES '{games}' and PLIES '{plies}': expected whole numbers")
    s = measured(variant)
    if s is None:
        return False
    if opponent == "judge":
        return s.get("judge") is not None
    a = s["arenas"].get(opponent)
    return bool(a) and games_of(a) == int(games) and a.get("opening_plies") == int(plies)


def beats_recorded(variant, opponent):
    """Whether the network scored over 50% against OPPONENT in zoo/VARIANT/strength.json."""
    a = (measured(variant) or {}).get("arenas", {}).get(opponent)
    return bool(a) and a["score"] > 0.5


# The unfinished arenas of a zoo_strength.sh folder, kept in the source tree (`keep`): an
# arena's run.json and its journal of finished games.
UNFINISHED = "unfinished"
JOURNAL = "games.partial.jsonl"


def same_arena(a, b):
    """Whether two arenas' run.json describe the same games: variant, agents, games, openings
    and seed."""
    keys = ("variant", "agents", "games_per_pair", "opening_plies", "seed")
    return all(a.get(k) == b.get(k) for k in keys)


def whole_lines(path):
    """The text of a journal up to its last whole line (the arena may be appending a game)."""
    text = pathlib.Path(path).read_text()
    return text[: text.rfind("\n") + 1]


def keep(variant, out):
    """Copies each unfinished arena of OUT (a zoo_strength.sh folder of VARIANT's network) into
    zoo/VARIANT/unfinished/NAME/, replacing what was kept of the same arena; refuses to replace
    kept games of another arena (other agents, games, openings or seed) or more kept games
    than OUT holds; prints what it kept."""
    out = pathlib.Path(out)
    model = ZOO / variant / "model.bpk"
    if not (out / "model.sha256").exists():
        die(f"{out}: no model.sha256: not a zoo_strength.sh folder")
    if (out / "model.sha256").read_text().strip() != sha256(model):
        die(f"{out}: measured another network than {model}")
    kept = 0
    for journal in sorted(out.glob(f"*/{JOURNAL}")):
        arena = journal.parent
        if (arena / "ratings.json").exists() or not (arena / "run.json").exists():
            continue
        run = load_json(arena / "run.json")
        if run.get("variant") != variant:
            die(f"{arena}: an arena of {run.get('variant')}, not {variant}")
        dest = ZOO / variant / UNFINISHED / arena.name
        text = whole_lines(journal)
        games = journal_games(text)
        if (dest / "run.json").exists() and (dest / JOURNAL).exists():
            held = load_json(dest / "run.json")
            held_games = journal_games(whole_lines(dest / JOURNAL))
            if not same_arena(held, run):
                die(f"{dest} holds {held_games} games of another arena ({held.get('games_per_pair')} games "
                    f"of {held.get('agents')}); {arena} is not its continuation (remove {dest} to replace it)")
            if held_games > games:
                die(f"{dest} holds {held_games} games, {arena} only {games}: not replaced "
                    f"(scripts/zoo_strength.sh {variant} goes on from the kept games in a fresh OUT_DIR)")
        dest.mkdir(parents=True, exist_ok=True)
        write(dest / "model.sha256", sha256(model) + "\n")
        write(dest / "run.json", (arena / "run.json").read_text())
        write(dest / JOURNAL, text)
        print(f"{dest}: {games} of {run['games_per_pair']} games")
        kept += 1
    if kept == 0:
        print(f"{out}: no unfinished arena")


def forget(variant, name, run):
    """Removes zoo/VARIANT/unfinished/NAME when it holds games of RUN (the run.json of an arena
    now finished), and the folder once empty."""
    top = ZOO / variant / UNFINISHED
    dest = top / name
    if dest.is_dir() and (dest / "run.json").exists() and same_arena(load_json(dest / "run.json"), run):
        for f in dest.iterdir():
            f.unlink()
        dest.rmdir()
    if top.is_dir() and not any(top.iterdir()):
        top.rmdir()


def unmeasured():
    """The variants whose zoo network is of today's pipeline and not measured in full."""
    out = []
    for v in variants():
        t_path, s_path = ZOO / v / "training.json", ZOO / v / "strength.json"
        t = load_json(t_path) if t_path.exists() else None
        if t and t.get("model_sha256"):
            s = current(t, load_json(s_path) if s_path.exists() else None)
            if s is None or not s.get("complete"):
                out.append(v)
    return out


def sha256(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def publish(variant, run, config=None, command=None):
    """zoo/VARIANT/training.json from RUN; ZOO_HOURS in the environment is the run's budget in
    hours (recorded as `budget_hours`: `train_zoo.sh all` skips a network trained so long)."""
    run = pathlib.Path(run)
    info = load_json(run / "run.json")
    if info["variant"] != variant:
        die(f"{run}: a run of {info['variant']}, not {variant}")
    gens = generations(run)
    model = best(run)
    meta = load_json(model.with_suffix(".json"))
    games = positions = steps = promotions = 0
    first = [0, 0, 0]
    last = [0, 0, 0]
    for i, g in enumerate(gens):
        sp = load_json(g / "selfplay.json")
        games += sp["games"]
        positions += sp["positions"]
        steps += load_json(g / "train.json")["steps"]
        promotions += load_json(g / "gate.json")["promoted"]
        for k in range(3):
            first[k] += sp["results"][k]
            if i >= len(gens) - 10:
                last[k] += sp["results"][k]
    spent = seconds_spent(run)
    if spent is None:
        die(f"{run}: neither zoo-time.txt nor the report's time and CPU in steps")
    wall, cpu, timed = spent
    ratings = load_json(run / "ratings.json")
    best_gen = int(model.parent.parent.name.split("-")[1])
    elo = {a["agent"]: a for a in ratings["agents"]}
    mine = elo.get(f"gen-{best_gen}")
    curve = sorted(
        (int(a["agent"][4:]), round(a["elo"]), round(a["low"]), round(a["high"]))
        for a in ratings["agents"]
        if re.fullmatch(r"gen-[0-9]+", a["agent"])
    )
    training = {
        "variant": variant,
        "rules": meta["rules"],
        "encoding_version": meta["encoding_version"],
        "network": meta["network"],
        "code_version": info["code_version"],
        "seed": info["seed"],
        "started": time.strftime("%Y-%m-%d", time.gmtime(info["started_unix"])) if "started_unix" in info else None,
        "run": str(run),
        "config": config or f"configs/{variant}.toml (resolved: zoo/{variant}/config.toml)",
        "command": command or f"scripts/train_zoo.sh {variant}",
        "generations": len(gens),
        "best_generation": best_gen,
        "promotions": promotions,
        "selfplay_games": games,
        "positions": positions,
        "training_steps": steps,
        "wall_seconds": round(wall),
        "cpu_seconds": round(cpu),
        "time_counted": timed,
        "budget_hours": float(os.environ["ZOO_HOURS"]) if os.environ.get("ZOO_HOURS") else None,
        "first_player": {"results": first, "last_10_generations": last},
        "elo_curve": [{"generation": g, "elo": e, "low": lo, "high": hi} for g, e, lo, hi in curve],
        "model_sha256": sha256(model.with_suffix(".bpk")),
        "loop_elo": None
        if mine is None
        else {"elo": round(mine["elo"]), "low": round(mine["low"]), "high": round(mine["high"])},
        "loop_baselines": {
            a["agent"]: round(a["elo"])
            for a in ratings["agents"]
            if not a["agent"].startswith("gen-")
        },
    }
    out = ZOO / variant
    out.mkdir(parents=True, exist_ok=True)
    write(out / "training.json", json.dumps(training, indent=2) + "\n")
    cards()


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_of(score, n):
    """The Elo difference a score implies, kept finite at 0% and 100% (half a game off)."""
    s = min(max(score, 0.5 / n), 1 - 0.5 / n)
    return 400 * math.log10(s / (1 - s))


def label(opponent):
    """The key of an arena in strength.json: the opponent's spec, `old zoo` for a network."""
    return "old zoo" if opponent.startswith("nn:") else opponent


def strength(variant, outputs):
    """Each output is an arena directory of the zoo agent against one opponent, or a judge
    JSON file (`mankala judge --json`); `--complete` first marks the set as every pairing
    scripts/zoo_strength.sh plays (without it, a partial measurement). The pairings
    zoo/VARIANT/strength.json holds of the same network are kept, those given replacing
    their own, unless they counted other games than the arenas given (a measurement at
    another GAMES starts afresh); a finished arena's kept journal (`keep`) is removed."""
    complete = bool(outputs) and outputs[0] == "--complete"
    outputs = outputs[1:] if complete else outputs
    model = ZOO / variant / "model.bpk"
    before = measured(variant) or {}
    result = {"model_sha256": sha256(model), "complete": complete,
              "arenas": dict(before.get("arenas", {})), "judge": before.get("judge")}
    finished, counts = [], set()
    for o in map(pathlib.Path, outputs):
        if o.is_dir():
            r = load_json(o / "ratings.json")
            run = load_json(o / "run.json")
            zoo = [a for a in run["agents"] if is_zoo_agent(a, variant)]
            if len(zoo) != 1 or len(r["pairs"]) != 1:
                die(f"{o}: expected one pair, the zoo agent against one opponent")
            pair = r["pairs"][0]
            mine = "a" if pair["a"] == zoo[0] else "b"
            theirs = "b" if mine == "a" else "a"
            w, d, l = pair[f"wins_{mine}"], pair["draws"], pair[f"wins_{theirs}"]
            n = w + d + l
            score = (w + d / 2) / n
            low, high = wilson(score, n)
            result["arenas"][label(pair[theirs])] = {
                "agent": zoo[0],
                "opponent": pair[theirs],
                "wins": w,
                "draws": d,
                "losses": l,
                "score": round(score, 4),
                "low": round(low, 4),
                "high": round(high, 4),
                "elo": round(elo_of(score, n)),
                "elo_low": round(elo_of(low, n)),
                "elo_high": round(elo_of(high, n)),
                "opening_plies": run["opening_plies"],
                "distinct_games": run.get("distinct_games"),
                "seed": run["seed"],
                "code_version": run["code_version"],
            }
            finished.append((o.name, run))
            counts.add(n)
        else:
            result["judge"] = load_json(o)
    if len(counts) == 1:
        n = counts.pop()
        for key in [k for k, a in result["arenas"].items() if games_of(a) != n]:
            a = result["arenas"].pop(key)
            print(f"zoo_card.py: {variant}: the arena against {key} counted "
                  f"{games_of(a):.0f} games, not {n:.0f}: dropped", file=sys.stderr)
    write(ZOO / variant / "strength.json", json.dumps(result, indent=2) + "\n")
    for name, run in finished:
        forget(variant, name, run)
    cards()


def write(path, text):
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def current(t, s):
    """The strength measured of the network the card describes, or None: a strength.json of
    an earlier network (or one written before networks were named by hash) is not shown."""
    if not s or not t:
        return None
    if t.get("model_sha256") and s.get("model_sha256") != t["model_sha256"]:
        return None
    return s


def cell(s, opponent, elo=False):
    a = (s or {}).get("arenas", {}).get(opponent)
    if not a:
        return "not measured"
    text = f"{100 * a['score']:.0f}% [{100 * a['low']:.0f}, {100 * a['high']:.0f}] ({a['wins']:.0f}/{a['draws']:.0f}/{a['losses']:.0f})"
    n = a["wins"] + a["draws"] + a["losses"]
    if a.get("distinct_games") is not None and a["distinct_games"] < n:
        # Repeated games add nothing: the interval above counts them as if they did.
        text += f", {a['distinct_games']} distinct"
    if elo and "elo" in a:
        text = f"{a['elo']:+d} Elo [{a['elo_low']:+d}, {a['elo_high']:+d}]: " + text
    return text


def perfect_cell(s):
    """Play against perfect play: Kalah's margin-optimal moves, Oware's within the tablebase,
    Bao la Kujifunza's won positions kept (the share in won positions, through its proof)."""
    j = (s or {}).get("judge")
    if not j:
        return ""
    o = j["overall"]
    if j.get("variant") == "bao-kujifunza" and o.get("win_kept"):
        w = o["win_kept"]
        return (f"the win kept in {100 * w['share']:.1f}% [{100 * w['low']:.1f}, {100 * w['high']:.1f}] "
                f"of {o['won_positions']} won positions")
    what = "largest-margin moves (by the solver)" if j.get("variant") == "kalah" else "perfect moves (by the tablebase)"
    return (f"{100 * o['optimal']:.1f}% [{100 * o['optimal_low']:.1f}, {100 * o['optimal_high']:.1f}] "
            f"{what} in {o['positions']} positions with at most {o['seeds_to']} seeds in play")


def first_rung(s):
    """The first rung of LADDER, weakest first, the network does not beat (scores 50% or less
    against), or that it beats them all; a rung not played yet ends the climb unsettled."""
    arenas = (s or {}).get("arenas", {})
    beaten = None
    for r in LADDER:
        if r not in arenas:
            return "not measured" if beaten is None else f"not measured past `{beaten}`"
        if arenas[r]["score"] <= 0.5:
            return f"`{r}`"
        beaten = r
    return f"none (beats `{beaten}`)"


def targets(s):
    """The issue's bars for a retrained network, each with what was measured."""
    a = (s or {}).get("arenas", {})
    bars = [
        ("old zoo", "elo", 200, "+200 Elo over the old zoo network head to head"),
        ("alphabeta:ms=500", "score", 0.6, "60% against `alphabeta:ms=500`"),
        ("mcts:sims=10000", "score", 0.5, "50% against `mcts:sims=10000` at 200 simulations"),
        (EQUAL_TIME, "score", 0.8, f"80% against `{EQUAL_TIME}` at equal time"),
    ]
    out = []
    for key, field, bar, text in bars:
        if key not in a:
            out.append((text, None))
        else:
            out.append((text, a[key][field] >= bar))
    return out


def card(variant, t, s):
    s = current(t, s)
    fp = t.get("first_player")
    lines = [
        f"# The zoo's {variant} network",
        "",
        f"Play it: `mankala play --variant {variant}` (the default agent), or the spec "
        f"`zoo` / `zoo:{variant},sims=N` in `arena`, `play`, `engine`, the browser board and "
        "Python. It plays only the rules below; other rule options are refused.",
        "",
        "| | |",
        "| --- | --- |",
        f"| variant | {variant} |",
        f"| rules | `{t['rules'].strip().replace(chr(10), '`, `') or '(none)'}` |",
        f"| encoding | {t['encoding_version']} (docs/loop.md) |",
        f"| network | residual MLP, width {t['network']['width']}, {t['network']['blocks']} blocks, value head {t['network']['value_width']} |",
        f"| config | {t['config']} |",
        f"| seed | {t['seed']} |",
        f"| reproduce | `{t['command']}` |",
        f"| code version | {t['code_version']} |",
    ]
    if t.get("started"):
        lines.append(f"| trained | {t['started']} |")
    lines += [
        f"| training | {t['generations']} generations ({t['promotions']} promoted; this is generation {t['best_generation']}), "
        f"{t['selfplay_games']:,} self-play games, {t['positions']:,} positions, {t['training_steps']:,} training steps |",
        f"| time | {t['wall_seconds'] / 60:.1f} minutes wall clock, {t['cpu_seconds'] / 60:.1f} CPU-minutes, on 2 cores"
        + (f" ({t['time_counted']})" if t.get("time_counted") else "") + " |",
    ]
    if fp:
        def share(r):
            n = sum(r)
            return f"{100 * (r[0] + r[1] / 2) / n:.1f}% ({r[0]:,}/{r[1]:,}/{r[2]:,})" if n else "-"
        lines.append(f"| first player in self-play | {share(fp['results'])} over the run; "
                     f"{share(fp['last_10_generations'])} in its last 10 generations (score, win/draw/loss) |")
    if t.get("elo_curve"):
        pts = t["elo_curve"]
        step = max(1, math.ceil(len(pts) / 12))
        shown = pts[::step] + ([pts[-1]] if (len(pts) - 1) % step else [])
        lines += [
            "",
            "## Rating over generations",
            "",
            "Each evaluated generation's Elo in the run's own ratings (random = 0, 95% interval), "
            "against the run's baselines (" + ", ".join(f"`{k}` {v}" for k, v in t["loop_baselines"].items()) + ")"
            + (" and the generation evaluated before it" if len(pts) > 1 else "")
            + ("; the plot is [elo.svg](elo.svg)." if (ZOO / variant / "elo.svg").exists() else "."),
            "",
            "| generation | " + " | ".join(str(p["generation"]) for p in shown) + " |",
            "| --- | " + " | ".join("---:" for _ in shown) + " |",
            "| Elo | " + " | ".join(str(p["elo"]) for p in shown) + " |",
            "| 95% | " + " | ".join(f"[{p['low']}, {p['high']}]" for p in shown) + " |",
        ]
    lines += [
        "",
        "## Strength",
        "",
        "At 200 simulations a move unless a row says otherwise, 100 games a pairing from 2-ply "
        "random openings played with both colours (against the old network 4-ply: two networks "
        "play alike, and from 2-ply openings their games repeat); the score counts a draw as "
        f"half, with its 95% Wilson interval (`scripts/zoo_strength.sh {variant}`).",
        "",
    ]
    if s is None:
        lines.append("Not measured yet for this network.")
    else:
        if not s.get("complete"):
            lines += ["Measured in part so far: the pairings not measured are still to be played "
                      f"(`scripts/zoo_strength.sh {variant}` goes on where it stopped).", ""]
        lines += ["| opponent | score [95% interval] (win/draw/loss) |", "| --- | --- |"]
        for o in OPPONENTS:
            if o == "old zoo":
                lines.append(f"| the old zoo network, head to head | {cell(s, o, elo=True)} |")
            elif o == EQUAL_TIME:
                lines.append(f"| `{o}`, both given {EQUAL_MS} ms a move (equal time) | {cell(s, o)} |")
            elif o in s.get("arenas", {}) or o in CORE:
                lines.append(f"| `{o}` | {cell(s, o)} |")
        lines += ["", f"First rung of the ladder ({', '.join(f'`{r}`' for r in LADDER)}) it does not beat: {first_rung(s)}."]
        if perfect_cell(s):
            lines += ["", f"Against perfect play, on positions of its games against `mcts:sims=10000`: {perfect_cell(s)}."]
        lines += ["", "The bars a retrained network is held to:", ""]
        for text, ok in targets(s):
            lines.append(f"- {text}: " + ("not measured" if ok is None else ("met" if ok else "**missed**")))
    why = ZOO / variant / "diagnosis.md"
    if why.exists():
        lines += ["", why.read_text().strip()]
    if t.get("loop_elo"):
        e = t["loop_elo"]
        lines += ["", f"In its run's own ratings (random = 0): Elo {e['elo']} [{e['low']}, {e['high']}]."]
    return "\n".join(lines) + "\n"


def table_rows(entries):
    cols = ["old zoo", "alphabeta:ms=500", "mcts:sims=10000", EQUAL_TIME]
    names = ["the old network", "`alphabeta:ms=500`", "`mcts:sims=10000`", f"`{EQUAL_TIME}` at equal time"]
    head = ["| variant | training | " + " | ".join(names) + " | first rung not beaten | perfect play |",
            "| --- | --- | " + " | ".join("---" for _ in cols) + " | --- | --- |"]
    rows = []
    for variant, t, s in entries:
        s = current(t, s)
        if t is None:
            training = "not trained yet"
        else:
            training = f"{t['wall_seconds'] / 60:.0f} min, {t['generations']} generations"
            if t.get("started"):
                training += f" ({t['started']})"
            if not t.get("model_sha256"):
                training += ", the old pipeline: not retrained yet (40 games a pairing)"
        if s is None:
            cells = ["not measured yet"] + [""] * len(cols)
        else:
            if not t.get("model_sha256"):
                cells = [""]
            elif "old zoo" in s["arenas"]:
                cells = [cell(s, "old zoo", elo=True).split(":")[0]]
            else:
                cells = ["not measured"]
            cells += [cell(s, o) for o in cols[1:]] + [first_rung(s) if t.get("model_sha256") else ""]
        rows.append(f"| [{variant}](zoo/{variant}/card.md) | {training} | " + " | ".join(cells) + f" | {perfect_cell(s)} |")
    return head + rows


def variants():
    return sorted(p.stem for p in (ROOT / "configs").glob("*.toml") if p.stem != "default")


def generated():
    """Every file the cards make, as {path: text}: the cards of today's networks (a network
    of the old pipeline keeps the card it was published with), the tables of zoo/README.md
    and README.md, and docs/benchmarks.md's record."""
    entries = []
    files = {}
    for v in variants():
        t_path, s_path = ZOO / v / "training.json", ZOO / v / "strength.json"
        t = load_json(t_path) if t_path.exists() else None
        s = load_json(s_path) if s_path.exists() else None
        if t and t.get("model_sha256"):
            files[ZOO / v / "card.md"] = card(v, t, s)
        entries.append((v, t, s))
    table = "\n".join(table_rows(entries))
    size = sum(p.stat().st_size for p in ZOO.glob("*/*") if p.is_file() and p.name != "card.md")
    size += sum(len(text.encode()) for text in files.values())
    size += sum(p.stat().st_size for p in ZOO.glob("*/card.md") if p not in files)
    for path, prefix in [(ZOO / "README.md", "../"), (ROOT / "README.md", "")]:
        rows = table.replace("](zoo/", f"]({prefix}zoo/") if prefix else table
        files[path] = replace_marked(path, "zoo-table", f"{rows}\n\nThe zoo's files take {size / 1e6:.1f} MB in all.")
    path = ROOT / "docs" / "benchmarks.md"
    files[path] = replace_marked(path, "zoo-bench", "\n".join(benchmark_rows(entries)))
    return files


def cards():
    for path, text in generated().items():
        write(path, text)


def check():
    """Exit 1 naming each file the cards would change: a table edited by hand, or a card not
    regenerated after its network or strength changed."""
    stale = [str(p.relative_to(ROOT)) for p, text in generated().items() if not p.exists() or p.read_text() != text]
    if stale:
        die("out of date with zoo/*/training.json and strength.json (run scripts/zoo_card.py cards): " + ", ".join(stale))


def replace_marked(path, marker, rows):
    """PATH's text with what lies between `<!-- marker -->` and `<!-- /marker -->` replaced."""
    start, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    text = path.read_text()
    if start not in text or end not in text:
        die(f"{path}: no {start} ... {end} markers")
    body = f"{start}\n{rows}\n{end}"
    return re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: body, text, flags=re.S)


def short_commit(code_version):
    """The commit of a code version (`0.1.0+<commit>[-modified]`) cut to 8 digits, keeping
    the mark of a build from a tree with uncommitted changes."""
    commit, _, mark = code_version.split("+")[-1].partition("-")
    return commit[:8] + (f"-{mark}" if mark else "")


def benchmark_rows(entries):
    """docs/benchmarks.md's record: the time, data and strength of each trained network."""
    rows = ["| variant | trained | code | wall / CPU minutes | generations | positions | the old network | `alphabeta:ms=500` | `mcts:sims=10000` | "
            f"`{EQUAL_TIME}` at equal time |",
            "| --- | --- | --- | ---: | ---: | ---: | --- | --- | --- | --- |"]
    for variant, t, s in entries:
        if t is None or not t.get("model_sha256"):
            continue
        s = current(t, s)
        rows.append(f"| {variant} | {t.get('started') or ''} | {short_commit(t['code_version'])} | "
                    f"{t['wall_seconds'] / 60:.1f} / {t['cpu_seconds'] / 60:.1f} | "
                    f"{t['generations']} | {t['positions']:,} | {cell(s, 'old zoo', elo=True)} | "
                    f"{cell(s, 'alphabeta:ms=500')} | {cell(s, 'mcts:sims=10000')} | {cell(s, EQUAL_TIME)} |")
    return rows


def main(argv):
    if len(argv) >= 2 and argv[0] == "best":
        print(best(pathlib.Path(argv[1])))
    elif len(argv) in (3, 5) and argv[0] == "publish":
        publish(*argv[1:])
    elif len(argv) >= 3 and argv[0] == "strength":
        strength(argv[1], argv[2:])
    elif len(argv) in (3, 5) and argv[0] == "recorded":
        sys.exit(0 if recorded(*argv[1:]) else 1)
    elif len(argv) == 3 and argv[0] == "beats":
        sys.exit(0 if beats_recorded(argv[1], argv[2]) else 1)
    elif len(argv) == 3 and argv[0] == "keep":
        keep(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "hours-left":
        print(hours_left(pathlib.Path(argv[1]), float(argv[2])))
    elif len(argv) == 3 and argv[0] == "trained":
        sys.exit(0 if trained(argv[1], float(argv[2])) else 1)
    elif argv == ["unmeasured"]:
        print("\n".join(unmeasured()))
    elif argv == ["cards"]:
        cards()
    elif argv == ["check"]:
        check()
    else:
        die(__doc__.strip().split("\n\n")[1])


if __name__ == "__main__":
    main(sys.argv[1:])
