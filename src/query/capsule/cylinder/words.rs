//! The common case in words: `tau = t_c 2^64` bracketed between two
//! integers (one division at each end of the root's bracket, the divisor
//! `A` cut to its top 128 bits and rounded the safe way), then the time,
//! the end-plane test, the point and the normal at both ends of that
//! bracket in 256-bit integers, kept when the two agree. The bracket is a
//! few units of 2^-64 wide, so only a value within about that of an
//! integer (or of an end plane) leaves it to the 512-bit path.
//!
//! Budgets: `tau` below 2^100 (else `None`: `t_c` beyond 2^36), so `d_k
//! tau` below 2^154; `alpha_k`, `beta_k` (see the module above) and
//! `|u|^2 r` within `i128` (else `None`), so `alpha_k 2^64 + beta_k tau`
//! below 2^228.

use super::{Axis, Verdict};
use crate::kernel::u256::{
    Signed, U256, add, bits, div_full, mul_full, shl, shr, signed_add, signed_floor_div,
    signed_mul, signed_prod,
};
use crate::num::{Fx, wide};
use crate::shape::Ray;
use crate::vec::Vector;
use core::cmp::Ordering;

/// The sign of a signed value.
fn sign(v: &Signed) -> Ordering {
    match (v.0, v.1 == (0, 0)) {
        (_, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, false) => Ordering::Greater,
    }
}

/// `floor(v / 2^k)` for `k < 128`, as an `i128` when it fits.
fn floor_shr(v: &Signed, k: u32) -> Option<i128> {
    let q = shr(v.1, k);
    let cut = v.0 && shl(q, k) != v.1;
    Some(fits((v.0, q))? - i128::from(cut))
}

/// `floor(v / (2^32 den))` for `den > 0`, as `floor(floor(v / 2^32) /
/// den)`, when `v + delta` has the same floor (then it is the value at
/// both ends of a bracket `delta` wide), else `None`. One division: with
/// `f = floor(v / 2^32)`, `v = 2^32 f + r1`, and `f = q den + rem`, the
/// other end's first floor is `f + e` with `e = floor((r1 + delta) /
/// 2^32)`, and its second `q` iff `0 <= rem + e < den`.
fn floor_over(v: &Signed, delta: i128, den: u128) -> Option<i128> {
    // |v| as 2^32 q + low; floor(v / 2^32) and r1 in [0, 2^32).
    let q = shr(v.1, 32);
    let low = (v.1.1 & u128::from(u32::MAX)) as i128;
    let (f, r1) = if v.0 && low != 0 {
        (add(q, (0, 1)), (1 << 32) - low)
    } else {
        (q, if v.0 { 0 } else { low })
    };
    let (q, rem) = signed_floor_div((v.0, f), den)?;
    // |delta| < 2^126 (the caller's bound): no overflow.
    let e = (r1 + delta) >> 32;
    let same = if e >= 0 {
        e.unsigned_abs() < den - rem
    } else {
        e.unsigned_abs() <= rem
    };
    same.then_some(q)
}

/// A signed 256-bit value as an `i128`, when it fits.
fn fits((neg, v): Signed) -> Option<i128> {
    let mag = i128::try_from(v.1).ok().filter(|_| v.0 == 0)?;
    Some(if neg { -mag } else { mag })
}

/// The same value at both ends of the bracket, or `None`.
fn settled(ends: [Option<i128>; 2]) -> Option<i128> {
    let [lo, hi] = ends;
    lo.filter(|&x| Some(x) == hi)
}

/// `tau = t_c 2^64` in `[lo, hi]`.
struct Tau {
    lo: u128,
    hi: u128,
}

impl Tau {
    /// From `t_c = P / A` with `P` in `[p[0], p[1]]`.
    fn new(q_a: U256, p: [U256; 2]) -> Option<Tau> {
        // A in [a_t 2^sa, (a_t + 1) 2^sa): a_t its top 128 bits (A itself
        // when sa = 0).
        let sa = bits(q_a).saturating_sub(128);
        let a_t = shr(q_a, sa).1;
        // floor(2^64 P / 2^sa): the quotient below t_c 2^64 for the
        // divisor a_t + 1 (above A / 2^sa), and for a_t (at most A /
        // 2^sa) one more is above it: with N = q a_t + rem, 2^64 P / A <
        // (N + 1) / a_t <= q + 1.
        let scaled = |p: U256| -> Option<U256> {
            if sa >= 64 {
                Some(shr(p, sa - 64))
            } else {
                let k = 64 - sa;
                (bits(p) + k <= 256).then(|| shl(p, k))
            }
        };
        let lo = div_full(scaled(p[0])?, a_t.checked_add(u128::from(sa > 0))?)?.0;
        let hi = div_full(scaled(p[1])?, a_t)?.0.checked_add(1)?;
        (hi < 1 << 100).then_some(Tau { lo, hi })
    }

    /// `x + y tau` at both ends.
    fn ends(&self, x: Signed, y: i128) -> [Signed; 2] {
        [self.lo, self.hi].map(|t| signed_add(x, signed_prod(y, t)))
    }
}

/// The verdict from `t_c = P / A`, `P` in `[p[0], p[1]]` (`A = q_a`), or
/// `None` when a floor or the end-plane test is within the bracket's
/// width of a boundary (or a budget is exceeded).
pub(super) fn verdict<const D: usize>(
    ray: &Ray<D>,
    axis: &Axis<D>,
    q_a: U256,
    p: [U256; 2],
) -> Option<Verdict<D>> {
    let tau = Tau::new(q_a, p)?;
    // t = floor(2^32 t_c) = floor(tau / 2^32).
    let (t, t_hi) = ((tau.lo >> 32) as i128, (tau.hi >> 32) as i128);
    let mt = wide(ray.max_t());
    if t > mt {
        return Some(Verdict::Miss); // the capsule is entered at t_c or later
    }
    if t != t_hi || t == mt {
        return None;
    }
    // s |u|^2 2^64 = m.u 2^64 + d.u tau, against 0 and |u|^2 2^64.
    let uu64 = mul_full(axis.uu.unsigned_abs(), 1 << 64);
    let s = tau.ends(signed_prod(axis.mu, 1 << 64), axis.du);
    let past = s.map(|v| signed_add(v, (true, uu64)));
    let all = |v: &[Signed; 2], o: Ordering| v.iter().all(|x| sign(x) == o);
    if all(&s, Ordering::Less) {
        return Some(Verdict::BallA);
    }
    if all(&past, Ordering::Greater) {
        return Some(Verdict::BallB);
    }
    let none = |v: &[Signed; 2], o: Ordering| v.iter().all(|x| sign(x) != o);
    if !(none(&s, Ordering::Less) && none(&past, Ordering::Greater)) {
        return None;
    }
    hit(ray, axis, &tau, t)
}

/// The hit on the cylinder: each point coordinate `o_k + floor(d_k tau /
/// 2^64)`, each normal component `floor((alpha_k 2^64 + beta_k tau) /
/// (2^32 |u|^2 r))`, at both ends of the bracket.
fn hit<const D: usize>(ray: &Ray<D>, axis: &Axis<D>, tau: &Tau, t: i128) -> Option<Verdict<D>> {
    let Axis {
        m,
        u,
        d,
        uu,
        du,
        mu,
        r,
    } = axis;
    let den = u128::try_from(uu.checked_mul(*r)?).ok()?;
    let mut point = ray.origin();
    let mut normal = Vector::ZERO;
    let parts = point.0.iter_mut().zip(normal.0.iter_mut());
    for ((pk, nk), ((&mk, &uk), &dk)) in parts.zip(m.iter().zip(u).zip(d)) {
        let step = settled(tau.ends((false, (0, 0)), dk).map(|v| floor_shr(&v, 64)))?;
        *pk = Fx::from_bits(i64::try_from(wide(*pk) + step).ok()?);
        let alpha = fits(signed_add(signed_mul(*uu, mk), signed_mul(-mu, uk)))?;
        let beta = fits(signed_add(signed_mul(*uu, dk), signed_mul(-du, uk)))?;
        // At the low end; the high end is beta (tau.hi - tau.lo) further
        // (kept below 2^126).
        let x = signed_add(signed_prod(alpha, 1 << 64), signed_prod(beta, tau.lo));
        let width =
            fits(signed_prod(beta, tau.hi - tau.lo)).filter(|w| w.unsigned_abs() < 1 << 126)?;
        *nk = Fx::from_bits(i64::try_from(floor_over(&x, width, den)?).ok()?);
    }
    Verdict::hit(t, point, normal)
}

#[cfg(test)]
mod tests;
