//! A segment against an axis-aligned box, within a radius, exactly, in
//! 128- and 256-bit words: the overlap of a capsule (or a segment) and a
//! box.
//!
//! Along the segment `p(s) = a + s u` (`u = b - a`, `s` in `[0, 1]`), the
//! squared distance to the box is `f(s) = sum_k e_k(s)^2`, with `e_k` the
//! excess of `p_k` beyond the box on axis `k` (`lo_k - p_k` below, `p_k -
//! hi_k` above, else 0). Each `e_k` is convex and piecewise linear, zero
//! where it bends, so `f` is convex and continuously differentiable,
//! quadratic between the breakpoints where some `p_k` crosses `lo_k` or
//! `hi_k`. The capsule meets the box iff `min f <= r^2` (their interiors
//! overlap iff `min f < r^2`, the same steps with strict comparisons):
//!
//! 0. A certain miss: the segment beyond the box grown by `r` on an axis.
//! 1. The segment meets the box (`f = 0` somewhere): the closed slab test.
//! 2. Else an end within `r` (`f(0)` or `f(1)`), in `i128`.
//! 3. Else the minimum is inside `(0, 1)` only if `f'(0) < 0 < f'(1)`;
//!    then `f'` at each breakpoint (a fraction `N / Q`, `Q f'/2` exact in
//!    256 bits) brackets the zero of `f'` between the last breakpoint
//!    where it is negative and the first where it is positive (a zero at a
//!    breakpoint is the minimum there). On that piece the active axes are
//!    fixed (read at its midpoint): `f = sum (c_k + s m_k)^2`, whose
//!    minimum `sum c^2 - (sum c m)^2 / sum m^2` is compared with `r^2`
//!    after multiplying out, in 256 bits.
//!
//! Budgets (raw bits, inputs in the domain, within 2^52): differences
//! below 2^54, breakpoint numerators and denominators below 2^54, `Q e_k`
//! below 2^109, the products with `u_k` below 2^163, the sums of squares
//! below 2^110 and their products below 2^221.

use crate::kernel::raw_box::RawBox;
use crate::kernel::span::{Bounds, span};
use crate::kernel::u256::{
    Signed, U256, add, mul_full, signed_add, signed_cmp, signed_mul, signed_sign as sign,
};
use core::cmp::Ordering;

/// The segment `a + s u` and the box, relative to `a`: `lo = min - a`,
/// `hi = max - a` (raw, below 2^54).
struct Setup<const STRICT: bool, const D: usize> {
    u: [i64; D],
    lo: [i64; D],
    hi: [i64; D],
}

impl<const STRICT: bool, const D: usize> Setup<STRICT, D> {
    /// `x <= y`, or `x < y` with `STRICT`.
    fn near<T: PartialOrd>(x: T, y: T) -> bool {
        if STRICT { x < y } else { x <= y }
    }

    /// `Q e_k` at `s = n / q` (`0 <= n`, `0 < q`, both below 2^54) on
    /// axis `k`, as `(below, above)`: `Q (lo - s u)` and `Q (s u - hi)`,
    /// each where positive, else zero.
    fn excess(&self, k: usize, n: i128, q: i128) -> (i128, i128) {
        let (Some(&u), Some(&lo), Some(&hi)) = (self.u.get(k), self.lo.get(k), self.hi.get(k))
        else {
            return (0, 0);
        };
        let at = n * i128::from(u);
        let below = q * i128::from(lo) - at;
        let above = at - q * i128::from(hi);
        (below.max(0), above.max(0))
    }

    /// The sign of `f'` at `s = n / q` (`q > 0`): of `sum_k Q e_k (+-u_k)`.
    fn slope(&self, n: i128, q: i128) -> Ordering {
        let mut sum: Signed = (false, (0, 0));
        for (k, &u) in self.u.iter().enumerate() {
            let (below, above) = self.excess(k, n, q);
            // d e / d s is -u below the box and u above it.
            let e = above - below;
            if e != 0 && u != 0 {
                sum = signed_add(sum, signed_mul(e, i128::from(u)));
            }
        }
        sign(&sum)
    }

    /// `f(n / q) <= r^2` (`STRICT`: `<`), exactly: `sum (Q e_k)^2` against
    /// `Q^2 r^2`.
    fn within_at(&self, n: i128, q: i128, r: i64) -> bool {
        let mut sum: U256 = (0, 0);
        for k in 0..D {
            let (below, above) = self.excess(k, n, q);
            let e = (below + above).unsigned_abs();
            sum = add(sum, mul_full(e, e));
        }
        let qr = q.unsigned_abs() * u128::from(r.unsigned_abs());
        Self::near(sum, mul_full(qr, qr))
    }

    /// The minimum of `f` on the piece around `s = n / q` (`q > 0`, both
    /// below 2^110; no breakpoint strictly between it and the piece's
    /// ends) is at most `r^2` (`STRICT`: below it).
    fn piece_within(&self, n: i128, q: i128, r: i64) -> bool {
        let (mut cc, mut mm, mut cm) = (0u128, 0u128, 0i128);
        let parts = self.u.iter().zip(&self.lo).zip(&self.hi);
        for ((&u, &lo), &hi) in parts {
            // The side of p at s: n u against q lo and q hi (256 bits).
            let at = signed_mul(n, i128::from(u));
            let below = signed_cmp(&at, &signed_mul(q, i128::from(lo))) == Ordering::Less;
            let above = signed_cmp(&at, &signed_mul(q, i128::from(hi))) == Ordering::Greater;
            // Below: e = lo - s u; above: e = s u - hi (c + s m each).
            let (c, m) = match (below, above) {
                (true, _) => (lo, -u),
                (_, true) => (-hi, u),
                _ => continue,
            };
            let (c, m) = (i128::from(c), i128::from(m));
            cc += (c * c).unsigned_abs();
            mm += (m * m).unsigned_abs();
            cm += c * m;
        }
        let r2 = u128::from(r.unsigned_abs()).pow(2);
        if mm == 0 {
            return Self::near(cc, r2); // f constant on the piece
        }
        // cc - cm^2 / mm <= r^2  <=>  cc mm <= r^2 mm + cm^2.
        let cm_abs = cm.unsigned_abs();
        Self::near(
            mul_full(cc, mm),
            add(mul_full(r2, mm), mul_full(cm_abs, cm_abs)),
        )
    }
}

/// Whether the segment `a b` is within `r` (raw, `r >= 0`) of the box
/// `[lo, hi]`: at most `r` away (the closed overlap of the capsule and the
/// box), or with `STRICT` less than `r` (their interiors overlap). Raw bits
/// within the domain.
pub(crate) fn segment_box_within<const STRICT: bool, const D: usize>(
    a: &[i64; D],
    b: &[i64; D],
    bx: &RawBox<D>,
    r: i64,
) -> bool {
    if STRICT && r == 0 {
        return false; // nothing is nearer than 0
    }
    // A certain miss: on some axis the segment lies beyond the box grown
    // by r (a gap above r along one axis is a distance above r).
    let apart = a.iter().zip(b).zip(bx.min.iter().zip(&bx.max));
    for ((&ak, &bk), (&lo, &hi)) in apart {
        if ak.min(bk) > hi + r || ak.max(bk) < lo - r {
            return false;
        }
    }
    let mut s = Setup::<STRICT, D> {
        u: *b,
        lo: bx.min,
        hi: bx.max,
    };
    for (((u, lo), hi), &ak) in s.u.iter_mut().zip(&mut s.lo).zip(&mut s.hi).zip(a) {
        *u -= ak;
        *lo -= ak;
        *hi -= ak;
    }
    // 1. The closed slab test: some s in [0, 1] with s u in [lo, hi] (a
    // distance 0, below r > 0 too).
    let neg = s.u.map(|u| u < 0);
    let mag = s.u.map(i64::abs);
    let (sp, ok) = span(s.lo, s.hi, &neg, &mag, Bounds::Closed);
    if ok & sp.ordered(false) & sp.enters_before_one(false) & (sp.exit.num >= 0) {
        return true;
    }
    if r == 0 {
        return false;
    }
    // 2. The ends.
    if s.within_at(0, 1, r) || s.within_at(1, 1, r) {
        return true;
    }
    // 3. An inside minimum needs f' < 0 at 0 and > 0 at 1.
    if s.slope(0, 1) != Ordering::Less || s.slope(1, 1) != Ordering::Greater {
        return false;
    }
    // The last breakpoint with f' < 0 and the first with f' > 0, as
    // fractions n / q (q > 0), starting from the ends.
    let (mut low, mut high) = ((0i128, 1i128), (1i128, 1i128));
    let before = |x: (i128, i128), y: (i128, i128)| x.0 * y.1 < y.0 * x.1;
    for (k, &u) in s.u.iter().enumerate() {
        if u == 0 {
            continue;
        }
        for bound in [s.lo.get(k), s.hi.get(k)].into_iter().flatten() {
            // s = bound / u, with the sign in the numerator.
            let (n, q) = if u < 0 {
                (-i128::from(*bound), -i128::from(u))
            } else {
                (i128::from(*bound), i128::from(u))
            };
            if n <= 0 || n >= q {
                continue; // not inside (0, 1)
            }
            match s.slope(n, q) {
                Ordering::Less if before(low, (n, q)) => low = (n, q),
                Ordering::Greater if before((n, q), high) => high = (n, q),
                // The minimum is at this breakpoint.
                Ordering::Equal => return s.within_at(n, q, r),
                _ => {}
            }
        }
    }
    // The zero of f' lies between: the midpoint's active axes are the
    // piece's.
    let (n, q) = (low.0 * high.1 + high.0 * low.1, 2 * low.1 * high.1);
    s.piece_within(n, q, r)
}

#[cfg(test)]
pub(crate) mod tests;
