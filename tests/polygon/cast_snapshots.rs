//! The edge table of `shape_cast` with polygons (either side, a radius on
//! the other side or none) as an insta snapshot: hits head-on and at a
//! vertex, slides along an edge, touching only at the end, moving away,
//! one ulp past, zero displacement. Every row's hit (and, where the case
//! names it, its time) is checked while the table is built.

use super::*;
use fixed_collide::{Capsule, Circle, Exact, Fx, Shape, Vector, shape_cast};
use std::fmt::Write;

/// Raw coordinates of `x + ulps` units.
fn at(x: i64, ulps: i64) -> i64 {
    x * ONE + ulps
}

fn poly(p: &[(i64, i64)]) -> Shape<2> {
    let raw: Vec<[i64; 2]> = p.iter().map(|&(x, y)| [at(x, 0), at(y, 0)]).collect();
    polygon(&raw).into()
}

fn v(x: i64, y: i64) -> Vector<2> {
    vector([at(x, 0), at(y, 0)])
}

fn show_shape(s: &Shape<2>) -> String {
    let p = |q: Vector<2>| format!("({}, {})", Exact(q.0[0]), Exact(q.0[1]));
    match s {
        Shape::Polygon(poly) => {
            let v: Vec<String> = poly.points().iter().map(|q| p(*q)).collect();
            format!("polygon {}", v.join(" "))
        }
        Shape::Sphere(b) => format!("circle {} r {}", p(b.center()), Exact(b.radius())),
        Shape::Capsule(c) => format!("capsule {} {} r {}", p(c.a()), p(c.b()), Exact(c.radius())),
        other => format!("{other:?}"),
    }
}

#[test]
fn polygon_shape_cast_edge_table() {
    // The triangle (2, -2), (6, 0), (2, 2): its left edge on x = 2.
    let tri = || poly(&[(2, -2), (6, 0), (2, 2)]);
    // A 2 x 2 square with its left edge at x = x0, from y = -1 to 1.
    let square = |x0: i64| poly(&[(x0, -1), (x0 + 2, -1), (x0 + 2, 1), (x0, 1)]);
    let circle = |x: i64, y: i64, ulps: i64, r: i64| -> Shape<2> {
        Circle::try_new(vector([at(x, ulps), at(y, 0)]), fx(r * ONE))
            .unwrap()
            .into()
    };
    let half = Some(Fx::from_num(0.5));
    // (case, moving, d, target, expected hit, expected t where named)
    type Row = (
        &'static str,
        Shape<2>,
        Vector<2>,
        Shape<2>,
        bool,
        Option<Fx>,
    );
    let rows: Vec<Row> = vec![
        (
            "square head-on into the edge x = 2, at half",
            square(-2),
            v(4, 0),
            tri(),
            true,
            half,
        ),
        (
            "square touching x = 2, sliding up along it",
            square(0),
            v(0, 4),
            tri(),
            false,
            None,
        ),
        (
            "square touching x = 2, moving away",
            square(0),
            v(-4, 0),
            tri(),
            false,
            None,
        ),
        (
            "square touching x = 2 only at the end",
            square(-2),
            v(2, 0),
            tri(),
            false,
            None,
        ),
        (
            "square one ulp past touching at the end",
            square(-2),
            vector([at(2, 1), 0]),
            tri(),
            true,
            None,
        ),
        (
            "square onto the vertex (6, 0) from the right, at half",
            square(8),
            v(-4, 0),
            tri(),
            true,
            half,
        ),
        (
            "zero displacement, overlapping",
            square(1),
            v(0, 0),
            tri(),
            true,
            Some(Fx::ZERO),
        ),
        (
            "unit circle onto the vertex (6, 0), at half",
            circle(9, 0, 0, 1),
            v(-4, 0),
            tri(),
            true,
            half,
        ),
        (
            "unit circle sliding along x = 2, touching",
            circle(1, -4, 0, 1),
            v(0, 8),
            tri(),
            false,
            None,
        ),
        (
            "the same circle one ulp closer: penetrates",
            circle(1, -4, 1, 1),
            v(0, 8),
            tri(),
            true,
            None,
        ),
        (
            "capsule (3, 5)-(5, 5) r 1 moving down onto the edge (6, 0)-(2, 2)",
            Capsule::try_new(v(3, 5), v(5, 5), Fx::ONE).unwrap().into(),
            v(0, -4),
            tri(),
            true,
            None,
        ),
        (
            "triangle moving left onto a unit circle at (-1, 0), at half",
            tri(),
            v(-4, 0),
            circle(-1, 0, 0, 1),
            true,
            half,
        ),
        (
            "triangle sliding past the circle's top, touching",
            poly(&[(2, 1), (6, 1), (4, 3)]),
            v(-8, 0),
            circle(0, 0, 0, 1),
            false,
            None,
        ),
    ];
    let mut table = String::new();
    for (case, moving, d, target, hit, t) in rows {
        let got = shape_cast(&moving, &d, &target).unwrap();
        assert_eq!(got.is_some(), hit, "{case}: {got:?}");
        if let (Some(c), Some(t)) = (got, t) {
            assert_eq!(c.t_enter, t, "{case}");
        }
        let _ = writeln!(table, "{case}");
        let _ = writeln!(
            table,
            "  moving {} d ({}, {})",
            show_shape(&moving),
            Exact(d.0[0]),
            Exact(d.0[1])
        );
        let _ = writeln!(table, "  target {}", show_shape(&target));
        match got {
            None => {
                let _ = writeln!(table, "  miss");
            }
            Some(c) => {
                let _ = writeln!(
                    table,
                    "  hit t_enter {} normal ({}, {}) overlapping {}",
                    Exact(c.t_enter),
                    Exact(c.normal.0[0]),
                    Exact(c.normal.0[1]),
                    c.overlapping
                );
            }
        }
    }
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!("polygon_cast", table));
}
