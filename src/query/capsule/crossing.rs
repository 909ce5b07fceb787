//! The ray against a segment (a capsule of radius 0) where the two lines
//! cross: the answer of the general walk (the same bits) from cross
//! products in `i128` and one exact fraction, without the walk's 1024-bit
//! integer.
//!
//! With `w = a - o` and `u = b - a` (raw bits), a point of the ray `o + t
//! d` is on the segment `a + s u` (`s` in `[0, 1]`) iff `t d - s u = w`.
//! In a coordinate plane `(i, j)` where the lines are not parallel (`n =
//! d_i u_j - d_j u_i != 0`), Cramer's rule gives the one solution of the
//! plane's two equations: `t = (w x u) / n`, `s = (w x d) / n` (each cross
//! product taken in that plane). The ray meets the segment iff `0 <= s <=
//! 1`, `t >= 0`, and, in 3D, the third coordinate agrees there: `n w_k =
//! (w x u) d_k - (w x d) u_k` (exact in 256 bits). The plane is the one
//! with the largest `|n|`; when every plane's `n` is zero the lines are
//! parallel: a miss unless they are the same line (`w x d = 0` in every
//! plane), which is left to the walk (the segment's nearer end, or the
//! origin on it).
//!
//! On a crossing, one 256-by-128-bit division gives `tau = floor(2^64 t)`:
//! `t`'s ulp is `floor(tau / 2^32)`, and each point coordinate `o_k +
//! floor(t d_k)` comes from the bracket `[tau, tau + 1)` (exactly from the
//! fraction when the bracket holds an integer).
//!
//! Budgets (inputs in the domain, within 2^52 raw): `w`, `u` and `d`
//! below 2^53 per component (`i64`), every cross product below 2^107, the
//! 3D check's products below 2^161, `tau` below 2^95 on a hit.

use super::ray::axis_normal;
use crate::kernel::ratio::{Ratio, scaled_floor};
use crate::kernel::u256::{div_full, signed_add, signed_mul};
use crate::num::{Fx, wide};
use crate::query::ray::RayHit;
use crate::shape::Ray;
use crate::vec::Vector;

/// The cross product of `x` and `y` in the coordinate plane `(i, j)`:
/// `x_i y_j - x_j y_i` (components below 2^54: below 2^109).
fn cross<const D: usize>(x: &[i64; D], y: &[i64; D], (i, j): (usize, usize)) -> i128 {
    let at = |v: &[i64; D], k: usize| i128::from(v.get(k).copied().unwrap_or(0));
    at(x, i) * at(y, j) - at(x, j) * at(y, i)
}

/// The coordinate planes `(i, j)`, `i < j < D`: one in 2D, three in 3D.
fn planes<const D: usize>() -> impl Iterator<Item = (usize, usize)> {
    (0..D).flat_map(|i| (i + 1..D).map(move |j| (i, j)))
}

/// [`ray_capsule`](super::ray_capsule) on the segment `a b` (radius 0):
/// `Some(answer)`, or `None` when the ray's line holds the segment (the
/// general walk answers).
pub(super) fn ray_segment<const D: usize>(
    ray: &Ray<D>,
    a: Vector<D>,
    b: Vector<D>,
) -> Option<Option<RayHit<D>>> {
    // Raw bits within 2^52: w = a - o and u = b - a below 2^53.
    let (o, d) = (ray.origin().to_bits(), ray.dir().to_bits());
    let (mut w, mut u) = (a.to_bits(), b.to_bits());
    for ((wk, uk), ok) in w.iter_mut().zip(u.iter_mut()).zip(o) {
        *uk -= *wk;
        *wk -= ok;
    }
    // The plane where the lines are furthest from parallel.
    let mut best = (0i128, (0, 1));
    for p in planes::<D>() {
        let n = cross(&d, &u, p);
        if n.unsigned_abs() > best.0.unsigned_abs() {
            best = (n, p);
        }
    }
    let (n, plane) = best;
    if n == 0 {
        // Parallel lines (or a point segment): apart, or the same line.
        return if planes::<D>().all(|p| cross(&w, &d, p) == 0) {
            None
        } else {
            Some(None)
        };
    }
    // t = nt / n and s = ns / n, the signs moved so that n > 0.
    let (nt, ns) = (cross(&w, &u, plane), cross(&w, &d, plane));
    let (n, nt, ns) = if n < 0 { (-n, -nt, -ns) } else { (n, nt, ns) };
    if nt < 0 || ns < 0 || ns > n {
        return Some(None);
    }
    // Off the plane's two coordinates: n w_k = nt d_k - ns u_k, exactly.
    for (k, ((&wk, &dk), &uk)) in w.iter().zip(&d).zip(&u).enumerate() {
        if k != plane.0 && k != plane.1 {
            let sum = signed_add(
                signed_add(signed_mul(nt, dk.into()), signed_mul(-ns, uk.into())),
                signed_mul(-n, wk.into()),
            );
            if sum.1 != (0, 0) {
                return Some(None);
            }
        }
    }
    if nt == 0 {
        return Some(Some(RayHit::at_origin(ray))); // the origin is on it
    }
    // tau = floor(2^64 t) (a t of 2^64 or more is past every max_t), and
    // t's ulp floor(tau / 2^32).
    let (un, unt) = (n.unsigned_abs(), nt.unsigned_abs());
    let Some((tau, rem)) = div_full((unt >> 64, unt << 64), un) else {
        return Some(None);
    };
    let (t, mt) = (tau >> 32, wide(ray.max_t()).unsigned_abs());
    // t <= max_t: the ulp below max_t's, or at it with 2^32 t = max_t.
    if t > mt || (t == mt && (rem != 0 || tau & 0xFFFF_FFFF != 0)) {
        return Some(None);
    }
    // Each coordinate o_k + floor(t d_k): from tau's bracket, else exactly.
    let mut point = ray.origin();
    for (pk, &dk) in point.0.iter_mut().zip(&d) {
        let dk = i128::from(dk);
        *pk = match scaled_floor(tau as i128, dk) {
            Some(step) => Fx::from_bits((wide(*pk) + step) as i64),
            None => Ratio::new(nt, n).floor_along(wide(*pk), dk),
        };
    }
    Some(Some(RayHit {
        t: Fx::from_bits(t as i64),
        point,
        normal: axis_normal(&d.map(i128::from)),
        inside: false,
    }))
}

#[cfg(test)]
mod tests;
