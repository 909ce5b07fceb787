//! The sphere vs OBB table: each row checked against the exact reference
//! (hit or miss, and the exact closest point floored), for every box.

use super::*;
use fixed_collide::{Ball, Rot2, Rot3, sphere_obb};

struct SphereTable(String);

impl SphereTable {
    fn row<const D: usize>(&mut self, label: &str, b: Obb<D>, ball: Ball<D>) {
        let ours = sphere_obb(&ball, &b);
        let rb = RefBox::of(&b);
        let p = reference::bv(&ball.center());
        let (exact, closest) = reference::ball_hits(&p, ball.radius(), &rb);
        assert_eq!(ours.is_some(), exact, "{label}: hit or miss");
        if let Some(h) = ours {
            for k in 0..D {
                let want = reference::floor_q(&closest.point[k]);
                assert_eq!(reference::bi(h.point.0[k]), want, "{label}: point");
            }
        }
        let answer = match ours {
            Some(h) => format!("hit, point {}", h.point),
            None => "miss".into(),
        };
        writeln!(
            self.0,
            "# {label}\n  box: {}\n  ball: center {} radius {}\n  => {answer}\n",
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
        "30-degree box, circle at 3 A0: 2 |A0| from the face, |A0| just over 1 (a miss: the slab filter passes it on)",
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
        "rotated box (quat 1,2,3,4), sphere at 4 A2: |A2| from the face, just over 1 (a miss: the slab filter passes it on)",
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
