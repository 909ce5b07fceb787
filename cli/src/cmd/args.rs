//! The command line's shape: commands, options, their ranges and help, for
//! `clap`. Every option takes one value and may be given once; an option a
//! command does not take is an error, as is a number outside its range
//! (the message names the option and the range).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

/// Exit status of a run whose records were all answered without error.
pub const OK: u8 = 0;
/// Exit status when some record, check or replay failed.
pub const FAILED: u8 = 1;
/// Exit status of a usage error or an unreadable input (as `clap`'s own
/// usage errors).
pub const USAGE: u8 = 2;

const ABOUT: &str = "Deterministic collision queries in I32F32 fixed point, \
                     bit-identical on every platform";

const AFTER_HELP: &str = "With no command it runs the default arena and checks it against
replays/arena-2d.json.

Exit status: 0 success, 1 some record, check or replay failed,
2 usage error or unreadable input.

Run 'fixed-collide help eval' for the eval protocol.";

/// The `fixed-collide` command line.
#[derive(Debug, Parser)]
#[command(
    name = "fixed-collide",
    version,
    about = ABOUT,
    after_help = AFTER_HELP
)]
pub struct Cli {
    /// The command; none runs the default arena.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the deterministic arena (the default command), print its hashes
    #[command(long_about = super::arena::ABOUT, after_help = super::arena::AFTER_HELP)]
    Arena(ArenaArgs),
    /// Answer collision queries given as JSON Lines, one answer a line
    #[command(long_about = super::eval::ABOUT, after_long_help = super::eval::protocol())]
    Eval(EvalArgs),
    /// Verify replays bit for bit, or record new ones
    #[command(subcommand, arg_required_else_help = false)]
    Replay(ReplayCommand),
    /// Draw an arena replay at a tick (SVG), two runs overlaid, or a page
    #[command(long_about = super::render::ABOUT, after_help = super::render::AFTER_HELP)]
    Render(super::render::RenderArgs),
}

/// A scene's parameters; each defaults to the default arena's.
#[derive(Clone, Copy, Debug, Default, Args)]
pub struct SceneArgs {
    /// Dimension [default: 2]
    #[arg(long, value_name = "2|3", value_parser = int::<u32>(2, 3), allow_negative_numbers = true)]
    pub dim: Option<u32>,
    /// Number of moving bodies [default: 400]
    #[arg(long, value_name = "N", value_parser = int::<u32>(0, 200_000), allow_negative_numbers = true)]
    pub bodies: Option<u32>,
    /// Number of ticks [default: 400]
    #[arg(long, value_name = "N", value_parser = int::<u32>(0, 10_000_000), allow_negative_numbers = true)]
    pub ticks: Option<u32>,
    /// Scene seed [default: 1]
    #[arg(long, value_name = "S", value_parser = int::<u64>(0, u64::MAX), allow_negative_numbers = true)]
    pub seed: Option<u64>,
}

/// `arena`'s options.
#[derive(Debug, Default, Args)]
pub struct ArenaArgs {
    #[command(flatten)]
    pub scene: SceneArgs,
    /// Print the state hash every N ticks [default: 8 lines in all]
    #[arg(long, value_name = "N", value_parser = int::<u32>(1, u64::from(u32::MAX)), allow_negative_numbers = true)]
    pub print_every: Option<u32>,
    /// Write a replay of the run (a state hash every tick) to FILE
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Compare the run with the recorded replay FILE of the same parameters
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,
    #[command(flatten)]
    pub desync: DesyncArgs,
}

/// The detail a recording can carry after each tick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DetailArg {
    /// Every body's state
    Bodies,
    /// A digest of each query family's answers
    Queries,
}

/// Desync tooling options of a recorded run.
#[derive(Clone, Debug, Default, Args)]
pub struct DesyncArgs {
    /// Record detail after every tick: bodies, queries or bodies,queries
    #[arg(long, value_name = "bodies|queries", value_delimiter = ',')]
    pub detail: Vec<DetailArg>,
    /// Simulate a desync: move body BODY by one ulp along x just before
    /// tick TICK (from 1) runs
    #[arg(long, value_name = "BODY@TICK", value_parser = perturb)]
    pub perturb: Option<(u32, u32)>,
}

impl DesyncArgs {
    /// Whether no option was given.
    pub fn is_empty(&self) -> bool {
        self.detail.is_empty() && self.perturb.is_none()
    }
}

/// `replay diff`'s arguments.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first recording
    #[arg(value_name = "A")]
    pub a: PathBuf,
    /// The second recording
    #[arg(value_name = "B")]
    pub b: PathBuf,
    /// Write the first differing query as eval lines to FILE
    #[arg(long, value_name = "FILE")]
    pub repro: Option<PathBuf>,
    /// Report this recorded tick's differences instead of the first's
    #[arg(long, value_name = "N")]
    pub tick: Option<u32>,
    /// Report only this body (at the first tick where it differs, or at
    /// --tick); needs --detail bodies recordings
    #[arg(long, value_name = "ID")]
    pub body: Option<u32>,
}

/// `BODY@TICK`, two whole numbers.
fn perturb(text: &str) -> Result<(u32, u32), String> {
    let Some((body, tick)) = text.split_once('@') else {
        return Err(format!("{text:?} is not BODY@TICK (such as 17@120)"));
    };
    let num = |part: &str, what: &str| {
        part.parse::<u32>()
            .ok()
            .filter(|_| part.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| {
                format!(
                    "{what} {part:?} in {text:?} is not a whole number (BODY@TICK, such as 17@120)"
                )
            })
    };
    Ok((num(body, "body")?, num(tick, "tick")?))
}

impl ArenaArgs {
    /// Whether no option at all was given (the default run, checked
    /// against its recorded replay).
    pub fn is_default_run(&self) -> bool {
        let s = &self.scene;
        (s.dim, s.bodies, s.ticks, s.seed) == (None, None, None, None)
            && self.print_every.is_none()
            && self.record.is_none()
            && self.check.is_none()
            && self.desync.is_empty()
    }
}

/// `eval`'s argument.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// JSON Lines input; standard input when absent or '-'
    #[arg(value_name = "FILE")]
    pub file: Option<OsString>,
}

/// `replay verify` and `replay record`.
#[derive(Debug, Subcommand)]
pub enum ReplayCommand {
    /// Re-run replays and compare them bit for bit with their recorded
    /// outputs
    #[command(long_about = super::replay::VERIFY_ABOUT)]
    Verify {
        /// Replay files, and directories whose .json files are verified in
        /// name order
        #[arg(value_name = "FILE|DIR", required = true)]
        paths: Vec<PathBuf>,
        /// On a divergence, print the bodies and the query that differ
        /// (as 'replay diff', the recording against the re-run)
        #[arg(long)]
        explain: bool,
    },
    /// Compare two arena recordings of the same scene: the first tick that
    /// differs, its bodies and its first query
    #[command(long_about = super::diff::ABOUT)]
    Diff(DiffArgs),
    /// Record a new replay
    #[command(subcommand, arg_required_else_help = false)]
    Record(RecordCommand),
}

/// `replay record arena` and `replay record queries`.
#[derive(Debug, Subcommand)]
pub enum RecordCommand {
    /// Record an arena run: a generated scene (defaults: those of 'arena'),
    /// a state hash per tick, the final state
    Arena {
        #[command(flatten)]
        scene: SceneArgs,
        #[command(flatten)]
        desync: DesyncArgs,
        /// The replay file to write
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Record generated eval queries (every op, 2D and 3D, every edge
    /// category) with this build's answers
    Queries {
        /// Number of queries [default: 16200]
        #[arg(long, value_name = "N", value_parser = int::<u32>(1, 10_000_000), allow_negative_numbers = true)]
        count: Option<u32>,
        /// Generation seed [default: 1]
        #[arg(long, value_name = "S", value_parser = int::<u64>(0, u64::MAX), allow_negative_numbers = true)]
        seed: Option<u64>,
        /// The replay file to write
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// A parser of whole numbers in `lo..=hi` (converted to `T`, which holds
/// that range); `clap` puts the option's name before its message.
fn int<T: TryFrom<u64>>(
    lo: u64,
    hi: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let range = format!("{lo}..={hi}");
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("not a whole number (expected {range})"));
        }
        // Too many digits for an i128 is out of range too.
        text.parse::<i128>()
            .ok()
            .and_then(|n| u64::try_from(n).ok())
            .filter(|n| (lo..=hi).contains(n))
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("{text} is out of range {range}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn int_accepts_its_range_and_names_it_otherwise() {
        let p = int::<u32>(2, 3);
        assert_eq!(p("3"), Ok(3));
        assert_eq!(p("4"), Err("4 is out of range 2..=3".to_string()));
        assert_eq!(p("-1"), Err("-1 is out of range 2..=3".to_string()));
        assert_eq!(
            p("two"),
            Err("not a whole number (expected 2..=3)".to_string())
        );
        let seed = int::<u64>(0, u64::MAX);
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            seed("18446744073709551616"),
            Err("18446744073709551616 is out of range 0..=18446744073709551615".to_string())
        );
        assert!(seed("1e400").unwrap_err().contains("not a whole number"));
        assert_eq!(seed("-0"), Ok(0));
        let long = "9".repeat(60);
        assert_eq!(
            seed(&long),
            Err(format!("{long} is out of range 0..=18446744073709551615"))
        );
    }
}
