//! The time of impact of any moving shape against any stationary one:
//! [`shape_cast`], exact, with the open semantics of
//! [`aabb_sweep`].
//!
//! Every shape is a *core* (a point, a segment, a box or a parallelepiped)
//! grown by a radius. The moving shape, displaced by `s d`, overlaps the
//! target exactly when `s d` lies in the Minkowski difference `M = target -
//! moving`, a convex set: the difference of the cores (a zonotope `Z`)
//! grown by the sum `R` of the radii. The cast asks where the segment `s ->
//! s d`, `s` in `[0, 1]`, first meets the **interior** of `M`:
//!
//! - `R > 0` (the `round` module): the interior is `{ y : dist(y, Z) < R }`; the
//!   distance along the segment is convex, so the times of penetration are
//!   an open interval, found with exact closest-point problems in wide
//!   integers. When both cores are points or segments (the `segments`
//!   module), `M` is a parallelogram grown by `R`, the union of capsules
//!   and a slab: the entry is the first time the ray meets one of them,
//!   exact ray casts, and exact segment distances decide that the ray
//!   penetrates; a ball or capsule against an axis-aligned box likewise
//!   (the `rounded_box` module: the box's edges and the core span a
//!   zonotope, whose faces' slabs and edges' capsules are the pieces).
//! - `R = 0` (the `flat` module): `M = Z`, a polytope; its interior is the open
//!   intersection of the slabs of its facet normals, entered and left at
//!   exact rational times.

mod flat;
mod minkowski;
mod polygon;
mod round;
mod rounded_box;
mod segments;

use super::capsule::core::Gap;
use super::capsule::pair::add_core;
use super::capsule::segments::{cores_within, round as round_core};
use crate::dim::{Const, Dim};
use crate::error::{Error, Field};
use crate::num::{Fx, wide};
use crate::query::sweep::aabb_sweep;
use crate::shape::Shape;
use crate::vec::{Vec2, Vector};
use alloc::vec;
use alloc::vec::Vec;

/// When a moving shape first penetrates a stationary one during a step:
/// the answer of [`shape_cast`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cast<const D: usize> {
    /// The infimum of the times in `[0, 1]` at which the shapes penetrate
    /// (their interiors overlap), rounded down to an ulp: never later than
    /// the true time. 0 when `overlapping`.
    pub t_enter: Fx,
    /// The outward unit normal of `target - moving` at the entry point (the
    /// target's surface normal there, pointing at the moving shape), each
    /// component within 2^-30 of the exact value (between two balls,
    /// capsules or segments and the other pairs [`shape_cast`] lists,
    /// nearly always the exact value rounded down); zero when
    /// `overlapping`.
    pub normal: Vector<D>,
    /// The shapes already penetrate at `t = 0`.
    pub overlapping: bool,
}

impl<const D: usize> Cast<D> {
    /// The answer for shapes that penetrate at the start.
    const OVERLAPPING: Cast<D> = Cast {
        t_enter: Fx::ZERO,
        normal: Vector::ZERO,
        overlapping: true,
    };
}

/// Time of impact of the shape `moving`, displaced by `d` over the step
/// (at time `s` in `[0, 1]` it is `moving + s d`), against the stationary
/// shape `target`. `Ok(None)` when the shapes never penetrate during the
/// step.
///
/// **Open semantics**, as [`aabb_sweep`]: the shapes collide at the times
/// when their *interiors* overlap. So touching in passing, sliding along a
/// face, touching only at `s = 1`, or moving away from a touching start is
/// no hit, while a touching start moving in is a hit at `t_enter = 0`
/// (not `overlapping`). Where `target - moving` has no interior (a point or
/// a segment against a segment in 3D, two parallel segments, a point
/// against a segment in 2D) there is never a hit; two crossing segments in
/// 2D do hit.
///
/// - Hit/miss is exact; `t_enter` is the exact infimum of the penetration
///   times rounded down (`overlapping`: 0).
/// - `normal`: the outward unit normal of `target - moving` at the entry
///   point `t* d`, each component within 2^-30 of the exact value and the
///   same bits on every platform. Between two balls, capsules or segments
///   (a positive radius sum), a ball or capsule and an axis-aligned box
///   (in 3D a moving capsule; an oriented box whose axes are the
///   coordinate axes up to sign and order, as `angle` 0 and the identity
///   quaternion give, is that box), and in 2D a polygon and a ball or capsule,
///   each component is the exact value rounded down (within 2^-32, the
///   bits [`ray_cast`](crate::ray_cast) gives), the same at a touching
///   start; only when two faces of the cores' difference are first met
///   within the same ulp of time at different points does it follow the
///   general rule (within 2^-30). On a flat face of two polytopes (no
///   radius) it is that face's normal rounded down per component. Where
///   the entry point is on an edge or vertex of two polytopes, it is the
///   normal of a face entered last, the first on a tie in this order: in
///   2D the perpendiculars of the edge directions, the moving shape's
///   before the target's (a box's x edge, normal along y, before its y
///   edge); in 3D the cross products of pairs of edge directions in that
///   order. An
///   axis-aligned box against an axis-aligned box is [`aabb_sweep`], its
///   normal rule (x before y before z) included.
/// - Oriented boxes are the parallelepipeds of their axes as given, as in
///   [`overlap`](crate::overlap).
/// - `d = 0`: a hit (`overlapping`) iff the interiors overlap.
///
/// Pairs: in 2D every moving shape against every target. A convex polygon
/// ([`Shape::Polygon`], on either side) against a shape of no radius
/// (boxes, segments, points, polygons) is two polytopes as above (a
/// polygon's edges are its faces, in vertex order, for the tie rule);
/// against a sphere or capsule of positive radius, the difference of the
/// cores is a convex polygon grown by the radius sum, entered through the
/// rounded band of one of its edges, and the normal is the direction from
/// its nearest point (on a face its outward normal, at a vertex the
/// direction from the vertex), each component rounded down as between
/// balls and capsules; an axis-aligned box against a sphere or capsule
/// likewise. In 3D a moving sphere, capsule or segment against every
/// target, and an axis-aligned box against an axis-aligned box.
///
/// # Errors
/// - [`Error::OutOfDomain`] (field `d.x`, ...) for a component of `d`
///   beyond the domain (2^20).
/// - [`Error::UnsupportedPair`] (field `moving`) in 3D for a moving
///   axis-aligned or oriented box against anything but an axis-aligned box
///   (moving aabb) or at all (moving obb).
///
/// # Examples
/// ```
/// use fixed_collide::{shape_cast, Aabb2, Capsule2, Circle, Fx, Segment2, Shape, Vec2};
/// let ball = Circle::try_new(Vec2::from_ints([0, 0]), Fx::ONE).unwrap();
/// let wall = Segment2::try_new(Vec2::from_ints([5, -3]), Vec2::from_ints([5, 3])).unwrap();
/// let hit = shape_cast(&ball.into(), &Vec2::from_ints([8, 0]), &wall.into()).unwrap().unwrap();
/// assert_eq!(hit.t_enter, Fx::from_num(0.5)); // the ball reaches x = 4 at s = 1/2
/// assert_eq!(hit.normal, Vec2::from_ints([-1, 0]));
/// assert!(!hit.overlapping);
/// // Sliding along the wall's side, touching: no hit.
/// let slide = Circle::try_new(Vec2::from_ints([4, -8]), Fx::ONE).unwrap();
/// assert_eq!(shape_cast(&slide.into(), &Vec2::from_ints([0, 16]), &wall.into()), Ok(None));
/// // Two crossing segments: a 2D cast with no radius at all.
/// let stick = Segment2::try_new(Vec2::from_ints([0, 1]), Vec2::from_ints([2, -1])).unwrap();
/// let hit = shape_cast(&stick.into(), &Vec2::from_ints([6, 0]), &wall.into()).unwrap().unwrap();
/// assert_eq!(hit.t_enter, Fx::from_num(0.5));
/// // A triangle moving right into the wall: its vertex (2, 0) reaches
/// // x = 5 at s = 3/8.
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = fixed_collide::Polygon::try_new(&[v(0, -1), v(2, 0), v(0, 1)]).unwrap();
/// let hit = shape_cast(&tri.into(), &v(8, 0), &wall.into()).unwrap().unwrap();
/// assert_eq!((hit.t_enter, hit.normal), (Fx::from_num(0.375), v(-1, 0)));
/// // A ball moving down onto the triangle's vertex (0, 1), from (0, 5):
/// // its radius 1 reaches the vertex when the center is at (0, 2).
/// let ball = Circle::try_new(v(0, 5), Fx::ONE).unwrap();
/// let hit = shape_cast(&ball.into(), &v(0, -6), &tri.into()).unwrap().unwrap();
/// assert_eq!((hit.t_enter, hit.normal), (Fx::from_num(0.5), v(0, 1)));
/// ```
pub fn shape_cast<const D: usize>(
    moving: &Shape<D>,
    d: &Vector<D>,
    target: &Shape<D>,
) -> Result<Option<Cast<D>>, Error>
where
    Const<D>: Dim<D>,
{
    d.check_domain(Field::new("d"))?;
    match (moving, target) {
        (Shape::Aabb(m), Shape::Aabb(t)) => {
            return Ok(aabb_sweep(t, m, *d).map(|s| Cast {
                t_enter: s.t_enter,
                normal: s.normal,
                overlapping: s.overlapping,
            }));
        }
        (Shape::Aabb(_) | Shape::Obb(_), _) if D == 3 => {
            return Err(Error::UnsupportedPair {
                field: Field::new("moving"),
                first: kind(moving),
                second: kind(target),
                dim: 3,
            });
        }
        _ => {}
    }
    let (mut bm, mut bt) = ([Vec2::ZERO; 4], [Vec2::ZERO; 4]);
    if let (Some(om), Some(ot)) = (outline(moving, &mut bm), outline(target, &mut bt)) {
        // Two 2D shapes with vertices on the grid and no radius: `d` in
        // raw bits.
        let mut d2 = [0i64; 2];
        for (slot, c) in d2.iter_mut().zip(d.to_bits()) {
            *slot = c;
        }
        return Ok(minkowski::cast(d2, om, ot));
    }
    // Two round shapes (balls, segments, capsules) with a radius: whether
    // they already penetrate, in 256-bit words rather than the program.
    let round_pair = match (round_core(moving), round_core(target)) {
        (Some(x), Some(y)) if x.radius + y.radius > 0 => {
            if cores_within::<true, D>(&x, &y) {
                return Ok(Some(Cast::OVERLAPPING));
            }
            Some((x, y))
        }
        _ => None,
    };
    if let Some(answer) = rounded_box::cast(moving, d.to_bits(), target) {
        // A ball, or a capsule in 3D, against an axis-aligned box (or an
        // oriented box along the coordinate axes): the
        // pieces of the rounded difference.
        return Ok(answer);
    }
    if let Some((x, y)) = &round_pair
        && let Some(answer) = segments::contact(x, y, d.to_bits())
    {
        return Ok(answer);
    }
    // The general program: every other pair, and the pieces' rare ties.
    let mut gap = Gap::new();
    // The moving shape in positive, the target negated: a point of the
    // program is `moving - target`.
    let program = |gap: &mut Gap| (add_core(gap, moving, false), add_core(gap, target, true));
    let dv = d.0.map(wide);
    let (rm, rt) = program(&mut gap);
    let apart = round_pair.is_some();
    let (Some(rm), Some(rt)) = (rm, rt) else {
        // A polygon (no core of the gap's kind): its own cast, flat when
        // the other shape has no radius.
        let r = rm.or(rt).unwrap_or(0);
        if r > 0 {
            return Ok(polygon::round_cast::<D>(
                &core_points(moving),
                dv,
                &core_points(target),
                r,
            ));
        }
        return Ok(polygon::cast::<D>(&gap, dv, points(moving), points(target)));
    };
    let radius = rm + rt;
    Ok(if radius > 0 {
        round::cast::<D>(&gap, dv, radius, apart)
    } else {
        flat::cast::<D>(&gap, dv)
    })
}

/// A polygon's vertices.
fn points<const D: usize>(s: &Shape<D>) -> Option<&[Vec2]>
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Polygon(p) => Some(<Const<D> as Dim<D>>::polygon_points(p)),
        _ => None,
    }
}

/// The vertices, counter-clockwise, of a 2D shape of no radius whose
/// corners are on the grid (all but oriented boxes): a polygon's, a box's
/// corners (its two ends when flat, one when a point), a segment's ends
/// (one when `a = b`), a point's. The perpendiculars of its edges in this
/// order are in the tie order of its faces (a box's x edge before its y
/// edge, then repeats of them). None in 3D.
fn outline<'a, const D: usize>(s: &'a Shape<D>, buf: &'a mut [Vec2; 4]) -> Option<&'a [Vec2]>
where
    Const<D>: Dim<D>,
{
    if D != 2 {
        return None;
    }
    let xy = |v: Vector<D>| {
        let b = v.to_bits();
        Vec2::from_bits([0, 1].map(|k| b.get(k).copied().unwrap_or(0)))
    };
    let [p0, p1, p2, p3] = buf;
    let n = match s {
        Shape::Polygon(p) => return Some(<Const<D> as Dim<D>>::polygon_points(p)),
        Shape::Aabb(b) => {
            let (lo, hi) = (xy(b.min()), xy(b.max()));
            (*p0, *p1, *p2, *p3) = (
                lo,
                Vec2::new(hi.0[0], lo.0[1]),
                hi,
                Vec2::new(lo.0[0], hi.0[1]),
            );
            if lo.0[0] != hi.0[0] && lo.0[1] != hi.0[1] {
                4
            } else {
                *p1 = hi;
                1 + usize::from(lo != hi)
            }
        }
        Shape::Segment(g) => {
            (*p0, *p1) = (xy(g.a()), xy(g.b()));
            1 + usize::from(p0 != p1)
        }
        Shape::Capsule(c) if c.radius() == Fx::ZERO => {
            (*p0, *p1) = (xy(c.a()), xy(c.b()));
            1 + usize::from(p0 != p1)
        }
        Shape::Sphere(b) if b.radius() == Fx::ZERO => {
            *p0 = xy(b.center());
            1
        }
        _ => return None,
    };
    buf.get(..n)
}

/// The points whose hull is the core of a polygon, sphere or capsule
/// (raw, the first two components): its vertices, the center, the
/// segment's ends. The other shapes are not cast this way: none.
fn core_points<const D: usize>(s: &Shape<D>) -> Vec<[i128; 2]>
where
    Const<D>: Dim<D>,
{
    let xy = |v: Vector<D>| {
        let mut r = [0i128; 2];
        for (slot, c) in r.iter_mut().zip(v.0) {
            *slot = wide(c);
        }
        r
    };
    match s {
        Shape::Polygon(p) => <Const<D> as Dim<D>>::polygon_points(p)
            .iter()
            .map(|v| v.0.map(wide))
            .collect(),
        Shape::Sphere(b) => vec![xy(b.center())],
        Shape::Capsule(c) => vec![xy(c.a()), xy(c.b())],
        _ => Vec::new(),
    }
}

/// The shape's kind, as its JSON tag.
fn kind<const D: usize>(s: &Shape<D>) -> &'static str
where
    Const<D>: Dim<D>,
{
    match s {
        Shape::Aabb(_) => "aabb",
        Shape::Obb(_) => "obb",
        Shape::Sphere(_) => "sphere",
        Shape::Segment(_) => "segment",
        Shape::Capsule(_) => "capsule",
        Shape::Polygon(_) => "polygon",
    }
}

/// `v` padded to 3D.
fn pad<const D: usize>(v: [i128; D]) -> [i128; 3] {
    let mut r = [0i128; 3];
    for (slot, c) in r.iter_mut().zip(v) {
        *slot = c;
    }
    r
}
