//! The 256-bit words against `num-bigint`, over operands biased to the
//! edges (the generators of the fraction tests).

use super::*;
use crate::kernel::ratio::tests::{big, magnitude, positive};
use crate::kernel::sqrt::isqrt_u256;
use crate::query::capsule::wide::props::config;
use num_bigint::BigInt;
use num_integer::Integer;
use proptest::prelude::*;

#[test]
fn full_products_at_the_word_edges() {
    let m = u128::MAX;
    // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
    assert_eq!(mul_full(m, m), (m - 1, 1));
    assert_eq!(mul_full(1 << 64, 1 << 64), (1, 0));
    assert_eq!(mul_full(0, m), (0, 0));
    assert_eq!(mul_full(m, 1), (0, m));
}

#[test]
fn long_division_refuses_a_quotient_beyond_128_bits() {
    assert_eq!(div_full((5, 0), 5), None);
    assert_eq!(div_full((0, 7), 0), None);
    // 4 * 2^128 = 5 q + r, with 2^128 = 1 (mod 5).
    let (q, r) = div_full((4, 0), 5).unwrap();
    assert_eq!(r, 4);
    assert_eq!(mul_full(q, 5), (3, u128::MAX - 3));
}

#[test]
fn roots_at_squares_and_their_neighbours() {
    for k in [
        0u128,
        1,
        2,
        3,
        (1 << 64) - 1,
        1 << 64,
        u128::MAX >> 1,
        u128::MAX,
    ] {
        let sq = mul_full(k, k);
        assert_eq!(isqrt_u256(sq), k, "sqrt of {k}^2");
        if k > 0 {
            assert_eq!(isqrt_u256(sub(sq, wide(1))), k - 1, "sqrt of {k}^2 - 1");
        }
        if k > 0 && k < u128::MAX {
            assert_eq!(isqrt_u256(add(sq, wide(1))), k, "sqrt of {k}^2 + 1");
        }
    }
}

#[test]
fn roots_just_below_the_next_high_digit() {
    // (s + 1)^2 2^128 - 1: the top word's root is s, and the low digit's
    // quotient reaches 2^64 (capped): the root is (s + 1) 2^64 - 1.
    for s in [1u128 << 63, (1 << 63) + 1, 3 << 62, (1 << 64) - 2] {
        let k = (s + 1) << 64;
        let n = sub(mul_full(k, k), wide(1));
        assert_eq!(isqrt_u256(n), k - 1, "s = {s}");
        // And unnormalized: the same shifted down by 2 and 64 bits.
        for j in [1u32, 32] {
            let m = ((n.0 >> (2 * j)), (n.1 >> (2 * j)) | (n.0 << (128 - 2 * j)));
            let r = isqrt_u256(m);
            assert!(
                mul_full(r, r) <= m && mul_full(r + 1, r + 1) > m,
                "s = {s}, j = {j}"
            );
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn long_division_matches_bigint(a in magnitude(), b in magnitude(), d in positive(), k in 0u32..128) {
        // A numerator below d * 2^128: a product, shifted down to fit.
        let p = mul_full(a as u128, b as u128);
        let n = (p.0 >> k.min(127), p.1);
        let want = big(n).div_mod_floor(&BigInt::from(d));
        match div_full(n, d as u128) {
            Some((q, r)) => {
                prop_assert_eq!((BigInt::from(q), BigInt::from(r)), want);
            }
            None => prop_assert!(n.0 >= d as u128),
        }
        prop_assert_eq!(big(p), BigInt::from(a) * BigInt::from(b));
    }

    #[test]
    fn products_of_three_words_match_bigint(a in magnitude(), b in magnitude(), c in magnitude(), d in magnitude(), k in 0u32..128) {
        // Two 256-bit values whose high words multiply below 2^128.
        let x = ((a as u128) >> k, b as u128);
        let y = ((c as u128) >> (127 - k.min(127)).clamp(1, 127), d as u128);
        // (x.0 + 1)(y.0 + 1) <= 2^128 keeps the product below 2^384.
        prop_assume!((x.0 + 1).checked_mul(y.0 + 1).is_some());
        let [t, m, l] = mul_384(x, y);
        let got = (BigInt::from(t) << 256u32) + (BigInt::from(m) << 128u32) + BigInt::from(l);
        prop_assert_eq!(got, big(x) * big(y));
    }

    #[test]
    fn products_of_four_words_match_bigint(a in magnitude(), b in magnitude(), c in magnitude(), d in magnitude(), k in 0u32..128, all_ones in any::<bool>()) {
        // Two 256-bit values of any width (all ones at the edge).
        let x = if all_ones { (u128::MAX, u128::MAX) } else { ((a as u128) << (k % 64), b as u128) };
        let y = ((c as u128) >> (k / 2), d as u128);
        let [t, n, m, l] = mul_512(x, y);
        let got = (BigInt::from(t) << 384u32) + (BigInt::from(n) << 256u32) + (BigInt::from(m) << 128u32) + BigInt::from(l);
        prop_assert_eq!(got, big(x) * big(y));
    }

    #[test]
    fn sums_shifts_and_roots_match_bigint(a in magnitude(), b in magnitude(), c in magnitude(), k in 0u32..128) {
        let p = mul_full(a as u128, b as u128);
        let q = wide(c as u128);
        prop_assert_eq!(big(add(p, q)), big(p) + BigInt::from(c));
        prop_assert_eq!(big(sub(p, q.min(p))), big(p) - big(q.min(p)));
        let sh = shl((p.0 >> k, p.1), k);
        prop_assert_eq!(big(sh), big((p.0 >> k, p.1)) << k);
        prop_assert_eq!(BigInt::from(isqrt_u256(p)), big(p).sqrt());
    }
}

#[test]
fn positive_gap_is_q_less_p_only_when_positive() {
    // (p, q) as signed integers; a zero may carry either sign flag.
    let cases: [(bool, u128, bool, u128); 10] = [
        (false, 3, false, 5), // 5 - 3 = 2
        (false, 5, false, 3), // -2: none
        (false, 4, false, 4), // 0: none
        (true, 3, false, 5),  // 5 + 3 = 8
        (true, 0, false, 0),  // -0 and 0: 0, none
        (true, 0, false, 7),  // 7
        (false, 0, true, 0),  // 0 and -0: none
        (false, 1, true, 2),  // -3: none
        (true, 5, true, 3),   // -3 + 5 = 2
        (true, 3, true, 5),   // -5 + 3 = -2: none
    ];
    for (pn, pm, qn, qm) in cases {
        let value = |neg: bool, mag: u128| if neg { -(mag as i128) } else { mag as i128 };
        let want = value(qn, qm) - value(pn, pm);
        let got = positive_gap((pn, (0, pm)), (qn, (0, qm)));
        let expected = (want > 0).then_some((0, want as u128));
        assert_eq!(
            got,
            expected,
            "p = {}, q = {}",
            value(pn, pm),
            value(qn, qm)
        );
    }
}
