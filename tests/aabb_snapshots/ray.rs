//! The ray table: hit time, point, normal and `inside`, each row checked
//! against the exact reference.

use super::*;
use crate::aabb_reference::{self as exact, RBox, rvec, unit};
use fixed_collide::{Ray, ray_aabb};

impl Table {
    fn ray<const D: usize>(
        &mut self,
        label: &str,
        o: [&str; D],
        dir: [&str; D],
        max_t: &str,
        b: Aabb<D>,
    ) {
        let ray = Ray::try_new(vv(o), vv(dir), p(max_t)).expect("valid ray in a table");
        let got = ray_aabb(&ray, &b);
        let want = exact::ray(
            &rvec(&ray.origin()),
            &rvec(&ray.dir()),
            ray.max_t(),
            &RBox::of(&b),
        );
        let out = match (got, want) {
            (None, None) => "miss".to_string(),
            (Some(g), Some(w)) => {
                assert_eq!(g.inside, w.inside, "{label}");
                assert_eq!(g.t, w.t.floor_fx(), "{label}");
                let wn = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
                assert_eq!(g.normal, wn, "{label}");
                let exact_point: Vec<String> = (0..D)
                    .map(|i| {
                        let c = exact::ray_coord(raw(ray.origin().0[i]), raw(ray.dir().0[i]), &w.t);
                        ratio(&Rat::new(c.n, c.d * (1 << 32)))
                    })
                    .collect();
                format!(
                    "hit t={} point={} normal={} inside={}  (exact t {}, point [{}])",
                    n(g.t),
                    nv(&g.point),
                    normal(&g.normal),
                    g.inside,
                    ratio(&w.t),
                    exact_point.join(", ")
                )
            }
            (g, w) => panic!("{label}: ray {g:?}, exact {w:?}"),
        };
        self.row(
            label,
            format!(
                "origin={} dir={} max_t={}  box={}",
                nv(&ray.origin()),
                nv(&ray.dir()),
                n(ray.max_t()),
                nb(&b)
            ),
            out,
        );
    }
}

#[test]
fn ray_aabb_table() {
    let mut t = Table::default();
    t.heading("2D");
    let slab = || bx(["2", "-1"], ["4", "1"]);
    t.ray(
        "along +x into the -x face (doc example)",
        ["0", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along -x into the +x face",
        ["6", "0.5"],
        ["-2", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "dir not unit: t in units of dir",
        ["0", "0"],
        ["4", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "parallel to x, outside the y slab: miss",
        ["0", "2"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "parallel to x, 1u outside the y slab: miss",
        ["0", "1+1u"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along the +y face line",
        ["0", "1"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "along the -y face line",
        ["0", "-1"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "pointing away: miss",
        ["0", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "through the corner (2,1) then inside",
        ["0", "3"],
        ["1", "-1"],
        "MAX",
        slab(),
    );
    t.ray(
        "tangent to the corner (2,1): touches only there",
        ["0", "-1"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "diagonal, x and y enter together: -x wins",
        ["0", "-3"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "y enters last: -y",
        ["3", "-3"],
        ["0.25", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "entry at 1/3: t floors, y within an ulp",
        ["1", "0"],
        ["3", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "entry at 1/3 with negative y: y floors",
        ["1", "0"],
        ["3", "-1"],
        "MAX",
        slab(),
    );
    t.ray("origin inside", ["3", "0"], ["1", "0"], "MAX", slab());
    t.ray(
        "origin on the -x face, pointing away",
        ["2", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin on the -x face, pointing in",
        ["2", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin on a corner, pointing away",
        ["4", "1"],
        ["1", "1"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin 1u outside, pointing in: t = 1u",
        ["2-1u", "0"],
        ["1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "origin 1u outside, pointing away: miss",
        ["2-1u", "0"],
        ["-1", "0"],
        "MAX",
        slab(),
    );
    t.ray(
        "max_t exactly at the hit: hit",
        ["0", "0"],
        ["1", "0"],
        "2",
        slab(),
    );
    t.ray(
        "max_t 1u before the hit: miss",
        ["0", "0"],
        ["1", "0"],
        "2-1u",
        slab(),
    );
    t.ray(
        "max_t 0, origin outside: miss",
        ["0", "0"],
        ["1", "0"],
        "0",
        slab(),
    );
    t.ray(
        "max_t 0, origin inside: inside",
        ["3", "0"],
        ["1", "0"],
        "0",
        slab(),
    );
    t.ray(
        "zero-size box (a point) hit exactly",
        ["0", "0"],
        ["1", "2"],
        "MAX",
        bx(["1", "2"], ["1", "2"]),
    );
    t.ray(
        "zero-size box (a point) missed by 1u",
        ["0", "0"],
        ["1", "2"],
        "MAX",
        bx(["1", "2+1u"], ["1", "2+1u"]),
    );
    t.ray(
        "zero-width box (a segment) crossed",
        ["0", "0"],
        ["1", "0"],
        "MAX",
        bx(["2", "-1"], ["2", "1"]),
    );
    t.ray(
        "tiny dir (1u): hit at t = 2^31 - 1",
        ["0", "0"],
        ["1u", "0"],
        "MAX",
        bx(["0.5-1u", "0"], ["1", "1"]),
    );
    t.ray(
        "tiny dir (1u): hit time 2^32 is beyond MAX: miss",
        ["0", "0"],
        ["1u", "0"],
        "MAX",
        bx(["1", "0"], ["2", "1"]),
    );
    t.ray(
        "domain corner to domain corner",
        ["-D", "-D"],
        ["D", "D"],
        "MAX",
        bx(["1048575", "1048575"], ["D", "D"]),
    );
    t.ray(
        "domain: dir -D from D",
        ["D", "0"],
        ["-D", "0"],
        "MAX",
        bx(["-D", "-1"], ["-D+1u", "1"]),
    );
    t.heading("3D");
    let cube = || bx(["1", "1", "1"], ["2", "2", "2"]);
    t.ray(
        "through a corner: three axes tie, -x",
        ["0", "0", "0"],
        ["1", "1", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "through an edge (y,z): -y",
        ["1.5", "0", "0"],
        ["0", "1", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "z enters last: -z",
        ["1.5", "1.5", "0"],
        ["0", "0", "1"],
        "MAX",
        cube(),
    );
    t.ray(
        "along the +z face plane",
        ["0", "1.5", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "along an edge line (y=2, z=2)",
        ["0", "2", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "parallel, outside the z slab by 1u: miss",
        ["0", "1.5", "2+1u"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "from above into the +z face",
        ["1.5", "1.5", "5"],
        ["0", "0", "-1"],
        "MAX",
        cube(),
    );
    t.ray(
        "origin on a corner",
        ["2", "2", "2"],
        ["1", "0", "0"],
        "MAX",
        cube(),
    );
    t.ray(
        "entry at 1/3 on x, y and z within an ulp",
        ["0", "0", "0"],
        ["3", "4", "5"],
        "MAX",
        bx(["1", "1", "1"], ["2", "2", "2"]),
    );
    snapshot("ray_aabb", &t);
}
