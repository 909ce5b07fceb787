//! The constructors of segments and capsules: what they accept and the
//! errors naming the field they reject.

use super::*;
use fixed_collide::{
    Ball, Capsule, Capsule2, Capsule3, Error, Segment2, Segment3, Shape, Vec2, Vec3,
};

#[test]
fn segment_accepts_equal_end_points_and_the_domain_limits() {
    let p = vector([DOM, -DOM]);
    let s = Segment2::try_new(p, p).unwrap();
    assert_eq!((s.a(), s.b()), (p, p));
}

#[test]
fn segment_rejects_an_end_point_out_of_the_domain_naming_it() {
    let far = fx(DOM + 1);
    let e = Segment3::try_new(Vec3::ZERO, Vec3::new(Fx::ZERO, Fx::ZERO, far)).unwrap_err();
    assert_eq!(
        e,
        Error::OutOfDomain {
            field: fixed_collide::Field::new("b").axis(2),
            value: far
        }
    );
    assert_eq!(
        e.to_string(),
        format!("b.z {far} is out of the domain |v| <= 1048576 (2^20)")
    );
}

#[test]
fn capsule_rejects_a_negative_radius_naming_it() {
    let e = Capsule2::try_new(Vec2::ZERO, Vec2::ZERO, -Fx::DELTA).unwrap_err();
    assert_eq!(e.field().to_string(), "radius");
    assert!(matches!(e, Error::Negative { .. }), "{e:?}");
}

#[test]
fn capsule_rejects_a_radius_above_the_domain() {
    let e = Capsule3::try_new(Vec3::ZERO, Vec3::ZERO, fx(DOM + 1)).unwrap_err();
    assert!(matches!(e, Error::OutOfDomain { .. }), "{e:?}");
    assert_eq!(e.field().to_string(), "radius");
}

#[test]
fn capsule_rejects_an_end_point_out_of_the_domain_naming_it() {
    let e = Capsule2::try_new(Vec2::new(fx(-DOM - 1), Fx::ZERO), Vec2::ZERO, Fx::ONE).unwrap_err();
    assert_eq!(e.field().to_string(), "a.x");
}

#[test]
fn capsule_accepts_zero_radius_and_equal_end_points() {
    let c = Capsule3::try_new(Vec3::ZERO, Vec3::ZERO, Fx::ZERO).unwrap();
    assert_eq!(c.radius(), Fx::ZERO);
    assert_eq!(
        c.segment(),
        Segment3::try_new(Vec3::ZERO, Vec3::ZERO).unwrap()
    );
}

#[test]
fn segments_and_balls_convert_to_the_capsules_of_the_same_points() {
    let s = Segment2::try_new(Vector::from_ints([1, 2]), Vector::from_ints([3, 4])).unwrap();
    let c = Capsule::from(s);
    assert_eq!((c.a(), c.b(), c.radius()), (s.a(), s.b(), Fx::ZERO));
    let b = Ball::try_new(Vector::from_ints([5, 6]), Fx::ONE).unwrap();
    let c = Capsule::from(b);
    assert_eq!(
        (c.a(), c.b(), c.radius()),
        (b.center(), b.center(), Fx::ONE)
    );
    assert_eq!(Shape::from(b), Shape::Sphere(b));
}
