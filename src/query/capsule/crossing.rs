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
//! Budgets (inputs in the domain, within 2^52 raw): `w`, `u` and `d`
//! below 2^54 per component, every cross product below 2^109, the 3D
//! check's products below 2^163.

use super::ray::axis_normal;
use crate::kernel::ratio::Ratio;
use crate::kernel::u256::{signed_add, signed_mul};
use crate::num::wide;
use crate::query::ray::RayHit;
use crate::shape::Ray;
use crate::vec::Vector;

/// The cross product of `x` and `y` in the coordinate plane `(i, j)`:
/// `x_i y_j - x_j y_i` (components below 2^54: no overflow).
fn cross<const D: usize>(x: &[i128; D], y: &[i128; D], (i, j): (usize, usize)) -> i128 {
    let at = |v: &[i128; D], k: usize| v.get(k).copied().unwrap_or(0);
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
    let o = ray.origin().0.map(wide);
    let d = ray.dir().0.map(wide);
    let (mut w, mut u) = (a.0.map(wide), b.0.map(wide));
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
                signed_add(signed_mul(nt, dk), signed_mul(-ns, uk)),
                signed_mul(-n, wk),
            );
            if sum.1 != (0, 0) {
                return Some(None);
            }
        }
    }
    if nt == 0 {
        return Some(Some(RayHit::at_origin(ray))); // the origin is on it
    }
    let t = Ratio::new(nt, n);
    // t <= max_t (raw bits mt / 2^32), a hit at max_t counting.
    if Ratio::new(wide(ray.max_t()), 1 << 32).lt(&t) {
        return Some(None);
    }
    let mut point = ray.origin();
    for (pk, &dk) in point.0.iter_mut().zip(&d) {
        *pk = t.floor_along(wide(*pk), dk);
    }
    Some(Some(RayHit {
        t: t.floor_fx(),
        point,
        normal: axis_normal(&d),
        inside: false,
    }))
}

#[cfg(test)]
mod tests;
