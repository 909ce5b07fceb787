//! The edge table of the ray casts against balls, segments and capsules,
//! as an insta snapshot. Every row is checked against the exact reference
//! while the table is built.

use super::ray_reference as rr;
use super::*;
use crate::common::table::{ex, n};
use fixed_collide::{Capsule, Exact, Ray, ray_capsule};
use num_bigint::BigInt;
use std::fmt::Write;

const ULP: Fx = Fx::DELTA;

struct Table(String);

impl Table {
    fn row<const D: usize>(&mut self, label: &str, ray: Ray<D>, c: Capsule<D>, expect_hit: bool) {
        let ours = ray_capsule(&ray, &c);
        assert_eq!(ours.is_some(), rr::hits(&ray, &c), "{label}: hit/miss");
        assert_eq!(ours.is_some(), expect_hit, "{label}: the row's intent");
        if let Some(h) = ours
            && !h.inside
        {
            let t = rr::entries(&ray, &c).iter().map(rr::Entry::t_raw).min();
            assert_eq!(t, Some(BigInt::from(h.t.to_bits())), "{label}: t");
        }
        let answer = match ours {
            Some(h) if h.inside => "inside: t 0, point the origin, normal zero".to_string(),
            Some(h) => format!(
                "hit t {} point {} normal {}",
                Exact(h.t),
                ex(h.point),
                ex(h.normal)
            ),
            None => "miss".into(),
        };
        let max_t = if ray.max_t() == Fx::MAX {
            "unbounded".to_string()
        } else {
            Exact(ray.max_t()).to_string()
        };
        writeln!(
            self.0,
            "# {label}\n  ray: origin {} dir {} max_t {max_t}\n  capsule: a {} b {} radius {}\n  => {answer}\n",
            ex(ray.origin()),
            ex(ray.dir()),
            ex(c.a()),
            ex(c.b()),
            Exact(c.radius())
        )
        .unwrap();
    }
}

fn ray2(o: [i32; 2], d: [i32; 2]) -> Ray<2> {
    Ray::try_unbounded(Vector::from_ints(o), Vector::from_ints(d)).unwrap()
}

fn cap2(a: [i32; 2], b: [i32; 2], r: Fx) -> Capsule<2> {
    Capsule::try_new(Vector::from_ints(a), Vector::from_ints(b), r).unwrap()
}

#[test]
fn ray_capsule_edge_cases() {
    let mut t = Table(String::new());
    let one = Fx::ONE;
    let ball = cap2([5, 0], [5, 0], n("2"));
    t.row(
        "straight into a circle (a = b)",
        ray2([0, 0], [1, 0]),
        ball,
        true,
    );
    t.row(
        "grazing a circle: tangent at (5, 2)",
        ray2([0, 2], [1, 0]),
        ball,
        true,
    );
    t.row(
        "passing a circle 1 ulp outside",
        Ray::try_unbounded(Vector([Fx::ZERO, n("2") + ULP]), Vector::from_ints([1, 0])).unwrap(),
        ball,
        false,
    );
    t.row(
        "3-4-5: entering a circle at an irrational-free point",
        ray2([0, 4], [1, 0]),
        cap2([5, 0], [5, 0], n("5")),
        true,
    );
    t.row(
        "an irrational entry (sqrt 2): t and point rounded down",
        ray2([0, 1], [1, 0]),
        cap2([5, 0], [5, 0], n("3")),
        true,
    );
    t.row(
        "pointing away from a circle",
        ray2([0, 0], [-1, 0]),
        ball,
        false,
    );
    t.row("origin inside", ray2([5, 1], [1, 0]), ball, true);
    t.row(
        "origin on the surface, pointing out",
        ray2([7, 0], [1, 0]),
        ball,
        true,
    );
    let cap = cap2([0, 5], [10, 5], one);
    t.row("onto the capsule's side", ray2([3, 0], [0, 2]), cap, true);
    t.row(
        "along the axis into the end cap",
        ray2([-5, 5], [1, 0]),
        cap,
        true,
    );
    t.row(
        "parallel to the axis at the radius: grazes the end cap first",
        ray2([-5, 4], [1, 0]),
        cap,
        true,
    );
    t.row(
        "parallel, 1 ulp outside",
        Ray::try_unbounded(Vector([n("-5"), n("4") - ULP]), Vector::from_ints([1, 0])).unwrap(),
        cap,
        false,
    );
    t.row(
        "into the round end past b, 3-4-5 from the end's center",
        ray2([13, -9], [0, 1]),
        cap2([0, 0], [10, 0], n("5")),
        true,
    );
    t.row(
        "max_t exactly at the hit counts",
        Ray::try_new(Vector::from_ints([3, 0]), Vector::from_ints([0, 1]), n("4")).unwrap(),
        cap,
        true,
    );
    t.row(
        "max_t 1 ulp short of the hit",
        Ray::try_new(
            Vector::from_ints([3, 0]),
            Vector::from_ints([0, 1]),
            n("4") - ULP,
        )
        .unwrap(),
        cap,
        false,
    );
    let wall = cap2([0, -3], [0, 3], Fx::ZERO);
    t.row(
        "radius 0: crossing a segment",
        ray2([-4, 1], [1, 0]),
        wall,
        true,
    );
    t.row(
        "radius 0: through the segment's end point",
        ray2([-4, 3], [1, 0]),
        wall,
        true,
    );
    t.row(
        "radius 0: 1 ulp past the end point",
        Ray::try_unbounded(Vector([n("-4"), n("3") + ULP]), Vector::from_ints([1, 0])).unwrap(),
        wall,
        false,
    );
    t.row(
        "radius 0: along a segment (collinear) from before it",
        ray2([0, -9], [0, 1]),
        wall,
        true,
    );
    t.row(
        "a point (a = b, radius 0) on the ray",
        ray2([0, 0], [1, 1]),
        cap2([3, 3], [3, 3], Fx::ZERO),
        true,
    );
    let skew = Capsule::try_new(
        Vector::from_ints([2, -5, 3]),
        Vector::from_ints([2, 5, 3]),
        n("2"),
    )
    .unwrap();
    t.row(
        "3D: onto a capsule from below",
        Ray::try_unbounded(Vector::from_ints([2, 1, -4]), Vector::from_ints([0, 0, 1])).unwrap(),
        skew,
        true,
    );
    t.row(
        "3D: a skew ray tangent to the side",
        Ray::try_unbounded(Vector::from_ints([0, 0, 5]), Vector::from_ints([1, 0, 0])).unwrap(),
        skew,
        true,
    );
    t.row(
        "3D: the same ray 1 ulp higher misses",
        Ray::try_unbounded(
            Vector([Fx::ZERO, Fx::ZERO, n("5") + ULP]),
            Vector::from_ints([1, 0, 0]),
        )
        .unwrap(),
        skew,
        false,
    );
    snapshot("capsule_ray", t.0);
}

fn snapshot(name: &str, table: String) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, table));
}
