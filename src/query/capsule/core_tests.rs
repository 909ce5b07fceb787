//! The cheap certain answers of `Gap::decide`.

use super::*;
use crate::vec::Vector;
use alloc::vec::Vec;

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

/// How many base-3 digits of the `n`-digit codes `a` and `b` differ.
fn digits_apart(a: usize, b: usize, n: usize) -> usize {
    (0..n)
        .scan((a, b), |(x, y), _| {
            let differ = *x % 3 != *y % 3;
            (*x, *y) = (*x / 3, *y / 3);
            Some(usize::from(differ))
        })
        .sum()
}

#[test]
fn nearest_first_visits_every_face_once_nearest_first() {
    for n in 0..=MAX_COLS {
        let faces = 3usize.pow(n as u32);
        // Every start for small programs; a spread of them for large ones.
        for first in (0..faces).step_by(if n <= 4 { 1 } else { 37 }) {
            let order: Vec<usize> = nearest_first(first, n).collect();
            assert_eq!(order.first(), Some(&first), "n {n} first {first}");
            let mut seen = order.clone();
            seen.sort_unstable();
            assert_eq!(
                seen,
                (0..faces).collect::<Vec<_>>(),
                "n {n} first {first}: not each face once"
            );
            let apart: Vec<usize> = order.iter().map(|&c| digits_apart(c, first, n)).collect();
            assert!(
                apart.windows(2).all(|w| w[0] <= w[1]),
                "n {n} first {first}: distances {apart:?}"
            );
        }
    }
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

#[test]
fn a_descent_step_is_the_truncated_quotient_or_saturates() {
    use super::certain::step;
    let big = 1i128 << 64;
    // (dot, g, expected): truncation toward zero, both signs.
    let cases = [
        (7, 2, 3),
        (-7, 2, -3),
        (0, 5, 0),
        ((1 << 100) + 12_345, 1 << 40, 1 << 60),
        (-(1 << 100) - 12_345, 1 << 40, -(1 << 60)),
        // The largest quotient below 2^64, and one past it (saturates).
        (i128::from(u64::MAX) * 3 + 2, 3, i128::from(u64::MAX)),
        (big * 3, 3, big),
        (-big * 3 - 1, 3, -big),
        (i128::MAX, 1, big),
        // A divisor of 64 bits or more: the `i128` quotient.
        (i128::MAX, 1 << 70, i128::MAX / (1 << 70)),
        (-(1 << 120), (1 << 64) + 1, -(1 << 120) / ((1 << 64) + 1)),
    ];
    for (dot, g, want) in cases {
        assert_eq!(step(dot, g), want, "step({dot}, {g})");
    }
}

/// The programs of a capsule against an oriented box: a segment (a column
/// over `[0, 1]`), minus the parallelepiped of three axes of any direction
/// and length up to one unit (columns over `[-h, h]`), and for a cast the
/// displacement (one more column over `[0, 1]`): four or five variables.
mod against_a_parallelepiped {
    use super::*;
    use crate::query::capsule::boxed::tests::vector;
    use crate::query::capsule::wide::props::config;
    use proptest::prelude::*;

    fn axis() -> impl Strategy<Value = [i128; 3]> {
        let unit = 1i128 << 32;
        prop_oneof![
            1 => (0usize..3).prop_map(move |k| core::array::from_fn(|j| if j == k { unit } else { 0 })),
            3 => proptest::array::uniform(-unit..=unit),
        ]
    }

    fn program(
        seg: [[i64; 3]; 2],
        center: [i64; 3],
        axes: [[i128; 3]; 3],
        half: [i64; 3],
        d: Option<[i64; 3]>,
    ) -> Gap {
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        let mut g = Gap::new();
        g.segment(&v(seg[0]), &v(seg[1]), false);
        g.point(&v(center), true);
        for (m, h) in axes.iter().zip(half) {
            let h = i128::from(h).abs();
            g.column(neg(*m), -h, h);
        }
        if let Some(d) = d {
            g.column(d.map(i128::from), 0, 1 << 32);
        }
        g
    }

    /// The distance (raw, rounded down) of the point the descent reaches:
    /// at or above the least distance, and near it once converged.
    fn descended_distance(g: &Gap) -> i128 {
        let mut x = g.middle();
        g.descend(&mut x, 64);
        let squares = g
            .point_at(&x)
            .iter()
            .fold(Big::ZERO, |s, c| s.add(Big::from(*c).square()));
        squares
            .isqrt()
            .div_floor(Big::pow2(32))
            .to_i128_saturating()
    }

    fn check(g: &Gap, any: i64) -> Result<(), TestCaseError> {
        let near = descended_distance(g);
        for r in [near - 2, near - 1, near, near + 1, i128::from(any)] {
            if r < 0 {
                continue;
            }
            for strict in [false, true] {
                if let Some(answer) = g.certain(r, strict) {
                    prop_assert_eq!(answer, g.faces(r, strict), "r {} strict {}", r, strict);
                }
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(config())]

        #[test]
        fn certain_answers_are_the_faces_answers(
            seg in proptest::array::uniform(vector::<3>()),
            center in vector::<3>(),
            axes in proptest::array::uniform(axis()),
            half in vector::<3>(),
            moving in any::<bool>(),
            d in vector::<3>(),
            any in 0i64..(1 << 40),
        ) {
            let g = program(seg, center, axes, half, moving.then_some(d));
            check(&g, any)?;
        }
    }
}
