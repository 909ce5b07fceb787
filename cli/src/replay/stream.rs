//! Replays as streams: lines read one at a time with a length cap, the
//! streaming digest of the canonical encoding, the record reader that
//! checks a file against its header, and the writer that puts the header,
//! with the records' count and digests, in front of the records (written
//! once after room left for it when their count is known up front, else
//! spooled and copied).

use super::header::Header;
use super::{Kind, ReplayError};
use fixed_collide::num::Fx;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::Xxh3Default;

/// The longest line a replay may have, in bytes (without its line end).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The lines of a replay, one at a time, never more than
/// [`MAX_LINE_BYTES`] held.
pub(crate) struct Lines<R> {
    input: R,
    buf: Vec<u8>,
    number: u64,
}

impl<R: BufRead> Lines<R> {
    pub(crate) fn new(input: R) -> Self {
        Self {
            input,
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The number of the last line read (from 1).
    pub(crate) fn number(&self) -> u64 {
        self.number
    }

    /// The next line without its line end (`\n` or `\r\n`), or `None` at
    /// the end of the input.
    ///
    /// # Errors
    /// A read error, a line longer than [`MAX_LINE_BYTES`], a line that is
    /// not UTF-8 or is empty, a last line cut in the middle of its JSON
    /// (no line end, the JSON unfinished: a truncated file).
    pub(crate) fn next_line(&mut self) -> Result<Option<(u64, &str)>, ReplayError> {
        self.buf.clear();
        let line = self.number + 1;
        let mut any = false;
        let mut ended = false;
        loop {
            let avail = self
                .input
                .fill_buf()
                .map_err(|e| ReplayError::Io(format!("cannot read line {line}: {e}")))?;
            if avail.is_empty() {
                break;
            }
            any = true;
            let (part, used, done) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (&avail[..i], i + 1, true),
                None => (avail, avail.len(), false),
            };
            if self.buf.len() + part.len() > MAX_LINE_BYTES {
                return Err(ReplayError::Format(format!(
                    "line {line} is longer than {MAX_LINE_BYTES} bytes (is this a replay?)"
                )));
            }
            self.buf.extend_from_slice(part);
            self.input.consume(used);
            if done {
                ended = true;
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number = line;
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let text = std::str::from_utf8(&self.buf).map_err(|e| {
            ReplayError::Format(format!(
                "line {line} is not valid UTF-8 (bad byte at column {})",
                e.valid_up_to() + 1
            ))
        })?;
        if text.trim_matches([' ', '\t']).is_empty() {
            return Err(ReplayError::Format(format!("line {line} is empty")));
        }
        // The last line without a line end: when its JSON ends early too,
        // the file was cut in the middle of it.
        if !ended
            && serde_json::from_str::<&serde_json::value::RawValue>(text).is_err_and(|e| e.is_eof())
        {
            return Err(ReplayError::Edited(format!(
                "line {line} is cut short: the file ends in the middle of it, after {} bytes (truncated?)",
                self.buf.len()
            )));
        }
        Ok(Some((line, text)))
    }
}

/// The streaming XXH3-64 of a canonical little-endian encoding: the same
/// value as [`xxh3_64`](xxhash_rust::xxh3::xxh3_64) of the whole encoding,
/// without holding it.
#[derive(Clone)]
pub(crate) struct Digest(Box<Xxh3Default>);

impl Digest {
    pub(crate) fn new() -> Self {
        Self(Box::new(Xxh3Default::new()))
    }

    /// Bytes of an encoding made elsewhere (little-endian).
    pub(crate) fn raw(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    pub(crate) fn u8(&mut self, v: u8) {
        self.0.update(&[v]);
    }

    pub(crate) fn u32(&mut self, v: u32) {
        self.0.update(&v.to_le_bytes());
    }

    pub(crate) fn u64(&mut self, v: u64) {
        self.0.update(&v.to_le_bytes());
    }

    /// A count or length, as a `u32` (every list of a replay is bounded
    /// well below 2^32; longer ones saturate, which cannot be read back).
    pub(crate) fn count(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }

    /// A scalar's raw bits (`i64`).
    pub(crate) fn fx(&mut self, v: Fx) {
        self.0.update(&v.to_bits().to_le_bytes());
    }

    /// A text: its length in bytes as a `u64`, then its UTF-8 bytes.
    pub(crate) fn text(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.0.update(s.as_bytes());
    }

    /// A vector: its length as a `u32`, then its components.
    pub(crate) fn fxs(&mut self, v: &[Fx]) {
        self.count(v.len());
        for c in v {
            self.fx(*c);
        }
    }

    pub(crate) fn value(&self) -> u64 {
        self.0.digest()
    }
}

/// A replay being read: its header, then its records, each section's digest
/// computed as they are read.
pub(crate) struct Records<R> {
    pub(crate) lines: Lines<R>,
    pub(crate) header: Header,
    /// One per section of the kind (see [`Kind::sections`]); the first,
    /// the header's, is complete once the header is read.
    pub(crate) digests: Vec<Digest>,
    /// Records read.
    pub(crate) read: u64,
}

/// What a whole file holds, as computed while reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Totals {
    pub(crate) count: u64,
    pub(crate) digests: Vec<u64>,
}

impl<R: BufRead> Records<R> {
    /// Reads and checks the header line.
    pub(crate) fn open(input: R) -> Result<Self, ReplayError> {
        let mut lines = Lines::new(input);
        let header = match lines.next_line()? {
            Some((_, text)) => match Header::parse(text) {
                Ok(h) => h,
                Err(e) => {
                    // A pretty-printed version-1 replay: "{", then its header.
                    let pretty = text.trim() == "{";
                    if pretty
                        && let Ok(Some((_, next))) = lines.next_line()
                        && next.trim_start().starts_with("\"header\"")
                    {
                        return Err(super::header::version_1());
                    }
                    return Err(e);
                }
            },
            None => {
                return Err(ReplayError::Format(
                    "empty file (a replay starts with its header line)".to_string(),
                ));
            }
        };
        let mut digests: Vec<Digest> = header
            .kind
            .sections()
            .iter()
            .map(|_| Digest::new())
            .collect();
        header.encode(&mut digests[0]);
        Ok(Self {
            lines,
            header,
            digests,
            read: 0,
        })
    }

    /// The count and digests of what was read.
    pub(crate) fn totals(&self) -> Totals {
        Totals {
            count: self.read,
            digests: self.digests.iter().map(Digest::value).collect(),
        }
    }

    /// Checks what was read against the header: the record count, then
    /// each section's digest. A difference is an edit, named by section.
    pub(crate) fn check(&self) -> Result<(), ReplayError> {
        check_totals(&self.header, &self.totals())
    }
}

/// Checks a file's totals against its header.
pub(crate) fn check_totals(header: &Header, totals: &Totals) -> Result<(), ReplayError> {
    if totals.count != header.count {
        return Err(ReplayError::Edited(format!(
            "header.count records {} records after the header, the file holds {} (records dropped or added)",
            header.count, totals.count
        )));
    }
    let sections = header.kind.sections();
    for ((name, want), got) in sections.iter().zip(&header.digests).zip(&totals.digests) {
        if want != got {
            return Err(ReplayError::Edited(format!(
                "{} differ from what the header records (header.digest.{name} {}, the file's content hashes to {})",
                header.kind.section_description(name),
                crate::state_hash::hex(*want),
                crate::state_hash::hex(*got)
            )));
        }
    }
    Ok(())
}

/// Opens a file for reading.
pub(crate) fn open_file(path: &Path) -> Result<BufReader<File>, ReplayError> {
    File::open(path)
        .map(|f| BufReader::with_capacity(1 << 16, f))
        .map_err(|e| ReplayError::Io(format!("{}: {e}", path.display())))
}

/// A replay being written: its records go to a spool file beside the output
/// while their count and digests are computed; [`finish`](Self::finish)
/// writes the header and copies the records after it, then renames the
/// whole into place. Nothing is held in memory but the current line.
///
/// When the record count is known before the first record
/// ([`create_counted`](Self::create_counted)), the header's length is too
/// (its digests are 16 hex digits each): the records are then written once,
/// straight into the file after room for the header, which
/// [`finish`](Self::finish) writes at the start.
pub(crate) struct Sink {
    out: PathBuf,
    spool: PathBuf,
    whole: PathBuf,
    w: Option<BufWriter<File>>,
    /// With a known count: the bytes left for the header line (with its
    /// line end) at the start of the whole file, which the records follow.
    reserved: Option<u64>,
    kind: Kind,
    pub(crate) digests: Vec<Digest>,
    count: u64,
    /// A reusable line buffer for the records' writers.
    pub(crate) line: String,
    /// The header's extensions.
    pub(crate) extensions: Vec<String>,
    /// A reusable byte buffer for a record written as bytes (ASCII), and
    /// one for its canonical encoding.
    pub(crate) bytes: Vec<u8>,
    pub(crate) scratch: Vec<u8>,
}

fn sibling(out: &Path, suffix: &str) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    out.with_file_name(name)
}

impl Sink {
    /// Starts writing a replay of `kind` to `out`.
    pub(crate) fn create(out: &Path, kind: Kind) -> Result<Self, ReplayError> {
        let spool = sibling(out, ".records.tmp");
        let file = File::create(&spool).map_err(|e| {
            ReplayError::Io(format!(
                "{}: {e} (writing {})",
                out.display(),
                spool.display()
            ))
        })?;
        Ok(Self {
            out: out.to_path_buf(),
            whole: sibling(out, ".tmp"),
            spool,
            w: Some(BufWriter::with_capacity(1 << 16, file)),
            reserved: None,
            kind,
            digests: kind.sections().iter().map(|_| Digest::new()).collect(),
            count: 0,
            line: String::new(),
            extensions: Vec::new(),
            bytes: Vec::new(),
            scratch: Vec::new(),
        })
    }

    /// Starts writing a replay of `kind` with `extensions` and `count`
    /// records after the header to `out`, the records written once (see
    /// [`Sink`]); a different count at [`finish`](Self::finish) still gives
    /// a correct file, by a copy.
    pub(crate) fn create_counted(
        out: &Path,
        kind: Kind,
        extensions: Vec<String>,
        count: u64,
    ) -> Result<Self, ReplayError> {
        let mut header = Header::current(kind);
        header.extensions = extensions;
        header.count = count;
        let reserved = header.to_line().len() as u64 + 1;
        let whole = sibling(out, ".tmp");
        let writing = |e: std::io::Error| {
            ReplayError::Io(format!(
                "{}: {e} (writing {})",
                out.display(),
                whole.display()
            ))
        };
        let mut file = File::create(&whole).map_err(writing)?;
        file.seek(SeekFrom::Start(reserved)).map_err(writing)?;
        Ok(Self {
            out: out.to_path_buf(),
            spool: sibling(out, ".records.tmp"),
            whole,
            w: Some(BufWriter::with_capacity(1 << 16, file)),
            reserved: Some(reserved),
            kind,
            digests: kind.sections().iter().map(|_| Digest::new()).collect(),
            count: 0,
            line: String::new(),
            extensions: header.extensions,
            bytes: Vec::new(),
            scratch: Vec::new(),
        })
    }

    fn io(path: &Path) -> impl Fn(std::io::Error) -> ReplayError + '_ {
        move |e| ReplayError::Io(format!("{}: {e}", path.display()))
    }

    /// Writes [`line`](Self::line) as one record.
    pub(crate) fn record(&mut self) -> Result<(), ReplayError> {
        let w = self
            .w
            .as_mut()
            .ok_or_else(|| ReplayError::Io("replay already finished".to_string()))?;
        self.line.push('\n');
        let written = w.write_all(self.line.as_bytes());
        self.line.clear();
        written.map_err(Self::io(&self.spool))?;
        self.count += 1;
        Ok(())
    }

    /// Writes [`bytes`](Self::bytes) as one record (its writer puts only
    /// ASCII text there).
    pub(crate) fn record_bytes(&mut self) -> Result<(), ReplayError> {
        let w = self
            .w
            .as_mut()
            .ok_or_else(|| ReplayError::Io("replay already finished".to_string()))?;
        self.bytes.push(b'\n');
        let written = w.write_all(&self.bytes);
        self.bytes.clear();
        written.map_err(Self::io(&self.spool))?;
        self.count += 1;
        Ok(())
    }

    /// Writes the header and the records to the output.
    pub(crate) fn finish(mut self) -> Result<(), ReplayError> {
        let w = self
            .w
            .take()
            .ok_or_else(|| ReplayError::Io("replay already finished".to_string()))?;
        let reserved = self.reserved;
        let written = if reserved.is_some() {
            &self.whole
        } else {
            &self.spool
        };
        let mut file = w
            .into_inner()
            .map_err(|e| ReplayError::Io(format!("{}: {}", written.display(), e.error())))?;
        let mut header = Header::current(self.kind);
        header.extensions = std::mem::take(&mut self.extensions);
        header.count = self.count;
        let mut first = Digest::new();
        header.encode(&mut first);
        self.digests[0] = first;
        header.digests = self.digests.iter().map(Digest::value).collect();
        let mut line = header.to_line();
        line.push('\n');
        if reserved == Some(line.len() as u64) {
            // The records are in place after the room left for the header.
            file.seek(SeekFrom::Start(0))
                .and_then(|_| file.write_all(line.as_bytes()))
                .and_then(|()| file.sync_all())
                .map_err(Self::io(&self.whole))?;
            drop(file);
            return std::fs::rename(&self.whole, &self.out).map_err(Self::io(&self.out));
        }
        file.sync_all().map_err(Self::io(written))?;
        drop(file);
        // The records are in the spool, or (another count than announced)
        // after room of the wrong size: copy them after the header.
        let skip = match reserved {
            Some(skip) => {
                std::fs::rename(&self.whole, &self.spool).map_err(Self::io(&self.spool))?;
                skip
            }
            None => 0,
        };
        let file = File::create(&self.whole).map_err(Self::io(&self.whole))?;
        let mut out = BufWriter::with_capacity(1 << 16, file);
        out.write_all(line.as_bytes())
            .map_err(Self::io(&self.whole))?;
        let mut records = open_file(&self.spool)?;
        records
            .seek(SeekFrom::Start(skip))
            .map_err(Self::io(&self.spool))?;
        std::io::copy(&mut records, &mut out).map_err(Self::io(&self.whole))?;
        out.flush().map_err(Self::io(&self.whole))?;
        drop(out);
        std::fs::rename(&self.whole, &self.out).map_err(Self::io(&self.out))?;
        Ok(())
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        // The spool always goes; the whole file is gone once renamed.
        let _ = std::fs::remove_file(&self.spool);
        let _ = std::fs::remove_file(&self.whole);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of a replay of two records written by `sink`.
    fn written(out: &Path, mut sink: Sink) -> Vec<u8> {
        sink.digests[1].u32(7);
        for line in ["{\"a\":1}", "{\"b\":22}"] {
            sink.line.push_str(line);
            sink.record().unwrap();
        }
        sink.finish().unwrap();
        let bytes = std::fs::read(out).unwrap();
        std::fs::remove_file(out).unwrap();
        bytes
    }

    #[test]
    fn a_counted_sink_writes_the_file_a_spooled_sink_writes_whatever_the_count() {
        let dir = std::env::temp_dir();
        let out = dir.join(format!("fc-sink-{}.json", std::process::id()));
        let ext = || vec!["body-states".to_string()];
        let mut spooled = Sink::create(&out, Kind::Arena).unwrap();
        spooled.extensions = ext();
        let want = written(&out, spooled);
        assert!(want.starts_with(b"{\"format\""));
        // The announced count (the records written once), then a count
        // of more digits and one of fewer (the records copied).
        for count in [2, 100, 1] {
            let sink = Sink::create_counted(&out, Kind::Arena, ext(), count).unwrap();
            assert_eq!(written(&out, sink), want, "announced count {count}");
        }
        for tmp in [sibling(&out, ".tmp"), sibling(&out, ".records.tmp")] {
            assert!(!tmp.exists(), "{} left behind", tmp.display());
        }
    }
}
