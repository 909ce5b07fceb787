//! Recordings with detail: the format extensions `body-states` (every
//! body's state after every recorded tick) and `query-digests` (a digest of
//! every query family's answers in every recorded tick), for finding and
//! explaining a desync (`replay diff`, `replay verify --explain`).
//!
//! After each `state` record, a file with `body-states` has one
//! `{"bodies":{"tick":t,"first":i,"states":["…",…]}}` record per
//! [`CHUNK`] bodies (the last may hold fewer), and a file with
//! `query-digests` then one `{"queries":{"tick":t,"digests":{"aabb_overlap":"…",…}}}`
//! record naming every family. A body's state is one string of hex digits:
//! each component of its position, then of its velocity, then its sensor
//! reading, as the 16 hex digits of the raw `i64` bits (two's complement),
//! then its contact count as 8 hex digits. Both are part of the `states`
//! section: a `bodies` record is encoded as `u32` tick, `u32` first, `u32`
//! count and each body as in the final state; a `queries` record as `u32`
//! tick, `u32` count and each digest as `u64`.

use super::ReplayError;
use super::json::{self, At, Msg, Obj};
use super::model::BodyState;
use super::stream::{Digest, Sink};
use crate::arena::World;
use crate::eval::Op;
use crate::state_hash::hex;
use fixed_collide::num::Fx;
use serde_json::value::RawValue;
use std::fmt::Write as _;

/// The extension name of per-tick body states.
pub const BODY_STATES: &str = "body-states";
/// The extension name of per-tick query family digests.
pub const QUERY_DIGESTS: &str = "query-digests";
/// The most bodies of one `bodies` record.
pub const CHUNK: u32 = 1024;

/// Which detail a recording carries: its format extensions.
///
/// After each `state` record, a file with `body-states` has one
/// `{"bodies":{"tick":t,"first":i,"states":["…",…]}}` record per
/// [`CHUNK`] bodies (the last may hold fewer), and a file with
/// `query-digests` then one
/// `{"queries":{"tick":t,"digests":{"aabb_overlap":"…",…}}}` record naming
/// every family. A body's state is one string of hex digits: each
/// component of its position, then of its velocity, then its sensor
/// reading, as the 16 hex digits of the raw `i64` bits (two's complement),
/// then its contact count as 8 hex digits. A family's digest is the XXH3-64
/// of, per query of the tick in the order the tick ran them, the `u32` ids
/// it names (body, then body, obstacle or trigger zone), a `u32` hit flag
/// (0 or 1) and the `i64` bits of the answer's scalars the arena uses (the
/// interval of `aabb_sweep_pair`, the entry and exit times of `aabb_sweep`,
/// the depth of `aabb_contact`, each 0 for a miss; the parameter of a ray,
/// -1 for a miss; nothing for the other families).
/// Both are part of the `states` section: a `bodies` record is encoded as
/// `u32` tick, `u32` first, `u32` count and each body as in the final state;
/// a `queries` record as `u32` tick, `u32` count and each digest as `u64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    /// Every body's state after every recorded tick.
    pub bodies: bool,
    /// Every query family's digest in every recorded tick.
    pub queries: bool,
}

impl Detail {
    /// The detail of a header's extensions (known ones, checked by the
    /// header).
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::replay::Detail;
    /// let d = Detail::of(&["body-states".to_string()]);
    /// assert!(d.bodies && !d.queries);
    /// assert_eq!(d.extensions(), ["body-states"]);
    /// ```
    pub fn of(extensions: &[String]) -> Self {
        Self {
            bodies: extensions.iter().any(|e| e == BODY_STATES),
            queries: extensions.iter().any(|e| e == QUERY_DIGESTS),
        }
    }

    /// The extension names, in the order a header lists them.
    pub fn extensions(self) -> Vec<String> {
        let mut v = Vec::new();
        if self.bodies {
            v.push(BODY_STATES.to_string());
        }
        if self.queries {
            v.push(QUERY_DIGESTS.to_string());
        }
        v
    }

    /// The detail records after each `state` record, for `bodies` bodies.
    pub fn per_state(self, bodies: u32) -> u32 {
        let chunks = if self.bodies {
            bodies.div_ceil(CHUNK)
        } else {
            0
        };
        chunks + u32::from(self.queries)
    }
}

/// The 8 lower-case hex digits of `x`, most significant first (in the
/// little-endian bytes of the result), computed a word at a time (this
/// runs for every body every tick).
#[inline(always)]
fn hex8(x: u32) -> u64 {
    // Each nibble into its own byte, the most significant in the lowest
    // (so that the little-endian bytes are in reading order): the high
    // half-word to the low word, then the high byte of each half-word to
    // its low half, then the high nibble of each byte to its low byte.
    let x = u64::from(x);
    let x = (x >> 16) | ((x & 0xffff) << 32);
    let x = ((x >> 8) & 0x0000_00ff_0000_00ff) | ((x & 0x0000_00ff_0000_00ff) << 16);
    let x = ((x >> 4) & 0x000f_000f_000f_000f) | ((x & 0x000f_000f_000f_000f) << 8);
    // '0' + n, and 'a' - '0' - 10 = 39 more for n >= 10.
    let ten_up = ((x + 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101;
    x + 0x3030_3030_3030_3030 + ten_up * 39
}

/// Writes the 16 hex digits of `v` to `out[..16]`.
#[inline(always)]
fn hex_into(out: &mut [u8], v: u64) {
    out[..8].copy_from_slice(&hex8((v >> 32) as u32).to_le_bytes());
    out[8..16].copy_from_slice(&hex8(v as u32).to_le_bytes());
}

/// The bytes of one body's text in a `bodies` record (`"…",`: its hex
/// digits quoted, and a comma) and of its canonical encoding.
const fn body_sizes(d: usize) -> (usize, usize) {
    (1 + (2 * d + 1) * 16 + 8 + 2, 2 * (4 + 8 * d) + 8 + 4)
}

/// One body's text (`"…",`) into `text` and its canonical encoding into
/// `enc`, both of the sizes [`body_sizes`] gives: each bit pattern is read
/// once and written to both.
#[inline(always)]
fn write_body<const D: usize>(b: &crate::arena::scene::Body<D>, text: &mut [u8], enc: &mut [u8]) {
    let (t_len, e_len) = body_sizes(D);
    let (text, enc) = (&mut text[..t_len], &mut enc[..e_len]);
    text[0] = b'"';
    let (mut m, mut n) = (1, 0);
    for v in [&b.pos, &b.vel] {
        enc[n..n + 4].copy_from_slice(&(D as u32).to_le_bytes());
        n += 4;
        for c in v.0 {
            let bits = c.to_bits();
            enc[n..n + 8].copy_from_slice(&bits.to_le_bytes());
            hex_into(&mut text[m..m + 16], bits as u64);
            n += 8;
            m += 16;
        }
    }
    let bits = b.sensor.to_bits();
    enc[n..n + 8].copy_from_slice(&bits.to_le_bytes());
    hex_into(&mut text[m..m + 16], bits as u64);
    enc[n + 8..n + 12].copy_from_slice(&b.contacts.to_le_bytes());
    text[m + 16..m + 24].copy_from_slice(&hex8(b.contacts).to_le_bytes());
    text[m + 24] = b'"';
    text[m + 25] = b',';
}

/// The `bodies` record of `chunk` (bodies `first..` after `tick`) into
/// `sink.bytes`, its encoding added to the `states` digest: both written
/// into buffers sized once (reused from tick to tick), each body read once.
fn bodies_record<const D: usize>(
    sink: &mut Sink,
    tick: u32,
    first: u32,
    chunk: &[crate::arena::scene::Body<D>],
) {
    let (t_len, e_len) = body_sizes(D);
    let (enc, line) = (&mut sink.scratch, &mut sink.bytes);
    enc.clear();
    enc.extend_from_slice(&tick.to_le_bytes());
    enc.extend_from_slice(&first.to_le_bytes());
    enc.extend_from_slice(&(chunk.len() as u32).to_le_bytes());
    line.clear();
    let _ = write!(
        Ascii(line),
        "{{\"bodies\":{{\"tick\":{tick},\"first\":{first},\"states\":["
    );
    line.reserve(chunk.len() * t_len + 2);
    enc.reserve(chunk.len() * e_len);
    // Each body is written on the stack, then appended at once (a fixed
    // length: a few moves, where a zero-filled buffer would cost a memset).
    let (mut text, mut e) = ([0u8; body_sizes(3).0], [0u8; body_sizes(3).1]);
    for b in chunk {
        write_body(b, &mut text, &mut e);
        line.extend_from_slice(&text[..t_len]);
        enc.extend_from_slice(&e[..e_len]);
    }
    // The last body's comma closes the list.
    match line.last_mut() {
        Some(last) if !chunk.is_empty() => *last = b']',
        _ => line.push(b']'),
    }
    line.extend_from_slice(b"}}");
    sink.digests[STATES].raw(&sink.scratch);
}

/// A byte buffer as a `fmt::Write` of ASCII text.
struct Ascii<'a>(&'a mut Vec<u8>);

impl std::fmt::Write for Ascii<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.0.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

/// The section of the states and their detail.
const STATES: usize = 2;

fn body_from_hex(text: &str, dim: u32, path: At<'_>) -> Result<BodyState, Msg> {
    let n = 2 * dim as usize + 1;
    let bad = || {
        format!(
            "{path}: {} is not a body state ({} hex digits)",
            json::excerpt(&json::json_string(text)),
            n * 16 + 8
        )
    };
    if text.len() != n * 16 + 8 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let word = |i: usize| u64::from_str_radix(&text[i * 16..i * 16 + 16], 16);
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        v.push(Fx::from_bits(word(i).map_err(|_| bad())? as i64));
    }
    let contacts = u32::from_str_radix(&text[n * 16..], 16).map_err(|_| bad())?;
    let d = dim as usize;
    Ok(BodyState {
        pos: v[..d].to_vec(),
        vel: v[d..2 * d].to_vec(),
        sensor: v[2 * d],
        contacts,
    })
}

/// A `bodies` record: the states of bodies `first..` after `tick`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BodiesRec {
    pub(crate) tick: u32,
    pub(crate) first: u32,
    pub(crate) states: Vec<BodyState>,
}

impl BodiesRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>, dim: u32) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let tick = json::u32_of(obj.req("tick")?, obj.at("tick"))?;
        let first = json::u32_of(obj.req("first")?, obj.at("first"))?;
        let list = json::array(obj.req("states")?, obj.at("states"))?;
        let at = obj.at("states");
        let mut states = Vec::with_capacity(list.len());
        for (i, item) in list.iter().enumerate() {
            let text = json::string(item, at.index(i))?;
            states.push(body_from_hex(&text, dim, at.index(i))?);
        }
        obj.end()?;
        Ok(Self {
            tick,
            first,
            states,
        })
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.tick);
        d.u32(self.first);
        d.count(self.states.len());
        for b in &self.states {
            b.encode(d);
        }
    }
}

/// A `queries` record: each family's digest in `tick`, in [`Op::ALL`] order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct QueriesRec {
    pub(crate) tick: u32,
    pub(crate) digests: Vec<u64>,
}

impl QueriesRec {
    pub(crate) fn parse(raw: &RawValue, path: At<'_>) -> Result<Self, Msg> {
        let mut obj = Obj::parse(raw, path)?;
        let tick = json::u32_of(obj.req("tick")?, obj.at("tick"))?;
        let raw = obj.req("digests")?;
        let at = obj.at("digests");
        let mut dobj = Obj::parse(raw, at)?;
        let mut digests = Vec::with_capacity(Op::COUNT);
        for op in Op::ALL {
            digests.push(json::hash(dobj.req(op.name())?, at.key(op.name()))?);
        }
        dobj.end()?;
        obj.end()?;
        Ok(Self { tick, digests })
    }

    pub(crate) fn write(&self, out: &mut String) {
        let _ = write!(out, "{{\"queries\":{{\"tick\":{},\"digests\":{{", self.tick);
        for (i, (op, d)) in Op::ALL.iter().zip(&self.digests).enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let _ = write!(out, "{sep}\"{}\":\"{}\"", op.name(), hex(*d));
        }
        out.push_str("}}}");
    }

    pub(crate) fn encode(&self, d: &mut Digest) {
        d.u32(self.tick);
        d.count(self.digests.len());
        for v in &self.digests {
            d.u64(*v);
        }
    }
}

/// One recorded tick: its state hash and, in a file with `body-states`,
/// every body's state after it (else none).
pub(crate) struct Recorded {
    pub(crate) tick: u32,
    pub(crate) hash: u64,
    pub(crate) bodies: Vec<BodyState>,
}

impl super::ArenaCheck {
    /// The next recorded tick (its `state` record and detail), or `None`
    /// after the last: for drawing the run as recorded.
    pub(crate) fn next_recorded(&mut self) -> Result<Option<Recorded>, ReplayError> {
        let r = &mut self.reader;
        let Some(super::arena::Item::State(s)) = r.next_item()? else {
            return Ok(None);
        };
        let mut out = Recorded {
            tick: s.tick,
            hash: s.hash,
            bodies: Vec::new(),
        };
        for _ in 0..r.detail.per_state(r.info.bodies) {
            if let Some(super::arena::Item::Bodies(b)) = r.next_item()? {
                out.bodies.extend(b.states);
            }
        }
        Ok(Some(out))
    }
}

/// Writes the detail records of the world's last tick (see the module).
pub(crate) fn write_tick<const D: usize>(
    sink: &mut Sink,
    detail: Detail,
    world: &World<D>,
) -> Result<(), ReplayError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let tick = world.tick();
    if detail.bodies {
        for (first, chunk) in (0u32..)
            .step_by(CHUNK as usize)
            .zip(world.scene().bodies.chunks(CHUNK as usize))
        {
            bodies_record(sink, tick, first, chunk);
            sink.record_bytes()?;
        }
    }
    if detail.queries {
        let digests = world
            .query_log()
            .map_or_else(|| vec![0; Op::COUNT], |l| l.digests().to_vec());
        let r = QueriesRec { tick, digests };
        r.encode(&mut sink.digests[STATES]);
        r.write(&mut sink.line);
        sink.record()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex8_writes_the_digits_of_every_nibble_value() {
        for x in [
            0u32,
            1,
            9,
            10,
            15,
            0x0123_4567,
            0x89ab_cdef,
            u32::MAX,
            0xa0b0_c0d0,
        ] {
            assert_eq!(
                hex8(x).to_le_bytes().as_slice(),
                format!("{x:08x}").as_bytes()
            );
        }
        let mut out = [0u8; 16];
        hex_into(&mut out, 0xfedc_ba98_7654_3210);
        assert_eq!(&out, b"fedcba9876543210");
    }
}
