//! Exact fractions of `i128`s in 256-bit arithmetic: [`Ratio`] (compared
//! by cross-multiplication, floored at a scale or along a direction) and
//! [`floor_unit`] (a component of a unit vector, rounded down).
//!
//! Two 128-bit words hold every product of two `i128`s, so no operation
//! here needs the general wide integer: a comparison is two full products
//! (four 64-bit multiplications each), a floor is one 256-by-128-bit
//! division (two quotient digits of Knuth's algorithm D, each estimated by
//! the platform's 128-by-64-bit division and corrected at most twice).
//! Every result is the exact integer, on every platform.

use super::divide::{Divide, OneOff};
use crate::num::{Fx, isqrt_u128};

/// A 256-bit unsigned integer as `(high, low)` words; the tuple order is
/// the numeric order.
type U256 = (u128, u128);

/// The full product `a * b`.
#[inline]
pub(crate) fn mul_full(a: u128, b: u128) -> U256 {
    const M: u128 = u64::MAX as u128;
    let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    // Each term below 2^64: the sum below 3 * 2^64, no overflow.
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    (
        p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64),
        (mid << 64) | (p00 & M),
    )
}

/// `floor((r * 2^64 + x) / v)` and the remainder, for `v >= 2^127` and
/// `r < v` (so the quotient is below 2^64). Knuth's estimate from the top
/// two limbs (`r`) over the divisor's top limb is at most 2 too large for
/// a normalized divisor (TAOCP 4.3.1, theorem B); the full product decides.
#[inline]
fn div_step(r: u128, x: u64, v: u128) -> (u64, u128) {
    let n: U256 = (r >> 64, (r << 64) | u128::from(x));
    let v1 = (v >> 64) as u64;
    let mut q = if (r >> 64) as u64 >= v1 {
        u64::MAX
    } else {
        OneOff(v1).div_rem(r).0
    };
    loop {
        let p = mul_full(u128::from(q), v);
        if p <= n {
            // n - p < v < 2^128: the low words' difference is all of it.
            return (q, n.1.wrapping_sub(p.1));
        }
        q -= 1;
    }
}

/// `(floor(n / d), n mod d)` for `d > 0`, or `None` when the quotient
/// does not fit in 128 bits (`n.0 >= d`).
fn div_full(n: U256, d: u128) -> Option<(u128, u128)> {
    if d == 0 || n.0 >= d {
        return None;
    }
    // Normalize: the divisor's top bit set, the numerator shifted alike
    // (its high word stays below the shifted divisor).
    let s = d.leading_zeros();
    let v = d << s;
    let (hi, lo) = if s == 0 {
        n
    } else {
        ((n.0 << s) | (n.1 >> (128 - s)), n.1 << s)
    };
    let (q1, r) = div_step(hi, (lo >> 64) as u64, v);
    let (q0, r) = div_step(r, lo as u64, v);
    Some(((u128::from(q1) << 64) | u128::from(q0), r >> s))
}

/// `floor(a * b / d)` for `d > 0`, saturated to the `i128` range.
fn floor_mul_div(a: i128, b: i128, d: u128) -> i128 {
    let neg = (a < 0) != (b < 0);
    let p = mul_full(a.unsigned_abs(), b.unsigned_abs());
    let Some((q, r)) = div_full(p, d) else {
        return if neg { i128::MIN } else { i128::MAX };
    };
    if neg {
        // floor(-m / d) = -(q + (r != 0)).
        let up = q.saturating_add(u128::from(r != 0));
        0i128.checked_sub_unsigned(up).unwrap_or(i128::MIN)
    } else {
        i128::try_from(q).unwrap_or(i128::MAX)
    }
}

/// `v` as raw `Fx` bits, saturated at the ends of `Fx`.
fn to_fx_saturating(v: i128) -> Fx {
    Fx::from_bits(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
}

/// A fraction `num / den` of `i128`s with `den > 0`, compared exactly by
/// cross-multiplication: the bounds of a clipped parameter (a ray against
/// polygon edges, an incident edge against a strip).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ratio {
    pub(crate) num: i128,
    pub(crate) den: i128,
}

impl Ratio {
    /// `num / den` for `den != 0`, the sign moved to the numerator
    /// (neither is `i128::MIN`).
    #[inline]
    pub(crate) fn new(num: i128, den: i128) -> Ratio {
        if den < 0 {
            Ratio {
                num: -num,
                den: -den,
            }
        } else {
            Ratio { num, den }
        }
    }

    /// `self < other`, exactly: `self.num * other.den < other.num *
    /// self.den`, whose signs are the numerators'.
    #[inline]
    pub(crate) fn lt(&self, other: &Ratio) -> bool {
        match (self.num < 0, other.num < 0) {
            (true, false) => true,
            (false, true) => false,
            (neg, _) => {
                let l = mul_full(self.num.unsigned_abs(), other.den.unsigned_abs());
                let r = mul_full(other.num.unsigned_abs(), self.den.unsigned_abs());
                // Both negative: the larger magnitude is the smaller value.
                if neg { r < l } else { l < r }
            }
        }
    }

    /// `floor(self * 2^32)` as raw `Fx` bits, exactly (saturating).
    pub(crate) fn floor_fx(&self) -> Fx {
        to_fx_saturating(floor_mul_div(self.num, 1 << 32, self.den.unsigned_abs()))
    }

    /// `floor(v + self * e)` (raw bits), exactly: a coordinate of the
    /// point at this parameter along `e` from `v`, rounded down
    /// (saturating).
    pub(crate) fn floor_along(&self, v: i128, e: i128) -> Fx {
        to_fx_saturating(v.saturating_add(floor_mul_div(self.num, e, self.den.unsigned_abs())))
    }
}

/// `c / sqrt(l)` as raw `Fx` bits (scaled by 2^32), rounded **down**,
/// exactly: a component of the unit vector of a vector whose squared
/// length is `l`. Requires `c^2 <= l` (so the result is within
/// `[-2^32, 2^32]`) and `l > 0` unless `c = 0`.
///
/// How: `l` scaled by `4^m` into `[2^124, 2^128)` (and `c` by `2^m`), so
/// its integer root `s` has 62 bits or more; `floor(2^32 |c| / s)` is then
/// the floor of the exact value or one above it, and one comparison of
/// squares in 256 bits decides which.
pub(crate) fn floor_unit(c: i128, l: u128) -> Fx {
    if c == 0 || l == 0 {
        return Fx::ZERO;
    }
    let m = l.leading_zeros().saturating_sub(2) / 2;
    let l = l << (2 * m);
    let s = isqrt_u128(l);
    // |c| 2^m <= sqrt(l) < 2^64, so x < 2^96.
    let x = (c.unsigned_abs() << m) << 32;
    let q = x / s;
    // q <= 2^32 + 1: q^2 fits; q floor when q^2 l <= x^2.
    let (qq, xx) = (mul_full(q * q, l), mul_full(x, x));
    let (floor, exact) = if qq <= xx {
        (q, qq == xx)
    } else {
        (q - 1, false)
    };
    let floor = floor as i64;
    Fx::from_bits(if c > 0 {
        floor
    } else {
        -floor - i64::from(!exact)
    })
}

#[cfg(test)]
mod tests;
