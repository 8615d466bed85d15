//! Oware (abapa) as OpenSpiel 2.0.2's `oware` plays it. Rules: `docs/rules/oware.md`.

mod text;

use std::fmt;

use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

use crate::board::{self, row_sum, side};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits, Outcome, Player,
    Snapshot, State,
};
use crate::sow::{Direction, Ring, sow};

const N: usize = 6;
const HOLES: usize = 2 * N;
/// Positions remembered since the last capture for the repetition rule.
pub const HISTORY_CAP: usize = 128;

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
            history: ArrayVec::new(),
            seen: [0; 4],
        };
        s.remember(s.key());
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
    /// Keys of the positions since the last capture, for the repetition rule.
    history: ArrayVec<u64, HISTORY_CAP>,
    /// A 256-bit filter over `history`: bit `key % 256` is set for every key in it, so most
    /// positions are known new without scanning the history.
    seen: [u64; 4],
}

impl OwareState {
    /// A 64-bit key of the holes and the player to move (the scores cannot change between
    /// captures, when the history is cleared).
    fn key(&self) -> u64 {
        let mut packed: u128 = self.to_move as u128;
        for &s in &self.pits {
            packed = (packed << 7) | s as u128;
        }
        let (lo, hi) = (packed as u64, (packed >> 64) as u64);
        let x = lo ^ hi.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        let x = (x ^ (x >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        x ^ (x >> 29)
    }

    /// Adds a key to the history (dropping the oldest when full).
    fn remember(&mut self, key: u64) {
        if self.history.is_full() {
            self.history.remove(0);
            self.seen = [0; 4];
            for k in self.history.clone() {
                self.seen[(k as usize >> 6) & 3] |= 1 << (k & 63);
            }
        }
        self.history.push(key);
        self.seen[(key as usize >> 6) & 3] |= 1 << (key & 63);
    }

    /// Whether a key is in the history.
    #[inline]
    fn has_seen(&self, key: u64) -> bool {
        self.seen[(key as usize >> 6) & 3] & (1 << (key & 63)) != 0 && self.history.contains(&key)
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
    fn collect(&mut self) {
        for h in 0..HOLES {
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
    fn play_unchecked(&mut self, action: Action) {
        let mover = self.to_move;
        let from = board::hole(mover, action as usize, N);
        let seeds = std::mem::take(&mut self.pits[from]) as u32;
        let last = sow(
            &mut self.pits,
            &Ring(HOLES),
            from,
            seeds,
            Direction::Forward,
            Some(from),
        );
        if side(last, N) != mover && !self.is_grand_slam(last) {
            let lower = board::hole(mover.other(), 0, N);
            let mut captured = 0;
            let mut h = last;
            while h >= lower && matches!(self.pits[h], 2 | 3) {
                captured += std::mem::take(&mut self.pits[h]);
                if h == lower {
                    break;
                }
                h -= 1;
            }
            if captured > 0 {
                self.scores[mover.index()] += captured;
                self.history.clear();
                self.seen = [0; 4];
            }
        }
        self.to_move = mover.other();
        self.ply += 1;
        let key = self.key();
        if self.has_seen(key) {
            self.collect();
        } else {
            self.remember(key);
            // OpenSpiel sweeps the board whenever the game ends, by score or by no move.
            if self.natural_end() || self.legal_in_rows().is_empty() {
                self.collect();
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
    /// A message naming what is wrong.
    pub fn from_parts(
        game: &Oware,
        pits: [u8; HOLES],
        scores: [u8; 2],
        to_move: Player,
    ) -> Result<Self, String> {
        let total: u32 =
            pits.iter().map(|&s| s as u32).sum::<u32>() + scores[0] as u32 + scores[1] as u32;
        if total != Oware::TOTAL {
            return Err(format!("oware holds {} seeds, not {total}", Oware::TOTAL));
        }
        let mut s = OwareState {
            pits,
            scores,
            to_move,
            ply: 0,
            max_plies: game.limits.max_plies,
            history: ArrayVec::new(),
            seen: [0; 4],
        };
        s.remember(s.key());
        Ok(s)
    }
}
