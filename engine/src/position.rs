//! Positions as text and as JSON.
//!
//! The text form is one line holding a whole position (`docs/notation.md`, "Positions as
//! text"):
//!
//! ```text
//! <variant> <rows> <to move> [key=value | flag]...
//! ```
//!
//! `rows` are the holes of [`crate::Snapshot::pits`], row by row, each row's counts separated
//! by commas and the rows by `/`; `to move` is `south` or `north`; then the variant's fields.
//! Each variant's `text` module reads it with `Reader` (which checks the shape, names and
//! counts) and builds its state through its own checks, and writes it with `Writer`.
//!
//! The JSON form is [`PositionJson`], made by [`position_json`] and documented in
//! `docs/protocol.md` ("The position object"), versioned by [`POSITION_SCHEMA`]; a line of
//! `mankala replay` is a [`ReplayLine`], the position object with the move that led to it.

use std::collections::BTreeMap;
use std::fmt::{Display, Write as _};

use serde::Serialize;

use crate::error::PositionError;
use crate::game::{Action, Cap, Game, GameResult, Player, State};

/// Version of the JSON position object ([`PositionJson`]); raised when a field changes
/// meaning or is removed.
pub const POSITION_SCHEMA: u32 = 1;

/// A position text split into its parts, each field taken once by the variant's reader.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    variant: &'static str,
    /// The holes, row after row.
    pub(crate) pits: Vec<u32>,
    /// The player to move.
    pub(crate) to_move: Player,
    fields: Vec<(&'a str, Option<&'a str>)>,
}

fn field_error(field: &str, value: &str, expected: impl Into<String>) -> PositionError {
    PositionError::Field {
        field: field.into(),
        value: value.into(),
        expected: expected.into(),
    }
}

/// The variant named by a position text: its first word.
///
/// # Errors
/// [`PositionError::Empty`] for an empty text.
pub fn variant_of(text: &str) -> Result<&str, PositionError> {
    text.split_whitespace().next().ok_or(PositionError::Empty)
}

impl<'a> Reader<'a> {
    /// Splits `text`, a position of `variant` with `rows` rows of `row_len` holes, whose
    /// fields may be those of `known` (`ply` is always known).
    pub(crate) fn new(
        variant: &'static str,
        text: &'a str,
        rows: usize,
        row_len: usize,
        known: &[&str],
    ) -> Result<Reader<'a>, PositionError> {
        let mut words = text.split_whitespace();
        let found = words.next().ok_or(PositionError::Empty)?;
        if found != variant {
            return Err(PositionError::WrongVariant {
                expected: variant.into(),
                found: found.into(),
            });
        }
        let row_shape = || {
            format!(
                "{rows} rows of {row_len} seed counts, the counts separated by commas and the \
                 rows by `/`"
            )
        };
        let board = words.next().ok_or_else(|| PositionError::Missing {
            field: "rows".into(),
            expected: row_shape(),
        })?;
        let row_texts: Vec<&str> = board.split('/').collect();
        if row_texts.len() != rows {
            return Err(field_error("rows", board, row_shape()));
        }
        let mut pits = Vec::with_capacity(rows * row_len);
        for (r, row) in row_texts.iter().enumerate() {
            let counts: Vec<&str> = row.split(',').collect();
            if counts.len() != row_len {
                return Err(field_error(
                    &format!("row {}", r + 1),
                    row,
                    format!("{row_len} seed counts separated by commas"),
                ));
            }
            for c in counts {
                let n = c.parse::<u8>().map_err(|_| {
                    field_error(
                        &format!("row {}", r + 1),
                        row,
                        "seed counts, each a whole number 0 to 255",
                    )
                })?;
                pits.push(u32::from(n));
            }
        }
        let side = words.next().ok_or_else(|| PositionError::Missing {
            field: "to move".into(),
            expected: "`south` or `north`".into(),
        })?;
        let to_move = parse_player("to move", side)?;
        let mut fields: Vec<(&str, Option<&str>)> = Vec::new();
        for word in words {
            let (key, value) = match word.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (word, None),
            };
            if key != "ply" && !known.contains(&key) {
                let mut all = known.to_vec();
                all.push("ply");
                return Err(PositionError::UnknownField {
                    field: key.into(),
                    variant: variant.into(),
                    known: all.join(", "),
                });
            }
            if fields.iter().any(|&(k, _)| k == key) {
                return Err(PositionError::Duplicate { field: key.into() });
            }
            fields.push((key, value));
        }
        Ok(Reader {
            variant,
            pits,
            to_move,
            fields,
        })
    }

    /// The value of field `key`, if given.
    ///
    /// # Errors
    /// When the field is given as a bare word.
    pub(crate) fn value(&self, key: &str) -> Result<Option<&'a str>, PositionError> {
        match self.fields.iter().find(|&&(k, _)| k == key) {
            None => Ok(None),
            Some(&(_, Some(v))) => Ok(Some(v)),
            Some(&(_, None)) => Err(field_error(
                key,
                "",
                format!("`{key}=<value>` (docs/notation.md)"),
            )),
        }
    }

    /// Whether the bare word `key` is given.
    ///
    /// # Errors
    /// When it is given with a value.
    pub(crate) fn flag(&self, key: &str) -> Result<bool, PositionError> {
        match self.fields.iter().find(|&&(k, _)| k == key) {
            None => Ok(false),
            Some(&(_, None)) => Ok(true),
            Some(&(_, Some(v))) => Err(field_error(
                key,
                v,
                format!("the bare word `{key}`, without a value"),
            )),
        }
    }

    /// A whole number field at most `max`, if given.
    pub(crate) fn number(&self, key: &str, max: u32) -> Result<Option<u32>, PositionError> {
        self.value(key)?
            .map(|v| {
                v.parse::<u32>()
                    .ok()
                    .filter(|&n| n <= max)
                    .ok_or_else(|| field_error(key, v, format!("a whole number 0 to {max}")))
            })
            .transpose()
    }

    /// `ply=N`, 0 when left out.
    pub(crate) fn ply(&self) -> Result<u32, PositionError> {
        Ok(self.number("ply", u32::MAX)?.unwrap_or(0))
    }

    /// A `south,north` pair of counts of at most `max`, if given.
    pub(crate) fn pair(&self, key: &str, max: u32) -> Result<Option<[u32; 2]>, PositionError> {
        self.value(key)?
            .map(|v| {
                let bad = || {
                    field_error(
                        key,
                        v,
                        format!("two counts 0 to {max}, South's first, like `0,0`"),
                    )
                };
                let (a, b) = v.split_once(',').ok_or_else(bad)?;
                let a = a
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= max)
                    .ok_or_else(bad)?;
                let b = b
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n <= max)
                    .ok_or_else(bad)?;
                Ok([a, b])
            })
            .transpose()
    }

    /// A list of players (`south,north`, `south`, `north`, `none`): for each, whether named.
    /// Left out, neither.
    pub(crate) fn players(&self, key: &str) -> Result<[bool; 2], PositionError> {
        let mut out = [false; 2];
        let Some(v) = self.value(key)? else {
            return Ok(out);
        };
        if v == "none" {
            return Ok(out);
        }
        for name in v.split(',') {
            let p = parse_player(key, name)
                .map_err(|_| field_error(key, v, "`south`, `north`, `south,north` or `none`"))?;
            out[p.index()] = true;
        }
        Ok(out)
    }

    /// `result=` (`south`, `north`, `draw`, `capped-laps`): how the rules ended the game, if
    /// given.
    pub(crate) fn result(&self) -> Result<Option<GameResult>, PositionError> {
        self.value("result")?
            .map(|v| match v {
                "south" => Ok(GameResult::Win(Player::South)),
                "north" => Ok(GameResult::Win(Player::North)),
                "draw" => Ok(GameResult::Draw),
                "capped-laps" => Ok(GameResult::Capped(Cap::Laps)),
                _ => Err(field_error(
                    "result",
                    v,
                    "`south`, `north`, `draw` or `capped-laps`",
                )),
            })
            .transpose()
    }

    /// Checks that the seeds add up to the game's total.
    pub(crate) fn check_total(&self, found: u32, expected: u32) -> Result<(), PositionError> {
        check_seed_total(self.variant, found, expected)
    }
}

/// Checks that a position of `variant` holds `expected` seeds in all, where it holds `found`
/// (on the board, in stores and in hand): the one seed check of position texts and of every
/// `from_parts`.
///
/// # Errors
/// [`PositionError::Inconsistent`] about the rows, naming both counts.
pub(crate) fn check_seed_total(
    variant: &str,
    found: u32,
    expected: u32,
) -> Result<(), PositionError> {
    if found == expected {
        return Ok(());
    }
    Err(PositionError::Inconsistent {
        field: "rows".into(),
        message: format!(
            "{found} seeds on the board, in stores and in hand; this {variant} holds {expected} \
             under the rules in force"
        ),
    })
}

/// An inconsistency about `field`.
pub(crate) fn inconsistent(field: &str, message: impl Into<String>) -> PositionError {
    PositionError::Inconsistent {
        field: field.into(),
        message: message.into(),
    }
}

/// A field value that cannot be read.
pub(crate) fn bad_value(field: &str, value: &str, expected: impl Into<String>) -> PositionError {
    field_error(field, value, expected)
}

fn parse_player(field: &str, text: &str) -> Result<Player, PositionError> {
    match text.to_ascii_lowercase().as_str() {
        "south" | "s" => Ok(Player::South),
        "north" | "n" => Ok(Player::North),
        _ => Err(field_error(field, text, "`south` or `north`")),
    }
}

/// The name `result=` writes for a result the rules (or the lap cap) gave; `None` for the
/// ply cap, which the ply implies.
pub(crate) fn result_text(result: GameResult) -> Option<&'static str> {
    match result {
        GameResult::Win(p) => Some(p.name()),
        GameResult::Draw => Some("draw"),
        GameResult::Capped(Cap::Laps) => Some("capped-laps"),
        GameResult::Capped(Cap::Plies) => None,
    }
}

/// `a,b`.
pub(crate) fn pair_text(pair: [impl Display; 2]) -> String {
    format!("{},{}", pair[0], pair[1])
}

/// `south,north`, `south`, `north` or `none`.
pub(crate) fn players_text(named: [bool; 2]) -> &'static str {
    match named {
        [true, true] => "south,north",
        [true, false] => "south",
        [false, true] => "north",
        [false, false] => "none",
    }
}

/// Builds a position text.
#[derive(Debug)]
pub(crate) struct Writer {
    out: String,
}

impl Writer {
    /// The variant, the rows (`pits` cut into rows of `row_len`) and the player to move.
    pub(crate) fn new(
        variant: &str,
        pits: impl IntoIterator<Item = u32>,
        row_len: usize,
        to_move: Player,
    ) -> Writer {
        let mut out = String::from(variant);
        for (i, s) in pits.into_iter().enumerate() {
            let sep = match i {
                0 => ' ',
                i if i % row_len == 0 => '/',
                _ => ',',
            };
            let _ = write!(out, "{sep}{s}");
        }
        let _ = write!(out, " {to_move}");
        Writer { out }
    }

    /// Adds `key=value`.
    pub(crate) fn field(mut self, key: &str, value: impl Display) -> Writer {
        let _ = write!(self.out, " {key}={value}");
        self
    }

    /// Adds `key=value` when `value` is some.
    pub(crate) fn field_if(self, key: &str, value: Option<impl Display>) -> Writer {
        match value {
            Some(v) => self.field(key, v),
            None => self,
        }
    }

    /// Adds the bare word `key` when `on`.
    pub(crate) fn flag(mut self, key: &str, on: bool) -> Writer {
        if on {
            let _ = write!(self.out, " {key}");
        }
        self
    }

    /// The text, ending with `ply=N`.
    pub(crate) fn finish(self, ply: u32) -> String {
        self.field("ply", ply).out
    }
}

/// One field of a position's variant-specific state in [`PositionJson::state`]: a bare flag
/// of the text (`true`) or a field's value as the text writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum FieldValue {
    /// A bare word of the text, e.g. Lane's `feed`.
    Flag(bool),
    /// A `key=value` field's value, e.g. Bao's `takasia=A3` gives `"A3"`.
    Text(String),
}

/// How a finished game ended, in [`PositionJson::outcome`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeJson {
    /// `south`, `north`, `draw`, `capped-plies` or `capped-laps`.
    pub result: &'static str,
    /// Final seeds of South and North as the variant's end rule counts them.
    pub scores: [u32; 2],
    /// The result from each player's view: +1, -1 or 0.
    pub returns: [f32; 2],
}

/// A position as every tool prints it in JSON (`docs/protocol.md`, "The position object",
/// schema [`POSITION_SCHEMA`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionJson {
    /// [`POSITION_SCHEMA`].
    pub schema: u32,
    /// The variant's name.
    pub variant: &'static str,
    /// The position as text; `parse_position` of it gives this position back.
    pub position: String,
    /// Actions played since the start (or the `ply` of a position set up from text).
    pub ply: u32,
    /// `south` or `north`; `None` once the game is over.
    pub to_move: Option<&'static str>,
    /// Whether the player to move is in the middle of a move (a decision inside it) rather
    /// than at the start of a turn.
    pub in_move: bool,
    /// Seeds in every hole, in the absolute order of `docs/notation.md`.
    pub pits: Vec<u32>,
    /// Seeds South and North have taken off the board.
    pub stores: [u32; 2],
    /// Seeds South and North hold in hand (captured, still to place or still to enter).
    pub in_hand: [u32; 2],
    /// Enkeshui: the owner of each hole that is a bull (-1 none), absolute order; `None`
    /// elsewhere.
    pub owners: Option<Vec<i8>>,
    /// The fields of the position text other than `ply` and `stores` (which are above):
    /// the variant's further state, e.g. Bao's `houses`, `takasia` and `decision`.
    pub state: BTreeMap<String, FieldValue>,
    /// The legal moves in notation, in action order.
    pub legal: Vec<String>,
    /// The legal actions.
    pub legal_actions: Vec<Action>,
    /// Whether the game is over.
    pub terminal: bool,
    /// How the game ended; `None` before.
    pub outcome: Option<OutcomeJson>,
}

/// The JSON object of position `s` of game `g`.
pub fn position_json<G: Game>(g: &G, s: &G::State) -> PositionJson {
    let snap = s.snapshot();
    let legal = s.legal_actions();
    let outcome = s.outcome().map(|o| OutcomeJson {
        result: o.result_name(),
        scores: o.scores,
        returns: o.returns(),
    });
    let position = s.position_text();
    let state = position
        .split_whitespace()
        .skip(3)
        .filter_map(|word| match word.split_once('=') {
            Some(("ply" | "stores", _)) => None,
            Some((k, v)) => Some((k.to_string(), FieldValue::Text(v.to_string()))),
            None => Some((word.to_string(), FieldValue::Flag(true))),
        })
        .collect();
    PositionJson {
        schema: POSITION_SCHEMA,
        variant: g.name(),
        position,
        ply: s.ply(),
        to_move: outcome.is_none().then(|| s.to_move().name()),
        in_move: s.in_move(),
        pits: snap.pits,
        stores: snap.stores,
        in_hand: snap.in_hand,
        owners: snap.owners,
        state,
        legal: legal.iter().map(|&a| s.action_to_string(a)).collect(),
        legal_actions: legal.to_vec(),
        terminal: outcome.is_some(),
        outcome,
    }
}

/// One line of `mankala replay` (`docs/notation.md`, "Replay output"): the position object
/// with one more field, `move`, the move that led to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayLine {
    /// The position.
    #[serde(flatten)]
    pub position: PositionJson,
    /// The move that led here; `None` (`null`) at the start.
    #[serde(rename = "move")]
    pub played: Option<ReplayMove>,
}

/// The move of a [`ReplayLine`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayMove {
    /// The move as given (`--moves` or the record).
    pub text: String,
    /// Its action index.
    pub action: Action,
}
