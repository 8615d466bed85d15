//! MCTS settings: the `[search]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, in_range, parse};

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

/// Where a network's leaf evaluations run (`[search] inference`, docs/gpu.md).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Inference {
    /// The inference service on a GPU, each search thread's own batches on the CPU.
    #[default]
    Auto,
    /// Each search thread runs its own batches of leaves through the network.
    Thread,
    /// One inference thread per network gathers every search thread's leaves into batches
    /// of a few fixed sizes (padded), as KataGo's and Leela's network servers do.
    Service,
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
    /// Weight of one random playout in a network's leaf values: `(1 - rollout_mix) *
    /// network value + rollout_mix * playout result` (AlphaGo's mixed evaluation); 0: the
    /// network's value alone. Self-play, the loop's arenas and `nn` agents use it.
    pub rollout_mix: f32,
    /// Weight of the network's score head in its leaf values: `(1 - score_mix) * value +
    /// score_mix * score`, the score being the predicted final seed margin for the player to
    /// move squashed as `tanh(margin / [network] score_scale)` (KataGo's score utility); 0: the
    /// value alone. Needs a network with a score head (`[network] score_head`).
    pub score_mix: f32,
    /// Where the network's leaf evaluations run: `auto` (the service on a GPU, the search
    /// threads' own batches on the CPU), `thread` or `service`.
    pub inference: Inference,
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
            rollout_mix: 0.0,
            score_mix: 0.0,
            inference: Inference::Auto,
        }
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
        in_range("search", "simulations", self.simulations, 1..=10_000_000)?;
        in_range("search", "c_puct", self.c_puct, 0.0..=100.0)?;
        in_range("search", "fpu_reduction", self.fpu_reduction, -2.0..=2.0)?;
        in_range(
            "search",
            "gumbel_considered",
            self.gumbel_considered,
            1..=64,
        )?;
        in_range("search", "gumbel_c_visit", self.gumbel_c_visit, 0.0..=1e6)?;
        in_range("search", "gumbel_c_scale", self.gumbel_c_scale, 0.0..=1e6)?;
        in_range("search", "leaves_per_game", self.leaves_per_game, 1..=256)?;
        in_range("search", "rollout_mix", self.rollout_mix, 0.0..=1.0)?;
        in_range("search", "score_mix", self.score_mix, 0.0..=1.0)?;
        if self.gumbel && self.selection == Selection::Uct {
            return Err(SettingsError::out_of_range(
                "search",
                "selection",
                "\"uct\"",
                "\"puct\" with gumbel = true (Gumbel needs priors)",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(text: &str) -> Result<SearchConfig, SettingsError> {
        SearchConfig::from_table(&toml::from_str(text).unwrap())
    }

    /// A weight `key` of `[search]`: `0.5` kept, 0 by default, and outside 0 to 1 refused
    /// naming the key.
    fn a_weight_from_0_to_1(key: &str, get: fn(&SearchConfig) -> f32) {
        assert_eq!(get(&search(&format!("{key} = 0.5")).unwrap()), 0.5);
        assert_eq!(get(&search("").unwrap()), 0.0);
        for bad in ["1.5", "-0.1", "nan"] {
            let e = search(&format!("{key} = {bad}")).unwrap_err().to_string();
            assert!(
                e.contains(&format!("[search] {key}")) && e.contains("0 to 1"),
                "{e}"
            );
        }
    }

    #[test]
    fn inference_is_auto_by_default_and_other_names_are_refused_by_key() {
        assert_eq!(search("").unwrap().inference, Inference::Auto);
        assert_eq!(
            search("inference = \"service\"").unwrap().inference,
            Inference::Service
        );
        let e = search("inference = \"gpu\"").unwrap_err().to_string();
        assert!(e.contains("inference") && e.contains("gpu"), "{e}");
    }

    #[test]
    fn a_rollout_mix_outside_0_to_1_is_named() {
        a_weight_from_0_to_1("rollout_mix", |c| c.rollout_mix);
    }

    #[test]
    fn a_score_mix_outside_0_to_1_is_named() {
        a_weight_from_0_to_1("score_mix", |c| c.score_mix);
    }
}
