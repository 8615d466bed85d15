#!/usr/bin/env python3
"""Golden traces and perft counts for oware and kalah, produced by OpenSpiel.

Requires: pip install open-spiel==2.0.2

Writes (paths relative to --out, default: the repository root):
  engine/tests/golden/openspiel_oware.jsonl   250 random games of OpenSpiel `oware`
  engine/tests/golden/openspiel_kalah.jsonl   250 random games of OpenSpiel `mancala`
  engine/tests/golden/openspiel_oware_repetition.jsonl
                                              one oware game that OpenSpiel ends by a
                                              repetition more than 128 plies back (below)
  engine/tests/perft/oware.perft              perft counts (plain recursive walk)
  engine/tests/perft/kalah.perft
in the golden-trace and perft formats read by engine/tests/golden.rs and engine/tests/perft.rs, converted to mankala's conventions
(docs/notation.md):

oware: OpenSpiel houses 0..5 are South's (player 0) from his left, 6..11 North's
  from his left, which is mankala's absolute pit order; OpenSpiel actions are 0..5
  for either player (house = action for player 0, 6 + action for player 1), which
  is mankala's relative action. The observation tensor holds seeds/48 and
  scores/48; exact integers are recovered by rounding value*48. Stores = scores.
kalah (OpenSpiel `mancala`): board[0] = player 1's store, board[1..6] player 0's
  pits, board[7] player 0's store, board[8..13] player 1's pits; actions are
  absolute cell indices. pits = board[1..7] + board[8..14],
  stores = [board[7], board[0]], relative action = a-1 (player 0) or a-8 (player 1).
  The board is read from the observation tensor (raw counts, then current player
  and move number).

Every state is also cross-checked against state.to_string() and against an
independent re-implementation of the rules in docs/rules/; any
disagreement aborts. Statistics about how the games ended go to stdout.
Random games: seed s uses random.Random(s).choice(state.legal_actions()).

The long-repetition game: the first random game (seed 0, 1, ...) that reaches a capture
leaving 3..12 seeds on the board, followed by a depth-first search (children in the order
random.Random(seed).shuffle gives, at most 300000 nodes, paths of at most 150 plies) over
moves that capture nothing and do not end the game, for a line whose position at the end
occurred more than 128 plies earlier, with no position repeated before it. The line is then
played through OpenSpiel and cross-checked like every other trace. It pins rule R8 at any
distance (docs/rules/oware.md).
Output is deterministic (byte-identical on re-runs).
"""

import argparse
import json
import os
import random
import re
import sys
import time

import pyspiel

N = 6  # pits per row
NUM_GAMES = 250


# --------------------------------------------------------------------------
# Conversion from OpenSpiel states to mankala's conventions
# --------------------------------------------------------------------------

def oware_position(state):
    """(pits[12], stores[2]) from the observation tensor (values are x/48)."""
    obs = state.observation_tensor(0)
    assert len(obs) == 14
    vals = [int(round(v * 48)) for v in obs]
    for v, iv in zip(obs, vals):
        assert abs(v * 48 - iv) < 1e-3, (v, iv)
    return vals[:12], vals[12:14]


def oware_parse_string(s):
    """(pits, stores, to_move-marker) from OpenSpiel's oware ToString()."""
    lines = [l for l in s.splitlines() if l.strip()]
    scores = {}
    playing = None
    for l in lines:
        m = re.match(r"Player (\d) score = (\d+)( \[PLAYING\])?", l)
        if m:
            scores[int(m.group(1))] = int(m.group(2))
            if m.group(3):
                playing = int(m.group(1))
    rows = [l for l in lines if re.fullmatch(r"[\s\d]+", l)]
    labels = [l for l in lines if re.fullmatch(r"[\sa-fA-F]+", l)]
    assert len(rows) == 2 and len(labels) == 2, s
    assert labels[0].split() == list("fedcba") and labels[1].split() == list("ABCDEF"), s
    top = [int(x) for x in rows[0].split()]     # houses 11..6, printed left to right
    bottom = [int(x) for x in rows[1].split()]  # houses 0..5
    pits = bottom + top[::-1]
    return pits, [scores[0], scores[1]], playing


def kalah_board(state):
    obs = state.observation_tensor(0)
    assert len(obs) == 16
    board = [int(v) for v in obs[:14]]
    assert all(float(b) == v for b, v in zip(board, obs[:14]))
    assert int(obs[15]) == state.move_number()
    return board


def kalah_parse_string(s):
    """14-cell board from OpenSpiel's mancala ToString()."""
    lines = s.splitlines()
    top = [int(x) for x in lines[0].strip("-").split("-")]      # board[13..8]
    mid = lines[1].split("-")
    stores = [int(mid[0]), int(mid[-1])]                         # board[0], board[7]
    bottom = [int(x) for x in lines[2].strip("-").split("-")]   # board[1..6]
    return [stores[0]] + bottom + [stores[1]] + top[::-1]


def kalah_position(board):
    return board[1:7] + board[8:14], [board[7], board[0]]


def kalah_rel(player, a):
    return a - 1 if player == 0 else a - 8


def kalah_abs(player, r):
    return r + 1 if player == 0 else r + 8


# --------------------------------------------------------------------------
# Independent re-implementations of the spec rules (for cross-checking only)
# --------------------------------------------------------------------------

class RefOware:
    def __init__(self):
        self.pits = [4] * 12
        self.stores = [0, 0]
        self.player = 0
        self.terminal = False
        self.end_reason = None
        self.ply = 0
        self.seen = {self.key(): 0}
        self.repeat_distance = None

    def key(self):
        return (tuple(self.pits), tuple(self.stores), self.player)

    def own(self, p):
        return range(0, N) if p == 0 else range(N, 2 * N)

    def sow(self, pits, src):
        seeds = pits[src]
        pits[src] = 0
        i = src
        while seeds:
            i = (i + 1) % 12
            if i == src:
                continue
            pits[i] += 1
            seeds -= 1
        return i

    def legal(self):
        if self.terminal:
            return []
        p = self.player
        opp_empty = sum(self.pits[i] for i in self.own(1 - p)) == 0
        out = []
        for r in range(N):
            src = r if p == 0 else N + r
            if self.pits[src] == 0:
                continue
            if opp_empty:
                pits = list(self.pits)
                self.sow(pits, src)
                if sum(pits[i] for i in self.own(1 - p)) == 0:
                    continue
            out.append(r)
        return out

    def apply(self, r):
        p = self.player
        src = r if p == 0 else N + r
        last = self.sow(self.pits, src)
        opp = self.own(1 - p)
        captured = 0
        if last in opp:
            lo = opp[0]
            take = []
            i = last
            while i >= lo and self.pits[i] in (2, 3):
                take.append(i)
                i -= 1
            opp_total = sum(self.pits[j] for j in opp)
            taken = sum(self.pits[j] for j in take)
            if take and taken == opp_total:
                self.grand_slams += 1  # grand slam: nothing captured
            else:
                for j in take:
                    captured += self.pits[j]
                    self.pits[j] = 0
        self.stores[p] += captured
        self.player = 1 - p
        self.ply += 1
        if captured:
            self.seen = {}
        k = self.key()
        if k in self.seen:
            self.repeat_distance = self.ply - self.seen[k]
            self.collect("repetition")
        else:
            self.seen[k] = self.ply
        if not self.terminal and self.stores_terminal():
            # OpenSpiel 2.0.2 also sweeps the board here: LegalActions() is empty
            # once a score passes 24, so DoApplyAction calls CollectAndTerminate().
            self.collect("score")
        if not self.terminal and not self.legal():
            self.collect("no_legal_move")

    grand_slams = 0
    swept = 0

    def stores_terminal(self):
        a, b = self.stores
        return a > 24 or b > 24 or (a == 24 and b == 24)

    def collect(self, reason):
        self.swept = sum(self.pits)
        if reason == "no_legal_move":
            mover_row = self.own(self.player)
            if sum(self.pits[i] for i in mover_row) == 0:
                reason = "no_legal_move_own_row_empty"
            else:
                reason = "no_legal_move_cannot_feed"
        for i in range(12):
            self.stores[0 if i < N else 1] += self.pits[i]
            self.pits[i] = 0
        self.terminal = True
        self.end_reason = reason

    def returns(self):
        if not self.terminal:
            return [0.0, 0.0]
        a, b = self.stores
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0]


class RefKalah:
    """Board as 14 cells in mankala order: pits 0..5 South, 6 South store, 7..12 North, 13 North store."""

    def __init__(self):
        self.pits = [4] * 12
        self.stores = [0, 0]
        self.player = 0
        self.extra_turns = 0
        self.captures = 0

    def terminal(self):
        return sum(self.pits[:N]) == 0 or sum(self.pits[N:]) == 0

    def legal(self):
        if self.terminal():
            return []
        base = 0 if self.player == 0 else N
        return [r for r in range(N) if self.pits[base + r] > 0]

    def apply(self, r):
        p = self.player
        # track: South pits 0..5, South store, North pits 6..11, North store
        track = list(range(0, N)) + ["S0"] + list(range(N, 2 * N)) + ["S1"]
        skip = "S1" if p == 0 else "S0"
        src = r if p == 0 else N + r
        seeds = self.pits[src]
        self.pits[src] = 0
        pos = track.index(src)
        cell = None
        while seeds:
            pos = (pos + 1) % len(track)
            cell = track[pos]
            if cell == skip:
                continue
            if cell == "S0":
                self.stores[0] += 1
            elif cell == "S1":
                self.stores[1] += 1
            else:
                self.pits[cell] += 1
            seeds -= 1
        own_store = "S0" if p == 0 else "S1"
        if cell == own_store:
            self.extra_turns += 1
            return
        own = range(0, N) if p == 0 else range(N, 2 * N)
        if cell in own and self.pits[cell] == 1 and self.pits[11 - cell] > 0:
            self.stores[p] += 1 + self.pits[11 - cell]
            self.pits[cell] = 0
            self.pits[11 - cell] = 0
            self.captures += 1
        self.player = 1 - p

    def scores(self):
        return [self.stores[0] + sum(self.pits[:N]), self.stores[1] + sum(self.pits[N:])]

    def returns(self):
        if not self.terminal():
            return [0.0, 0.0]
        a, b = self.scores()
        return [1.0, -1.0] if a > b else [-1.0, 1.0] if b > a else [0.0, 0.0]


# --------------------------------------------------------------------------
# Traces
# --------------------------------------------------------------------------

def check(cond, msg):
    if not cond:
        sys.exit("MISMATCH: " + msg)


def int_returns(state):
    """Returns as ints ([1,-1], [-1,1] or [0,0]), like the other golden traces."""
    r = state.returns()
    check(all(x in (-1.0, 0.0, 1.0) for x in r), "returns not in {-1,0,1}")
    return [int(x) for x in r]


def oware_state_record(state, ref):
    pits, stores = oware_position(state)
    spits, sstores, playing = oware_parse_string(state.to_string())
    check((spits, sstores) == (pits, stores), "oware tensor vs to_string")
    term = state.is_terminal()
    to_move = None if term else state.current_player()
    if not term:
        check(playing == to_move, "oware [PLAYING] marker")
    legal = sorted(state.legal_actions())
    check(all(0 <= a < N for a in legal), "oware actions 0..5")
    for a in legal:  # action a of the mover empties house a (South) or 6+a (North)
        c = state.clone()
        c.apply_action(a)
        check(oware_position(c)[0][a if to_move == 0 else N + a] == 0, "oware action->house")
    rec = {"to_move": to_move, "pits": pits, "stores": stores, "legal": legal,
           "terminal": term, "returns": int_returns(state)}
    if term:
        rec["scores"] = list(stores)
    # spec cross-check
    check(ref.pits == pits and ref.stores == stores, "oware ref position %s %s vs %s %s"
          % (ref.pits, ref.stores, pits, stores))
    check(ref.terminal == term, "oware ref terminal")
    check(term or ref.player == to_move, "oware ref player")
    check(ref.legal() == legal, "oware ref legal %s vs %s" % (ref.legal(), legal))
    check(ref.returns() == rec["returns"], "oware ref returns")
    return rec


def kalah_state_record(state, ref):
    board = kalah_board(state)
    check(kalah_parse_string(state.to_string()) == board, "kalah tensor vs to_string")
    pits, stores = kalah_position(board)
    term = state.is_terminal()
    to_move = None if term else state.current_player()
    legal_abs = sorted(state.legal_actions())
    legal = [kalah_rel(to_move, a) for a in legal_abs] if not term else []
    check(term or all(0 <= r < N for r in legal), "kalah relative actions in 0..5")
    check(term or state.observation_tensor(0)[14] == to_move, "kalah tensor player")
    rec = {"to_move": to_move, "pits": pits, "stores": stores, "legal": legal,
           "terminal": term, "returns": int_returns(state)}
    if term:
        # as OpenSpiel's Returns(): player 0 = board[1..7] sum (store included),
        # player 1 = board[8..13] + board[0]
        rec["scores"] = [sum(board[1:8]), sum(board[8:14]) + board[0]]
    check(ref.pits == pits and ref.stores == stores, "kalah ref position")
    check(ref.terminal() == term, "kalah ref terminal")
    check(term or ref.player == to_move, "kalah ref player")
    check(ref.legal() == legal, "kalah ref legal")
    check(ref.returns() == rec["returns"], "kalah ref returns")
    if term:
        check(ref.scores() == rec["scores"], "kalah ref scores")
    return rec


def play(game_name, seed, line=None):
    """One game: random moves for `seed`, or the relative actions of `line`."""
    game = pyspiel.load_game(game_name)
    state = game.new_initial_state()
    rng = random.Random(seed)
    if game_name == "oware":
        ref, rec_fn = RefOware(), oware_state_record
    else:
        ref, rec_fn = RefKalah(), kalah_state_record
    actions, states = [], [rec_fn(state, ref)]
    while not state.is_terminal():
        player = state.current_player()
        if line is None:
            a = rng.choice(state.legal_actions())
        else:
            check(len(actions) < len(line), "line ended before the game")
            rel = line[len(actions)]
            a = rel if game_name == "oware" else kalah_abs(player, rel)
        rel = a if game_name == "oware" else kalah_rel(player, a)
        state.apply_action(a)
        ref.apply(rel)
        actions.append(rel)
        states.append(rec_fn(state, ref))
    check(line is None or len(actions) == len(line), "game ended before the line")
    return {"game": seed, "seed": seed, "rules": {}, "actions": actions,
            "states": states}, ref


# --------------------------------------------------------------------------
# A game that ends by a repetition far back (see the module docstring)
# --------------------------------------------------------------------------

def oware_children(pits, player):
    """[(relative action, pits after, seeds captured)] for every legal move."""
    own_lo = 0 if player == 0 else N
    opp = range(N, 2 * N) if player == 0 else range(0, N)
    opp_empty = sum(pits[i] for i in opp) == 0
    out = []
    for r in range(N):
        src = own_lo + r
        if pits[src] == 0:
            continue
        p = list(pits)
        seeds, p[src], i = p[src], 0, src
        while seeds:
            i = (i + 1) % (2 * N)
            if i != src:
                p[i] += 1
                seeds -= 1
        if opp_empty and sum(p[j] for j in opp) == 0:
            continue
        captured = 0
        if i in opp:
            take, j = [], i
            while j >= opp[0] and p[j] in (2, 3):
                take.append(j)
                j -= 1
            if take and sum(p[k] for k in take) != sum(p[k] for k in opp):
                for k in take:
                    captured += p[k]
                    p[k] = 0
        out.append((r, p, captured))
    return out


def oware_long_repetition(min_distance=129, max_path=150, budget=300000):
    """(seed, actions) of a game ended by a position repeated >= min_distance plies back."""
    for seed in range(1000):
        rng = random.Random(seed)
        pits, scores, player, actions = [4] * 12, [0, 0], 0, []
        seen = {(tuple(pits), player)}
        while True:  # random opening up to a capture that leaves few seeds
            children = oware_children(pits, player)
            if not children:
                break
            r, pits, captured = rng.choice(children)
            actions.append(r)
            scores[player] += captured
            player = 1 - player
            if captured:
                seen = set()
            key = (tuple(pits), player)
            if key in seen or max(scores) > 24 or scores == [24, 24]:
                break
            seen.add(key)
            if captured and 3 <= sum(pits) <= 12 and oware_children(pits, player):
                line = _search_cycle(pits, player, rng, min_distance, max_path, budget)
                if line is not None:
                    return seed, actions + line
                break
    sys.exit("no long repetition found")


def _search_cycle(pits, player, rng, min_distance, max_path, budget):
    index = {(tuple(pits), player): 0}
    path_len = [1]
    nodes = [0]

    def dfs(pits, player):
        nodes[0] += 1
        if nodes[0] > budget:
            return None
        ply = path_len[0] - 1
        children = [c for c in oware_children(pits, player) if c[2] == 0]
        rng.shuffle(children)
        for r, p, _ in children:
            key = (tuple(p), 1 - player)
            if key in index:
                if ply + 1 - index[key] >= min_distance:
                    return [r]
                continue
            if ply + 1 >= max_path or not oware_children(p, 1 - player):
                continue
            index[key] = path_len[0]
            path_len[0] += 1
            rest = dfs(p, 1 - player)
            if rest is not None:
                return [r] + rest
            path_len[0] -= 1
            del index[key]
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * max_path))
    return dfs(pits, player)


def write_long_repetition(path):
    seed, line = oware_long_repetition()
    rec, ref = play("oware", seed, line)
    check(ref.end_reason == "repetition", "long line ends by " + str(ref.end_reason))
    check(ref.repeat_distance > 128, "repetition only %s plies back" % ref.repeat_distance)
    with open(path, "w", newline="\n") as f:
        f.write(json.dumps(rec, separators=(",", ":")) + "\n")
    print("oware", path, json.dumps({"seed": seed, "plies": len(line),
                                     "repeated_plies_back": ref.repeat_distance}))


def write_traces(game_name, variant, path):
    stats = {"games": 0, "plies": 0, "longest": (0, None), "shortest": (10**9, None),
             "end": {}, "extra_turns": 0, "games_with_extra_turn": 0, "grand_slams": 0,
             "captures": 0, "wins": [0, 0, 0]}
    with open(path, "w", newline="\n") as f:
        for seed in range(NUM_GAMES):
            rec, ref = play(game_name, seed)
            f.write(json.dumps(rec, separators=(",", ":")) + "\n")
            n = len(rec["actions"])
            stats["games"] += 1
            stats["plies"] += n
            if n > stats["longest"][0]:
                stats["longest"] = (n, seed)
            if n < stats["shortest"][0]:
                stats["shortest"] = (n, seed)
            r = rec["states"][-1]["returns"]
            stats["wins"][0 if r[0] > 0 else 1 if r[1] > 0 else 2] += 1
            if game_name == "oware":
                stats["end"][ref.end_reason] = stats["end"].get(ref.end_reason, 0) + 1
                stats["grand_slams"] += ref.grand_slams
                if ref.swept:
                    k = "swept_nonempty_board_at_" + ref.end_reason
                    stats[k] = stats.get(k, 0) + 1
            else:
                stats["extra_turns"] += ref.extra_turns
                stats["games_with_extra_turn"] += ref.extra_turns > 0
                stats["captures"] += ref.captures
    print(variant, path, json.dumps(stats))


# --------------------------------------------------------------------------
# Perft
# --------------------------------------------------------------------------

def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        total += 1 if depth == 1 else perft(c, depth - 1)
    return total


def write_perft(game_name, variant, path, max_depth):
    game = pyspiel.load_game(game_name)
    counts = []
    for d in range(1, max_depth + 1):
        t = time.time()
        counts.append(perft(game.new_initial_state(), d))
        print("%s perft(%d) = %d  (%.1fs)" % (variant, d, counts[-1], time.time() - t))
    with open(path, "w", newline="\n") as f:
        f.write("# Generated by scripts/openspiel_traces.py; do not edit.\n")
        f.write("[[case]]\n")
        f.write('name = "default"\n')
        f.write('source = "scripts/openspiel_traces.py, OpenSpiel 2.0.2 game \'%s\' '
                '(plain recursive walk over pyspiel states)"\n' % game_name)
        f.write("rules = { }\n")
        f.write("counts = [%s]\n" % ", ".join(str(c) for c in counts))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=root, help="repository root (default: %(default)s)")
    ap.add_argument("--oware-depth", type=int, default=10, help="perft depth for oware")
    ap.add_argument("--kalah-depth", type=int, default=10, help="perft depth for kalah")
    ap.add_argument("--no-perft", action="store_true", help="only write the traces")
    args = ap.parse_args()

    if pyspiel.__version__ != "2.0.2":
        print("warning: expected OpenSpiel 2.0.2, found %s" % pyspiel.__version__,
              file=sys.stderr)
    golden = os.path.join(args.out, "engine", "tests", "golden")
    perftdir = os.path.join(args.out, "engine", "tests", "perft")
    os.makedirs(golden, exist_ok=True)
    os.makedirs(perftdir, exist_ok=True)
    write_traces("oware", "oware", os.path.join(golden, "openspiel_oware.jsonl"))
    write_long_repetition(os.path.join(golden, "openspiel_oware_repetition.jsonl"))
    write_traces("mancala", "kalah", os.path.join(golden, "openspiel_kalah.jsonl"))
    if not args.no_perft:
        write_perft("oware", "oware", os.path.join(perftdir, "oware.perft"), args.oware_depth)
        write_perft("mancala", "kalah", os.path.join(perftdir, "kalah.perft"), args.kalah_depth)


if __name__ == "__main__":
    main()
