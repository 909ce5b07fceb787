//! The batch queries and the prepared ray against the single-query functions
//! (the reference), in 2D (`d2::`) and 3D (`d3::`).
//!
//! Sets are random boxes on a coarse grid of halves, so boxes touch, nest
//! and tie often; rays and displacements have zero components, rays start
//! on faces and inside boxes, and some displacements are the extremes of
//! `Fx`. The tie rule (smallest exact time, then lowest index) is checked
//! against the exact times of `aabb_reference`.

mod aabb_reference;

use aabb_reference::{self as exact, DOM, HALF, ONE, RBox, Rat, rvec};
use fixed_collide::{
    Aabb, AabbSet, Fx, PreparedRay, Ray, Vector, aabb_overlap, aabb_sweep, overlap_pairs, ray_aabb,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

/// Cases per property: a fifth of `FIXED_COLLIDE_CASES` (default 10,000),
/// each case being a whole set of up to 24 boxes.
fn cases() -> u32 {
    let single: u32 = std::env::var("FIXED_COLLIDE_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    (single / 5).max(1)
}

type Check = Result<(), TestCaseError>;

// ============================================================ generators ==

/// A coordinate: mostly halves in [-3, 3] (so faces coincide often), now and
/// then any raw bits of the domain.
fn coord() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => (-6i64..=6).prop_map(|k| k * HALF),
        1 => -DOM..=DOM,
    ]
}

/// A box: a grid corner and a size of 0 to 2 units in halves.
fn aabb<const D: usize>() -> impl Strategy<Value = Aabb<D>> {
    (
        proptest::array::uniform::<_, D>(coord()),
        proptest::array::uniform::<_, D>(0i64..=4),
    )
        .prop_map(|(lo, size)| {
            let hi: [i64; D] = std::array::from_fn(|i| (lo[i] + size[i] * HALF).min(DOM));
            let v = |a: [i64; D]| Vector(a.map(Fx::from_bits));
            Aabb::try_new(v(lo), v(hi)).expect("valid box")
        })
}

/// A set of 0 to 24 boxes.
fn boxes<const D: usize>() -> impl Strategy<Value = Vec<Aabb<D>>> {
    proptest::collection::vec(aabb::<D>(), 0..=24)
}

/// Sets spanning several blocks of the scans (64 boxes each), the last one
/// partial.
fn many_boxes<const D: usize>() -> impl Strategy<Value = Vec<Aabb<D>>> {
    proptest::collection::vec(aabb::<D>(), 65..=200)
}

/// A direction component: zero often, small halves, an ulp, the domain.
fn dir_comp() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => Just(0i64),
        4 => (-2i64..=2).prop_map(|k| k * HALF),
        1 => prop_oneof![Just(1i64), Just(-1i64), Just(DOM), Just(-DOM)],
        1 => -DOM..=DOM,
    ]
}

/// A ray from a grid point (often on faces or inside boxes), with a
/// non-zero direction and a bound from 0 to unbounded.
fn ray<const D: usize>() -> impl Strategy<Value = Ray<D>> {
    let max_t = prop_oneof![
        Just(Fx::ZERO),
        Just(Fx::from_bits(HALF)),
        Just(Fx::ONE),
        Just(Fx::from_num(4)),
        Just(Fx::MAX),
        (0i64..=i64::MAX).prop_map(Fx::from_bits),
    ];
    (
        proptest::array::uniform::<_, D>(coord()),
        proptest::array::uniform::<_, D>(dir_comp()),
        max_t,
    )
        .prop_map(|(o, mut d, max_t)| {
            if d.iter().all(|&c| c == 0) {
                d[0] = ONE;
            }
            let v = |a: [i64; D]| Vector(a.map(Fx::from_bits));
            Ray::try_new(v(o), v(d), max_t).expect("valid ray")
        })
}

/// A displacement component: zero often, halves, and the extremes of `Fx`
/// (which take the wide-magnitude path).
fn disp_comp() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => Just(0i64),
        5 => (-8i64..=8).prop_map(|k| k * HALF),
        1 => prop_oneof![Just(i64::MIN), Just(i64::MAX), Just(1i64), Just(-1i64)],
        1 => any::<i64>(),
    ]
}

fn disp<const D: usize>() -> impl Strategy<Value = Vector<D>> {
    proptest::array::uniform::<_, D>(disp_comp()).prop_map(|a| Vector(a.map(Fx::from_bits)))
}

// ================================================================ checks ==

fn set_of<const D: usize>(boxes: &[Aabb<D>]) -> AabbSet<D> {
    AabbSet::try_from_boxes(boxes).expect("small set")
}

fn check_set_round_trip<const D: usize>(boxes: &[Aabb<D>]) -> Check {
    let set = set_of(boxes);
    let mut pushed = AabbSet::new();
    for (i, b) in boxes.iter().enumerate() {
        prop_assert_eq!(pushed.try_push(b).expect("small set"), i as u32);
    }
    prop_assert_eq!(&pushed, &set, "pushed one by one vs built from the slice");
    prop_assert_eq!(set.len(), boxes.len());
    for (i, b) in boxes.iter().enumerate() {
        prop_assert_eq!(set.get(i as u32), Some(*b), "box {}", i);
    }
    prop_assert_eq!(set.get(boxes.len() as u32), None, "past the end");
    Ok(())
}

fn check_overlapping<const D: usize>(boxes: &[Aabb<D>], q: &Aabb<D>) -> Check {
    let want: Vec<u32> = (0..boxes.len() as u32)
        .filter(|&i| aabb_overlap(q, &boxes[i as usize]))
        .collect();
    // Appends after what is there.
    let mut got = vec![u32::MAX];
    set_of(boxes).overlapping(q, &mut got);
    prop_assert_eq!(got[0], u32::MAX, "overlapping cleared its output");
    prop_assert_eq!(&got[1..], &want[..], "query {:?}", q);
    Ok(())
}

fn check_overlap_pairs<const D: usize>(a: &[Aabb<D>], b: &[Aabb<D>]) -> Check {
    let mut want = Vec::new();
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            if aabb_overlap(x, y) {
                want.push((i as u32, j as u32));
            }
        }
    }
    let mut got = Vec::new();
    overlap_pairs(&set_of(a), &set_of(b), &mut got);
    prop_assert_eq!(got, want);
    Ok(())
}

fn check_prepared_ray<const D: usize>(r: &Ray<D>, boxes: &[Aabb<D>]) -> Check {
    let ray = PreparedRay::new(r);
    prop_assert_eq!(ray.ray(), r);
    for (i, b) in boxes.iter().enumerate() {
        let want = ray_aabb(r, b);
        prop_assert_eq!(ray.cast(b), want, "box {} {:?}", i, b);
        prop_assert_eq!(ray.hits(b), want.is_some(), "hits, box {} {:?}", i, b);
    }
    Ok(())
}

fn check_ray_hits<const D: usize>(r: &Ray<D>, boxes: &[Aabb<D>]) -> Check {
    let want: Vec<u32> = (0..boxes.len() as u32)
        .filter(|&i| ray_aabb(r, &boxes[i as usize]).is_some())
        .collect();
    let mut got = Vec::new();
    set_of(boxes).ray_hits(&PreparedRay::new(r), &mut got);
    prop_assert_eq!(got, want);
    Ok(())
}

/// The index with the smallest exact time, the lowest index on a tie.
fn earliest(times: impl Iterator<Item = (usize, Option<Rat>)>) -> Option<usize> {
    times
        .filter_map(|(i, t)| Some((t?, i)))
        .min()
        .map(|(_, i)| i)
}

fn check_first_hit<const D: usize>(r: &Ray<D>, boxes: &[Aabb<D>]) -> Check {
    let (o, dir) = (rvec(&r.origin()), rvec(&r.dir()));
    let want = earliest(boxes.iter().enumerate().map(|(i, b)| {
        (
            i,
            exact::ray(&o, &dir, r.max_t(), &RBox::of(b)).map(|h| h.t),
        )
    }));
    let got = set_of(boxes).first_hit(&PreparedRay::new(r));
    prop_assert_eq!(got.map(|h| h.index as usize), want, "index");
    if let (Some(got), Some(i)) = (got, want) {
        prop_assert_eq!(Some(got.hit), ray_aabb(r, &boxes[i]), "hit of box {}", i);
        // Its t is the smallest of all single-query answers.
        let min_t = boxes
            .iter()
            .filter_map(|b| ray_aabb(r, b))
            .map(|h| h.t)
            .min();
        prop_assert_eq!(Some(got.hit.t), min_t);
    }
    Ok(())
}

fn check_first_sweep_hit<const D: usize>(m: &Aabb<D>, d: Vector<D>, boxes: &[Aabb<D>]) -> Check {
    let dv = rvec(&d);
    let want = earliest(boxes.iter().enumerate().map(|(i, s)| {
        let enter = exact::sweep(&RBox::of(s), &RBox::of(m), &dv).map(|h| h.enter);
        (i, enter)
    }));
    let got = set_of(boxes).first_sweep_hit(m, d);
    prop_assert_eq!(got.map(|h| h.index as usize), want, "index");
    if let (Some(got), Some(i)) = (got, want) {
        prop_assert_eq!(
            Some(got.sweep),
            aabb_sweep(&boxes[i], m, d),
            "sweep of box {}",
            i
        );
        let min_t = boxes
            .iter()
            .filter_map(|s| aabb_sweep(s, m, d))
            .map(|h| h.t_enter)
            .min();
        prop_assert_eq!(Some(got.sweep.t_enter), min_t);
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
            fn set_holds_its_boxes_in_order(b in boxes::<$d>()) {
                check_set_round_trip(&b)?;
            }

            #[test]
            fn overlapping_matches_aabb_overlap(b in boxes::<$d>(), q in aabb::<$d>()) {
                check_overlapping(&b, &q)?;
            }

            #[test]
            fn overlap_pairs_match_aabb_overlap(a in boxes::<$d>(), b in boxes::<$d>()) {
                check_overlap_pairs(&a, &b)?;
            }

            #[test]
            fn prepared_ray_matches_ray_aabb(r in ray::<$d>(), b in boxes::<$d>()) {
                check_prepared_ray(&r, &b)?;
            }

            #[test]
            fn ray_hits_match_ray_aabb(r in ray::<$d>(), b in boxes::<$d>()) {
                check_ray_hits(&r, &b)?;
            }

            #[test]
            fn first_hit_is_earliest_exact_then_lowest_index(r in ray::<$d>(), b in boxes::<$d>()) {
                check_first_hit(&r, &b)?;
            }

            #[test]
            fn first_sweep_hit_is_earliest_exact_then_lowest_index(
                m in aabb::<$d>(),
                d in disp::<$d>(),
                b in boxes::<$d>(),
            ) {
                check_first_sweep_hit(&m, d, &b)?;
            }

            #[test]
            fn ray_queries_across_blocks_match_ray_aabb(r in ray::<$d>(), b in many_boxes::<$d>()) {
                check_ray_hits(&r, &b)?;
                check_first_hit(&r, &b)?;
            }

            #[test]
            fn box_queries_across_blocks_match_single_queries(
                m in aabb::<$d>(),
                d in disp::<$d>(),
                b in many_boxes::<$d>(),
            ) {
                check_first_sweep_hit(&m, d, &b)?;
                check_overlapping(&b, &m)?;
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

// ============================================================ edge cases ==

fn box2(x0: i32, y0: i32, x1: i32, y1: i32) -> Aabb<2> {
    Aabb::try_new(Vector::from_ints([x0, y0]), Vector::from_ints([x1, y1])).expect("valid box")
}

#[test]
fn empty_set_answers_nothing() {
    let set = AabbSet::<2>::new();
    let r = Ray::try_unbounded(Vector::from_ints([0, 0]), Vector::from_ints([1, 0])).unwrap();
    let ray = PreparedRay::new(&r);
    let mut out = Vec::new();
    set.overlapping(&box2(0, 0, 1, 1), &mut out);
    set.ray_hits(&ray, &mut out);
    assert!(out.is_empty(), "{out:?}");
    assert_eq!(set.first_hit(&ray), None);
    assert_eq!(
        set.first_sweep_hit(&box2(0, 0, 1, 1), Vector::from_ints([1, 0])),
        None
    );
    let mut pairs = Vec::new();
    overlap_pairs(&set, &set_of(&[box2(0, 0, 1, 1)]), &mut pairs);
    overlap_pairs(&set_of(&[box2(0, 0, 1, 1)]), &set, &mut pairs);
    assert!(pairs.is_empty(), "{pairs:?}");
}

#[test]
fn first_hit_ties_go_to_the_truly_first_then_the_lowest_index() {
    // Ray along +x from the origin with direction 3: box 0 is entered at
    // x = 1 (t = 1/3), box 1 at x = 1 + 2^-32 (t a third of an ulp later,
    // the same rounded t), box 2 at x = 1 as well (exact tie with box 0).
    let r = Ray::try_unbounded(Vector::from_ints([0, 0]), Vector::from_ints([3, 0])).unwrap();
    let x1 = Fx::ONE + Fx::DELTA;
    let later = Aabb::try_new(Vector([x1, -Fx::ONE]), Vector([Fx::from_num(2), Fx::ONE])).unwrap();
    // (boxes, expected index): box 0 loses to the strictly earlier box 1
    // only when it is truly earlier; exact ties keep the lowest index.
    let cases = [
        (vec![later, box2(1, -1, 2, 1)], 1u32),
        (vec![box2(1, -1, 2, 1), later, box2(1, 0, 2, 1)], 0),
        (vec![later, box2(1, 0, 2, 1), box2(1, -1, 2, 1)], 1),
    ];
    for (boxes, want) in cases {
        let got = set_of(&boxes).first_hit(&PreparedRay::new(&r)).unwrap();
        assert_eq!(got.index, want, "boxes {boxes:?}");
        assert_eq!(Some(got.hit), ray_aabb(&r, &boxes[want as usize]));
    }
}

#[test]
fn first_sweep_hit_counts_penetrating_boxes_as_time_zero() {
    let player = box2(0, 0, 2, 2);
    let d = Vector::from_ints([4, 0]);
    // (boxes, expected index): a penetrated box (time 0) beats a wall ahead;
    // a box touched but moved away from is not hit at all.
    let cases = [
        (vec![box2(3, 0, 4, 2), box2(1, 1, 3, 3)], Some(1u32)),
        (vec![box2(-2, 0, 0, 2), box2(5, 0, 6, 2)], Some(1)),
        (vec![box2(-2, 0, 0, 2)], None),
    ];
    for (boxes, want) in cases {
        let got = set_of(&boxes).first_sweep_hit(&player, d);
        assert_eq!(got.map(|h| h.index), want, "boxes {boxes:?}");
        if let Some(h) = got {
            assert_eq!(
                Some(h.sweep),
                aabb_sweep(&boxes[h.index as usize], &player, d)
            );
        }
    }
}

#[test]
fn ray_hits_rounds_the_far_end_of_the_segment_outward() {
    // Direction -3 and +3 raw units on x, max_t 1.5: the segment ends at
    // x = -4.5 (resp. 4.5) raw units. A box ending at -4 (starting at 4) is
    // reached; one ending at -5 (starting at 5) is not. The prefilter must
    // round the far end outward (or it drops the first); the exact test then
    // rejects the second, which the rounded end may admit.
    let raw = |x0: i64, x1: i64| {
        Aabb::try_new(
            Vector([Fx::from_bits(x0), -Fx::ONE]),
            Vector([Fx::from_bits(x1), Fx::ONE]),
        )
        .unwrap()
    };
    let max_t = Fx::from_bits(3 << 31);
    for sign in [-1i64, 1] {
        let dir = Vector([Fx::from_bits(3 * sign), Fx::ZERO]);
        let r = Ray::try_new(Vector::ZERO, dir, max_t).unwrap();
        let ray = PreparedRay::new(&r);
        // (box, hit): the box just reached, the box just beyond.
        let cases = [
            (if sign < 0 { raw(-100, -4) } else { raw(4, 100) }, true),
            (if sign < 0 { raw(-100, -5) } else { raw(5, 100) }, false),
        ];
        for (b, want) in cases {
            let mut out = Vec::new();
            set_of(&[b]).ray_hits(&ray, &mut out);
            assert_eq!(!out.is_empty(), want, "sign {sign} box {b:?}");
            assert_eq!(ray.cast(&b).is_some(), want, "sign {sign} box {b:?}");
        }
    }
}
