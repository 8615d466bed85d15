//! The Egyptian game of Lane's account (Bell, seed 001). Rules: `docs/rules/lane.md`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{self, opposite, row_sum};
use crate::error::{ConfigError, PositionError};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, Limits, Outcome, Player, Snapshot, State,
};
use crate::position::{check_seed_total, inconsistent};
use crate::sow::{Direction, Ring, Track, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};
use crate::variants::Status;

const N: usize = 6;
const HOLES: usize = 2 * N;
const TOTAL: u32 = 72;

/// How the 72 counters are set out.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum LaneSetup {
    /// Six in every hole (the project's default).
    #[default]
    Uniform,
    /// Nine in each of the four middle holes of each row, the end holes empty (rule 2,
    /// "the middle hollows", as Lane describes it: "four beyts on each side").
    Middle,
    /// Thirty-six in each player's leftmost hole (rule 2).
    Left,
}

/// When a player must feed his opponent's empty row (rule 8).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum LaneFeed {
    /// Rule 8 binds the player whose turn it is: a player to move whose opponent's row is
    /// empty feeds it, and that is his move (the default).
    #[default]
    Turn,
    /// The feed comes only when the player with the empty row is due to move: the other
    /// player feeds then, an extra ply before the fed player moves.
    FedToMove,
}

/// Rule options of Lane's game.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields, default)]
pub struct LaneRules {
    /// The starting arrangement.
    pub setup: LaneSetup,
    /// When the feed of rule 8 is due.
    pub feed: LaneFeed,
    /// Rule 10's match: rounds are played, each scored by rule 9's difference, until a
    /// player has this many points (Bell: 60). 0: one round is the game (the default).
    pub match_to: u16,
}

impl LaneRules {
    /// The most points a match may be played to.
    pub const MAX_MATCH_TO: u16 = 10_000;

    /// Checks the rule options.
    ///
    /// # Errors
    /// [`ConfigError::OutOfRange`] for a `match_to` above [`Self::MAX_MATCH_TO`].
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.match_to > Self::MAX_MATCH_TO {
            return Err(crate::variants::out_of_range(
                "match_to",
                self.match_to,
                "0 (one round) to 10000 points",
            ));
        }
        Ok(())
    }
}

/// The Egyptian game of Lane's account.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lane {
    /// Rule options.
    pub rules: LaneRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Lane {
    /// Default caps.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 500,
        max_laps: 200,
    };
}

impl Game for Lane {
    type State = LaneState;
    fn name(&self) -> &'static str {
        "lane"
    }
    fn num_actions(&self) -> usize {
        N
    }
    fn encoding_len(&self) -> usize {
        HOLES + 3 + if self.rules.match_to > 0 { 2 } else { 0 }
    }
    fn count_features(&self) -> Vec<CountSpan> {
        vec![CountSpan {
            start: 0,
            len: HOLES,
            per_seed: 1.0 / TOTAL as f32,
        }]
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        TOTAL
    }
    fn initial_state(&self) -> LaneState {
        let mut pits = [0u8; HOLES];
        for p in Player::BOTH {
            let h = |rel| board::hole(p, rel, N);
            match self.rules.setup {
                LaneSetup::Uniform => (0..N).for_each(|r| pits[h(r)] = 6),
                LaneSetup::Middle => (1..N - 1).for_each(|r| pits[h(r)] = 9),
                LaneSetup::Left => pits[h(0)] = 36,
            }
        }
        LaneState {
            pits,
            stores: [0; 2],
            to_move: Player::South,
            feeding: false,
            ply: 0,
            status: Status::Playing,
            match_score: [0; 2],
            round: 0,
            game: *self,
        }
    }
    fn feature_names(&self) -> Vec<Feature> {
        let mut out = board::rows_and_stores_features(N, TOTAL, |who| {
            format!("counters the {who} has taken")
        });
        out.push(Feature::new(
            "must_feed",
            "1 while the mover must give one counter to the opponent's empty row \
             (rule 8) instead of sowing, else 0",
        ));
        let to = self.rules.match_to;
        if to > 0 {
            for who in ["mover", "opponent"] {
                out.push(Feature::count(
                    format!("{who}_match_points"),
                    &format!("points the {who} has won in the match's finished rounds"),
                    u32::from(to),
                ));
            }
        }
        out
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        board::hole_actions(N, |hole| {
            format!(
                "sow anticlockwise from {hole}, relaying on; while the mover must feed \
                 the opponent's empty row (rule 8), give one counter from it to the \
                 opponent's hole a (A when North feeds) instead"
            )
        })
    }
}

/// A position of Lane's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LaneState {
    pits: [u8; HOLES],
    stores: [u8; 2],
    to_move: Player,
    /// The player to move must give one counter to the opponent's empty row (rule 8).
    feeding: bool,
    ply: u32,
    status: Status,
    /// Rule 10's match: points won in finished rounds, South's and North's (both 0 without
    /// a match).
    match_score: [u16; 2],
    /// Rule 10's match: rounds finished (0 in the first round); South starts the even
    /// rounds, North the odd ones.
    round: u16,
    game: Lane,
}

impl LaneState {
    /// Applies rule 8 and the end of the round after a move or a feed; `to_move` is the
    /// player whose turn comes next.
    fn settle<O: SowObserver>(&mut self, obs: &mut O) {
        self.feeding = false;
        let on_board: u32 = self.pits.iter().map(|&s| s as u32).sum();
        if on_board == 2 {
            for p in Player::BOTH {
                if row_sum(&self.pits, p, N) == 2 {
                    self.take_row(p, obs);
                }
            }
        }
        if self.pits.iter().all(|&s| s == 0) {
            self.end_round(obs);
            return;
        }
        let next = self.to_move;
        // A player whose row is empty cannot move: the other feeds. With the default timing
        // a player whose opponent's row is empty feeds too, as his move.
        let feeder = if row_sum(&self.pits, next, N) == 0 {
            Some(next.other())
        } else if self.game.rules.feed == LaneFeed::Turn
            && row_sum(&self.pits, next.other(), N) == 0
        {
            Some(next)
        } else {
            None
        };
        if let Some(feeder) = feeder {
            if row_sum(&self.pits, feeder, N) >= 2 {
                self.feeding = true;
                self.to_move = feeder;
            } else {
                // A lone counter cannot be fed: it goes to the owner of its row.
                self.take_row(feeder, obs);
                self.end_round(obs);
            }
        }
    }

    /// Ends a round (rule 9). Without a match it ends the game; in a match (rule 10) the
    /// round's winner scores the difference of the stores, and the game ends once a player
    /// has `match_to` points; otherwise the next round starts from the set-up, the other
    /// player moving first.
    fn end_round<O: SowObserver>(&mut self, obs: &mut O) {
        let to = self.game.rules.match_to;
        if to == 0 {
            self.status = Status::Over;
            return;
        }
        let [south, north] = self.stores;
        if south != north {
            let winner = usize::from(north > south);
            self.match_score[winner] += u16::from(south.abs_diff(north));
        }
        if self.match_score.iter().any(|&m| m >= to) {
            self.status = Status::Over;
            return;
        }
        self.round += 1;
        let start = self.game.initial_state();
        if O::ACTIVE {
            // The stores' seeds go back to the holes, South's first.
            let mut store = 0;
            for (h, &seeds) in start.pits.iter().enumerate() {
                let mut left = u32::from(seeds);
                while left > 0 {
                    while self.stores[store] == 0 {
                        store += 1;
                    }
                    let n = left.min(u32::from(self.stores[store]));
                    self.stores[store] -= n as u8;
                    left -= n;
                    obs.event(SowEvent::moved(
                        StepKind::NewRound,
                        Place::Store(Player::from_index(store)),
                        Place::Hole(h),
                        n,
                    ));
                }
            }
        }
        self.pits = start.pits;
        self.stores = [0; 2];
        self.feeding = false;
        self.to_move = if self.round.is_multiple_of(2) {
            Player::South
        } else {
            Player::North
        };
    }

    /// Points `player` has won in the finished rounds of a match (rule 10; 0 without one).
    pub fn match_points(&self, player: Player) -> u16 {
        self.match_score[player.index()]
    }

    /// Rounds finished in a match (rule 10; 0 in the first round or without a match).
    pub fn round(&self) -> u16 {
        self.round
    }

    fn take_row<O: SowObserver>(&mut self, p: Player, obs: &mut O) {
        for rel in 0..N {
            let h = board::hole(p, rel, N);
            if self.pits[h] > 0 {
                obs.event(SowEvent::moved(
                    StepKind::Collect,
                    Place::Hole(h),
                    Place::Store(p),
                    u32::from(self.pits[h]),
                ));
            }
            self.stores[p.index()] += std::mem::take(&mut self.pits[board::hole(p, rel, N)]);
        }
    }

    fn capture<O: SowObserver>(&mut self, mover: Player, last: usize, obs: &mut O) {
        let mut take = |s: &mut Self, h: usize| {
            for hole in [h, opposite(h, N)] {
                if s.pits[hole] > 0 {
                    obs.event(SowEvent::moved(
                        StepKind::Capture,
                        Place::Hole(hole),
                        Place::Store(mover),
                        u32::from(s.pits[hole]),
                    ));
                }
            }
            let got = std::mem::take(&mut s.pits[h]) + std::mem::take(&mut s.pits[opposite(h, N)]);
            s.stores[mover.index()] += got;
        };
        take(self, last);
        let ring = Ring(HOLES);
        let mut q = ring.step(last, Direction::Backward);
        while q != last && matches!(self.pits[q], 2 | 4) {
            take(self, q);
            q = ring.step(q, Direction::Backward);
        }
    }

    /// Whether the player to move is giving a counter (rule 8) rather than sowing.
    pub fn is_feeding(&self) -> bool {
        self.feeding
    }
}

impl State for LaneState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        let mut out = ActionMask::default();
        if !self.is_terminal() {
            for rel in 0..N {
                if self.pits[board::hole(self.to_move, rel, N)] > 0 {
                    out.insert(rel as Action);
                }
            }
        }
        out
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let mover = self.to_move;
        let from = board::hole(mover, action as usize, N);
        self.ply += 1;
        if self.feeding {
            let to = board::hole(mover.other(), 0, N);
            obs.event(SowEvent::moved(
                StepKind::Feed,
                Place::Hole(from),
                Place::Hole(to),
                1,
            ));
            self.pits[from] -= 1;
            self.pits[to] += 1;
            self.to_move = mover.other();
            self.settle(obs);
            return;
        }
        let mut at = from;
        let mut laps = 1;
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
            match self.pits[at] {
                1 => break,
                2 | 4 => {
                    self.capture(mover, at, obs);
                    break;
                }
                _ if laps == self.game.limits.max_laps => {
                    self.status = Status::Capped(Cap::Laps);
                    return;
                }
                _ => laps += 1,
            }
        }
        self.to_move = mover.other();
        self.settle(obs);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.status
            .outcome(self.ply, self.game.limits.max_plies, || {
                if self.game.rules.match_to > 0 {
                    self.match_score.map(u32::from)
                } else {
                    [self.stores[0] as u32, self.stores[1] as u32]
                }
            })
    }
    fn encode(&self, out: &mut [f32]) {
        board::encode_rows_and_stores(
            &self.pits,
            self.stores,
            self.to_move,
            N,
            1.0 / TOTAL as f32,
            out,
        );
        out[HOLES + 2] = if self.feeding { 1.0 } else { 0.0 };
        let to = self.game.rules.match_to;
        if to > 0 {
            let me = self.to_move.index();
            out[HOLES + 3] = f32::from(self.match_score[me]) / f32::from(to);
            out[HOLES + 4] = f32::from(self.match_score[1 - me]) / f32::from(to);
        }
    }
    fn action_to_string(&self, action: Action) -> String {
        board::hole_name(self.to_move, action as usize, N)
    }
    fn snapshot(&self) -> Snapshot {
        board::snapshot(&self.pits, self.stores)
    }
}

impl fmt::Display for LaneState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        board::draw(
            f,
            &self.pits,
            N,
            [self.stores[0] as u32, self.stores[1] as u32],
            &|_| None,
        )?;
        if self.game.rules.match_to > 0 {
            writeln!(
                f,
                "match to {}: South {}, North {}; round {}",
                self.game.rules.match_to,
                self.match_score[0],
                self.match_score[1],
                self.round + 1
            )?;
        }
        if self.feeding {
            writeln!(
                f,
                "{} must give one counter to {}'s hole {}",
                self.to_move,
                self.to_move.other(),
                board::label(board::hole(self.to_move.other(), 0, N), N)
            )?;
        }
        Ok(())
    }
}

impl LaneState {
    /// A position from its holes (absolute order), stores and player to move, checked: 72
    /// counters in all, the mover's row not empty. With the default feed timing, a mover
    /// whose opponent's row is empty is to feed it, and must have two counters or more.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] naming what is wrong.
    pub fn from_parts(
        game: &Lane,
        pits: [u8; HOLES],
        stores: [u8; 2],
        to_move: Player,
    ) -> Result<Self, PositionError> {
        let total: u32 = pits.iter().chain(&stores).map(|&s| s as u32).sum();
        check_seed_total("lane", total, TOTAL)?;
        if row_sum(&pits, to_move, N) == 0 {
            return Err(inconsistent(
                "rows",
                format!("{to_move} is to move with an empty row"),
            ));
        }
        let feeding = game.rules.feed == LaneFeed::Turn && row_sum(&pits, to_move.other(), N) == 0;
        if feeding && row_sum(&pits, to_move, N) < 2 {
            return Err(inconsistent(
                "rows",
                format!(
                    "{to_move} is to feed {}'s empty row with a lone counter",
                    to_move.other()
                ),
            ));
        }
        Ok(LaneState {
            pits,
            stores,
            to_move,
            feeding,
            ply: 0,
            status: Status::Playing,
            match_score: [0; 2],
            round: 0,
            game: *game,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::feature_value;

    #[test]
    fn the_feeding_flag_and_the_holes_are_where_their_names_say() {
        let g = Lane::default();
        let mut s = g.initial_state();
        assert_eq!(feature_value(&g, &s, "must_feed"), 0.0);
        s.feeding = true;
        assert_eq!(feature_value(&g, &s, "must_feed"), 1.0);
        s.to_move = Player::North;
        s.pits[board::hole(Player::North, 4, N)] = 9;
        s.stores[0] = 3;
        assert!((feature_value(&g, &s, "mover_hole_4") - 9.0 / 72.0).abs() < 1e-6);
        assert!((feature_value(&g, &s, "opponent_store") - 3.0 / 72.0).abs() < 1e-6);
        let m = &g.action_meanings()[4];
        assert_eq!((m.south.as_str(), m.north.as_str()), ("E", "e"));
    }
}
