#!/usr/bin/env python3
"""Checks a Bao la Kujifunza proof file (`mankala solve --proof`) with the independent Python
reference of the rules (scripts/reference/bao.py), sharing no code with mankala.

  python3 scripts/check_bao_proof.py PROOF

From the proof's start position it plays the winner's listed move wherever the winner is to
move and every legal move of the other player wherever he is; every line must end in a win
for the winner within the ply cap and never return to a position of its own line. Prints
"accepted: ..." and exits 0, or names what fails and exits 1. The file format is described in
docs/ground-truth.md ("Proof files and the checker").
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference"))
import bao  # noqa: E402

sys.setrecursionlimit(100000)


class Refused(Exception):
    pass


def parse_position(rules, text):
    """A reference State from a position text: `bao-kujifunza A/B/a/b mover [fields]`."""
    words = text.split()
    if len(words) < 3 or words[0] != "bao-kujifunza":
        raise Refused("not a bao-kujifunza position: %r" % text)
    rows = [[int(c) for c in r.split(",")] for r in words[1].split("/")]
    if len(rows) != 4 or any(len(r) != 8 for r in rows):
        raise Refused("expected four rows of eight holes: %r" % text)
    fields = dict(w.split("=", 1) for w in words[3:] if "=" in w)
    mover = {"south": bao.SOUTH, "north": bao.NORTH}[words[2]]
    takasia = None
    if "takasia" in fields:
        takasia = int(fields["takasia"][1:]) - 1
    if fields.get("hand", "0,0") != "0,0" or fields.get("houses", "none") != "none":
        raise Refused("bao-kujifunza has no hands or houses: %r" % text)
    south, north = rows[0] + rows[1], rows[2] + rows[3]
    s = bao.State.from_position(rules, south, north, (0, 0), (False, False), mover, takasia)
    s.ply = int(fields.get("ply", "0"))
    return s


def key(s):
    return (tuple(s.holes[0]), tuple(s.holes[1]), s.to_move, s.takasia)


def check(path):
    with open(path) as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    head = {}
    expect = ["variant", "rules", "limits", "start", "winner", "plies", "positions"]
    if not lines or lines[0] != "mankala-proof 1":
        raise Refused("line 1: expected `mankala-proof 1`")
    for i, k in enumerate(expect):
        word, _, rest = lines[i + 1].partition(" ")
        if word != k:
            raise Refused("line %d: expected `%s ...`" % (i + 2, k))
        head[k] = rest
    if head["variant"] != "bao-kujifunza":
        raise Refused("a proof for %s" % head["variant"])
    limits = dict(kv.split("=") for kv in head["limits"].split())
    options = json.loads(head["rules"])
    if options.pop("opening", "intermediate") != "intermediate":
        raise Refused("line 3: bao-kujifunza has no advanced opening")
    rules = bao.make_rules("bao-kujifunza", options,
                           {k: int(v) for k, v in limits.items()})
    winner = {"south": bao.SOUTH, "north": bao.NORTH}[head["winner"]]
    start = parse_position(rules, head["start"])
    strategy = {}
    for n, line in enumerate(lines[len(expect) + 1:], start=len(expect) + 2):
        position, _, move = line.partition("\t")
        s = parse_position(rules, position)
        if s.to_move != winner:
            raise Refused("line %d: a position with the other player to move" % n)
        a = bao.parse_action(move)
        if a not in s.legal_actions():
            raise Refused("line %d: %s is not legal here" % (n, move))
        if key(s) in strategy:
            raise Refused("line %d: the position is listed twice" % n)
        strategy[key(s)] = a
    if len(strategy) != int(head["positions"]):
        raise Refused("%d positions listed, the header says %s" % (len(strategy), head["positions"]))

    verified = {}
    on_line = set()
    moves = []

    def wins(s):
        if s.terminal:
            if s.result == bao.winner_name(winner):
                return 0
            raise Refused("after [%s] the game ends %s" % (" ".join(moves), s.result))
        k = key(s)
        if k in verified and s.ply + verified[k] <= rules.max_plies:
            return verified[k]
        if k in on_line:
            raise Refused("after [%s] the line returns to a position of its own" % " ".join(moves))
        on_line.add(k)
        if s.to_move == winner:
            if k not in strategy:
                raise Refused("after [%s] the proof has no move for the winner" % " ".join(moves))
            actions = [strategy[k]]
        else:
            actions = s.legal_actions()
        longest = 0
        for a in actions:
            moves.append(bao.action_text(a, s.to_move))
            longest = max(longest, 1 + wins(s.child(a)))
            moves.pop()
        on_line.discard(k)
        verified[k] = longest
        return longest

    longest = wins(start)
    return head["winner"], len(verified), longest


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        winner, positions, longest = check(sys.argv[1])
    except Refused as e:
        print("refused: %s" % e)
        sys.exit(1)
    print("accepted: %s wins; %d positions checked, longest line %d plies" % (winner, positions, longest))


if __name__ == "__main__":
    main()
