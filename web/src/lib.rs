//! The board in the browser (`mankala serve`, `docs/web.md`): one page (plain HTML, CSS and
//! JavaScript, embedded in the binary) and a JSON API over the engine protocol
//! (`mankala_protocol`). The rules stay on the server: the page draws the
//! positions the protocol answers with and sends the moves chosen.
//!
//! - [`api`]: the routes, each request answered by a protocol [`Session`] plus the board's
//!   view ([`layout`]);
//! - [`sessions`]: one session per page, bounded in number and idle time;
//! - [`sowing`]: the last move played again step by step for the page to draw;
//! - [`files`]: the run directories, the only files the server reads;
//! - [`error`]: why the server cannot start, and the JSON errors of refused requests.
//!
//! [`Session`]: mankala_protocol::Session

pub mod api;
pub mod error;
pub mod files;
pub mod layout;
pub mod sessions;
pub mod sowing;

use mankala_agents::Zoo;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

pub use api::{AppState, router};
pub use error::{ApiError, WebError};
pub use files::RunDirs;
pub use layout::{Layout, MoveView};
pub use sessions::Sessions;

/// The settings of `mankala serve`.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address listened on (127.0.0.1 unless `--bind` says otherwise).
    pub bind: IpAddr,
    /// The port (0: any free port).
    pub port: u16,
    /// The run directories: models for `nn` agents, records to replay, reports.
    pub runs: Vec<PathBuf>,
    /// Most games open at once.
    pub max_sessions: usize,
    /// A game without a request for this long is freed (an open page pings three times
    /// within it).
    pub idle: Duration,
    /// The zoo whose networks are the default opponents (none: `mcts:sims=1000`).
    pub zoo: Zoo,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8080,
            runs: Vec::new(),
            max_sessions: 64,
            idle: Duration::from_secs(5 * 60),
            zoo: Zoo::none(),
        }
    }
}

impl AppState {
    /// The state of a server with `options`.
    ///
    /// # Errors
    /// [`WebError::RunDir`] for a run directory that cannot be used.
    pub fn new(options: &Options) -> Result<AppState, WebError> {
        Ok(AppState {
            sessions: Sessions::new(options.max_sessions, options.idle, options.zoo.clone()),
            runs: RunDirs::new(&options.runs)?,
        })
    }
}

/// Serves until the process ends; `ready` is called with the address once it listens.
///
/// # Errors
/// [`WebError`]: a run directory that cannot be used, an address that cannot be bound, or
/// the runtime failing.
pub fn serve(options: &Options, ready: impl FnOnce(SocketAddr)) -> Result<(), WebError> {
    let state = Arc::new(AppState::new(options)?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let addr = SocketAddr::new(options.bind, options.port);
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| WebError::Bind {
                addr: addr.to_string(),
                source,
            })?;
        ready(listener.local_addr()?);
        let sweeper = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                sweeper.sessions.sweep();
            }
        });
        axum::serve(listener, router(state)).await?;
        Ok(())
    })
}
