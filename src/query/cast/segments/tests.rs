//! The pieces' cast against the general program (the same hit, time and
//! start, normals within 2^-30 of each other), its exact parts against
//! their 1024-bit forms, and the edges by name.

use super::*;
use crate::dim::{Const, Dim};
use crate::kernel::u256::shr;
use crate::num::wide;
use crate::query::capsule::core::Gap;
use crate::query::capsule::pair::add_core;
use crate::query::capsule::segments::round;
use crate::query::cast::{round, shape_cast};
use crate::shape::{Ball, Shape};
use proptest::prelude::*;

/// A coordinate: a half unit in `[-6, 6]` (shared ends, parallel and
/// touching cores are common), or any raw value in that range.
pub(in crate::query::cast) fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        (-12i64..=12).prop_map(|v| v << 31),
        (-(6i64 << 32))..=(6i64 << 32),
    ]
}

/// A capsule (radius 0: a segment; `a = b`: a ball) with raw coordinates.
fn capsule<const D: usize>() -> impl Strategy<Value = Shape<D>>
where
    Const<D>: Dim<D>,
{
    let point = || proptest::array::uniform::<_, D>(coord());
    let radius = prop_oneof![Just(0i64), Just(1 << 31), Just(1 << 32), 0i64..=(3 << 32)];
    (point(), point(), radius, 0u8..4).prop_map(|(a, b, r, kind)| {
        let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
        let b = if kind == 0 { a } else { b };
        Capsule::try_new(v(a), v(b), Fx::from_bits(r))
            .unwrap()
            .into()
    })
}

/// A displacement: whole or half units up to 16, or any raw value.
pub(in crate::query::cast) fn displacement<const D: usize>() -> impl Strategy<Value = Vector<D>> {
    let c = prop_oneof![
        (-32i64..=32).prop_map(|v| v << 31),
        (-(16i64 << 32))..=(16i64 << 32),
    ];
    proptest::array::uniform::<_, D>(c).prop_map(|x| Vector(x.map(Fx::from_bits)))
}

/// A moving and a still capsule and a displacement: any, or aimed from
/// the moving one's first end at the target's (times 1/2 to 2, nudged by
/// up to half a unit per component), so that many casts enter.
fn case<const D: usize>() -> impl Strategy<Value = (Shape<D>, Shape<D>, Vector<D>)>
where
    Const<D>: Dim<D>,
{
    (capsule::<D>(), capsule::<D>()).prop_flat_map(|(m, t)| {
        let anchor = |s: &Shape<D>| match s {
            Shape::Capsule(c) => c.a().to_bits(),
            _ => [0; D],
        };
        let (a, b) = (anchor(&m), anchor(&t));
        let nudge = proptest::array::uniform::<_, D>(-(1i64 << 31)..=(1 << 31));
        let aimed = (1i64..=4, nudge).prop_map(move |(k, n)| {
            let mut d = [Fx::ZERO; D];
            for (((slot, &bk), &ak), &nk) in d.iter_mut().zip(&b).zip(&a).zip(&n) {
                *slot = Fx::from_bits((bk - ak) / 2 * k + nk);
            }
            Vector(d)
        });
        (Just(m), Just(t), prop_oneof![displacement::<D>(), aimed])
    })
}

/// An axis-aligned box (flat or a point now and then) and a capsule, in
/// either order, and a displacement aimed at the box half the time.
fn box_case() -> impl Strategy<Value = (Shape<2>, Shape<2>, Vector<2>)> {
    let b = (
        proptest::array::uniform::<_, 2>(coord()),
        proptest::array::uniform::<_, 2>(coord()),
        0u8..8,
    )
        .prop_map(|(p, q, kind)| {
            let lo = [p[0].min(q[0]), p[1].min(q[1])];
            let mut hi = [p[0].max(q[0]), p[1].max(q[1])];
            if kind == 0 {
                hi[0] = lo[0];
            }
            let v = |x: [i64; 2]| Vector(x.map(Fx::from_bits));
            Shape::from(crate::shape::Aabb::try_new(v(lo), v(hi)).unwrap())
        });
    (b, case::<2>(), any::<bool>())
        .prop_map(|(b, (c, _, d), swap)| if swap { (c, b, d) } else { (b, c, d) })
}

/// A ball (radius 0 now and then) and an axis-aligned box, either moving
/// in 2D (the ball moving in 3D), and a displacement.
fn ball_box_case<const D: usize>() -> impl Strategy<Value = (Shape<D>, Shape<D>, Vector<D>)>
where
    Const<D>: Dim<D>,
{
    let point = || proptest::array::uniform::<_, D>(coord());
    let b = (point(), point(), 0u8..8).prop_map(|(p, q, kind)| {
        let mut lo = p;
        let mut hi = q;
        for (l, h) in lo.iter_mut().zip(hi.iter_mut()) {
            (*l, *h) = ((*l).min(*h), (*l).max(*h));
        }
        if kind == 0 {
            hi = lo;
        }
        let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
        Shape::from(crate::shape::Aabb::try_new(v(lo), v(hi)).unwrap())
    });
    (b, case::<D>(), any::<bool>()).prop_map(|(b, (c, _, d), swap)| {
        let ball = match c {
            Shape::Capsule(c) => Shape::from(Ball::try_new(c.a(), c.radius()).unwrap()),
            other => other,
        };
        if swap && D == 2 {
            (b, ball, d)
        } else {
            (ball, b, d)
        }
    })
}

/// `shape_cast` (the pieces) and the general program answer the same hit,
/// `t_enter` and `overlapping`, with normals within 5 ulps (each within
/// 2^-30 of the exact one, the pieces' within 2^-32 below it).
pub(in crate::query::cast) fn agree<const D: usize>(
    m: &Shape<D>,
    d: &Vector<D>,
    t: &Shape<D>,
) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let mut gap = Gap::new();
    let (Some(rm), Some(rt)) = (add_core(&mut gap, m, false), add_core(&mut gap, t, true)) else {
        return Err(TestCaseError::fail("not a round pair"));
    };
    if rm + rt == 0 {
        return Ok(());
    }
    let fast = shape_cast(m, d, t).unwrap();
    let general = round::cast::<D>(&gap, d.0.map(wide), rm + rt, false);
    let key = |c: &Option<Cast<D>>| c.map(|c| (c.t_enter, c.overlapping));
    prop_assert_eq!(key(&fast), key(&general), "{:?} {:?} {:?}", m, d, t);
    if let (Some(f), Some(g)) = (fast, general) {
        for (x, y) in f.normal.0.iter().zip(g.normal.0) {
            prop_assert!(
                (x.to_bits() - y.to_bits()).abs() <= 5,
                "normals {:?} and {:?}",
                f.normal,
                g.normal
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    #[test]
    fn pieces_agree_with_the_general_program_2d((m, t, d) in case::<2>()) {
        agree(&m, &d, &t)?;
    }

    #[test]
    fn pieces_agree_with_the_general_program_3d((m, t, d) in case::<3>()) {
        agree(&m, &d, &t)?;
    }

    /// An axis-aligned box against a ball or capsule in 2D, either moving,
    /// takes the rounded box's pieces: the program's answers.
    #[test]
    fn box_against_round_agrees_with_the_general_program_2d((m, t, d) in box_case()) {
        agree(&m, &d, &t)?;
    }

    /// A ball against an axis-aligned box takes the rounded box's pieces:
    /// the program's answers.
    #[test]
    fn ball_against_box_agrees_with_the_general_program_2d((m, t, d) in ball_box_case::<2>()) {
        agree(&m, &d, &t)?;
    }

    #[test]
    fn ball_against_box_agrees_with_the_general_program_3d((m, t, d) in ball_box_case::<3>()) {
        agree(&m, &d, &t)?;
    }

    /// A unit vector's component from the bracket of the root is the exact
    /// floor.
    #[test]
    fn unit_part_is_the_exact_floor(n in proptest::array::uniform3(-(1i128 << 108)..(1i128 << 108)), k in 0usize..3) {
        let nn = n.iter().fold((0, 0), |acc, &c| add(acc, mul_full(c.unsigned_abs(), c.unsigned_abs())));
        prop_assume!(nn != (0, 0));
        let root = isqrt_u256(nn);
        let square = mul_full(root, root) == nn;
        let want = Big::floor_over_root(Big::from(n[k]).mul(Big::pow2(32)), Big::from_u256(nn));
        prop_assert_eq!(unit_part(n[k], root, square, nn), want.to_fx_saturating());
    }

    /// The slab's time from the root's bracket is the exact floor.
    #[test]
    fn slab_time_is_the_exact_floor(
        r in 1i64..=(1 << 53),
        nroot in 1u128..(1 << 109),
        extra in 0u128..(1 << 20),
        dd in 1u128..(1 << 127),
        t in 0u128..=(1 << 32),
    ) {
        // X = r |N| + t D / 2^32 (rounded), so that the time lies in [0, 1].
        let nn = add(mul_full(nroot, nroot), (0, extra));
        let root = isqrt_u256(nn);
        let square = mul_full(root, root) == nn;
        let reach = mul_full(u128::try_from(r).unwrap(), root);
        let x = add(add(reach, shr(mul_full(dd, t), 32)), (0, 1));
        let exact = Big::floor_root_div(
            Big::from_u256(x).mul(Big::pow2(32)),
            false,
            Big::from(i128::from(r)).square().mul(Big::from_u256(nn)).mul(Big::pow2(64)),
            Big::from_u256((0, dd)),
        );
        prop_assert_eq!(slab_time(x, (0, dd), r, nn, root, square), exact.to_fx_saturating());
    }
}

/// A number from its decimal text (exact for these).
fn fx(s: &str) -> Fx {
    s.parse().unwrap()
}

fn v3(x: &str, y: &str, z: &str) -> Vector<3> {
    Vector([x, y, z].map(fx))
}

fn capsule3(a: Vector<3>, b: Vector<3>, r: &str) -> Shape<3> {
    Capsule::try_new(a, b, fx(r)).unwrap().into()
}

#[test]
fn crossing_capsules_meet_on_the_slab() {
    // A bar along x at height 5 falls onto a bar along y: the radii meet at
    // height 2, s = 1/2, over the inside of both segments.
    let m = capsule3(v3("-5.0", "0.5", "5.0"), v3("5.0", "0.5", "5.0"), "1.0");
    let t = capsule3(v3("0.25", "-5.0", "0.0"), v3("0.25", "5.0", "0.0"), "1.0");
    let c = shape_cast(&m, &v3("0.0", "0.0", "-6.0"), &t)
        .unwrap()
        .unwrap();
    assert_eq!(
        (c.t_enter, c.normal, c.overlapping),
        (Fx::from_num(0.5), v3("0.0", "0.0", "1.0"), false)
    );
}

#[test]
fn capsule_end_meets_the_side_first() {
    // The moving bar's end (5, 0, 0) reaches the still bar's side at x = 8
    // (radii 1 + 1): s = 3/10 of the displacement 10, floored.
    let m = capsule3(v3("-5.0", "0.0", "0.0"), v3("5.0", "0.0", "0.0"), "1.0");
    let t = capsule3(v3("10.0", "0.0", "-5.0"), v3("10.0", "0.0", "5.0"), "1.0");
    let c = shape_cast(&m, &v3("10.0", "0.0", "0.0"), &t)
        .unwrap()
        .unwrap();
    assert_eq!(c.t_enter, Fx::from_bits((3i64 << 32) / 10));
    assert_eq!(c.normal, v3("-1.0", "0.0", "0.0"));
}

#[test]
fn touching_start_moving_in_takes_the_contact_normal() {
    // A bar touching a ball from below at the bar's middle, moving up: a
    // hit at 0 with the ball's normal there, pointing down at the bar.
    let m = capsule3(v3("-1.0", "0.0", "0.0"), v3("1.0", "0.0", "0.0"), "1.0");
    let t: Shape<3> = Ball::try_new(v3("0.0", "0.0", "2.0"), Fx::ONE)
        .unwrap()
        .into();
    let c = shape_cast(&m, &v3("0.0", "0.0", "1.0"), &t)
        .unwrap()
        .unwrap();
    assert_eq!(
        (c.t_enter, c.normal, c.overlapping),
        (Fx::ZERO, v3("0.0", "0.0", "-1.0"), false)
    );
    // Moving away: no hit.
    assert_eq!(shape_cast(&m, &v3("0.0", "0.0", "-1.0"), &t).unwrap(), None);
}

#[test]
fn sliding_past_a_crossing_bar_at_the_radius_sum_is_no_hit() {
    // The bars cross 2 apart (the radius sum) and the moving one slides
    // along x: they touch all the way and never penetrate.
    let m = capsule3(v3("0.0", "-5.0", "2.0"), v3("0.0", "5.0", "2.0"), "1.0");
    let t = capsule3(v3("-5.0", "0.0", "0.0"), v3("5.0", "0.0", "0.0"), "1.0");
    assert_eq!(shape_cast(&m, &v3("3.0", "0.0", "0.0"), &t).unwrap(), None);
}

#[test]
fn radius_sum_beyond_the_fast_paths_takes_the_walk() {
    // Radii of 10^6 each (sum above 2^20): the balls close a gap of
    // 80,000 over a step of 160,000, at s = 1/2.
    let ball = |x| -> Shape<3> {
        Ball::try_new(v3(x, "0.0", "0.0"), Fx::from_num(1_000_000))
            .unwrap()
            .into()
    };
    let c = shape_cast(
        &ball("-1040000.0"),
        &v3("160000.0", "0.0", "0.0"),
        &ball("1040000.0"),
    );
    let c = c.unwrap().unwrap();
    assert_eq!(
        (c.t_enter, c.normal),
        (Fx::from_num(0.5), v3("-1.0", "0.0", "0.0"))
    );
}

/// How often `n` generated cases miss, start overlapping, and enter (in
/// 3D: through the slab, or through an edge's piece).
fn outcomes<const D: usize>(n: usize) -> [usize; 4]
where
    Const<D>: Dim<D>,
{
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let case = case::<D>();
    let mut counts = [0; 4];
    for _ in 0..n {
        let (m, t, d) = case.new_tree(&mut runner).unwrap().current();
        let k = match shape_cast(&m, &d, &t).unwrap() {
            None => 0,
            Some(c) if c.overlapping => 1,
            Some(c) => {
                let slab = match (round(&m), round(&t)) {
                    (Some(x), Some(y)) if D == 3 => {
                        let w = |a: &[i64; D]| {
                            core::array::from_fn(|k| a.get(k).map_or(0, |&v| i128::from(v)))
                        };
                        let c0: [i64; D] = core::array::from_fn(|k| y.start[k] - x.start[k]);
                        slab(
                            w(&c0),
                            w(&x.dir),
                            w(&y.dir),
                            w(&d.to_bits()),
                            x.radius + y.radius,
                        )
                        .is_some_and(|s| s.0 == c.t_enter)
                    }
                    _ => false,
                };
                2 + usize::from(slab)
            }
        };
        counts[k] += 1;
    }
    counts
}

#[test]
fn generators_give_misses_overlaps_and_both_kinds_of_entry() {
    // At least 15% misses, 5% overlapping starts and 10% entries; in 3D
    // at least 5% through the slab.
    let [miss, overlap, edge, slab] = outcomes::<3>(2000);
    let counts = [miss, overlap, edge, slab];
    assert!(
        miss >= 300 && overlap >= 100 && edge >= 200 && slab >= 100,
        "{counts:?}"
    );
    let [miss, overlap, edge, _] = outcomes::<2>(2000);
    assert!(
        miss >= 300 && overlap >= 100 && edge >= 200,
        "{:?}",
        [miss, overlap, edge]
    );
}

#[test]
fn ball_meets_a_box_face_and_a_box_corner_2d() {
    let v = |x: &str, y: &str| Vector([x, y].map(fx));
    let b: Shape<2> = crate::shape::Aabb::try_new(v("3.0", "-1.0"), v("5.0", "1.0"))
        .unwrap()
        .into();
    let ball: Shape<2> = Ball::try_new(v("0.0", "0.0"), Fx::ONE).unwrap().into();
    // Head on: x + 1 reaches 3 at s = 1/2, the face x = 3.
    let c = shape_cast(&ball, &v("4.0", "0.0"), &b).unwrap().unwrap();
    assert_eq!((c.t_enter, c.normal), (Fx::from_num(0.5), v("-1.0", "0.0")));
    // At the corner (3, 1) from (0, 4) along (4, -4): the center reaches
    // (3 - 1/sqrt 2, 1 + 1/sqrt 2) at s = (3 - 1/sqrt 2) / 4, so 2^32 s =
    // 3 2^30 - sqrt(2^59), and the normal is (-1, 1) / sqrt 2, 2^32 times
    // it +-sqrt(2^63), each rounded down (both roots irrational).
    let high: Shape<2> = Ball::try_new(v("0.0", "4.0"), Fx::ONE).unwrap().into();
    let c = shape_cast(&high, &v("4.0", "-4.0"), &b).unwrap().unwrap();
    let (r59, r63) = ((1u64 << 59).isqrt() as i64, (1u64 << 63).isqrt() as i64);
    assert_eq!(c.t_enter, Fx::from_bits(3 * (1 << 30) - r59 - 1));
    assert_eq!(
        c.normal,
        Vector([Fx::from_bits(-r63 - 1), Fx::from_bits(r63)])
    );
    // The box moving onto the ball instead: the same time, the normal
    // opposite (within the rounding).
    let back = shape_cast(&b, &v("-4.0", "0.0"), &ball).unwrap().unwrap();
    assert_eq!(
        (back.t_enter, back.normal),
        (Fx::from_num(0.5), v("1.0", "0.0"))
    );
}

#[test]
fn ball_meets_a_box_face_edge_and_corner_3d() {
    let b: Shape<3> =
        crate::shape::Aabb::try_new(v3("3.0", "-1.0", "-1.0"), v3("5.0", "1.0", "1.0"))
            .unwrap()
            .into();
    let ball = |x, y, z| -> Shape<3> { Ball::try_new(v3(x, y, z), Fx::ONE).unwrap().into() };
    // The face x = 3 at s = 1/2.
    let c = shape_cast(&ball("0.0", "0.0", "0.0"), &v3("4.0", "0.0", "0.0"), &b)
        .unwrap()
        .unwrap();
    assert_eq!(
        (c.t_enter, c.normal),
        (Fx::from_num(0.5), v3("-1.0", "0.0", "0.0"))
    );
    // The edge x = 3, y = 1 head on along (1, -1, 0) / sqrt 2 from (0, 4,
    // 0): the normal (-1, 1, 0) / sqrt 2 rounded down, as ray_capsule's.
    let c = shape_cast(&ball("0.0", "4.0", "0.5"), &v3("4.0", "-4.0", "0.0"), &b)
        .unwrap()
        .unwrap();
    let r63 = (1u64 << 63).isqrt() as i64;
    assert_eq!(
        c.normal,
        Vector([Fx::from_bits(-r63 - 1), Fx::from_bits(r63), Fx::ZERO])
    );
    // Sliding along the face y = 1 + 1 (touching, never penetrating): no hit.
    assert_eq!(
        shape_cast(&ball("0.0", "2.0", "0.0"), &v3("8.0", "0.0", "0.0"), &b).unwrap(),
        None
    );
    // Reaching the face only at s = 1: no hit; one ulp further: a hit.
    assert_eq!(
        shape_cast(&ball("0.0", "0.0", "0.0"), &v3("2.0", "0.0", "0.0"), &b).unwrap(),
        None
    );
    let past = Vector([Fx::from_num(2) + Fx::DELTA, Fx::ZERO, Fx::ZERO]);
    assert!(
        shape_cast(&ball("0.0", "0.0", "0.0"), &past, &b)
            .unwrap()
            .is_some()
    );
}
