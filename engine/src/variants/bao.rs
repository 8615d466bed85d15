//! The Bao family: Bao la Kiswahili (`bao`, de Voogt 1995 and Donkers 2003), the beginners'
//! Bao la Kujifunza (`bao-kujifunza`) and Bao of Malawi (`bao-malawi`, seed 003). Rules:
//! `docs/rules/bao.md`, `bao-kujifunza.md`, `bao-malawi.md`; rule numbers (B1.., BK1..,
//! BM1..) are theirs.
//!
//! Each player sows round his own 16 holes. A player's holes are kept in *track order*:
//! `0..8` = his front row `A1..A8` from his left, `8..16` = his back row from his right
//! (`B8..B1`), so clockwise sowing goes up the track. The *hole index* of actions and
//! snapshots is `A1..A8, B1..B8` = `0..16`; [`track`] converts between the two (it is its own
//! inverse). Front hole `c` (`0..8`) faces the opponent's front hole `7 - c`.
//!
//! A move runs as a loop of laps (a lap is one handful sown: the first sowing, a tax, each
//! relay, each sowing of captured seeds, a safari). Whether a start is legal depends on the
//! whole move (a move that empties the mover's front row or never ends is illegal, B21 and
//! B24), so the legal actions of a position are found by playing each candidate on a copy;
//! they are computed once, when the position arises, and kept in the state.

mod text;

use crate::encoding::CountSpan;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::ConfigError;
use crate::game::{
    Action, ActionMask, ActionMeaning, Cap, Feature, Game, GameResult, Limits, Outcome, Player,
    Snapshot, State,
};
use crate::trace::{Place, SowEvent, SowObserver, StepKind, Unobserved};

/// Holes of one player.
const SIDE: usize = 16;
/// Front-row holes of one player.
const FRONT: usize = 8;
/// Seeds in the game.
const TOTAL: u32 = 64;
/// The house (nyumba, kuu): front hole 5 from the owner's left.
const HOUSE: usize = 4;

/// First anticlockwise start: actions `0..16` start from hole index `a` clockwise (`>`),
/// `16..32` from hole index `a - 16` anticlockwise (`<`).
pub const ANTICLOCKWISE: Action = 16;
/// Stop at the functional house (B19).
pub const STOP: Action = 32;
/// Lift the functional house and sow on: safari (B19).
pub const SAFARI: Action = 33;
/// Advanced opening of `bao-malawi`: put a seed into own hole index `a - 34` (BM20).
pub const PLACE: Action = 34;
/// Advanced opening, North: take the South hole facing own front index `a - 50` (BM20).
pub const TAKE: Action = 50;
/// Advanced opening, North: take nothing (BM20).
pub const PASS: Action = 58;
/// Number of actions, shared by the three variants.
const ACTIONS: usize = 59;

/// Which Bao.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaoKind {
    /// Bao la Kiswahili.
    Bao,
    /// Bao la Kujifunza: 2 seeds a hole, no house, no hand.
    Kujifunza,
    /// Bao of Malawi (the intermediate game; the advanced opening as an option).
    Malawi,
}

/// Whether safari is a choice in the mtaji stage (B19).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum MtajiSafari {
    /// The player chooses `stop` or `safari`.
    Choice,
    /// The house is always relayed.
    Forced,
}

/// Which singletons may take the namua seed (B15, BM9).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "kebab-case")]
pub enum SingletonEntry {
    /// Restricted only while the player has no functional house.
    WithHouse,
    /// Restricted always: a singleton only if no front hole but a functional house holds 2+.
    Restricted,
}

/// What emptying one's own front row during a move does (B21, BK5, BM16).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum SelfEmpty {
    /// Such a move is illegal.
    Illegal,
    /// Such a move is legal and the mover loses at that seed.
    Loses,
}

/// What happens to a move that reaches the lap cap (B24, BM19).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum EndlessMove {
    /// A move that needs more than `max_laps` laps is illegal.
    Illegal,
    /// The move ends after lap `max_laps`; the turn passes.
    Sleep,
    /// The game ends there as capped.
    Capped,
}

/// The opening of `bao-malawi` (BM20).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Opening {
    /// The intermediate game: play starts from the fixed position.
    Intermediate,
    /// Each player first places his 2-holes' seeds and a nemo freely; North may take first.
    Advanced,
}

/// Rule options of the Bao family (defaults depend on the game: [`BaoRules::of`]).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, Hash)]
#[serde(deny_unknown_fields)]
pub struct BaoRules {
    /// Takasia after a mtaji-stage takasa (B22, BK4, BM17).
    pub takasia: bool,
    /// Safari in the mtaji stage: a choice or forced (B19).
    pub mtaji_safari: MtajiSafari,
    /// Fewest seeds of a functional house (B17, BM10).
    pub house_min: u8,
    /// The house keeps its privileges in the mtaji stage (B17, BM10).
    pub house_in_mtaji: bool,
    /// Ownership of both houses ends at the first capture made in the mtaji stage (B17).
    pub mtaji_capture_ends_house: bool,
    /// A house of exactly `house_min` is lifted whole instead of taxed (B16, BM11).
    pub tax_all_at_min: bool,
    /// Which singletons may take the namua seed (B15, BM9).
    pub singleton_entry: SingletonEntry,
    /// Emptying one's own front row: illegal or a loss (B21).
    pub self_empty: SelfEmpty,
    /// Moves that reach the lap cap (B24).
    pub endless_move: EndlessMove,
    /// `bao-malawi`'s opening (BM20); only the intermediate game elsewhere.
    pub opening: Opening,
}

impl BaoRules {
    /// The default rules of `kind`, as the rules docs' option tables give them.
    pub fn of(kind: BaoKind) -> BaoRules {
        let bao = BaoRules {
            takasia: true,
            mtaji_safari: MtajiSafari::Choice,
            house_min: 6,
            house_in_mtaji: false,
            mtaji_capture_ends_house: true,
            tax_all_at_min: false,
            singleton_entry: SingletonEntry::WithHouse,
            self_empty: SelfEmpty::Illegal,
            endless_move: EndlessMove::Illegal,
            opening: Opening::Intermediate,
        };
        match kind {
            BaoKind::Bao => bao,
            BaoKind::Kujifunza => BaoRules {
                takasia: false,
                house_in_mtaji: true,
                mtaji_capture_ends_house: false,
                self_empty: SelfEmpty::Loses,
                ..bao
            },
            BaoKind::Malawi => BaoRules {
                house_min: 8,
                house_in_mtaji: false,
                mtaji_capture_ends_house: false,
                tax_all_at_min: true,
                singleton_entry: SingletonEntry::Restricted,
                self_empty: SelfEmpty::Loses,
                endless_move: EndlessMove::Sleep,
                ..bao
            },
        }
    }
}

/// A Bao game with rule options and caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bao {
    /// Which game.
    pub kind: BaoKind,
    /// Rule options.
    pub rules: BaoRules,
    /// Caps on game and move length.
    pub limits: Limits,
}

impl Bao {
    /// Default caps (B24, B25).
    pub const DEFAULT_LIMITS: Limits = Limits {
        max_plies: 2000,
        max_laps: 1000,
    };

    /// A game of `kind` with these rules and caps.
    pub fn new(kind: BaoKind, rules: BaoRules, limits: Limits) -> Bao {
        Bao {
            kind,
            rules,
            limits,
        }
    }

    /// Checks the rule options of `kind`.
    ///
    /// # Errors
    /// [`ConfigError::OutOfRange`] for a `house_min` of 0 or over 64, or the advanced opening
    /// outside `bao-malawi`.
    pub fn validate(kind: BaoKind, rules: &BaoRules) -> Result<(), ConfigError> {
        if !(1..=64).contains(&rules.house_min) {
            return Err(super::out_of_range(
                "house_min",
                rules.house_min,
                "1 to 64 seeds",
            ));
        }
        if rules.opening == Opening::Advanced && kind != BaoKind::Malawi {
            return Err(super::out_of_range(
                "opening",
                "\"advanced\"",
                "\"intermediate\" (the advanced opening is bao-malawi's)",
            ));
        }
        Ok(())
    }
}

/// Converts a hole index (`A1..A8, B1..B8`) to a track position and back.
#[inline]
pub fn track(i: usize) -> usize {
    if i < FRONT { i } else { 23 - i }
}

/// Where player `p`'s track position `t` is drawn ([`Snapshot::pits`]' order).
#[inline]
fn place(p: usize, t: usize) -> Place {
    Place::Hole(p * SIDE + track(t))
}

/// The next track position in a direction.
#[inline]
fn step(t: usize, clockwise: bool) -> usize {
    if clockwise {
        (t + 1) % SIDE
    } else {
        (t + SIDE - 1) % SIDE
    }
}

/// The label of `player`'s hole index `i`: `A1`..`B8`, or `a1`..`b8` for North.
pub fn hole_name(player: Player, i: usize) -> String {
    let row = match (player, i < FRONT) {
        (Player::South, true) => 'A',
        (Player::South, false) => 'B',
        (Player::North, true) => 'a',
        (Player::North, false) => 'b',
    };
    format!("{row}{}", i % FRONT + 1)
}

/// `who`'s hole index `i` (`who` is `"mover"` or `"opponent"`) in words, as South and as North
/// to move name it: "the mover's hole A1 (a1 when North moves)".
fn hole_words(who: &str, i: usize) -> String {
    let p = if who == "mover" {
        Player::South
    } else {
        Player::North
    };
    format!(
        "the {who}'s hole {} ({} when North moves)",
        hole_name(p, i),
        hole_name(p.other(), i)
    )
}

/// The notation of `action` when `me` is to move.
fn action_name(me: Player, action: Action) -> String {
    match action {
        a if a < ANTICLOCKWISE => format!("{}>", hole_name(me, usize::from(a))),
        a if a < STOP => format!("{}<", hole_name(me, usize::from(a - ANTICLOCKWISE))),
        STOP => "stop".into(),
        SAFARI => "safari".into(),
        a if a < TAKE => format!("+{}", hole_name(me, usize::from(a - PLACE))),
        PASS => "pass".into(),
        a => format!("x{}", hole_name(me, usize::from(a - TAKE))),
    }
}

/// A stop-or-safari decision at the functional house, in the middle of a capturing move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pending {
    clockwise: bool,
    laps: u32,
    namua: bool,
}

/// Where the advanced opening of `bao-malawi` stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Ordinary play.
    Play,
    /// The player to move places seeds (South first, then North after his take).
    Place,
    /// North decides what to take.
    Take,
}

/// How a run of laps stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// The move ended; the turn passes.
    End,
    /// A stop-or-safari decision is pending.
    Decision,
    /// The move is illegal (B21, B24).
    Illegal,
    /// The game ended during the move.
    Over,
}

/// The state of the move being played.
#[derive(Clone, Copy, Debug)]
struct Ctx {
    p: usize,
    clockwise: bool,
    laps: u32,
    /// The move captures (known from the start in namua, from the first lap in mtaji).
    capturing: bool,
    namua: bool,
    /// The next lap is a mtaji move's first: it decides `capturing`.
    first: bool,
    /// The next lap sows captured seeds from the kichwa (told to an observer only).
    kichwa: bool,
}

/// A position of a Bao game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BaoState {
    /// Seeds by player and track position.
    holes: [[u8; SIDE]; 2],
    hand: [u8; 2],
    owned: [bool; 2],
    to_move: Player,
    ply: u32,
    over: Option<GameResult>,
    /// The mover's takasiaed front hole (B22, BM17).
    takasia: Option<u8>,
    /// `bao-malawi`: the opponent's front hole the mover must capture first (BM17).
    must_take: Option<u8>,
    /// `bao-malawi`: the same obligation, held for the player not to move.
    owed: Option<u8>,
    pending: Option<Pending>,
    phase: Phase,
    /// Advanced opening: seeds the mover still places, and the lowest hole index allowed.
    to_place: u8,
    place_min: u8,
    /// The legal actions, computed when the position arose.
    mask: ActionMask,
    game: Bao,
}

/// A position described by its parts, for [`BaoState::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaoSetup {
    /// Seeds of South and North by hole index (`A1..A8, B1..B8` from the owner's left).
    pub holes: [[u8; SIDE]; 2],
    /// Seeds in hand of South and North.
    pub hand: [u8; 2],
    /// Whether South and North still own their house.
    pub owned: [bool; 2],
    /// The player to move.
    pub to_move: Player,
    /// A front hole index of the player to move that is takasiaed for this move.
    pub takasia: Option<u8>,
}

impl Game for Bao {
    type State = BaoState;
    fn name(&self) -> &'static str {
        match self.kind {
            BaoKind::Bao => "bao",
            BaoKind::Kujifunza => "bao-kujifunza",
            BaoKind::Malawi => "bao-malawi",
        }
    }
    fn num_actions(&self) -> usize {
        ACTIONS
    }
    /// Per side (the mover's first): 16 holes, hand, house owned, house functional; then a
    /// decision flag and its direction, the mover's takasiaed hole and the hole he must
    /// capture (one-hot over the front row), and the opening's phase and progress.
    fn encoding_len(&self) -> usize {
        2 * (SIDE + 3) + 2 + FRONT + FRONT + 4
    }
    /// Both sides' 16 holes (the mover's first); hands are not holes.
    fn count_features(&self) -> Vec<CountSpan> {
        [0, SIDE + 3]
            .map(|start| CountSpan {
                start,
                len: SIDE,
                per_seed: 1.0 / 16.0,
            })
            .to_vec()
    }
    fn limits(&self) -> Limits {
        self.limits
    }
    fn total_seeds(&self) -> u32 {
        TOTAL
    }
    fn initial_state(&self) -> BaoState {
        let (front, hand, owned): ([u8; 8], u8, bool) = match self.kind {
            BaoKind::Bao => ([0, 0, 0, 0, 6, 2, 2, 0], 22, true),
            BaoKind::Kujifunza => ([2; 8], 0, false),
            BaoKind::Malawi => ([0, 0, 0, 0, 8, 2, 2, 0], 20, true),
        };
        let mut side = [0u8; SIDE];
        side[..FRONT].copy_from_slice(&front);
        if self.kind == BaoKind::Kujifunza {
            side = [2; SIDE];
        }
        let mut s = BaoState {
            holes: [side; 2],
            hand: [hand; 2],
            owned: [owned; 2],
            to_move: Player::South,
            ply: 0,
            over: None,
            takasia: None,
            must_take: None,
            owed: None,
            pending: None,
            phase: Phase::Play,
            to_place: 0,
            place_min: 0,
            mask: ActionMask::default(),
            game: *self,
        };
        if self.rules.opening == Opening::Advanced {
            // South lifts his two 2-holes and takes a nemo (BM20).
            let lifted = s.holes[0][5] + s.holes[0][6];
            s.holes[0][5] = 0;
            s.holes[0][6] = 0;
            s.hand[0] -= 1;
            s.to_place = lifted + 1;
            s.phase = Phase::Place;
        }
        s.begin_turn();
        s
    }
    fn feature_names(&self) -> Vec<Feature> {
        let rules = &self.rules;
        let mut out = Vec::with_capacity(self.encoding_len());
        for who in ["mover", "opponent"] {
            for i in 0..SIDE {
                out.push(Feature::count(
                    format!("{who}_hole_{i}"),
                    &format!("seeds in {}", hole_words(who, i)),
                    16,
                ));
            }
            out.push(Feature::count(
                format!("{who}_hand"),
                &format!("seeds in the {who}'s hand (his namua stage lasts while he has any)"),
                22,
            ));
            out.push(Feature::flag(
                format!("{who}_house_owned"),
                &format!("the {who} still owns his house (A5, a5)"),
            ));
            let stage = if rules.house_in_mtaji {
                ""
            } else {
                ", in the namua stage only (while he has seeds in hand)"
            };
            out.push(Feature::flag(
                format!("{who}_house_functional"),
                &format!(
                    "the {who}'s house is functional for a move of his present stage: \
                     owned and holding at least {} seeds{stage}",
                    rules.house_min
                ),
            ));
        }
        out.push(Feature::flag(
            "decision_pending",
            "the mover decides at his functional house whether to stop or go on (safari)",
        ));
        out.push(Feature::flag(
            "decision_clockwise",
            "the move waiting on that decision sows clockwise (>)",
        ));
        for i in 0..FRONT {
            out.push(Feature::flag(
                format!("takasia_at_mover_hole_{i}"),
                &format!("{} is takasiaed for this move", hole_words("mover", i)),
            ));
        }
        for i in 0..FRONT {
            out.push(Feature::flag(
                format!("must_capture_opponent_hole_{i}"),
                &format!(
                    "the mover's capture must take {} first when it can (bao-malawi)",
                    hole_words("opponent", i)
                ),
            ));
        }
        out.push(Feature::flag(
            "opening_placing",
            "the mover places seeds in bao-malawi's advanced opening",
        ));
        out.push(Feature::flag(
            "opening_taking",
            "North decides what to take in bao-malawi's advanced opening",
        ));
        out.push(Feature::count(
            "opening_to_place",
            "seeds the mover still places in the advanced opening",
            16,
        ));
        out.push(Feature::count(
            "opening_place_min",
            "the lowest hole index (A1..A8, B1..B8 = 0..15) the mover may still place into \
             in the advanced opening (0 outside it)",
            16,
        ));
        out
    }
    fn action_meanings(&self) -> Vec<ActionMeaning> {
        let name = |a: usize| move |p: Player| action_name(p, a as Action);
        let mut out = Vec::with_capacity(ACTIONS);
        for (first, dir) in [
            (0, "clockwise (>)"),
            (ANTICLOCKWISE as usize, "anticlockwise (<)"),
        ] {
            for i in 0..SIDE {
                out.push(ActionMeaning::new(
                    first + i,
                    name(first + i),
                    format!(
                        "start a move from {}, {dir}: the first lap's direction, or in a \
                         namua capture the kichwa the captured seeds are sown from (> hole \
                         1, < hole 8)",
                        hole_words("mover", i)
                    ),
                ));
            }
        }
        out.push(ActionMeaning::new(
            STOP as usize,
            name(STOP as usize),
            "at the functional house in a capturing move: stop there",
        ));
        out.push(ActionMeaning::new(
            SAFARI as usize,
            name(SAFARI as usize),
            "at the functional house in a capturing move: lift it and sow on (safari)",
        ));
        for i in 0..SIDE {
            let a = PLACE as usize + i;
            out.push(ActionMeaning::new(
                a,
                name(a),
                format!(
                    "advanced opening (bao-malawi): put one seed into {}",
                    hole_words("mover", i)
                ),
            ));
        }
        for i in 0..FRONT {
            let a = TAKE as usize + i;
            out.push(ActionMeaning::new(
                a,
                name(a),
                format!(
                    "advanced opening (bao-malawi), North only: take the seeds of South's \
                     front hole {} facing his own {}",
                    hole_name(Player::South, FRONT - 1 - i),
                    hole_name(Player::North, i)
                ),
            ));
        }
        out.push(ActionMeaning::new(
            PASS as usize,
            name(PASS as usize),
            "advanced opening (bao-malawi), North only: take nothing",
        ));
        out
    }
}

impl BaoState {
    /// A position from its parts, between moves, checked.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] when the seeds do not add up to 64 or the takasiaed hole is
    /// not a front hole.
    pub fn from_setup(game: &Bao, setup: &BaoSetup) -> Result<BaoState, ConfigError> {
        let total: u32 = setup
            .holes
            .iter()
            .flatten()
            .chain(&setup.hand)
            .map(|&s| u32::from(s))
            .sum();
        if total != TOTAL {
            return Err(ConfigError::Invalid {
                table: "position".into(),
                message: format!("{total} seeds on the board and in hand, expected {TOTAL}"),
            });
        }
        if setup.takasia.is_some_and(|x| usize::from(x) >= FRONT) {
            return Err(ConfigError::Invalid {
                table: "position".into(),
                message: "the takasiaed hole must be a front hole index 0..7".into(),
            });
        }
        let mut s = game.initial_state();
        for p in 0..2 {
            for i in 0..SIDE {
                s.holes[p][track(i)] = setup.holes[p][i];
            }
        }
        s.hand = setup.hand;
        s.owned = setup.owned;
        s.to_move = setup.to_move;
        s.takasia = setup.takasia;
        s.phase = Phase::Play;
        s.to_place = 0;
        s.begin_turn();
        Ok(s)
    }

    /// Seeds of `player`'s holes by hole index (`A1..A8, B1..B8`).
    pub fn holes(&self, player: Player) -> [u8; SIDE] {
        std::array::from_fn(|i| self.holes[player.index()][track(i)])
    }

    /// Seeds `player` holds in hand.
    pub fn hand(&self, player: Player) -> u8 {
        self.hand[player.index()]
    }

    /// Whether `player` still owns his house.
    pub fn house_owned(&self, player: Player) -> bool {
        self.owned[player.index()]
    }

    /// The mover's takasiaed front hole index, if any.
    pub fn takasia(&self) -> Option<u8> {
        self.takasia
    }

    /// Whether a stop-or-safari decision is pending.
    pub fn at_decision(&self) -> bool {
        self.pending.is_some()
    }

    /// Whether `p`'s house is functional in a move of this stage (B17).
    #[inline]
    fn functional(&self, p: usize, namua: bool) -> bool {
        self.owned[p]
            && self.holes[p][HOUSE] >= self.game.rules.house_min
            && (namua || self.game.rules.house_in_mtaji)
    }

    /// Ends the move by the lap cap when `laps` laps are already sown, per `endless_move`.
    #[inline]
    fn lap_cap(&mut self, laps: u32) -> Option<Flow> {
        if laps < self.game.limits.max_laps {
            return None;
        }
        Some(match self.game.rules.endless_move {
            EndlessMove::Illegal => Flow::Illegal,
            EndlessMove::Sleep => Flow::End,
            EndlessMove::Capped => {
                self.over = Some(GameResult::Capped(Cap::Laps));
                Flow::Over
            }
        })
    }

    /// Whether `p`'s front row is empty.
    #[inline]
    fn front_empty(&self, p: usize) -> bool {
        let front: [u8; FRONT] = self.holes[p][..FRONT].try_into().expect("8 front holes");
        u64::from_ne_bytes(front) == 0
    }

    /// Sows one lap of `n` seeds from track position `t` (the first seed into `t`); returns
    /// where the last seed fell.
    fn lap<O: SowObserver>(
        &mut self,
        c: &mut Ctx,
        t: usize,
        n: u32,
        obs: &mut O,
    ) -> Result<usize, Flow> {
        if let Some(flow) = self.lap_cap(c.laps) {
            return Err(flow);
        }
        c.laps += 1;
        // B21: seeds only ever add to the front row, so the front row is empty after a seed
        // of this lap exactly when it is empty now and the first seed goes to the back row.
        let lost = t >= FRONT && self.front_empty(c.p);
        if lost && self.game.rules.self_empty == SelfEmpty::Illegal {
            return Err(Flow::Illegal);
        }
        if O::ACTIVE {
            // The seeds one by one, in the order the bulk addition below stands for.
            let mut pos = t;
            for k in 0..n {
                let kind = if k == 0 && c.kichwa {
                    StepKind::Kichwa
                } else {
                    StepKind::Sow
                };
                obs.event(SowEvent::moved(kind, Place::Sowing, place(c.p, pos), 1));
                pos = step(pos, c.clockwise);
            }
            c.kichwa = false;
        }
        let side = &mut self.holes[c.p];
        let rounds = (n / SIDE as u32) as u8;
        if rounds > 0 {
            side.iter_mut().for_each(|s| *s += rounds);
        }
        let rest = n as usize % SIDE;
        let mut pos = t;
        if c.clockwise {
            for _ in 0..rest {
                side[pos] += 1;
                pos = (pos + 1) % SIDE;
            }
        } else {
            for _ in 0..rest {
                side[pos] += 1;
                pos = (pos + SIDE - 1) % SIDE;
            }
        }
        let back = (n as usize - 1) % SIDE;
        let last = if c.clockwise {
            (t + back) % SIDE
        } else {
            (t + SIDE - back) % SIDE
        };
        if lost {
            self.over = Some(GameResult::Win(Player::from_index(1 - c.p)));
            return Err(Flow::Over);
        }
        Ok(last)
    }

    /// Lifts all seeds of the mover's track position `t`.
    #[inline]
    fn lift<O: SowObserver>(&mut self, c: &mut Ctx, t: usize, kind: StepKind, obs: &mut O) -> u32 {
        let n = u32::from(std::mem::take(&mut self.holes[c.p][t]));
        obs.event(SowEvent::moved(kind, place(c.p, t), Place::Sowing, n));
        if t == HOUSE {
            self.owned[c.p] = false;
        }
        n
    }

    /// Captures the opponent's front hole facing the mover's front hole `at` (B12-B14, B23);
    /// returns the kichwa and the seeds to sow from it.
    fn capture<O: SowObserver>(
        &mut self,
        c: &mut Ctx,
        at: usize,
        obs: &mut O,
    ) -> Result<(usize, u32), Flow> {
        if let Some(flow) = self.lap_cap(c.laps) {
            return Err(flow);
        }
        let opp = 1 - c.p;
        if O::ACTIVE {
            obs.event(SowEvent::moved(
                StepKind::Capture,
                place(opp, FRONT - 1 - at),
                Place::Sowing,
                u32::from(self.holes[opp][FRONT - 1 - at]),
            ));
            c.kichwa = true;
        }
        let taken = u32::from(std::mem::take(&mut self.holes[opp][FRONT - 1 - at]));
        if FRONT - 1 - at == HOUSE {
            self.owned[opp] = false;
        }
        if !c.namua && self.game.rules.mtaji_capture_ends_house {
            // B17: the first capture of the mtaji stage ends both players' ownership.
            self.owned = [false, false];
        }
        c.clockwise = match at {
            0 | 1 => true,
            6 | 7 => false,
            _ => c.clockwise,
        };
        let kichwa = if c.clockwise { 0 } else { FRONT - 1 };
        if self.front_empty(opp) {
            // Bao hamna: the seeds are sown, and the game is over.
            let _ = self.lap(c, kichwa, taken, obs);
            self.over = Some(GameResult::Win(Player::from_index(c.p)));
            return Err(Flow::Over);
        }
        Ok((kichwa, taken))
    }

    /// Sows `n` seeds from `start` and goes on, lap by lap, until the move ends or waits.
    fn run<O: SowObserver>(
        &mut self,
        c: &mut Ctx,
        mut start: usize,
        mut n: u32,
        obs: &mut O,
    ) -> Flow {
        let opp = 1 - c.p;
        loop {
            let last = match self.lap(c, start, n, obs) {
                Ok(last) => last,
                Err(flow) => return flow,
            };
            let first = std::mem::replace(&mut c.first, false);
            if self.holes[c.p][last] == 1 {
                return Flow::End;
            }
            let opposed = last < FRONT && self.holes[opp][FRONT - 1 - last] > 0;
            if first {
                // B10: a mtaji move captures if its first lap of 2..15 seeds ends opposed.
                c.capturing = opposed && n <= 15;
            }
            if c.capturing && opposed {
                match self.capture(c, last, obs) {
                    Ok((s, m)) => {
                        (start, n) = (s, m);
                        continue;
                    }
                    Err(flow) => return flow,
                }
            }
            if last == HOUSE && self.functional(c.p, c.namua) {
                if !c.capturing {
                    return Flow::End; // B18
                }
                if c.namua || self.game.rules.mtaji_safari == MtajiSafari::Choice {
                    self.pending = Some(Pending {
                        clockwise: c.clockwise,
                        laps: c.laps,
                        namua: c.namua,
                    });
                    return Flow::Decision; // B19
                }
            }
            if !c.capturing && self.takasia == Some(last as u8) {
                return Flow::End; // B22
            }
            // A relay: the cap is judged before the hole is lifted.
            if let Some(flow) = self.lap_cap(c.laps) {
                return flow;
            }
            n = self.lift(c, last, StepKind::Relay, obs);
            start = step(last, c.clockwise);
        }
    }

    /// Whether the namua seed put into the mover's front hole `t` captures (B9, BM7).
    #[inline]
    fn namua_captures(&self, p: usize, t: usize) -> bool {
        let opp = 1 - p;
        if t >= FRONT || self.holes[p][t] == 0 || self.holes[opp][FRONT - 1 - t] == 0 {
            return false;
        }
        // BM7: no nemo capture of the opponent's kuu while the own kuu is threatened.
        !(self.game.kind == BaoKind::Malawi
            && t == FRONT - 1 - HOUSE
            && self.owned[0]
            && self.owned[1]
            && self.holes[p][HOUSE] > 0
            && self.holes[opp][FRONT - 1 - HOUSE] > 0)
    }

    /// Plays a start action (`0..32`) up to the end of the move or its decision.
    fn start_move<O: SowObserver>(&mut self, action: Action, obs: &mut O) -> Flow {
        let p = self.to_move.index();
        let clockwise = action < ANTICLOCKWISE;
        let t = track(usize::from(action % ANTICLOCKWISE));
        let namua = self.hand[p] > 0;
        let mut c = Ctx {
            p,
            clockwise,
            laps: 0,
            capturing: false,
            namua,
            first: !namua,
            kichwa: false,
        };
        if !namua {
            let n = self.lift(&mut c, t, StepKind::Lift, obs);
            return self.run(&mut c, step(t, clockwise), n, obs);
        }
        let captures = self.namua_captures(p, t);
        let house = t == HOUSE && self.functional(p, true);
        obs.event(SowEvent::moved(
            StepKind::Sow,
            Place::Hand(self.to_move),
            place(p, t),
            1,
        ));
        self.hand[p] -= 1;
        self.holes[p][t] += 1;
        if captures {
            c.capturing = true;
            return match self.capture(&mut c, t, obs) {
                Ok((s, n)) => self.run(&mut c, s, n, obs),
                Err(flow) => flow,
            };
        }
        let n = if house
            && !(self.game.rules.tax_all_at_min
                && self.holes[p][HOUSE] - 1 == self.game.rules.house_min)
        {
            // B16: the tax lifts two seeds; the house stays owned.
            obs.event(SowEvent::moved(
                StepKind::Tax,
                place(p, HOUSE),
                Place::Sowing,
                2,
            ));
            self.holes[p][HOUSE] -= 2;
            if self.holes[p][HOUSE] == 0 {
                self.owned[p] = false; // only with `house_min = 1`
            }
            2
        } else {
            self.lift(&mut c, t, StepKind::Lift, obs)
        };
        self.run(&mut c, step(t, clockwise), n, obs)
    }

    /// Plays `action` without passing the turn; the flow says how the move stands.
    fn execute<O: SowObserver>(&mut self, action: Action, obs: &mut O) -> Flow {
        match action {
            STOP => {
                self.pending = None;
                Flow::End
            }
            SAFARI => {
                let pending = self.pending.take().expect("safari without a decision");
                let p = self.to_move.index();
                let mut c = Ctx {
                    p,
                    clockwise: pending.clockwise,
                    laps: pending.laps,
                    capturing: true,
                    namua: pending.namua,
                    first: false,
                    kichwa: false,
                };
                if let Some(flow) = self.lap_cap(c.laps) {
                    return flow;
                }
                let n = self.lift(&mut c, HOUSE, StepKind::Relay, obs);
                self.run(&mut c, step(HOUSE, pending.clockwise), n, obs)
            }
            a => self.start_move(a, obs),
        }
    }

    /// Whether `action` can be played to its end or decision without breaking B21 or B24.
    #[inline]
    fn playable(&self, action: Action) -> bool {
        if self.game.rules.self_empty == SelfEmpty::Loses
            && self.game.rules.endless_move != EndlessMove::Illegal
        {
            return true; // nothing makes a move illegal
        }
        let mut copy = self.clone();
        copy.execute(action, &mut Unobserved) != Flow::Illegal
    }

    /// The mover's start actions from track position `t` in the given directions.
    #[inline]
    fn starts(t: usize, clockwise: bool, anticlockwise: bool) -> impl Iterator<Item = Action> {
        let h = track(t) as Action;
        [(clockwise, h), (anticlockwise, h + ANTICLOCKWISE)]
            .into_iter()
            .filter_map(|(ok, a)| ok.then_some(a))
    }

    /// The mover's capturing starts, before B21 and B24 are checked (B9, B10, BM7).
    fn capture_candidates(&self) -> ActionMask {
        let p = self.to_move.index();
        let mut mask = ActionMask::default();
        if self.hand[p] > 0 {
            for t in 0..FRONT {
                if self.namua_captures(p, t) {
                    for a in Self::starts(t, t < 6, t > 1) {
                        mask.insert(a);
                    }
                }
            }
        } else {
            let (me, opp) = (&self.holes[p], &self.holes[1 - p]);
            let opposed = |end: usize| end < FRONT && me[end] > 0 && opp[FRONT - 1 - end] > 0;
            for t in 0..SIDE {
                let n = usize::from(me[t]);
                if (2..=15).contains(&n) {
                    let h = track(t) as Action;
                    if opposed((t + n) % SIDE) {
                        mask.insert(h);
                    }
                    if opposed((t + SIDE - n) % SIDE) {
                        mask.insert(h + ANTICLOCKWISE);
                    }
                }
            }
        }
        mask
    }

    /// The mover's legal capturing moves.
    fn captures(&self) -> ActionMask {
        let mut mask = self.capture_candidates();
        for a in mask.iter() {
            if !self.playable(a) {
                mask.0 &= !(1u64 << a);
            }
        }
        mask
    }

    /// Where the first lap of the mtaji start `a` ends (track position).
    #[inline]
    fn first_end(&self, a: Action) -> usize {
        let t = track(usize::from(a % ANTICLOCKWISE));
        let n = usize::from(self.holes[self.to_move.index()][t]);
        if a < ANTICLOCKWISE {
            (t + n) % SIDE
        } else {
            (t + SIDE - n) % SIDE
        }
    }

    /// Whether the mtaji start `a` is a capturing move: 2..15 seeds whose first lap ends in
    /// an occupied front hole facing an occupied one (B10).
    #[inline]
    fn mtaji_captures(&self, a: Action) -> bool {
        let p = self.to_move.index();
        let n = self.holes[p][track(usize::from(a % ANTICLOCKWISE))];
        if !(2..=15).contains(&n) {
            return false;
        }
        let end = self.first_end(a);
        end < FRONT && self.holes[p][end] > 0 && self.holes[1 - p][FRONT - 1 - end] > 0
    }

    /// The opponent's front hole (index) a mtaji capture `a` of the mover first takes.
    fn first_target(&self, a: Action) -> u8 {
        (FRONT - 1 - self.first_end(a)) as u8
    }

    /// The legal actions of a position between moves, given the mover's legal captures (B8-B10, B15, B16, B20, B22, BM15, BM17).
    fn moves_with(&self, mut caps: ActionMask) -> ActionMask {
        let p = self.to_move.index();
        let me = &self.holes[p];
        if let (Some(x), false) = (self.must_take, caps.is_empty()) {
            let mut bound = ActionMask::default();
            for a in caps.iter().filter(|&a| self.first_target(a) == x) {
                bound.insert(a);
            }
            if !bound.is_empty() {
                caps = bound;
            }
        }
        if !caps.is_empty() {
            return caps;
        }
        let mut mask = ActionMask::default();
        let legal_from = |mask: &mut ActionMask, t: usize| {
            for a in Self::starts(t, true, true) {
                if self.playable(a) {
                    mask.insert(a);
                }
            }
        };
        if self.hand[p] > 0 {
            // B15, B16: a takasa from the front row.
            let house = self.functional(p, true);
            let occupied = me[..FRONT].iter().filter(|&&s| s > 0).count();
            if house && occupied == 1 {
                legal_from(&mut mask, HOUSE);
                return mask;
            }
            let big =
                |skip: usize| (0..FRONT).any(|u| u != skip && !(house && u == HOUSE) && me[u] >= 2);
            for t in 0..FRONT {
                if me[t] == 0 || (house && t == HOUSE) || self.namua_captures(p, t) {
                    continue;
                }
                let singleton_ok = match self.game.rules.singleton_entry {
                    SingletonEntry::WithHouse => house || !big(t),
                    SingletonEntry::Restricted => !big(t),
                };
                if me[t] == 1 && !singleton_ok {
                    continue;
                }
                legal_from(&mut mask, t);
            }
            return mask;
        }
        // B20: a mtaji takasa, from the front row if any front start is legal.
        let malawi = self.game.kind == BaoKind::Malawi;
        for t in 0..FRONT {
            if me[t] >= 2 && (malawi || self.takasia != Some(t as u8)) {
                legal_from(&mut mask, t);
            }
        }
        if malawi {
            if self.owned[p] {
                // BM15: the first takata starts from a still-owned kuu if it can.
                let kuu =
                    ActionMask::from_actions(&[HOUSE as Action, HOUSE as Action + ANTICLOCKWISE]);
                if mask.0 & kuu.0 != 0 {
                    mask.0 &= kuu.0;
                }
            }
            if let Some(x) = self.takasia {
                // BM17: not from X unless every legal takata start is from X.
                let from_x = ActionMask::from_actions(&[x as Action, x as Action + ANTICLOCKWISE]);
                if mask.0 & !from_x.0 != 0 {
                    mask.0 &= !from_x.0;
                }
            }
        }
        if mask.is_empty() {
            for t in FRONT..SIDE {
                if me[t] >= 2 {
                    legal_from(&mut mask, t);
                }
            }
        }
        mask
    }

    /// The legal actions at a pending decision: `stop`, and `safari` if it can be finished.
    fn decision_moves(&self) -> ActionMask {
        let mut mask = ActionMask::from_actions(&[STOP]);
        if self.playable(SAFARI) {
            mask.insert(SAFARI);
        }
        mask
    }

    /// The legal actions in the advanced opening (BM20).
    fn opening_moves(&self) -> ActionMask {
        let mut mask = ActionMask::default();
        match self.phase {
            Phase::Place => {
                for i in self.place_min..SIDE as u8 {
                    mask.insert(PLACE + Action::from(i));
                }
            }
            Phase::Take => {
                let (south, north) = (&self.holes[0], &self.holes[1]);
                for h in [HOUSE, 5, 6] {
                    if north[h] > 0 && south[FRONT - 1 - h] > 0 {
                        mask.insert(TAKE + h as Action);
                    }
                }
                mask.insert(PASS);
            }
            Phase::Play => {}
        }
        mask
    }

    /// The target of the mover's takasia, computed after a mtaji takasa by the player who
    /// just moved (`self.to_move` is already the next mover) (B22, BM17).
    /// `self` has no takasia, decision or obligation set, and the mover has no legal capture.
    fn takasia_target(&self) -> Option<u8> {
        // The attacker's legal captures must all aim at one hole: find the targets that have
        // a legal capture, stopping at the second.
        let mut attacker = self.clone();
        attacker.to_move = self.to_move.other();
        let mut x = None;
        for a in attacker.capture_candidates().iter() {
            let target = attacker.first_target(a);
            if x == Some(target) || !attacker.playable(a) {
                continue;
            }
            if x.is_some() {
                return None;
            }
            x = Some(target);
        }
        let x = x?;
        if self.game.kind != BaoKind::Malawi {
            let front = &self.holes[self.to_move.index()][..FRONT];
            let xi = usize::from(x);
            let occupied = front.iter().filter(|&&s| s > 0).count();
            let big = front.iter().filter(|&&s| s >= 2).count();
            if (xi == HOUSE && self.owned[self.to_move.index()])
                || occupied == 1
                || (front[xi] >= 2 && big == 1)
            {
                return None;
            }
        }
        Some(x)
    }

    /// Passes the turn after a move that ended (not a decision, not the game's end).
    fn end_move(&mut self, mtaji_takasa: bool) {
        self.pending = None;
        self.to_move = self.to_move.other();
        self.takasia = None;
        if !(mtaji_takasa && self.game.rules.takasia && self.over.is_none()) {
            self.must_take = self.owed.take();
            self.begin_turn();
            return;
        }
        // The takasia is tested on the position as it stands for the new mover.
        let must_take = self.owed.take();
        self.must_take = None;
        let caps = self.captures();
        if caps.is_empty() {
            self.takasia = self.takasia_target();
            if self.game.kind == BaoKind::Malawi {
                self.owed = self.takasia;
            }
        }
        self.must_take = must_take;
        self.set_mask(caps);
    }

    /// Keeps the legal actions, given the mover's legal captures; with none, the mover has
    /// lost (B23).
    fn set_mask(&mut self, caps: ActionMask) {
        self.mask = if self.front_empty(self.to_move.index()) {
            ActionMask::default()
        } else {
            self.moves_with(caps)
        };
        if self.mask.is_empty() {
            self.over = Some(GameResult::Win(self.to_move.other()));
        }
    }

    /// Computes the legal actions of the position; with none, the mover has lost (B23).
    fn begin_turn(&mut self) {
        if self.over.is_some() {
            self.mask = ActionMask::default();
            return;
        }
        if self.phase != Phase::Play {
            self.mask = self.opening_moves();
            return;
        }
        self.set_mask(self.captures());
    }

    /// Plays an advanced-opening action (BM20).
    fn play_opening<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        let p = self.to_move.index();
        if action == PASS || (TAKE..PASS).contains(&action) {
            let mut taken = 0;
            if action != PASS {
                let h = usize::from(action - TAKE);
                obs.event(SowEvent::moved(
                    StepKind::Capture,
                    place(0, FRONT - 1 - h),
                    Place::Hand(Player::North),
                    u32::from(self.holes[0][FRONT - 1 - h]),
                ));
                taken = std::mem::take(&mut self.holes[0][FRONT - 1 - h]);
            }
            for t in [5, 6] {
                obs.event(SowEvent::moved(
                    StepKind::Place,
                    place(1, t),
                    Place::Hand(Player::North),
                    u32::from(self.holes[1][t]),
                ));
            }
            let lifted = self.holes[1][5] + self.holes[1][6];
            self.holes[1][5] = 0;
            self.holes[1][6] = 0;
            self.hand[1] -= 1;
            self.to_place = taken + lifted + 1;
            self.place_min = 0;
            self.phase = Phase::Place;
        } else {
            let i = action - PLACE;
            obs.event(SowEvent::moved(
                StepKind::Place,
                Place::Hand(self.to_move),
                place(p, track(usize::from(i))),
                1,
            ));
            self.holes[p][track(usize::from(i))] += 1;
            self.place_min = i as u8;
            self.to_place -= 1;
            if self.to_place == 0 {
                self.place_min = 0;
                self.to_move = self.to_move.other();
                self.phase = if self.to_move == Player::North {
                    Phase::Take
                } else {
                    Phase::Play
                };
            }
        }
        self.begin_turn();
    }
}

impl State for BaoState {
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
        self.mask
    }
    fn play_observed<O: SowObserver>(&mut self, action: Action, obs: &mut O) {
        self.ply += 1;
        if self.phase != Phase::Play {
            self.play_opening(action, obs);
            return;
        }
        let p = self.to_move.index();
        // A mtaji takasa: a start of the mtaji stage whose first lap does not capture.
        let mtaji_takasa = action < STOP && self.hand[p] == 0 && !self.mtaji_captures(action);
        match self.execute(action, obs) {
            Flow::End => self.end_move(mtaji_takasa),
            Flow::Decision => self.mask = self.decision_moves(),
            Flow::Over => self.mask = ActionMask::default(),
            Flow::Illegal => unreachable!("illegal action {action} played unchecked"),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let scores = [0, 1].map(|p| {
            self.holes[p].iter().map(|&s| u32::from(s)).sum::<u32>()
                + u32::from(self.hand[p])
                + if self.to_move.index() == p {
                    u32::from(self.to_place)
                } else {
                    0
                }
        });
        let result = match self.over {
            Some(result) => result,
            None if self.ply >= self.game.limits.max_plies => GameResult::Capped(Cap::Plies),
            None => return None,
        };
        Some(Outcome { result, scores })
    }
    fn encode(&self, out: &mut [f32]) {
        let me = self.to_move.index();
        let mut k = 0;
        for p in [me, 1 - me] {
            for i in 0..SIDE {
                out[k] = f32::from(self.holes[p][track(i)]) / 16.0;
                k += 1;
            }
            out[k] = f32::from(self.hand[p]) / 22.0;
            out[k + 1] = f32::from(u8::from(self.owned[p]));
            out[k + 2] = f32::from(u8::from(self.functional(p, self.hand[p] > 0)));
            k += 3;
        }
        out[k] = f32::from(u8::from(self.pending.is_some()));
        out[k + 1] = f32::from(u8::from(self.pending.is_some_and(|d| d.clockwise)));
        k += 2;
        out[k..k + 2 * FRONT].fill(0.0);
        if let Some(x) = self.takasia {
            out[k + usize::from(x)] = 1.0;
        }
        if let Some(x) = self.must_take {
            out[k + FRONT + usize::from(x)] = 1.0;
        }
        k += 2 * FRONT;
        out[k] = f32::from(u8::from(self.phase == Phase::Place));
        out[k + 1] = f32::from(u8::from(self.phase == Phase::Take));
        out[k + 2] = f32::from(self.to_place) / 16.0;
        out[k + 3] = f32::from(self.place_min) / 16.0;
    }
    fn action_to_string(&self, action: Action) -> String {
        action_name(self.to_move, action)
    }
    fn snapshot(&self) -> Snapshot {
        let mut pits = Vec::with_capacity(2 * SIDE);
        for p in Player::BOTH {
            pits.extend(self.holes(p).iter().map(|&s| u32::from(s)));
        }
        let mut in_hand = self.hand.map(u32::from);
        in_hand[self.to_move.index()] += u32::from(self.to_place);
        Snapshot {
            pits,
            stores: [0; 2],
            in_hand,
            owners: None,
        }
    }
}

impl fmt::Display for BaoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |f: &mut fmt::Formatter<'_>, p: Player, holes: [usize; 8], label: &str| {
            for i in holes {
                let s = self.holes[p.index()][track(i)];
                if i == HOUSE && self.owned[p.index()] {
                    write!(f, " [{s:>2}]")?;
                } else {
                    write!(f, "  {s:>2} ")?;
                }
            }
            writeln!(f, "   {label}")
        };
        writeln!(
            f,
            "North: {} in hand{}",
            self.hand[1],
            if self.owned[1] { ", house owned" } else { "" }
        )?;
        row(f, Player::North, [15, 14, 13, 12, 11, 10, 9, 8], "b8..b1")?;
        row(f, Player::North, [7, 6, 5, 4, 3, 2, 1, 0], "a8..a1")?;
        row(f, Player::South, [0, 1, 2, 3, 4, 5, 6, 7], "A1..A8")?;
        row(f, Player::South, [8, 9, 10, 11, 12, 13, 14, 15], "B1..B8")?;
        writeln!(
            f,
            "South: {} in hand{}",
            self.hand[0],
            if self.owned[0] { ", house owned" } else { "" }
        )?;
        write!(f, "{} to move", self.to_move)?;
        if let Some(x) = self.takasia {
            write!(f, ", {} takasiaed", hole_name(self.to_move, usize::from(x)))?;
        }
        if self.pending.is_some() {
            write!(f, ", stop or safari")?;
        }
        if self.to_place > 0 {
            write!(f, ", {} seeds to place", self.to_place)?;
        }
        writeln!(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::feature_value;

    #[test]
    fn holes_hands_house_and_decisions_are_where_their_names_say() {
        let g = Bao::new(
            BaoKind::Bao,
            BaoRules::of(BaoKind::Bao),
            Bao::DEFAULT_LIMITS,
        );
        let mut s = g.initial_state();
        s.to_move = Player::North;
        s.hand[1] = 7;
        s.holes[1][track(10)] = 5;
        s.takasia = Some(2);
        s.must_take = Some(4);
        s.pending = Some(Pending {
            clockwise: true,
            laps: 1,
            namua: false,
        });
        assert_eq!(s.snapshot().pits[SIDE + 10], 5);
        let f = |name: &str| feature_value(&g, &s, name);
        assert!((f("mover_hole_10") - 5.0 / 16.0).abs() < 1e-6);
        assert!((f("opponent_hole_4") - 6.0 / 16.0).abs() < 1e-6);
        assert!((f("mover_hand") - 7.0 / 22.0).abs() < 1e-6);
        assert_eq!(f("mover_house_owned"), 1.0);
        assert_eq!(f("mover_house_functional"), 1.0);
        assert_eq!(f("takasia_at_mover_hole_2"), 1.0);
        assert_eq!(f("must_capture_opponent_hole_4"), 1.0);
        assert_eq!(f("decision_pending"), 1.0);
        assert_eq!(f("decision_clockwise"), 1.0);
        assert_eq!(f("opening_placing"), 0.0);
        s.holes[1][HOUSE] = 5;
        assert_eq!(feature_value(&g, &s, "mover_house_functional"), 0.0);
        let meanings = g.action_meanings();
        let names = |a: Action| {
            let m = &meanings[a as usize];
            (m.south.as_str(), m.north.as_str())
        };
        assert_eq!(names(3), ("A4>", "a4>"));
        assert_eq!(names(ANTICLOCKWISE + 8), ("B1<", "b1<"));
        assert_eq!(names(STOP), ("stop", "stop"));
        assert_eq!(names(PLACE + 15), ("+B8", "+b8"));
        assert_eq!(names(TAKE + 4).1, "xa5");
        assert!(
            meanings[usize::from(TAKE + 4)]
                .description
                .contains("A4 facing")
        );
        assert_eq!(names(PASS), ("pass", "pass"));
    }
}
