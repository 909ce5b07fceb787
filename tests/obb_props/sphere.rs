//! Sphere vs OBB against the exact closest-point reference: the overlap test
//! is the hit decision, the hit decision exact, the point the exact closest
//! point floored (no tolerance band), the same answer as `sphere_aabb` for
//! orthonormal axes, translation invariance.

use super::*;
use fixed_collide::{Ball, sphere_aabb, sphere_obb, sphere_obb_overlap};
use num_bigint::BigInt;
use num_traits::ToPrimitive;

/// How the radius of a generated ball is chosen.
#[derive(Clone, Copy, Debug)]
enum Radius {
    /// As generated (a size, or the Pythagorean norm +- an ulp).
    Given,
    /// The exact distance from the center to the box, rounded down, plus
    /// `0` or `1` ulp: just missing or just touching the exact box.
    Touching(i64),
    /// Short of the exact distance by up to two [`Obb::band`]s: the misses
    /// closest to the box, where the slab filter passes them on.
    Short(i64),
}

/// A ball: the center anywhere or on purpose near faces, edges and corners
/// (`+-(h + e)` along the axes with `|e|` a Pythagorean tuple times `k`,
/// radius the norm `+-` an ulp); or a radius at the exact distance to the
/// box, rounded down, plus 0 or 1 ulp.
fn ball_for<const D: usize>(b: Obb<D>) -> impl Strategy<Value = (Obb<D>, Ball<D>)> {
    let placed = prop_oneof![
        1 => (coords::<D>(), size()),
        3 => (
            proptest::array::uniform(-1i64..=1),
            proptest::array::uniform(-8i64..=8),
            prop_oneof![Just(0i64), (1i64..=4).prop_map(|v| v * ONE), 1i64..=(1i64 << 34)],
            -1i64..=1,
        )
            .prop_map(move |(st, inner, k, dr): ([i64; D], [i64; D], i64, i64)| {
                let active = st.iter().filter(|s| **s != 0).count();
                let (e, norm): (&[i64], i64) = match active {
                    0 | 1 => (&[1, 1, 1], 1),
                    2 => (&[3, 4, 0], 5),
                    _ => (&[2, 3, 6], 7),
                };
                let mut eighths = [0i64; D];
                let mut extra = [0i64; D];
                let mut used = 0;
                for i in 0..D {
                    if st[i] == 0 {
                        eighths[i] = inner[i];
                    } else {
                        eighths[i] = 8 * st[i];
                        extra[i] = st[i] * e[used] * k;
                        used += 1;
                    }
                }
                (box_point(&b, eighths, extra), (norm * k + dr).clamp(0, DOM))
            }),
    ];
    let radius = prop_oneof![
        1 => Just(Radius::Given),
        1 => (0i64..=1).prop_map(Radius::Touching),
        1 => (0i64..=1000).prop_map(Radius::Short),
    ];
    (placed, radius).prop_map(move |((c, r), mode)| {
        let r = match mode {
            Radius::Given => r,
            Radius::Touching(_) | Radius::Short(_) => {
                let cl = reference::closest(&reference::bv(&vector(c)), &RefBox::of(&b));
                // floor(sqrt(dist^2 * 2^64)) raw bits.
                let scaled = (cl.dist2.numer() << 64u32) / cl.dist2.denom();
                let dist = scaled.sqrt().to_i64().unwrap_or(DOM).min(DOM);
                match mode {
                    Radius::Touching(plus) => (dist + plus).min(DOM),
                    Radius::Short(permille) => {
                        let band = b.band(fx(dist)).to_bits() as i128;
                        (dist as i128 - band * permille as i128 / 500).max(0) as i64
                    }
                    Radius::Given => unreachable!(),
                }
            }
        };
        (b, Ball::try_new(vector(c), fx(r)).unwrap())
    })
}

fn check_sphere_overlap_is_the_hit_decision<const D: usize>(
    b: &Obb<D>,
    ball: &Ball<D>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        sphere_obb_overlap(ball, b),
        sphere_obb(ball, b).is_some(),
        "box = {:?}\nball = {:?}",
        b,
        ball
    );
    Ok(())
}

fn check_sphere_exact<const D: usize>(b: &Obb<D>, ball: &Ball<D>) -> Result<(), TestCaseError> {
    let ours = sphere_obb(ball, b);
    let (hit, cl) = reference::ball_hits(
        &reference::bv(&ball.center()),
        ball.radius(),
        &RefBox::of(b),
    );
    prop_assert_eq!(ours.is_some(), hit, "box = {:?}\nball = {:?}", b, ball);
    if let Some(h) = ours {
        for k in 0..D {
            prop_assert_eq!(
                BigInt::from(h.point.0[k].to_bits()),
                reference::floor_q(&cl.point[k]),
                "coordinate {}: point {}\nbox = {:?}\nball = {:?}",
                k,
                h.point,
                b,
                ball
            );
        }
    }
    // `as_aabb` reads signed permutation axes only.
    if let Some(x) = as_aabb(b).filter(|_| b.axis_error() == Fx::ZERO) {
        prop_assert_eq!(
            ours,
            sphere_aabb(ball, &x),
            "box = {:?}\nball = {:?}",
            b,
            ball
        );
    }
    Ok(())
}

fn check_sphere_translation<const D: usize>(
    b: &Obb<D>,
    ball: &Ball<D>,
    pick: i64,
) -> Result<(), TestCaseError> {
    let pts: Vec<i64> = b
        .center()
        .0
        .iter()
        .chain(&ball.center().0)
        .map(|x| x.to_bits())
        .collect();
    let by = shift_within(&pts, pick);
    let ball2 = Ball::try_new(shifted(ball.center(), by), ball.radius()).unwrap();
    let ours = sphere_obb(ball, b).map(|h| shifted(h.point, by));
    prop_assert_eq!(
        ours,
        sphere_obb(&ball2, &shifted_obb(b, by)).map(|h| h.point),
        "shift {}\nbox = {:?}\nball = {:?}",
        fx(by),
        b,
        ball
    );
    Ok(())
}

fn sphere2() -> impl Strategy<Value = (Obb<2>, Ball<2>)> {
    obb_any(rot2()).prop_flat_map(ball_for)
}
fn sphere3() -> impl Strategy<Value = (Obb<3>, Ball<3>)> {
    obb_any(rot3()).prop_flat_map(ball_for)
}
fn sphere_exact<const D: usize>() -> impl Strategy<Value = (Obb<D>, Ball<D>)> {
    obb_any(exact_rot::<D>()).prop_flat_map(ball_for)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn sphere_obb_overlap_2d_equals_sphere_obb_is_some((b, ball) in sphere2()) {
        check_sphere_overlap_is_the_hit_decision(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_overlap_3d_equals_sphere_obb_is_some((b, ball) in sphere3()) {
        check_sphere_overlap_is_the_hit_decision(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_hit_and_point_are_exact((b, ball) in sphere2()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_hit_and_point_are_exact((b, ball) in sphere3()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_is_exact_and_equals_sphere_aabb_for_orthonormal_axes((b, ball) in sphere_exact::<2>()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_is_exact_and_equals_sphere_aabb_for_orthonormal_axes((b, ball) in sphere_exact::<3>()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_is_translation_invariant((b, ball) in sphere2(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_sphere_translation(&b, &ball, pick)?;
    }

    #[test]
    fn sphere_obb_3d_is_translation_invariant((b, ball) in sphere3(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_sphere_translation(&b, &ball, pick)?;
    }
}
