//! Casts with a convex polygon on either side: with no radius, against the
//! slab reference over the shapes' vertices and edges (as two polytopes);
//! against a sphere or capsule of positive radius, the unsupported-pair
//! error naming the polygon's operand.

use super::flat_props::{check, point_shape};
use super::*;
use fixed_collide::{Error, Field, Polygon, Vec2, shape_cast};

/// The strict convex hull (counter-clockwise, no collinear vertex) of
/// points given in raw bits, by the monotone chain.
fn hull(mut pts: Vec<[i64; 2]>) -> Vec<[i64; 2]> {
    pts.sort_unstable();
    pts.dedup();
    let cross = |o: [i64; 2], a: [i64; 2], b: [i64; 2]| {
        let d = |p: [i64; 2], q: [i64; 2], k: usize| i128::from(q[k]) - i128::from(p[k]);
        d(o, a, 0) * d(o, b, 1) - d(o, a, 1) * d(o, b, 0)
    };
    let mut h: Vec<[i64; 2]> = Vec::new();
    for pass in 0..2 {
        let start = h.len();
        let ordered: Vec<[i64; 2]> = if pass == 0 {
            pts.clone()
        } else {
            pts.iter().rev().copied().collect()
        };
        for p in ordered {
            while h.len() >= start + 2 && cross(h[h.len() - 2], h[h.len() - 1], p) <= 0 {
                h.pop();
            }
            h.push(p);
        }
        h.pop();
    }
    h
}

/// A convex polygon: the hull of 3 to 8 points near a center (half units,
/// or any raw offset up to 8 units), kept when it has 3 vertices or more.
fn polygon() -> BoxedStrategy<Shape<2>> {
    let offset = prop_oneof![
        3 => (-8i64..=8).prop_map(|v| v * (ONE / 2)),
        1 => -(8 * ONE)..=(8 * ONE),
    ];
    (
        point::<2>(),
        proptest::collection::vec(proptest::array::uniform2(offset), 3..=8),
    )
        .prop_filter_map("degenerate", |(c, offs)| {
            let raw = offs
                .iter()
                .map(|o| [0, 1].map(|k| clamp_dom(i128::from(c.0[k].to_bits()) + i128::from(o[k]))))
                .collect();
            let h = hull(raw);
            let v: Vec<Vec2> = h.iter().map(|p| vector(*p)).collect();
            (h.len() >= 3).then(|| Polygon::try_new(&v).unwrap().into())
        })
        .boxed()
}

/// A cast with a polygon on one side or both and no radius.
fn polygon_pair() -> impl Strategy<Value = (Shape<2>, Shape<2>, Vector<2>)> {
    let other = || prop_oneof![4 => flat_shape::<2>(), 1 => point_shape::<2>(), 2 => polygon()];
    prop_oneof![(polygon(), other()), (other(), polygon()),]
        .prop_flat_map(|(m, t)| (Just(m), Just(t), displacement(&m, &t)))
}

/// A sphere or capsule of positive radius.
fn rounded() -> BoxedStrategy<Shape<2>> {
    prop_oneof![
        (point::<2>(), positive_size()).prop_map(|(c, r)| Ball::try_new(c, fx(r)).unwrap().into()),
        (segment::<2>(), positive_size())
            .prop_map(|(s, r)| Capsule::try_new(s.a(), s.b(), fx(r)).unwrap().into()),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn polygon_cast_without_radius_is_exact((m, t, d) in polygon_pair()) {
        check(&m, &d, &t)?;
    }

    #[test]
    fn polygon_cast_against_a_radius_is_unsupported(p in polygon(), r in rounded(), d in point::<2>()) {
        let kind = if matches!(r, Shape::Sphere(_)) { "sphere" } else { "capsule" };
        let unsupported = |field, first, second| Err(Error::UnsupportedPair {
            field: Field::new(field),
            first,
            second,
            dim: 2,
        });
        prop_assert_eq!(shape_cast(&p, &d, &r), unsupported("moving", "polygon", kind));
        prop_assert_eq!(shape_cast(&r, &d, &p), unsupported("target", kind, "polygon"));
    }
}

#[test]
fn polygon_generators_give_misses_overlaps_and_entries() {
    use super::round_props::outcomes;
    let c = outcomes(polygon_pair(), 1000);
    assert!(c[0] >= 200 && c[1] >= 30 && c[2] >= 200, "{c:?}");
}
