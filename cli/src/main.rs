//! The `fixed-collide` command line: a thin layer over the library. Each
//! subcommand is one arm of [`run`]; `eval` is in [`fixed_collide_cli::eval`].

mod cmd;

use fixed_collide_cli::eval::{MAX_LINE_BYTES, StreamError, Summary, eval_stream};
use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::process::ExitCode;

const NAME: &str = "fixed-collide";

/// Exit status of a run whose records were all answered without error.
const OK: u8 = 0;
/// Exit status when some record was answered with an error.
const SOME_ERRORS: u8 = 1;
/// Exit status of a usage error or an unreadable input.
const USAGE: u8 = 2;

/// The subcommands and their one-line summaries, for the help.
const COMMANDS: &[(&str, &str)] = &[
    (
        "arena",
        "run the deterministic arena (the default command), print its hashes",
    ),
    (
        "eval",
        "answer collision queries given as JSON Lines, one answer a line",
    ),
    ("replay", "verify replays bit for bit, or record new ones"),
];

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    ExitCode::from(run(&args))
}

/// Runs the command line `args` (without the program name); returns the
/// exit status.
fn run(args: &[OsString]) -> u8 {
    let Some((first, rest)) = args.split_first() else {
        // No command: the main job, the default arena checked against its
        // recorded replay.
        return cmd::arena::command(&[]);
    };
    match first.to_str() {
        Some("-h" | "--help") => print_help(None),
        Some("help") => match rest {
            [] => print_help(None),
            [topic] => print_help(Some(topic)),
            _ => usage_error("help takes at most one command name"),
        },
        Some("-V" | "--version") => {
            if rest.is_empty() {
                print_out(&format!("{NAME} {}\n", env!("CARGO_PKG_VERSION")))
            } else {
                usage_error("--version takes no arguments")
            }
        }
        Some("eval") => eval_command(rest),
        Some("arena") => cmd::arena::command(rest),
        Some("replay") => cmd::replay::command(rest),
        _ => usage_error(&format!("unknown command '{}'", first.to_string_lossy())),
    }
}

/// `eval [FILE]`.
fn eval_command(args: &[OsString]) -> u8 {
    let path = match args {
        [] => None,
        [one] if one == "-h" || one == "--help" => return print_help(Some(OsStr::new("eval"))),
        [one] if one == "-" => None,
        [one] if one.to_string_lossy().starts_with('-') => {
            return usage_error(&format!("eval: unknown option '{}'", one.to_string_lossy()));
        }
        [one] => Some(one),
        _ => return usage_error("eval takes at most one FILE"),
    };
    let stdout = io::stdout().lock();
    let result = match path {
        None => eval_stream(io::stdin().lock(), stdout),
        Some(path) => match File::open(path) {
            Ok(file) => eval_stream(BufReader::new(file), stdout),
            Err(e) => {
                eprintln!("{NAME}: cannot read '{}': {e}", path.to_string_lossy());
                return USAGE;
            }
        },
    };
    let input = path.map_or_else(|| "standard input".into(), |p| p.to_string_lossy());
    match result {
        Ok(summary) => status(summary),
        // The reader went away (`| head`): stop quietly, as for the lines
        // answered so far.
        Err(StreamError::Write { source, summary })
            if source.kind() == io::ErrorKind::BrokenPipe =>
        {
            status(summary)
        }
        Err(StreamError::Read { line, source, .. }) => {
            eprintln!("{NAME}: cannot read '{input}' at line {line}: {source}");
            USAGE
        }
        Err(e @ StreamError::Write { .. }) => {
            eprintln!("{NAME}: {e}");
            USAGE
        }
    }
}

fn status(summary: Summary) -> u8 {
    if summary.errors == 0 { OK } else { SOME_ERRORS }
}

fn print_help(topic: Option<&OsStr>) -> u8 {
    match topic.map(OsStr::to_str) {
        None => print_out(&main_help()),
        Some(Some("eval")) => print_out(&eval_help()),
        Some(Some("arena")) => print_out(cmd::arena::HELP),
        Some(Some("replay")) => print_out(cmd::replay::HELP),
        Some(_) => usage_error(&format!(
            "no help for unknown command '{}'",
            topic.unwrap_or_default().to_string_lossy()
        )),
    }
}

/// Writes to stdout; a closed stdout is not an error worth a panic.
fn print_out(text: &str) -> u8 {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => OK,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => OK,
        Err(e) => {
            eprintln!("{NAME}: cannot write: {e}");
            USAGE
        }
    }
}

fn usage_error(message: &str) -> u8 {
    eprintln!("{NAME}: {message}\n\n{}", usage());
    eprintln!("Try '{NAME} --help' for more.");
    USAGE
}

fn usage() -> String {
    format!("Usage: {NAME} [<COMMAND> [ARGS]]\n       {NAME} --help | --version")
}

fn main_help() -> String {
    let mut s = format!(
        "{NAME} {}: deterministic collision queries in I32F32 fixed point,\n\
         bit-identical on every platform.\n\n{}\n\nWith no command it runs the default arena and checks it against\n\
         replays/arena-2d.json.\n\nCommands:\n",
        env!("CARGO_PKG_VERSION"),
        usage()
    );
    for (name, summary) in COMMANDS {
        s.push_str(&format!("  {name:<8}{summary}\n"));
    }
    s.push_str(&format!(
        "  help [COMMAND]  this help, or a command's\n\n\
         Options:\n  -h, --help     this help\n  -V, --version  the version\n\n\
         Exit status: 0 success, 1 some input record was an error,\n\
         2 usage error or unreadable input.\n\n\
         Run '{NAME} help eval' for the eval protocol.\n"
    ));
    s
}

fn eval_help() -> String {
    format!(
        r#"Usage: {NAME} eval [FILE]

Reads JSON Lines from FILE (standard input when FILE is absent or '-') and
writes one JSON answer line per input line, in order.

Each line is one object {{"op": NAME, ...operands}}. The dimension follows
the vector length (2 or 3) and must be the same for every vector of a line.

Shapes:
  aabb    {{"min":[..],"max":[..]}} or {{"center":[..],"half":[..]}}
  obb     {{"center":[..],"half":[..],"axes":[[..],[..](,[..])]}}
          or "quat":[w,x,y,z] (3D) or "angle":a (2D, radians) for "axes"
  sphere  {{"center":[..],"radius":r}}        (a circle in 2D)
  ray     {{"origin":[..],"dir":[..],"max_t":t}}  (max_t optional: unbounded)

Ops (operands) -> fields added to "hit":true on a hit:
  aabb_overlap (a, b)                      -> none
  aabb_intersection (a, b)                 -> box {{min, max}}
  aabb_contact (a, b)                      -> normal, depth, point
  aabb_sweep (stationary, moving, d)       -> t_enter, t_exit, normal, overlapping
  aabb_sweep_pair (a, va, b, vb)           -> u0, u1
  ray_aabb (ray, aabb), ray_obb (ray, obb) -> t, point, normal, inside
  obb_overlap (a, b)                       -> none
  sphere_aabb (sphere, aabb), sphere_obb (sphere, obb) -> point
A miss is {{"hit":false}}.

Numbers are JSON numbers or strings, read exactly from their decimal text
(never through a float); answers write numbers as strings that parse back to
the same bits.

A bad line answers {{"error":"line N: field \"a.min.x\": ..."}}, N being the
physical line number. Unknown or repeated fields are errors, as is an empty
or blank line (so output line N always answers input line N). A line longer
than {MAX_LINE_BYTES} bytes is answered with an error without being stored.

Exit status: 0 if every line was answered without error, 1 if some line was
an error (all lines are still answered), 2 for a usage error or an input
that cannot be read. If the output is closed early (| head), eval stops
quietly.

Example:
  echo '{{"op":"aabb_overlap","a":{{"min":[0,0],"max":[1,1]}},"b":{{"min":[1,0],"max":[2,1]}}}}' | {NAME} eval
  {{"hit":true}}
"#
    )
}
