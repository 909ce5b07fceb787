//! A 1024-bit signed integer for the exact predicates on curved shapes.
//!
//! Two's complement over sixteen little-endian 64-bit limbs; addition,
//! subtraction and multiplication wrap modulo 2^1024 and never panic. The
//! callers keep every value below 2^1000 in magnitude (each documents its
//! budget), so nothing wraps and every result is the exact integer.
//! Multiplication only touches the significant limbs, so small values stay
//! cheap.

use crate::num::Fx;
use core::cmp::Ordering;

const N: usize = 16;

/// A signed 1024-bit integer (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Big([u64; N]);

impl Big {
    #[cfg(test)]
    pub(crate) const ZERO: Big = Big([0; N]);

    /// The value of `v`.
    pub(crate) fn from(v: i128) -> Big {
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut l = [fill; N];
        l[0] = v as u64;
        l[1] = (v >> 64) as u64;
        Big(l)
    }

    /// The exact product of two `i128`.
    pub(crate) fn prod(a: i128, b: i128) -> Big {
        Big::from(a).mul(Big::from(b))
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.0 == [0; N]
    }

    pub(crate) fn add(self, o: Big) -> Big {
        let mut r = [0u64; N];
        let mut carry = false;
        for ((slot, x), y) in r.iter_mut().zip(self.0).zip(o.0) {
            let (s1, c1) = x.overflowing_add(y);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Big(r)
    }

    pub(crate) fn neg(self) -> Big {
        Big(self.0.map(|l| !l)).add(Big::from(1))
    }

    pub(crate) fn sub(self, o: Big) -> Big {
        self.add(o.neg())
    }

    /// The magnitude's limbs and how many are significant.
    fn magnitude(self) -> ([u64; N], usize) {
        let m = if self.is_negative() { self.neg() } else { self };
        let len = m.0.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        (m.0, len)
    }

    /// The product (schoolbook on the significant limbs of the magnitudes).
    // Schoolbook indices: `i < la.min(N)`, `j < lb.min(N - i)` (`la, lb <=
    // N`), so `i`, `j` and `i + j` are all below `N`.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn mul(self, o: Big) -> Big {
        let ((a, la), (b, lb)) = (self.magnitude(), o.magnitude());
        let mut r = [0u64; N];
        for i in 0..la.min(N) {
            let mut carry: u128 = 0;
            for j in 0..lb.min(N - i) {
                let t = u128::from(a[i]) * u128::from(b[j]) + u128::from(r[i + j]) + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
            if let Some(slot) = r.get_mut(i + lb) {
                *slot = carry as u64;
            }
        }
        let p = Big(r);
        if self.is_negative() != o.is_negative() {
            p.neg()
        } else {
            p
        }
    }

    /// `self * self`.
    pub(crate) fn square(self) -> Big {
        self.mul(self)
    }

    /// The number of significant bits of a non-negative value.
    fn bits(&self) -> u32 {
        match self.0.iter().enumerate().rev().find(|&(_, &l)| l != 0) {
            Some((i, l)) => 64 * i as u32 + (64 - l.leading_zeros()),
            None => 0,
        }
    }

    /// A non-negative value shifted left by `n < 64` bits.
    fn shl_small(self, n: u32) -> Big {
        if n == 0 {
            return self;
        }
        let mut r = [0u64; N];
        let mut below = 0u64;
        for (slot, l) in r.iter_mut().zip(self.0) {
            *slot = (l << n) | (below >> (64 - n));
            below = l;
        }
        Big(r)
    }

    /// A non-negative value shifted right by `n < 64` bits.
    fn shr_small(self, n: u32) -> Big {
        if n == 0 {
            return self;
        }
        let mut r = [0u64; N];
        let above = self.0.iter().skip(1).chain(core::iter::once(&0));
        for ((slot, l), &a) in r.iter_mut().zip(self.0).zip(above) {
            *slot = (l >> n) | (a << (64 - n));
        }
        Big(r)
    }

    /// A non-negative value shifted by any `n` bits (left when `left`).
    fn shift(self, n: u32, left: bool) -> Big {
        let mut v = self;
        let mut left_over = n;
        while left_over > 0 {
            let step = left_over.min(63);
            v = if left {
                v.shl_small(step)
            } else {
                v.shr_small(step)
            };
            left_over -= step;
        }
        v
    }

    /// `2^n` for `n < 1023`.
    pub(crate) fn pow2(n: u32) -> Big {
        Big::from(1).shift(n, true)
    }

    /// `floor(sqrt(self))` of a non-negative value (digit by digit, no
    /// division); zero for a negative one.
    pub(crate) fn isqrt(self) -> Big {
        if self.is_negative() || self.is_zero() {
            return Big::from(0);
        }
        let mut x = self;
        let mut r = Big::from(0);
        // The highest power of 4 not above `self`.
        let mut bit = Big::pow2((self.bits() - 1) & !1);
        while !bit.is_zero() {
            let t = r.add(bit);
            if x >= t {
                x = x.sub(t);
                r = r.shr_small(1).add(bit);
            } else {
                r = r.shr_small(1);
            }
            bit = bit.shr_small(2);
        }
        r
    }

    /// `ceil(sqrt(self))` of a non-negative value.
    pub(crate) fn ceil_sqrt(self) -> Big {
        let s = self.isqrt();
        if s.square() == self {
            s
        } else {
            s.add(Big::from(1))
        }
    }

    /// `floor(self / d)` for `d > 0` (shift and subtract).
    pub(crate) fn div_floor(self, d: Big) -> Big {
        let neg = self.is_negative();
        let n = if neg { self.neg() } else { self };
        // Unsigned long division of n by d.
        let mut q = Big::from(0);
        let mut rem = n;
        let (nb, db) = (n.bits(), d.bits());
        if nb >= db && db > 0 {
            let mut k = nb - db;
            let mut dk = d.shift(k, true);
            loop {
                if rem >= dk {
                    rem = rem.sub(dk);
                    q = q.add(Big::pow2(k));
                }
                if k == 0 {
                    break;
                }
                k -= 1;
                dk = dk.shr_small(1);
            }
        }
        if neg {
            // -(q + rem/d): floor is -q when rem = 0, else -q - 1.
            let q = q.neg();
            if rem.is_zero() {
                q
            } else {
                q.sub(Big::from(1))
            }
        } else {
            q
        }
    }

    /// `floor((p + sqrt(q)) / r)` (`plus`) or `floor((p - sqrt(q)) / r)`
    /// for `q >= 0`, `r > 0`, exactly: `x + sqrt(q)` lies in
    /// `[x + s, x + s + 1)` with `s = floor(sqrt(q))`, an interval whose
    /// inside holds no multiple of `r`, so the floor is that of
    /// `(p + s) / r`; likewise `p - sqrt(q)` is in `(p - c, p - c + 1]`
    /// with `c = ceil(sqrt(q))`, equal to `p - c` when `q` is a square.
    pub(crate) fn floor_root_div(p: Big, plus: bool, q: Big, r: Big) -> Big {
        let n = if plus {
            p.add(q.isqrt())
        } else {
            p.sub(q.ceil_sqrt())
        };
        n.div_floor(r)
    }

    /// `floor(a / sqrt(l))` for `l > 0`, exactly: `floor(+-sqrt(a^2 l) /
    /// l)` with the sign of `a` (see [`floor_root_div`](Self::floor_root_div)).
    /// The one form behind every rounded unit normal and every length over
    /// a root (`a` and `l` below 2^330).
    pub(crate) fn floor_over_root(a: Big, l: Big) -> Big {
        Big::floor_root_div(Big::from(0), !a.is_negative(), a.square().mul(l), l)
    }

    /// The value as an `Fx` of these raw bits, saturating at the ends of
    /// `Fx` (every caller's value lies within it).
    pub(crate) fn to_fx_saturating(self) -> Fx {
        let v = self.to_i128_saturating();
        Fx::from_bits(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64)
    }

    /// The value as an `i128`, saturating.
    pub(crate) fn to_i128_saturating(self) -> i128 {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let fits = self.0[2..].iter().all(|&l| l == fill)
            && ((self.0[1] >> 63 == 1) == self.is_negative());
        if fits {
            (u128::from(self.0[0]) | (u128::from(self.0[1]) << 64)) as i128
        } else if self.is_negative() {
            i128::MIN
        } else {
            i128::MAX
        }
    }
}

impl Ord for Big {
    fn cmp(&self, o: &Big) -> Ordering {
        match (self.is_negative(), o.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: two's complement orders like the unsigned limbs.
            _ => self.0.iter().rev().cmp(o.0.iter().rev()),
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, o: &Big) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

/// A fraction `num / den` of `i128`s with `den > 0`, compared exactly by
/// cross-multiplication in [`Big`]: the bounds of a clipped parameter
/// (ray against polygon edges, an incident edge against a strip).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ratio {
    pub(crate) num: i128,
    pub(crate) den: i128,
}

impl Ratio {
    /// `num / den` for `den != 0`, the sign moved to the numerator.
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

    /// `self < other`, exactly.
    pub(crate) fn lt(&self, other: &Ratio) -> bool {
        Big::prod(self.num, other.den) < Big::prod(other.num, self.den)
    }

    /// `floor(self * 2^32)` as raw `Fx` bits, exactly (saturating).
    pub(crate) fn floor_fx(&self) -> Fx {
        Big::from(self.num)
            .mul(Big::pow2(32))
            .div_floor(Big::from(self.den))
            .to_fx_saturating()
    }

    /// `floor(v + self * e)` (raw bits), exactly: a coordinate of the
    /// point at this parameter along `e` from `v`, rounded down.
    pub(crate) fn floor_along(&self, v: i128, e: i128) -> Fx {
        Big::prod(v, self.den)
            .add(Big::prod(self.num, e))
            .div_floor(Big::from(self.den))
            .to_fx_saturating()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_and_sums_match_i128_where_it_fits() {
        let vals = [
            0i128,
            1,
            -1,
            7,
            -7,
            1 << 62,
            -(1 << 62),
            i64::MAX as i128,
            i64::MIN as i128,
        ];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(Big::prod(a, b), Big::from(a * b), "{a} * {b}");
                assert_eq!(Big::from(a).add(Big::from(b)), Big::from(a + b));
                assert_eq!(Big::from(a).sub(Big::from(b)), Big::from(a - b));
                assert_eq!(Big::from(a).cmp(&Big::from(b)), a.cmp(&b));
            }
        }
    }

    #[test]
    fn roots_and_floors_match_u128_arithmetic() {
        for n in [
            0u128,
            1,
            2,
            3,
            4,
            15,
            16,
            17,
            1 << 100,
            (1 << 100) + 1,
            u128::MAX >> 1,
        ] {
            let s = Big::from(n as i128).isqrt();
            let want = crate::num::isqrt_u128(n) as i128;
            assert_eq!(s, Big::from(want), "isqrt {n}");
        }
        for (a, b) in [
            (7i128, 2i128),
            (-7, 2),
            (-8, 2),
            (0, 5),
            (1 << 100, 3),
            (-(1 << 100), 7),
        ] {
            assert_eq!(
                Big::from(a).div_floor(Big::from(b)),
                Big::from(a.div_euclid(b)),
                "{a}/{b}"
            );
        }
        // floor((10 - sqrt(50)) / 3) = floor(0.976..) = 0; floor((10 + sqrt(50)) / 3) = 5.
        let (p, q, r) = (Big::from(10), Big::from(50), Big::from(3));
        assert_eq!(Big::floor_root_div(p, false, q, r), Big::from(0));
        assert_eq!(Big::floor_root_div(p, true, q, r), Big::from(5));
        // A square: (10 - sqrt(49)) / 3 = 1 exactly.
        assert_eq!(
            Big::floor_root_div(p, false, Big::from(49), r),
            Big::from(1)
        );
        let big = Big::pow2(450).add(Big::from(12345));
        assert_eq!(big.square().isqrt(), big);
        assert_eq!(
            big.square().add(Big::from(1)).ceil_sqrt(),
            big.add(Big::from(1))
        );
        assert_eq!(Big::from(-5).to_i128_saturating(), -5);
        assert_eq!(big.to_i128_saturating(), i128::MAX);
    }

    #[test]
    fn wide_products_are_exact() {
        // (2^127 - 1)^2 = 2^254 - 2^128 + 1, and its negation orders below.
        let m = Big::from(i128::MAX);
        let sq = m.square();
        let want = Big::from(1)
            .mul(Big::from(1 << 126))
            .mul(Big::from(1 << 126))
            .mul(Big::from(4));
        let want = want
            .sub(Big::from(1).mul(Big::from(1 << 64)).mul(Big::from(1 << 64)))
            .add(Big::from(1));
        assert_eq!(sq, want);
        assert!(sq.neg() < Big::ZERO && sq.neg() < Big::from(i128::MIN));
        assert_eq!(sq.mul(sq.neg()).neg(), sq.square());
    }
}
