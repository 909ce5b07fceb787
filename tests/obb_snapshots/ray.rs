//! The ray vs OBB table: each row checked against the exact reference (hit
//! or miss, `inside`, `t` and each coordinate of the point the exact values
//! floored, the normal), for every box.

use super::*;
use fixed_collide::{Ray, Rot2, Rot3, ray_obb};
use num_rational::BigRational;

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
        assert_eq!(ours.is_some(), exact.hit, "{label}: hit or miss");
        if let Some(h) = ours {
            let e = exact.t.as_ref().unwrap();
            assert_eq!(h.t.to_bits(), reference::floor_raw(e), "{label}: t");
            assert_eq!(h.inside, exact.inside, "{label}: inside");
            if !h.inside {
                for k in 0..D {
                    let d = BigRational::from_integer(reference::bi(ray.dir().0[k]));
                    let at = reference::bi(ray.origin().0[k]) + reference::floor_q(&(e * d));
                    assert_eq!(reference::bi(h.point.0[k]), at, "{label}: point");
                }
                let (i, plus) = exact.entry_axes[0];
                let a = b.axes()[i];
                let want = if plus { a } else { Vector(a.0.map(|x| -x)) };
                assert_eq!(h.normal, want, "{label}: normal");
            }
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
        "45-degree box, toward its corner (-sqrt2, 0): the exact corner of the axes as given",
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
        "3D: rotated box (quat 1,2,3,4), along -A2 from 5 A2 toward its face center (t = 2 floored)",
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
