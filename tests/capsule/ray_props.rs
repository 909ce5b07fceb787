//! `ray_capsule`, `ray_sphere` and `ray_cast` against the exact reference
//! of `ray_reference`.

use super::ray_reference as rr;
use super::*;
use fixed_collide::{Ball, Capsule, Ray, Shape, ray_capsule, ray_cast, ray_sphere};
use num_bigint::BigInt;

/// A ray: from anywhere, aimed near a point of the capsule (hits likely)
/// or in any direction; bounded or not.
fn ray_at<const D: usize>(
    o: [i64; D],
    target: [i64; D],
    aim: bool,
    dir: [i64; D],
    bound: Option<i64>,
) -> Option<Ray<D>> {
    let d: [i64; D] = if aim {
        // Halved until in the domain.
        let mut v: [i128; D] = std::array::from_fn(|k| target[k] as i128 - o[k] as i128);
        while v.iter().any(|c| c.abs() > DOM as i128) {
            v = v.map(|c| c / 2);
        }
        v.map(|c| c as i64)
    } else {
        dir
    };
    match bound {
        Some(m) => Ray::try_new(vector(o), vector(d), fx(m)).ok(),
        None => Ray::try_unbounded(vector(o), vector(d)).ok(),
    }
}

fn max_t() -> impl Strategy<Value = Option<i64>> {
    prop_oneof![2 => Just(None), 1 => (0i64..=(4 * ONE)).prop_map(Some), 1 => (0i64..=i64::MAX).prop_map(Some)]
}

fn check<const D: usize>(ray: &Ray<D>, c: &Capsule<D>) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let ours = ray_capsule(ray, c);
    prop_assert_eq!(ours.is_some(), rr::hits(ray, c), "hit/miss");
    prop_assert_eq!(ray_cast(ray, &Shape::Capsule(*c)), ours);
    if c.radius() == Fx::ZERO {
        prop_assert_eq!(ray_cast(ray, &Shape::Segment(c.segment())), ours);
    }
    if c.a() == c.b() {
        let ball = Ball::try_new(c.a(), c.radius()).unwrap();
        prop_assert_eq!(ray_sphere(ray, &ball), ours);
    }
    let Some(h) = ours else { return Ok(()) };
    if rr::inside(ray, c) {
        prop_assert!(
            h.inside && h.t == Fx::ZERO && h.point == ray.origin() && h.normal == Vector::ZERO
        );
        return Ok(());
    }
    prop_assert!(!h.inside);
    let cands = rr::entries(ray, c);
    let t_min = cands.iter().map(rr::Entry::t_raw).min();
    prop_assert_eq!(Some(BigInt::from(h.t.to_bits())), t_min.clone(), "t");
    let o: Vec<BigInt> = ray
        .origin()
        .0
        .iter()
        .map(|x| BigInt::from(x.to_bits()))
        .collect();
    let d: Vec<BigInt> = ray
        .dir()
        .0
        .iter()
        .map(|x| BigInt::from(x.to_bits()))
        .collect();
    // The point and normal of a candidate entering at the floored t (the
    // earliest exact one among them is the answer; equal exact times give
    // equal points).
    let matching: Vec<&rr::Entry> = cands.iter().filter(|e| Some(e.t_raw()) == t_min).collect();
    let ok_point = matching
        .iter()
        .any(|e| e.point::<D>(&o, &d).iter().map(rr::fx_of).eq(h.point.0));
    prop_assert!(ok_point, "point {:?}", h.point);
    if c.radius() == Fx::ZERO {
        let n: Vec<i64> = h.normal.0.iter().map(|x| x.to_bits()).collect();
        prop_assert_eq!(n.iter().filter(|x| **x != 0).count(), 1);
        prop_assert!(n.iter().all(|x| x.abs() == ONE || *x == 0));
    } else {
        let ok_normal = matching
            .iter()
            .any(|e| e.normal().iter().map(rr::fx_of).eq(h.normal.0));
        prop_assert!(ok_normal, "normal {:?}", h.normal);
    }
    Ok(())
}

fn case<const D: usize>(
    s: Segment<D>,
    radius: i64,
    o: [i64; D],
    aim: (bool, u8, [i64; D]),
    dir: [i64; D],
    bound: Option<i64>,
) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let c = Capsule::try_new(s.a(), s.b(), fx(radius)).unwrap();
    // Aim at a, b or their midpoint, plus a small offset.
    let (a, b) = (s.a().0.map(|x| x.to_bits()), s.b().0.map(|x| x.to_bits()));
    let target: [i64; D] = std::array::from_fn(|k| {
        let base = match aim.1 % 3 {
            0 => a[k] as i128,
            1 => b[k] as i128,
            _ => (a[k] as i128 + b[k] as i128) / 2,
        };
        clamp_dom(base + aim.2[k] as i128)
    });
    if let Some(ray) = ray_at(o, target, aim.0, dir, bound) {
        check(&ray, &c)?;
    }
    Ok(())
}

fn aim<const D: usize>() -> impl Strategy<Value = (bool, u8, [i64; D])> {
    (
        prop::bool::weighted(0.8),
        0u8..3,
        proptest::array::uniform::<_, D>(-(2 * ONE)..=(2 * ONE)),
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn ray_capsule_2d_matches_reference(s in segment::<2>(), radius in size(), o in coords::<2>(), aim in aim::<2>(), dir in coords::<2>(), bound in max_t()) {
        case(s, radius, o, aim, dir, bound)?;
    }

    #[test]
    fn ray_capsule_3d_matches_reference(s in segment::<3>(), radius in size(), o in coords::<3>(), aim in aim::<3>(), dir in coords::<3>(), bound in max_t()) {
        case(s, radius, o, aim, dir, bound)?;
    }
}
