//! Oware positions as text: `oware <South's row>/<North's row> <to move> stores=S,N ply=P`.
//!
//! `stores` are the seeds each player has captured. A position set up from text remembers no
//! earlier position: the repetition rule counts from it, as after a capture.

use super::{HOLES, Oware, OwareState};
use crate::error::PositionError;
use crate::game::{Game, PositionText};
use crate::position::{Reader, Writer, pair_text};

const FIELDS: &[&str] = &["stores"];

impl PositionText for OwareState {
    type Game = Oware;

    fn read_position(game: &Oware, text: &str) -> Result<OwareState, PositionError> {
        let r = Reader::new(game.name(), text, 2, HOLES / 2, FIELDS)?;
        let total = game.total_seeds();
        let stores = r.pair("stores", total)?.unwrap_or([0, 0]);
        r.check_total(r.pits.iter().chain(&stores).sum(), total)?;
        let mut pits = [0; HOLES];
        for (c, &s) in pits.iter_mut().zip(&r.pits) {
            *c = s as u8;
        }
        // The same door as every set-up position: its history holds only itself.
        let mut s = OwareState::from_parts(game, pits, stores.map(|s| s as u8), r.to_move)?;
        s.ply = r.ply()?;
        Ok(s)
    }

    fn write_position(&self) -> String {
        Writer::new(
            "oware",
            self.pits.iter().map(|&s| u32::from(s)),
            HOLES / 2,
            self.to_move,
        )
        .field("stores", pair_text(self.scores))
        .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        false
    }
}
