#!/usr/bin/env python3
"""An arena's openings by colour: which ones an agent lost with both colours, with one only,
and whether the colour then decided them.

Usage: scripts/experiments/colours.py GAMES.jsonl [AGENT]

Every opening of an arena (`--opening-plies N`, the first N plies of a game) is played once
with each colour. For the agent AGENT (a substring of its spec; default: the first agent of
the first game), per opening: its points as South and as North. An opening that the same
colour won both times is *colour-decided* as far as these two players can tell: with such an
opening, the stronger player too scores a half at best. The ceiling is what the agent would
score if it won every opening that is not colour-decided and half of those that are:
`1 - decided / 2 / openings`. Prints the counts, the agent's score as South, as North and in
all, the ceiling, and the openings lost with both colours.
"""
import json
import sys
from collections import defaultdict


def points(game, agent):
    """The agent's points in `game` (1, 0.5, 0) and its colour, or None if it did not play."""
    if agent in game["south"]:
        colour, sign = "south", 1
    elif agent in game["north"]:
        colour, sign = "north", -1
    else:
        return None
    return colour, (1 + sign * game["outcome"]) / 2


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    games = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    if not games:
        sys.exit(f"{sys.argv[1]}: no games")
    agent = sys.argv[2] if len(sys.argv) == 3 else games[0]["south"]
    # An opening drawn twice is two openings: each colour's games are paired in order.
    by_opening = defaultdict(lambda: {"south": [], "north": []})
    for g in games:
        p = points(g, agent)
        if p is None:
            continue
        n = g["opening_plies"]
        opponent = g["north"] if p[0] == "south" else g["south"]
        by_opening[(opponent, tuple(g["actions"][:n]))][p[0]].append((p[1], g["outcome"]))
    pairs, single = [], 0
    for key, v in sorted(by_opening.items()):
        pairs += [(key, s, n) for s, n in zip(v["south"], v["north"])]
        single += abs(len(v["south"]) - len(v["north"]))
    if not pairs:
        sys.exit(f"no opening played with both colours by an agent matching {agent!r}")
    won_both = lost_both = split = decided = 0
    south = north = 0.0
    lost = []
    for (opponent, opening), (ps, os_), (pn, on) in pairs:
        south += ps
        north += pn
        if ps + pn == 2:
            won_both += 1
        elif ps + pn == 0:
            lost_both += 1
            lost.append((opponent, opening))
        else:
            split += 1
        # The same colour won both games: the colour decided them.
        if os_ == on and os_ != 0:
            decided += 1
    n = len(pairs)
    print(f"agent {agent!r}: {n} openings played with both colours ({single} games with one)")
    print(f"  won with both colours   {won_both}")
    print(f"  won with one colour     {split}")
    print(f"  lost with both colours  {lost_both}")
    print(f"  colour-decided (the same colour won both games): {decided} ({100 * decided / n:.1f}%)")
    print(f"  score as South {100 * south / n:.1f}%, as North {100 * north / n:.1f}%, "
          f"in all {100 * (south + north) / (2 * n):.1f}%")
    print(f"  ceiling (half of the colour-decided openings): {100 * (1 - decided / 2 / n):.1f}%")
    for opponent, opening in lost:
        print(f"  lost with both colours: opening {list(opening)} against {opponent}")


if __name__ == "__main__":
    main()
