//! The contact table: normal, depth and point of penetrating and touching
//! boxes, each row checked against the exact reference.

use super::*;
use crate::aabb_reference::{self as exact, RBox, rvec, unit};
use fixed_collide::aabb_contact;

impl Table {
    fn contact<const D: usize>(&mut self, label: &str, a: Aabb<D>, b: Aabb<D>) {
        let got = aabb_contact(&a, &b);
        let want = exact::contact(&RBox::of(&a), &RBox::of(&b));
        let out = match (got, want) {
            (None, None) => "none".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.normal, unit::<D>(w.axis, w.positive), "{label}");
                assert_eq!(raw(g.depth), w.depth, "{label}");
                assert_eq!(rvec(&g.point), w.point, "{label}");
                format!(
                    "normal={} depth={} point={}",
                    normal(&g.normal),
                    n(g.depth),
                    nv(&g.point)
                )
            }
            (g, w) => panic!("{label}: contact {g:?}, exact {w:?}"),
        };
        self.row(label, format!("a={}  b={}", nb(&a), nb(&b)), out);
    }
}

#[test]
fn aabb_contact_table() {
    let mut t = Table::default();
    t.heading("2D");
    let big = || bx(["0", "0"], ["4", "4"]);
    t.contact(
        "penetrating a's +x face by 1 (doc example)",
        big(),
        bx(["3", "1"], ["6", "2"]),
    );
    t.contact(
        "penetrating a's -x face by 0.5",
        big(),
        bx(["-1", "1"], ["0.5", "2"]),
    );
    t.contact(
        "penetrating a's +y face by 1u",
        big(),
        bx(["1", "4-1u"], ["2", "5"]),
    );
    t.contact(
        "penetrating a's -y face, deeper on x",
        big(),
        bx(["-1", "-3"], ["1", "0.25"]),
    );
    t.contact(
        "touching a's +x face: depth 0",
        big(),
        bx(["4", "1"], ["5", "2"]),
    );
    t.contact(
        "touching a's -y face: depth 0",
        big(),
        bx(["1", "-1"], ["2", "0"]),
    );
    t.contact(
        "touching corners: +x wins the tie with +y",
        big(),
        bx(["4", "4"], ["5", "5"]),
    );
    t.contact(
        "touching at a's min corner: -x wins over -y",
        big(),
        bx(["-1", "-1"], ["0", "0"]),
    );
    t.contact(
        "centred inside: all four tie, -x wins",
        big(),
        bx(["1", "1"], ["3", "3"]),
    );
    t.contact("identical boxes: -x wins", big(), big());
    t.contact(
        "x and y tie at 1 (-x and -y): -x wins",
        big(),
        bx(["-1", "-1"], ["1", "1"]),
    );
    t.contact("+x and +y tie: +x wins", big(), bx(["3", "3"], ["5", "5"]));
    t.contact("+y strictly smallest", big(), bx(["2", "3.5"], ["3", "6"]));
    t.contact(
        "zero-size point inside, nearest -x",
        big(),
        bx(["1", "2"], ["1", "2"]),
    );
    t.contact(
        "zero-size point on a's +y face",
        big(),
        bx(["1", "4"], ["1", "4"]),
    );
    t.contact(
        "zero-size a (point) inside b",
        bx(["1", "1"], ["1", "1"]),
        big(),
    );
    t.contact(
        "midpoint floors: intersection x in [-1u, 0]",
        bx(["-1u", "0"], ["0", "1"]),
        bx(["-1", "0"], ["0", "1"]),
    );
    t.contact(
        "midpoint floors: intersection [0, 1u] odd width",
        bx(["0", "0"], ["1u", "1"]),
        bx(["0", "0"], ["1", "3u"]),
    );
    t.contact("1-ulp gap: none", big(), bx(["4+1u", "0"], ["5", "1"]));
    t.contact("separated: none", big(), bx(["5", "5"], ["6", "6"]));
    t.contact(
        "whole domain vs itself: depth 2^21",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["-D", "-D"], ["D", "D"]),
    );
    t.contact(
        "domain corner point on the whole domain's +x+y corner",
        bx(["-D", "-D"], ["D", "D"]),
        bx(["D", "D"], ["D", "D"]),
    );
    t.heading("3D");
    let cube = || bx(["0", "0", "0"], ["4", "4", "4"]);
    t.contact(
        "penetrating a's +z face by 1",
        cube(),
        bx(["1", "1", "3"], ["2", "2", "6"]),
    );
    t.contact(
        "penetrating a's -z face by 0.5",
        cube(),
        bx(["1", "1", "-3"], ["2", "2", "0.5"]),
    );
    t.contact(
        "y and z tie: +y wins over +z",
        cube(),
        bx(["1", "3", "3"], ["2", "5", "5"]),
    );
    t.contact(
        "touching corners: +x wins",
        cube(),
        bx(["4", "4", "4"], ["5", "5", "5"]),
    );
    t.contact(
        "touching edge y/z: +y wins",
        cube(),
        bx(["1", "4", "4"], ["2", "5", "5"]),
    );
    t.contact(
        "centred inside: -x wins",
        cube(),
        bx(["1", "1", "1"], ["3", "3", "3"]),
    );
    t.contact(
        "flat square touching +z face",
        cube(),
        bx(["1", "1", "4"], ["3", "3", "4"]),
    );
    snapshot("aabb_contact", &t);
}
