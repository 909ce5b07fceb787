//! The `polygon` operand of the generic ops: read into `Shape::Polygon`
//! and answered as the library answers (`overlap` either way round,
//! `ray_cast`), and its errors naming the field and the vertex; a polygon
//! is 2D only.

use fixed_collide::{
    Aabb2, Capsule2, Circle, Fx, Polygon, Ray2, Segment2, Shape, Vec2, overlap, ray_cast,
};
use fixed_collide_cli::eval::{ErrorKind, Value, eval_line};
use proptest::prelude::*;

use crate::eval_support;

use eval_support::check_errors;

fn vec_json(v: &Vec2) -> String {
    format!("[\"{}\",\"{}\"]", v.0[0], v.0[1])
}

fn polygon_json(p: &Polygon) -> String {
    let points: Vec<String> = p.points().iter().map(vec_json).collect();
    format!(r#"{{"polygon":{{"points":[{}]}}}}"#, points.join(","))
}

/// A shape of another kind and its operand.
fn other_json(s: &Shape<2>) -> String {
    match s {
        Shape::Aabb(b) => format!(
            r#"{{"aabb":{{"min":{},"max":{}}}}}"#,
            vec_json(&b.min()),
            vec_json(&b.max())
        ),
        Shape::Sphere(b) => format!(
            r#"{{"sphere":{{"center":{},"radius":"{}"}}}}"#,
            vec_json(&b.center()),
            b.radius()
        ),
        Shape::Segment(g) => format!(
            r#"{{"segment":{{"a":{},"b":{}}}}}"#,
            vec_json(&g.a()),
            vec_json(&g.b())
        ),
        Shape::Capsule(c) => format!(
            r#"{{"capsule":{{"a":{},"b":{},"radius":"{}"}}}}"#,
            vec_json(&c.a()),
            vec_json(&c.b()),
            c.radius()
        ),
        Shape::Polygon(p) => polygon_json(p),
        _ => unreachable!("not generated"),
    }
}

/// The strict convex hull (counter-clockwise, no collinear vertex) of
/// integer points, by the monotone chain.
fn hull(mut pts: Vec<[i64; 2]>) -> Vec<[i64; 2]> {
    pts.sort_unstable();
    pts.dedup();
    let cross = |o: [i64; 2], a: [i64; 2], b: [i64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
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

/// A convex polygon on the quarter-unit grid near the origin.
fn polygon() -> impl Strategy<Value = Polygon> {
    proptest::collection::vec(proptest::array::uniform2(-12i64..=12), 3..=9).prop_filter_map(
        "degenerate",
        |pts| {
            let h = hull(pts);
            let v: Vec<Vec2> = h
                .iter()
                .map(|p| Vec2::new(Fx::from_num(p[0]) / 4, Fx::from_num(p[1]) / 4))
                .collect();
            (h.len() >= 3).then(|| Polygon::try_new(&v).unwrap())
        },
    )
}

fn point() -> impl Strategy<Value = Vec2> {
    proptest::array::uniform2(-16i32..=16)
        .prop_map(|p| Vec2::new(Fx::from_num(p[0]) / 4, Fx::from_num(p[1]) / 4))
}

fn radius() -> impl Strategy<Value = Fx> {
    (0i32..=8).prop_map(|r| Fx::from_num(r) / 4)
}

fn other() -> impl Strategy<Value = Shape<2>> {
    prop_oneof![
        (point(), point()).prop_map(|(a, b)| Aabb2::try_new(a.min(b), a.max(b)).unwrap().into()),
        (point(), radius()).prop_map(|(c, r)| Circle::try_new(c, r).unwrap().into()),
        (point(), point()).prop_map(|(a, b)| Segment2::try_new(a, b).unwrap().into()),
        (point(), point(), radius())
            .prop_map(|(a, b, r)| Capsule2::try_new(a, b, r).unwrap().into()),
        polygon().prop_map(Shape::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn overlap_with_a_polygon_answers_as_the_library_either_way(p in polygon(), s in other()) {
        let (pj, sj) = (polygon_json(&p), other_json(&s));
        let want = overlap(&Shape::from(p), &s);
        for line in [
            format!(r#"{{"op":"overlap","a":{pj},"b":{sj}}}"#),
            format!(r#"{{"op":"overlap","a":{sj},"b":{pj}}}"#),
        ] {
            let got = eval_line(&line).unwrap();
            prop_assert_eq!(got.is_hit(), want, "{}", line);
        }
    }

    #[test]
    fn ray_cast_on_a_polygon_answers_as_the_library(p in polygon(), o in point(), d in point()) {
        prop_assume!(d != Vec2::ZERO);
        let ray = Ray2::try_unbounded(o, d).unwrap();
        let line = format!(
            r#"{{"op":"ray_cast","ray":{{"origin":{},"dir":{}}},"shape":{}}}"#,
            vec_json(&o),
            vec_json(&d),
            polygon_json(&p)
        );
        let got = eval_line(&line).unwrap();
        let want = ray_cast(&ray, &Shape::from(p));
        prop_assert_eq!(got.is_hit(), want.is_some(), "{}", line);
        if let Some(h) = want {
            prop_assert_eq!(got.get("t"), Some(Value::Num(h.t)));
            prop_assert_eq!(got.get("point"), Some(Value::Vector(h.point.0.to_vec())));
            prop_assert_eq!(got.get("normal"), Some(Value::Vector(h.normal.0.to_vec())));
            prop_assert_eq!(got.get("inside"), Some(Value::Bool(h.inside)));
        }
    }
}

#[test]
fn a_polygon_operand_takes_numbers_and_decimal_strings() {
    let line = r#"{"op":"overlap","a":{"polygon":{"points":[[0,0],["4.0",0],[4,"3e0"]]}},"b":{"capsule":{"a":[6,0],"b":[6,4],"radius":2}}}"#;
    assert_eq!(eval_line(line).unwrap().to_json(), r#"{"hit":true}"#);
    // One ulp further: apart.
    let line = r#"{"op":"overlap","a":{"polygon":{"points":[[0,0],[4,0],[4,3]]}},"b":{"capsule":{"a":["6.0000000003",0],"b":["6.0000000003",4],"radius":2}}}"#;
    assert_eq!(eval_line(line).unwrap().to_json(), r#"{"hit":false}"#);
}

const BALL: &str = r#"{"sphere":{"center":[9,2],"radius":1}}"#;

#[test]
fn polygon_errors_name_the_field_and_the_vertex() {
    let lines = [
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4,0],[6,2],[4,4],[3,2],[0,4]]}}}},"b":{BALL}}}"#
        ),
        format!(
            r#"{{"op":"overlap","a":{BALL},"b":{{"polygon":{{"points":[[0,0],[0,4],[4,0]]}}}}}}"#
        ),
        format!(r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4,0]]}}}},"b":{BALL}}}"#),
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4,0],[4,0],[0,4]]}}}},"b":{BALL}}}"#
        ),
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4,0],[0,1048577]]}}}},"b":{BALL}}}"#
        ),
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4,0],[0,4]],"closed":true}}}},"b":{BALL}}}"#
        ),
        format!(r#"{{"op":"overlap","a":{{"polygon":{{}}}},"b":{BALL}}}"#),
        format!(r#"{{"op":"overlap","a":{{"polygon":[[0,0],[4,0],[0,4]]}},"b":{BALL}}}"#),
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0],[4],[0,4]]}}}},"b":{BALL}}}"#
        ),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::Invalid,
            Some("a.polygon.points[4]"),
            "not strictly convex (turns right)",
        ),
        (
            &lines[1],
            ErrorKind::Invalid,
            Some("b.polygon.points[0]"),
            "clockwise order",
        ),
        (
            &lines[2],
            ErrorKind::Invalid,
            Some("a.polygon.points"),
            "2 vertices; a polygon has 3 to 64",
        ),
        (
            &lines[3],
            ErrorKind::Invalid,
            Some("a.polygon.points[1]"),
            "equals the next vertex",
        ),
        (
            &lines[4],
            ErrorKind::Invalid,
            Some("a.polygon.points[2].y"),
            "out of the domain",
        ),
        (
            &lines[5],
            ErrorKind::UnknownField,
            Some("a.polygon.closed"),
            "expected \"points\"",
        ),
        (
            &lines[6],
            ErrorKind::MissingField,
            Some("a.polygon.points"),
            "a polygon takes \"points\"",
        ),
        (
            &lines[7],
            ErrorKind::WrongType,
            Some("a.polygon"),
            "a polygon object",
        ),
        (
            &lines[8],
            ErrorKind::WrongLength,
            Some("a.polygon.points[1]"),
            "expected 2 or 3 components, got 1",
        ),
    ]);
}

#[test]
fn a_polygon_is_2d_only() {
    let tri = r#"{"polygon":{"points":[[0,0],[4,0],[0,4]]}}"#;
    let lines = [
        // A 3D operand before the polygon.
        format!(r#"{{"op":"ray_cast","ray":{{"origin":[0,0,0],"dir":[1,0,0]}},"shape":{tri}}}"#),
        // A 3D operand after it.
        format!(r#"{{"op":"overlap","a":{tri},"b":{{"sphere":{{"center":[0,0,0],"radius":1}}}}}}"#),
        // Points of 3 components.
        format!(
            r#"{{"op":"overlap","a":{{"polygon":{{"points":[[0,0,0],[4,0,0],[0,4,0]]}}}},"b":{BALL}}}"#
        ),
        format!(r#"{{"op":"shape_cast","moving":{tri},"d":[1,0,0],"target":{BALL}}}"#),
    ];
    check_errors(&[
        (
            &lines[0],
            ErrorKind::MixedDimensions,
            Some("shape.polygon"),
            "2D (a polygon), but field \"ray.origin\" is 3D",
        ),
        (
            &lines[1],
            ErrorKind::MixedDimensions,
            Some("b.sphere.center"),
            "but field \"a.polygon\" is 2D (a polygon)",
        ),
        (
            &lines[2],
            ErrorKind::MixedDimensions,
            Some("a.polygon.points[0]"),
            "but field \"a.polygon\" is 2D (a polygon)",
        ),
        (
            &lines[3],
            ErrorKind::MixedDimensions,
            Some("d"),
            "but field \"moving.polygon\" is 2D (a polygon)",
        ),
    ]);
}

#[test]
fn shape_cast_with_a_polygon_against_a_radius_answers_both_ways() {
    // A unit ball at the origin moving right by 4 meets the triangle's
    // vertex (2, 0) when its center is at (1, 0): s = 1/4; the normal
    // points from the vertex at the ball.
    let tri = r#"{"polygon":{"points":[[2,0],[4,-1],[4,1]]}}"#;
    let ball = r#"{"sphere":{"center":[0,0],"radius":1}}"#;
    let line = format!(r#"{{"op":"shape_cast","moving":{ball},"d":[4,0],"target":{tri}}}"#);
    let got = eval_line(&line).unwrap();
    assert!(got.is_hit(), "{}", got.to_json());
    assert_eq!(got.get("t_enter"), Some(Value::Num(Fx::from_num(0.25))));
    assert_eq!(got.get("overlapping"), Some(Value::Bool(false)));
    // The triangle moving left instead: the same time.
    let line = format!(r#"{{"op":"shape_cast","moving":{tri},"d":[-4,0],"target":{ball}}}"#);
    let got = eval_line(&line).unwrap();
    assert_eq!(got.get("t_enter"), Some(Value::Num(Fx::from_num(0.25))));
    assert_eq!(got.get("overlapping"), Some(Value::Bool(false)));
}

#[test]
fn shape_cast_with_a_polygon_and_no_radius_answers() {
    // A point (a sphere of radius 0) moving right meets the triangle's edge
    // from (3, 1) to (2, -1) at (2.5, 0): s = 2.5 / 4.
    let tri = r#"{"polygon":{"points":[[2,-1],[4,-1],[3,1]]}}"#;
    let point = r#"{"sphere":{"center":[0,0],"radius":0}}"#;
    let line = format!(r#"{{"op":"shape_cast","moving":{point},"d":[4,0],"target":{tri}}}"#);
    let got = eval_line(&line).unwrap();
    assert!(got.is_hit(), "{}", got.to_json());
    assert_eq!(got.get("t_enter"), Some(Value::Num(Fx::from_num(0.625))));
    assert_eq!(got.get("overlapping"), Some(Value::Bool(false)));
    // A triangle against itself: overlapping from the start.
    let line = format!(r#"{{"op":"shape_cast","moving":{tri},"d":[-4,1],"target":{tri}}}"#);
    let got = eval_line(&line).unwrap();
    assert_eq!(got.get("overlapping"), Some(Value::Bool(true)));
}
