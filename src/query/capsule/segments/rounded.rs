//! A certain answer of [`segments_within`](super::segments_within) from the
//! two segments rounded to a coarser grid, in `i64` and `i128` only.
//!
//! Translate so that the second segment starts at the origin, and round the
//! three other end points to multiples of `2^k`, with `k` the smallest
//! shift that leaves every coordinate and the radius at most `2^KEEP`
//! units. Each point of a segment is the same convex combination of its
//! rounded ends, so it moves by at most `sqrt(D) 2^(k-1)` (each end by at
//! most `2^(k-1)` per coordinate), and the distance between the segments
//! by at most `sqrt(D) 2^k < 2` units. With `R' = floor(r / 2^k)`:
//!
//! - rounded distance at most `R' - 3` units: the true distance is at most
//!   `R' - 1 < r` (within, and strictly nearer);
//! - rounded distance more than `R' + 3` units: the true distance is more
//!   than `R' + 1 > r` (not within, and not nearer);
//! - otherwise no answer: the exact words decide.
//!
//! The rounded distance is the minimum of the same candidates as the exact
//! decision's: the interior minimum when the normal equations put it
//! strictly inside the square of `(s, t)`, else the end-point-against-
//! segment distances of the square's edges on its side (all four edges for
//! parallel segments). Each is a fraction `num / den`, compared with the
//! squared bounds by cross-multiplication. Coordinates are at most `2^17`
//! units (`2^18` for differences), so the dot products fit `i64` (below
//! `2^38`; `n . w` below `2^56` for the normal `n = d1 x d2`), and every
//! numerator and product (below `2^112`) fits `i128`. Nothing is rounded
//! after the end points.

use crate::kernel::wide::magnitude;

/// Bits kept per rounded coordinate (and radius): coordinates at most
/// `2^KEEP` units, products within `i128` (see the module).
const KEEP: u32 = 17;

/// Units of slack on each side of the radius: the rounding moves the
/// distance by less than 2 units, and flooring the radius by less than 1.
const SLACK: i64 = 3;

/// The answer of `segments_within` (either variant: both agree outside
/// the slack) for `p1 + s d1` and `p2 + t d2` with `w = p1 - p2`, when the
/// rounded segments settle it, else `None`. The arguments are the exact
/// raw bits: `w` and the directions below `2^53` per component, `0 <= r <
/// 2^53`.
pub(super) fn rounded<const D: usize>(
    w: &[i64; D],
    d1: &[i64; D],
    d2: &[i64; D],
    r: i64,
) -> Option<bool> {
    // The ends relative to the second start: w, b1 = w + d1, d2. The
    // highest bit of their magnitudes (or of one less, for a negative
    // value: `x ^ (x >> 63)`), and of r, is that of the OR of them all.
    let mut b1 = *w;
    let mut m = r;
    for ((b, x), y) in b1.iter_mut().zip(d1).zip(d2) {
        m |= magnitude(*b) | magnitude(*y);
        *b += x;
        m |= magnitude(*b);
    }
    let k = (i64::BITS - m.leading_zeros()).saturating_sub(KEEP);
    // Round half up: -2^(KEEP + k) <= x < 2^(KEEP + k) leaves at most
    // 2^KEEP units in magnitude.
    let unit = |x: i64| -> i64 { if k == 0 { x } else { (x + (1 << (k - 1))) >> k } };
    let w = w.map(unit);
    let e1 = b1.map(unit);
    let d2 = d2.map(unit);
    let mut d1 = e1;
    for (d, x) in d1.iter_mut().zip(&w) {
        *d -= x;
    }
    let rf = r >> k; // at most 2^KEEP
    let bound = Bound {
        lo: rf - SLACK,
        hi: rf + SLACK,
    };
    let (a, b, e) = (dot(&d1, &d1), dot(&d1, &d2), dot(&d2, &d2));
    let (c, f) = (dot(&d1, &w), dot(&d2, &w));
    let det = wide(a) * wide(e) - wide(b) * wide(b);
    let minus_d2 = d2.map(|x| -x);
    let (mut w1, mut w2) = (w, w);
    for (((x1, x2), p), q) in w1.iter_mut().zip(&mut w2).zip(&d1).zip(&d2) {
        *x1 += p;
        *x2 -= q;
    }
    // The edges of the square of (s, t): s = 0 and s = 1 (an end of the
    // first segment against the second), t = 0 and t = 1.
    let edge_s = |one: bool| bound.judge(if one { &w1 } else { &w }, &minus_d2);
    let edge_t = |one: bool| bound.judge(if one { &w2 } else { &w }, &d1);
    let (within, apart) = if det > 0 {
        // The unconstrained minimum (s, t) / det: s = (b f - c e) / det,
        // t = (a f - b c) / det. Strictly inside the square, it is the
        // minimum. Otherwise the segment from any point of the square to
        // it leaves the square through an edge on its side, where the
        // convex distance is no larger: the minimum is on the edge s = 0
        // when s <= 0, s = 1 when s >= det, and so on.
        let s = wide(b) * wide(f) - wide(c) * wide(e);
        let t = wide(a) * wide(f) - wide(b) * wide(c);
        let (s_in, t_in) = ((0 < s) & (s < det), (0 < t) & (t < det));
        if s_in & t_in {
            bound.decide(plane_gap2(&w, &d1, &d2), det)
        } else if s_in {
            edge_t(t >= det)
        } else if t_in {
            edge_s(s >= det)
        } else {
            let (gs, gt) = (edge_s(s >= det), edge_t(t >= det));
            (gs.0 | gt.0, gs.1 & gt.1)
        }
    } else {
        // Parallel segments (or a point): the minimum is on an edge.
        let (s0, s1, t0, t1) = (edge_s(false), edge_s(true), edge_t(false), edge_t(true));
        (s0.0 | s1.0 | t0.0 | t1.0, s0.1 & s1.1 & t0.1 & t1.1)
    };
    if within {
        Some(true)
    } else if apart {
        Some(false)
    } else {
        None
    }
}

/// The radius in units, less and plus the slack.
struct Bound {
    lo: i64,
    hi: i64,
}

impl Bound {
    /// Whether the squared distance `num / den` is surely within `r` (and
    /// nearer), and whether it is surely farther than `r`: `num / den <=
    /// lo^2` with `lo >= 0`, and `num / den > hi^2` (`den` below `2^76`,
    /// the bounds below `2^35`: products below `2^111`).
    fn decide(&self, num: i128, den: i128) -> (bool, bool) {
        (
            (self.lo >= 0) & (num <= wide(self.lo * self.lo) * den),
            num > wide(self.hi * self.hi) * den,
        )
    }

    /// [`Bound::decide`] for the distance from the origin to the segment
    /// `p + u d`, `u` in `[0, 1]`.
    fn judge<const D: usize>(&self, p: &[i64; D], d: &[i64; D]) -> (bool, bool) {
        let (num, den) = point_gap2(p, d);
        self.decide(num, den)
    }
}

fn wide(x: i64) -> i128 {
    i128::from(x)
}

/// `x . y`, within `i64` for the callers' bounds (see the module).
fn dot<const D: usize>(x: &[i64; D], y: &[i64; D]) -> i64 {
    x.iter().zip(y).map(|(p, q)| p * q).sum()
}

/// The squared distance from the origin to the segment `p + u d`, `u` in
/// `[0, 1]`, as `num / den` (`den > 0`, below `2^38`): `|p|^2` when the
/// projection falls before the start (`p . d >= 0`, which a zero `d`
/// satisfies), `|p + d|^2` past the end, else `(|p|^2 |d|^2 - (p . d)^2)
/// / |d|^2`.
fn point_gap2<const D: usize>(p: &[i64; D], d: &[i64; D]) -> (i128, i128) {
    let (pd, dd) = (dot(p, d), dot(d, d));
    if pd >= 0 {
        (wide(dot(p, p)), 1)
    } else if -pd >= dd {
        let mut end = *p;
        for (x, y) in end.iter_mut().zip(d) {
            *x += y;
        }
        (wide(dot(&end, &end)), 1)
    } else {
        (wide(dot(p, p)) * wide(dd) - wide(pd) * wide(pd), wide(dd))
    }
}

/// The squared distance from the origin to the plane of `w + s d1 - t d2`
/// times `det = |d1 x d2|^2`: `(n . w)^2` with `n = d1 x d2` in 3D (at
/// most `2^37` per component, `n . w` below `2^56`); 0 in 2D, where the
/// origin is inside.
fn plane_gap2<const D: usize>(w: &[i64; D], d1: &[i64; D], d2: &[i64; D]) -> i128 {
    let (Ok(w), Ok(d1), Ok(d2)) = (
        <&[i64; 3]>::try_from(&w[..]),
        <&[i64; 3]>::try_from(&d1[..]),
        <&[i64; 3]>::try_from(&d2[..]),
    ) else {
        return 0;
    };
    let n = [
        d1[1] * d2[2] - d1[2] * d2[1],
        d1[2] * d2[0] - d1[0] * d2[2],
        d1[0] * d2[1] - d1[1] * d2[0],
    ];
    let nw = dot(&n, w);
    wide(nw) * wide(nw)
}

#[cfg(test)]
mod tests;
