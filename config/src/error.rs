//! What is wrong with a setting: one error type for every table, naming the table and key.

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
        key: String,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
}

impl SettingsError {
    /// `[table] key = value: expected ...`.
    pub fn out_of_range(
        table: &'static str,
        key: &str,
        value: impl ToString,
        expected: &str,
    ) -> SettingsError {
        SettingsError::OutOfRange {
            table,
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        }
    }
}

/// `Ok` when `v` lies in `range`, else the error `[table] key = v: expected LO to HI`: the
/// bounds are written once, and the message is made from them.
pub(crate) fn in_range<T: PartialOrd + std::fmt::Display>(
    table: &'static str,
    key: &str,
    v: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<(), SettingsError> {
    if range.contains(&v) {
        Ok(())
    } else {
        let expected = format!("{} to {}", range.start(), range.end());
        Err(SettingsError::out_of_range(table, key, v, &expected))
    }
}

pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    table: &'static str,
    t: &toml::Table,
) -> Result<T, SettingsError> {
    mankala_engine::deserialize_table(t)
        .map_err(|message| SettingsError::Invalid { table, message })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_check_writes_its_bounds_into_the_message() {
        assert_eq!(in_range("loop", "games", 5u64, 1..=100_000_000), Ok(()));
        let e = in_range("loop", "games", 0u64, 1..=100_000_000).unwrap_err();
        assert_eq!(e.to_string(), "[loop] games = 0: expected 1 to 100000000");
        let e = in_range("search", "fpu_reduction", 2.5f32, -2.0..=2.0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "[search] fpu_reduction = 2.5: expected -2 to 2"
        );
        let e = in_range("search", "gumbel_c_visit", -1.0f64, 0.0..=1e6).unwrap_err();
        assert_eq!(
            e.to_string(),
            "[search] gumbel_c_visit = -1: expected 0 to 1000000"
        );
    }
}
