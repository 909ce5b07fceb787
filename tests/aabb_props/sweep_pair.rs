//! The sweep pair (both boxes moving) against the exact reference: hit and
//! times, symmetry, a common displacement changing nothing, translation
//! invariance.

use super::*;
use crate::aabb_reference::{self as exact, RBox, Rat, rvec};
use fixed_collide::aabb_sweep_pair;

// ============================================================ generators ==

#[derive(Clone, Copy)]
pub struct PairSweepCase<const D: usize> {
    pub a: Aabb<D>,
    pub va: Vector<D>,
    pub b: Aabb<D>,
    pub vb: Vector<D>,
}

debug_by_show! {
    PairSweepCase { a, va, b, vb }
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

// ================================================================ checks ==

fn exact_pair<const D: usize>(c: &PairSweepCase<D>) -> Option<(Rat, Rat)> {
    exact::sweep_pair(&RBox::of(&c.a), &rvec(&c.va), &RBox::of(&c.b), &rvec(&c.vb))
}

pub fn check_pair_hit<const D: usize>(c: &PairSweepCase<D>) -> Check {
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

pub fn check_pair_times<const D: usize>(c: &PairSweepCase<D>) -> Check {
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

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(cases()))]

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
            fn sweep_pair_is_translation_invariant(c in pair_sweep_case::<$d>(), p in picks::<$d>()) {
                check_pair_translation(&c, &p)?;
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
