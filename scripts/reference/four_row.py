#!/usr/bin/env python3
"""Independent Python reference for the four-row games omweso, coro, kombe and mongale.

Written from docs/rules/omweso.md and docs/rules/coro.md (and the decisions list they were
written from), and for kombe and mongale from the project's decisions on them (the differences
from Omweso: K1..K6, M1..M3), without looking at the Rust engine. It is meant to be read, not to
be fast.

Conventions:
- Players 0 = South (moves first), 1 = North.
- Internally each player's 16 holes are kept by track index: A..H = 0..7 (back row, owner's
  left to right), J K M N P R S T = 8..15 (front row, owner's right to left). Anticlockwise
  sowing goes up the track index (15 wraps to 0), clockwise goes down.
- A front hole at track i (8..15) faces the opponent's column i-8, that is his back hole at
  track i-8 and his front hole at track 23-i (J faces a and t, T faces h and j).
- Snapshot `pits` (32): South's front row from South's left (T S R P N M K J), South's back
  row from South's left (A..H), North's front row from North's left (t s r p n m k j), North's
  back row from North's left (a..h). `in_hand` [south, north]: captured seeds in hand (during
  a sow< / sow> decision, or at a game end that leaves them in hand) and seeds still to place
  in the free set-up. `stores` is always [0, 0].
- Actions (relative to the mover): 0..15 start anticlockwise from that track index; 16..19
  reverse (clockwise) start from A, B, S, T; 20 take; 21 relay; 22 sow< (captured seeds
  anticlockwise); 23 sow> (clockwise); 24..39 place a seed in track index action-24;
  40 relay> (kombe and mongale only: turn clockwise at an occupied A, B, S or T in the middle
  of a move). 41 actions.
- Returns [1,-1] South wins, [-1,1] North wins, [0,0] capped, drawn (mongale's count) or not
  over. Mongale's counting end also sets `scores` (seeds on each side).

Readings chosen where the docs leave room (see also the report in make_golden_four_row.py):
- Lap cap: every handful is one lap (the first handful, each relay, each sowing of captured
  seeds, either direction). The cap is applied at the moment a handful numbered max_laps+1
  would be lifted/sown: the game ends as "capped-laps" with the board as it is then. For a
  relay the relayed hole is not lifted. For a capture the capture itself has been made (the
  opponent's holes, and in coro the capturing hole, are emptied) and the seeds are left in
  the mover's hand (in_hand). Decisions (take/relay, sow</sow>) are asked as usual before
  that point; a decision is not a handful. A capture that completes nkutemye ends the game
  as a win before any further handful is needed, so it wins over the lap cap.
- Ply cap: after an action, if the game did not end by its own rules and plies >= max_plies,
  the game ends as "capped-plies" (also in the middle of a move or of the set-up). A natural
  end on the last allowed ply wins over the cap.
- Nkutemye: the captured seeds of the completing capture are not sown; they go into the
  capturing hole (R14), so the board still holds all 64.
- "Occupied before the last seed arrived" includes seeds dropped earlier in the same handful
  (a handful of 17+ seeds passes over its landing hole first).

Kombe and mongale (the "kombe rules"; mongale differs only in its start and its counting end):
- A capture takes only the opponent's front hole of the column (K2); the conditions are
  Omweso's.
- The clockwise chain from a hole x with n seeds in hand: sow clockwise from the hole
  clockwise of x; the handful must not pass from J on to H (n <= (x - 8) mod 16); if its last
  seed falls in an empty hole the chain fails; in an occupied front hole that offers a capture
  the chain captures (at once, no decision); otherwise (occupied, no capture) the hole is lifted
  and relayed clockwise and the chain goes on. It is deterministic and always finishes (every
  handful moves strictly towards J). The reverse direction may be chosen only where this chain
  captures: at the start (actions 16..19), in the middle of a move at an occupied A, B, S or T
  reached by an anticlockwise handful (action 40, K3 (b)), and for captured seeds after a
  clockwise capture (sow>, K3 (c)), from the hole last left empty (the start hole or the last
  clockwise-relayed hole).
- Legality of the reverse direction is a rule-level check: it ignores the lap cap. When the
  chain is played, each clockwise relay is a lap and the cap applies to it as to any relay.
- With mandatory_capture a capture offered at S or T is taken at once (no relay> choice there);
  at an occupied special hole that offers no capture, the relay / relay> choice is still asked
  (relay> is a direction, not a capture offered).
"""

SOUTH, NORTH = 0, 1

TAKE, RELAY, SOW_ACW, SOW_CW = 20, 21, 22, 23
PLACE0 = 24
RELAY_CW = 40                    # relay> (kombe, mongale)
NUM_ACTIONS = 41
REVERSE_HOLES = (0, 1, 14, 15)   # A, B, S, T for actions 16..19
J, T = 8, 15

LETTERS = "ABCDEFGHJKMNPRST"

SETUPS = ("fours", "seventeen", "alternate", "free", "lamu", "mombasa")
VARIANTS = ("omweso", "coro", "kombe", "mongale")

# per-variant defaults of the rule options
DEFAULTS = {
    "omweso": {"setup": "fours", "nkutemye": True},
    "coro": {"setup": "fours", "nkutemye": True},
    "kombe": {"setup": "lamu", "nkutemye": False},
    "mongale": {"setup": "mombasa", "nkutemye": False},
}


def front_back_from_left(front_left, back_left):
    """Track-indexed 16 counts from a front row read from the owner's left (T..J) and a back
    row read from the owner's left (A..H)."""
    holes = [0] * 16
    for col in range(8):
        holes[col] = back_left[col]          # back row: track index = column
        holes[15 - col] = front_left[col]    # front row: column c is track 15-c
    return holes


START = {
    "fours": front_back_from_left([0] * 8, [4] * 8),
    "seventeen": front_back_from_left([0, 0, 3, 3, 3, 3, 3, 0], [0, 0, 0, 0, 0, 0, 0, 17]),
    "alternate": front_back_from_left([4, 0, 4, 0, 4, 0, 4, 0], [0, 4, 0, 4, 0, 4, 0, 4]),
    "free": [0] * 16,
    # K1: Driedger's figure (d) as the project reads it
    "lamu": front_back_from_left([0, 0, 0, 0, 6, 2, 2, 2], [0, 0, 0, 0, 5, 5, 5, 5]),
    # M1: Mongale's start
    "mombasa": front_back_from_left([7, 0, 0, 7, 0, 2, 2, 2], [0, 0, 0, 0, 0, 4, 4, 4]),
}
assert all(sum(v) == 32 for k, v in START.items() if k != "free")


def cw_max_steps(x):
    """How many holes a clockwise handful from x may reach without stepping from J to H."""
    # clockwise from x down the track, wrapping 0 -> 15, and stopping at J (8)
    return (x - J) % 16


class Rules:
    def __init__(self, variant="omweso", setup=None, mandatory_capture=False,
                 nkutemye=None, max_plies=2000, max_laps=500):
        if variant not in VARIANTS:
            raise ValueError("variant must be one of %s" % (VARIANTS,))
        if setup is None:
            setup = DEFAULTS[variant]["setup"]
        if nkutemye is None:
            nkutemye = DEFAULTS[variant]["nkutemye"]
        if setup not in SETUPS:
            raise ValueError("setup must be one of %s" % (SETUPS,))
        self.variant = variant
        self.coro = variant == "coro"
        self.kombe = variant in ("kombe", "mongale")   # the kombe rules K2, K3
        self.mongale = variant == "mongale"            # counting end M3
        self.setup = setup
        self.mandatory_capture = mandatory_capture
        self.nkutemye = nkutemye
        self.max_plies = max_plies
        self.max_laps = max_laps


class State:
    """A position. play(action) changes it in place; child(action) returns a changed copy."""

    def __init__(self, rules):
        self.rules = rules
        self.holes = [list(START[rules.setup]), list(START[rules.setup])]
        self.ply = 0
        self.to_move = SOUTH
        self.hand = [0, 0]           # seeds in hand (see in_hand)
        self.result = None           # None, "south", "north", "draw", "capped-plies",
        #                              "capped-laps"
        self.scores = None           # mongale's counting end: [south, north]
        # set-up
        if rules.setup == "free":
            self.phase = "place"
            self.hand = [32, 32]
            self.place_from = 0      # lowest track index the next placement may use
        else:
            self.phase = "move"
            self.place_from = 0
        # a move in progress
        self.pend = None             # phase "take" / "turn": (L, E, laps, nk);
        #                              phase "sow": (X, laps, nk)
        self.last_laps = 0           # statistics: laps of the move the last action took part in
        self.stats = None            # statistics: list to which events are appended, or None
        if self.phase == "move":
            self._check_mover_can_move(None)

    # ------------------------------------------------------------------ bookkeeping
    def copy(self):
        s = State.__new__(State)
        s.rules = self.rules
        s.holes = [list(self.holes[0]), list(self.holes[1])]
        s.ply = self.ply
        s.to_move = self.to_move
        s.hand = list(self.hand)
        s.result = self.result
        s.scores = self.scores
        s.phase = self.phase
        s.place_from = self.place_from
        s.pend = self.pend
        s.last_laps = self.last_laps
        s.stats = None
        return s

    def key(self):
        return (tuple(self.holes[0]), tuple(self.holes[1]), self.ply, self.to_move,
                tuple(self.hand), self.result, self.phase, self.place_from, self.pend,
                None if self.scores is None else tuple(self.scores))

    @property
    def terminal(self):
        return self.result is not None

    @property
    def outcome(self):
        """None while the game goes on; else (result, returns)."""
        if self.result is None:
            return None
        return self.result, self.returns

    @property
    def returns(self):
        if self.result == "south":
            return [1, -1]
        if self.result == "north":
            return [-1, 1]
        return [0, 0]

    def snapshot(self):
        pits = []
        for p in (SOUTH, NORTH):
            h = self.holes[p]
            pits += [h[t] for t in range(15, 7, -1)]   # front row T S R P N M K J
            pits += [h[t] for t in range(0, 8)]        # back row A..H
        return {"pits": pits, "stores": [0, 0], "in_hand": list(self.hand)}

    def _note(self, what):
        if self.stats is not None:
            self.stats.append(what)

    # ------------------------------------------------------------------ legality
    def capture_position(self, p, L):
        """R8: own front hole, occupied before the last seed arrived (the last seed is in
        already, so it holds 2 or more), and both opponent holes opposite occupied."""
        if L < 8 or self.holes[p][L] < 2:
            return False
        o = self.holes[1 - p]
        col = L - 8
        return o[col] >= 1 and o[15 - col] >= 1

    def cw_would_capture(self, p, x, n):
        """A clockwise handful of n seeds sown from the hole clockwise of x (x itself not
        sown into) ends in a capture position without going round from J to H."""
        if n < 1 or n > cw_max_steps(x):
            return False
        L = (x - n) % 16
        if L < 8:
            return False
        # every hole of the handful gets one seed; L holds one more when it is reached
        if self.holes[p][L] + 1 < 2:
            return False
        o = self.holes[1 - p]
        col = L - 8
        return o[col] >= 1 and o[15 - col] >= 1

    def cw_chain(self, p, x, n, h=None):
        """Kombe's clockwise chain (K3): n seeds in hand sown clockwise from the hole clockwise
        of x, relaying clockwise at every occupied hole that offers no capture. Returns the
        number of clockwise relays before the capture if the chain ends in a capture, None if
        it ends in an empty hole or a handful would go round from J to H. `h` is the mover's
        16 holes to start from (a copy is made; default: the current ones)."""
        h = list(self.holes[p] if h is None else h)
        o = self.holes[1 - p]
        relays = 0
        while True:
            if n < 1 or n > cw_max_steps(x):
                return None
            pos = x
            for _ in range(n):
                pos = (pos - 1) % 16
                h[pos] += 1
            if h[pos] == 1:
                return None
            if pos >= 8 and o[pos - 8] >= 1 and o[23 - pos] >= 1:
                return relays
            relays += 1
            n = h[pos]
            h[pos] = 0
            x = pos

    def turn_chain(self, p, x):
        """The clockwise chain from own hole x, lifting all its seeds (a reverse start or a
        mid-move relay>). None if it does not capture."""
        h = list(self.holes[p])
        n = h[x]
        h[x] = 0
        return self.cw_chain(p, x, n, h)

    def turn_offered(self, p, L):
        """K3 (b): relay> is offered at an occupied special hole whose chain captures."""
        return self.rules.kombe and L in REVERSE_HOLES and self.turn_chain(p, L) is not None

    def legal_actions(self):
        if self.result is not None:
            return []
        p = self.to_move
        if self.phase == "place":
            return [PLACE0 + t for t in range(self.place_from, 16)]
        if self.phase == "take":
            if self.rules.kombe and self.turn_offered(p, self.pend[0]):
                return [TAKE, RELAY, RELAY_CW]
            return [TAKE, RELAY]
        if self.phase == "turn":
            return [RELAY, RELAY_CW]
        if self.phase == "sow":
            return [SOW_ACW, SOW_CW]
        h = self.holes[p]
        acts = [t for t in range(16) if h[t] >= 2]
        for k, x in enumerate(REVERSE_HOLES):
            if self.rules.kombe:
                if h[x] >= 2 and self.turn_chain(p, x) is not None:
                    acts.append(16 + k)
            elif h[x] >= 2 and self.cw_would_capture(p, x, h[x]):
                acts.append(16 + k)
        return acts

    # ------------------------------------------------------------------ playing
    def child(self, action):
        s = self.copy()
        s.play(action)
        return s

    def play(self, action):
        legal = self.legal_actions()
        if action not in legal:
            raise ValueError("illegal action %r (legal %r)" % (action, legal))
        self.ply += 1
        p = self.to_move
        if self.phase == "place":
            t = action - PLACE0
            self.holes[p][t] += 1
            self.hand[p] -= 1
            self.place_from = t
            if self.hand[p] == 0:
                self.place_from = 0
                if p == SOUTH:
                    self.to_move = NORTH
                else:
                    self.to_move = SOUTH
                    self.phase = "move"
                    self._check_mover_can_move(None)
        elif self.phase == "take":
            L, E, laps, nk = self.pend
            self.pend = None
            self.phase = "move"
            if action == TAKE:
                self._take_acw(p, L, E, laps, nk)
            elif action == RELAY_CW:
                self._note("decline")
                self._note("relay>")
                self._relay_cw(p, L, laps, nk)
            else:
                self._note("decline")
                self._relay(p, L, laps, nk)
        elif self.phase == "turn":
            L, E, laps, nk = self.pend
            self.pend = None
            self.phase = "move"
            if action == RELAY_CW:
                self._note("relay>")
                self._relay_cw(p, L, laps, nk)
            else:
                self._note("turn-declined")
                self._relay(p, L, laps, nk)
        elif self.phase == "sow":
            x, laps, nk = self.pend
            self.pend = None
            self.phase = "move"
            if action == SOW_CW:
                self._note("sow>")
                if self.rules.kombe:
                    self._sow_cw_chain(p, x, laps, nk)
                else:
                    self._sow_cw(p, x, laps, nk)
            else:
                self._note("sow<")
                self._sow_captured_acw(p, x, laps, nk)
        elif action < 16:
            n = self.holes[p][action]
            self.holes[p][action] = 0
            self._run_acw(p, n, action, action, 1, 0)
        else:
            x = REVERSE_HOLES[action - 16]
            self._note("reverse")
            n = self.holes[p][x]
            self.holes[p][x] = 0
            self.hand[p] = n
            if self.rules.kombe:
                self._cw_run(p, x, 1, 0, "start")
            else:
                self._cw_handful(p, x, 1, 0)
        if self.result is None and self.ply >= self.rules.max_plies:
            self.result = "capped-plies"
            self.to_move = None

    # --- the pieces of a move ------------------------------------------------------
    def _run_acw(self, p, n, start_after, E, laps, nk):
        """Sow n seeds (in hand, already lifted) anticlockwise from the hole after
        start_after; this handful is lap `laps`; E is the hole last left empty. Goes on by
        R6-R11 until the move ends, a decision is asked, or the game ends."""
        h = self.holes[p]
        while True:
            self.hand[p] = 0
            self.last_laps = laps
            pos = start_after
            for _ in range(n):
                pos = (pos + 1) % 16
                h[pos] += 1
            if h[pos] == 1:                       # R7
                self._end_move(p)
                return
            if self.capture_position(p, pos):     # R8, R9
                self._note("offer")
                if self.rules.mandatory_capture:
                    self._take_acw(p, pos, E, laps, nk)
                else:
                    if self.turn_offered(p, pos):
                        self._note("turn-offer")
                    self.phase = "take"
                    self.pend = (pos, E, laps, nk)
                return
            if self.turn_offered(p, pos):        # K3 (b): relay or relay>
                self._note("turn-offer")
                self.phase = "turn"
                self.pend = (pos, E, laps, nk)
                return
            # R6 relay
            if laps >= self.rules.max_laps:
                self._cap_laps()
                return
            laps += 1
            n = h[pos]
            h[pos] = 0
            start_after = pos
            E = pos

    def _relay(self, p, L, laps, nk):
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        n = self.holes[p][L]
        self.holes[p][L] = 0
        self._run_acw(p, n, L, L, laps + 1, nk)

    def _capture(self, p, L, nk):
        """Take the seeds opposite L (and in coro L's own). Returns (seeds, nk, won)."""
        o = self.holes[1 - p]
        col = L - 8
        if self.rules.kombe:
            # K2: only the opponent's front hole of the column
            n = o[15 - col]
            o[15 - col] = 0
        else:
            n = o[col] + o[15 - col]
            o[col] = 0
            o[15 - col] = 0
        if self.rules.coro:
            n += self.holes[p][L]
            self.holes[p][L] = 0
        self.hand[p] = n
        if L == J:
            nk |= 1
        if L == T:
            nk |= 2
        self._note("capture")
        if self.rules.nkutemye and nk == 3:
            self._note("nkutemye")
            # The winning capture's seeds go into the capturing hole (R14).
            self.holes[p][L] += n
            self.hand[p] = 0
            self.result = "south" if p == SOUTH else "north"
            self.to_move = None
            return n, nk, True
        return n, nk, False

    def _take_acw(self, p, L, E, laps, nk):
        n, nk, won = self._capture(p, L, nk)
        if won:
            return
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        self._run_acw(p, n, E, E, laps + 1, nk)

    def _cw_handful(self, p, x, laps, nk):
        """Sow the seeds in hand clockwise from the hole clockwise of x (legality checked
        already: it ends in a capture position), then capture at once (R12, R13)."""
        h = self.holes[p]
        n = self.hand[p]
        self.hand[p] = 0
        self.last_laps = laps
        pos = x
        for _ in range(n):
            pos = (pos - 1) % 16
            assert pos != 7, "clockwise handful went round from J to H"
            h[pos] += 1
        assert self.capture_position(p, pos)
        n, nk, won = self._capture(p, pos, nk)
        if won:
            return
        if self.cw_would_capture(p, x, n):
            self.phase = "sow"
            self.pend = (x, laps, nk)
            return
        self._sow_captured_acw(p, x, laps, nk)

    def _sow_cw(self, p, x, laps, nk):
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        self._cw_handful(p, x, laps + 1, nk)

    # --- kombe's clockwise chains ---------------------------------------------------
    def _relay_cw(self, p, L, laps, nk):
        """relay> (K3 (b)): lift L and sow clockwise; this handful is a lap."""
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        self.hand[p] = self.holes[p][L]
        self.holes[p][L] = 0
        self._cw_run(p, L, laps + 1, nk, "relay>")

    def _sow_cw_chain(self, p, x, laps, nk):
        """sow> in kombe (K3 (c)): the captured seeds in hand start a clockwise chain."""
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        self._cw_run(p, x, laps + 1, nk, "sow>")

    def _cw_run(self, p, x, laps, nk, origin):
        """Play a clockwise chain (legality checked already: it captures) with the seeds in
        hand, sown from the hole clockwise of x; this first handful is lap `laps`. Relays
        clockwise until the capture, captures at once, then sows the captured seeds: a
        sow</sow> decision when the chain from the hole last left empty would capture again,
        else anticlockwise."""
        h = self.holes[p]
        relays = 0
        while True:
            n = self.hand[p]
            self.hand[p] = 0
            self.last_laps = laps
            pos = x
            for _ in range(n):
                pos = (pos - 1) % 16
                assert pos != 7, "clockwise handful went round from J to H"
                h[pos] += 1
            assert h[pos] >= 2, "clockwise chain ended in an empty hole"
            if self.capture_position(p, pos):
                break
            # clockwise relay (K3)
            if laps >= self.rules.max_laps:
                self._cap_laps()
                return
            self._note("cw-relay")
            laps += 1
            relays += 1
            self.hand[p] = h[pos]
            h[pos] = 0
            x = pos
        if relays:
            self._note("indirect-" + origin)
        n, nk, won = self._capture(p, pos, nk)
        if won:
            return
        if self.cw_chain(p, x, n) is not None:
            self.phase = "sow"
            self.pend = (x, laps, nk)
            return
        self._sow_captured_acw(p, x, laps, nk)

    def _sow_captured_acw(self, p, x, laps, nk):
        if laps >= self.rules.max_laps:
            self._cap_laps()
            return
        self._run_acw(p, self.hand[p], x, x, laps + 1, nk)

    def _cap_laps(self):
        self._note("capped-laps")
        self.result = "capped-laps"
        self.to_move = None
        self.phase = "move"
        self.pend = None

    def _end_move(self, p):
        self.phase = "move"
        self.pend = None
        self.to_move = 1 - p
        self._check_mover_can_move(p)

    def _check_mover_can_move(self, winner):
        """R15 / K5: the player to move with no legal move loses. M3 (mongale): the game ends
        there and is decided by counting the seeds on each side (equal: a draw)."""
        if not self.legal_actions():
            if self.rules.mongale:
                s, n = sum(self.holes[SOUTH]), sum(self.holes[NORTH])
                self.scores = [s, n]
                self._note("count-end")
                self.result = "south" if s > n else "north" if n > s else "draw"
                self.to_move = None
                return
            loser = self.to_move
            self.result = "north" if loser == SOUTH else "south"
            self.to_move = None


def action_text(state, action):
    """Notation of an action for the player to move in `state`."""
    up = state.to_move == SOUTH
    def letter(t):
        c = LETTERS[t]
        return c if up else c.lower()
    if action < 16:
        return letter(action)
    if action < 20:
        return letter(REVERSE_HOLES[action - 16]) + ">"
    if action < 24:
        return ("take", "relay", "sow<", "sow>")[action - 20]
    if action == RELAY_CW:
        return "relay>"
    return "+" + letter(action - PLACE0)


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
