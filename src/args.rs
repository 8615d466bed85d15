//! Arguments several commands share, and their checks.

use mankala_agents::{Resources, Zoo};
use std::path::PathBuf;

use clap::Args;

/// Which game: a variant by name with default rules, or a config file.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Variant name (see `mankala variants`), with its default rules.
    #[arg(long, short)]
    pub variant: Option<String>,
    /// A config file (`configs/<variant>.toml`) with rule options and caps.
    #[arg(long, short)]
    pub config: Option<PathBuf>,
}

impl GameArgs {
    /// The config these arguments name.
    ///
    /// # Errors
    /// When both or neither are given, or either fails to resolve.
    pub fn resolve(&self) -> anyhow::Result<mankala_config::Resolved> {
        Ok(mankala_config::resolve(
            self.variant.as_deref(),
            self.config.as_deref(),
        )?)
    }

    /// The game these arguments name.
    ///
    /// # Errors
    /// As [`GameArgs::resolve`].
    pub fn game(&self) -> anyhow::Result<mankala_engine::AnyGame> {
        self.resolve().map(|r| r.game)
    }

    /// The game these arguments name or, when neither is given, the variant a position
    /// text (`--position`) names, with its default rules.
    ///
    /// # Errors
    /// As [`GameArgs::resolve`], or when the text names no variant.
    pub fn game_for(&self, position: Option<&str>) -> anyhow::Result<mankala_engine::AnyGame> {
        match position {
            Some(text) if self.variant.is_none() && self.config.is_none() => {
                Ok(mankala_engine::AnyGame::for_position(text)
                    .map_err(|e| anyhow::anyhow!("--position: {e}"))?)
            }
            _ => self.game(),
        }
    }
}

/// A seed from the clock, for commands whose `--seed` is optional.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// A count that must be at least 1.
///
/// # Errors
/// Naming the option when it is 0.
pub fn at_least_1(name: &str, value: u64) -> anyhow::Result<()> {
    if value == 0 {
        anyhow::bail!("{name} 0: expected at least 1");
    }
    Ok(())
}

/// `--seconds` of a measurement: a positive number of at most a day.
///
/// # Errors
/// When it is out of range.
pub fn seconds_arg(seconds: f64) -> anyhow::Result<()> {
    if !(seconds > 0.0 && seconds <= 86_400.0) {
        anyhow::bail!("--seconds {seconds}: expected a number of seconds above 0, at most 86400");
    }
    Ok(())
}

/// `--threads`, every core by default.
///
/// # Errors
/// When it is 0 or above 1024.
pub fn threads_arg(threads: Option<usize>) -> anyhow::Result<usize> {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 || threads > 1024 {
        anyhow::bail!("--threads {threads}: expected 1 to 1024");
    }
    Ok(threads)
}

/// Bytes of memory available (Linux's `MemAvailable`), where the system says: large tables
/// are refused by size before they are allocated.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// What the command's agents read: the zoo the user's installation has (`$MANKALA_ZOO`,
/// beside the executable, or the source tree's), and no tablebase read yet.
pub fn resources() -> Resources {
    Resources::with_zoo(Zoo::locate())
}
