//! Properties of the oriented-box queries against the exact references of
//! `obb_reference` (big integers and rationals, no floats).
//!
//! Generators lean toward the edges: touching and 1-ulp gaps along an exact
//! separating direction, shared and permuted axes (exactly parallel edges),
//! quarter turns, zero half-sizes, zero radii, ray origins on the surface,
//! rays along faces and toward corners, values at the domain limit 2^20.
//!
//! One file per query under `obb_props/`; this file holds the generators
//! they share (coordinates, sizes, rotations, boxes), the translation
//! helpers and the proptest configuration.

mod common;
mod obb_reference;

#[path = "obb_props/overlap.rs"]
mod overlap;
#[path = "obb_props/ray.rs"]
mod ray;
#[path = "obb_props/regressions.rs"]
mod regressions;
#[path = "obb_props/sphere.rs"]
mod sphere;

use common::cases;
use fixed_collide::{Aabb, DOMAIN, Fx, Obb, Rot, Rot2, Rot3, Vector};
use obb_reference as reference;
use obb_reference::RefBox;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use common::raw::{DOM, ONE, clamp_dom, coord, fx, signed_perm, size, vector};

fn sizes<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(size())
}

fn coords<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(coord())
}

/// Another rotation with the same axes, permuted and sign-flipped: every
/// edge exactly parallel to one of `r`'s.
fn permuted<const D: usize>(r: &Rot<D>, code: u32) -> Rot<D> {
    let sp = signed_perm::<D>(code);
    let axes = std::array::from_fn(|k| {
        let (j, neg) = (0..D)
            .find_map(|j| {
                let c = sp[k].0[j];
                (c != Fx::ZERO).then_some((j, c < Fx::ZERO))
            })
            .unwrap();
        let a = r.axes()[j];
        if neg { Vector(a.0.map(|x| -x)) } else { a }
    });
    Rot::try_from_axes(axes).expect("a signed permutation of valid axes is valid")
}

/// Axes perturbed by a few thousand ulps each: nearly orthonormal, not
/// perpendicular; the unperturbed ones when the perturbation is rejected.
fn perturbed<const D: usize>(r: Rot<D>, delta: [[i64; D]; D]) -> Rot<D> {
    let axes = std::array::from_fn(|i| {
        Vector(std::array::from_fn(|k| {
            fx(r.axes()[i].0[k].to_bits() + delta[i][k])
        }))
    });
    Rot::try_from_axes(axes).unwrap_or(r)
}

fn angle() -> impl Strategy<Value = Fx> {
    prop_oneof![
        3 => (-(4i64 << 32)..=(4i64 << 32)).prop_map(fx),
        1 => (-8i64..=8).prop_map(|k| Fx::FRAC_PI_4 * k),
    ]
}

fn rot2() -> impl Strategy<Value = Rot2> {
    prop_oneof![
        3 => angle().prop_map(Rot2::from_angle),
        2 => (0u32..8).prop_map(|c| Rot2::try_from_axes(signed_perm(c)).unwrap()),
        2 => (angle(), proptest::array::uniform(proptest::array::uniform(-2048i64..=2048)))
            .prop_map(|(a, d)| perturbed(Rot2::from_angle(a), d)),
    ]
}

fn quat() -> impl Strategy<Value = [Fx; 4]> {
    prop_oneof![
        proptest::array::uniform(-8i64..=8).prop_map(|q| q.map(|v| fx(v * ONE))),
        proptest::array::uniform(-(1i64 << 34)..=(1i64 << 34)).prop_map(|q| q.map(fx)),
    ]
}

fn from_quat(q: [Fx; 4]) -> Rot3 {
    Rot3::try_from_quat(q).unwrap_or_else(|_| Rot3::identity())
}

fn rot3() -> impl Strategy<Value = Rot3> {
    prop_oneof![
        3 => quat().prop_map(from_quat),
        2 => (0u32..48).prop_map(|c| Rot3::try_from_axes(signed_perm(c)).unwrap()),
        1 => (proptest::array::uniform3(-4i64..=4), angle()).prop_map(|(ax, a)| {
            Rot3::try_from_axis_angle(vector(ax.map(|v| v * ONE)), a)
                .unwrap_or_else(|_| Rot3::identity())
        }),
        2 => (quat(), proptest::array::uniform3(proptest::array::uniform3(-2048i64..=2048)))
            .prop_map(|(q, d)| perturbed(from_quat(q), d)),
    ]
}

/// Pairs of rotations: independent, shared, permuted (exactly parallel
/// edges), and in 3D both about z (one shared axis).
fn rot2_pair() -> impl Strategy<Value = (Rot2, Rot2)> {
    prop_oneof![
        3 => (rot2(), rot2()),
        1 => rot2().prop_map(|r| (r, r)),
        2 => (rot2(), 0u32..8).prop_map(|(r, c)| (r, permuted(&r, c))),
    ]
}

fn rot3_pair() -> impl Strategy<Value = (Rot3, Rot3)> {
    let z = vector([0, 0, ONE]);
    prop_oneof![
        3 => (rot3(), rot3()),
        1 => rot3().prop_map(|r| (r, r)),
        2 => (rot3(), 0u32..48).prop_map(|(r, c)| (r, permuted(&r, c))),
        1 => (angle(), angle()).prop_map(move |(a, b)| (
            Rot3::try_from_axis_angle(z, a).unwrap(),
            Rot3::try_from_axis_angle(z, b).unwrap()
        )),
    ]
}

/// Rotations that are exactly orthonormal: signed permutations only.
fn exact_rot<const D: usize>() -> impl Strategy<Value = Rot<D>> {
    (0u32..48).prop_map(|c| Rot::try_from_axes(signed_perm::<D>(c)).unwrap())
}

fn make<const D: usize>(c: [i64; D], h: [i64; D], r: Rot<D>) -> Obb<D> {
    Obb::try_new(vector(c), vector(h), r).expect("generated in the domain")
}

/// The point `c + sum_i s_i A_i` with `s_i = num_i / 8 * h_i + extra_i`
/// (raw), rounded to nearest and clamped into the domain.
fn box_point<const D: usize>(b: &Obb<D>, eighths: [i64; D], extra: [i64; D]) -> [i64; D] {
    std::array::from_fn(|k| {
        let mut s = (b.center().0[k].to_bits() as i128) << 32;
        for i in 0..D {
            let si = b.half().0[i].to_bits() as i128 * eighths[i] as i128 / 8 + extra[i] as i128;
            s += si * b.axes()[i].0[k].to_bits() as i128;
        }
        clamp_dom((s + (1 << 31)) >> 32)
    })
}

fn obb_any<const D: usize>(rot: impl Strategy<Value = Rot<D>>) -> impl Strategy<Value = Obb<D>> {
    (rot, sizes::<D>(), coords::<D>()).prop_map(|(r, h, c)| make(c, h, r))
}

/// An integer translation keeping every listed coordinate in the domain.
fn shift_within(points: &[i64], pick: i64) -> i64 {
    let lo = points.iter().map(|p| -DOM - p).max().unwrap_or(0);
    let hi = points.iter().map(|p| DOM - p).min().unwrap_or(0);
    // Whole numbers in [lo, hi] (0 is one of them).
    let (lo, hi) = (lo.div_euclid(ONE) + 1, hi.div_euclid(ONE));
    let lo = lo.min(0);
    let hi = hi.max(0);
    pick.clamp(lo, hi) * ONE
}

fn shifted<const D: usize>(v: Vector<D>, by: i64) -> Vector<D> {
    Vector(v.0.map(|x| fx(x.to_bits() + by)))
}

fn shifted_obb<const D: usize>(b: &Obb<D>, by: i64) -> Obb<D> {
    Obb::try_new(shifted(b.center(), by), b.half(), *b.rot()).unwrap()
}

/// The axis-aligned box occupying the same points as a box with signed
/// permutation axes, if its corners are in the domain.
fn as_aabb<const D: usize>(b: &Obb<D>) -> Option<Aabb<D>> {
    let mut hw = Vector::<D>::ZERO;
    for (i, a) in b.axes().iter().enumerate() {
        let k = (0..D).find(|&k| a.0[k] != Fx::ZERO).unwrap();
        hw.0[k] = b.half().0[i];
    }
    Aabb::try_from_center_half(b.center(), hw).ok()
}

/// `common::cases()` cases per property (10,000; `FIXED_COLLIDE_CASES`
/// overrides: the cross-platform check lowers it under qemu), nothing
/// persisted.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases())
    }
}

#[test]
fn domain_constant_matches() {
    assert_eq!(DOMAIN.to_bits(), DOM);
}
