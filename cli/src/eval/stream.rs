//! Streams: [`eval_stream`] answers every line of a reader on a writer, one
//! line at a time, holding at most [`MAX_LINE_BYTES`] of a line.

use super::error::{ErrorKind, InputError, LineError};
use super::eval_bytes;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};

/// The longest input line read, in bytes (1 MiB, without the line end). A
/// longer line is skipped to its end without being stored and answered with
/// [`ErrorKind::LineTooLong`], so no input can make the reader hold more.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How a stream went: the lines answered and how many of them were errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Summary {
    /// Lines read and answered.
    pub lines: u64,
    /// Of those, the lines answered with an error.
    pub errors: u64,
}

/// A stream that could not be read or written to the end.
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed.
    Read {
        /// The line being read, from 1.
        line: u64,
        /// The cause.
        source: io::Error,
        /// The lines answered before.
        summary: Summary,
    },
    /// Writing an answer failed (for a closed pipe, the kind is
    /// [`io::ErrorKind::BrokenPipe`]).
    Write {
        /// The cause.
        source: io::Error,
        /// The lines answered before (the failed write's line included: its
        /// answer may be partly written).
        summary: Summary,
    },
}

impl StreamError {
    /// The lines answered before the failure.
    pub fn summary(&self) -> Summary {
        match self {
            StreamError::Read { summary, .. } | StreamError::Write { summary, .. } => *summary,
        }
    }
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read { line, source, .. } => {
                write!(f, "cannot read line {line}: {source}")
            }
            StreamError::Write { source, .. } => write!(f, "cannot write the answers: {source}"),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Read { source, .. } | StreamError::Write { source, .. } => Some(source),
        }
    }
}

/// Reads one line, without its `\n`, into `buf` (cleared first), storing at
/// most `cap` bytes. Returns `None` at the end of the input, else whether
/// the line was longer than `cap` (then the rest was consumed, not stored).
fn read_line_capped<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    cap: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    let mut too_long = false;
    loop {
        let (used, done) = {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(too_long));
            }
            any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long {
                if buf.len() + part.len() > cap {
                    too_long = true;
                    buf.clear();
                } else {
                    buf.extend_from_slice(part);
                }
            }
            (used, done)
        };
        input.consume(used);
        if done {
            return Ok(Some(too_long));
        }
    }
}

/// Answers every line of `input` on `output`, one JSON line each, in order,
/// through a [`BufWriter`] flushed at the end. Lines are read one at a time
/// (never the whole input) and at most [`MAX_LINE_BYTES`] of a line is held.
/// A final line without `\n` counts; an empty input gives no output.
///
/// # Errors
/// [`StreamError::Read`] or [`StreamError::Write`] when the input or the
/// output fails; bad records are not errors of the stream but answers
/// (counted in [`Summary::errors`]).
///
/// # Examples
/// ```
/// use fixed_collide_cli::eval::eval_stream;
/// let input = "{\"op\":\"aabb_overlap\",\"a\":{\"min\":[0,0,0],\"max\":[1,1,1]},\"b\":{\"min\":[2,2,2],\"max\":[3,3,3]}}\nnot json\n";
/// let mut out = Vec::new();
/// let summary = eval_stream(input.as_bytes(), &mut out).unwrap();
/// assert_eq!((summary.lines, summary.errors), (2, 1));
/// let out = String::from_utf8(out).unwrap();
/// assert_eq!(out.lines().next(), Some(r#"{"hit":false}"#));
/// assert!(out.lines().nth(1).unwrap().starts_with(r#"{"error":"line 2: invalid JSON"#));
/// ```
pub fn eval_stream<R: BufRead, W: Write>(mut input: R, output: W) -> Result<Summary, StreamError> {
    let mut out = BufWriter::new(output);
    let mut summary = Summary::default();
    let mut buf = Vec::new();
    loop {
        let line = summary.lines + 1;
        let too_long = match read_line_capped(&mut input, &mut buf, MAX_LINE_BYTES) {
            Ok(Some(too_long)) => too_long,
            Ok(None) => break,
            Err(source) => {
                return Err(StreamError::Read {
                    line,
                    source,
                    summary,
                });
            }
        };
        let reply = if too_long {
            Err(LineError {
                line,
                error: InputError::new(
                    ErrorKind::LineTooLong,
                    None,
                    format!("line longer than {MAX_LINE_BYTES} bytes"),
                ),
            })
        } else {
            eval_bytes(line, &buf)
        };
        summary.lines = line;
        let mut text = match reply {
            Ok(answer) => answer.to_json(),
            Err(e) => {
                summary.errors += 1;
                e.to_json()
            }
        };
        text.push('\n');
        if let Err(source) = out.write_all(text.as_bytes()) {
            return Err(StreamError::Write { source, summary });
        }
    }
    out.flush()
        .map_err(|source| StreamError::Write { source, summary })?;
    Ok(summary)
}
