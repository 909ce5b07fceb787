//! The ray filter's shortcut for origins deep inside a rotated box.

use super::*;
use crate::rot::Rot2;
use crate::shape::Obb2;
use crate::vec::Vec2;
use std::prelude::rust_2024::*;

/// Origins on a line across the face `s_0 = h` of a large box rotated by
/// one radian (axes off orthonormal by about 2^-31), near its corners:
/// the box-frame coordinate `u_0` differs from the box coordinate `s_0` by
/// up to `D tau h` (thousands of ulps here).
fn origins_across_a_face(box_: &Obb2) -> Vec<Vec2> {
    let [a0, a1] = *box_.axes();
    let h = box_.half().0[0];
    let mut out = Vec::new();
    for corner in [h, -h, h - Fx::from_num(3)] {
        for j in -2048..=2048i64 {
            let s0 = h + Fx::from_bits(j << 12);
            let (along, across) = ((a0 * s0).unwrap(), (a1 * corner).unwrap());
            let o = (box_.center() + along).and_then(|p| p + across);
            out.push(o.unwrap());
        }
    }
    out
}

#[test]
fn an_origin_in_the_slab_box_but_outside_the_box_is_not_deep_inside() {
    let b = Obb2::try_new(
        Vec2::from_ints([7, -3]),
        Vec2::from_ints([1 << 19, 1 << 19]),
        Rot2::from_angle(Fx::ONE),
    )
    .unwrap();
    assert_ne!(b.axis_error(), Fx::ZERO);
    let (mut near_but_out, mut deep) = (0, 0);
    for o in origins_across_a_face(&b) {
        let ray = Ray::try_unbounded(o, Vec2::from_ints([1, 2])).unwrap();
        let exact = exact::ray(&ray, &b);
        assert_eq!(ray_obb(&ray, &b), exact, "origin {o:?}");
        let Some(slab) = slab_ray(&ray, &b).filter(SlabRay::origin_in_slabs) else {
            continue;
        };
        let inside = exact.is_some_and(|h| h.inside);
        // The shortcut never claims an origin the exact path puts outside.
        assert!(!slab.deep_inside(&b) || inside, "origin {o:?}");
        deep += usize::from(slab.deep_inside(&b));
        // Within the half-sizes in the box frame, yet outside the box: the
        // margin of the shortcut is needed.
        let within = slab
            .u
            .iter()
            .zip(b.half().0)
            .all(|(u, h)| u.abs() <= h.to_bits());
        near_but_out += usize::from(within && !inside);
    }
    assert!(near_but_out > 0, "no origin needed the margin");
    assert!(deep > 0, "no origin was deep inside");
}
