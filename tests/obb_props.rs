//! Properties of the oriented-box queries against the exact references of
//! `obb_reference` (big integers and rationals, no floats).
//!
//! Generators lean toward the edges: touching and 1-ulp gaps along an exact
//! separating direction, shared and permuted axes (exactly parallel edges),
//! quarter turns, zero half-sizes, zero radii, ray origins on the surface,
//! rays along faces and toward corners, values at the domain limit 2^20.

mod obb_reference;

use fixed_collide::{
    Aabb, Ball, Const, DOMAIN, Dim, Fx, Obb, Ray, Rot, Rot2, Rot3, Vector, aabb_overlap,
    obb_overlap, ray_aabb, ray_obb, sphere_aabb, sphere_obb, sphere_obb_overlap,
};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use obb_reference as reference;
use obb_reference::RefBox;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const CASES: u32 = 10_000;
const DOM: i64 = 1 << 52; // DOMAIN as raw bits
const ONE: i64 = 1 << 32;

fn fx(bits: i64) -> Fx {
    Fx::from_bits(bits)
}

fn vector<const D: usize>(raw: [i64; D]) -> Vector<D> {
    Vector(raw.map(fx))
}

fn clamp_dom(x: i128) -> i64 {
    x.clamp(-(DOM as i128), DOM as i128) as i64
}

// ------------------------------------------------------------- generators

/// A coordinate (raw bits): small integers, small fractions, the domain
/// limits, anything in the domain.
fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => (-8i64..=8).prop_map(|v| v * ONE),
        3 => -(1i64 << 36)..=(1i64 << 36),
        1 => prop_oneof![Just(DOM), Just(-DOM), Just(DOM - 1), Just(1 - DOM)],
        2 => -DOM..=DOM,
    ]
}

/// A half-size or radius (raw bits): zero, small integers, small fractions,
/// the domain limit, anything in the domain.
fn size() -> impl Strategy<Value = i64> {
    prop_oneof![
        2 => Just(0i64),
        3 => (0i64..=8).prop_map(|v| v * ONE),
        3 => 0..=(1i64 << 36),
        1 => prop_oneof![Just(DOM), Just(DOM - 1)],
        1 => 0..=DOM,
    ]
}

fn sizes<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(size())
}

fn coords<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(coord())
}

/// Signed permutation axes: `axes[k] = +-e_perm(k)`. 2D: 8 codes, 3D: 48.
fn signed_perm<const D: usize>(code: u32) -> [Vector<D>; D] {
    let perms: &[[usize; 3]] = if D == 2 {
        &[[0, 1, 2], [1, 0, 2]]
    } else {
        &[
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ]
    };
    let p = perms[code as usize % perms.len()];
    let signs = code / perms.len() as u32;
    std::array::from_fn(|k| Vector::unit(p[k], signs >> k & 1 == 0))
}

/// Another rotation with the same axes, permuted and sign-flipped: every
/// edge exactly parallel to one of `r`'s.
fn permuted<const D: usize>(r: &Rot<D>, code: u32) -> Rot<D> {
    let sp = signed_perm::<D>(code);
    let axes = std::array::from_fn(|k| {
        let (j, neg) = (0..D)
            .find_map(|j| {
                let c = sp[k].0[j];
                (c != Fx::ZERO).then_some((j, c < Fx::ZERO))
            })
            .unwrap();
        let a = r.axes()[j];
        if neg { Vector(a.0.map(|x| -x)) } else { a }
    });
    Rot::try_from_axes(axes).expect("a signed permutation of valid axes is valid")
}

/// Axes perturbed by a few thousand ulps each: nearly orthonormal, not
/// perpendicular; the unperturbed ones when the perturbation is rejected.
fn perturbed<const D: usize>(r: Rot<D>, delta: [[i64; D]; D]) -> Rot<D> {
    let axes = std::array::from_fn(|i| {
        Vector(std::array::from_fn(|k| {
            fx(r.axes()[i].0[k].to_bits() + delta[i][k])
        }))
    });
    Rot::try_from_axes(axes).unwrap_or(r)
}

fn angle() -> impl Strategy<Value = Fx> {
    prop_oneof![
        3 => (-(4i64 << 32)..=(4i64 << 32)).prop_map(fx),
        1 => (-8i64..=8).prop_map(|k| Fx::FRAC_PI_4 * k),
    ]
}

fn rot2() -> impl Strategy<Value = Rot2> {
    prop_oneof![
        3 => angle().prop_map(Rot2::from_angle),
        2 => (0u32..8).prop_map(|c| Rot2::try_from_axes(signed_perm(c)).unwrap()),
        2 => (angle(), proptest::array::uniform(proptest::array::uniform(-2048i64..=2048)))
            .prop_map(|(a, d)| perturbed(Rot2::from_angle(a), d)),
    ]
}

fn quat() -> impl Strategy<Value = [Fx; 4]> {
    prop_oneof![
        proptest::array::uniform(-8i64..=8).prop_map(|q| q.map(|v| fx(v * ONE))),
        proptest::array::uniform(-(1i64 << 34)..=(1i64 << 34)).prop_map(|q| q.map(fx)),
    ]
}

fn from_quat(q: [Fx; 4]) -> Rot3 {
    Rot3::try_from_quat(q).unwrap_or_else(|_| Rot3::identity())
}

fn rot3() -> impl Strategy<Value = Rot3> {
    prop_oneof![
        3 => quat().prop_map(from_quat),
        2 => (0u32..48).prop_map(|c| Rot3::try_from_axes(signed_perm(c)).unwrap()),
        1 => (proptest::array::uniform3(-4i64..=4), angle()).prop_map(|(ax, a)| {
            Rot3::try_from_axis_angle(vector(ax.map(|v| v * ONE)), a)
                .unwrap_or_else(|_| Rot3::identity())
        }),
        2 => (quat(), proptest::array::uniform3(proptest::array::uniform3(-2048i64..=2048)))
            .prop_map(|(q, d)| perturbed(from_quat(q), d)),
    ]
}

/// Pairs of rotations: independent, shared, permuted (exactly parallel
/// edges), and in 3D both about z (one shared axis).
fn rot2_pair() -> impl Strategy<Value = (Rot2, Rot2)> {
    prop_oneof![
        3 => (rot2(), rot2()),
        1 => rot2().prop_map(|r| (r, r)),
        2 => (rot2(), 0u32..8).prop_map(|(r, c)| (r, permuted(&r, c))),
    ]
}

fn rot3_pair() -> impl Strategy<Value = (Rot3, Rot3)> {
    let z = vector([0, 0, ONE]);
    prop_oneof![
        3 => (rot3(), rot3()),
        1 => rot3().prop_map(|r| (r, r)),
        2 => (rot3(), 0u32..48).prop_map(|(r, c)| (r, permuted(&r, c))),
        1 => (angle(), angle()).prop_map(move |(a, b)| (
            Rot3::try_from_axis_angle(z, a).unwrap(),
            Rot3::try_from_axis_angle(z, b).unwrap()
        )),
    ]
}

/// Rotations that are exactly orthonormal: signed permutations only.
fn exact_rot<const D: usize>() -> impl Strategy<Value = Rot<D>> {
    (0u32..48).prop_map(|c| Rot::try_from_axes(signed_perm::<D>(c)).unwrap())
}

fn make<const D: usize>(c: [i64; D], h: [i64; D], r: Rot<D>) -> Obb<D> {
    Obb::try_new(vector(c), vector(h), r).expect("generated in the domain")
}

/// Where the second box goes relative to the first.
#[derive(Clone, Debug)]
enum Place<const D: usize> {
    /// At an arbitrary center.
    Anywhere([i64; D]),
    /// Touching (`delta` = 0) or `delta` ulps from touching along the
    /// candidate separating direction `axis`, on the side `positive`,
    /// displaced across it by `across`.
    Near {
        axis: usize,
        positive: bool,
        delta: i64,
        across: [i64; D],
    },
}

fn place<const D: usize>() -> impl Strategy<Value = Place<D>> {
    prop_oneof![
        1 => coords::<D>().prop_map(Place::Anywhere),
        3 => (
            0usize..15,
            any::<bool>(),
            -2i64..=2,
            proptest::array::uniform(prop_oneof![
                Just(0i64),
                (-4i64..=4).prop_map(|v| v * ONE),
                -(1i64 << 34)..=(1i64 << 34)
            ])
        )
            .prop_map(|(axis, positive, delta, across)| Place::Near {
                axis,
                positive,
                delta,
                across
            }),
    ]
}

/// The second box's center for a placement (clamped into the domain).
fn placed_center<const D: usize>(a: &Obb<D>, b: &Obb<D>, p: &Place<D>) -> [i64; D] {
    match p {
        Place::Anywhere(c) => *c,
        Place::Near {
            axis,
            positive,
            delta,
            across,
        } => {
            let (ra, rb) = (RefBox::of(a), RefBox::of(b));
            let axes = reference::candidate_axes(&ra, &rb);
            let l = &axes[axis % axes.len()];
            let Some(k) = (0..D).max_by_key(|&k| l[k].abs()) else {
                return *across;
            };
            if l[k].is_zero() {
                return *across;
            }
            // Radius along l at scale 2^32 * (scale of T.l): want
            // T.l * 2^32 = +-radius, i.e. T_k = (+-radius / 2^32 - rest) / l_k.
            let mut b0 = rb.clone();
            b0.c = ra.c.clone();
            let (_, radius) = reference::gap_along(&ra, &b0, l);
            let target = if *positive { radius } else { -radius };
            let rest: BigInt = (0..D)
                .filter(|&j| j != k)
                .map(|j| BigInt::from(across[j]) * &l[j])
                .sum();
            let num = target - (rest << 32);
            let den = &l[k] << 32;
            // Round to nearest.
            let tk: BigInt = num_integer::Integer::div_floor(&(num * 2 + &den), &(den * 2));
            let tk = tk.to_i128().unwrap_or(0) + *delta as i128;
            std::array::from_fn(|j| {
                let t = if j == k { tk } else { across[j] as i128 };
                clamp_dom(a.center().0[j].to_bits() as i128 + t)
            })
        }
    }
}

fn obb2_pair() -> impl Strategy<Value = (Obb<2>, Obb<2>)> {
    (
        rot2_pair(),
        sizes::<2>(),
        sizes::<2>(),
        coords::<2>(),
        place::<2>(),
    )
        .prop_map(|((ra, rb), ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

fn obb3_pair() -> impl Strategy<Value = (Obb<3>, Obb<3>)> {
    (
        rot3_pair(),
        sizes::<3>(),
        sizes::<3>(),
        coords::<3>(),
        place::<3>(),
    )
        .prop_map(|((ra, rb), ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

fn exact_pair<const D: usize>() -> impl Strategy<Value = (Obb<D>, Obb<D>)> {
    (
        exact_rot::<D>(),
        exact_rot::<D>(),
        sizes::<D>(),
        sizes::<D>(),
        coords::<D>(),
        place::<D>(),
    )
        .prop_map(|(ra, rb, ha, hb, ca, p)| {
            let a = make(ca, ha, ra);
            let b0 = make(ca, hb, rb);
            (a, make(placed_center(&a, &b0, &p), hb, rb))
        })
}

/// The point `c + sum_i s_i A_i` with `s_i = num_i / 8 * h_i + extra_i`
/// (raw), rounded to nearest and clamped into the domain.
fn box_point<const D: usize>(b: &Obb<D>, eighths: [i64; D], extra: [i64; D]) -> [i64; D] {
    std::array::from_fn(|k| {
        let mut s = (b.center().0[k].to_bits() as i128) << 32;
        for i in 0..D {
            let si = b.half().0[i].to_bits() as i128 * eighths[i] as i128 / 8 + extra[i] as i128;
            s += si * b.axes()[i].0[k].to_bits() as i128;
        }
        clamp_dom((s + (1 << 31)) >> 32)
    })
}

/// How the radius of a generated ball is chosen.
#[derive(Clone, Copy, Debug)]
enum Radius {
    /// As generated (a size, or the Pythagorean norm +- an ulp).
    Given,
    /// The exact distance from the center to the box, rounded down, plus
    /// `0` or `1` ulp: just missing or just touching the exact box.
    Touching(i64),
    /// Short of the exact distance by `permille / 500` tolerance bands:
    /// a miss that only the band may turn into a hit.
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

fn obb_any<const D: usize>(rot: impl Strategy<Value = Rot<D>>) -> impl Strategy<Value = Obb<D>> {
    (rot, sizes::<D>(), coords::<D>()).prop_map(|(r, h, c)| make(c, h, r))
}

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

/// An integer translation keeping every listed coordinate in the domain.
fn shift_within(points: &[i64], pick: i64) -> i64 {
    let lo = points.iter().map(|p| -DOM - p).max().unwrap_or(0);
    let hi = points.iter().map(|p| DOM - p).min().unwrap_or(0);
    // Whole numbers in [lo, hi] (0 is one of them).
    let (lo, hi) = (lo.div_euclid(ONE) + 1, hi.div_euclid(ONE));
    let lo = lo.min(0);
    let hi = hi.max(0);
    pick.clamp(lo, hi) * ONE
}

fn shifted<const D: usize>(v: Vector<D>, by: i64) -> Vector<D> {
    Vector(v.0.map(|x| fx(x.to_bits() + by)))
}

fn shifted_obb<const D: usize>(b: &Obb<D>, by: i64) -> Obb<D> {
    Obb::try_new(shifted(b.center(), by), b.half(), *b.rot()).unwrap()
}

/// The axis-aligned box occupying the same points as a box with signed
/// permutation axes, if its corners are in the domain.
fn as_aabb<const D: usize>(b: &Obb<D>) -> Option<Aabb<D>> {
    let mut hw = Vector::<D>::ZERO;
    for (i, a) in b.axes().iter().enumerate() {
        let k = (0..D).find(|&k| a.0[k] != Fx::ZERO).unwrap();
        hw.0[k] = b.half().0[i];
    }
    Aabb::try_from_center_half(b.center(), hw).ok()
}

/// 10,000 cases per property (`FIXED_COLLIDE_CASES` overrides: the cross-platform check lowers it under qemu).
fn config() -> ProptestConfig {
    let cases = std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(CASES);
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases)
    }
}

// ---------------------------------------------------------------- overlap

fn check_overlap_equals_reference<const D: usize>(
    a: &Obb<D>,
    b: &Obb<D>,
) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let ours = obb_overlap(a, b);
    let exact = reference::sat_overlap(&RefBox::of(a), &RefBox::of(b));
    prop_assert_eq!(ours, exact, "a = {:?}\nb = {:?}", a, b);
    Ok(())
}

fn check_reference_agrees_with_lp<const D: usize>(
    a: &Obb<D>,
    b: &Obb<D>,
) -> Result<(), TestCaseError> {
    let (ra, rb) = (RefBox::of(a), RefBox::of(b));
    prop_assert_eq!(
        reference::sat_overlap(&ra, &rb),
        reference::lp_overlap(&ra, &rb),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    Ok(())
}

fn check_symmetric<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    prop_assert_eq!(
        obb_overlap(a, b),
        obb_overlap(b, a),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    Ok(())
}

fn check_translation<const D: usize>(a: &Obb<D>, b: &Obb<D>, pick: i64) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let pts: Vec<i64> = a
        .center()
        .0
        .iter()
        .chain(&b.center().0)
        .map(|x| x.to_bits())
        .collect();
    let by = shift_within(&pts, pick);
    let (a2, b2) = (shifted_obb(a, by), shifted_obb(b, by));
    prop_assert_eq!(
        obb_overlap(a, b),
        obb_overlap(&a2, &b2),
        "shift {}\na = {:?}\nb = {:?}",
        fx(by),
        a,
        b
    );
    Ok(())
}

fn check_axis_aligned<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> Result<(), TestCaseError>
where
    Const<D>: Dim<D>,
{
    let ours = obb_overlap(a, b);
    prop_assert_eq!(
        ours,
        reference::sat_overlap(&RefBox::of(a), &RefBox::of(b)),
        "a = {:?}\nb = {:?}",
        a,
        b
    );
    if let (Some(x), Some(y)) = (as_aabb(a), as_aabb(b)) {
        prop_assert_eq!(ours, aabb_overlap(&x, &y), "a = {:?}\nb = {:?}", a, b);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn obb_overlap_2d_equals_exact_sat_reference((a, b) in obb2_pair()) {
        check_overlap_equals_reference(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_equals_exact_sat_reference((a, b) in obb3_pair()) {
        check_overlap_equals_reference(&a, &b)?;
    }

    #[test]
    fn sat_reference_2d_agrees_with_lp_reference((a, b) in obb2_pair()) {
        check_reference_agrees_with_lp(&a, &b)?;
    }

    #[test]
    fn sat_reference_3d_agrees_with_lp_reference((a, b) in obb3_pair()) {
        check_reference_agrees_with_lp(&a, &b)?;
    }

    #[test]
    fn obb_overlap_2d_is_symmetric((a, b) in obb2_pair()) {
        check_symmetric(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_is_symmetric((a, b) in obb3_pair()) {
        check_symmetric(&a, &b)?;
    }

    #[test]
    fn obb_overlap_2d_is_translation_invariant((a, b) in obb2_pair(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_translation(&a, &b, pick)?;
    }

    #[test]
    fn obb_overlap_3d_is_translation_invariant((a, b) in obb3_pair(), pick in -(1i64 << 21)..=(1i64 << 21)) {
        check_translation(&a, &b, pick)?;
    }

    #[test]
    fn obb_overlap_2d_of_orthonormal_boxes_equals_reference_and_aabb((a, b) in exact_pair::<2>()) {
        check_axis_aligned(&a, &b)?;
    }

    #[test]
    fn obb_overlap_3d_of_orthonormal_boxes_equals_reference_and_aabb((a, b) in exact_pair::<3>()) {
        check_axis_aligned(&a, &b)?;
    }

    /// Flat 3D boxes (zero half-size on the third axis) in the plane z = z0,
    /// third axes tilted out of the plane (so no face normal is an in-plane
    /// edge normal): the answer is the 2D one of the same parallelograms.
    #[test]
    fn obb_overlap_3d_flat_coplanar_boxes_equal_the_2d_answer(
        (a, b) in obb2_pair(),
        z0 in coord(),
        tilt in proptest::array::uniform4(-2048i64..=2048),
    ) {
        let lift = |o: &Obb<2>, tx: i64, ty: i64| -> Option<Obb<3>> {
            let ax = o.axes();
            let rot = Rot3::try_from_axes([
                Vector([ax[0].0[0], ax[0].0[1], Fx::ZERO]),
                Vector([ax[1].0[0], ax[1].0[1], Fx::ZERO]),
                Vector([fx(tx), fx(ty), Fx::ONE]),
            ]).ok()?;
            let c = Vector([o.center().0[0], o.center().0[1], fx(z0)]);
            let h = Vector([o.half().0[0], o.half().0[1], Fx::ZERO]);
            Obb::try_new(c, h, rot).ok()
        };
        let (Some(a3), Some(b3)) = (lift(&a, tilt[0], tilt[1]), lift(&b, tilt[2], tilt[3])) else {
            return Ok(());
        };
        prop_assert_eq!(obb_overlap(&a3, &b3), obb_overlap(&a, &b), "a = {:?}\nb = {:?}", a3, b3);
    }
}

// ----------------------------------------------------------------- sphere

fn check_sphere_never_misses<const D: usize>(
    b: &Obb<D>,
    ball: &Ball<D>,
) -> Result<(), TestCaseError> {
    let (hit, _) = reference::ball_hits(
        &reference::bv(&ball.center()),
        ball.radius(),
        &RefBox::of(b),
    );
    if hit {
        prop_assert!(
            sphere_obb(ball, b).is_some(),
            "false miss\nbox = {:?}\nball = {:?}",
            b,
            ball
        );
    }
    Ok(())
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

fn check_sphere_band<const D: usize>(b: &Obb<D>, ball: &Ball<D>) -> Result<(), TestCaseError> {
    if sphere_obb(ball, b).is_some() {
        let rb = RefBox::of(b);
        let band = b.band(ball.radius());
        let p = reference::bv(&ball.center());
        let (hit, _) = reference::ball_hits(&p, ball.radius(), &rb);
        if !hit {
            let (grown_hit, _) = reference::ball_hits(&p, ball.radius(), &rb.grown(band));
            prop_assert!(
                grown_hit,
                "hit outside the band {}\nbox = {:?}\nball = {:?}",
                band,
                b,
                ball
            );
        }
    }
    Ok(())
}

fn check_sphere_exact<const D: usize>(b: &Obb<D>, ball: &Ball<D>) -> Result<(), TestCaseError> {
    prop_assert_eq!(b.band(ball.radius()), Fx::ZERO);
    let ours = sphere_obb(ball, b);
    let (hit, cl) = reference::ball_hits(
        &reference::bv(&ball.center()),
        ball.radius(),
        &RefBox::of(b),
    );
    prop_assert_eq!(ours.is_some(), hit, "box = {:?}\nball = {:?}", b, ball);
    if let Some(h) = ours {
        for k in 0..D {
            let exact = &cl.point[k];
            prop_assert!(
                exact.is_integer(),
                "closest point of an axis-aligned box is on the grid"
            );
            prop_assert_eq!(
                BigInt::from(h.point.0[k].to_bits()),
                exact.to_integer(),
                "point {} box = {:?}\nball = {:?}",
                h.point,
                b,
                ball
            );
        }
    }
    if let Some(x) = as_aabb(b) {
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

fn check_sphere_point<const D: usize>(b: &Obb<D>, ball: &Ball<D>) -> Result<(), TestCaseError> {
    if let Some(h) = sphere_obb(ball, b) {
        let cl = reference::closest(&reference::bv(&ball.center()), &RefBox::of(b));
        let tol = BigInt::from(2 * b.band(Fx::ZERO).to_bits() + 1);
        for k in 0..D {
            let diff =
                (num_rational::BigRational::from_integer(BigInt::from(h.point.0[k].to_bits()))
                    - &cl.point[k])
                    .abs();
            prop_assert!(
                diff <= num_rational::BigRational::from_integer(tol.clone()),
                "coordinate {}: ours {} vs exact {} (tolerance {} raw)\nbox = {:?}\nball = {:?}",
                k,
                h.point,
                reference::floor_q(&cl.point[k]),
                tol,
                b,
                ball
            );
        }
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
    fn sphere_obb_2d_never_misses_a_ball_meeting_the_box((b, ball) in sphere2()) {
        check_sphere_never_misses(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_never_misses_a_ball_meeting_the_box((b, ball) in sphere3()) {
        check_sphere_never_misses(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_false_hits_lie_within_the_band((b, ball) in sphere2()) {
        check_sphere_band(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_false_hits_lie_within_the_band((b, ball) in sphere3()) {
        check_sphere_band(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_is_exact_for_orthonormal_axes((b, ball) in sphere_exact::<2>()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_is_exact_for_orthonormal_axes((b, ball) in sphere_exact::<3>()) {
        check_sphere_exact(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_2d_point_is_near_the_exact_closest_point((b, ball) in sphere2()) {
        check_sphere_point(&b, &ball)?;
    }

    #[test]
    fn sphere_obb_3d_point_is_near_the_exact_closest_point((b, ball) in sphere3()) {
        check_sphere_point(&b, &ball)?;
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

// -------------------------------------------------------------------- ray

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

#[test]
fn domain_constant_matches() {
    assert_eq!(DOMAIN.to_bits(), DOM);
}
