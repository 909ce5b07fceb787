//! The overlap table: closed and open overlap and the intersection box,
//! each row checked against the exact reference and for symmetry.

use super::*;
use crate::aabb_reference::{self as exact, RBox};
use fixed_collide::{aabb_intersection, aabb_overlap, aabb_overlap_open};

impl Table {
    fn overlap<const D: usize>(&mut self, label: &str, a: Aabb<D>, b: Aabb<D>) {
        let closed = aabb_overlap(&a, &b);
        let open = aabb_overlap_open(&a, &b);
        let inter = aabb_intersection(&a, &b);
        let (ra, rb) = (RBox::of(&a), RBox::of(&b));
        assert_eq!(closed, exact::overlap_closed(&ra, &rb), "{label}");
        assert_eq!(open, exact::overlap_open(&ra, &rb), "{label}");
        assert_eq!(
            inter.map(|i| RBox::of(&i)),
            exact::intersection(&ra, &rb),
            "{label}"
        );
        assert_eq!(closed, aabb_overlap(&b, &a), "{label}: symmetry");
        assert_eq!(open, aabb_overlap_open(&b, &a), "{label}: symmetry");
        let inter = inter.map_or("none".into(), |i| nb(&i));
        self.row(
            label,
            format!("a={}  b={}", nb(&a), nb(&b)),
            format!("closed={closed} open={open} box={inter}"),
        );
    }
}

#[test]
fn aabb_overlap_table() {
    let mut t = Table::default();
    t.heading("2D");
    let unit2 = || bx(["0", "0"], ["1", "1"]);
    t.overlap("separated by 1 on x", unit2(), bx(["2", "0"], ["3", "1"]));
    t.overlap("1-ulp gap on x", unit2(), bx(["1+1u", "0"], ["2", "1"]));
    t.overlap(
        "touching faces (a's +x face)",
        unit2(),
        bx(["1", "0"], ["2", "1"]),
    );
    t.overlap(
        "touching faces, b offset along the face",
        unit2(),
        bx(["1", "0.5"], ["2", "1.5"]),
    );
    t.overlap("touching corners", unit2(), bx(["1", "1"], ["2", "2"]));
    t.overlap(
        "corner 1 ulp away on y only",
        unit2(),
        bx(["1", "1+1u"], ["2", "2"]),
    );
    t.overlap("1-ulp overlap on x", unit2(), bx(["1-1u", "0"], ["2", "1"]));
    t.overlap("identical boxes", unit2(), unit2());
    t.overlap(
        "b strictly inside a",
        bx(["0", "0"], ["4", "4"]),
        bx(["1", "1"], ["2", "2"]),
    );
    t.overlap(
        "zero-size point strictly inside a",
        bx(["0", "0"], ["4", "4"]),
        bx(["1", "1"], ["1", "1"]),
    );
    t.overlap(
        "zero-size point on a's face",
        bx(["0", "0"], ["4", "4"]),
        bx(["4", "1"], ["4", "1"]),
    );
    t.overlap(
        "zero-size point on a's corner",
        bx(["0", "0"], ["4", "4"]),
        bx(["4", "4"], ["4", "4"]),
    );
    t.overlap(
        "two equal points",
        bx(["1", "1"], ["1", "1"]),
        bx(["1", "1"], ["1", "1"]),
    );
    t.overlap(
        "two collinear segments overlapping (zero height)",
        bx(["0", "1"], ["2", "1"]),
        bx(["1", "1"], ["3", "1"]),
    );
    t.overlap(
        "zero-width segment crossing a (open overlap)",
        bx(["0", "0"], ["4", "4"]),
        bx(["2", "-1"], ["2", "5"]),
    );
    t.overlap(
        "zero-width segment on a's face line",
        bx(["0", "0"], ["4", "4"]),
        bx(["0", "-1"], ["0", "5"]),
    );
    t.overlap(
        "cross: neither contains a corner of the other",
        bx(["0", "1"], ["3", "2"]),
        bx(["1", "0"], ["2", "3"]),
    );
    t.overlap(
        "whole domain vs its max corner point",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["D", "D"], ["D", "D"]),
    );
    t.overlap(
        "domain-limit boxes 1 ulp apart",
        bx(["-D", "-D"], ["D-1u", "D"]),
        bx(["D", "-D"], ["D", "D"]),
    );
    t.overlap(
        "1-ulp boxes touching at 0",
        bx(["-1u", "-1u"], ["0", "0"]),
        bx(["0", "0"], ["1u", "1u"]),
    );
    t.heading("3D");
    let unit3 = || bx(["0", "0", "0"], ["1", "1", "1"]);
    t.overlap(
        "touching faces (+z)",
        unit3(),
        bx(["0", "0", "1"], ["1", "1", "2"]),
    );
    t.overlap(
        "touching edges (x and y)",
        unit3(),
        bx(["1", "1", "0"], ["2", "2", "1"]),
    );
    t.overlap(
        "touching corners",
        unit3(),
        bx(["1", "1", "1"], ["2", "2", "2"]),
    );
    t.overlap(
        "1-ulp gap on z only",
        unit3(),
        bx(["0", "0", "1+1u"], ["1", "1", "2"]),
    );
    t.overlap(
        "1-ulp overlap on all axes",
        unit3(),
        bx(["1-1u", "1-1u", "1-1u"], ["2", "2", "2"]),
    );
    t.overlap(
        "zero-size point strictly inside",
        unit3(),
        bx(["0.5", "0.5", "0.5"], ["0.5", "0.5", "0.5"]),
    );
    t.overlap(
        "flat square inside a (zero z size)",
        unit3(),
        bx(["0", "0", "0.5"], ["1", "1", "0.5"]),
    );
    t.overlap(
        "flat square on a's face plane",
        unit3(),
        bx(["0", "0", "1"], ["1", "1", "1"]),
    );
    t.overlap(
        "whole domain vs a box at the min corner",
        bx(["-D", "-D", "-D"], ["D", "D", "D"]),
        bx(["-D", "-D", "-D"], ["-D+1u", "-D+1u", "-D+1u"]),
    );
    snapshot("aabb_overlap", &t);
}
