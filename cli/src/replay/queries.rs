//! Query replays: `eval` lines with their expected answers, one record a
//! line `{"category":..,"input":{..},"expected":{..}}`, recorded and
//! verified as streams.

use super::json::{self, At, Canon, Obj, json_string};
use super::stream::{Digest, Records, Sink};
use super::{Divergence, Kind, Replay, ReplayError, Verdict};
use crate::state_hash::hex;
use std::io::BufRead;
use std::path::Path;

pub use super::generate::{CIRCLE, Generated, generate};

/// The digest sections of a query replay.
const INPUTS: usize = 1;
const ANSWERS: usize = 2;

/// The answer of this build to one `eval` line in canonical form: the
/// answer's fields, or `{"error": message}` for an invalid line.
fn answer(input: &str) -> Canon {
    let error = |msg: String| Canon::Obj(vec![("error".to_string(), Canon::Str(msg))]);
    match crate::eval::eval_line(input) {
        Ok(a) => {
            let text = a.to_json();
            match json::parse_line(&text).and_then(|raw| Canon::of(raw, At::Top(""))) {
                Ok(c) => c,
                Err(e) => error(e),
            }
        }
        Err(e) => error(e.to_string()),
    }
}

/// The answer of this build to one `eval` line as a replay records it:
/// compact JSON, keys in alphabetical order, numbers as strings of their
/// exact decimal text; `{"error":"..."}` for an invalid line. The answer
/// digest of a verification is over these texts.
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay::queries::answer_json;
/// let a = answer_json(r#"{"op":"ray_aabb","ray":{"origin":[0,0],"dir":[1,0]},"aabb":{"min":[2,-1],"max":[4,1]}}"#);
/// assert_eq!(a, r#"{"hit":true,"inside":false,"normal":["-1","0"],"point":["2","0"],"t":"2"}"#);
/// ```
pub fn answer_json(input: &str) -> String {
    answer(input).to_json()
}

/// One record of a query replay, as read.
pub(crate) struct QueryRec<'a> {
    pub(crate) category: String,
    /// The `eval` line, as its text in the file.
    pub(crate) input: &'a str,
    pub(crate) expected: Canon,
}

/// A query replay read record by record.
pub(crate) struct QueryReader<R> {
    pub(crate) rec: Records<R>,
    strict: bool,
}

impl<R: BufRead> QueryReader<R> {
    /// A reader of the records after the header; `strict` stops at a record
    /// past the header's count.
    pub(crate) fn new(rec: Records<R>, strict: bool) -> Result<Self, ReplayError> {
        if strict && rec.header.count == 0 {
            return Err(ReplayError::Format(
                "header.count is 0: a query replay holds at least one query".to_string(),
            ));
        }
        Ok(Self { rec, strict })
    }

    /// The next query, or `None` at the end of the file.
    pub(crate) fn next_query(&mut self) -> Result<Option<QueryRec<'_>>, ReplayError> {
        let Some((n, line)) = self.rec.lines.next_line()? else {
            return Ok(None);
        };
        self.rec.read += 1;
        if self.strict && self.rec.read > self.rec.header.count {
            return Err(ReplayError::Edited(format!(
                "line {n}: more records than the {} of header.count (records added?)",
                self.rec.header.count
            )));
        }
        let index = self.rec.read - 1;
        let fmt = |e: String| ReplayError::Format(format!("line {n}: query {index}: {e}"));
        let mut obj = Obj::parse(json::parse_line(line).map_err(fmt)?, At::Top("")).map_err(fmt)?;
        let category = obj
            .req("category")
            .and_then(|raw| json::string(raw, At::Top("category")))
            .map_err(fmt)?;
        let input = obj.req("input").map_err(fmt)?;
        let input_canon = Canon::of(input, At::Top("input")).map_err(fmt)?;
        let expected_raw = obj.req("expected").map_err(fmt)?;
        if !expected_raw.get().starts_with('{') {
            return Err(fmt("expected: not an answer object".to_string()));
        }
        let expected = Canon::of(expected_raw, At::Top("expected")).map_err(fmt)?;
        obj.end().map_err(fmt)?;
        let d = &mut self.rec.digests;
        d[INPUTS].text(&category);
        input_canon.encode(&mut d[INPUTS]);
        expected.encode(&mut d[ANSWERS]);
        Ok(Some(QueryRec {
            category,
            input: input.get(),
            expected,
        }))
    }
}

/// Re-answers every query of a replay and compares each answer with the
/// recorded one by value, stopping at the first difference. A match
/// reports the XXH3-64 of the answers (each as [`answer_json`], prefixed by
/// its length as a little-endian `u64`), comparable across platforms.
pub(crate) fn verify(
    replay: &Replay,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Verdict, ReplayError> {
    let rec = Records::open(replay.source.open()?)?;
    if rec.header != replay.header {
        return Err(ReplayError::Edited(
            "the file changed while it was being verified".to_string(),
        ));
    }
    let mut reader = QueryReader::new(rec, true)?;
    let n = reader.rec.header.count;
    let mut digest = Digest::new();
    let mut i: u64 = 0;
    while let Some(q) = reader.next_query()? {
        let actual = answer(q.input);
        digest.text(&actual.to_json());
        if actual != q.expected {
            let (field, expected, actual) = first_field_difference(&q.expected, &actual);
            return Ok(Verdict::Diverged(Divergence {
                at: format!("query {i} ({})", q.category),
                field,
                expected,
                actual,
            }));
        }
        if i.is_multiple_of(1024) {
            progress(i, n);
        }
        i += 1;
    }
    reader.rec.check().map_err(|_| {
        ReplayError::Edited("the file changed while it was being verified".to_string())
    })?;
    progress(n, n);
    Ok(Verdict::Match(format!(
        "{n} queries, answer digest {}",
        hex(digest.value())
    )))
}

/// The first key (in key order, the expected answer's then the actual's)
/// whose values differ, with both values.
fn first_field_difference(expected: &Canon, actual: &Canon) -> (String, String, String) {
    if let (Canon::Obj(e), Canon::Obj(a)) = (expected, actual) {
        // An input that is now rejected: show why.
        if let (None, Some(msg)) = (expected.get("error"), actual.get("error")) {
            return ("error".to_string(), "(none)".to_string(), msg.to_json());
        }
        for (k, ev) in e {
            let av = actual.get(k);
            if av != Some(ev) {
                return (
                    k.clone(),
                    ev.to_json(),
                    av.map_or("(absent)".to_string(), Canon::to_json),
                );
            }
        }
        for (k, av) in a {
            if expected.get(k).is_none() {
                return (k.clone(), "(absent)".to_string(), av.to_json());
            }
        }
    }
    ("answer".to_string(), expected.to_json(), actual.to_json())
}

/// Writes a query replay: each [`push`](Self::push) answers one `eval`
/// line with this build and records both; [`finish`](Self::finish) writes
/// the file with its header.
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay::{self, queries::QueryWriter, Verdict};
/// let out = std::env::temp_dir().join(format!("fc-qw-doc-{}.json", std::process::id()));
/// let mut w = QueryWriter::create(&out).unwrap();
/// // Kept as written: 2^30 and 43 ulps, which a float would round to 2^30.
/// w.push("by hand", r#"{"op":"aabb_sweep","stationary":{"min":[0,0],"max":[1,1]},
///     "moving":{"min":[3,0],"max":[4,1]},"d":[-1073741824.00000001,0]}"#).unwrap();
/// w.finish().unwrap();
/// let text = std::fs::read_to_string(&out).unwrap();
/// assert!(text.contains("-1073741824.00000001"));
/// let r = replay::load(&out).unwrap();
/// assert!(matches!(replay::verify(&r, &mut |_, _| {}).unwrap(), Verdict::Match(_)));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub struct QueryWriter {
    sink: Sink,
    count: u64,
}

impl QueryWriter {
    /// Starts a query replay at `out` (written in full by
    /// [`finish`](Self::finish)).
    ///
    /// # Errors
    /// [`ReplayError::Io`] when the file cannot be written.
    ///
    /// # Examples
    /// See [`QueryWriter`].
    pub fn create(out: &Path) -> Result<Self, ReplayError> {
        Ok(Self {
            sink: Sink::create(out, Kind::Queries)?,
            count: 0,
        })
    }

    /// Answers the `eval` line `input` and records it under `category`. The
    /// line is kept as written (line ends inside it become spaces), so its
    /// numbers are read from their text when it is verified.
    ///
    /// # Errors
    /// [`ReplayError::Format`] when `input` is not one JSON value or has a
    /// key twice (which a replay cannot hold); [`ReplayError::Io`].
    ///
    /// # Examples
    /// See [`QueryWriter`].
    pub fn push(&mut self, category: &str, input: &str) -> Result<(), ReplayError> {
        let input = input.trim().replace(['\n', '\r'], " ");
        let raw = json::parse_line(&input)
            .map_err(|e| ReplayError::Format(format!("query input: {e}")))?;
        let input_canon = Canon::of(raw, At::Top("input"))
            .map_err(|e| ReplayError::Format(format!("query input: {e}")))?;
        let expected = answer(&input);
        let d = &mut self.sink.digests;
        d[INPUTS].text(category);
        input_canon.encode(&mut d[INPUTS]);
        expected.encode(&mut d[ANSWERS]);
        let line = &mut self.sink.line;
        line.push_str("{\"category\":");
        line.push_str(&json_string(category));
        line.push_str(",\"input\":");
        line.push_str(&input);
        line.push_str(",\"expected\":");
        expected.write_json(line);
        line.push('}');
        self.sink.record()?;
        self.count += 1;
        Ok(())
    }

    /// Writes the file.
    ///
    /// # Errors
    /// [`ReplayError::Format`] when no query was pushed (a query replay
    /// holds at least one); [`ReplayError::Io`].
    ///
    /// # Examples
    /// See [`QueryWriter`].
    pub fn finish(self) -> Result<(), ReplayError> {
        if self.count == 0 {
            return Err(ReplayError::Format(
                "no queries: a query replay holds at least one".to_string(),
            ));
        }
        self.sink.finish()
    }
}

/// Records `count` queries generated from `seed` ([`generate`]) with this
/// build's answers at `out`; `progress(done, total)` follows them.
///
/// # Errors
/// [`ReplayError::Io`] when the file cannot be written.
///
/// # Examples
/// See [`load`](super::load).
pub fn record(
    count: u32,
    seed: u64,
    out: &Path,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(), ReplayError> {
    let mut w = QueryWriter::create(out)?;
    for (i, (category, input)) in generate(count, seed).enumerate() {
        w.push(&category, &input)?;
        if i % 1024 == 0 {
            progress(i as u64, u64::from(count));
        }
    }
    progress(u64::from(count), u64::from(count));
    w.finish()
}
