//! The two measured errors of `ray_obb` before it was exact (it answered
//! for a slab box slightly larger than the parallelepiped): each case now
//! gives the exact answer of the reference.

use super::*;
use fixed_collide::{Obb2, Ray2, Rot2, Vec2, ray_obb};
use num_bigint::BigInt;
use num_rational::BigRational;

fn num(s: &str) -> Fx {
    Fx::from_str(s).unwrap()
}

fn vec2(x: &str, y: &str) -> Vec2 {
    Vector([num(x), num(y)])
}

/// `ray_obb` against the exact reference: a hit from outside, `t` and each
/// coordinate of the point the exact values floored, the normal the axis
/// entered last.
fn assert_exact(b: &Obb2, ray: &Ray2) {
    assert_ne!(
        b.axis_error(),
        Fx::ZERO,
        "a rotated box, not a signed permutation"
    );
    let exact = reference::ray(
        &reference::bv(&ray.origin()),
        &reference::bv(&ray.dir()),
        ray.max_t(),
        &RefBox::of(b),
    );
    let h = ray_obb(ray, b).expect("the exact ray hits");
    assert!(exact.hit && !exact.inside && !h.inside);
    let e = exact.t.unwrap();
    assert_eq!(h.t.to_bits(), reference::floor_raw(&e));
    let (i, plus) = exact.entry_axes[0];
    let a = b.axes()[i];
    assert_eq!(h.normal, if plus { a } else { Vector(a.0.map(|x| -x)) });
    for k in 0..2 {
        let at = BigRational::from_integer(BigInt::from(ray.origin().0[k].to_bits()))
            + &e * BigRational::from_integer(BigInt::from(ray.dir().0[k].to_bits()));
        assert_eq!(
            BigInt::from(h.point.0[k].to_bits()),
            reference::floor_q(&at)
        );
    }
}

/// Near (4e5, 4e5), a box of about 2000 by 1300 turned by 1.1 radians: the
/// slab-box answer had `t` 51 ulps before the exact entry time.
#[test]
fn ray_obb_t_is_not_51_ulps_early_near_4e5() {
    let b = Obb2::try_new(
        vec2("399725.9304369643", "399800.2351653743"),
        vec2("1937.0621007547", "1299.1626873431"),
        Rot2::from_angle(num("1.1047127649")),
    )
    .unwrap();
    let ray = Ray2::try_unbounded(
        vec2("393784.4582951620", "395627.3134898434"),
        vec2("102.9324618696", "57.4348127688"),
    )
    .unwrap();
    assert_exact(&b, &ray);
}

/// A ray entering a box of about 1.5e5 by 1.4e5 through a face it meets at
/// a grazing angle (about 0.01 radians): the slab-box answer put the point
/// 0.0096 world units along the ray before the exact entry point.
#[test]
fn ray_obb_grazing_point_is_not_0_0096_off() {
    let b = Obb2::try_new(
        vec2("-32.0825140263", "-204.0311890513"),
        vec2("73988.5016734844", "67867.5100507986"),
        Rot2::from_angle(num("1.3995211181")),
    )
    .unwrap();
    let ray = Ray2::try_unbounded(
        vec2("-54133.9809733803", "85255.9777946229"),
        vec2("-0.1662496665", "-0.9860928579"),
    )
    .unwrap();
    assert_exact(&b, &ray);
    // Entered through the face s_1 = +h_1, nearly along it.
    assert_eq!(ray_obb(&ray, &b).unwrap().normal, b.axes()[1]);
}
