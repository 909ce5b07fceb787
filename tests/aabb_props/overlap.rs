//! Overlap (closed and open), the intersection box and contact against the
//! exact reference: symmetry, translation invariance, the centre / half-size
//! form, and pushing `b` out by the contact depth.

use super::*;
use crate::aabb_reference::{self as exact, DOM, RBox, raw, rvec, unit};
use fixed_collide::{aabb_contact, aabb_intersection, aabb_overlap, aabb_overlap_open};

// ============================================================ generators ==

#[derive(Clone, Copy)]
pub struct PairCase<const D: usize> {
    pub a: Aabb<D>,
    pub b: Aabb<D>,
}

debug_by_show! {
    PairCase { a, b }
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

pub fn check_contact<const D: usize>(c: &PairCase<D>) -> Check {
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

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

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
            fn overlap_is_translation_invariant(c in pair_case::<$d>(), p in picks::<$d>()) {
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
            fn contact_is_translation_invariant(c in pair_case::<$d>(), p in picks::<$d>()) {
                check_contact_translation(&c, &p)?;
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
