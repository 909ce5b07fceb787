//! The 256-bit segment distances give the general program's decisions
//! (and the same with the segments swapped or reversed):
//! segments crossing, parallel, collinear, of zero length, touching at the
//! radius and one ulp off it, in 2D and 3D, on small grids (where those
//! cases are common) and across the domain.

use super::*;
use crate::Fx;
use crate::query::capsule::core::Gap;
use crate::query::capsule::wide::props::config;
use crate::vec::Vector;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// A raw coordinate: a small grid (parallel, collinear and touching cases
/// are common there), the grid shifted by an ulp, or anything in the
/// domain.
fn coord() -> impl Strategy<Value = i64> {
    const DOM: i64 = 1 << 52;
    prop_oneof![
        4 => (-6i64..=6).prop_map(|k| k << 32),
        1 => (-6i64..=6).prop_map(|k| (k << 32) + 1),
        1 => (-6i64..=6).prop_map(|k| (k << 32) - 1),
        2 => -DOM..=DOM,
    ]
}

/// A radius: grid values, an ulp around them, or anything.
fn radius() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (0i64..=6).prop_map(|k| k << 31),
        1 => (1i64..=6).prop_map(|k| (k << 31) - 1),
        1 => (0i64..=6).prop_map(|k| (k << 31) + 1),
        1 => 0i64..(1 << 52),
    ]
}

fn fx_vec<const D: usize>(v: [i64; D]) -> Vector<D> {
    Vector(v.map(Fx::from_bits))
}

fn wide_vec<const D: usize>(v: [i64; D]) -> [i128; D] {
    v.map(i128::from)
}

/// `b - a` (within the domain: below 2^53).
pub(super) fn dir<const D: usize>(a: [i64; D], b: [i64; D]) -> [i64; D] {
    let mut r = b;
    for (rk, ak) in r.iter_mut().zip(a) {
        *rk -= ak;
    }
    r
}

fn minus<const D: usize>(a: [i64; D], b: [i64; D]) -> [i128; D] {
    let mut r = wide_vec(a);
    for (rk, bk) in r.iter_mut().zip(b) {
        *rk -= i128::from(bk);
    }
    r
}

/// The general program for two segments.
fn program<const D: usize>(a1: [i64; D], b1: [i64; D], a2: [i64; D], b2: [i64; D]) -> Gap {
    let mut gap = Gap::new();
    gap.segment(&fx_vec(a1), &fx_vec(b1), false);
    gap.segment(&fx_vec(a2), &fx_vec(b2), true);
    gap
}

fn check<const D: usize>(
    a1: [i64; D],
    b1: [i64; D],
    a2: [i64; D],
    b2: [i64; D],
    r: i64,
) -> Result<bool, TestCaseError> {
    let within = |p: [i64; D], q: [i64; D], u: [i64; D], v: [i64; D]| {
        segments_within::<false, D>(&p, &dir(p, q), &u, &dir(u, v), r)
    };
    let answer = within(a1, b1, a2, b2);
    let want = program(a1, b1, a2, b2).within(i128::from(r));
    prop_assert_eq!(
        answer,
        want,
        "{:?}-{:?} vs {:?}-{:?}, r {}",
        a1,
        b1,
        a2,
        b2,
        r
    );
    // Swapped, and each segment reversed: the same distance.
    prop_assert_eq!(within(a2, b2, a1, b1), answer, "swapped");
    prop_assert_eq!(within(b1, a1, b2, a2), answer, "reversed");
    // Strictly nearer than r: the program's strict answer.
    let strict = segments_within::<true, D>(&a1, &dir(a1, b1), &a2, &dir(a2, b2), r);
    prop_assert_eq!(
        strict,
        program(a1, b1, a2, b2).within_strict(i128::from(r)),
        "strict"
    );
    Ok(answer)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn segments_within_is_the_program_3d(a1 in proptest::array::uniform3(coord()), b1 in proptest::array::uniform3(coord()),
                                          a2 in proptest::array::uniform3(coord()), b2 in proptest::array::uniform3(coord()), r in radius()) {
        check(a1, b1, a2, b2, r)?;
    }

    #[test]
    fn segments_within_is_the_program_2d(a1 in proptest::array::uniform2(coord()), b1 in proptest::array::uniform2(coord()),
                                          a2 in proptest::array::uniform2(coord()), b2 in proptest::array::uniform2(coord()), r in radius()) {
        check(a1, b1, a2, b2, r)?;
    }

    #[test]
    fn point_within_is_the_program(p in proptest::array::uniform3(coord()), a in proptest::array::uniform3(coord()),
                                   b in proptest::array::uniform3(coord()), r in radius()) {
        let r = i128::from(r);
        let mut gap = Gap::new();
        gap.segment(&fx_vec(a), &fx_vec(b), false);
        gap.point(&fx_vec(p), true);
        prop_assert_eq!(point_within::<false, 3>(&minus(a, p), &minus(b, a), r * r), gap.within(r));
        prop_assert_eq!(point_within::<true, 3>(&minus(a, p), &minus(b, a), r * r), gap.within_strict(r));
    }
}

#[test]
fn skew_segments_touch_at_the_radius_and_not_one_ulp_below() {
    // x axis from 0 to 4, and x = 2, z = 3 along y: 3 apart.
    let one = 1i64 << 32;
    let (a1, b1) = ([0, 0, 0], [4 * one, 0, 0]);
    let (a2, b2) = ([2 * one, -5 * one, 3 * one], [2 * one, 5 * one, 3 * one]);
    let r = 3 * one;
    assert!(check(a1, b1, a2, b2, r).unwrap());
    assert!(!check(a1, b1, a2, b2, r - 1).unwrap());
}

#[test]
fn parallel_collinear_and_point_segments_are_decided() {
    let one = 1i64 << 32;
    // (case, a1, b1, a2, b2, radius, want)
    let cases = [
        (
            "parallel, 1 apart",
            [0, 0, 0],
            [4 * one, 0, 0],
            [one, one, 0],
            [3 * one, one, 0],
            one,
            true,
        ),
        (
            "parallel, 1 apart, radius an ulp short",
            [0, 0, 0],
            [4 * one, 0, 0],
            [one, one, 0],
            [3 * one, one, 0],
            one - 1,
            false,
        ),
        (
            "collinear with a gap of 1",
            [0, 0, 0],
            [one, 0, 0],
            [2 * one, 0, 0],
            [5 * one, 0, 0],
            one,
            true,
        ),
        (
            "collinear with a gap of 1, radius 0",
            [0, 0, 0],
            [one, 0, 0],
            [2 * one, 0, 0],
            [5 * one, 0, 0],
            0,
            false,
        ),
        (
            "two points 5 apart (3-4-5)",
            [0, 0, 0],
            [0, 0, 0],
            [3 * one, 4 * one, 0],
            [3 * one, 4 * one, 0],
            5 * one,
            true,
        ),
        (
            "crossing segments, radius 0",
            [-one, 0, 0],
            [one, 0, 0],
            [0, -one, 0],
            [0, one, 0],
            0,
            true,
        ),
    ];
    for (case, a1, b1, a2, b2, r, want) in cases {
        assert_eq!(check(a1, b1, a2, b2, r).unwrap(), want, "{case}");
    }
}
