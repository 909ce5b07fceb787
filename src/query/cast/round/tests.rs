//! The closest point found from any hint: the same normal as the plain
//! scan; the entry's bracket: the bisection's; the rounded unit normal.

use super::*;
use crate::shape::Aabb;
use crate::vec::Vector;
use proptest::prelude::*;

/// The ends of a segment and the corners of a box (raw), small integer
/// and half coordinates, so that closest points often sit on edges and
/// corners where several faces are optimal.
type Ends = [[i64; 3]; 4];

fn ends() -> impl Strategy<Value = Ends> {
    let c = || (-6i64..=6).prop_map(|v| v << 31);
    proptest::array::uniform4(proptest::array::uniform3(c()))
}

/// The program of the segment against the box: up to four columns.
fn program([a, b, lo, hi]: Ends) -> Gap {
    let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
    let (lo, hi) = (
        core::array::from_fn(|k| lo[k].min(hi[k])),
        core::array::from_fn(|k| lo[k].max(hi[k])),
    );
    let mut g = Gap::new();
    g.segment(&v(a), &v(b), false);
    g.aabb(&Aabb::<3>::try_new(v(lo), v(hi)).unwrap(), true);
    g
}

/// A program's corners, a displacement (whole units), a radius sum (raw)
/// and a time (in 64ths of the step).
fn case() -> impl Strategy<Value = (Ends, [i128; 3], i128, u32)> {
    (
        ends(),
        proptest::array::uniform3(-8i128..=8),
        1i128..=(4 << 32),
        0u32..=64,
    )
}

/// The program of `e` moving along `d` (whole units) with the radius sum
/// `r` (raw), and the `j` at `at / 64` of the step.
fn fixed_at(e: Ends, d: [i128; 3], r: i128, at: u32) -> (Fixed, i128) {
    let d = d.map(|c| c << 32);
    let p = precision(&d, r);
    (
        Fixed::new::<3>(&program(e), d, r, p),
        (i128::from(at) << p) / 64,
    )
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    /// From any hint (one a case), an optimal face: the same squared
    /// distance and the same normal as the plain scan (the multiple of the
    /// residual may differ; the rounded unit vector does not).
    #[test]
    fn closest_from_any_hint_gives_the_plain_scans_normal(
        (e, d, r, at) in case(),
        hint in 0usize..81,
    ) {
        let (f, j) = fixed_at(e, d, r, at);
        let want = f.closest(j, None);
        // At distance zero there is no normal (an entry is at distance `R`).
        prop_assume!(!want.inside && !want.num.is_zero());
        let mut h = hint % f.faces();
        let got = f.closest(j, Some(&mut h));
        prop_assert!(!got.inside, "hint {}", hint);
        prop_assert!(got.num.mul(want.den) == want.num.mul(got.den), "hint {}", hint);
        prop_assert_eq!(
            normalize::<3>(&got.dir),
            normalize::<3>(&want.dir),
            "hint {} face {}", hint, h
        );
    }

    /// The entry's bracket (Newton's walk, its face roots and its stop at
    /// an exact root) is the one a plain bisection on "past the entry"
    /// finds, on programs the swept segment penetrates from a start that
    /// does not (touching starts included: radii on the half-unit grid).
    #[test]
    fn entry_is_the_bisections_bracket(
        (e, shift) in (ends(), proptest::array::uniform3(-10i64..=10)),
        noise in proptest::array::uniform3(-6i128..=6),
        r in prop_oneof![1i128..=(4 << 32), (1i128..=8).prop_map(|k| k << 31)],
    ) {
        // The box moved away by `shift` units, `d` often towards it.
        let [a, b, lo, hi] = e;
        let away = |c: [i64; 3]| core::array::from_fn(|k| c[k] + (shift[k] << 32));
        let g = program([a, b, away(lo), away(hi)]);
        let d = core::array::from_fn(|k| (2 * i128::from(shift[k]) + noise[k]) << 32);
        if g.within_strict(r) || !swept(&g, d, 1 << 32, r) {
            // No entry to find (about half the cases).
            return Ok(());
        }
        let p = precision(&d, r);
        let f = Fixed::new::<3>(&g, d, r, p);
        let (mut lo, mut hi) = (0i128, 1i128 << p);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if f.past_entry(mid, &mut usize::MAX.clone()) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        prop_assert_eq!(entry(&f, p, g.guess_face()).lo, lo);
    }

    /// The factor that lengthens a Newton step is at most `2^64` times `2
    /// g / (g + R)` for `g = sqrt(num / den)`: `m^2 R^2 den <= (2^65 -
    /// m)^2 num` (both sides of `m R <= (2^65 - m) g` squared), so the
    /// step does not pass the root.
    #[test]
    fn distance_factor_is_below_the_distance_steps_ratio(
        e in ends(),
        r in 1i128..=(4 << 32),
        n in (1i128..=i128::MAX, 1i128..=i128::MAX, 0u32..=300),
        dn in (1i128..=i128::MAX, 0u32..=200),
    ) {
        let d = [3i128 << 32, -(1 << 32), 0];
        let p = precision(&d, r);
        let f = Fixed::new::<3>(&program(e), d, r, p);
        let num = Big::from(n.0).mul(Big::from(n.1)).mul(Big::pow2(n.2));
        let den = Big::from(dn.0).mul(Big::pow2(dn.1));
        let m = f.distance_factor(&num, &den);
        let full = Big::pow2(65);
        prop_assert!(!m.is_negative() && m <= full, "m {:?}", m);
        let rest = full.sub(m);
        prop_assert!(
            m.square().mul(f.rr.square()).mul(den) <= rest.square().mul(num),
            "m {:?} num {:?} den {:?}", m, num, den
        );
    }

    /// The root of a vertex's or an edge's own distance is the floor of
    /// the time it falls to `R`: where that face still holds its minimizer
    /// (the same code), its distance is at least `R` at the root and below
    /// `R` one unit later.
    #[test]
    fn face_root_is_the_floor_of_the_face_distance_reaching_r(
        (e, d, r, at) in case(),
    ) {
        let (f, j) = fixed_at(e, d, r, at);
        let mut code = usize::MAX;
        let c = f.closest(j, Some(&mut code));
        prop_assume!(!c.inside && code < f.faces());
        let Some(t) = f.face_root(j, code) else {
            return Ok(());
        };
        prop_assert!(t >= j, "root {} before {}", t, j);
        let dist_below_r = |k: i128| {
            f.face(&f.offset(k), code)
                .map(|c| c.num < f.r2.mul(c.den))
        };
        prop_assert_ne!(dist_below_r(t), Some(true), "at the root {}", t);
        prop_assert_ne!(dist_below_r(t + 1), Some(false), "one past the root {}", t);
    }
}

/// A segment resting on a box's top face (a gap of 1 unit, radius 1) and
/// moving down: the entry is the start itself, found from the first
/// closest point (the walk stops at the exact root) rather than by `p`
/// bisection steps, and the cast's answer is `t = 0` along `+y`.
#[test]
fn a_touching_start_moving_in_is_entered_where_it_stands() {
    let unit = 1i64 << 32;
    let e = [
        [-unit, 2 * unit, 0],
        [unit, 2 * unit, 0],
        [-2 * unit, -unit, -unit],
        [2 * unit, unit, unit],
    ];
    let (g, d, r) = (program(e), [0, -(1i128 << 32), 0], 1i128 << 32);
    assert!(!g.within_strict(r), "touching is not penetrating");
    let p = precision(&d, r);
    let f = Fixed::new::<3>(&g, d, r, p);
    let got = entry(&f, p, g.guess_face());
    assert_eq!(got.lo, 0);
    assert!(
        got.at_lo.is_some(),
        "the walk's own closest point, not a bisection's"
    );
    let cast = cast::<3>(&g, d, r, false).expect("moving in is a hit");
    assert_eq!(
        (cast.t_enter, cast.normal, cast.overlapping),
        (Fx::ZERO, Vector::unit(1, true), false)
    );
}

/// The rounded unit vector: exact floors (negative components rounded
/// towards -inf), the same for every positive multiple.
#[test]
fn normalize_is_the_exact_unit_vector_rounded_down_for_any_multiple() {
    let fx = |v: i64| Fx::from_bits(v);
    // (vector, the floors of 2^32 x_k / |x|)
    let cases: [([i128; 3], [i64; 3]); 6] = [
        // 3-4-5: 0.6 and 0.8 exactly, 2^32 times them not integers.
        ([3, 4, 0], [2_576_980_377, 3_435_973_836, 0]),
        // The negative one rounds away from zero.
        ([-3, 4, 0], [-2_576_980_378, 3_435_973_836, 0]),
        // 1/sqrt(2) 2^32 = 3037000499.97...
        ([1, 1, 0], [3_037_000_499, 3_037_000_499, 0]),
        ([-1, 0, -1], [-3_037_000_500, 0, -3_037_000_500]),
        // An axis: exactly 1 (positive: the two quotients' floors differ,
        // the square test decides).
        ([0, 0, -7], [0, 0, -(1 << 32)]),
        ([0, 7, 0], [0, 1 << 32, 0]),
    ];
    for (x, want) in cases {
        let want = Vector(want.map(fx));
        for k in [
            Big::ONE,
            Big::from(3),
            Big::pow2(200).mul(Big::from(12_345_679)),
            Big::pow2(290),
        ] {
            let v = x.map(|c| Big::from(c).mul(k));
            assert_eq!(normalize::<3>(&v), want, "{x:?} times {k:?}");
        }
    }
    assert_eq!(normalize::<3>(&[Big::ZERO; 3]), Vector::ZERO);
}
