//! Unsigned 256-bit integers as `(high, low)` pairs of `u128` words: the
//! full product of two words, division by a word (Knuth's algorithm D on
//! 64-bit digits, each estimated by the platform's 128-by-64-bit division
//! and corrected at most twice), sums and shifts (its integer square root is in [`super::sqrt`]).
//! Signed values are a sign and a magnitude ([`Signed`]). Enough for the
//! exact predicates whose values stay below 2^256 (the fractions of
//! [`super::ratio`], the ray against a ball or an oriented box); wider
//! ones use the general wide integer of the capsule queries.

use super::divide::{Divide, OneOff};
use core::cmp::Ordering;

/// A 256-bit unsigned integer as `(high, low)` words; the tuple order is
/// the numeric order.
pub(crate) type U256 = (u128, u128);

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
pub(crate) fn div_full(n: U256, d: u128) -> Option<(u128, u128)> {
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
    // The high digit of the quotient: 0 (the common case of a quotient
    // below 2^64) when the top three limbs are below the divisor.
    let top = (hi << 64) | (lo >> 64);
    let (q1, r) = if hi >> 64 == 0 && top < v {
        (0, top)
    } else {
        div_step(hi, (lo >> 64) as u64, v)
    };
    let (q0, r) = div_step(r, lo as u64, v);
    Some(((u128::from(q1) << 64) | u128::from(q0), r >> s))
}

/// `a + b` (the callers keep the sum below 2^256).
#[inline]
pub(crate) fn add(a: U256, b: U256) -> U256 {
    let (lo, carry) = a.1.overflowing_add(b.1);
    (a.0 + b.0 + u128::from(carry), lo)
}

/// `a - b` for `a >= b`.
#[inline]
pub(crate) fn sub(a: U256, b: U256) -> U256 {
    let (lo, borrow) = a.1.overflowing_sub(b.1);
    (a.0 - b.0 - u128::from(borrow), lo)
}

/// `a * 2^k` for `k < 128` (the callers keep it below 2^256).
#[inline]
pub(crate) fn shl(a: U256, k: u32) -> U256 {
    if k == 0 {
        a
    } else {
        ((a.0 << k) | (a.1 >> (128 - k)), a.1 << k)
    }
}

/// The product `a b` as three words, most significant first (the array
/// order is the numeric order), for a product below 2^384.
pub(crate) fn mul_384(a: U256, b: U256) -> [u128; 3] {
    let (h00, l00) = mul_full(a.1, b.1);
    let (h01, l01) = mul_full(a.0, b.1);
    let (h10, l10) = mul_full(a.1, b.0);
    let (mid, c1) = h00.overflowing_add(l01);
    let (mid, c2) = mid.overflowing_add(l10);
    let top = a.0 * b.0 + h01 + h10 + u128::from(c1) + u128::from(c2);
    [top, mid, l00]
}

/// The full product `a b` of a 256-bit value and a word, as three words,
/// most significant first (the array order is the numeric order).
#[inline]
pub(crate) fn mul_word(a: U256, b: u128) -> [u128; 3] {
    let (h0, l0) = mul_full(a.1, b);
    let (h1, l1) = mul_full(a.0, b);
    let (mid, carry) = h0.overflowing_add(l1);
    // a b < 2^384: the top word takes the carry without overflow.
    [h1 + u128::from(carry), mid, l0]
}

/// The full product `a b` as four words, most significant first (the
/// array order is the numeric order).
pub(crate) fn mul_512(a: U256, b: U256) -> [u128; 4] {
    let (h00, l00) = mul_full(a.1, b.1);
    let (h01, l01) = mul_full(a.0, b.1);
    let (h10, l10) = mul_full(a.1, b.0);
    let (h11, l11) = mul_full(a.0, b.0);
    // The middle word: h00 + l01 + l10, its carries into the next.
    let (mid, c1) = h00.overflowing_add(l01);
    let (mid, c2) = mid.overflowing_add(l10);
    // The next word: l11 + h01 + h10 + carries (each sum's carry into the
    // top word, which cannot overflow: the product is below 2^512).
    let (next, c3) = l11.overflowing_add(h01);
    let (next, c4) = next.overflowing_add(h10);
    let (next, c5) = next.overflowing_add(u128::from(c1) + u128::from(c2));
    let top = h11 + u128::from(c3) + u128::from(c4) + u128::from(c5);
    [top, next, mid, l00]
}

/// `v` as a 256-bit value.
#[cfg(test)]
pub(crate) fn wide(v: u128) -> U256 {
    (0, v)
}

/// A signed 256-bit value as a sign and a magnitude.
pub(crate) type Signed = (bool, U256);

/// `x * y` for signed `x` and unsigned `y`.
pub(crate) fn signed_prod(x: i128, y: u128) -> Signed {
    (x < 0, mul_full(x.unsigned_abs(), y))
}

/// `x * y` for two signed words.
pub(crate) fn signed_mul(x: i128, y: i128) -> Signed {
    (
        (x < 0) != (y < 0),
        mul_full(x.unsigned_abs(), y.unsigned_abs()),
    )
}

/// `floor(a / 2^k)` for `k < 256`.
pub(crate) fn shr(a: U256, k: u32) -> U256 {
    match k {
        0 => a,
        1..=127 => (a.0 >> k, (a.1 >> k) | (a.0 << (128 - k))),
        _ => (0, a.0 >> (k - 128)),
    }
}

/// The bit length of `a`.
pub(crate) fn bits(a: U256) -> u32 {
    if a.0 != 0 {
        256 - a.0.leading_zeros()
    } else {
        128 - a.1.leading_zeros()
    }
}

/// The sign of a signed value (a zero magnitude is zero, whatever its
/// flag).
pub(crate) fn signed_sign(v: &Signed) -> Ordering {
    match (v.1 == (0, 0), v.0) {
        (true, _) => Ordering::Equal,
        (false, true) => Ordering::Less,
        (false, false) => Ordering::Greater,
    }
}

/// `a` against `b`, signed values.
pub(crate) fn signed_cmp(a: &Signed, b: &Signed) -> Ordering {
    match (signed_sign(a), signed_sign(b)) {
        (x, y) if x != y => x.cmp(&y),
        (Ordering::Less, _) => b.1.cmp(&a.1),
        _ => a.1.cmp(&b.1),
    }
}

/// `x + y` of signed values.
pub(crate) fn signed_add(x: Signed, y: Signed) -> Signed {
    match (x.0 == y.0, x.1 >= y.1) {
        (true, _) => (x.0, add(x.1, y.1)),
        (false, true) => (x.0, sub(x.1, y.1)),
        (false, false) => (y.0, sub(y.1, x.1)),
    }
}

/// `q - p` when it is positive, for signed `p` and `q` (a sign flag and a
/// magnitude each), else `None`.
#[inline(always)]
pub(crate) fn positive_gap(p: Signed, q: Signed) -> Option<U256> {
    match (p.0, q.0) {
        // q >= 0 >= p: |q| + |p|, positive unless both are zero.
        (true, false) => Some(add(q.1, p.1)).filter(|g| *g != (0, 0)),
        // q <= 0 <= p.
        (false, true) => None,
        // Both non-negative: |q| - |p|; both negative: |p| - |q|.
        (false, false) => (q.1 > p.1).then(|| sub(q.1, p.1)),
        (true, true) => (p.1 > q.1).then(|| sub(p.1, q.1)),
    }
}

/// `(floor(x / d), x mod d)` for `d > 0` (the remainder in `[0, d)`), or
/// `None` beyond `i128`.
pub(crate) fn signed_floor_div(x: Signed, d: u128) -> Option<(i128, u128)> {
    let (q, r) = div_full(x.1, d)?;
    let q = i128::try_from(q).ok()?;
    Some(match (x.0, r) {
        (false, _) | (true, 0) => (if x.0 { -q } else { q }, r),
        (true, _) => (-q - 1, d - r),
    })
}

#[cfg(test)]
mod tests;
