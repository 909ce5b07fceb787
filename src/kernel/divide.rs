//! Exact division of a 128-bit numerator by a 64-bit divisor, without the
//! 128-bit software division: the divisor's reciprocal is computed with
//! multiplications only (Möller and Granlund, "Improved division by invariant
//! integers", IEEE Trans. Computers 2011, algorithms 2 and 4), then each
//! quotient costs two multiplications and two corrections. Every result is
//! the exact floor quotient and remainder, on every platform.
//!
//! A [`Divisor`] is reusable: a prepared ray keeps one divisor per axis, so
//! its hits divide by multiplying. A single ray query divides only on a hit,
//! four times by one denominator: there [`OneOff`], the platform's own
//! 128-by-64-bit division (one instruction on x86-64), costs less than
//! building the reciprocal. Both are exact, so the answers are the same
//! everywhere; [`Divide`] is what both provide.

/// `floor((2^19 - 3 * 2^8) / i)` for `i` in `256..512`: the 11-bit first
/// approximation of the reciprocal, indexed by the top 9 bits of a
/// normalized divisor.
// Built at compile time (no iterators in a const): `i < 256`, the length.
#[allow(clippy::indexing_slicing)]
const RECIP_TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (0x7fd00 / (i as u32 + 256)) as u16;
        i += 1;
    }
    t
};

/// High half of the 128-bit product.
#[inline(always)]
fn mul_hi(a: u64, b: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) >> 64) as u64
}

/// `floor((2^128 - 1) / d) - 2^64` for `2^63 <= d < 2^64`, multiplications
/// only (the paper's algorithm 2, three Newton steps from the table and a
/// final adjustment; all arithmetic wraps modulo 2^64 as specified there).
#[inline(always)]
fn reciprocal(d: u64) -> u64 {
    // The top 9 bits minus the leading one: a byte, so the entry exists
    // (the `0` is never taken, and the check compiles away).
    let d9 = (d >> 55) as u8;
    let v0 = RECIP_TABLE
        .get(usize::from(d9))
        .map_or(0, |&v| u64::from(v));
    let d40 = (d >> 24) + 1;
    // v1 < 2^22, v0^2 * d40 < 2^22 * 2^40: no wrap.
    let v1 = (v0 << 11) - ((v0 * v0 * d40) >> 40) - 1;
    let v2 = (v1 << 13).wrapping_add(
        (1u64 << 60)
            .wrapping_sub(v1.wrapping_mul(d40))
            .wrapping_mul(v1)
            >> 47,
    );
    let d0 = d & 1;
    let d63 = (d >> 1) + d0;
    let e = ((v2 >> 1) & d0.wrapping_neg()).wrapping_sub(v2.wrapping_mul(d63));
    let v3 = (v2 << 31).wrapping_add(mul_hi(v2, e) >> 1);
    // v3 - floor((v3 + 2^64 + 1) d / 2^64) mod 2^64.
    let p = u128::from(v3) * u128::from(d) + u128::from(d);
    v3.wrapping_sub(((p >> 64) as u64).wrapping_add(d))
}

/// A non-zero divisor below 2^64, prepared for exact division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Divisor {
    /// The divisor shifted left until its top bit is set.
    norm: u64,
    /// Its reciprocal `floor((2^128 - 1) / norm) - 2^64`.
    recip: u64,
    /// The shift.
    shift: u32,
}

impl Divisor {
    /// Prepares `d`; `d = 0` is treated as 1 (callers never divide by 0;
    /// this keeps the function total).
    #[inline(always)]
    pub(crate) fn new(d: u64) -> Self {
        let d = d.max(1);
        let shift = d.leading_zeros();
        let norm = d << shift;
        Self {
            norm,
            recip: reciprocal(norm),
            shift,
        }
    }

    /// `(floor(n / d), n mod d)`. Requires `n < d * 2^64` (the quotient fits
    /// in 64 bits); larger numerators give a wrong quotient, never a panic.
    #[inline(always)]
    pub(crate) fn div_rem(&self, n: u128) -> (u64, u64) {
        // n < d 2^64 and d 2^shift < 2^64: n 2^shift < 2^128. The shift is
        // below 64, so the shifted halves are two word shifts (the bits
        // leaving the low word: (lo >> 1) >> (63 - shift), 0 for shift 0),
        // not a general 128-bit shift.
        let (hi, lo) = ((n >> 64) as u64, n as u64);
        let s = self.shift;
        let (u1, u0) = ((hi << s) | ((lo >> 1) >> (63 - s)), lo << s);
        let n = (u128::from(u1) << 64) | u128::from(u0);
        let d = self.norm;
        // The paper's algorithm 4 (2/1 division); u1 < d.
        let q = (u128::from(self.recip) * u128::from(u1)).wrapping_add(n);
        let q0 = q as u64;
        let q1 = ((q >> 64) as u64).wrapping_add(1);
        let r = u0.wrapping_sub(q1.wrapping_mul(d));
        // Both corrections as masks: the first is taken about half the time.
        let m = 0u64.wrapping_sub(u64::from(r > q0));
        let (q1, r) = (q1.wrapping_add(m), r.wrapping_add(m & d));
        let m = 0u64.wrapping_sub(u64::from(r >= d));
        let (q1, r) = (q1.wrapping_sub(m), r.wrapping_sub(m & d));
        (q1, r >> self.shift)
    }
}

/// Exact floor division of a 128-bit numerator by a fixed 64-bit divisor,
/// quotient below 2^64: [`Divisor`] (prepared reciprocal, for many
/// divisions) or [`OneOff`] (the platform's own division, for a few).
pub(crate) trait Divide {
    /// `(floor(n / d), n mod d)`. Requires `n < d * 2^64`.
    fn div_rem(&self, n: u128) -> (u64, u64);

    /// `floor(-m / d)` when `neg`, else `floor(m / d)`, branch-free.
    /// Requires `floor(m / d) < 2^63`.
    #[inline(always)]
    fn floor_signed(&self, m: u128, neg: bool) -> i64 {
        let (q, r) = self.div_rem(m);
        // floor(-m / d) = -(q + (r != 0)); as a mask: x ^ -1 - -1 = -x.
        let mask = -i64::from(neg);
        let up = i64::from(r != 0) & mask;
        ((q as i64 + up) ^ mask) - mask
    }
}

impl Divide for Divisor {
    #[inline(always)]
    fn div_rem(&self, n: u128) -> (u64, u64) {
        Divisor::div_rem(self, n)
    }
}

/// A non-zero divisor for a few divisions: each is the platform's 128-bit
/// by 64-bit division (one instruction on x86-64), no reciprocal to build.
/// `0` is treated as 1, as by [`Divisor::new`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct OneOff(pub(crate) u64);

impl Divide for OneOff {
    #[inline(always)]
    fn div_rem(&self, n: u128) -> (u64, u64) {
        let d = self.0.max(1);
        let hi = (n >> 64) as u64;
        if hi >= d {
            // The quotient needs more than 64 bits (never in this crate's
            // use): its low word, without a fault.
            return div_rem_wide(n, d);
        }
        crate::arch::div_rem_narrow(n, d)
    }
}

impl OneOff {
    /// `floor(x / d)` when it is the same for every `x` in the closed range
    /// `[lo, hi]`, else `None`: also when `lo > hi`, and when `|lo| / d` is
    /// `2^63 - 1` or more (its floor might leave `i64`). Exact: the floor
    /// at `lo`, then its remainder plus the range's width must stay below
    /// `d`.
    #[inline(always)]
    pub(crate) fn floor_range(&self, lo: i128, hi: i128) -> Option<i64> {
        let d = u128::from(self.0.max(1));
        if lo.unsigned_abs() >= d * (i64::MAX as u128) || hi < lo {
            return None;
        }
        let f = self.floor_signed(lo.unsigned_abs(), lo < 0);
        // |f| < 2^63 and d < 2^64: the product fits, and the remainder is
        // in [0, d); the width may not fit.
        let (d, rest) = (d as i128, lo - i128::from(f) * d as i128);
        let over = rest.checked_add(hi.checked_sub(lo)?)?;
        (over < d).then_some(f)
    }
}

/// `(floor(n / d), n mod d)` as words, the quotient truncated to 64 bits.
#[inline(always)]
pub(crate) fn div_rem_wide(n: u128, d: u64) -> (u64, u64) {
    let d = u128::from(d);
    let q = n / d;
    (q as u64, (n - q * d) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    /// xorshift64: a fixed, seeded sequence.
    fn next(x: &mut u64) -> u64 {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    #[test]
    fn reciprocal_matches_u128_division() {
        let mut x = 0x9e37_79b9_7f4a_7c15;
        let mut ds: Vec<u64> = vec![1 << 63, (1 << 63) + 1, u64::MAX, u64::MAX - 1];
        for i in 0..256u64 {
            // Both ends of every table interval.
            ds.push((256 + i) << 55);
            ds.push(((257 + i) << 55).wrapping_sub(1) | (1 << 63));
        }
        for _ in 0..200_000 {
            ds.push(next(&mut x) | (1 << 63));
        }
        for d in ds {
            let want = (u128::MAX / u128::from(d) - (1u128 << 64)) as u64;
            assert_eq!(reciprocal(d), want, "d = {d:#x}");
        }
    }

    #[test]
    fn div_rem_matches_u128_division() {
        let mut cases: Vec<(u128, u64)> = vec![
            (0, 1),
            (u128::from(u64::MAX), 1),
            (
                (u128::from(u64::MAX) << 64) | u128::from(u64::MAX),
                u64::MAX,
            ),
            (u128::from(u64::MAX) << 64, u64::MAX),
            (1 << 64, 2),
            (3, 3),
            (2, 3),
        ];
        cases.extend(narrow_cases(0x2545_f491_4f6c_dd1d));
        for (n, d) in cases {
            let want = ((n / u128::from(d)) as u64, (n % u128::from(d)) as u64);
            assert_eq!(Divisor::new(d).div_rem(n), want, "n = {n:#x}, d = {d:#x}");
        }
    }

    /// Seeded divisions with quotients below 2^64: divisors of every bit
    /// length, random remainders, exact multiples and one below them.
    fn narrow_cases(seed: u64) -> Vec<(u128, u64)> {
        let (mut x, mut cases) = (seed, Vec::new());
        for _ in 0..200_000 {
            let bits = 1 + next(&mut x) % 64;
            let d = (next(&mut x) >> (64 - bits)).max(1);
            let q = next(&mut x) >> (next(&mut x) % 64);
            let r = next(&mut x) % d;
            // q d + r < d 2^64.
            cases.push((u128::from(q) * u128::from(d) + u128::from(r), d));
            let m = u128::from(q) * u128::from(d);
            cases.push((m, d));
            cases.push((m.saturating_sub(1), d));
        }
        cases
    }

    #[test]
    fn one_off_matches_u128_division() {
        // (numerator, divisor): quotients of 64 bits and more (the low word
        // is kept), divisor 0 (taken as 1), and random narrow cases.
        let mut cases: Vec<(u128, u64)> = vec![
            (u128::MAX, u64::MAX),
            (u128::MAX, 1),
            (1 << 64, 1),
            (5, 0),
            ((u128::from(u64::MAX) << 64) - 1, u64::MAX),
        ];
        cases.extend(narrow_cases(0x853c_49e6_748f_ea9b));
        for (n, d) in cases {
            let dd = u128::from(d.max(1));
            let want = ((n / dd) as u64, (n % dd) as u64);
            assert_eq!(OneOff(d).div_rem(n), want, "n = {n:#x}, d = {d:#x}");
        }
    }

    #[test]
    fn floor_range_is_some_only_when_both_ends_share_the_floor() {
        let mut x = 0x6a09_e667_f3bc_c908;
        // (lo, hi, d), then seeded ranges up to two divisors wide.
        let mut cases: Vec<(i128, i128, u64)> = vec![
            (0, 0, 1),                                                   // a point
            (-1, 0, 1),                          // across zero, unit divisor
            (-3, -1, 3),                         // one whole negative cell
            (-3, 0, 3),                          // one past it
            (5, 4, 7),                           // an empty range
            (i128::MIN, i128::MAX, 5),           // a width beyond i128
            (-(1 << 126), -(1 << 126), 1 << 63), // the floor at -2^63
            (1 << 126, 1 << 126, 1 << 63),       // the floor at 2^63: outside i64
            (-(1 << 126) + (1 << 63), -(1 << 126) + (1 << 63), 1 << 63), // 1 - 2^63
            (i128::MIN, i128::MIN, u64::MAX),    // the numerator at its least
        ];
        for _ in 0..100_000 {
            let d = (next(&mut x) >> (next(&mut x) % 64)).max(1);
            let lo = (next(&mut x) as i64 as i128) << (next(&mut x) % 40);
            let width = (u128::from(next(&mut x)) % (2 * u128::from(d))) as i128;
            cases.push((lo, lo + width, d));
        }
        for (lo, hi, d) in cases {
            let dd = i128::from(d);
            let (f_lo, f_hi) = (lo.div_euclid(dd), hi.div_euclid(dd));
            // The floor must be inside i64 with one to spare.
            let small = lo.unsigned_abs() < u128::from(d) * (i64::MAX as u128);
            let want = (lo <= hi && f_lo == f_hi && small).then_some(f_lo as i64);
            assert_eq!(OneOff(d).floor_range(lo, hi), want, "[{lo}, {hi}] / {d}");
        }
    }

    #[test]
    fn floor_signed_rounds_toward_negative_infinity() {
        // (numerator, divisor, floor): signs, exact and inexact quotients.
        let cases: [(i128, u64, i128); 8] = [
            (7, 2, 3),
            (-7, 2, -4),
            (-8, 2, -4),
            (0, 5, 0),
            (-1, 5, -1),
            (-(1i128 << 100), 3 << 40, -((1i128 << 60) + 2) / 3),
            ((1i128 << 100) + 1, 1 << 40, 1 << 60),
            (-((1i128 << 100) + 1), 1 << 40, -(1 << 60) - 1),
        ];
        for (n, d, want) in cases {
            let (m, neg) = (n.unsigned_abs(), n < 0);
            let got = Divisor::new(d).floor_signed(m, neg);
            assert_eq!(i128::from(got), want, "Divisor: n = {n}, d = {d}");
            let got = OneOff(d).floor_signed(m, neg);
            assert_eq!(i128::from(got), want, "OneOff: n = {n}, d = {d}");
        }
    }
}
