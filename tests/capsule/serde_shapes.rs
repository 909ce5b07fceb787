//! With the feature `serde`: segments, capsules and [`Shape`] round trip
//! through JSON, and invalid ones are rejected with the constructor's
//! message.
#![cfg(feature = "serde")]

use super::*;
use fixed_collide::{Capsule2, Capsule3, Segment2, Shape};
use serde_json::json;

fn to(x: Fx) -> serde_json::Value {
    serde_json::to_value(x).unwrap()
}

#[test]
fn capsule_and_segment_round_trip() {
    let c = Capsule3::try_new(
        Vector::from_ints([0, 1, 2]),
        Vector::from_ints([3, 4, 5]),
        fx(ONE / 2),
    )
    .unwrap();
    let text = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<Capsule3>(&text).unwrap(), c);
    let s = Segment2::try_new(Vector::from_ints([0, 1]), Vector::from_ints([0, 1])).unwrap();
    let text = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<Segment2>(&text).unwrap(), s);
}

#[test]
fn shape_is_tagged_by_its_lowercase_name() {
    let c = Capsule2::try_new(
        Vector::from_ints([0, 0]),
        Vector::from_ints([1, 0]),
        Fx::ONE,
    )
    .unwrap();
    let v = serde_json::to_value(Shape::from(c)).unwrap();
    assert_eq!(v, json!({ "capsule": serde_json::to_value(c).unwrap() }));
    assert_eq!(
        serde_json::from_value::<Shape<2>>(v).unwrap(),
        Shape::Capsule(c)
    );
}

#[test]
fn negative_radius_is_rejected_with_the_constructor_message() {
    let (zero, minus) = (to(Fx::ZERO), to(-Fx::ONE));
    let e = serde_json::from_value::<Capsule2>(
        json!({"a": [zero, zero], "b": [zero, zero], "radius": minus}),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("radius -1 is negative"), "{e}");
}

#[test]
fn unknown_shape_tag_and_unknown_field_are_rejected() {
    assert!(serde_json::from_value::<Shape<2>>(json!({"cylinder": {}})).is_err());
    let z = to(Fx::ZERO);
    let ok = json!({"a": [z, z], "b": [z, z]});
    assert!(serde_json::from_value::<Segment2>(ok).is_ok());
    assert!(serde_json::from_value::<Segment2>(json!({"a": [z, z], "b": [z, z], "c": z})).is_err());
}
