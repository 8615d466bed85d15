//! Search and self-play settings: the `[search]` and `[selfplay]` tables of a variant config.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A setting that cannot be used.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SettingsError {
    /// A table did not deserialize (unknown key, wrong type).
    #[error("[{table}]: {message}")]
    Invalid {
        /// The table.
        table: &'static str,
        /// What serde said, naming the key.
        message: String,
    },
    /// A value outside its range.
    #[error("[{table}] {key} = {value}: expected {expected}")]
    OutOfRange {
        /// The table.
        table: &'static str,
        /// The key.
        key: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
}

/// How the search picks a child below the root (and at the root without Gumbel).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Selection {
    /// AlphaZero's PUCT with the evaluator's priors.
    #[default]
    Puct,
    /// UCB1 (priors unused; unvisited children first), as OpenSpiel's `MCTSBot`.
    Uct,
}

/// MCTS settings (`[search]`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SearchConfig {
    /// Simulations per move (a full search).
    pub simulations: u32,
    /// Child selection rule.
    pub selection: Selection,
    /// Exploration constant of PUCT (or of UCT).
    pub c_puct: f32,
    /// First-play urgency: an unvisited child's value is the parent's minus this.
    pub fpu_reduction: f32,
    /// Gumbel root selection with Sequential Halving (Danihelka et al. 2022) instead of
    /// PUCT and Dirichlet noise at the root; meant for few simulations.
    pub gumbel: bool,
    /// Gumbel: most root actions considered.
    pub gumbel_considered: u32,
    /// Gumbel: `c_visit` of the sigma transform of values.
    pub gumbel_c_visit: f32,
    /// Gumbel: `c_scale` of the sigma transform of values.
    pub gumbel_c_scale: f32,
    /// Leaves one game may have waiting for evaluation at once (virtual loss keeps them apart).
    pub leaves_per_game: u32,
    /// Keep the chosen child's subtree for the next move.
    pub reuse_tree: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            simulations: 100,
            selection: Selection::Puct,
            c_puct: 1.5,
            fpu_reduction: 0.2,
            gumbel: false,
            gumbel_considered: 16,
            gumbel_c_visit: 50.0,
            gumbel_c_scale: 1.0,
            leaves_per_game: 1,
            reuse_tree: true,
        }
    }
}

/// Self-play settings (`[selfplay]`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SelfplayConfig {
    /// Dirichlet noise at the root: total concentration, shared over the legal actions
    /// (alpha = total / legal actions, as KataGo scales it to the branching).
    pub dirichlet_total: f32,
    /// Weight of the noise in the root priors (0 turns it off).
    pub dirichlet_weight: f32,
    /// Temperature of the move choice for the first `temperature_plies` plies.
    pub temperature: f32,
    /// Plies played at `temperature`; later moves use `final_temperature`.
    pub temperature_plies: u32,
    /// Temperature after the opening (0: the most visited move).
    pub final_temperature: f32,
    /// Playout cap randomization (KataGo): the share of moves searched with the full
    /// `simulations`; the others use `fast_simulations`, without noise. 1 turns it off.
    pub full_search_prob: f32,
    /// Simulations of a fast search.
    pub fast_simulations: u32,
    /// Resign when the root value for the mover stays below minus this for
    /// `resign_consecutive` of his moves; `None` (the default) never resigns.
    pub resign_threshold: Option<f32>,
    /// See `resign_threshold`.
    pub resign_consecutive: u32,
    /// Games played at once by one worker, their leaves evaluated in one batch.
    pub games_per_worker: u32,
    /// Games per Parquet shard.
    pub games_per_shard: u32,
}

impl Default for SelfplayConfig {
    fn default() -> Self {
        SelfplayConfig {
            dirichlet_total: 10.0,
            dirichlet_weight: 0.25,
            temperature: 1.0,
            temperature_plies: 12,
            final_temperature: 0.0,
            full_search_prob: 1.0,
            fast_simulations: 20,
            resign_threshold: None,
            resign_consecutive: 3,
            games_per_worker: 64,
            games_per_shard: 200,
        }
    }
}

fn check<T: PartialOrd + ToString + Copy>(
    table: &'static str,
    key: &'static str,
    v: T,
    lo: T,
    hi: T,
    expected: &'static str,
) -> Result<(), SettingsError> {
    if v >= lo && v <= hi {
        Ok(())
    } else {
        Err(SettingsError::OutOfRange {
            table,
            key,
            value: v.to_string(),
            expected,
        })
    }
}

impl SearchConfig {
    /// Reads and checks a `[search]` table.
    ///
    /// # Errors
    /// [`SettingsError`] naming the key.
    pub fn from_table(t: &toml::Table) -> Result<Self, SettingsError> {
        let c: SearchConfig = parse("search", t)?;
        c.validate()?;
        Ok(c)
    }

    /// Checks the ranges.
    ///
    /// # Errors
    /// [`SettingsError::OutOfRange`] naming the key.
    pub fn validate(&self) -> Result<(), SettingsError> {
        check(
            "search",
            "simulations",
            self.simulations,
            1,
            10_000_000,
            "1 to 10000000",
        )?;
        check("search", "c_puct", self.c_puct, 0.0, 100.0, "0 to 100")?;
        check(
            "search",
            "fpu_reduction",
            self.fpu_reduction,
            -2.0,
            2.0,
            "-2 to 2",
        )?;
        check(
            "search",
            "gumbel_considered",
            self.gumbel_considered,
            1,
            64,
            "1 to 64",
        )?;
        check(
            "search",
            "gumbel_c_visit",
            self.gumbel_c_visit,
            0.0,
            1e6,
            "0 to 1000000",
        )?;
        check(
            "search",
            "gumbel_c_scale",
            self.gumbel_c_scale,
            0.0,
            1e6,
            "0 to 1000000",
        )?;
        check(
            "search",
            "leaves_per_game",
            self.leaves_per_game,
            1,
            256,
            "1 to 256",
        )?;
        if self.gumbel && self.selection == Selection::Uct {
            return Err(SettingsError::OutOfRange {
                table: "search",
                key: "selection",
                value: "\"uct\"".into(),
                expected: "\"puct\" with gumbel = true (Gumbel needs priors)",
            });
        }
        Ok(())
    }
}

impl SelfplayConfig {
    /// Reads and checks a `[selfplay]` table.
    ///
    /// # Errors
    /// [`SettingsError`] naming the key.
    pub fn from_table(t: &toml::Table) -> Result<Self, SettingsError> {
        let c: SelfplayConfig = parse("selfplay", t)?;
        c.validate()?;
        Ok(c)
    }

    /// Checks the ranges.
    ///
    /// # Errors
    /// [`SettingsError::OutOfRange`] naming the key.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let t = "selfplay";
        check(
            t,
            "dirichlet_total",
            self.dirichlet_total,
            0.001,
            1000.0,
            "0.001 to 1000",
        )?;
        check(
            t,
            "dirichlet_weight",
            self.dirichlet_weight,
            0.0,
            1.0,
            "0 to 1",
        )?;
        check(t, "temperature", self.temperature, 0.0, 100.0, "0 to 100")?;
        check(
            t,
            "final_temperature",
            self.final_temperature,
            0.0,
            100.0,
            "0 to 100",
        )?;
        check(
            t,
            "full_search_prob",
            self.full_search_prob,
            0.0,
            1.0,
            "0 to 1",
        )?;
        check(
            t,
            "fast_simulations",
            self.fast_simulations,
            1,
            10_000_000,
            "1 to 10000000",
        )?;
        if let Some(r) = self.resign_threshold {
            check(t, "resign_threshold", r, 0.0, 1.0, "0 to 1")?;
        }
        check(
            t,
            "resign_consecutive",
            self.resign_consecutive,
            1,
            1000,
            "1 to 1000",
        )?;
        check(
            t,
            "games_per_worker",
            self.games_per_worker,
            1,
            4096,
            "1 to 4096",
        )?;
        check(
            t,
            "games_per_shard",
            self.games_per_shard,
            1,
            1_000_000,
            "1 to 1000000",
        )?;
        Ok(())
    }
}

fn parse<T: serde::de::DeserializeOwned>(
    table: &'static str,
    t: &toml::Table,
) -> Result<T, SettingsError> {
    mankala_engine::deserialize_table(t)
        .map_err(|message| SettingsError::Invalid { table, message })
}

/// A config file (`configs/<variant>.toml`) as written: the variant and its tables, each
/// checked later by the crate that owns it. Unknown top-level keys are refused.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    /// The variant's name.
    pub variant: String,
    /// `[rules]`.
    #[serde(default)]
    pub rules: toml::Table,
    /// `[limits]`.
    #[serde(default)]
    pub limits: toml::Table,
    /// `[search]`.
    #[serde(default)]
    pub search: toml::Table,
    /// `[selfplay]`.
    #[serde(default)]
    pub selfplay: toml::Table,
    /// `[network]`.
    #[serde(default)]
    pub network: toml::Table,
    /// `[train]` (the trainer's).
    #[serde(default)]
    pub train: toml::Table,
    /// `[loop]` (the trainer's).
    #[serde(default, rename = "loop")]
    pub loop_: toml::Table,
}
