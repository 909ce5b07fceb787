//! The distance between two segments (or a point and a segment) against a
//! radius, exactly, in 256-bit words (and three words for one product):
//! the decision the general program makes with 1024-bit integers.
//!
//! The segments `p1 + s d1` and `p2 + t d2` (`s, t` in `[0, 1]`) are within
//! `R` iff the origin is within `R` of the parallelogram `Q = { w + s d1 -
//! t d2 }`, `w = p1 - p2` (raw bits: `w`, `d1`, `d2` below 2^54 per
//! component). The squared distance is convex in `(s, t)`, so its minimum
//! over `Q` is the unconstrained one when that lies strictly inside (the
//! normal equations, by Cramer's rule: numerators and the determinant
//! `|d1|^2 |d2|^2 - (d1 . d2)^2` below 2^218), and otherwise on one of
//! the four edges of `Q`, each a point against a segment:
//!
//! - a point `P` and a segment `P + u D` within `R`: `|P|^2 <= R^2` when
//!   the projection is before the start (`P . D >= 0`), `|P + D|^2 <= R^2`
//!   past the end, and `|P|^2 |D|^2 - (P . D)^2 <= R^2 |D|^2` (below
//!   2^224) in between;
//! - the inside minimum: 0 in 2D (the origin is in `Q`), and in 3D
//!   `|n . w| / |n|` with `n = d1 x d2` (`|n|^2` is the determinant):
//!   `(n . w)^2 <= R^2 |n|^2`, both below 2^330 (three 128-bit words).
//!
//! Each comparison is `<=` (within `R`, closed) or, for `STRICT`, `<`
//! (nearer than `R`: the interiors of the rounded shapes overlap, as a
//! cast's start asks); the candidates are the same.
//!
//! Before the words, the same candidates on the segments rounded to a grid
//! of at most `2^17` units settle every pair whose distance is more than
//! three units from the radius (`rounded`, in `i64` and `i128`).

use crate::dim::{Const, Dim};
use crate::kernel::u256::{Signed, U256, add, mul_384, mul_full, signed_add, signed_mul};
use crate::kernel::wide::mul64;
use crate::num::Fx;
use crate::shape::{Capsule, Shape};

/// A capsule's core and radius in raw bits (each within the domain:
/// below `2^52` in magnitude, the direction below `2^53`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Core<const D: usize> {
    /// The segment's start `a`.
    pub(crate) start: [i64; D],
    /// The segment's direction `b - a`.
    pub(crate) dir: [i64; D],
    /// The radius, `>= 0`.
    pub(crate) radius: i64,
}

/// The [`Core`] of a capsule (a segment: radius 0; a ball: direction 0).
pub(super) fn core<const D: usize>(c: &Capsule<D>) -> Core<D> {
    let (a, b) = (c.a().0.map(Fx::to_bits), c.b().0.map(Fx::to_bits));
    let mut dir = b;
    for (d, x) in dir.iter_mut().zip(&a) {
        *d -= x;
    }
    Core {
        start: a,
        dir,
        radius: c.radius().to_bits(),
    }
}

/// The [`Core`] of a ball, segment or capsule; `None` for other shapes.
pub(crate) fn round<const D: usize>(s: &Shape<D>) -> Option<Core<D>>
where
    Const<D>: Dim<D>,
{
    Some(core(&match s {
        Shape::Sphere(x) => Capsule::from(*x),
        Shape::Segment(x) => Capsule::from(*x),
        Shape::Capsule(x) => *x,
        _ => return None,
    }))
}

/// Whether two cores come within the sum of their radii (`STRICT`:
/// nearer than it): [`segments_within`].
pub(crate) fn cores_within<const STRICT: bool, const D: usize>(x: &Core<D>, y: &Core<D>) -> bool {
    segments_within::<STRICT, D>(&x.start, &x.dir, &y.start, &y.dir, x.radius + y.radius)
}

/// `x <= y`, or `x < y` for `STRICT`.
fn holds<const STRICT: bool, T: PartialOrd>(x: T, y: T) -> bool {
    if STRICT { x < y } else { x <= y }
}

/// `x . y` of raw-bit vectors (components below 2^55, so within `i64`:
/// below 2^112).
fn dot<const D: usize>(x: &[i128; D], y: &[i128; D]) -> i128 {
    x.iter().zip(y).map(|(&p, &q)| mul64(p, q)).sum()
}

/// `x + k y` per component.
fn plus<const D: usize>(x: &[i128; D], k: i128, y: &[i128; D]) -> [i128; D] {
    let mut r = *x;
    for (rk, yk) in r.iter_mut().zip(y) {
        *rk += k * yk;
    }
    r
}

/// Whether the point `p` is within `r` (`r2 = r^2`) of the segment `p +
/// u d`, `u` in `[0, 1]`: exactly (see the module).
pub(super) fn point_within<const STRICT: bool, const D: usize>(
    p: &[i128; D],
    d: &[i128; D],
    r2: i128,
) -> bool {
    let (pd, dd) = (dot(p, d), dot(d, d));
    if pd >= 0 || dd == 0 {
        holds::<STRICT, _>(dot(p, p), r2)
    } else if -pd >= dd {
        let end = plus(p, 1, d);
        holds::<STRICT, _>(dot(&end, &end), r2)
    } else {
        // |p|^2 |d|^2 - (p . d)^2 <= r^2 |d|^2 (all non-negative).
        let (pp, dd, pd) = (
            dot(p, p).unsigned_abs(),
            dd.unsigned_abs(),
            pd.unsigned_abs(),
        );
        holds::<STRICT, _>(
            mul_full(pp, dd),
            add(mul_full(r2.unsigned_abs(), dd), mul_full(pd, pd)),
        )
    }
}

/// Whether the segments `p1 + s d1` and `p2 + t d2` come within `r`
/// (`r >= 0`, raw bits) of each other, exactly (see the module). Points
/// and radii within the domain (below `2^52`), directions below `2^53`.
pub(super) fn segments_within<const STRICT: bool, const D: usize>(
    p1: &[i64; D],
    d1: &[i64; D],
    p2: &[i64; D],
    d2: &[i64; D],
    r: i64,
) -> bool {
    let mut w = *p1;
    for (x, y) in w.iter_mut().zip(p2) {
        *x -= y;
    }
    // Every pair but those within a few units of r (on a grid of at most
    // 2^17 units) is settled on the rounded segments.
    if let Some(answer) = rounded::rounded(&w, d1, d2, r) {
        return answer;
    }
    // The segments' bounding boxes farther than r apart on an axis (every
    // value below 2^55): a miss.
    let span = |p: i64, d: i64| (p.min(p + d), p.max(p + d));
    let apart = p1
        .iter()
        .zip(d1)
        .zip(p2.iter().zip(d2))
        .any(|((&p, &d), (&q, &e))| {
            let ((lo1, hi1), (lo2, hi2)) = (span(p, d), span(q, e));
            !holds::<STRICT, _>(lo1 - hi2, r) || !holds::<STRICT, _>(lo2 - hi1, r)
        });
    if apart {
        return false;
    }
    // A point (a ball's core) against the other segment: one test.
    if d2.iter().all(|&c| c == 0) {
        return point_within::<STRICT, D>(&w.map(i128::from), &d1.map(i128::from), r2(r));
    }
    exact::<STRICT, D>(&w, d1, d2, r)
}

/// `r^2` (below `2^106`).
fn r2(r: i64) -> i128 {
    i128::from(r) * i128::from(r)
}

/// [`segments_within`] without the shortcuts, in words: `w = p1 - p2`.
fn exact<const STRICT: bool, const D: usize>(
    w: &[i64; D],
    d1: &[i64; D],
    d2: &[i64; D],
    r: i64,
) -> bool {
    let (w, d1, d2, r) = (
        &w.map(i128::from),
        &d1.map(i128::from),
        &d2.map(i128::from),
        i128::from(r),
    );
    let (a, b, e) = (dot(d1, d1), dot(d1, d2), dot(d2, d2));
    let (c, f) = (dot(d1, w), dot(d2, w));
    // The determinant a e - b^2 >= 0 (Cauchy-Schwarz), below 2^218.
    let ae = mul_full(a.unsigned_abs(), e.unsigned_abs());
    let bb = mul_full(b.unsigned_abs(), b.unsigned_abs());
    if ae > bb {
        let det: U256 = crate::kernel::u256::sub(ae, bb);
        // s = (b f - c e) / det, t = (a f - b c) / det: strictly inside
        // when 0 < s, t < det.
        let s = signed_add(signed_mul(b, f), signed_mul(-c, e));
        let t = signed_add(signed_mul(a, f), signed_mul(-b, c));
        let strictly = |x: Signed| !x.0 && x.1 != (0, 0) && x.1 < det;
        if strictly(s) && strictly(t) {
            return inside_within::<STRICT, D>(w, d1, d2, det, r);
        }
    }
    // On an edge of Q: s = 0 or 1 against t in [0, 1], t = 0 or 1 against
    // s in [0, 1].
    let r2 = r * r;
    let minus_d2 = plus(&[0; D], -1, d2);
    let w1 = plus(w, 1, d1);
    let w2 = plus(w, -1, d2);
    point_within::<STRICT, D>(w, &minus_d2, r2)
        || point_within::<STRICT, D>(&w1, &minus_d2, r2)
        || point_within::<STRICT, D>(w, d1, r2)
        || point_within::<STRICT, D>(&w2, d1, r2)
}

/// The inside minimum against `r`: the origin is in `Q` in 2D; in 3D the
/// distance to `Q`'s plane, `|n . w| / sqrt(det)`, exactly.
fn inside_within<const STRICT: bool, const D: usize>(
    w: &[i128; D],
    d1: &[i128; D],
    d2: &[i128; D],
    det: U256,
    r: i128,
) -> bool {
    let (Ok(w), Ok(d1), Ok(d2)) = (
        <&[i128; 3]>::try_from(&w[..]),
        <&[i128; 3]>::try_from(&d1[..]),
        <&[i128; 3]>::try_from(&d2[..]),
    ) else {
        return holds::<STRICT, _>(0, r); // 2D: distance 0
    };
    let n = [
        d1[1] * d2[2] - d1[2] * d2[1],
        d1[2] * d2[0] - d1[0] * d2[2],
        d1[0] * d2[1] - d1[1] * d2[0],
    ];
    // n . w: each term below 2^161, in 256-bit words.
    let nw = n.iter().zip(w).fold((false, (0, 0)), |acc, (nk, wk)| {
        signed_add(acc, signed_mul(*nk, *wk))
    });
    // (n . w)^2 <= r^2 det: both below 2^330, in three words.
    let r2 = r.unsigned_abs() * r.unsigned_abs();
    holds::<STRICT, _>(mul_384(nw.1, nw.1), mul_384((0, r2), det))
}

mod rounded;
#[cfg(test)]
mod tests;
