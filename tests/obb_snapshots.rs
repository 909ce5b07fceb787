//! Edge-case tables of the oriented-box queries, as insta snapshots in
//! `snapshots/`. Every row is also checked against the exact reference of
//! `obb_reference` while the table is built, so a row that contradicts the
//! semantics fails the test instead of being recorded.

mod obb_reference;

use fixed_collide::{
    Ball, Const, Dim, Fx, Obb, Ray, Rot, Rot2, Rot3, Vector, obb_overlap, ray_obb, sphere_obb,
};
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

// ---------------------------------------------------------------- overlap

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

// ----------------------------------------------------------------- sphere

struct SphereTable(String);

impl SphereTable {
    fn row<const D: usize>(&mut self, label: &str, b: Obb<D>, ball: Ball<D>) {
        let ours = sphere_obb(&ball, &b);
        let rb = RefBox::of(&b);
        let p = reference::bv(&ball.center());
        let (exact, _) = reference::ball_hits(&p, ball.radius(), &rb);
        if exact {
            assert!(ours.is_some(), "{label}: false miss");
        }
        if ours.is_some() && !exact {
            let (grown, _) =
                reference::ball_hits(&p, ball.radius(), &rb.grown(b.band(ball.radius())));
            assert!(grown, "{label}: hit outside the band");
        }
        if b.axis_error() == Fx::ZERO {
            assert_eq!(ours.is_some(), exact, "{label}: exact axes");
        }
        let answer = match ours {
            Some(h) => format!("hit, point {}", h.point),
            None => "miss".into(),
        };
        let note = if ours.is_some() == exact {
            ""
        } else {
            " (exact: miss; within the band)"
        };
        writeln!(
            self.0,
            "# {label}\n  box: {}\n  ball: center {} radius {}\n  => {answer}{note}\n",
            obb_text(&b),
            ball.center(),
            ball.radius()
        )
        .unwrap();
    }
}

#[test]
fn sphere_obb_edge_cases() {
    let id2 = Rot2::identity();
    let q2 = Rot2::from_angle(Fx::FRAC_PI_2);
    let r30 = Rot2::from_angle(Fx::FRAC_PI_6);
    let mut t = SphereTable(String::new());
    let sq = obb(i2(0, 0), i2(1, 1), id2);
    t.row(
        "circle touching the face x = 1",
        sq,
        Ball::try_new(i2(4, 0), n("3.0")).unwrap(),
    );
    t.row(
        "circle 1 ulp short of the face",
        sq,
        Ball::try_new(i2(4, 0), n("3.0") - ULP).unwrap(),
    );
    t.row(
        "circle touching the corner (1, 1) from (4, 5): 3-4-5",
        sq,
        Ball::try_new(i2(4, 5), n("5.0")).unwrap(),
    );
    t.row(
        "circle 1 ulp short of the corner",
        sq,
        Ball::try_new(i2(4, 5), n("5.0") - ULP).unwrap(),
    );
    t.row(
        "center inside: the point is the center",
        sq,
        Ball::try_new(v2(n("0.25"), n("-0.5")), Fx::ZERO).unwrap(),
    );
    t.row(
        "zero radius on the face",
        sq,
        Ball::try_new(i2(1, 0), Fx::ZERO).unwrap(),
    );
    t.row(
        "zero radius 1 ulp outside",
        sq,
        Ball::try_new(v2(n("1.0") + ULP, Fx::ZERO), Fx::ZERO).unwrap(),
    );
    t.row(
        "zero-size box (a point) touched",
        obb(i2(2, 3), i2(0, 0), q2),
        Ball::try_new(i2(5, 7), n("5.0")).unwrap(),
    );
    t.row(
        "quarter-turned box [-2,2]x[-1,1] (half (1,2)), touching its face y = 1",
        obb(i2(0, 0), i2(1, 2), q2),
        Ball::try_new(v2(n("1.5"), n("3.0")), n("2.0")).unwrap(),
    );
    t.row(
        "30-degree box, circle at 3 A0: 2 |A0| from the face, |A0| just over 1 (only the band hits)",
        obb(i2(0, 0), i2(1, 1), r30),
        Ball::try_new(
            Vector(r30.axes()[0].0.map(|c| c * 3)),
            n("2.0"),
        )
        .unwrap(),
    );
    t.row(
        "30-degree box, the same circle 2^-20 smaller",
        obb(i2(0, 0), i2(1, 1), r30),
        Ball::try_new(
            Vector(r30.axes()[0].0.map(|c| c * 3)),
            n("2.0") - Fx::from_bits(1 << 12),
        )
        .unwrap(),
    );
    let dom = fixed_collide::DOMAIN;
    t.row(
        "domain limits: box half 2^20 at 2^20, ball radius 2^20 at -2^20 touching the face x = 0",
        obb(v2(dom, Fx::ZERO), v2(dom, dom), id2),
        Ball::try_new(v2(-dom, Fx::ZERO), dom).unwrap(),
    );

    let id3 = Rot3::identity();
    let cube = obb(i3(0, 0, 0), i3(1, 1, 1), id3);
    t.row(
        "sphere touching the edge x = y = 1 from (4, 5, 0): 3-4-5",
        cube,
        Ball::try_new(i3(4, 5, 0), n("5.0")).unwrap(),
    );
    t.row(
        "sphere touching the corner (1,1,1) from (3, 4, 7): 2-3-6-7",
        cube,
        Ball::try_new(i3(3, 4, 7), n("7.0")).unwrap(),
    );
    t.row(
        "the same, 1 ulp short",
        cube,
        Ball::try_new(i3(3, 4, 7), n("7.0") - ULP).unwrap(),
    );
    let q = Rot3::try_from_quat([1, 2, 3, 4].map(Fx::from_num)).unwrap();
    t.row(
        "rotated box (quat 1,2,3,4), sphere at 4 A2: |A2| from the face, just over 1 (only the band hits)",
        obb(i3(0, 0, 0), i3(1, 2, 3), q),
        Ball::try_new(Vector(q.axes()[2].0.map(|c| c * 4)), n("1.0")).unwrap(),
    );
    t.row(
        "flat box (h_z = 0), zero radius sphere on it",
        obb(i3(0, 0, 0), i3(2, 2, 0), id3),
        Ball::try_new(i3(1, -2, 0), Fx::ZERO).unwrap(),
    );
    snapshot("sphere_obb", t.0);
}

// -------------------------------------------------------------------- ray

struct RayTable(String);

impl RayTable {
    fn row<const D: usize>(&mut self, label: &str, b: Obb<D>, ray: Ray<D>) {
        let ours = ray_obb(&ray, &b);
        let exact = reference::ray(
            &reference::bv(&ray.origin()),
            &reference::bv(&ray.dir()),
            ray.max_t(),
            &RefBox::of(&b),
        );
        if exact.hit {
            let h = ours.unwrap_or_else(|| panic!("{label}: false miss"));
            let t = reference::floor_raw(exact.t.as_ref().unwrap());
            assert!(h.t.to_bits() <= t, "{label}: late");
            if b.axis_error() == Fx::ZERO {
                assert_eq!(h.t.to_bits(), t, "{label}: exact axes");
                assert_eq!(h.inside, exact.inside, "{label}: exact axes");
            }
        } else if b.axis_error() == Fx::ZERO {
            assert!(ours.is_none(), "{label}: exact axes");
        }
        let answer = match ours {
            Some(h) if h.inside => "inside: t 0, point = origin, normal 0".to_string(),
            Some(h) => format!("hit: t {} point {} normal {}", h.t, h.point, h.normal),
            None => "miss".into(),
        };
        let max_t = if ray.max_t() == Fx::MAX {
            "unbounded".to_string()
        } else {
            ray.max_t().to_string()
        };
        writeln!(
            self.0,
            "# {label}\n  box: {}\n  ray: origin {} dir {} max_t {max_t}\n  => {answer}\n",
            obb_text(&b),
            ray.origin(),
            ray.dir()
        )
        .unwrap();
    }
}

#[test]
fn ray_obb_edge_cases() {
    let id2 = Rot2::identity();
    let q2 = Rot2::from_angle(Fx::FRAC_PI_2);
    let r45 = Rot2::from_angle(Fx::FRAC_PI_4);
    let sq = obb(i2(0, 0), i2(1, 1), id2);
    let ray2 = |o: Vector<2>, d: Vector<2>| Ray::try_unbounded(o, d).unwrap();
    let mut t = RayTable(String::new());
    t.row("straight at the face x = -1", sq, ray2(i2(-3, 0), i2(1, 0)));
    t.row(
        "hit exactly at max_t = 2 counts",
        sq,
        Ray::try_new(i2(-3, 0), i2(1, 0), n("2.0")).unwrap(),
    );
    t.row(
        "max_t = 2 - 1 ulp: miss",
        sq,
        Ray::try_new(i2(-3, 0), i2(1, 0), n("2.0") - ULP).unwrap(),
    );
    t.row(
        "origin on the face, pointing in",
        sq,
        ray2(i2(-1, 0), i2(1, 0)),
    );
    t.row(
        "origin on the face, pointing out (closed box)",
        sq,
        ray2(i2(-1, 0), i2(-1, 0)),
    );
    t.row(
        "along the face y = 1 (grazing)",
        sq,
        ray2(i2(-3, 1), i2(1, 0)),
    );
    t.row(
        "along the face y = 1 + 1 ulp",
        sq,
        ray2(v2(n("-3.0"), n("1.0") + ULP), i2(1, 0)),
    );
    t.row(
        "through the corner (-1, -1): tie, first axis of the box (A0 = x)",
        sq,
        ray2(i2(-3, -3), i2(1, 1)),
    );
    t.row(
        "through the corner, box quarter-turned (A0 = (0,1)): tie -> normal -A0",
        obb(i2(0, 0), i2(1, 1), q2),
        ray2(i2(-3, -3), i2(1, 1)),
    );
    t.row(
        "touching only the corner (1, -1), from below",
        sq,
        ray2(i2(0, -2), i2(1, 1)),
    );
    t.row("pointing away", sq, ray2(i2(-3, 0), i2(-1, 0)));
    t.row(
        "45-degree box, toward its corner (-sqrt2, 0): the slab box is entered up to band(0) early",
        obb(i2(0, 0), i2(1, 1), r45),
        ray2(i2(-4, 0), i2(1, 0)),
    );
    t.row(
        "tiny direction (1 ulp): entry time 2^33 is beyond Fx::MAX",
        sq,
        ray2(i2(-3, 0), v2(ULP, Fx::ZERO)),
    );
    t.row(
        "tiny direction (1 ulp), 2^-10 away: t = 2^22",
        sq,
        ray2(v2(n("-1.0009765625"), Fx::ZERO), v2(ULP, Fx::ZERO)),
    );
    let dom = fixed_collide::DOMAIN;
    t.row(
        "domain limits: from -2^20 with dir 2^20 to a box of half 2^20 at 2^20",
        obb(v2(dom, dom), v2(dom, dom), id2),
        ray2(v2(-dom, Fx::ZERO), v2(dom, Fx::ZERO)),
    );

    let id3 = Rot3::identity();
    let cube = obb(i3(0, 0, 0), i3(1, 1, 1), id3);
    let ray3 = |o: Vector<3>, d: Vector<3>| Ray::try_unbounded(o, d).unwrap();
    t.row(
        "3D: through the edge x = y = -1",
        cube,
        ray3(i3(-3, -3, 0), i3(1, 1, 0)),
    );
    t.row(
        "3D: through the corner (-1,-1,-1)",
        cube,
        ray3(i3(-3, -3, -3), i3(1, 1, 1)),
    );
    t.row(
        "3D: toward the corner, dir z 1 ulp larger: z enters first, x and y tie last -> -x",
        cube,
        ray3(i3(-3, -3, -3), v3(n("1.0"), n("1.0"), n("1.0") + ULP)),
    );
    t.row(
        "3D: along the face z = 1",
        cube,
        ray3(i3(-3, 0, 1), i3(1, 0, 0)),
    );
    t.row(
        "3D: along the edge y = z = 1",
        cube,
        ray3(i3(-3, 1, 1), i3(1, 0, 0)),
    );
    t.row(
        "3D: origin on an edge, pointing out",
        cube,
        ray3(i3(1, 1, 0), i3(1, 1, 0)),
    );
    let q = Rot3::try_from_quat([1, 2, 3, 4].map(Fx::from_num)).unwrap();
    t.row(
        "3D: rotated box (quat 1,2,3,4), along -A2 from 5 A2 toward its face center (t <= 2, within band)",
        obb(i3(0, 0, 0), i3(1, 2, 3), q),
        ray3(Vector(q.axes()[2].0.map(|c| c * 5)), Vector(q.axes()[2].0.map(|c| -c))),
    );
    t.row(
        "3D: rotated box, ray along A0 on its face s_2 = +3 (grazing)",
        obb(i3(0, 0, 0), i3(1, 2, 3), q),
        ray3(
            Vector(std::array::from_fn(|k| {
                q.axes()[2].0[k] * 3 - q.axes()[0].0[k] * 4
            })),
            q.axes()[0],
        ),
    );
    snapshot("ray_obb", t.0);
}
