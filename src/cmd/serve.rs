//! `mankala serve`: the board in the browser (`docs/web.md`). The server is the
//! `mankala-web` crate; this module turns the arguments into its options and prints where
//! it listens.

use std::io::Write;
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, bail};

/// The arguments of `mankala serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The port (0: any free port, printed at the start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default serves this machine only; another address
    /// (0.0.0.0: every interface) lets other machines play and read the run directories.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// A run directory whose models can play, whose game records can be replayed and
    /// whose reports and opening tables can be read (repeat for more). The server reads
    /// no other files.
    #[arg(long)]
    runs: Vec<PathBuf>,
    /// Most games open at once (1 to 10000).
    #[arg(long, default_value_t = 64)]
    max_sessions: usize,
    /// Minutes after which a game without a request is freed (1 to 10080): an open page
    /// keeps its game with a request every third of this, a closed one stops.
    #[arg(long, default_value_t = 5)]
    idle_minutes: u64,
}

impl ServeArgs {
    /// Serves until the process is stopped.
    ///
    /// # Errors
    /// A value out of range, a run directory that is not one, or an address that cannot be
    /// bound.
    pub fn run(self) -> Result<()> {
        if !(1..=10_000).contains(&self.max_sessions) {
            bail!("--max-sessions {}: expected 1 to 10000", self.max_sessions);
        }
        if !(1..=10_080).contains(&self.idle_minutes) {
            bail!(
                "--idle-minutes {}: expected 1 to 10080 (a week)",
                self.idle_minutes
            );
        }
        let options = mankala_web::Options {
            bind: self.bind,
            port: self.port,
            runs: self.runs,
            max_sessions: self.max_sessions,
            idle: Duration::from_secs(self.idle_minutes * 60),
            zoo: mankala_agents::Zoo::locate(),
        };
        mankala_web::serve(&options, |addr| {
            println!("mankala serve: open http://{addr}/ (stop with Ctrl-C)");
            let _ = std::io::stdout().flush();
        })?;
        Ok(())
    }
}
