//! Replays: a run's inputs and its expected outputs in one file, sealed by
//! a digest of their meaning, re-run and compared bit for bit.
//!
//! # Format (version 2)
//!
//! A replay is a JSON Lines file: UTF-8, one JSON object a line, lines
//! ending in `\n` (or `\r\n`), no blank line, no line longer than
//! [`MAX_LINE_BYTES`]. It is read and written as a stream, one line at a
//! time, so that its size never matters to memory. No key may be given
//! twice in any object (that is an error, never "the last one wins"), and
//! no unknown key is ignored.
//!
//! **Line 1, the header**, names the format and seals the rest:
//!
//! ```text
//! {"format":"fixed-collide-replay","version":2,"scalar":"I32F32","crate_version":"0.1.0",
//!  "kind":"queries","count":16200,"digest":{"header":"…","inputs":"…","answers":"…"}}
//! ```
//!
//! - `format`, `version` ([`VERSION`]) and `scalar` ([`SCALAR`]) are
//!   checked first, so another file or version is reported as such;
//! - `crate_version` is the version of the crate that recorded the file;
//! - `kind` is `"arena"` or `"queries"` ([`Kind`]);
//! - `count` is the number of records (lines) after the header;
//! - `digest` holds, for each section of the kind ([`Kind::sections`]),
//!   the XXH3-64 of the section's canonical encoding (below), as 16
//!   lower-case hex digits;
//! - `extensions` (optional, absent when empty) lists the names of the
//!   format extensions the file uses: optional records under a name listed
//!   here, covered by the digest of their section. This build knows two,
//!   both of arena replays, listed in this order: `body-states` and
//!   `query-digests` (see [`Detail`]). A file that lists no extension
//!   verifies with every build that reads version 2 and is written exactly
//!   as before them; a build refuses, naming it, an extension it does not
//!   know.
//!
//! **A query replay** (`"kind":"queries"`) has one record per query:
//!
//! ```text
//! {"category":"ray_aabb/2d/through_corner","input":{"op":"ray_aabb",…},"expected":{"hit":true,…}}
//! ```
//!
//! `input` is an [`eval`](crate::eval) line, kept as written: its numbers
//! are read from their text by `eval` itself. `expected` is the answer
//! (keys in alphabetical order, numbers as strings), or `{"error": "…"}`.
//! Its sections are `header`, `inputs` (each category and input) and
//! `answers` (each expected answer). It holds at least one query.
//!
//! **An arena replay** (`"kind":"arena"`) has its records in this order,
//! each an object of one member naming it:
//!
//! 1. `{"run":{"dim":2,"seed":1,"ticks":400,"hash_every":1,"obstacles":41,"bodies":400,"triggers":4,"kicks":49}}`:
//!    the run's parameters and the number of records of each part, checked
//!    against the limits ([`MAX_TICKS`], [`MAX_BODIES`], [`MAX_OBSTACLES`],
//!    [`MAX_TRIGGERS`], [`MAX_KICKS`]) before anything else is read;
//! 2. the scene, the inputs: `obstacles` records
//!    `{"obstacle":{"shape":S,"pos":[..]}}`, `bodies` records
//!    `{"body":{"shape":S,"pos":[..],"vel":[..]}}`, `triggers` records
//!    `{"trigger":{"min":[..],"max":[..]}}`, `kicks` records
//!    `{"kick":{"tick":t,"body":i,"vel":[..]}}` in tick order; a shape `S`
//!    is `{"box":{"half":[..]}}`, `{"ball":{"radius":r}}` or
//!    `{"oriented":{"half":[..],"axes":[[..],..]}}` (the axes' exact bits);
//! 3. `ticks / hash_every` records `{"state":{"tick":t,"hash":"…"}}`, the
//!    state hash ([`World::state_hash`](crate::arena::World::state_hash))
//!    after every `hash_every`-th tick, each followed by its detail records
//!    when the file has detail ([`Detail`]);
//! 4. `bodies` records `{"final_body":{"pos":[..],"vel":[..],"sensor":s,"contacts":n}}`
//!    and last `{"final":{"tick":t,"hash":"…","trigger_hits":[..]}}`, the
//!    state after the last tick.
//!
//! Its sections are `header`, `inputs` (the run record and the scene),
//! `states` and `final`.
//!
//! **Numbers** are decimal strings (a JSON number is read the same way),
//! read from their text exactly as `I32F32::from_str` reads it, never
//! through a float; written as the exact decimal text of their bits. Counts,
//! ticks and indices are whole JSON numbers read from their text (`1.0`,
//! `-1` and `"1"` are not whole numbers).
//!
//! # Canonical encoding
//!
//! A digest is the XXH3-64 of the canonical encoding of a section: the
//! records' values in file order, little-endian, with every length and
//! count explicit (`u32` for counts and vector lengths, `u64` for text
//! lengths; never a platform-sized integer). A scalar is its raw bits as an
//! `i64`, a hash a `u64`, a text its length and UTF-8 bytes. A JSON value of
//! a query (an input or an answer) is encoded by what it means: a tag byte,
//! then a number's bits (a JSON number or a decimal string alike), a text,
//! or the count of an array's elements or an object's members, the members
//! in key order. The encoding is of the parsed values, not of the text:
//! spaces, key order and the spelling of a number (`"1.50"`, `1.5`) are not
//! part of it, and every change of a value is.
//!
//! Section by section (`vec` is a `u32` length then each component's
//! `i64` bits; `text` a `u64` length then the UTF-8 bytes):
//!
//! | section | encoding |
//! |---|---|
//! | `header` | `text` format, `u32` version, `text` scalar, `text` crate version, `u8` kind (0 arena, 1 queries), `u64` count, `u32` number of extensions and each as `text` |
//! | queries `inputs` | per query: `text` category, value of `input` |
//! | queries `answers` | per query: value of `expected` |
//! | arena `inputs` | run: `u32` dim, `u64` seed, `u32` ticks, hash_every, obstacles, bodies, triggers, kicks; per obstacle: shape, `vec` pos; per body: shape, `vec` pos, `vec` vel; per trigger: `vec` min, `vec` max; per kick: `u32` tick, `u32` body, `vec` vel |
//! | arena `states` | per state: `u32` tick, `u64` hash; then its detail records, if any ([`Detail`]) |
//! | arena `final` | per final body: `vec` pos, `vec` vel, `i64` sensor, `u32` contacts; then `u32` tick, `u64` hash, `u32` number of triggers and each count as `u32` |
//!
//! A shape is a `u32` tag then its sizes: 0 box (`vec` half), 1 ball
//! (`i64` radius), 2 oriented (`vec` half, `u32` number of axes, each a
//! `vec`). A value is a tag byte then: 0 null, 1 false, 2 true, 3 a number
//! (`i64` bits), 4 a JSON number that is no `I32F32` (`text`), 5 a string
//! (`text`), 6 an array (`u32` count, each value), 7 an object (`u32`
//! count, each member as its key's `text` and its value, in key order).
//!
//! # Verification
//!
//! [`load`] (or [`parse`]) reads the file once through, checking every
//! record and computing each section's digest, then compares the count and
//! the digests with the header: a difference is [`ReplayError::Edited`],
//! naming the section, before anything is re-run. [`verify`] then reads the
//! file a second time while re-running it, compares each output with the
//! recording by value, stops at the first [`Divergence`] and names it (the
//! tick or query, the field, both values). Any edit that changes the
//! meaning of a replay is thus rejected, even one whose re-run outputs
//! happen to match; an edit that keeps it (spaces, key order, `1.5` for
//! `"1.50"`) is not an edit.
//!
//! # Version 1
//!
//! Version 1 was one JSON document (`{"header":{..},"arena":{..}}` or
//! `{"header":{..},"queries":[..]}`) without count or digest. It is not
//! read any more: its files are refused with a message asking to re-record
//! them (`fixed-collide replay record ...`), since nothing in them tells an
//! edit from a recording.

mod arena;
mod detail;
mod diff;
mod diff_tick;
mod focus;
mod generate;
mod header;
mod json;
mod model;
mod options;
pub mod queries;
mod run;
mod stream;

pub use arena::ArenaInfo;
pub(crate) use detail::Recorded;
pub use detail::{BODY_STATES, CHUNK, Detail, QUERY_DIGESTS};
pub use diff::{DiffReport, MAX_BODIES_LISTED, diff, diff_at};
pub use focus::Focus;
pub use header::Header;
pub use model::BodyState;
pub use options::{RunOptions, record_arena_with, rerecord, run_arena_with};
pub use run::{ArenaCheck, ArenaRun, ArenaWriter, FinalState, record_arena, run_arena};
pub use stream::MAX_LINE_BYTES;

use arena::ArenaReader;
use queries::QueryReader;
use std::fmt;
use std::io::{BufRead, Cursor};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use stream::{Records, Totals};

/// The `format` field of every replay.
pub const FORMAT: &str = "fixed-collide-replay";
/// The replay format version this build writes and reads.
pub const VERSION: u32 = 2;
/// The scalar format of every number in a replay.
pub const SCALAR: &str = "I32F32";

/// The most ticks an arena replay may run: the `arena` command's limit.
pub const MAX_TICKS: u32 = 10_000_000;
/// The most bodies of an arena replay: the `arena` command's limit.
pub const MAX_BODIES: u32 = 200_000;
/// The most obstacles of an arena replay (the `arena` command makes fewer
/// than 19,000 for its most bodies).
pub const MAX_OBSTACLES: u32 = 200_000;
/// The most trigger zones of an arena replay (the `arena` command makes 4).
pub const MAX_TRIGGERS: u32 = 1_024;
/// The most kicks of an arena replay: one every 8 ticks over the longest
/// run, as the `arena` command makes them.
pub const MAX_KICKS: u32 = MAX_TICKS / 8;

/// What a replay holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An arena run.
    Arena,
    /// A list of queries and answers.
    Queries,
}

impl Kind {
    /// The `kind` field.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::Kind;
    /// assert_eq!(Kind::Arena.name(), "arena");
    /// assert_eq!(Kind::from_name("queries"), Some(Kind::Queries));
    /// assert_eq!(Kind::from_name("Queries"), None);
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Kind::Arena => "arena",
            Kind::Queries => "queries",
        }
    }

    /// The kind named `name` (exactly), as [`name`](Self::name) gives it.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "arena" => Some(Kind::Arena),
            "queries" => Some(Kind::Queries),
            _ => None,
        }
    }

    /// Its byte in the canonical encoding of the header.
    pub(crate) fn code(self) -> u8 {
        match self {
            Kind::Arena => 0,
            Kind::Queries => 1,
        }
    }

    /// The names of the sections of `header.digest`, in encoding order.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::Kind;
    /// assert_eq!(Kind::Queries.sections(), ["header", "inputs", "answers"]);
    /// assert_eq!(Kind::Arena.sections(), ["header", "inputs", "states", "final"]);
    /// ```
    pub fn sections(self) -> &'static [&'static str] {
        match self {
            Kind::Arena => &["header", "inputs", "states", "final"],
            Kind::Queries => &["header", "inputs", "answers"],
        }
    }

    /// What a section holds, for messages.
    pub(crate) fn section_description(self, name: &str) -> &'static str {
        match (self, name) {
            (_, "header") => "the header's fields",
            (Kind::Queries, "inputs") => "the queries' inputs (categories and eval lines)",
            (Kind::Queries, _) => "the expected answers",
            (Kind::Arena, "inputs") => "the inputs (the run record and the scene)",
            (Kind::Arena, "states") => "the recorded state hashes",
            (Kind::Arena, _) => "the recorded final state",
        }
    }
}

/// Why a replay could not be read or run.
#[derive(Debug)]
pub enum ReplayError {
    /// The file could not be read or written.
    Io(String),
    /// The text is not a valid replay (malformed JSON, a missing, unknown
    /// or repeated field, a wrong header, an unknown version).
    Format(String),
    /// The content does not match its header: records dropped or added, or
    /// a section whose digest differs, named.
    Edited(String),
    /// An arena replay over the arena's limits ([`MAX_TICKS`] ...).
    Limit(String),
    /// The replay's inputs are invalid (a field out of the domain ...).
    Input(crate::Error),
    /// The run itself failed: a body left the domain.
    Arena(crate::arena::LeftDomain),
    /// Two replays that cannot be compared ([`diff`]): another kind,
    /// another scene.
    Incomparable(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Io(m) => write!(f, "{m}"),
            ReplayError::Format(m) => write!(f, "not a valid replay: {m}"),
            ReplayError::Edited(m) => write!(f, "edited replay: {m}"),
            ReplayError::Limit(m) => write!(f, "replay refused: {m}"),
            ReplayError::Input(e) => write!(f, "invalid replay input: {e}"),
            ReplayError::Arena(e) => write!(f, "arena stopped: {e}"),
            ReplayError::Incomparable(m) => write!(f, "cannot compare: {m}"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl From<crate::arena::LeftDomain> for ReplayError {
    fn from(e: crate::arena::LeftDomain) -> Self {
        ReplayError::Arena(e)
    }
}

impl From<crate::Error> for ReplayError {
    fn from(e: crate::Error) -> Self {
        ReplayError::Input(e)
    }
}

impl From<fixed_collide::Error> for ReplayError {
    fn from(e: fixed_collide::Error) -> Self {
        ReplayError::Input(e.into())
    }
}

/// The first difference between a recorded and a re-run result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Where: `tick 17` or `query 4031 (category)`.
    pub at: String,
    /// Which field: `state hash`, `final.bodies[3].pos[0]`, `t_enter` ...
    pub field: String,
    /// The recorded value.
    pub expected: String,
    /// The re-run value.
    pub actual: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first divergence at {}: {}: expected {}, actual {}",
            self.at, self.field, self.expected, self.actual
        )
    }
}

/// The result of re-running a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Everything matched. The text summarizes what was checked (ticks and
    /// final hash, or the number of queries and the answer digest).
    Match(String),
    /// The first difference.
    Diverged(Divergence),
}

/// Where a replay is read from.
#[derive(Clone, Debug)]
pub(crate) enum Source {
    File(PathBuf),
    Text(Arc<[u8]>),
}

impl Source {
    pub(crate) fn open(&self) -> Result<Box<dyn BufRead>, ReplayError> {
        Ok(match self {
            Source::File(p) => Box::new(stream::open_file(p)?),
            Source::Text(t) => Box::new(Cursor::new(Arc::clone(t))),
        })
    }
}

/// What a replay holds, as read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contents {
    /// An arena run: its `run` record.
    Arena(ArenaInfo),
    /// Queries: how many.
    Queries(u64),
}

/// A replay whose every record was read and checked against its header
/// (by [`load`] or [`parse`]), ready to be [`verify`]'d.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The header.
    pub header: Header,
    /// What it holds.
    pub contents: Contents,
    pub(crate) source: Source,
}

impl Replay {
    /// The run parameters of an arena replay (`None` for queries).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::{arena::scene::generate, replay};
    /// let out = std::env::temp_dir().join(format!("fc-arena-doc-{}.json", std::process::id()));
    /// replay::record_arena(generate::<3>(5, 6, 9), 9, 6, 2, &out, &mut |_, _| {}).unwrap();
    /// let r = replay::load(&out).unwrap();
    /// assert_eq!(r.what(), "arena 3D");
    /// let info = r.arena().unwrap();
    /// assert_eq!((info.bodies, info.ticks, info.hash_every, info.states()), (5, 6, 2, 3));
    /// # std::fs::remove_file(&out).unwrap();
    /// ```
    pub fn arena(&self) -> Option<&ArenaInfo> {
        match &self.contents {
            Contents::Arena(info) => Some(info),
            Contents::Queries(_) => None,
        }
    }

    /// What the replay holds, in a few words: `arena 2D` or `queries`.
    pub fn what(&self) -> String {
        match &self.contents {
            Contents::Arena(info) => format!("arena {}D", info.dim),
            Contents::Queries(_) => "queries".to_string(),
        }
    }
}

/// Reads every record of a replay, returning what it holds and the totals
/// of its content; `strict` checks the record count implied by an arena's
/// run record as soon as it is read.
fn scan(input: Box<dyn BufRead>, strict: bool) -> Result<(Header, Contents, Totals), ReplayError> {
    let rec = Records::open(input)?;
    match rec.header.kind {
        Kind::Arena => {
            let mut reader = ArenaReader::open(rec, strict)?;
            while reader.next_item()?.is_some() {}
            let totals = reader.rec.totals();
            Ok((reader.rec.header, Contents::Arena(reader.info), totals))
        }
        Kind::Queries => {
            let mut reader = QueryReader::new(rec, strict)?;
            let mut n = 0;
            while reader.next_query()?.is_some() {
                n += 1;
            }
            let totals = reader.rec.totals();
            Ok((reader.rec.header, Contents::Queries(n), totals))
        }
    }
}

fn checked(source: Source) -> Result<Replay, ReplayError> {
    let (header, contents, totals) = scan(source.open()?, true)?;
    stream::check_totals(&header, &totals)?;
    Ok(Replay {
        header,
        contents,
        source,
    })
}

/// Reads a replay from its text and checks it whole against its header
/// (see the module's "Verification").
///
/// # Errors
/// [`ReplayError::Format`] naming the line and field; [`ReplayError::Edited`]
/// naming the section; [`ReplayError::Limit`].
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay;
/// let e = replay::parse("{\"header\":{\"format\":\"fixed-collide-replay\",\"version\":1}}").unwrap_err();
/// assert!(e.to_string().contains("version-1 replay"), "{e}");
/// ```
pub fn parse(text: &str) -> Result<Replay, ReplayError> {
    checked(Source::Text(Arc::from(text.as_bytes())))
}

/// Reads a replay file and checks it whole against its header, as
/// [`parse`], holding one line at a time.
///
/// # Errors
/// [`ReplayError::Io`] naming the file, or as [`parse`].
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay::{self, ReplayError, Verdict};
/// let out = std::env::temp_dir().join(format!("fc-load-doc-{}.json", std::process::id()));
/// replay::queries::record(20, 1, &out, &mut |_, _| {}).unwrap();
/// let r = replay::load(&out).unwrap();
/// assert_eq!(r.what(), "queries");
/// let Verdict::Match(summary) = replay::verify(&r, &mut |_, _| {}).unwrap() else { panic!() };
/// assert!(summary.starts_with("20 queries, answer digest "));
/// // One query fewer: an edit, found before anything is re-run.
/// let text = std::fs::read_to_string(&out).unwrap();
/// let cut = &text[..text.trim_end().rfind('\n').unwrap() + 1];
/// assert!(matches!(replay::parse(cut), Err(ReplayError::Edited(_))));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub fn load(path: &Path) -> Result<Replay, ReplayError> {
    checked(Source::File(path.to_path_buf()))
}

/// Re-runs a replay read by [`load`] or [`parse`] and compares it with its
/// recorded outputs, reading the file again as it goes; `progress(done,
/// total)` follows the ticks or queries.
///
/// # Errors
/// [`ReplayError::Input`] when its inputs are invalid;
/// [`ReplayError::Edited`] when the file changed since it was read; a read
/// error.
///
/// # Examples
/// See [`load`] and [`reseal`].
pub fn verify(replay: &Replay, progress: &mut dyn FnMut(u64, u64)) -> Result<Verdict, ReplayError> {
    match &replay.contents {
        Contents::Arena(info) if info.dim == 2 => run::verify_arena::<2>(replay, progress),
        Contents::Arena(_) => run::verify_arena::<3>(replay, progress),
        Contents::Queries(_) => queries::verify(replay, progress),
    }
}

/// The text of a replay with its header's `count` and `digest` made to
/// match its content: for tools and tests that make a replay by editing
/// another (the edit is then no longer reported as one, and [`verify`]
/// reports its first divergence). Everything else must be valid.
///
/// # Errors
/// As [`parse`], except for [`ReplayError::Edited`] about the count or a
/// digest.
///
/// # Examples
/// ```
/// use fixed_collide_cli::replay::{self, ReplayError, Verdict};
/// let out = std::env::temp_dir().join(format!("fc-reseal-doc-{}.json", std::process::id()));
/// replay::queries::record(4, 2, &out, &mut |_, _| {}).unwrap();
/// let text = std::fs::read_to_string(&out).unwrap();
/// // The first answer changed: an edit ...
/// let edited = text.replacen("\"hit\":true", "\"hit\":false", 1);
/// assert!(matches!(replay::parse(&edited), Err(ReplayError::Edited(_))));
/// // ... which, sealed again, re-runs to its first divergence.
/// let r = replay::parse(&replay::reseal(&edited).unwrap()).unwrap();
/// let Verdict::Diverged(d) = replay::verify(&r, &mut |_, _| {}).unwrap() else { panic!() };
/// assert_eq!((d.field.as_str(), d.expected.as_str()), ("hit", "false"));
/// # std::fs::remove_file(&out).unwrap();
/// ```
pub fn reseal(text: &str) -> Result<String, ReplayError> {
    let (mut header, _, totals) = scan(Box::new(Cursor::new(text.as_bytes().to_vec())), false)?;
    header.count = totals.count;
    let mut first = stream::Digest::new();
    header.encode(&mut first);
    header.digests = totals.digests;
    header.digests[0] = first.value();
    let rest = text.split_once('\n').map_or("", |(_, rest)| rest);
    Ok(format!("{}\n{rest}", header.to_line()))
}
