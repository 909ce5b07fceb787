//! Contact of two convex polygons: the axis of least penetration, its
//! depth, and up to two contact points, for a solver.
//!
//! Budgets as in [`super::polygon`]: normals and edges below 2^54 per
//! component, their dot products with differences of points below 2^109
//! (in `i128`); every comparison of values over square roots squares both
//! sides in the wide integer (below 2^330).

use super::capsule::wide::Big;
use super::polygon::{outward, raw, side, unit};
use crate::kernel::ratio::Ratio;
use crate::num::Fx;
use crate::shape::Polygon;
use crate::vec::Vec2;

/// How two overlapping convex polygons touch (see [`polygon_contact`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PolygonContact {
    /// Unit normal of the axis of least penetration, pointing from `a`
    /// toward `b`; each component of the exact unit vector rounded down.
    pub normal: Vec2,
    /// The penetration along `normal`: the exact distance (an edge's
    /// support gap over the edge's length) rounded **up**, so moving `b`
    /// by `depth` along the exact normal separates the polygons or leaves
    /// them touching. 0 when they only touch.
    pub depth: Fx,
    /// The contact points, the first `count` valid: points of the
    /// incident edge (see [`polygon_contact`]), each coordinate rounded
    /// down. Unused slots are zero.
    pub points: [Vec2; 2],
    /// How many of `points` are valid: 1 or 2.
    pub count: u8,
    /// Whether the reference edge (the axis) is an edge of `b` rather
    /// than of `a`.
    pub flipped: bool,
    /// The index of the reference edge in its polygon (edge `i` runs from
    /// vertex `i` to `i + 1`).
    pub edge: u8,
}

impl PolygonContact {
    /// The valid contact points.
    pub fn points(&self) -> &[Vec2] {
        self.points
            .get(..usize::from(self.count))
            .unwrap_or_default()
    }
}

/// One candidate axis: the edge's outward normal `n` (raw), its squared
/// length, and the support gap `gap = min over the other polygon's
/// vertices of n . (v - p)` (<= 0 when the polygons overlap).
#[derive(Clone, Copy)]
struct Axis {
    n: [i128; 2],
    len2: i128,
    gap: i128,
    p: [i128; 2],
    q: [i128; 2],
    edge: usize,
    /// The other polygon's vertex attaining `gap` (the lowest index).
    deepest: usize,
}

impl Axis {
    /// `|self.gap| / |n|  <  |other.gap| / |other.n|`, exactly.
    fn shallower(&self, other: &Axis) -> bool {
        let (a, b) = (
            Big::prod(self.gap, self.gap),
            Big::prod(other.gap, other.gap),
        );
        a.mul(Big::from(other.len2)) < b.mul(Big::from(self.len2))
    }
}

/// The axis of each edge of `r` against the vertices of `i`, the least
/// penetrating first (the lower edge index on a tie); `None` when an edge
/// separates (a gap above 0): the polygons do not overlap, the test of
/// [`polygon_overlap`](super::polygon::polygon_overlap) on these axes.
fn best_axis<const N: usize, const M: usize>(r: &Polygon<N>, i: &Polygon<M>) -> Option<Axis> {
    let mut best: Option<Axis> = None;
    for (edge, (p, q)) in r.edges().enumerate() {
        let (p, q) = (raw(&p), raw(&q));
        let n = outward(&p, &q);
        let mut gap = i128::MAX;
        let mut deepest = 0;
        for (k, v) in i.points().iter().enumerate() {
            let s = side(&n, &p, &raw(v));
            if s < gap {
                (gap, deepest) = (s, k);
            }
        }
        if gap > 0 {
            return None;
        }
        let axis = Axis {
            n,
            len2: n[0] * n[0] + n[1] * n[1],
            gap,
            p,
            q,
            edge,
            deepest,
        };
        if best.is_none_or(|b| axis.shallower(&b)) {
            best = Some(axis);
        }
    }
    best
}

/// The contact of two convex polygons overlapping as closed sets, or
/// `None` when they do not overlap ([`polygon_overlap`](crate::polygon_overlap)).
///
/// - **Axis**: every edge normal of `a`, then of `b`; the one with the
///   least penetration (the edge's support gap over its length, compared
///   exactly by squaring) is the reference edge; the first in that order
///   wins a tie (`a`'s edges before `b`'s, lower index first).
/// - `normal` points from `a` toward `b`: the reference edge's outward
///   normal, negated when the edge is `b`'s; each component of the exact
///   unit vector rounded down.
/// - `depth` rounded up (0 for polygons that only touch).
/// - **Points**: the incident edge is the edge of the other polygon whose
///   outward normal is most opposed to the reference normal (lower index
///   on a tie); it is clipped to the strip over the reference edge (the
///   lines through its end points along the normal), and the clipped end
///   points at or beyond the reference edge's line (inside the reference
///   polygon's half-plane) are the contact points, 2 at most, in the
///   incident edge's order, each coordinate rounded down. When none
///   remains (the incident edge misses the strip), the one point is the
///   other polygon's deepest vertex along the normal (the lowest index on
///   a tie).
///
/// # Examples
/// ```
/// use fixed_collide::{polygon_contact, Fx, Polygon, Vec2};
/// let v = |x, y| Vec2::from_ints([x, y]);
/// let a = Polygon::try_new(&[v(0, 0), v(4, 0), v(4, 4), v(0, 4)]).unwrap();
/// // A square sunk 1 unit into a's right side, overhanging top and bottom.
/// let b = Polygon::try_new(&[v(3, -1), v(8, -1), v(8, 5), v(3, 5)]).unwrap();
/// let c = polygon_contact(&a, &b).unwrap();
/// assert_eq!((c.normal, c.depth), (v(1, 0), Fx::ONE));
/// // b's left edge, clipped to a's right edge: (3, 4) and (3, 0).
/// assert_eq!(c.points(), &[v(3, 4), v(3, 0)]);
/// ```
pub fn polygon_contact<const N: usize, const M: usize>(
    a: &Polygon<N>,
    b: &Polygon<M>,
) -> Option<PolygonContact> {
    // Two convex polygons overlap iff no edge normal of either separates.
    let on_a = best_axis(a, b)?;
    let on_b = best_axis(b, a)?;
    let (axis, flipped) = if on_b.shallower(&on_a) {
        (on_b, true)
    } else {
        (on_a, false)
    };
    let toward_b = if flipped {
        [-axis.n[0], -axis.n[1]]
    } else {
        axis.n
    };
    // ceil(|gap| / |n|) = -floor(gap / |n|), gap <= 0.
    let depth = Big::floor_over_root(Big::from(axis.gap), Big::from(axis.len2)).neg();
    // The incident polygon: the other one.
    let (points, count) = if flipped {
        contact_points(&axis, a)
    } else {
        contact_points(&axis, b)
    };
    Some(PolygonContact {
        normal: unit(&toward_b),
        depth: depth.to_fx_saturating(),
        points,
        count,
        flipped,
        edge: axis.edge as u8,
    })
}

/// The clipped incident edge's points (see [`polygon_contact`]).
fn contact_points<const N: usize>(axis: &Axis, inc: &Polygon<N>) -> ([Vec2; 2], u8) {
    let n = axis.n;
    // The incident edge: the most negative n . m_k / |m_k|, compared by
    // squares with signs; the lower index wins a tie.
    let mut best: Option<(i128, i128, [i128; 2], [i128; 2])> = None;
    for (p, q) in inc.edges() {
        let (p, q) = (raw(&p), raw(&q));
        let m = outward(&p, &q);
        let (dot, len2) = (n[0] * m[0] + n[1] * m[1], m[0] * m[0] + m[1] * m[1]);
        let better = match best {
            None => true,
            Some((bd, bl, _, _)) => more_opposed(dot, len2, bd, bl),
        };
        if better {
            best = Some((dot, len2, p, q));
        }
    }
    let deepest = || {
        let v = inc
            .points()
            .get(axis.deepest)
            .copied()
            .unwrap_or(Vec2::ZERO);
        ([v, Vec2::ZERO], 1)
    };
    let Some((_, _, v1, v2)) = best else {
        return deepest();
    };
    // Clip x(s) = v1 + s e, s in [0, 1], to t.(x - p) >= 0 and t.(x - q)
    // <= 0, with t the reference edge's direction.
    let e = [v2[0] - v1[0], v2[1] - v1[1]];
    let t = [axis.q[0] - axis.p[0], axis.q[1] - axis.p[1]];
    let dot = |u: [i128; 2], w: [i128; 2]| u[0] * w[0] + u[1] * w[1];
    let diff = |u: [i128; 2], w: [i128; 2]| [u[0] - w[0], u[1] - w[1]];
    let te = dot(t, e);
    let (mut lo, mut hi) = (Ratio::new(0, 1), Ratio::new(1, 1));
    for (c0, lower_side) in [
        (dot(t, diff(v1, axis.p)), true),
        (dot(t, diff(v1, axis.q)), false),
    ] {
        // lower side: c0 + s te >= 0; upper side: c0 + s te <= 0.
        let keep_above = lower_side == (te > 0);
        if te == 0 {
            if (lower_side && c0 < 0) || (!lower_side && c0 > 0) {
                return deepest();
            }
        } else {
            let s = Ratio::new(-c0, te);
            if keep_above {
                if lo.lt(&s) {
                    lo = s;
                }
            } else if s.lt(&hi) {
                hi = s;
            }
        }
    }
    if hi.lt(&lo) {
        return deepest();
    }
    let h0 = dot(n, diff(v1, axis.p));
    let ne = dot(n, e);
    let mut out = [Vec2::ZERO; 2];
    let mut count = 0u8;
    let ends = if lo.lt(&hi) { [lo, hi] } else { [lo, lo] };
    let take = if lo.lt(&hi) { 2 } else { 1 };
    for s in ends.iter().take(take) {
        // At or beyond the reference line: h0 + s ne <= 0.
        let h = Big::prod(h0, s.den).add(Big::prod(s.num, ne));
        if h > Big::from(0) {
            continue;
        }
        let point = Vec2::new(s.floor_along(v1[0], e[0]), s.floor_along(v1[1], e[1]));
        if let Some(slot) = out.get_mut(usize::from(count)) {
            *slot = point;
            count += 1;
        }
    }
    if count == 0 {
        return deepest();
    }
    (out, count)
}

/// `d1 / sqrt(l1) < d2 / sqrt(l2)` for `l1, l2 > 0`, exactly.
fn more_opposed(d1: i128, l1: i128, d2: i128, l2: i128) -> bool {
    match (d1 < 0, d2 < 0) {
        (true, false) => true,
        (false, true) => false,
        (neg, _) => {
            let (a, b) = (
                Big::prod(d1, d1).mul(Big::from(l2)),
                Big::prod(d2, d2).mul(Big::from(l1)),
            );
            // Both negative: the larger magnitude is smaller.
            if neg { a > b } else { a < b }
        }
    }
}
