//! Comparing two arena recordings of the same scene (`replay diff`): the
//! first input that differs, the first tick whose state differs and its
//! bodies (with `body-states` detail), and the first query that differs
//! (with `query-digests` detail).
//!
//! Both files are read once more after [`load`](super::load), side by
//! side, one tick at a time: memory holds the two scenes and, with body
//! detail, two ticks of body states per file, whatever the number of ticks.
//!
//! **The query.** A `query-digests` record only says which family's
//! answers differ in a tick. To name the query, the tick is run again by
//! this build from each recording's body states of the tick before (so it
//! needs `body-states` too), capturing that family's queries with their
//! operands; the first query whose operands or answer differ is reported,
//! with this build's answer to each. When both recordings' states of the
//! tick before give the same queries, the difference arose inside the tick
//! on the machine that recorded one of them (another platform, another
//! build, a bit flip): this build's digest tells which recording it agrees
//! with, and the repro file, answered by `eval` on both machines, shows the
//! answer that differs.

use super::arena::{ArenaReader, Item};
use super::detail::{BodiesRec, QueriesRec};
use super::diff_tick::{fields, rerun};
use super::model::{BodyState, KickRec, PlacedRec, TriggerRec};
use super::stream::Records;
use super::{Focus, Replay, ReplayError};
use crate::arena::Captured;
use crate::arena::scene::Scene;
use crate::eval::Op;
use crate::state_hash::hex;
use std::io::BufRead;

/// At most this many differing bodies are listed.
pub const MAX_BODIES_LISTED: usize = 10;

/// What `replay diff` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiffReport {
    /// Whether the two runs are identical (inputs, states, detail, final).
    pub identical: bool,
    /// The report, one line each.
    pub lines: Vec<String>,
    /// The eval lines that reproduce the query that differs, if any.
    pub repro: Vec<String>,
}

type Reader = ArenaReader<Box<dyn BufRead>>;

fn open(r: &Replay, name: &str) -> Result<Reader, ReplayError> {
    if r.arena().is_none() {
        return Err(ReplayError::Incomparable(format!(
            "{name} is a query replay: diff compares arena recordings"
        )));
    }
    let rec = Records::open(r.source.open()?)?;
    if rec.header != r.header {
        return Err(ReplayError::Edited(format!(
            "{name} changed while it was being compared"
        )));
    }
    ArenaReader::open(rec, true)
}

/// Compares two arena recordings, named `names` in the report.
///
/// # Errors
/// [`ReplayError::Incomparable`] when one is not an arena replay or the two
/// record different scenes (another dimension, number of bodies,
/// obstacles, trigger zones, kicks, ticks or state interval), naming the
/// first field that differs; a read error.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, Detail, RunOptions}};
/// let dir = std::env::temp_dir();
/// let [a, b] = ["a", "b"].map(|n| dir.join(format!("fc-diff-doc-{n}-{}.json", std::process::id())));
/// let d = Detail { bodies: true, queries: false };
/// replay::record_arena_with(generate::<2>(6, 5, 1), 1, 5, d, &RunOptions::default(), &a, &mut |_, _| {}).unwrap();
/// let o = RunOptions { perturb: Some((4, 3)), ..RunOptions::default() };
/// replay::record_arena_with(generate::<2>(6, 5, 1), 1, 5, d, &o, &b, &mut |_, _| {}).unwrap();
/// let (ra, rb) = (replay::load(&a).unwrap(), replay::load(&b).unwrap());
/// assert!(replay::diff(&ra, &ra, ["A", "A"]).unwrap().identical);
/// let report = replay::diff(&ra, &rb, ["A", "B"]).unwrap();
/// assert!(!report.identical);
/// assert!(report.lines.iter().any(|l| l.starts_with("first divergence at tick 3")));
/// assert!(report.lines.iter().any(|l| l.trim_start().starts_with("body 4: pos[0]")));
/// # for p in [a, b] { std::fs::remove_file(p).unwrap(); }
/// ```
pub fn diff(a: &Replay, b: &Replay, names: [&str; 2]) -> Result<DiffReport, ReplayError> {
    diff_at(a, b, names, Focus::default())
}

/// [`diff`], at the tick and body of `focus`.
///
/// # Errors
/// As [`diff`]; [`ReplayError::Incomparable`] naming the value when
/// `focus.tick` is not a recorded tick (beyond the recording, 0, or between
/// state records) or `focus.body` is not a body of the recordings or they
/// have no body detail.
///
/// # Examples
/// ```
/// use fixed_collide_cli::{arena::scene::generate, replay::{self, Detail, Focus, RunOptions}};
/// let a = std::env::temp_dir().join(format!("fc-diff-at-doc-{}.json", std::process::id()));
/// let d = Detail { bodies: true, queries: false };
/// replay::record_arena_with(generate::<2>(6, 5, 1), 1, 5, d, &RunOptions::default(), &a, &mut |_, _| {}).unwrap();
/// let r = replay::load(&a).unwrap();
/// let f = Focus { tick: Some(6), body: None };
/// assert!(replay::diff_at(&r, &r, ["A", "B"], f).unwrap_err().to_string().contains("--tick 6"));
/// let f = Focus { tick: Some(3), body: Some(2) };
/// assert!(replay::diff_at(&r, &r, ["A", "B"], f).unwrap().identical);
/// # std::fs::remove_file(&a).unwrap();
/// ```
pub fn diff_at(
    a: &Replay,
    b: &Replay,
    names: [&str; 2],
    focus: Focus,
) -> Result<DiffReport, ReplayError> {
    let ra = open(a, names[0])?;
    let rb = open(b, names[1])?;
    let (ia, ib) = (ra.info, rb.info);
    for (field, x, y) in [
        ("dim", ia.dim, ib.dim),
        ("bodies", ia.bodies, ib.bodies),
        ("obstacles", ia.obstacles, ib.obstacles),
        ("triggers", ia.triggers, ib.triggers),
        ("kicks", ia.kicks, ib.kicks),
        ("ticks", ia.ticks, ib.ticks),
        ("hash_every", ia.hash_every, ib.hash_every),
    ] {
        if x != y {
            return Err(ReplayError::Incomparable(format!(
                "different scenes: run.{field} is {x} in {} and {y} in {}; diff compares two recordings of the same scene",
                names[0], names[1]
            )));
        }
    }
    focus.check(&ia, ra.detail, rb.detail)?;
    if ia.dim == 2 {
        Diff::<2>::run(ra, rb, names, focus)
    } else {
        Diff::<3>::run(ra, rb, names, focus)
    }
}

/// Which queries [`Diff::query`] looks at: a family whose digests
/// differ, or (no family differs: whether the files have query detail)
/// every query of the bodies that differ.
#[derive(Clone, Copy)]
enum Family {
    Digest(Op, [u64; 2]),
    Bodies(bool),
}

/// The first tick whose query digests differ: the family, both digests
/// and both recordings' body states of the tick before.
type FirstQuery = (u32, Op, u64, u64, [Vec<BodyState>; 2]);

/// One tick of a recording: its state hash and detail.
#[derive(Default)]
struct TickRecs {
    tick: u32,
    hash: u64,
    bodies: Vec<BodyState>,
    queries: Option<Vec<u64>>,
}

/// Reads the next tick's records into `out`; past the last tick, the
/// record read instead (the first of the final state).
fn read_tick(r: &mut Reader, out: &mut TickRecs) -> Result<Option<Item>, ReplayError> {
    out.bodies.clear();
    out.queries = None;
    match r.next_item()? {
        Some(Item::State(s)) => (out.tick, out.hash) = (s.tick, s.hash),
        other => return Ok(other),
    }
    for _ in 0..r.detail.per_state(r.info.bodies) {
        match r.next_item()? {
            Some(Item::Bodies(BodiesRec { states, .. })) => out.bodies.extend(states),
            Some(Item::Queries(QueriesRec { digests, .. })) => out.queries = Some(digests),
            _ => {
                return Err(ReplayError::Format(
                    "a detail record is missing".to_string(),
                ));
            }
        }
    }
    Ok(None)
}

struct Diff<const D: usize> {
    names: [String; 2],
    report: DiffReport,
    focus: Focus,
}

impl<const D: usize> Diff<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    fn run(
        mut ra: Reader,
        mut rb: Reader,
        names: [&str; 2],
        focus: Focus,
    ) -> Result<DiffReport, ReplayError> {
        let mut me = Self {
            names: names.map(str::to_string),
            report: DiffReport::default(),
            focus,
        };
        let (ia, ib) = (ra.info, rb.info);
        let sa = ra.read_scene::<D>(true)?;
        let sb = rb.read_scene::<D>(true)?;
        let mut differs = me.inputs(&sa, &sb, ia.seed, ib.seed);
        let both_bodies = ra.detail.bodies && rb.detail.bodies;
        let both_queries = ra.detail.queries && rb.detail.queries;
        for (r, name) in [(&ra, names[0]), (&rb, names[1])] {
            if !r.detail.bodies {
                me.say(format!("note: {name} has no body detail: the bodies that differ are not known (record with --detail bodies)"));
            }
            if !r.detail.queries {
                me.say(format!("note: {name} has no query detail: the query that differs is not known (record with --detail queries)"));
            }
        }
        let (mut ta, mut tb) = (TickRecs::default(), TickRecs::default());
        let (mut pa, mut pb) = (Vec::new(), Vec::new());
        let mut state_found = false;
        let mut state_at: Option<(u32, Vec<u32>, [Vec<BodyState>; 2])> = None;
        let mut query: Option<FirstQuery> = None;
        let mut ends: (Option<Item>, Option<Item>);
        loop {
            ends = (read_tick(&mut ra, &mut ta)?, read_tick(&mut rb, &mut tb)?);
            if ends.0.is_some() || ends.1.is_some() {
                break;
            }
            let body_differs = |b: u32| ta.bodies.get(b as usize) != tb.bodies.get(b as usize);
            let here = match (focus.tick, focus.body) {
                (Some(t), _) => ta.tick == t,
                (None, Some(b)) => !state_found && body_differs(b),
                (None, None) => !state_found && ta.hash != tb.hash,
            };
            if here && ta.hash == tb.hash {
                me.say(format!(
                    "tick {}: no difference: state hash {} in both",
                    ta.tick,
                    hex(ta.hash)
                ));
                break;
            }
            if here {
                state_found = true;
                let first = if focus.tick.is_some() { "" } else { "first " };
                me.say(format!(
                    "{first}divergence at tick {}: state hash: {} {}, {} {}",
                    ta.tick,
                    names[0],
                    hex(ta.hash),
                    names[1],
                    hex(tb.hash)
                ));
                if both_bodies {
                    let ids = me.bodies(ta.tick, &ta.bodies, &tb.bodies);
                    state_at = Some((ta.tick, ids, [pa.clone(), pb.clone()]));
                }
            }
            if query.is_none()
                && focus.tick.is_none_or(|t| t == ta.tick)
                && let (Some(qa), Some(qb)) = (&ta.queries, &tb.queries)
                && let Some(i) = (0..Op::COUNT).find(|&i| qa[i] != qb[i])
            {
                let prev = [std::mem::take(&mut pa), std::mem::take(&mut pb)];
                query = Some((ta.tick, Op::ALL[i], qa[i], qb[i], prev));
            }
            if (state_found && (query.is_some() || !both_queries))
                || focus.tick.is_some_and(|t| t <= ta.tick)
            {
                break;
            }
            std::mem::swap(&mut pa, &mut ta.bodies);
            std::mem::swap(&mut pb, &mut tb.bodies);
        }
        differs |= state_found;
        if !state_found && focus == Focus::default() {
            differs |= me.finals(&mut ra, &mut rb, ends)?;
        }
        let scenes = [&sa, &sb];
        if let Some((tick, op, da, db, prev)) = query {
            differs = true;
            let family = Family::Digest(op, [da, db]);
            me.query(tick, family, scenes, prev, both_bodies, &[])?;
        } else if let Some((tick, ids, prev)) = state_at {
            let family = Family::Bodies(both_queries);
            me.query(tick, family, scenes, prev, true, &ids)?;
        }
        if !differs && focus.body.is_some() && focus.tick.is_none() {
            me.say(format!(
                "body {}: the same state after every recorded tick",
                focus.body.unwrap_or(0)
            ));
        } else if !differs && focus.tick.is_none() {
            me.say(format!(
                "identical: the same inputs, {} tick hashes, detail and final state",
                ia.states()
            ));
        }
        me.report.identical = !differs;
        Ok(me.report)
    }

    fn say(&mut self, line: String) {
        self.report.lines.push(line);
    }

    /// Reports the first input that differs; whether one does.
    fn inputs(&mut self, a: &Scene<D>, b: &Scene<D>, seed_a: u64, seed_b: u64) -> bool {
        let text = |f: &dyn Fn(&mut String)| {
            let mut s = String::new();
            f(&mut s);
            s
        };
        let mut first: Option<(String, String, String)> = None;
        let mut check = |field: String, x: String, y: String| {
            if first.is_none() && x != y {
                first = Some((field, x, y));
            }
        };
        check("run.seed".into(), seed_a.to_string(), seed_b.to_string());
        for (i, (x, y)) in a.obstacles.iter().zip(&b.obstacles).enumerate() {
            let t = |o| text(&|s| PlacedRec::of_obstacle(o).write(s));
            check(format!("scene.obstacles[{i}]"), t(x), t(y));
        }
        for (i, (x, y)) in a.bodies.iter().zip(&b.bodies).enumerate() {
            let t = |o| text(&|s| PlacedRec::of_body(o).write(s));
            check(format!("scene.bodies[{i}]"), t(x), t(y));
        }
        for (i, (x, y)) in a.triggers.iter().zip(&b.triggers).enumerate() {
            let t = |o| text(&|s| TriggerRec::of(o).write(s));
            check(format!("scene.triggers[{i}]"), t(x), t(y));
        }
        for (i, (x, y)) in a.kicks.iter().zip(&b.kicks).enumerate() {
            let t = |o| text(&|s| KickRec::of(o).write(s));
            check(format!("scene.kicks[{i}]"), t(x), t(y));
        }
        let [na, nb] = self.names.clone();
        match first {
            Some((field, x, y)) => {
                self.say(format!(
                    "different inputs: the first that differs is {field}: {na} {x}, {nb} {y}"
                ));
                true
            }
            None => {
                self.say(format!(
                    "inputs: identical ({} obstacles, {} bodies, {} trigger zones, {} kicks)",
                    a.obstacles.len(),
                    a.bodies.len(),
                    a.triggers.len(),
                    a.kicks.len()
                ));
                false
            }
        }
    }

    /// Lists the bodies whose state differs at `tick`, field by field;
    /// their ids.
    fn bodies(&mut self, tick: u32, a: &[BodyState], b: &[BodyState]) -> Vec<u32> {
        let [na, nb] = self.names.clone();
        let ids: Vec<u32> = (0u32..)
            .zip(a.iter().zip(b))
            .filter(|(i, (x, y))| x != y && self.focus.body.is_none_or(|b| b == *i))
            .map(|(i, _)| i)
            .collect();
        let s = if ids.len() == 1 {
            "y differs"
        } else {
            "ies differ"
        };
        self.say(format!("  {} bod{s} at tick {tick}:", ids.len()));
        for &i in ids.iter().take(MAX_BODIES_LISTED) {
            for (field, x, y) in fields(&a[i as usize], &b[i as usize]) {
                self.say(format!("    body {i}: {field}: {na} {x}, {nb} {y}"));
            }
        }
        if ids.len() > MAX_BODIES_LISTED {
            self.say(format!(
                "    ... and {} more bodies",
                ids.len() - MAX_BODIES_LISTED
            ));
        }
        ids
    }

    /// Compares the final records; whether they differ.
    fn finals(
        &mut self,
        ra: &mut Reader,
        rb: &mut Reader,
        mut first: (Option<Item>, Option<Item>),
    ) -> Result<bool, ReplayError> {
        let [na, nb] = self.names.clone();
        let mut body = 0;
        loop {
            let x = match first.0.take() {
                Some(x) => Some(x),
                None => ra.next_item()?,
            };
            let y = match first.1.take() {
                Some(y) => Some(y),
                None => rb.next_item()?,
            };
            let (Some(x), Some(y)) = (x, y) else { break };
            let at = format!("tick {} (final state)", ra.info.ticks);
            match (x, y) {
                (Item::FinalBody(x), Item::FinalBody(y)) => {
                    if let Some((field, p, q)) = fields(&x, &y).into_iter().next() {
                        self.say(format!(
                            "first divergence at {at}: body {body}: {field}: {na} {p}, {nb} {q}"
                        ));
                        return Ok(true);
                    }
                    body += 1;
                }
                (Item::Final(x), Item::Final(y)) if x != y => {
                    self.say(format!(
                        "first divergence at {at}: final: {na} hash {} trigger hits {:?}, {nb} hash {} trigger hits {:?}",
                        hex(x.hash),
                        x.trigger_hits,
                        hex(y.hash),
                        y.trigger_hits
                    ));
                    return Ok(true);
                }
                _ => {}
            }
        }
        Ok(false)
    }

    /// Reports the first query of `family` at `tick` that differs (of
    /// the queries involving `ids`, when given).
    fn query(
        &mut self,
        tick: u32,
        family: Family,
        scenes: [&Scene<D>; 2],
        prev: [Vec<BodyState>; 2],
        resume: bool,
        ids: &[u32],
    ) -> Result<(), ReplayError> {
        let [na, nb] = self.names.clone();
        let op = match family {
            Family::Digest(op, [da, db]) => {
                self.say(format!(
                    "first query family that differs: {} at tick {tick} (digest {na} {}, {nb} {})",
                    op.name(),
                    hex(da),
                    hex(db)
                ));
                Some(op)
            }
            Family::Bodies(digests) => {
                let why = if digests {
                    "no query family's answers differ"
                } else {
                    "no query detail"
                };
                self.say(format!(
                    "queries of tick {tick} that involve the bodies that differ ({why}):"
                ));
                None
            }
        };
        let from_states = resume && tick > 1;
        let mut runs = Vec::new();
        for (scene, states) in scenes.into_iter().zip(&prev) {
            let from = from_states.then_some(states.as_slice());
            let (mut c, d) = rerun(scene, from, tick, op)?;
            if !ids.is_empty() {
                c.retain(|q| q.bodies.iter().any(|b| ids.contains(b)));
            }
            runs.push((c, d));
        }
        let how = if from_states {
            format!("from each recording's body states after tick {}", tick - 1)
        } else {
            "from the inputs".to_string()
        };
        let (ca, cb) = (&runs[0].0, &runs[1].0);
        if let Some(i) = (0..ca.len().max(cb.len())).find(|&i| ca.get(i) != cb.get(i)) {
            self.say(format!(
                "  re-run by this build {how}: query {} of them differs:",
                i + 1
            ));
            for (name, c) in [(&na, ca.get(i)), (&nb, cb.get(i))] {
                self.captured(name, c);
            }
            let mut lines: Vec<String> = [ca.get(i), cb.get(i)]
                .into_iter()
                .flatten()
                .map(|c| c.line.clone())
                .collect();
            lines.dedup();
            self.report.repro = lines;
            return Ok(());
        }
        self.say(format!(
            "  re-run by this build {how}, these {} queries are the same for both recordings",
            ca.len()
        ));
        if let Family::Digest(op, digests) = family {
            let ours = runs[0].1;
            let agrees: Vec<&str> = [(&na, digests[0]), (&nb, digests[1])]
                .into_iter()
                .filter(|(_, d)| *d == ours)
                .map(|(n, _)| n.as_str())
                .collect();
            let who = if agrees.is_empty() {
                "neither recording".to_string()
            } else {
                agrees.join(" and ")
            };
            self.say(format!(
                "  this build's {} digest of tick {tick}, {}, agrees with {who}",
                op.name(),
                hex(ours)
            ));
        }
        self.say(format!(
            "  so the difference arose inside tick {tick} on the machine that recorded one of them: \
             answer the repro with 'fixed-collide eval' on both machines and compare"
        ));
        for c in ca.iter().take(3) {
            self.captured("query", Some(c));
        }
        if ca.len() > 3 {
            self.say(format!("    ... and {} more", ca.len() - 3));
        }
        self.report.repro = ca.iter().map(|c| c.line.clone()).collect();
        Ok(())
    }

    fn captured(&mut self, name: &str, c: Option<&Captured>) {
        match c {
            Some(c) => {
                let answer = crate::eval::eval_line(&c.line)
                    .map_or_else(|e| format!("error: {e}"), |a| a.to_json());
                self.say(format!("    {name}: {}: {}", c.what, c.line));
                self.say(format!("      answer (this build): {answer}"));
            }
            None => self.say(format!("    {name}: no such query")),
        }
    }
}
