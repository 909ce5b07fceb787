//! The `fixed-collide` command line: a thin layer over the library. The
//! command line's shape is in `cmd::args` (parsed by `clap`); each command
//! is one module of `cmd`.

mod cmd;

use clap::Parser;
use cmd::args::{Cli, Command, ReplayCommand};
use std::process::ExitCode;

fn main() -> ExitCode {
    // Usage errors print the usage and exit with status 2; `--help` and
    // `--version` print to standard output and exit with status 0.
    let cli = Cli::parse();
    ExitCode::from(match cli.command {
        // No command: the main job, the default arena checked against its
        // recorded replay.
        None => cmd::arena::command(&cmd::args::ArenaArgs::default()),
        Some(Command::Arena(args)) => cmd::arena::command(&args),
        Some(Command::Eval(args)) => cmd::eval::command(&args),
        Some(Command::Replay(ReplayCommand::Verify { paths })) => cmd::replay::verify(&paths),
        Some(Command::Replay(ReplayCommand::Record(what))) => cmd::replay::record(&what),
    })
}
