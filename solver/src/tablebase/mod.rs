//! Endgame tablebases: the exact value of every position with at most `N` seeds in play,
//! for Kalah and Oware, indexed by the pits seen from the player to move.
//!
//! A value is the final seed difference, for the player to move, of the seeds still on the
//! board (the stores are added by the caller). The file format, the Oware conventions and
//! the figures are in `docs/ground-truth.md`.

mod build;
mod file;

use std::fmt;
use std::io::Write;
use std::path::Path;

use mankala_engine::variants::kalah::KalahState;
use mankala_engine::variants::oware::OwareState;
use mankala_engine::{Player, State};

use crate::error::TablebaseError;
use crate::rank::{Binomials, PITS};

pub use file::{ENCODING, FORMAT_VERSION, MAGIC};

/// Largest seed count a table is built for (`C(40 + 12, 12)` is 206 billion entries: far past
/// any memory; the documented builds stop in the twenties).
pub const MAX_TABLE_SEEDS: u32 = 40;

/// The game and the rule options a table's values depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableGame {
    /// Kalah; `seeds_per_hole` does not change the value of a position, the empty capture
    /// does.
    Kalah {
        /// The empty-capture option of `[rules]`.
        empty_capture: bool,
    },
    /// Oware (abapa, the engine's rules; no options).
    Oware,
}

impl TableGame {
    /// The variant's name: `kalah` or `oware`.
    pub fn variant(self) -> &'static str {
        match self {
            TableGame::Kalah { .. } => "kalah",
            TableGame::Oware => "oware",
        }
    }

    /// The rule options that matter, as the header's JSON text.
    pub fn rules_json(self) -> String {
        match self {
            TableGame::Kalah { empty_capture } => format!("{{\"empty_capture\":{empty_capture}}}"),
            TableGame::Oware => "{}".to_string(),
        }
    }
}

impl fmt::Display for TableGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.variant(), self.rules_json())
    }
}

/// What a table's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Game and rules.
    pub game: TableGame,
    /// The table holds every position with at most this many seeds in play.
    pub max_seeds: u32,
    /// Entries (one byte each): `C(max_seeds + 12, 12)`.
    pub entries: u64,
    /// CRC-32 (IEEE) of the value bytes.
    pub checksum: u32,
}

impl Header {
    /// Whether this is a Kalah table for the given empty-capture rule.
    pub fn is_kalah(&self, empty_capture: bool) -> bool {
        self.game == TableGame::Kalah { empty_capture }
    }

    /// Game, rules and seeds in words.
    pub fn describe(&self) -> String {
        format!("{} up to {} seeds", self.game, self.max_seeds)
    }
}

/// Figures of a build.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BuildStats {
    /// Entries computed.
    pub positions: u64,
    /// Oware: positions whose value depends on how a repetition is scored (stored by the
    /// convention of `docs/ground-truth.md`); 0 for Kalah.
    pub cycle_dependent: u64,
    /// Oware: the same count level by level (index: seeds in play); empty for Kalah.
    pub cycle_dependent_by_seeds: Vec<u64>,
    /// Oware: sweeps over the levels until the bounds stopped moving; 0 for Kalah.
    pub sweeps: u64,
}

/// A loaded or built table: every position with at most [`Header::max_seeds`] seeds.
#[derive(Clone)]
pub struct Tablebase {
    header: Header,
    values: Vec<u8>,
    ranks: Binomials,
    stats: BuildStats,
}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tablebase")
            .field("header", &self.header)
            .finish_non_exhaustive()
    }
}

impl Tablebase {
    /// Builds the table of `game` up to `max_seeds` seeds in play. `progress` is called now
    /// and then with the entries done and the total (from several threads).
    ///
    /// # Errors
    /// [`TablebaseError::Seeds`] past [`MAX_TABLE_SEEDS`].
    pub fn build(
        game: TableGame,
        max_seeds: u32,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Tablebase, TablebaseError> {
        if max_seeds > MAX_TABLE_SEEDS {
            return Err(TablebaseError::Seeds {
                seeds: max_seeds,
                max: MAX_TABLE_SEEDS,
            });
        }
        let ranks = Binomials::new();
        let (values, stats) = match game {
            TableGame::Kalah { empty_capture } => {
                build::kalah(&ranks, max_seeds, empty_capture, progress)
            }
            TableGame::Oware => build::oware(&ranks, max_seeds, progress),
        };
        let header = Header {
            game,
            max_seeds,
            entries: values.len() as u64,
            checksum: crc32fast::hash(&values),
        };
        Ok(Tablebase {
            header,
            values,
            ranks,
            stats,
        })
    }

    /// Writes the table to `path` atomically (format in `docs/ground-truth.md`).
    ///
    /// # Errors
    /// [`TablebaseError::Io`] naming the file.
    pub fn save(&self, path: &Path) -> Result<(), TablebaseError> {
        let head = file::encode_header(&self.header);
        mankala_data::atomic::write_with(path, |f| {
            f.write_all(&head)?;
            f.write_all(&self.values)
        })
        .map_err(|e| TablebaseError::Io {
            path: e.path,
            source: e.source,
        })
    }

    /// Reads a table from `path`, checking its header against `game` (and `max_seeds` when
    /// given) and its values against the checksum.
    ///
    /// # Errors
    /// [`TablebaseError`] naming the file and what differs.
    pub fn load(
        path: &Path,
        game: TableGame,
        max_seeds: Option<u32>,
    ) -> Result<Tablebase, TablebaseError> {
        let (header, values) = file::read(path, game, max_seeds)?;
        Ok(Tablebase {
            header,
            values,
            ranks: Binomials::new(),
            stats: BuildStats::default(),
        })
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Figures of the build (zero for a loaded table).
    pub fn stats(&self) -> &BuildStats {
        &self.stats
    }

    /// Bytes of values held.
    pub fn len_bytes(&self) -> usize {
        self.values.len()
    }

    /// The value of pits seen from the player to move, or `None` when they hold more seeds
    /// than the table.
    #[inline]
    pub fn probe_pits(&self, pits: &[u8; PITS]) -> Option<i8> {
        let n: u32 = pits.iter().map(|&p| p as u32).sum();
        (n <= self.header.max_seeds)
            .then(|| self.values[self.ranks.index(pits, n as usize) as usize] as i8)
    }

    /// The value of pits holding `seeds` seeds (which the caller knows), which must be at
    /// most the table's [`Header::max_seeds`].
    #[inline]
    pub fn probe_level(&self, pits: &[u8; PITS], seeds: u32) -> i8 {
        debug_assert!(seeds <= self.header.max_seeds);
        self.values[self.ranks.index(pits, seeds as usize) as usize] as i8
    }

    /// The value of an engine position for the player to move (seeds in play only), or
    /// `None` when it is another variant's or holds too many seeds. For Oware the value is
    /// that of the position with no repetition history (`docs/ground-truth.md`).
    pub fn probe<P: TablePosition>(&self, position: &P) -> Option<i8> {
        if P::VARIANT != self.header.game.variant() {
            return None;
        }
        self.probe_pits(&position.table_pits())
    }
}

/// An engine position a table can value: Kalah's and Oware's states.
pub trait TablePosition {
    /// The variant's name.
    const VARIANT: &'static str;
    /// The pits seen from the player to move: his row from his left, then the opponent's.
    fn table_pits(&self) -> [u8; PITS];
}

/// The engine's pits (South's row, then North's) seen from `to_move`.
pub fn relative_pits(pits: &[u32], to_move: Player) -> [u8; PITS] {
    let mut out = [0u8; PITS];
    let shift = if to_move == Player::South { 0 } else { 6 };
    for (k, o) in out.iter_mut().enumerate() {
        *o = pits[(k + shift) % PITS] as u8;
    }
    out
}

impl TablePosition for KalahState {
    const VARIANT: &'static str = "kalah";
    fn table_pits(&self) -> [u8; PITS] {
        relative_pits(&self.snapshot().pits, self.to_move())
    }
}

impl TablePosition for OwareState {
    const VARIANT: &'static str = "oware";
    fn table_pits(&self) -> [u8; PITS] {
        relative_pits(&self.snapshot().pits, self.to_move())
    }
}
