//! Every constructor on any values (never a panic: an error or a shape),
//! then every query on the shapes, compared with the exact references of
//! the test suite (integers and rationals, written independently of the
//! library): hit/miss exactly, rounded outputs as documented.
#![no_main]

use fixed_collide::{
    Aabb, Ball, Obb, Ray, Rot, Vector, aabb_contact, aabb_intersection, aabb_overlap,
    aabb_overlap_open, aabb_sweep, aabb_sweep_pair, obb_overlap, ray_aabb, ray_obb, sphere_aabb,
    sphere_obb,
};
use fuzz_input::Input;
use libfuzzer_sys::fuzz_target;
use num_bigint::BigInt;
use num_rational::BigRational;

#[path = "../../tests/aabb_reference/mod.rs"]
mod exact;
#[path = "../../tests/obb_reference/mod.rs"]
mod exact_obb;

use exact::{RBox, raw, rvec, unit};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    if input.byte() % 2 == 0 {
        boxes::<2>(&mut input);
        oriented_2d(&mut input);
    } else {
        boxes::<3>(&mut input);
        oriented_3d(&mut input);
    }
});

fn aabb<const D: usize>(input: &mut Input) -> Option<Aabb<D>> {
    if input.byte() % 16 == 0 {
        // Any corners: the constructor decides.
        return Aabb::try_new(input.vector(), input.vector()).ok();
    }
    Aabb::try_from_center_half(input.vector(), input.sizes()).ok()
}

fn boxes<const D: usize>(input: &mut Input) {
    let (Some(a), Some(b)) = (aabb::<D>(input), aabb::<D>(input)) else {
        return;
    };
    let (ra, rb) = (RBox::of(&a), RBox::of(&b));
    assert_eq!(
        aabb_overlap(&a, &b),
        exact::overlap_closed(&ra, &rb),
        "{a:?} {b:?}"
    );
    assert_eq!(
        aabb_overlap_open(&a, &b),
        exact::overlap_open(&ra, &rb),
        "{a:?} {b:?}"
    );
    let inter = aabb_intersection(&a, &b).map(|i| RBox::of(&i));
    assert_eq!(inter, exact::intersection(&ra, &rb), "{a:?} {b:?}");
    match (aabb_contact(&a, &b), exact::contact(&ra, &rb)) {
        (None, None) => {}
        (Some(g), Some(w)) => {
            assert_eq!(g.normal, unit::<D>(w.axis, w.positive), "{a:?} {b:?}");
            assert_eq!(raw(g.depth), w.depth, "{a:?} {b:?}");
            assert_eq!(rvec(&g.point), w.point, "{a:?} {b:?}");
        }
        (g, w) => panic!("contact {g:?}, exact {w:?}: {a:?} {b:?}"),
    }
    // The sweep of b (moving) against a (stationary).
    let d: Vector<D> = input.vector();
    match (aabb_sweep(&a, &b, d), exact::sweep(&ra, &rb, &rvec(&d))) {
        (None, None) => {}
        (Some(g), Some(w)) => {
            assert_eq!(g.overlapping, w.overlapping, "{a:?} {b:?} {d:?}");
            assert_eq!(g.t_enter, w.enter.floor_fx(), "{a:?} {b:?} {d:?}");
            assert_eq!(g.t_exit, w.exit.ceil_fx(), "{a:?} {b:?} {d:?}");
            let normal = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
            assert_eq!(g.normal, normal, "{a:?} {b:?} {d:?}");
        }
        (g, w) => panic!("sweep {g:?}, exact {w:?}: {a:?} {b:?} {d:?}"),
    }
    let vb: Vector<D> = input.vector();
    let pair = aabb_sweep_pair(&a, d, &b, vb).map(|i| (i.u0, i.u1));
    let want = exact::sweep_pair(&ra, &rvec(&d), &rb, &rvec(&vb))
        .map(|(u0, u1)| (u0.floor_fx(), u1.ceil_fx()));
    assert_eq!(pair, want, "{a:?} {d:?} {b:?} {vb:?}");
    // A ray and a ball against a.
    let (o, dir, max_t) = (input.vector::<D>(), input.vector::<D>(), input.size());
    if let Ok(ray) = Ray::try_new(o, dir, max_t) {
        let got = ray_aabb(&ray, &a).map(|h| (h.t, h.inside, h.normal));
        let want = exact::ray(&rvec(&o), &rvec(&dir), max_t, &ra).map(|w| {
            let normal = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
            (w.t.floor_fx(), w.inside, normal)
        });
        assert_eq!(got, want, "{ray:?} {a:?}");
    }
    let (c, r) = (input.vector::<D>(), input.size());
    if let Ok(ball) = Ball::try_new(c, r) {
        let got = sphere_aabb(&ball, &a).map(|h| rvec(&h.point));
        assert_eq!(got, exact::sphere(&rvec(&c), raw(r), &ra), "{ball:?} {a:?}");
    }
}

/// Oriented boxes, each the parallelepiped of its axes as given: the SAT
/// answer, the ray (hit or miss, `inside`, `t`, the normal of the face
/// entered last, the point) and the ball (hit or miss, the closest point)
/// exactly as the references.
fn oriented<const D: usize>(input: &mut Input, ra: Rot<D>, rb: Rot<D>)
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let a = Obb::try_new(input.vector(), input.sizes(), ra);
    let b = Obb::try_new(input.vector(), input.sizes(), rb);
    let (Ok(a), Ok(b)) = (a, b) else {
        return;
    };
    let (ea, eb) = (exact_obb::RefBox::of(&a), exact_obb::RefBox::of(&b));
    assert_eq!(
        obb_overlap(&a, &b),
        exact_obb::sat_overlap(&ea, &eb),
        "{a:?} {b:?}"
    );
    if let Ok(ray) = Ray::try_new(input.vector(), input.vector(), input.size()) {
        oriented_ray(&ray, &a, &ea);
    }
    if let Ok(ball) = Ball::try_new(input.vector(), input.size()) {
        let got = sphere_obb(&ball, &a);
        let (hit, closest) =
            exact_obb::ball_hits(&exact_obb::bv(&ball.center()), ball.radius(), &ea);
        assert_eq!(got.is_some(), hit, "{ball:?} {a:?}");
        if let Some(h) = got {
            let want: Vec<BigInt> = closest.point.iter().map(exact_obb::floor_q).collect();
            let point: Vec<BigInt> = h
                .point
                .0
                .iter()
                .map(|x| BigInt::from(x.to_bits()))
                .collect();
            assert_eq!(point, want, "point: {ball:?} {a:?}");
        }
    }
}

fn oriented_ray<const D: usize>(ray: &Ray<D>, a: &Obb<D>, ea: &exact_obb::RefBox) {
    let (o, dir) = (exact_obb::bv(&ray.origin()), exact_obb::bv(&ray.dir()));
    let want = exact_obb::ray(&o, &dir, ray.max_t(), ea);
    let got = ray_obb(ray, a);
    assert_eq!(got.is_some(), want.hit, "{want:?} {ray:?} {a:?}");
    let (Some(h), Some(t)) = (got, want.t.as_ref()) else {
        return;
    };
    assert_eq!(h.inside, want.inside, "{ray:?} {a:?}");
    assert_eq!(h.t.to_bits(), exact_obb::floor_raw(t), "{ray:?} {a:?}");
    if h.inside {
        return;
    }
    // The face entered last (the first listed on a tie), and the exact
    // entry point o + t dir, each coordinate floored.
    let (i, plus) = want.entry_axes[0];
    let axis = a.axes()[i];
    let normal = if plus {
        axis
    } else {
        Vector(axis.0.map(|x| -x))
    };
    assert_eq!(h.normal, normal, "{ray:?} {a:?}");
    for k in 0..D {
        let at = t * BigRational::from_integer(dir[k].clone());
        let want = &o[k] + exact_obb::floor_q(&at);
        assert_eq!(
            BigInt::from(h.point.0[k].to_bits()),
            want,
            "coordinate {k}: {ray:?} {a:?}"
        );
    }
}

fn oriented_2d(input: &mut Input) {
    let (ra, rb) = (input.rot2(), input.rot2());
    oriented(input, ra, rb);
}

fn oriented_3d(input: &mut Input) {
    let (Some(ra), Some(rb)) = (input.rot3(), input.rot3()) else {
        return;
    };
    oriented(input, ra, rb);
}
