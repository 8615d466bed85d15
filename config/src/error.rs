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

pub(crate) fn check<T: PartialOrd + ToString + Copy>(
    table: &'static str,
    key: &str,
    v: T,
    lo: T,
    hi: T,
    expected: &str,
) -> Result<(), SettingsError> {
    if v >= lo && v <= hi {
        Ok(())
    } else {
        Err(SettingsError::out_of_range(table, key, v, expected))
    }
}

pub(crate) fn parse<T: serde::de::DeserializeOwned>(
    table: &'static str,
    t: &toml::Table,
) -> Result<T, SettingsError> {
    mankala_engine::deserialize_table(t)
        .map_err(|message| SettingsError::Invalid { table, message })
}
