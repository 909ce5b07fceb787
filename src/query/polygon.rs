//! Convex polygons (2D): [`polygon_overlap`] (closed, exact) and
//! [`ray_polygon`] (exact hit/miss, `t` floored).
//!
//! Budgets (raw bits, every coordinate within 2^52): edge vectors and
//! their normals below 2^54 per component; the dot product of a normal
//! with a difference of points below 2^108; with a ray direction (below
//! 2^52) below 2^107. Two such fractions are compared by
//! cross-multiplication in 256-bit products (below 2^216), and floors are
//! taken by 256-by-128-bit division, exactly.

use super::capsule::core::Gap;
use super::capsule::pair::add_core;
use super::ray::RayHit;
use crate::kernel::ratio::{Ratio, floor_units, scaled_floor};
use crate::kernel::wide::mul64;
use crate::num::{Fx, wide};
use crate::shape::{Polygon, Ray, Shape};
use crate::vec::{Vec2, Vector};

/// `p` in raw bits.
pub(super) fn raw(p: &Vec2) -> [i128; 2] {
    p.0.map(wide)
}

/// The outward normal of the edge from `a` to `b` of a counter-clockwise
/// polygon, unnormalized: the edge turned clockwise, `(e.y, -e.x)`.
pub(super) fn outward(a: &[i128; 2], b: &[i128; 2]) -> [i128; 2] {
    [b[1] - a[1], a[0] - b[0]]
}

/// `n . (p - a)`: below 2^108 (see the module).
pub(super) fn side(n: &[i128; 2], a: &[i128; 2], p: &[i128; 2]) -> i128 {
    mul64(n[0], p[0] - a[0]) + mul64(n[1], p[1] - a[1])
}

/// Whether some edge of `a` separates `b` strictly: every vertex of `b`
/// strictly outside the edge's line.
///
/// The edges in the order `(last, 0), (0, 1), ...` (the answer does not
/// depend on it); `n . v > n . p` with `n` and the vertices within `i64`
/// (the module's budgets), so each projection is two 64-bit products.
fn separates<const N: usize, const M: usize>(a: &Polygon<N>, b: &Polygon<M>) -> bool {
    let (pa, pb) = (a.points(), b.points());
    let Some(last) = pa.last() else {
        return false;
    };
    let dot = |n: [i64; 2], v: [i64; 2]| {
        i128::from(n[0]) * i128::from(v[0]) + i128::from(n[1]) * i128::from(v[1])
    };
    let mut p = last.to_bits();
    pa.iter().any(|q| {
        let q = q.to_bits();
        // The outward normal (e.y, -e.x): below 2^54.
        let n = [q[1] - p[1], p[0] - q[0]];
        let at = dot(n, p);
        p = q;
        pb.iter().all(|v| dot(n, v.to_bits()) > at)
    })
}

/// Whether two convex polygons overlap as **closed** sets: touching edges
/// or vertices count.
///
/// Exact: a separating-axis test on the edge normals of both polygons
/// (for two convex polygons one of them separates whenever anything
/// does), with integer cross products and no epsilon. Symmetric in its
/// arguments.
///
/// # Examples
/// ```
/// use fixed_collide::{polygon_overlap, Fx, Polygon, Vec2};
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let a = Polygon::try_new(&[v(0, 0), v(2, 0), v(2, 2), v(0, 2)]).unwrap();
/// // A triangle touching a's right edge at one point.
/// let b = Polygon::try_new(&[v(2, 1), v(4, 0), v(4, 2)]).unwrap();
/// assert!(polygon_overlap(&a, &b));
/// // Moved right by one ulp: apart.
/// let d = Fx::DELTA;
/// let c = Polygon::try_new(&[
///     Vec2::new(Fx::from_num(2) + d, Fx::ONE),
///     Vec2::new(Fx::from_num(4) + d, Fx::ZERO),
///     Vec2::new(Fx::from_num(4) + d, Fx::from_num(2)),
/// ])
/// .unwrap();
/// assert!(!polygon_overlap(&a, &c));
/// ```
pub fn polygon_overlap<const N: usize, const M: usize>(a: &Polygon<N>, b: &Polygon<M>) -> bool {
    !separates(a, b) && !separates(b, a)
}

/// Whether a convex polygon and any 2D [`Shape`] overlap as **closed**
/// sets: touching counts. Exact.
///
/// The shape is a core (a point for a circle, the segment of a segment or
/// capsule, the box of an axis-aligned or oriented box, the parallelepiped
/// of its axes as given) grown by a radius `r` (0 but for circles and
/// capsules). Two convex sets meet iff one point of the core lies in the
/// polygon or the core comes within `r` of an edge; each edge's distance
/// is decided exactly as in [`overlap`](crate::overlap) (squared distances
/// against squared radii, wide integers, no root taken), the point by
/// integer cross products.
///
/// # Examples
/// ```
/// use fixed_collide::{polygon_shape_overlap, Circle, Fx, Polygon, Shape, Vec2};
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = Polygon::try_new(&[v(0, 0), v(4, 0), v(0, 4)]).unwrap();
/// // A circle tangent to the hypotenuse x + y = 4 from outside: centre
/// // (3, 3), radius sqrt(2).
/// let r = Fx::SQRT_2;
/// let touching = Circle::try_new(v(3, 3), r + Fx::DELTA).unwrap();
/// assert!(polygon_shape_overlap(&tri, &Shape::from(touching)));
/// let apart = Circle::try_new(v(3, 3), r).unwrap(); // sqrt(2) floored: short
/// assert!(!polygon_shape_overlap(&tri, &Shape::from(apart)));
/// ```
pub fn polygon_shape_overlap<const N: usize>(polygon: &Polygon<N>, shape: &Shape<2>) -> bool {
    let inner = match shape {
        Shape::Polygon(q) => return polygon_overlap(polygon, q),
        Shape::Aabb(b) => b.min(),
        Shape::Obb(b) => b.center(),
        Shape::Sphere(b) => b.center(),
        Shape::Segment(s) => s.a(),
        Shape::Capsule(c) => c.a(),
    };
    if contains(polygon, &inner) {
        return true;
    }
    // The shape's core once; each edge adds its segment to a copy.
    let mut core = Gap::new();
    let Some(r) = add_core(&mut core, shape, true) else {
        return false; // a polygon: answered above
    };
    polygon.edges().any(|(p, q)| {
        let mut gap = core;
        gap.segment(&p, &q, false);
        gap.within(r)
    })
}

/// Whether `v` is in the closed polygon: on the inner side of every edge.
fn contains<const N: usize>(polygon: &Polygon<N>, v: &Vec2) -> bool {
    let v = raw(v);
    polygon.edges().all(|(p, q)| {
        let (p, q) = (raw(&p), raw(&q));
        side(&outward(&p, &q), &p, &v) <= 0
    })
}

/// A bound on the ray parameter and the outward normal of the edge that
/// gives it (zero for the bounds `0` and `max_t`).
#[derive(Clone, Copy)]
struct Bound {
    at: Ratio,
    normal: [i128; 2],
}

/// The first point of a ray (for `t` in `[0, max_t]`) in a closed convex
/// polygon, or `None`.
///
/// - **Hit/miss exact**; a ray along an edge or through a vertex hits (the
///   polygon is closed); a hit exactly at `max_t` counts.
/// - `t`: the exact entry parameter (in units of `dir`), rounded **down**.
/// - `inside`: the origin is in the polygon or on its boundary: `t = 0`,
///   `point = origin`, `normal` zero.
/// - `point`: each coordinate of the exact entry point, rounded down.
/// - `normal`: the outward unit normal of the edge entered last (the one
///   whose line the ray crosses last on its way in), each component
///   rounded down (within 2^-32 of the exact unit vector); at a vertex,
///   where two edges are entered at the same `t`, the lower edge index
///   wins. Edge `i` runs from vertex `i` to vertex `i + 1`.
///
/// How: the sides of the vertices against the ray's line (exact cross
/// products) find the edges where it enters and leaves, and one fraction
/// per edge gives the times; when a vertex is on the line, the clipping of
/// the ray by the half-planes of the edges (Cyrus and Beck), with each
/// bound a fraction compared exactly.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_polygon, Fx, Polygon, Ray2, Vec2};
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let tri = Polygon::try_new(&[v(2, -2), v(6, 0), v(2, 2)]).unwrap();
/// let r = Ray2::try_unbounded(v(0, 0), v(1, 0)).unwrap();
/// let h = ray_polygon(&r, &tri).unwrap();
/// assert_eq!((h.t, h.point, h.normal), (Fx::from_num(2), v(2, 0), v(-1, 0)));
/// // Up the line of the edge x = 2: enters at the vertex (2, -2).
/// let up = Ray2::try_unbounded(v(2, -4), v(0, 1)).unwrap();
/// assert_eq!(ray_polygon(&up, &tri).unwrap().t, Fx::from_num(2));
/// ```
pub fn ray_polygon<const N: usize>(ray: &Ray<2>, polygon: &Polygon<N>) -> Option<RayHit<2>> {
    match line(ray, polygon) {
        Line::Misses => None,
        Line::Crosses { enter, exit } => crosses(ray, enter, exit),
        Line::Touches => clip(ray, polygon),
    }
}

/// An edge of a polygon: its two ends, raw.
type Edge = ([i128; 2], [i128; 2]);

/// How the line of a ray meets a convex polygon, from the sides of the
/// vertices (the signs of `d x (v - o)`, exact).
enum Line {
    /// Every vertex strictly on one side: the line misses.
    Misses,
    /// A vertex on the line.
    Touches,
    /// Through the interior, every vertex off the line: entering by the
    /// one edge whose ends go from the left side to the right, leaving by
    /// the one going from the right to the left.
    Crosses { enter: Edge, exit: Edge },
}

/// The sides of the vertices: the sign of `d x (v - o) = d x v - d x o`,
/// `d x o` once and two 64-bit products a vertex (raw bits within the
/// domain, at most 2^52: each product at most 2^104, every sum in `i128`).
/// An edge is named by its end vertex `i` (from `i - 1`, or the last).
///
/// Every vertex's side goes into one bit of a mask, and whether it is on
/// the line into another, with no branch in the loop; the edges where the
/// side changes are then bit operations on the mask and its rotation by
/// one vertex. A strictly convex polygon's sides change sign exactly twice
/// around the boundary when the line crosses its interior (no vertex on
/// the line), and never when it misses.
///
/// For a capacity of at most 8 (a [`Polygon8`](crate::Polygon8)) the loop
/// runs over every slot, the unused ones masked off after: the same trip
/// count for every polygon, where a count that varies with the polygon
/// mispredicts the loop's exit (any value in a slot keeps the products
/// within `i128`). Larger capacities read the vertices only.
fn line<const N: usize>(ray: &Ray<2>, polygon: &Polygon<N>) -> Line {
    let points = polygon.points();
    let (o, d) = (ray.origin().to_bits(), ray.dir().to_bits());
    // d x v, for v = o once and then for each vertex.
    let cross =
        |[x, y]: [i64; 2]| i128::from(d[0]) * i128::from(y) - i128::from(d[1]) * i128::from(x);
    let at_origin = cross(o);
    let side = |v: &Vec2| cross(v.to_bits()) - at_origin;
    // A polygon has 3 to 64 vertices: one bit each.
    let (Some(last), 1..=64) = (points.last(), points.len()) else {
        return Line::Misses;
    };
    let n = points.len() as u32;
    let all = u64::MAX >> (64 - n);
    // Bit i of `right`: vertex i strictly right of the line; of `on`: on it.
    let (mut right, mut on) = (0u64, 0u64);
    let slots: &[Vec2] = if N <= 8 { polygon.slots() } else { points };
    for (i, v) in slots.iter().enumerate() {
        let s = side(v);
        on |= u64::from(s == 0) << i;
        right |= u64::from(s < 0) << i;
    }
    let right = right & all;
    if on & all != 0 {
        return Line::Touches;
    }
    // Bit i: vertex i - 1 (the last, for i = 0) strictly right.
    let before = ((right << 1) | (right >> (n - 1))) & all;
    // From the left to the right: entering; from the right to the left:
    // leaving (one bit each when the line crosses).
    let (enter, exit) = (right & !before, !right & before & all);
    if enter == 0 || exit == 0 {
        return Line::Misses;
    }
    let edge = |bits: u64| {
        let i = bits.trailing_zeros() as usize;
        let from = i.checked_sub(1).and_then(|j| points.get(j)).unwrap_or(last);
        (raw(from), points.get(i).map_or([0; 2], raw))
    };
    Line::Crosses {
        enter: edge(enter),
        exit: edge(exit),
    }
}

/// The bound of the ray parameter at an edge's line, `n . (p - o) / n . d`
/// with `n` its outward normal, and `n`.
fn bound(o: &[i128; 2], d: &[i128; 2], (p, q): &Edge) -> (Ratio, [i128; 2]) {
    let n = outward(p, q);
    let den = mul64(n[0], d[0]) + mul64(n[1], d[1]);
    (Ratio::new(side(&n, o, p), den), n)
}

/// [`ray_polygon`] when the line crosses the interior: the line is in the
/// polygon from the entering edge's bound to the leaving edge's, and the
/// entry is inside the entering edge (no vertex is on the line), so no
/// other edge ties with it.
fn crosses(ray: &Ray<2>, enter: Edge, exit: Edge) -> Option<RayHit<2>> {
    let (o, d) = (raw(&ray.origin()), raw(&ray.dir()));
    let (t, n) = bound(&o, &d, &enter);
    if t.num <= 0 {
        // Entered at or before the origin: inside unless already left.
        let (out, _) = bound(&o, &d, &exit);
        return (out.num >= 0).then(|| RayHit::at_origin(ray));
    }
    if Ratio::new(wide(ray.max_t()), 1 << 32).lt(&t) {
        return None;
    }
    Some(entry(ray, &t, &n))
}

/// [`ray_polygon`] when a vertex is on the ray's line: the clipping of the
/// ray by the half-planes of the edges (Cyrus and Beck), each bound a
/// fraction compared exactly, the lower edge index first on a tie.
fn clip<const N: usize>(ray: &Ray<2>, polygon: &Polygon<N>) -> Option<RayHit<2>> {
    let o = raw(&ray.origin());
    let d = raw(&ray.dir());
    // Entry: t >= 0 (edge index MAX: the origin); exit: t <= max_t, at
    // scale 2^32 over 1.
    let mut enter = Bound {
        at: Ratio::new(0, 1),
        normal: [0, 0],
    };
    let mut exit = Bound {
        at: Ratio::new(wide(ray.max_t()), 1 << 32),
        normal: [0, 0],
    };
    let mut inside = true;
    for (p, q) in polygon.edges() {
        let (p, q) = (raw(&p), raw(&q));
        let n = outward(&p, &q);
        // In the half-plane at t: n.(o - p) + t n.d <= 0, i.e. t n.d <= num.
        let num = side(&n, &o, &p);
        let den = mul64(n[0], d[0]) + mul64(n[1], d[1]);
        inside &= num >= 0;
        if den == 0 {
            if num < 0 {
                return None; // parallel to the edge, outside its line
            }
        } else if den > 0 {
            if num < 0 {
                return None; // outside the edge's line, moving away
            }
            let b = Ratio::new(num, den);
            if b.lt(&exit.at) {
                exit = Bound { at: b, normal: n };
            }
        } else {
            // Entering: t >= num / den. Strictly later replaces: the lower
            // index wins a tie.
            let b = Ratio::new(num, den);
            if enter.at.lt(&b) {
                enter = Bound { at: b, normal: n };
            }
        }
    }
    if inside {
        return Some(RayHit::at_origin(ray));
    }
    // From outside, a hit enters through an edge (an edge the origin is
    // outside of either bounds the entry or ends the ray before 0).
    if exit.at.lt(&enter.at) || enter.normal == [0, 0] {
        return None;
    }
    Some(entry(ray, &enter.at, &enter.normal))
}

/// The hit entering at the parameter `at` through the edge of outward
/// normal `n`: `t`, the point and the unit normal, each floored
/// ([`tight`], else [`exact`]).
fn entry(ray: &Ray<2>, at: &Ratio, n: &[i128; 2]) -> RayHit<2> {
    let (t, point) = tight(ray, at).unwrap_or_else(|| exact(ray, at));
    RayHit {
        t,
        point,
        normal: unit(n),
        inside: false,
    }
}

/// `t` and the point at the parameter `at`, each floored, from `2^64 t`
/// floored once (one division): `t` by a shift and each coordinate
/// `floor(t d_k)` at both ends of its one-unit bracket (two products).
/// `None` when a coordinate's bracket holds an integer (the point within
/// about `2^-64 |d_k|` of a grid line, such as an exact entry at `t = 1/3`
/// onto one), or a value leaves its range.
fn tight(ray: &Ray<2>, at: &Ratio) -> Option<(Fx, Vec2)> {
    let (o, d) = (raw(&ray.origin()), raw(&ray.dir()));
    let tau = at.floor_2_64()?;
    let mut point = ray.origin();
    for ((slot, &ok), &dk) in point.0.iter_mut().zip(&o).zip(&d) {
        *slot = Fx::from_bits(i64::try_from(ok + scaled_floor(tau, dk)?).ok()?);
    }
    // floor(2^32 t) = floor(floor(2^64 t) / 2^32).
    Some((Fx::from_bits(i64::try_from(tau >> 32).ok()?), point))
}

/// `t` and the point at the parameter `at`, each floored by its own
/// 256-by-128-bit division.
fn exact(ray: &Ray<2>, at: &Ratio) -> (Fx, Vec2) {
    let (o, d) = (raw(&ray.origin()), raw(&ray.dir()));
    let mut point = ray.origin();
    for ((slot, &ok), &dk) in point.0.iter_mut().zip(&o).zip(&d) {
        *slot = at.floor_along(ok, dk);
    }
    (at.floor_fx(), point)
}

/// `v / |v|` per component rounded down, exactly ([`floor_units`]). `v`
/// non-zero, components below 2^54 (so `|v|^2` below 2^109).
pub(super) fn unit(v: &[i128; 2]) -> Vec2 {
    let l = (v[0] * v[0] + v[1] * v[1]).unsigned_abs();
    Vector(floor_units(v, l))
}

#[cfg(test)]
mod tests;
