//! Ray vs OBB against the exact reference: hit or miss, `inside`, `t` (the
//! exact entry time floored), the point (the exact entry point, each
//! coordinate floored) and the normal all exact, with no tolerance band;
//! the same answer as `ray_aabb` for orthonormal axes; translation
//! invariance.

use super::*;
use fixed_collide::{Ray, ray_aabb, ray_obb};
use num_bigint::BigInt;

/// A ray: the origin anywhere, on the surface (a face, edge or corner) or
/// inside; the direction arbitrary, along an axis of the box (along a
/// face), toward a corner, edge or face center, along a world axis, tiny or
/// at the domain limit; `max_t` unbounded, small, zero or arbitrary.
fn ray_for<const D: usize>(b: Obb<D>) -> impl Strategy<Value = (Obb<D>, Ray<D>)> {
    let origin = prop_oneof![
        1 => coords::<D>(),
        2 => (0..D, any::<bool>(), proptest::array::uniform(-8i64..=8)).prop_map(move |(i, pos, mut e)| {
            e[i] = if pos { 8 } else { -8 };
            box_point(&b, e, [0; D])
        }),
        1 => proptest::array::uniform(prop_oneof![Just(-8i64), Just(8i64)])
            .prop_map(move |e| box_point(&b, e, [0; D])),
        // Around the box, up to three half-sizes and 4 units from its center.
        4 => (proptest::array::uniform(-24i64..=24), proptest::array::uniform(-(1i64 << 34)..=(1i64 << 34)))
            .prop_map(move |(e, x)| box_point(&b, e, x)),
    ];
    // (direction or target point, whether it is a target: dir = target -
    // origin).
    let dir = prop_oneof![
        2 => proptest::array::uniform(-4i64..=4).prop_map(|d| (d.map(|v| v * ONE), false)),
        1 => proptest::array::uniform(-(1i64 << 36)..=(1i64 << 36)).prop_map(|d| (d, false)),
        // Along the box's axis j, scaled by 2^sh (exact): along its faces.
        2 => (0..D, any::<bool>(), 0u32..=20).prop_map(move |(j, pos, sh)| {
            let a = b.axes()[j].0.map(|x| {
                let v = (x.to_bits() as i128) << sh;
                clamp_dom(if pos { v } else { -v })
            });
            (a, false)
        }),
        // Toward a corner, an edge's middle, a face's center, the center.
        4 => proptest::array::uniform(prop_oneof![Just(-8i64), Just(0i64), Just(8i64)])
            .prop_map(move |e| (box_point(&b, e, [0; D]), true)),
        // Toward a point just outside a face, edge or corner, by up to two
        // tolerance bands.
        3 => (proptest::array::uniform(prop_oneof![Just(-1i64), Just(0i64), Just(1i64)]), 0i64..=1000)
            .prop_map(move |(e, permille)| {
                let out = b.band(Fx::ZERO).to_bits() * permille / 500;
                (box_point(&b, e.map(|v| 8 * v), e.map(|v| v * out)), true)
            }),
        // Along a world axis, tiny, unit or at the domain limit.
        1 => (0..D, any::<bool>(), prop_oneof![Just(1i64), Just(ONE), Just(DOM)]).prop_map(|(k, pos, m)| {
            let mut d = [0i64; D];
            d[k] = if pos { m } else { -m };
            (d, false)
        }),
        1 => proptest::array::uniform(prop_oneof![-4i64..=4, Just(DOM), Just(-DOM)]).prop_map(|d| (d, false)),
    ];
    // max_t: `None` = the floor of the exact entry time + 0 or -1 ulp (a
    // hit exactly at max_t, or just missing it).
    let max_t = prop_oneof![
        3 => Just(Some(Fx::MAX)),
        1 => Just(Some(Fx::ZERO)),
        1 => (0i64..=16).prop_map(|v| Some(fx(v * ONE))),
        1 => (0i64..=i64::MAX).prop_map(|v| Some(fx(v))),
        2 => Just(None),
    ];
    let back = prop_oneof![Just(0i64), Just(1i64)];
    (origin, dir, max_t, back).prop_map(move |(o, (d, toward), m, back)| {
        let mut dv: [i64; D] = if toward {
            std::array::from_fn(|k| clamp_dom(d[k] as i128 - o[k] as i128))
        } else {
            d
        };
        if dv.iter().all(|x| *x == 0) {
            dv[0] = ONE;
        }
        let m = m.unwrap_or_else(|| {
            let exact = reference::ray(
                &reference::bv(&vector(o)),
                &reference::bv(&vector(dv)),
                Fx::MAX,
                &RefBox::of(&b),
            );
            exact
                .t
                .map_or(Fx::ONE, |t| fx((reference::floor_raw(&t) - back).max(0)))
        });
        (b, Ray::try_new(vector(o), vector(dv), m).unwrap())
    })
}

fn ref_ray<const D: usize>(ray: &Ray<D>, bx: &RefBox) -> reference::RefRay {
    reference::ray(
        &reference::bv(&ray.origin()),
        &reference::bv(&ray.dir()),
        ray.max_t(),
        bx,
    )
}

fn check_ray_exact<const D: usize>(b: &Obb<D>, ray: &Ray<D>) -> Result<(), TestCaseError> {
    let ours = ray_obb(ray, b);
    let exact = ref_ray(ray, &RefBox::of(b));
    prop_assert_eq!(
        ours.is_some(),
        exact.hit,
        "exact {:?}\nbox = {:?}\nray = {:?}",
        exact,
        b,
        ray
    );
    let Some(h) = ours else { return Ok(()) };
    prop_assert_eq!(h.inside, exact.inside, "box = {:?}\nray = {:?}", b, ray);
    let e = exact.t.as_ref().unwrap();
    prop_assert_eq!(
        h.t.to_bits(),
        reference::floor_raw(e),
        "box = {:?}\nray = {:?}",
        b,
        ray
    );
    if !h.inside {
        let (i, plus) = exact.entry_axes[0];
        let a = b.axes()[i];
        let want = if plus { a } else { Vector(a.0.map(|x| -x)) };
        prop_assert_eq!(h.normal, want, "box = {:?}\nray = {:?}", b, ray);
        // The exact point o + e dir (raw), each coordinate floored.
        for k in 0..D {
            let (o, d) = (ray.origin().0[k].to_bits(), ray.dir().0[k].to_bits());
            let at = e * num_rational::BigRational::from_integer(BigInt::from(d));
            let want = BigInt::from(o) + reference::floor_q(&at);
            prop_assert_eq!(
                BigInt::from(h.point.0[k].to_bits()),
                want,
                "coordinate {}: point {}\nbox = {:?}\nray = {:?}",
                k,
                h.point,
                b,
                ray
            );
        }
    } else {
        prop_assert_eq!(
            (h.t, h.point, h.normal),
            (Fx::ZERO, ray.origin(), Vector::ZERO)
        );
    }
    // `as_aabb` reads signed permutation axes only.
    if let Some(x) = as_aabb(b).filter(|_| b.axis_error() == Fx::ZERO) {
        let ha = ray_aabb(ray, &x);
        prop_assert_eq!(
            ha.map(|g| (g.t, g.point, g.inside)),
            Some((h.t, h.point, h.inside)),
            "box = {:?}\nray = {:?}",
            b,
            ray
        );
    }
    Ok(())
}

fn check_ray_translation<const D: usize>(
    b: &Obb<D>,
    ray: &Ray<D>,
    pick: i64,
) -> Result<(), TestCaseError> {
    let pts: Vec<i64> = b
        .center()
        .0
        .iter()
        .chain(&ray.origin().0)
        .map(|x| x.to_bits())
        .collect();
    let by = shift_within(&pts, pick);
    let ray2 = Ray::try_new(shifted(ray.origin(), by), ray.dir(), ray.max_t()).unwrap();
    let ours = ray_obb(ray, b).map(|h| (h.t, shifted(h.point, by), h.normal, h.inside));
    let moved = ray_obb(&ray2, &shifted_obb(b, by)).map(|h| (h.t, h.point, h.normal, h.inside));
    prop_assert_eq!(
        ours,
        moved,
        "shift {}\nbox = {:?}\nray = {:?}",
        fx(by),
        b,
        ray
    );
    Ok(())
}

fn ray2() -> impl Strategy<Value = (Obb<2>, Ray<2>)> {
    obb_any(rot2()).prop_flat_map(ray_for)
}
fn ray3() -> impl Strategy<Value = (Obb<3>, Ray<3>)> {
    obb_any(rot3()).prop_flat_map(ray_for)
}
fn ray_exact<const D: usize>() -> impl Strategy<Value = (Obb<D>, Ray<D>)> {
    obb_any(exact_rot::<D>()).prop_flat_map(ray_for)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ray_obb_2d_hit_t_point_and_normal_are_exact((b, ray) in ray2()) {
        check_ray_exact(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_hit_t_point_and_normal_are_exact((b, ray) in ray3()) {
        check_ray_exact(&b, &ray)?;
    }

    #[test]
    fn ray_obb_2d_is_exact_and_equals_ray_aabb_for_orthonormal_axes((b, ray) in ray_exact::<2>()) {
        check_ray_exact(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_is_exact_and_equals_ray_aabb_for_orthonormal_axes((b, ray) in ray_exact::<3>()) {
        check_ray_exact(&b, &ray)?;
    }

    #[test]
    fn ray_obb_2d_is_translation_invariant((b, ray) in ray2(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_ray_translation(&b, &ray, pick)?;
    }

    #[test]
    fn ray_obb_3d_is_translation_invariant((b, ray) in ray3(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_ray_translation(&b, &ray, pick)?;
    }
}
