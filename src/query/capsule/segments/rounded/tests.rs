//! The rounded segments answer only what the exact words answer, in 2D and
//! 3D, at radii a few units of the rounding grid from the segments' exact
//! distance (where the slack decides), and anywhere.

use super::super::exact;
use super::super::tests::dir;
use super::*;
use crate::query::capsule::wide::props::config;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// A raw coordinate: a small grid (parallel, collinear and crossing
/// segments are common there), the grid shifted by an ulp, or anything in
/// the domain.
fn coord() -> impl Strategy<Value = i64> {
    const DOM: i64 = 1 << 52;
    prop_oneof![
        3 => (-6i64..=6).prop_map(|k| k << 32),
        1 => (-6i64..=6).prop_map(|k| (k << 32) + 1),
        1 => -(1i64 << 20)..=(1 << 20),
        3 => -DOM..=DOM,
    ]
}

/// The least radius at which the segments are within (closed): the
/// exact distance rounded up to an ulp, by bisection on the words.
fn threshold<const D: usize>(w: &[i64; D], d1: &[i64; D], d2: &[i64; D]) -> i64 {
    let (mut lo, mut hi) = (-1i64, 1i64 << 55);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if exact::<false, D>(w, d1, d2, mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// Whether the rounded answer, if any, is the exact one for both the closed
/// and the strict question; returns the rounded answer.
fn agrees<const D: usize>(ends: [[i64; D]; 4], r: i64) -> Result<Option<bool>, TestCaseError> {
    let [a1, b1, a2, b2] = ends;
    let (w, d1, d2) = (dir(a2, a1), dir(a1, b1), dir(a2, b2));
    let answer = rounded(&w, &d1, &d2, r);
    if let Some(x) = answer {
        prop_assert_eq!(
            x,
            exact::<false, D>(&w, &d1, &d2, r),
            "closed: {:?}, r {}",
            ends,
            r
        );
        prop_assert_eq!(
            x,
            exact::<true, D>(&w, &d1, &d2, r),
            "strict: {:?}, r {}",
            ends,
            r
        );
    }
    Ok(answer)
}

/// The grid step (`2^k`) of the rounding for these segments and radius.
fn step<const D: usize>(ends: &[[i64; D]; 4], r: i64) -> i64 {
    let [a1, b1, a2, b2] = ends;
    let m = (0..D)
        .flat_map(|i| [a1[i] - a2[i], b1[i] - a2[i], b2[i] - a2[i]])
        .fold(r, |m, x| m | magnitude(x));
    1 << (i64::BITS - m.leading_zeros()).saturating_sub(KEEP)
}

/// Radii around the exact distance: every multiple of a quarter grid step
/// within `SLACK + 2` steps of it.
fn near<const D: usize>(ends: [[i64; D]; 4]) -> Result<(), TestCaseError> {
    let [a1, b1, a2, b2] = ends;
    let t = threshold(&dir(a2, a1), &dir(a1, b1), &dir(a2, b2));
    let unit = step(&ends, t).max(4);
    for q in -4 * (SLACK + 2)..=4 * (SLACK + 2) {
        let r = t + q * unit / 4;
        if r >= 0 {
            agrees(ends, r)?;
        }
    }
    // Far from it, the rounded segments settle the question: eight grid
    // steps past the distance, on the grid of that far radius itself
    // (a radius past a power of two coarsens the grid).
    let mut far = t + 8 * unit;
    loop {
        let next = t + 8 * step(&ends, far).max(4);
        if next == far {
            break;
        }
        far = next;
    }
    prop_assert!(agrees(ends, far)?.is_some(), "{:?} at {}", ends, far);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn rounded_is_exact_near_the_distance_3d(ends in proptest::array::uniform4(proptest::array::uniform3(coord()))) {
        near(ends)?;
    }

    #[test]
    fn rounded_is_exact_near_the_distance_2d(ends in proptest::array::uniform4(proptest::array::uniform2(coord()))) {
        near(ends)?;
    }

    #[test]
    fn rounded_is_exact_anywhere(ends in proptest::array::uniform4(proptest::array::uniform3(coord())), r in 0i64..(1 << 52)) {
        agrees(ends, r)?;
    }
}

#[test]
fn a_distance_a_few_grid_steps_from_the_radius_is_left_to_the_words() {
    // Segments 2^50 long, 40 * 2^34 apart (along y): the grid step is
    // 2^34, so a radius within a few steps of the distance is not
    // settled, and one far from it is.
    let (one, far) = (1i64 << 50, 40i64 << 34);
    let ends = [[0, 0, 0], [one, 0, 0], [0, far, 0], [one, far, 0]];
    assert_eq!(step(&ends, far), 1 << 34);
    assert_eq!(agrees(ends, far).unwrap(), None);
    assert_eq!(agrees(ends, far - 1).unwrap(), None);
    assert_eq!(agrees(ends, far / 8).unwrap(), Some(false));
    assert_eq!(agrees(ends, 4 * far).unwrap(), Some(true));
}

#[test]
fn a_far_radius_past_a_power_of_two_is_settled_on_its_own_grid() {
    // Regression: the distance just below 2^52, so `t + 8 step(t)` lands
    // past 2^52 and the rounding grid doubles with the radius; eight old
    // steps are only four new ones. The far radius must be measured on
    // the grid of the far radius itself.
    let ends = [
        [0, -3003006774157181, 0],
        [4445380876446486, 1159100498772221, -784052],
        [1926846413810454, -4294967296, -4417734641972916],
        [0, 0, -4151687187789493],
    ];
    near(ends).unwrap();
}
