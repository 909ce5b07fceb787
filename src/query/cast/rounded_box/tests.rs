//! The rounded box's pieces against the general program (balls against
//! boxes are in the two capsules' tests), and the edges by name.

use super::*;
use crate::num::Fx;
use crate::query::cast::segments::tests::{agree, coord, displacement};
use crate::query::cast::shape_cast;
use crate::shape::{Aabb, Capsule, Shape};
use crate::vec::Vector;
use proptest::prelude::*;

/// A capsule (`a = b` now and then, a segment along an axis now and then)
/// moving against an axis-aligned box (flat now and then), and a
/// displacement: any, or aimed from the capsule's start at the box's
/// corner (times 1/2 to 2, nudged).
fn case() -> impl Strategy<Value = (Shape<3>, Shape<3>, Vector<3>)> {
    let point = || proptest::array::uniform3(coord());
    let radius = prop_oneof![Just(1i64 << 31), Just(1 << 32), 1i64..=(3 << 32)];
    let capsule = (point(), point(), radius, 0u8..6).prop_map(|(a, mut b, r, kind)| {
        match kind {
            0 => b = a,
            1 => (b[1], b[2]) = (a[1], a[2]),
            _ => {}
        }
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        (
            a,
            Shape::from(Capsule::try_new(v(a), v(b), Fx::from_bits(r)).unwrap()),
        )
    });
    let aabb = (point(), point(), 0u8..8).prop_map(|(p, q, kind)| {
        let (mut lo, mut hi) = (p, q);
        for (l, h) in lo.iter_mut().zip(hi.iter_mut()) {
            (*l, *h) = ((*l).min(*h), (*l).max(*h));
        }
        if kind == 0 {
            hi[2] = lo[2];
        }
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        (lo, Shape::from(Aabb::try_new(v(lo), v(hi)).unwrap()))
    });
    (capsule, aabb).prop_flat_map(|((a, c), (lo, b))| {
        let nudge = proptest::array::uniform3(-(1i64 << 31)..=(1 << 31));
        let aimed = (1i64..=4, nudge).prop_map(move |(k, n)| {
            Vector(core::array::from_fn(|i| {
                Fx::from_bits((lo[i] - a[i]) / 2 * k + n[i])
            }))
        });
        (Just(c), Just(b), prop_oneof![displacement::<3>(), aimed])
    })
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    /// A capsule against an axis-aligned box takes the rounded zonotope's
    /// pieces: the program's answers.
    #[test]
    fn capsule_against_box_agrees_with_the_general_program((m, t, d) in case()) {
        agree(&m, &d, &t)?;
    }
}

#[test]
fn the_start_is_strict() {
    let one = 1i64 << 32;
    // A ball at the origin 1 below the box's -x face: its interior meets
    // the box's for radius 2, not for 1 (touching).
    let ball = |r| RoundBox {
        lo: [one, -one, -one],
        hi: [3 * one, one, one],
        a: [0; 3],
        u: [0; 3],
        r,
    };
    assert!(ball(2 * one).starts_within());
    assert!(!ball(one).starts_within());
    assert!(ball(one + 1).starts_within());
}

/// A number from its decimal text (exact for these).
fn fx(s: &str) -> Fx {
    s.parse().unwrap()
}

fn v3(x: &str, y: &str, z: &str) -> Vector<3> {
    Vector([x, y, z].map(fx))
}

/// The box `[-1, 1]^3` (or flat at z = 0).
fn unit_box(flat: bool) -> Shape<3> {
    let h = if flat { "0" } else { "1" };
    Aabb::try_new(v3("-1", "-1", &format!("-{h}")), v3("1", "1", h))
        .unwrap()
        .into()
}

fn capsule(a: Vector<3>, b: Vector<3>, r: &str) -> Shape<3> {
    Capsule::try_new(a, b, fx(r)).unwrap().into()
}

/// `num / den` rounded down, as a number.
fn ratio(num: i64, den: i64) -> Fx {
    Fx::from_bits((num << 32).div_euclid(den))
}

#[test]
fn capsule_level_with_a_face_lands_on_it() {
    // A bar along x at height 5 (radius 1) falls 6: its underside (z = 4)
    // reaches the top face z = 1 at s = 1/2. Both ends lead (a tie).
    let m = capsule(v3("-0.5", "0", "5"), v3("0.5", "0", "5"), "1");
    let c = shape_cast(&m, &v3("0", "0", "-6"), &unit_box(false))
        .unwrap()
        .unwrap();
    assert_eq!(
        (c.t_enter, c.normal, c.overlapping),
        (fx("0.5"), v3("0", "0", "1"), false)
    );
}

#[test]
fn capsule_end_lands_on_a_flat_box() {
    // A vertical capsule (ends z = 3 and 5, radius 1/2) falls 5 along its
    // axis: its lower end's ball reaches the flat box at s = 2.5 / 5.
    let m = capsule(v3("0", "0", "3"), v3("0", "0", "5"), "0.5");
    let c = shape_cast(&m, &v3("0", "0", "-5"), &unit_box(true))
        .unwrap()
        .unwrap();
    assert_eq!((c.t_enter, c.normal), (fx("0.5"), v3("0", "0", "1")));
}

#[test]
fn capsule_side_crosses_a_box_edge_on_the_parallelogram() {
    // The core (0, 4 + 4t, 5 - 3t), t in [-1/4, 1/4], is nearest the box at
    // t = 0, 5 units from the edge y = z = 1 along (0, 3/5, 4/5): a point
    // inside the parallelogram of that edge and the core. Moving 8 units
    // back along that direction with radius 1, the gap 4 closes at s = 1/2.
    let m = capsule(v3("0", "3", "5.75"), v3("0", "5", "4.25"), "1");
    let (d, b) = (v3("0", "-4.8", "-6.4"), unit_box(false));
    let c = shape_cast(&m, &d, &b).unwrap().unwrap();
    let want = Vector([Fx::ZERO, ratio(3, 5), ratio(4, 5)]);
    assert_eq!(
        (c.t_enter, c.normal, c.overlapping),
        (fx("0.5"), want, false)
    );
    // Answered by the parallelogram's slab alone.
    let pair = RoundBox::of(&m, &b).unwrap();
    assert_eq!(pair.parallelogram_entry(d.to_bits()), Some(Some(c)));
}

#[test]
fn capsule_along_a_box_edge_meets_it_side_on() {
    // A vertical capsule 6.25 units from the box's edge x = y = 1 along
    // (3/5, 4/5, 0), radius 1.25, moving 10 units back along it: the gap 5
    // closes at s = 1/2, through the edge's capsules.
    let m = capsule(v3("4.75", "6", "-0.5"), v3("4.75", "6", "0.5"), "1.25");
    let (d, b) = (v3("-6", "-8", "0"), unit_box(false));
    let c = shape_cast(&m, &d, &b).unwrap().unwrap();
    let want = Vector([ratio(3, 5), ratio(4, 5), Fx::ZERO]);
    assert_eq!((c.t_enter, c.normal), (fx("0.5"), want));
    // No face is met over it; the edges' capsules answer.
    let pair = RoundBox::of(&m, &b).unwrap();
    assert_eq!(pair.face_entry(d.to_bits()), None);
    assert_eq!(pair.edges_first(d.to_bits()), Some(Some(c)));
}

#[test]
fn capsule_touching_a_face_slides_or_moves_in() {
    // Lying on the top face (underside at z = 1): sliding is no hit; moving
    // in is a hit at 0, not overlapping.
    let m = capsule(v3("-1", "0", "2"), v3("1", "0", "2"), "1");
    let b = unit_box(false);
    assert_eq!(shape_cast(&m, &v3("1", "0", "0"), &b), Ok(None));
    let c = shape_cast(&m, &v3("0", "0", "-1"), &b).unwrap().unwrap();
    assert_eq!(
        (c.t_enter, c.normal, c.overlapping),
        (Fx::ZERO, v3("0", "0", "1"), false)
    );
}

#[test]
fn capsule_touching_a_box_only_at_the_end_is_no_hit() {
    // The underside reaches z = 1 exactly at s = 1.
    let m = capsule(v3("-1", "0", "4"), v3("1", "0", "4"), "1");
    assert_eq!(
        shape_cast(&m, &v3("0", "0", "-2"), &unit_box(false)),
        Ok(None)
    );
}

/// A box near the aabb `b` (its center and half-size floored to the
/// grid) as an aabb and as an oriented box along the coordinate axes: axes
/// `kind` 0 the identity, 1 flipped (the half turn about z), 2 permuted
/// (axis 0 along y, axis 1 along -x, with the half-sizes to match).
fn as_aligned_obb(b: &Shape<3>, kind: u8) -> (Shape<3>, Shape<3>) {
    let Shape::Aabb(x) = b else {
        unreachable!("an aabb")
    };
    let c = x.center();
    let h: [Fx; 3] =
        core::array::from_fn(|k| Fx::from_bits((x.max().0[k] - x.min().0[k]).to_bits() >> 1));
    let e = |k: usize, positive: bool| Vector::<3>::unit(k, positive);
    let [hx, hy, hz] = h;
    let (axes, half) = match kind {
        0 => ([e(0, true), e(1, true), e(2, true)], [hx, hy, hz]),
        1 => ([e(0, false), e(1, false), e(2, true)], [hx, hy, hz]),
        _ => ([e(1, true), e(0, false), e(2, true)], [hy, hx, hz]),
    };
    let rot = crate::rot::Rot::try_from_axes(axes).unwrap();
    let aabb = Aabb::try_from_center_half(c, Vector(h)).unwrap();
    (
        Shape::from(aabb),
        Shape::from(crate::shape::Obb::try_new(c, Vector(half), rot).unwrap()),
    )
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    /// An oriented box along the coordinate axes (identity, flipped or
    /// permuted axes) is that axis-aligned box: the same answers as the
    /// aabb, the general program's times, normals within its rule.
    #[test]
    fn capsule_against_an_axis_aligned_obb_is_the_aabbs_cast((m, t, d) in case(), kind in 0u8..3) {
        let (aabb, obb) = as_aligned_obb(&t, kind);
        prop_assert_eq!(shape_cast(&m, &d, &obb), shape_cast(&m, &d, &aabb), "kind {}", kind);
        agree(&m, &d, &obb)?;
    }
}

/// Which oriented boxes are taken as axis-aligned: axes exactly `+-e_k`,
/// each coordinate once.
#[test]
fn only_boxes_along_the_coordinate_axes_are_aligned() {
    let one = Fx::ONE;
    let b = Shape::from(Aabb::try_new(v3("-1", "-2", "-3"), v3("1", "2", "3")).unwrap());
    for kind in 0..3 {
        let (aabb, obb) = as_aligned_obb(&b, kind);
        assert_eq!(aabb, b);
        assert_eq!(aligned(&obb).map(Shape::from), Some(b), "kind {kind}");
    }
    let obb = |axes: [Vector<3>; 3]| {
        let rot = crate::rot::Rot::try_from_axes(axes).unwrap();
        Shape::from(crate::shape::Obb::try_new(Vector::ZERO, Vector([one; 3]), rot).unwrap())
    };
    let e = |k: usize| Vector::<3>::unit(k, true);
    // An axis one ulp off the coordinate axis (within the axes' tolerance).
    let tilted = Vector([one, Fx::from_bits(1), Fx::ZERO]);
    assert_eq!(aligned(&obb([tilted, e(1), e(2)])), None);
    // A box turned about z.
    let rot = crate::rot::Rot::<3>::try_from_axis_angle(e(2), fx("0.5")).unwrap();
    let turned =
        Shape::from(crate::shape::Obb::try_new(Vector::ZERO, Vector([one; 3]), rot).unwrap());
    assert_eq!(aligned(&turned), None);
    // Not a box.
    let ball = Shape::from(crate::shape::Ball::try_new(Vector::<3>::ZERO, one).unwrap());
    assert_eq!(aligned(&ball), None);
}
