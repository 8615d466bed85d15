//! Ndoto of the Kilinje (Driedger, seed 000). Rules: `docs/rules/ndoto.md`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{self, opposite, row_sum, side};
use crate::error::{ConfigError, PositionError};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, Limits, Outcome, Player, Snapshot, State,
};
use crate::position::check_seed_total;
use crate::sow::{Direction, Ring, Track, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};
use crate::variants::Status;

const N: usize = 8;
const HOLES: usize = 2 * N;

/// Rule options of Ndoto.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields, default)]
pub struct NdotoRules {
    /// Seeds in each hole at the start (the figure is lost; later sources give 2).
    pub seeds_per_hole: u8,
}

impl Default for NdotoRules {
    fn default() -> Self {
        NdotoRules { seeds_per_hole: 2 }
    }
}

impl NdotoRules {
    /// Checks the ranges.
    ///
    /// # Errors
    /// [`ConfigError::OutOfRange`] naming the key.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=8).contains(&self.seeds_per_hole) {
            return Err(crate::variants::out_of_range(
                "seeds_per_hole",
                self.seeds_per_hole,
                "1 to 8",
            ));
        }
        Ok(())
    }
}

/// The game of Ndoto.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ndoto {
    /// Rule options.
    pub rules: NdotoRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Ndoto {
    /// Default caps.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 500,
        max_laps: 200,
    };
}

impl Game for Ndoto {
    type State = NdotoState;
    fn name(&self) -> &'static str {
        "ndoto"
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
    fn initial_state(&self) -> NdotoState {
        NdotoState {
            pits: [self.rules.seeds_per_hole; HOLES],
            stores: [0; 2],
            to_move: Player::South,
            ply: 0,
            status: Status::Playing,
            game: *self,
        }
    }
    fn feature_names(&self) -> Vec<Feature> {
        board::rows_and_stores_features(N, self.total_seeds(), |who| {
            format!("seeds the {who} has captured")
        })
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        board::hole_actions(N, |hole| {
            format!("sow anticlockwise from {hole}, relaying on")
        })
    }
}

/// A position of Ndoto.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NdotoState {
    pits: [u8; HOLES],
    stores: [u8; 2],
    to_move: Player,
    ply: u32,
    status: Status,
    game: Ndoto,
}

impl NdotoState {
    fn movable(&self, rel: usize) -> bool {
        let h = board::hole(self.to_move, rel, N);
        match self.pits[h] {
            0 => false,
            // A single seed may only start a move that ends at once in an empty hole.
            1 => self.pits[Ring(HOLES).step(h, Direction::Forward)] == 0,
            _ => true,
        }
    }

    /// The game ends when a row is empty or the player to move cannot move.
    fn check_end(&mut self) {
        if row_sum(&self.pits, Player::South, N) == 0
            || row_sum(&self.pits, Player::North, N) == 0
            || !(0..N).any(|r| self.movable(r))
        {
            self.status = Status::Over;
        }
    }

    fn scores(&self) -> [u32; 2] {
        Player::BOTH.map(|p| self.stores[p.index()] as u32 + row_sum(&self.pits, p, N))
    }
}

impl State for NdotoState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        let mut out = ActionMask::default();
        if !self.is_terminal() {
            (0..N)
                .filter(|&r| self.movable(r))
                .for_each(|r| out.insert(r as Action));
        }
        out
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let mover = self.to_move;
        let mut at = board::hole(mover, action as usize, N);
        let mut laps = 1;
        self.ply += 1;
        loop {
            let seeds = std::mem::take(&mut self.pits[at]) as u32;
            let kind = if laps == 1 {
                StepKind::Lift
            } else {
                StepKind::Relay
            };
            obs.event(SowEvent::moved(kind, Place::Hole(at), Place::Sowing, seeds));
            at = sow(
                &mut self.pits,
                &Ring(HOLES),
                at,
                seeds,
                Direction::Forward,
                None,
                obs,
            );
            if self.pits[at] == 1 {
                let opp = opposite(at, N);
                if side(at, N) == mover && self.pits[opp] > 0 {
                    obs.event(SowEvent::moved(
                        StepKind::Capture,
                        Place::Hole(opp),
                        Place::Store(mover),
                        u32::from(self.pits[opp]),
                    ));
                    self.stores[mover.index()] += std::mem::take(&mut self.pits[opp]);
                }
                break;
            }
            if laps == self.game.limits.max_laps {
                self.status = Status::Capped(Cap::Laps);
                return;
            }
            laps += 1;
        }
        self.to_move = mover.other();
        self.check_end();
    }
    fn outcome(&self) -> Option<Outcome> {
        self.status
            .outcome(self.ply, self.game.limits.max_plies, || self.scores())
    }
    fn encode(&self, out: &mut [f32]) {
        board::encode_rows_and_stores(
            &self.pits,
            self.stores,
            self.to_move,
            N,
            1.0 / self.game.total_seeds() as f32,
            out,
        );
    }
    fn action_to_string(&self, action: Action) -> String {
        board::hole_name(self.to_move, action as usize, N)
    }
    fn snapshot(&self) -> Snapshot {
        board::snapshot(&self.pits, self.stores)
    }
}

impl fmt::Display for NdotoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        board::draw(
            f,
            &self.pits,
            N,
            [self.stores[0] as u32, self.stores[1] as u32],
            &|_| None,
        )
    }
}

impl NdotoState {
    /// A position from its holes (absolute order), stores and player to move, checked
    /// against the game's seed total.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] when the seeds do not add up.
    pub fn from_parts(
        game: &Ndoto,
        pits: [u8; HOLES],
        stores: [u8; 2],
        to_move: Player,
    ) -> Result<Self, PositionError> {
        let total: u32 = pits.iter().chain(&stores).map(|&s| s as u32).sum();
        check_seed_total("ndoto", total, game.total_seeds())?;
        let mut s = NdotoState {
            pits,
            stores,
            to_move,
            ply: 0,
            status: Status::Playing,
            game: *game,
        };
        s.check_end();
        Ok(s)
    }
}
