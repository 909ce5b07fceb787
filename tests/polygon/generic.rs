//! The polygon through the generic ops: `overlap` and `ray_cast` on
//! `Shape::Polygon` answer exactly as `polygon_shape_overlap` (and
//! `polygon_overlap`) and `ray_polygon`, in either order; `shape_cast`
//! casts it against shapes of no radius (exactness is checked against the
//! reference in the `cast` tests) and refuses it against a radius; a
//! `Shape<3>` cannot hold one.

use super::ray_props::ray_and_polygon;
use super::shape_props::case;
use super::*;
use fixed_collide::{
    Aabb3, Capsule3, Circle, Fx, Obb3, Ray2, Segment2, Segment3, Shape, Sphere, overlap,
    polygon_overlap, polygon_shape_overlap, ray_cast, ray_polygon, shape_cast,
};
use std::mem::size_of;

/// Two polygons near each other (shared grid, 1-ulp shifts).
fn two_polygons() -> impl Strategy<Value = (Vec<[i64; 2]>, Vec<[i64; 2]>)> {
    (center(), ulps())
        .prop_flat_map(|(c, u)| (polygon_near(c), polygon_near(c), Just(u)))
        .prop_filter_map("degenerate", |(a, b, u)| Some((a?, shifted(&b?, u))))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn overlap_of_a_polygon_and_a_shape_is_polygon_shape_overlap_either_way((p, k) in case()) {
        let (poly, s) = (polygon(&p), k.shape());
        let want = polygon_shape_overlap(&poly, &s);
        prop_assert_eq!(overlap(&Shape::Polygon(poly), &s), want, "{:?} against {:?}", k, p);
        prop_assert_eq!(overlap(&s, &Shape::Polygon(poly)), want, "{:?} against {:?}", k, p);
    }

    #[test]
    fn overlap_of_two_polygons_is_polygon_overlap_either_way((a, b) in two_polygons()) {
        let (pa, pb) = (polygon(&a), polygon(&b));
        let want = polygon_overlap(&pa, &pb);
        prop_assert_eq!(overlap(&pa.into(), &pb.into()), want, "{:?} {:?}", a, b);
        prop_assert_eq!(overlap(&pb.into(), &pa.into()), want, "{:?} {:?}", a, b);
        prop_assert_eq!(polygon_shape_overlap(&pa, &pb.into()), want);
    }

    #[test]
    fn ray_cast_on_a_polygon_is_ray_polygon((p, o, d, max_t) in ray_and_polygon()) {
        let poly = polygon(&p);
        let ray = match max_t {
            Some(m) => Ray2::try_new(vector(o), vector(d), fx(m)).unwrap(),
            None => Ray2::try_unbounded(vector(o), vector(d)).unwrap(),
        };
        prop_assert_eq!(ray_cast(&ray, &Shape::Polygon(poly)), ray_polygon(&ray, &poly));
    }

    #[test]
    fn shape_cast_with_a_polygon_is_symmetric_without_radius((p, k) in case()) {
        // Swapping the shapes and reversing `d` casts the same difference,
        // negated: the same hit, time and overlap, the opposite normal.
        let poly = Shape::Polygon(polygon(&p));
        // Without its radius: a circle's center, a capsule's segment.
        let s: Shape<2> = match k.shape() {
            Shape::Sphere(b) => Circle::try_new(b.center(), Fx::ZERO).unwrap().into(),
            Shape::Capsule(c) => Segment2::try_new(c.a(), c.b()).unwrap().into(),
            s => s,
        };
        let d = Vec2::from_ints([3, -2]);
        let there = shape_cast(&poly, &d, &s).unwrap();
        let back = shape_cast(&s, &Vec2::from_ints([-3, 2]), &poly).unwrap();
        prop_assert_eq!(there.is_some(), back.is_some());
        if let (Some(a), Some(b)) = (there, back) {
            prop_assert_eq!((a.t_enter, a.overlapping), (b.t_enter, b.overlapping));
        }
    }
}

#[test]
fn shape_cast_of_a_polygon_against_a_radius_meets_the_vertex_first() {
    // The triangle's vertex (1, 0) moving right by 4 reaches the unit ball
    // around (4, 0) at x = 3: s = 1/2, the ball's normal there (-1, 0).
    let tri = Shape::Polygon(polygon(&[[0, 0], [ONE, 0], [0, ONE]]));
    let ball: Shape<2> = Circle::try_new(Vec2::from_ints([4, 0]), Fx::ONE)
        .unwrap()
        .into();
    let hit = shape_cast(&tri, &Vec2::from_ints([4, 0]), &ball)
        .unwrap()
        .unwrap();
    assert_eq!(
        (hit.t_enter, hit.normal, hit.overlapping),
        (Fx::from_num(0.5), Vec2::from_ints([-1, 0]), false)
    );
    // The ball moving left instead: the same time, the triangle's normal
    // at its vertex (1, 0) pointing at the ball.
    let hit = shape_cast(&ball, &Vec2::from_ints([-4, 0]), &tri)
        .unwrap()
        .unwrap();
    assert_eq!(
        (hit.t_enter, hit.normal, hit.overlapping),
        (Fx::from_num(0.5), Vec2::from_ints([1, 0]), false)
    );
    // Moving up past the triangle, 2 units clear of it: no hit.
    assert_eq!(shape_cast(&ball, &Vec2::from_ints([0, 8]), &tri), Ok(None));
}

#[test]
fn shape_cast_of_two_polygons_enters_through_the_faces() {
    // A unit square moving right by 4 toward a square 2 units away: the
    // faces x = 1 and x = 3 meet at s = 1/2, normal (-1, 0).
    let sq = |x: i64| {
        Shape::Polygon(polygon(&[
            [x * ONE, 0],
            [(x + 1) * ONE, 0],
            [(x + 1) * ONE, ONE],
            [x * ONE, ONE],
        ]))
    };
    let hit = shape_cast(&sq(0), &Vec2::from_ints([4, 0]), &sq(3))
        .unwrap()
        .unwrap();
    assert_eq!(
        (hit.t_enter, hit.normal, hit.overlapping),
        (Fx::from_num(0.5), Vec2::from_ints([-1, 0]), false)
    );
    // Sliding along the top face, touching: no hit (open).
    let above = Shape::Polygon(polygon(&[
        [0, ONE],
        [ONE, ONE],
        [ONE, 2 * ONE],
        [0, 2 * ONE],
    ]));
    assert_eq!(
        shape_cast(&above, &Vec2::from_ints([4, 0]), &sq(3)),
        Ok(None)
    );
}

#[test]
fn polygon_is_a_shape_in_2d_only() {
    let tri = polygon(&[[0, 0], [ONE, 0], [0, ONE]]);
    assert_eq!(Shape::<2>::try_from_polygon(tri), Some(Shape::from(tri)));
    assert_eq!(Shape::<3>::try_from_polygon(tri), None);
}

/// `Shape<3>` as it would be without the polygon variant.
#[allow(dead_code)]
enum WithoutPolygon {
    Aabb(Aabb3),
    Obb(Obb3),
    Sphere(Sphere),
    Segment(Segment3),
    Capsule(Capsule3),
}

#[test]
fn the_polygon_variant_does_not_grow_a_3d_shape() {
    assert_eq!(size_of::<Shape<3>>(), size_of::<WithoutPolygon>());
    assert!(size_of::<Shape<2>>() >= size_of::<Polygon>());
}
