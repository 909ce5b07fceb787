//! Casts with a positive radius sum against the least squares reference,
//! the swapped cast and `ray_cast`.

use super::reference::{penetrates, radius};
use super::*;
use fixed_collide::{Capsule, Ray, Shape, ray_capsule, shape_cast};
use num_traits::Zero;

const FULL: i64 = 1 << 32;

/// Hit/miss, `overlapping` and the floor of the entry exactly as the
/// reference: no penetration on `[0, t]`, penetration on `[0, t + ulp]`;
/// the normal a unit vector (within 2^-28 in squared length) not pointing
/// along `d`.
fn check<const D: usize>(m: &Shape<D>, d: &Vector<D>, t: &Shape<D>) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_assert!(!radius(m, t).is_zero());
    let got = shape_cast(m, d, t).unwrap();
    prop_assert_eq!(got.is_some(), penetrates(m, d, t, 0, FULL), "hit");
    let Some(c) = got else { return Ok(()) };
    prop_assert_eq!(c.overlapping, penetrates(m, d, t, 0, 0), "overlapping");
    if c.overlapping {
        prop_assert_eq!((c.t_enter, c.normal), (Fx::ZERO, Vector::ZERO));
        return Ok(());
    }
    let te = c.t_enter.to_bits();
    prop_assert!(
        !penetrates(m, d, t, 0, te),
        "penetrates before t_enter {te}"
    );
    prop_assert!(
        penetrates(m, d, t, 0, te + 1),
        "not entered by t_enter + ulp {te}"
    );
    let n = c.normal.to_bits();
    let len2: i128 = n.iter().map(|&k| (k as i128) * (k as i128)).sum();
    prop_assert!(
        (len2 - (1i128 << 64)).abs() <= 1i128 << 36,
        "not unit: {:?}",
        c.normal
    );
    let nd: i128 = n
        .iter()
        .zip(d.to_bits())
        .map(|(&a, b)| a as i128 * b as i128)
        .sum();
    let slack: i128 = d
        .to_bits()
        .iter()
        .map(|b| (b.unsigned_abs() as i128) * 8)
        .sum();
    prop_assert!(nd <= slack, "normal {:?} along d {:?}", c.normal, d);
    Ok(())
}

/// The swapped cast (`target` moving by `-d` against `moving`) answers the
/// same, with the normal opposite (within 2 * 2^-30 per component; for two
/// balls, capsules or segments each is the exact normal rounded down, so
/// the components' raw sum is 0, or -1 where the exact value is off the
/// grid).
fn swapped<const D: usize>(m: &Shape<D>, d: &Vector<D>, t: &Shape<D>) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    prop_assert!(!radius(m, t).is_zero());
    let neg = Vector(d.0.map(|c| -c));
    let (a, b) = (
        shape_cast(m, d, t).unwrap(),
        shape_cast(t, &neg, m).unwrap(),
    );
    prop_assert_eq!(a.is_some(), b.is_some());
    if let (Some(a), Some(b)) = (a, b) {
        prop_assert_eq!((a.t_enter, a.overlapping), (b.t_enter, b.overlapping));
        let round =
            |s: &Shape<D>| matches!(s, Shape::Sphere(_) | Shape::Segment(_) | Shape::Capsule(_));
        let exact = round(m) && round(t);
        for (x, y) in a.normal.0.iter().zip(b.normal.0) {
            let sum = x.to_bits() + y.to_bits();
            prop_assert!(
                if exact {
                    sum == 0 || sum == -1
                } else {
                    sum.abs() <= 8
                },
                "{:?} vs {:?}",
                a.normal,
                b.normal
            );
        }
    }
    Ok(())
}

/// A moving ball is a ray from its center against the target grown by its
/// radius: a cast hit is a ray hit; overlapping starts inside; an entering
/// hit from outside has the ray's `t` and normal (within 2^-30 + 2^-32),
/// one from the surface (touching, moving in) is at 0.
fn against_ray<const D: usize>(
    ball: &Ball<D>,
    d: &Vector<D>,
    t: &Shape<D>,
) -> Result<(), TestCaseError>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    let (a, b, r) = match t {
        Shape::Sphere(s) => (s.center(), s.center(), s.radius()),
        Shape::Segment(s) => (s.a(), s.b(), Fx::ZERO),
        Shape::Capsule(c) => (c.a(), c.b(), c.radius()),
        _ => return Ok(()),
    };
    prop_assert!(!d.is_zero() && ball.radius() + r > Fx::ZERO);
    let grown = Capsule::try_new(a, b, ball.radius() + r).unwrap();
    let ray = Ray::try_new(ball.center(), *d, Fx::ONE).unwrap();
    let Some(c) = shape_cast(&Shape::from(*ball), d, t).unwrap() else {
        return Ok(());
    };
    let h = ray_capsule(&ray, &grown);
    prop_assert!(h.is_some(), "the ray misses");
    let h = h.unwrap();
    if c.overlapping {
        prop_assert!(h.inside, "overlapping, but the ray starts outside");
        return Ok(());
    }
    if h.inside {
        // On the surface at the start (closed: inside), moving in.
        prop_assert_eq!(c.t_enter, Fx::ZERO);
        return Ok(());
    }
    // Both the exact outward unit normal at the same point (the ray's from
    // the ball's center), rounded down: the same bits.
    prop_assert_eq!((c.t_enter, c.normal), (h.t, h.normal));
    Ok(())
}

/// The pair with a positive radius sum: a radius 0 ball or segment gets
/// radius 1/2 (the moving one first); two boxes make the target a ball.
fn rounded<const D: usize>(m: Shape<D>, t: Shape<D>) -> (Shape<D>, Shape<D>)
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    if !radius(&m, &t).is_zero() {
        return (m, t);
    }
    let half = Fx::from_num(0.5);
    let grow = |s: &Shape<D>| -> Option<Shape<D>> {
        match s {
            Shape::Sphere(b) => Some(Ball::try_new(b.center(), half).unwrap().into()),
            Shape::Segment(g) => Some(Capsule::try_new(g.a(), g.b(), half).unwrap().into()),
            _ => None,
        }
    };
    match (grow(&m), grow(&t)) {
        (Some(g), _) => (g, t),
        (None, Some(g)) => (m, g),
        _ => (m, Ball::try_new(anchor(&t), half).unwrap().into()),
    }
}

fn pair2() -> impl Strategy<Value = (Shape<2>, Shape<2>, Vector<2>)> {
    (any_shape::<2>(), any_shape::<2>())
        .prop_map(|(m, t)| rounded(m, t))
        .prop_flat_map(|(m, t)| (Just(m), Just(t), displacement(&m, &t)))
}

fn pair3() -> impl Strategy<Value = (Shape<3>, Shape<3>, Vector<3>)> {
    (round_shape::<3>(), any_shape::<3>())
        .prop_map(|(m, t)| rounded(m, t))
        .prop_flat_map(|(m, t)| (Just(m), Just(t), displacement(&m, &t)))
}

fn round_pair3() -> impl Strategy<Value = (Shape<3>, Shape<3>, Vector<3>)> {
    (round_shape::<3>(), round_shape::<3>())
        .prop_map(|(m, t)| rounded(m, t))
        .prop_flat_map(|(m, t)| (Just(m), Just(t), displacement(&m, &t)))
}

fn ball_pair<const D: usize>() -> impl Strategy<Value = (Ball<D>, Shape<D>, Vector<D>)>
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    ((point::<D>(), positive_size()), round_shape::<D>()).prop_flat_map(|((c, r), t)| {
        let b = Ball::try_new(c, fx(r)).unwrap();
        let nonzero = |d: Vector<D>| {
            if d.is_zero() {
                Vector::unit(0, true)
            } else {
                d
            }
        };
        (
            Just(b),
            Just(t),
            displacement(&Shape::from(b), &t).prop_map(nonzero),
        )
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn round_cast_2d_is_exact((m, t, d) in pair2()) {
        check(&m, &d, &t)?;
    }

    #[test]
    fn round_cast_3d_is_exact((m, t, d) in pair3()) {
        check(&m, &d, &t)?;
    }

    #[test]
    fn round_cast_2d_swapped_is_the_same((m, t, d) in pair2()) {
        swapped(&m, &d, &t)?;
    }

    #[test]
    fn round_cast_3d_swapped_is_the_same((m, t, d) in round_pair3()) {
        swapped(&m, &d, &t)?;
    }

    #[test]
    fn ball_cast_2d_is_the_ray_cast((b, t, d) in ball_pair::<2>()) {
        against_ray(&b, &d, &t)?;
    }

    #[test]
    fn ball_cast_3d_is_the_ray_cast((b, t, d) in ball_pair::<3>()) {
        against_ray(&b, &d, &t)?;
    }
}

/// Counts of (miss, overlapping, entering hit) over `n` draws of `pairs`
/// (a deterministic runner): the properties see every outcome.
pub fn outcomes<const D: usize>(
    pairs: impl Strategy<Value = (Shape<D>, Shape<D>, Vector<D>)>,
    n: usize,
) -> [usize; 3]
where
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
{
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut counts = [0; 3];
    for _ in 0..n {
        let (m, t, d) = pairs.new_tree(&mut runner).unwrap().current();
        let k = match shape_cast(&m, &d, &t).unwrap() {
            None => 0,
            Some(c) if c.overlapping => 1,
            Some(_) => 2,
        };
        counts[k] += 1;
    }
    counts
}

#[test]
fn round_generators_give_misses_overlaps_and_entries() {
    for counts in [outcomes(pair2(), 1000), outcomes(pair3(), 1000)] {
        // At least 20% misses and entries, 3% overlapping starts.
        assert!(
            counts[0] >= 200 && counts[1] >= 30 && counts[2] >= 200,
            "{counts:?}"
        );
    }
}
