//! Kalah positions as text: `kalah <South's row>/<North's row> <to move> stores=S,N ply=P`.

use super::{HOLES, Kalah, KalahState, STORE};
use crate::error::PositionError;
use crate::game::{Game, PositionText};
use crate::position::{Reader, Writer, pair_text};

const FIELDS: &[&str] = &["stores"];

impl PositionText for KalahState {
    type Game = Kalah;

    fn read_position(game: &Kalah, text: &str) -> Result<KalahState, PositionError> {
        let r = Reader::new(game.name(), text, 2, HOLES / 2, FIELDS)?;
        let total = game.total_seeds();
        let stores = r.pair("stores", total)?.unwrap_or([0, 0]);
        r.check_total(r.pits.iter().chain(&stores).sum(), total)?;
        let mut cells = [0; HOLES + 2];
        for (c, &s) in cells.iter_mut().zip(&r.pits) {
            *c = s as u8;
        }
        cells[STORE] = stores[0] as u8;
        cells[STORE + 1] = stores[1] as u8;
        Ok(KalahState {
            cells,
            to_move: r.to_move,
            ply: r.ply()?,
            game: *game,
        })
    }

    fn write_position(&self) -> String {
        Writer::new(
            self.game.name(),
            self.cells[..HOLES].iter().map(|&s| u32::from(s)),
            HOLES / 2,
            self.to_move,
        )
        .field(
            "stores",
            pair_text([self.cells[STORE], self.cells[STORE + 1]]),
        )
        .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        false
    }
}
