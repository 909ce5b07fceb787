//! The roots against their definition, `s^2 <= n < (s + 1)^2`, on every
//! small value, around squares (where a step or the correction is off by
//! one first), at powers of two and the largest values, and anywhere.

use super::*;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// `s` is `floor(sqrt(n))`: `s^2 <= n < (s + 1)^2`, in 256 bits.
fn is_root(n: u128, s: u128) -> bool {
    use crate::kernel::u256::mul_full;
    mul_full(s, s) <= (0, n) && mul_full(s + 1, s + 1) > (0, n)
}

fn check(n: u128) -> Result<(), TestCaseError> {
    let s = isqrt_u128(n);
    prop_assert!(is_root(n, s), "isqrt_u128({}) = {}", n, s);
    if let Ok(small) = u64::try_from(n) {
        prop_assert_eq!(u128::from(isqrt_u64(small)), s, "isqrt_u64({})", small);
    }
    Ok(())
}

/// Values where a root changes: `k^2 - 1`, `k^2`, `k^2 + 2k` (the last with
/// the root `k`), within 128 bits.
fn around_squares(k: u128) -> Vec<u128> {
    let mut v = Vec::new();
    if let Some(sq) = k.checked_mul(k) {
        v.extend([sq.saturating_sub(1), sq]);
        if let Some(top) = sq.checked_add(2 * k) {
            v.push(top);
        }
    }
    v
}

#[test]
fn isqrt_is_the_root_of_every_value_below_2_to_the_16() {
    for n in 0..1u128 << 16 {
        check(n).unwrap();
    }
}

#[test]
fn isqrt_is_the_root_at_powers_of_two_and_the_largest_values() {
    // (case, value)
    let mut cases: Vec<(&str, u128)> = vec![
        ("u64::MAX", u128::from(u64::MAX)),
        ("2^64", 1 << 64),
        ("u128::MAX", u128::MAX),
        ("(2^64 - 1)^2", u128::from(u64::MAX) * u128::from(u64::MAX)),
        (
            "(2^64 - 1)^2 - 1",
            u128::from(u64::MAX) * u128::from(u64::MAX) - 1,
        ),
    ];
    for b in 0..128 {
        cases.extend([
            ("2^b", 1u128 << b),
            ("2^b - 1", (1u128 << b) - 1),
            ("2^b + 1", (1u128 << b) + 1),
        ]);
    }
    for (case, n) in cases {
        assert!(is_root(n, isqrt_u128(n)), "{case}: {n}");
        if let Ok(small) = u64::try_from(n) {
            assert_eq!(u128::from(isqrt_u64(small)), isqrt_u128(n), "{case}: {n}");
        }
    }
}

#[test]
fn the_table_holds_the_root_at_the_end_of_every_interval() {
    // Entry i is floor(sqrt((i + 256) 2^54)): its square at most that, one
    // more squared above it.
    for i in 0..ROOTS.len() {
        let (n, r) = (((i as u128) + 256) << 54, u128::from(table_root(i)));
        assert!(r * r <= n && (r + 1) * (r + 1) > n, "entry {i}: {r}");
    }
    assert_eq!(table_root(ROOTS.len() - 1), 1 << 32, "the last: sqrt(2^64)");
}

#[test]
fn roots_just_below_the_next_high_digit() {
    // (s + 1)^2 2^64 - 1: the top word's root is s, the low digit at its
    // largest; the root is (s + 1) 2^32 - 1 (for s + 1 = 2^32, the cap at
    // 2^64 - 1).
    for s in [
        1u128 << 31,
        (1 << 31) + 1,
        3 << 30,
        (1 << 32) - 2,
        (1 << 32) - 1,
    ] {
        let k = (s + 1) << 32;
        let n = k.checked_mul(k).map_or(u128::MAX, |sq| sq - 1);
        check(n).unwrap();
        check(n >> 2).unwrap();
    }
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    #[test]
    fn isqrt_is_the_root_anywhere(n in any::<u128>(), shift in 0u32..128) {
        check(n)?;
        check(n >> shift)?;
    }

    #[test]
    fn isqrt_is_the_root_around_squares(k in any::<u64>(), shift in 0u32..64) {
        for n in around_squares(u128::from(k >> shift)) {
            check(n)?;
        }
    }
}
