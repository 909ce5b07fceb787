//! Edge-case tables of the oriented-box queries, as insta snapshots in
//! `snapshots/`. Every row is also checked against the exact reference of
//! `obb_reference` while the table is built, so a row that contradicts the
//! semantics fails the test instead of being recorded.
//!
//! One file per table under `obb_snapshots/`; this file holds the shared
//! notation helpers and the snapshot settings.

mod obb_reference;

#[path = "obb_snapshots/overlap.rs"]
mod overlap;
#[path = "obb_snapshots/ray.rs"]
mod ray;
#[path = "obb_snapshots/sphere.rs"]
mod sphere;

use fixed_collide::{Fx, Obb, Rot, Vector};
use obb_reference as reference;
use obb_reference::RefBox;
use std::fmt::Write;

const ULP: Fx = Fx::DELTA;

/// A constant from its decimal text, read exactly as `I32F32::from_str`.
fn n(x: &str) -> Fx {
    x.parse().unwrap()
}

fn v2(x: Fx, y: Fx) -> Vector<2> {
    Vector([x, y])
}

fn v3(x: Fx, y: Fx, z: Fx) -> Vector<3> {
    Vector([x, y, z])
}

fn i2(x: i32, y: i32) -> Vector<2> {
    Vector::from_ints([x, y])
}

fn i3(x: i32, y: i32, z: i32) -> Vector<3> {
    Vector::from_ints([x, y, z])
}

fn obb<const D: usize>(c: Vector<D>, h: Vector<D>, r: Rot<D>) -> Obb<D> {
    Obb::try_new(c, h, r).unwrap()
}

fn axes_text<const D: usize>(r: &Rot<D>) -> String {
    if *r == Rot::identity() {
        return "identity".into();
    }
    let list: Vec<String> = r.axes().iter().map(|a| a.to_string()).collect();
    format!("[{}]", list.join(", "))
}

fn obb_text<const D: usize>(b: &Obb<D>) -> String {
    let mut s = format!(
        "c={} h={} axes={}",
        b.center(),
        b.half(),
        axes_text(b.rot())
    );
    if b.axis_error() != Fx::ZERO {
        write!(
            s,
            " (axis_error={} band(0)={})",
            b.axis_error(),
            b.band(Fx::ZERO)
        )
        .unwrap();
    }
    s
}

fn snapshot(name: &str, table: String) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, table));
}
