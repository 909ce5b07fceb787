//! The sweep-pair table (both boxes moving): the closed overlap interval,
//! each row checked against the exact reference and for symmetry.

use super::*;
use crate::aabb_reference::{self as exact, RBox, rvec};
use fixed_collide::aabb_sweep_pair;

impl Table {
    fn pair<const D: usize>(
        &mut self,
        label: &str,
        a: Aabb<D>,
        va: [&str; D],
        b: Aabb<D>,
        vb: [&str; D],
    ) {
        let (va, vb) = (vv(va), vv(vb));
        let got = aabb_sweep_pair(&a, va, &b, vb);
        let want = exact::sweep_pair(&RBox::of(&a), &rvec(&va), &RBox::of(&b), &rvec(&vb));
        assert_eq!(got, aabb_sweep_pair(&b, vb, &a, va), "{label}: symmetry");
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some((u0, u1))) => {
                assert_eq!(g.u0, u0.floor_fx(), "{label}");
                assert_eq!(g.u1, u1.ceil_fx(), "{label}");
                format!(
                    "hit u0={} u1={}  (exact {} .. {})",
                    n(g.u0),
                    n(g.u1),
                    ratio(&u0),
                    ratio(&u1)
                )
            }
            (g, w) => panic!("{label}: pair {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!("a={} va={}  b={} vb={}", nb(&a), nv(&va), nb(&b), nv(&vb)),
            out,
        );
    }
}

#[test]
fn aabb_sweep_pair_table() {
    let mut t = Table::default();
    t.heading("2D");
    let a = || bx(["0", "0"], ["1", "1"]);
    let b = || bx(["3", "0"], ["4", "1"]);
    t.pair(
        "approaching, touching only at t=1 (doc example)",
        a(),
        ["1", "0"],
        b(),
        ["-1", "0"],
    );
    t.pair(
        "swapped boxes: same answer",
        b(),
        ["-1", "0"],
        a(),
        ["1", "0"],
    );
    t.pair(
        "approaching, meet at 1/2 and stay overlapping",
        a(),
        ["2", "0"],
        b(),
        ["-2", "0"],
    );
    t.pair(
        "approaching, pass through each other",
        a(),
        ["4", "0"],
        b(),
        ["-4", "0"],
    );
    t.pair(
        "approaching but stop 1u short: miss",
        a(),
        ["1", "0"],
        b(),
        ["-1+1u", "0"],
    );
    t.pair(
        "meeting at 1/3 (floor) and leaving at 2/3 (ceil)",
        a(),
        ["3", "0"],
        b(),
        ["-3", "0"],
    );
    t.pair("moving apart: miss", a(), ["-1", "0"], b(), ["1", "0"]);
    t.pair(
        "same displacement, separated: miss",
        a(),
        ["5", "5"],
        b(),
        ["5", "5"],
    );
    t.pair(
        "same displacement, touching: touching all step",
        a(),
        ["5", "5"],
        bx(["1", "0"], ["2", "1"]),
        ["5", "5"],
    );
    t.pair(
        "touching at the start, moving apart: only at 0",
        a(),
        ["-1", "0"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "0"],
    );
    t.pair(
        "overlapping at the start, moving apart",
        a(),
        ["0", "0"],
        bx(["0.5", "0"], ["1.5", "1"]),
        ["2", "0"],
    );
    t.pair(
        "sliding past each other along touching x faces: contact until 1/6",
        a(),
        ["0", "3"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "-3"],
    );
    t.pair(
        "sliding along touching x faces, slowly: contact all step",
        a(),
        ["0", "0.25"],
        bx(["1", "0"], ["2", "1"]),
        ["0", "-0.25"],
    );
    t.pair(
        "grazing corners: touching only at 1/2",
        bx(["2", "0"], ["3", "1"]),
        ["0", "0"],
        bx(["0", "2"], ["1", "3"]),
        ["6", "-2"],
    );
    t.pair(
        "zero-size points crossing at 1/2 (one instant)",
        bx(["0", "0"], ["0", "0"]),
        ["2", "2"],
        bx(["2", "2"], ["2", "2"]),
        ["-2", "-2"],
    );
    t.pair(
        "zero-size points meeting at t=1",
        bx(["0", "0"], ["0", "0"]),
        ["1", "1"],
        bx(["2", "2"], ["2", "2"]),
        ["-1", "-1"],
    );
    t.pair(
        "zero-width mover crossing a zero-width wall: touching at 1/2",
        bx(["2", "-5"], ["2", "5"]),
        ["0", "0"],
        bx(["0", "0"], ["0", "1"]),
        ["4", "0"],
    );
    t.pair(
        "y separated, zero relative y motion: miss",
        a(),
        ["1", "7"],
        bx(["3", "2"], ["4", "3"]),
        ["-1", "7"],
    );
    t.pair(
        "extreme displacements MAX vs MIN",
        a(),
        ["MAX", "0"],
        b(),
        ["MIN", "0"],
    );
    t.pair(
        "extreme displacements, same MIN: separated all step",
        a(),
        ["MIN", "0"],
        b(),
        ["MIN", "0"],
    );
    t.pair(
        "domain corners meeting at t=1",
        bx(["-D", "-D"], ["-D", "-D"]),
        ["D", "D"],
        bx(["D", "D"], ["D", "D"]),
        ["-D", "-D"],
    );
    t.heading("3D");
    let a3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    t.pair(
        "corners meet at 1/2 (three axes at once), then overlap",
        a3(),
        ["2", "2", "2"],
        bx(["2", "2", "2"], ["3", "3", "3"]),
        ["0", "0", "0"],
    );
    t.pair(
        "touching only at t=1 (z faces)",
        a3(),
        ["0", "0", "1"],
        bx(["0", "0", "2"], ["1", "1", "3"]),
        ["0", "0", "0"],
    );
    t.pair(
        "square and segment meet at 1/2, stay in contact (touching on y)",
        bx(["0", "0", "0"], ["1", "1", "0"]),
        ["0", "0", "1"],
        bx(["0", "1", "1"], ["1", "1", "2"]),
        ["0", "0", "-1"],
    );
    t.pair(
        "z separated, zero z motion: miss",
        a3(),
        ["1", "0", "0"],
        bx(["1", "0", "2"], ["2", "1", "3"]),
        ["0", "0", "0"],
    );
    snapshot("aabb_sweep_pair", &t);
}
