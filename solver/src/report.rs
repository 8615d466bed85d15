//! What a solve, a proof check and a tablebase build report to machines: the objects
//! `mankala solve --json` and `mankala tablebase build --json` print (`docs/ground-truth.md`).
//!
//! Each is a plain struct the caller fills and serializes; the keys are the field names
//! (`move` for [`BaoMoveReport::notation`]).

use std::path::Path;

use mankala_engine::variants::{BaoRules, KalahRules};
use serde::Serialize;

use crate::bao::{Checked, MoveResult, MoveValue};
use crate::tablebase::Tablebase;

/// A Kalah position solved (`mankala solve --variant kalah --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KalahSolveReport {
    /// `kalah`.
    pub variant: &'static str,
    /// The rule options.
    pub rules: KalahRules,
    /// The position as text.
    pub position: String,
    /// `south` or `north`.
    pub to_move: &'static str,
    /// The solver's value: the final difference of the seeds still on the board, for the
    /// player to move.
    pub value_in_play: i32,
    /// The final margin (stores included) for the player to move.
    pub margin_to_move: i32,
    /// The final margin for South.
    pub margin_south: i32,
    /// Perfect play to the end, in notation.
    pub pv: Vec<String>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
    /// The seeds of the tablebase used, if one was.
    pub table_seeds: Option<u32>,
}

/// A Bao la Kujifunza position solved (`mankala solve --variant bao-kujifunza --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BaoSolveReport {
    /// `bao-kujifunza`.
    pub variant: &'static str,
    /// The rule options.
    pub rules: BaoRules,
    /// The position as text.
    pub position: String,
    /// `south` or `north`.
    pub to_move: &'static str,
    /// `south` or `north` when a win was proved.
    pub winner: Option<&'static str>,
    /// The longest line of the proof, when proved.
    pub plies: Option<u16>,
    /// Repetitions the search met.
    pub repetitions: u64,
    /// Every legal move and its worth (empty with `--no-moves`).
    pub moves: Vec<BaoMoveReport>,
    /// The moves that win, in notation.
    pub winning_moves: Vec<String>,
    /// Positions expanded by every search.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Entries of the transposition tables.
    pub table_entries: usize,
    /// Peak resident memory of the process, where the system tells it.
    pub peak_memory_bytes: Option<u64>,
    /// The proof file written and checked, if one was.
    pub proof: Option<BaoProofReport>,
}

/// A legal move of a [`BaoSolveReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BaoMoveReport {
    /// The move in notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// What it is worth to the mover: `wins`, `loses` or `unknown`.
    pub value: MoveValue,
    /// Plies to the end of the game along the proof, when proved.
    pub plies: Option<u16>,
}

impl From<&MoveResult> for BaoMoveReport {
    fn from(m: &MoveResult) -> BaoMoveReport {
        BaoMoveReport {
            notation: m.notation.clone(),
            value: m.value,
            plies: m.plies,
        }
    }
}

/// The proof file of a [`BaoSolveReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BaoProofReport {
    /// The file.
    pub file: String,
    /// The winner's positions in the strategy written.
    pub positions: usize,
    /// Positions the independent checker visited.
    pub checked_positions: usize,
    /// The longest line of the proof, in plies.
    pub longest_line: u32,
}

/// A proof file accepted by the independent checker (`mankala solve --check FILE --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BaoCheckReport {
    /// The file.
    pub proof: String,
    /// Always `true`: a proof the checker refuses is an error, not a report.
    pub accepted: bool,
    /// The position proved, as text.
    pub start: String,
    /// `south` or `north`.
    pub winner: &'static str,
    /// Positions checked.
    pub positions: usize,
    /// Lines of the file never reached.
    pub unused_lines: usize,
    /// The longest line, in plies.
    pub longest_line: u32,
    /// Wall-clock seconds of the check.
    pub seconds: f64,
}

impl BaoCheckReport {
    /// The report of `checked`, the checker's verdict on the file at `proof`.
    pub fn of(proof: &Path, checked: &Checked, seconds: f64) -> BaoCheckReport {
        BaoCheckReport {
            proof: proof.display().to_string(),
            accepted: true,
            start: checked.start.clone(),
            winner: checked.winner.name(),
            positions: checked.positions,
            unused_lines: checked.unused,
            longest_line: checked.plies,
            seconds,
        }
    }
}

/// A tablebase built and written (`mankala tablebase build --json`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TablebaseBuildReport {
    /// `kalah` or `oware`.
    pub variant: &'static str,
    /// The rule options that matter, as the header's JSON text (a string).
    pub rules: String,
    /// Largest number of seeds in play.
    pub seeds: u32,
    /// Entries of the table.
    pub positions: u64,
    /// Bytes of values.
    pub bytes: usize,
    /// CRC-32 of the values, 8 hexadecimal digits.
    pub checksum: String,
    /// Oware: positions valued by the repetition convention; 0 for Kalah.
    pub cycle_dependent: u64,
    /// Oware: the same by seeds in play; empty for Kalah.
    pub cycle_dependent_by_seeds: Vec<u64>,
    /// Oware: sweeps over the levels; 0 for Kalah.
    pub sweeps: u64,
    /// Seconds of the build (the write left out).
    pub seconds: f64,
    /// The file written.
    pub out: String,
}

impl TablebaseBuildReport {
    /// The report of `tb`, built in `seconds` and written to `out`.
    pub fn of(tb: &Tablebase, seconds: f64, out: &Path) -> TablebaseBuildReport {
        let h = tb.header();
        let s = tb.stats();
        TablebaseBuildReport {
            variant: h.game.variant(),
            rules: h.game.rules_json(),
            seeds: h.max_seeds,
            positions: h.entries,
            bytes: tb.len_bytes(),
            checksum: format!("{:08x}", h.checksum),
            cycle_dependent: s.cycle_dependent,
            cycle_dependent_by_seeds: s.cycle_dependent_by_seeds.clone(),
            sweeps: s.sweeps,
            seconds,
            out: out.display().to_string(),
        }
    }
}
