//! Ray vs OBB against the exact reference: never a false miss nor a late
//! hit, hits and times within the tolerance band, the point on the ray and
//! in the grown box, exact for orthonormal axes, translation invariance.

use super::*;
use fixed_collide::{Ray, ray_aabb, ray_obb};
use num_bigint::BigInt;
use num_traits::Signed;

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

fn check_ray_never_misses<const D: usize>(b: &Obb<D>, ray: &Ray<D>) -> Result<(), TestCaseError> {
    let exact = ref_ray(ray, &RefBox::of(b));
    if !exact.hit {
        return Ok(());
    }
    let ours = ray_obb(ray, b);
    prop_assert!(
        ours.is_some(),
        "false miss, exact {:?}\nbox = {:?}\nray = {:?}",
        exact,
        b,
        ray
    );
    let h = ours.unwrap();
    if exact.inside {
        prop_assert!(
            h.inside,
            "origin in the box, not reported inside\nbox = {:?}\nray = {:?}",
            b,
            ray
        );
    }
    let t = reference::floor_raw(exact.t.as_ref().unwrap());
    prop_assert!(
        h.t.to_bits() <= t,
        "t {} later than the exact entry (floor {})\nbox = {:?}\nray = {:?}",
        h.t,
        fx(t),
        b,
        ray
    );
    Ok(())
}

fn check_ray_band<const D: usize>(b: &Obb<D>, ray: &Ray<D>) -> Result<(), TestCaseError> {
    let Some(h) = ray_obb(ray, b) else {
        return Ok(());
    };
    let band = b.band(Fx::ZERO);
    let grown = ref_ray(ray, &RefBox::of(b).grown(band));
    prop_assert!(
        grown.hit,
        "hit outside the band {}\nbox = {:?}\nray = {:?}",
        band,
        b,
        ray
    );
    if h.inside {
        prop_assert!(
            grown.inside,
            "inside outside the band {}\nbox = {:?}\nray = {:?}",
            band,
            b,
            ray
        );
    }
    let t = reference::floor_raw(grown.t.as_ref().unwrap());
    prop_assert!(
        h.t.to_bits() >= t,
        "t {} earlier than the grown box's entry (floor {})\nbox = {:?}\nray = {:?}",
        h.t,
        fx(t),
        b,
        ray
    );
    Ok(())
}

fn check_ray_point<const D: usize>(b: &Obb<D>, ray: &Ray<D>) -> Result<(), TestCaseError> {
    let Some(h) = ray_obb(ray, b) else {
        return Ok(());
    };
    // On the ray at the unrounded entry time e, t <= e < t + 1 ulp:
    // point_k - (o_k + t dir_k) is (e - t) dir_k (below |dir_k| / 2^32 in
    // magnitude, of the sign of dir_k) plus the two floors.
    for k in 0..D {
        let (o, d) = (
            ray.origin().0[k].to_bits() as i128,
            ray.dir().0[k].to_bits() as i128,
        );
        let at_t = o + ((h.t.to_bits() as i128 * d) >> 32);
        let off = h.point.0[k].to_bits() as i128 - at_t;
        prop_assert!(
            off.abs() <= (d.abs() >> 32) + 2,
            "coordinate {}: point {} is {} ulps from the ray at t = {}\nbox = {:?}\nray = {:?}",
            k,
            h.point,
            off,
            h.t,
            b,
            ray
        );
    }
    // In the box grown by the band (2 more ulps for the rounding of the point).
    let grown = RefBox::of(b).grown(b.band(Fx::ZERO) + Fx::from_bits(2));
    let p = reference::bv(&h.point);
    for i in 0..D {
        let n = grown.face_normal(i);
        let rel: Vec<BigInt> = p.iter().zip(&grown.c).map(|(x, c)| x - c).collect();
        let lhs = reference::dot(&n, &rel).abs() << 32;
        let rhs = &grown.h[i] * reference::dot(&n, &grown.axes[i]).abs();
        prop_assert!(
            lhs <= rhs,
            "point {} outside the grown box on axis {}\nbox = {:?}\nray = {:?}",
            h.point,
            i,
            b,
            ray
        );
    }
    Ok(())
}

fn check_ray_exact<const D: usize>(b: &Obb<D>, ray: &Ray<D>) -> Result<(), TestCaseError> {
    prop_assert_eq!(b.band(Fx::ZERO), Fx::ZERO);
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
    prop_assert_eq!(
        h.t.to_bits(),
        reference::floor_raw(exact.t.as_ref().unwrap()),
        "box = {:?}\nray = {:?}",
        b,
        ray
    );
    if !h.inside {
        let (i, plus) = exact.entry_axes[0];
        let a = b.axes()[i];
        let want = if plus { a } else { Vector(a.0.map(|x| -x)) };
        prop_assert_eq!(h.normal, want, "box = {:?}\nray = {:?}", b, ray);
    } else {
        prop_assert_eq!(
            (h.t, h.point, h.normal),
            (Fx::ZERO, ray.origin(), Vector::ZERO)
        );
    }
    if let Some(x) = as_aabb(b) {
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
    fn ray_obb_2d_never_misses_and_is_never_late((b, ray) in ray2()) {
        check_ray_never_misses(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_never_misses_and_is_never_late((b, ray) in ray3()) {
        check_ray_never_misses(&b, &ray)?;
    }

    #[test]
    fn ray_obb_2d_hits_and_times_lie_within_the_band((b, ray) in ray2()) {
        check_ray_band(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_hits_and_times_lie_within_the_band((b, ray) in ray3()) {
        check_ray_band(&b, &ray)?;
    }

    #[test]
    fn ray_obb_2d_point_is_on_the_ray_and_in_the_grown_box((b, ray) in ray2()) {
        check_ray_point(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_point_is_on_the_ray_and_in_the_grown_box((b, ray) in ray3()) {
        check_ray_point(&b, &ray)?;
    }

    #[test]
    fn ray_obb_2d_is_exact_for_orthonormal_axes((b, ray) in ray_exact::<2>()) {
        check_ray_exact(&b, &ray)?;
    }

    #[test]
    fn ray_obb_3d_is_exact_for_orthonormal_axes((b, ray) in ray_exact::<3>()) {
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
