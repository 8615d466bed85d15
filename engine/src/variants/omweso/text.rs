//! Positions of the four-row games as text: `omweso <South's front row>/<South's back
//! row>/<North's front row>/<North's back row> <to move> [fields] ply=P`, each row from its
//! owner's left (the snapshot's order: `T..J/A..H/t..j/a..h`).
//!
//! Fields: `place=S,N` and `place_from=X,x` (the free set-up: seeds each player still has to
//! place, and the first hole he may still place in); `capture=M` (a capture is offered where
//! the last seed fell), `relay=A` (Kombe, Mongale: the last seed fell in the occupied special
//! hole, which way to relay) or `direction` (which way to sow the captured seeds in
//! `hand=N`); with any of the three (and once the game is over), `emptied=D` (the hole the handful was lifted from),
//! `laps=L` (handfuls sown in the move) and `ends=left|right|both` (the opponent's end
//! columns captured in the move); `result=` once the game is over.

use super::{
    CELLS, FRONT, Omweso, OmwesoState, Pending, SIDE, TOTAL, cell, front_pos, letter,
    snapshot_index,
};
use crate::error::PositionError;
use crate::game::{Game, Player, PositionText};
use crate::position::{Reader, Writer, bad_value, inconsistent, pair_text, result_text};

const FIELDS: &[&str] = &[
    "place",
    "place_from",
    "capture",
    "relay",
    "direction",
    "hand",
    "emptied",
    "laps",
    "ends",
    "result",
];

/// The track position of `player`'s hole labelled `label` (his case).
fn position_of(player: Player, label: &str) -> Option<usize> {
    let mut chars = label.chars();
    let (c, None) = (chars.next()?, chars.next()) else {
        return None;
    };
    (0..SIDE).find(|&pos| letter(player, pos) == c)
}

fn hole_field(r: &Reader<'_>, key: &str, player: Player) -> Result<Option<usize>, PositionError> {
    r.value(key)?
        .map(|v| {
            position_of(player, v).ok_or_else(|| {
                bad_value(
                    key,
                    v,
                    format!(
                        "one of {player}'s hole letters ({})",
                        (0..SIDE).map(|p| letter(player, p)).collect::<String>()
                    ),
                )
            })
        })
        .transpose()
}

impl PositionText for OmwesoState {
    type Game = Omweso;

    fn read_position(game: &Omweso, text: &str) -> Result<OmwesoState, PositionError> {
        let r = Reader::new(game.name(), text, 4, 8, FIELDS)?;
        let me = r.to_move;
        let mut s = game.initial_state();
        for p in Player::BOTH {
            for i in 0..SIDE {
                let pos = if i < FRONT { front_pos(i) } else { i - FRONT };
                s.cells[cell(p, pos)] = r.pits[p.index() * SIDE + i] as u8;
            }
        }
        s.to_move = me;
        s.ply = r.ply()?;
        s.to_place = r.pair("place", 32)?.unwrap_or([0, 0]).map(|n| n as u8);
        s.last_placed = [0; 2];
        if let Some(v) = r.value("place_from")? {
            let bad = || {
                bad_value(
                    "place_from",
                    v,
                    "South's hole letter, then North's, like `A,c`",
                )
            };
            let (a, b) = v.split_once(',').ok_or_else(bad)?;
            s.last_placed = [
                position_of(Player::South, a).ok_or_else(bad)? as u8,
                position_of(Player::North, b).ok_or_else(bad)? as u8,
            ];
        }
        let hand = r.number("hand", TOTAL)?.unwrap_or(0);
        s.hand = hand as u8;
        let on_board: u32 = s.cells.iter().map(|&c| u32::from(c)).sum();
        let placing: u32 = s.to_place.iter().map(|&c| u32::from(c)).sum();
        r.check_total(on_board + placing + hand, TOTAL)?;
        if placing > 0 && game.rules.setup != super::Setup::Free {
            return Err(inconsistent(
                "place",
                "seeds are placed only with `setup = \"free\"`",
            ));
        }
        let capture = hole_field(&r, "capture", me)?;
        let relay = hole_field(&r, "relay", me)?;
        let direction = r.flag("direction")?;
        s.pending = match (capture, relay, direction) {
            (None, None, false) => Pending::None,
            (Some(at), None, false) => {
                if !s.capture_offered(at) {
                    return Err(inconsistent(
                        "capture",
                        format!(
                            "no capture is offered at {}: it must be a front hole holding 2 or \
                             more, both opposite holes sown",
                            letter(me, at)
                        ),
                    ));
                }
                Pending::Capture { at: at as u8 }
            }
            (None, Some(at), false) => {
                if !s.may_turn(at) || s.capture_offered(at) {
                    return Err(inconsistent(
                        "relay",
                        format!(
                            "no relay decision arises at {}: a special hole of Kombe or Mongale \
                             whose clockwise relay captures (and no capture offered there)",
                            letter(me, at)
                        ),
                    ));
                }
                Pending::Relay { at: at as u8 }
            }
            (None, None, true) => {
                if hand == 0 {
                    return Err(inconsistent(
                        "direction",
                        "no captured seeds in `hand` to sow",
                    ));
                }
                Pending::Direction
            }
            _ => {
                return Err(inconsistent(
                    "capture",
                    "at most one of `capture`, `relay` and `direction` is pending",
                ));
            }
        };
        if hand > 0 && s.pending == Pending::None && r.value("result")?.is_none() {
            return Err(inconsistent(
                "hand",
                "captured seeds are in hand only while `direction` is pending or the game is over",
            ));
        }
        let in_move = s.pending != Pending::None;
        let result = r.result()?;
        for key in ["emptied", "laps", "ends"] {
            if !in_move && result.is_none() && r.value(key)?.is_some() {
                return Err(inconsistent(
                    key,
                    "only with a pending `capture`, `relay` or `direction`, or a `result`",
                ));
            }
        }
        s.emptied = hole_field(&r, "emptied", me)?.unwrap_or(0) as u8;
        s.laps = r
            .number("laps", game.limits.max_laps.saturating_add(1))?
            .unwrap_or(0);
        if in_move && s.laps == 0 {
            return Err(inconsistent(
                "laps",
                "a move under way has sown 1 or more handfuls",
            ));
        }
        s.ends = match r.value("ends")? {
            None => 0,
            Some("left") => 1,
            Some("right") => 2,
            Some("both") if !game.rules.nkutemye || result.is_some() => 3,
            Some(v) => {
                return Err(bad_value(
                    "ends",
                    v,
                    "`left` or `right` (`both` ends the game where nkutemye is played)",
                ));
            }
        };
        match result {
            Some(result) => {
                if in_move {
                    return Err(inconsistent(
                        "result",
                        "a finished game has no decision pending",
                    ));
                }
                s.over = Some(result);
            }
            None if !in_move => s.check_stuck(),
            None => {}
        }
        Ok(s)
    }

    fn write_position(&self) -> String {
        let mut pits = [0u32; CELLS];
        for p in Player::BOTH {
            for pos in 0..SIDE {
                pits[p.index() * SIDE + snapshot_index(pos)] = u32::from(self.cells[cell(p, pos)]);
            }
        }
        let me = self.to_move;
        let setup = self.to_place != [0; 2] || self.last_placed != [0; 2];
        let (capture, relay) = match self.pending {
            Pending::Capture { at } => (Some(letter(me, at.into())), None),
            Pending::Relay { at } => (None, Some(letter(me, at.into()))),
            _ => (None, None),
        };
        Writer::new(self.game.name(), pits, 8, me)
            .field_if("place", setup.then(|| pair_text(self.to_place)))
            .field_if(
                "place_from",
                setup.then(|| {
                    format!(
                        "{},{}",
                        letter(Player::South, self.last_placed[0].into()),
                        letter(Player::North, self.last_placed[1].into())
                    )
                }),
            )
            .field_if("capture", capture)
            .field_if("relay", relay)
            .flag("direction", self.pending == Pending::Direction)
            .field_if("hand", (self.hand > 0).then_some(self.hand))
            .field_if(
                "emptied",
                (self.emptied > 0).then(|| letter(me, self.emptied.into())),
            )
            .field_if("laps", (self.laps > 0).then_some(self.laps))
            .field_if(
                "ends",
                match self.ends {
                    1 => Some("left"),
                    2 => Some("right"),
                    3 => Some("both"),
                    _ => None,
                },
            )
            .field_if("result", self.over.and_then(result_text))
            .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        self.pending != Pending::None
    }
}
