//! Raw bits widened to `i128`, for the exact products of the
//! separating-axis test (where sums of products of products exceed `i64`).

use crate::num::wide;
use crate::vec::Vector;

/// Raw bits of every component, widened.
#[inline]
pub(crate) fn wide_vec<const D: usize>(v: &Vector<D>) -> [i128; D] {
    v.0.map(wide)
}

/// Dot product of raw-bit vectors (the caller bounds the magnitudes).
#[inline]
pub(crate) fn dot_wide<const D: usize>(a: &[i128; D], b: &[i128; D]) -> i128 {
    a.iter().zip(b).fold(0, |s, (x, y)| s + x * y)
}

/// `x` for `x >= 0`, `-x - 1` for `x < 0`: below `2^n` iff `-2^n <= x <
/// 2^n`, so the OR of several bounds them all with one test.
#[inline(always)]
pub(crate) fn magnitude(x: i64) -> i64 {
    x ^ (x >> 63)
}

/// Dot product of `i64` raw-bit vectors in `i128`, one widening product
/// per component, for slices of one length (the caller bounds the sum:
/// for components below 2^55 in 3D it stays below 2^112).
#[inline(always)]
pub(crate) fn dot64(a: &[i64], b: &[i64]) -> i128 {
    a.iter()
        .zip(b)
        .fold(0, |s, (&x, &y)| s + i128::from(x) * i128::from(y))
}

/// `a * b` for factors within `i64` (every caller's budget: below 2^55),
/// as one 64-by-64-bit multiplication instead of the full 128-bit one
/// (the optimizer cannot see that a difference of widened values fits).
#[inline(always)]
pub(crate) fn mul64(a: i128, b: i128) -> i128 {
    debug_assert!(i64::try_from(a).is_ok() && i64::try_from(b).is_ok());
    i128::from(a as i64) * i128::from(b as i64)
}
