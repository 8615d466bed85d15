//! Enkeshui of the Maasai (Driedger, seed 000, rules 1-9). Rules: `docs/rules/enkeshui.md`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{self, opposite, side};
use crate::error::{ConfigError, PositionError};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, Limits, Outcome, Player, Snapshot, State,
};
use crate::position::{check_seed_total, inconsistent};
use crate::sow::{Direction, Ring, Track, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};
use crate::variants::Status;

/// Most holes in a row.
const MAX_N: usize = 12;

/// The two starting arrangements of Driedger's figures.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum EnkeshuiStart {
    /// 0, 3, 3 repeated from each player's left.
    #[default]
    Threes,
    /// Two empty holes, then fours.
    Fours,
}

/// Which end of each row the empty holes of the start are at, seen by the row's owner.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum EmptyEnd {
    /// At each player's left (as drawn in the source).
    #[default]
    Left,
    /// At each player's right (each row mirrored).
    Right,
}

/// Rule options of Enkeshui.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields, default)]
pub struct EnkeshuiRules {
    /// Holes in a row: 8, 10 or 12.
    pub holes: u8,
    /// The starting arrangement.
    pub start: EnkeshuiStart,
    /// Where the start's empty holes are.
    pub empty_end: EmptyEnd,
    /// Rule 8's advance move: before play, each player (South first) lifts two of his holes
    /// and puts their cows back into his own holes as he likes.
    pub advance_move: bool,
}

impl Default for EnkeshuiRules {
    fn default() -> Self {
        EnkeshuiRules {
            holes: 12,
            start: EnkeshuiStart::Threes,
            empty_end: EmptyEnd::Left,
            advance_move: false,
        }
    }
}

impl EnkeshuiRules {
    /// Checks the ranges.
    ///
    /// # Errors
    /// [`ConfigError::OutOfRange`] naming the key.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !matches!(self.holes, 8 | 10 | 12) {
            return Err(crate::variants::out_of_range(
                "holes",
                self.holes,
                "8, 10 or 12",
            ));
        }
        Ok(())
    }

    /// Seeds in a player's hole `rel` (from his left) at the start.
    fn start_seeds(&self, rel: usize) -> u8 {
        let n = self.holes as usize;
        let i = match self.empty_end {
            EmptyEnd::Left => rel,
            EmptyEnd::Right => n - 1 - rel,
        };
        match self.start {
            EnkeshuiStart::Threes => {
                if i % 3 == 0 {
                    0
                } else {
                    3
                }
            }
            EnkeshuiStart::Fours => {
                if i < 2 {
                    0
                } else {
                    4
                }
            }
        }
    }
}

/// The game of Enkeshui.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Enkeshui {
    /// Rule options.
    pub rules: EnkeshuiRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Enkeshui {
    /// Default caps.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 500,
        max_laps: 200,
    };

    fn n(&self) -> usize {
        self.rules.holes as usize
    }
}

impl Game for Enkeshui {
    type State = EnkeshuiState;
    fn name(&self) -> &'static str {
        "enkeshui"
    }
    /// Anticlockwise sowings, clockwise sowings, capture, decline.
    fn num_actions(&self) -> usize {
        2 * self.n() + 2
    }
    /// Both rows, both players' bulls, stores, gone-round flags, a pending capture and its
    /// hole; with the advance move, its state (rule 8).
    fn encoding_len(&self) -> usize {
        let advance = if self.rules.advance_move {
            self.n() + 5
        } else {
            0
        };
        7 * self.n() + 5 + advance
    }
    fn count_features(&self) -> Vec<CountSpan> {
        vec![CountSpan {
            start: 0,
            len: 2 * self.n(),
            per_seed: 1.0 / self.total_seeds() as f32,
        }]
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        2 * (0..self.n())
            .map(|r| self.rules.start_seeds(r) as u32)
            .sum::<u32>()
    }
    fn initial_state(&self) -> EnkeshuiState {
        let n = self.n();
        let mut pits = [0u8; 2 * MAX_N];
        for p in Player::BOTH {
            for rel in 0..n {
                pits[board::hole(p, rel, n)] = self.rules.start_seeds(rel);
            }
        }
        EnkeshuiState {
            pits,
            bulls: [0; 2],
            stores: [0; 2],
            gone_round: [false; 2],
            to_move: Player::South,
            pending: None,
            advance: self.rules.advance_move.then(Advance::default),
            ply: 0,
            status: Status::Playing,
            game: *self,
        }
    }
    fn feature_names(&self) -> Vec<Feature> {
        let n = self.n();
        let total = self.total_seeds();
        let mut out = board::row_features(n, total);
        for owner in ["mover", "opponent"] {
            for who in ["mover", "opponent"] {
                for rel in 0..n {
                    out.push(Feature::flag(
                        format!("{owner}_bull_at_{who}_hole_{rel}"),
                        &format!(
                            "{} is a bull of the {owner} (its seeds count for him)",
                            board::hole_words(who, rel, n)
                        ),
                    ));
                }
            }
        }
        for who in ["mover", "opponent"] {
            out.push(Feature::count(
                format!("{who}_store"),
                &format!("seeds the {who} has captured"),
                total,
            ));
        }
        for who in ["mover", "opponent"] {
            out.push(Feature::flag(
                format!("{who}_gone_round"),
                &format!(
                    "the {who} has sown round the other row back into his own, and so may \
                     sow clockwise too"
                ),
            ));
        }
        out.push(Feature::flag(
            "capture_pending",
            "the mover must take (x) or decline (no-x) the capture his last seed offers",
        ));
        for rel in 0..n {
            out.push(Feature::flag(
                format!("capture_pending_at_mover_hole_{rel}"),
                &format!(
                    "the capture on offer is at {}",
                    board::hole_words("mover", rel, n)
                ),
            ));
        }
        if self.rules.advance_move {
            out.push(Feature::flag(
                "advance_move",
                "the mover is making his advance move (rule 8): lifting two of his holes, \
                 then putting their seeds back into his holes one by one",
            ));
            out.push(Feature::flag(
                "advance_placing",
                "the mover has lifted both holes of his advance move and puts seeds back",
            ));
            out.push(Feature::flag(
                "advance_opponent_to_come",
                "the opponent's advance move is still to come",
            ));
            out.push(Feature::count(
                "advance_in_hand",
                "seeds the mover holds in his advance move",
                self.total_seeds(),
            ));
            out.push(Feature::count(
                "advance_place_min",
                "the lowest hole (from the mover's left, 0..n-1) he may still put a seed \
                 into in his advance move",
                n as u32,
            ));
            for rel in 0..n {
                out.push(Feature::flag(
                    format!("advance_lifted_mover_hole_{rel}"),
                    &format!(
                        "{} is the first hole lifted in the mover's advance move",
                        board::hole_words("mover", rel, n)
                    ),
                ));
            }
        }
        out
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        let n = self.n();
        let advance = if self.rules.advance_move {
            "; in the advance move (rule 8), lift it (the first two choices) or put one seed \
             into it"
        } else {
            ""
        };
        let mut out =
            board::hole_actions(n, |hole| format!("sow anticlockwise from {hole}{advance}"));
        for rel in 0..n {
            out.push(ActionMeaning::new(
                n + rel,
                |p| action_name(p, (n + rel) as Action, n),
                format!(
                    "sow clockwise from {} (once the mover has gone round)",
                    board::hole_words("mover", rel, n)
                ),
            ));
        }
        out.push(ActionMeaning::new(
            2 * n,
            |p| action_name(p, (2 * n) as Action, n),
            "take the capture the last seed offers: its hole and the opposite one, then the \
             opposite holes of the empty own holes that follow in the move's direction",
        ));
        out.push(ActionMeaning::new(
            2 * n + 1,
            |p| action_name(p, (2 * n + 1) as Action, n),
            "decline the capture the last seed offers; the move ends",
        ));
        out
    }
}

/// The notation of `action` when `me` is to move on rows of `n` holes.
fn action_name(me: Player, action: Action, n: usize) -> String {
    let a = action as usize;
    if a == 2 * n {
        "x".to_string()
    } else if a == 2 * n + 1 {
        "no-x".to_string()
    } else if a < n {
        board::hole_name(me, a, n)
    } else {
        format!("{}>", board::label(board::hole(me, a - n, n), n))
    }
}

/// A capture the mover may take or decline: the hole his last seed fell in, and the move's
/// direction (the capture runs on in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pending {
    hole: u8,
    dir: Direction,
}

/// Rule 8's advance move of the player to move, while he makes it: he lifts two of his holes
/// (one action each), then puts the seeds back into his own holes one action a seed, from
/// his left to his right (so each redeployment is reached once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Advance {
    /// The first hole lifted (from the mover's left), once lifted.
    first: Option<u8>,
    /// Both holes are lifted: the mover is putting seeds back.
    placing: bool,
    /// Seeds in the mover's hand.
    hand: u8,
    /// The lowest hole (from the mover's left) he may still put a seed into.
    min: u8,
}

/// A position of Enkeshui.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EnkeshuiState {
    pits: [u8; 2 * MAX_N],
    /// Bit `h` of `bulls[p]`: hole `h` is a bull of player `p`.
    bulls: [u32; 2],
    stores: [u8; 2],
    /// A player who has sown round the opponent's row back into his own may sow either way.
    gone_round: [bool; 2],
    to_move: Player,
    pending: Option<Pending>,
    /// Rule 8's advance move of the player to move, while he makes it (South's, then
    /// North's, before the first sowing).
    advance: Option<Advance>,
    ply: u32,
    status: Status,
    game: Enkeshui,
}

impl EnkeshuiState {
    fn n(&self) -> usize {
        self.game.n()
    }

    #[inline]
    fn is_bull(&self, h: usize) -> bool {
        (self.bulls[0] | self.bulls[1]) & (1 << h) != 0
    }

    fn capture_action(&self) -> Action {
        2 * self.n() as Action
    }

    /// Seeds in `p`'s own holes that are not bulls: what he can still play with.
    fn cows(&self, p: Player) -> u32 {
        let n = self.n();
        (0..n)
            .map(|r| board::hole(p, r, n))
            .filter(|&h| !self.is_bull(h))
            .map(|h| self.pits[h] as u32)
            .sum()
    }

    fn scores(&self) -> [u32; 2] {
        let n = self.n();
        let mut scores = [self.stores[0] as u32, self.stores[1] as u32];
        if let Some(a) = self.advance {
            scores[self.to_move.index()] += u32::from(a.hand);
        }
        for h in 0..2 * n {
            let owner = if self.bulls[0] & (1 << h) != 0 {
                Player::South
            } else if self.bulls[1] & (1 << h) != 0 {
                Player::North
            } else {
                side(h, n)
            };
            scores[owner.index()] += self.pits[h] as u32;
        }
        scores
    }

    /// Whether sowing `seeds` from `from` in `dir` passes from the opponent's row into
    /// `mover`'s own row.
    fn enters_own_row(&self, mover: Player, from: usize, seeds: u32, dir: Direction) -> bool {
        let n = self.n();
        let entry = match dir {
            Direction::Forward => board::hole(mover, 0, n),
            Direction::Backward => board::hole(mover, n - 1, n),
        };
        // Steps from `from` to the entry hole, in 1..=2n.
        let ahead = match dir {
            Direction::Forward => (entry + 2 * n - from) % (2 * n),
            Direction::Backward => (from + 2 * n - entry) % (2 * n),
        };
        let steps = if ahead == 0 { 2 * n } else { ahead };
        steps as u32 <= seeds
    }

    fn end_move(&mut self) {
        self.pending = None;
        self.to_move = self.to_move.other();
        if self.cows(Player::South) == 0 || self.cows(Player::North) == 0 {
            self.status = Status::Over;
        }
    }

    fn sow_move<O: SowObserver>(&mut self, rel: usize, dir: Direction, obs: &mut O) {
        let n = self.n();
        let mover = self.to_move;
        let ring = Ring(2 * n);
        let mut at = board::hole(mover, rel, n);
        let mut laps = 1;
        loop {
            let seeds = std::mem::take(&mut self.pits[at]) as u32;
            let from = at;
            let kind = if laps == 1 {
                StepKind::Lift
            } else {
                StepKind::Relay
            };
            obs.event(SowEvent::moved(
                kind,
                Place::Hole(from),
                Place::Sowing,
                seeds,
            ));
            at = sow(&mut self.pits, &ring, from, seeds, dir, None, obs);
            if !self.gone_round[mover.index()] && self.enters_own_row(mover, from, seeds, dir) {
                self.gone_round[mover.index()] = true;
            }
            let c = self.pits[at];
            if self.is_bull(at) {
                break;
            }
            if seeds >= 2 {
                let before = ring.step(at, dir.reversed());
                let pair = (self.pits[before], c);
                if !self.is_bull(before) && (pair == (3, 4) || pair == (4, 3)) {
                    self.bulls[mover.index()] |= (1 << at) | (1 << before);
                    obs.event(SowEvent::Bull {
                        hole: at,
                        owner: mover,
                    });
                    obs.event(SowEvent::Bull {
                        hole: before,
                        owner: mover,
                    });
                    break;
                }
            }
            if c == 4 {
                self.bulls[mover.index()] |= 1 << at;
                obs.event(SowEvent::Bull {
                    hole: at,
                    owner: mover,
                });
                break;
            }
            if c == 1 {
                let opp = opposite(at, n);
                if side(at, n) == mover && !self.is_bull(opp) && self.pits[opp] > 0 {
                    self.pending = Some(Pending {
                        hole: at as u8,
                        dir,
                    });
                    return;
                }
                break;
            }
            if laps == self.game.limits.max_laps {
                self.status = Status::Capped(Cap::Laps);
                return;
            }
            laps += 1;
        }
        self.end_move();
    }

    fn capture<O: SowObserver>(&mut self, Pending { hole, dir }: Pending, obs: &mut O) {
        let n = self.n();
        let mover = self.to_move;
        let ring = Ring(2 * n);
        let mut at = hole as usize;
        let store = Place::Store(mover);
        for h in [at, opposite(at, n)] {
            obs.event(SowEvent::moved(
                StepKind::Capture,
                Place::Hole(h),
                store,
                u32::from(self.pits[h]),
            ));
        }
        let mut taken =
            std::mem::take(&mut self.pits[at]) + std::mem::take(&mut self.pits[opposite(at, n)]);
        loop {
            at = ring.step(at, dir);
            let opp = opposite(at, n);
            if side(at, n) != mover
                || self.pits[at] != 0
                || self.is_bull(at)
                || self.is_bull(opp)
                || self.pits[opp] == 0
            {
                break;
            }
            obs.event(SowEvent::moved(
                StepKind::Capture,
                Place::Hole(opp),
                store,
                u32::from(self.pits[opp]),
            ));
            taken += std::mem::take(&mut self.pits[opp]);
        }
        self.stores[mover.index()] += taken;
    }

    /// Plays one action of the advance move (rule 8): lifts hole `rel` or puts a seed into
    /// it. When the hand is empty again the move is over: North's advance follows South's,
    /// and South sows first after both.
    fn advance_step<O: SowObserver>(&mut self, mut a: Advance, rel: usize, obs: &mut O) {
        let n = self.n();
        let h = board::hole(self.to_move, rel, n);
        let hand = Place::Hand(self.to_move);
        if a.placing {
            obs.event(SowEvent::moved(StepKind::Place, hand, Place::Hole(h), 1));
            self.pits[h] += 1;
            a.hand -= 1;
            a.min = rel as u8;
            if a.hand > 0 {
                self.advance = Some(a);
            } else if self.to_move == Player::South {
                self.advance = Some(Advance::default());
                self.to_move = Player::North;
            } else {
                self.advance = None;
                self.to_move = Player::South;
            }
            return;
        }
        obs.event(SowEvent::moved(
            StepKind::Lift,
            Place::Hole(h),
            hand,
            u32::from(self.pits[h]),
        ));
        a.hand += std::mem::take(&mut self.pits[h]);
        if a.first.is_none() {
            a.first = Some(rel as u8);
        } else {
            a.placing = true;
        }
        self.advance = Some(a);
    }

    /// Whether the player to move is making his advance move (rule 8).
    pub fn in_advance_move(&self) -> bool {
        self.advance.is_some()
    }

    /// Whether `p` may sow clockwise as well (he has gone round).
    pub fn has_gone_round(&self, p: Player) -> bool {
        self.gone_round[p.index()]
    }

    /// The owner of hole `h` if it is a bull.
    pub fn bull_owner(&self, h: usize) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.bulls[p.index()] & (1 << h) != 0)
    }
}

impl State for EnkeshuiState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        let mut out = ActionMask::default();
        if self.is_terminal() {
            return out;
        }
        if self.pending.is_some() {
            out.insert(self.capture_action());
            out.insert(self.capture_action() + 1);
            return out;
        }
        let n = self.n();
        if let Some(a) = self.advance {
            for r in 0..n {
                let seeds = self.pits[board::hole(self.to_move, r, n)];
                let ok = if a.placing {
                    r >= a.min as usize
                } else {
                    seeds > 0 && a.first != Some(r as u8)
                };
                if ok {
                    out.insert(r as Action);
                }
            }
            return out;
        }
        let both_ways = self.gone_round[self.to_move.index()];
        for r in 0..n {
            let h = board::hole(self.to_move, r, n);
            if self.pits[h] > 0 && !self.is_bull(h) {
                out.insert(r as Action);
                if both_ways {
                    out.insert((n + r) as Action);
                }
            }
        }
        out
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let n = self.n();
        let a = action as usize;
        self.ply += 1;
        if let Some(adv) = self.advance {
            self.advance_step(adv, a, obs);
            return;
        }
        match self.pending {
            Some(p) => {
                if a == 2 * n {
                    self.capture(p, obs);
                }
                self.end_move();
            }
            None if a < n => self.sow_move(a, Direction::Forward, obs),
            None => self.sow_move(a - n, Direction::Backward, obs),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.status
            .outcome(self.ply, self.game.limits.max_plies, || self.scores())
    }
    fn encode(&self, out: &mut [f32]) {
        let n = self.n();
        let me = self.to_move;
        let scale = 1.0 / self.game.total_seeds() as f32;
        board::encode_rows(&self.pits, me, n, scale, out);
        for k in 0..2 * n {
            let h = (board::hole(me, 0, n) + k) % (2 * n);
            out[2 * n + k] = f32::from(self.bulls[me.index()] & (1 << h) != 0);
            out[4 * n + k] = f32::from(self.bulls[me.other().index()] & (1 << h) != 0);
        }
        let base = 6 * n;
        out[base] = self.stores[me.index()] as f32 * scale;
        out[base + 1] = self.stores[me.other().index()] as f32 * scale;
        out[base + 2] = f32::from(self.gone_round[me.index()]);
        out[base + 3] = f32::from(self.gone_round[me.other().index()]);
        out[base + 4] = f32::from(self.pending.is_some());
        for r in 0..n {
            let pending_here = self
                .pending
                .is_some_and(|p| p.hole as usize == board::hole(me, r, n));
            out[base + 5 + r] = f32::from(pending_here);
        }
        if self.game.rules.advance_move {
            let base = base + 5 + n;
            let a = self.advance.unwrap_or_default();
            out[base] = f32::from(self.advance.is_some());
            out[base + 1] = f32::from(a.placing);
            out[base + 2] = f32::from(self.advance.is_some() && me == Player::South);
            out[base + 3] = f32::from(a.hand) * scale;
            out[base + 4] = f32::from(a.min) / n as f32;
            for r in 0..n {
                out[base + 5 + r] = f32::from(a.first == Some(r as u8));
            }
        }
    }
    fn action_to_string(&self, action: Action) -> String {
        action_name(self.to_move, action, self.n())
    }
    fn snapshot(&self) -> Snapshot {
        let n = self.n();
        Snapshot {
            pits: self.pits[..2 * n].iter().map(|&s| s as u32).collect(),
            stores: [self.stores[0] as u32, self.stores[1] as u32],
            in_hand: match self.advance {
                Some(a) if self.to_move == Player::South => [u32::from(a.hand), 0],
                Some(a) => [0, u32::from(a.hand)],
                None => [0, 0],
            },
            owners: Some(
                (0..2 * n)
                    .map(|h| self.bull_owner(h).map_or(-1, |p| p.index() as i8))
                    .collect(),
            ),
        }
    }
}

impl fmt::Display for EnkeshuiState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n();
        let mark = |h: usize| match self.bull_owner(h) {
            Some(Player::South) => Some('s'),
            Some(Player::North) => Some('n'),
            None if self.pending.is_some_and(|p| p.hole as usize == h) => Some('?'),
            None => None,
        };
        board::draw(
            f,
            &self.pits[..2 * n],
            n,
            [self.stores[0] as u32, self.stores[1] as u32],
            &mark,
        )?;
        if let Some(a) = self.advance {
            writeln!(
                f,
                "{} makes his advance move: {}, {} seeds in hand",
                self.to_move,
                if a.placing {
                    "putting them back"
                } else {
                    "lifting two holes"
                },
                a.hand
            )?;
        }
        writeln!(
            f,
            "(s/n: South's/North's bull; ?: capture to take or decline)"
        )
    }
}

impl EnkeshuiState {
    /// A position from its holes (absolute order, `2n` of them), the bulls (`bulls[p]` lists
    /// player `p`'s bull holes), stores, gone-round flags and player to move, checked: the
    /// game's seed total, no hole a bull of both players, holes in range.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] naming what is wrong.
    pub fn from_parts(
        game: &Enkeshui,
        pits: &[u8],
        bulls: [&[usize]; 2],
        stores: [u8; 2],
        gone_round: [bool; 2],
        to_move: Player,
    ) -> Result<Self, PositionError> {
        let n = game.n();
        if pits.len() != 2 * n {
            return Err(inconsistent(
                "rows",
                format!(
                    "enkeshui with {n} holes a row has {} holes, not {}",
                    2 * n,
                    pits.len()
                ),
            ));
        }
        let total: u32 = pits.iter().chain(&stores).map(|&s| s as u32).sum();
        check_seed_total("enkeshui", total, game.total_seeds())?;
        let mut masks = [0u32; 2];
        for p in 0..2 {
            for &h in bulls[p] {
                if h >= 2 * n {
                    return Err(inconsistent(
                        "bulls",
                        format!("bull hole {h} is off the board"),
                    ));
                }
                masks[p] |= 1 << h;
            }
        }
        if masks[0] & masks[1] != 0 {
            return Err(inconsistent("bulls", "a hole is a bull of both players"));
        }
        let mut all = [0u8; 2 * MAX_N];
        all[..2 * n].copy_from_slice(pits);
        let mut s = EnkeshuiState {
            pits: all,
            bulls: masks,
            stores,
            gone_round,
            to_move,
            pending: None,
            advance: None,
            ply: 0,
            status: Status::Playing,
            game: *game,
        };
        if s.cows(Player::South) == 0 || s.cows(Player::North) == 0 {
            s.status = Status::Over;
        }
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::feature_value;

    #[test]
    fn bulls_flags_and_the_pending_capture_are_where_their_names_say() {
        let g = Enkeshui::default();
        let n = 12;
        assert_eq!(g.total_seeds(), 48);
        let mut s = g.initial_state();
        s.to_move = Player::North;
        s.bulls[1] |= 1 << board::hole(Player::North, 3, n);
        s.bulls[0] |= 1 << board::hole(Player::North, 5, n);
        s.bulls[0] |= 1 << board::hole(Player::South, 1, n);
        s.gone_round[0] = true;
        s.stores[1] = 6;
        s.pending = Some(Pending {
            hole: board::hole(Player::North, 7, n) as u8,
            dir: Direction::Forward,
        });
        let f = |name: &str| feature_value(&g, &s, name);
        assert_eq!(f("mover_bull_at_mover_hole_3"), 1.0);
        assert_eq!(f("opponent_bull_at_mover_hole_3"), 0.0);
        assert_eq!(f("opponent_bull_at_mover_hole_5"), 1.0);
        assert_eq!(f("opponent_bull_at_opponent_hole_1"), 1.0);
        assert_eq!(f("mover_bull_at_opponent_hole_1"), 0.0);
        assert_eq!(f("mover_gone_round"), 0.0);
        assert_eq!(f("opponent_gone_round"), 1.0);
        assert!((f("mover_store") - 6.0 / 48.0).abs() < 1e-6);
        assert_eq!(f("capture_pending"), 1.0);
        assert_eq!(f("capture_pending_at_mover_hole_7"), 1.0);
        assert_eq!(f("capture_pending_at_mover_hole_6"), 0.0);
        let meanings = g.action_meanings();
        let names = |a: usize| (meanings[a].south.as_str(), meanings[a].north.as_str());
        assert_eq!(names(2), ("C", "c"));
        assert_eq!(names(n + 2), ("C>", "c>"));
        assert_eq!(names(2 * n), ("x", "x"));
        assert_eq!(names(2 * n + 1), ("no-x", "no-x"));
    }
}
