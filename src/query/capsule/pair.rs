//! Overlap of any two shapes, exact: the generic [`overlap`] and the
//! per-pair functions it stands on.

use super::boxed::segment_box_within;
use super::core::{Gap, radius_sum};
use super::segments::{core, cores_within, round};
use crate::dim::{Const, Dim};
use crate::num::wide;
use crate::query::ball::sphere_aabb;
use crate::query::obb::{obb_overlap, sphere_obb_overlap};
use crate::query::overlap::aabb_overlap;
use crate::rot::Rot;
use crate::shape::{Aabb, Ball, Capsule, Obb, Shape};
use crate::vec::Vector;

/// Whether two shapes overlap as **closed** sets: touching counts. Exact
/// for every pair of [`Shape`]s, in 2D and 3D; symmetric.
///
/// - Two boxes: [`aabb_overlap`], or [`obb_overlap`] (the parallelepipeds
///   of the axes as given). An axis-aligned box against an oriented one is
///   the same exact test, with the axis-aligned box as a parallelepiped of
///   the unit axes.
/// - Every other pair: the distance between the shapes' cores (a point for
///   a ball, the segment of a capsule or segment, the box itself) is at
///   most the sum of their radii, decided exactly with wide integers (see
///   [`capsule_overlap`]); oriented boxes are the parallelepipeds of their
///   axes as given. A ball against a box is [`sphere_aabb`] or
///   [`sphere_obb_overlap`], a capsule or segment against an axis-aligned
///   box [`capsule_aabb_overlap`] (each exact; so is one against an
///   oriented box whose axes are the coordinate axes up to sign and order,
///   as `angle` 0 and the identity quaternion give: the same set); two
///   cores of no radius (points, segments, boxes) meet iff their difference
///   holds the origin, tested against its facet slabs in 256-bit words.
/// - Zero radii, `a = b` segments and capsules, zero half-sizes are valid
///   and exact: a capsule of radius 0 is its segment, one with `a = b` its
///   ball.
/// - A convex polygon (2D, [`Shape::Polygon`]) against any shape, either
///   way round: [`polygon_shape_overlap`](crate::polygon_shape_overlap)
///   (two polygons: [`polygon_overlap`](crate::polygon_overlap)), exact.
///
/// # Examples
/// ```
/// use fixed_collide::{overlap, Aabb2, Capsule2, Fx, Segment2, Shape, Vec2};
/// let wall = Segment2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([0, 10])).unwrap();
/// // A capsule lying 1 unit right of the wall, radius 1: touching.
/// let body = Capsule2::try_new(Vec2::from_ints([1, 2]), Vec2::from_ints([3, 2]), Fx::ONE).unwrap();
/// assert!(overlap(&Shape::from(wall), &Shape::from(body)));
/// let thinner = Capsule2::try_new(Vec2::from_ints([1, 2]), Vec2::from_ints([3, 2]), Fx::ONE - Fx::DELTA).unwrap();
/// assert!(!overlap(&wall.into(), &thinner.into()));
/// let crate_ = Aabb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([5, 1])).unwrap();
/// assert!(overlap(&body.into(), &crate_.into())); // (3, 1) is on both
/// // A triangle across the wall: its edge from (-1, 5) to (1, 5) crosses x = 0.
/// use fixed_collide::Polygon;
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = Polygon::try_new(&[v(-1, 5), v(1, 5), v(0, 7)]).unwrap();
/// assert!(overlap(&Shape::from(tri), &wall.into()));
/// assert!(overlap(&wall.into(), &Shape::from(tri))); // either way round
/// assert!(!overlap(&Shape::from(tri), &body.into()));
/// ```
pub fn overlap<const D: usize>(a: &Shape<D>, b: &Shape<D>) -> bool
where
    Const<D>: Dim<D>,
{
    match (a, b) {
        (Shape::Polygon(p), s) | (s, Shape::Polygon(p)) => Const::<D>::polygon_shape_overlap(p, s),
        (Shape::Aabb(p), Shape::Aabb(q)) => aabb_overlap(p, q),
        (Shape::Obb(p), Shape::Obb(q)) => obb_overlap(p, q),
        (Shape::Aabb(p), Shape::Obb(q)) | (Shape::Obb(q), Shape::Aabb(p)) => aabb_obb_overlap(p, q),
        (Shape::Sphere(p), Shape::Sphere(q)) => sphere_overlap(p, q),
        // A ball and a box: the center clamped into the box, in `i128`;
        // the oriented box's filter before its wide integers.
        (Shape::Sphere(s), Shape::Aabb(b)) | (Shape::Aabb(b), Shape::Sphere(s)) => {
            sphere_aabb(s, b).is_some()
        }
        (Shape::Sphere(s), Shape::Obb(b)) | (Shape::Obb(b), Shape::Sphere(s)) => {
            sphere_obb_overlap(s, b)
        }
        // A segment or capsule and a box: the distance along the segment.
        (Shape::Capsule(c), Shape::Aabb(b)) | (Shape::Aabb(b), Shape::Capsule(c)) => {
            capsule_aabb_overlap(c, b)
        }
        (Shape::Segment(g), Shape::Aabb(b)) | (Shape::Aabb(b), Shape::Segment(g)) => {
            capsule_aabb_overlap(&Capsule::from(*g), b)
        }
        // An oriented box along the coordinate axes is that axis-aligned
        // box (the same set): the same test, not the general program.
        (Shape::Capsule(c), Shape::Obb(o)) | (Shape::Obb(o), Shape::Capsule(c)) => o
            .as_aabb()
            .map_or_else(|| cores_overlap(a, b), |x| capsule_aabb_overlap(c, &x)),
        (Shape::Segment(g), Shape::Obb(o)) | (Shape::Obb(o), Shape::Segment(g)) => {
            o.as_aabb().map_or_else(
                || cores_overlap(a, b),
                |x| capsule_aabb_overlap(&Capsule::from(*g), &x),
            )
        }
        _ => cores_overlap(a, b),
    }
}

/// [`overlap`] of the pairs with no test of their own: balls, segments
/// and capsules by their segments' distance in 256-bit words first, the
/// rest by the general program of their cores.
fn cores_overlap<const D: usize>(a: &Shape<D>, b: &Shape<D>) -> bool
where
    Const<D>: Dim<D>,
{
    if let (Some(x), Some(y)) = (round(a), round(b)) {
        return cores_within::<false, D>(&x, &y);
    }
    let mut gap = Gap::new();
    let ra = add_core(&mut gap, a, false);
    let rb = add_core(&mut gap, b, true);
    // Neither is a polygon here (`overlap` answers those): both have cores.
    ra.zip(rb).is_some_and(|(ra, rb)| gap.within(ra + rb))
}

/// Puts the shape's core into `gap` (negated for the second shape) and
/// returns its radius, raw; `None` (and `gap` unchanged) for a polygon,
/// which is no core of that kind (a zonotope grown by a radius) and is
/// answered by its own queries.
pub(crate) fn add_core<const D: usize>(gap: &mut Gap, s: &Shape<D>, negative: bool) -> Option<i128>
where
    Const<D>: Dim<D>,
{
    Some(match s {
        Shape::Aabb(b) => {
            gap.aabb(b, negative);
            0
        }
        Shape::Obb(b) => {
            gap.obb(b, negative);
            0
        }
        Shape::Sphere(b) => {
            gap.point(&b.center(), negative);
            wide(b.radius())
        }
        Shape::Segment(g) => {
            gap.segment(&g.a(), &g.b(), negative);
            0
        }
        Shape::Capsule(c) => {
            gap.segment(&c.a(), &c.b(), negative);
            wide(c.radius())
        }
        Shape::Polygon(_) => return None,
    })
}

/// Whether two balls (circles, spheres) overlap as closed sets: the
/// squared distance of the centers against the squared sum of the radii,
/// exactly in `i128`. Touching counts; a zero radius is a point.
///
/// # Examples
/// ```
/// use fixed_collide::{sphere_overlap, Circle, Fx, Vec2};
/// let a = Circle::try_new(Vec2::from_ints([0, 0]), Fx::from_num(2)).unwrap();
/// let b = Circle::try_new(Vec2::from_ints([3, 4]), Fx::from_num(3)).unwrap();
/// assert!(sphere_overlap(&a, &b)); // 5 = 2 + 3: touching
/// let c = Circle::try_new(Vec2::from_ints([3, 4]), Fx::from_num(3) - Fx::DELTA).unwrap();
/// assert!(!sphere_overlap(&a, &c));
/// ```
pub fn sphere_overlap<const D: usize>(a: &Ball<D>, b: &Ball<D>) -> bool {
    // Differences < 2^54 raw, squares < 2^108, their sum < 2^110; the
    // radius sum < 2^54, its square < 2^108.
    let mut d2 = 0i128;
    for (p, q) in a.center().0.iter().zip(b.center().0) {
        let d = wide(*p) - wide(q);
        d2 += d * d;
    }
    let r = radius_sum(a.radius(), b.radius());
    d2 <= r * r
}

/// Whether two capsules overlap as closed sets: the distance between their
/// segments is at most the sum of the radii. Exact; touching counts.
///
/// A segment is a capsule of radius 0 (`Capsule::from(segment)`), a ball a
/// capsule with `a = b` (`Capsule::from(ball)`), and the answer is exact for
/// them too: parallel and collinear segments, crossing segments, and
/// zero-length ones included.
///
/// The closest points minimize `|w + s u - t v|^2` over `s, t` in
/// `[0, 1]`; the minimum is at the interior solution of the normal
/// equations (Cramer's rule) or on an edge of that square (an end point
/// against the other segment), each decided exactly in 256-bit integers
/// against `(ra + rb)^2` (one product of the 3D interior case in 384
/// bits). Before that, the same candidates on the segments rounded to a
/// coarser grid (at most `2^17` steps across the pair) settle every pair
/// whose distance is more than three steps from `ra + rb`: the rounding
/// moves the distance by less than two steps, so the answer is the same
/// either way.
///
/// Nothing is rounded in the answer: touching counts, one ulp apart does
/// not.
///
/// # Examples
/// ```
/// use fixed_collide::{capsule_overlap, Capsule3, Fx, Vec3};
/// let a = Capsule3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([4, 0, 0]), Fx::ONE).unwrap();
/// // Skew segments 3 apart (along z): radii 1 + 2 touch.
/// let b = Capsule3::try_new(Vec3::from_ints([2, -5, 3]), Vec3::from_ints([2, 5, 3]), Fx::from_num(2)).unwrap();
/// assert!(capsule_overlap(&a, &b));
/// let c = Capsule3::try_new(b.a(), b.b(), Fx::from_num(2) - Fx::DELTA).unwrap();
/// assert!(!capsule_overlap(&a, &c));
/// ```
pub fn capsule_overlap<const D: usize>(a: &Capsule<D>, b: &Capsule<D>) -> bool {
    cores_within::<false, D>(&core(a), &core(b))
}

/// Whether a capsule and a ball overlap as closed sets: the distance from
/// the ball's center to the capsule's segment is at most the sum of the
/// radii. Exact; touching counts.
///
/// # Examples
/// ```
/// use fixed_collide::{capsule_sphere_overlap, Capsule2, Circle, Fx, Vec2};
/// let c = Capsule2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([4, 0]), Fx::ONE).unwrap();
/// // Beyond the end b = (4, 0): distance 5 to (7, 4), radii 1 + 4.
/// let ball = Circle::try_new(Vec2::from_ints([7, 4]), Fx::from_num(4)).unwrap();
/// assert!(capsule_sphere_overlap(&c, &ball));
/// ```
pub fn capsule_sphere_overlap<const D: usize>(c: &Capsule<D>, ball: &Ball<D>) -> bool {
    cores_within::<false, D>(&core(c), &core(&Capsule::from(*ball)))
}

/// Whether a capsule and an axis-aligned box overlap as closed sets: the
/// distance from the capsule's segment to the box is at most the radius.
/// Exact; touching counts; zero-size boxes, radius 0 (a segment) and `a =
/// b` (a ball) are valid.
///
/// How: the segment meets the box (the closed slab test), or an end is
/// within the radius, or else the squared distance along the segment (a
/// convex, piecewise quadratic function, continuously differentiable) has
/// its minimum where its derivative changes sign: bracketed between the
/// breakpoints where a coordinate crosses a face plane (the derivative's
/// sign at each exact in 256 bits), then the minimum of that piece's
/// quadratic compared with the squared radius, multiplied out in 256
/// bits. No wide integer, no rounding.
///
/// # Examples
/// ```
/// use fixed_collide::{capsule_aabb_overlap, Aabb2, Capsule2, Fx, Vec2};
/// let b = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 2])).unwrap();
/// // A diagonal capsule passing the corner (2, 2) at distance sqrt(2).
/// let c = Capsule2::try_new(Vec2::from_ints([5, 1]), Vec2::from_ints([1, 5]), Fx::from_num(1.5)).unwrap();
/// assert!(capsule_aabb_overlap(&c, &b));
/// let thin = Capsule2::try_new(c.a(), c.b(), Fx::from_num(1.4)).unwrap();
/// assert!(!capsule_aabb_overlap(&thin, &b));
/// ```
pub fn capsule_aabb_overlap<const D: usize>(c: &Capsule<D>, aabb: &Aabb<D>) -> bool {
    segment_box_within::<false, D>(
        &c.a().to_bits(),
        &c.b().to_bits(),
        aabb.raw(),
        c.radius().to_bits(),
    )
}

/// Whether a capsule and an oriented box overlap as closed sets: the
/// distance from the capsule's segment to the parallelepiped of the box's
/// axes **as given** is at most the radius. Exact for that parallelepiped,
/// no tolerance band; touching counts.
///
/// # Examples
/// ```
/// use fixed_collide::{capsule_obb_overlap, Capsule2, Fx, Obb2, Rot2, Vec2};
/// // The square [-1, 1]^2 turned by 90 degrees is the same square.
/// let b = Obb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1]), Rot2::from_angle(Fx::FRAC_PI_2)).unwrap();
/// let c = Capsule2::try_new(Vec2::from_ints([3, -4]), Vec2::from_ints([3, 4]), Fx::from_num(2)).unwrap();
/// assert!(capsule_obb_overlap(&c, &b)); // touching the face x = 1
/// ```
pub fn capsule_obb_overlap<const D: usize>(c: &Capsule<D>, obb: &Obb<D>) -> bool {
    let mut gap = Gap::new();
    gap.segment(&c.a(), &c.b(), false);
    gap.obb(obb, true);
    gap.within(wide(c.radius()))
}

/// An axis-aligned box against an oriented box: [`obb_overlap`] when the
/// box's center is representable (an even `min + max` on every axis), else
/// the exact core distance with six columns.
fn aabb_obb_overlap<const D: usize>(a: &Aabb<D>, b: &Obb<D>) -> bool
where
    Const<D>: Dim<D>,
{
    let (min, max) = (a.min().0, a.max().0);
    let even = min
        .iter()
        .zip(&max)
        .all(|(lo, hi)| (lo.to_bits() ^ hi.to_bits()) & 1 == 0);
    if even {
        let center = a.center();
        let mut half = Vector(max);
        for (h, lo) in half.0.iter_mut().zip(min) {
            *h = (*h - lo) / 2;
        }
        if let Ok(as_obb) = Obb::try_new(center, half, Rot::identity()) {
            return obb_overlap(&as_obb, b);
        }
    }
    let mut gap = Gap::new();
    gap.aabb(a, false);
    gap.obb(b, true);
    gap.within(0)
}
