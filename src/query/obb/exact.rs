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
//! `2^-32 h_i |Delta|` are lifted by 2^32 to integers below 2^155, so the
//! times are fractions of [`Big`]s below 2^157 whose cross-products stay
//! below 2^320.

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

/// An exact rational time `num / den`, `den > 0`.
#[derive(Clone, Copy)]
struct Frac {
    num: Big,
    den: Big,
}

impl Frac {
    fn after(&self, o: &Frac) -> bool {
        self.num.mul(o.den) > o.num.mul(self.den)
    }
}

/// The exact first point of the ray in the parallelepiped (same answer
/// shape and rules as [`ray_obb`](super::ray_obb)).
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
    let abs_delta = Big::from(delta.abs());
    let rel = rel3(&ray.origin(), &obb.center());
    let dir = rel3(&ray.dir(), &Vector::<D>::ZERO);
    let lift = Big::pow2(32);
    let mut enter: Option<(Frac, usize, bool)> = None;
    let mut exit: Option<Frac> = None;
    for (i, (n, h)) in normals.iter().zip(obb.half().0).enumerate() {
        // Box coordinate s_i = u / (2^32 Delta) in value, u = 2^32 sign
        // n.(p - c): the slab is |u + t v| <= H.
        let u = Big::from(sign * dot(n, &rel)).mul(lift);
        let v = Big::from(sign * dot(n, &dir)).mul(lift);
        let big_h = Big::from(wide(h)).mul(abs_delta);
        if v.is_zero() {
            if u > big_h || u.neg() > big_h {
                return None;
            }
            continue;
        }
        // Entering through s_i = -h_i (v > 0: outward normal -A_i) or
        // +h_i (v < 0).
        let toward_plus = v.is_negative();
        let (den, lo, hi) = if toward_plus {
            (v.neg(), u.sub(big_h), u.add(big_h))
        } else {
            (v, big_h.neg().sub(u), big_h.sub(u))
        };
        let (e, x) = (Frac { num: lo, den }, Frac { num: hi, den });
        if enter.as_ref().is_none_or(|(best, _, _)| e.after(best)) {
            enter = Some((e, i, toward_plus));
        }
        if exit.as_ref().is_none_or(|best| best.after(&x)) {
            exit = Some(x);
        }
    }
    // The direction is non-zero and the axes independent: some v_i is
    // non-zero, so both are `Some`.
    let ((e, axis, toward_plus), x) = (enter?, exit?);
    if e.after(&x) || x.num.is_negative() {
        return None;
    }
    if e.num.is_negative() || e.num.is_zero() {
        // The origin is in every slab.
        return Some(RayHit {
            t: Fx::ZERO,
            point: ray.origin(),
            normal: Vector::ZERO,
            inside: true,
        });
    }
    let t_scaled = e.num.mul(lift);
    if t_scaled > Big::from(wide(ray.max_t())).mul(e.den) {
        return None;
    }
    // <= max_t: in range.
    let t = Fx::from_bits(t_scaled.div_floor(e.den).to_i128_saturating() as i64);
    let mut point = ray.origin();
    for (p, d) in point.0.iter_mut().zip(dir) {
        // On the box: in the domain, the saturation never acts.
        let step = e
            .num
            .mul(Big::from(d))
            .div_floor(e.den)
            .to_i128_saturating();
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
