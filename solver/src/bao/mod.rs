//! Bao la Kujifunza solved by proof-number search, with proofs anyone can check.
//!
//! - [`key`] — a position packed for the table (holes, mover, takasia).
//! - [`table`] — the transposition table of proof and disproof numbers.
//! - [`dfpn`] — depth-first proof-number search over the engine's own moves.
//! - [`proof`] — a proved win read back as a strategy and written as a proof file.
//! - [`mod@check`] — the independent checker of a proof file (plain minimax over the engine).
//!
//! [`Solver`] puts them together: who wins a position, and what each legal move is worth.
//! Method, results and the file format: `docs/ground-truth.md`.

pub mod check;
pub mod dfpn;
pub mod key;
pub mod proof;
pub mod table;

use mankala_engine::variants::{Bao, BaoKind, BaoState};
use mankala_engine::{Action, Game, Player, State};
use serde::{Serialize, Serializer};

pub use check::{Checked, check};
pub use dfpn::{Dfpn, DfpnConfig, Outcome, Progress, Verdict};
pub use proof::Strategy;

use crate::error::ProofError;

/// What a legal move is worth to the player who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveValue {
    /// He wins after it.
    Wins,
    /// He loses after it.
    Loses,
    /// Neither was proved within the budget (or the defence repeats).
    Unknown,
}

impl MoveValue {
    /// `wins`, `loses` or `unknown`: the word the solver's output prints, in JSON too.
    pub fn word(self) -> &'static str {
        match self {
            MoveValue::Wins => "wins",
            MoveValue::Loses => "loses",
            MoveValue::Unknown => "unknown",
        }
    }
}

/// Serialized as its [`MoveValue::word`].
impl Serialize for MoveValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

/// A legal move and what it is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveResult {
    /// The action.
    pub action: Action,
    /// Its notation.
    pub notation: String,
    /// Its value for the mover.
    pub value: MoveValue,
    /// Plies to the end of the game along the proof, when proved.
    pub plies: Option<u16>,
}

/// Who wins a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solution {
    /// The winner, when proved.
    pub winner: Option<Player>,
    /// The search that settled it (or the last one tried).
    pub outcome: Outcome,
}

/// Solves Bao la Kujifunza positions: one df-pn search and table for each attacker, kept
/// between calls.
#[derive(Debug)]
pub struct Solver {
    config: DfpnConfig,
    searches: [Option<Dfpn>; 2],
}

impl Solver {
    /// A solver for `game`.
    ///
    /// # Errors
    /// [`ProofError::Variant`] for another game than Bao la Kujifunza.
    pub fn new(game: Bao, config: DfpnConfig) -> Result<Solver, ProofError> {
        if game.kind != BaoKind::Kujifunza {
            return Err(ProofError::Variant {
                variant: game.name().to_string(),
            });
        }
        Ok(Solver {
            config,
            searches: [None, None],
        })
    }

    /// The search proving wins for `attacker`.
    pub fn search(&mut self, attacker: Player) -> &mut Dfpn {
        let config = self.config;
        self.searches[attacker.index()].get_or_insert_with(|| Dfpn::new(attacker, config))
    }

    /// Positions expanded by every search so far, and the entries of both tables.
    pub fn totals(&self) -> (u64, usize) {
        self.searches.iter().flatten().fold((0, 0), |(n, e), d| {
            (n + d.total_nodes(), e + d.table().len())
        })
    }

    /// Who wins `state`: first a search for the player to move, then, if he cannot force a
    /// win, one for his opponent.
    pub fn solve(&mut self, state: &BaoState, progress: &mut dyn FnMut(&Progress)) -> Solution {
        self.solve_trying(state, state.to_move(), progress)
    }

    /// Who wins `state`, trying first to prove a win for `first`.
    pub fn solve_trying(
        &mut self,
        state: &BaoState,
        first: Player,
        progress: &mut dyn FnMut(&Progress),
    ) -> Solution {
        let one = self.search(first).solve(state, progress);
        if one.verdict == Verdict::Proved {
            return Solution {
                winner: Some(first),
                outcome: one,
            };
        }
        let other = self.search(first.other()).solve(state, progress);
        Solution {
            winner: (other.verdict == Verdict::Proved).then_some(first.other()),
            outcome: other,
        }
    }

    /// What every legal move of `state` is worth to the player to move.
    pub fn moves(
        &mut self,
        state: &BaoState,
        progress: &mut dyn FnMut(&Progress),
    ) -> Vec<MoveResult> {
        let mover = state.to_move();
        let mut out = Vec::new();
        for a in state.legal_mask().iter() {
            let mut c = state.clone();
            c.play_unchecked(a);
            let solution = self.solve_trying(&c, mover, progress);
            out.push(MoveResult {
                action: a,
                notation: state.action_to_string(a),
                value: match solution.winner {
                    Some(w) if w == mover => MoveValue::Wins,
                    Some(_) => MoveValue::Loses,
                    None => MoveValue::Unknown,
                },
                plies: solution.outcome.plies.map(|p| p + 1),
            });
        }
        out
    }

    /// The strategy of a win proved for `winner` from `state`.
    ///
    /// # Errors
    /// [`ProofError::NotProved`] when the win cannot be proved (again).
    pub fn strategy(&mut self, state: &BaoState, winner: Player) -> Result<Strategy, ProofError> {
        Strategy::extract(self.search(winner), state)
    }

    /// The moves a perfect player makes in `state`, and whether he wins (`None`: not settled
    /// within the budget, and every legal move returned): when he wins, the winning moves
    /// with the shortest proved win; when he loses, the moves with the longest proved defence.
    /// At most two searches, one for each player.
    pub fn best_moves(&mut self, state: &BaoState) -> (Vec<Action>, Option<bool>) {
        let all: Vec<Action> = state.legal_mask().iter().collect();
        let Some(winner) = self.solve(state, &mut |_| {}).winner else {
            return (all, None);
        };
        let wins = winner == state.to_move();
        let dfpn = self.search(winner);
        if wins {
            // The children the table proves lost for the opponent, or one proved again.
            let children = dfpn.children(state);
            let lost = children.iter().filter(|(_, _, n)| n.lost());
            let Some(shortest) = lost.clone().map(|(_, _, n)| n.plies()).min() else {
                return match proof::winning_move(dfpn, state) {
                    Ok((a, _)) => (vec![a], Some(true)),
                    Err(_) => (all, None),
                };
            };
            let best = lost.filter(|(_, _, n)| n.plies() == shortest);
            return (best.map(|(a, _, _)| *a).collect(), Some(true));
        }
        let children = dfpn.children(state);
        let longest = children
            .iter()
            .map(|(_, _, n)| n.plies())
            .max()
            .unwrap_or(0);
        let best = children.iter().filter(|(_, _, n)| n.plies() == longest);
        (best.map(|(a, _, _)| *a).collect(), Some(false))
    }
}
