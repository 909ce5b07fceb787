//! The segment-box distance test gives the general program's answer,
//! closed and strict: on
//! grid values (ends on faces, segments along edges, minima at
//! breakpoints), anywhere in the domain, and with the radius within an ulp
//! of the exact distance (touching, one ulp apart).

use super::*;
use crate::num::Fx;
use crate::query::capsule::core::Gap;
use crate::query::capsule::wide::props::config;
use crate::shape::Aabb;
use crate::vec::Vector;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// A raw coordinate: halves on a small grid (faces meet and touch there),
/// a few units at any ulp, or anywhere in the domain.
pub(crate) fn raw() -> impl Strategy<Value = i64> {
    const DOM: i64 = 1 << 52;
    prop_oneof![
        3 => (-6i64..=6).prop_map(|k| k << 31),
        1 => -(6i64 << 32)..=(6 << 32),
        1 => -DOM..=DOM,
    ]
}

pub(crate) fn vector<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(raw())
}

/// The general program's answer, and the box.
fn program<const D: usize>(a: [i64; D], b: [i64; D], p: [i64; D], q: [i64; D]) -> (Gap, Aabb<D>) {
    let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
    let (lo, hi) = (
        core::array::from_fn(|k| p[k].min(q[k])),
        core::array::from_fn(|k| p[k].max(q[k])),
    );
    let bx = Aabb::try_new(v(lo), v(hi)).unwrap();
    let mut g = Gap::new();
    g.segment(&v(a), &v(b), false);
    g.aabb(&bx, true);
    (g, bx)
}

/// A radius near the exact distance: the floor of the program's least
/// radius found by bisection on `within` (then that, one less and one
/// more), or any.
fn radii(g: &Gap, pick: u8, any: i64) -> Vec<i64> {
    if pick.is_multiple_of(3) {
        return vec![any];
    }
    // The least r in [0, 2^53] with within(r): the exact distance's ceiling.
    let (mut lo, mut hi) = (0i64, 1i64 << 53);
    if g.within(0) {
        return vec![0, 1];
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if g.within(i128::from(mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    vec![lo, hi, hi + 1]
}

fn check<const D: usize>(
    a: [i64; D],
    b: [i64; D],
    p: [i64; D],
    q: [i64; D],
    pick: u8,
    any: i64,
) -> Result<(), TestCaseError> {
    let (g, bx) = program(a, b, p, q);
    for r in radii(&g, pick, any) {
        prop_assert_eq!(
            segment_box_within::<false, D>(&a, &b, bx.raw(), r),
            g.faces(i128::from(r), false),
            "segment {:?} {:?} box {:?} r {}",
            a,
            b,
            bx,
            r
        );
        prop_assert_eq!(
            segment_box_within::<true, D>(&a, &b, bx.raw(), r),
            g.faces(i128::from(r), true),
            "strict: segment {:?} {:?} box {:?} r {}",
            a,
            b,
            bx,
            r
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn segment_box_is_the_program_3d(a in vector::<3>(), b in vector::<3>(), p in vector::<3>(), q in vector::<3>(), pick in any::<u8>(), any in 0i64..(1 << 52)) {
        check(a, b, p, q, pick, any)?;
    }

    #[test]
    fn segment_box_is_the_program_2d(a in vector::<2>(), b in vector::<2>(), p in vector::<2>(), q in vector::<2>(), pick in any::<u8>(), any in 0i64..(1 << 52)) {
        check(a, b, p, q, pick, any)?;
    }
}

/// Unit-grid inputs (raw `k << 32`), the radius in units too.
fn case<const D: usize>(a: [i64; D], b: [i64; D], lo: [i64; D], hi: [i64; D], r: i64) -> bool {
    let g = |x: [i64; D]| x.map(|c| c << 32);
    let (gap, bx) = program(g(a), g(b), g(lo), g(hi));
    let got = segment_box_within::<false, D>(&g(a), &g(b), bx.raw(), r << 32);
    assert_eq!(
        got,
        gap.faces(i128::from(r) << 32, false),
        "{a:?} {b:?} {lo:?} {hi:?} {r}"
    );
    let strict = segment_box_within::<true, D>(&g(a), &g(b), bx.raw(), r << 32);
    assert_eq!(
        strict,
        gap.faces(i128::from(r) << 32, true),
        "strict: {a:?} {b:?} {lo:?} {hi:?} {r}"
    );
    got
}

#[test]
fn a_segment_through_the_box_meets_it() {
    assert!(case([-5, 1, 1], [5, 1, 1], [0, 0, 0], [2, 2, 2], 0));
}

#[test]
fn a_segment_past_an_edge_is_within_the_distance_to_the_edge() {
    // The box [0, 2]^3 and segments at z = 1 across its edge x = y = 2:
    // along x + y = 4 through the edge's point (2, 2, 1) (touching), along
    // x + y = 5 at 1 / sqrt 2 from it (the minimum inside the piece where
    // both x and y are above the box).
    assert!(case([3, 1, 1], [1, 3, 1], [0, 0, 0], [2, 2, 2], 0));
    assert!(!case([4, 1, 1], [1, 4, 1], [0, 0, 0], [2, 2, 2], 0));
    assert!(case([4, 1, 1], [1, 4, 1], [0, 0, 0], [2, 2, 2], 1));
}

#[test]
fn a_minimum_at_a_breakpoint_is_decided_there() {
    // From (4, 2, -1) to (-2, 2, 3) past the box [0, 1]^3: y stays 1
    // above it, and at s = 1/2 both x and z reach the box's faces at once
    // (the derivative is zero exactly there): distance 1, with both ends
    // farther (squared 11 and 9).
    assert!(case([4, 2, -1], [-2, 2, 3], [0, 0, 0], [1, 1, 1], 1));
    assert!(!case([4, 2, -1], [-2, 2, 3], [0, 0, 0], [1, 1, 1], 0));
}

#[test]
fn a_point_segment_is_a_ball() {
    // a = b at (3, 0): distance 1 from the box [0, 2]^2.
    assert!(case([3, 0], [3, 0], [0, 0], [2, 2], 1));
    assert!(!case([4, 0], [4, 0], [0, 0], [2, 2], 1));
}

#[test]
fn a_segment_along_a_face_at_the_radius_touches() {
    assert!(case([-3, 3], [5, 3], [0, 0], [2, 2], 1));
    assert!(!case([-3, 4], [5, 4], [0, 0], [2, 2], 1));
}

#[test]
fn touching_a_corner_inside_the_segment_counts_and_an_ulp_less_does_not() {
    // The line 3x + 4y = 19 passes the corner (2, 2) of the box [0, 2]^2 at
    // distance exactly 1, at (2.6, 2.8), inside the segment from (1, 4) to
    // (9, -2) (both ends farther): radius 1 touches, one ulp less misses.
    assert!(case([1, 4], [9, -2], [0, 0], [2, 2], 1));
    let g = |x: [i64; 2]| x.map(|c| c << 32);
    let bx = Aabb::try_new(Vector::from_ints([0, 0]), Vector::from_ints([2, 2])).unwrap();
    assert!(!segment_box_within::<false, 2>(
        &g([1, 4]),
        &g([9, -2]),
        bx.raw(),
        (1 << 32) - 1
    ));
}
