//! `mankala engine`: the JSON-lines protocol of `mankala_selfplay::protocol` on stdin and
//! stdout (`docs/protocol.md`). This module only feeds the session the lines of stdin and
//! writes its answers, flushing each; config files are read as every command reads them.

use std::io::{BufRead, Write};
use std::path::Path;

use anyhow::{Context, Result};
use mankala_selfplay::protocol::{BoxError, Session, Setup};

use crate::config;

/// Runs `mankala engine`: answers the requests on stdin, one line each, until a `quit` or
/// the end of the input.
///
/// # Errors
/// Only when stdin cannot be read or stdout cannot be written; a bad request is answered
/// with an error response and the session goes on.
pub fn run() -> Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let (mut input, mut out) = (stdin.lock(), stdout.lock());
    let mut session = session();
    let mut line = Vec::new();
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .context("cannot read stdin")?
            == 0
        {
            return Ok(());
        }
        let Some(reply) = session.handle_bytes(&line) else {
            continue;
        };
        writeln!(out, "{}", reply.json)
            .and_then(|()| out.flush())
            .context("cannot write to stdout")?;
        if reply.quit {
            return Ok(());
        }
    }
}

/// A protocol session whose `new` reads config files as every command does (every table
/// checked).
pub fn session() -> Session {
    Session::with_loader(load_config)
}

/// The game and search settings of a config file.
fn load_config(path: &Path) -> Result<Setup, BoxError> {
    let cfg = config::load(path)?;
    Ok(Setup {
        game: cfg.game,
        search: cfg.search,
    })
}
