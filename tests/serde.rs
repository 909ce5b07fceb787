//! The `serde` feature: shapes and answers round trip through JSON, and an
//! invalid shape is rejected through its validating constructor with the
//! library's message.

use fixed_collide::{
    Aabb, Aabb2, Aabb3, AabbSet, Ball, Circle, Fx, Obb, Obb2, Obb3, Polygon, PreparedRay, Ray,
    Ray2, Ray3, Rot, Rot2, Rot3, RotSpec, Shape, Sphere, Vec2, Vec3, Vector, aabb_contact,
    aabb_sweep, aabb_sweep_pair, ray_aabb, sphere_aabb,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use std::fmt::Debug;

/// Serializes `x` to JSON text, reads it back and checks it is `x`.
fn round_trip<T>(x: &T)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let text = serde_json::to_string(x).unwrap();
    let back: T = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, x, "through {text}");
}

fn to_json<T: Serialize>(x: &T) -> Value {
    serde_json::to_value(x).unwrap()
}

/// The message of the error deserializing `v` as `T`.
fn rejection<T: DeserializeOwned + Debug>(v: Value) -> String {
    serde_json::from_value::<T>(v).unwrap_err().to_string()
}

fn fx(x: f64) -> Fx {
    Fx::from_num(x)
}

fn aabb2(min: [i32; 2], max: [i32; 2]) -> Aabb2 {
    Aabb2::try_new(Vec2::from_ints(min), Vec2::from_ints(max)).unwrap()
}

fn aabb3(min: [i32; 3], max: [i32; 3]) -> Aabb3 {
    Aabb3::try_new(Vec3::from_ints(min), Vec3::from_ints(max)).unwrap()
}

fn tilted_obb3() -> Obb3 {
    let rot = Rot3::try_from_quat([fx(1.0), fx(0.5), fx(-0.25), fx(2.0)]).unwrap();
    Obb3::try_new(Vec3::from_ints([1, -2, 3]), Vec3::from_ints([4, 5, 6]), rot).unwrap()
}

#[test]
fn vectors_serialize_as_arrays_of_their_components() {
    let v = Vec3::new(fx(1.5), fx(-2.0), Fx::DELTA);
    let want: Vec<Value> = v.0.iter().map(to_json).collect();
    assert_eq!(to_json(&v), Value::Array(want));
    round_trip(&v);
    round_trip(&Vec2::new(Fx::MIN, Fx::MAX));
}

#[test]
fn vector_of_the_wrong_length_is_rejected() {
    let c = to_json(&Fx::ONE);
    let short = rejection::<Vec3>(json!([c, c]));
    assert!(short.contains("invalid length 2"), "{short}");
    let long = rejection::<Vec2>(json!([c, c, c]));
    assert!(long.contains("invalid length 3"), "{long}");
}

#[test]
fn aabbs_round_trip() {
    round_trip(&aabb2([-3, 0], [5, 0]));
    round_trip(&aabb3([-1, -2, -3], [1, 2, 3]));
}

#[test]
fn balls_round_trip() {
    round_trip(&Circle::try_new(Vec2::from_ints([1, 2]), fx(0.5)).unwrap());
    round_trip(&Sphere::try_new(Vec3::from_ints([1, 2, 3]), Fx::ZERO).unwrap());
}

#[test]
fn rays_round_trip() {
    round_trip(&Ray2::try_new(Vec2::from_ints([0, 1]), Vec2::from_ints([3, -1]), fx(2.5)).unwrap());
    round_trip(
        &Ray3::try_unbounded(Vec3::from_ints([0, 1, 2]), Vec3::from_ints([0, 0, -1])).unwrap(),
    );
}

#[test]
fn rotations_round_trip() {
    round_trip(&Rot2::identity());
    round_trip(&Rot2::from_angle(fx(0.7)));
    round_trip(&Rot3::try_from_quat([fx(1.0), fx(2.0), fx(3.0), fx(4.0)]).unwrap());
}

#[test]
fn oriented_boxes_round_trip_with_their_error_measures() {
    let b2 = Obb2::try_new(
        Vec2::from_ints([3, 4]),
        Vec2::from_ints([2, 1]),
        Rot2::from_angle(Fx::ONE),
    )
    .unwrap();
    let b3 = tilted_obb3();
    assert!(b2.slack() > Fx::ZERO && b3.slack() > Fx::ZERO);
    round_trip(&b2);
    round_trip(&b3);
}

#[test]
fn oriented_box_serializes_its_center_half_and_rotation_only() {
    let b = tilted_obb3();
    let v = to_json(&b);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["center", "half", "rot"]);
    assert_eq!(v["rot"], to_json(b.rot()));
}

#[test]
fn rotation_specs_round_trip() {
    round_trip(&RotSpec::Angle(fx(-1.25)));
    round_trip(&RotSpec::Quat([fx(1.0), Fx::ZERO, fx(-0.5), Fx::DELTA]));
}

#[test]
fn aabb_with_min_above_max_is_rejected_with_the_library_message() {
    let b = aabb2([0, 0], [5, 1]);
    let swapped = json!({ "min": to_json(&b.max()), "max": to_json(&b.min()) });
    let want = Aabb2::try_new(b.max(), b.min()).unwrap_err().to_string();
    assert_eq!(want, "min.x 5 > max.x 0");
    assert_eq!(rejection::<Aabb2>(swapped), want);
}

#[test]
fn aabb_out_of_the_domain_is_rejected_with_the_library_message() {
    let mut v = to_json(&aabb3([0, 0, 0], [1, 1, 1]));
    let far = Vec3::from_ints([1, 1, 1 << 21]);
    v["max"] = to_json(&far);
    let want = Aabb3::try_new(Vec3::ZERO, far).unwrap_err().to_string();
    assert!(want.starts_with("max.z "), "{want}");
    assert_eq!(rejection::<Aabb3>(v), want);
}

#[test]
fn ball_with_negative_radius_is_rejected_with_the_library_message() {
    let mut v = to_json(&Circle::try_new(Vec2::ZERO, Fx::ONE).unwrap());
    v["radius"] = to_json(&-Fx::ONE);
    let want = Circle::try_new(Vec2::ZERO, -Fx::ONE)
        .unwrap_err()
        .to_string();
    assert_eq!(want, "radius -1 is negative");
    assert_eq!(rejection::<Ball<2>>(v), want);
}

#[test]
fn ray_with_zero_direction_is_rejected_with_the_library_message() {
    let mut v = to_json(&Ray3::try_unbounded(Vec3::ZERO, Vec3::from_ints([1, 0, 0])).unwrap());
    v["dir"] = to_json(&Vec3::ZERO);
    assert_eq!(rejection::<Ray<3>>(v), "dir: zero vector");
}

#[test]
fn rotation_that_is_not_orthonormal_is_rejected_with_the_library_message() {
    let axes = [Vec2::from_ints([1, 1]), Vec2::from_ints([-1, 1])];
    let v = json!({ "axes": to_json(&axes) });
    let want = Rot2::try_from_axes(axes).unwrap_err().to_string();
    assert!(want.starts_with("axes[0]: dot product 2"), "{want}");
    assert_eq!(rejection::<Rot<2>>(v), want);
}

#[test]
fn oriented_box_with_negative_half_size_is_rejected_with_the_library_message() {
    let mut v = to_json(&tilted_obb3());
    let half = Vec3::new(fx(1.0), fx(-0.5), fx(1.0));
    v["half"] = to_json(&half);
    assert_eq!(rejection::<Obb<3>>(v), "half.y -0.5 is negative");
}

#[test]
fn oriented_box_with_an_invalid_rotation_is_rejected() {
    let b = tilted_obb3();
    let mut axes = *b.axes();
    axes[1] = Vec3::from_ints([3, 0, 0]);
    let mut v = to_json(&b);
    v["rot"]["axes"] = to_json(&axes);
    let want = Rot3::try_from_axes(axes).unwrap_err().to_string();
    assert!(want.starts_with("axes[1].x: 3 is out of range"), "{want}");
    assert_eq!(rejection::<Obb<3>>(v), want);
}

#[test]
fn unknown_fields_are_rejected() {
    let mut v = to_json(&aabb2([0, 0], [1, 1]));
    v["mni"] = v["min"].clone();
    let e = rejection::<Aabb<2>>(v);
    assert!(e.contains("unknown field `mni`"), "{e}");
}

#[test]
fn ray_answers_round_trip() {
    let b = aabb3([2, -1, -1], [4, 1, 1]);
    let ray = Ray3::try_unbounded(Vec3::ZERO, Vec3::from_ints([1, 0, 0])).unwrap();
    round_trip(&ray_aabb(&ray, &b).unwrap());
    let set = AabbSet::try_from_boxes(&[aabb3([-9, -9, -9], [-8, -8, -8]), b]).unwrap();
    let hit = set.first_hit(&PreparedRay::new(&ray)).unwrap();
    assert_eq!(hit.index, 1);
    round_trip(&hit);
}

#[test]
fn sweep_answers_round_trip() {
    let wall = aabb2([4, 0], [5, 4]);
    let mover = aabb2([0, 1], [1, 2]);
    let d = Vec2::from_ints([6, 0]);
    round_trip(&aabb_sweep(&wall, &mover, d).unwrap());
    round_trip(&aabb_sweep_pair(&wall, Vector::ZERO, &mover, d).unwrap());
    let set = AabbSet::try_from_boxes(&[wall]).unwrap();
    round_trip(&set.first_sweep_hit(&mover, d).unwrap());
}

#[test]
fn contact_and_ball_answers_round_trip() {
    let a = aabb2([0, 0], [4, 4]);
    round_trip(&aabb_contact(&a, &aabb2([3, 1], [6, 2])).unwrap());
    let ball = Circle::try_new(Vec2::from_ints([5, 2]), fx(1.5)).unwrap();
    round_trip(&sphere_aabb(&ball, &a).unwrap());
}

/// A pentagon with a fractional vertex, counter-clockwise.
fn pentagon() -> Polygon {
    let v = |x, y| Vec2::from_ints([x, y]);
    let top = Vec2::new(fx(1.5), Fx::from_num(3) + Fx::DELTA);
    Polygon::try_new(&[v(0, 0), v(3, 0), v(4, 2), top, v(-1, 2)]).unwrap()
}

/// `{"polygon": {"points": [...]}}` for these vertices.
fn polygon_json(points: &[Vec2]) -> Value {
    json!({"polygon": {"points": points.iter().map(to_json).collect::<Vec<_>>()}})
}

#[test]
fn polygon_shape_is_tagged_with_its_points_and_round_trips() {
    let p = pentagon();
    let shape = Shape::from(p);
    assert_eq!(to_json(&shape), polygon_json(p.points()));
    assert_eq!(to_json(&p), polygon_json(p.points())["polygon"]);
    round_trip(&shape);
    round_trip(&p);
}

#[test]
fn polygon_shape_is_rejected_through_try_new_naming_the_vertex() {
    let v = |x, y| Vec2::from_ints([x, y]);
    // Vertex 2 turns right.
    let dent = [v(0, 0), v(4, 0), v(2, 1), v(4, 4), v(0, 4)];
    let want = Polygon::try_new(&dent).unwrap_err().to_string();
    assert_eq!(want, "points[2]: not strictly convex (turns right)");
    assert_eq!(rejection::<Shape<2>>(polygon_json(&dent)), want);
    let two = [v(0, 0), v(1, 0)];
    let want = Polygon::try_new(&two).unwrap_err().to_string();
    assert_eq!(
        rejection::<Polygon>(polygon_json(&two)["polygon"].clone()),
        want
    );
}

#[test]
fn polygon_with_more_than_64_vertices_is_rejected_with_its_count() {
    let points: Vec<Vec2> = (0..70).map(|i| Vec2::from_ints([i, i * i])).collect();
    let want = Polygon::try_new(&points).unwrap_err().to_string();
    assert!(want.starts_with("points: 70 vertices"), "{want}");
    assert_eq!(rejection::<Shape<2>>(polygon_json(&points)), want);
}

#[test]
fn polygon_with_an_unknown_field_is_rejected() {
    let mut v = polygon_json(pentagon().points());
    v["polygon"]["closed"] = json!(true);
    let e = rejection::<Shape<2>>(v);
    assert!(e.contains("unknown field `closed`"), "{e}");
}

#[test]
fn polygon_is_rejected_as_a_3d_shape() {
    let square = [[0, 0, 0], [1, 0, 0], [1, 1, 0]].map(Vec3::from_ints);
    let v = json!({"polygon": {"points": square.iter().map(to_json).collect::<Vec<_>>()}});
    assert_eq!(rejection::<Shape<3>>(v), "a polygon is 2D only");
}
