//! Network settings: the `[network]` table.

use serde::{Deserialize, Serialize};

use crate::error::{SettingsError, in_range, parse};

/// The network's shape.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct NetworkConfig {
    /// The network's architecture.
    pub kind: NetworkKind,
    /// Width of the hidden layers (`mlp`), or channels per hole (`ring`).
    pub width: usize,
    /// Residual blocks (two linear layers each, or two ring convolutions) after the input
    /// layer.
    pub blocks: usize,
    /// Width of the value head's hidden layer.
    pub value_width: usize,
    /// The encoding of positions the network reads (`mankala_engine::encoding`): 1, each
    /// hole's seeds as one scaled value; 2, those and a thermometer code of each hole.
    pub encoding: u32,
    /// A second output beside the value: the game's final seed margin for the player to
    /// move, as `tanh(margin / score_scale)`, read from the value head's hidden layer and
    /// trained beside the value (KataGo's score head; `[train] score_weight`). The search
    /// mixes it into its leaf values by `[search] score_mix`.
    pub score_head: bool,
    /// Seeds of margin the score head reads as `tanh(1)`.
    pub score_scale: f32,
}

/// A network's architecture (`[network] kind`).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum NetworkKind {
    /// A residual MLP over the flat encoding.
    #[default]
    Mlp,
    /// Convolutions around the ring of holes (each hole's values and the facing side's as
    /// channels, circular padding), the rest of the encoding added to every hole, global
    /// pooling for the value (`models::net`).
    Ring,
}

impl Default for NetworkConfig {
    fn default() -> Self {
        NetworkConfig {
            kind: NetworkKind::Mlp,
            width: 128,
            blocks: 2,
            value_width: 64,
            encoding: mankala_engine::ENCODING_VERSION,
            score_head: false,
            score_scale: 8.0,
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
        let key = |name: &str| format!("{prefix}{name}");
        in_range(table, &key("width"), self.width, 1..=4096)?;
        in_range(table, &key("blocks"), self.blocks, 0..=64)?;
        in_range(table, &key("value_width"), self.value_width, 1..=4096)?;
        if !(self.score_scale > 0.0 && self.score_scale <= 1000.0) {
            return Err(SettingsError::out_of_range(
                table,
                &key("score_scale"),
                self.score_scale,
                "above 0, at most 1000",
            ));
        }
        in_range(
            table,
            &key("encoding"),
            self.encoding,
            1..=mankala_engine::LATEST_ENCODING,
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encoding_defaults_to_version_one_and_a_version_the_build_lacks_is_named() {
        let table = |text: &str| NetworkConfig::from_table(&toml::from_str(text).unwrap());
        assert_eq!(table("width = 32").unwrap().encoding, 1);
        assert_eq!(table("encoding = 2").unwrap().encoding, 2);
        let e = table("encoding = 3").unwrap_err().to_string();
        assert!(
            e.contains("[network] encoding") && e.contains("1 to 2"),
            "{e}"
        );
    }

    #[test]
    fn the_kind_defaults_to_the_mlp_and_an_unknown_kind_is_named() {
        let table = |text: &str| NetworkConfig::from_table(&toml::from_str(text).unwrap());
        assert_eq!(table("width = 32").unwrap().kind, NetworkKind::Mlp);
        assert_eq!(table("kind = \"ring\"").unwrap().kind, NetworkKind::Ring);
        let e = table("kind = \"conv\"").unwrap_err().to_string();
        assert!(e.contains("kind") && e.contains("ring"), "{e}");
    }

    #[test]
    fn the_score_head_is_off_by_default_and_its_scale_is_checked() {
        let table = |text: &str| NetworkConfig::from_table(&toml::from_str(text).unwrap());
        let plain = table("width = 32").unwrap();
        assert!(!plain.score_head);
        assert_eq!(plain.score_scale, 8.0);
        let scored = table("score_head = true\nscore_scale = 32.0").unwrap();
        assert!(scored.score_head && scored.score_scale == 32.0);
        for bad in ["0.0", "-1.0", "5000.0"] {
            let e = table(&format!("score_scale = {bad}"))
                .unwrap_err()
                .to_string();
            assert!(e.contains("[network] score_scale"), "{e}");
        }
    }
}
