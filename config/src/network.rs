//! Network settings: the `[network]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, parse};

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
    /// [`SettingsError`] naming the key that is unknown, of the wrong type, or out of range.
    pub fn from_table(t: &toml::Table) -> Result<Self, SettingsError> {
        let c: NetworkConfig = parse("network", t)?;
        c.check("network", "")?;
        Ok(c)
    }

    /// Checks the sizes; an error names the key in `table` as `prefix` followed by its name
    /// (`("loop", "grow[0].")` gives `[loop] grow[0].width`).
    ///
    /// # Errors
    /// [`SettingsError::OutOfRange`] naming the key and the range expected.
    pub fn check(&self, table: &'static str, prefix: &str) -> Result<(), SettingsError> {
        for (key, v, lo, hi) in [
            ("width", self.width, 1, 4096),
            ("blocks", self.blocks, 0, 64),
            ("value_width", self.value_width, 1, 4096),
        ] {
            if !(lo..=hi).contains(&v) {
                return Err(SettingsError::out_of_range(
                    table,
                    &format!("{prefix}{key}"),
                    v,
                    &format!("{lo} to {hi}"),
                ));
            }
        }
        Ok(())
    }
}
