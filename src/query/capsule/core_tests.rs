//! The cheap certain answers of `Gap::decide`.

use super::*;
use crate::vec::Vector;

fn v(x: i32, y: i32) -> Vector<2> {
    Vector::from_ints([x, y])
}

/// The program of a segment `a b` against a point `p` (the segment's
/// points minus `p`).
fn segment_point(a: Vector<2>, b: Vector<2>, p: Vector<2>) -> Gap {
    let mut g = Gap::new();
    g.segment(&a, &b, false);
    g.point(&p, true);
    g
}

#[test]
fn a_miss_beyond_a_diagonal_is_certain() {
    // The segment (0, 0)-(10, 10) and the point (8, 2): the ranges on x
    // and y overlap, but the point is 6 / sqrt 2 (4.24) from the segment.
    let g = segment_point(v(0, 0), v(10, 10), v(8, 2));
    let r = 4i128 << 32;
    assert_eq!(g.certain(r, false), Some(false));
    assert_eq!(g.certain(r, true), Some(false));
    assert!(!g.within(r) && !g.within_strict(r));
}

#[test]
fn a_touch_is_never_called_a_miss() {
    // The point (8, 2) at distance exactly 3 sqrt 2 from the segment's
    // line: with r^2 = 18 only the exact path can tell (r is not an
    // integer), and r one ulp larger hits.
    let g = segment_point(v(0, 0), v(10, 10), v(8, 2));
    // 3 sqrt 2 = 4.2426406871...: floor and ceiling at 2^-32.
    let lo: i128 = 18_222_002_999;
    let hi = lo + 1;
    assert!(!g.within(lo), "{lo} is below the distance");
    assert!(g.within(hi), "{hi} is above the distance");
    assert_ne!(g.certain(hi, false), Some(false));
}
