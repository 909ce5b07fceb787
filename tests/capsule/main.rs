//! Segments, capsules and the generic `overlap`: properties against the
//! exact references of `reference` (big rationals, no floats), edge tables
//! as insta snapshots, and the serde shapes.
//!
//! Generators lean toward the edges: radii within an ulp of the exact
//! distance (tangent, 1-ulp miss), parallel and collinear segments,
//! zero-length segments, zero radii, zero half-sizes, values at the domain
//! limit 2^20.

#[path = "../common/mod.rs"]
mod common;
#[path = "../obb_reference/mod.rs"]
mod obb_reference;
mod overlap_props;
mod ray_props;
mod ray_reference;
mod ray_snapshots;
mod reference;
mod serde_shapes;
mod shapes;
mod snapshots;

use common::cases;
use fixed_collide::{Aabb, Fx, Obb, Rot, Rot2, Rot3, Segment, Vector};
use proptest::prelude::*;

use common::raw::{DOM, ONE, clamp_dom, coord, fx, signed_perm, size, vector};

fn coords<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform::<_, D>(coord())
}

/// A segment: any two points, a point (`a = b`), or a short one.
fn segment<const D: usize>() -> BoxedStrategy<Segment<D>> {
    prop_oneof![
        3 => (coords::<D>(), coords::<D>()).prop_map(|(a, b)| (a, b)),
        1 => coords::<D>().prop_map(|a| (a, a)),
        2 => (coords::<D>(), proptest::array::uniform::<_, D>(-(3 * ONE)..=(3 * ONE)))
            .prop_map(|(a, d)| (a, std::array::from_fn(|k| clamp_dom(a[k] as i128 + d[k] as i128)))),
    ]
    .prop_map(|(a, b)| Segment::try_new(vector(a), vector(b)).unwrap())
    .boxed()
}

/// Two segments: independent, parallel (the second a translate of the
/// first), collinear (both on one line), or sharing an end point.
fn segment_pair<const D: usize>() -> impl Strategy<Value = (Segment<D>, Segment<D>)> {
    let on_line = |s: &Segment<D>, num: i64| -> [i64; D] {
        std::array::from_fn(|k| {
            let (a, b) = (s.a().0[k].to_bits() as i128, s.b().0[k].to_bits() as i128);
            clamp_dom(a + (b - a) * num as i128 / 4)
        })
    };
    prop_oneof![
        3 => (segment::<D>(), segment::<D>()),
        2 => (segment::<D>(), proptest::array::uniform::<_, D>(-(4 * ONE)..=(4 * ONE))).prop_map(|(s, off)| {
            let t = |p: Vector<D>| vector(std::array::from_fn(|k| clamp_dom(p.0[k].to_bits() as i128 + off[k] as i128)));
            (s, Segment::try_new(t(s.a()), t(s.b())).unwrap())
        }),
        2 => (segment::<D>(), -8i64..=12, -8i64..=12).prop_map(move |(s, i, j)| {
            let o = Segment::try_new(vector(on_line(&s, i)), vector(on_line(&s, j))).unwrap();
            (s, o)
        }),
        1 => (segment::<D>(), coords::<D>()).prop_map(|(s, c)| (s, Segment::try_new(s.b(), vector(c)).unwrap())),
    ]
}

/// How the radii of a pair are chosen: any sizes, or their sum within
/// `delta` ulps of the floor of the exact distance (touching, 1-ulp gaps).
#[derive(Clone, Copy, Debug)]
enum Radii {
    Any(i64, i64),
    Near(i64),
}

fn radii() -> impl Strategy<Value = Radii> {
    prop_oneof![
        1 => (size(), size()).prop_map(|(a, b)| Radii::Any(a, b)),
        2 => (-1i64..=1).prop_map(Radii::Near),
    ]
}

impl Radii {
    /// The two radii (raw) given the exact squared distance, split evenly
    /// for `Near`; both in the domain.
    fn pick(self, d2: &reference::Q) -> (i64, i64) {
        match self {
            Radii::Any(a, b) => (a, b),
            Radii::Near(delta) => {
                let r = reference::floor_sqrt(d2) + delta;
                let r: i128 = r.try_into().unwrap_or(i128::MAX).clamp(0, 2 * DOM as i128);
                let a = (r / 2) as i64;
                (a, (r - r / 2) as i64)
            }
        }
    }
}

fn aabb<const D: usize>() -> impl Strategy<Value = Aabb<D>> {
    (coords::<D>(), proptest::array::uniform::<_, D>(size())).prop_map(|(c, h)| {
        let min: [i64; D] = std::array::from_fn(|k| clamp_dom(c[k] as i128 - h[k] as i128 / 2));
        let max: [i64; D] = std::array::from_fn(|k| clamp_dom(min[k] as i128 + h[k] as i128));
        Aabb::try_new(vector(min), vector(max)).unwrap()
    })
}

fn angle() -> impl Strategy<Value = Fx> {
    prop_oneof![
        3 => (-(4i64 << 32)..=(4i64 << 32)).prop_map(fx),
        1 => (-8i64..=8).prop_map(|k| Fx::FRAC_PI_4 * k),
    ]
}

fn rot2() -> impl Strategy<Value = Rot2> {
    prop_oneof![
        3 => angle().prop_map(Rot2::from_angle),
        1 => (0u32..8).prop_map(|c| Rot2::try_from_axes(signed_perm(c)).unwrap()),
    ]
}

fn rot3() -> impl Strategy<Value = Rot3> {
    prop_oneof![
        3 => proptest::array::uniform4(-(1i64 << 34)..=(1i64 << 34))
            .prop_map(|q| Rot3::try_from_quat(q.map(fx)).unwrap_or_else(|_| Rot3::identity())),
        1 => (0u32..48).prop_map(|c| Rot3::try_from_axes(signed_perm(c)).unwrap()),
    ]
}

fn obb<const D: usize>(rot: impl Strategy<Value = Rot<D>>) -> impl Strategy<Value = Obb<D>> {
    (rot, proptest::array::uniform::<_, D>(size()), coords::<D>())
        .prop_map(|(r, h, c)| Obb::try_new(vector(c), vector(h), r).unwrap())
}

/// `common::cases()` cases per property (10,000; `FIXED_COLLIDE_CASES`
/// overrides), nothing persisted.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases())
    }
}
