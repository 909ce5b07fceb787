//! The 512-bit integers against `num-bigint`: sums, products, shifts and
//! small-quotient division, over products of `i128`s biased to the limb
//! edges.

use super::*;
use crate::query::capsule::wide::props::config;
use num_bigint::BigInt;
use num_integer::Integer;
use proptest::prelude::*;

/// The exact value.
fn big(w: &Wide) -> BigInt {
    let mut v = BigInt::from(0);
    for &l in w.mag.iter().rev() {
        v = (v << 64) + BigInt::from(l);
    }
    if w.neg { -v } else { v }
}

/// An `i128` with a random bit length, often at a power of two or one
/// below it.
fn part() -> impl Strategy<Value = i128> {
    (0u32..127, any::<i128>(), 0u8..4).prop_map(|(bits, x, edge)| {
        let m = if bits == 0 {
            0
        } else {
            x & ((1i128 << bits) - 1)
        };
        let v = match edge {
            0 => 1i128 << bits,
            1 => (1i128 << bits) - 1,
            _ => m,
        };
        if x < 0 { -v } else { v }
    })
}

/// A product of up to three parts: below 2^381 in magnitude.
fn value() -> impl Strategy<Value = Wide> {
    (part(), part(), part(), 0u8..3).prop_map(|(a, b, c, n)| match n {
        0 => Wide::from_i128(a),
        1 => Wide::prod(a, b),
        _ => Wide::prod(a, b).mul(Wide::from_i128(c)),
    })
}

#[test]
fn bit_lengths_and_signs() {
    assert_eq!(Wide::ZERO.bits(), 0);
    assert_eq!(Wide::from_i128(1).bits(), 1);
    assert_eq!(Wide::from_i128(-1).bits(), 1);
    assert_eq!(Wide::from_i128(1).shl(511).bits(), 512);
    assert_eq!(Wide::from_i128(-5).signum(), Ordering::Less);
    assert_eq!(Wide::from_i128(5).sub(Wide::from_i128(5)), Wide::ZERO);
    assert!(!Wide::from_i128(5).sub(Wide::from_i128(5)).is_negative());
    assert_eq!(Wide::from_i128(0).neg(), Wide::ZERO);
}

#[test]
fn division_refuses_large_quotients_and_zero() {
    let one = Wide::from_i128(1);
    assert!(one.floor_div(&Wide::ZERO).is_none());
    assert!(one.shl(62).floor_div(&one).is_none());
    assert_eq!(one.shl(61).floor_div(&one), Some((1 << 61, Wide::ZERO)));
    // -7 = -3 * 3 + 2.
    let (q, r) = Wide::from_i128(-7).floor_div(&Wide::from_i128(3)).unwrap();
    assert_eq!((q, r), (-3, Wide::from_i128(2)));
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sums_and_products_match_bigint(a in value(), b in value()) {
        prop_assert_eq!(big(&a.add(b)), big(&a) + big(&b));
        prop_assert_eq!(big(&a.sub(b)), big(&a) - big(&b));
        let (x, y) = (Wide::from_i128(a.mag[0] as i128), b);
        prop_assert_eq!(big(&x.mul(y)), big(&x) * big(&y));
        prop_assert_eq!(a.cmp(&b), big(&a).cmp(&big(&b)));
    }

    #[test]
    fn wide_products_match_bigint(a in part(), b in part(), c in part(), d in part()) {
        let p = Wide::prod(a, b).mul(Wide::prod(c, d));
        prop_assert_eq!(big(&p), BigInt::from(a) * b * c * d);
    }

    #[test]
    fn shifts_match_bigint(a in value(), k in 0u32..128) {
        prop_assert_eq!(big(&a.shl(k)), big(&a) << k);
        let down = a.shr_u256(k);
        let want: BigInt = big(&a.abs()) >> k;
        match down {
            Some((hi, lo)) => prop_assert_eq!((BigInt::from(hi) << 128) + lo, want),
            None => prop_assert!(want.bits() > 256),
        }
    }

    #[test]
    fn division_matches_bigint(a in value(), z in value(), k in 0u32..64) {
        let z = z.abs();
        prop_assume!(z != Wide::ZERO);
        // A numerator near a multiple of z: the quotient's range is covered.
        let n = z.mul(Wide::from_i128(i128::from(k) - 32)).shl(k % 61).add(a.shr_small());
        let got = n.floor_div(&z);
        let (q, r) = big(&n).div_mod_floor(&big(&z));
        match got {
            Some((gq, gr)) => {
                prop_assert_eq!(BigInt::from(gq), q);
                prop_assert_eq!(big(&gr), r);
            }
            None => prop_assert!(q.magnitude().bits() >= 61 || z == Wide::ZERO),
        }
    }
}

impl Wide {
    /// A value of this one's sign with its top half of bits dropped.
    fn shr_small(self) -> Wide {
        let k = self.bits() / 2;
        let m = self.shr_mag(k);
        Wide::make(self.neg, m)
    }
}
