//! The games in progress: one protocol [`Session`] per page, at most a fixed number at once,
//! each freed when its page closes (the page says so) or after it has been idle too long.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use mankala_agents::{Resources, Zoo};
use mankala_protocol::{BoxError, Session, Setup};

use crate::error::ApiError;

/// One page's game: the protocol session, which holds the game's live positions.
#[derive(Debug)]
pub struct WebSession {
    /// The protocol session.
    pub protocol: Session,
}

impl WebSession {
    /// A session that reads no config files, whose default opponents come from `zoo`.
    pub fn new(zoo: Zoo) -> WebSession {
        WebSession {
            protocol: Session::with_loader(refuse_config).with_resources(Resources::with_zoo(zoo)),
        }
    }
}

/// The page never names a config file: the server reads files only from the run directories.
fn refuse_config(path: &std::path::Path) -> Result<Setup, BoxError> {
    Err(format!(
        "config {}: `mankala serve` reads no config files; give \"variant\" and \"rules\"",
        path.display()
    )
    .into())
}

/// A session and when it was last used.
#[derive(Debug)]
struct Slot {
    session: Arc<tokio::sync::Mutex<WebSession>>,
    used: Instant,
}

/// Every session, bounded in number and in idle time.
#[derive(Debug)]
pub struct Sessions {
    slots: Mutex<HashMap<String, Slot>>,
    max: usize,
    idle: Duration,
    zoo: Zoo,
}

impl Sessions {
    /// At most `max` sessions at once, each dropped after `idle` without a request, their
    /// default opponents from `zoo`.
    pub fn new(max: usize, idle: Duration, zoo: Zoo) -> Sessions {
        Sessions {
            slots: Mutex::new(HashMap::new()),
            max,
            idle,
            zoo,
        }
    }

    /// A new session's id.
    ///
    /// # Errors
    /// 503 when `max` sessions are open and none has been idle too long.
    pub fn open(&self) -> Result<String, ApiError> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let idle = self.idle;
        slots.retain(|_, s| s.used.elapsed() < idle);
        if slots.len() >= self.max {
            return Err(ApiError::busy(format!(
                "{} games are open, the most this server keeps (--max-sessions); close a tab \
                 or wait until one has been idle for {} s",
                slots.len(),
                idle.as_secs()
            )));
        }
        let id = format!("{:032x}", rand::random::<u128>());
        slots.insert(
            id.clone(),
            Slot {
                session: Arc::new(tokio::sync::Mutex::new(WebSession::new(self.zoo.clone()))),
                used: Instant::now(),
            },
        );
        Ok(id)
    }

    /// The session `id`, marked as used now.
    ///
    /// # Errors
    /// 404 when there is no such session (never opened, closed, or idle too long).
    pub fn get(&self, id: &str) -> Result<Arc<tokio::sync::Mutex<WebSession>>, ApiError> {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        match slots.get_mut(id) {
            Some(slot) if slot.used.elapsed() < self.idle => {
                slot.used = Instant::now();
                Ok(slot.session.clone())
            }
            _ => {
                slots.remove(id);
                Err(ApiError::not_found(format!(
                    "no session `{id}`: it was closed or idle for more than {} s; open a new one",
                    self.idle.as_secs()
                )))
            }
        }
    }

    /// Frees session `id`; whether it was open.
    pub fn close(&self, id: &str) -> bool {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id)
            .is_some()
    }

    /// Frees every session idle too long.
    pub fn sweep(&self) {
        let idle = self.idle;
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|_, s| s.used.elapsed() < idle);
    }

    /// Sessions open now.
    pub fn len(&self) -> usize {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no session is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How long a session may go without a request.
    pub fn idle(&self) -> Duration {
        self.idle
    }

    /// The most sessions open at once.
    pub fn max(&self) -> usize {
        self.max
    }
}
