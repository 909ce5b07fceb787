//! The cast of two convex 2D shapes of no radius with their vertices on
//! the grid (polygons, axis-aligned boxes, segments, points) as a ray
//! against their Minkowski difference `P = target - moving`, built by
//! merging the two outlines' edges by angle (each edge of `P` is an edge of
//! the target, a reversed edge of the moving shape, or the sum of two
//! parallel ones). The moving shape displaced by `s d` penetrates the
//! target exactly when `s d` is in the interior of `P`, the open
//! intersection of the half-planes of its edges, entered and left at exact
//! rational times: `n + m` edges, where the slab form of the `flat` and
//! `polygon` modules takes `n + m` slabs over `n + m` vertices each, in
//! 1024-bit words. A box test first: the box of the segment `0 -> d` must
//! meet the interior of `P`'s box. With fewer than three edges (points and
//! parallel segments) `P` has no interior: no hit.
//!
//! The answers are the slab form's, bit for bit: the same exact times, and
//! the same normal. Every slab's entering side is a supporting line of `P`,
//! entered at the entry time exactly when it passes through the entry
//! point. Inside an edge of `P` only that edge's line does (any slab that
//! is parallel gives the same unit normal); at a vertex of `P`, the normal
//! is that of the first slab in the order (the moving shape's edges,
//! then the target's) whose entering side's outward normal lies in the
//! vertex's cone of normals.
//!
//! Budgets (raw bits, inputs in the domain): vertices below 2^53 per
//! component, so edges below 2^54, a sum of two parallel edges below 2^55,
//! and the vertices of `P` (differences of two vertices) below 2^54: every
//! factor fits `i64`, every product and sum of two `i128`, and two bounds
//! are compared in 256-bit products ([`Ratio`]).

use super::Cast;
use crate::kernel::ratio::{Ratio, floor_units};
use crate::num::Fx;
use crate::vec::{Vec2, Vector};
use core::cmp::Ordering;

/// A raw point or vector (the budgets keep every one within `i64`).
type Raw = [i64; 2];

/// The raw bits of vertex `i` (0 past the end: never read).
fn vertex(points: &[Vec2], i: usize) -> Raw {
    points.get(i).map_or([0; 2], |p| p.to_bits())
}

/// `a . b`, exactly (factors below 2^55).
fn dot(a: &Raw, b: &Raw) -> i128 {
    i128::from(a[0]) * i128::from(b[0]) + i128::from(a[1]) * i128::from(b[1])
}

/// `a x b`, the z component of the cross product (factors below 2^55).
fn cross(a: &Raw, b: &Raw) -> i128 {
    i128::from(a[0]) * i128::from(b[1]) - i128::from(a[1]) * i128::from(b[0])
}

/// A polygon's bounding box (`lo`, `hi`) and the index of its lowest
/// vertex (least `y`, then least `x`), or with `top` its highest (greatest
/// `y`, then greatest `x`): where a walk around the polygon (negated, for
/// `top`) starts with the edge of smallest angle in `[0, 2 pi)`.
struct Scan {
    lo: Raw,
    hi: Raw,
    start: usize,
}

fn scan(points: &[Vec2], top: bool) -> Scan {
    let key = |[x, y]: Raw| if top { (-y, -x) } else { (y, x) };
    let first = vertex(points, 0);
    let mut out = Scan {
        lo: first,
        hi: first,
        start: 0,
    };
    let mut best = key(first);
    for (i, p) in points.iter().enumerate().skip(1) {
        let v = p.to_bits();
        for ((lo, hi), c) in out.lo.iter_mut().zip(&mut out.hi).zip(v) {
            *lo = (*lo).min(c);
            *hi = (*hi).max(c);
        }
        if key(v) < best {
            (best, out.start) = (key(v), i);
        }
    }
    out
}

/// The edges of a convex polygon counter-clockwise from a start vertex, or
/// those of the polygon negated (its edges reversed in sign, still
/// counter-clockwise): `edge` is the next one, if any is left.
struct Walk<'a> {
    points: &'a [Vec2],
    at: usize,
    left: usize,
    negate: bool,
    edge: Option<Raw>,
}

impl<'a> Walk<'a> {
    fn new(points: &'a [Vec2], at: usize, negate: bool) -> Self {
        // A point has no edge (its one "edge" would be zero).
        let left = if points.len() > 1 { points.len() } else { 0 };
        let mut w = Walk {
            points,
            at,
            left,
            negate,
            edge: None,
        };
        w.edge = (left > 0).then(|| w.from(at));
        w
    }

    /// The edge from vertex `i`.
    fn from(&self, i: usize) -> Raw {
        let next = if i + 1 == self.points.len() { 0 } else { i + 1 };
        let (a, b) = (vertex(self.points, i), vertex(self.points, next));
        let e = [b[0] - a[0], b[1] - a[1]];
        if self.negate { [-e[0], -e[1]] } else { e }
    }

    /// Moves past the current edge.
    fn advance(&mut self) {
        self.left -= 1;
        self.at = if self.at + 1 == self.points.len() {
            0
        } else {
            self.at + 1
        };
        self.edge = (self.left > 0).then(|| self.from(self.at));
    }
}

/// Whether `a` comes before (`Less`) `b` in angle, from the direction `+x`
/// counter-clockwise over `[0, 2 pi)`: the upper half-plane (with `+x`)
/// first, then the cross product.
fn by_angle(a: &Raw, b: &Raw) -> Ordering {
    let lower = |v: &Raw| !(v[1] > 0 || (v[1] == 0 && v[0] > 0));
    lower(a).cmp(&lower(b)).then_with(|| 0.cmp(&cross(a, b)))
}

/// The latest entry: its bound, the outward normal of its edge of `P`,
/// and that of a second edge entered at the same time (the entry point is
/// then their vertex).
struct Entry {
    at: Ratio,
    normal: Raw,
    tie: Option<Raw>,
}

/// The cast of the outline `moving` (vertices counter-clockwise: a
/// polygon's, a box's corners, a segment's two ends, a point) along `d`
/// (raw) against the outline `target`: the same answers as the slab form,
/// whose normal order (the perpendiculars `(-e_y, e_x)` of the moving
/// shape's edges, then the target's; the first entered last wins) decides
/// the normal at a vertex of `P`.
pub(super) fn cast<const D: usize>(d: Raw, moving: &[Vec2], target: &[Vec2]) -> Option<Cast<D>> {
    let (st, sm) = (scan(target, false), scan(moving, true));
    // The bounding box of P, lo = min t - max m, hi = max t - min m: the
    // box of the segment from 0 to d must meet its interior.
    let ends = st.lo.iter().zip(st.hi).zip(sm.lo.iter().zip(sm.hi));
    for (((tl, th), (ml, mh)), dk) in ends.zip(d) {
        if dk.max(0) <= tl - mh || dk.min(0) >= th - ml {
            return None;
        }
    }
    let (it, im) = (st.start, sm.start);
    let mut q = {
        let (t, m) = (vertex(target, it), vertex(moving, im));
        [t[0] - m[0], t[1] - m[1]]
    };
    let (mut a, mut b) = (Walk::new(target, it, false), Walk::new(moving, im, true));
    // Edges of P: with fewer than three (points and parallel segments),
    // P has no interior.
    let mut edges = 0;
    let mut enter: Option<Entry> = None;
    let mut exit: Option<Ratio> = None;
    loop {
        let e = match (a.edge, b.edge) {
            (None, None) => break,
            (Some(x), None) => {
                a.advance();
                x
            }
            (None, Some(y)) => {
                b.advance();
                y
            }
            (Some(x), Some(y)) => match by_angle(&x, &y) {
                Ordering::Less => {
                    a.advance();
                    x
                }
                Ordering::Greater => {
                    b.advance();
                    y
                }
                Ordering::Equal => {
                    a.advance();
                    b.advance();
                    [x[0] + y[0], x[1] + y[1]]
                }
            },
        };
        edges += 1;
        // The edge from q along e, outward normal f: s d is inside its
        // open half-plane when s (f . d) < f . q.
        let f = [e[1], -e[0]];
        let (num, den) = (dot(&f, &q), dot(&f, &d));
        q = [q[0] + e[0], q[1] + e[1]];
        match den.cmp(&0) {
            // Parallel: inside for every s, or never.
            Ordering::Equal if num <= 0 => return None,
            Ordering::Equal => {}
            // Leaving at num / den: none when that is not after 0.
            Ordering::Greater => {
                if num <= 0 {
                    return None;
                }
                let bound = Ratio::new(num, den);
                if exit.as_ref().is_none_or(|x| bound.lt(x)) {
                    exit = Some(bound);
                }
            }
            // Entering at num / den: none when that is not before 1.
            Ordering::Less => {
                if num <= den {
                    return None;
                }
                let bound = Ratio::new(num, den);
                match enter.as_ref().map(|x| x.at.cmp(&bound)) {
                    Some(Ordering::Greater) => {}
                    Some(Ordering::Equal) => {
                        if let Some(x) = enter.as_mut() {
                            x.tie = Some(f);
                        }
                    }
                    _ => {
                        enter = Some(Entry {
                            at: bound,
                            normal: f,
                            tie: None,
                        });
                    }
                }
            }
        }
    }
    if edges < 3 {
        return None;
    }
    if let (Some(en), Some(ex)) = (&enter, &exit)
        && !en.at.lt(ex)
    {
        return None;
    }
    match enter {
        Some(en) if en.at.num >= 0 => {
            let u = match en.tie {
                None => en.normal,
                Some(g) => first_in_cone(d, moving, target, en.normal, g).unwrap_or(en.normal),
            };
            let l = dot(&u, &u).unsigned_abs();
            let mut normal = Vector::ZERO;
            for (slot, c) in normal.0.iter_mut().zip(floor_units(&u.map(i128::from), l)) {
                *slot = c;
            }
            Some(Cast {
                t_enter: en.at.floor_fx(),
                normal,
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

/// At an entry through the vertex of `P` between the edges of outward
/// normals `f` and `g`: the first normal of the slab form's order whose
/// entering side (the sign against `d`) is a supporting line there, that
/// is, lies in the closed cone of `f` and `g` (every such line is entered
/// at the same time).
fn first_in_cone(d: Raw, moving: &[Vec2], target: &[Vec2], f: Raw, g: Raw) -> Option<Raw> {
    let (lo, hi) = if cross(&f, &g) > 0 { (f, g) } else { (g, f) };
    normals(moving).chain(normals(target)).find_map(|n| {
        let e = dot(&n, &d);
        let u = if e > 0 { [-n[0], -n[1]] } else { n };
        (e != 0 && cross(&lo, &u) >= 0 && cross(&u, &hi) >= 0).then_some(u)
    })
}

/// The perpendiculars `(-e_y, e_x)` of a polygon's edges, edge `i` from
/// vertex `i` to vertex `i + 1`.
fn normals(points: &[Vec2]) -> impl Iterator<Item = Raw> + '_ {
    (0..points.len()).map(move |i| {
        let next = if i + 1 == points.len() { 0 } else { i + 1 };
        let (a, b) = (vertex(points, i), vertex(points, next));
        [a[1] - b[1], b[0] - a[0]]
    })
}
