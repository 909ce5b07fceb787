//! Integer square roots, rounded down, exactly: `floor(sqrt(n))` for 64-,
//! 128- and 256-bit `n`.
//!
//! Each root starts above the answer and takes Newton steps `x <- floor((x +
//! floor(n / x)) / 2)`, which never go below `floor(sqrt(n))` from there.
//! A final correction (`x <- x - 1` while `x^2 > n`) makes the result exact
//! whatever the steps leave, so the start and the number of steps decide
//! only the speed:
//!
//! - 64 bits: a 192-entry table of roots of the top 8 bits (relative error
//!   below `2^-7`), then three steps with the 64-bit division, each about
//!   doubling the correct bits (`2^-15`, `2^-31`, then within a unit or
//!   two of the root).
//! - 128 bits: the 64-bit root of the top 62 to 64 bits, plus one, shifted
//!   (relative error below `2^-31`), then one step with the platform's
//!   128-by-64-bit division (its quotient `n / x <= sqrt(n) < 2^64` fits):
//!   within about two units.
//! - 256 bits: the same from the 128-bit root of the top 127 or 128 bits,
//!   with one 256-by-128-bit division.

use super::u256::{U256, div_full, mul_full};

/// `ceil(sqrt((i + 65) 2^56))` for `i` in `0..192`, capped at `2^32 - 1`:
/// at or above the root of every 64-bit value whose top byte is `i + 64`
/// (a value shifted left by an even amount until its top two bits are not
/// both zero).
// Built at compile time (no iterators in a const): `i < 192`, the length.
#[allow(clippy::indexing_slicing)]
const ROOTS: [u32; 192] = {
    let mut t = [0u32; 192];
    let mut i = 0;
    while i < 192 {
        let n = ((i as u128) + 65) << 56;
        // The smallest x with x^2 >= n, by bisection on [2^31, 2^32].
        let (mut lo, mut hi) = (1u128 << 31, 1u128 << 32);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if mid * mid >= n {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        t[i] = if lo > u32::MAX as u128 {
            u32::MAX
        } else {
            lo as u32
        };
        i += 1;
    }
    t
};

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
    // The top byte is 64..=255: an entry of the table.
    let top = usize::from((m >> 56) as u8);
    let mut x = ROOTS
        .get(top.wrapping_sub(64))
        .map_or(u64::from(u32::MAX), |&r| u64::from(r));
    // From at or above the root: m / x < 2^33, no overflow.
    for _ in 0..3 {
        x = (x + m / x) >> 1;
    }
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

/// `floor(sqrt(n))` for `n >= 2^64` (below `2^64`).
fn isqrt_u64_above(n: u128) -> u64 {
    // n = top 4^j + rest with top in [2^62, 2^64) and 1 <= j <= 32: sqrt(n)
    // < (floor(sqrt(top)) + 1) 2^j, at most 2^64 (capped at 2^64 - 1, still
    // at or above the floor of the root, which is below 2^64).
    let bits = u128::BITS - n.leading_zeros();
    let j = (bits - 63) / 2;
    let top = (n >> (2 * j)) as u64;
    let start = u128::from(isqrt_u64(top) + 1) << j;
    let x = u64::try_from(start).unwrap_or(u64::MAX);
    // One step: x >= sqrt(n) gives n / x <= sqrt(n) < 2^64, so n < x 2^64:
    // the narrow division applies. Only the capped start can be below
    // sqrt(n), when n >= (2^64 - 1) 2^64 > (2^64 - 1)^2: that is the root.
    if (n >> 64) as u64 >= x {
        return x;
    }
    let (q, _) = crate::arch::div_rem_narrow(n, x);
    let mut x = ((u128::from(x) + u128::from(q)) >> 1) as u64;
    while u128::from(x) * u128::from(x) > n {
        x -= 1;
    }
    x
}

/// `floor(sqrt(n))`: below 2^128 for every `n`. One Newton step from
/// above (one `div_full`), started one above the root of the top 127 or
/// 128 bits (scaled back), then a correction by squares.
pub(crate) fn isqrt_u256(n: U256) -> u128 {
    if n.0 == 0 {
        return isqrt_u128(n.1);
    }
    // n = top * 4^j + rest, top below 2^128, 1 <= j <= 64: sqrt(n) <
    // (isqrt(top) + 1) 2^j, capped at the largest root there is.
    let j = (128 - n.0.leading_zeros()).div_ceil(2);
    let top = if j == 64 {
        n.0
    } else {
        (n.0 << (128 - 2 * j)) | (n.1 >> (2 * j))
    };
    let s = isqrt_u128(top) + 1;
    let x = if s >> (128 - j) != 0 {
        u128::MAX
    } else {
        s << j
    };
    // top >= 2^126, so the start is within a factor 1 + 2^-63 of the root:
    // one Newton step (which stays at or above the floor of the root)
    // leaves it within a few units, and the squares settle the rest.
    // x >= sqrt(n) > n.0, so the quotient fits (were it not, q = x keeps
    // x, and the squares still end at the root).
    let q = div_full(n, x).map_or(x, |(q, _)| q);
    // floor((x + q) / 2) without overflow.
    let mut x = (x >> 1) + (q >> 1) + (x & q & 1);
    while mul_full(x, x) > n {
        x -= 1;
    }
    x
}

#[cfg(test)]
mod tests;
