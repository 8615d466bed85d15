//! The engine protocol (`docs/protocol.md`): typed requests ([`Request`]), typed answers
//! ([`Answer`], [`Position`]) and a [`Session`] that holds the game in progress and its agent.
//!
//! One entry point answers a request: [`Session::handle`]. The JSON-lines transport of
//! `mankala engine` is [`Session::handle_line`] (one request line in, one response line
//! out); a web server or a language binding can call either over the same session.
//!
//! ```
//! use mankala_protocol::Session;
//!
//! let mut session = Session::default();
//! let reply = session
//!     .handle_line(r#"{"cmd": "new", "variant": "kalah", "agent": "random", "id": 1}"#)
//!     .expect("a request gets an answer");
//! assert_eq!(reply.json["ok"], true);
//! assert_eq!(reply.json["legal"], serde_json::json!(["A", "B", "C", "D", "E", "F"]));
//! ```

mod error;
mod live;
pub mod play;
mod request;
mod response;
mod session;
mod setup;

pub use error::{CommandError, ProtocolError, message};
pub use live::LiveGame;
pub use request::{NewGame, Request, SearchLimit};
pub use response::{
    Answer, Bye, GoAnswer, Legal, MoveRef, NewGameAnswer, PolicyEntry, Position, Reply,
    SearchAnswer, Shown, status,
};
pub use session::{DEFAULT_SEED, Session};
pub use setup::{BoxError, Loader, Setup, load};

/// Every command, in the order the protocol lists them.
pub const COMMANDS: &[&str] = &[
    "new", "position", "play", "undo", "legal", "search", "go", "show", "quit",
];

/// Most simulations a request may ask for.
pub const MAX_SIMULATIONS: u32 = 10_000_000;

/// Most milliseconds a request may ask for: an hour.
pub const MAX_MILLIS: u64 = 3_600_000;
