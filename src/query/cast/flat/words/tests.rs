//! The cast in words gives the wide program's bits: over points, segments,
//! axis-aligned and oriented boxes, in 2D and 3D, on small grid values
//! (touching starts, faces met together, sliding) and across the domain.

use super::super::wide_cast;
use crate::dim::{Const, Dim};
use crate::num::Fx;
use crate::query::capsule::boxed::tests::vector;
use crate::query::capsule::core::Gap;
use crate::query::capsule::core::slabs::{columns, holds_origin, normals};
use crate::query::capsule::pair::add_core;
use crate::query::capsule::wide::props::config;
use crate::query::cast::pad;
use crate::rot::{Rot, RotSpec};
use crate::shape::{Aabb, Ball, Obb, Segment, Shape};
use crate::vec::Vector;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// A shape of no radius from raw values: a point, a segment, a box, or an
/// oriented box turned by `turn` (an angle in 2D, a quaternion's vector
/// part in 3D); `None` when one is not valid.
fn shape<const D: usize>(kind: u8, p: [i64; D], q: [i64; D], turn: [i64; 3]) -> Option<Shape<D>>
where
    Const<D>: Dim<D>,
{
    let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
    let (p, q) = (v(p), v(q));
    Some(match kind % 4 {
        0 => Shape::from(Ball::try_new(p, Fx::ZERO).ok()?),
        1 => Shape::from(Segment::try_new(p, q).ok()?),
        2 => {
            let (mut lo, mut hi) = (p, q);
            for (l, h) in lo.0.iter_mut().zip(hi.0.iter_mut()) {
                if *l > *h {
                    core::mem::swap(l, h);
                }
            }
            Shape::from(Aabb::try_new(lo, hi).ok()?)
        }
        _ => {
            let spec = if D == 2 {
                RotSpec::Angle(Fx::from_bits(turn[0]))
            } else {
                let f = |x: i64| Fx::from_bits(x >> 20);
                RotSpec::Quat([Fx::ONE, f(turn[0]), f(turn[1]), f(turn[2])])
            };
            let rot = Rot::<D>::try_from_spec(&spec).ok()?;
            let mut half = q;
            for h in half.0.iter_mut() {
                *h = h.abs() / 4;
            }
            Shape::from(Obb::try_new(p, half, rot).ok()?)
        }
    })
}

/// Checks one cast: the words' answer is the wide program's.
fn check<const D: usize>(
    moving: &Shape<D>,
    target: &Shape<D>,
    d: [i64; D],
) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let mut gap = Gap::new();
    add_core(&mut gap, moving, false);
    add_core(&mut gap, target, true);
    let d = d.map(i128::from);
    let (cols, n) = columns(&gap);
    let cols = cols.get(..n).unwrap_or(&[]);
    let (normals, count) = normals(cols, D == 2);
    let normals = normals.get(..count).unwrap_or(&[]);
    let d64 = pad(d).map(|c| c << 32);
    let words = super::cast::<D>(cols, normals, &gap.offset(), &d64);
    prop_assert_eq!(
        words,
        Some(wide_cast::<D>(&gap, d)),
        "moving {:?} target {:?} d {:?}",
        moving,
        target,
        d
    );
    Ok(())
}

/// Checks one overlap of two cores of no radius: `holds_origin`, where it
/// answers, is the general program's closed test (its faces).
fn check_overlap<const D: usize>(a: &Shape<D>, b: &Shape<D>) -> Result<bool, TestCaseError>
where
    Const<D>: Dim<D>,
{
    let mut gap = Gap::new();
    add_core(&mut gap, a, false);
    add_core(&mut gap, b, true);
    let fast = holds_origin(&gap, D == 2);
    if let Some(meet) = fast {
        prop_assert_eq!(meet, gap.faces(0, false), "{:?} {:?}", a, b);
    }
    Ok(fast.is_some())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn holding_the_origin_is_the_program_3d(km in 0u8..4, kt in 0u8..4, p in vector::<3>(), q in vector::<3>(), r in vector::<3>(), s in vector::<3>(), turn in vector::<3>()) {
        if let (Some(m), Some(t)) = (shape::<3>(km, p, q, turn), shape::<3>(kt, r, s, [turn[2], turn[0], turn[1]])) {
            check_overlap(&m, &t)?;
        }
    }

    #[test]
    fn holding_the_origin_is_the_program_2d(km in 0u8..4, kt in 0u8..4, p in vector::<2>(), q in vector::<2>(), r in vector::<2>(), s in vector::<2>(), turn in vector::<3>()) {
        if let (Some(m), Some(t)) = (shape::<2>(km, p, q, turn), shape::<2>(kt, r, s, [turn[1], 0, 0])) {
            check_overlap(&m, &t)?;
        }
    }

    #[test]
    fn words_are_the_wide_program_3d(km in 0u8..4, kt in 0u8..4, p in vector::<3>(), q in vector::<3>(), r in vector::<3>(), s in vector::<3>(), turn in vector::<3>(), d in vector::<3>()) {
        if let (Some(m), Some(t)) = (shape::<3>(km, p, q, turn), shape::<3>(kt, r, s, [turn[2], turn[0], turn[1]])) {
            check(&m, &t, d)?;
        }
    }

    #[test]
    fn words_are_the_wide_program_2d(km in 0u8..4, kt in 0u8..4, p in vector::<2>(), q in vector::<2>(), r in vector::<2>(), s in vector::<2>(), turn in vector::<3>(), d in vector::<2>()) {
        if let (Some(m), Some(t)) = (shape::<2>(km, p, q, turn), shape::<2>(kt, r, s, [turn[1], 0, 0])) {
            check(&m, &t, d)?;
        }
    }
}

#[test]
fn a_segment_against_an_oriented_box_is_answered_by_the_slabs() {
    // Segments against the square [-1, 1]^2 turned by 0.5 rad: two across
    // it (through the center), two clear of it (past a corner, and beside
    // the corner near (1, 1) but outside the turned square); each
    // answered by the slabs, as the program answers.
    let rot = Rot::<2>::try_from_spec(&RotSpec::Angle(Fx::from_num(0.5))).unwrap();
    let square = Shape::from(
        Obb::try_new(Vector::from_ints([0, 0]), Vector::from_ints([1, 1]), rot).unwrap(),
    );
    let seg = |a: [i32; 2], b: [i32; 2]| {
        Shape::from(Segment::try_new(Vector::from_ints(a), Vector::from_ints(b)).unwrap())
    };
    let mut answered = 0;
    let mut hits = 0;
    for s in [
        seg([-3, 0], [3, 0]),
        seg([2, 2], [3, 3]),
        seg([0, -5], [0, 5]),
        seg([1, 1], [2, -2]),
    ] {
        let mut gap = Gap::new();
        add_core(&mut gap, &s, false);
        add_core(&mut gap, &square, true);
        let meet = holds_origin(&gap, true).expect("a full zonotope");
        assert_eq!(meet, gap.faces(0, false), "{s:?}");
        answered += 1;
        hits += i32::from(meet);
    }
    assert_eq!((answered, hits), (4, 2));
}
