//! `mankala engine`: the JSON-lines protocol of `mankala_protocol` on stdin and
//! stdout (`docs/protocol.md`). This module only feeds the session the lines of stdin and
//! writes its answers, flushing each; config files are read as every command reads them.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
use mankala_protocol::Session;

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
    let mut session = Session::default().with_resources(crate::args::resources());
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
