//! The word path's pieces against exact arithmetic: the brackets of `t_c
//! 2^64` and of `2^64 s` hold the exact quotients.

use super::*;
use crate::kernel::ratio::tests::magnitude;
use crate::kernel::u256::add;
use crate::query::capsule::wide::props::config;
use num_bigint::BigInt;
use proptest::prelude::*;

fn big(v: U256) -> BigInt {
    (BigInt::from(v.0) << 128u32) + BigInt::from(v.1)
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
        let tau = Tau::new(a, [lo, hi]);
        // The lower end is the floor for the cut divisor; the upper one
        // that for a_t, or above it by at most the bracket's width when
        // P's range is wider than a_t (its carry bounded, not divided) ...
        let got = tau.as_ref().map(|t| (BigInt::from(t.lo), BigInt::from(t.hi)));
        match (got, two_floors(a, [lo, hi])) {
            (Some((got_lo, got_hi)), Some((want_lo, want_hi))) => {
                prop_assert_eq!(&got_lo, &want_lo, "lo: A = {:?}, P in [{:?}, {:?}]", a, lo, hi);
                prop_assert!(
                    got_hi >= want_hi && &got_hi - &want_hi <= &want_hi - &want_lo,
                    "hi {} for {}: A = {:?}, P in [{:?}, {:?}]", got_hi, want_hi, a, lo, hi
                );
            }
            (None, Some((want_lo, want_hi))) => prop_assert!(
                BigInt::from(2) * &want_hi - want_lo >= BigInt::from(1u128 << 100),
                "no bracket: A = {:?}, P in [{:?}, {:?}]", a, lo, hi
            ),
            (got, None) => prop_assert!(got.is_none(), "A = {:?}, P in [{:?}, {:?}]", a, lo, hi),
        }
        // ... and both hold the exact quotient.
        if let Some(tau) = tau {
            let (a, two64) = (big(a), BigInt::from(1) << 64u32);
            prop_assert!(BigInt::from(tau.lo) * &a <= &two64 * big(lo), "lo above the quotient");
            prop_assert!(&two64 * big(hi) < BigInt::from(tau.hi) * &a, "hi not above the quotient");
        }
    }

    #[test]
    fn sigmas_bracket_holds_the_exact_quotient(uu in prop_oneof![1u128..=3, 1u128..(1 << 40), 1u128..(1 << 110)], frac in any::<u64>(), low in any::<u128>(), width in prop_oneof![0u128..=3, 0u128..(1 << 64), 0u128..(1 << 125)], swap in any::<bool>()) {
        // S at most uu 2^64 (frac / 2^64 of it plus a part below uu), then
        // S + width, both ends kept at most uu 2^64.
        let cap = BigInt::from(uu) << 64u32;
        let width = BigInt::from(width).min(cap.clone());
        let s_lo = (BigInt::from(uu) * BigInt::from(frac) + BigInt::from(low % uu)).min(&cap - &width);
        let s_hi = &s_lo + &width;
        let words = |v: &BigInt| -> Signed {
            let hi = u128::try_from(v >> 128u32).unwrap();
            let lo = u128::try_from(v & ((BigInt::from(1) << 128u32) - 1)).unwrap();
            (false, (hi, lo))
        };
        let ends = if swap { [words(&s_hi), words(&s_lo)] } else { [words(&s_lo), words(&s_hi)] };
        let [a, b] = sigma(&ends, uu).unwrap();
        let uu = BigInt::from(uu);
        prop_assert!(BigInt::from(a) * &uu <= s_lo, "low end above S / |u|^2");
        prop_assert!(s_hi < BigInt::from(b) * &uu, "high end not above S / |u|^2");
        prop_assert!(BigInt::from(b - a) <= width / &uu + 2, "as narrow as the values");
    }

    #[test]
    fn the_ranges_hold_every_value_over_both_brackets(mk in -(1i128 << 53)..(1 << 53), uk in -(1i128 << 54)..(1 << 54), dk in -(1i128 << 54)..(1 << 54), tau in 0i128..(1 << 66), tau_w in 0i128..(1 << 20), sigma in 0i128..=(1 << 64), sigma_w in 0i128..=2, at in 0i128..=256, by in 0i128..=256) {
        // tau* = tau + tau_w at / 256 and sigma* = sigma + sigma_w by /
        // 256, anywhere in their brackets and independent of each other.
        let ([td_lo, td_hi], [w_lo, w_hi]) = ranges([mk, uk, dk], [tau, tau + tau_w], [sigma, sigma + sigma_w]);
        let n = BigInt::from(256);
        let t = BigInt::from(tau) * &n + BigInt::from(tau_w * at);
        let s = BigInt::from(sigma) * &n + BigInt::from(sigma_w * by);
        let td = &t * BigInt::from(dk);
        let w = (BigInt::from(mk) << 64u32) * &n + &td - &s * BigInt::from(uk);
        prop_assert!(BigInt::from(td_lo) * &n <= td && td <= BigInt::from(td_hi) * &n, "d_k tau");
        prop_assert!(BigInt::from(w_lo) * &n <= w && w <= BigInt::from(w_hi) * &n, "2^64 w_k");
    }
}

/// The bracket `Tau::new` gives when the ends of `P` are less than `a_t`
/// apart (a wider range may raise `hi`), from big integers: `A` cut to its
/// top 128 bits `a_t` (`A < (a_t + 1) 2^sa`) and the ends `N = floor(2^64
/// P / 2^sa)`, `lo = floor(N_lo / (a_t + 1))` (`a_t` when `sa = 0`) and
/// `hi = floor(N_hi / a_t) + 1`; `None` when `hi` reaches 2^100 or `N`
/// 2^256.
fn two_floors(a: U256, p: [U256; 2]) -> Option<(BigInt, BigInt)> {
    let sa = bits(a).saturating_sub(128);
    let a_t = BigInt::from(shr(a, sa).1);
    let n = |p: U256| (big(p) << 64u32) >> sa;
    let lo = n(p[0]) / (&a_t + u32::from(sa > 0));
    let hi = n(p[1]) / &a_t + 1u32;
    (hi < BigInt::from(1u128 << 100) && n(p[1]).bits() <= 256).then_some((lo, hi))
}

#[test]
fn a_remainder_that_reaches_the_divisor_carries_into_hi() {
    // (A, P_lo, P_hi), each with N_lo mod a_t + (N_hi - N_lo) = a_t.
    let cases: [(U256, U256, U256); 3] = [
        // A = 2^64, P = [0, 1]: 0 + 2^64 = a_t, so hi = 1 + 1.
        ((0, 1 << 64), (0, 0), (0, 1)),
        // A = 2^64 + 3, P = [2^64 + 2, 2^64 + 3]: N_lo = 2^64 P_lo = (2^64 -
        // 1) A + 3, and 3 + 2^64 = A.
        ((0, (1 << 64) + 3), (0, (1 << 64) + 2), (0, (1 << 64) + 3)),
        // A = 2^200 (a_t = 2^127, sa = 73): N = floor(P / 2^9), so P =
        // [2^135, 2^136] gives N = [2^126, 2^127] and 2^126 + 2^126 = a_t.
        ((1 << 72, 0), (1 << 7, 0), (1 << 8, 0)),
    ];
    for (a, lo, hi) in cases {
        let got = Tau::new(a, [lo, hi]).map(|t| (BigInt::from(t.lo), BigInt::from(t.hi)));
        assert_eq!(
            got,
            two_floors(a, [lo, hi]),
            "A = {a:?}, P in [{lo:?}, {hi:?}]"
        );
    }
}

/// The raw axis of a ray from `o` along `d` and a capsule from the origin
/// to `u` (radius 1).
fn axis(o: [i128; 3], u: [i128; 3], d: [i128; 3]) -> Axis<3> {
    let dot = |x: [i128; 3], y: [i128; 3]| (0..3).map(|k| x[k] * y[k]).sum::<i128>();
    Axis {
        m: o,
        u,
        d,
        uu: dot(u, u),
        du: dot(d, u),
        mu: dot(o, u),
        r: 1 << 32,
    }
}

#[test]
fn a_component_is_flat_only_when_both_of_its_terms_vanish() {
    // (origin, axis, direction, component, flat)
    let cases = [
        // Across an axis along x: w_x = 0 all along.
        ([3, 7, 1], [8, 0, 0], [0, -1, 2], 0, true),
        // Along y: w_y = 0 all along, w_x is not.
        ([3, 7, 1], [0, 8, 0], [-2, 0, 5], 1, true),
        ([3, 7, 1], [0, 8, 0], [-2, 0, 5], 0, false),
        // Moving along the axis as well: beta_x = 0 (|u|^2 d_x = (d.u) u_x)
        // but alpha_x = 0 too only with the origin across it.
        ([3, 7, 1], [8, 0, 0], [4, -1, 2], 0, true),
        // alpha_x = 0 (m_x |u|^2 = (m.u) u_x), beta_x != 0: a tilted axis.
        ([5, 5, 1], [8, 8, 0], [0, -1, 2], 0, false),
        // alpha_y != 0, beta_y = 0: the origin off a tilted axis, the
        // direction along it.
        ([0, 7, 1], [8, 8, 0], [4, 4, 0], 1, false),
    ];
    for (o, u, d, k, want) in cases {
        let a = axis(o, u, d);
        assert_eq!(
            flat(&a, a.m[k], a.u[k], a.d[k]),
            want,
            "o {o:?} u {u:?} d {d:?} k {k}"
        );
    }
}
