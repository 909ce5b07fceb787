//! The vector vocabulary against exact integer arithmetic: `+`, `-`, unary
//! `-` and `* Fx` are the exact `i128` results or `None` exactly when those
//! leave the range of `Fx`; `dot_wide`, `cross_wide` and `perp_dot_wide`
//! are the exact big-integer products. Components are drawn from any raw
//! bits, biased toward the extremes (`Fx::MIN`, `Fx::MAX`, 2^62, the domain
//! limit 2^20 and its neighbours) where overflow begins.

mod common;

use common::cases;
use fixed_collide::{DOMAIN, Fx, Vec2, Vec3, Vector};
use num_bigint::BigInt;
use proptest::prelude::*;

/// Raw bits of the domain limit 2^20.
const DOM: i64 = 1 << 52;

/// Raw bits: any, the extremes, around 2^62 (where sums start to overflow),
/// the domain and small values.
fn bits() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => any::<i64>(),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(i64::MIN + 1), Just(0)],
        1 => ((1i64 << 62) - 4..=(1i64 << 62) + 4).prop_map(|v| if v % 2 == 0 { v } else { -v }),
        2 => -DOM..=DOM,
        1 => prop_oneof![Just(DOM), Just(-DOM), Just(DOM - 1), Just(1 - DOM)],
        1 => -8i64..=8,
    ]
}

fn vec2() -> impl Strategy<Value = Vec2> {
    [bits(), bits()].prop_map(Vector::from_bits)
}

fn vec3() -> impl Strategy<Value = Vec3> {
    [bits(), bits(), bits()].prop_map(Vector::from_bits)
}

/// A vector within the domain: every component within 2^20.
fn in_domain3() -> impl Strategy<Value = Vec3> {
    [-DOM..=DOM, -DOM..=DOM, -DOM..=DOM].prop_map(Vector::from_bits)
}

/// The exact per-component results (raw bits, widened) as a vector, or
/// `None` when one is outside `i64`.
fn narrow<const D: usize>(wide: [i128; D]) -> Option<Vector<D>> {
    let mut out = [0i64; D];
    for (o, w) in out.iter_mut().zip(wide) {
        *o = i64::try_from(w).ok()?;
    }
    Some(Vector::from_bits(out))
}

fn wide<const D: usize>(v: Vector<D>) -> [i128; D] {
    v.to_bits().map(i128::from)
}

fn big(v: i128) -> BigInt {
    BigInt::from(v)
}

/// The exact dot product at scale 2^64.
fn dot_exact<const D: usize>(a: Vector<D>, b: Vector<D>) -> BigInt {
    (0..D)
        .map(|i| BigInt::from(a.to_bits()[i]) * BigInt::from(b.to_bits()[i]))
        .sum()
}

fn check_sum_and_difference<const D: usize>(a: Vector<D>, b: Vector<D>) {
    let (wa, wb) = (wide(a), wide(b));
    let sum = narrow(core::array::from_fn(|i| wa[i] + wb[i]));
    let diff = narrow(core::array::from_fn(|i| wa[i] - wb[i]));
    assert_eq!(a + b, sum, "{a:?} + {b:?}");
    assert_eq!(b + a, sum, "{b:?} + {a:?}");
    assert_eq!(a - b, diff, "{a:?} - {b:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn sum_and_difference_are_exact_or_none_2d(a in vec2(), b in vec2()) {
        check_sum_and_difference(a, b);
    }

    #[test]
    fn sum_and_difference_are_exact_or_none_3d(a in vec3(), b in vec3()) {
        check_sum_and_difference(a, b);
    }

    #[test]
    fn chained_sums_are_none_when_any_step_overflows(a in vec3(), b in vec3(), c in vec3()) {
        let step = (a + b).and_then(|s| s - c);
        prop_assert_eq!(a + b - c, step);
        let step = (a - b).and_then(|s| s + c);
        prop_assert_eq!(a - b + c, step);
    }

    #[test]
    fn negation_is_exact_or_none(a in vec3()) {
        let want = narrow(wide(a).map(|c| -c));
        prop_assert_eq!(-a, want);
        // Only `Fx::MIN` has no negation.
        prop_assert_eq!(want.is_none(), a.0.contains(&Fx::MIN));
    }

    #[test]
    fn scaling_is_the_floor_of_the_exact_product_or_none(a in vec3(), s in bits()) {
        let s = Fx::from_bits(s);
        // The product at scale 2^64, floored to scale 2^32 (>> floors).
        let want = narrow(wide(a).map(|c| (c * i128::from(s.to_bits())) >> 32));
        prop_assert_eq!(a * s, want);
        prop_assert_eq!(s * a, want);
    }

    #[test]
    fn dot_is_exact_or_checked_2d(a in vec2(), b in vec2()) {
        let exact = dot_exact(a, b);
        let checked = i128::try_from(&exact).ok();
        prop_assert_eq!(a.checked_dot_wide(&b), checked);
        // The unchecked form is the exact value modulo 2^128.
        let modulo = BigInt::from(1) << 128;
        let wrapped = ((&exact % &modulo) + &modulo) % &modulo;
        prop_assert_eq!((big(a.dot_wide(&b)) + &modulo) % &modulo, wrapped);
    }

    #[test]
    fn dot_is_exact_below_two_to_the_thirty_3d(a in vec3(), b in vec3()) {
        let exact = dot_exact(a, b);
        prop_assert_eq!(a.checked_dot_wide(&b), i128::try_from(&exact).ok());
        // Components below 2^62 raw bits: D * 2^124 < 2^127, always exact.
        let small = |v: &Vec3| v.to_bits().iter().all(|c| c.unsigned_abs() < 1 << 62);
        if small(&a) && small(&b) {
            prop_assert_eq!(big(a.dot_wide(&b)), exact);
        }
    }

    #[test]
    fn cross_is_exact_for_every_input(a in vec3(), b in vec3()) {
        let (x, y) = (a.to_bits().map(BigInt::from), b.to_bits().map(BigInt::from));
        let want = [
            &x[1] * &y[2] - &x[2] * &y[1],
            &x[2] * &y[0] - &x[0] * &y[2],
            &x[0] * &y[1] - &x[1] * &y[0],
        ];
        prop_assert_eq!(a.cross_wide(&b).map(big), want);
        // Anti-commutative, and orthogonal to both factors (exactly).
        prop_assert_eq!(b.cross_wide(&a).map(|c| -big(c)), a.cross_wide(&b).map(big));
        let c = a.cross_wide(&b).map(big);
        let dot = |v: &[BigInt; 3]| (0..3).map(|i| &v[i] * &c[i]).sum::<BigInt>();
        prop_assert_eq!(dot(&x), BigInt::from(0));
        prop_assert_eq!(dot(&y), BigInt::from(0));
    }

    #[test]
    fn perp_dot_is_exact_for_every_input(a in vec2(), b in vec2()) {
        let (x, y) = (a.to_bits().map(BigInt::from), b.to_bits().map(BigInt::from));
        let want = &x[0] * &y[1] - &x[1] * &y[0];
        prop_assert_eq!(big(a.perp_dot_wide(&b)), want);
        // The z component of the 3D cross product of the vectors in z = 0.
        let lift = |v: Vec2| Vec3::new(v.x(), v.y(), Fx::ZERO);
        prop_assert_eq!(lift(a).cross_wide(&lift(b))[2], a.perp_dot_wide(&b));
    }

    #[test]
    fn min_and_max_are_component_wise(a in vec3(), b in vec3()) {
        let (lo, hi) = (a.min(b), a.max(b));
        for i in 0..3 {
            prop_assert_eq!(lo.0[i], a.0[i].min(b.0[i]));
            prop_assert_eq!(hi.0[i], a.0[i].max(b.0[i]));
        }
        prop_assert_eq!(b.min(a), lo);
        prop_assert_eq!(b.max(a), hi);
    }

    #[test]
    fn in_domain_arithmetic_never_overflows(a in in_domain3(), b in in_domain3()) {
        prop_assert!((a + b).is_some() && (a - b).is_some() && (-a).is_some());
        prop_assert_eq!(a.checked_dot_wide(&b), Some(a.dot_wide(&b)));
        prop_assert_eq!(big(a.dot_wide(&b)), dot_exact(a, b));
    }
}

#[test]
fn arithmetic_at_the_domain_limits_is_exact() {
    let top = Vec3::splat(DOMAIN);
    let bottom = Vec3::splat(-DOMAIN);
    assert_eq!(top + top, Some(Vec3::splat(Fx::from_num(1 << 21))));
    assert_eq!(bottom - top, Some(Vec3::splat(Fx::from_num(-(1 << 21)))));
    assert_eq!(-bottom, Some(top));
    // 3 * 2^40 at scale 2^64.
    assert_eq!(top.dot_wide(&bottom), -3i128 << 104);
    assert_eq!(top.dot_wide(&top), 3i128 << 104);
    assert_eq!(top.cross_wide(&top), [0; 3]);
    let (x, y) = (Vec3::X * DOMAIN, Vec3::Y * DOMAIN);
    let (x, y) = (x.unwrap(), y.unwrap());
    assert_eq!(x.cross_wide(&y), [0, 0, 1i128 << 104]);
    // Scaling by the domain limit leaves Fx's range at the domain limit.
    assert_eq!(top * DOMAIN, None);
    assert_eq!(Vec3::splat(Fx::from_num(1 << 11)) * DOMAIN, None);
    let just = Vec3::splat(Fx::from_num((1 << 11) - 1)) * DOMAIN;
    assert_eq!(
        just,
        Some(Vec3::splat(Fx::from_num(((1i64 << 11) - 1) << 20)))
    );
}

#[test]
fn arithmetic_at_the_limits_of_fx_is_none_not_a_panic() {
    let (max, min) = (Vec2::splat(Fx::MAX), Vec2::splat(Fx::MIN));
    let ulp = Vec2::splat(Fx::DELTA);
    assert_eq!(max + ulp, None);
    assert_eq!(min - ulp, None);
    assert_eq!(max - ulp + ulp, Some(max));
    assert_eq!(-min, None);
    assert_eq!(-max, Some(Vec2::splat(Fx::MIN + Fx::DELTA)));
    assert_eq!(max + min, Some(Vec2::splat(-Fx::DELTA)));
    // The one 2D dot product beyond i128: (-2^63)^2 + (-2^63)^2 = 2^127.
    assert_eq!(min.checked_dot_wide(&min), None);
    assert_eq!(min.dot_wide(&min), i128::MIN); // 2^127 modulo 2^128
    assert_eq!(
        max.checked_dot_wide(&max),
        Some(2 * i128::from(i64::MAX).pow(2))
    );
    // Cross products at the extremes: the largest magnitudes, still exact.
    assert_eq!(
        Vec2::new(Fx::MIN, Fx::MAX).perp_dot_wide(&Vec2::new(Fx::MIN, Fx::MIN)),
        (1i128 << 126) + i128::from(i64::MAX) * (1i128 << 63)
    );
    let m3 = Vec3::new(Fx::MIN, Fx::MAX, Fx::MIN);
    assert_eq!(m3.cross_wide(&Vec3::splat(Fx::MIN))[2], {
        let (a, b) = (i128::from(i64::MIN), i128::from(i64::MAX));
        a * a - b * a
    });
}

#[test]
fn axis_constants_are_the_unit_vectors() {
    assert_eq!(
        [Vec2::X, Vec2::Y],
        [Vec2::unit(0, true), Vec2::unit(1, true)]
    );
    assert_eq!(
        [Vec3::X, Vec3::Y, Vec3::Z],
        [
            Vec3::unit(0, true),
            Vec3::unit(1, true),
            Vec3::unit(2, true)
        ]
    );
    assert_eq!(
        Vec3::X.cross_wide(&Vec3::Y),
        Vec3::Z.to_bits().map(|c| i128::from(c) << 32)
    );
    assert_eq!(
        Vec3::Y.cross_wide(&Vec3::Z),
        Vec3::X.to_bits().map(|c| i128::from(c) << 32)
    );
    assert_eq!(
        Vec3::Z.cross_wide(&Vec3::X),
        Vec3::Y.to_bits().map(|c| i128::from(c) << 32)
    );
    assert_eq!(Vec3::splat(Fx::ONE), (Vec3::X + Vec3::Y + Vec3::Z).unwrap());
    assert_eq!(Vec2::splat(Fx::ZERO), Vec2::ZERO);
}

#[test]
fn bits_round_trip() {
    for bits in [[i64::MIN, i64::MAX, 0], [1, -1, DOM]] {
        assert_eq!(Vec3::from_bits(bits).to_bits(), bits);
    }
}
