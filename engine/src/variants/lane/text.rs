//! Lane positions as text: `lane <South's row>/<North's row> <to move> stores=S,N [feed]
//! [match=S,N round=R] [result=capped-laps] ply=P`. `feed`: the player to move must give one
//! counter to the opponent's empty row (rule 8); `match` and `round` (with the rule option
//! `match_to`, rule 10): the points each player has won in the finished rounds, and how many
//! rounds are finished.

use super::{HOLES, Lane, LaneFeed, LaneState, N};
use crate::board::row_sum;
use crate::error::PositionError;
use crate::game::{Cap, Game, PositionText};
use crate::position::{Reader, Writer, bad_value, inconsistent, pair_text};
use crate::variants::Status;

const FIELDS: &[&str] = &["stores", "feed", "match", "round", "result"];

impl PositionText for LaneState {
    type Game = Lane;

    fn read_position(game: &Lane, text: &str) -> Result<LaneState, PositionError> {
        let r = Reader::new(game.name(), text, 2, N, FIELDS)?;
        let total = game.total_seeds();
        let stores = r.pair("stores", total)?.unwrap_or([0, 0]);
        r.check_total(r.pits.iter().chain(&stores).sum(), total)?;
        let mut pits = [0; HOLES];
        for (c, &s) in pits.iter_mut().zip(&r.pits) {
            *c = s as u8;
        }
        let feeding = r.flag("feed")?;
        let me = r.to_move;
        let status = match r.value("result")? {
            None if pits.iter().all(|&s| s == 0) => Status::Over,
            None => Status::Playing,
            Some("capped-laps") => Status::Capped(Cap::Laps),
            Some(v) => {
                return Err(bad_value(
                    "result",
                    v,
                    "`capped-laps` (the other ends follow from the holes)",
                ));
            }
        };
        if status == Status::Playing {
            if feeding && (row_sum(&pits, me.other(), N) != 0 || row_sum(&pits, me, N) < 2) {
                return Err(inconsistent(
                    "feed",
                    format!(
                        "{me} feeds only when {}'s row is empty and his own holds 2 or more",
                        me.other()
                    ),
                ));
            }
            if !feeding && game.rules.feed == LaneFeed::Turn && row_sum(&pits, me.other(), N) == 0 {
                return Err(inconsistent(
                    "feed",
                    format!(
                        "{}'s row is empty, so {me} is to feed it (rule 8, `feed = \"turn\"`): \
                         write `feed`",
                        me.other()
                    ),
                ));
            }
            if !feeding && row_sum(&pits, me, N) == 0 {
                return Err(inconsistent(
                    "to move",
                    format!(
                        "{me} is to move with an empty row (write `feed` when {} is to give him a counter)",
                        me.other()
                    ),
                ));
            }
        }
        let to = game.rules.match_to;
        let match_score = r
            .pair("match", u32::from(u16::MAX))?
            .unwrap_or([0, 0])
            .map(|m| m as u16);
        let round = r.number("round", u32::from(u16::MAX))?.unwrap_or(0) as u16;
        if to == 0 && (match_score != [0, 0] || round > 0) {
            return Err(inconsistent(
                if round > 0 { "round" } else { "match" },
                "a match is played only with the rule option `match_to` (rule 10)",
            ));
        }
        if to > 0 && status == Status::Playing && match_score.iter().any(|&m| m >= to) {
            return Err(inconsistent(
                "match",
                format!("the match is over at {to} points, yet the round goes on"),
            ));
        }
        Ok(LaneState {
            pits,
            stores: stores.map(|s| s as u8),
            to_move: me,
            feeding,
            ply: r.ply()?,
            status,
            match_score,
            round,
            game: *game,
        })
    }

    fn write_position(&self) -> String {
        Writer::new(
            "lane",
            self.pits.iter().map(|&s| u32::from(s)),
            N,
            self.to_move,
        )
        .field("stores", pair_text(self.stores))
        .flag("feed", self.feeding)
        .field_if(
            "match",
            (self.game.rules.match_to > 0).then(|| pair_text(self.match_score)),
        )
        .field_if(
            "round",
            (self.game.rules.match_to > 0).then_some(self.round),
        )
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
