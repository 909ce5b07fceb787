//! Exact times: a time is the fraction `num / den` of two integers, never
//! divided until a query reports it. Two times compare by
//! cross-multiplication, `n1 * d2` against `n2 * d1`: one widening
//! multiplication each when the denominator is an `i64`.

use crate::kernel::below;
use crate::kernel::divide::{Divide, OneOff};
use crate::num::{Fx, Round};
use core::cmp::Ordering;

/// The denominator of a [`Time`]: a velocity magnitude, non-negative.
/// [`i64`] (magnitudes below 2^63: every ray, and every sweep in practice)
/// multiplies with one instruction; [`u64`] covers the rest (a displacement
/// of `i64::MIN` bits, or a relative displacement of two boxes beyond
/// `i64`).
pub(crate) trait Den: Copy + PartialEq {
    /// The magnitude zero.
    const ZERO: Self;
    /// The magnitude one.
    const ONE: Self;
    /// `n * self`, exact: `|n| <= 2^63` and `self < 2^64` give `< 2^127`.
    fn times(self, n: i64) -> i128;
    /// [`Den::times`] for two factors known only at run time (the slab
    /// comparisons): one signed multiplication for an `i64`, which the
    /// optimizer, knowing the magnitude non-negative, would otherwise
    /// replace by an unsigned one and two corrections. Against a constant
    /// (`0`, `1`, `2^32`) [`Den::times`] folds away instead.
    fn times_var(self, n: i64) -> i128;
    /// The magnitude as an unsigned integer.
    fn to_u64(self) -> u64;
    /// The bits as an `i64` (for [`blend`](crate::kernel::blend)).
    fn bits(self) -> i64;
    /// Back from [`Den::bits`].
    fn from_bits(bits: i64) -> Self;
}

impl Den for i64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline(always)]
    fn times(self, n: i64) -> i128 {
        i128::from(n) * i128::from(self)
    }
    #[inline(always)]
    fn times_var(self, n: i64) -> i128 {
        crate::arch::mul_wide(n, self)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn bits(self) -> i64 {
        self
    }
    #[inline(always)]
    fn from_bits(bits: i64) -> Self {
        bits
    }
}

impl Den for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline(always)]
    fn times(self, n: i64) -> i128 {
        i128::from(n) * i128::from(self)
    }
    #[inline(always)]
    fn times_var(self, n: i64) -> i128 {
        self.times(n)
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self
    }
    #[inline(always)]
    fn bits(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn from_bits(bits: i64) -> Self {
        bits as u64
    }
}

/// An exact time `num / den`: finite when `den > 0`; when `den = 0`, minus
/// infinity for a negative `num` and plus infinity for a positive one
/// (`0 / 0` is not a time).
///
/// Ordered by value, by cross-multiplication and no division: `n1 / d1 <
/// n2 / d2` exactly when `n1 * d2 < n2 * d1`, except for two infinite times
/// (both products zero), ordered by the signs of their numerators. Every
/// numerator is an `i64` and every denominator below 2^64, so each product
/// is below 2^127 in magnitude: exact in `i128`. Equality is equality of
/// values (`1 / 2 == 2 / 4`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Time<T> {
    pub(crate) num: i64,
    pub(crate) den: T,
}

impl<T: Den> Time<T> {
    /// Time zero.
    pub(crate) const ZERO: Self = Self {
        num: 0,
        den: T::ONE,
    };
    /// Time one: the end of a step.
    pub(crate) const ONE: Self = Self {
        num: 1,
        den: T::ONE,
    };
    /// Plus infinity: later than every finite time (never).
    pub(crate) const NEVER: Self = Self {
        num: 1,
        den: T::ZERO,
    };

    /// The time `num / den`.
    #[inline(always)]
    pub(crate) fn new(num: i64, den: T) -> Self {
        Self { num, den }
    }

    /// Whether the time is finite (`den > 0`).
    #[inline(always)]
    pub(crate) fn is_finite(&self) -> bool {
        self.den.to_u64() != 0
    }

    /// The cross products `(self.num * other.den, other.num * self.den)`:
    /// in the order of the two times unless both are infinite.
    #[inline(always)]
    fn cross(&self, other: &Self) -> (i128, i128) {
        (other.den.times(self.num), self.den.times(other.num))
    }

    /// [`Time::cross`] for two times known only at run time, by
    /// [`Den::times_var`].
    #[inline(always)]
    fn cross_var(&self, other: &Self) -> (i128, i128) {
        (other.den.times_var(self.num), self.den.times_var(other.num))
    }

    /// [`Time::precedes`] for two times known only at run time (neither a
    /// constant such as [`Time::ONE`]), by [`Den::times_var`].
    #[inline(always)]
    pub(crate) fn precedes_var(&self, other: &Self, strict: bool) -> bool {
        let (a, b) = self.cross_var(other);
        if strict { a < b } else { a <= b }
    }

    /// `self < other` (`strict`) or `self <= other`, by the cross products
    /// alone: the order of the two times when at most one is infinite (as
    /// when one is a finite bound, or [`Time::NEVER`] against times that
    /// are never minus infinity). One comparison, none of the tie-break of
    /// [`Ord`].
    #[inline(always)]
    pub(crate) fn precedes(&self, other: &Self, strict: bool) -> bool {
        let (a, b) = self.cross(other);
        if strict { a < b } else { a <= b }
    }

    /// All ones when `self < other`, else zero, without a branch (see
    /// [`below`]): the comparison of the slab folds. Requires numerators
    /// within 2^62 (the cross products below 2^126 differ by less than
    /// 2^127) and not both times infinite.
    #[inline(always)]
    pub(crate) fn before_mask(&self, other: &Self) -> i64 {
        let (a, b) = self.cross_var(other);
        below(a, b)
    }

    /// The time as a scalar in `[0, 1]`, rounded in the given direction.
    /// Requires `0 <= num <= den`, `den > 0`. One division (a single one
    /// does not pay for a reciprocal; the divisor fits 64 bits and the
    /// quotient 33, so it is one hardware division where there is one,
    /// [`OneOff`]).
    #[inline(always)]
    pub(crate) fn to_unit_fx(self, round: Round) -> Fx {
        // num 2^32 < 2^96 and the quotient is at most 2^32.
        let (q, r) = OneOff(self.den.to_u64()).div_rem(u128::from(self.num as u64) << 32);
        let up = round == Round::Up && r != 0;
        Fx::from_bits((q + u64::from(up)) as i64)
    }
}

impl Time<i64> {
    /// The scalar `x` as a time: `x.to_bits() / 2^32`, exact.
    #[inline(always)]
    pub(crate) fn from_fx(x: Fx) -> Self {
        Self::new(x.to_bits(), 1 << 32)
    }
}

impl<T: Den> Ord for Time<T> {
    #[inline(always)]
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = self.cross(other);
        // Equal products: equal finite values (numerators of one sign), or
        // two infinite times (ordered by their signs).
        a.cmp(&b).then(self.num.signum().cmp(&other.num.signum()))
    }
}

impl<T: Den> PartialOrd for Time<T> {
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Den> PartialEq for Time<T> {
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<T: Den> Eq for Time<T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::prelude::rust_2024::*;

    /// A time with a numerator near `num` and a denominator from `dens`,
    /// or one of the two infinities.
    fn draw(rng: &mut Rng, dens: &[u64]) -> Time<u64> {
        match rng.below(8) {
            0 => Time::new(-1 - rng.range_i64(0, 3), 0),
            1 => Time::new(1 + rng.range_i64(0, 3), 0),
            _ => Time::new(
                rng.range_i64(-40, 40),
                dens[rng.below(dens.len() as u64) as usize],
            ),
        }
    }

    /// The value as a number comparable across times: infinities as
    /// `(sign, 0)`, finite times as the exact rational `(0, num / den)`
    /// compared by cross products of small values.
    fn reference(a: &Time<u64>, b: &Time<u64>) -> Ordering {
        let rank = |t: &Time<u64>| match (t.den, t.num.signum()) {
            (0, s) => s,
            _ => 0,
        };
        rank(a).cmp(&rank(b)).then_with(|| {
            if a.den == 0 {
                return Ordering::Equal;
            }
            (i128::from(a.num) * i128::from(b.den)).cmp(&(i128::from(b.num) * i128::from(a.den)))
        })
    }

    #[test]
    fn time_order_is_the_order_of_values() {
        let mut rng = Rng::new(0x71AE);
        let dens = [1, 2, 3, 4, 6, 7, 12];
        for _ in 0..100_000 {
            let (a, b) = (draw(&mut rng, &dens), draw(&mut rng, &dens));
            assert_eq!(a.cmp(&b), reference(&a, &b), "{a:?} {b:?}");
            assert_eq!(a == b, reference(&a, &b) == Ordering::Equal, "{a:?} {b:?}");
        }
    }

    #[test]
    fn time_order_is_exact_at_the_magnitude_bounds() {
        // Numerators of any i64, denominators up to u64::MAX: products up to
        // 2^127 - 2^64 in magnitude, and neighbours one unit apart.
        let big = u64::MAX;
        let cases = [
            (
                Time::new(i64::MAX, big),
                Time::new(i64::MAX, big - 1),
                Ordering::Less,
            ),
            (
                Time::new(i64::MIN, big),
                Time::new(i64::MIN, big - 1),
                Ordering::Greater,
            ),
            (
                Time::new(i64::MIN, 1),
                Time::new(i64::MAX, 1),
                Ordering::Less,
            ),
            (Time::new(i64::MAX, 1), Time::NEVER, Ordering::Less),
            (Time::new(i64::MIN, 1), Time::new(-1, 0), Ordering::Greater),
            (Time::new(-1, 0), Time::NEVER, Ordering::Less),
            (Time::new(1, 2), Time::new(2, 4), Ordering::Equal),
            (Time::new(0, big), Time::ZERO, Ordering::Equal),
        ];
        for (a, b, want) in cases {
            assert_eq!(a.cmp(&b), want, "{a:?} {b:?}");
            assert_eq!(b.cmp(&a), want.reverse(), "{b:?} {a:?}");
        }
    }

    #[test]
    fn before_mask_agrees_with_the_order_of_times() {
        let mut rng = Rng::new(0xB4);
        let dens = [1, 3, 5, 8];
        for _ in 0..50_000 {
            let (a, b) = (draw(&mut rng, &dens), draw(&mut rng, &dens));
            if a.is_finite() || b.is_finite() {
                assert_eq!(a.before_mask(&b), -i64::from(a < b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn unit_times_round_in_the_given_direction() {
        // (num, den, down, up) in raw bits of Fx.
        let third = 0x5555_5555;
        for (num, den, down, up) in [
            (0, 7, 0, 0),
            (7, 7, 1 << 32, 1 << 32),
            (1, 3, third, third + 1),
            (1, 2, 1 << 31, 1 << 31),
            (1, u64::MAX, 0, 1),
        ] {
            let t = Time::<u64>::new(num, den);
            assert_eq!(t.to_unit_fx(Round::Down).to_bits(), down, "{t:?}");
            assert_eq!(t.to_unit_fx(Round::Up).to_bits(), up, "{t:?}");
        }
    }
}
