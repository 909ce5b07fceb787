//! The word path's pieces against exact arithmetic: the bracket of `t_c
//! 2^64` holds the exact quotient, and the floors round toward negative
//! infinity.

use super::*;
use crate::kernel::ratio::tests::magnitude;
use crate::query::capsule::wide::props::config;
use num_bigint::BigInt;
use proptest::prelude::*;

fn big(v: U256) -> BigInt {
    (BigInt::from(v.0) << 128u32) + BigInt::from(v.1)
}

fn signed(v: &Signed) -> BigInt {
    if v.0 { -big(v.1) } else { big(v.1) }
}

#[test]
fn floors_round_toward_negative_infinity() {
    // (value, k, floor(value / 2^k)) for both signs, exact and cut.
    let cases: [(i128, u32, i128); 6] = [
        (5 << 32, 32, 5),
        ((5 << 32) + 1, 32, 5),
        (-(5 << 32), 32, -5),
        (-(5 << 32) - 1, 32, -6),
        (-1, 64, -1),
        (0, 64, 0),
    ];
    for (v, k, want) in cases {
        let s = (v < 0, (0, v.unsigned_abs()));
        assert_eq!(floor_shr(&s, k), Some(want), "floor({v} / 2^{k})");
    }
    // floor(v / (2^32 * 3)): -1 -> -1; -(2^32 * 3) -> -1; -(2^32 * 3) - 1
    // -> -2; 2^32 * 3 - 1 -> 0.
    // With a width: the other end in the same cell (Some) or not (None).
    let three = 3u128 << 32;
    let t = three as i128;
    for (v, width, want) in [
        (-1i128, 0, Some(-1i128)),
        (-t, 0, Some(-1)),
        (-t - 1, 0, Some(-2)),
        (t - 1, 0, Some(0)),
        (t - 1, 1, None),      // to 3 2^32: the next cell
        (-t, -1, None),        // to -3 2^32 - 1: the cell below
        (-t, t - 1, Some(-1)), // to -1: the same cell
        (-t, t, None),         // to 0
        (0, -1, None),         // to -1
        (5, t - 6, Some(0)),   // to 3 2^32 - 1
        // From 8 2^32 (f = 8 = 2 * 3 + 2) down to 6 2^32: the cell's floor.
        (t + (5 << 32), -(2 << 32), Some(2)),
        (t + (5 << 32), -(2 << 32) - 1, None),
    ] {
        let s = (v < 0, (0, v.unsigned_abs()));
        assert_eq!(
            floor_over(&s, width, 3),
            want,
            "floor({v} / 3 2^32), width {width}"
        );
    }
}

/// A 256-bit value from two parts and a shift.
fn word() -> impl Strategy<Value = U256> {
    (magnitude(), magnitude(), 0u32..128).prop_map(|(h, l, k)| ((h as u128) >> k, l as u128))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn the_bracket_holds_the_exact_quotient(a in word(), p0 in word(), extra in magnitude(), shift in 0u32..120) {
        prop_assume!(a != (0, 0));
        // P shifted down so that t_c is often in range.
        let lo = shr(p0, shift);
        let hi = add(lo, (0, (extra as u128) >> (shift % 128)));
        prop_assume!(hi >= lo);
        if let Some(tau) = Tau::new(a, [lo, hi]) {
            let (a, two64) = (big(a), BigInt::from(1) << 64u32);
            prop_assert!(BigInt::from(tau.lo) * &a <= &two64 * big(lo), "lo above the quotient");
            prop_assert!(&two64 * big(hi) < BigInt::from(tau.hi) * &a, "hi not above the quotient");
        }
    }

    #[test]
    fn floor_over_matches_bigint(v in word(), neg in any::<bool>(), den in magnitude(), width in prop_oneof![
        -3i128..=3, any::<i64>().prop_map(i128::from), (-(1i128 << 125))..(1 << 125)]) {
        prop_assume!(den > 0);
        let s = (neg, v);
        let over = BigInt::from(den) << 32u32;
        let want = num_integer::Integer::div_floor(&signed(&s), &over);
        let other = num_integer::Integer::div_floor(&(signed(&s) + width), &over);
        match floor_over(&s, width, den as u128) {
            Some(q) => {
                prop_assert_eq!(BigInt::from(q), want.clone());
                prop_assert_eq!(other, want, "the other end");
            }
            None => prop_assert!(want.bits() >= 127 || other != want),
        }
    }
}
