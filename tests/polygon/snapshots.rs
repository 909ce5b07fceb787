//! The edge tables of `polygon_overlap` and `ray_polygon` as insta
//! snapshots. Every row is checked against the exact reference and against
//! its stated intent while the table is built.

use super::*;
use fixed_collide::{Exact, Ray2, polygon_overlap, ray_polygon};
use num_bigint::BigInt;
use std::fmt::Write;

/// Raw coordinates of `x + ulps` units.
fn at(x: i64, ulps: i64) -> i64 {
    x * ONE + ulps
}

fn pts(p: &[(i64, i64)]) -> Vec<[i64; 2]> {
    p.iter().map(|&(x, y)| [at(x, 0), at(y, 0)]).collect()
}

fn show(p: &[[i64; 2]]) -> String {
    let v: Vec<String> = p
        .iter()
        .map(|q| format!("({}, {})", Exact(fx(q[0])), Exact(fx(q[1]))))
        .collect();
    v.join(" ")
}

fn snapshot(name: &str, table: String) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, table));
}

#[test]
fn polygon_overlap_edge_table() {
    let square = pts(&[(0, 0), (2, 0), (2, 2), (0, 2)]);
    // Vertex 1 is 1 ulp below the line through its neighbours: valid.
    let near_collinear = vec![[0, 0], [at(2, 0), -1], [at(4, 0), 0], [at(2, 0), at(2, 0)]];
    // (case, b, expected overlap)
    let rows: Vec<(&str, Vec<[i64; 2]>, bool)> = vec![
        (
            "shared edge x = 2",
            pts(&[(2, 0), (4, 0), (4, 2), (2, 2)]),
            true,
        ),
        (
            "shared vertex (2, 2) only",
            pts(&[(2, 2), (4, 2), (3, 4)]),
            true,
        ),
        (
            "1-ulp gap right of x = 2",
            shifted(&pts(&[(2, 0), (4, 0), (4, 2), (2, 2)]), [1, 0]),
            false,
        ),
        (
            "a vertex touching the edge y = 2",
            pts(&[(1, 2), (3, 4), (0, 4)]),
            true,
        ),
        (
            "that vertex 1 ulp above the edge",
            shifted(&pts(&[(1, 2), (3, 4), (0, 4)]), [0, 1]),
            false,
        ),
        (
            "parallel edges overlapping along a segment",
            pts(&[(1, 2), (3, 2), (3, 3), (1, 3)]),
            true,
        ),
        (
            "parallel edges 1 ulp apart",
            shifted(&pts(&[(1, 2), (3, 2), (3, 3), (1, 3)]), [0, 1]),
            false,
        ),
        (
            "contained",
            vec![
                [at(1, 0), at(1, 0)],
                [at(1, 0) + ONE / 2, at(1, 0)],
                [at(1, 0), at(1, 0) + ONE / 2],
            ],
            true,
        ),
        (
            "corner to corner, 1 ulp apart on x",
            shifted(&pts(&[(2, 2), (4, 2), (4, 4)]), [1, 0]),
            false,
        ),
        (
            "near-collinear vertex dipping 1 ulp below y = 2",
            shifted(&near_collinear, [at(-1, 0), at(2, 0)]),
            true,
        ),
        (
            "near-collinear vertex touching y = 2",
            shifted(&near_collinear, [at(-1, 0), at(2, 0) + 1]),
            true,
        ),
        (
            "near-collinear vertex 1 ulp above y = 2",
            shifted(&near_collinear, [at(-1, 0), at(2, 0) + 2]),
            false,
        ),
    ];
    let mut out = String::new();
    for (case, b, want) in rows {
        let (pa, pb) = (polygon(&square), polygon(&b));
        let ours = polygon_overlap(&pa, &pb);
        assert_eq!(ours, reference::overlap(&square, &b), "{case}: reference");
        assert_eq!(ours, want, "{case}: the row's intent");
        assert_eq!(polygon_overlap(&pb, &pa), ours, "{case}: swapped");
        writeln!(
            out,
            "{case}\n  a {}\n  b {}\n  overlap {ours}",
            show(&square),
            show(&b)
        )
        .unwrap();
    }
    snapshot("polygon_overlap", out);
}

#[test]
fn ray_polygon_edge_table() {
    let tri = pts(&[(2, -2), (6, 0), (2, 2)]);
    let v = |x: i64, y: i64| [at(x, 0), at(y, 0)];
    // (case, origin, dir, max_t (raw, None: unbounded), expected hit)
    type Row = (&'static str, [i64; 2], [i64; 2], Option<i64>, bool);
    let rows: Vec<Row> = vec![
        ("head-on into the edge x = 2", v(0, 0), v(1, 0), None, true),
        (
            "through the vertex (6, 0) from the right",
            v(8, 0),
            v(-1, 0),
            None,
            true,
        ),
        (
            "up the line of the edge x = 2 (along it)",
            v(2, -4),
            v(0, 1),
            None,
            true,
        ),
        (
            "up x = 2 - 1 ulp: misses",
            [at(2, -1), at(-4, 0)],
            v(0, 1),
            None,
            false,
        ),
        (
            "grazing the vertex (2, 2) from the left",
            v(0, 2),
            v(1, 0),
            None,
            true,
        ),
        (
            "1 ulp above the vertex (2, 2)",
            [0, at(2, 1)],
            v(1, 0),
            None,
            false,
        ),
        (
            "through the vertex (2, 2) diagonally",
            v(0, 4),
            v(1, -1),
            None,
            true,
        ),
        ("origin on the boundary", v(2, 0), v(-1, 0), None, true),
        ("origin inside", v(3, 0), v(1, 0), None, true),
        (
            "reaches the edge exactly at max_t",
            v(0, 0),
            v(1, 0),
            Some(2 * ONE),
            true,
        ),
        (
            "stops 1 ulp short of the edge",
            v(0, 0),
            v(1, 0),
            Some(2 * ONE - 1),
            false,
        ),
        (
            "y = 1 (no vertex on the line) reaches x = 2 exactly at max_t",
            v(0, 1),
            v(1, 0),
            Some(2 * ONE),
            true,
        ),
        (
            "y = 1 stops 1 ulp short of x = 2",
            v(0, 1),
            v(1, 0),
            Some(2 * ONE - 1),
            false,
        ),
        (
            "origin on the edge x = 2 at y = 1, moving out",
            v(2, 1),
            v(-1, 0),
            None,
            true,
        ),
        (
            "origin on the far edge at (4, 1), moving out",
            v(4, 1),
            v(1, 0),
            None,
            true,
        ),
        ("pointing away", v(0, 0), v(-1, 0), None, false),
        ("enters at t = 2/3 (floored)", v(0, 0), v(3, 0), None, true),
    ];
    let mut out = String::new();
    for (case, o, d, max_t, want) in rows {
        let ray = match max_t {
            Some(m) => Ray2::try_new(vector(o), vector(d), fx(m)).unwrap(),
            None => Ray2::try_unbounded(vector(o), vector(d)).unwrap(),
        };
        let ours = ray_polygon(&ray, &polygon(&tri));
        let exact = reference::ray_entry(o, d, ray.max_t().to_bits(), &tri);
        assert_eq!(ours.is_some(), exact.is_some(), "{case}: hit/miss");
        assert_eq!(ours.is_some(), want, "{case}: the row's intent");
        if let (Some(h), Some((t, _))) = (ours, &exact) {
            let scaled = t.clone() * BigInt::from(1u64 << 32);
            assert_eq!(
                BigInt::from(h.t.to_bits()),
                reference::floor(&scaled),
                "{case}: t"
            );
        }
        let answer = match ours {
            None => "miss".to_string(),
            Some(h) if h.inside => "inside: t 0, point the origin, normal zero".to_string(),
            Some(h) => format!(
                "hit t {} point ({}, {}) normal ({}, {})",
                Exact(h.t),
                Exact(h.point.0[0]),
                Exact(h.point.0[1]),
                Exact(h.normal.0[0]),
                Exact(h.normal.0[1])
            ),
        };
        writeln!(
            out,
            "{case}\n  origin {} dir {} max_t {}\n  {answer}",
            show(&[o]),
            show(&[d]),
            max_t.map_or("unbounded".to_string(), |m| Exact(fx(m)).to_string())
        )
        .unwrap();
    }
    writeln!(out, "triangle {}", show(&tri)).unwrap();
    snapshot("polygon_ray", out);
}

#[test]
fn polygon_contact_edge_table() {
    let square = pts(&[(0, 0), (4, 0), (4, 4), (0, 4)]);
    // (case, b, expected depth in units)
    let rows: Vec<(&str, Vec<[i64; 2]>, i64)> = vec![
        (
            "sunk 1 into the right side, overhanging",
            pts(&[(3, -1), (8, -1), (8, 5), (3, 5)]),
            1,
        ),
        (
            "touching along the right side",
            pts(&[(4, 1), (8, 1), (8, 3), (4, 3)]),
            0,
        ),
        (
            "a corner poking 1 into the top",
            pts(&[(2, 3), (4, 5), (0, 5)]),
            1,
        ),
        (
            "touching at one vertex only",
            pts(&[(4, 4), (6, 4), (6, 6)]),
            0,
        ),
        (
            "the same square: every axis ties, a's edge 0 wins",
            square.clone(),
            4,
        ),
        (
            "a sliver across the upper middle: out through the top is 2",
            pts(&[(-1, 2), (5, 2), (5, 3), (-1, 3)]),
            2,
        ),
    ];
    let mut out = String::new();
    for (case, b, depth) in rows {
        let c = fixed_collide::polygon_contact(&polygon(&square), &polygon(&b))
            .unwrap_or_else(|| panic!("{case}: no contact"));
        assert_eq!(c.depth, fx(depth * ONE), "{case}: depth");
        let points: Vec<[i64; 2]> = c
            .points()
            .iter()
            .map(|v| v.0.map(|x| x.to_bits()))
            .collect();
        writeln!(
            out,
            "{case}\n  a {}\n  b {}\n  normal ({}, {}) depth {} reference edge {} of {}\n  points {}",
            show(&square),
            show(&b),
            Exact(c.normal.0[0]),
            Exact(c.normal.0[1]),
            Exact(c.depth),
            c.edge,
            if c.flipped { "b" } else { "a" },
            show(&points)
        )
        .unwrap();
    }
    snapshot("polygon_contact", out);
}
