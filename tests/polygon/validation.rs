//! The bad-input catalogue of `Polygon::try_new`: each case, the exact
//! message, and the vertex it names.

use super::*;
use fixed_collide::shape::MAX_VERTICES;
use fixed_collide::{Convexity, Error, Fx, Polygon8};

fn v(x: i32, y: i32) -> Vec2 {
    Vec2::from_ints([x, y])
}

/// The regular-ish star order of five points on a circle: every turn left,
/// winding twice.
fn pentagram() -> Vec<Vec2> {
    // Points of a convex pentagon (counter-clockwise) ...
    let p = [v(10, 0), v(3, 9), v(-8, 6), v(-8, -6), v(3, -9)];
    // ... visited every second one.
    (0..5).map(|i| p[(2 * i) % 5]).collect()
}

/// A convex polygon of `n` vertices: points on the parabola y = x^2 below
/// and one apex above, counter-clockwise.
fn parabola(n: usize) -> Vec<Vec2> {
    let k = n as i32 - 1;
    let mut pts: Vec<Vec2> = (0..k)
        .map(|i| v(i - k / 2, (i - k / 2) * (i - k / 2)))
        .collect();
    pts.push(v(0, 10_000));
    pts
}

#[test]
fn bad_polygons_get_the_catalogued_error() {
    // (case, vertices, expected message)
    let cases: Vec<(&str, Vec<Vec2>, &str)> = vec![
        (
            "clockwise square",
            vec![v(0, 0), v(0, 2), v(2, 2), v(2, 0)],
            "points[0]: clockwise order (vertices must run counter-clockwise)",
        ),
        (
            "a vertex in the middle of an edge",
            vec![v(0, 0), v(1, 0), v(2, 0), v(2, 2)],
            "points[1]: not strictly convex (collinear with its neighbours)",
        ),
        (
            "a repeated vertex",
            vec![v(0, 0), v(2, 0), v(2, 0), v(0, 2)],
            "points[1]: equals the next vertex (a repeated vertex)",
        ),
        (
            "the last vertex repeats the first",
            vec![v(0, 0), v(2, 0), v(0, 2), v(0, 0)],
            "points[3]: equals the next vertex (a repeated vertex)",
        ),
        (
            "a concave quadrilateral (dart)",
            vec![v(0, 0), v(4, 0), v(1, 1), v(0, 4)],
            "points[2]: not strictly convex (turns right)",
        ),
        (
            "a pentagram: left turns, winding twice",
            pentagram(),
            "points[4]: winds around more than once (a star, not a convex polygon)",
        ),
        (
            "two vertices",
            vec![v(0, 0), v(1, 0)],
            "points: 2 vertices; a polygon has 3 to 64",
        ),
        (
            "no vertices",
            vec![],
            "points: 0 vertices; a polygon has 3 to 64",
        ),
        (
            "65 vertices",
            parabola(65),
            "points: 65 vertices; a polygon has 3 to 64",
        ),
        (
            "a coordinate out of the domain",
            vec![
                v(0, 0),
                Vec2::new(Fx::from_num(1_048_577), Fx::ZERO),
                v(0, 2),
            ],
            "points[1].x 1048577 is out of the domain |v| <= 1048576 (2^20)",
        ),
        (
            "all three vertices on one line",
            vec![v(0, 0), v(1, 1), v(2, 2)],
            "points[0]: not strictly convex (collinear with its neighbours)",
        ),
    ];
    for (case, points, want) in cases {
        let got = Polygon::try_new(&points);
        match got {
            Ok(p) => panic!("case {case}: accepted as {p:?}"),
            Err(e) => assert_eq!(e.to_string(), want, "case {case}"),
        }
    }
}

#[test]
fn errors_name_their_vertex_as_a_field() {
    let e = Polygon::try_new(&pentagram()).unwrap_err();
    assert_eq!(e.field().to_string(), "points[4]");
    assert!(matches!(
        e,
        Error::NotConvex {
            why: Convexity::WindsMoreThanOnce,
            ..
        }
    ));
}

#[test]
fn good_polygons_from_3_to_64_vertices_are_accepted() {
    // (case, vertices)
    let cases = vec![
        ("triangle", vec![v(0, 0), v(4, 0), v(0, 3)]),
        ("64 vertices", parabola(64)),
        ("square at the domain's corners", {
            let m = 1 << 20;
            vec![v(-m, -m), v(m, -m), v(m, m), v(-m, m)]
        }),
        (
            "a pentagon",
            vec![v(10, 0), v(3, 9), v(-8, 6), v(-8, -6), v(3, -9)],
        ),
    ];
    for (case, points) in cases {
        let p = Polygon::try_new(&points).unwrap_or_else(|e| panic!("case {case}: {e}"));
        assert_eq!(
            p.points(),
            &points[..],
            "case {case}: vertices kept in order"
        );
    }
    assert_eq!(parabola(64).len(), MAX_VERTICES);
}

#[test]
fn a_polygon8_holds_3_to_8_vertices_and_names_8_beyond() {
    // Compact: 8 vertices of 16 bytes and the count, padded to a vertex
    // coordinate's alignment (136 bytes on 64-bit targets, 132 on i686).
    use std::mem::{align_of, size_of};
    assert_eq!(
        size_of::<Polygon8>(),
        8 * size_of::<Vec2>() + align_of::<Vec2>()
    );
    let eight = Polygon8::try_from(&parabola(8)[..]).expect("8 vertices fit");
    assert_eq!(eight.points(), &parabola(8)[..]);
    assert_eq!(eight.to_polygon(), Polygon::try_new(&parabola(8)).unwrap());
    let e = Polygon8::try_from(&parabola(9)[..]).unwrap_err();
    assert!(
        matches!(
            e,
            Error::VertexCount {
                count: 9,
                max: 8,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.to_string(), "points: 9 vertices; a polygon has 3 to 8");
    // The same checks as a Polygon: clockwise is named at vertex 0.
    let cw: Vec<Vec2> = parabola(5).into_iter().rev().collect();
    assert_eq!(
        Polygon8::try_from(&cw[..]).unwrap_err(),
        Polygon::try_new(&cw).unwrap_err()
    );
}

#[test]
fn every_rotation_of_a_valid_vertex_list_is_valid_and_every_reversal_clockwise() {
    let base = vec![v(10, 0), v(3, 9), v(-8, 6), v(-8, -6), v(3, -9)];
    for k in 0..base.len() {
        let mut r = base.clone();
        r.rotate_left(k);
        assert!(Polygon::try_new(&r).is_ok(), "rotation {k}");
        r.reverse();
        let e = Polygon::try_new(&r).unwrap_err();
        assert!(
            matches!(
                e,
                Error::NotConvex {
                    why: Convexity::Clockwise,
                    ..
                }
            ),
            "rotation {k} reversed: {e}"
        );
    }
}
