//! Network settings: the `[network]` table of a variant config.

use serde::{Deserialize, Serialize};

/// The network's shape.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct NetworkConfig {
    /// Width of the hidden layers.
    pub width: usize,
    /// Residual blocks (two linear layers each) after the input layer.
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_width: usize,
}

impl Default for NetworkConfig {
    fn default() -> Self {
        NetworkConfig {
            width: 128,
            blocks: 2,
            value_width: 64,
        }
    }
}

impl NetworkConfig {
    /// Reads and checks a `[network]` table.
    ///
    /// # Errors
    /// A message naming the key that is unknown, of the wrong type, or out of range.
    pub fn from_table(t: &toml::Table) -> Result<Self, String> {
        let c: NetworkConfig =
            mankala_engine::deserialize_table(t).map_err(|e| format!("[network]: {e}"))?;
        c.check("[network] ")?;
        Ok(c)
    }

    /// Checks the sizes; an error names the key as `prefix` followed by its name (e.g.
    /// `"[network] "` gives `[network] width`).
    ///
    /// # Errors
    /// A message naming the key that is out of range and the range expected.
    pub fn check(&self, prefix: &str) -> Result<(), String> {
        for (key, v, lo, hi) in [
            ("width", self.width, 1, 4096),
            ("blocks", self.blocks, 0, 64),
            ("value_width", self.value_width, 1, 4096),
        ] {
            if !(lo..=hi).contains(&v) {
                return Err(format!("{prefix}{key} = {v}: expected {lo} to {hi}"));
            }
        }
        Ok(())
    }
}
