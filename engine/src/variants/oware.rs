//! Oware (abapa) as OpenSpiel 2.0.2's `oware` plays it. Rules: `docs/rules/oware.md`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;
use std::sync::Arc;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{self, row_sum, side};
use crate::error::PositionError;
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits, Outcome, Player,
    Snapshot, State,
};
use crate::position::check_seed_total;
use crate::sow::{Direction, Ring, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};

const N: usize = 6;
const HOLES: usize = 2 * N;
/// Keys a position holds inline; older ones move to shared blocks of this size.
const RECENT: usize = 32;

/// Rule options of Oware (none yet: the board and seeds are OpenSpiel's).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct OwareRules {}

/// The game of Oware.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Oware {
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Oware {
    /// Default caps: 1000 plies, one lap (Oware never relays).
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 1000,
        max_laps: 1,
    };
    const TOTAL: u32 = 48;
}

impl Game for Oware {
    type State = OwareState;
    fn name(&self) -> &'static str {
        "oware"
    }
    fn num_actions(&self) -> usize {
        N
    }
    fn encoding_len(&self) -> usize {
        HOLES + 2
    }
    fn count_features(&self) -> Vec<CountSpan> {
        vec![CountSpan {
            start: 0,
            len: HOLES,
            per_seed: 1.0 / Oware::TOTAL as f32,
        }]
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        Self::TOTAL
    }
    fn initial_state(&self) -> OwareState {
        let mut s = OwareState {
            pits: [4; HOLES],
            scores: [0; 2],
            to_move: Player::South,
            ply: 0,
            max_plies: self.limits.max_plies,
            history: History::default(),
        };
        s.history.remember(s.key());
        s
    }
    fn feature_names(&self) -> Vec<Feature> {
        board::rows_and_stores_features(N, Self::TOTAL, |who| {
            format!("seeds the {who} has captured (at the end, with those left in his row)")
        })
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        board::hole_actions(N, |hole| {
            format!("sow anticlockwise from {hole}, passing over it on a full lap")
        })
    }
}

/// A position of Oware.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OwareState {
    pits: [u8; HOLES],
    scores: [u8; 2],
    to_move: Player,
    ply: u32,
    max_plies: u32,
    /// Every position since the last capture, for the repetition rule.
    history: History,
}

/// `BINOMIAL[n][k]` = n choose k, for the keys of positions (n <= 58, k <= 11).
const BINOMIAL: [[u64; N * 2]; 59] = {
    let mut t = [[0u64; N * 2]; 59];
    let mut n = 0;
    while n < 59 {
        t[n][0] = 1;
        let mut k = 1;
        while k < N * 2 && k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The keys of every position since the last capture, oldest first. The newest keys are
/// held inline; every full run of `RECENT` older keys is a block shared by all the clones of a
/// position, so a clone copies at most `RECENT` keys however long the history is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct History {
    /// The newest keys.
    recent: ArrayVec<u64, RECENT>,
    /// The older keys, newest block first.
    older: Option<Arc<Block>>,
    /// A 256-bit filter over every key held: a clear bit means a key is new without a scan.
    filter: [u64; 4],
}

/// `RECENT` keys of a history and the block before them.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Block {
    keys: [u64; RECENT],
    older: Option<Arc<Block>>,
}

impl History {
    /// The filter word and bit of a key (from its mixed high bits).
    #[inline]
    fn slot(key: u64) -> (usize, u64) {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56;
        ((h >> 6) as usize, 1 << (h & 63))
    }

    fn remember(&mut self, key: u64) {
        if self.recent.is_full() {
            let keys = std::mem::take(&mut self.recent)
                .into_inner()
                .expect("the recent keys are full");
            self.older = Some(Arc::new(Block {
                keys,
                older: self.older.take(),
            }));
        }
        self.recent.push(key);
        let (word, bit) = Self::slot(key);
        self.filter[word] |= bit;
    }

    #[inline]
    fn contains(&self, key: u64) -> bool {
        let (word, bit) = Self::slot(key);
        if self.filter[word] & bit == 0 {
            return false;
        }
        if self.recent.contains(&key) {
            return true;
        }
        let mut block = self.older.as_deref();
        while let Some(b) = block {
            if b.keys.contains(&key) {
                return true;
            }
            block = b.older.as_deref();
        }
        false
    }

    fn clear(&mut self) {
        *self = History::default();
    }
}

impl OwareState {
    /// A key of the holes and the player to move, distinct for distinct positions with the
    /// same number of seeds on the board (which, like the scores, cannot change between
    /// captures, when the history is cleared): the rank of the hole counts among all ways to
    /// put that many seeds in 12 holes (stars and bars), times two, plus the player.
    fn key(&self) -> u64 {
        let mut rank = 0u64;
        let mut seeds = 0usize;
        for (i, &s) in self.pits[..HOLES - 1].iter().enumerate() {
            seeds += s as usize;
            // The (i+1)-th bar stands after `seeds` seeds and `i` bars.
            rank += BINOMIAL[seeds + i][i + 1];
        }
        rank << 1 | self.to_move as u64
    }

    fn natural_end(&self) -> bool {
        let limit = (Oware::TOTAL / 2) as u8;
        self.scores[0] > limit
            || self.scores[1] > limit
            || (self.scores[0] == limit && self.scores[1] == limit)
    }

    fn legal_in_rows(&self) -> ActionMask {
        let mover = self.to_move;
        let starve = row_sum(&self.pits, mover.other(), N) == 0;
        let mut out = ActionMask::default();
        for rel in 0..N {
            let s = self.pits[board::hole(mover, rel, N)] as usize;
            // With the opponent's row empty, a move must reach it.
            if s > 0 && (!starve || s > N - 1 - rel) {
                out.insert(rel as Action);
            }
        }
        out
    }

    /// Every seed on the board goes to the owner of its row.
    fn collect<O: SowObserver>(&mut self, obs: &mut O) {
        for h in 0..HOLES {
            if O::ACTIVE && self.pits[h] > 0 {
                obs.event(SowEvent::moved(
                    StepKind::Collect,
                    Place::Hole(h),
                    Place::Store(side(h, N)),
                    u32::from(self.pits[h]),
                ));
            }
            self.scores[side(h, N).index()] += self.pits[h];
            self.pits[h] = 0;
        }
    }

    fn is_grand_slam(&self, last: usize) -> bool {
        let opp = side(last, N);
        let upper = board::hole(opp, N - 1, N);
        let lower = board::hole(opp, 0, N);
        (last + 1..=upper).all(|h| self.pits[h] == 0)
            && (lower..=last).all(|h| matches!(self.pits[h], 2 | 3))
    }
}

impl State for OwareState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        if self.is_terminal() {
            ActionMask::default()
        } else {
            self.legal_in_rows()
        }
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let mover = self.to_move;
        let from = board::hole(mover, action as usize, N);
        let seeds = std::mem::take(&mut self.pits[from]) as u32;
        obs.event(SowEvent::moved(
            StepKind::Lift,
            Place::Hole(from),
            Place::Sowing,
            seeds,
        ));
        let last = sow(
            &mut self.pits,
            &Ring(HOLES),
            from,
            seeds,
            Direction::Forward,
            Some(from),
            obs,
        );
        if side(last, N) != mover && !self.is_grand_slam(last) {
            let lower = board::hole(mover.other(), 0, N);
            let mut captured = 0;
            let mut h = last;
            while h >= lower && matches!(self.pits[h], 2 | 3) {
                obs.event(SowEvent::moved(
                    StepKind::Capture,
                    Place::Hole(h),
                    Place::Store(mover),
                    u32::from(self.pits[h]),
                ));
                captured += std::mem::take(&mut self.pits[h]);
                if h == lower {
                    break;
                }
                h -= 1;
            }
            if captured > 0 {
                self.scores[mover.index()] += captured;
                self.history.clear();
            }
        }
        self.to_move = mover.other();
        self.ply += 1;
        let key = self.key();
        if self.history.contains(key) {
            self.collect(obs);
        } else {
            self.history.remember(key);
            // OpenSpiel sweeps the board whenever the game ends, by score or by no move.
            if self.natural_end() || self.legal_in_rows().is_empty() {
                self.collect(obs);
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let scores = [self.scores[0] as u32, self.scores[1] as u32];
        if self.natural_end() {
            Some(Outcome::by_scores(scores))
        } else if self.ply >= self.max_plies {
            Some(Outcome {
                result: GameResult::Capped(Cap::Plies),
                scores,
            })
        } else {
            None
        }
    }
    fn encode(&self, out: &mut [f32]) {
        board::encode_rows_and_stores(
            &self.pits,
            self.scores,
            self.to_move,
            N,
            1.0 / Oware::TOTAL as f32,
            out,
        );
    }
    fn action_to_string(&self, action: Action) -> String {
        board::hole_name(self.to_move, action as usize, N)
    }
    fn snapshot(&self) -> Snapshot {
        board::snapshot(&self.pits, self.scores)
    }
}

impl fmt::Display for OwareState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        board::draw(
            f,
            &self.pits,
            N,
            [self.scores[0] as u32, self.scores[1] as u32],
            &|_| None,
        )
    }
}

impl OwareState {
    /// A position from its holes (absolute order), scores and player to move, checked to hold
    /// 48 seeds in all.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] when the seeds do not add up.
    pub fn from_parts(
        game: &Oware,
        pits: [u8; HOLES],
        scores: [u8; 2],
        to_move: Player,
    ) -> Result<Self, PositionError> {
        let total: u32 =
            pits.iter().map(|&s| s as u32).sum::<u32>() + scores[0] as u32 + scores[1] as u32;
        check_seed_total("oware", total, Oware::TOTAL)?;
        let mut s = OwareState {
            pits,
            scores,
            to_move,
            ply: 0,
            max_plies: game.limits.max_plies,
            history: History::default(),
        };
        s.history.remember(s.key());
        Ok(s)
    }
}
