//! What the arena can report about a tick beyond its state, for desync
//! tooling: a digest of every query family's answers per tick
//! ([`QueryLog`]), the queries of one family at one tick as `eval` lines
//! (a capture), and [`World::perturb`], a simulated desync.

use super::World;
use super::place::{Form, Placed, Static};
use super::scene::ShapeKind;
use crate::eval::Op;
use fixed_collide::num::Fx;
use fixed_collide::query::ball::sphere_aabb;
use fixed_collide::query::obb::{obb_overlap, sphere_obb};
use fixed_collide::shape::{Aabb, Ball, Ray};
use fixed_collide::vec::Vec2;
use fixed_collide::vec::Vector;
use fixed_collide::{Capsule, Error, Obb};
use fixed_collide::{Shape, capsule_obb_overlap, capsule_overlap, capsule_sphere_overlap, overlap};
use std::fmt::Write as _;

/// An operand of a query, for a captured `eval` line.
#[derive(Clone, Copy)]
pub(super) enum Operand<'a, const D: usize> {
    Aabb(&'a Aabb<D>),
    Ball(&'a Ball<D>),
    Obb(&'a Obb<D>),
    Ray(&'a Ray<D>),
    Capsule(&'a Capsule<D>),
    Polygon(&'a [Vec2]),
    Vec(Vector<D>),
}

/// One captured query: its op, the ids of what it tested (body, obstacle
/// or zone indices, as the arena names them) and its `eval` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    /// The family.
    pub op: Op,
    /// What the query tested: `body 3, obstacle 12`.
    pub what: String,
    /// The bodies it involves.
    pub bodies: Vec<u32>,
    /// The query as an `eval` line.
    pub line: String,
}

/// Per tick, the canonical encoding of every query's operand ids and answer,
/// one buffer per family, hashed at the end of the tick; and optionally
/// the queries of one family at one tick as `eval` lines.
#[derive(Clone, Debug, Default)]
pub struct QueryLog {
    /// Each family's encoding of the tick so far (little-endian), reused
    /// from tick to tick (no allocation once they have grown).
    buffers: [Vec<u8>; Op::COUNT],
    digests: Vec<u64>,
    capture: Option<(u32, Option<Op>)>,
    captured: Vec<Captured>,
}

impl QueryLog {
    /// A log of every family's digest, capturing the queries of `capture`
    /// (a tick from 1 and a family, or every family) when given.
    pub fn new(capture: Option<(u32, Option<Op>)>) -> Self {
        Self {
            buffers: std::array::from_fn(|_| Vec::new()),
            digests: vec![0; Op::COUNT],
            capture,
            captured: Vec::new(),
        }
    }

    /// The digest of each family's queries of the last tick, in the order of
    /// [`Op::ALL`]: XXH3-64 of, per query in the order the tick ran them,
    /// the two `u32` ids it names, a `u32` hit flag and two `i64` answer
    /// scalars (0 when the family has fewer), little-endian.
    pub fn digests(&self) -> &[u64] {
        &self.digests
    }

    /// The captured queries, in the order the tick ran them.
    pub fn captured(&self) -> &[Captured] {
        &self.captured
    }

    pub(super) fn end_tick(&mut self) {
        for (d, b) in self.digests.iter_mut().zip(self.buffers.iter_mut()) {
            *d = xxhash_rust::xxh3::xxh3_64(b);
            b.clear();
        }
    }

    /// Logs one query of `op` between `ids` (a body, then a body,
    /// obstacle or zone) with its answer: `hit` and the (at most two)
    /// scalars that matter to the arena, 0 for none. This runs for every
    /// query of a logged tick: one fixed-size append to the family's
    /// buffer, nothing built or allocated. Returns whether the log
    /// captures queries: then the caller gives the query to
    /// [`capture`](Self::capture) (named, with its operands, built only
    /// then).
    #[inline(always)]
    pub(super) fn query(&mut self, op: Op, ids: [u32; 2], hit: bool, answer: [Fx; 2]) -> bool {
        let mut entry = [0u8; ENTRY];
        entry[..4].copy_from_slice(&ids[0].to_le_bytes());
        entry[4..8].copy_from_slice(&ids[1].to_le_bytes());
        entry[8..12].copy_from_slice(&u32::from(hit).to_le_bytes());
        entry[12..20].copy_from_slice(&answer[0].to_bits().to_le_bytes());
        entry[20..28].copy_from_slice(&answer[1].to_bits().to_le_bytes());
        self.buffers[op.index()].extend_from_slice(&entry);
        self.capture.is_some()
    }

    /// Captures the query (of `op` at `tick` between `ids`, the second
    /// an `other`: "body", "obstacle" or "zone") when it is of the
    /// captured tick and family; `operands` are named as `eval` names them.
    #[cold]
    #[inline(never)]
    pub(super) fn capture<'a, const D: usize>(
        &mut self,
        tick: u32,
        op: Op,
        ids: [u32; 2],
        other: &str,
        operands: &dyn Fn() -> Vec<(&'static str, Operand<'a, D>)>,
    ) {
        if let Some((t, family)) = self.capture
            && t == tick
            && family.is_none_or(|f| f == op)
        {
            let bodies = if other == "body" {
                vec![ids[0], ids[1]]
            } else {
                vec![ids[0]]
            };
            self.captured.push(Captured {
                op,
                what: format!("body {}, {other} {}", ids[0], ids[1]),
                bodies,
                line: eval_line(op, &operands()),
            });
        }
    }
}

/// The bytes of one logged query: two `u32` ids, a `u32` hit flag, two
/// `i64` scalars.
const ENTRY: usize = 4 + 4 + 4 + 8 + 8;

fn num(out: &mut String, v: Fx) {
    let _ = write!(out, "\"{}\"", crate::convert::fx_to_text(v));
}

fn vector<const D: usize>(out: &mut String, v: &Vector<D>) {
    out.push('[');
    for (i, c) in v.0.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        num(out, *c);
    }
    out.push(']');
}

/// An `eval` line of `op` with its named operands (exact decimal numbers).
fn eval_line<const D: usize>(op: Op, operands: &[(&'static str, Operand<'_, D>)]) -> String {
    let mut out = format!("{{\"op\":\"{}\"", op.name());
    // The generic ops take any shape, tagged with its kind.
    let generic = matches!(op, Op::Overlap | Op::RayCast | Op::ShapeCast);
    for (name, o) in operands {
        let _ = write!(out, ",\"{name}\":");
        let tag = match o {
            Operand::Aabb(_) => Some("aabb"),
            Operand::Ball(_) => Some("sphere"),
            Operand::Obb(_) => Some("obb"),
            Operand::Capsule(_) => Some("capsule"),
            Operand::Polygon(_) => Some("polygon"),
            Operand::Ray(_) | Operand::Vec(_) => None,
        }
        .filter(|_| generic);
        if let Some(tag) = tag {
            let _ = write!(out, "{{\"{tag}\":");
        }
        match o {
            Operand::Aabb(b) => {
                out.push_str("{\"min\":");
                vector(&mut out, &b.min());
                out.push_str(",\"max\":");
                vector(&mut out, &b.max());
                out.push('}');
            }
            Operand::Ball(b) => {
                out.push_str("{\"center\":");
                vector(&mut out, &b.center());
                out.push_str(",\"radius\":");
                num(&mut out, b.radius());
                out.push('}');
            }
            Operand::Obb(b) => {
                out.push_str("{\"center\":");
                vector(&mut out, &b.center());
                out.push_str(",\"half\":");
                vector(&mut out, &b.half());
                out.push_str(",\"axes\":[");
                for (i, a) in b.axes().iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    vector(&mut out, a);
                }
                out.push_str("]}");
            }
            Operand::Ray(r) => {
                out.push_str("{\"origin\":");
                vector(&mut out, &r.origin());
                out.push_str(",\"dir\":");
                vector(&mut out, &r.dir());
                out.push_str(",\"max_t\":");
                num(&mut out, r.max_t());
                out.push('}');
            }
            Operand::Capsule(c) => {
                out.push_str("{\"a\":");
                vector(&mut out, &c.a());
                out.push_str(",\"b\":");
                vector(&mut out, &c.b());
                out.push_str(",\"radius\":");
                num(&mut out, c.radius());
                out.push('}');
            }
            Operand::Polygon(points) => {
                out.push_str("{\"points\":[");
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    vector(&mut out, p);
                }
                out.push_str("]}");
            }
            Operand::Vec(v) => vector(&mut out, v),
        }
        if tag.is_some() {
            out.push('}');
        }
    }
    out.push('}');
    out
}

impl<const D: usize> World<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    /// Logs every query family's digest from now on (see [`QueryLog`]),
    /// capturing the queries of `capture` when given.
    pub fn log_queries(&mut self, capture: Option<(u32, Option<Op>)>) {
        self.log = Some(Box::new(QueryLog::new(capture)));
    }

    /// The query log, when [`log_queries`](Self::log_queries) started one.
    pub fn query_log(&self) -> Option<&QueryLog> {
        self.log.as_deref()
    }

    /// A simulated desync: moves body `body` by one ulp (`Fx::DELTA`) along
    /// x, now (between two ticks), as a bit flip of a client would.
    ///
    /// # Errors
    /// [`Error::Invalid`](crate::Error::Invalid) naming `perturb.body` when
    /// there is no such body; the library's error when the moved body
    /// leaves the domain.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::arena::{World, scene::generate};
    /// let mut a = World::new(generate::<2>(8, 4, 1)).unwrap();
    /// let mut b = a.clone();
    /// b.perturb(3).unwrap();
    /// assert_ne!(a.state_hash(), b.state_hash());
    /// assert!(b.perturb(8).unwrap_err().to_string().contains("perturb.body"));
    /// ```
    pub fn perturb(&mut self, body: u32) -> Result<(), crate::Error> {
        let n = self.scene.bodies.len();
        let field = crate::Field::new("perturb.body");
        let Some(b) = self.scene.bodies.get_mut(body as usize) else {
            return Err(crate::Error::Invalid {
                field,
                reason: format!("{body} (there are {n} bodies, 0..{n})"),
            });
        };
        let x = b.pos.0[0].checked_add(Fx::DELTA).ok_or(Error::OutOfDomain {
            field: fixed_collide::Field::new("pos.x"),
            value: b.pos.0[0],
        });
        let moved = x.and_then(|x| {
            let mut pos = b.pos;
            pos.0[0] = x;
            Placed::new(&b.shape, pos).map(|p| (pos, p))
        });
        let (pos, placed) = moved.map_err(|e| crate::Error::shape(&field, e))?;
        b.pos = pos;
        self.placed[body as usize] = placed;
        Ok(())
    }
}

/// The narrow-phase test of two bodies other than two boxes (which take
/// `aabb_contact`): `None` for two balls (never tested), else its op,
/// whether they touch and its operands as `eval` names them.
pub(super) type PairTest<'a, const D: usize> = (Op, bool, [(&'static str, Operand<'a, D>); 2]);

/// See [`PairTest`].
pub(super) fn body_pair<'a, const D: usize>(
    pa: &'a Placed<D>,
    sa: &ShapeKind<D>,
    pb: &'a Placed<D>,
    sb: &ShapeKind<D>,
) -> Option<PairTest<'a, D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let polygon = |f: &Form<D>| matches!(f, Form::Polygon { .. });
    if polygon(&pa.form) || polygon(&pb.form) {
        let ops = [("a", operand(&pa.form)), ("b", operand(&pb.form))];
        return Some((Op::Overlap, generic_overlap(&pa.form, &pb.form), ops));
    }
    if pa.capsule().is_some() || pb.capsule().is_some() {
        let hit = match (&pa.form, &pb.form) {
            (Form::Capsule(a), Form::Capsule(b)) => capsule_overlap(a, b),
            (Form::Capsule(c), other) | (other, Form::Capsule(c)) => capsule_meets(c, other),
            // (One of the two is a capsule.)
            _ => false,
        };
        let ops = [("a", operand(&pa.form)), ("b", operand(&pb.form))];
        return Some((Op::Overlap, hit, ops));
    }
    match (pa.ball(), pb.ball()) {
        (Some(_), Some(_)) => None,
        (Some(s), None) => ball_vs(s, sb, pb),
        (None, Some(s)) => ball_vs(s, sa, pa),
        (None, None) => {
            let (x, y) = (pa.obb()?, pb.obb()?);
            let ops = [("a", Operand::Obb(x)), ("b", Operand::Obb(y))];
            Some((Op::ObbOverlap, obb_overlap(x, y), ops))
        }
    }
}

/// A placed form as an operand.
fn operand<const D: usize>(form: &Form<D>) -> Operand<'_, D> {
    match form {
        Form::Ball(b) => Operand::Ball(b),
        Form::Boxed(o) => Operand::Obb(o),
        Form::Capsule(c) => Operand::Capsule(c),
        Form::Polygon { points, n } => {
            Operand::Polygon(points.get(..usize::from(*n)).unwrap_or_default())
        }
    }
}

/// Whether two placed forms overlap (closed), by the generic `overlap`.
fn generic_overlap<const D: usize>(a: &Form<D>, b: &Form<D>) -> bool
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    match (a.shape(), b.shape()) {
        (Some(a), Some(b)) => overlap(&a, &b),
        // (No placement makes a form without a shape: a 3D polygon.)
        _ => false,
    }
}

/// Whether a capsule (or segment) and a placed form overlap (closed).
fn capsule_meets<const D: usize>(c: &Capsule<D>, form: &Form<D>) -> bool
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    match form {
        Form::Ball(b) => capsule_sphere_overlap(c, b),
        Form::Boxed(o) => capsule_obb_overlap(c, o),
        Form::Capsule(d) => capsule_overlap(c, d),
        Form::Polygon { .. } => generic_overlap(&Form::Capsule(*c), form),
    }
}

/// A body's form against an obstacle that is not an axis-aligned box (an
/// oriented box or a wall): its op, whether they overlap (closed) and its
/// operands; `None` for an axis-aligned box (those stop the sweeps).
pub(super) fn body_obstacle<'a, const D: usize>(
    form: &'a Form<D>,
    obstacle: &'a Static<D>,
) -> Option<PairTest<'a, D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    if let Some(wall) = &obstacle.wall {
        let ops = [("a", operand(form)), ("b", Operand::Capsule(wall))];
        return Some((Op::Overlap, capsule_meets(wall, form), ops));
    }
    if let Some(p) = &obstacle.polygon {
        let ops = [("a", operand(form)), ("b", Operand::Polygon(p.points()))];
        let hit = match (
            form.shape(),
            <fixed_collide::Const<D> as fixed_collide::Dim<D>>::polygon(*p),
        ) {
            (Some(body), Some(p)) => overlap(&body, &Shape::Polygon(p)),
            _ => false,
        };
        return Some((Op::Overlap, hit, ops));
    }
    let o = obstacle.oriented.as_ref()?;
    Some(match form {
        Form::Ball(b) => (
            Op::SphereObb,
            sphere_obb(b, o).is_some(),
            [("sphere", Operand::Ball(b)), ("obb", Operand::Obb(o))],
        ),
        Form::Boxed(x) => (
            Op::ObbOverlap,
            obb_overlap(x, o),
            [("a", Operand::Obb(x)), ("b", Operand::Obb(o))],
        ),
        Form::Capsule(c) => (
            Op::Overlap,
            capsule_obb_overlap(c, o),
            [("a", Operand::Capsule(c)), ("b", Operand::Obb(o))],
        ),
        Form::Polygon { .. } => (
            Op::Overlap,
            generic_overlap(form, &Form::Boxed(*o)),
            [("a", operand(form)), ("b", Operand::Obb(o))],
        ),
    })
}

/// A ball against a box or an oriented box (`shape` placed as `other`).
fn ball_vs<'a, const D: usize>(
    s: &'a Ball<D>,
    shape: &ShapeKind<D>,
    other: &'a Placed<D>,
) -> Option<PairTest<'a, D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    if let ShapeKind::Box { .. } = shape {
        let hit = sphere_aabb(s, &other.bounds).is_some();
        let ops = [
            ("sphere", Operand::Ball(s)),
            ("aabb", Operand::Aabb(&other.bounds)),
        ];
        return Some((Op::SphereAabb, hit, ops));
    }
    let o = other.obb()?;
    let ops = [("sphere", Operand::Ball(s)), ("obb", Operand::Obb(o))];
    Some((Op::SphereObb, sphere_obb(s, o).is_some(), ops))
}

impl<const D: usize> World<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    /// A world whose bodies are in the state the scene gives them, after
    /// `tick` ticks: the next step runs tick `tick + 1` with its kicks.
    /// The trigger counts start from 0.
    ///
    /// # Errors
    /// As [`World::new`].
    ///
    /// # Examples
    /// ```
    /// use fixed_collide_cli::arena::{World, scene::generate};
    /// let mut w = World::new(generate::<2>(8, 20, 1)).unwrap();
    /// for _ in 0..9 { w.step().unwrap(); }
    /// let mut r = World::resume(w.scene().clone(), 9).unwrap();
    /// w.step().unwrap();
    /// r.step().unwrap();
    /// assert_eq!(r.scene(), w.scene());
    /// ```
    pub fn resume(scene: super::Scene<D>, tick: u32) -> Result<Self, crate::Error> {
        let mut w = Self::new(scene)?;
        w.tick = tick;
        w.next_kick = w.scene.kicks.partition_point(|k| k.tick < tick);
        Ok(w)
    }
}
