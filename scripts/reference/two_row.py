#!/usr/bin/env python3
"""Independent Python reference for the two-row games lane, ndoto and enkeshui.

Written from the project's rules (docs/rules/lane.md, ndoto.md, enkeshui.md and docs/notation.md)
without looking at the Rust engine. It is meant to be read, not to be fast.

Conventions (docs/notation.md):
- Players 0 = South (moves first), 1 = North.
- Absolute pits: South's n pits 0..n-1 from his left, then North's n pits n..2n-1 from his
  left. Counterclockwise = increasing index mod 2n. Opposite of pit i is 2n-1-i.
- Actions are relative to the player to move (pit i from his own left).
- Returns [1,-1] South wins, [-1,1] North wins, [0,0] draw or capped or not terminal.

Readings chosen where the spec leaves room (see also the report):
- max_plies: after an action, if the game did not end by its own rules and the number of
  plies played is >= max_plies, the game ends as capped. A natural end on the last allowed
  ply wins over the cap.
- max_laps: lap 1 is the first sowing of a move; each relay is one more lap. When a relay
  would start lap max_laps+1, the game ends as capped, with the board as after the last lap
  sown (the relay pit is not lifted).
- Sowing never skips the origin pit in any of the three games (ndoto's spec says nothing
  about skipping, so nothing is skipped).
- A capped game's "scores" use the variant's normal end-of-game scoring applied to the board
  as it stands (lane: stores only; ndoto: store + own row; enkeshui: store + own non-bull
  pits + owned bulls); its returns are [0,0] regardless.
"""

SOUTH, NORTH = 0, 1


class State:
    """A position. Everything a game needs lives here; games are stateless rule objects."""

    def __init__(self, n, pits, stores):
        self.n = n
        self.pits = list(pits)
        self.stores = list(stores)
        self.to_move = SOUTH          # None once terminal
        self.phase = "move"           # "move", "feed" (lane), "decide" (enkeshui)
        self.ply = 0
        self.terminal = False
        self.capped = False
        self.returns = [0, 0]
        self.scores = None
        # enkeshui only
        self.bulls = None             # list of -1 / 0 / 1
        self.gone_round = [False, False]
        self.pending = None           # (pit, direction) of a capture awaiting a decision
        # enkeshui's advance move (rule 8) only: (player making it, first pit lifted or None,
        # placing?, cows in hand, lowest pit still allowed for a placement) while he makes
        # it, else None
        self.advance = None
        # lane's match (rule 10) only
        self.match = [0, 0]           # points won in finished rounds
        self.round = 0                # rounds finished
        # statistics about the last action (not part of the position)
        self.last_laps = 0

    def copy(self):
        s = State(self.n, self.pits, self.stores)
        s.to_move = self.to_move
        s.phase = self.phase
        s.ply = self.ply
        s.terminal = self.terminal
        s.capped = self.capped
        s.returns = list(self.returns)
        s.scores = None if self.scores is None else list(self.scores)
        s.bulls = None if self.bulls is None else list(self.bulls)
        s.gone_round = list(self.gone_round)
        s.pending = self.pending
        s.match = list(self.match)
        s.round = self.round
        s.advance = self.advance
        return s

    def key(self):
        """Hashable identity of the position (used by the memoised perft)."""
        return (tuple(self.pits), tuple(self.stores), self.to_move, self.phase, self.ply,
                self.terminal, None if self.bulls is None else tuple(self.bulls),
                tuple(self.gone_round), self.pending, tuple(self.match), self.round,
                self.advance)


class TwoRowGame:
    """Board helpers shared by the three games."""

    name = "?"
    n = 6

    def __init__(self, max_plies=500, max_laps=200):
        self.max_plies = max_plies
        self.max_laps = max_laps

    # --- geometry -------------------------------------------------------------------
    @property
    def size(self):
        return 2 * self.n

    def absolute(self, player, i):
        """Absolute index of `player`'s pit i counted from his own left."""
        return i if player == SOUTH else self.n + i

    def owner(self, pit):
        """Whose row the pit is in."""
        return SOUTH if pit < self.n else NORTH

    def opposite(self, pit):
        return self.size - 1 - pit

    def row(self, player):
        return range(self.absolute(player, 0), self.absolute(player, 0) + self.n)

    def row_sum(self, s, player):
        return sum(s.pits[p] for p in self.row(player))

    # --- endings --------------------------------------------------------------------
    def final_scores(self, s):
        raise NotImplementedError

    def end_game(self, s):
        s.terminal = True
        s.to_move = None
        s.phase = "over"
        s.pending = None
        s.scores = self.final_scores(s)
        if s.capped:
            s.returns = [0, 0]
        elif s.scores[0] > s.scores[1]:
            s.returns = [1, -1]
        elif s.scores[0] < s.scores[1]:
            s.returns = [-1, 1]
        else:
            s.returns = [0, 0]

    def cap(self, s):
        s.capped = True
        self.end_game(s)

    def check_ply_cap(self, s):
        if not s.terminal and s.ply >= self.max_plies:
            self.cap(s)

    def total_seeds(self, s):
        return sum(s.pits) + sum(s.stores)

    # --- trace output ---------------------------------------------------------------
    def state_json(self, s):
        d = {"to_move": s.to_move, "pits": list(s.pits), "stores": list(s.stores)}
        if s.bulls is not None:
            d["bulls"] = list(s.bulls)
        d["legal"] = self.legal_actions(s)
        d["terminal"] = s.terminal
        d["returns"] = list(s.returns)
        if s.terminal:
            d["scores"] = list(s.scores)
        return d


# ======================================================================================
class Lane(TwoRowGame):
    """lane (Bell after Lane): 2x6, 72 counters, captures on 2 or 4, feeding."""

    name = "lane"
    n = 6

    def __init__(self, setup="uniform", feed="turn", match_to=0, max_plies=500, max_laps=200):
        super().__init__(max_plies, max_laps)
        if not isinstance(match_to, int) or not 0 <= match_to <= 10000:
            raise ValueError("lane match_to must be 0..10000")
        self.match_to = match_to
        if setup not in ("uniform", "middle", "left"):
            raise ValueError("lane setup must be uniform, middle or left")
        if feed not in ("turn", "fed_to_move"):
            raise ValueError("lane feed must be turn or fed_to_move")
        self.setup = setup
        self.feed = feed

    def initial_state(self):
        if self.setup == "uniform":
            row = [6] * 6
        elif self.setup == "middle":
            row = [0, 9, 9, 9, 9, 0]
        else:  # left
            row = [36, 0, 0, 0, 0, 0]
        return State(self.n, row + row, [0, 0])

    def final_scores(self, s):
        if self.match_to:
            return list(s.match)  # a match is won on points (rule 10)
        return list(s.stores)  # "Score = store."

    def state_json(self, s):
        d = super().state_json(s)
        if self.match_to:
            d["match"] = list(s.match)   # diagnosis only
            d["round"] = s.round
        return d

    def end_round(self, s):
        """Rule 9 ends the round; without a match it ends the game. In a match (rule 10) the
        round's winner scores the difference of the stores; the game ends when a player has
        match_to points, else a new round starts from the set-up, the players taking turns
        to start (South the first round)."""
        if not self.match_to:
            self.end_game(s)
            return
        a, b = s.stores
        if a > b:
            s.match[SOUTH] += a - b
        elif b > a:
            s.match[NORTH] += b - a
        if max(s.match) >= self.match_to:
            self.end_game(s)
            return
        s.round += 1
        fresh = self.initial_state()
        s.pits = list(fresh.pits)
        s.stores = [0, 0]
        s.phase = "move"
        s.to_move = SOUTH if s.round % 2 == 0 else NORTH

    def legal_actions(self, s):
        if s.terminal:
            return []
        # a move and a feed both take from a non-empty own pit
        return [i for i in range(self.n) if s.pits[self.absolute(s.to_move, i)] > 0]

    def apply(self, state, action):
        assert action in self.legal_actions(state), (action, self.legal_actions(state))
        s = state.copy()
        s.ply += 1
        s.last_laps = 0
        player = s.to_move
        if s.phase == "feed":
            # one counter from the feeder's pit `action` into the opponent's pit 0
            s.pits[self.absolute(player, action)] -= 1
            s.pits[self.absolute(1 - player, 0)] += 1
            s.to_move = 1 - player
            s.phase = "move"
        else:
            if not self.sow(s, player, self.absolute(player, action)):
                return s  # capped by the lap limit
            s.to_move = 1 - player
        self.after_move_or_feed(s)
        self.check_ply_cap(s)
        return s

    def sow(self, s, player, origin):
        """Sow a whole move. Returns False if the game got capped by the lap limit."""
        seeds = s.pits[origin]
        s.pits[origin] = 0
        pos = origin
        laps = 1
        while True:
            for _ in range(seeds):
                pos = (pos + 1) % self.size
                s.pits[pos] += 1
            s.last_laps = laps
            c = s.pits[pos]
            if c == 1:
                return True
            if c == 2 or c == 4:
                self.capture(s, player, pos)
                return True
            # relay
            if laps >= self.max_laps:
                self.cap(s)
                return False
            laps += 1
            seeds = c
            s.pits[pos] = 0

    def capture(self, s, player, p):
        def take(q):
            o = self.opposite(q)
            s.stores[player] += s.pits[q] + s.pits[o]
            s.pits[q] = 0
            s.pits[o] = 0

        take(p)
        q = (p - 1) % self.size
        while q != p and s.pits[q] in (2, 4):
            take(q)
            q = (q - 1) % self.size

    def after_move_or_feed(self, s):
        # a. exactly 2 counters left, both in one row: they go to that row's owner
        if sum(s.pits) == 2:
            for player in (SOUTH, NORTH):
                if self.row_sum(s, player) == 2:
                    s.stores[player] += 2
                    for p in self.row(player):
                        s.pits[p] = 0
        # b. empty board: the round is over
        if sum(s.pits) == 0:
            self.end_round(s)
            return
        # c. someone must feed: the player due to move has an empty row (he cannot move, so
        #    the other feeds), or, with feed = "turn", the row of the player due to move is
        #    not empty but his opponent's is (his move is the feed)
        mover = s.to_move
        feeder = None
        if self.row_sum(s, mover) == 0:
            feeder = 1 - mover
        elif self.feed == "turn" and self.row_sum(s, 1 - mover) == 0:
            feeder = mover
        if feeder is not None:
            if self.row_sum(s, feeder) >= 2:
                s.to_move = feeder
                s.phase = "feed"
            else:
                # the round ends; any counter left goes to its row's owner (his store)
                for p in range(self.size):
                    s.stores[self.owner(p)] += s.pits[p]
                    s.pits[p] = 0
                self.end_round(s)


# ======================================================================================
class Ndoto(TwoRowGame):
    """ndoto (Driedger): 2x8, 2 seeds per hole, relay sowing, capture on an empty own pit."""

    name = "ndoto"
    n = 8

    def initial_state(self):
        s = State(self.n, [2] * (2 * self.n), [0, 0])
        self.check_end(s)
        return s

    def final_scores(self, s):
        return [s.stores[pl] + self.row_sum(s, pl) for pl in (SOUTH, NORTH)]

    def pit_is_legal(self, s, player, i):
        p = self.absolute(player, i)
        if s.pits[p] >= 2:
            return True
        return s.pits[p] == 1 and s.pits[(p + 1) % self.size] == 0

    def legal_actions(self, s):
        if s.terminal:
            return []
        return [i for i in range(self.n) if self.pit_is_legal(s, s.to_move, i)]

    def apply(self, state, action):
        assert action in self.legal_actions(state), (action, self.legal_actions(state))
        s = state.copy()
        s.ply += 1
        s.last_laps = 0
        player = s.to_move
        origin = self.absolute(player, action)
        seeds = s.pits[origin]
        s.pits[origin] = 0
        pos = origin
        laps = 1
        while True:
            for _ in range(seeds):
                pos = (pos + 1) % self.size
                s.pits[pos] += 1
            s.last_laps = laps
            c = s.pits[pos]
            if c == 1:
                if self.owner(pos) == player:
                    o = self.opposite(pos)
                    if s.pits[o] >= 1:
                        s.stores[player] += s.pits[o]
                        s.pits[o] = 0
                break
            # c > 1: relay
            if laps >= self.max_laps:
                self.cap(s)
                return s
            laps += 1
            seeds = c
            s.pits[pos] = 0
        s.to_move = 1 - player
        self.check_end(s)
        self.check_ply_cap(s)
        return s

    def check_end(self, s):
        if self.row_sum(s, SOUTH) == 0 or self.row_sum(s, NORTH) == 0:
            self.end_game(s)
        elif not self.legal_actions(s):
            self.end_game(s)


# ======================================================================================
class Enkeshui(TwoRowGame):
    """enkeshui (Driedger): 2xn, bulls, two directions once gone round, optional capture."""

    name = "enkeshui"

    def __init__(self, holes=12, start="threes", empty_end="left", advance_move=False,
                 max_plies=500, max_laps=200):
        super().__init__(max_plies, max_laps)
        if advance_move not in (False, True):
            raise ValueError("enkeshui advance_move must be true or false")
        self.advance_move = advance_move
        if holes not in (8, 10, 12):
            raise ValueError("enkeshui holes must be 8, 10 or 12")
        if start not in ("threes", "fours"):
            raise ValueError("enkeshui start must be threes or fours")
        if empty_end not in ("left", "right"):
            raise ValueError("enkeshui empty_end must be left or right")
        self.n = holes
        self.start = start
        self.empty_end = empty_end

    @property
    def capture_action(self):
        return 2 * self.n

    @property
    def decline_action(self):
        return 2 * self.n + 1

    def initial_state(self):
        if self.start == "threes":
            row = [[0, 3, 3][i % 3] for i in range(self.n)]
        else:
            row = [0, 0] + [4] * (self.n - 2)
        if self.empty_end == "right":
            row = row[::-1]
        s = State(self.n, row + row, [0, 0])
        s.bulls = [-1] * (2 * self.n)
        if self.advance_move:
            s.advance = (SOUTH, None, False, 0, 0)   # South's advance move comes first (R21)
            s.phase = "advance"
        return s

    def state_json(self, s):
        d = super().state_json(s)
        if self.advance_move:
            d["in_hand"] = [0, 0]
            if s.advance is not None:
                d["in_hand"][s.advance[0]] = s.advance[3]
        return d

    def total_seeds(self, s):
        return super().total_seeds(s) + (s.advance[3] if s.advance is not None else 0)

    def final_scores(self, s):
        scores = list(s.stores)
        if s.advance is not None:              # only in a game capped during an advance move
            scores[s.advance[0]] += s.advance[3]
        for p in range(self.size):
            if s.bulls[p] == -1:
                scores[self.owner(p)] += s.pits[p]
            else:
                scores[s.bulls[p]] += s.pits[p]
        return scores

    def liftable(self, s, player, i):
        p = self.absolute(player, i)
        return s.bulls[p] == -1 and s.pits[p] >= 1

    def legal_actions(self, s):
        if s.terminal:
            return []
        if s.phase == "decide":
            return [self.capture_action, self.decline_action]
        player = s.to_move
        if s.advance is not None:
            _, first, placing, hand, lowest = s.advance
            if placing:
                return list(range(lowest, self.n))
            return [i for i in range(self.n)
                    if i != first and s.pits[self.absolute(player, i)] > 0]
        pits = [i for i in range(self.n) if self.liftable(s, player, i)]
        if s.gone_round[player]:
            return pits + [self.n + i for i in pits]
        return pits

    def apply(self, state, action):
        assert action in self.legal_actions(state), (action, self.legal_actions(state))
        s = state.copy()
        s.ply += 1
        s.last_laps = 0
        player = s.to_move
        if s.advance is not None:
            # R21: lift a pit (twice), then put the cows back one by one, left to right
            _, first, placing, hand, lowest = s.advance
            pit = self.absolute(player, action)
            if not placing:
                hand += s.pits[pit]
                s.pits[pit] = 0
                if first is None:
                    s.advance = (player, action, False, hand, 0)
                else:
                    s.advance = (player, first, True, hand, 0)
            else:
                s.pits[pit] += 1
                hand -= 1
                if hand > 0:
                    s.advance = (player, first, True, hand, action)
                elif player == SOUTH:
                    s.advance = (NORTH, None, False, 0, 0)   # North's advance move follows
                    s.to_move = NORTH
                else:
                    s.advance = None                  # South sows first
                    s.phase = "move"
                    s.to_move = SOUTH
            self.check_ply_cap(s)
            return s
        if s.phase == "decide":
            p, direction = s.pending
            s.pending = None
            s.phase = "move"
            if action == self.capture_action:
                self.capture(s, player, p, direction)
            self.finish_move(s)
        else:
            if action < self.n:
                origin, direction = self.absolute(player, action), +1
            else:
                origin, direction = self.absolute(player, action - self.n), -1
            outcome = self.sow(s, player, origin, direction)
            if outcome == "decide":
                s.phase = "decide"  # same player decides on the next ply
            elif outcome == "done":
                self.finish_move(s)
            # "capped": already terminal
        self.check_ply_cap(s)
        return s

    def sow(self, s, player, origin, direction):
        """Sow a whole move. Returns "done", "decide" or "capped"."""
        seeds = s.pits[origin]
        s.pits[origin] = 0
        pos = origin
        laps = 1
        while True:
            lap_seeds = seeds
            for _ in range(seeds):
                prev = pos
                pos = (pos + direction) % self.size
                s.pits[pos] += 1
                if self.owner(prev) != player and self.owner(pos) == player:
                    s.gone_round[player] = True
            s.last_laps = laps
            p = pos
            c = s.pits[p]
            # 1. landed in a bull
            if s.bulls[p] != -1:
                return "done"
            # 2. last two seeds make a 3 and a 4 in two non-bull pits
            if lap_seeds >= 2:
                q = (p - direction) % self.size  # where the second-to-last seed landed
                if s.bulls[q] == -1 and sorted((s.pits[q], c)) == [3, 4]:
                    s.bulls[q] = player
                    s.bulls[p] = player
                    return "done"
            # 3. a four
            if c == 4:
                s.bulls[p] = player
                return "done"
            # 4. a single seed
            if c == 1:
                if self.owner(p) != player:
                    return "done"
                o = self.opposite(p)
                if s.bulls[o] == -1 and s.pits[o] >= 1:
                    s.pending = (p, direction)
                    return "decide"
                return "done"
            # 5. relay
            if laps >= self.max_laps:
                self.cap(s)
                return "capped"
            laps += 1
            seeds = c
            s.pits[p] = 0

    def capture(self, s, player, p, direction):
        o = self.opposite(p)
        s.stores[player] += s.pits[p] + s.pits[o]
        s.pits[p] = 0
        s.pits[o] = 0
        q = (p + direction) % self.size
        while True:
            if self.owner(q) != player or s.pits[q] != 0 or s.bulls[q] != -1:
                break
            o = self.opposite(q)
            if s.bulls[o] != -1 or s.pits[o] < 1:
                break
            s.stores[player] += s.pits[o]
            s.pits[o] = 0
            q = (q + direction) % self.size

    def own_free_seeds(self, s, player):
        return sum(s.pits[p] for p in self.row(player) if s.bulls[p] == -1)

    def finish_move(self, s):
        s.to_move = 1 - s.to_move
        if self.own_free_seeds(s, SOUTH) == 0 or self.own_free_seeds(s, NORTH) == 0:
            self.end_game(s)


# ======================================================================================
def make_game(variant, rules=None, max_plies=500, max_laps=200):
    rules = dict(rules or {})
    if variant == "lane":
        return Lane(max_plies=max_plies, max_laps=max_laps, **rules)
    if variant == "ndoto":
        if rules:
            raise ValueError("ndoto has no rule options")
        return Ndoto(max_plies=max_plies, max_laps=max_laps)
    if variant == "enkeshui":
        return Enkeshui(max_plies=max_plies, max_laps=max_laps, **rules)
    raise ValueError("unknown variant " + variant)


def perft(game, depth):
    """counts[d-1] = number of action sequences of exactly d actions from the start.

    Memoised on the full position (nodes at equal depth share the ply count, so this is
    exact)."""
    memo = {}

    def count(s, d):
        # returns a tuple t with t[k] = number of sequences of length k+1, k < d
        if d == 0 or s.terminal:
            return (0,) * d
        key = (s.key(), d)
        hit = memo.get(key)
        if hit is not None:
            return hit
        legal = game.legal_actions(s)
        totals = [len(legal)] + [0] * (d - 1)
        for a in legal:
            sub = count(game.apply(s, a), d - 1)
            for k, v in enumerate(sub):
                totals[k + 1] += v
        result = tuple(totals)
        memo[key] = result
        return result

    return list(count(game.initial_state(), depth))


def perft_plain(game, depth):
    """Unmemoised perft, to check the memoised one at small depths."""
    counts = [0] * depth

    def walk(s, d):
        if d == depth or s.terminal:
            return
        legal = game.legal_actions(s)
        counts[d] += len(legal)
        for a in legal:
            walk(game.apply(s, a), d + 1)

    walk(game.initial_state(), 0)
    return counts
