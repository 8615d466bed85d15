//! Config resolution lives in `mankala_pipeline::config`; the command line reaches it here,
//! with its errors as `anyhow` errors.

use std::path::Path;

#[cfg(test)]
pub use mankala_pipeline::config::parse;
pub use mankala_pipeline::config::{Resolved, code_version};

/// [`mankala_pipeline::config::load`].
///
/// # Errors
/// As that function.
pub fn load(path: &Path) -> anyhow::Result<Resolved> {
    Ok(mankala_pipeline::config::load(path)?)
}

/// [`mankala_pipeline::config::resolve`]: `--variant` or `--config`.
///
/// # Errors
/// As that function.
pub fn resolve(variant: Option<&str>, config: Option<&Path>) -> anyhow::Result<Resolved> {
    Ok(mankala_pipeline::config::resolve(variant, config)?)
}

/// [`mankala_pipeline::write_atomic`].
///
/// # Errors
/// As that function.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    Ok(mankala_pipeline::write_atomic(path, bytes)?)
}
