//! Raw-bit values and their generators, shared by the property tests that
//! draw coordinates and sizes as `I32F32` bits (`obb_props`, `capsule`,
//! `cast`).

use fixed_collide::{Fx, Vector};
use proptest::prelude::*;

/// The domain limit 2^20 as raw bits.
pub const DOM: i64 = 1 << 52;
/// 1.0 as raw bits.
pub const ONE: i64 = 1 << 32;

pub fn fx(bits: i64) -> Fx {
    Fx::from_bits(bits)
}

pub fn vector<const D: usize>(raw: [i64; D]) -> Vector<D> {
    Vector(raw.map(fx))
}

pub fn clamp_dom(x: i128) -> i64 {
    x.clamp(-(DOM as i128), DOM as i128) as i64
}

/// A coordinate (raw bits): small integers, small fractions, the domain
/// limits, anything in the domain.
pub fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (-8i64..=8).prop_map(|v| v * ONE),
        3 => -(1i64 << 36)..=(1i64 << 36),
        1 => prop_oneof![Just(DOM), Just(-DOM), Just(DOM - 1), Just(1 - DOM)],
        2 => -DOM..=DOM,
    ]
}

/// A half-size or radius (raw bits): zero, small integers, small fractions,
/// the domain limit, anything in the domain.
pub fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        3 => (0i64..=8).prop_map(|v| v * ONE),
        3 => 0..=(1i64 << 36),
        1 => prop_oneof![Just(DOM), Just(DOM - 1)],
        1 => 0..=DOM,
    ]
}

/// Signed permutation axes, exactly orthonormal: `axes[k] = +-e_perm(k)`.
/// 2D: 8 codes, 3D: 48 (`code` wraps).
pub fn signed_perm<const D: usize>(code: u32) -> [Vector<D>; D] {
    let perms: &[[usize; 3]] = if D == 2 {
        &[[0, 1, 2], [1, 0, 2]]
    } else {
        &[
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]
    };
    let p = perms[code as usize % perms.len()];
    let signs = code / perms.len() as u32;
    std::array::from_fn(|k| Vector::unit(p[k], signs >> k & 1 == 0))
}
