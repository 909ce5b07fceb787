//! The ordered closest point found from any hint: the same face as the
//! plain scan.

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

    /// From any hint (one a case), the first optimal face in order: the same closest
    /// point in the same multiple as the plain scan (the normal's bits
    /// come from it).
    #[test]
    fn first_closest_is_the_ordered_scan_from_any_hint(
        (e, d, r, at) in case(),
        hint in 0usize..81,
    ) {
        let (f, j) = fixed_at(e, d, r, at);
        let want = f.closest(j, None);
        let got = f.first_closest(j, hint % f.faces());
        prop_assert_eq!(
            (got.inside, got.num, got.den, got.dir),
            (want.inside, want.num, want.den, want.dir),
            "hint {}", hint
        );
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
