//! The edge table of `shape_cast`, as an insta snapshot in `snapshots/`.
//! Every row is checked against the exact references while the table is
//! built (and against the row's intended hit or miss), so a row that
//! contradicts the semantics fails instead of being recorded.

use super::reference::{flat, floor_raw, penetrates, radius};
use super::*;
use crate::common::table::{aabb, ball, cap, ex, i2, i3, n, seg, text};
use fixed_collide::{Exact, Obb, Rot2, Shape, shape_cast};
use num_traits::Zero;
use std::fmt::Write;

const ULP: Fx = Fx::DELTA;

struct Table(String);

impl Table {
    fn row<const D: usize>(
        &mut self,
        label: &str,
        m: Shape<D>,
        d: Vector<D>,
        t: Shape<D>,
        hit: bool,
    ) where
        fixed_collide::Const<D>: fixed_collide::Dim<D>,
    {
        let got = shape_cast(&m, &d, &t).unwrap();
        assert_eq!(got.is_some(), hit, "{label}: the row's intent");
        if radius(&m, &t).is_zero() {
            let want = flat(&m, &d, &t);
            assert_eq!(
                got.is_some(),
                want.is_some(),
                "{label}: against the reference"
            );
            if let (Some(c), Some(w)) = (got, &want) {
                assert_eq!(c.overlapping, w.overlapping, "{label}");
                if !c.overlapping {
                    assert_eq!(c.t_enter.to_bits(), floor_raw(&w.entry), "{label}");
                }
            }
        } else {
            assert_eq!(
                got.is_some(),
                penetrates(&m, &d, &t, 0, 1 << 32),
                "{label}: against the reference"
            );
            if let Some(c) = got {
                let te = c.t_enter.to_bits();
                assert_eq!(c.overlapping, penetrates(&m, &d, &t, 0, 0), "{label}");
                assert!(c.overlapping || !penetrates(&m, &d, &t, 0, te), "{label}");
                assert!(penetrates(&m, &d, &t, 0, te + 1), "{label}");
            }
        }
        let answer = match got {
            None => "miss".to_string(),
            Some(c) if c.overlapping => "hit, overlapping (t_enter 0, normal zero)".to_string(),
            Some(c) => format!("hit t_enter {} normal {}", Exact(c.t_enter), ex(c.normal)),
        };
        writeln!(
            self.0,
            "# {label}\n  moving: {}\n  d: {}\n  target: {}\n  => {answer}\n",
            text(&m),
            ex(d),
            text(&t)
        )
        .unwrap();
    }
}

#[test]
fn shape_cast_edge_cases() {
    let mut t = Table(String::new());
    let one = Fx::ONE;
    let wall = || seg(i2(5, -3), i2(5, 3));
    // --- 2D balls, capsules and segments
    t.row(
        "ball passing a ball, tangent (distance = radius sum): graze, no hit",
        ball(i2(0, 0), one),
        i2(10, 0),
        ball(i2(5, 2), one),
        false,
    );
    t.row(
        "ball passing a ball 1 ulp further out: miss",
        ball(i2(0, 0), one),
        i2(10, 0),
        ball(Vector([n("5"), n("2") + ULP]), one),
        false,
    );
    t.row(
        "ball passing a ball 1 ulp closer: a short hit",
        ball(i2(0, 0), one),
        i2(10, 0),
        ball(Vector([n("5"), n("2") - ULP]), one),
        true,
    );
    t.row(
        "head-on balls: enter at s = 1/2",
        ball(i2(0, 0), one),
        i2(6, 0),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "balls coming to touch only at s = 1: no hit",
        ball(i2(0, 0), one),
        i2(3, 0),
        ball(i2(5, 0), one),
        false,
    );
    t.row(
        "1 ulp further than touching at s = 1: a hit just before 1",
        ball(i2(0, 0), one),
        Vector([n("3") + ULP, Fx::ZERO]),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "balls touching at the start, moving away: no hit",
        ball(i2(3, 0), one),
        i2(-1, 0),
        ball(i2(5, 0), one),
        false,
    );
    t.row(
        "balls touching at the start, moving in: hit at 0, not overlapping",
        ball(i2(3, 0), one),
        i2(1, 0),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "balls touching at the start, moving across (tangent): no hit",
        ball(i2(3, 0), one),
        i2(0, 4),
        ball(i2(5, 0), one),
        false,
    );
    t.row(
        "balls overlapping at the start",
        ball(i2(4, 0), one),
        i2(-8, 0),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "zero displacement, overlapping",
        ball(i2(4, 0), one),
        i2(0, 0),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "zero displacement, touching: no hit",
        ball(i2(3, 0), one),
        i2(0, 0),
        ball(i2(5, 0), one),
        false,
    );
    t.row(
        "zero displacement, apart: no hit",
        ball(i2(0, 0), one),
        i2(0, 0),
        ball(i2(5, 0), one),
        false,
    );
    t.row(
        "ball into a wall segment",
        ball(i2(0, 0), one),
        i2(8, 0),
        wall(),
        true,
    );
    t.row(
        "ball sliding along a wall, touching: no hit",
        ball(i2(4, -8), one),
        i2(0, 16),
        wall(),
        false,
    );
    t.row(
        "ball passing the wall's end cap at distance 1: graze, no hit",
        ball(i2(0, 4), one),
        i2(10, 0),
        wall(),
        false,
    );
    t.row(
        "ball clipping the wall's flat side near its end",
        ball(i2(0, 3), one),
        i2(10, -1),
        wall(),
        true,
    );
    t.row(
        "ball clipping the wall's end cap: curved normal",
        ball(i2(0, 4), one),
        i2(10, -1),
        wall(),
        true,
    );
    t.row(
        "ball onto a box corner: curved normal",
        ball(i2(0, 0), one),
        i2(4, 0),
        aabb(Vector([n("2"), n("0.5")]), i2(4, 4)),
        true,
    );
    t.row(
        "capsule falling flat onto a capsule (parallel)",
        cap(i2(0, 5), i2(4, 5), one),
        i2(0, -6),
        cap(i2(1, 0), i2(6, 0), one),
        true,
    );
    t.row(
        "capsule crossing a capsule",
        cap(i2(-2, 2), i2(2, -2), Fx::from_num(0.5)),
        i2(8, 0),
        cap(i2(5, -3), i2(5, 3), Fx::from_num(0.5)),
        true,
    );
    t.row(
        "point (zero radius) moving into a ball",
        ball(i2(0, 0), Fx::ZERO),
        i2(8, 0),
        ball(i2(5, 0), one),
        true,
    );
    t.row(
        "zero-radius capsule (a segment) into a ball",
        cap(i2(0, -1), i2(0, 1), Fx::ZERO),
        i2(8, 0),
        ball(i2(5, 0), one),
        true,
    );
    // --- 2D polytopes (radius 0)
    t.row(
        "crossing segments: a full-dimensional difference, a hit",
        seg(i2(0, 1), i2(2, -1)),
        i2(6, 0),
        wall(),
        true,
    );
    t.row(
        "parallel segments meeting face on: no interior, never a hit",
        seg(i2(0, -1), i2(0, 1)),
        i2(8, 0),
        wall(),
        false,
    );
    t.row(
        "collinear segments running into each other: no hit",
        seg(i2(5, -8), i2(5, -5)),
        i2(0, 6),
        wall(),
        false,
    );
    t.row(
        "point (zero radius ball) through a segment: no interior",
        ball(i2(0, 0), Fx::ZERO),
        i2(8, 0),
        wall(),
        false,
    );
    t.row(
        "point into a box",
        ball(i2(0, 1), Fx::ZERO),
        i2(8, 0),
        aabb(i2(4, 0), i2(6, 2)),
        true,
    );
    t.row(
        "point along a box face: no hit",
        ball(i2(0, 0), Fx::ZERO),
        i2(8, 0),
        aabb(i2(4, 0), i2(6, 2)),
        false,
    );
    t.row("segment end into a box corner: a tie of two faces, the first in the fixed order (the box's bottom)", seg(i2(0, 0), i2(1, 1)), i2(4, 4), aabb(i2(3, 3), i2(5, 5)), true);
    t.row(
        "box against a box: aabb_sweep",
        aabb(i2(0, 0), i2(1, 1)),
        i2(18, 0),
        aabb(i2(10, -5), i2(11, 5)),
        true,
    );
    t.row(
        "box sliding along a box: no hit",
        aabb(i2(0, 0), i2(1, 1)),
        i2(18, 0),
        aabb(i2(10, 1), i2(11, 5)),
        false,
    );
    let diamond: Shape<2> = Obb::try_new(i2(6, 0), i2(1, 1), Rot2::from_angle(Fx::FRAC_PI_4))
        .unwrap()
        .into();
    t.row(
        "box face meeting a turned box's vertex: the box's face normal, negated",
        aabb(i2(-1, 2), i2(1, 4)),
        i2(6, -4),
        diamond,
        true,
    );
    // --- 3D
    t.row(
        "3D sphere into a box face",
        ball(i3(0, 0, 0), one),
        i3(8, 0, 0),
        aabb(i3(4, -2, -2), i3(6, 2, 2)),
        true,
    );
    t.row(
        "3D sphere onto a box edge: curved normal",
        ball(i3(0, 0, 0), one),
        i3(8, 0, 0),
        aabb(Vector([n("3"), n("0.5"), n("-2")]), i3(6, 4, 2)),
        true,
    );
    t.row(
        "3D skew capsules",
        cap(i3(-3, 0, 0), i3(3, 0, 0), one),
        i3(0, 0, 6),
        cap(i3(0, -3, 4), i3(0, 3, 4), one),
        true,
    );
    t.row(
        "3D skew capsules passing tangent: no hit",
        cap(i3(-3, 0, 0), i3(3, 0, 0), one),
        i3(0, 6, 0),
        cap(i3(0, -3, 2), i3(0, 3, 2), one),
        false,
    );
    t.row(
        "3D crossing segments: a flat difference, never a hit",
        seg(i3(-3, 0, 0), i3(3, 0, 0)),
        i3(0, 0, 6),
        seg(i3(0, -3, 4), i3(0, 3, 4)),
        false,
    );
    t.row(
        "3D segment into a box",
        seg(i3(0, -1, 0), i3(0, 1, 0)),
        i3(8, 0, 0),
        aabb(i3(4, -2, -2), i3(6, 2, 2)),
        true,
    );
    t.row(
        "3D box against a box: aabb_sweep",
        aabb(i3(0, 0, 0), i3(1, 1, 1)),
        i3(0, 0, 9),
        aabb(i3(0, 0, 5), i3(1, 1, 6)),
        true,
    );
    let mut errors = String::new();
    let obb3: Shape<3> = Obb::try_new(i3(0, 0, 0), i3(1, 1, 1), Rot::identity())
        .unwrap()
        .into();
    for (label, m, tg) in [
        (
            "3D moving obb against a box",
            obb3,
            aabb(i3(4, 0, 0), i3(5, 1, 1)),
        ),
        (
            "3D moving box against a sphere",
            aabb(i3(0, 0, 0), i3(1, 1, 1)),
            ball(i3(4, 0, 0), one),
        ),
    ] {
        let e = shape_cast(&m, &i3(1, 0, 0), &tg).unwrap_err();
        writeln!(errors, "# {label}\n  => error: {e}\n").unwrap();
    }
    let e = shape_cast(
        &ball(i2(0, 0), one),
        &Vector([n("1048576") + ULP, Fx::ZERO]),
        &wall(),
    )
    .unwrap_err();
    writeln!(
        errors,
        "# a displacement beyond the domain\n  => error: {e}\n"
    )
    .unwrap();
    t.0.push_str(&errors);
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!("shape_cast", t.0));
}
