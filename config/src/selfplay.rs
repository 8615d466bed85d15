//! Self-play settings: the `[selfplay]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, in_range, parse};

/// Self-play settings (`[selfplay]`).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct SelfplayConfig {
    /// Dirichlet noise at the root: total concentration, shared over the legal actions
    /// (alpha = total / legal actions, as KataGo scales it to the branching).
    pub dirichlet_total: f32,
    /// Weight of the noise in the root priors (0 turns it off).
    pub dirichlet_weight: f32,
    /// Root policy temperature of a full search (KataGo's): the root's priors are raised to
    /// `1 / root_policy_temperature` and renormalised before the noise, so that above 1 the
    /// search tries moves the network rates low more often (1: the priors as they are; PUCT
    /// only).
    pub root_policy_temperature: f32,
    /// Forced playouts with policy target pruning at the root of a full search (KataGo's,
    /// coefficient `k`, 2 there): a child already tried, with fewer visits than `sqrt(k *
    /// prior * the children's visits)`, is searched first, and the policy target and the
    /// move choice take those visits back where PUCT alone would not have spent them. 0: off
    /// (PUCT only).
    pub forced_playouts: f32,
    /// Policy-surprise weighting (KataGo's, 0.5 there): at a game's end, this share of the
    /// weight of its full-search rows on the game's path is handed out in proportion to each
    /// row's surprise, the KL divergence of its policy target from the root priors its
    /// search used; the rest stays spread evenly. The game's rows keep their total weight,
    /// and training draws a row as often as its weight says (the shard's `weight` column).
    /// 0: every row weighs 1.
    pub policy_surprise_weight: f32,
    /// The game's first plies played uniformly at random among the legal moves (each is
    /// still searched and recorded, with its search's targets), so that self-play starts
    /// from as many openings as an arena's `--opening-plies`; 0: none.
    pub random_plies: u32,
    /// Side positions (KataGo's): after a full search at or past `random_plies`, with this
    /// probability a move other than the one played is drawn from the root's priors, and the
    /// position it leads to is searched once the game has ended. Its row trains the policy
    /// on that search and the value on the search's own root value, since no game result
    /// reaches it (the row's `side` column). 0: none.
    pub side_position_prob: f32,
    /// After a side position's search, the probability that its chosen move is played and
    /// the position after it searched and recorded too, again and again (KataGo's 0.25).
    pub side_position_continue: f32,
    /// Temperature of the move choice for the first `temperature_plies` plies: of the visit
    /// counts, or under Gumbel search of its improved policy.
    pub temperature: f32,
    /// Plies played at `temperature`; later moves use `final_temperature`.
    pub temperature_plies: u32,
    /// Temperature after the opening (0: the most visited move, or Gumbel's Sequential Halving
    /// winner).
    pub final_temperature: f32,
    /// A temperature that decays (KataGo's, 19 moves on 19x19): within the first
    /// `temperature_plies` plies, ply `p` is chosen at `final_temperature + (temperature -
    /// final_temperature) * 0.5^(p / temperature_half_life)`, so the game's later moves, whose
    /// result becomes every row's value target, are played nearly as the search advises. 0:
    /// no decay (`temperature` throughout the first `temperature_plies` plies).
    pub temperature_half_life: f32,
    /// Decided positions (KataGo's reduced visits): once the game's last `decided_lookback`
    /// searches on its path all valued the position at least this far from even (`|root
    /// value| >= decided_threshold`, each for its mover), the position is searched fast
    /// (`fast_simulations`, no noise, no policy target) and its row weighs `decided_weight`,
    /// so training spends little on positions whose result is already known. `None` (the
    /// default): every position as any other.
    pub decided_threshold: Option<f32>,
    /// See `decided_threshold`: searches on the game's path that must all be confident.
    pub decided_lookback: u32,
    /// See `decided_threshold`: the training weight of a decided position's row (the shard's
    /// `weight` column).
    pub decided_weight: f32,
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
            root_policy_temperature: 1.0,
            forced_playouts: 0.0,
            policy_surprise_weight: 0.0,
            random_plies: 0,
            side_position_prob: 0.0,
            side_position_continue: 0.25,
            temperature: 1.0,
            temperature_plies: 12,
            final_temperature: 0.0,
            temperature_half_life: 0.0,
            decided_threshold: None,
            decided_lookback: 3,
            decided_weight: 0.1,
            full_search_prob: 1.0,
            fast_simulations: 20,
            resign_threshold: None,
            resign_consecutive: 3,
            games_per_worker: 64,
            games_per_shard: 200,
        }
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
        in_range(t, "dirichlet_total", self.dirichlet_total, 0.001..=1000.0)?;
        in_range(t, "dirichlet_weight", self.dirichlet_weight, 0.0..=1.0)?;
        in_range(
            t,
            "root_policy_temperature",
            self.root_policy_temperature,
            0.1..=10.0,
        )?;
        in_range(t, "forced_playouts", self.forced_playouts, 0.0..=100.0)?;
        in_range(
            t,
            "policy_surprise_weight",
            self.policy_surprise_weight,
            0.0..=1.0,
        )?;
        in_range(t, "random_plies", self.random_plies, 0..=1000)?;
        in_range(t, "side_position_prob", self.side_position_prob, 0.0..=1.0)?;
        in_range(
            t,
            "side_position_continue",
            self.side_position_continue,
            0.0..=0.95,
        )?;
        in_range(t, "temperature", self.temperature, 0.0..=100.0)?;
        in_range(t, "final_temperature", self.final_temperature, 0.0..=100.0)?;
        in_range(
            t,
            "temperature_half_life",
            self.temperature_half_life,
            0.0..=10_000.0,
        )?;
        if let Some(d) = self.decided_threshold {
            in_range(t, "decided_threshold", d, 0.0..=1.0)?;
        }
        in_range(t, "decided_lookback", self.decided_lookback, 1..=1000)?;
        in_range(t, "decided_weight", self.decided_weight, 0.0..=1.0)?;
        in_range(t, "full_search_prob", self.full_search_prob, 0.0..=1.0)?;
        in_range(t, "fast_simulations", self.fast_simulations, 1..=10_000_000)?;
        if let Some(r) = self.resign_threshold {
            in_range(t, "resign_threshold", r, 0.0..=1.0)?;
        }
        in_range(t, "resign_consecutive", self.resign_consecutive, 1..=1000)?;
        in_range(t, "games_per_worker", self.games_per_worker, 1..=4096)?;
        in_range(t, "games_per_shard", self.games_per_shard, 1..=1_000_000)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<SelfplayConfig, SettingsError> {
        SelfplayConfig::from_table(&toml::from_str(text).unwrap())
    }

    #[test]
    fn exploration_settings_default_to_off_and_out_of_range_values_are_named() {
        let d = read("").unwrap();
        assert_eq!(
            (
                d.forced_playouts,
                d.policy_surprise_weight,
                d.root_policy_temperature
            ),
            (0.0, 0.0, 1.0)
        );
        assert_eq!(
            (d.side_position_prob, d.side_position_continue),
            (0.0, 0.25)
        );
        let t = read(
            "forced_playouts = 2.0\npolicy_surprise_weight = 0.5\nroot_policy_temperature = 1.25",
        )
        .unwrap();
        assert_eq!(
            (
                t.forced_playouts,
                t.policy_surprise_weight,
                t.root_policy_temperature
            ),
            (2.0, 0.5, 1.25)
        );
        assert_eq!(
            (
                d.temperature_half_life,
                d.decided_threshold,
                d.decided_lookback,
                d.decided_weight
            ),
            (0.0, None, 3, 0.1)
        );
        let t = read(
            "temperature_half_life = 8.0\ndecided_threshold = 0.9\ndecided_lookback = 2\ndecided_weight = 0.25",
        )
        .unwrap();
        assert_eq!(
            (
                t.temperature_half_life,
                t.decided_threshold,
                t.decided_lookback,
                t.decided_weight
            ),
            (8.0, Some(0.9), 2, 0.25)
        );
        let t = read("side_position_prob = 0.05\nside_position_continue = 0.5").unwrap();
        assert_eq!(
            (t.side_position_prob, t.side_position_continue),
            (0.05, 0.5)
        );
        for (key, bads, range) in [
            ("forced_playouts", &["-0.5", "101.0", "nan"][..], "0 to 100"),
            ("policy_surprise_weight", &["-0.1", "1.5"][..], "0 to 1"),
            (
                "root_policy_temperature",
                &["0.0", "-1.0", "11.0", "nan"][..],
                "0.1 to 10",
            ),
            ("side_position_prob", &["1.5", "-0.1"][..], "0 to 1"),
            ("side_position_continue", &["1.0", "nan"][..], "0 to 0.95"),
            (
                "temperature_half_life",
                &["-1.0", "nan", "1e5"][..],
                "0 to 10000",
            ),
            ("decided_threshold", &["-0.1", "1.5", "nan"][..], "0 to 1"),
            ("decided_lookback", &["0", "1001"][..], "1 to 1000"),
            ("decided_weight", &["-0.5", "2.0", "nan"][..], "0 to 1"),
        ] {
            for bad in bads {
                let e = read(&format!("{key} = {bad}")).unwrap_err().to_string();
                assert!(
                    e.contains(&format!("[selfplay] {key}")) && e.contains(range),
                    "{key} = {bad}: {e}"
                );
            }
        }
    }
}
