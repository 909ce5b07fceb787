//! The 256-bit fractions against `num-bigint`, over `i128`s biased to the
//! edges of the arithmetic: zero, one, powers of two and their neighbours,
//! all-ones words, and divisors whose top word makes the quotient estimate
//! of the long division too large.

use super::*;
use crate::query::capsule::wide::props::config;
use num_bigint::BigInt;
use num_integer::Integer;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// A magnitude biased to the edges, below 2^127.
pub(crate) fn magnitude() -> impl Strategy<Value = i128> {
    prop_oneof![
        3 => any::<i128>().prop_map(|v| v & i128::MAX),
        2 => (any::<i128>(), 0u32..127).prop_map(|(v, k)| (v & i128::MAX) >> k),
        1 => Just(0i128),
        1 => Just(1i128),
        1 => Just(i128::MAX),
        1 => (0u32..127).prop_map(|k| 1i128 << k),
        1 => (1u32..127).prop_map(|k| (1i128 << k) - 1),
        1 => (1u32..127).prop_map(|k| (1i128 << k) + 1),
        // A top word of ones over anything: Knuth's estimate too large.
        1 => any::<u64>().prop_map(|lo| (i128::from(i64::MAX) << 64) | i128::from(lo)),
    ]
}

/// A value of either sign, never `i128::MIN`.
pub(crate) fn value() -> impl Strategy<Value = i128> {
    (any::<bool>(), magnitude()).prop_map(|(neg, m)| if neg { -m } else { m })
}

/// A value at least 1.
pub(crate) fn positive() -> impl Strategy<Value = i128> {
    magnitude().prop_map(|m| m.max(1))
}

/// A non-zero value of either sign.
pub(crate) fn nonzero() -> impl Strategy<Value = i128> {
    (any::<bool>(), positive()).prop_map(|(neg, m)| if neg { -m } else { m })
}

pub(crate) fn big(hi_lo: (u128, u128)) -> BigInt {
    (BigInt::from(hi_lo.0) << 128u32) + BigInt::from(hi_lo.1)
}

fn clamp_fx(v: BigInt) -> BigInt {
    v.clamp(BigInt::from(i64::MIN), BigInt::from(i64::MAX))
}

#[test]
fn unit_components_of_exact_lengths() {
    // (3, 4) / 5 and (-3, -4) / 5: exact below 2^32, so the floors equal
    // the ceilings' negations.
    let l = 25 << 20;
    let (c3, c4) = (3 << 10, 4 << 10);
    assert_eq!(floor_unit(c3, l).to_bits(), (3i64 << 32) / 5);
    assert_eq!(floor_unit(-c4, l).to_bits(), -((4i64 << 32) / 5) - 1);
    assert_eq!(floor_unit(5 << 10, l).to_bits(), 1 << 32);
    assert_eq!(floor_unit(-(5 << 10), l).to_bits(), -(1 << 32));
    assert_eq!(floor_unit(0, 0), Fx::ZERO);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ratios_match_bigint(n1 in value(), d1 in nonzero(), n2 in value(), d2 in nonzero(), v in any::<i64>(), e in value()) {
        let (a, b) = (Ratio::new(n1, d1), Ratio::new(n2, d2));
        prop_assert!(a.den > 0 && b.den > 0);
        let lhs = BigInt::from(a.num) * BigInt::from(b.den);
        let rhs = BigInt::from(b.num) * BigInt::from(a.den);
        prop_assert_eq!(a.lt(&b), lhs < rhs, "{:?} < {:?}", a, b);
        prop_assert_eq!(b.lt(&a), rhs < lhs, "{:?} < {:?}", b, a);
        let fl = (BigInt::from(a.num) << 32u32).div_floor(&BigInt::from(a.den));
        prop_assert_eq!(BigInt::from(a.floor_fx().to_bits()), clamp_fx(fl), "floor_fx {:?}", a);
        let v = i128::from(v);
        let al = (BigInt::from(v) * BigInt::from(a.den) + BigInt::from(a.num) * BigInt::from(e)).div_floor(&BigInt::from(a.den));
        prop_assert_eq!(BigInt::from(a.floor_along(v, e).to_bits()), clamp_fx(al), "floor_along {:?} {} {}", a, v, e);
    }

    #[test]
    fn unit_components_match_bigint(x in value(), y in value(), k in 0u32..54) {
        // A vector of components below 2^54 (the polygons' edge normals).
        let (x, y) = (x >> (73 + k), y >> 73);
        prop_assume!(x != 0 || y != 0);
        let l = (x * x + y * y) as u128;
        for c in [x, y] {
            // floor(2^32 c / sqrt(l)): the largest q with q sqrt(l) <= 2^32 c.
            let (c2, lb) = (BigInt::from(c), BigInt::from(l));
            let root = ((&c2 * &c2) << 64u32) * &lb;
            let mag = root.sqrt().div_floor(&lb);
            let exact = &mag * &mag * &lb == (&c2 * &c2) << 64u32;
            let want = if c >= 0 { mag } else { -mag - i32::from(!exact) };
            prop_assert_eq!(BigInt::from(floor_unit(c, l).to_bits()), want, "({}, {}) component {}", x, y, c);
        }
    }
}
