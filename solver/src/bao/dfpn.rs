//! Depth-first proof-number search (df-pn, Nagai 2002) over the engine's own Bao la Kujifunza
//! moves: does the `attacker` win from a position, whatever the other player does?
//!
//! The search is in negamax form: every position holds a proof number `phi` (how hard it is
//! to prove that the player to move there wins) and a disproof number `delta` (that he
//! loses), with `phi(n) = min delta(child)` and `delta(n) = sum phi(child)`. A position not
//! yet searched starts at `phi = 1` and `delta` = its number of legal moves (every one of them
//! must be refuted to prove a loss). The most-proving child is searched with thresholds
//! widened by `1 + epsilon` (Pawlewicz and Lew's 1+epsilon trick) so that the search does not
//! thrash between two siblings.
//!
//! Repetition: a position already on the current line counts as not won by the attacker
//! (the game would go on to the engine's ply cap, which is not a win). A proved win therefore
//! never rests on a repetition; a disproof may, and, since the table stores results without
//! their line, a disproof can be too pessimistic for the attacker in another line (the
//! graph-history interaction). Wins are exact and the proof checker replays every one of
//! them; a "not proved" is exact only when no repetition was met ([`Outcome::repetitions`]).

use std::time::{Duration, Instant};

use mankala_engine::variants::BaoState;
use mankala_engine::{Action, GameResult, Player, State};

use super::key::Key;
use super::table::{Entry, INF, Table};

/// Settings of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnConfig {
    /// The transposition table's capacity in entries.
    pub table_entries: usize,
    /// Stop after this many nodes (positions expanded), with the bounds reached.
    pub max_nodes: Option<u64>,
    /// The 1+epsilon trick's epsilon (0.25 is the published default).
    pub epsilon: f64,
}

impl Default for DfpnConfig {
    fn default() -> DfpnConfig {
        DfpnConfig {
            table_entries: 1 << 24,
            max_nodes: None,
            epsilon: 0.25,
        }
    }
}

/// The answer for the attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The attacker wins, whatever the defender plays.
    Proved,
    /// The attacker cannot force a win (the defender wins, or repeats).
    Disproved,
    /// The node budget ran out first.
    Unknown,
}

/// The result of one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The answer.
    pub verdict: Verdict,
    /// The root's proof and disproof numbers for the attacker (0 and `INF` when proved).
    pub phi: u32,
    /// See `phi`.
    pub delta: u32,
    /// Along the proof: plies to the end of the longest line the defender can choose.
    pub plies: Option<u16>,
    /// Positions expanded by this search.
    pub nodes: u64,
    /// Times this search found a position on its own line (0: the verdict is exact either
    /// way).
    pub repetitions: u64,
    /// Wall time of this search.
    pub elapsed: Duration,
}

/// Progress of a long search, told every 2^16 nodes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Positions expanded so far by this search.
    pub nodes: u64,
    /// Entries in the table.
    pub entries: usize,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The current line's length.
    pub depth: usize,
}

/// A position's numbers as seen from its own mover, and the proved line's length.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Numbers {
    phi: u32,
    delta: u32,
    plies: u16,
}

/// A df-pn search for one attacker, with its table (kept between searches of the same
/// attacker, so that solving the start and then each first move shares the work).
#[derive(Debug)]
pub struct Dfpn {
    attacker: Player,
    table: Table,
    config: DfpnConfig,
    /// Keys of the current line, root first.
    line: Vec<Key>,
    nodes: u64,
    /// `nodes` when the current search began.
    first_node: u64,
    repetitions: u64,
    budget: u64,
    started: Instant,
}

impl Dfpn {
    /// A search proving wins for `attacker`.
    pub fn new(attacker: Player, config: DfpnConfig) -> Dfpn {
        Dfpn {
            attacker,
            table: Table::new(config.table_entries),
            config,
            line: Vec::new(),
            nodes: 0,
            first_node: 0,
            repetitions: 0,
            budget: u64::MAX,
            started: Instant::now(),
        }
    }

    /// The player whose wins are proved.
    pub fn attacker(&self) -> Player {
        self.attacker
    }

    /// The table (for statistics, and for reading a proof back).
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Positions expanded by every search so far.
    pub fn total_nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the attacker wins from `state`; `progress` is told every 2^16 nodes.
    pub fn solve(&mut self, state: &BaoState, progress: &mut dyn FnMut(&Progress)) -> Outcome {
        let start_nodes = self.nodes;
        self.first_node = self.nodes;
        let start_reps = self.repetitions;
        self.started = Instant::now();
        self.budget = self
            .config
            .max_nodes
            .map_or(u64::MAX, |m| self.nodes.saturating_add(m));
        self.line.clear();
        let mover = state.to_move();
        let key = Key::of(state);
        let n = loop {
            let n = self.numbers(state, key, mover);
            if n.phi == 0 || n.delta == 0 || self.nodes >= self.budget {
                break n;
            }
            self.mid(state, key, INF, INF, progress);
        };
        let (phi, delta) = if mover == self.attacker {
            (n.phi, n.delta)
        } else {
            (n.delta, n.phi)
        };
        let verdict = if phi == 0 {
            Verdict::Proved
        } else if delta == 0 {
            Verdict::Disproved
        } else {
            Verdict::Unknown
        };
        Outcome {
            verdict,
            phi,
            delta,
            plies: (verdict != Verdict::Unknown).then_some(n.plies),
            nodes: self.nodes - start_nodes,
            repetitions: self.repetitions - start_reps,
            elapsed: self.started.elapsed(),
        }
    }

    /// The settled or estimated numbers of a position, for `mover`, the player whose turn
    /// it is after the move that led there (a finished game may name either player to move):
    /// the end of the game, a repetition, the table, or a first estimate.
    pub(crate) fn numbers(&mut self, state: &BaoState, key: Key, mover: Player) -> Numbers {
        if let Some(n) = self.end(state, mover) {
            return n;
        }
        debug_assert_eq!(state.to_move(), mover, "moves alternate in bao-kujifunza");
        if self.line.contains(&key) {
            self.repetitions += 1;
            return self.not_won_by_attacker(mover);
        }
        match self.table.get(&key) {
            Some(e) => Numbers {
                phi: e.phi,
                delta: e.delta,
                plies: e.plies,
            },
            None => Numbers {
                phi: 1,
                delta: state.legal_mask().count().max(1),
                plies: 0,
            },
        }
    }

    /// The numbers of a finished game for `mover`: a win for its winner, anything else (a
    /// cap) a loss for the attacker.
    fn end(&self, state: &BaoState, mover: Player) -> Option<Numbers> {
        let outcome = state.outcome()?;
        Some(match outcome.result {
            GameResult::Win(p) if p == mover => won(0),
            GameResult::Win(_) => lost(0),
            _ => self.not_won_by_attacker(mover),
        })
    }

    /// A position the attacker does not win, from `mover`'s side.
    fn not_won_by_attacker(&self, mover: Player) -> Numbers {
        if mover == self.attacker {
            lost(0)
        } else {
            won(0)
        }
    }

    /// Searches `state` until its numbers reach a threshold (or the budget runs out), and
    /// stores them.
    fn mid(
        &mut self,
        state: &BaoState,
        key: Key,
        th_phi: u32,
        th_delta: u32,
        progress: &mut dyn FnMut(&Progress),
    ) {
        self.nodes += 1;
        if self.nodes & 0xFFFF == 0 {
            progress(&Progress {
                nodes: self.nodes - self.first_node,
                entries: self.table.len(),
                elapsed: self.started.elapsed(),
                depth: self.line.len(),
            });
        }
        let before = self.nodes;
        // Each child's position and key, made once for every pass of the loop below.
        let children: Vec<(BaoState, Key)> = state
            .legal_mask()
            .iter()
            .map(|a| {
                let c = child(state, a);
                let k = Key::of(&c);
                (c, k)
            })
            .collect();
        self.line.push(key);
        let mut n;
        loop {
            let (numbers, best, second) = self.combine(&children, state.to_move().other());
            n = numbers;
            if n.phi >= th_phi || n.delta >= th_delta || self.nodes >= self.budget {
                break;
            }
            let Some((i, best_phi)) = best else { break };
            // The child may take the parent's delta up to its threshold, and its own delta up
            // to just past the second-best sibling's (widened by epsilon).
            let th_phi_child = th_delta
                .saturating_sub(n.delta)
                .saturating_add(best_phi)
                .min(INF);
            let widened = ((f64::from(second) * (1.0 + self.config.epsilon)).ceil() as u32)
                .max(second.saturating_add(1));
            let th_delta_child = th_phi.min(widened).min(INF);
            let (c, k) = &children[i];
            self.mid(c, *k, th_phi_child, th_delta_child, progress);
        }
        self.line.pop();
        let work = u32::try_from(self.nodes - before + 1).unwrap_or(u32::MAX);
        self.table.store(
            key,
            Entry {
                phi: n.phi,
                delta: n.delta,
                work,
                plies: n.plies,
            },
        );
    }

    /// A position's numbers from its children's: `phi = min delta`, `delta = sum phi`; the
    /// most proving child (least delta) with its phi, and the second least delta.
    fn combine(
        &mut self,
        children: &[(BaoState, Key)],
        mover: Player,
    ) -> (Numbers, Option<(usize, u32)>, u32) {
        let mut phi = INF;
        let mut delta = 0u32;
        let mut best: Option<(usize, u32)> = None;
        let mut best_delta = INF;
        let mut second = INF;
        let mut win_plies = u16::MAX;
        let mut loss_plies = 0u16;
        for (i, (c, k)) in children.iter().enumerate() {
            let cn = self.numbers(c, *k, mover);
            phi = phi.min(cn.delta);
            delta = delta.saturating_add(cn.phi).min(INF);
            if cn.delta == 0 {
                win_plies = win_plies.min(cn.plies.saturating_add(1));
            }
            loss_plies = loss_plies.max(cn.plies.saturating_add(1));
            if cn.delta < best_delta {
                second = best_delta;
                best_delta = cn.delta;
                best = Some((i, cn.phi));
            } else if cn.delta < second {
                second = cn.delta;
            }
        }
        let numbers = if phi == 0 {
            won(win_plies)
        } else if delta == 0 {
            lost(loss_plies)
        } else {
            Numbers {
                phi,
                delta,
                plies: 0,
            }
        };
        (numbers, best, second)
    }

    /// Each legal move of a settled position with its numbers, for reading a proof back.
    pub(crate) fn children(&mut self, state: &BaoState) -> Vec<(Action, BaoState, Numbers)> {
        let mover = state.to_move().other();
        state
            .legal_mask()
            .iter()
            .map(|a| {
                let c = child(state, a);
                let n = self.numbers(&c, Key::of(&c), mover);
                (a, c, n)
            })
            .collect()
    }
}

impl Numbers {
    /// Whether the mover is proved to win.
    pub(crate) fn won(&self) -> bool {
        self.phi == 0
    }
    /// Whether the mover is proved to lose.
    pub(crate) fn lost(&self) -> bool {
        self.delta == 0
    }
    /// Plies to the end along the proof.
    pub(crate) fn plies(&self) -> u16 {
        self.plies
    }
}

/// A won position's numbers.
fn won(plies: u16) -> Numbers {
    Numbers {
        phi: 0,
        delta: INF,
        plies,
    }
}

/// A lost position's numbers.
fn lost(plies: u16) -> Numbers {
    Numbers {
        phi: INF,
        delta: 0,
        plies,
    }
}

/// The position after a legal action.
fn child(state: &BaoState, a: Action) -> BaoState {
    let mut c = state.clone();
    c.play_unchecked(a);
    c
}
