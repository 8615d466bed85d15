//! Bao positions as text: `bao <A1..A8>/<B1..B8>/<a1..a8>/<b1..b8> <to move> hand=S,N
//! houses=south,north [fields] ply=P`, each row from its owner's left.
//!
//! Fields: `hand` (seeds in hand), `houses` (who still owns his house: `south,north`,
//! `south`, `north` or `none`), `takasia=A3` (the mover's takasiaed front hole),
//! `must_take=a6` (bao-malawi: the opponent's front hole the mover's capture must take
//! first); a stop-or-safari decision in the middle of a move: `decision=>` or `decision=<`
//! (the move's direction, `>` clockwise), `laps=L` (laps sown) and the bare word `namua`
//! (the move is a namua move); bao-malawi's advanced opening: `phase=place` (with
//! `place=N`, the seeds still to place, and `place_from=B2`, the first hole he may place
//! into) or `phase=take`; `result=` once the game is over.

use super::{
    Bao, BaoKind, BaoState, FRONT, HOUSE, Opening, Pending, Phase, SIDE, TOTAL, hole_name, track,
};
use crate::error::PositionError;
use crate::game::{ActionMask, Game, Player, PositionText};
use crate::position::{
    Reader, Writer, bad_value, inconsistent, pair_text, players_text, result_text,
};

const FIELDS: &[&str] = &[
    "hand",
    "houses",
    "takasia",
    "must_take",
    "decision",
    "laps",
    "namua",
    "phase",
    "place",
    "place_from",
    "result",
];

/// `player`'s hole index labelled `label` among his first `holes` hole indices.
fn index_of(player: Player, label: &str, holes: usize) -> Option<usize> {
    (0..holes).find(|&i| hole_name(player, i) == label)
}

fn hole_field(
    r: &Reader<'_>,
    key: &str,
    player: Player,
    holes: usize,
) -> Result<Option<usize>, PositionError> {
    r.value(key)?
        .map(|v| {
            index_of(player, v, holes).ok_or_else(|| {
                bad_value(
                    key,
                    v,
                    format!(
                        "a hole of {player}'s, {}..{}",
                        hole_name(player, 0),
                        hole_name(player, holes - 1)
                    ),
                )
            })
        })
        .transpose()
}

impl PositionText for BaoState {
    type Game = Bao;

    fn read_position(game: &Bao, text: &str) -> Result<BaoState, PositionError> {
        let r = Reader::new(game.name(), text, 4, FRONT, FIELDS)?;
        let me = r.to_move;
        let p = me.index();
        let rules = game.rules;
        let mut s = game.initial_state();
        for q in 0..2 {
            for i in 0..SIDE {
                s.holes[q][track(i)] = r.pits[q * SIDE + i] as u8;
            }
        }
        s.hand = r.pair("hand", TOTAL)?.unwrap_or([0, 0]).map(|n| n as u8);
        s.to_move = me;
        s.ply = r.ply()?;
        s.over = None;
        s.owned = r.players("houses")?;
        if s.owned != [false; 2] && game.kind == BaoKind::Kujifunza {
            return Err(inconsistent(
                "houses",
                "bao-kujifunza has no house: write `houses=none`",
            ));
        }
        s.phase = match r.value("phase")? {
            None => Phase::Play,
            Some(_) if rules.opening != Opening::Advanced => {
                return Err(inconsistent(
                    "phase",
                    "only bao-malawi's advanced opening (`opening = \"advanced\"`) has phases",
                ));
            }
            Some("place") => Phase::Place,
            Some("take") if me == Player::North => Phase::Take,
            Some(v) => {
                return Err(bad_value(
                    "phase",
                    v,
                    "`place`, or `take` with North to move",
                ));
            }
        };
        s.to_place = r.number("place", 16)?.unwrap_or(0) as u8;
        s.place_min = hole_field(&r, "place_from", me, SIDE)?.unwrap_or(0) as u8;
        if (s.phase == Phase::Place) != (s.to_place > 0) {
            return Err(inconsistent(
                "place",
                "`phase=place` goes with `place=N`, N from 1",
            ));
        }
        if s.phase != Phase::Place && s.place_min > 0 {
            return Err(inconsistent("place_from", "only with `phase=place`"));
        }
        let on_board: u32 = s.holes.iter().flatten().map(|&c| u32::from(c)).sum();
        let hands: u32 = s.hand.iter().map(|&c| u32::from(c)).sum();
        r.check_total(on_board + hands + u32::from(s.to_place), TOTAL)?;
        s.takasia = hole_field(&r, "takasia", me, FRONT)?.map(|i| i as u8);
        if s.takasia.is_some() && !rules.takasia {
            return Err(inconsistent(
                "takasia",
                "these rules have no takasia (`takasia = false`)",
            ));
        }
        s.must_take = hole_field(&r, "must_take", me.other(), FRONT)?.map(|i| i as u8);
        if s.must_take.is_some() && !(game.kind == BaoKind::Malawi && rules.takasia) {
            return Err(inconsistent("must_take", "only in bao-malawi with takasia"));
        }
        s.owed = if game.kind == BaoKind::Malawi {
            s.takasia
        } else {
            None
        };
        let decision = match r.value("decision")? {
            None => None,
            Some(">") => Some(true),
            Some("<") => Some(false),
            Some(v) => {
                return Err(bad_value(
                    "decision",
                    v,
                    "`>` (clockwise) or `<` (anticlockwise)",
                ));
            }
        };
        let namua = r.flag("namua")?;
        let laps = r.number("laps", game.limits.max_laps)?;
        s.pending = match decision {
            None => {
                if namua || laps.is_some() {
                    return Err(inconsistent(
                        if namua { "namua" } else { "laps" },
                        "only with a pending `decision`",
                    ));
                }
                None
            }
            Some(clockwise) => {
                if s.phase != Phase::Play {
                    return Err(inconsistent(
                        "decision",
                        "no decision arises in the opening",
                    ));
                }
                if !s.functional(p, namua) {
                    return Err(inconsistent(
                        "decision",
                        format!(
                            "a stop-or-safari decision needs {me}'s house {} owned and \
                             functional (at least {} seeds{})",
                            hole_name(me, HOUSE),
                            rules.house_min,
                            if rules.house_in_mtaji {
                                ""
                            } else {
                                ", in a namua move"
                            }
                        ),
                    ));
                }
                Some(Pending {
                    clockwise,
                    laps: laps.unwrap_or(1).max(1),
                    namua,
                })
            }
        };
        s.mask = ActionMask::default();
        match r.result()? {
            Some(result) => {
                if s.pending.is_some() {
                    return Err(inconsistent(
                        "result",
                        "a finished game has no decision pending",
                    ));
                }
                s.over = Some(result);
            }
            None if s.pending.is_some() => s.mask = s.decision_moves(),
            None => s.begin_turn(),
        }
        Ok(s)
    }

    fn write_position(&self) -> String {
        let me = self.to_move;
        let pits = Player::BOTH
            .into_iter()
            .flat_map(|q| self.holes(q))
            .map(u32::from);
        let front = |i: Option<u8>, q: Player| i.map(|i| hole_name(q, usize::from(i)));
        let phase = match self.phase {
            Phase::Play => None,
            Phase::Place => Some("place"),
            Phase::Take => Some("take"),
        };
        Writer::new(self.game.name(), pits, FRONT, me)
            .field("hand", pair_text(self.hand))
            .field("houses", players_text(self.owned))
            .field_if("takasia", front(self.takasia, me))
            .field_if("must_take", front(self.must_take, me.other()))
            .field_if(
                "decision",
                self.pending.map(|d| if d.clockwise { ">" } else { "<" }),
            )
            .field_if("laps", self.pending.map(|d| d.laps))
            .flag("namua", self.pending.is_some_and(|d| d.namua))
            .field_if("phase", phase)
            .field_if("place", (self.to_place > 0).then_some(self.to_place))
            .field_if(
                "place_from",
                (self.place_min > 0).then(|| hole_name(me, usize::from(self.place_min))),
            )
            .field_if("result", self.over.and_then(result_text))
            .finish(self.ply)
    }

    fn mid_move(&self) -> bool {
        self.pending.is_some()
    }
}
