//! The sweep table (moving box against a stationary one): entry and exit
//! times, normal and `overlapping`, each row checked against the exact
//! reference.

use super::*;
use crate::aabb_reference::{self as exact, RBox, rvec, unit};
use fixed_collide::aabb_sweep;

impl Table {
    fn sweep<const D: usize>(&mut self, label: &str, s: Aabb<D>, m: Aabb<D>, d: [&str; D]) {
        let d = vv(d);
        let got = aabb_sweep(&s, &m, d);
        let want = exact::sweep(&RBox::of(&s), &RBox::of(&m), &rvec(&d));
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.overlapping, w.overlapping, "{label}");
                assert_eq!(g.t_enter, w.enter.floor_fx(), "{label}");
                assert_eq!(g.t_exit, w.exit.ceil_fx(), "{label}");
                let wn = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
                assert_eq!(g.normal, wn, "{label}");
                format!(
                    "hit t_enter={} t_exit={} normal={} overlapping={}  (exact {} .. {})",
                    n(g.t_enter),
                    n(g.t_exit),
                    normal(&g.normal),
                    g.overlapping,
                    ratio(&w.enter),
                    ratio(&w.exit),
                )
            }
            (g, w) => panic!("{label}: sweep {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!("stationary={}  moving={}  d={}", nb(&s), nb(&m), nv(&d)),
            out,
        );
    }
}

#[test]
fn aabb_sweep_table() {
    let mut t = Table::default();
    t.heading("2D");
    let m = || bx(["0", "0"], ["1", "1"]);
    let wall = || bx(["10", "-5"], ["11", "5"]);
    t.sweep(
        "head-on hit at t=1/2 (doc example)",
        wall(),
        m(),
        ["18", "0"],
    );
    t.sweep("stops 1 short of the wall: miss", wall(), m(), ["8", "0"]);
    t.sweep("touching only at t=1: miss", wall(), m(), ["9", "0"]);
    t.sweep(
        "touching at t=1 minus a hair (d = gap + 1u)",
        wall(),
        m(),
        ["9+1u", "0"],
    );
    t.sweep("passes through within the step", wall(), m(), ["30", "0"]);
    t.sweep(
        "entry at 1/3 (floor) and exit at 11/27 (ceil)",
        wall(),
        m(),
        ["27", "0"],
    );
    t.sweep("moving away from the wall: miss", wall(), m(), ["-5", "0"]);
    t.sweep(
        "zero displacement, separated: miss",
        wall(),
        m(),
        ["0", "0"],
    );
    let s = || bx(["1", "0"], ["2", "1"]);
    t.sweep(
        "moving into a touched face: hit at t=0, not overlapping",
        s(),
        m(),
        ["1", "0"],
    );
    t.sweep(
        "moving into a touched face at 1 ulp per step",
        s(),
        m(),
        ["1u", "0"],
    );
    t.sweep(
        "moving into a touched face and sideways",
        s(),
        m(),
        ["1", "0.5"],
    );
    t.sweep(
        "moving away from a touched face: miss",
        s(),
        m(),
        ["-1", "0"],
    );
    t.sweep(
        "sliding along a touched face (x face, moving y): miss",
        s(),
        m(),
        ["0", "3"],
    );
    t.sweep("zero displacement, touching: miss", s(), m(), ["0", "0"]);
    let top = || bx(["0", "1"], ["4", "2"]);
    t.sweep(
        "sliding along the stationary box's bottom face: miss",
        top(),
        m(),
        ["3", "0"],
    );
    t.sweep(
        "sliding along the face and away: miss",
        top(),
        m(),
        ["3", "-1"],
    );
    t.sweep(
        "1 ulp below the face, moving up 1u: touches at t=1: miss",
        top(),
        bx(["0", "0"], ["1", "1-1u"]),
        ["0", "1u"],
    );
    t.sweep(
        "1 ulp below the face, moving up 2u: hit at 1/2",
        top(),
        bx(["0", "0"], ["1", "1-1u"]),
        ["0", "2u"],
    );
    let inside = || bx(["0", "0"], ["4", "4"]);
    t.sweep(
        "already penetrating, moving: overlapping",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["1", "0"],
    );
    t.sweep(
        "already penetrating, zero displacement: overlapping",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["0", "0"],
    );
    t.sweep(
        "already penetrating, leaving within the step",
        inside(),
        bx(["1", "1"], ["2", "2"]),
        ["-4", "0"],
    );
    t.sweep(
        "zero-size moving point strictly inside: overlapping",
        inside(),
        bx(["1", "1"], ["1", "1"]),
        ["0", "0"],
    );
    t.sweep(
        "zero-size point on the face moving in: hit at 0",
        inside(),
        bx(["4", "1"], ["4", "1"]),
        ["-1", "0"],
    );
    t.sweep(
        "zero-size point moving along the face line: miss",
        inside(),
        bx(["4", "1"], ["4", "1"]),
        ["0", "1"],
    );
    t.sweep(
        "both zero size on y (segments on one line): never penetrate",
        bx(["2", "0"], ["3", "0"]),
        bx(["0", "0"], ["1", "0"]),
        ["4", "0"],
    );
    t.sweep(
        "zero-width wall crossed by a zero-width mover: miss (tunnels: never penetrates)",
        bx(["2", "-5"], ["2", "5"]),
        bx(["0", "0"], ["0", "1"]),
        ["4", "0"],
    );
    t.sweep(
        "zero-width wall crossed by a unit box: hit",
        bx(["2", "-5"], ["2", "5"]),
        m(),
        ["4", "0"],
    );
    let far = || bx(["2", "2"], ["3", "3"]);
    t.sweep(
        "diagonal, both axes enter at 1/2: tie, normal -x",
        far(),
        m(),
        ["2", "2"],
    );
    t.sweep("diagonal, y enters last: normal -y", far(), m(), ["4", "2"]);
    t.sweep(
        "x zero velocity and overlapping openly: y decides",
        bx(["0", "2"], ["1", "3"]),
        bx(["0.5", "0"], ["1.5", "1"]),
        ["0", "2"],
    );
    t.sweep(
        "x zero velocity and only touching: miss",
        bx(["1", "2"], ["2", "3"]),
        m(),
        ["0", "4"],
    );
    t.sweep(
        "grazing a corner (touches only at t=1/2): miss",
        bx(["2", "0"], ["3", "1"]),
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2"],
    );
    t.sweep(
        "corner graze plus 1 ulp deeper on y: hit",
        bx(["2", "0"], ["3", "1"]),
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2-1u"],
    );
    t.sweep(
        "displacement MAX through a unit gap",
        wall(),
        m(),
        ["MAX", "0"],
    );
    t.sweep(
        "displacement MIN away from the wall: miss",
        wall(),
        m(),
        ["MIN", "0"],
    );
    t.sweep(
        "displacement MIN toward a wall behind",
        bx(["-11", "-5"], ["-10", "5"]),
        m(),
        ["MIN", "0"],
    );
    t.sweep(
        "across the whole domain, touching at t=1: miss",
        bx(["1048575", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["-1048575", "D"]),
        ["2097150", "0"],
    );
    t.sweep(
        "across the whole domain, hit at (2^21-2)/(2^21-1)",
        bx(["1048575", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["-1048575", "D"]),
        ["2097151", "0"],
    );
    t.heading("3D");
    let m3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    let far3 = || bx(["2", "2", "2"], ["3", "3", "3"]);
    t.sweep(
        "corner to corner, three axes tie at 1/2: normal -x",
        far3(),
        m3(),
        ["2", "2", "2"],
    );
    t.sweep(
        "y and z tie last at 1/2: normal -y",
        far3(),
        m3(),
        ["4", "2", "2"],
    );
    t.sweep("z enters last: normal -z", far3(), m3(), ["4", "4", "2"]);
    t.sweep(
        "moving down into +z face: normal +z",
        bx(["0", "0", "-2"], ["1", "1", "-1"]),
        m3(),
        ["0", "0", "-2"],
    );
    t.sweep(
        "resting on a face (z), sliding in x and y: miss",
        bx(["-5", "-5", "-1"], ["5", "5", "0"]),
        m3(),
        ["3", "3", "0"],
    );
    t.sweep(
        "resting on a face (z), pressed into it while sliding: hit at 0, +z",
        bx(["-5", "-5", "-1"], ["5", "5", "0"]),
        m3(),
        ["3", "3", "-1u"],
    );
    t.sweep(
        "touching along an edge (x and y), moving along z: miss",
        bx(["1", "1", "0"], ["2", "2", "1"]),
        m3(),
        ["0", "0", "5"],
    );
    t.sweep(
        "touching along an edge, moving diagonally into it: hit at 0, -x wins",
        bx(["1", "1", "0"], ["2", "2", "1"]),
        m3(),
        ["1", "1", "0"],
    );
    t.sweep(
        "zero velocity on z, separated on z: miss",
        far3(),
        m3(),
        ["2", "2", "0"],
    );
    snapshot("aabb_sweep", &t);
}
