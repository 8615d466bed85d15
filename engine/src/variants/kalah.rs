//! Kalah as OpenSpiel 2.0.2's `mancala` plays it. Rules: `docs/rules/kalah.md`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{self, opposite, row_sum};
use crate::error::{ConfigError, PositionError};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits, Outcome, Player,
    Snapshot, State,
};
use crate::position::check_seed_total;
use crate::sow::{Direction, Track, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};

const N: usize = 6;
const HOLES: usize = 2 * N;
/// Cell of South's store; North's is the next one.
const STORE: usize = HOLES;

/// Rule options of Kalah.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields, default)]
pub struct KalahRules {
    /// Seeds in each hole at the start (1 to 6; OpenSpiel plays 4).
    pub seeds_per_hole: u8,
    /// The "empty capture": a last seed in an own empty hole is stored even when the
    /// opposite hole is empty (off in OpenSpiel).
    pub empty_capture: bool,
}

impl Default for KalahRules {
    fn default() -> Self {
        KalahRules {
            seeds_per_hole: 4,
            empty_capture: false,
        }
    }
}

impl KalahRules {
    /// Checks the ranges.
    ///
    /// # Errors
    /// [`ConfigError::OutOfRange`] naming the key.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=6).contains(&self.seeds_per_hole) {
            return Err(crate::variants::out_of_range(
                "seeds_per_hole",
                self.seeds_per_hole,
                "1 to 6",
            ));
        }
        Ok(())
    }
}

/// The game of Kalah.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    /// Rule options.
    pub rules: KalahRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Kalah {
    /// Default caps: 1000 plies (OpenSpiel's game length), one lap.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 1000,
        max_laps: 1,
    };
}

/// The sowing track of one player: his holes, his store, the opponent's holes.
#[derive(Clone, Copy, Debug)]
struct KalahTrack(Player);

impl Track for KalahTrack {
    #[inline]
    fn len(&self) -> usize {
        HOLES + 1
    }
    #[inline]
    fn cell(&self, pos: usize) -> usize {
        let own = board::hole(self.0, 0, N);
        let opp = board::hole(self.0.other(), 0, N);
        match pos {
            p if p < N => own + p,
            N => STORE + self.0.index(),
            p => opp + p - N - 1,
        }
    }
    #[inline]
    fn place(&self, pos: usize) -> Place {
        if pos == N {
            Place::Store(self.0)
        } else {
            Place::Hole(self.cell(pos))
        }
    }
}

impl Game for Kalah {
    type State = KalahState;
    fn name(&self) -> &'static str {
        "kalah"
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
            per_seed: 1.0 / self.total_seeds() as f32,
        }]
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        HOLES as u32 * self.rules.seeds_per_hole as u32
    }
    fn initial_state(&self) -> KalahState {
        let mut cells = [self.rules.seeds_per_hole; HOLES + 2];
        cells[STORE] = 0;
        cells[STORE + 1] = 0;
        KalahState {
            cells,
            to_move: Player::South,
            ply: 0,
            game: *self,
        }
    }
    fn feature_names(&self) -> Vec<Feature> {
        board::rows_and_stores_features(N, self.total_seeds(), |who| {
            format!("seeds in the {who}'s store (kalah)")
        })
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        board::hole_actions(N, |hole| {
            format!(
                "sow anticlockwise from {hole} through the mover's own store, \
                 passing over the opponent's"
            )
        })
    }
}

/// A position of Kalah: holes `0..12` in the documented order, then the two stores.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KalahState {
    cells: [u8; HOLES + 2],
    to_move: Player,
    ply: u32,
    game: Kalah,
}

impl KalahState {
    fn scores(&self) -> [u32; 2] {
        [
            row_sum(&self.cells, Player::South, N) + self.cells[STORE] as u32,
            row_sum(&self.cells, Player::North, N) + self.cells[STORE + 1] as u32,
        ]
    }

    #[inline]
    fn row_empty(&self) -> bool {
        self.cells[..N].iter().all(|&c| c == 0) || self.cells[N..HOLES].iter().all(|&c| c == 0)
    }
}

impl State for KalahState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        let own = board::hole(self.to_move, 0, N);
        let mut bits = 0u64;
        for (rel, &c) in self.cells[own..own + N].iter().enumerate() {
            bits |= u64::from(c != 0) << rel;
        }
        // The mover's row is not empty here exactly when `bits != 0`.
        let opp = board::hole(self.to_move.other(), 0, N);
        if bits == 0
            || self.cells[opp..opp + N].iter().all(|&c| c == 0)
            || self.ply >= self.game.limits.max_plies
        {
            return ActionMask::default();
        }
        ActionMask(bits)
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let mover = self.to_move;
        let track = KalahTrack(mover);
        let from = board::hole(mover, action as usize, N);
        let seeds = std::mem::take(&mut self.cells[from]) as u32;
        obs.event(SowEvent::moved(
            StepKind::Lift,
            Place::Hole(from),
            Place::Sowing,
            seeds,
        ));
        let last = sow(
            &mut self.cells,
            &track,
            action as usize,
            seeds,
            Direction::Forward,
            None,
            obs,
        );
        let cell = track.cell(last);
        if last < N && self.cells[cell] == 1 {
            let opp = opposite(cell, N);
            if self.cells[opp] > 0 || self.game.rules.empty_capture {
                let store = Place::Store(mover);
                if self.cells[opp] > 0 {
                    obs.event(SowEvent::moved(
                        StepKind::Capture,
                        Place::Hole(opp),
                        store,
                        u32::from(self.cells[opp]),
                    ));
                }
                obs.event(SowEvent::moved(
                    StepKind::Capture,
                    Place::Hole(cell),
                    store,
                    1,
                ));
                let taken = 1 + std::mem::take(&mut self.cells[opp]);
                self.cells[cell] = 0;
                self.cells[STORE + mover.index()] += taken;
            }
        }
        if last != N {
            self.to_move = mover.other();
        }
        self.ply += 1;
    }
    #[inline]
    fn is_terminal(&self) -> bool {
        self.row_empty() || self.ply >= self.game.limits.max_plies
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.row_empty() {
            Some(Outcome::by_scores(self.scores()))
        } else if self.ply >= self.game.limits.max_plies {
            Some(Outcome {
                result: GameResult::Capped(Cap::Plies),
                scores: self.scores(),
            })
        } else {
            None
        }
    }
    fn encode(&self, out: &mut [f32]) {
        let stores = [self.cells[STORE], self.cells[STORE + 1]];
        let scale = 1.0 / self.game.total_seeds() as f32;
        board::encode_rows_and_stores(&self.cells[..HOLES], stores, self.to_move, N, scale, out);
    }
    fn action_to_string(&self, action: Action) -> String {
        board::hole_name(self.to_move, action as usize, N)
    }
    fn snapshot(&self) -> Snapshot {
        board::snapshot(
            &self.cells[..HOLES],
            [self.cells[STORE], self.cells[STORE + 1]],
        )
    }
}

impl fmt::Display for KalahState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stores = [self.cells[STORE] as u32, self.cells[STORE + 1] as u32];
        board::draw(f, &self.cells[..HOLES], N, stores, &|_| None)
    }
}

impl KalahState {
    /// A position from its holes (absolute order), stores and player to move, checked
    /// against the game's seed total.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] when the seeds do not add up.
    pub fn from_parts(
        game: &Kalah,
        pits: [u8; HOLES],
        stores: [u8; 2],
        to_move: Player,
    ) -> Result<Self, PositionError> {
        let total: u32 = pits.iter().chain(&stores).map(|&s| s as u32).sum();
        check_seed_total("kalah", total, game.total_seeds())?;
        let mut cells = [0; HOLES + 2];
        cells[..HOLES].copy_from_slice(&pits);
        cells[STORE] = stores[0];
        cells[STORE + 1] = stores[1];
        Ok(KalahState {
            cells,
            to_move,
            ply: 0,
            game: *game,
        })
    }
}
