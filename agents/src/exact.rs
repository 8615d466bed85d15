//! Exact values for the games that have them, from `mankala-solver`: Kalah's solver (every
//! position), the Kalah and Oware endgame tablebases (positions with few enough seeds in
//! play) and Bao la Kujifunza's proof-number solver (results only: +1 or -1, for positions it
//! settles within its budget); and [`PerfectAgent`], which plays a perfect move of Kalah.
//!
//! Values are final seed margins for the player to move under perfect play: the store
//! difference plus the value of the seeds still in play. For Oware that is the tables'
//! convention (`docs/ground-truth.md`): the game played out to the end and a position valued
//! without its repetition history; its sign is the exact win, draw or loss.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use mankala_engine::variants::{Bao, KalahRules};
use mankala_engine::{Action, Game, Player, State};
use mankala_solver::bao::MoveValue;
use mankala_solver::kalah::{Solver, SolverConfig};
use mankala_solver::tablebase::relative_pits;
use mankala_solver::{TableGame, Tablebase, TablebaseError};
use rand::rngs::SmallRng;
use thiserror::Error;

use crate::{Agent, AgentError, AgentSpec, Analysis, Budget, Choice, tied_analysis};

/// Why exact values cannot be had for a variant.
#[derive(Debug, Error)]
pub enum ExactError {
    /// The tablebase cannot be loaded for this variant and its rules.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
    /// Perfect play was asked of a variant without a solver.
    #[error(
        "{variant} has no exact solver: `perfect` plays kalah and bao-kujifunza (for oware, use alphabeta:ms=T,tb=FILE)"
    )]
    NoSolver {
        /// The variant.
        variant: String,
    },
    /// A tablebase was given for a variant that has none.
    #[error("{variant} has no endgame tablebases: they exist for kalah and oware")]
    NoTable {
        /// The variant.
        variant: String,
    },
    /// The rules text of the variant cannot be read.
    #[error("{variant} rules: {message}")]
    Rules {
        /// The variant.
        variant: String,
        /// What is wrong.
        message: String,
    },
}

impl ExactError {
    /// The error as an agent spec's.
    pub(crate) fn for_spec(self, spec: &AgentSpec) -> AgentError {
        match self {
            ExactError::Tablebase(source) => AgentError::Tablebase {
                spec: spec.to_string(),
                source,
            },
            other => AgentError::Variant {
                spec: spec.to_string(),
                message: other.to_string(),
            },
        }
    }
}

/// Loaded tablebases, shared: a table is read once however many agents, games and
/// generations of its owner use it, and freed with the last of them. Its owner (a run, a
/// server's session, a command) decides how long tables are kept; clones share one cache.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    loaded: Arc<Mutex<Vec<Loaded>>>,
}

/// A table in the cache: its file, its game, the table.
type Loaded = (PathBuf, TableGame, Arc<Tablebase>);

impl Tables {
    /// The table of `game` at `path`, read now or earlier.
    ///
    /// # Errors
    /// [`TablebaseError`] naming the file that cannot be read or is of another game.
    pub fn load(&self, path: &Path, game: TableGame) -> Result<Arc<Tablebase>, TablebaseError> {
        let key = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        let mut loaded = self
            .loaded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, _, table)) = loaded.iter().find(|(p, g, _)| *p == key && *g == game) {
            return Ok(Arc::clone(table));
        }
        let table = Arc::new(Tablebase::load(path, game, None)?);
        loaded.push((key, game, Arc::clone(&table)));
        Ok(table)
    }
}

/// Exact values of one variant's positions: a Kalah solver, a tablebase, or both; or Bao la
/// Kujifunza's results.
#[derive(Clone, Debug)]
pub struct Exact {
    game: Option<TableGame>,
    table: Option<Arc<Tablebase>>,
    solver: bool,
    /// Bao la Kujifunza, valued by the proof-number solver.
    bao: Option<Bao>,
}

impl Exact {
    /// Exact values for `variant` with the rule options `rules` (a TOML `[rules]` table, as
    /// in model sidecars and shards), from the tablebase at `table` (read through `tables`)
    /// and, with `solver`, from the Kalah solver.
    ///
    /// # Errors
    /// [`ExactError`] when the variant has no solver or tables, or the table does not load
    /// for it.
    pub fn new(
        variant: &str,
        rules: &str,
        table: Option<&Path>,
        solver: bool,
        tables: &Tables,
    ) -> Result<Exact, ExactError> {
        if variant == "bao-kujifunza" {
            if table.is_some() {
                return Err(ExactError::NoTable {
                    variant: variant.to_string(),
                });
            }
            let bao =
                crate::BaoPerfectAgent::game_of(rules).map_err(|message| ExactError::Rules {
                    variant: variant.to_string(),
                    message,
                })?;
            return Ok(Exact {
                game: None,
                table: None,
                solver: true,
                bao: Some(bao),
            });
        }
        let game = match variant {
            "kalah" => {
                let rules: KalahRules = toml::from_str(rules).map_err(|e| ExactError::Rules {
                    variant: variant.to_string(),
                    message: e.message().to_string(),
                })?;
                TableGame::Kalah {
                    empty_capture: rules.empty_capture,
                }
            }
            "oware" if !solver => TableGame::Oware,
            _ if solver => {
                return Err(ExactError::NoSolver {
                    variant: variant.to_string(),
                });
            }
            _ => {
                return Err(ExactError::NoTable {
                    variant: variant.to_string(),
                });
            }
        };
        let table = table.map(|p| tables.load(p, game)).transpose()?;
        Ok(Exact {
            game: Some(game),
            table,
            solver,
            bao: None,
        })
    }

    /// Makes sure `path` holds the Oware tablebase of `seeds` seeds: a file there is checked
    /// (header, seeds and checksum), a missing one is built and written atomically. For a loop
    /// that judges Oware without a table of its own (12 seeds build in seconds).
    ///
    /// # Errors
    /// [`ExactError::Tablebase`]: a file there of another game, size or checksum, or one that
    /// cannot be written, named.
    pub fn ensure_oware_table(path: &Path, seeds: u32) -> Result<(), ExactError> {
        if path.exists() {
            Tablebase::load(path, TableGame::Oware, Some(seeds))?;
            return Ok(());
        }
        Tablebase::build(TableGame::Oware, seeds, &|_, _| {})?.save(path)?;
        Ok(())
    }

    /// Whether this variant has exact values (`kalah`, `oware` and `bao-kujifunza`).
    pub fn exists_for(variant: &str) -> bool {
        matches!(variant, "kalah" | "oware" | "bao-kujifunza")
    }

    /// The game and rules of the solver or tables (`None` for Bao la Kujifunza).
    pub fn game(&self) -> Option<TableGame> {
        self.game
    }

    /// Whether every position is valued (by a solver), not only those within a table.
    pub fn values_every_position(&self) -> bool {
        self.bao.is_some() || matches!(self.game, Some(TableGame::Kalah { .. }))
    }

    /// The tablebase, if one was given.
    pub fn table(&self) -> Option<&Tablebase> {
        self.table.as_deref()
    }

    /// A solver for Kalah over this table (`None` for Oware or without `solver`).
    pub fn solver(&self) -> Option<Solver<'static>> {
        match self.game {
            Some(TableGame::Kalah { empty_capture }) if self.solver => Some(Solver::new(
                empty_capture,
                self.table.clone(),
                SolverConfig { tt_log2: 22 },
            )),
            _ => None,
        }
    }

    /// The final margin for the player to move of a position that is not over, from the
    /// table alone; `None` when it holds more seeds in play than the table.
    #[inline]
    pub fn probe<S: State>(&self, state: &S) -> Option<i32> {
        let table = self.table.as_ref()?;
        let (pits, store_diff) = view(state, state.to_move());
        table.probe_pits(&pits).map(|v| v as i32 + store_diff)
    }

    /// The final margin for the player to move under perfect play, from `solver` or the
    /// table; `None` when neither knows it.
    pub fn value<S: State>(&self, solver: Option<&mut Solver<'_>>, state: &S) -> Option<i32> {
        if let Some(game) = &self.bao {
            return bao_value(game, state);
        }
        if let Some(o) = state.outcome() {
            let me = state.to_move().index();
            return Some(o.scores[me] as i32 - o.scores[1 - me] as i32);
        }
        match solver {
            Some(solver) => {
                let (pits, store_diff) = view(state, state.to_move());
                Some(solver.value(&pits) + store_diff)
            }
            None => self.probe(state),
        }
    }

    /// The final margin for the player to move after each legal action under perfect play
    /// (an extra turn or a capture counted from his side), in increasing action order;
    /// `None` when some are not known.
    pub fn move_values<S: State>(
        &self,
        mut solver: Option<&mut Solver<'_>>,
        state: &S,
    ) -> Option<Vec<(Action, i32)>> {
        if let Some(game) = &self.bao {
            return bao_move_values(game, state);
        }
        let me = state.to_move();
        let mut out = Vec::new();
        for a in state.legal_mask().iter() {
            let mut next = state.clone();
            next.play_unchecked(a);
            let v = self.after(solver.as_deref_mut(), &next, me)?;
            out.push((a, v));
        }
        (!out.is_empty()).then_some(out)
    }

    /// The margin for `me`, who just moved into `next`.
    fn after<S: State>(
        &self,
        solver: Option<&mut Solver<'_>>,
        next: &S,
        me: Player,
    ) -> Option<i32> {
        let snap = next.snapshot();
        let still_in_play = snap.pits.iter().any(|&p| p > 0);
        if next.is_terminal() && !still_in_play {
            return Some(snap.stores[me.index()] as i32 - snap.stores[me.other().index()] as i32);
        }
        // A game the engine stopped with seeds in play (Oware's majority rule) is valued as
        // played out, by the tables' convention; the opponent would move next.
        let mover = if next.is_terminal() {
            me.other()
        } else {
            next.to_move()
        };
        let (pits, store_diff) = view(next, mover);
        let v = match solver {
            Some(solver) => solver.value(&pits),
            None => self.table.as_ref()?.probe_pits(&pits)? as i32,
        } + store_diff;
        Some(if mover == me { v } else { -v })
    }
}

/// +1 when the player to move wins `state`, -1 when he loses; `None` when not settled.
fn bao_value<S: State>(game: &Bao, state: &S) -> Option<i32> {
    let s = crate::bao_perfect::position(game, state);
    if let Some(o) = s.outcome() {
        return match o.result {
            mankala_engine::GameResult::Win(p) => Some(if p == s.to_move() { 1 } else { -1 }),
            _ => Some(0),
        };
    }
    let winner = crate::bao_perfect::solver(game)
        .solve(&s, &mut |_| {})
        .winner?;
    Some(if winner == s.to_move() { 1 } else { -1 })
}

/// +1 or -1 for the mover after each legal action; `None` when one is not settled.
fn bao_move_values<S: State>(game: &Bao, state: &S) -> Option<Vec<(Action, i32)>> {
    let s = crate::bao_perfect::position(game, state);
    let moves = crate::bao_perfect::solver(game).moves(&s, &mut |_| {});
    let values: Option<Vec<(Action, i32)>> = moves
        .iter()
        .map(|m| match m.value {
            MoveValue::Wins => Some((m.action, 1)),
            MoveValue::Loses => Some((m.action, -1)),
            MoveValue::Unknown => None,
        })
        .collect();
    values.filter(|v| !v.is_empty())
}

/// The pits seen from `mover` and his store difference.
fn view<S: State>(state: &S, mover: Player) -> ([u8; 12], i32) {
    let snap = state.snapshot();
    let me = mover.index();
    (
        relative_pits(&snap.pits, mover),
        snap.stores[me] as i32 - snap.stores[1 - me] as i32,
    )
}

/// An exact margin as a value in [-1, 1]: the result under perfect play.
pub(crate) fn result_value(margin: i32) -> f32 {
    margin.signum() as f32
}

/// Plays a perfect move of Kalah (one at random among the equally good), from the solver.
#[derive(Debug)]
pub struct PerfectAgent {
    exact: Exact,
    solver: Solver<'static>,
}

impl PerfectAgent {
    /// An agent over Kalah's exact values.
    ///
    /// # Panics
    /// If `exact` has no solver (prepared specs always have one).
    pub fn new(exact: Exact) -> PerfectAgent {
        let solver = exact.solver().expect("perfect play needs the Kalah solver");
        PerfectAgent { exact, solver }
    }

    /// The perfect actions and the margin they keep.
    fn best<S: State>(&mut self, state: &S) -> (Vec<Action>, i32) {
        let values = self
            .exact
            .move_values(Some(&mut self.solver), state)
            .expect("the solver values every position");
        let best = values.iter().map(|&(_, v)| v).max().expect("a legal move");
        let ties = values
            .iter()
            .filter(|&&(_, v)| v == best)
            .map(|&(a, _)| a)
            .collect();
        (ties, best)
    }
}

impl<G: Game> Agent<G> for PerfectAgent {
    fn choose(&mut self, state: &G::State, rng: &mut SmallRng) -> Choice {
        Agent::<G>::analyse(self, state, Budget::Default, rng).into()
    }

    /// Budgets do not apply: the answer is exact. The policy is shared by the perfect moves.
    fn analyse(&mut self, state: &G::State, _budget: Budget, rng: &mut SmallRng) -> Analysis {
        let (ties, best) = self.best(state);
        tied_analysis(&ties, result_value(best), rng)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use mankala_engine::variants::{Kalah, Oware, OwareState};
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::tests::random_positions;

    fn kalah(seeds: u8, empty_capture: bool) -> Kalah {
        Kalah {
            rules: KalahRules {
                seeds_per_hole: seeds,
                empty_capture,
            },
            limits: Kalah::DEFAULT_LIMITS,
        }
    }

    fn rules(g: &Kalah) -> String {
        format!(
            "seeds_per_hole = {}\nempty_capture = {}\n",
            g.rules.seeds_per_hole, g.rules.empty_capture
        )
    }

    /// South's final margin under perfect play, by plain minimax over the engine's moves
    /// (remembering positions already valued).
    fn south_margin<S: State>(s: &S, seen: &mut HashMap<(Vec<u32>, [u32; 2], Player), i32>) -> i32 {
        if let Some(o) = s.outcome() {
            return o.scores[0] as i32 - o.scores[1] as i32;
        }
        let snap = s.snapshot();
        let key = (snap.pits, snap.stores, s.to_move());
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        let values = s.legal_mask().iter().map(|a| {
            let mut n = s.clone();
            n.play_unchecked(a);
            south_margin(&n, seen)
        });
        let v = if s.to_move() == Player::South {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        };
        seen.insert(key, v);
        v
    }

    fn from_south(mover: Player, v: i32) -> i32 {
        if mover == Player::South { v } else { -v }
    }

    #[test]
    fn kalah_values_match_minimax_over_the_engines_moves() {
        for empty_capture in [false, true] {
            let g = kalah(1, empty_capture);
            let exact = Exact::new("kalah", &rules(&g), None, true, &Tables::default()).unwrap();
            let mut solver = exact.solver().unwrap();
            let mut seen = HashMap::new();
            for s in random_positions(&g, 40, 40, 11) {
                let me = s.to_move();
                for (a, v) in exact.move_values(Some(&mut solver), &s).unwrap() {
                    let mut n = s.clone();
                    n.play_unchecked(a);
                    assert_eq!(
                        from_south(me, v),
                        south_margin(&n, &mut seen),
                        "{s}\naction {a}"
                    );
                }
                let v = exact.value(Some(&mut solver), &s).unwrap();
                assert_eq!(from_south(me, v), south_margin(&s, &mut seen), "{s}");
            }
        }
    }

    #[test]
    fn kalah_values_from_a_table_equal_the_solvers() {
        let path = crate::tests::kalah_12_table("exact-k");
        let dir = path.parent().unwrap().to_path_buf();
        // One seed a hole: every position of the game lies within a 12-seed table.
        let g = kalah(1, false);
        let table =
            Exact::new("kalah", &rules(&g), Some(&path), false, &Tables::default()).unwrap();
        let exact = Exact::new("kalah", &rules(&g), None, true, &Tables::default()).unwrap();
        let mut solver = exact.solver().unwrap();
        for s in random_positions(&g, 60, 40, 4) {
            assert_eq!(table.probe(&s), exact.value(Some(&mut solver), &s), "{s}");
            assert_eq!(
                table.move_values(None, &s),
                exact.move_values(Some(&mut solver), &s),
                "{s}"
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_perfect_agent_keeps_the_value_of_the_position() {
        let g = kalah(3, false);
        let exact = Exact::new("kalah", &rules(&g), None, true, &Tables::default()).unwrap();
        let mut agent = PerfectAgent::new(exact.clone());
        let mut solver = exact.solver().unwrap();
        let mut rng = SmallRng::seed_from_u64(5);
        for s in random_positions(&g, 20, 40, 3) {
            let before = exact.value(Some(&mut solver), &s).unwrap();
            let c = Agent::<Kalah>::choose(&mut agent, &s, &mut rng);
            let values = exact.move_values(Some(&mut solver), &s).unwrap();
            let chosen = values.iter().find(|&&(a, _)| a == c.action).unwrap().1;
            assert_eq!(chosen, before, "{s}");
            assert_eq!(c.value, Some(before.signum() as f32));
        }
    }

    #[test]
    fn exact_values_are_refused_where_none_exist() {
        let e = Exact::new("oware", "", None, true, &Tables::default())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("no exact solver") && e.contains("kalah and bao-kujifunza"),
            "{e}"
        );
        let e = Exact::new(
            "bao",
            "",
            Some(Path::new("x.tb")),
            false,
            &Tables::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("no endgame tablebases"), "{e}");
        let e = Exact::new("kalah", "empty_capture = 3", None, true, &Tables::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("kalah rules"), "{e}");
        let e = Exact::new(
            "oware",
            "",
            Some(Path::new("/no/such/table.tb")),
            false,
            &Tables::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("/no/such/table.tb"), "{e}");
    }

    #[test]
    fn oware_probes_add_the_stores_to_the_tables_value_from_the_movers_side() {
        let dir = std::env::temp_dir().join(format!("mankala-exact-o-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("oware-6.tb");
        Tablebase::build(TableGame::Oware, 6, &|_, _| {})
            .unwrap()
            .save(&path)
            .unwrap();
        let exact = Exact::new("oware", "", Some(&path), false, &Tables::default()).unwrap();
        let table = exact.table().unwrap();
        let g = Oware::default();
        let mut rng = SmallRng::seed_from_u64(9);
        for _ in 0..300 {
            let n = rng.random_range(1..=8u32);
            let mut pits = [0u8; 12];
            for _ in 0..n {
                pits[rng.random_range(0..12)] += 1;
            }
            let south = rng.random_range(0..=(48 - n).min(24));
            let north = 48 - n - south;
            if north > 24 {
                continue;
            }
            let to_move = Player::from_index(rng.random_range(0..2));
            let Ok(s) = OwareState::from_parts(&g, pits, [south as u8, north as u8], to_move)
            else {
                continue;
            };
            // A set-up where the player to move has no move is over in play.
            if s.is_terminal() || s.legal_mask().is_empty() {
                continue;
            }
            let me = to_move.index();
            let stores = [south as i32, north as i32];
            let expected = table
                .probe_pits(&relative_pits(&s.snapshot().pits, to_move))
                .map(|v| v as i32 + stores[me] - stores[1 - me]);
            assert_eq!(exact.probe(&s), expected, "{s}");
            assert_eq!(expected.is_some(), n <= 6, "{s}");
            // A move never adds seeds to the board: within the table, every move is valued.
            assert_eq!(exact.move_values(None, &s).is_some(), n <= 6, "{s}");
        }
        std::fs::remove_dir_all(&dir).ok();
    }
}
