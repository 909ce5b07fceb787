//! The generic `shape_cast`: properties against the exact references of
//! `reference` (big rationals, no floats), cross-checks with `ray_cast`,
//! `aabb_sweep` and the swapped cast, and the edge table as an insta
//! snapshot.
//!
//! Generators lean toward hits and edges: small integer and fractional
//! coordinates, displacements aimed at the target, zero displacements,
//! zero radii, zero-length segments, zero half-sizes, parallel edges.

#[path = "../common/mod.rs"]
mod common;
mod flat_props;
mod polygon_props;
#[path = "../capsule/reference.rs"]
mod qp;
mod reference;
mod round_props;
mod snapshots;

use common::cases;
use common::raw::{ONE, clamp_dom, fx, signed_perm, vector};
use fixed_collide::{Aabb, Ball, Capsule, Fx, Obb, Rot, Rot2, Rot3, Segment, Shape, Vector};
use proptest::prelude::*;

/// A coordinate (raw bits): small integers and halves, small fractions,
/// now and then anything in the domain.
fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        4 => (-16i64..=16).prop_map(|v| v * (ONE / 2)),
        3 => -(1i64 << 35)..=(1i64 << 35),
        1 => common::raw::coord(),
    ]
}

fn point<const D: usize>() -> impl Strategy<Value = Vector<D>> {
    proptest::array::uniform::<_, D>(coord()).prop_map(vector)
}

/// A radius or half-size (raw bits): zero, small integers and halves,
/// small fractions.
fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        3 => (1i64..=8).prop_map(|v| v * (ONE / 2)),
        3 => 0..=(1i64 << 34),
    ]
}

fn positive_size() -> impl Strategy<Value = i64> {
    prop_oneof![(1i64..=8).prop_map(|v| v * (ONE / 2)), 1..=(1i64 << 34)]
}

fn segment<const D: usize>() -> impl Strategy<Value = Segment<D>> {
    prop_oneof![
        3 => (point::<D>(), point::<D>()),
        1 => point::<D>().prop_map(|a| (a, a)),
        2 => (point::<D>(), proptest::array::uniform::<_, D>(-4i64..=4)).prop_map(|(a, k)| {
            let b = std::array::from_fn(|i| clamp_dom(a.0[i].to_bits() as i128 + (k[i] * ONE) as i128));
            (a, vector(b))
        }),
    ]
    .prop_map(|(a, b)| Segment::try_new(a, b).unwrap())
}

fn aabb<const D: usize>() -> impl Strategy<Value = Aabb<D>> {
    (point::<D>(), proptest::array::uniform::<_, D>(size())).prop_map(|(c, h)| {
        let min: [i64; D] =
            std::array::from_fn(|k| clamp_dom(c.0[k].to_bits() as i128 - h[k] as i128));
        let max: [i64; D] =
            std::array::from_fn(|k| clamp_dom(c.0[k].to_bits() as i128 + h[k] as i128));
        Aabb::try_new(vector(min), vector(max)).unwrap()
    })
}

fn rot2() -> BoxedStrategy<Rot2> {
    prop_oneof![
        2 => (-(4i64 << 32)..=(4i64 << 32)).prop_map(|a| Rot2::from_angle(fx(a))),
        1 => (0u32..8).prop_map(|c| Rot2::try_from_axes(signed_perm(c)).unwrap()),
    ]
    .boxed()
}

fn rot3() -> BoxedStrategy<Rot3> {
    prop_oneof![
        2 => proptest::array::uniform4(-(1i64 << 34)..=(1i64 << 34))
            .prop_map(|q| Rot3::try_from_quat(q.map(fx)).unwrap_or_else(|_| Rot3::identity())),
        1 => (0u32..48).prop_map(|c| Rot3::try_from_axes(signed_perm(c)).unwrap()),
    ]
    .boxed()
}

/// `rot2` or `rot3` as the rotation of dimension `D`.
fn rot<const D: usize>() -> BoxedStrategy<Rot<D>> {
    let any: Box<dyn std::any::Any> = if D == 2 {
        Box::new(rot2())
    } else {
        Box::new(rot3())
    };
    *any.downcast::<BoxedStrategy<Rot<D>>>().unwrap()
}

fn obb<const D: usize>() -> impl Strategy<Value = Obb<D>> {
    (
        point::<D>(),
        proptest::array::uniform::<_, D>(size()),
        rot::<D>(),
    )
        .prop_map(|(c, h, r)| Obb::try_new(c, vector(h), r).unwrap())
}

/// A shape that may move in 3D: sphere, capsule or segment.
fn round_shape<const D: usize>() -> BoxedStrategy<Shape<D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_oneof![
        (point::<D>(), size()).prop_map(|(c, r)| Ball::try_new(c, fx(r)).unwrap().into()),
        (segment::<D>(), size())
            .prop_map(|(s, r)| Capsule::try_new(s.a(), s.b(), fx(r)).unwrap().into()),
        segment::<D>().prop_map(Shape::from),
    ]
    .boxed()
}

fn any_shape<const D: usize>() -> BoxedStrategy<Shape<D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_oneof![
        3 => round_shape::<D>(),
        1 => aabb::<D>().prop_map(Shape::from),
        1 => obb::<D>().prop_map(Shape::from),
    ]
    .boxed()
}

/// A polytope: segment, aabb or obb.
fn flat_shape<const D: usize>() -> BoxedStrategy<Shape<D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_oneof![
        segment::<D>().prop_map(Shape::from),
        aabb::<D>().prop_map(Shape::from),
        obb::<D>().prop_map(Shape::from),
    ]
    .boxed()
}

/// A point of a shape (its center or first end point).
pub fn anchor<const D: usize>(s: &Shape<D>) -> Vector<D>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    match s {
        Shape::Aabb(b) => b.min(),
        Shape::Obb(b) => b.center(),
        Shape::Sphere(b) => b.center(),
        Shape::Segment(g) => g.a(),
        Shape::Capsule(c) => c.a(),
        Shape::Polygon(p) => {
            let first = <fixed_collide::Const<D> as fixed_collide::Dim<D>>::polygon_points(p)[0];
            Vector(std::array::from_fn(|k| first.0[k]))
        }
        _ => unreachable!(),
    }
}

/// A displacement for `moving` against `target`: zero, small, or aimed at
/// the target (its anchor minus the mover's, times 1/2 to 3, plus a small
/// offset), each component clamped to the domain.
fn displacement<const D: usize>(moving: &Shape<D>, target: &Shape<D>) -> BoxedStrategy<Vector<D>>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let aim: [i128; D] = std::array::from_fn(|k| {
        anchor(target).0[k].to_bits() as i128 - anchor(moving).0[k].to_bits() as i128
    });
    prop_oneof![
        1 => Just(Vector::ZERO),
        3 => proptest::array::uniform::<_, D>(-(16 * ONE)..=(16 * ONE)).prop_map(vector),
        6 => (1i128..=6, proptest::array::uniform::<_, D>(-(ONE / 2)..=(ONE / 2))).prop_map(move |(k, off)| {
            vector(std::array::from_fn(|i| clamp_dom(aim[i] * k / 2 + off[i] as i128)))
        }),
    ]
    .boxed()
}

/// `common::cases()` cases per property (10,000; `FIXED_COLLIDE_CASES`
/// overrides), nothing persisted.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases())
    }
}

/// `fx` for the reference's raw values.
#[allow(dead_code)]
fn raw(x: Fx) -> i64 {
    x.to_bits()
}
