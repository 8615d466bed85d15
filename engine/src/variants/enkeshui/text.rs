//! Enkeshui positions as text: `enkeshui <South's row>/<North's row> <to move> stores=S,N
//! [south_bulls=C,d] [north_bulls=e] [gone_round=south,north] [capture=C<]
//! [result=capped-laps] ply=P`.
//!
//! Bulls are listed by hole label (South's holes upper case, North's lower case); `capture`
//! is a capture the player to move must take or decline: the hole his last seed fell in and
//! the move's direction (`>` clockwise, `<` anticlockwise). With the rule option
//! `advance_move` (rule 8), the player making his advance move has `advance=lift` (lifting
//! his two holes; `lifted=C` once the first is lifted) or `advance=place` (putting the seeds
//! back, from hole `place_from=D` on), and `hand=N` seeds in hand.

use super::{Advance, Enkeshui, EnkeshuiState, MAX_N, Pending};
use crate::board::{self, opposite, side};
use crate::error::PositionError;
use crate::game::{Cap, Game, Player, PositionText};
use crate::position::{Reader, Writer, bad_value, inconsistent, pair_text, players_text};
use crate::sow::Direction;
use crate::variants::Status;

const FIELDS: &[&str] = &[
    "stores",
    "south_bulls",
    "north_bulls",
    "gone_round",
    "capture",
    "advance",
    "lifted",
    "hand",
    "place_from",
    "result",
];

/// The absolute hole labelled `label` on rows of `n`.
fn hole_of(label: &str, n: usize) -> Option<usize> {
    let mut chars = label.chars();
    let (c, None) = (chars.next()?, chars.next()) else {
        return None;
    };
    (0..2 * n).find(|&h| board::label(h, n) == c)
}

fn arrow(dir: Direction) -> char {
    match dir {
        Direction::Backward => '>',
        Direction::Forward => '<',
    }
}

impl PositionText for EnkeshuiState {
    type Game = Enkeshui;

    fn read_position(game: &Enkeshui, text: &str) -> Result<EnkeshuiState, PositionError> {
        let n = game.n();
        let r = Reader::new(game.name(), text, 2, n, FIELDS)?;
        let total = game.total_seeds();
        let stores = r.pair("stores", total)?.unwrap_or([0, 0]);
        let hand = r.number("hand", total)?.unwrap_or(0);
        r.check_total(r.pits.iter().chain(&stores).sum::<u32>() + hand, total)?;
        let mut pits = [0u8; 2 * MAX_N];
        for (c, &s) in pits.iter_mut().zip(&r.pits) {
            *c = s as u8;
        }
        let mut bulls = [0u32; 2];
        for (p, key) in ["south_bulls", "north_bulls"].into_iter().enumerate() {
            let Some(v) = r.value(key)? else { continue };
            for label in v.split(',') {
                let h = hole_of(label, n).ok_or_else(|| {
                    bad_value(
                        key,
                        v,
                        format!(
                            "hole labels of this board (A..{}, a..{}), comma separated",
                            board::label(n - 1, n),
                            board::label(2 * n - 1, n)
                        ),
                    )
                })?;
                bulls[p] |= 1 << h;
            }
        }
        if bulls[0] & bulls[1] != 0 {
            return Err(inconsistent(
                "north_bulls",
                "a hole is a bull of both players",
            ));
        }
        let me = r.to_move;
        let mut s = EnkeshuiState {
            pits,
            bulls,
            stores: stores.map(|s| s as u8),
            gone_round: r.players("gone_round")?,
            to_move: me,
            pending: None,
            advance: None,
            ply: r.ply()?,
            status: Status::Playing,
            game: *game,
        };
        if let Some(v) = r.value("capture")? {
            let expected = || {
                format!(
                    "a hole of {me}'s row and the move's direction, like `{}<` or `{}>`",
                    board::label(board::hole(me, 2, n), n),
                    board::label(board::hole(me, 2, n), n)
                )
            };
            let (label, dir) = match v.char_indices().last() {
                Some((i, '>')) => (&v[..i], Direction::Backward),
                Some((i, '<')) => (&v[..i], Direction::Forward),
                _ => return Err(bad_value("capture", v, expected())),
            };
            let h = hole_of(label, n)
                .filter(|&h| side(h, n) == me)
                .ok_or_else(|| bad_value("capture", v, expected()))?;
            let opp = opposite(h, n);
            if s.pits[h] != 1 || s.is_bull(h) || s.is_bull(opp) || s.pits[opp] == 0 {
                return Err(inconsistent(
                    "capture",
                    format!(
                        "no capture is offered at {label}: it must hold the last seed alone, \
                         and the opposite hole seeds, neither a bull"
                    ),
                ));
            }
            s.pending = Some(Pending { hole: h as u8, dir });
        }
        s.advance = read_advance(&r, game, me, hand)?;
        if s.advance.is_some() && (s.pending.is_some() || s.bulls != [0; 2]) {
            return Err(inconsistent(
                "advance",
                "the advance move comes before any sowing: no capture pending, no bulls",
            ));
        }
        match r.value("result")? {
            None => {
                if s.pending.is_none()
                    && s.advance.is_none()
                    && (s.cows(Player::South) == 0 || s.cows(Player::North) == 0)
                {
                    s.status = Status::Over;
                }
            }
            Some("capped-laps") if s.pending.is_none() => s.status = Status::Capped(Cap::Laps),
            Some(v) => {
                return Err(bad_value(
                    "result",
                    v,
                    "`capped-laps`, with no capture pending (the other ends follow from the holes)",
                ));
            }
        }
        Ok(s)
    }

    fn write_position(&self) -> String {
        let me = self.to_move;
        let label = |rel: u8| board::label(board::hole(me, usize::from(rel), self.n()), self.n());
        let n = self.n();
        let bulls = |p: usize| {
            let labels: Vec<String> = (0..2 * n)
                .filter(|&h| self.bulls[p] & (1 << h) != 0)
                .map(|h| board::label(h, n).to_string())
                .collect();
            (!labels.is_empty()).then(|| labels.join(","))
        };
        Writer::new(
            "enkeshui",
            self.pits[..2 * n].iter().map(|&s| u32::from(s)),
            n,
            self.to_move,
        )
        .field("stores", pair_text(self.stores))
        .field_if("south_bulls", bulls(0))
        .field_if("north_bulls", bulls(1))
        .field_if(
            "gone_round",
            (self.gone_round != [false; 2]).then(|| players_text(self.gone_round)),
        )
        .field_if(
            "capture",
            self.pending
                .map(|p| format!("{}{}", board::label(p.hole as usize, n), arrow(p.dir))),
        )
        .field_if(
            "advance",
            self.advance
                .map(|a| if a.placing { "place" } else { "lift" }),
        )
        .field_if("lifted", self.advance.and_then(|a| a.first).map(label))
        .field_if("hand", self.advance.map(|a| a.hand).filter(|&h| h > 0))
        .field_if(
            "place_from",
            self.advance.map(|a| a.min).filter(|&m| m > 0).map(label),
        )
        .field_if(
            "result",
            matches!(self.status, Status::Capped(_)).then_some("capped-laps"),
        )
        .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        self.pending.is_some()
    }
}

/// The advance move of the player to move (rule 8), from `advance`, `lifted`, `hand` and
/// `place_from`.
fn read_advance(
    r: &Reader<'_>,
    game: &Enkeshui,
    me: Player,
    hand: u32,
) -> Result<Option<Advance>, PositionError> {
    let n = game.n();
    let own_hole = |key: &str| -> Result<Option<u8>, PositionError> {
        r.value(key)?
            .map(|v| {
                hole_of(v, n)
                    .filter(|&h| side(h, n) == me)
                    .map(|h| (h - board::hole(me, 0, n)) as u8)
                    .ok_or_else(|| bad_value(key, v, format!("a hole of {me}'s row")))
            })
            .transpose()
    };
    let first = own_hole("lifted")?;
    let min = own_hole("place_from")?;
    let placing = match r.value("advance")? {
        None => {
            if first.is_some() || min.is_some() || hand > 0 {
                return Err(inconsistent(
                    "advance",
                    "`lifted`, `place_from` and `hand` belong to an advance move (`advance=`)",
                ));
            }
            return Ok(None);
        }
        Some(_) if !game.rules.advance_move => {
            return Err(inconsistent(
                "advance",
                "only with the rule option `advance_move` (rule 8)",
            ));
        }
        Some("lift") => false,
        Some("place") => true,
        Some(v) => return Err(bad_value("advance", v, "`lift` or `place`")),
    };
    let lifting_ok = first.is_some() == (hand > 0) && min.is_none();
    if (placing && (first.is_none() || hand == 0)) || (!placing && !lifting_ok) {
        return Err(inconsistent(
            "advance",
            "lifting: `lifted` and `hand` once the first hole is lifted; placing: `lifted` and \
             the seeds still in `hand`",
        ));
    }
    Ok(Some(Advance {
        first,
        placing,
        hand: hand as u8,
        min: min.unwrap_or(0),
    }))
}
