//! The four-row games: Omweso (Shackell 1934, seed 002), Coro (the Lango form of seed
//! 000), and Kombe and Mongale of the Swahili coast (seed 000). Rules:
//! `docs/rules/omweso.md`, `coro.md`, `kombe.md`, `mongale.md`.
//!
//! Each player sows round his own 16 holes. Track positions `0..16` of a player are
//! Shackell's letters A..H (the back row from the owner's left), then J K M N P R S T (the
//! front row from the owner's right), anticlockwise. South's track is cells `0..16`, North's
//! `16..32`.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{ConfigError, PositionError};
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits, Outcome, Player,
    Snapshot, State,
};
use crate::position::check_seed_total;
use crate::sow::{Direction, Track, sow};
use crate::trace::{Place, SowEvent, SowObserver, StepKind};

/// Holes of one player.
const SIDE: usize = 16;
/// Holes of the board.
const CELLS: usize = 2 * SIDE;
/// Seeds in the game.
const TOTAL: u32 = 64;
/// Seeds of one player at the start.
const HALF: u32 = 32;
/// First front-row track position (J, the front row's right-hand end).
const FRONT: usize = 8;
/// Shackell's letters in track order.
const LETTERS: [char; SIDE] = [
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'M', 'N', 'P', 'R', 'S', 'T',
];
/// The holes a reverse move may start from (A, B, S, T), in action order.
const REVERSE_FROM: [usize; 4] = [0, 1, 14, 15];

/// First action of a reverse start.
pub const REVERSE: Action = 16;
/// Take the capture offered.
pub const TAKE: Action = 20;
/// Decline the capture offered and relay.
pub const RELAY: Action = 21;
/// Sow the captured seeds anticlockwise.
pub const SOW_ANTICLOCKWISE: Action = 22;
/// Sow the captured seeds clockwise (only when that captures again at once).
pub const SOW_CLOCKWISE: Action = 23;
/// First placement action of the free set-up.
pub const PLACE: Action = 24;
/// Kombe and Mongale: relay clockwise from the special hole the last seed fell in.
pub const RELAY_REVERSE: Action = 40;
/// Number of actions.
const ACTIONS: usize = 41;

/// Which four-row game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Omweso of the Baganda (Shackell).
    Omweso,
    /// Coro of the Lango: the capturing hole's seeds go with the captured ones.
    Coro,
    /// Kombe of Lamu: only the opponent's front hole is captured; reverse moves may capture
    /// indirectly, also in the middle of a move.
    Kombe,
    /// Mongale of Mombasa: Kombe with its own start and end rule.
    Mongale,
}

impl Kind {
    /// Kombe's rules: front-row captures and indirect reverse moves.
    #[inline]
    fn coastal(self) -> bool {
        matches!(self, Kind::Kombe | Kind::Mongale)
    }
}

/// How the seeds stand at the start.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Setup {
    /// Four in every back-row hole.
    #[default]
    Fours,
    /// Shackell's "seventeen game" (reconstructed: see the rules doc).
    Seventeen,
    /// Driedger's diagram (b): fours in alternate holes, one per column.
    Alternate,
    /// Each player places his 32 seeds, one placement decision per seed.
    Free,
    /// Driedger's figure (d), the favoured Kombe start of Lamu (one row reconstructed: see
    /// `docs/rules/kombe.md`).
    Lamu,
    /// Driedger's favoured Mongale start of Mombasa.
    Mombasa,
}

impl Setup {
    /// Seeds in track positions `0..16` of a player at the start (all zero for `Free`).
    fn holes(self) -> [u8; SIDE] {
        // Rows written from the owner's left: back row A..H, front row T..J.
        let (back, front): ([u8; 8], [u8; 8]) = match self {
            Setup::Fours => ([4; 8], [0; 8]),
            Setup::Seventeen => ([0, 0, 0, 0, 0, 0, 0, 17], [0, 0, 3, 3, 3, 3, 3, 0]),
            Setup::Alternate => ([0, 4, 0, 4, 0, 4, 0, 4], [4, 0, 4, 0, 4, 0, 4, 0]),
            Setup::Free => ([0; 8], [0; 8]),
            Setup::Lamu => ([0, 0, 0, 0, 5, 5, 5, 5], [0, 0, 0, 0, 6, 2, 2, 2]),
            Setup::Mombasa => ([0, 0, 0, 0, 0, 4, 4, 4], [7, 0, 0, 7, 0, 2, 2, 2]),
        };
        let mut out = [0; SIDE];
        out[..8].copy_from_slice(&back);
        for (col, &s) in front.iter().enumerate() {
            out[front_pos(col)] = s;
        }
        out
    }
}

/// Rule options of the four-row games (defaults depend on the game: [`OmwesoRules::of`]).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields, default)]
pub struct OmwesoRules {
    /// The start position.
    pub setup: Setup,
    /// Every capture offered must be taken.
    pub mandatory_capture: bool,
    /// Capturing both of the opponent's end columns in one move wins.
    pub nkutemye: bool,
}

impl Default for OmwesoRules {
    fn default() -> Self {
        OmwesoRules::of(Kind::Omweso)
    }
}

impl OmwesoRules {
    /// The default rules of `kind`: Omweso and Coro start with fours and know nkutemye;
    /// Kombe and Mongale start from their own figures and do not.
    pub fn of(kind: Kind) -> OmwesoRules {
        let (setup, nkutemye) = match kind {
            Kind::Omweso | Kind::Coro => (Setup::Fours, true),
            Kind::Kombe => (Setup::Lamu, false),
            Kind::Mongale => (Setup::Mombasa, false),
        };
        OmwesoRules {
            setup,
            mandatory_capture: false,
            nkutemye,
        }
    }
}

/// A four-row game with rule options and caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Omweso {
    /// Which game.
    pub kind: Kind,
    /// Rule options.
    pub rules: OmwesoRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Omweso {
    /// Default caps.
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 2000,
        max_laps: 500,
    };

    /// Checks the rule options (every combination is valid today).
    ///
    /// # Errors
    /// Never, yet.
    pub fn validate(_rules: &OmwesoRules) -> Result<(), ConfigError> {
        Ok(())
    }
}

/// The track position of the front-row hole in column `col` (from the owner's left).
#[inline]
fn front_pos(col: usize) -> usize {
    15 - col
}

/// The board cell of `player`'s track position `pos`.
#[inline]
fn cell(player: Player, pos: usize) -> usize {
    player.index() * SIDE + pos
}

/// The opponent's track positions (back, front) of the column facing front position `pos`.
#[inline]
fn facing(pos: usize) -> (usize, usize) {
    (pos - FRONT, 23 - pos)
}

/// The label of `player`'s track position `pos`.
fn letter(player: Player, pos: usize) -> char {
    match player {
        Player::South => LETTERS[pos],
        Player::North => LETTERS[pos].to_ascii_lowercase(),
    }
}

/// Whether a clockwise lap of `seeds` from `from` stays off the right-hand end (never steps
/// from J to H) and ends in the front row.
#[inline]
fn clockwise_lap_fits(from: usize, seeds: usize) -> bool {
    match from {
        0 | 1 => seeds > from && seeds <= from + 8,
        p if p >= FRONT => seeds <= p - FRONT,
        _ => false,
    }
}

/// The index of track position `pos` in its owner's half of a snapshot's holes (his front
/// row from his left, then his back row).
#[inline]
fn snapshot_index(pos: usize) -> usize {
    if pos < FRONT {
        FRONT + pos
    } else {
        SIDE - 1 - pos
    }
}

/// Where `player`'s track position `pos` is drawn ([`Snapshot::pits`]' order).
#[inline]
fn place(player: Player, pos: usize) -> Place {
    Place::Hole(player.index() * SIDE + snapshot_index(pos))
}

/// `who`'s track position `pos` (`who` is `"mover"` or `"opponent"`) in words, as South and
/// as North to move name it: "the mover's hole A (a when North moves)".
fn hole_words(who: &str, pos: usize) -> String {
    let p = if who == "mover" {
        Player::South
    } else {
        Player::North
    };
    format!(
        "the {who}'s hole {} ({} when North moves)",
        letter(p, pos),
        letter(p.other(), pos)
    )
}

/// The notation of `action` when `me` is to move.
fn action_name(me: Player, action: Action) -> String {
    match action {
        a if a < REVERSE => letter(me, a as usize).to_string(),
        a if a < TAKE => format!("{}>", letter(me, REVERSE_FROM[(a - REVERSE) as usize])),
        TAKE => "take".into(),
        RELAY => "relay".into(),
        SOW_ANTICLOCKWISE => "sow<".into(),
        SOW_CLOCKWISE => "sow>".into(),
        RELAY_REVERSE => "relay>".into(),
        a => format!("+{}", letter(me, (a - PLACE) as usize)),
    }
}

/// A player's 16 holes as a sowing track (track position = Shackell's order).
struct OwnHoles(usize);

impl Track for OwnHoles {
    #[inline]
    fn len(&self) -> usize {
        SIDE
    }
    #[inline]
    fn cell(&self, pos: usize) -> usize {
        self.0 + pos
    }
    #[inline]
    fn place(&self, pos: usize) -> Place {
        Place::Hole(self.0 + snapshot_index(pos))
    }
}

/// A decision inside a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Pending {
    /// A move is not under way.
    None,
    /// The last seed fell at `at`, where a capture is offered.
    Capture { at: u8 },
    /// Captured seeds in hand after a clockwise capture: which way to sow them.
    Direction,
    /// Kombe and Mongale: the last seed fell in the occupied special hole `at`, from which a
    /// clockwise relay captures: which way to relay.
    Relay { at: u8 },
}

/// The next handful of a move.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// The move has ended or waits for a decision.
    Done,
    /// Lift the mover's hole `pos` and sow it.
    Lift { pos: usize, clockwise: bool },
    /// Sow captured seeds from the hole after the one last left empty.
    Hand { seeds: u8, clockwise: bool },
}

/// A position of a four-row game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OmwesoState {
    cells: [u8; CELLS],
    to_move: Player,
    ply: u32,
    /// Set when the game is over by its rules or by the lap cap.
    over: Option<GameResult>,
    pending: Pending,
    /// Captured seeds in the mover's hand (while a direction is being chosen).
    hand: u8,
    /// Track position of the hole the current handful was lifted from.
    emptied: u8,
    /// Handfuls sown in the current move.
    laps: u32,
    /// Opponent end columns captured in the current move: bit 0 his left (A, T), bit 1 his
    /// right (H, J).
    ends: u8,
    /// Free set-up: seeds each player still has to place, and his last placement.
    to_place: [u8; 2],
    last_placed: [u8; 2],
    game: Omweso,
}

impl Game for Omweso {
    type State = OmwesoState;
    fn name(&self) -> &'static str {
        match self.kind {
            Kind::Omweso => "omweso",
            Kind::Coro => "coro",
            Kind::Kombe => "kombe",
            Kind::Mongale => "mongale",
        }
    }
    fn num_actions(&self) -> usize {
        ACTIONS
    }
    /// Both sides' holes, decision flags, set-up progress, hand, the decision's hole, the
    /// hole last left empty, and the end columns captured in the move.
    fn encoding_len(&self) -> usize {
        2 * SIDE + 6 + SIDE + SIDE + 2
    }
    fn count_features(&self) -> Vec<CountSpan> {
        vec![CountSpan {
            start: 0,
            len: 2 * SIDE,
            per_seed: 1.0 / TOTAL as f32,
        }]
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        TOTAL
    }
    fn initial_state(&self) -> OmwesoState {
        let side = self.rules.setup.holes();
        let mut cells = [0; CELLS];
        cells[..SIDE].copy_from_slice(&side);
        cells[SIDE..].copy_from_slice(&side);
        let free = self.rules.setup == Setup::Free;
        OmwesoState {
            cells,
            to_move: Player::South,
            ply: 0,
            over: None,
            pending: Pending::None,
            hand: 0,
            emptied: 0,
            laps: 0,
            ends: 0,
            to_place: if free { [HALF as u8; 2] } else { [0; 2] },
            last_placed: [0; 2],
            game: *self,
        }
    }
    fn feature_names(&self) -> Vec<Feature> {
        let mut out = Vec::with_capacity(self.encoding_len());
        for who in ["mover", "opponent"] {
            for pos in 0..SIDE {
                out.push(Feature::count(
                    format!("{who}_hole_{}", snapshot_index(pos)),
                    &format!("seeds in {}", hole_words(who, pos)),
                    TOTAL,
                ));
            }
        }
        out.push(Feature::flag(
            "capture_pending",
            "the mover decides whether to take the capture his last seed offers (take) or \
             to relay (relay, or relay> where offered)",
        ));
        out.push(Feature::flag(
            "direction_pending",
            "the mover chooses which way to sow the seeds he has captured (sow< or sow>)",
        ));
        out.push(Feature::flag(
            "relay_pending",
            "the mover's last seed fell in an occupied special hole (A, B, S, T) and he \
             chooses to relay it anticlockwise (relay) or clockwise (relay>); Kombe and \
             Mongale only",
        ));
        out.push(Feature::flag(
            "placing",
            "the mover is placing his seeds in the free set-up",
        ));
        out.push(Feature::count(
            "mover_to_place",
            "seeds the mover still has to place in the free set-up",
            HALF,
        ));
        out.push(Feature::count(
            "mover_hand",
            "captured seeds in the mover's hand while he chooses which way to sow them",
            TOTAL,
        ));
        for pos in 0..SIDE {
            out.push(Feature::flag(
                format!(
                    "decision_or_placement_at_mover_hole_{}",
                    snapshot_index(pos)
                ),
                &format!(
                    "{} is where the last seed fell for a pending take or relay decision, \
                     or, in the free set-up, is the mover's last placement, the first hole \
                     he may still place in (A before he has placed)",
                    hole_words("mover", pos)
                ),
            ));
        }
        for pos in 0..SIDE {
            out.push(Feature::flag(
                format!("emptied_mover_hole_{}", snapshot_index(pos)),
                &format!(
                    "a decision is pending and {} is the hole the current handful was \
                     lifted from (captured seeds are sown from the hole after it)",
                    hole_words("mover", pos)
                ),
            ));
        }
        out.push(Feature::flag(
            "captured_opponent_left_end",
            "the mover has captured the opponent's left-hand end column (his A and T) in \
             this move (both end columns win by nkutemye where that rule is on)",
        ));
        out.push(Feature::flag(
            "captured_opponent_right_end",
            "the mover has captured the opponent's right-hand end column (his H and J) in \
             this move (both end columns win by nkutemye where that rule is on)",
        ));
        out
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        let coastal = self.kind.coastal();
        let name = |a: usize| move |p: Player| action_name(p, a as Action);
        let mut out = Vec::with_capacity(ACTIONS);
        for pos in 0..SIDE {
            out.push(ActionMeaning::new(
                pos,
                name(pos),
                format!("sow anticlockwise from {}", hole_words("mover", pos)),
            ));
        }
        for (k, &pos) in REVERSE_FROM.iter().enumerate() {
            let a = REVERSE as usize + k;
            let when = if coastal {
                "when it captures at once or after clockwise relays"
            } else {
                "when it captures at once"
            };
            out.push(ActionMeaning::new(
                a,
                name(a),
                format!(
                    "reverse move: sow clockwise from {}, allowed only {when}",
                    hole_words("mover", pos)
                ),
            ));
        }
        let taken = match self.kind {
            Kind::Omweso => "the seeds of the opponent's two holes facing it",
            Kind::Coro => "the seeds of the opponent's two holes facing it, with its own",
            Kind::Kombe | Kind::Mongale => "the seeds of the opponent's front hole facing it",
        };
        out.push(ActionMeaning::new(
            TAKE as usize,
            name(TAKE as usize),
            format!("take the capture offered where the last seed fell: {taken}, to be sown on"),
        ));
        out.push(ActionMeaning::new(
            RELAY as usize,
            name(RELAY as usize),
            "decline the capture offered (or the clockwise turn at a special hole) and relay \
             anticlockwise from the hole the last seed fell in",
        ));
        out.push(ActionMeaning::new(
            SOW_ANTICLOCKWISE as usize,
            name(SOW_ANTICLOCKWISE as usize),
            "sow the captured seeds anticlockwise from the hole after the one last emptied",
        ));
        out.push(ActionMeaning::new(
            SOW_CLOCKWISE as usize,
            name(SOW_CLOCKWISE as usize),
            "sow the captured seeds clockwise from the hole after the one last emptied \
             (offered only when that captures)",
        ));
        for pos in 0..SIDE {
            let a = PLACE as usize + pos;
            out.push(ActionMeaning::new(
                a,
                name(a),
                format!(
                    "free set-up: place one seed in {}",
                    hole_words("mover", pos)
                ),
            ));
        }
        out.push(ActionMeaning::new(
            RELAY_REVERSE as usize,
            name(RELAY_REVERSE as usize),
            if coastal {
                "relay clockwise from the special hole (A, B, S, T) the last seed fell in \
                 (offered when that captures)"
            } else {
                "relay clockwise from a special hole: a Kombe and Mongale action, never \
                 legal in this game"
            },
        ));
        out
    }
}

impl OmwesoState {
    /// A position from its parts, checked: each player's 16 holes (track order), the player
    /// to move, between moves and after the set-up.
    ///
    /// # Errors
    /// [`PositionError::Inconsistent`] when the seeds do not add up to 64.
    pub fn from_parts(
        game: &Omweso,
        south: [u8; SIDE],
        north: [u8; SIDE],
        to_move: Player,
    ) -> Result<OmwesoState, PositionError> {
        let total: u32 = south.iter().chain(&north).map(|&s| u32::from(s)).sum();
        check_seed_total(game.name(), total, TOTAL)?;
        let mut s = game.initial_state();
        s.cells[..SIDE].copy_from_slice(&south);
        s.cells[SIDE..].copy_from_slice(&north);
        s.to_place = [0; 2];
        s.to_move = to_move;
        s.check_stuck();
        Ok(s)
    }

    /// Seeds in `player`'s hole at track position `pos`.
    pub fn seeds(&self, player: Player, pos: usize) -> u8 {
        self.cells[cell(player, pos)]
    }

    fn own(&self, pos: usize) -> u8 {
        self.cells[cell(self.to_move, pos)]
    }

    fn side_total(&self, p: Player) -> u32 {
        self.cells[p.index() * SIDE..(p.index() + 1) * SIDE]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// Whether the mover's front hole `pos`, holding its last seed, offers a capture.
    #[inline]
    fn capture_offered(&self, pos: usize) -> bool {
        if pos < FRONT || self.own(pos) < 2 {
            return false;
        }
        let (back, front) = facing(pos);
        let opp = self.to_move.other();
        self.cells[cell(opp, back)] > 0 && self.cells[cell(opp, front)] > 0
    }

    /// Whether a clockwise lap of `seeds` from `from` (already lifted) would end in a capture.
    #[inline]
    fn clockwise_captures(&self, from: usize, seeds: usize) -> bool {
        if !clockwise_lap_fits(from, seeds) {
            return false;
        }
        let last = (from + SIDE - seeds) % SIDE;
        // The landing hole must be occupied before the last seed arrives.
        if self.own(last) == 0 {
            return false;
        }
        let (back, front) = facing(last);
        let opp = self.to_move.other();
        self.cells[cell(opp, back)] > 0 && self.cells[cell(opp, front)] > 0
    }

    /// Kombe's indirect reverse capture: whether `seeds` sown clockwise from `from` capture,
    /// at once or after clockwise relays, with no handful passing from J round to H. With
    /// `lift`, the seeds are those of the hole `from` itself.
    #[inline]
    fn clockwise_chain_captures(&self, mut from: usize, mut seeds: usize, lift: bool) -> bool {
        let me = self.to_move;
        let opp = me.other();
        let mut own = [0u8; SIDE];
        own.copy_from_slice(&self.cells[cell(me, 0)..cell(me, 0) + SIDE]);
        if lift {
            own[from] = 0;
        }
        // Every clockwise handful ends nearer to J than it started, so this ends.
        loop {
            let room = if from < FRONT { from + 8 } else { from - FRONT };
            if seeds == 0 || seeds > room {
                return false;
            }
            for k in 1..=seeds {
                own[(from + SIDE - k) % SIDE] += 1;
            }
            let last = (from + SIDE - seeds) % SIDE;
            if own[last] == 1 {
                return false;
            }
            if last >= FRONT {
                let (back, front) = facing(last);
                if self.cells[cell(opp, back)] > 0 && self.cells[cell(opp, front)] > 0 {
                    return true;
                }
            }
            seeds = usize::from(std::mem::take(&mut own[last]));
            from = last;
        }
    }

    /// Whether `seeds` sown clockwise from `from` may be sown that way: they capture at once
    /// (Omweso, Coro) or in the end (Kombe, Mongale).
    #[inline]
    fn reverse_captures(&self, from: usize, seeds: usize, lift: bool) -> bool {
        if self.game.kind.coastal() {
            self.clockwise_chain_captures(from, seeds, lift)
        } else {
            self.clockwise_captures(from, seeds)
        }
    }

    /// Kombe and Mongale: whether the move may turn clockwise at the occupied hole `pos`
    /// where the last seed fell.
    #[inline]
    fn may_turn(&self, pos: usize) -> bool {
        self.game.kind.coastal()
            && REVERSE_FROM.contains(&pos)
            && self.clockwise_chain_captures(pos, usize::from(self.own(pos)), true)
    }

    /// Sows `seeds` from `from` round the mover's holes; the position of the last seed.
    #[inline]
    fn sow<O: SowObserver>(
        &mut self,
        from: usize,
        seeds: u32,
        clockwise: bool,
        obs: &mut O,
    ) -> usize {
        let dir = if clockwise {
            Direction::Backward
        } else {
            Direction::Forward
        };
        let track = OwnHoles(self.to_move.index() * SIDE);
        sow(&mut self.cells, &track, from, seeds, dir, None, obs)
    }

    /// Counts a handful; false (and the game capped) past the lap cap.
    fn count_lap(&mut self) -> bool {
        self.laps += 1;
        if self.laps > self.game.limits.max_laps {
            self.over = Some(GameResult::Capped(Cap::Laps));
            self.pending = Pending::None;
            return false;
        }
        true
    }

    /// Plays handful after handful from `step` until the move ends or waits for a decision.
    /// A loop rather than recursion, so a long move (up to `max_laps` handfuls) needs no stack.
    fn run<O: SowObserver>(&mut self, mut step: Step, obs: &mut O) {
        loop {
            step = match step {
                Step::Done => return,
                Step::Lift { pos, clockwise } => {
                    if !self.count_lap() {
                        return;
                    }
                    let c = cell(self.to_move, pos);
                    let seeds = std::mem::take(&mut self.cells[c]) as u32;
                    let kind = if self.laps == 1 {
                        StepKind::Lift
                    } else {
                        StepKind::Relay
                    };
                    obs.event(SowEvent::moved(
                        kind,
                        place(self.to_move, pos),
                        Place::Sowing,
                        seeds,
                    ));
                    self.emptied = pos as u8;
                    let last = self.sow(pos, seeds, clockwise, obs);
                    self.judge(last, clockwise, obs)
                }
                Step::Hand { seeds, clockwise } => {
                    // Captured seeds are sown from the hole after the one last left empty.
                    self.hand = 0;
                    self.pending = Pending::None;
                    if !self.count_lap() {
                        obs.event(SowEvent::moved(
                            StepKind::Hold,
                            Place::Sowing,
                            Place::Hand(self.to_move),
                            u32::from(seeds),
                        ));
                        self.hand = seeds;
                        return;
                    }
                    let last = self.sow(self.emptied as usize, u32::from(seeds), clockwise, obs);
                    self.judge(last, clockwise, obs)
                }
            }
        }
    }

    /// The last seed of a handful fell at `last`: end, capture (offered or automatic) or relay.
    fn judge<O: SowObserver>(&mut self, last: usize, clockwise: bool, obs: &mut O) -> Step {
        if self.own(last) == 1 {
            self.end_move();
            Step::Done
        } else if self.capture_offered(last) {
            if clockwise || self.game.rules.mandatory_capture {
                self.capture(last, clockwise, obs)
            } else {
                self.pending = Pending::Capture { at: last as u8 };
                Step::Done
            }
        } else if clockwise {
            debug_assert!(self.game.kind.coastal(), "Omweso's clockwise laps capture");
            Step::Lift {
                pos: last,
                clockwise: true,
            }
        } else if self.may_turn(last) {
            self.pending = Pending::Relay { at: last as u8 };
            Step::Done
        } else {
            Step::Lift {
                pos: last,
                clockwise: false,
            }
        }
    }

    /// Takes the column facing the mover's front hole `at`; what is sown next (R10, R13, C1).
    fn capture<O: SowObserver>(&mut self, at: usize, clockwise: bool, obs: &mut O) -> Step {
        self.pending = Pending::None;
        let mover = self.to_move;
        let opp = mover.other();
        let (back, front) = facing(at);
        if O::ACTIVE {
            let mut holes = [(opp, front), (opp, back), (mover, at)].into_iter();
            let count = match self.game.kind {
                Kind::Omweso => 2,
                Kind::Coro => 3,
                Kind::Kombe | Kind::Mongale => 1,
            };
            for (p, pos) in holes.by_ref().take(count) {
                obs.event(SowEvent::moved(
                    StepKind::Capture,
                    place(p, pos),
                    Place::Sowing,
                    u32::from(self.cells[cell(p, pos)]),
                ));
            }
        }
        let mut taken = std::mem::take(&mut self.cells[cell(opp, front)]);
        match self.game.kind {
            Kind::Omweso => taken += std::mem::take(&mut self.cells[cell(opp, back)]),
            Kind::Coro => {
                taken += std::mem::take(&mut self.cells[cell(opp, back)])
                    + std::mem::take(&mut self.cells[cell(mover, at)]);
            }
            Kind::Kombe | Kind::Mongale => {}
        }
        // The opponent's left-hand column faces the mover's J, his right-hand one the mover's T.
        match at {
            8 => self.ends |= 1,
            15 => self.ends |= 2,
            _ => {}
        }
        if self.game.rules.nkutemye && self.ends == 3 {
            self.over = Some(GameResult::Win(mover));
            // The captured seeds are the winner's: keep them on his side.
            obs.event(SowEvent::moved(
                StepKind::Capture,
                Place::Sowing,
                place(mover, at),
                u32::from(taken),
            ));
            self.cells[cell(mover, at)] += taken;
            return Step::Done;
        }
        let from = self.emptied as usize;
        if clockwise && self.reverse_captures(from, usize::from(taken), false) {
            obs.event(SowEvent::moved(
                StepKind::Hold,
                Place::Sowing,
                Place::Hand(mover),
                u32::from(taken),
            ));
            self.hand = taken;
            self.pending = Pending::Direction;
            return Step::Done;
        }
        Step::Hand {
            seeds: taken,
            clockwise: false,
        }
    }

    fn end_move(&mut self) {
        self.pending = Pending::None;
        self.laps = 0;
        self.ends = 0;
        self.emptied = 0;
        self.to_move = self.to_move.other();
        self.check_stuck();
    }

    /// R15: the player to move loses when he has no legal move (unless the ply cap has
    /// already ended the game). Mongale (M3): the game ends and the seeds are counted.
    /// A natural end on the last allowed ply wins over the ply cap.
    fn check_stuck(&mut self) {
        if self.moves().is_empty() {
            let me = self.to_move;
            self.over = Some(if self.game.kind == Kind::Mongale {
                match self.side_total(me).cmp(&self.side_total(me.other())) {
                    std::cmp::Ordering::Greater => GameResult::Win(me),
                    std::cmp::Ordering::Less => GameResult::Win(me.other()),
                    std::cmp::Ordering::Equal => GameResult::Draw,
                }
            } else {
                GameResult::Win(me.other())
            });
        }
    }

    fn setup_phase(&self) -> bool {
        self.to_place[self.to_move.index()] > 0
    }

    /// The legal actions by the rules alone, before the ply cap.
    fn moves(&self) -> ActionMask {
        let mut out = ActionMask::default();
        match self.pending {
            Pending::Capture { at } => {
                out.insert(TAKE);
                out.insert(RELAY);
                if self.may_turn(at as usize) {
                    out.insert(RELAY_REVERSE);
                }
            }
            Pending::Relay { .. } => {
                out.insert(RELAY);
                out.insert(RELAY_REVERSE);
            }
            Pending::Direction => {
                out.insert(SOW_ANTICLOCKWISE);
                out.insert(SOW_CLOCKWISE);
            }
            Pending::None if self.setup_phase() => {
                let first = self.last_placed[self.to_move.index()] as usize;
                for pos in first..SIDE {
                    out.insert(PLACE + pos as Action);
                }
            }
            Pending::None => {
                for pos in 0..SIDE {
                    if self.own(pos) >= 2 {
                        out.insert(pos as Action);
                    }
                }
                for (k, &pos) in REVERSE_FROM.iter().enumerate() {
                    let seeds = self.own(pos) as usize;
                    if seeds >= 2 && self.reverse_captures(pos, seeds, true) {
                        out.insert(REVERSE + k as Action);
                    }
                }
            }
        }
        out
    }
}

impl State for OmwesoState {
    fn to_move(&self) -> Player {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_mask(&self) -> ActionMask {
        if self.over.is_some() || self.ply >= self.game.limits.max_plies {
            return ActionMask::default();
        }
        self.moves()
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        self.ply += 1;
        match action {
            a if a < REVERSE => self.run(
                Step::Lift {
                    pos: a as usize,
                    clockwise: false,
                },
                obs,
            ),
            a if a < TAKE => self.run(
                Step::Lift {
                    pos: REVERSE_FROM[(a - REVERSE) as usize],
                    clockwise: true,
                },
                obs,
            ),
            TAKE => {
                let Pending::Capture { at } = self.pending else {
                    unreachable!("take without a capture offered")
                };
                let step = self.capture(at as usize, false, obs);
                self.run(step, obs);
            }
            RELAY | RELAY_REVERSE => {
                let (Pending::Capture { at } | Pending::Relay { at }) = self.pending else {
                    unreachable!("relay without a decision pending")
                };
                self.pending = Pending::None;
                self.run(
                    Step::Lift {
                        pos: at as usize,
                        clockwise: action == RELAY_REVERSE,
                    },
                    obs,
                );
            }
            SOW_ANTICLOCKWISE | SOW_CLOCKWISE => {
                obs.event(SowEvent::moved(
                    StepKind::Hold,
                    Place::Hand(self.to_move),
                    Place::Sowing,
                    u32::from(self.hand),
                ));
                self.run(
                    Step::Hand {
                        seeds: self.hand,
                        clockwise: action == SOW_CLOCKWISE,
                    },
                    obs,
                );
            }
            a => {
                debug_assert!((PLACE..RELAY_REVERSE).contains(&a), "no action {a}");
                let p = self.to_move.index();
                let pos = (a - PLACE) as usize;
                obs.event(SowEvent::moved(
                    StepKind::Place,
                    Place::Hand(self.to_move),
                    place(self.to_move, pos),
                    1,
                ));
                self.cells[cell(self.to_move, pos)] += 1;
                self.last_placed[p] = pos as u8;
                self.to_place[p] -= 1;
                if self.to_place[p] == 0 {
                    self.to_move = self.to_move.other();
                    self.check_stuck();
                }
            }
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let scores = [
            self.side_total(Player::South)
                + if self.to_move == Player::South {
                    u32::from(self.hand)
                } else {
                    0
                },
            self.side_total(Player::North)
                + if self.to_move == Player::North {
                    u32::from(self.hand)
                } else {
                    0
                },
        ];
        let result = match self.over {
            Some(result) => result,
            None if self.ply >= self.game.limits.max_plies => GameResult::Capped(Cap::Plies),
            None => return None,
        };
        Some(Outcome { result, scores })
    }
    fn encode(&self, out: &mut [f32]) {
        let me = self.to_move;
        let scale = 1.0 / TOTAL as f32;
        for pos in 0..SIDE {
            out[pos] = self.cells[cell(me, pos)] as f32 * scale;
            out[SIDE + pos] = self.cells[cell(me.other(), pos)] as f32 * scale;
        }
        let f = &mut out[2 * SIDE..];
        f[0] = f32::from(u8::from(matches!(self.pending, Pending::Capture { .. })));
        f[1] = f32::from(u8::from(self.pending == Pending::Direction));
        f[2] = f32::from(u8::from(matches!(self.pending, Pending::Relay { .. })));
        f[3] = f32::from(u8::from(self.setup_phase()));
        f[4] = self.to_place[me.index()] as f32 / HALF as f32;
        f[5] = self.hand as f32 * scale;
        let rest = &mut f[6..];
        rest.fill(0.0);
        match self.pending {
            Pending::Capture { at } | Pending::Relay { at } => rest[at as usize] = 1.0,
            _ if self.setup_phase() => rest[self.last_placed[me.index()] as usize] = 1.0,
            _ => {}
        }
        if self.pending != Pending::None {
            rest[SIDE + self.emptied as usize] = 1.0;
        }
        rest[2 * SIDE] = f32::from(self.ends & 1);
        rest[2 * SIDE + 1] = f32::from((self.ends >> 1) & 1);
    }
    fn action_to_string(&self, action: Action) -> String {
        action_name(self.to_move, action)
    }
    fn snapshot(&self) -> Snapshot {
        let mut pits = Vec::with_capacity(CELLS);
        for p in Player::BOTH {
            pits.extend((0..8).map(|col| u32::from(self.cells[cell(p, front_pos(col))])));
            pits.extend((0..8).map(|col| u32::from(self.cells[cell(p, col)])));
        }
        let mut in_hand = [0; 2];
        in_hand[self.to_move.index()] = u32::from(self.hand);
        in_hand[0] += u32::from(self.to_place[0]);
        in_hand[1] += u32::from(self.to_place[1]);
        Snapshot {
            pits,
            stores: [0; 2],
            in_hand,
            owners: None,
        }
    }
}

impl fmt::Display for OmwesoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |f: &mut fmt::Formatter<'_>, p: Player, positions: [usize; 8]| {
            for pos in positions {
                write!(f, "{:>4}", self.cells[cell(p, pos)])?;
            }
            writeln!(f)
        };
        // North's rows seen from South: his back row right to left, then his front row.
        write!(f, "N   ")?;
        row(f, Player::North, [7, 6, 5, 4, 3, 2, 1, 0])?;
        write!(f, "    ")?;
        row(f, Player::North, [8, 9, 10, 11, 12, 13, 14, 15])?;
        write!(f, "    ")?;
        row(f, Player::South, [15, 14, 13, 12, 11, 10, 9, 8])?;
        write!(f, "S   ")?;
        row(f, Player::South, [0, 1, 2, 3, 4, 5, 6, 7])?;
        // South's letters, back row then front row, as drawn.
        writeln!(
            f,
            "       A   B   C   D   E   F   G   H   (front row: T S R P N M K J)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::feature_value;

    fn game(kind: Kind, setup: Setup) -> Omweso {
        Omweso {
            kind,
            rules: OmwesoRules {
                setup,
                ..OmwesoRules::of(kind)
            },
            limits: Omweso::DEFAULT_LIMITS,
        }
    }

    #[test]
    fn holes_and_decisions_are_where_their_names_say() {
        let g = game(Kind::Omweso, Setup::Fours);
        let mut s = g.initial_state();
        s.to_move = Player::North;
        s.cells[cell(Player::North, 0)] = 9;
        s.cells[cell(Player::South, 15)] = 3;
        s.pending = Pending::Capture { at: 10 };
        s.emptied = 3;
        s.ends = 2;
        s.hand = 5;
        // North's A is the ninth hole of his half of the snapshot, South's T the first.
        let pits = s.snapshot().pits;
        assert_eq!((pits[SIDE + 8], pits[0]), (9, 3));
        let f = |name: &str| feature_value(&g, &s, name);
        assert!((f("mover_hole_8") - 9.0 / 64.0).abs() < 1e-6);
        assert!((f("opponent_hole_0") - 3.0 / 64.0).abs() < 1e-6);
        assert_eq!(f("capture_pending"), 1.0);
        assert_eq!(f("direction_pending"), 0.0);
        assert_eq!(f("relay_pending"), 0.0);
        // Track position 10 is M (front column 5); 3 is D (back column 3).
        assert_eq!(f("decision_or_placement_at_mover_hole_5"), 1.0);
        assert_eq!(f("emptied_mover_hole_11"), 1.0);
        assert_eq!(f("captured_opponent_left_end"), 0.0);
        assert_eq!(f("captured_opponent_right_end"), 1.0);
        assert!((f("mover_hand") - 5.0 / 64.0).abs() < 1e-6);
        let meanings = g.action_meanings();
        let names = |a: Action| {
            let m = &meanings[a as usize];
            (m.south.as_str(), m.north.as_str())
        };
        assert_eq!(names(10), ("M", "m"));
        assert_eq!(names(REVERSE + 2), ("S>", "s>"));
        assert_eq!(names(TAKE), ("take", "take"));
        assert_eq!(names(PLACE + 7), ("+H", "+h"));
        assert_eq!(names(RELAY_REVERSE), ("relay>", "relay>"));
        assert_eq!(names(SOW_ANTICLOCKWISE), ("sow<", "sow<"));
        assert_eq!(names(SOW_CLOCKWISE), ("sow>", "sow>"));
    }

    #[test]
    fn the_free_set_up_is_described() {
        let g = game(Kind::Mongale, Setup::Free);
        let s = g.initial_state();
        let f = |name: &str| feature_value(&g, &s, name);
        assert_eq!(f("placing"), 1.0);
        assert_eq!(f("mover_to_place"), 1.0);
        // No placement yet: hole A (the ninth of the snapshot's half) is the first allowed.
        assert_eq!(f("decision_or_placement_at_mover_hole_8"), 1.0);
        assert_eq!(f("decision_or_placement_at_mover_hole_0"), 0.0);
    }
}
