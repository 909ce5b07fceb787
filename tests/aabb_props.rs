//! Properties of the axis-aligned queries against the exact reference in
//! `aabb_reference`, in 2D (`d2::`) and 3D (`d3::`), 10,000 cases each.
//!
//! The generators build every coordinate on raw bits and bias it toward the
//! edges: boxes touching on a face, edge or corner, 1-ulp gaps and overlaps,
//! zero-size boxes, the domain limits 2^20 and tiny values, zero velocity
//! components, displacements that make boxes touch exactly at t = 0, 1/2 or
//! 1, any `Fx` bits for the sweeps' displacements, rays aimed at faces, edges
//! and corners, origins on the surface.

mod aabb_reference;

use aabb_reference::{self as exact, DOM, HALF, ONE, RBox, Rat, fx, raw, rvec, unit, vec_of};
use fixed_collide::{
    Aabb, Ball, DOMAIN, Fx, Ray, Vector, aabb_contact, aabb_intersection, aabb_overlap,
    aabb_overlap_open, aabb_sweep, aabb_sweep_pair, ray_aabb, sphere_aabb,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Cases per property: 10,000, or `FIXED_COLLIDE_CASES` (lowered under qemu).
fn cases() -> u32 {
    std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000)
}

type Check = Result<(), TestCaseError>;

// ============================================================ generators ==

/// A coordinate: integers, halves, a few ulps, any raw bits in the domain,
/// and the domain limits.
fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (-8i64..=8).prop_map(|k| k * ONE),
        2 => (-16i64..=16).prop_map(|k| k * HALF),
        1 => -3i64..=3,
        3 => -DOM..=DOM,
        1 => prop_oneof![Just(DOM), Just(-DOM), Just(DOM - 1), Just(-DOM + 1)],
    ]
}

/// A size (>= 0): zero, one ulp, integers, halves, anything up to the width
/// of the domain.
fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        1 => Just(1i64),
        3 => (1i64..=6).prop_map(|k| k * ONE),
        2 => (1i64..=12).prop_map(|k| k * HALF),
        2 => 0..=2 * DOM,
        1 => 0i64..=1000,
    ]
}

/// A positive distance: an ulp, a half, small integers, anything in the
/// domain.
fn step() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(1i64),
        Just(HALF),
        (1i64..=4).prop_map(|k| k * ONE),
        1..=DOM,
    ]
}

/// A displacement: any `Fx` bits, biased to zero, ulps, small values, the
/// domain and the extremes of `Fx`.
fn disp() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        1 => prop_oneof![Just(1i64), Just(-1i64)],
        2 => (-8i64..=8).prop_map(|k| k * ONE),
        1 => (-16i64..=16).prop_map(|k| k * HALF),
        2 => -2 * DOM..=2 * DOM,
        2 => any::<i64>(),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(i64::MIN + 1), Just(DOM), Just(-DOM)],
    ]
}

fn clamp_dom(v: i64) -> i64 {
    v.clamp(-DOM, DOM)
}

/// One axis of two boxes `a = [a0, a1]`, `b = [b0, b1]`, with `b` placed
/// relative to `a`: touching either face, 1-ulp gaps and overlaps, equal,
/// inside, containing, zero-size on a face, separated, or independent.
fn axis_pair() -> impl Strategy<Value = [i64; 4]> {
    axis_pair_by(0u8..17)
}

/// Like [`axis_pair`], but mostly penetrating (1-ulp overlaps, equal,
/// inside, containing), sometimes touching: boxes that overlap openly on
/// every axis, or on all but one, are common in 3D too.
fn axis_pair_overlapping() -> impl Strategy<Value = [i64; 4]> {
    axis_pair_by(prop_oneof![
        4 => prop_oneof![Just(6u8), Just(7), Just(8), Just(9), Just(12)],
        1 => 0u8..4,
    ])
}

fn axis_pair_by(relation: impl Strategy<Value = u8>) -> impl Strategy<Value = [i64; 4]> {
    (coord(), size(), size(), step(), coord(), relation).prop_map(|(a0, sa, sb, st, free, rel)| {
        let a1 = (a0 + sa).min(DOM);
        let (b0, b1) = match rel {
            0 | 1 => (a1, a1 + sb),
            2 | 3 => (a0 - sb, a0),
            4 => (a1 + 1, a1 + 1 + sb),
            5 => (a0 - 1 - sb, a0 - 1),
            6 => (a1 - 1, a1 - 1 + sb),
            7 => (a0 + 1 - sb, a0 + 1),
            8 => (a0, a1),
            9 => {
                let lo = a0 + st.min(a1 - a0);
                (lo, lo + sb.min(a1 - lo))
            }
            10 => (a0, a0),
            11 => (a1, a1),
            12 => (a0 - st, a1 + st),
            13 => (a1 + st, a1 + st + sb),
            _ => (free, free + sb),
        };
        [a0, a1, clamp_dom(b0), clamp_dom(b1)]
    })
}

#[derive(Clone, Copy)]
struct PairCase<const D: usize> {
    a: Aabb<D>,
    b: Aabb<D>,
}

fn boxes<const D: usize>(axes: &[[i64; 4]; D]) -> (Aabb<D>, Aabb<D>) {
    let a = exact::aabb(
        axes.map(|x| i128::from(x[0])),
        axes.map(|x| i128::from(x[1])),
    );
    let b = exact::aabb(
        axes.map(|x| i128::from(x[2])),
        axes.map(|x| i128::from(x[3])),
    );
    (a, b)
}

fn pair_case<const D: usize>() -> impl Strategy<Value = PairCase<D>> {
    prop_oneof![
        proptest::array::uniform::<_, D>(axis_pair()),
        proptest::array::uniform::<_, D>(axis_pair_overlapping()),
    ]
    .prop_map(|axes| {
        let (a, b) = boxes(&axes);
        PairCase { a, b }
    })
}

/// An offset that keeps every given raw coordinate inside the domain:
/// integers, an ulp, or any bits, clamped into the allowed range.
fn offset_for(coords: &[i128], pick: i64) -> i128 {
    let lo = -i128::from(DOM) - coords.iter().min().copied().unwrap_or(0);
    let hi = i128::from(DOM) - coords.iter().max().copied().unwrap_or(0);
    i128::from(pick).clamp(lo, hi)
}

fn offset_pick() -> impl Strategy<Value = i64> {
    prop_oneof![
        (-4i64..=4).prop_map(|k| k * ONE),
        Just(1i64),
        Just(-1i64),
        -2 * DOM..=2 * DOM,
    ]
}

fn shift<const D: usize>(b: &Aabb<D>, off: &[i128; D]) -> Aabb<D> {
    let r = RBox::of(b);
    exact::aabb(
        std::array::from_fn(|i| r.min[i] + off[i]),
        std::array::from_fn(|i| r.max[i] + off[i]),
    )
}

fn shift_vec<const D: usize>(v: &Vector<D>, off: &[i128; D]) -> Vector<D> {
    vec_of(std::array::from_fn(|i| raw(v.0[i]) + off[i]))
}

/// Per axis, an offset keeping all of `points` in the domain.
fn offsets<const D: usize>(points: &[Vector<D>], picks: &[i64; D]) -> [i128; D] {
    std::array::from_fn(|i| {
        let cs: Vec<i128> = points.iter().map(|p| raw(p.0[i])).collect();
        offset_for(&cs, picks[i])
    })
}

/// One axis of a sweep: stationary `[s0, s1]`, moving `[m0, m1]` placed as
/// in [`axis_pair`], and a displacement that is zero, makes the boxes touch
/// exactly at t = 1, 1/2 or 1/3 (or misses that by an ulp), or is anything.
fn axis_sweep() -> impl Strategy<Value = [i64; 5]> {
    axis_sweep_from(axis_pair())
}

/// [`axis_sweep`] from boxes that mostly penetrate on this axis.
fn axis_sweep_overlapping() -> impl Strategy<Value = [i64; 5]> {
    axis_sweep_from(axis_pair_overlapping())
}

fn axis_sweep_from(pair: impl Strategy<Value = [i64; 4]>) -> impl Strategy<Value = [i64; 5]> {
    (pair, disp(), 0u8..16).prop_map(|([s0, s1, m0, m1], free, rel)| {
        // m's max face reaches s's min plane after displacement `lo`; m's min
        // face reaches s's max plane after `hi`.
        let (lo, hi) = (s0 - m1, s1 - m0);
        let d = match rel {
            0..=2 => 0,
            3 => lo,
            4 => hi,
            5 => 2 * lo,
            6 => 2 * hi,
            7 => lo + 1,
            8 => lo - 1,
            9 => hi + 1,
            10 => hi - 1,
            11 => 3 * lo,
            _ => free,
        };
        [s0, s1, m0, m1, d]
    })
}

#[derive(Clone, Copy)]
struct SweepCase<const D: usize> {
    s: Aabb<D>,
    m: Aabb<D>,
    d: Vector<D>,
}

fn sweep_case<const D: usize>() -> impl Strategy<Value = SweepCase<D>> {
    prop_oneof![
        proptest::array::uniform::<_, D>(axis_sweep()),
        proptest::array::uniform::<_, D>(axis_sweep_overlapping()),
    ]
    .prop_map(|axes| {
        let (s, m) = boxes(&axes.map(|x| [x[0], x[1], x[2], x[3]]));
        SweepCase {
            s,
            m,
            d: Vector(axes.map(|x| Fx::from_bits(x[4]))),
        }
    })
}

/// A sweep where the moving box touches a face of the stationary one at
/// t = 0 on axis `k` (other axes as generated). `into` chooses between
/// moving into that face (any positive speed) or sliding along / moving away
/// from it (zero or any speed away).
fn touching_sweep<const D: usize>(into: bool) -> impl Strategy<Value = (SweepCase<D>, usize)> {
    (sweep_case::<D>(), 0..D, any::<bool>(), disp()).prop_map(move |(c, k, upper, speed)| {
        let (s, m) = (RBox::of(&c.s), RBox::of(&c.m));
        let mut mm = m;
        let size = m.max[k] - m.min[k];
        let mut d = rvec(&c.d);
        // Put m against s's max face (upper) or min face, keeping m's size
        // when the domain allows.
        if upper {
            mm.min[k] = s.max[k];
            mm.max[k] = (s.max[k] + size).min(i128::from(DOM));
        } else {
            mm.max[k] = s.min[k];
            mm.min[k] = (s.min[k] - size).max(-i128::from(DOM));
        }
        let mag = i128::from(speed).abs().max(1);
        let toward = if upper { -mag } else { mag };
        d[k] = if into {
            toward
        } else if speed % 2 == 0 {
            0
        } else {
            -toward
        };
        let d = Vector(d.map(|v| fx(v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)))));
        (
            SweepCase {
                s: c.s,
                m: exact::rbox_aabb(&mm),
                d,
            },
            k,
        )
    })
}

/// A sweep where the boxes overlap openly on every axis but `k`, where the
/// moving box starts `gap > 0` away and `d` covers exactly the gap: they
/// come to touch at t = 1 and no earlier. Other axes have zero displacement.
fn touch_at_one_sweep<const D: usize>() -> impl Strategy<Value = (SweepCase<D>, usize)> {
    (
        proptest::array::uniform::<_, D>((coord(), size(), size())),
        0..D,
        step(),
        any::<bool>(),
    )
        .prop_map(|(axes, k, gap, upper)| {
            let mut s = RBox {
                min: [0i128; D],
                max: [0i128; D],
            };
            let mut m = s;
            let mut d = [0i128; D];
            for i in 0..D {
                let (c, s_size, m_size) = axes[i];
                // Keep away from the domain limits so nothing is clamped.
                let c = i128::from(c).clamp(-i128::from(DOM) / 2, i128::from(DOM) / 2);
                let sz = i128::from(s_size).clamp(2, i128::from(DOM) / 8);
                let mz = i128::from(m_size).clamp(2, i128::from(DOM) / 8);
                s.min[i] = c;
                s.max[i] = c + sz;
                if i == k {
                    let g = i128::from(gap).min(i128::from(DOM) / 8);
                    if upper {
                        m.min[i] = s.max[i] + g;
                        m.max[i] = m.min[i] + mz;
                        d[i] = -g;
                    } else {
                        m.max[i] = s.min[i] - g;
                        m.min[i] = m.max[i] - mz;
                        d[i] = g;
                    }
                } else {
                    // Open overlap: m straddles s's min plane.
                    m.min[i] = c - 1;
                    m.max[i] = c + 1;
                }
            }
            (
                SweepCase {
                    s: exact::rbox_aabb(&s),
                    m: exact::rbox_aabb(&m),
                    d: vec_of(d),
                },
                k,
            )
        })
}

#[derive(Clone, Copy)]
struct PairSweepCase<const D: usize> {
    a: Aabb<D>,
    va: Vector<D>,
    b: Aabb<D>,
    vb: Vector<D>,
}

/// One axis of two moving boxes: the relative displacement `vb - va` makes
/// them touch at t = 1, 1/2, 1/3 (or an ulp off), is zero, or anything; or
/// both displacements are any bits.
fn axis_pair_sweep() -> impl Strategy<Value = [i64; 6]> {
    (axis_pair(), disp(), disp(), 0u8..16).prop_map(|([a0, a1, b0, b1], va, free, rel)| {
        // b's max face meets a's min plane after relative displacement lo,
        // b's min face meets a's max plane after hi.
        let (lo, hi) = (a0 - b1, a1 - b0);
        let v = match rel {
            0..=2 => 0,
            3 => lo,
            4 => hi,
            5 => 2 * lo,
            6 => 2 * hi,
            7 => lo + 1,
            8 => hi - 1,
            9 => 3 * hi,
            10..=12 => return [a0, a1, b0, b1, va, free],
            _ => free,
        };
        match va.checked_add(v) {
            Some(vb) => [a0, a1, b0, b1, va, vb],
            None => [a0, a1, b0, b1, 0, v],
        }
    })
}

fn pair_sweep_case<const D: usize>() -> impl Strategy<Value = PairSweepCase<D>> {
    proptest::array::uniform::<_, D>(axis_pair_sweep()).prop_map(|axes| {
        let (a, b) = boxes(&axes.map(|x| [x[0], x[1], x[2], x[3]]));
        PairSweepCase {
            a,
            va: Vector(axes.map(|x| Fx::from_bits(x[4]))),
            b,
            vb: Vector(axes.map(|x| Fx::from_bits(x[5]))),
        }
    })
}

#[derive(Clone, Copy)]
struct RayCase<const D: usize> {
    ray: Ray<D>,
    b: Aabb<D>,
}

/// One axis of a ray and a box `[b0, b1]`: the origin on a face plane, an
/// ulp or a step outside, inside, or anywhere; the direction zero (parallel
/// to the slab), aimed at a face plane (reached at t = 1, or t = 1/2), an ulp
/// off, tiny, at the domain limit, or anything in the domain.
fn axis_ray() -> impl Strategy<Value = [i64; 4]> {
    (
        (coord(), size(), step(), coord()),
        (0u8..10, 0u8..14, coord()),
    )
        .prop_map(|((b0, sb, st, free_o), (orel, drel, free_d))| {
            let b1 = (b0 + sb).min(DOM);
            let mid = b0 + (b1 - b0) / 2;
            let o = clamp_dom(match orel {
                0 => b0,
                1 => b1,
                2 => b0 - 1,
                3 => b1 + 1,
                4 => mid,
                5 => b0 - st,
                6 => b1 + st,
                _ => free_o,
            });
            let dir = clamp_dom(match drel {
                0 | 1 => 0,
                2 => b0 - o,
                3 => b1 - o,
                4 => mid - o,
                5 => b0 - o + 1,
                6 => b1 - o - 1,
                7 => 2 * (b0 - o),
                8 => 1,
                9 => -1,
                10 => DOM,
                11 => -DOM,
                _ => free_d,
            });
            [b0, b1, o, dir]
        })
}

/// One axis of a ray aimed at a target point chosen on this axis (a face
/// plane, an ulp outside it, inside): when every axis aims at a face plane
/// the ray goes through a corner or along an edge, at t = `1 / k`.
fn axis_ray_aimed() -> impl Strategy<Value = [i64; 4]> {
    (coord(), size(), coord(), 0u8..7).prop_map(|(b0, sb, o, trel)| {
        let b1 = (b0 + sb).min(DOM);
        let target = match trel {
            0 | 1 => b0,
            2 | 3 => b1,
            4 => b0 - 1,
            5 => b1 + 1,
            _ => b0 + (b1 - b0) / 2,
        };
        [b0, b1, o, clamp_dom(target - o)]
    })
}

fn max_t() -> impl Strategy<Value = Fx> {
    prop_oneof![
        3 => Just(Fx::MAX),
        2 => Just(Fx::ONE),
        1 => Just(Fx::ZERO),
        1 => Just(Fx::from_bits(HALF)),
        2 => (0i64..=8 * ONE).prop_map(Fx::from_bits),
        1 => (0i64..=i64::MAX).prop_map(Fx::from_bits),
    ]
}

fn ray_case_from<const D: usize>(axes: [[i64; 4]; D], max_t: Fx) -> RayCase<D> {
    let b = exact::aabb(
        axes.map(|x| i128::from(x[0])),
        axes.map(|x| i128::from(x[1])),
    );
    let o = axes.map(|x| i128::from(x[2]));
    let mut dir = axes.map(|x| i128::from(x[3]));
    if dir.iter().all(|&c| c == 0) {
        // A zero direction is rejected by the constructor: nudge it.
        dir[0] = 1;
    }
    RayCase {
        ray: exact::ray_of(o, dir, max_t),
        b,
    }
}

fn ray_case<const D: usize>() -> impl Strategy<Value = RayCase<D>> {
    prop_oneof![
        3 => (proptest::array::uniform::<_, D>(axis_ray()), max_t())
            .prop_map(|(axes, t)| ray_case_from(axes, t)),
        2 => (proptest::array::uniform::<_, D>(axis_ray_aimed()), max_t())
            .prop_map(|(axes, t)| ray_case_from(axes, t)),
    ]
}

#[derive(Clone, Copy)]
struct BallCase<const D: usize> {
    ball: Ball<D>,
    b: Aabb<D>,
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

/// Boxes, displacements and rays made only of the extreme values: the domain
/// limits, an ulp inside them, zero, an ulp; displacements of any bits.
fn extreme() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(DOM),
        Just(-DOM),
        Just(DOM - 1),
        Just(-DOM + 1),
        Just(0i64),
        Just(1i64),
        Just(-1i64),
    ]
}

#[derive(Clone, Copy)]
struct ExtremeCase<const D: usize> {
    a: Aabb<D>,
    b: Aabb<D>,
    va: Vector<D>,
    vb: Vector<D>,
    dir: Vector<D>,
    max_t: Fx,
}

fn extreme_case<const D: usize>() -> impl Strategy<Value = ExtremeCase<D>> {
    (
        proptest::array::uniform::<_, D>((extreme(), extreme(), extreme(), extreme())),
        proptest::array::uniform::<_, D>((any::<i64>(), disp(), extreme())),
        prop_oneof![Just(Fx::MAX), (0i64..=i64::MAX).prop_map(Fx::from_bits)],
    )
        .prop_map(|(corners, moves, max_t)| {
            let a = exact::aabb(
                corners.map(|c| i128::from(c.0.min(c.1))),
                corners.map(|c| i128::from(c.0.max(c.1))),
            );
            let b = exact::aabb(
                corners.map(|c| i128::from(c.2.min(c.3))),
                corners.map(|c| i128::from(c.2.max(c.3))),
            );
            let mut dir = moves.map(|m| i128::from(m.2));
            if dir.iter().all(|&c| c == 0) {
                dir[0] = i128::from(DOM);
            }
            ExtremeCase {
                a,
                b,
                va: Vector(moves.map(|m| Fx::from_bits(m.0))),
                vb: Vector(moves.map(|m| Fx::from_bits(m.1))),
                dir: vec_of(dir),
                max_t,
            }
        })
}

// ======================================================= failure output ==

/// Failure messages show every scalar as its decimal and, in `<>`, its raw
/// bits: `fixed`'s own `Debug` is not exact (it prints floor(0.3) as 0.3).
trait Show {
    fn show(&self) -> String;
}

impl Show for Fx {
    fn show(&self) -> String {
        format!("{self}<{}>", self.to_bits())
    }
}

impl<const D: usize> Show for Vector<D> {
    fn show(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(Show::show).collect();
        format!("[{}]", parts.join(", "))
    }
}

impl<const D: usize> Show for Aabb<D> {
    fn show(&self) -> String {
        format!("{}..{}", self.min().show(), self.max().show())
    }
}

impl<const D: usize> Show for Ray<D> {
    fn show(&self) -> String {
        let (o, d, t) = (self.origin(), self.dir(), self.max_t());
        format!("origin {} dir {} max_t {}", o.show(), d.show(), t.show())
    }
}

impl<const D: usize> Show for Ball<D> {
    fn show(&self) -> String {
        format!("center {} r {}", self.center().show(), self.radius().show())
    }
}

macro_rules! debug_by_show {
    ($($name:ident { $($field:ident),* })*) => {$(
        impl<const D: usize> std::fmt::Debug for $name<D> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let mut s = f.debug_struct(stringify!($name));
                $(s.field(stringify!($field), &format_args!("{}", self.$field.show()));)*
                s.finish()
            }
        }
    )*};
}

debug_by_show! {
    PairCase { a, b }
    SweepCase { s, m, d }
    PairSweepCase { a, va, b, vb }
    RayCase { ray, b }
    BallCase { ball, b }
    ExtremeCase { a, b, va, vb, dir, max_t }
}

// ================================================================ checks ==

fn check_overlap_closed<const D: usize>(c: &PairCase<D>) -> Check {
    let want = exact::overlap_closed(&RBox::of(&c.a), &RBox::of(&c.b));
    prop_assert_eq!(aabb_overlap(&c.a, &c.b), want, "closed overlap of {:?}", c);
    Ok(())
}

fn check_overlap_open<const D: usize>(c: &PairCase<D>) -> Check {
    let want = exact::overlap_open(&RBox::of(&c.a), &RBox::of(&c.b));
    prop_assert_eq!(
        aabb_overlap_open(&c.a, &c.b),
        want,
        "open overlap of {:?}",
        c
    );
    Ok(())
}

fn check_intersection<const D: usize>(c: &PairCase<D>) -> Check {
    let want = exact::intersection(&RBox::of(&c.a), &RBox::of(&c.b));
    let got = aabb_intersection(&c.a, &c.b).map(|b| RBox::of(&b));
    prop_assert_eq!(got, want, "intersection of {:?}", c);
    prop_assert_eq!(got.is_some(), aabb_overlap(&c.a, &c.b), "{:?}", c);
    Ok(())
}

fn check_overlap_symmetric<const D: usize>(c: &PairCase<D>) -> Check {
    prop_assert_eq!(
        aabb_overlap(&c.a, &c.b),
        aabb_overlap(&c.b, &c.a),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_overlap_open(&c.a, &c.b),
        aabb_overlap_open(&c.b, &c.a),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_intersection(&c.a, &c.b),
        aabb_intersection(&c.b, &c.a),
        "{:?}",
        c
    );
    Ok(())
}

fn check_overlap_translation<const D: usize>(c: &PairCase<D>, picks: &[i64; D]) -> Check {
    let off = offsets(&[c.a.min(), c.a.max(), c.b.min(), c.b.max()], picks);
    let (a2, b2) = (shift(&c.a, &off), shift(&c.b, &off));
    prop_assert_eq!(
        aabb_overlap(&a2, &b2),
        aabb_overlap(&c.a, &c.b),
        "{:?} by {:?}",
        c,
        off
    );
    prop_assert_eq!(
        aabb_overlap_open(&a2, &b2),
        aabb_overlap_open(&c.a, &c.b),
        "{:?} by {:?}",
        c,
        off
    );
    prop_assert_eq!(
        aabb_intersection(&a2, &b2),
        aabb_intersection(&c.a, &c.b).map(|i| shift(&i, &off)),
        "{:?} by {:?}",
        c,
        off
    );
    Ok(())
}

/// Boxes from centre and half-size: overlap equals seed 000's centre test
/// `|cb - ca| <= ha + hb` (closed) and `<` (open), taken directly on the
/// centre form; a box whose corner would leave the domain is an error.
fn check_center_half<const D: usize>(
    ca: [i64; D],
    ha: [i64; D],
    cb: [i64; D],
    hb: [i64; D],
) -> Check {
    let make = |c: [i64; D], h: [i64; D]| {
        Aabb::try_from_center_half(Vector(c.map(Fx::from_bits)), Vector(h.map(Fx::from_bits)))
    };
    let fits = |c: [i64; D], h: [i64; D]| {
        (0..D).all(|i| (c[i] - h[i]).abs() <= DOM && (c[i] + h[i]).abs() <= DOM)
    };
    let (a, b) = (make(ca, ha), make(cb, hb));
    prop_assert_eq!(a.is_ok(), fits(ca, ha), "centre {:?} half {:?}", ca, ha);
    prop_assert_eq!(b.is_ok(), fits(cb, hb), "centre {:?} half {:?}", cb, hb);
    if let (Ok(a), Ok(b)) = (a, b) {
        let closed = (0..D).all(|i| (cb[i] - ca[i]).abs() <= ha[i] + hb[i]);
        let open = (0..D).all(|i| (cb[i] - ca[i]).abs() < ha[i] + hb[i]);
        prop_assert_eq!(aabb_overlap(&a, &b), closed, "{:?} {:?}", a, b);
        prop_assert_eq!(aabb_overlap_open(&a, &b), open, "{:?} {:?}", a, b);
    }
    Ok(())
}

fn check_contact<const D: usize>(c: &PairCase<D>) -> Check {
    let got = aabb_contact(&c.a, &c.b);
    let want = exact::contact(&RBox::of(&c.a), &RBox::of(&c.b));
    match (got, want) {
        (None, None) => {}
        (Some(g), Some(w)) => {
            prop_assert_eq!(g.normal, unit::<D>(w.axis, w.positive), "normal, {:?}", c);
            prop_assert_eq!(raw(g.depth), w.depth, "depth, {:?}", c);
            prop_assert_eq!(rvec(&g.point), w.point, "point, {:?}", c);
        }
        (g, w) => prop_assert!(false, "contact {:?}, exact {:?}, case {:?}", g, w, c),
    }
    Ok(())
}

/// Moving `b` by `depth` along the normal leaves the boxes touching: closed
/// overlap, no open overlap.
fn check_contact_push<const D: usize>(c: &PairCase<D>) -> Check {
    let Some(k) = aabb_contact(&c.a, &c.b) else {
        return Ok(());
    };
    let mut b = RBox::of(&c.b);
    for i in 0..D {
        let step = (raw(k.normal.0[i]) * raw(k.depth)) >> 32;
        b.min[i] += step;
        b.max[i] += step;
    }
    let a = RBox::of(&c.a);
    prop_assert!(
        exact::overlap_closed(&a, &b),
        "pushed apart: {:?} -> {:?}",
        c,
        k
    );
    prop_assert!(
        !exact::overlap_open(&a, &b),
        "still penetrating: {:?} -> {:?}",
        c,
        k
    );
    Ok(())
}

fn check_contact_depth_zero_iff_touching<const D: usize>(c: &PairCase<D>) -> Check {
    if let Some(k) = aabb_contact(&c.a, &c.b) {
        prop_assert!(k.depth >= Fx::ZERO, "{:?} -> {:?}", c, k);
        prop_assert_eq!(
            k.depth == Fx::ZERO,
            !aabb_overlap_open(&c.a, &c.b),
            "{:?} -> {:?}",
            c,
            k
        );
    }
    Ok(())
}

/// Swapping the boxes keeps the depth and the point (the intersection box is
/// symmetric; `b`'s distances are `a`'s, mirrored).
fn check_contact_swap<const D: usize>(c: &PairCase<D>) -> Check {
    let (ab, ba) = (aabb_contact(&c.a, &c.b), aabb_contact(&c.b, &c.a));
    prop_assert_eq!(ab.is_some(), ba.is_some(), "{:?}", c);
    if let (Some(ab), Some(ba)) = (ab, ba) {
        prop_assert_eq!(ab.depth, ba.depth, "{:?}", c);
        prop_assert_eq!(ab.point, ba.point, "{:?}", c);
    }
    Ok(())
}

fn check_contact_translation<const D: usize>(c: &PairCase<D>, picks: &[i64; D]) -> Check {
    let off = offsets(&[c.a.min(), c.a.max(), c.b.min(), c.b.max()], picks);
    let moved = aabb_contact(&shift(&c.a, &off), &shift(&c.b, &off));
    let here = aabb_contact(&c.a, &c.b);
    prop_assert_eq!(moved.is_some(), here.is_some(), "{:?} by {:?}", c, off);
    if let (Some(m), Some(h)) = (moved, here) {
        prop_assert_eq!(m.normal, h.normal, "{:?} by {:?}", c, off);
        prop_assert_eq!(m.depth, h.depth, "{:?} by {:?}", c, off);
        prop_assert_eq!(m.point, shift_vec(&h.point, &off), "{:?} by {:?}", c, off);
    }
    Ok(())
}

fn exact_sweep<const D: usize>(c: &SweepCase<D>) -> Option<exact::SweepRef> {
    exact::sweep(&RBox::of(&c.s), &RBox::of(&c.m), &rvec(&c.d))
}

fn check_sweep_hit<const D: usize>(c: &SweepCase<D>) -> Check {
    let got = aabb_sweep(&c.s, &c.m, c.d);
    let want = exact_sweep(c);
    prop_assert_eq!(
        got.is_some(),
        want.is_some(),
        "got {:?}, exact {:?}, case {:?}",
        got,
        want,
        c
    );
    Ok(())
}

fn check_sweep_times<const D: usize>(c: &SweepCase<D>) -> Check {
    if let (Some(g), Some(w)) = (aabb_sweep(&c.s, &c.m, c.d), exact_sweep(c)) {
        prop_assert_eq!(
            g.overlapping,
            w.overlapping,
            "overlapping, exact {:?}, case {:?}",
            w,
            c
        );
        prop_assert_eq!(
            g.t_enter,
            w.enter.floor_fx(),
            "t_enter, exact {}, case {:?}",
            w.enter,
            c
        );
        prop_assert_eq!(
            g.t_exit,
            w.exit.ceil_fx(),
            "t_exit, exact {}, case {:?}",
            w.exit,
            c
        );
    }
    Ok(())
}

fn check_sweep_normal<const D: usize>(c: &SweepCase<D>) -> Check {
    if let (Some(g), Some(w)) = (aabb_sweep(&c.s, &c.m, c.d), exact_sweep(c)) {
        let want = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
        prop_assert_eq!(g.normal, want, "exact {:?}, case {:?}", w, c);
    }
    Ok(())
}

/// At the exact entry time the boxes touch without penetrating; at the
/// reported `t_enter` (and an ulp before) they do not penetrate; an ulp after
/// it they do (unless the penetration has already ended). Likewise at exit.
fn check_sweep_touch_at_enter<const D: usize>(c: &SweepCase<D>) -> Check {
    let Some(g) = aabb_sweep(&c.s, &c.m, c.d) else {
        return Ok(());
    };
    let w = exact_sweep(c).expect("hit/miss is checked elsewhere");
    let (s, m, d) = (RBox::of(&c.s), RBox::of(&c.m), rvec(&c.d));
    let at = |t: &Rat| {
        (
            exact::sweep_closed_at(&s, &m, &d, t),
            exact::sweep_open_at(&s, &m, &d, t),
        )
    };
    // Scalars as fractions over 2^32: n +- 1 is an ulp later or earlier.
    let (te, tx) = (Rat::of_fx(g.t_enter), Rat::of_fx(g.t_exit));
    let after = Rat::new(te.n + 1, te.d);
    let before_exit = Rat::new(tx.n - 1, tx.d);
    if !g.overlapping {
        prop_assert_eq!(
            at(&w.enter),
            (true, false),
            "at exact entry {}, {:?}",
            w.enter,
            c
        );
        prop_assert!(!at(&te).1, "penetrating at t_enter {}, {:?}", g.t_enter, c);
        if g.t_enter > Fx::ZERO {
            let before = Rat::new(te.n - 1, te.d);
            prop_assert!(
                !at(&before).1,
                "penetrating before t_enter {}, {:?}",
                g.t_enter,
                c
            );
        }
    } else {
        prop_assert!(
            at(&Rat::ZERO).1,
            "overlapping but not penetrating at 0: {:?}",
            c
        );
    }
    if after < w.exit && after <= Rat::ONE {
        prop_assert!(
            at(&after).1,
            "not penetrating an ulp after t_enter {}, {:?}",
            g.t_enter,
            c
        );
    }
    if w.exit < Rat::ONE {
        prop_assert!(
            !at(&w.exit).1,
            "penetrating at exact exit {}, {:?}",
            w.exit,
            c
        );
        prop_assert!(!at(&tx).1, "penetrating at t_exit {}, {:?}", g.t_exit, c);
    }
    if before_exit > w.enter && before_exit >= Rat::ZERO {
        prop_assert!(
            at(&before_exit).1,
            "not penetrating an ulp before t_exit {}, {:?}",
            g.t_exit,
            c
        );
    }
    Ok(())
}

fn check_sweep_translation<const D: usize>(c: &SweepCase<D>, picks: &[i64; D]) -> Check {
    let off = offsets(&[c.s.min(), c.s.max(), c.m.min(), c.m.max()], picks);
    let moved = aabb_sweep(&shift(&c.s, &off), &shift(&c.m, &off), c.d);
    prop_assert_eq!(moved, aabb_sweep(&c.s, &c.m, c.d), "{:?} by {:?}", c, off);
    Ok(())
}

fn exact_pair<const D: usize>(c: &PairSweepCase<D>) -> Option<(Rat, Rat)> {
    exact::sweep_pair(&RBox::of(&c.a), &rvec(&c.va), &RBox::of(&c.b), &rvec(&c.vb))
}

fn check_pair_hit<const D: usize>(c: &PairSweepCase<D>) -> Check {
    let got = aabb_sweep_pair(&c.a, c.va, &c.b, c.vb);
    let want = exact_pair(c);
    prop_assert_eq!(
        got.is_some(),
        want.is_some(),
        "got {:?}, exact {:?}, case {:?}",
        got,
        want,
        c
    );
    Ok(())
}

fn check_pair_times<const D: usize>(c: &PairSweepCase<D>) -> Check {
    if let (Some(g), Some((u0, u1))) = (aabb_sweep_pair(&c.a, c.va, &c.b, c.vb), exact_pair(c)) {
        prop_assert_eq!(g.u0, u0.floor_fx(), "u0, exact {}, case {:?}", u0, c);
        prop_assert_eq!(g.u1, u1.ceil_fx(), "u1, exact {}, case {:?}", u1, c);
    }
    Ok(())
}

fn check_pair_symmetric<const D: usize>(c: &PairSweepCase<D>) -> Check {
    prop_assert_eq!(
        aabb_sweep_pair(&c.a, c.va, &c.b, c.vb),
        aabb_sweep_pair(&c.b, c.vb, &c.a, c.va),
        "{:?}",
        c
    );
    Ok(())
}

/// Adding the same displacement to both boxes changes nothing (only the
/// relative motion matters), when the sums are representable.
fn check_pair_common_motion<const D: usize>(c: &PairSweepCase<D>, w: [i64; D]) -> Check {
    let add = |v: &Vector<D>| -> Option<Vector<D>> {
        let mut out = *v;
        for (o, wi) in out.0.iter_mut().zip(w) {
            *o = o.checked_add(Fx::from_bits(wi))?;
        }
        Some(out)
    };
    if let (Some(va), Some(vb)) = (add(&c.va), add(&c.vb)) {
        prop_assert_eq!(
            aabb_sweep_pair(&c.a, va, &c.b, vb),
            aabb_sweep_pair(&c.a, c.va, &c.b, c.vb),
            "{:?} plus {:?}",
            c,
            w
        );
    }
    Ok(())
}

fn check_pair_translation<const D: usize>(c: &PairSweepCase<D>, picks: &[i64; D]) -> Check {
    let off = offsets(&[c.a.min(), c.a.max(), c.b.min(), c.b.max()], picks);
    prop_assert_eq!(
        aabb_sweep_pair(&shift(&c.a, &off), c.va, &shift(&c.b, &off), c.vb),
        aabb_sweep_pair(&c.a, c.va, &c.b, c.vb),
        "{:?} by {:?}",
        c,
        off
    );
    Ok(())
}

/// The closed interval of the pair contains the open one of the sweep: a
/// sweep hit is a pair hit (b stationary, a moving) with `u0 <= t_enter` and
/// `u1 >= t_exit`.
fn check_sweep_within_pair<const D: usize>(c: &SweepCase<D>) -> Check {
    if let Some(s) = aabb_sweep(&c.s, &c.m, c.d) {
        let p = aabb_sweep_pair(&c.s, Vector::ZERO, &c.m, c.d);
        prop_assert!(p.is_some(), "sweep {:?} but no pair overlap, {:?}", s, c);
        let p = p.expect("checked");
        prop_assert!(
            p.u0 <= s.t_enter && p.u1 >= s.t_exit,
            "pair {:?}, sweep {:?}, {:?}",
            p,
            s,
            c
        );
    }
    Ok(())
}

fn exact_ray<const D: usize>(c: &RayCase<D>) -> Option<exact::RayRef<D>> {
    exact::ray(
        &rvec(&c.ray.origin()),
        &rvec(&c.ray.dir()),
        c.ray.max_t(),
        &RBox::of(&c.b),
    )
}

fn check_ray_hit<const D: usize>(c: &RayCase<D>) -> Check {
    let got = ray_aabb(&c.ray, &c.b);
    let want = exact_ray(c);
    prop_assert_eq!(
        got.is_some(),
        want.is_some(),
        "got {:?}, exact {:?}, case {:?}",
        got,
        want,
        c
    );
    Ok(())
}

fn check_ray_t<const D: usize>(c: &RayCase<D>) -> Check {
    if let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) {
        prop_assert_eq!(g.inside, w.inside, "inside, exact {:?}, case {:?}", w, c);
        prop_assert_eq!(g.t, w.t.floor_fx(), "t, exact {}, case {:?}", w.t, c);
    }
    Ok(())
}

fn check_ray_normal<const D: usize>(c: &RayCase<D>) -> Check {
    if let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) {
        let want = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
        prop_assert_eq!(g.normal, want, "exact {:?}, case {:?}", w, c);
    }
    Ok(())
}

/// The point: the origin when inside; otherwise exactly on the face plane on
/// the hit axis, within one ulp of the exact point on the others, and inside
/// the face (the closed box).
fn check_ray_point<const D: usize>(c: &RayCase<D>) -> Check {
    let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) else {
        return Ok(());
    };
    if w.inside {
        prop_assert_eq!(g.point, c.ray.origin(), "{:?}", c);
        return Ok(());
    }
    let (axis, positive) = w.normal.expect("not inside");
    let (o, dir) = (rvec(&c.ray.origin()), rvec(&c.ray.dir()));
    for i in 0..D {
        let p = raw(g.point.0[i]);
        if i == axis {
            let plane = if positive {
                c.b.max().0[i]
            } else {
                c.b.min().0[i]
            };
            prop_assert_eq!(g.point.0[i], plane, "hit axis {} off the face, {:?}", i, c);
        } else {
            let e = exact::ray_coord(o[i], dir[i], &w.t);
            // |p - e| <= 1 ulp  <=>  |p * d - n| <= d
            let diff = (p * e.d - e.n).abs();
            prop_assert!(
                diff <= e.d,
                "axis {}: {} vs exact {}, {:?}",
                i,
                g.point.0[i],
                e,
                c
            );
            prop_assert!(
                g.point.0[i] >= c.b.min().0[i] && g.point.0[i] <= c.b.max().0[i],
                "axis {} outside the face, {:?}",
                i,
                c
            );
        }
    }
    Ok(())
}

/// An origin in the closed box (inside or on the surface) is `inside` with
/// t = 0, for any direction and any `max_t`.
fn check_ray_origin_in_box<const D: usize>(c: &RayCase<D>) -> Check {
    let b = RBox::of(&c.b);
    let o = rvec(&c.ray.origin());
    let in_box = (0..D).all(|i| b.min[i] <= o[i] && o[i] <= b.max[i]);
    let got = ray_aabb(&c.ray, &c.b);
    if in_box {
        prop_assert!(
            got.is_some_and(|h| h.inside && h.t == Fx::ZERO && h.normal == Vector::ZERO),
            "origin in the box, got {:?}, {:?}",
            got,
            c
        );
    } else {
        prop_assert!(
            !got.is_some_and(|h| h.inside),
            "origin outside, got {:?}, {:?}",
            got,
            c
        );
    }
    Ok(())
}

/// `max_t` is inclusive: a ray bounded at exactly the hit time hits; bounded
/// at the largest scalar below an exact hit time it misses.
fn check_ray_max_t_inclusive<const D: usize>(c: &RayCase<D>) -> Check {
    let free = exact::ray_of(rvec(&c.ray.origin()), rvec(&c.ray.dir()), Fx::MAX);
    let Some(w) = exact::ray(
        &rvec(&free.origin()),
        &rvec(&free.dir()),
        Fx::MAX,
        &RBox::of(&c.b),
    ) else {
        return Ok(());
    };
    if w.inside {
        return Ok(());
    }
    let (lo, hi) = (w.t.floor_fx(), w.t.ceil_fx());
    let at = |t: Fx| {
        ray_aabb(
            &exact::ray_of(rvec(&free.origin()), rvec(&free.dir()), t),
            &c.b,
        )
    };
    let unbounded = ray_aabb(&free, &c.b);
    prop_assert_eq!(at(hi), unbounded, "max_t = ceil(t) = {}, {:?}", hi, c);
    prop_assert_eq!(
        at(lo).is_some(),
        w.t.is_fx(),
        "max_t = floor(t) = {}, {:?}",
        lo,
        c
    );
    if lo > Fx::ZERO && w.t.is_fx() {
        prop_assert!(
            at(lo - Fx::DELTA).is_none(),
            "max_t an ulp before t = {}, {:?}",
            lo,
            c
        );
    }
    Ok(())
}

fn check_ray_translation<const D: usize>(c: &RayCase<D>, picks: &[i64; D]) -> Check {
    let o = c.ray.origin();
    let off = offsets(&[c.b.min(), c.b.max(), o], picks);
    let ray = exact::ray_of(
        rvec(&shift_vec(&o, &off)),
        rvec(&c.ray.dir()),
        c.ray.max_t(),
    );
    let moved = ray_aabb(&ray, &shift(&c.b, &off));
    let here = ray_aabb(&c.ray, &c.b);
    prop_assert_eq!(moved.is_some(), here.is_some(), "{:?} by {:?}", c, off);
    if let (Some(m), Some(h)) = (moved, here) {
        prop_assert_eq!(
            (m.t, m.normal, m.inside),
            (h.t, h.normal, h.inside),
            "{:?} by {:?}",
            c,
            off
        );
        prop_assert_eq!(m.point, shift_vec(&h.point, &off), "{:?} by {:?}", c, off);
    }
    Ok(())
}

fn check_sphere<const D: usize>(c: &BallCase<D>) -> Check {
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

/// Every AABB query on domain-limit boxes and any displacement bits: no
/// panic, and the answers still equal the exact ones.
fn check_extremes<const D: usize>(c: &ExtremeCase<D>) -> Check {
    let (a, b) = (RBox::of(&c.a), RBox::of(&c.b));
    prop_assert_eq!(
        aabb_overlap(&c.a, &c.b),
        exact::overlap_closed(&a, &b),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_overlap_open(&c.a, &c.b),
        exact::overlap_open(&a, &b),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_intersection(&c.a, &c.b).map(|i| RBox::of(&i)),
        exact::intersection(&a, &b),
        "{:?}",
        c
    );
    check_contact(&PairCase { a: c.a, b: c.b })?;
    let sweep = SweepCase {
        s: c.a,
        m: c.b,
        d: c.vb,
    };
    check_sweep_hit(&sweep)?;
    check_sweep_times(&sweep)?;
    check_sweep_normal(&sweep)?;
    let pair = PairSweepCase {
        a: c.a,
        va: c.va,
        b: c.b,
        vb: c.vb,
    };
    check_pair_hit(&pair)?;
    check_pair_times(&pair)?;
    let ray = RayCase {
        ray: Ray::try_new(c.b.min(), c.dir, c.max_t).expect("valid ray"),
        b: c.a,
    };
    check_ray_hit(&ray)?;
    check_ray_t(&ray)?;
    check_ray_point(&ray)?;
    let ball = BallCase {
        ball: Ball::try_new(c.b.max(), DOMAIN).expect("valid ball"),
        b: c.a,
    };
    check_sphere(&ball)
}

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

        fn picks() -> impl Strategy<Value = [i64; $d]> {
            proptest::array::uniform::<_, $d>(offset_pick())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(cases()))]

            #[test]
            fn overlap_closed_matches_exact(c in pair_case::<$d>()) {
                check_overlap_closed(&c)?;
            }

            #[test]
            fn overlap_open_matches_exact(c in pair_case::<$d>()) {
                check_overlap_open(&c)?;
            }

            #[test]
            fn intersection_box_matches_exact(c in pair_case::<$d>()) {
                check_intersection(&c)?;
            }

            #[test]
            fn overlap_and_intersection_are_symmetric(c in pair_case::<$d>()) {
                check_overlap_symmetric(&c)?;
            }

            #[test]
            fn overlap_is_translation_invariant(c in pair_case::<$d>(), p in picks()) {
                check_overlap_translation(&c, &p)?;
            }

            #[test]
            fn overlap_of_center_half_boxes_matches_center_test(
                ca in proptest::array::uniform::<_, $d>(coord()),
                ha in proptest::array::uniform::<_, $d>(size().prop_map(|s| s / 2)),
                cb in proptest::array::uniform::<_, $d>(coord()),
                hb in proptest::array::uniform::<_, $d>(size().prop_map(|s| s / 2)),
            ) {
                check_center_half(ca, ha, cb, hb)?;
            }

            #[test]
            fn contact_matches_exact(c in pair_case::<$d>()) {
                check_contact(&c)?;
            }

            #[test]
            fn contact_push_by_depth_leaves_boxes_touching(c in pair_case::<$d>()) {
                check_contact_push(&c)?;
            }

            #[test]
            fn contact_depth_is_zero_iff_only_touching(c in pair_case::<$d>()) {
                check_contact_depth_zero_iff_touching(&c)?;
            }

            #[test]
            fn contact_depth_and_point_survive_swapping_boxes(c in pair_case::<$d>()) {
                check_contact_swap(&c)?;
            }

            #[test]
            fn contact_is_translation_invariant(c in pair_case::<$d>(), p in picks()) {
                check_contact_translation(&c, &p)?;
            }

            #[test]
            fn sweep_hit_matches_exact(c in sweep_case::<$d>()) {
                check_sweep_hit(&c)?;
            }

            #[test]
            fn sweep_t_enter_is_floor_and_t_exit_is_ceil_of_exact(c in sweep_case::<$d>()) {
                check_sweep_times(&c)?;
            }

            #[test]
            fn sweep_normal_is_face_of_last_entering_axis(c in sweep_case::<$d>()) {
                check_sweep_normal(&c)?;
            }

            #[test]
            fn sweep_boxes_touch_at_entry_and_do_not_penetrate_before(c in sweep_case::<$d>()) {
                check_sweep_touch_at_enter(&c)?;
            }

            #[test]
            fn sweep_sliding_along_or_leaving_a_touched_face_is_not_blocked(
                (c, k) in touching_sweep::<$d>(false)
            ) {
                let got = aabb_sweep(&c.s, &c.m, c.d);
                prop_assert!(got.is_none(), "axis {}: got {:?}, case {:?}", k, got, c);
                check_sweep_hit(&c)?;
            }

            #[test]
            fn sweep_moving_into_a_touched_face_is_hit_at_zero(
                (c, k) in touching_sweep::<$d>(true)
            ) {
                check_sweep_hit(&c)?;
                check_sweep_times(&c)?;
                check_sweep_normal(&c)?;
                // When the other axes penetrate at t = 0 it is a hit at
                // exactly 0 on the touched face, without `overlapping`.
                let (s, m) = (RBox::of(&c.s), RBox::of(&c.m));
                let others_open = (0..$d).filter(|&i| i != k).all(|i| {
                    s.min[i] < m.max[i] && m.min[i] < s.max[i]
                });
                let size_ok = m.max[k] > m.min[k] || s.max[k] > s.min[k];
                if others_open && size_ok {
                    let got = aabb_sweep(&c.s, &c.m, c.d);
                    prop_assert!(
                        got.is_some_and(|h| h.t_enter == Fx::ZERO
                            && !h.overlapping
                            && h.normal == unit::<$d>(k, c.d.0[k] < Fx::ZERO)),
                        "axis {}: got {:?}, case {:?}", k, got, c
                    );
                }
            }

            #[test]
            fn sweep_touching_only_at_t1_is_a_miss_but_a_pair_hit_at_1(
                (c, k) in touch_at_one_sweep::<$d>()
            ) {
                let got = aabb_sweep(&c.s, &c.m, c.d);
                prop_assert!(got.is_none(), "axis {}: got {:?}, case {:?}", k, got, c);
                let pair = aabb_sweep_pair(&c.s, Vector::ZERO, &c.m, c.d);
                prop_assert!(
                    pair.is_some_and(|p| p.u0 == Fx::ONE && p.u1 == Fx::ONE),
                    "axis {}: pair {:?}, case {:?}", k, pair, c
                );
            }

            #[test]
            fn sweep_is_translation_invariant(c in sweep_case::<$d>(), p in picks()) {
                check_sweep_translation(&c, &p)?;
            }

            #[test]
            fn sweep_hit_is_within_the_closed_pair_interval(c in sweep_case::<$d>()) {
                check_sweep_within_pair(&c)?;
            }

            #[test]
            fn sweep_pair_hit_matches_exact(c in pair_sweep_case::<$d>()) {
                check_pair_hit(&c)?;
            }

            #[test]
            fn sweep_pair_u0_is_floor_and_u1_is_ceil_of_exact(c in pair_sweep_case::<$d>()) {
                check_pair_times(&c)?;
            }

            #[test]
            fn sweep_pair_is_symmetric_in_swapping_the_boxes(c in pair_sweep_case::<$d>()) {
                check_pair_symmetric(&c)?;
            }

            #[test]
            fn sweep_pair_ignores_a_common_displacement(
                c in pair_sweep_case::<$d>(),
                w in proptest::array::uniform::<_, $d>(disp()),
            ) {
                check_pair_common_motion(&c, w)?;
            }

            #[test]
            fn sweep_pair_is_translation_invariant(c in pair_sweep_case::<$d>(), p in picks()) {
                check_pair_translation(&c, &p)?;
            }

            #[test]
            fn ray_hit_matches_exact(c in ray_case::<$d>()) {
                check_ray_hit(&c)?;
            }

            #[test]
            fn ray_t_is_floor_of_exact_and_inside_matches(c in ray_case::<$d>()) {
                check_ray_t(&c)?;
            }

            #[test]
            fn ray_normal_is_entered_face_first_axis_on_ties(c in ray_case::<$d>()) {
                check_ray_normal(&c)?;
            }

            #[test]
            fn ray_point_is_on_the_face_and_within_an_ulp(c in ray_case::<$d>()) {
                check_ray_point(&c)?;
            }

            #[test]
            fn ray_from_origin_in_closed_box_is_inside(c in ray_case::<$d>()) {
                check_ray_origin_in_box(&c)?;
            }

            #[test]
            fn ray_max_t_bound_is_inclusive(c in ray_case::<$d>()) {
                check_ray_max_t_inclusive(&c)?;
            }

            #[test]
            fn ray_is_translation_invariant(c in ray_case::<$d>(), p in picks()) {
                check_ray_translation(&c, &p)?;
            }

            #[test]
            fn sphere_hit_and_closest_point_match_exact(c in ball_case::<$d>()) {
                check_sphere(&c)?;
            }

            #[test]
            fn sphere_is_translation_invariant(c in ball_case::<$d>(), p in picks()) {
                check_sphere_translation(&c, &p)?;
            }

            #[test]
            fn queries_are_exact_and_never_panic_at_domain_limits(c in extreme_case::<$d>()) {
                check_extremes(&c)?;
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
