//! Writing the answers: a write error stops the stream with
//! `StreamError::Write` (never a silent success), a reader that goes away is
//! told apart from every other failure, and `checked_stdout` refuses a
//! closed standard output and reports a descriptor it cannot write.

use fixed_collide_cli::eval::{StreamError, checked_stdout, eval_stream};
use std::io::{self, Write};

const OK: &str =
    r#"{"op":"aabb_overlap","a":{"min":[0,0],"max":[1,1]},"b":{"min":[0,0],"max":[1,1]}}"#;

/// A writer that takes `room` bytes, then fails with `error`.
struct Failing {
    room: usize,
    error: fn() -> io::Error,
    taken: Vec<u8>,
}

impl Write for Failing {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err((self.error)());
        }
        let n = buf.len().min(self.room);
        self.room -= n;
        self.taken.extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The errors of a closed pipe and of a bad descriptor (`EBADF`).
const ERRORS: [(fn() -> io::Error, bool); 2] = [
    (|| io::ErrorKind::BrokenPipe.into(), true),
    (|| io::Error::from_raw_os_error(9), false),
];

#[test]
fn a_write_error_at_the_end_is_an_error_of_the_stream() {
    for (error, broken_pipe) in ERRORS {
        // Every answer fits the buffer: the error comes at the final flush.
        let input = format!("{OK}\n{OK}\n");
        let mut out = Failing {
            room: 0,
            error,
            taken: Vec::new(),
        };
        let e = eval_stream(input.as_bytes(), &mut out).unwrap_err();
        let StreamError::Write { source, summary } = &e else {
            panic!("not a write error: {e}");
        };
        assert_eq!(source.kind(), error().kind());
        assert_eq!((summary.lines, summary.errors), (2, 0));
        assert_eq!(e.is_broken_pipe(), broken_pipe, "{e}");
        assert!(
            e.to_string().starts_with("cannot write the answers: "),
            "{e}"
        );
    }
}

#[test]
fn a_write_error_midway_stops_the_stream_and_counts_the_lines_answered() {
    let lines = 10_000;
    let input = format!("{OK}\n").repeat(lines);
    for (error, broken_pipe) in ERRORS {
        let mut out = Failing {
            room: 100,
            error,
            taken: Vec::new(),
        };
        let e = eval_stream(input.as_bytes(), &mut out).unwrap_err();
        assert_eq!(e.is_broken_pipe(), broken_pipe, "{e}");
        let answered = e.summary().lines;
        // Stopped at the first failed write, well before the end.
        assert!(answered > 0 && answered < lines as u64 / 2, "{answered}");
        assert_eq!(out.taken.len(), 100);
    }
}

#[test]
fn a_read_error_is_not_a_write_error() {
    struct Broken;
    impl io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(5))
        }
    }
    let e = eval_stream(io::BufReader::new(Broken), Vec::new()).unwrap_err();
    assert!(matches!(e, StreamError::Read { line: 1, .. }), "{e}");
    assert!(!e.is_broken_pipe());
}

/// What the child run of [`checked_stdout_refuses_a_closed_output_and_reports_a_bad_descriptor`]
/// does, named by the environment variable [`PROBE`].
const PROBE: &str = "FIXED_COLLIDE_STDOUT_PROBE";

/// Exit statuses of the child.
const REFUSED: i32 = 3;
const WRITE_FAILED: i32 = 4;
const WRITTEN: i32 = 5;

/// In the child: opens standard output with `checked_stdout` and answers
/// one line on it; exits with what happened.
fn probe() -> ! {
    let status = match checked_stdout() {
        Err(e) if e.kind() == io::ErrorKind::NotConnected => REFUSED,
        Err(_) => 1,
        Ok(out) => match eval_stream(format!("{OK}\n").as_bytes(), out) {
            Ok(_) => WRITTEN,
            Err(e) if !e.is_broken_pipe() => WRITE_FAILED,
            Err(_) => 1,
        },
    };
    std::process::exit(status)
}

#[test]
#[cfg(target_os = "linux")]
fn checked_stdout_refuses_a_closed_output_and_reports_a_bad_descriptor() {
    // The test's own name in this program (its module path less the crate).
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    let name =
        format!("{module}::checked_stdout_refuses_a_closed_output_and_reports_a_bad_descriptor");
    if std::env::var_os(PROBE).is_some() {
        probe();
    }
    let exe = std::env::current_exe().unwrap();
    let runner = std::env::var("FIXED_COLLIDE_RUNNER").unwrap_or_default();
    let file = std::env::temp_dir().join(format!("fixed-collide-probe-{}", std::process::id()));
    let file_arg = file.to_str().unwrap();
    // (redirection of the child's standard output, status)
    let cases = [
        // Closed: the runtime puts /dev/null, read-write, in its place.
        (">&-".to_string(), REFUSED),
        // Open only for reading: a write fails with EBADF, which
        // `std::io::stdout()` would report as a success.
        ("1</dev/null".to_string(), WRITE_FAILED),
        // Discarded on purpose, or written to a file: answered.
        (">/dev/null".to_string(), WRITTEN),
        (format!(">'{file_arg}'"), WRITTEN),
    ];
    for (redirect, want) in cases {
        let script = format!("exec {runner} \"$0\" --exact {name} --test-threads=1 {redirect}");
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(&exe)
            .env(PROBE, "1")
            .stderr(std::process::Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(want), "{script}");
    }
    let written = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert!(written.ends_with("{\"hit\":true}\n"), "{written:?}");
}
