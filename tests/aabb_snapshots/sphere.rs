//! The sphere table: hit and closest point, each row checked against the
//! exact reference.

use super::*;
use crate::aabb_reference::{self as exact, RBox, rvec};
use fixed_collide::{Ball, sphere_aabb};

impl Table {
    fn sphere<const D: usize>(&mut self, label: &str, c: [&str; D], r: &str, b: Aabb<D>) {
        let ball = Ball::try_new(vv(c), p(r)).expect("valid ball in a table");
        let got = sphere_aabb(&ball, &b).map(|h| h.point);
        let want = exact::sphere(&rvec(&ball.center()), raw(ball.radius()), &RBox::of(&b));
        assert_eq!(got.map(|v| rvec(&v)), want, "{label}");
        let out = got.map_or("miss".into(), |pt| format!("hit point={}", nv(&pt)));
        self.row(
            label,
            format!(
                "center={} r={}  box={}",
                nv(&ball.center()),
                n(ball.radius()),
                nb(&b)
            ),
            out,
        );
    }
}

#[test]
fn sphere_aabb_table() {
    let mut t = Table::default();
    t.heading("2D");
    let b = || bx(["0", "0"], ["2", "2"]);
    t.sphere(
        "centre inside: closest point is the centre",
        ["1", "1"],
        "0.5",
        b(),
    );
    t.sphere("centre on the face", ["2", "1"], "0", b());
    t.sphere(
        "touching the +x face exactly (doc example)",
        ["5", "1"],
        "3",
        b(),
    );
    t.sphere("1u short of the +x face: miss", ["5", "1"], "3-1u", b());
    t.sphere("touching the corner exactly (3-4-5)", ["5", "6"], "5", b());
    t.sphere("corner, radius 1u short: miss", ["5", "6"], "5-1u", b());
    t.sphere(
        "corner at ulp scale (3u, 4u; r = 5u)",
        ["2+3u", "2+4u"],
        "5u",
        b(),
    );
    t.sphere(
        "corner at ulp scale, r = 4u: miss",
        ["2+3u", "2+4u"],
        "4u",
        b(),
    );
    t.sphere("zero radius on the surface", ["0", "1.5"], "0", b());
    t.sphere("zero radius 1u outside: miss", ["-1u", "1.5"], "0", b());
    t.sphere(
        "zero-size box (a point) at distance r",
        ["3", "4"],
        "5",
        bx(["0", "0"], ["0", "0"]),
    );
    t.sphere("below-left corner", ["-1", "-1"], "1.5", b());
    t.sphere(
        "domain: r = D reaching from D to 0",
        ["D", "1"],
        "D",
        bx(["-D", "0"], ["0", "2"]),
    );
    t.sphere(
        "domain: r = D, 1u short",
        ["D", "1"],
        "D",
        bx(["-D", "0"], ["-1u", "2"]),
    );
    t.sphere(
        "domain: corner to corner, far miss",
        ["D", "D"],
        "D",
        bx(["-D", "-D"], ["-D", "-D"]),
    );
    t.heading("3D");
    let c = || bx(["0", "0", "0"], ["2", "2", "2"]);
    t.sphere(
        "touching the corner exactly (1-2-2 -> 3)",
        ["3", "4", "4"],
        "3",
        c(),
    );
    t.sphere("corner, 1u short: miss", ["3", "4", "4"], "3-1u", c());
    t.sphere(
        "touching the +x+z edge exactly (6-8 -> 10)",
        ["8", "1", "10"],
        "10",
        c(),
    );
    t.sphere("touching the -z face", ["1", "1", "-0.5"], "0.5", c());
    t.sphere("centre inside", ["1", "1.5", "0.5"], "0", c());
    snapshot("sphere_aabb", &t);
}
