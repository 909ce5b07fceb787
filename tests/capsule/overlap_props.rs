//! `overlap` and the per-pair functions against the exact references.

use super::reference::{self as r, Q, Qp};
use super::*;
use fixed_collide::{
    Ball, Capsule, Shape, capsule_aabb_overlap, capsule_obb_overlap, capsule_overlap,
    capsule_sphere_overlap, overlap, sphere_overlap,
};

fn capsule<const D: usize>(s: &Segment<D>, radius: i64) -> Capsule<D> {
    Capsule::try_new(s.a(), s.b(), fx(radius)).unwrap()
}

/// Both argument orders of the generic query give `want`.
fn generic<const D: usize>(a: Shape<D>, b: Shape<D>, want: bool) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_assert_eq!(overlap(&a, &b), want, "overlap({:?}, {:?})", a, b);
    prop_assert_eq!(overlap(&b, &a), want, "overlap({:?}, {:?})", b, a);
    Ok(())
}

fn capsules<const D: usize>(
    (s, t): (Segment<D>, Segment<D>),
    radii: Radii,
) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let d2 = r::segment_segment(&r::v(&s.a()), &r::v(&s.b()), &r::v(&t.a()), &r::v(&t.b()));
    let (ra, rb) = radii.pick(&d2);
    let want = r::within(&d2, &r::qi(ra as i128 + rb as i128));
    let (a, b) = (capsule(&s, ra), capsule(&t, rb));
    prop_assert_eq!(capsule_overlap(&a, &b), want);
    prop_assert_eq!(capsule_overlap(&b, &a), want);
    generic(a.into(), b.into(), want)?;
    if ra == 0 && rb == 0 {
        generic(s.into(), t.into(), want)?;
    }
    Ok(())
}

fn capsule_ball<const D: usize>(
    s: Segment<D>,
    c: [i64; D],
    radii: Radii,
) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let p = r::v(&vector(c));
    let d2 = r::point_segment(&p, &r::v(&s.a()), &r::v(&s.b()));
    let (ra, rb) = radii.pick(&d2);
    let want = r::within(&d2, &r::qi(ra as i128 + rb as i128));
    let (a, ball) = (capsule(&s, ra), Ball::try_new(vector(c), fx(rb)).unwrap());
    prop_assert_eq!(capsule_sphere_overlap(&a, &ball), want);
    generic(a.into(), ball.into(), want)?;
    // The same ball as a capsule with a = b.
    prop_assert_eq!(capsule_overlap(&a, &Capsule::from(ball)), want);
    // Ball against ball: the capsule's end a as a ball.
    let end = Ball::try_new(s.a(), fx(ra)).unwrap();
    let d2 = {
        let g = r::sub(&r::v(&s.a()), &p);
        r::dot(&g, &g)
    };
    let want = r::within(&d2, &r::qi(ra as i128 + rb as i128));
    prop_assert_eq!(sphere_overlap(&end, &ball), want);
    generic(end.into(), ball.into(), want)
}

fn capsule_box<const D: usize>(s: Segment<D>, b: Aabb<D>, radii: Radii) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let d2 = r::segment_box(
        &r::v(&s.a()),
        &r::v(&s.b()),
        &r::v(&b.min()),
        &r::v(&b.max()),
    );
    let (ra, rb) = radii.pick(&d2);
    let radius = (ra + rb).min(DOM);
    let want = r::within(&d2, &r::qi(radius as i128));
    let c = capsule(&s, radius);
    prop_assert_eq!(capsule_aabb_overlap(&c, &b), want);
    generic(c.into(), b.into(), want)?;
    if radius == 0 {
        generic(s.into(), b.into(), want)?;
    }
    // The end a as a ball against the box, its radius picked alike.
    let a = r::v(&s.a());
    let d2 = r::segment_box(&a, &a, &r::v(&b.min()), &r::v(&b.max()));
    let (ra, rb) = radii.pick(&d2);
    let radius = (ra + rb).min(DOM);
    let want = r::within(&d2, &r::qi(radius as i128));
    generic(
        Ball::try_new(s.a(), fx(radius)).unwrap().into(),
        b.into(),
        want,
    )
}

fn capsule_oriented<const D: usize>(
    s: Segment<D>,
    b: Obb<D>,
    radii: Radii,
) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let mut qp = Qp::new(D);
    qp.segment(&r::v(&s.a()), &r::v(&s.b()), 1);
    qp.obb(&b, -1);
    let d2: Q = qp.min();
    let (ra, rb) = radii.pick(&d2);
    let radius = (ra + rb).min(DOM);
    let want = r::within(&d2, &r::qi(radius as i128));
    let c = capsule(&s, radius);
    prop_assert_eq!(capsule_obb_overlap(&c, &b), want);
    generic(c.into(), b.into(), want)?;
    // The end a as a ball against the box.
    let mut qp = Qp::new(D);
    qp.point(&r::v(&s.a()), 1);
    qp.obb(&b, -1);
    let d2 = qp.min();
    let want = r::within(&d2, &r::qi(radius as i128));
    generic(
        Ball::try_new(s.a(), fx(radius)).unwrap().into(),
        b.into(),
        want,
    )
}

/// Axis-aligned against oriented box: the exact separating-axis reference
/// with every coordinate doubled (so the box's center is an integer).
fn boxes<const D: usize>(a: Aabb<D>, b: Obb<D>) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    use num_bigint::BigInt;
    let two = |x: Fx| BigInt::from(x.to_bits()) * 2;
    let ra = obb_reference::RefBox {
        c: (0..D)
            .map(|k| BigInt::from(a.min().0[k].to_bits()) + BigInt::from(a.max().0[k].to_bits()))
            .collect(),
        h: (0..D)
            .map(|k| BigInt::from(a.max().0[k].to_bits()) - BigInt::from(a.min().0[k].to_bits()))
            .collect(),
        axes: (0..D)
            .map(|k| {
                (0..D)
                    .map(|j| BigInt::from(if j == k { ONE } else { 0 }))
                    .collect()
            })
            .collect(),
    };
    let rb = obb_reference::RefBox {
        c: b.center().0.iter().map(|x| two(*x)).collect(),
        h: b.half().0.iter().map(|x| two(*x)).collect(),
        axes: b.axes().iter().map(obb_reference::bv).collect(),
    };
    let want = obb_reference::sat_overlap(&ra, &rb);
    generic(a.into(), b.into(), want)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn capsule_capsule_2d_matches_reference(p in segment_pair::<2>(), radii in radii()) {
        capsules(p, radii)?;
    }

    #[test]
    fn capsule_capsule_3d_matches_reference(p in segment_pair::<3>(), radii in radii()) {
        capsules(p, radii)?;
    }

    #[test]
    fn capsule_sphere_2d_matches_reference(s in segment::<2>(), c in coords::<2>(), radii in radii()) {
        capsule_ball(s, c, radii)?;
    }

    #[test]
    fn capsule_sphere_3d_matches_reference(s in segment::<3>(), c in coords::<3>(), radii in radii()) {
        capsule_ball(s, c, radii)?;
    }

    #[test]
    fn capsule_aabb_2d_matches_reference(s in segment::<2>(), b in aabb::<2>(), radii in radii()) {
        capsule_box(s, b, radii)?;
    }

    #[test]
    fn capsule_aabb_3d_matches_reference(s in segment::<3>(), b in aabb::<3>(), radii in radii()) {
        capsule_box(s, b, radii)?;
    }

    #[test]
    fn capsule_obb_2d_matches_reference(s in segment::<2>(), b in obb::<2>(rot2()), radii in radii()) {
        capsule_oriented(s, b, radii)?;
    }

    #[test]
    fn capsule_obb_3d_matches_reference(s in segment::<3>(), b in obb::<3>(rot3()), radii in radii()) {
        capsule_oriented(s, b, radii)?;
    }

    #[test]
    fn aabb_obb_2d_matches_reference(a in aabb::<2>(), b in obb::<2>(rot2())) {
        boxes(a, b)?;
    }

    #[test]
    fn aabb_obb_3d_matches_reference(a in aabb::<3>(), b in obb::<3>(rot3())) {
        boxes(a, b)?;
    }
}

/// The library's overlap needs little stack: a thread with 64 KiB runs
/// every pair of a stream of shapes.
#[test]
fn overlap_runs_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(64 << 10)
        .spawn(|| {
            let mut rng = common::rng::Rng::new(7);
            let mut pt = || vector::<3>(std::array::from_fn(|_| rng.range_i64(-DOM, DOM)));
            for _ in 0..200 {
                let (a, b, c, d) = (pt(), pt(), pt(), pt());
                let s = Capsule::try_new(a, b, fx(ONE)).unwrap();
                let t = Capsule::try_new(c, d, fx(DOM)).unwrap();
                let o = Obb::try_new(
                    c,
                    vector([ONE, 2 * ONE, DOM]),
                    Rot3::try_from_quat([fx(ONE), fx(ONE), fx(3), fx(0)]).unwrap(),
                )
                .unwrap();
                let x = Aabb::try_new(vector([-DOM; 3]), vector([1; 3])).unwrap();
                let shapes: [Shape<3>; 4] = [s.into(), t.into(), o.into(), x.into()];
                for p in &shapes {
                    for q in &shapes {
                        std::hint::black_box(overlap(p, q));
                    }
                }
            }
        })
        .unwrap();
    handle.join().unwrap();
}
