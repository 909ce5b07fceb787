//! The cast with a convex polygon (2D) on either side: against an oriented
//! box (the other shapes of no radius: the `minkowski` module, faster), and
//! against a sphere or capsule of positive radius. With no radius, the
//! Minkowski difference is a convex polygon, the sum of the polygon(s) and
//! the other shape's zonotope, whose edge directions are among the
//! polygons' edges and the zonotope's columns. Its interior is the
//! intersection of the open slabs of their perpendiculars (a direction
//! that is no facet normal gives a slab holding the whole set), as in the
//! `flat` module; a polygon's extent along a normal is the range of its
//! vertices' projections.
//!
//! Budgets (raw bits, inputs in the domain): vertices below 2^53 per
//! component, edges below 2^54, so normals below 2^55; a vertex at scale
//! 2^64 below 2^85, its projection below 2^141; the slab ends below 2^230,
//! products of two below 2^460; within the 1024 bits of [`Big`].

use super::flat::{Time, dot_big, unit};
use super::round::enter;
use super::segments::capsules_first;
use super::{Cast, pad};
use crate::num::{Fx, wide};
use crate::query::capsule::core::Gap;
use crate::query::capsule::segments::{Core, cores_within};
use crate::query::capsule::wide::Big;
use crate::vec::{Vec2, Vector};
use alloc::vec::Vec;

/// The latest entry so far (its time, normal and the sign of its rate)
/// and the earliest exit, or the knowledge that there is no hit.
struct Clip {
    enter: Option<(Time, [i128; 3], bool)>,
    exit: Option<Time>,
    miss: bool,
}

/// The perpendiculars `(-e_y, e_x)` of a polygon's edges, edge `i` from
/// vertex `i` to vertex `i + 1`.
fn edge_normals(points: &[Vec2]) -> impl Iterator<Item = [i128; 3]> + '_ {
    let ends = points.iter().skip(1).chain(points.first());
    points.iter().zip(ends).map(|(a, b)| {
        let ([ax, ay], [bx, by]) = (a.0.map(wide), b.0.map(wide));
        [ay - by, bx - ax, 0]
    })
}

/// The range of `n . v` over the polygon's vertices, at scale 2^64.
fn extent(nm: &[i128; 3], points: &[Vec2]) -> (Big, Big) {
    let mut range: Option<(Big, Big)> = None;
    for p in points {
        let v = pad(p.0.map(|c| wide(c) << 32));
        let x = dot_big(nm, &v);
        range = Some(match range {
            Some((lo, hi)) => (if x < lo { x } else { lo }, if x > hi { x } else { hi }),
            None => (x, x),
        });
    }
    range.unwrap_or((Big::from(0), Big::from(0)))
}

/// The cast of `moving - target` along `d` (raw, 2D padded), radius sum
/// 0, where `moving` and/or `target` is the polygon given by its vertices
/// and `gap` holds the other shape's core (an oriented box: the other
/// shapes go to the `minkowski` module, whose answers are these). Normals
/// in order: the moving shape's (its edges, or the columns), then the
/// target's; the first wins a tie.
pub(super) fn cast<const D: usize>(
    gap: &Gap,
    d: [i128; D],
    moving: Option<&[Vec2]>,
    target: Option<&[Vec2]>,
) -> Option<Cast<D>> {
    let w = gap.offset();
    let d64 = pad(d).map(|c| c << 32);
    let zero = Big::from(0);
    let mut clip = Clip {
        enter: None,
        exit: None,
        miss: false,
    };
    let mut slab = |nm: [i128; 3]| {
        if nm == [0; 3] || clip.miss {
            return;
        }
        // The range of n.p, p = moving point - target point.
        let c = dot_big(&nm, &w);
        let (mut lo, mut hi) = (c, c);
        for (m, l, h) in gap.columns() {
            let cm = dot_big(&nm, &m);
            let (a, b) = (cm.mul(Big::from(l)), cm.mul(Big::from(h)));
            lo = lo.add(if a < b { a } else { b });
            hi = hi.add(if a < b { b } else { a });
        }
        if let Some(points) = moving {
            let (a, b) = extent(&nm, points);
            (lo, hi) = (lo.add(a), hi.add(b));
        }
        if let Some(points) = target {
            let (a, b) = extent(&nm, points);
            (lo, hi) = (lo.add(b.neg()), hi.add(a.neg()));
        }
        // The difference y = -p: n.y in [-hi, -lo]; n.(s d) = s e.
        let (ymin, ymax) = (hi.neg(), lo.neg());
        let e = dot_big(&nm, &d64);
        if e.is_zero() {
            clip.miss = !(ymin < zero && ymax > zero);
            return;
        }
        let positive = e > zero;
        let (low, high, den) = if positive {
            (ymin, ymax, e)
        } else {
            (ymax.neg(), ymin.neg(), e.neg())
        };
        let (low, high) = (Time { num: low, den }, Time { num: high, den });
        if clip.enter.as_ref().is_none_or(|(t, _, _)| t.less(&low)) {
            clip.enter = Some((low, nm, positive));
        }
        if clip.exit.as_ref().is_none_or(|t| high.less(t)) {
            clip.exit = Some(high);
        }
    };
    let columns = || gap.columns().map(|(m, _, _)| [-m[1], m[0], 0]);
    match (moving, target) {
        (Some(pm), Some(pt)) => edge_normals(pm).chain(edge_normals(pt)).for_each(&mut slab),
        (Some(pm), None) => edge_normals(pm).chain(columns()).for_each(&mut slab),
        (None, Some(pt)) => columns().chain(edge_normals(pt)).for_each(&mut slab),
        (None, None) => columns().for_each(&mut slab),
    }
    if clip.miss {
        return None;
    }
    let one = Time {
        num: Big::from(1),
        den: Big::from(1),
    };
    if let (Some((en, _, _)), Some(ex)) = (&clip.enter, &clip.exit)
        && !(en.less(ex) && en.less(&one) && ex.num > zero)
    {
        return None;
    }
    match clip.enter {
        Some((en, nm, positive)) if en.num >= zero => {
            let t = en.num.mul(Big::pow2(32)).div_floor(en.den);
            Some(Cast {
                t_enter: Fx::from_bits(t.to_i128_saturating() as i64),
                normal: unit(nm, positive),
                overlapping: false,
            })
        }
        _ => Some(Cast {
            t_enter: Fx::ZERO,
            normal: Vector::ZERO,
            overlapping: true,
        }),
    }
}

/// The cast of a polygon against a sphere or capsule (positive radius sum
/// `r`, raw), on either side, `d` raw, in 2D. The cores' difference `Z =
/// target core - moving core` is a convex polygon, the hull of the
/// differences of their points (the polygon's vertices, the center or the
/// segment's ends): its grown interior is `int Z` and the open capsules of
/// radius `r` around its edges. A start with the origin in `Z` (the cores meet) or in a
/// capsule (an exact segment distance) is `overlapping`. Otherwise the
/// capsules are entered first: the entry is their first contact with the
/// ray (exact ray casts, [`capsules_first`]), kept when the swept segment
/// penetrates a capsule met there; two edges met in the same ulp of time
/// with different normals take the union of the edges' programs
/// ([`enter`](super::round::enter)).
///
/// Budgets: the points of `Z` are differences of two in-domain points,
/// below 2^53 per component (raw); the orientation products below 2^108.
pub(super) fn round_cast<const D: usize>(
    moving: &[[i128; 2]],
    d: [i128; D],
    target: &[[i128; 2]],
    r: i128,
) -> Option<Cast<D>> {
    round_cast_by(moving, d, target, r, true)
}

/// [`round_cast`], the entry from the capsules' ray casts (`pieces`) or
/// from the union of the programs alone (the tests' reference).
fn round_cast_by<const D: usize>(
    moving: &[[i128; 2]],
    d: [i128; D],
    target: &[[i128; 2]],
    r: i128,
    pieces: bool,
) -> Option<Cast<D>> {
    let hull = match (moving, target) {
        // A polygon (valid: strictly convex, counter-clockwise) against a
        // point is its own hull, translated or turned half round.
        ([m], t) if t.len() > 2 => t.iter().map(|v| [v[0] - m[0], v[1] - m[1]]).collect(),
        (m, [t]) if m.len() > 2 => m.iter().map(|v| [t[0] - v[0], t[1] - v[1]]).collect(),
        _ => {
            let mut diffs = Vec::with_capacity(moving.len() * target.len());
            for t in target {
                for m in moving {
                    diffs.push([t[0] - m[0], t[1] - m[1]]);
                }
            }
            hull(diffs)
        }
    };
    let edges = || hull.iter().zip(hull.iter().skip(1).chain(hull.first()));
    // In `Z` (not merely on the line of a flat one: a flat `Z`'s start is
    // its edge's program's).
    let inside = hull.len() > 2 && edges().all(|(p, q)| orient(p, q, &[0, 0]) >= 0);
    let fx = |v: &[i128; 2]| Vec2::from_bits(v.map(|c| c as i64));
    // Each edge's program, made when asked for (a program is large).
    let gaps = || {
        edges().map(|(p, q)| {
            let mut g = Gap::new();
            g.segment(&fx(p), &fx(q), true);
            g
        })
    };
    let raw =
        |v: &[i128; 2]| -> [i64; D] { core::array::from_fn(|k| v.get(k).map_or(0, |&c| c as i64)) };
    // The origin nearer than `r` to an edge: exact segment distances (the
    // reference: the edges' programs).
    let origin = Core {
        start: [0; D],
        dir: [0; D],
        radius: 0,
    };
    let near = |(p, q): (&[i128; 2], &[i128; 2])| {
        let edge = Core {
            start: raw(p),
            dir: raw(&[q[0] - p[0], q[1] - p[1]]),
            radius: r as i64,
        };
        cores_within::<true, D>(&origin, &edge)
    };
    // Outside a solid `Z`, the origin's nearest point is on an edge it is
    // strictly outside of; an edge whose line is `r` or more away (`|o| >=
    // r (|e_x| + |e_y|) >= r |e|`) is not nearer than `r` either.
    let solid = hull.len() > 2;
    let close = |(p, q): (&[i128; 2], &[i128; 2])| {
        let o = orient(p, q, &[0, 0]);
        !solid || (o < 0 && -o < r * ((q[0] - p[0]).abs() + (q[1] - p[1]).abs()))
    };
    let starts = if pieces {
        edges().any(|e| close(e) && near(e))
    } else {
        gaps().any(|g| g.within_strict(r))
    };
    if inside || starts {
        return Some(Cast::OVERLAPPING);
    }
    if !pieces {
        return enter(&gaps().collect::<Vec<Gap>>(), d, r);
    }
    let (dx, dy) = (
        d.first().copied().unwrap_or(0),
        d.get(1).copied().unwrap_or(0),
    );
    // The ray's line with all of `Z` `r` or more to one side (as above,
    // against `r` times the sum of `|d_k|`): a miss.
    let side = |v: &[i128; 2]| dx * v[1] - dy * v[0];
    let reach = r * (dx.abs() + dy.abs());
    if hull.iter().all(|v| side(v) >= reach) || hull.iter().all(|v| side(v) <= -reach) {
        return None;
    }
    // The first contact of the edges' capsules and whether the swept
    // segment penetrates there (exact, open). An edge of a solid `Z` whose
    // outward normal `(e_y, -e_x)` the ray moves along (`d . n > 0`) is
    // never met first (a vertex's ball is in the edge beside it that
    // faces the ray).
    let faces =
        |(p, q): &(&[i128; 2], &[i128; 2])| !solid || dx * (q[1] - p[1]) - dy * (q[0] - p[0]) <= 0;
    let edge_ends = edges().filter(faces).map(|(p, q)| (raw(p), raw(q)));
    capsules_first(edge_ends, d.map(|c| c as i64), r as i64)
        .unwrap_or_else(|| enter(&gaps().collect::<Vec<Gap>>(), d, r))
}

/// `(q - p) x (v - p)`: positive when `v` is left of `p -> q`.
fn orient(p: &[i128; 2], q: &[i128; 2], v: &[i128; 2]) -> i128 {
    (q[0] - p[0]) * (v[1] - p[1]) - (q[1] - p[1]) * (v[0] - p[0])
}

/// The convex hull of `points`, counter-clockwise, with no three
/// consecutive vertices collinear (Andrew's monotone chain, exact).
fn hull(mut points: Vec<[i128; 2]>) -> Vec<[i128; 2]> {
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let mut out: Vec<[i128; 2]> = Vec::with_capacity(points.len() + 1);
    for pass in 0..2 {
        let start = out.len();
        let iter: &mut dyn Iterator<Item = &[i128; 2]> = if pass == 0 {
            &mut points.iter()
        } else {
            &mut points.iter().rev()
        };
        for v in iter {
            while out.len() >= start + 2 {
                let (Some(p), Some(q)) = (out.get(out.len() - 2), out.last()) else {
                    break;
                };
                if orient(p, q, v) > 0 {
                    break;
                }
                out.pop();
            }
            out.push(*v);
        }
        // Each chain's last point starts the other chain.
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests;
