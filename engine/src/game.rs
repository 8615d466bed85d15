//! The two traits every variant implements: [`Game`] (static facts and rule options) and
//! [`State`] (one position), with the small types they share.

use std::fmt;
use std::hash::Hash;

use arrayvec::ArrayVec;

use crate::error::{IllegalMove, ParseMoveError, PositionError};
use crate::trace::{SowObserver, Trace, Unobserved};

/// An action index, always seen from the player to move (`0..num_actions`).
pub type Action = u16;

/// The most actions any variant has; legality fits in a `u64` mask.
pub const MAX_ACTIONS: usize = 64;

/// The legal actions of a position, in increasing order. Lives on the stack.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// One of the two players. South moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The first player (player 0), sitting at the bottom of a drawn board.
    South = 0,
    /// The second player (player 1).
    North = 1,
}

impl Player {
    /// Both players, South first.
    pub const BOTH: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player with index 0 or 1.
    ///
    /// # Panics
    /// If `i > 1`.
    #[inline]
    pub fn from_index(i: usize) -> Player {
        match i {
            0 => Player::South,
            1 => Player::North,
            _ => panic!("player index {i} out of range"),
        }
    }

    /// `"south"` or `"north"`.
    pub fn name(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a game stopped before its rules ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cap {
    /// The game reached the configured number of plies.
    Plies,
    /// A move's sowing needed more than the configured number of laps.
    Laps,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The rules gave the game to this player.
    Win(Player),
    /// The rules declared a draw.
    Draw,
    /// A cap stopped the game; it has no winner and trains as a draw.
    Capped(Cap),
}

/// The end of a game: its result and each player's final seed count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won, a draw, or the cap that stopped the game.
    pub result: GameResult,
    /// Final seeds of South and North as the variant's end rule counts them.
    pub scores: [u32; 2],
}

impl Outcome {
    /// The result from South's view: +1 win, -1 loss, 0 draw or capped.
    pub fn returns(&self) -> [f32; 2] {
        match self.result {
            GameResult::Win(Player::South) => [1.0, -1.0],
            GameResult::Win(Player::North) => [-1.0, 1.0],
            GameResult::Draw | GameResult::Capped(_) => [0.0, 0.0],
        }
    }

    /// The value for `player`: +1, -1 or 0.
    pub fn value_for(&self, player: Player) -> f32 {
        self.returns()[player.index()]
    }

    /// Decides win or draw from final scores (more seeds wins).
    pub fn by_scores(scores: [u32; 2]) -> Outcome {
        let result = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => GameResult::Win(Player::South),
            std::cmp::Ordering::Less => GameResult::Win(Player::North),
            std::cmp::Ordering::Equal => GameResult::Draw,
        };
        Outcome { result, scores }
    }

    /// A short word for the result: `south`, `north`, `draw`, `capped-plies`, `capped-laps`.
    pub fn result_name(&self) -> &'static str {
        match self.result {
            GameResult::Win(p) => p.name(),
            GameResult::Draw => "draw",
            GameResult::Capped(Cap::Plies) => "capped-plies",
            GameResult::Capped(Cap::Laps) => "capped-laps",
        }
    }
}

/// The configured caps on game and move length, common to every variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// A game that reaches this many plies ends as [`Cap::Plies`].
    pub max_plies: u32,
    /// A move whose sowing needs more laps than this ends the game as [`Cap::Laps`].
    pub max_laps: u32,
}

/// What a position holds, in the documented order of `docs/notation.md`: for the
/// replay output and for invariant checks. Not used on hot paths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// Seeds in every hole: South's holes from South's left, then North's from North's left
    /// (for four-row boards, each side's front row then back row).
    pub pits: Vec<u32>,
    /// Seeds taken off the board by South and by North.
    pub stores: [u32; 2],
    /// Seeds South and North still hold in hand (0 in games without a hand).
    pub in_hand: [u32; 2],
    /// Owner of each hole when the variant gives holes owners (Enkeshui's bulls): -1 none.
    pub owners: Option<Vec<i8>>,
}

impl Snapshot {
    /// Every seed of the game, wherever it is.
    pub fn total(&self) -> u32 {
        self.pits.iter().sum::<u32>()
            + self.stores.iter().sum::<u32>()
            + self.in_hand.iter().sum::<u32>()
    }
}

/// A legal-action mask: bit `a` is set when action `a` is legal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ActionMask(pub u64);

impl ActionMask {
    /// The mask of a list of actions.
    pub fn from_actions(actions: &[Action]) -> ActionMask {
        ActionMask(actions.iter().fold(0u64, |m, &a| m | (1u64 << a)))
    }

    /// Whether action `a` is in the mask.
    #[inline]
    pub fn contains(self, a: Action) -> bool {
        (a as usize) < MAX_ACTIONS && self.0 & (1u64 << a) != 0
    }

    /// Number of actions in the mask.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether no action is legal.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds action `a`.
    #[inline]
    pub fn insert(&mut self, a: Action) {
        self.0 |= 1u64 << a;
    }

    /// The actions in increasing order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Action> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let a = bits.trailing_zeros() as Action;
                bits &= bits - 1;
                Some(a)
            }
        })
    }

    /// The `k`-th action in increasing order (`k < count()`), e.g. for a uniform random pick.
    #[inline]
    pub fn nth(self, k: u32) -> Option<Action> {
        let mut bits = self.0;
        for _ in 0..k {
            if bits == 0 {
                return None;
            }
            bits &= bits - 1;
        }
        (bits != 0).then(|| bits.trailing_zeros() as Action)
    }

    /// The mask as 0/1 values over `num_actions` outputs.
    pub fn to_vec(self, num_actions: usize) -> Vec<bool> {
        (0..num_actions)
            .map(|a| self.contains(a as Action))
            .collect()
    }
}

/// What one value of [`State::encode`]'s output means, for readers outside the engine (the
/// sidecar of an exported network). Not used on hot paths.
///
/// Names are short snake-case ids, unique within a game, and follow one scheme for what
/// tools may want to read back:
/// - `mover_hole_<i>` and `opponent_hole_<i>`: the seeds in that player's hole `i`, where `i`
///   counts the player's holes in the order his half of [`Snapshot::pits`] lists them (two-row
///   games: from his left; Omweso and its relatives: his front row from his left, then his back
///   row; Bao: `A1..A8`, then `B1..B8`);
/// - `mover_store` and `opponent_store`: the seeds in that player's entry of
///   [`Snapshot::stores`].
///
/// Every feature is a count or a flag. A count scaled down ends its description with
/// ` / <d>`, the integer the count is divided by; a flag's description starts with `1 if` or
/// `1 while`, and the flag is 0 otherwise.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Feature {
    /// A short unique snake-case id, e.g. `mover_hole_0`.
    pub name: String,
    /// One sentence on the value, with its scaling, e.g. "seeds in the mover's hole A (a
    /// when North moves) / 48".
    pub description: String,
}

impl Feature {
    /// A feature described by a sentence.
    pub(crate) fn new(name: impl Into<String>, description: impl Into<String>) -> Feature {
        Feature {
            name: name.into(),
            description: description.into(),
        }
    }

    /// A count divided by `divisor`: the description is `what / divisor`.
    pub(crate) fn count(name: impl Into<String>, what: &str, divisor: u32) -> Feature {
        Feature::new(name, format!("{what} / {divisor}"))
    }

    /// A 0/1 flag: the description is `1 if what, else 0`.
    pub(crate) fn flag(name: impl Into<String>, what: &str) -> Feature {
        Feature::new(name, format!("1 if {what}, else 0"))
    }
}

/// What one action index means, in notation for each player and in words. Not used on hot
/// paths.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ActionMeaning {
    /// The action index.
    pub index: Action,
    /// Its notation when South is to move, as [`State::action_to_string`] writes it.
    pub south: String,
    /// Its notation when North is to move.
    pub north: String,
    /// What it does, in words.
    pub description: String,
}

impl ActionMeaning {
    /// The meaning of `index`, named for each player by `name`.
    pub(crate) fn new(
        index: usize,
        name: impl Fn(Player) -> String,
        description: impl Into<String>,
    ) -> ActionMeaning {
        ActionMeaning {
            index: index as Action,
            south: name(Player::South),
            north: name(Player::North),
            description: description.into(),
        }
    }
}

/// The value of the feature called `name` in `s`'s encoding.
///
/// # Panics
/// If the game has no feature of that name.
#[cfg(test)]
pub(crate) fn feature_value<G: Game>(g: &G, s: &G::State, name: &str) -> f32 {
    let i = g
        .feature_names()
        .iter()
        .position(|f| f.name == name)
        .unwrap_or_else(|| panic!("{} has no feature {name}", g.name()));
    let mut out = vec![f32::NAN; g.encoding_len()];
    s.encode(&mut out);
    out[i]
}

/// The static facts of a variant with its rule options: sizes, caps and the start position.
///
/// A `Game` value is cheap to clone and shared by every position of that variant.
pub trait Game: Clone + fmt::Debug + Send + Sync + 'static {
    /// The position type.
    type State: State + PositionText<Game = Self>;

    /// The variant's name, as in `mankala variants`.
    fn name(&self) -> &'static str;
    /// Number of policy outputs; every action index is below it.
    fn num_actions(&self) -> usize;
    /// Length of [`State::encode`]'s output.
    fn encoding_len(&self) -> usize;
    /// The runs of [`State::encode`]'s output that are holes' seed counts, with the value of
    /// one seed: encoding version 2 adds a thermometer code of each ([`crate::encoding`]).
    fn count_features(&self) -> Vec<crate::encoding::CountSpan>;
    /// The caps on plies per game and laps per move.
    fn limits(&self) -> Limits;
    /// Seeds in the game, conserved by every move.
    fn total_seeds(&self) -> u32;
    /// The start position.
    fn initial_state(&self) -> Self::State;
    /// What each value of [`State::encode`]'s output means, in order: `encoding_len()`
    /// entries.
    fn feature_names(&self) -> Vec<Feature>;
    /// What each action index means: `num_actions()` entries, index `i` at position `i`.
    fn action_meanings(&self) -> Vec<ActionMeaning>;
    /// Reads a position written as text (`docs/notation.md`, "Positions as text"), as
    /// [`State::position_text`] writes it, checked against this game and its rules.
    ///
    /// # Errors
    /// [`PositionError`] naming the field that cannot be read or does not fit: another
    /// variant, a malformed row, seeds that do not add up to the game's total, a decision
    /// that cannot arise in that position.
    ///
    /// # Examples
    /// ```
    /// use mankala_engine::{AnyGame, Game, State, with_game};
    ///
    /// let game = AnyGame::by_name("kalah").unwrap();
    /// with_game!(game, g => {
    ///     let s = g.parse_position("kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26").unwrap();
    ///     assert_eq!(s.legal_actions().as_slice(), &[5]);
    ///     assert_eq!(s.position_text(), "kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26 ply=0");
    /// });
    /// ```
    fn parse_position(&self, text: &str) -> Result<Self::State, PositionError> {
        <Self::State as PositionText>::read_position(self, text)
    }
}

/// A position's text form, one implementation per variant (in its `text` module). Use it
/// through [`Game::parse_position`], [`State::position_text`] and [`State::in_move`].
pub trait PositionText: Sized {
    /// The game whose positions these are.
    type Game;
    /// Reads a position of `game` from its text.
    ///
    /// # Errors
    /// [`PositionError`] naming the field.
    fn read_position(game: &Self::Game, text: &str) -> Result<Self, PositionError>;
    /// The position as one line of text.
    fn write_position(&self) -> String;
    /// Whether the player to move is in the middle of a move: his next action is a decision
    /// inside it, not the start of a turn.
    fn mid_move(&self) -> bool;
}

/// One position of a variant: whose turn, what is legal, and how actions change it.
pub trait State:
    Clone + fmt::Debug + fmt::Display + PartialEq + Eq + Hash + Send + Sync + PositionText
{
    /// The player who chooses the next action (also in the middle of a move).
    fn to_move(&self) -> Player;
    /// Actions played since the start (decisions inside a move count).
    fn ply(&self) -> u32;
    /// The legal actions as a mask; empty exactly when the game is over.
    fn legal_mask(&self) -> ActionMask;
    /// The legal actions in increasing order; empty exactly when the game is over.
    fn legal_actions(&self) -> ActionList {
        self.legal_mask().iter().collect()
    }
    /// Plays a legal action, telling `observer` every movement of seeds in the order it
    /// happens (see [`crate::trace`]). The one implementation of a variant's play:
    /// [`State::play_unchecked`] and [`State::play_traced`] call it.
    ///
    /// # Panics
    /// As [`State::play_unchecked`].
    fn play_observed<O: SowObserver>(&mut self, action: Action, observer: &mut O);
    /// Plays a legal action.
    ///
    /// # Panics
    /// May panic or leave a meaningless position if `action` is not legal; use
    /// [`State::play`] for unchecked input.
    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        self.play_observed(action, &mut Unobserved);
    }
    /// Plays a legal action and records its steps: every seed lifted, sown, captured or
    /// stored, with the whole board after each. The position ends as
    /// [`State::play_unchecked`] leaves it.
    ///
    /// # Panics
    /// As [`State::play_unchecked`].
    fn play_traced(&mut self, action: Action) -> Trace {
        crate::trace::play_traced(self, action)
    }
    /// Plays `action` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is over or the action is not legal here; the position
    /// is unchanged.
    fn play(&mut self, action: Action) -> Result<(), IllegalMove> {
        if self.legal_mask().contains(action) {
            self.play_unchecked(action);
            Ok(())
        } else {
            Err(IllegalMove {
                action,
                ply: self.ply(),
                terminal: self.outcome().is_some(),
            })
        }
    }
    /// The result once the game is over, `None` before.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }
    /// Writes the player-relative features (the mover's side first) into `out`, whose
    /// length is the game's `encoding_len`. Every value is finite.
    fn encode(&self, out: &mut [f32]);
    /// The notation of `action` in this position (see `docs/notation.md`).
    fn action_to_string(&self, action: Action) -> String;
    /// Parses a move written in notation, or as a plain action index, into a legal action.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the text when it is malformed or not legal here.
    fn parse_action(&self, text: &str) -> Result<Action, ParseMoveError> {
        crate::notation::parse_by_names(self, text)
    }
    /// The holes, stores and hands, for replay output and invariant checks.
    fn snapshot(&self) -> Snapshot;
    /// The whole position as one line of text (`docs/notation.md`, "Positions as text"):
    /// [`Game::parse_position`] reads it back.
    fn position_text(&self) -> String {
        self.write_position()
    }
    /// Whether the player to move is in the middle of a move (a decision inside it) rather
    /// than at the start of a turn.
    fn in_move(&self) -> bool {
        self.mid_move()
    }
}
