//! Exact fractions of `i128`s in 256-bit arithmetic: [`Ratio`] (compared
//! by cross-multiplication, floored at a scale or along a direction) and
//! [`floor_units`] (the components of a unit vector, rounded down).
//!
//! Two 128-bit words hold every product of two `i128`s ([`super::u256`]),
//! so no operation here needs the general wide integer: a comparison is
//! two full products, a floor one 256-by-128-bit division. Every result is
//! the exact integer, on every platform.

use super::divide::{Divide, OneOff};
use super::sqrt::isqrt_u128;
use super::u256::{U256, div_full, mul_full, mul_word, shr};
use crate::num::Fx;
use core::cmp::Ordering;

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

    /// `self < other`, exactly (see [`Ratio::cmp`]).
    #[inline]
    pub(crate) fn lt(&self, other: &Ratio) -> bool {
        self.cmp(other) == Ordering::Less
    }

    /// `self` against `other`, exactly: `self.num * other.den` against
    /// `other.num * self.den`, whose signs are the numerators'.
    #[inline]
    pub(crate) fn cmp(&self, other: &Ratio) -> Ordering {
        match (self.num < 0, other.num < 0) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (neg, _) => {
                let l = mul_full(self.num.unsigned_abs(), other.den.unsigned_abs());
                let r = mul_full(other.num.unsigned_abs(), self.den.unsigned_abs());
                // Both negative: the larger magnitude is the smaller value.
                if neg { r.cmp(&l) } else { l.cmp(&r) }
            }
        }
    }

    /// `floor(self * 2^32)` as raw `Fx` bits, exactly (saturating).
    pub(crate) fn floor_fx(&self) -> Fx {
        to_fx_saturating(floor_mul_div(self.num, 1 << 32, self.den.unsigned_abs()))
    }

    /// `floor(2^64 self)` for `0 <= self < 2^62`, else `None`: one
    /// 256-by-128-bit division, after which every floor at scale 2^32 or
    /// along a direction needs no other (see [`scaled_floor`]).
    pub(crate) fn floor_2_64(&self) -> Option<i128> {
        if self.num < 0 {
            return None;
        }
        let n = self.num.unsigned_abs();
        let (q, _) = div_full((n >> 64, n << 64), self.den.unsigned_abs())?;
        // Below 2^126 (a signed value with room for one more unit); the
        // products with it are checked where they are taken.
        (q >> 126 == 0).then_some(q as i128)
    }

    /// `floor(v + self * e)` (raw bits), exactly: a coordinate of the
    /// point at this parameter along `e` from `v`, rounded down
    /// (saturating).
    pub(crate) fn floor_along(&self, v: i128, e: i128) -> Fx {
        to_fx_saturating(v.saturating_add(floor_mul_div(self.num, e, self.den.unsigned_abs())))
    }
}

/// `floor(t e)` for `2^64 t` in `[tau, tau + 1)` (`tau >= 0`, `|e| <
/// 2^64`), when it is the same over that whole one-unit bracket, else
/// `None`: the point coordinates of an entry known as `floor(2^64 t)`.
///
/// How: `2^64 t |e|` lies in `[P, P + |e|)` with `P = tau |e|`, one
/// product below 2^191. With `P = w 2^64 + f`, `floor(t |e|)` is `w` over
/// the whole bracket when `f + |e| <= 2^64`; for `e < 0`, `floor(t e) =
/// -ceil(t |e|)` is `-(w + 1)` over it when moreover `f > 0`.
#[inline]
pub(crate) fn scaled_floor(tau: i128, e: i128) -> Option<i128> {
    let tau = u128::try_from(tau).ok()?;
    let m = u64::try_from(e.unsigned_abs()).ok()?;
    let (high, low) = mul_full(tau, u128::from(m));
    // P >> 64, below 2^127.
    let whole = i128::try_from((high << 64) | (low >> 64)).ok()?;
    let f = u128::from(low as u64);
    if f + u128::from(m) > 1 << 64 {
        None
    } else if e >= 0 {
        Some(whole)
    } else {
        (f > 0).then(|| -whole - 1)
    }
}

/// A non-negative fraction `num / den` of a 256-bit numerator and a
/// positive 128-bit denominator, compared exactly: the times of the wide
/// exact predicates (the ray against an oriented box).
///
/// Each fraction also keeps an estimate `q` within 2 of its value (see
/// [`WideRatio::new`]), so that a comparison is settled by the estimates
/// when they are 4 or more apart, and takes the two exact cross products
/// of three words only near a tie (or for equal fractions).
#[derive(Clone, Copy, Debug)]
pub(crate) struct WideRatio {
    pub(crate) num: U256,
    pub(crate) den: u128,
    /// `num / den` is above `q - 2`, and below `q + 2` unless `q` is the
    /// largest word (for a value of 2^64 - 2 or more). Estimates of 2^63
    /// or more are left to the exact products.
    q: u128,
}

impl WideRatio {
    /// `num / den` for `den > 0`.
    ///
    /// The estimate: both cut by the same `2^s` so that `den' = floor(den /
    /// 2^s)` has 64 bits (`s = 0` for a smaller `den`), and `q =
    /// floor(num' / den')`, one 128-by-64-bit division when `num' < den'
    /// 2^64`; else `q` is the largest word, and the fraction is above `2^64
    /// den' / (den' + 1) >= 2^64 - 2`. With `num` in `[num' 2^s, (num' + 1)
    /// 2^s)` and `den` in `[den' 2^s, (den' + 1) 2^s)`, the fraction is
    /// above `num' / (den' + 1) >= num' / den' - 2` (`num' / den' < 2^64`,
    /// `den' >= 2^63`) and below `(num' + 1) / den' <= num' / den' + 1`.
    #[inline]
    pub(crate) fn new(num: U256, den: u128) -> WideRatio {
        let s = (128 - den.leading_zeros()).saturating_sub(64);
        let d = (den >> s) as u64;
        let n = shr(num, s);
        let q = if n.0 == 0 && ((n.1 >> 64) as u64) < d {
            u128::from(OneOff(d).div_rem(n.1).0)
        } else {
            u128::from(u64::MAX)
        };
        WideRatio { num, den, q }
    }

    /// `self` against `other`, exactly.
    #[inline]
    pub(crate) fn cmp(&self, other: &WideRatio) -> Ordering {
        const BIG: u128 = 1 << 63;
        if self.q + 4 <= other.q && self.q < BIG {
            Ordering::Less
        } else if other.q + 4 <= self.q && other.q < BIG {
            Ordering::Greater
        } else {
            mul_word(self.num, other.den).cmp(&mul_word(other.num, self.den))
        }
    }
}

/// `c / sqrt(l)` for each component `c` of `v`, as raw `Fx` bits (scaled
/// by 2^32), rounded **down**, exactly: the unit vector of `v` when `l =
/// |v|^2`, from one square root. Requires `c^2 <= l` for every component
/// (so each result is within `[-2^32, 2^32]`); `l = 0` gives zeros.
///
/// How: `l` scaled by `4^m` into `[2^124, 2^128)` (and each `c` by `2^m`),
/// so its integer root `s` has 62 bits or more; `q = floor(x / s)` for `x
/// = 2^(32 + m) |c|` is then the floor of the exact value or one above it
/// (one 128-by-64-bit division, the quotient below 2^34). It is the floor
/// when `q (s + 1) <= x` (a 128-bit product; that fails only when the
/// remainder is below `q`, about one case in 2^29 unless the value is
/// within about 2^-30 of an integer), and otherwise one comparison of
/// squares in 256 bits decides.
pub(crate) fn floor_units<const D: usize>(v: &[i128; D], l: u128) -> [Fx; D] {
    if l == 0 {
        return [Fx::ZERO; D];
    }
    let m = l.leading_zeros().saturating_sub(2) / 2;
    let l = l << (2 * m);
    // s < 2^64 for any l below 2^128.
    let s = isqrt_u128(l) as u64;
    let div = OneOff(s);
    v.map(|c| {
        // |c| 2^m <= sqrt(l) < 2^64, so x < 2^96 and x / 2^64 < 2^32 <= s:
        // the quotient fits the narrow division.
        let x = (c.unsigned_abs() << m) << 32;
        let q = u128::from(div.div_rem(x).0);
        let (floor, exact) = if q * (u128::from(s) + 1) <= x {
            // q sqrt(l) < q (s + 1) <= x: q is the floor, exact only for
            // x = 0 (then q = 0).
            (q, x == 0)
        } else {
            // q <= 2^32 + 1: q^2 fits; q floor when q^2 l <= x^2.
            let (qq, xx) = (mul_full(q * q, l), mul_full(x, x));
            if qq <= xx {
                (q, qq == xx)
            } else {
                (q - 1, false)
            }
        };
        let floor = floor as i64;
        Fx::from_bits(if c >= 0 {
            floor
        } else {
            -floor - i64::from(!exact)
        })
    })
}

#[cfg(test)]
pub(crate) mod tests;
