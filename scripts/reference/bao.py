#!/usr/bin/env python3
"""Independent Python reference for the Bao games bao, bao-kujifunza and bao-malawi.

Written from docs/rules/bao.md, docs/rules/bao-kujifunza.md and docs/rules/bao-malawi.md (rules
B1..B25, BK1..BK9, BM1..BM21 and their rule-option tables) and the project's list of engine
conventions, without looking at the Rust engine. It is meant to be read, not to be fast.

  python3 scripts/reference/bao.py --selftest    # replay the worked examples of the three docs

Conventions:
- Players 0 = South (moves first), 1 = North.
- Each player's 16 holes are kept by *hole index*: 0..7 = front row holes 1..8 from the
  owner's left (A1..A8 / a1..a8), 8..15 = back row holes 1..8 from the owner's left (B1..B8).
  The track (clockwise order) is A1..A8, B8, B7, ..., B1: track index t holds hole t for t < 8
  and hole 23 - t for t >= 8. Clockwise `>` (CW = +1) goes up the track, anticlockwise `<`
  (ACW = -1) down it. Front hole c faces the opponent's front hole 7 - c.
- Snapshot `pits` (32): South's holes by hole index 0..15, then North's. `stores` is always
  [0, 0]. `in_hand` [south, north]: seeds in hand (the namua hand), plus, in bao-malawi's
  advanced opening, the seeds that player still has to place. A finished game also has
  `scores`: the seeds on each side's board plus its `in_hand`.
- 59 actions, relative to the mover: 0..15 start from hole index a clockwise (`>`); 16..31
  start from hole index a - 16 anticlockwise (`<`); 32 `stop`; 33 `safari`; 34..49 advanced
  opening: put a seed into own hole index a - 34; 50..57 advanced opening, North: take the
  South hole facing own front index a - 50 (only 54, 55, 56 can be legal); 58 `pass`.
  A start's direction means: namua capture: the kichwa (`>` = left kichwa A1, `<` = right
  kichwa A8; at front holes 1, 2 only `>`, at 7, 8 only `<`); namua takasa and tax: the
  direction the hole is sown; mtaji: the direction of the first lap.
- Returns [1, -1] South wins, [-1, 1] North wins, [0, 0] capped (plies or laps).
- Rule options (TOML [rules]): takasia, mtaji_safari, house_min, house_in_mtaji,
  mtaji_capture_ends_house,
  tax_all_at_min, singleton_entry, self_empty, endless_move, opening (bao-malawi only);
  [limits] max_laps, max_plies. Defaults per variant as in the docs' tables (DEFAULTS below).

How a move is played (one *lap* = one handful sown: the first lap, a tax, each relay, each
sowing of captured seeds, a safari):
- The lap cap is checked before a lap would start: with `laps == max_laps` and another lap
  needed, endless_move "illegal" makes the move illegal, "sleep" ends the move there (the turn
  passes; the hole to be relayed is not lifted, a capture that would need the lap is not made)
  and "capped" ends the game as capped-laps with the board as it is (capture not made).
  The first lap of a move is lap 1.
- The end of a lap is judged in this order (B7): the last seed fell into an empty hole: the
  move ends; capturing move and a capture position (own front hole holding 2+ after the drop,
  opposite occupied): capture; own functional house: a takasa ends (B18), a capturing move
  asks stop/safari (B19; in the mtaji stage with mtaji_safari = "forced" the house is relayed
  at once); takasa and the hole is under takasia: the move ends (B22, BM17); otherwise relay.
- B21 is checked after every seed dropped: the mover's front row empty after a drop makes the
  move illegal (self_empty "illegal") or loses it (self_empty "loses": the remaining seeds of
  that lap are still dropped, then the game ends won by the opponent).
- A capture that empties the opponent's front row wins at once; its seeds are still sown from
  the kichwa as a lap (cap-checked like any lap) but the end of that lap is not judged.
- Captured seeds are sown starting *in* the kichwa: capture at front hole index 0, 1: A1
  clockwise; at 6, 7: A8 anticlockwise; at 2..5: the kichwa that keeps the direction of the
  move (A1 if it goes clockwise), or, for the first capture of a namua move, the kichwa chosen
  by the start action.
- A functional house: owned, holding >= house_min seeds, and the move is a namua move or
  house_in_mtaji. The stage belongs to the move (the mover's hand at its start). Owned is lost
  when all its seeds are lifted (a start, a relay, a safari, a tax that empties it, the
  tax-all lift) or when the opponent captures it; with mtaji_capture_ends_house, both houses
  are lost at the first capture (the seeds taken) of a move in the mtaji stage.

Which actions are legal:
- A start action (or `safari`) is legal iff simulating the move up to its end or its
  stop/safari decision point meets neither a never-ending move (endless_move "illegal") nor an
  emptied own front row (self_empty "illegal"). `stop` is always legal. A move has at most one
  decision (after a safari the house is lost).
- Capture kinds. Namua: a start at an occupied front hole facing an occupied hole is a capture
  (except bao-malawi's kuu guard, BM7); mtaji: a start from a hole of 2..15 seeds whose first
  lap ends in a capture position. A start of capture kind is never played as a takasa: if it
  is illegal it is simply not legal.
- Mandatory capture (B8): if any capture-kind start is legal, exactly those are legal
  (bao-malawi BM17: further narrowed to those whose first capture takes the takasiaed hole X,
  if any is legal).
- Namua takasa (B15): into an occupied front hole that is not of capture kind; not the
  functional house unless it is the only occupied front hole (then the tax, B16/BM11:
  lift 2, or all if tax_all_at_min and the house held exactly house_min before the seed);
  a singleton only if (singleton_entry "with-house" and the player has a functional house) or
  no front hole other than the functional house holds 2 or more.
- Mtaji takasa (B20): from a hole of 2+ seeds, not of capture kind; front-row starts if any
  front start is legal, else back-row starts.
- Takasia, bao and bao-kujifunza (B22): O (the restricted mover) may not start from X
  (front-row starts other than X; if none is legal, the back row). bao-malawi (BM17, BM15):
  the front-row rule first, then BM15 (a still-owned kuu of 2+ seeds must start the
  second-stage takata if such a start is legal), then: no start from X unless every start
  left is from X. In both, a takasa lap of O ending in X ends the move.

The game ends at the start of a move whose mover has an empty front row or no legal action
(he loses). Ply cap: after an action, if the game did not end by its rules and ply >=
max_plies, the game ends capped-plies (also in the middle of a move or of the opening).

Readings chosen where the docs and the conventions leave room (listed in the report of
make_golden_bao.py too):
- A decision reached with laps == max_laps is still offered; `safari` then meets the lap cap
  (not legal under "illegal"; under "sleep" it ends the move without lifting the house, which
  stays owned; under "capped" the game ends).
- Takasia is also computed after a mtaji takasa that ended by the "sleep" lap cap (the game
  is not over), and after one that stopped in X itself.
- The trigger "O has no legal capture" and P's hypothetical captures ignore every takasia
  restriction and obligation; "legal" includes the B21/B24 simulation.
- bao-malawi: BM15 is applied before the takasia filter (so a takasiaed kuu that BM15 forces
  may still be started from, since it is then every start left). BM15 only in the mtaji stage.
- A tax that lifts the last seeds of the house (possible only with house_min = 1) loses it.
- Whether the house is functional is judged on its count before the nemo for the namua start
  (B15, B16, BM11) and on its count with the last seed in at a lap end (B18, B19).
- A capture-kind start that is illegal is not played as a takasa instead (the nemo put into a
  hole facing seeds captures); only BM7's guarded hole is a takasa start.
- Singletons (B15, BM9): "a front hole holding 2 or more" counts every such hole other than a
  functional house, even one whose own starts are captures or illegal.
- Takasia restrictions are applied to whatever stage the restricted move is in (in practice
  always mtaji).
"""

import sys

SOUTH, NORTH = 0, 1
CW, ACW = 1, -1
HOUSE = 4                       # front hole 5, the nyumba / kuu
STOP, SAFARI = 32, 33
PLACE0 = 34                     # 34..49: advanced opening placement
TAKE0 = 50                      # 50..57: advanced opening take
PASS = 58
NUM_ACTIONS = 59

VARIANTS = ("bao", "bao-kujifunza", "bao-malawi")

DEFAULTS = {
    "bao": dict(takasia=True, mtaji_safari="choice", house_min=6, house_in_mtaji=False,
                mtaji_capture_ends_house=True,
                tax_all_at_min=False, singleton_entry="with-house", self_empty="illegal",
                endless_move="illegal", opening="intermediate"),
    "bao-kujifunza": dict(takasia=False, mtaji_safari="choice", house_min=6,
                          house_in_mtaji=True, mtaji_capture_ends_house=False,
                          tax_all_at_min=False,
                          singleton_entry="with-house", self_empty="loses",
                          endless_move="illegal", opening="intermediate"),
    "bao-malawi": dict(takasia=True, mtaji_safari="choice", house_min=8, house_in_mtaji=False,
                       mtaji_capture_ends_house=False,
                       tax_all_at_min=True, singleton_entry="restricted", self_empty="loses",
                       endless_move="sleep", opening="intermediate"),
}
CHOICES = {
    "mtaji_safari": ("choice", "forced"),
    "singleton_entry": ("with-house", "restricted"),
    "self_empty": ("illegal", "loses"),
    "endless_move": ("illegal", "sleep", "capped"),
    "opening": ("intermediate", "advanced"),
}


def hole(t):
    """Hole index of track index t."""
    return t if t < 8 else 23 - t


def track(h):
    """Track index of hole index h."""
    return h if h < 8 else 23 - h


def winner_name(p):
    return "south" if p == SOUTH else "north"


class Rules:
    def __init__(self, variant="bao", max_plies=2000, max_laps=1000, **options):
        if variant not in VARIANTS:
            raise ValueError("variant must be one of %s" % (VARIANTS,))
        opts = dict(DEFAULTS[variant])
        for k, v in options.items():
            if k not in opts:
                raise ValueError("unknown rule option %r" % k)
            if k == "opening" and variant != "bao-malawi":
                raise ValueError("opening is a bao-malawi option")
            opts[k] = v
        for k, allowed in CHOICES.items():
            if opts[k] not in allowed:
                raise ValueError("%s must be one of %s" % (k, allowed))
        if not isinstance(opts["house_min"], int) or opts["house_min"] < 1:
            raise ValueError("house_min must be >= 1")
        if max_laps < 1 or max_plies < 1:
            raise ValueError("limits must be >= 1")
        self.variant = variant
        self.malawi = variant == "bao-malawi"
        self.kujifunza = variant == "bao-kujifunza"
        self.max_plies = max_plies
        self.max_laps = max_laps
        for k, v in opts.items():
            setattr(self, k, v)


class Illegal(Exception):
    """The simulated move is illegal (B21 front row emptied, B24 never-ending)."""


class _Sleep(Exception):
    """Internal: the lap cap ends the move here (endless_move = "sleep")."""


class _Over(Exception):
    """Internal: the game ended during the move (result already set)."""


class Move:
    """A move in progress: its mover, stage, kind, direction, laps so far and the takasia hole
    that restricts it. `events` only feeds statistics."""
    __slots__ = ("p", "namua", "capturing", "d", "laps", "X", "lost", "events")

    def __init__(self, p, namua, capturing, d, X):
        self.p = p
        self.namua = namua
        self.capturing = capturing
        self.d = d
        self.laps = 0
        self.X = X
        self.lost = False
        self.events = []

    def copy(self):
        m = Move(self.p, self.namua, self.capturing, self.d, self.X)
        m.laps = self.laps
        m.lost = self.lost
        m.events = list(self.events)
        return m

    def key(self):
        return (self.p, self.namua, self.capturing, self.d, self.laps, self.X)


class State:
    """A position. child(action) returns the next position; play(action) changes it in place."""

    def __init__(self, rules):
        self.rules = rules
        r = rules
        if r.kujifunza:
            self.holes = [[2] * 16, [2] * 16]
            self.hand = [0, 0]
            self.owned = [False, False]
        else:
            house = 8 if r.malawi else 6
            side = [0, 0, 0, 0, house, 2, 2, 0] + [0] * 8
            self.holes = [list(side), list(side)]
            self.hand = [20, 20] if r.malawi else [22, 22]
            self.owned = [True, True]
        self.to_move = SOUTH
        self.ply = 0
        self.result = None          # None, "south", "north", "capped-plies", "capped-laps"
        self.phase = "move"         # "move", "decide", "place", "take"
        self.pend = None            # phase "decide": (Move, track index of the house)
        self.takasia = None         # hole X (front index) restricting the mover's move
        self.must = [None, None]    # BM17: hole of the opponent player p must capture first
        self.place_left = [0, 0]    # advanced opening: seeds still to place
        self.place_from = 0         # advanced opening: lowest hole index for the next seed
        self.last_move = None       # the Move the last action belonged to (statistics)
        self.events = []            # events of the last action (statistics)
        self._cache = None
        if r.malawi and r.opening == "advanced":
            # BM20: South's 2-holes already lifted with one nemo: 5 seeds to place.
            self.holes[SOUTH][5] = self.holes[SOUTH][6] = 0
            self.hand[SOUTH] = 19
            self.place_left[SOUTH] = 5
            self.phase = "place"
        self._check_start()

    @classmethod
    def from_position(cls, rules, south, north, hands=(0, 0), owned=(True, True),
                      to_move=SOUTH, takasia=None):
        """A position from two lists of 16 counts by hole index (for tests)."""
        s = cls(rules)
        s.holes = [list(south), list(north)]
        s.hand = list(hands)
        s.owned = list(owned)
        s.to_move = to_move
        s.phase = "move"
        s.place_left = [0, 0]
        s.takasia = takasia
        s.result = None
        s._cache = None
        s._check_start()
        return s

    # ------------------------------------------------------------------ bookkeeping
    def copy(self):
        s = State.__new__(State)
        s.rules = self.rules
        s.holes = [list(self.holes[0]), list(self.holes[1])]
        s.hand = list(self.hand)
        s.owned = list(self.owned)
        s.to_move = self.to_move
        s.ply = self.ply
        s.result = self.result
        s.phase = self.phase
        s.pend = None if self.pend is None else (self.pend[0].copy(), self.pend[1])
        s.takasia = self.takasia
        s.must = list(self.must)
        s.place_left = list(self.place_left)
        s.place_from = self.place_from
        s.last_move = self.last_move
        s.events = []
        s._cache = None
        return s

    def key(self):
        return (tuple(self.holes[0]), tuple(self.holes[1]), tuple(self.hand),
                tuple(self.owned), self.to_move, self.ply, self.result, self.phase,
                None if self.pend is None else (self.pend[0].key(), self.pend[1]),
                self.takasia, tuple(self.must), tuple(self.place_left), self.place_from)

    @property
    def terminal(self):
        return self.result is not None

    @property
    def returns(self):
        if self.result == "south":
            return [1, -1]
        if self.result == "north":
            return [-1, 1]
        return [0, 0]

    def in_hand(self):
        return [self.hand[0] + self.place_left[0], self.hand[1] + self.place_left[1]]

    def scores(self):
        ih = self.in_hand()
        return [sum(self.holes[0]) + ih[0], sum(self.holes[1]) + ih[1]]

    def snapshot(self):
        return {"pits": self.holes[0] + self.holes[1], "stores": [0, 0],
                "in_hand": self.in_hand()}

    def _end_game(self, result):
        self.result = result
        self.to_move = None
        self.phase = "move"
        self.pend = None
        self._cache = None

    # ------------------------------------------------------------------ small rule helpers
    def _functional(self, p, namua):
        r = self.rules
        return (self.owned[p] and self.holes[p][HOUSE] >= r.house_min
                and (namua or r.house_in_mtaji))

    def _kuu_guarded(self, p, h):
        """BM7: the nemo capture at front index 3 (facing the opponent's kuu) is not a capture
        while both kuu are owned, the own kuu is occupied and the hole facing it holds seeds."""
        o = 1 - p
        return (self.rules.malawi and h == 3 and self.owned[p] and self.owned[o]
                and self.holes[p][HOUSE] >= 1 and self.holes[o][3] >= 1)

    def _namua_capture_target(self, p, h):
        """Front hole h for a namua move: the opponent hole taken, or None (not a capture)."""
        if h >= 8 or self.holes[p][h] < 1 or self.holes[1 - p][7 - h] < 1:
            return None
        if self._kuu_guarded(p, h):
            return None
        return 7 - h

    def _mtaji_capture_target(self, p, h, d):
        """Start (h, d) of a mtaji move: the opponent hole its first lap captures, or None."""
        n = self.holes[p][h]
        if not 2 <= n <= 15:
            return None
        e = hole((track(h) + d * n) % 16)
        if e < 8 and self.holes[p][e] >= 1 and self.holes[1 - p][7 - e] >= 1:
            return 7 - e
        return None

    # ------------------------------------------------------------------ the pieces of a move
    def _begin_lap(self, mv):
        """The lap cap, checked before every lap (B24, BM19)."""
        if mv.laps >= self.rules.max_laps:
            mode = self.rules.endless_move
            if mode == "illegal":
                raise Illegal("never-ending")
            mv.events.append("lap-cap-" + mode)
            if mode == "sleep":
                raise _Sleep()
            self._end_game("capped-laps")
            raise _Over()
        mv.laps += 1

    def _lift(self, p, h):
        n = self.holes[p][h]
        self.holes[p][h] = 0
        if h == HOUSE and self.owned[p]:
            self.owned[p] = False
        return n

    def _sow(self, mv, t, n):
        """Drop n seeds one by one from track index t on, in direction mv.d; B21 after every
        drop. Returns the track index of the last seed."""
        me = self.holes[mv.p]
        last = t
        for _ in range(n):
            h = hole(t)
            me[h] += 1
            if h >= 8 and not any(me[:8]):
                if self.rules.self_empty == "illegal":
                    raise Illegal("front row emptied")
                mv.lost = True
            last = t
            t = (t + mv.d) % 16
        if mv.lost:
            mv.events.append("self-empty-loss")
            self._end_game(winner_name(1 - mv.p))
            raise _Over()
        return last

    def _capture(self, mv, h, kichwa=None):
        """Capture the hole facing own front hole h and sow its seeds from a kichwa (B12, B13).
        `kichwa` is the start action's direction for the first capture of a namua move."""
        self._begin_lap(mv)
        p, o = mv.p, 1 - mv.p
        op = self.holes[o]
        n = op[7 - h]
        op[7 - h] = 0
        if 7 - h == HOUSE and self.owned[o]:
            self.owned[o] = False
        if not mv.namua and self.rules.mtaji_capture_ends_house:
            # B17: the first capture made in the mtaji stage ends both players' ownership
            self.owned = [False, False]
        mv.events.append("capture")
        if h in (0, 1):
            d = CW
        elif h in (6, 7):
            d = ACW
        elif kichwa is not None:
            d = kichwa
        else:
            d = mv.d
        if mv.d is not None and d != mv.d:
            mv.events.append("reverse")
        mv.d = d
        start = 0 if d == CW else 7
        if not any(op[:8]):                       # B23: bao hamna
            self._sow(mv, start, n)
            mv.events.append("bao-hamna")
            self._end_game(winner_name(p))
            raise _Over()
        return self._sow(mv, start, n)

    def _relay(self, mv, cur):
        """Lift the hole at track index cur and sow it on (B7), after the lap cap check."""
        self._begin_lap(mv)
        n = self._lift(mv.p, hole(cur))
        return self._sow(mv, (cur + mv.d) % 16, n)

    def _continue(self, mv, cur):
        """Judge lap ends from track index cur until the move ends ("end") or asks the
        stop/safari decision ("decide")."""
        p = mv.p
        me, op = self.holes[p], self.holes[1 - p]
        while True:
            h = hole(cur)
            if me[h] == 1:
                return "end"
            if mv.capturing and h < 8 and op[7 - h] > 0:
                cur = self._capture(mv, h)
                continue
            if h == HOUSE and self._functional(p, mv.namua):
                if not mv.capturing:
                    mv.events.append("house-stop")         # B18, BM12
                    return "end"
                if mv.namua or self.rules.mtaji_safari == "choice":
                    self.pend = (mv, cur)                  # B19, BM13
                    return "decide"
                mv.events.append("forced-safari")
            if not mv.capturing and mv.X is not None and h == mv.X:
                mv.events.append("takasia-stop")           # B22, BM17
                return "end"
            cur = self._relay(mv, cur)

    def _start_body(self, mv, a):
        p = mv.p
        me = self.holes[p]
        h = a % 16
        d = CW if a < 16 else ACW
        if mv.namua:
            was_functional = h == HOUSE and self._functional(p, True)
            before = me[h]
            me[h] += 1
            self.hand[p] -= 1
            if mv.capturing:                               # B9
                cur = self._capture(mv, h, kichwa=d)
                return self._continue(mv, cur)
            mv.d = d                                       # B15, B16
            if was_functional:
                self._begin_lap(mv)
                if self.rules.tax_all_at_min and before == self.rules.house_min:
                    mv.events.append("tax-all")
                    n = self._lift(p, HOUSE)
                else:
                    mv.events.append("tax")
                    n = 2
                    me[HOUSE] -= 2
                    if me[HOUSE] == 0:
                        self.owned[p] = False
                cur = self._sow(mv, (h + d) % 16, n)
                return self._continue(mv, cur)
            cur = self._relay(mv, h)
            return self._continue(mv, cur)
        mv.d = d                                           # B10, B20
        cur = self._relay(mv, track(h))
        return self._continue(mv, cur)

    def _simulate(self, a, capturing, target):
        """The raw result of start action a: (state, status, move) or None if illegal.
        status "end" (turn passes), "decide" (stop/safari asked) or "over"."""
        s = self.copy()
        p = self.to_move
        mv = Move(p, self.hand[p] > 0, capturing, None, self.takasia)
        try:
            status = s._start_body(mv, a)
        except Illegal:
            return None
        except _Sleep:
            status = "end"
        except _Over:
            status = "over"
        return (s, status, mv)

    def _simulate_safari(self):
        s = self.copy()
        mv, cur = s.pend
        s.pend = None
        mv.events.append("safari")
        try:
            cur = s._relay(mv, cur)
            status = s._continue(mv, cur)
        except Illegal:
            return None
        except _Sleep:
            status = "end"
        except _Over:
            status = "over"
        return (s, status, mv)

    # ------------------------------------------------------------------ legality
    def _capture_starts(self):
        """Capture-kind starts of the player to move: list of (action, target)."""
        p = self.to_move
        me = self.holes[p]
        out = []
        if self.hand[p] > 0:
            for h in range(8):
                tgt = self._namua_capture_target(p, h)
                if tgt is None:
                    continue
                if h not in (6, 7):
                    out.append((h, tgt))
                if h not in (0, 1):
                    out.append((16 + h, tgt))
        else:
            for h in range(16):
                if me[h] < 2:
                    continue
                for base, d in ((0, CW), (16, ACW)):
                    tgt = self._mtaji_capture_target(p, h, d)
                    if tgt is not None:
                        out.append((base + h, tgt))
        return out

    def _legal_captures(self):
        """Legal capture-kind starts: list of (action, target, raw result)."""
        out = []
        for a, tgt in self._capture_starts():
            raw = self._simulate(a, True, tgt)
            if raw is not None:
                out.append((a, tgt, raw))
        return out

    def _takasa_starts(self):
        """Takasa start actions of the player to move before the legality simulation,
        as (front starts, back starts)."""
        p = self.to_move
        me = self.holes[p]
        front, back = [], []
        if self.hand[p] > 0:
            functional = self._functional(p, True)
            occupied = [h for h in range(8) if me[h] >= 1]
            big_other = any(me[h] >= 2 for h in range(8) if not (functional and h == HOUSE))
            for h in occupied:
                if self._namua_capture_target(p, h) is not None:
                    continue
                if functional and h == HOUSE:
                    if occupied != [HOUSE]:
                        continue                           # B15 (tax only when alone, B16)
                elif me[h] == 1:
                    with_house = self.rules.singleton_entry == "with-house" and functional
                    if big_other and not with_house:
                        continue                           # B15 singletons, BM9
                front += [h, 16 + h]
        else:
            for h in range(16):
                if me[h] < 2:
                    continue
                for base, d in ((0, CW), (16, ACW)):
                    if self._mtaji_capture_target(p, h, d) is None:
                        (front if h < 8 else back).append(base + h)
        return front, back

    def _move_successors(self):
        p = self.to_move
        caps = self._legal_captures()
        if self.must[p] is not None:                        # BM17: P must take X
            forced = [c for c in caps if c[1] == self.must[p]]
            if forced:
                caps = forced
                for c in caps:
                    c[2][2].events.append("must-take")
        if caps:
            return {a: raw for a, _, raw in caps}
        front, back = self._takasa_starts()
        legal_front = {}
        for a in front:
            raw = self._simulate(a, False, None)
            if raw is not None:
                legal_front[a] = raw
        X = self.takasia
        if not self.rules.malawi:
            if X is not None:                                # B22: not from X
                legal_front = {a: v for a, v in legal_front.items() if a % 16 != X}
            if legal_front or self.hand[p] > 0:
                return legal_front
            legal = {}
            for a in back:                                   # B20: back row
                raw = self._simulate(a, False, None)
                if raw is not None:
                    raw[2].events.append("back-start")
                    legal[a] = raw
            return legal
        legal = legal_front
        if not legal and self.hand[p] == 0:
            for a in back:
                raw = self._simulate(a, False, None)
                if raw is not None:
                    raw[2].events.append("back-start")
                    legal[a] = raw
        if self.hand[p] == 0 and self.owned[p] and self.holes[p][HOUSE] >= 2:
            kuu = {a: v for a, v in legal.items() if a % 16 == HOUSE}
            if kuu:                                          # BM15
                if len(kuu) < len(legal):
                    for v in kuu.values():
                        v[2].events.append("kuu-first-takata")
                legal = kuu
        if X is not None and not all(a % 16 == X for a in legal):
            legal = {a: v for a, v in legal.items() if a % 16 != X}   # BM17
        return legal

    def _successors(self):
        """dict action -> raw result (None for the opening phases)."""
        if self._cache is not None:
            return self._cache
        if self.result is not None:
            succ = {}
        elif self.phase == "place":
            succ = {PLACE0 + h: None for h in range(self.place_from, 16)}
        elif self.phase == "take":
            north, south = self.holes[NORTH], self.holes[SOUTH]
            succ = {TAKE0 + h: None for h in (4, 5, 6)
                    if north[h] > 0 and south[7 - h] > 0}
            succ[PASS] = None
        elif self.phase == "decide":
            succ = {STOP: None}
            raw = self._simulate_safari()
            if raw is not None:
                succ[SAFARI] = raw
        else:
            succ = self._move_successors()
        self._cache = succ
        return succ

    def legal_actions(self):
        return sorted(self._successors())

    # ------------------------------------------------------------------ playing
    def child(self, action):
        succ = self._successors()
        if action not in succ:
            raise ValueError("illegal action %r (legal %r)" % (action, sorted(succ)))
        p = self.to_move
        if self.phase == "place":
            s = self.copy()
            h = action - PLACE0
            s.holes[p][h] += 1
            s.place_left[p] -= 1
            s.place_from = h
            s.events = ["place"]
            if s.place_left[p] == 0:
                s.place_from = 0
                if p == SOUTH:
                    s.to_move = NORTH
                    s.phase = "take"
                else:
                    s.to_move = SOUTH
                    s.phase = "move"
                    s._check_start()
        elif self.phase == "take":
            s = self.copy()
            north = s.holes[NORTH]
            taken = 0
            if action != PASS:
                h = action - TAKE0
                taken = s.holes[SOUTH][7 - h]
                s.holes[SOUTH][7 - h] = 0
                s.events = ["opening-take"]
            north[5] = north[6] = 0
            s.hand[NORTH] -= 1
            s.place_left[NORTH] = 5 + taken
            s.phase = "place"
            s.place_from = 0
        elif self.phase == "decide" and action == STOP:
            s = self.copy()
            mv, _ = s.pend
            mv.events.append("stop")
            s.pend = None
            s.phase = "move"
            s.last_move = mv
            s.events = list(mv.events)
            s._end_move(mv)
        else:
            raw, status, mv = succ[action]
            s = raw.copy()
            mv = mv.copy()
            s.last_move = mv
            s.events = list(mv.events)
            if status == "decide":
                s.phase = "decide"
                s.pend = (mv, raw.pend[1])
                s.events.append("decision")
                if mv.laps >= s.rules.max_laps:
                    s.events.append("decision-at-lap-cap")
            elif status == "end":
                s.phase = "move"
                s.pend = None
                s._end_move(mv)
            # "over": the result is set already
        s.ply = self.ply + 1
        if s.result is None and s.ply >= s.rules.max_plies:
            s._end_game("capped-plies")
        return s

    def play(self, action):
        s = self.child(action)
        self.__dict__.update(s.__dict__)

    def _end_move(self, mv):
        """The turn passes: clear the restrictions of this move, compute takasia (B22,
        BM17), then test the game end for the new mover (B23)."""
        p, o = mv.p, 1 - mv.p
        self.takasia = None
        self.must[p] = None
        self.to_move = o
        self._cache = None
        if self.rules.takasia and not mv.namua and not mv.capturing:
            self._compute_takasia(p)
        self._check_start()

    def _compute_takasia(self, p):
        o = 1 - p
        if self._legal_captures():          # O has a legal capture: no takasia
            return
        hyp = self.copy()
        hyp.to_move = p
        hyp.takasia = None
        hyp.must = [None, None]
        targets = {tgt for _, tgt, _ in hyp._legal_captures()}
        if len(targets) != 1:
            return
        X = targets.pop()
        if not self.rules.malawi:
            front = self.holes[o][:8]
            occupied = [h for h in range(8) if front[h] >= 1]
            big = [h for h in range(8) if front[h] >= 2]
            if (X == HOUSE and self.owned[o]) or occupied == [X] or big == [X]:
                self.events.append("takasia-excepted")
                return
        self.takasia = X
        self.events.append("takasia")
        if self.rules.malawi:
            self.must[p] = X

    def _check_start(self):
        """B23: the player to move loses if his front row is empty or he has no legal
        action."""
        if self.result is not None or self.phase != "move":
            return
        p = self.to_move
        if not any(self.holes[p][:8]):
            self.events.append("front-empty-loss")
            self._end_game(winner_name(1 - p))
            return
        if not self._successors():
            self.events.append("no-move-loss")
            self._end_game(winner_name(1 - p))


# ---------------------------------------------------------------------- notation


def hole_name(h, player):
    if h < 8:
        return ("A" if player == SOUTH else "a") + str(h + 1)
    return ("B" if player == SOUTH else "b") + str(h - 7)


def action_text(action, player):
    """Notation of an action for `player` (the mover)."""
    if action < 32:
        return hole_name(action % 16, player) + (">" if action < 16 else "<")
    if action == STOP:
        return "stop"
    if action == SAFARI:
        return "safari"
    if action < TAKE0:
        return "+" + hole_name(action - PLACE0, player)
    if action < PASS:
        return "x" + hole_name(action - TAKE0, player)
    return "pass"


def parse_action(text):
    """Inverse of action_text (the player is implied by the letter case)."""
    if text == "stop":
        return STOP
    if text == "safari":
        return SAFARI
    if text == "pass":
        return PASS
    if text[0] == "+":
        return PLACE0 + _hole_of(text[1:])
    if text[0] == "x":
        return TAKE0 + _hole_of(text[1:])
    h = _hole_of(text[:-1])
    return h if text[-1] == ">" else 16 + h


def _hole_of(name):
    row, num = name[0].upper(), int(name[1:])
    return num - 1 if row == "A" else num + 7


# ---------------------------------------------------------------------- entry points


def make_rules(variant, rules=None, limits=None):
    kw = dict(rules or {})
    kw.update(limits or {})
    return Rules(variant, **kw)


def initial_state(variant, rules=None, limits=None):
    return State(make_rules(variant, rules, limits))


def perft(start, depth):
    """counts[d-1] = number of action sequences of exactly d actions from `start`.
    Memoised on the full position (the ply count is part of it, so this is exact)."""
    memo = {}

    def count(s, d):
        if d == 0 or s.terminal:
            return (0,) * d
        key = (s.key(), d)
        hit = memo.get(key)
        if hit is not None:
            return hit
        legal = s.legal_actions()
        totals = [len(legal)] + [0] * (d - 1)
        if d > 1:
            for a in legal:
                sub = count(s.child(a), d - 1)
                for k, v in enumerate(sub):
                    totals[k + 1] += v
        result = tuple(totals)
        memo[key] = result
        return result

    return list(count(start, depth))


def perft_plain(start, depth):
    counts = [0] * depth

    def walk(s, d):
        if d == depth or s.terminal:
            return
        legal = s.legal_actions()
        counts[d] += len(legal)
        for a in legal:
            walk(s.child(a), d + 1)

    walk(start, 0)
    return counts


# ---------------------------------------------------------------------- self-test


def from_rows(variant, b, a, A, B, hands=(0, 0), owned=(True, True), to_move=SOUTH,
              takasia=None, rules=None, limits=None):
    """A position drawn as South sees it: rows b8..b1, a8..a1, A1..A8, B1..B8."""
    south = list(A) + list(B)
    north = list(reversed(a)) + list(reversed(b))
    return State.from_position(make_rules(variant, rules, limits), south, north, hands,
                               owned, to_move, takasia)


def rows_of(s):
    """(b8..b1, a8..a1, A1..A8, B1..B8) of a position."""
    S, N = s.holes
    return (list(reversed(N[8:])), list(reversed(N[:8])), S[:8], S[8:])


def legal_text(s):
    return sorted(action_text(a, s.to_move) for a in s.legal_actions())


def play_text(s, *moves):
    for m in moves:
        s = s.child(parse_action(m))
    return s


class SelfTest:
    def __init__(self):
        self.failures = []
        self.checks = 0

    def eq(self, what, got, want):
        self.checks += 1
        if got != want:
            self.failures.append("%s: got %r, want %r" % (what, got, want))

    def legal(self, what, s, want):
        self.eq(what + " legal", legal_text(s), sorted(want))

    def board(self, what, s, b=None, a=None, A=None, B=None):
        rb, ra, rA, rB = rows_of(s)
        for name, got, want in (("b", rb, b), ("a", ra, a), ("A", rA, A), ("B", rB, B)):
            if want is not None:
                self.eq("%s row %s" % (what, name), got, list(want))


def selftest(verbose=True):
    t = SelfTest()
    Z = [0] * 8
    H = (10, 10)   # seeds in hand for the Game Cabinet diagrams (any 1+ gives the same)

    # 1. start position
    s0 = initial_state("bao")
    t.legal("ex1", s0, ["A6>", "A6<", "A7>", "A7<"])
    t.board("ex1 A6<", play_text(s0, "A6<"), A=[0, 0, 1, 1, 7, 0, 2, 0], B=Z)
    t.board("ex1 A6>", play_text(s0, "A6>"), A=[0, 0, 0, 0, 6, 0, 3, 1],
            B=[0, 0, 0, 0, 0, 0, 0, 1])
    t.board("ex1 A7>", play_text(s0, "A7>"), A=[0, 0, 0, 0, 6, 2, 0, 1],
            B=[0, 0, 0, 0, 0, 0, 1, 1])
    t.eq("ex1 A7> laps", play_text(s0, "A7>").last_move.laps, 1)

    # 2. Ramadhan v. Kijumbe: A7< a5<
    s = play_text(s0, "A7<")
    t.board("ex2 A7<", s, A=[0, 0, 0, 1, 7, 3, 0, 0])
    t.eq("ex2 hands", s.hand, [21, 22])
    t.legal("ex2 after A7<", s, ["a5>", "a5<"])
    s = play_text(s, "a5<")
    t.board("ex2", s, b=Z, a=[1, 2, 2, 7, 0, 0, 0, 0], A=[0, 0, 0, 0, 7, 3, 0, 0], B=Z)
    t.eq("ex2 hands after", s.hand, [21, 21])
    t.eq("ex2 owned", s.owned, [True, True])

    # 3. diagram 3 -> 4
    s = from_rows("bao", Z, [1, 0, 1, 8, 1, 2, 0, 0], [0, 0, 0, 0, 7, 0, 2, 1], Z, H)
    t.legal("ex3", s, ["A5>", "A5<"])
    t.board("ex3", play_text(s, "A5>"), b=Z, a=[1, 0, 1, 8, 0, 2, 0, 0],
            A=[1, 0, 0, 0, 8, 0, 2, 1], B=Z)

    # 4, 5. diagram 5 -> 7, 8
    s = from_rows("bao", Z, [1, 0, 1, 8, 3, 2, 0, 0], [0, 0, 0, 0, 7, 0, 0, 0], Z, H)
    t.legal("ex4", s, ["A5>", "A5<"])
    t.board("ex4", play_text(s, "A5>"), b=Z, a=[1, 0, 1, 8, 0, 2, 0, 0],
            A=[1, 1, 1, 0, 8, 0, 0, 0], B=Z)
    t.board("ex5", play_text(s, "A5<"), b=Z, a=[1, 0, 1, 8, 0, 2, 0, 0],
            A=[0, 0, 0, 0, 8, 1, 1, 1], B=Z)

    # 6-9. diagram 9
    s = from_rows("bao", Z, [4, 3, 1, 8, 0, 2, 5, 6], [1, 2, 0, 0, 8, 0, 3, 4], Z, H)
    t.legal("ex6-9", s, ["A1>", "A2>", "A7<", "A8<"])
    for ex, m, a, A in (("ex6", "A1>", [0, 3, 1, 8, 0, 2, 5, 6], [3, 3, 1, 1, 8, 0, 3, 4]),
                        ("ex7", "A2>", [4, 0, 1, 8, 0, 2, 5, 6], [2, 4, 1, 0, 8, 0, 3, 4]),
                        ("ex8", "A7<", [4, 3, 1, 8, 0, 2, 0, 6], [1, 2, 0, 1, 9, 1, 5, 5]),
                        ("ex9", "A8<", [4, 3, 1, 8, 0, 2, 5, 0], [1, 2, 1, 1, 9, 1, 4, 6])):
        t.board(ex, play_text(s, m), b=Z, a=a, A=A, B=Z)

    # 10, 11. diagram 14
    s = from_rows("bao", Z, [0, 3, 4, 8, 0, 2, 5, 6], [0, 2, 1, 0, 8, 0, 3, 4], Z, H)
    t.legal("ex10", s, ["A2>", "A3>", "A3<", "A7<", "A8<"])
    t.board("ex10", play_text(s, "A2>"), b=Z, a=[0, 0, 0, 8, 0, 2, 5, 6],
            A=[2, 5, 3, 1, 8, 0, 3, 4], B=Z)
    d = play_text(s, "A8<")
    t.eq("ex11 decision phase", (d.phase, d.to_move), ("decide", SOUTH))
    t.legal("ex11 decision", d, ["stop", "safari"])
    sa = play_text(d, "safari")
    t.board("ex11 safari", sa, b=Z, a=[0, 3, 0, 8, 0, 2, 5, 0], A=[1, 3, 3, 2, 0, 2, 5, 7],
            B=[1, 1, 1, 1, 1, 1, 0, 0])
    t.eq("ex11 safari owned", sa.owned[SOUTH], False)
    st = play_text(d, "stop")
    t.board("ex11 stop", st, b=Z, a=[0, 3, 0, 8, 0, 2, 5, 0], A=[0, 2, 2, 1, 10, 2, 5, 7],
            B=Z)
    t.eq("ex11 stop owned", st.owned[SOUTH], True)

    # 12. diagram 17 -> 18
    s = from_rows("bao", Z, [1, 0, 0, 7, 0, 0, 0, 2], [0, 2, 3, 2, 0, 2, 5, 0], Z, H)
    t.legal("ex12", s, ["A4>", "A4<"])
    r = play_text(s, "A4>")
    t.board("ex12 A4>", r, b=Z, a=[1, 0, 0, 0, 0, 0, 0, 2], A=[1, 3, 4, 4, 1, 3, 0, 1],
            B=[0, 0, 0, 1, 1, 1, 1, 1])
    t.eq("ex12 north house lost", r.owned[NORTH], False)
    t.board("ex12 A4<", play_text(s, "A4<"), A=[1, 0, 4, 4, 1, 3, 6, 1],
            B=[1, 1, 0, 0, 0, 0, 0, 0])

    # 13. diagram 19
    s = from_rows("bao", Z, [0, 1, 2, 10, 4, 4, 0, 0], [2, 1, 0, 0, 12, 0, 0, 0], Z, H)
    t.legal("ex13", s, ["A2>", "A5>", "A5<"])
    d = play_text(s, "A5<")
    t.legal("ex13 decision", d, ["stop", "safari"])
    st = play_text(d, "stop")
    t.board("ex13 stop", st, b=Z, a=[0, 1, 2, 10, 0, 4, 0, 0], A=[2, 1, 0, 0, 14, 1, 1, 1],
            B=Z)
    t.eq("ex13 stop owned", st.owned[SOUTH], True)
    sa = play_text(d, "safari")
    t.board("ex13 safari", sa, A=[3, 2, 1, 1, 1, 2, 0, 2], B=[1] * 8)
    t.eq("ex13 safari owned", sa.owned[SOUTH], False)

    # 14. diagram 22: the tax
    s = from_rows("bao", Z, [0, 1, 2, 9, 0, 2, 0, 0], [0, 0, 0, 0, 9, 0, 0, 0], Z, H)
    t.legal("ex14", s, ["A5>", "A5<"])
    r = play_text(s, "A5>")
    t.board("ex14 A5>", r, A=[0, 0, 0, 0, 8, 1, 1, 0], B=Z)
    t.eq("ex14 owned", r.owned[SOUTH], True)
    t.board("ex14 A5<", play_text(s, "A5<"), A=[0, 0, 1, 1, 8, 0, 0, 0], B=Z)

    # 15. diagram 23, mtaji stage
    s = from_rows("bao", Z, [0, 0, 0, 0, 5, 6, 0, 0], [0, 3, 0, 0, 4, 1, 0, 0],
                  [0, 9, 0, 0, 0, 0, 0, 0], (0, 0), (False, False))
    t.legal("ex15", s, ["A2>", "B2<"])
    t.board("ex15 A2>", play_text(s, "A2>"), b=Z, a=[0, 0, 0, 0, 0, 6, 0, 0],
            A=[1, 1, 2, 2, 0, 2, 1, 1], B=[0, 9, 0, 0, 0, 1, 1, 1])
    t.board("ex15 B2<", play_text(s, "B2<"), b=Z, a=[0, 0, 0, 0, 5, 0, 0, 0],
            A=[0, 3, 1, 1, 5, 3, 2, 2], B=[0, 0, 1, 1, 1, 1, 1, 1])

    # 16. Mancala World puzzle 1
    s = from_rows("bao", [2, 2, 4, 6, 0, 0, 3, 4], [3, 0, 3, 0, 0, 5, 1, 0],
                  [2, 0, 1, 2, 0, 1, 1, 1], [1, 2, 4, 5, 3, 3, 3, 2], (0, 0), (False, False))
    t.legal("ex16", s, ["A1>", "A4>", "B8<", "B7<", "B2>"])
    r = play_text(s, "B2>")
    t.eq("ex16 result", r.result, "south")
    t.eq("ex16 north front", r.holes[NORTH][:8], [0] * 8)
    t.eq("ex16 captures", r.last_move.events.count("capture"), 4)

    # 17. Mancala World puzzle 2, North to move
    s = from_rows("bao", [1, 1, 2, 2, 3, 3, 0, 0], [1, 2, 2, 0, 12, 0, 2, 0],
                  [2, 3, 2, 4, 2, 0, 3, 0], [8, 0, 1, 5, 2, 1, 0, 0], (0, 0), (False, False),
                  to_move=NORTH)
    t.legal("ex17", s, ["a2>", "a4<", "a6>", "a6<"])
    s1 = play_text(s, "a4<")
    t.legal("ex17 after a4<", s1, ["A4>", "A4<"])
    s2 = play_text(s1, "A4<")
    t.legal("ex17 after A4<", s2, ["b8<", "b6<", "b3>", "b3<", "b2>"])
    s3 = play_text(s2, "b3>")
    t.legal("ex17 after b3>", s3, ["B4<"])
    t.eq("ex17 main line", play_text(s3, "B4<", "b2>").result, "north")
    t.eq("ex17 side line", play_text(s1, "A4>", "b2>").result, "north")

    # 18. the never-ending move
    line = ["A6<", "a6<", "A4<", "a6<", "A5>", "a3<", "A8<", "safari", "a8<", "A4<", "a4>",
            "A8<", "a7<", "A1>", "a4<", "A6<", "a4>", "A2>", "a4>", "A4>", "a4>", "A7<",
            "a4>"]
    s = s0
    for k, m in enumerate(line):
        lg = legal_text(s)
        if m not in lg:
            t.eq("ex18 ply %d %s legal" % (k + 1, m), lg, "contains " + m)
            break
        s = play_text(s, m)
        if m != "safari" and line[k + 1:k + 2] != ["safari"]:
            t.eq("ex18 ply %d no decision" % (k + 1), s.phase, "move")
    t.board("ex18 position", s, b=Z, a=[0, 0, 0, 0, 9, 0, 0, 1], A=[1, 6, 3, 1, 0, 5, 4, 0],
            B=[2, 1, 0, 5, 0, 3, 0, 1])
    t.eq("ex18 hands", s.hand, [11, 11])
    t.eq("ex18 owned", s.owned, [False, False])
    t.eq("ex18 to move", s.to_move, SOUTH)
    t.legal("ex18", s, ["A2>", "A2<", "A3>", "A6>", "A6<", "A7>", "A7<"])
    t.eq("ex18 period", endless_period(s, parse_action("A3<")), 228)

    # 19. K.I.B.A. 4.5: takasia, North to move, a4 takasiaed, no house owned
    b19, a19 = [0, 1, 2, 1, 4, 8, 2, 2], [10, 0, 0, 10, 2, 1, 0, 1]
    A19, B19 = [0, 2, 0, 0, 1, 1, 0, 0], [0, 0, 2, 2, 0, 2, 6, 4]
    s = from_rows("bao", b19, a19, A19, B19, (0, 0), (False, False), NORTH, takasia=3)
    t.legal("ex19", s, ["a8>", "a8<", "a5>", "a5<"])
    for m, laps, end, a4 in (("a8>", 1, "a2", 2), ("a8<", 5, "a4", 5), ("a5>", 2, "a2", 2),
                             ("a5<", 10, "a3", 6)):
        r = play_text(s, m)
        t.eq("ex19 %s laps" % m, r.last_move.laps, laps)
        t.eq("ex19 %s a4" % m, r.holes[NORTH][3], a4)
        t.eq("ex19 %s takasia-stop" % m, "takasia-stop" in r.last_move.events, end == "a4")
        t.eq("ex19 %s last hole" % m, hole_name(last_hole(s, parse_action(m)), NORTH), end)
    # South's only capture would be B8<, taking a4; North has none
    hyp = from_rows("bao", b19, a19, A19, B19, (0, 0), (False, False), SOUTH)
    t.eq("ex19 South's captures", sorted(action_text(a, SOUTH) for a, _, _ in
                                         hyp._legal_captures()), ["B8<"])
    # the nkkmd predecessor: A7< creates the takasia on a4
    pre = from_rows("bao", b19, a19, [0, 2, 0, 0, 0, 0, 2, 0], B19, (0, 0), (False, False))
    r = play_text(pre, "A7<")
    t.board("ex19 predecessor", r, A=A19, B=B19)
    t.eq("ex19 predecessor takasia", r.takasia, 3)
    t.legal("ex19 predecessor", r, ["a8>", "a8<", "a5>", "a5<"])

    # bao-kujifunza: start
    k0 = initial_state("bao-kujifunza")
    t.legal("kujifunza start", k0, ["A1>", "A2>", "A3>", "A3<", "A4>", "A4<", "A5>", "A5<",
                                    "A6>", "A6<", "A7<", "A8<", "B8<", "B7<", "B2>", "B1>"])

    # bao-malawi: start
    m0 = initial_state("bao-malawi")
    t.legal("malawi start", m0, ["A6>", "A6<", "A7>", "A7<"])
    m1 = play_text(m0, "A7<")
    t.board("malawi A7<", m1, A=[0, 0, 0, 1, 9, 3, 0, 0])
    t.eq("malawi hands", m1.hand, [19, 20])
    t.legal("malawi after A7<", m1, ["a5>", "a5<"])

    # a few checks of the conventions themselves (derived here, not from the docs)
    # lap cap: example 18's A3< with max_laps 40
    for mode, legal_a3, result in (("illegal", False, None), ("sleep", True, None),
                                   ("capped", True, "capped-laps")):
        s = State(make_rules("bao", {"endless_move": mode}, {"max_laps": 40}))
        for m in line:
            s = play_text(s, m)
        t.eq("cap %s A3< legal" % mode, "A3<" in legal_text(s), legal_a3)
        if legal_a3:
            r = play_text(s, "A3<")
            t.eq("cap %s result" % mode, (r.result, r.last_move.laps), (result, 40))
            t.eq("cap %s to move" % mode, r.to_move, NORTH if mode == "sleep" else None)
    # B21: a lone kichwa sown into the back row
    for mode, want in (("illegal", ["A1>"]), ("loses", ["A1>", "A1<"])):
        s = from_rows("bao", Z, [0, 0, 0, 0, 0, 0, 0, 2], [3, 0, 0, 0, 0, 0, 0, 0],
                      [0, 0, 2, 0, 0, 0, 0, 0], (0, 0), (False, False),
                      rules={"self_empty": mode})
        t.legal("B21 %s" % mode, s, want)
    r = play_text(s, "A1<")
    t.eq("B21 loses result", r.result, "north")
    t.board("B21 loses", r, A=Z, B=[1, 1, 3, 0, 0, 0, 0, 0])
    # BM7: the kuu guard
    s = from_rows("bao-malawi", Z, [0, 0, 0, 8, 1, 0, 0, 0], [0, 0, 0, 1, 8, 0, 0, 0], Z,
                  (10, 10))
    t.legal("BM7 guarded", s, ["A5>", "A5<"])
    s = from_rows("bao-malawi", Z, [0, 0, 0, 8, 0, 0, 0, 0], [0, 0, 0, 1, 8, 0, 0, 0], Z,
                  (10, 10))
    t.legal("BM7 not threatened", s, ["A4>", "A4<"])
    # BM15: the first second-stage takata from a still-owned kuu
    for owned, want in ((True, ["A5>", "A5<"]), (False, ["A2>", "A2<", "A5>", "A5<"])):
        s = from_rows("bao-malawi", Z, [0, 0, 0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 3, 0, 0, 0], Z,
                      (0, 0), (owned, True))
        t.legal("BM15 owned=%s" % owned, s, want)

    adv = initial_state("bao-malawi", {"opening": "advanced"})
    t.eq("advanced start in_hand", adv.in_hand(), [24, 20])
    t.eq("advanced start legal", adv.legal_actions(), list(range(PLACE0, PLACE0 + 16)))
    a = play_text(adv, "+A2", "+A3", "+A3", "+A4", "+B8")
    t.eq("advanced take legal", legal_text(a), sorted(["xa5", "xa6", "xa7", "pass"]))
    a = play_text(a, "xa6")
    t.eq("advanced after take in_hand", a.in_hand(), [19, 19 + 7])
    t.eq("advanced after take South A3", a.holes[SOUTH][2], 0)
    t.eq("advanced after take North board", sum(a.holes[NORTH]), 8)

    if verbose:
        for f in t.failures:
            print("FAIL", f)
        print("selftest: %d checks, %d failures" % (t.checks, len(t.failures)))
    return t.failures


def last_hole(s, action):
    """The hole index where the last lap of the takasa start `action` ends (example 19)."""
    return _replay_last_end(s, action, s.child(action).last_move.laps)


def _replay_last_end(s, action, laps):
    """Sow the takasa `action` lap by lap (no captures, no house) and return the hole index of
    the end of lap `laps`."""
    p = s.to_move
    me = list(s.holes[p])
    h = action % 16
    d = CW if action < 16 else ACW
    if s.hand[p] > 0:
        me[h] += 1
    cur = track(h)
    for _ in range(laps):
        n = me[hole(cur)]
        me[hole(cur)] = 0
        for _ in range(n):
            cur = (cur + d) % 16
            me[hole(cur)] += 1
    return hole(cur)


def endless_period(s, action, limit=20000):
    """Laps of the repeating cycle of a takasa that never ends (example 18), or None."""
    p = s.to_move
    me = list(s.holes[p])
    h = action % 16
    d = CW if action < 16 else ACW
    if s.hand[p] > 0:
        me[h] += 1
    cur = track(h)
    seen = {}
    for lap in range(1, limit):
        n = me[hole(cur)]
        me[hole(cur)] = 0
        for _ in range(n):
            cur = (cur + d) % 16
            me[hole(cur)] += 1
        if me[hole(cur)] == 1:
            return None
        k = (tuple(me), cur)
        if k in seen:
            return lap - seen[k]
        seen[k] = lap
    return None


if __name__ == "__main__":
    if "--selftest" in sys.argv[1:]:
        sys.exit(1 if selftest() else 0)
    print(__doc__)
