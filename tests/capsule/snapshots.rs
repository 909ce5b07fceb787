//! The edge table of `overlap`, as an insta snapshot in `snapshots/`.
//! Every row is checked against the exact reference while the table is
//! built (both argument orders), so a row that contradicts the semantics
//! fails instead of being recorded.

use super::reference;
use super::*;
use crate::common::table::{ball, cap, i2, i3, n, seg, text};
use fixed_collide::{Aabb2, Aabb3, Obb2, Obb3, Shape, overlap};
use std::fmt::Write;

const ULP: Fx = Fx::DELTA;

struct Table(String);

impl Table {
    fn row<const D: usize>(&mut self, label: &str, a: Shape<D>, b: Shape<D>, expect: bool)
    where
        fixed_collide::Const<D>: fixed_collide::Dim<D>,
    {
        let ours = overlap(&a, &b);
        let exact = reference::shapes_overlap(&a, &b);
        assert_eq!(ours, exact, "{label}: against the reference");
        assert_eq!(overlap(&b, &a), ours, "{label}: symmetric");
        assert_eq!(ours, expect, "{label}: the row's intent");
        let answer = if ours { "hit" } else { "miss" };
        writeln!(
            self.0,
            "# {label}\n  a: {}\n  b: {}\n  => {answer}\n",
            text(&a),
            text(&b)
        )
        .unwrap();
    }
}

#[test]
fn overlap_edge_cases() {
    let mut t = Table(String::new());
    let one = Fx::ONE;
    // --- 2D capsules and segments
    t.row(
        "parallel capsules 2 apart, radii 1 + 1: tangent",
        cap(i2(0, 0), i2(4, 0), one),
        cap(i2(1, 2), i2(6, 2), one),
        true,
    );
    t.row(
        "parallel capsules, 1 ulp short",
        cap(i2(0, 0), i2(4, 0), one),
        cap(i2(1, 2), i2(6, 2), one - ULP),
        false,
    );
    t.row(
        "collinear segments sharing the point (4, 0)",
        seg(i2(0, 0), i2(4, 0)),
        seg(i2(4, 0), i2(9, 0)),
        true,
    );
    t.row(
        "collinear segments 1 ulp apart",
        seg(i2(0, 0), i2(4, 0)),
        seg(Vector([n("4") + ULP, Fx::ZERO]), i2(9, 0)),
        false,
    );
    t.row(
        "collinear segments overlapping",
        seg(i2(0, 0), i2(4, 0)),
        seg(i2(-2, 0), i2(1, 0)),
        true,
    );
    t.row(
        "crossing segments (an X)",
        seg(i2(0, 0), i2(4, 4)),
        seg(i2(0, 4), i2(4, 0)),
        true,
    );
    t.row(
        "T: an end point on the other segment",
        seg(i2(0, 0), i2(4, 0)),
        seg(i2(2, 0), i2(2, 5)),
        true,
    );
    t.row(
        "T: an end point 1 ulp above the segment",
        seg(i2(0, 0), i2(4, 0)),
        seg(Vector([n("2"), ULP]), i2(2, 5)),
        false,
    );
    t.row(
        "a = b: a point on the segment",
        seg(i2(3, 3), i2(3, 3)),
        seg(i2(0, 0), i2(6, 6)),
        true,
    );
    t.row(
        "a = b capsule is a ball: 3-4-5 tangent to a ball",
        cap(i2(0, 0), i2(0, 0), n("2")),
        ball(i2(3, 4), n("3")),
        true,
    );
    t.row(
        "a = b capsule, 1 ulp short",
        cap(i2(0, 0), i2(0, 0), n("2")),
        ball(i2(3, 4), n("3") - ULP),
        false,
    );
    t.row(
        "capsule end cap tangent to a ball past the end (3-4-5)",
        cap(i2(0, 0), i2(4, 0), one),
        ball(i2(7, 4), n("4")),
        true,
    );
    t.row(
        "zero radius: a segment reaching a box corner",
        cap(i2(2, 2), i2(5, 5), Fx::ZERO),
        Aabb2::try_new(i2(0, 0), i2(2, 2)).unwrap().into(),
        true,
    );
    t.row(
        "capsule tangent to a box face",
        cap(i2(3, -4), i2(3, 4), n("1")),
        Aabb2::try_new(i2(0, 0), i2(2, 2)).unwrap().into(),
        true,
    );
    t.row(
        "capsule 1 ulp short of a box face",
        cap(i2(3, -4), i2(3, 4), one - ULP),
        Aabb2::try_new(i2(0, 0), i2(2, 2)).unwrap().into(),
        false,
    );
    t.row(
        "capsule end tangent to a box corner (3-4-5)",
        cap(i2(5, 6), i2(9, 9), n("5")),
        Aabb2::try_new(i2(0, 0), i2(2, 2)).unwrap().into(),
        true,
    );
    t.row(
        "capsule end 1 ulp short of a box corner",
        cap(i2(5, 6), i2(9, 9), n("5") - ULP),
        Aabb2::try_new(i2(0, 0), i2(2, 2)).unwrap().into(),
        false,
    );
    let turned = Obb2::try_new(i2(0, 0), i2(1, 1), Rot2::from_angle(Fx::FRAC_PI_4)).unwrap();
    t.row(
        "segment through a box turned by 45 degrees",
        seg(i2(-3, 0), i2(3, 0)),
        turned.into(),
        true,
    );
    t.row(
        "capsule near the turned box's corner (1.414.. away): radius 0.4 misses",
        cap(i2(2, -3), i2(2, 3), n("0.4")),
        turned.into(),
        false,
    );
    t.row(
        "the same capsule with radius 0.6 hits",
        cap(i2(2, -3), i2(2, 3), n("0.6")),
        turned.into(),
        true,
    );
    t.row(
        "a box with a half-ulp center against a quarter-turned box, touching",
        Aabb2::try_new(i2(0, 0), Vector([ULP, one])).unwrap().into(),
        Obb2::try_new(
            Vector([n("1") + ULP, Fx::ZERO]),
            i2(1, 1),
            Rot2::from_angle(Fx::FRAC_PI_2),
        )
        .unwrap()
        .into(),
        true,
    );
    t.row(
        "the same, 1 ulp apart",
        Aabb2::try_new(i2(0, 0), Vector([ULP, one])).unwrap().into(),
        Obb2::try_new(
            Vector([n("1") + ULP * 2, Fx::ZERO]),
            i2(1, 1),
            Rot2::from_angle(Fx::FRAC_PI_2),
        )
        .unwrap()
        .into(),
        false,
    );
    // --- 3D
    t.row(
        "skew capsules 3 apart, radii 1 + 2: tangent",
        cap(i3(0, 0, 0), i3(4, 0, 0), one),
        cap(i3(2, -5, 3), i3(2, 5, 3), n("2")),
        true,
    );
    t.row(
        "skew capsules, 1 ulp short",
        cap(i3(0, 0, 0), i3(4, 0, 0), one),
        cap(i3(2, -5, 3), i3(2, 5, 3), n("2") - ULP),
        false,
    );
    t.row(
        "skew lines whose closest points are past an end",
        seg(i3(0, 0, 0), i3(4, 0, 0)),
        seg(i3(6, -5, 0), i3(6, 5, 0)),
        false,
    );
    t.row(
        "parallel 3D segments, offset along the line, tangent ends",
        cap(i3(0, 0, 0), i3(0, 0, 4), one),
        cap(i3(0, 0, 6), i3(0, 0, 9), one),
        true,
    );
    t.row(
        "crossing 3D segments",
        seg(i3(-1, 0, 0), i3(1, 0, 0)),
        seg(i3(0, -1, 0), i3(0, 1, 0)),
        true,
    );
    t.row(
        "a point (a = b) on a 3D segment",
        seg(i3(2, 2, 2), i3(2, 2, 2)),
        seg(i3(0, 0, 0), i3(4, 4, 4)),
        true,
    );
    let q = Obb3::try_new(
        i3(0, 0, 0),
        i3(1, 2, 3),
        Rot3::try_from_axes([i3(1, 0, 0), i3(0, 0, 1), i3(0, -1, 0)]).unwrap(),
    )
    .unwrap();
    t.row(
        "capsule along z beside a quarter-turned box: tangent",
        cap(i3(4, 0, -9), i3(4, 0, 9), n("3")),
        q.into(),
        true,
    );
    t.row(
        "the same, 1 ulp short",
        cap(i3(4, 0, -9), i3(4, 0, 9), n("3") - ULP),
        q.into(),
        false,
    );
    let root3 = fixed_collide::num::sqrt(n("3")).unwrap(); // floor: below sqrt 3
    t.row(
        "sphere by a 3D box corner, 1-1-1 away: radius floor(sqrt 3) misses",
        ball(i3(2, 2, 2), root3),
        Aabb3::try_new(i3(0, 0, 0), i3(1, 1, 1)).unwrap().into(),
        false,
    );
    t.row(
        "radius floor(sqrt 3) + 1 ulp hits",
        ball(i3(2, 2, 2), root3 + ULP),
        Aabb3::try_new(i3(0, 0, 0), i3(1, 1, 1)).unwrap().into(),
        true,
    );
    snapshot("capsule_overlap", t.0);
}

fn snapshot(name: &str, table: String) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, table));
}
