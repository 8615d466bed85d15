#!/usr/bin/env python3
"""The zoo's cards and tables (zoo/README.md).

  zoo_card.py best RUN                 the best network of a run: the model path without extension
  zoo_card.py publish VARIANT RUN      zoo/VARIANT/training.json from the run, then the cards
  zoo_card.py strength VARIANT ARENA.. zoo/VARIANT/strength.json from arena (and judge) outputs
  zoo_card.py cards                    every zoo/*/card.md, the tables of zoo/README.md, README.md and docs/benchmarks.md

Standard library only.
"""

import json
import math
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ZOO = ROOT / "zoo"
OPPONENTS = ["random", "greedy", "alphabeta:ms=500", "mcts:sims=10000"]


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
    """Wall-clock and CPU seconds summed over the invocations of scripts/train_zoo.sh."""
    wall = cpu = 0.0
    path = run / "zoo-time.txt"
    if path.exists():
        for line in path.read_text().split("\n"):
            parts = line.split()
            if len(parts) == 3 and all(re.fullmatch(r"[0-9.]+", p) for p in parts):
                wall += float(parts[0])
                cpu += float(parts[1]) + float(parts[2])
    return wall, cpu


def publish(variant, run):
    run = pathlib.Path(run)
    info = load_json(run / "run.json")
    if info["variant"] != variant:
        die(f"{run}: a run of {info['variant']}, not {variant}")
    gens = generations(run)
    model = best(run)
    meta = load_json(model.with_suffix(".json"))
    games = positions = steps = promotions = 0
    for g in gens:
        sp = load_json(g / "selfplay.json")
        games += sp["games"]
        positions += sp["positions"]
        steps += load_json(g / "train.json")["steps"]
        promotions += load_json(g / "gate.json")["promoted"]
    wall, cpu = seconds_spent(run)
    ratings = load_json(run / "ratings.json")
    best_gen = int(model.parent.parent.name.split("-")[1])
    elo = {a["agent"]: a for a in ratings["agents"]}
    mine = elo.get(f"gen-{best_gen}")
    training = {
        "variant": variant,
        "rules": meta["rules"],
        "encoding_version": meta["encoding_version"],
        "network": meta["network"],
        "code_version": info["code_version"],
        "seed": info["seed"],
        "config": f"configs/{variant}.toml (resolved: zoo/{variant}/config.toml)",
        "command": f"scripts/train_zoo.sh {variant}",
        "generations": len(gens),
        "best_generation": best_gen,
        "promotions": promotions,
        "selfplay_games": games,
        "positions": positions,
        "training_steps": steps,
        "wall_seconds": round(wall),
        "cpu_seconds": round(cpu),
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


def strength(variant, outputs):
    """Each output is an arena directory of the zoo agent against one opponent, or a judge
    JSON file (`mankala judge --json`)."""
    result = {"arenas": {}, "judge": None}
    for o in map(pathlib.Path, outputs):
        if o.is_dir():
            r = load_json(o / "ratings.json")
            run = load_json(o / "run.json")
            zoo = [a for a in run["agents"] if a.startswith(("zoo", f"nn:model=zoo/{variant}/"))]
            if len(zoo) != 1 or len(r["pairs"]) != 1:
                die(f"{o}: expected one pair, the zoo agent against one opponent")
            pair = r["pairs"][0]
            mine = "a" if pair["a"] == zoo[0] else "b"
            theirs = "b" if mine == "a" else "a"
            w, d, l = pair[f"wins_{mine}"], pair["draws"], pair[f"wins_{theirs}"]
            n = w + d + l
            score = (w + d / 2) / n
            low, high = wilson(score, n)
            result["arenas"][pair[theirs]] = {
                "agent": zoo[0],
                "wins": w,
                "draws": d,
                "losses": l,
                "score": round(score, 4),
                "low": round(low, 4),
                "high": round(high, 4),
                "opening_plies": run["opening_plies"],
                "seed": run["seed"],
                "code_version": run["code_version"],
            }
        else:
            j = load_json(o)
            result["judge"] = j
    write(ZOO / variant / "strength.json", json.dumps(result, indent=2) + "\n")
    cards()


def write(path, text):
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def cell(s, opponent):
    a = (s or {}).get("arenas", {}).get(opponent)
    if not a:
        return "not measured"
    return f"{100 * a['score']:.0f}% [{100 * a['low']:.0f}, {100 * a['high']:.0f}] ({a['wins']:.0f}/{a['draws']:.0f}/{a['losses']:.0f})"


def optimal_cell(s):
    j = (s or {}).get("judge")
    if not j:
        return ""
    o = j["overall"]
    return (f"{100 * o['optimal']:.1f}% [{100 * o['optimal_low']:.1f}, {100 * o['optimal_high']:.1f}] "
            f"of {o['positions']} positions with at most {o['seeds_to']} seeds in play")


def card(variant, t, s):
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
        f"| encoding version | {t['encoding_version']} |",
        f"| network | residual MLP, width {t['network']['width']}, {t['network']['blocks']} blocks, value head {t['network']['value_width']} |",
        f"| config | {t['config']} |",
        f"| seed | {t['seed']} |",
        f"| reproduce | `{t['command']}` |",
        f"| code version | {t['code_version']} |",
        f"| training | {t['generations']} generations ({t['promotions']} promoted; this is generation {t['best_generation']}), "
        f"{t['selfplay_games']:,} self-play games, {t['positions']:,} positions, {t['training_steps']:,} training steps |",
        f"| time | {t['wall_seconds'] / 60:.1f} minutes wall clock, {t['cpu_seconds'] / 60:.1f} CPU-minutes, on 2 cores |",
        "",
        "## Strength",
        "",
        "At 200 simulations a move, from 2-ply random openings played with both colours; the "
        "score counts a draw as half, with its 95% Wilson interval (`scripts/zoo_strength.sh "
        f"{variant}`).",
        "",
        "| opponent | score [95% interval] (win/draw/loss) |",
        "| --- | --- |",
    ]
    for o in OPPONENTS:
        lines.append(f"| `{o}` | {cell(s, o)} |")
    if optimal_cell(s):
        lines += ["", f"Optimal moves (by the solver) in positions of its own games: {optimal_cell(s)}."]
    if t.get("loop_elo"):
        e = t["loop_elo"]
        base = ", ".join(f"{k} {v}" for k, v in t["loop_baselines"].items())
        lines += [
            "",
            f"In its run's own ratings (random = 0): Elo {e['elo']} [{e['low']}, {e['high']}]; "
            f"the run's baselines: {base}.",
        ]
    return "\n".join(lines) + "\n"


def table_rows(entries):
    head = ["| variant | training | " + " | ".join(f"`{o}`" for o in OPPONENTS) + " | optimal moves |",
            "| --- | --- | " + " | ".join("---" for _ in OPPONENTS) + " | --- |"]
    rows = []
    for variant, t, s in entries:
        training = "not trained yet" if t is None else f"{t['wall_seconds'] / 60:.0f} min, {t['generations']} generations"
        cells = [cell(s, o) if t else "" for o in OPPONENTS]
        rows.append(f"| [{variant}](zoo/{variant}/card.md) | {training} | " + " | ".join(cells) + f" | {optimal_cell(s) if t else ''} |")
    return head + rows


def variants():
    return sorted(p.stem for p in (ROOT / "configs").glob("*.toml") if p.stem != "default")


def cards():
    entries = []
    for v in variants():
        t_path, s_path = ZOO / v / "training.json", ZOO / v / "strength.json"
        t = load_json(t_path) if t_path.exists() else None
        s = load_json(s_path) if s_path.exists() else None
        if t:
            write(ZOO / v / "card.md", card(v, t, s))
        entries.append((v, t, s))
    table = "\n".join(table_rows(entries))
    size = sum(p.stat().st_size for p in ZOO.glob("*/*") if p.is_file())
    for path, prefix in [(ZOO / "README.md", "../"), (ROOT / "README.md", "")]:
        rows = table.replace("](zoo/", f"]({prefix}zoo/") if prefix else table
        replace_marked(path, "zoo-table", f"{rows}\n\nThe zoo's files take {size / 1e6:.1f} MB in all.")
    replace_marked(ROOT / "docs" / "benchmarks.md", "zoo-bench", "\n".join(benchmark_rows(entries)))


def replace_marked(path, marker, rows):
    """Replaces what lies between `<!-- marker -->` and `<!-- /marker -->` in PATH."""
    start, end = f"<!-- {marker} -->", f"<!-- /{marker} -->"
    text = path.read_text()
    if start not in text or end not in text:
        die(f"{path}: no {start} ... {end} markers")
    body = f"{start}\n{rows}\n{end}"
    write(path, re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _: body, text, flags=re.S))


def benchmark_rows(entries):
    """docs/benchmarks.md's record: the time, data and strength of each trained network."""
    rows = ["| variant | wall / CPU minutes | generations (promoted) | positions | `alphabeta:ms=500` | `mcts:sims=10000` |",
            "| --- | ---: | ---: | ---: | --- | --- |"]
    for variant, t, s in entries:
        if t is None:
            continue
        rows.append(f"| {variant} | {t['wall_seconds'] / 60:.1f} / {t['cpu_seconds'] / 60:.1f} | "
                    f"{t['generations']} ({t['promotions']}) | {t['positions']:,} | "
                    f"{cell(s, 'alphabeta:ms=500')} | {cell(s, 'mcts:sims=10000')} |")
    return rows


def main(argv):
    if len(argv) >= 2 and argv[0] == "best":
        print(best(pathlib.Path(argv[1])))
    elif len(argv) == 3 and argv[0] == "publish":
        publish(argv[1], argv[2])
    elif len(argv) >= 3 and argv[0] == "strength":
        strength(argv[1], argv[2:])
    elif argv == ["cards"]:
        cards()
    else:
        die(__doc__.strip().split("\n\n")[1])


if __name__ == "__main__":
    main(sys.argv[1:])
