//! Ground truth for three of mankala's games: an exact Kalah solver, endgame tablebases for
//! Kalah and Oware, and a proof-number solver of Bao la Kujifunza with checkable proofs.
//!
//! - [`rank`] — a dense index of pit contents (compositions of `n` seeds into 12 pits).
//! - [`kalah`] — the solver's board, moves and [`kalah::Solver`] (MTD(f), alpha-beta to the
//!   end of the game, a transposition table, tablebase probes).
//! - [`oware`] — the tablebases' Oware board and moves.
//! - [`tablebase`] — building, saving, loading and probing [`Tablebase`]s.
//! - [`bao`] — Bao la Kujifunza: df-pn search, proof files and their independent checker.
//! - [`report`] — what a solve, a proof check and a build report, as `--json` prints them.
//!
//! Values are final seed differences for the player to move, counting the seeds still on the
//! board; the stores are added by the caller. Method, conventions and file format:
//! `docs/ground-truth.md`.
//!
//! ```
//! use mankala_solver::kalah::{Solver, SolverConfig};
//! use mankala_solver::tablebase::{TableGame, Tablebase};
//!
//! // Kalah with one seed a pit, solved with a table of every position of at most 6 seeds.
//! let tb = Tablebase::build(TableGame::Kalah { empty_capture: false }, 6, &|_, _| {}).unwrap();
//! let mut solver = Solver::new(false, Some(std::sync::Arc::new(tb)), SolverConfig { tt_log2: 16 });
//! let with_table = solver.solve(&[1; 12]);
//! let mut plain = Solver::new(false, None, SolverConfig { tt_log2: 16 });
//! assert_eq!(with_table.value, plain.solve(&[1; 12]).value);
//! ```

pub mod bao;
pub mod error;
pub mod kalah;
pub mod oware;
pub mod rank;
pub mod report;
pub mod tablebase;

pub use error::{ProofError, TablebaseError};
pub use tablebase::{TableGame, Tablebase};
