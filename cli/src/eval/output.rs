//! Standard output for the answers, such that no answer is lost silently:
//! [`checked_stdout`].
//!
//! `std::io::stdout()` reports success for a write to a closed or invalid
//! descriptor (`EBADF`), so answers written to it can vanish while the run
//! succeeds. And a program started with its standard output closed (`>&-`)
//! never sees it closed: before `main`, the Rust runtime opens `/dev/null`
//! read-write in its place, where every write succeeds.

use std::io::{self, Write};

/// Standard output as a writer for [`eval_stream`](super::eval_stream)
/// that reports every write error, or an error when standard output is
/// closed.
///
/// On Unix it writes to a duplicate of descriptor 1 (not through
/// `std::io::stdout()`), so a write to an output that cannot be written
/// (`EBADF`, such as a descriptor open only for reading) fails with that
/// error. On Linux it also recognizes an output that was closed when the
/// program started: the runtime's stand-in is `/dev/null` opened
/// read-write, while a shell's `>/dev/null` opens it write-only. A
/// standard output deliberately opened read-write on `/dev/null` (`1<>`,
/// or Python's `subprocess.DEVNULL`) looks the same and is refused too. On
/// other systems it is `std::io::stdout()`.
///
/// # Errors
/// An error of kind [`io::ErrorKind::NotConnected`] when standard output
/// is closed; the error of duplicating descriptor 1 when that fails.
///
/// # Examples
/// ```no_run
/// use fixed_collide_cli::eval::{checked_stdout, eval_stream};
/// let out = checked_stdout().expect("standard output is open");
/// let summary = eval_stream(std::io::stdin().lock(), out);
/// ```
pub fn checked_stdout() -> io::Result<Box<dyn Write + Send>> {
    if closed_at_start() {
        return Err(io::Error::new(
            io::ErrorKind::NotConnected,
            "standard output is closed (or is /dev/null opened read-write, as Python's \
             subprocess.DEVNULL opens it, which looks the same from here: open it write-only, \
             as `>/dev/null` does, or read the answers from a pipe)",
        ));
    }
    writer()
}

/// A duplicate of descriptor 1, whose write errors are reported.
#[cfg(unix)]
fn writer() -> io::Result<Box<dyn Write + Send>> {
    use std::os::fd::AsFd;
    let fd = io::stdout().as_fd().try_clone_to_owned()?;
    Ok(Box::new(std::fs::File::from(fd)))
}

/// `std::io::stdout()`, where no duplicate is made.
#[cfg(not(unix))]
fn writer() -> io::Result<Box<dyn Write + Send>> {
    Ok(Box::new(io::stdout()))
}

/// Whether descriptor 1 is the runtime's stand-in for a standard output
/// that was closed when the program started.
#[cfg(target_os = "linux")]
fn closed_at_start() -> bool {
    let Ok(target) = std::fs::read_link("/proc/self/fd/1") else {
        return false;
    };
    let Ok(info) = std::fs::read_to_string("/proc/self/fdinfo/1") else {
        return false;
    };
    is_stand_in(&target, &info)
}

/// Not recognized outside Linux.
#[cfg(not(target_os = "linux"))]
fn closed_at_start() -> bool {
    false
}

/// Whether a descriptor that refers to `target`, with the `fdinfo` text
/// `info` (its `flags:` line in octal), is `/dev/null` opened read-write.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn is_stand_in(target: &std::path::Path, info: &str) -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    target == std::path::Path::new("/dev/null")
        && info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

#[cfg(test)]
mod tests {
    use super::is_stand_in;
    use std::path::Path;

    #[test]
    fn only_dev_null_opened_read_write_is_the_stand_in() {
        let null = Path::new("/dev/null");
        let info = |flags: &str| format!("pos:\t0\nflags:\t{flags}\nmnt_id:\t24\nino:\t3\n");
        assert!(is_stand_in(null, &info("0100002")));
        assert!(is_stand_in(null, &info("02")));
        // `>/dev/null`: write-only.
        assert!(!is_stand_in(null, &info("0100001")));
        assert!(!is_stand_in(Path::new("/tmp/out"), &info("0100002")));
        assert!(!is_stand_in(null, "pos:\t0\n"));
        assert!(!is_stand_in(null, &info("x")));
    }
}
