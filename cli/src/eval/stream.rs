//! Streams: [`eval_stream`] answers every line of a reader on a writer, one
//! line at a time, holding at most [`MAX_LINE_BYTES`] of a line.

use super::error::{ErrorKind, InputError, LineError};
use super::eval_bytes;
use std::fmt;
use std::io::{self, BufRead, BufWriter, Write};

/// The longest input line read, in bytes (1 MiB), not counting its line end,
/// `\n` or `\r\n`: the same line is accepted or refused whichever end it
/// has. A longer line is skipped to its end without being stored and
/// answered with [`ErrorKind::LineTooLong`], so no input can make the reader
/// hold more (than one byte more, a possible `\r`).
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
    /// Writing an answer failed: the answers from some line on are lost.
    /// For a reader that went away (a closed pipe, `| head`) the kind is
    /// [`io::ErrorKind::BrokenPipe`] ([`StreamError::is_broken_pipe`]); any
    /// other kind, such as a bad descriptor (`EBADF`) or a full disk, is a
    /// failure to report.
    Write {
        /// The cause.
        source: io::Error,
        /// The lines answered before (the failed write's line included: its
        /// answer may be partly written).
        summary: Summary,
    },
}

impl StreamError {
    /// Whether the stream stopped because the reader of the output went
    /// away ([`io::ErrorKind::BrokenPipe`]), as when the output is piped to
    /// `head`: a normal way for a stream to end early, unlike every other
    /// error.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::eval::{eval_stream, StreamError};
    /// use std::io::{self, Write};
    /// struct Closed(io::ErrorKind);
    /// impl Write for Closed {
    ///     fn write(&mut self, _: &[u8]) -> io::Result<usize> { Err(self.0.into()) }
    ///     fn flush(&mut self) -> io::Result<()> { Ok(()) }
    /// }
    /// let e = eval_stream(&b"\n"[..], Closed(io::ErrorKind::BrokenPipe)).unwrap_err();
    /// assert!(e.is_broken_pipe());
    /// let e = eval_stream(&b"\n"[..], Closed(io::ErrorKind::StorageFull)).unwrap_err();
    /// assert!(matches!(e, StreamError::Write { .. }) && !e.is_broken_pipe());
    /// ```
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, StreamError::Write { source, .. } if source.kind() == io::ErrorKind::BrokenPipe)
    }

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
/// most `cap` bytes besides a final `\r`. Returns `None` at the end of the
/// input, else whether the line without its end (`\n`, `\r\n`, or a `\r`
/// ending the input) was longer than `cap` (then the rest was consumed, not
/// stored).
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
                return Ok(any.then(|| too_long || over_cap(buf, cap)));
            }
            any = true;
            let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if !too_long {
                // One byte over `cap` is kept: it may be the `\r` of a
                // `\r\n`, which does not count.
                if buf.len() + part.len() > cap + 1 {
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
            return Ok(Some(too_long || over_cap(buf, cap)));
        }
    }
}

/// Whether the whole line `buf` (at most `cap + 1` bytes, without its
/// `\n`) is longer than `cap` once a final `\r` is set aside.
fn over_cap(buf: &mut Vec<u8>, cap: usize) -> bool {
    let content = buf.strip_suffix(b"\r").unwrap_or(buf);
    let over = content.len() > cap;
    if over {
        buf.clear();
    }
    over
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
