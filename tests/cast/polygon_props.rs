//! Casts with a convex polygon on either side: with no radius, against the
//! slab reference over the shapes' vertices and edges (as two polytopes);
//! against a sphere or capsule of positive radius, against the casts
//! against each of the polygon's edges (segments, whose exactness the
//! round properties show).

use super::flat_props::{check, point_shape};
use super::reference::flat;
use super::*;
use fixed_collide::{Cast, Polygon, Vec2, overlap, shape_cast};
use num_bigint::BigInt;
use num_traits::Zero;

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

/// Two polygons, the moving one displaced by 1 to 3 times the difference
/// of a target vertex and a moving vertex: when that difference is a
/// vertex of `target - moving` and the start is apart, the cast enters
/// through that vertex (or grazes it, or enters by an edge first), where
/// several faces and supporting lines are entered at once and the normal
/// order decides.
fn vertex_aimed() -> impl Strategy<Value = (Shape<2>, Shape<2>, Vector<2>)> {
    (polygon(), polygon(), 0usize..8, 0usize..8, 1i128..=3).prop_map(|(m, t, i, j, k)| {
        let vertex = |s: &Shape<2>, i: usize| match s {
            Shape::Polygon(p) => p.points()[i % p.points().len()],
            _ => unreachable!(),
        };
        let (a, b) = (vertex(&t, i), vertex(&m, j));
        let d = std::array::from_fn(|c| {
            clamp_dom(k * (i128::from(a.0[c].to_bits()) - i128::from(b.0[c].to_bits())))
        });
        (m, t, vector(d))
    })
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
    fn polygon_cast_through_a_vertex_takes_the_first_normal_entered((m, t, d) in vertex_aimed()) {
        check(&m, &d, &t)?;
    }

    #[test]
    fn polygon_cast_against_a_radius_is_the_first_edge_entered((r, p, d) in rounded_case()) {
        let want = by_edges(&r, &d, &p);
        let got = shape_cast(&r, &d, &p).unwrap();
        agree(got, &want, 1, &format!("{r:?} moving by {d:?} against {p:?}"))?;
        // The polygon moving instead, the other way: the same times, the
        // normal reversed.
        let back = (-d).expect("the domain is symmetric");
        let got = shape_cast(&p, &back, &r).unwrap();
        agree(got, &want, -1, &format!("{p:?} moving by {back:?} against {r:?}"))?;
    }
}

/// A sphere or capsule moving against a polygon: any displacement, or one
/// aimed at (twice as far as) the polygon's first vertex.
fn rounded_case() -> impl Strategy<Value = (Shape<2>, Shape<2>, Vector<2>)> {
    (
        rounded(),
        polygon(),
        point::<2>(),
        proptest::bool::weighted(0.4),
    )
        .prop_map(|(r, p, d, aim)| {
            let d = match (&p, aim) {
                (Shape::Polygon(poly), true) => {
                    let (c, v) = (anchor(&r), poly.points()[0]);
                    vector(std::array::from_fn(|k| {
                        clamp_dom(2 * (v.0[k].to_bits() as i128 - c.0[k].to_bits() as i128))
                    }))
                }
                _ => d,
            };
            (r, p, d)
        })
}

/// The reference for a rounded shape `r` moving by `d` against the polygon
/// `p`: overlapping when its core meets the polygon or it overlaps an edge
/// at the start; else the earliest of the casts against the edges (the
/// grown polygon's interior is entered through an edge's), with every
/// normal of the edges entered at that time.
fn by_edges(r: &Shape<2>, d: &Vector<2>, p: &Shape<2>) -> Option<(Cast<2>, Vec<Vector<2>>)> {
    let Shape::Polygon(poly) = p else {
        unreachable!()
    };
    let core: Shape<2> = match r {
        Shape::Sphere(b) => Ball::try_new(b.center(), Fx::ZERO).unwrap().into(),
        Shape::Capsule(c) => Segment::try_new(c.a(), c.b()).unwrap().into(),
        _ => unreachable!(),
    };
    let pts = poly.points();
    let casts: Vec<Cast<2>> = pts
        .iter()
        .zip(pts.iter().cycle().skip(1))
        .filter_map(|(a, b)| {
            let edge: Shape<2> = Segment::try_new(*a, *b).unwrap().into();
            shape_cast(r, d, &edge).unwrap()
        })
        .collect();
    if overlap(&core, p) || casts.iter().any(|c| c.overlapping) {
        let c = Cast {
            t_enter: Fx::ZERO,
            normal: Vector::ZERO,
            overlapping: true,
        };
        return Some((c, vec![Vector::ZERO]));
    }
    let first = casts.iter().map(|c| c.t_enter).min()?;
    let normals = casts
        .iter()
        .filter(|c| c.t_enter == first)
        .map(|c| c.normal)
        .collect();
    let c = Cast {
        t_enter: first,
        normal: Vector::ZERO,
        overlapping: false,
    };
    Some((c, normals))
}

/// `got` against the reference: the same hit, time and `overlapping`, and
/// a normal (times `sign`) within 2^-29 (+ 1 ulp) of one of the normals of
/// the edges entered first (each within 2^-30 of the exact).
fn agree(
    got: Option<Cast<2>>,
    want: &Option<(Cast<2>, Vec<Vector<2>>)>,
    sign: i64,
    case: &str,
) -> Result<(), TestCaseError> {
    match (got, want) {
        (None, None) => Ok(()),
        (Some(g), Some((w, normals))) => {
            prop_assert_eq!(
                (g.t_enter, g.overlapping),
                (w.t_enter, w.overlapping),
                "{}",
                case
            );
            let close = |n: &Vector<2>| {
                (0..2).all(|k| (sign * g.normal.0[k].to_bits() - n.0[k].to_bits()).abs() <= 9)
            };
            prop_assert!(
                normals.iter().any(close),
                "{}: normal {:?}, edges {:?}",
                case,
                g.normal,
                normals
            );
            Ok(())
        }
        _ => {
            prop_assert!(
                false,
                "{}: got {:?}, want {:?}",
                case,
                got,
                want.as_ref().map(|w| w.0)
            );
            Ok(())
        }
    }
}

#[test]
fn polygon_generators_give_misses_overlaps_and_entries() {
    use super::round_props::outcomes;
    let c = outcomes(polygon_pair(), 1000);
    assert!(c[0] >= 200 && c[1] >= 30 && c[2] >= 200, "{c:?}");
    let c = outcomes(vertex_aimed(), 1000);
    assert!(c[0] >= 100 && c[2] >= 200, "{c:?}");
    let c = outcomes(rounded_case(), 1000);
    assert!(c[0] >= 200 && c[1] >= 30 && c[2] >= 200, "{c:?}");
}

/// The vertex-aimed casts enter through a vertex of `target - moving`
/// with faces or supporting lines of different directions entered at
/// once (where the normal order decides) in 3% of cases or more (300 of
/// the property's 10,000).
#[test]
fn vertex_aimed_casts_enter_at_vertices() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (n, mut at_vertex) = (1000, 0);
    for _ in 0..n {
        let (m, t, d) = vertex_aimed().new_tree(&mut runner).unwrap().current();
        let Some(w) = flat(&m, &d, &t).filter(|w| !w.overlapping) else {
            continue;
        };
        let cross = |a: &[BigInt], b: &[BigInt]| &a[0] * &b[1] - &a[1] * &b[0];
        let first = &w.normals[0];
        if w.normals.iter().any(|e| !cross(first, e).is_zero()) {
            at_vertex += 1;
        }
    }
    assert!(at_vertex * 100 >= 3 * n, "{at_vertex} of {n}");
}
