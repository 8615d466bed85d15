//! Ndoto positions as text: `ndoto <South's row>/<North's row> <to move> stores=S,N
//! [result=capped-laps] ply=P`.

use super::{HOLES, Ndoto, NdotoState};
use crate::error::PositionError;
use crate::game::{Cap, Game, PositionText};
use crate::position::{Reader, Writer, bad_value, pair_text};
use crate::variants::Status;

const FIELDS: &[&str] = &["stores", "result"];

impl PositionText for NdotoState {
    type Game = Ndoto;

    fn read_position(game: &Ndoto, text: &str) -> Result<NdotoState, PositionError> {
        let r = Reader::new(game.name(), text, 2, HOLES / 2, FIELDS)?;
        let total = game.total_seeds();
        let stores = r.pair("stores", total)?.unwrap_or([0, 0]);
        r.check_total(r.pits.iter().chain(&stores).sum(), total)?;
        let mut pits = [0; HOLES];
        for (c, &s) in pits.iter_mut().zip(&r.pits) {
            *c = s as u8;
        }
        let mut s = NdotoState {
            pits,
            stores: stores.map(|s| s as u8),
            to_move: r.to_move,
            ply: r.ply()?,
            status: Status::Playing,
            game: *game,
        };
        match r.value("result")? {
            None => s.check_end(),
            Some("capped-laps") => s.status = Status::Capped(Cap::Laps),
            Some(v) => {
                return Err(bad_value(
                    "result",
                    v,
                    "`capped-laps` (the other ends follow from the holes)",
                ));
            }
        }
        Ok(s)
    }

    fn write_position(&self) -> String {
        Writer::new(
            "ndoto",
            self.pits.iter().map(|&s| u32::from(s)),
            HOLES / 2,
            self.to_move,
        )
        .field("stores", pair_text(self.stores))
        .field_if(
            "result",
            matches!(self.status, Status::Capped(_)).then_some("capped-laps"),
        )
        .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        false
    }
}
