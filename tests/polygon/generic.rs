//! The polygon through the generic ops: `overlap` and `ray_cast` on
//! `Shape::Polygon` answer exactly as `polygon_shape_overlap` (and
//! `polygon_overlap`) and `ray_polygon`, in either order; `shape_cast`
//! refuses it as an unsupported pair; a `Shape<3>` cannot hold one.

use super::ray_props::ray_and_polygon;
use super::shape_props::case;
use super::*;
use fixed_collide::{
    Aabb3, Capsule3, Error, Field, Obb3, Ray2, Segment3, Shape, Sphere, overlap, polygon_overlap,
    polygon_shape_overlap, ray_cast, ray_polygon, shape_cast,
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
    fn shape_cast_refuses_a_polygon_on_either_side((p, k) in case()) {
        let (poly, s) = (Shape::Polygon(polygon(&p)), k.shape());
        let d = Vec2::from_ints([1, 0]);
        let unsupported = |field, first, second| Err(Error::UnsupportedPair {
            field: Field::new(field),
            first,
            second,
            dim: 2,
        });
        let other = match s {
            Shape::Aabb(_) => "aabb",
            Shape::Obb(_) => "obb",
            Shape::Sphere(_) => "sphere",
            Shape::Segment(_) => "segment",
            _ => "capsule",
        };
        prop_assert_eq!(shape_cast(&poly, &d, &s), unsupported("moving", "polygon", other));
        prop_assert_eq!(shape_cast(&s, &d, &poly), unsupported("target", other, "polygon"));
        prop_assert_eq!(shape_cast(&poly, &d, &poly), unsupported("moving", "polygon", "polygon"));
    }
}

#[test]
fn shape_cast_with_a_polygon_says_so() {
    let tri = Shape::Polygon(polygon(&[[0, 0], [ONE, 0], [0, ONE]]));
    let e = shape_cast(&tri, &Vec2::from_ints([1, 0]), &tri).unwrap_err();
    assert_eq!(
        e.to_string(),
        "moving: polygon against polygon is not supported in 2D"
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
