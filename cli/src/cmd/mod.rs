//! The commands: the command line's shape ([`args`]), one module per
//! command, and the progress bar.

pub mod arena;
pub mod args;
pub mod diff;
pub mod eval;
pub mod progress;
pub mod render;
pub mod replay;

/// Writes one line of a command's report to standard output. A write that
/// fails (a closed pipe, as in `fixed-collide arena | head -1`, or a full
/// disk) ends the process with status 2 and a message on standard error,
/// instead of the panic of `println!`.
pub fn out_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_fmt(args)
        .and_then(|()| stdout.write_all(b"\n"))
    {
        // A message on a closed stderr is lost; nothing else can be done.
        let _ = writeln!(
            std::io::stderr(),
            "fixed-collide: cannot write to standard output: {e}"
        );
        std::process::exit(2);
    }
}

/// `println!` through [`out_line`]: a failed write is exit status 2, not a
/// panic.
#[macro_export]
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cmd::out_line(format_args!($($arg)*))
    };
}
