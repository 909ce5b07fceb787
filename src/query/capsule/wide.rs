//! A 512-bit signed integer for the exact predicates on curved shapes.
//!
//! Two's complement over eight little-endian 64-bit limbs; addition,
//! subtraction and multiplication wrap modulo 2^512 and never panic. The
//! callers keep every value below 2^500 in magnitude (each documents its
//! budget), so nothing wraps and every result is the exact integer.

use core::cmp::Ordering;

const N: usize = 8;

/// A signed 512-bit integer (see the module docs).
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
        for (i, slot) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
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
