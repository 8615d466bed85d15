//! `mankala play`: a game in the terminal against any arena agent.
//!
//! The game lives in `mankala_protocol::play::Session` (the positions so far, undo, hints,
//! the answer to a line the human typed, the record); `drive` runs a session over any
//! reader and writer, so tests feed it text. The finished or abandoned game is saved as one
//! line of an arena's `games.jsonl`, which `mankala replay --record FILE --game 0` replays.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use mankala_agents::{AgentSpec, Prepared};
use mankala_data::GameRecord;
use mankala_engine::{Game, Player, with_game};
use mankala_protocol::play::{End, Reply, Session};

use mankala_config::Resolved;
use mankala_pipeline::arena::prepare_specs;

use crate::args::resources;

/// `mankala play`.
#[derive(Debug, clap::Args)]
pub struct PlayCommand {
    #[command(flatten)]
    game: crate::args::GameArgs,
    /// The opponent: zoo[,sims=N] (the network shipped for the variant), random, greedy,
    /// alphabeta:depth=D[,nodes=N][,ms=T], mcts:sims=N|ms=T[,c=C], nn:model=PATH[,sims=N|ms=T]
    /// (default: the zoo's network where it has one for these rules, else mcts:sims=1000).
    #[arg(long)]
    agent: Option<AgentSpec>,
    /// Play South and move first (otherwise the agent opens).
    #[arg(long)]
    human_first: bool,
    /// Seed of the agent's random choices (default: from the clock; it is printed).
    #[arg(long)]
    seed: Option<u64>,
    /// Where to save the game (default: runs/play/<variant>-<unix time>.jsonl).
    #[arg(long)]
    save: Option<PathBuf>,
}

impl PlayCommand {
    /// Resolves the game and the agent (the zoo's where none is given) and runs [`run`].
    ///
    /// # Errors
    /// As [`run`], or a config that cannot be read.
    pub fn run(self) -> Result<()> {
        let cfg = self.game.resolve()?;
        let agent = self.agent.unwrap_or_else(|| {
            let (agent, why) = mankala_agents::Zoo::locate().default_agent_why(&cfg.game);
            if let Some(why) = why {
                eprintln!("{why}: playing {agent} (choose another with --agent)");
            }
            agent
        });
        run(
            &cfg,
            &PlayArgs {
                agent: &agent,
                human_first: self.human_first,
                seed: self.seed.unwrap_or_else(crate::args::clock_seed),
                save: self.save.as_deref(),
            },
        )
    }
}

/// Options of `mankala play` besides the game.
#[derive(Debug)]
pub struct PlayArgs<'a> {
    /// The opponent, as in `mankala arena`.
    pub agent: &'a AgentSpec,
    /// The human plays South and moves first; otherwise the agent does.
    pub human_first: bool,
    /// Seed of the agent's random choices.
    pub seed: u64,
    /// Where to save the game (default: `runs/play/<variant>-<unix time>.jsonl`).
    pub save: Option<&'a Path>,
}

/// Runs `mankala play` on the terminal.
///
/// # Errors
/// A bad agent spec, a model that does not fit the variant, a terminal that cannot be read
/// or written, or a save file that cannot be written.
pub fn run(cfg: &Resolved, args: &PlayArgs<'_>) -> Result<()> {
    let prepared = prepare_specs(cfg, std::slice::from_ref(args.agent), &resources())?;
    let agent = prepared
        .first()
        .context("no agent was prepared from --agent")?;
    let path = args
        .save
        .map_or_else(|| default_save(cfg.game.name()), Path::to_path_buf);
    check_save(&path)?;
    let stdin = io::stdin();
    let stdout = io::stdout();
    let (mut input, mut out) = (stdin.lock(), stdout.lock());
    let record = with_game!(&cfg.game, g => play_game(g, agent, args, &mut input, &mut out))
        .context("the terminal: cannot read stdin or write to stdout")?;
    if let Err(e) = save(&path, cfg, &record) {
        // Not lost: the record goes to the terminal for the user to keep.
        let line = serde_json::to_string(&record).unwrap_or_default();
        let _ = writeln!(out, "the game could not be saved; its record:\n{line}");
        return Err(e);
    }
    writeln!(
        out,
        "saved the game to {} (replay it with `mankala replay --record {} --game 0`)",
        path.display(),
        path.display()
    )?;
    Ok(())
}

/// The default save file: `runs/play/<variant>-<unix seconds>.jsonl`.
pub fn default_save(variant: &str) -> PathBuf {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("runs/play/{variant}-{secs}.jsonl"))
}

/// Writes `record` as a one-game `games.jsonl`, creating its directory.
///
/// # Errors
/// Naming the directory or file that cannot be written.
/// Checks before the game that the record can be saved at `path`: its directory exists or
/// is made, and a file can be written there.
fn check_save(path: &Path) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| {
            format!(
                "--save {}: cannot create directory {}",
                path.display(),
                dir.display()
            )
        })?;
    }
    if path.is_dir() {
        anyhow::bail!(
            "--save {}: is a directory, expected a file name",
            path.display()
        );
    }
    let probe = mankala_data::atomic::temp_path(path);
    std::fs::write(&probe, b"")
        .with_context(|| format!("--save {}: cannot write there", path.display()))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

fn save(path: &Path, cfg: &Resolved, record: &GameRecord) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create directory {}", dir.display()))?;
    }
    Ok(mankala_data::record::write_records(
        path,
        &cfg.game,
        std::slice::from_ref(record),
    )?)
}

/// Plays one game of `game` against `agent` over `input` and `out`, and returns its record.
///
/// # Errors
/// When the terminal cannot be read or written.
fn play_game<G: Game>(
    game: &G,
    agent: &Prepared,
    args: &PlayArgs<'_>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<GameRecord> {
    let human = if args.human_first {
        Player::South
    } else {
        Player::North
    };
    let mut session = Session::new(
        game,
        agent.build(game, args.seed),
        agent.spec.to_string(),
        human,
        args.seed,
    );
    writeln!(out, "{}", session.intro(game.name()))?;
    let end = drive(&mut session, input, out).context("cannot read or write the terminal")?;
    writeln!(out, "{}", session.closing(end))?;
    Ok(session.record())
}

/// Runs `session` until the game ends or the human quits: the agent's moves are played and
/// announced, the board is drawn before each human move, and each line of `input` is
/// answered. The end of `input` counts as `quit`.
///
/// # Errors
/// When `input` cannot be read or `out` written.
fn drive<G: Game>(
    session: &mut Session<G>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<End> {
    let mut draw = true;
    let mut line = Vec::new();
    loop {
        if session.is_over() {
            return Ok(End::Over);
        }
        if let Some(text) = session.play_agent() {
            writeln!(out, "{text}")?;
            draw = true;
            continue;
        }
        if draw {
            write!(out, "{}", session.turn())?;
            draw = false;
        }
        write!(out, "your move> ")?;
        out.flush()?;
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            writeln!(out)?;
            return Ok(End::Quit);
        }
        match session.respond(&String::from_utf8_lossy(&line)) {
            Reply::Played(text) | Reply::Undone(text) => {
                writeln!(out, "{text}")?;
                draw = true;
            }
            Reply::Redraw => draw = true,
            Reply::Text(text) => writeln!(out, "{text}")?,
            Reply::Quit => return Ok(End::Quit),
        }
    }
}

#[cfg(test)]
mod tests {
    use mankala_engine::variants::Kalah;
    use mankala_engine::{AnyGame, Game, Player, State};
    use mankala_protocol::play::{End, HUMAN, Session, UNFINISHED};

    use super::*;
    use mankala_config::Resolved;
    use mankala_pipeline::arena::prepare;

    fn kalah() -> Kalah {
        Kalah::default()
    }

    /// A Kalah session against the agent `spec`, the human playing `human`.
    fn session(human: Player, spec: &str) -> Session<Kalah> {
        let g = kalah();
        let cfg = Resolved::for_game(AnyGame::Kalah(g));
        let prepared = prepare(&cfg, &[spec.to_string()], &resources()).expect("a valid spec");
        Session::new(
            &g,
            prepared[0].build(&g, 5),
            prepared[0].spec.to_string(),
            human,
            5,
        )
    }

    /// Drives `s` over `input` and returns how it ended and what it wrote.
    fn run_script(s: &mut Session<Kalah>, input: &str) -> (End, String) {
        let mut out = Vec::new();
        let end = drive(s, &mut input.as_bytes(), &mut out).expect("in-memory I/O");
        (end, String::from_utf8(out).expect("utf-8 output"))
    }

    #[test]
    fn board_draws_the_turn_again() {
        let mut s = session(Player::South, "random");
        let (end, out) = run_script(&mut s, "board\nquit\n");
        assert_eq!(end, End::Quit);
        assert_eq!(out.matches("-- ply 0: south to move (you) --").count(), 2);
    }

    #[test]
    fn a_scripted_game_plays_to_the_end_and_records_it() {
        let mut s = session(Player::South, "random");
        let script = "0\n1\n2\n3\n4\n5\n".repeat(300);
        let (end, out) = run_script(&mut s, &script);
        assert_eq!(end, End::Over);
        assert!(out.contains("random (north) plays "), "{out}");
        let r = s.record();
        let outcome = s.state().outcome().expect("over");
        assert_eq!(r.result, outcome.result_name());
        assert_eq!(r.scores, outcome.scores);
        assert_eq!((r.index, r.opening_plies), (0, 0));
        assert_eq!((r.south.as_str(), r.north.as_str()), (HUMAN, "random"));
        assert_eq!(r.moves.len(), r.actions.len());
        // The record replays to the same final position.
        let mut replayed = kalah().initial_state();
        for (&a, m) in r.actions.iter().zip(&r.moves) {
            assert_eq!(&replayed.action_to_string(a), m);
            replayed.play(a).expect("recorded actions are legal");
        }
        assert_eq!(&replayed, s.state());
        assert!(s.closing(end).contains(&format!("result: {}", r.result)));
    }

    #[test]
    fn quit_and_the_end_of_input_leave_the_game_unfinished() {
        let mut s = session(Player::South, "random");
        let (end, _) = run_script(&mut s, "quit\nA\n");
        assert_eq!(end, End::Quit);
        assert!(s.actions().is_empty());
        let (end, out) = run_script(&mut s, "A\n");
        assert_eq!(end, End::Quit);
        assert!(out.contains("you played A"), "{out}");
        let r = s.record();
        assert_eq!(r.result, UNFINISHED);
        assert_eq!(r.outcome, 0);
        assert_eq!(r.moves[0], "A");
        assert!(s.closing(end).contains("unfinished"));
    }
}
