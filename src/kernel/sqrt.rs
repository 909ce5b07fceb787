//! Integer square roots, rounded down, exactly: `floor(sqrt(n))` for 64-,
//! 128- and 256-bit `n`.
//!
//! Each root is first estimated at or above `floor(sqrt(n))`, then
//! corrected (`x <- x - 1` while `x^2 > n`), which makes the result exact
//! whatever the estimate; how close the estimate is decides only the speed
//! (the correction then runs once or twice at most). The value is first
//! shifted left by an even amount until its top two bits are not both zero
//! (the root then shifts back by half that):
//!
//! - 64 bits: the chord between two entries of a table of roots at the
//!   ends of the intervals of the top ten bits (769 entries, relative error
//!   below about `2^-19`), then one Newton step `x <- floor((x + floor(n /
//!   x)) / 2)` with the 64-bit division, which lands at or above the floor
//!   of the root from any positive start (here within a unit of it).
//! - 128 and 256 bits: one digit of the root at a time, as by hand in base
//!   `B = 2^32` (`2^64`): the high digit `s` is the root of the top word,
//!   the low digit `floor((n - s^2 B^2) / (2 s B))`, one 64-bit (128-by-64-
//!   bit) division, at or at most a unit or two above the root's.

use super::u256::{U256, mul_full, shl};

/// `floor(sqrt(k 2^54)) - 2^31` for `k` in `256..=1024`, at index `k -
/// 256`: the roots at the ends of the intervals of the top ten bits of a
/// 64-bit value shifted left by an even amount until its top two bits are
/// not both zero (offset by `2^31` so that `2^32`, the last, fits a
/// `u32`). 3 KiB.
// Built at compile time (no iterators in a const): `i < 769`, the length.
#[allow(clippy::indexing_slicing)]
const ROOTS: [u32; 769] = {
    let mut t = [0u32; 769];
    let mut i = 0;
    while i < 769 {
        let n = ((i as u128) + 256) << 54;
        // The largest x with x^2 <= n, by bisection on [2^31, 2^32 + 1).
        let (mut lo, mut hi) = (1u128 << 31, (1u128 << 32) + 1);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if mid * mid <= n {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        t[i] = (lo - (1 << 31)) as u32;
        i += 1;
    }
    t
};

/// The table's root at index `i` (0 past the end: never read).
#[inline(always)]
fn table_root(i: usize) -> u64 {
    ROOTS.get(i).map_or(0, |&r| u64::from(r)) + (1 << 31)
}

/// `floor(sqrt(n))`, exactly.
///
/// # Examples (crate-internal)
/// `isqrt_u64(15) == 3`, `isqrt_u64(16) == 4`, `isqrt_u64(u64::MAX) ==
/// 2^32 - 1`.
pub(crate) fn isqrt_u64(n: u64) -> u64 {
    if n < 4 {
        return u64::from(n != 0);
    }
    // n 4^j in [2^62, 2^64): floor(sqrt(n)) = floor(floor(sqrt(n 4^j)) / 2^j).
    let shift = n.leading_zeros() & !1;
    let m = n << shift;
    // The chord between the roots at the ends of m's interval of the top
    // ten bits: below the root (which is concave) by at most about
    // 2^-19 relative, and at least 2^31 (m >= 2^62).
    let k = (m >> 54) as usize;
    let (lo, hi) = (table_root(k - 256), table_root(k - 255));
    let frac = u128::from(m & ((1 << 54) - 1));
    let x = lo + ((u128::from(hi - lo) * frac) >> 54) as u64;
    // One Newton step lands at or above the floor of the root from any
    // positive start, here within a unit of it (m / x < 2^33).
    let mut x = (x + m / x) >> 1;
    while u128::from(x) * u128::from(x) > u128::from(m) {
        x -= 1;
    }
    x >> (shift / 2)
}

/// `floor(sqrt(n))`, exactly.
///
/// # Examples (crate-internal)
/// `isqrt_u128(2^100) == 2^50`, `isqrt_u128(u128::MAX) == 2^64 - 1`.
pub(crate) fn isqrt_u128(n: u128) -> u128 {
    let Ok(small) = u64::try_from(n) else {
        return u128::from(isqrt_u64_above(n));
    };
    u128::from(isqrt_u64(small))
}

/// `floor(sqrt(n))` for `n >= 2^64` (below `2^64`): the high half of the
/// root from the 64-bit root of the top word, the low half from one
/// 64-bit division ([`low_digit_settle`]).
fn isqrt_u64_above(n: u128) -> u64 {
    // nn = n 4^k in [2^126, 2^128): floor(sqrt(n)) = floor(floor(sqrt(nn)) / 2^k).
    let shift = n.leading_zeros() & !1;
    let nn = n << shift;
    let (hi, lo) = ((nn >> 64) as u64, nn as u64);
    // s in [2^31, 2^32), hi - s^2 <= 2 s < 2^33.
    let s = isqrt_u64(hi);
    // R = nn - s^2 2^64; q = floor(R / (2 s 2^32)) = floor((R / 2^33) / s),
    // R / 2^33 below 2^64.
    let r33 = ((hi - s * s) << 31) | (lo >> 33);
    let q = r33 / s.max(1);
    // At or above the root, which is below 2^64: capped, it still is.
    let x = ((u128::from(s) << 32) + u128::from(q)).min(u128::from(u64::MAX));
    (low_digit_settle(x, |x| x * x > nn) as u64) >> (shift / 2)
}

/// `floor(sqrt(n))`: below 2^128 for every `n`. The high half of the root
/// from the 128-bit root of the top word, the low half from one
/// 128-by-64-bit division.
pub(crate) fn isqrt_u256(n: U256) -> u128 {
    if n.0 == 0 {
        return isqrt_u128(n.1);
    }
    // nn = n 4^k with its high word in [2^126, 2^128).
    let shift = n.0.leading_zeros() & !1;
    let nn = shl(n, shift);
    // s in [2^63, 2^64), nn.0 - s^2 <= 2 s < 2^65.
    let s = isqrt_u128(nn.0);
    // R = nn - s^2 2^128; q = floor((R / 2^65) / s), R / 2^65 below
    // 2^128: the narrow division when the quotient fits 64 bits, else
    // the largest (the root is below (s + 1) 2^64 either way).
    let r65 = ((nn.0 - s * s) << 63) | (nn.1 >> 65);
    let d = s as u64;
    let q = if (r65 >> 64) as u64 >= d {
        u64::MAX
    } else {
        crate::arch::div_rem_narrow(r65, d).0
    };
    let x = low_digit_settle((s << 64) | u128::from(q), |x| mul_full(x, x) > nn);
    x >> (shift / 2)
}

/// The root `s B + q` from its high digit `s` (the exact root of the top
/// word, `B` the digit's base) and `q = floor(R / (2 s B))`, `R = n - s^2
/// B^2`: the root is `s B + d` with `R = 2 s B d + d^2`, so `q >= floor(d)`
/// and `q - d <= d^2 / (2 s B) < 1` (`d < B`, `s >= B / 2`): at most a
/// unit or two above the floor of the root, which the squares settle
/// (`over(x)`: `x^2 > n`).
#[inline]
fn low_digit_settle(mut x: u128, over: impl Fn(u128) -> bool) -> u128 {
    while over(x) {
        x -= 1;
    }
    x
}

#[cfg(test)]
mod tests;
