//! `mankala solve --variant kalah`: the exact value of a Kalah position (the start, moves
//! from it, or a position text) with a principal variation, the nodes and the time, by
//! `mankala_solver` (`docs/ground-truth.md`); `--variant bao-kujifunza` goes to
//! [`super::solve_bao`].

use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;
use mankala_engine::notation::split_moves;
use mankala_engine::variants::BaoKind;
use mankala_engine::{AnyGame, Game, Player, State};
use mankala_solver::kalah::{Position, Solver, SolverConfig};
use mankala_solver::report::KalahSolveReport;
use mankala_solver::tablebase::{TableGame, Tablebase};

use crate::args::GameArgs;

/// Options of `mankala solve`.
#[derive(Debug, Args)]
pub struct SolveCommand {
    /// The game (`kalah` or `bao-kujifunza`), by name or config file.
    #[command(flatten)]
    pub game: GameArgs,
    /// Moves from the start in notation, e.g. "C F a" (default: the start).
    #[arg(long, short, conflicts_with = "position")]
    pub moves: Option<String>,
    /// A position as one line of text (`docs/notation.md`), e.g.
    /// "kalah 0,0,0,0,0,1/1,0,0,0,0,0 south stores=20,26".
    #[arg(long, short)]
    pub position: Option<String>,
    /// An endgame tablebase of the same rules (`mankala tablebase build`).
    #[arg(long, short)]
    pub table: Option<PathBuf>,
    /// Transposition-table size as a power of two of entries (10 to 32): 16 bytes each for
    /// Kalah, about 64 for Bao la Kujifunza.
    #[arg(long, default_value_t = 23)]
    pub tt_log2: u32,
    /// Bao la Kujifunza: write the winner's strategy as a proof file here, and check it.
    #[arg(long)]
    pub proof: Option<PathBuf>,
    /// Bao la Kujifunza: check this proof file (independent checker) instead of solving.
    #[arg(long, conflicts_with_all = ["proof", "moves", "position"])]
    pub check: Option<PathBuf>,
    /// Bao la Kujifunza: stop each search after this many positions, with its bounds.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Bao la Kujifunza: solve the position only, not each legal move.
    #[arg(long)]
    pub no_moves: bool,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl SolveCommand {
    /// Solves and prints.
    ///
    /// # Errors
    /// Another variant than Kalah or Bao la Kujifunza, bad moves or position text, a
    /// tablebase that does not fit, a proof that fails, or an option out of range, each
    /// named.
    pub fn run(&self) -> Result<()> {
        if !(10..=32).contains(&self.tt_log2) {
            bail!("--tt-log2 {}: expected 10 to 32", self.tt_log2);
        }
        let resolved = self.game.resolve()?;
        let entry_bytes = match &resolved.game {
            AnyGame::Bao(_) => mankala_solver::bao::table::BYTES_PER_ENTRY as u64,
            _ => 16,
        };
        let bytes = entry_bytes << self.tt_log2;
        if let Some(available) = crate::args::available_memory()
            && bytes > available
        {
            bail!(
                "--tt-log2 {}: a transposition table of {:.1} GiB, more than the {:.1} GiB of \
                 memory available",
                self.tt_log2,
                bytes as f64 / (1u64 << 30) as f64,
                available as f64 / (1u64 << 30) as f64
            );
        }
        let game = match resolved.game {
            AnyGame::Kalah(game) => game,
            AnyGame::Bao(game) if game.kind == BaoKind::Kujifunza => {
                let state = self.position(&game)?;
                return super::solve_bao::run(self, game, state);
            }
            other => bail!(
                "solve: variant {} has no solver; expected kalah or bao-kujifunza (oware has \
                 tablebases: `mankala tablebase build`)",
                other.name()
            ),
        };
        if self.proof.is_some() || self.check.is_some() || self.max_nodes.is_some() || self.no_moves
        {
            bail!(
                "--proof, --check, --max-nodes and --no-moves are for bao-kujifunza; kalah is \
                 solved whole"
            );
        }
        let state = self.position(&game)?;
        let empty_capture = game.rules.empty_capture;
        let table = match &self.table {
            Some(path) => Some(std::sync::Arc::new(
                Tablebase::load(path, TableGame::Kalah { empty_capture }, None)
                    .with_context(|| format!("--table {}", path.display()))?,
            )),
            None => None,
        };
        let mut solver = Solver::new(
            empty_capture,
            table.clone(),
            SolverConfig {
                tt_log2: self.tt_log2,
            },
        );
        let pos = Position::of(&state);
        let solution = solver.solve(&pos.pits);
        let margin_mover = solution.value + pos.store_diff;
        let south = if pos.to_move == Player::South {
            margin_mover
        } else {
            -margin_mover
        };
        let mut replay = state.clone();
        let pv: Vec<String> = solution
            .pv
            .iter()
            .map(|&a| {
                let name = replay.action_to_string(a as u16);
                replay.play_unchecked(a as u16);
                name
            })
            .collect();
        let secs = solution.elapsed.as_secs_f64();
        if self.json {
            let out = KalahSolveReport {
                variant: "kalah",
                rules: game.rules,
                position: state.position_text(),
                to_move: pos.to_move.name(),
                value_in_play: solution.value,
                margin_to_move: margin_mover,
                margin_south: south,
                pv,
                nodes: solution.nodes,
                seconds: secs,
                table_seeds: table.as_ref().map(|t| t.header().max_seeds),
            };
            // Through a `Value`, whose keys are sorted, as this object has always printed.
            println!("{}", serde_json::to_value(&out)?);
        } else {
            println!("position        {}", state.position_text());
            println!(
                "rules           seeds_per_hole = {}, empty_capture = {}",
                game.rules.seeds_per_hole, empty_capture
            );
            println!("to move         {}", pos.to_move);
            println!(
                "seeds in play   {:+} for the player to move",
                solution.value
            );
            println!(
                "final margin    {south:+} for south ({margin_mover:+} for the player to move)"
            );
            println!("perfect play    {}", pv.join(" "));
            println!(
                "searched        {} nodes in {secs:.2} s ({:.0} nodes/s){}",
                solution.nodes,
                solution.nodes as f64 / secs.max(1e-9),
                table.as_ref().map_or(String::new(), |t| format!(
                    ", tablebase of {} seeds",
                    t.header().max_seeds
                ))
            );
        }
        Ok(())
    }

    fn position<G: Game>(&self, game: &G) -> Result<G::State> {
        if let Some(text) = &self.position {
            return game
                .parse_position(text)
                .with_context(|| format!("--position {text:?}"));
        }
        let mut state = game.initial_state();
        for (i, text) in split_moves(self.moves.as_deref().unwrap_or("")).enumerate() {
            let a = state
                .parse_action(text)
                .with_context(|| format!("--moves: move {} ({text:?})", i + 1))?;
            state
                .play(a)
                .with_context(|| format!("--moves: move {} ({text:?})", i + 1))?;
        }
        Ok(state)
    }
}
