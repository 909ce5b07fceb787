//! Sphere vs AABB against the exact reference: hit and closest point,
//! spheres touching faces, edges and corners exactly, translation
//! invariance.

use super::*;
use crate::aabb_reference::{self as exact, DOM, HALF, ONE, RBox, raw, rvec};
use fixed_collide::sphere_aabb;

// ============================================================ generators ==

#[derive(Clone, Copy)]
pub struct BallCase<const D: usize> {
    pub ball: Ball<D>,
    pub b: Aabb<D>,
}

debug_by_show! {
    BallCase { ball, b }
}

/// One axis of a ball centre against a box `[b0, b1]`: inside, on a face
/// plane, an ulp or a step outside, or anywhere.
fn axis_ball() -> impl Strategy<Value = [i64; 3]> {
    (coord(), size(), step(), coord(), 0u8..9).prop_map(|(b0, sb, st, free, rel)| {
        let b1 = (b0 + sb).min(DOM);
        let c = match rel {
            0 => b0,
            1 => b1,
            2 => b0 - 1,
            3 => b1 + 1,
            4 => b0 + (b1 - b0) / 2,
            5 => b0 - st,
            6 => b1 + st,
            _ => free,
        };
        [b0, b1, clamp_dom(c)]
    })
}

fn radius() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(0i64),
        Just(1i64),
        (1i64..=6).prop_map(|k| k * ONE),
        (1i64..=12).prop_map(|k| k * HALF),
        0..=DOM,
        Just(DOM),
    ]
}

/// Integer offsets with an integer length, for spheres touching a box's
/// edge or corner exactly: (offsets, length).
const PYTHAGOREAN: [([i64; 3], i64); 9] = [
    ([1, 0, 0], 1),
    ([0, 1, 0], 1),
    ([3, 4, 0], 5),
    ([5, 12, 0], 13),
    ([8, 15, 0], 17),
    ([1, 2, 2], 3),
    ([2, 3, 6], 7),
    ([1, 4, 8], 9),
    ([2, 6, 9], 11),
];

/// A ball whose centre is off a face, edge or corner of the box by a
/// Pythagorean offset times a scale (an ulp, a half, one, any), with a
/// radius equal to that distance or an ulp either side.
fn ball_touching<const D: usize>() -> impl Strategy<Value = BallCase<D>> {
    let triples: Vec<_> = PYTHAGOREAN
        .iter()
        .copied()
        .filter(|(o, _)| o[D..].iter().all(|&c| c == 0))
        .collect();
    (
        proptest::array::uniform::<_, D>((coord(), size(), any::<bool>())),
        proptest::sample::select(triples),
        prop_oneof![Just(1i64), Just(HALF), Just(ONE), 1..=DOM / 64],
        -1i64..=1,
    )
        .prop_map(|(axes, (off, len), scale, delta)| {
            let mut min = [0i128; D];
            let mut max = [0i128; D];
            let mut c = [0i128; D];
            for i in 0..D {
                let (b0, sb, upper) = axes[i];
                let b0 = i128::from(b0).clamp(-i128::from(DOM) / 2, i128::from(DOM) / 2);
                let b1 = b0 + i128::from(sb).min(i128::from(DOM) / 4);
                min[i] = b0;
                max[i] = b1;
                let o = i128::from(off[i] * scale);
                c[i] = if o == 0 {
                    b0 + (b1 - b0) / 2
                } else if upper {
                    b1 + o
                } else {
                    b0 - o
                };
            }
            let r = (i128::from(len) * i128::from(scale) + i128::from(delta)).max(0);
            BallCase {
                ball: exact::ball_of(c, r.min(i128::from(DOM))),
                b: exact::aabb(min, max),
            }
        })
}

fn ball_case<const D: usize>() -> impl Strategy<Value = BallCase<D>> {
    prop_oneof![
        (proptest::array::uniform::<_, D>(axis_ball()), radius()).prop_map(|(axes, r)| {
            BallCase {
                ball: exact::ball_of(axes.map(|x| i128::from(x[2])), i128::from(r)),
                b: exact::aabb(
                    axes.map(|x| i128::from(x[0])),
                    axes.map(|x| i128::from(x[1])),
                ),
            }
        }),
        ball_touching::<D>(),
    ]
}

// ================================================================ checks ==

pub fn check_sphere<const D: usize>(c: &BallCase<D>) -> Check {
    let got = sphere_aabb(&c.ball, &c.b).map(|h| rvec(&h.point));
    let want = exact::sphere(
        &rvec(&c.ball.center()),
        raw(c.ball.radius()),
        &RBox::of(&c.b),
    );
    prop_assert_eq!(got, want, "{:?}", c);
    Ok(())
}

fn check_sphere_translation<const D: usize>(c: &BallCase<D>, picks: &[i64; D]) -> Check {
    let ctr = c.ball.center();
    let off = offsets(&[c.b.min(), c.b.max(), ctr], picks);
    let ball = exact::ball_of(rvec(&shift_vec(&ctr, &off)), raw(c.ball.radius()));
    let moved = sphere_aabb(&ball, &shift(&c.b, &off)).map(|h| h.point);
    let here = sphere_aabb(&c.ball, &c.b).map(|h| shift_vec(&h.point, &off));
    prop_assert_eq!(moved, here, "{:?} by {:?}", c, off);
    Ok(())
}

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(cases()))]

            #[test]
            fn sphere_hit_and_closest_point_match_exact(c in ball_case::<$d>()) {
                check_sphere(&c)?;
            }

            #[test]
            fn sphere_is_translation_invariant(c in ball_case::<$d>(), p in picks::<$d>()) {
                check_sphere_translation(&c, &p)?;
            }
        }
    };
}

mod d2 {
    dimension_props!(2);
}

mod d3 {
    dimension_props!(3);
}
