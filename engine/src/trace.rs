//! A move's sowing, seed movement by seed movement, for showing it step by step.
//!
//! Every variant plays its actions through one routine generic over a [`SowObserver`]:
//! [`State::play_unchecked`] passes [`Unobserved`], whose events compile to nothing, and
//! [`State::play_traced`] passes a recorder that applies each [`SowEvent`] to a copy of the
//! board and keeps the board after it. The rules are written once; the trace only watches
//! seeds move between [`Place`]s.

use serde::Serialize;

use crate::game::{Action, Player, Snapshot, State};

/// Where seeds are: a hole, a store, a player's hand as the variant models it (Bao's seeds
/// not yet entered, Omweso's captured seeds waiting for a direction, a set-up's seeds to
/// place), or the handful being sown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "place", content = "index", rename_all = "snake_case")]
pub enum Place {
    /// A hole, indexed as in [`Snapshot::pits`].
    Hole(usize),
    /// A player's store (seeds taken off the board).
    Store(Player),
    /// A player's hand as the variant models it ([`Snapshot::in_hand`]).
    Hand(Player),
    /// The handful the mover has lifted and is sowing.
    Sowing,
}

/// What one event of a move is, in the words of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// The move's first handful lifted from a hole.
    Lift,
    /// The hole where the last seed fell lifted to sow on (a relay, a lap, Bao's safari).
    Relay,
    /// One seed dropped into a hole or store.
    Sow,
    /// Bao: the first captured seed dropped into the kichwa.
    Kichwa,
    /// Seeds captured: into a store, or into the hand to be sown (Bao, Omweso).
    Capture,
    /// Bao: the house's tax, two seeds lifted and the house kept (B16).
    Tax,
    /// Omweso: captured seeds held in hand while a direction is chosen, or taken up again.
    Hold,
    /// Seeds swept off the board to their owners (a game's end, a lone row).
    Collect,
    /// A set-up or opening seed placed, or seeds lifted into the hand for it.
    Place,
    /// Lane: one counter given to the opponent's empty row.
    Feed,
    /// Enkeshui: a hole becomes a bull.
    Bull,
    /// Lane's match: the seeds set out again for the next round.
    NewRound,
}

impl StepKind {
    /// The label shown for the step.
    pub fn label(self) -> &'static str {
        match self {
            StepKind::Lift => "lift",
            StepKind::Relay => "relay",
            StepKind::Sow => "sow",
            StepKind::Kichwa => "kichwa",
            StepKind::Capture => "capture",
            StepKind::Tax => "tax",
            StepKind::Hold => "hold",
            StepKind::Collect => "collect",
            StepKind::Place => "place",
            StepKind::Feed => "feed",
            StepKind::Bull => "bull",
            StepKind::NewRound => "new round",
        }
    }
}

/// One event of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SowEvent {
    /// `seeds` seeds go from one place to another.
    Move {
        /// What the movement is.
        kind: StepKind,
        /// Where the seeds were.
        from: Place,
        /// Where they go.
        to: Place,
        /// How many.
        seeds: u32,
    },
    /// Enkeshui: hole `hole` (as in [`Snapshot::pits`]) becomes a bull of `owner`.
    Bull {
        /// The hole.
        hole: usize,
        /// Its owner.
        owner: Player,
    },
}

impl SowEvent {
    /// One seed dropped from the handful into `to`.
    #[inline]
    pub fn drop(to: Place) -> SowEvent {
        SowEvent::Move {
            kind: StepKind::Sow,
            from: Place::Sowing,
            to,
            seeds: 1,
        }
    }

    /// `seeds` seeds moved from `from` to `to`.
    #[inline]
    pub fn moved(kind: StepKind, from: Place, to: Place, seeds: u32) -> SowEvent {
        SowEvent::Move {
            kind,
            from,
            to,
            seeds,
        }
    }

    /// What the event is.
    pub fn kind(&self) -> StepKind {
        match self {
            SowEvent::Move { kind, .. } => *kind,
            SowEvent::Bull { .. } => StepKind::Bull,
        }
    }
}

/// Watches a move being played. The rules call [`SowObserver::event`] for every movement of
/// seeds, in the order it happens on the board.
pub trait SowObserver {
    /// False for an observer that ignores every event: code that only prepares events
    /// (a loop of drops standing for a bulk addition) is skipped under `if O::ACTIVE`.
    const ACTIVE: bool = true;
    /// One event.
    fn event(&mut self, event: SowEvent);
}

/// The observer of ordinary play: it ignores every event, so observed code compiles to the
/// unobserved one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Unobserved;

impl SowObserver for Unobserved {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn event(&mut self, _event: SowEvent) {}
}

/// A whole board during a move: the position's [`Snapshot`] fields and the handful being
/// sown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceBoard {
    /// Seeds in every hole, in [`Snapshot::pits`] order.
    pub pits: Vec<u32>,
    /// Seeds in South's and North's stores.
    pub stores: [u32; 2],
    /// Seeds in South's and North's hands as the variant models them.
    pub in_hand: [u32; 2],
    /// Seeds of the handful the mover is sowing.
    pub sowing: u32,
    /// Owner of each hole where holes have owners (Enkeshui's bulls): -1 none.
    pub owners: Option<Vec<i8>>,
}

impl TraceBoard {
    /// The board of a position, nothing being sown.
    pub fn of(snapshot: Snapshot) -> TraceBoard {
        TraceBoard {
            pits: snapshot.pits,
            stores: snapshot.stores,
            in_hand: snapshot.in_hand,
            sowing: 0,
            owners: snapshot.owners,
        }
    }

    /// Every seed, wherever it is.
    pub fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>()
            + self.stores.iter().sum::<u32>()
            + self.in_hand.iter().sum::<u32>()
            + self.sowing
    }

    /// Whether this board, with nothing being sown, is the position's `snapshot`.
    pub fn matches(&self, snapshot: &Snapshot) -> bool {
        self.sowing == 0
            && self.pits == snapshot.pits
            && self.stores == snapshot.stores
            && self.in_hand == snapshot.in_hand
            && self.owners == snapshot.owners
    }

    fn slot(&mut self, place: Place) -> Option<&mut u32> {
        match place {
            Place::Hole(h) => self.pits.get_mut(h),
            Place::Store(p) => Some(&mut self.stores[p.index()]),
            Place::Hand(p) => Some(&mut self.in_hand[p.index()]),
            Place::Sowing => Some(&mut self.sowing),
        }
    }

    /// Applies an event; false (and the board unchanged) when it moves seeds that are not
    /// there or names a hole the board lacks.
    fn apply(&mut self, event: &SowEvent) -> bool {
        match *event {
            SowEvent::Move {
                from, to, seeds, ..
            } => {
                if self.slot(to).is_none() {
                    return false;
                }
                match self.slot(from) {
                    Some(s) if *s >= seeds => *s -= seeds,
                    _ => return false,
                }
                *self.slot(to).expect("checked above") += seeds;
                true
            }
            SowEvent::Bull { hole, owner } => {
                match self.owners.as_mut().and_then(|o| o.get_mut(hole)) {
                    Some(o) => *o = owner.index() as i8,
                    None => return false,
                }
                true
            }
        }
    }
}

/// One step of a traced move: the event and the board after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceStep {
    /// What happened.
    pub event: SowEvent,
    /// The label shown for it.
    pub label: &'static str,
    /// The board after it.
    pub board: TraceBoard,
}

impl TraceStep {
    /// The holes (indices into [`TraceBoard::pits`]) the step changed.
    pub fn changed_holes(&self) -> Vec<usize> {
        match self.event {
            SowEvent::Move { from, to, .. } => [from, to]
                .into_iter()
                .filter_map(|p| match p {
                    Place::Hole(h) => Some(h),
                    _ => None,
                })
                .collect(),
            SowEvent::Bull { hole, .. } => vec![hole],
        }
    }
}

/// A move played with every step recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The player who played the action.
    pub mover: Player,
    /// The action played.
    pub action: Action,
    /// The board before the action.
    pub before: TraceBoard,
    /// The steps, in the order they happened.
    pub steps: Vec<TraceStep>,
    /// Events that moved seeds which were not there (always 0 unless the rules and their
    /// events disagree; the engine's tests check it).
    pub faults: u32,
}

impl Trace {
    /// The board after the last step (the board before when the action moved no seed).
    pub fn last_board(&self) -> &TraceBoard {
        self.steps.last().map_or(&self.before, |s| &s.board)
    }
}

/// The observer behind [`State::play_traced`].
struct Recorder {
    board: TraceBoard,
    steps: Vec<TraceStep>,
    faults: u32,
}

impl SowObserver for Recorder {
    fn event(&mut self, event: SowEvent) {
        if let SowEvent::Move { seeds: 0, .. } = event {
            return; // an empty hole lifted or captured: nothing to show
        }
        if !self.board.apply(&event) {
            self.faults += 1;
        }
        self.steps.push(TraceStep {
            event,
            label: event.kind().label(),
            board: self.board.clone(),
        });
    }
}

/// Plays `action` on `state` (it must be legal) and records its steps.
pub(crate) fn play_traced<S: State>(state: &mut S, action: Action) -> Trace {
    let before = TraceBoard::of(state.snapshot());
    let mover = state.to_move();
    let mut recorder = Recorder {
        board: before.clone(),
        steps: Vec::new(),
        faults: 0,
    };
    state.play_observed(action, &mut recorder);
    Trace {
        mover,
        action,
        before,
        steps: recorder.steps,
        faults: recorder.faults,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> TraceBoard {
        TraceBoard {
            pits: vec![3, 0],
            stores: [0, 0],
            in_hand: [0, 0],
            sowing: 0,
            owners: None,
        }
    }

    #[test]
    fn an_event_moves_seeds_between_places() {
        let mut b = board();
        assert!(b.apply(&SowEvent::moved(
            StepKind::Lift,
            Place::Hole(0),
            Place::Sowing,
            3
        )));
        assert!(b.apply(&SowEvent::drop(Place::Hole(1))));
        assert!(b.apply(&SowEvent::drop(Place::Store(Player::North))));
        assert_eq!(b.pits, vec![0, 1]);
        assert_eq!(b.stores, [0, 1]);
        assert_eq!(b.sowing, 1);
        assert_eq!(b.total(), 3);
    }

    #[test]
    fn an_event_moving_seeds_that_are_not_there_is_refused() {
        let mut b = board();
        assert!(!b.apply(&SowEvent::drop(Place::Hole(1))));
        assert!(!b.apply(&SowEvent::moved(
            StepKind::Lift,
            Place::Hole(0),
            Place::Hole(7),
            1
        )));
        assert!(!b.apply(&SowEvent::Bull {
            hole: 0,
            owner: Player::South
        }));
        assert_eq!(b, board());
    }
}
