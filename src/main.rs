//! `mankala`: the command-line front of the engine, self-play, training and arenas.
//!
//! The doc comments of the commands' arguments are their `--help` text, written for the
//! terminal (`[,ms=T]`, `<variant>`), not for rustdoc.
#![allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]

mod args;
mod cmd;
mod progress;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mankala_models::DeviceChoice;

/// Self-play training for the mancala games of East Africa.
#[derive(Debug, Parser)]
#[command(name = "mankala", version, about)]
struct Cli {
    /// Where networks run: cpu, cuda, vulkan, wgpu, or auto (a GPU where the build has a GPU
    /// backend and the machine shows a card, else the CPU, with a line saying so). Default:
    /// auto in a build with `--features cuda`/`vulkan`/`wgpu`, cpu otherwise (docs/gpu.md).
    #[arg(long, global = true, default_value_t = DeviceChoice::default_for_build())]
    device: DeviceChoice,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Export a trained model as ONNX or safetensors, with a JSON description (docs/export.md).
    Export(cmd::export::ExportCommand),
    /// The openings of self-play data: how often each line of first decisions was played and
    /// how the first player fared; with --model, the agent's value of every first move and reply.
    Openings(cmd::openings::OpeningsCommand),
    /// Answer JSON-lines requests on stdin with an agent's analysis (docs/protocol.md).
    Engine,
    /// Serve the board in a browser: play, replay and analyse any variant (docs/web.md).
    Serve(cmd::serve::ServeArgs),
    /// Play a game in the terminal against an agent.
    Play(cmd::play::PlayCommand),
    /// List the variants with their sources.
    Variants,
    /// The network backends of this build and the devices each finds on this machine.
    Devices,
    /// Draw the board after a list of moves, with the position as text.
    Show(cmd::ShowCommand),
    /// Count action sequences for every depth up to N.
    Perft(cmd::PerftCommand),
    /// Print every position of a game as one JSON object per line.
    Replay(cmd::ReplayCommand),
    /// Play agents against each other and rate them (Bradley-Terry, 95% intervals).
    Arena(cmd::arena::ArenaCommand),
    /// Generations of self-play, training and gating, with ratings; resumes when rerun.
    /// Without options: the main job (the embedded default config into runs/default).
    Loop(cmd::generations::LoopCommand),
    /// One stage of a run at a URL (a directory, file:// or s3://) as its own process:
    /// self-play, training or gating (docs/distributed.md).
    Worker {
        #[command(subcommand)]
        what: cmd::worker::WorkerCommand,
    },
    /// A run at a URL: generations, positions, workers seen recently, the report.
    Status(cmd::worker::StatusCommand),
    /// Play MCTS self-play games and write them as Parquet training data.
    Selfplay(cmd::selfplay::SelfplayCommand),
    /// Train the policy-value network on self-play shards (resumes from a checkpoint in --out).
    Train(cmd::train::TrainCommand),
    /// The exact value of a Kalah position under perfect play (docs/ground-truth.md).
    Solve(cmd::solve::SolveCommand),
    /// An agent's moves against perfect play on positions from real games (Kalah; Oware
    /// within a tablebase): share of perfect moves, seeds lost, value error by phase.
    Judge(cmd::judge::JudgeCommand),
    /// Positions from real games valued by perfect play (Kalah; Oware within a tablebase),
    /// written as training shards: the perfect moves as the policy target, the perfect result
    /// as the value target.
    Label(cmd::label::LabelCommand),
    /// Endgame tablebases of Kalah and Oware (docs/ground-truth.md).
    Tablebase {
        #[command(subcommand)]
        what: cmd::tablebase::TablebaseCommand,
    },
    /// Measure speed.
    Bench {
        #[command(subcommand)]
        what: cmd::bench::BenchCommand,
    },
}

impl Command {
    /// The config file of a command that trains or plays self-play with one: the network
    /// `--device auto` measures a card on.
    fn config(&self) -> Option<&std::path::Path> {
        match self {
            Command::Selfplay(c) => Some(c.config()),
            Command::Train(c) => Some(c.config()),
            Command::Loop(c) => c.config(),
            Command::Bench { what } => what.config(),
            _ => None,
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    if matches!(cli.command, Command::Devices) {
        return cmd::devices::survey(cli.device);
    }
    cmd::devices::choose(cli.device, cli.command.config())?;
    match cli.command {
        Command::Selfplay(c) => c.run(),
        Command::Train(c) => c.run(),
        Command::Arena(c) => c.run(),
        Command::Loop(c) => c.run(),
        Command::Worker { what } => what.run(),
        Command::Status(c) => c.run(),
        Command::Play(c) => c.run(),
        Command::Export(c) => c.run(),
        Command::Openings(c) => c.run(),
        Command::Engine => cmd::engine::run(),
        Command::Serve(c) => c.run(),
        Command::Variants => cmd::variants(),
        Command::Devices => unreachable!("answered above"),
        Command::Show(c) => c.run(),
        Command::Perft(c) => c.run(),
        Command::Replay(c) => c.run(),
        Command::Bench { what } => what.run(),
        Command::Solve(c) => c.run(),
        Command::Judge(c) => c.run(),
        Command::Label(c) => c.run(),
        Command::Tablebase { what } => what.run(),
    }
}

/// An error with its causes, each cause left out when the text before already says it
/// (typed errors often print their source in their own message).
fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let s = cause.to_string();
        if !text.contains(&s) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&s);
        }
    }
    text
}

/// A reader that closes the pipe early (`mankala replay ... | head`) ends the output, not the
/// program with a panic: printing to a closed stdout exits quietly, and printing to a stdout
/// that cannot take more (a full disk) is an error naming stdout.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(cause) = message.strip_prefix("failed printing to stdout") {
            if cause.contains("Broken pipe") {
                std::process::exit(0);
            }
            // A full disk or another failure of stdout: an error, not a panic.
            let cause = cause.trim_start_matches(':').trim();
            eprintln!("error: cannot write to stdout: {cause}");
            std::process::exit(2);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", error_text(&e));
            ExitCode::from(2)
        }
    }
}
