//! The OBB overlap tables (2D and 3D): each row checked against the exact
//! separating-axis reference.

use super::*;
use fixed_collide::{Const, Dim, Rot2, Rot3, obb_overlap};

struct OverlapTable(String);

impl OverlapTable {
    fn row<const D: usize>(&mut self, label: &str, a: Obb<D>, b: Obb<D>)
    where
        Const<D>: Dim<D>,
    {
        let ours = obb_overlap(&a, &b);
        let exact = reference::sat_overlap(&RefBox::of(&a), &RefBox::of(&b));
        assert_eq!(ours, exact, "{label}: a = {a:?}, b = {b:?}");
        assert_eq!(ours, obb_overlap(&b, &a), "{label}: not symmetric");
        let answer = if ours { "overlap" } else { "separated" };
        writeln!(
            self.0,
            "# {label}\n  a: {}\n  b: {}\n  => {answer}\n",
            obb_text(&a),
            obb_text(&b)
        )
        .unwrap();
    }
}

#[test]
fn obb_overlap_2d_edge_cases() {
    let id = Rot2::identity();
    let quarter = Rot2::from_angle(Fx::FRAC_PI_2);
    let r45 = Rot2::from_angle(Fx::FRAC_PI_4);
    let one = i2(1, 1);
    let o = i2(0, 0);
    let mut t = OverlapTable(String::new());
    t.row(
        "touching faces at x = 1",
        obb(o, one, id),
        obb(i2(2, 0), one, id),
    );
    t.row(
        "faces 1 ulp apart",
        obb(o, one, id),
        obb(v2(n("2.0") + ULP, Fx::ZERO), one, id),
    );
    t.row(
        "faces 1 ulp into each other",
        obb(o, one, id),
        obb(v2(n("2.0") - ULP, Fx::ZERO), one, id),
    );
    t.row(
        "touching corners at (1, 1)",
        obb(o, one, id),
        obb(i2(2, 2), one, id),
    );
    t.row(
        "corners 1 ulp apart diagonally",
        obb(o, one, id),
        obb(v2(n("2.0") + ULP, n("2.0") + ULP), one, id),
    );
    t.row(
        "quarter turn (axes (0,1),(-1,0)), half (1,3) spans y in [1, 3]: touching",
        obb(o, one, id),
        obb(i2(0, 2), i2(1, 3), quarter),
    );
    t.row(
        "quarter turn, spans y in [1 + 1 ulp, 3 + 1 ulp]: separated",
        obb(o, one, id),
        obb(v2(Fx::ZERO, n("2.0") + ULP), i2(1, 3), quarter),
    );
    t.row(
        "45-degree diamond, corner at x = 2.4142 - 1.41421356 < 1",
        obb(o, one, id),
        obb(v2(n("2.4142"), Fx::ZERO), one, r45),
    );
    t.row(
        "45-degree diamond, corner at x = 2.4143 - 1.41421356 > 1",
        obb(o, one, id),
        obb(v2(n("2.4143"), Fx::ZERO), one, r45),
    );
    t.row(
        "point (zero size) on a face",
        obb(o, one, id),
        obb(i2(1, 0), o, id),
    );
    t.row(
        "point 1 ulp outside a face",
        obb(o, one, id),
        obb(v2(n("1.0") + ULP, Fx::ZERO), o, id),
    );
    t.row(
        "point on a corner of a 45-degree box (the box's own corner)",
        obb(o, one, r45),
        obb(
            Vector(std::array::from_fn(|k| {
                r45.axes()[0].0[k] + r45.axes()[1].0[k]
            })),
            o,
            id,
        ),
    );
    t.row(
        "crossing segments: x-segment [-1, 1], y-segment at x = 1 (T junction)",
        obb(o, i2(1, 0), id),
        obb(v2(n("1.0"), n("0.5")), i2(0, 1), id),
    );
    t.row(
        "the same, the y-segment 1 ulp further",
        obb(o, i2(1, 0), id),
        obb(v2(n("1.0") + ULP, n("0.5")), i2(0, 1), id),
    );
    t.row(
        "collinear parallel segments touching end to end",
        obb(o, i2(1, 0), id),
        obb(i2(2, 0), i2(1, 0), id),
    );
    t.row(
        "collinear parallel segments 1 ulp apart",
        obb(o, i2(1, 0), id),
        obb(v2(n("2.0") + ULP, Fx::ZERO), i2(1, 0), id),
    );
    t.row(
        "parallel segments side by side 1 ulp apart",
        obb(o, i2(1, 0), id),
        obb(v2(Fx::ZERO, ULP), i2(1, 0), id),
    );
    let r1 = Rot2::from_angle(Fx::ONE);
    let a0 = r1.axes()[0];
    t.row(
        "shared rotation (1 rad, exactly perpendicular axes), b at c + 2 A0: touching faces",
        obb(o, one, r1),
        obb(v2(a0.0[0] * 2, a0.0[1] * 2), one, r1),
    );
    t.row(
        "the same, b 1 ulp further along x",
        obb(o, one, r1),
        obb(v2(a0.0[0] * 2 + ULP, a0.0[1] * 2), one, r1),
    );
    let skew = Rot2::try_from_axes([i2(1, 0), v2(Fx::from_bits(1 << 11), Fx::ONE)]).unwrap();
    t.row(
        "non-perpendicular axes (A1 = (2^-21, 1)): corner (1 + 2^-21, 1) touches b's corner",
        obb(o, one, skew),
        obb(v2(n("2.0") + Fx::from_bits(1 << 11), n("2.0")), one, id),
    );
    t.row(
        "the same, b 1 ulp further along x (exact for the parallelogram: separated)",
        obb(o, one, skew),
        obb(
            v2(n("2.0") + Fx::from_bits((1 << 11) + 1), n("2.0")),
            one,
            id,
        ),
    );
    let big = Vector([fixed_collide::DOMAIN; 2]);
    let neg = Vector([-fixed_collide::DOMAIN; 2]);
    t.row(
        "domain limits: boxes of half 2^20 centered at -+2^20, touching at the origin",
        obb(neg, big, id),
        obb(big, big, id),
    );
    t.row(
        "domain limits, 45-degree boxes of half 2^20 at -+2^20: faces 2^21 (sqrt2 - 1) apart along A0",
        obb(neg, big, r45),
        obb(big, big, r45),
    );
    t.row(
        "domain limits, 45-degree boxes of half 2^20 at (-+2^20, 0): corners 2^21 (sqrt2 - 1) deep",
        obb(v2(-fixed_collide::DOMAIN, Fx::ZERO), big, r45),
        obb(v2(fixed_collide::DOMAIN, Fx::ZERO), big, r45),
    );
    t.row(
        "domain limits, 45-degree boxes at (-2^20, 2^20) and (2^20, -2^20): faces 2^21 sqrt2 - 2^21 apart",
        obb(v2(-fixed_collide::DOMAIN, fixed_collide::DOMAIN), big, r45),
        obb(v2(fixed_collide::DOMAIN, -fixed_collide::DOMAIN), big, r45),
    );
    snapshot("obb_overlap_2d", t.0);
}

#[test]
fn obb_overlap_3d_edge_cases() {
    let id = Rot3::identity();
    let one = i3(1, 1, 1);
    let o = i3(0, 0, 0);
    let z = i3(0, 0, 1);
    let y = i3(0, 1, 0);
    let x = i3(1, 0, 0);
    let about = |axis: Vector<3>, a: Fx| Rot3::try_from_axis_angle(axis, a).unwrap();
    let mut t = OverlapTable(String::new());
    t.row(
        "touching faces at x = 1",
        obb(o, one, id),
        obb(i3(2, 0, 0), one, id),
    );
    t.row(
        "faces 1 ulp apart",
        obb(o, one, id),
        obb(v3(n("2.0") + ULP, Fx::ZERO, Fx::ZERO), one, id),
    );
    t.row(
        "touching edges along z",
        obb(o, one, id),
        obb(i3(2, 2, 0), one, id),
    );
    t.row(
        "edges 1 ulp apart along y",
        obb(o, one, id),
        obb(v3(n("2.0"), n("2.0") + ULP, Fx::ZERO), one, id),
    );
    t.row(
        "touching corners",
        obb(o, one, id),
        obb(i3(2, 2, 2), one, id),
    );
    t.row(
        "corners 1 ulp apart along z",
        obb(o, one, id),
        obb(v3(n("2.0"), n("2.0"), n("2.0") + ULP), one, id),
    );
    // Edge against edge: a turned 45 degrees about z (an edge along z at
    // x = sqrt2), b turned 45 degrees about y (an edge along y at
    // x = d - sqrt2). Only the edge-pair axis z x y separates.
    let az = about(z, Fx::FRAC_PI_4);
    let by = about(y, Fx::FRAC_PI_4);
    for (label, d) in [
        (
            "crossed edges, 45 deg about z vs 45 deg about y, d = 2.8284 < 2 sqrt2: edges cross",
            "2.8284",
        ),
        (
            "crossed edges, d = 2.8285 > 2 sqrt2: only the edge-pair axis separates",
            "2.8285",
        ),
    ] {
        t.row(
            label,
            obb(o, one, az),
            obb(v3(n(d), Fx::ZERO, Fx::ZERO), one, by),
        );
    }
    let q = Rot3::try_from_quat([1, 2, 3, 4].map(Fx::from_num)).unwrap();
    let a0 = q.axes()[0];
    t.row(
        "shared rotation (quat 1,2,3,4), b at c + 2 A0: touching faces (parallel edges)",
        obb(o, one, q),
        obb(Vector(a0.0.map(|c| c * 2)), one, q),
    );
    t.row(
        "the same, b moved by +1 ulp along x (A0.x < 0: closer)",
        obb(o, one, q),
        obb(
            Vector([a0.0[0] * 2 + ULP, a0.0[1] * 2, a0.0[2] * 2]),
            one,
            q,
        ),
    );
    t.row(
        "the same, b moved by -1 ulp along x (farther: exactly separated)",
        obb(o, one, q),
        obb(
            Vector([a0.0[0] * 2 - ULP, a0.0[1] * 2, a0.0[2] * 2]),
            one,
            q,
        ),
    );
    let quarter_x = Rot3::try_from_axes([x, i3(0, 0, 1), i3(0, -1, 0)]).unwrap();
    t.row(
        "quarter turn about x (every edge parallel), half (1,2,3): A1 = z carries 2, z in [1, 5], touching",
        obb(o, one, id),
        obb(i3(0, 0, 3), i3(1, 2, 3), quarter_x),
    );
    t.row(
        "quarter turn about x, 1 ulp apart",
        obb(o, one, id),
        obb(
            v3(Fx::ZERO, Fx::ZERO, n("3.0") + ULP),
            i3(1, 2, 3),
            quarter_x,
        ),
    );
    t.row(
        "point (zero size) on a corner",
        obb(o, one, id),
        obb(i3(1, 1, 1), o, id),
    );
    t.row(
        "point 1 ulp off a corner",
        obb(o, one, id),
        obb(v3(n("1.0"), n("1.0"), n("1.0") + ULP), o, id),
    );
    t.row(
        "segment along z piercing a face of a rotated box",
        obb(o, one, about(i3(1, 1, 1), n("0.5"))),
        obb(o, i3(0, 0, 5), id),
    );
    t.row(
        "flat square (h_z = 0) lying on the top face",
        obb(o, one, id),
        obb(i3(1, 1, 1), i3(1, 1, 0), about(z, n("0.3"))),
    );
    t.row(
        "flat square 1 ulp above the top face",
        obb(o, one, id),
        obb(
            v3(n("1.0"), n("1.0"), n("1.0") + ULP),
            i3(1, 1, 0),
            about(z, n("0.3")),
        ),
    );
    let big = Vector([fixed_collide::DOMAIN; 3]);
    let neg = Vector([-fixed_collide::DOMAIN; 3]);
    t.row(
        "domain limits: half 2^20 at -+2^20, touching corners at the origin",
        obb(neg, big, id),
        obb(big, big, id),
    );
    t.row(
        "domain limits, both rotated (quat 1,2,3,4 and 45 deg about y), centers at -+2^20 (1,1,1)",
        obb(neg, big, q),
        obb(big, big, by),
    );
    t.row(
        "domain limits, both rotated, centers at (-+2^20, 0, 0): x extents 1.53 and 1.41 times 2^20",
        obb(v3(-fixed_collide::DOMAIN, Fx::ZERO, Fx::ZERO), big, q),
        obb(v3(fixed_collide::DOMAIN, Fx::ZERO, Fx::ZERO), big, by),
    );
    snapshot("obb_overlap_3d", t.0);
}
