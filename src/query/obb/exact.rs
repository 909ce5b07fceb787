//! The exact paths of [`ray_obb`](super::ray_obb) and
//! [`sphere_obb`](super::sphere_obb): answers for the parallelepiped of the
//! axes as given, in wide integers, nothing rounded before the final floors.
//!
//! A point `p` is in the box iff `|n_i . (p - c)| <= h_i |n_i . A_i|` for
//! every `i`, with the face normals `n_i = A_j x A_k` (cyclic; in 2D the
//! axes are padded with a third axis `(0, 0, 1)`, which makes `n_i` the
//! perpendicular of the other axis). Then `n_i . A_j = 0` for `j != i` and
//! `n_i . A_i = det A =: Delta` for every `i`, so `s_i = n_i . (p - c) /
//! Delta` are the box coordinates of `p`.
//!
//! Scales (raw bits, every input in the domain): axis components below
//! 2^33, `n_i` below 2^67 per component, `Delta` below 2^102, `n_i . (o -
//! c)` and `n_i . dir` below 2^122 (both fit `i128`); the slab half-widths
//! `2^-32 h_i |Delta|` are lifted by 2^32 to integers below 2^155. The
//! ray's raw times are then fractions of numerators below 2^156 (256-bit
//! words) over `|n_i . dir|` below 2^123: kept as an integer part and a
//! fraction below one, compared exactly in 256 bits. The ball's program
//! uses [`Big`] (see [`Gap`]).

use crate::kernel::u256::{Signed, mul_full, signed_add, signed_floor_div, signed_prod};
use crate::num::{Fx, wide};
use crate::query::ball::BallHit;
use crate::query::capsule::core::{Face, Gap};
use crate::query::capsule::wide::Big;
use crate::query::ray::RayHit;
use crate::shape::{Ball, Obb, Ray};
use crate::vec::Vector;

/// The axes as raw bits, padded to three (the third `(0, 0, 1)` in 2D).
fn axes3<const D: usize>(obb: &Obb<D>) -> [[i128; 3]; 3] {
    let mut a = [[0i128; 3]; 3];
    for (slot, axis) in a.iter_mut().zip(obb.axes()) {
        for (s, v) in slot.iter_mut().zip(axis.0) {
            *s = wide(v);
        }
    }
    if D == 2 {
        a[2][2] = 1;
    }
    a
}

fn cross(a: &[i128; 3], b: &[i128; 3]) -> [i128; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: &[i128; 3], b: &[i128; 3]) -> i128 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// `p - q` of two points, raw bits, padded to 3D.
fn rel3<const D: usize>(p: &Vector<D>, q: &Vector<D>) -> [i128; 3] {
    let mut r = [0i128; 3];
    for ((slot, a), b) in r.iter_mut().zip(p.0).zip(q.0) {
        *slot = wide(a) - wide(b);
    }
    r
}

/// The largest raw time kept exactly: beyond it (either way) a time is
/// saturated, past every `max_t` and below every start.
const SAT: i128 = 1 << 126;

/// A raw time (`t 2^32`) `q + r / d` with `0 <= r < d`, exactly, or
/// saturated at `+-SAT` (`r = 0`).
#[derive(Clone, Copy)]
struct RawTime {
    q: i128,
    r: u128,
    d: u128,
}

impl RawTime {
    /// `n / d` for `d > 0` (`|n| < 2^156`, `d < 2^123`).
    fn new(n: Signed, d: u128) -> RawTime {
        match signed_floor_div(n, d) {
            Some((q, r)) if q.unsigned_abs() < SAT.unsigned_abs() => RawTime { q, r, d },
            _ => RawTime {
                q: if n.0 { -SAT } else { SAT },
                r: 0,
                d: 1,
            },
        }
    }

    /// `self < o`, exactly (two saturated times of one sign are equal):
    /// the integer parts, then the fractions by cross-multiplication (each
    /// below 2^246).
    fn lt(&self, o: &RawTime) -> bool {
        self.q < o.q || (self.q == o.q && mul_full(self.r, o.d) < mul_full(o.r, self.d))
    }
}

/// The exact first point of the ray in the parallelepiped (same answer
/// shape and rules as [`ray_obb`](super::ray_obb)).
///
/// Per face pair `i`, with `u = 2^32 n_i . (o - c)` and `v = n_i . dir`
/// (signs taken so that `Delta > 0`) and `H = h_i Delta`: the slab is
/// `|u + T v| <= H` for the raw time `T = t 2^32`, entered at `(-H - u) /
/// v` (or `(u - H) / -v`) and left at `(H - u) / v` (or `(u + H) / -v`):
/// numerators below 2^156 in 256-bit words, denominators below 2^123, so
/// each time is its integer part and a fraction below one ([`RawTime`]).
#[inline(never)]
pub(super) fn ray<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
    let a = axes3(obb);
    let normals = [
        cross(&a[1], &a[2]),
        cross(&a[2], &a[0]),
        cross(&a[0], &a[1]),
    ];
    let delta = dot(&normals[0], &a[0]);
    let sign = if delta < 0 { -1 } else { 1 };
    let abs_delta = delta.unsigned_abs();
    let rel = rel3(&ray.origin(), &obb.center());
    let dir = rel3(&ray.dir(), &Vector::<D>::ZERO);
    // Per face pair: u, v and H; the origin is in the closed box iff
    // |u| <= H for every pair (then the answer needs no time at all).
    let mut slabs = [((false, (0, 0)), 0i128, (false, (0, 0))); 3];
    let mut inside = true;
    for ((slot, n), h) in slabs.iter_mut().zip(&normals).zip(obb.half().0) {
        let u = signed_prod(sign * dot(n, &rel), 1 << 32);
        let big_h: Signed = (false, mul_full(wide(h).unsigned_abs(), abs_delta));
        inside &= u.1 <= big_h.1;
        *slot = (u, sign * dot(n, &dir), big_h);
    }
    if inside {
        return Some(RayHit::at_origin(ray));
    }
    let mut enter: Option<(RawTime, usize, bool)> = None;
    let mut exit: Option<RawTime> = None;
    for (i, &(u, v, big_h)) in slabs.iter().enumerate().take(D) {
        let neg = |x: Signed| (!x.0, x.1);
        if v == 0 {
            if u.1 > big_h.1 {
                return None;
            }
            continue;
        }
        // Entering through s_i = -h_i (v > 0: outward normal -A_i) or
        // +h_i (v < 0).
        let toward_plus = v < 0;
        let (lo, hi) = if toward_plus {
            (signed_add(u, neg(big_h)), signed_add(u, big_h))
        } else {
            (signed_add(neg(big_h), neg(u)), signed_add(big_h, neg(u)))
        };
        let den = v.unsigned_abs();
        let (e, x) = (RawTime::new(lo, den), RawTime::new(hi, den));
        if enter.as_ref().is_none_or(|(best, _, _)| best.lt(&e)) {
            enter = Some((e, i, toward_plus));
        }
        if exit.as_ref().is_none_or(|best| x.lt(best)) {
            exit = Some(x);
        }
    }
    // The origin is outside some slab, and there the direction is
    // non-zero (else the miss above): both are `Some`.
    let ((e, axis, toward_plus), x) = (enter?, exit?);
    if x.lt(&e) || x.q < 0 {
        return None;
    }
    // From outside: the latest entry is positive.
    let mt = wide(ray.max_t());
    if e.q > mt || (e.q == mt && e.r > 0) {
        return None;
    }
    // <= max_t: the floor of T is its integer part, below 2^63.
    let t = Fx::from_bits(e.q as i64);
    let mut point = ray.origin();
    for (p, d) in point.0.iter_mut().zip(dir) {
        // floor(T d / 2^32) = floor((q d + floor(r d / den)) / 2^32); on
        // the box: in the domain, the saturation never acts.
        let frac = signed_floor_div(signed_prod(d, e.r), e.d).map_or(0, |(f, _)| f);
        let step = (e.q * d + frac) >> 32;
        let raw = wide(*p).saturating_add(step);
        *p = Fx::from_bits(raw.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64);
    }
    let normal = match obb.axes().get(axis) {
        Some(&ax) if toward_plus => ax,
        Some(ax) => Vector(ax.0.map(|v| -v)),
        None => Vector::ZERO,
    };
    Some(RayHit {
        t,
        point,
        normal,
        inside: false,
    })
}

/// Whether the ball meets the parallelepiped, exactly: the same program
/// as [`ball`], so the two always agree.
#[inline(never)]
pub(super) fn ball_hits<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> bool {
    gap(ball, obb)
        .minimizer(wide(ball.radius()), hint(ball, obb))
        .is_some()
}

/// The exact closest point of the parallelepiped to the ball's center,
/// floored, when the ball meets it.
#[inline(never)]
pub(super) fn ball<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Option<BallHit<D>> {
    let m = gap(ball, obb).minimizer(wide(ball.radius()), hint(ball, obb))?;
    // closest = center + v: raw = floor((center raw 2^32 den + V) / (2^32 den)).
    let den = m.den.mul(Big::pow2(32));
    let mut point = ball.center();
    for (p, v) in point.0.iter_mut().zip(m.vector) {
        let num = Big::from(wide(*p)).mul(den).add(v);
        let raw = num.div_floor(den).to_i128_saturating();
        *p = Fx::from_bits(raw.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64);
    }
    Some(BallHit { point })
}

/// The face of the program [`gap`] that the box frame predicts for the
/// closest point: the box coordinate `u_i = A_i . (center - c)` clamped to
/// `[-h_i, h_i]` (lower bound, upper bound or free). Exact when the axes
/// are orthonormal and nearly always right otherwise; the minimizer checks
/// it and tries every face when it is wrong.
fn hint<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Face {
    let rel = rel3(&ball.center(), &obb.center());
    let (mut code, mut weight) = (0u32, 1u32);
    for (axis, h) in obb.axes().iter().zip(obb.half().0) {
        if h == Fx::ZERO {
            // A fixed variable: not a column of the program.
            continue;
        }
        // u at scale 2^64: |A_ik| < 2^33, |rel_k| < 2^54: below 2^89.
        let u = dot(&rel3(axis, &Vector::<D>::ZERO), &rel);
        let h = wide(h) << 32;
        let digit = if u > h {
            1
        } else if u < -h {
            0
        } else {
            2
        };
        code += digit * weight;
        weight *= 3;
    }
    Face(code)
}

/// The program `min |(c + A s) - center|^2` over `|s_i| <= h_i`.
fn gap<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Gap {
    let mut g = Gap::new();
    g.obb(obb, false);
    g.point(&ball.center(), true);
    g
}
