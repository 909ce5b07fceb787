//! The common case in words: `tau = t_c 2^64` bracketed between two
//! integers (one division for both ends of the root's bracket, the divisor
//! `A` cut to its top 128 bits and rounded the safe way), then the time
//! and the end-plane test at both ends of that bracket in 256-bit
//! integers; on the side, `sigma = 2^64 s` (where along the axis) from one
//! more division, and the point and the normal from the two brackets in
//! `i128`, one 128-by-64-bit division per normal component. Each value is
//! kept when the brackets' ends agree. They are a few units of 2^-64 wide
//! (a few times `|B| / A` from the coarse root), so only a value within
//! about that of an integer (or of an end plane) leaves it to the next
//! path, except a normal component that is zero
//! all along the ray (a ray across a capsule along a grid axis), which
//! exact products settle.
//!
//! Budgets: `tau` below 2^100 (else `None`: `t_c` beyond 2^36); the hit's
//! values within `i128` (see [`hit`]).

use super::{Axis, Verdict};
use crate::kernel::divide::OneOff;
use crate::kernel::u256::{
    Signed, U256, add, bits, div_full, mul_full, shl, shr, signed_add, signed_mul, signed_prod,
    signed_sign as sign, sub,
};
use crate::num::{Fx, wide};
use crate::shape::Ray;
use crate::vec::Vector;
use core::cmp::Ordering;

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
        // One division: N0 = q a_t + rem. For the divisor a_t + 1 (sa >
        // 0, so a_t >= 2^127 > q), N0 = q (a_t + 1) + rem - q: the
        // quotient is q, less one when q > rem. N1 = N0 + delta adds
        // floor((rem + delta) / a_t) to q, 0 or 1 when delta < a_t.
        let (n0, n1) = (scaled(p[0])?, scaled(p[1])?);
        let (q, rem) = div_full(n0, a_t)?;
        if q >> 100 != 0 {
            return None; // hi > q is beyond 2^100 too
        }
        let lo = q - u128::from(sa > 0 && q > rem);
        let delta = sub(n1, n0);
        // A wider bracket (delta >= a_t, from a coarse root): at most
        // twice the carry plus one, (rem + delta) / 2^l for a_t >= 2^l,
        // instead of a second division (rem + delta <= N1 < 2^256: no overflow).
        let below = match delta {
            (0, low) if low < a_t => q + u128::from(rem >= a_t - low),
            _ => {
                let carry = shr(add(delta, (0, rem)), 127 - a_t.leading_zeros());
                if carry.0 != 0 {
                    return None;
                }
                q.checked_add(carry.1)?
            }
        };
        let hi = below.checked_add(1)?;
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
    hit(ray, axis, &tau, &s, t)
}

/// The hit on the cylinder, from the brackets of `tau` and of `sigma =
/// 2^64 s = S / |u|^2` (`S = m.u 2^64 + d.u tau`, its values at the ends
/// of `tau`'s bracket, both in `[0, |u|^2 2^64]`): each point coordinate
/// `o_k + floor(d_k tau / 2^64)`, and each normal component `floor(2^32
/// w_k / r)` with `2^64 w_k = 2^64 m_k + d_k tau - u_k sigma` (`w` the hit
/// point less its foot on the axis, `|w| = r`), every floor kept when it
/// is the same over both brackets.
///
/// Every value is in `i128`: the hit point lies on the capsule between
/// its end planes, within `|u| + r` of `a`, so `|t_c d_k| < |m_k| + |u| +
/// r < 2^57` and `|d_k tau| < 2^121`; `sigma <= 2^64` and `|u_k sigma| <
/// 2^119`; `2^64 |m_k| < 2^118`.
fn hit<const D: usize>(
    ray: &Ray<D>,
    axis: &Axis<D>,
    tau: &Tau,
    s: &[Signed; 2],
    t: i128,
) -> Option<Verdict<D>> {
    let sigma = sigma(s, axis.uu.unsigned_abs())?;
    let (lo, hi) = (tau.lo as i128, tau.hi as i128);
    let r = u64::try_from(axis.r).ok()?;
    let div = OneOff(r);
    let mut point = ray.origin();
    let mut normal = Vector::ZERO;
    let parts = point.0.iter_mut().zip(normal.0.iter_mut());
    let inputs = axis.m.iter().zip(&axis.u).zip(&axis.d);
    for ((pk, nk), ((&mk, &uk), &dk)) in parts.zip(inputs) {
        let ([td_lo, td_hi], [w_lo, w_hi]) = ranges([mk, uk, dk], [lo, hi], sigma);
        let step = td_lo >> 64;
        if td_hi >> 64 != step {
            return None;
        }
        *pk = Fx::from_bits(i64::try_from(wide(*pk) + step).ok()?);
        // floor(2^32 w_k / r) = floor(y / r), y = floor(2^64 w_k / 2^32).
        *nk = if let Some(f) = div.floor_range(w_lo >> 32, w_hi >> 32) {
            Fx::from_bits(f)
        } else if flat(axis, mk, uk, dk) {
            Fx::ZERO // w_k = 0 exactly, all along the ray
        } else {
            return None;
        };
    }
    tally::note();
    Verdict::hit(t, point, normal)
}

/// How many hits the word path answered on this thread: the tests' measure
/// of how often it does. Outside tests, nothing.
#[cfg(test)]
pub(super) mod tally {
    use core::cell::Cell;

    std::thread_local! {
        static ANSWERED: Cell<u32> = const { Cell::new(0) };
    }

    /// One more answer.
    pub(in crate::query::capsule::cylinder) fn note() {
        ANSWERED.with(|c| c.set(c.get() + 1));
    }

    /// The answers so far, and back to zero.
    pub(in crate::query::capsule::cylinder) fn take() -> u32 {
        ANSWERED.with(|c| c.replace(0))
    }
}

/// Nothing (see the tests' twin).
#[cfg(not(test))]
mod tally {
    #[inline(always)]
    pub(super) fn note() {}
}

/// Whether `w_k` is zero all along the ray: `(alpha_k + beta_k t) / |u|^2`
/// with `alpha_k = |u|^2 m_k - (m.u) u_k` and `beta_k = |u|^2 d_k - (d.u)
/// u_k` both zero (for example a ray across the axis against the side of a
/// capsule along a grid axis: the brackets of `tau` and `sigma` straddle
/// that zero, the exact products do not).
fn flat<const D: usize>(axis: &Axis<D>, mk: i128, uk: i128, dk: i128) -> bool {
    let equal = |x: Signed, y: Signed| x.1 == y.1 && (x.0 == y.0 || x.1 == (0, 0));
    equal(signed_mul(axis.uu, mk), signed_mul(axis.mu, uk))
        && equal(signed_mul(axis.uu, dk), signed_mul(axis.du, uk))
}

/// For `[m_k, u_k, d_k]`, `tau` in `[tau[0], tau[1]]` and `sigma` in
/// `[sigma[0], sigma[1]]`: the closed ranges of `d_k tau` and of `2^64 w_k
/// = 2^64 m_k + d_k tau - u_k sigma` (each end of the one bracket with
/// either of the other). The caller keeps every value within `i128`.
fn ranges([mk, uk, dk]: [i128; 3], tau: [i128; 2], sigma: [i128; 2]) -> ([i128; 2], [i128; 2]) {
    let ordered = |x: i128, y: i128| if x <= y { [x, y] } else { [y, x] };
    let td = ordered(tau[0] * dk, tau[1] * dk);
    let su = ordered(sigma[0] * uk, sigma[1] * uk);
    let base = mk << 64;
    (td, [base + td[0] - su[1], base + td[1] - su[0]])
}

/// `[lo, hi]` with `2^64 s = S / |u|^2` in it, from `S` at the ends of
/// `tau`'s bracket (`0 <= S <= |u|^2 2^64`, so the quotients are at most
/// 2^64): one 256-by-128-bit division, and the other end from the
/// remainder.
fn sigma(s: &[Signed; 2], uu: u128) -> Option<[i128; 2]> {
    let [a, b] = s.map(|v| v.1);
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    let (q, rem) = div_full(low, uu)?;
    // high = low + width, width below 2^126 (the bracket is narrow).
    let width = sub(high, low);
    if width.0 != 0 {
        return None;
    }
    let over = rem.checked_add(width.1)?;
    let q_hi = q + if over < uu { 0 } else { over / uu };
    // The exact value lies in [q, q_hi + 1).
    Some([q as i128, q_hi as i128 + 1])
}

#[cfg(test)]
mod tests;
