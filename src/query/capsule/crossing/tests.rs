//! The crossing of a ray and a segment gives the general walk's bits: on
//! random and grid inputs, on rays aimed through a point of the segment
//! (exact crossings, in 3D coplanar ones), at the segment's ends, with
//! `max_t` at and around the crossing, and on parallel and collinear
//! lines (where the walk answers).

use super::*;
use crate::num::Fx;
use crate::query::capsule::ray;
use crate::query::capsule::sphere::tests::{stream, vector};
use crate::query::capsule::wide::props::config;
use crate::shape::{Capsule, Segment};
use crate::vec::Vector;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

fn v<const D: usize>(x: [i64; D]) -> Vector<D> {
    Vector(x.map(Fx::from_bits))
}

/// The ray and segment of raw inputs (`None` when one is not valid).
fn inputs<const D: usize>(
    o: [i64; D],
    d: [i64; D],
    a: [i64; D],
    b: [i64; D],
    mt: Option<i64>,
) -> Option<(Ray<D>, Segment<D>)> {
    let ray = match mt {
        Some(m) => Ray::try_new(v(o), v(d), Fx::from_bits(m)),
        None => Ray::try_unbounded(v(o), v(d)),
    };
    Some((ray.ok()?, Segment::try_new(v(a), v(b)).ok()?))
}

/// The general walk's answer.
fn walk<const D: usize>(ray: &Ray<D>, seg: &Segment<D>) -> Option<RayHit<D>> {
    ray::walk(ray, &Capsule::from(*seg))
}

/// Checks one case; returns whether the crossing answered (and not the
/// walk).
fn check<const D: usize>(
    o: [i64; D],
    d: [i64; D],
    a: [i64; D],
    b: [i64; D],
    mt: Option<i64>,
) -> Result<bool, TestCaseError> {
    let Some((ray, seg)) = inputs(o, d, a, b, mt) else {
        return Ok(false);
    };
    let fast = ray_segment(&ray, seg.a(), seg.b());
    if let Some(answer) = fast {
        prop_assert_eq!(answer, walk(&ray, &seg), "ray {:?} segment {:?}", ray, seg);
    }
    // The public entry is the same either way.
    prop_assert_eq!(
        crate::ray_capsule(&ray, &Capsule::from(seg)),
        walk(&ray, &seg)
    );
    Ok(fast.is_some())
}

/// `max_t` around the walk's crossing (at it, one ulp short or past), or
/// unbounded.
fn limit<const D: usize>(
    o: [i64; D],
    d: [i64; D],
    a: [i64; D],
    b: [i64; D],
    pick: u8,
) -> Option<i64> {
    let (ray, seg) = inputs(o, d, a, b, None)?;
    let t = walk(&ray, &seg).map(|h| h.t.to_bits());
    match (pick % 4, t) {
        (0, Some(t)) => Some(t),
        (1, Some(t)) => Some(t - 1),
        (2, Some(t)) => Some(t + 1),
        _ => None,
    }
}

/// A point `p + k q` with `k` small, componentwise (saturating at the
/// domain's edge: the case is then skipped as invalid, or still valid).
fn along<const D: usize>(p: [i64; D], q: [i64; D], k: i64) -> [i64; D] {
    let mut r = p;
    for (rk, qk) in r.iter_mut().zip(q) {
        *rk = rk.saturating_add(qk.saturating_mul(k));
    }
    r
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn crossing_is_the_walk_2d(o in vector::<2>(), d in vector::<2>(), a in vector::<2>(), b in vector::<2>(), pick in any::<u8>()) {
        let mt = limit(o, d, a, b, pick);
        check(o, d, a, b, mt)?;
    }

    #[test]
    fn crossing_is_the_walk_3d(o in vector::<3>(), d in vector::<3>(), a in vector::<3>(), b in vector::<3>(), pick in any::<u8>()) {
        let mt = limit(o, d, a, b, pick);
        check(o, d, a, b, mt)?;
    }

    /// Rays through a grid point `p` of a segment's line, in 3D (so the
    /// lines are coplanar and meet): the segment from `p - ka e` to `p +
    /// kb e`, the ray from `p - kt d` along `d`, with `ka`, `kb` and `kt`
    /// small integers of either sign (an end at `p`, `p` beyond an end,
    /// the origin at `p` or past it). Also one ulp off along each axis.
    #[test]
    fn rays_through_a_point_of_the_segment_are_the_walks(p in vector::<3>(), e in vector::<3>(), d in vector::<3>(), ka in -2i64..=2, kb in -2i64..=2, kt in -2i64..=3, off in 0usize..4, pick in any::<u8>()) {
        let (a, b) = (along(p, e, -ka), along(p, e, kb));
        let mut o = along(p, d, -kt);
        if let Some(ok) = o.get_mut(off) {
            *ok = ok.saturating_add(1);
        }
        let mt = limit(o, d, a, b, pick);
        check(o, d, a, b, mt)?;
    }

    /// The same in 2D, where every non-parallel pair of lines meets.
    #[test]
    fn rays_through_a_point_of_the_segment_are_the_walks_2d(p in vector::<2>(), e in vector::<2>(), d in vector::<2>(), ka in -2i64..=2, kb in -2i64..=2, kt in -2i64..=3, pick in any::<u8>()) {
        let (a, b) = (along(p, e, -ka), along(p, e, kb));
        let o = along(p, d, -kt);
        let mt = limit(o, d, a, b, pick);
        check(o, d, a, b, mt)?;
    }

    /// Parallel and collinear lines: the direction a multiple of the
    /// segment's (the walk answers the collinear ones).
    #[test]
    fn parallel_and_collinear_lines_are_the_walks(o in vector::<3>(), u in vector::<3>(), k in -3i64..=3, shift in -1i64..=1, s in -2i64..=2, pick in any::<u8>()) {
        let a = along(o, u, s);
        let a = [a[0].saturating_add(shift), a[1], a[2]];
        let (b, d) = (along(a, u, 1), along([0; 3], u, k));
        let mt = limit(o, d, a, b, pick);
        check(o, d, a, b, mt)?;
    }
}

/// One named case on whole numbers (`max_t` too): asserts that the
/// crossing answers it, with the walk's answer, and returns that answer.
fn case<const D: usize>(
    o: [i64; D],
    d: [i64; D],
    a: [i64; D],
    b: [i64; D],
    mt: Option<i64>,
) -> Option<RayHit<D>> {
    let g = |x: [i64; D]| x.map(|c| c << 32);
    let fast = check(g(o), g(d), g(a), g(b), mt.map(|m| m << 32)).unwrap();
    assert!(fast, "the crossing answers: {o:?} {d:?} {a:?} {b:?}");
    let (ray, seg) = inputs(g(o), g(d), g(a), g(b), mt.map(|m| m << 32)).unwrap();
    walk(&ray, &seg)
}

#[test]
fn a_wall_across_the_ray_is_hit_at_the_crossing() {
    // The wall x = 3 from y = -1 to 1; the ray from the origin along +x.
    let h = case([0, 0], [1, 0], [3, -1], [3, 1], None).unwrap();
    assert_eq!(
        (h.t, h.point, h.normal, h.inside),
        (
            Fx::from_num(3),
            Vector::from_ints([3, 0]),
            Vector::from_ints([-1, 0]),
            false
        )
    );
}

#[test]
fn touching_an_end_counts() {
    // The ray along y = 1 passes the wall's end (3, 1).
    let h = case([0, 1], [2, 0], [3, -1], [3, 1], None).unwrap();
    assert_eq!(
        (h.t, h.point),
        (Fx::from_num(1.5), Vector::from_ints([3, 1]))
    );
}

#[test]
fn one_ulp_past_an_end_misses() {
    let ray = Ray::try_unbounded(
        crate::vec::Vec2::new(Fx::ZERO, Fx::ONE + Fx::DELTA),
        Vector::from_ints([1, 0]),
    )
    .unwrap();
    let seg = Segment::try_new(Vector::from_ints([3, -1]), Vector::from_ints([3, 1])).unwrap();
    assert_eq!(ray_segment(&ray, seg.a(), seg.b()), Some(None));
    assert_eq!(walk(&ray, &seg), None);
}

#[test]
fn a_crossing_at_max_t_counts_and_one_ulp_later_does_not() {
    assert!(case([0, 0], [1, 0], [3, -1], [3, 1], Some(3)).is_some());
    let ray = Ray::try_new(
        Vector::from_ints([0, 0]),
        Vector::from_ints([1, 0]),
        Fx::from_num(3) - Fx::DELTA,
    )
    .unwrap();
    let seg = Segment::try_new(Vector::from_ints([3, -1]), Vector::from_ints([3, 1])).unwrap();
    assert_eq!(ray_segment(&ray, seg.a(), seg.b()), Some(None));
}

#[test]
fn an_origin_on_the_segment_is_inside() {
    let h = case([3, 0], [1, 1], [3, -1], [3, 1], None).unwrap();
    assert!(h.inside && h.t == Fx::ZERO && h.normal == Vector::ZERO);
}

#[test]
fn a_wall_behind_the_origin_is_missed() {
    assert!(case([5, 0], [1, 0], [3, -1], [3, 1], None).is_none());
}

#[test]
fn skew_lines_in_3d_miss_and_coplanar_ones_cross() {
    // The segment along y at x = 3, z = 1; the ray along x at z = 0 passes
    // under it, at z = 1 crosses it.
    assert!(case([0, 0, 0], [1, 0, 0], [3, -1, 1], [3, 1, 1], None).is_none());
    let h = case([0, 0, 1], [1, 0, 0], [3, -1, 1], [3, 1, 1], None).unwrap();
    assert_eq!(
        (h.t, h.point),
        (Fx::from_num(3), Vector::from_ints([3, 0, 1]))
    );
}

#[test]
fn a_rational_crossing_is_floored() {
    // The wall x = 1 crossed by a ray of direction (3, 1): t = 1/3, the
    // point (1, 1/3), each rounded down.
    let h = case([0, 0], [3, 1], [1, -5], [1, 5], None).unwrap();
    assert_eq!(h.t, Fx::from_bits((1i64 << 32) / 3));
    assert_eq!(
        h.point,
        crate::vec::Vec2::new(Fx::ONE, Fx::from_bits((1i64 << 32) / 3))
    );
    // The normal against the largest direction component: -x.
    assert_eq!(h.normal, Vector::from_ints([-1, 0]));
}

#[test]
fn parallel_lines_apart_miss_and_the_same_line_goes_to_the_walk() {
    let seg = Segment::try_new(Vector::from_ints([3, 1]), Vector::from_ints([5, 1])).unwrap();
    let apart = Ray::try_unbounded(Vector::from_ints([0, 0]), Vector::from_ints([1, 0])).unwrap();
    assert_eq!(ray_segment(&apart, seg.a(), seg.b()), Some(None));
    let same = Ray::try_unbounded(Vector::from_ints([0, 1]), Vector::from_ints([1, 0])).unwrap();
    assert_eq!(ray_segment(&same, seg.a(), seg.b()), None);
    assert_eq!(walk(&same, &seg).map(|h| h.t), Some(Fx::from_num(3)));
}

#[test]
fn rays_at_walls_take_the_crossing() {
    // A fixed stream of rays aimed near random walls, in 2D: about half
    // hit, and every one is answered by the crossing (each checked
    // against the walk).
    let mut next = stream();
    let (mut hits, mut fast) = (0, 0);
    let n = 5_000;
    for _ in 0..n {
        let a = [next(1 << 40), next(1 << 40)];
        let b = [a[0] + next(1 << 36), a[1] + next(1 << 36)];
        let o = [a[0] + next(1 << 38), a[1] + next(1 << 38)];
        let aim = [a[0] + next(1 << 36), a[1] + next(1 << 36)];
        let d = [aim[0] - o[0], aim[1] - o[1]];
        if check(o, d, a, b, None).unwrap() {
            fast += 1;
        }
        let (ray, seg) = inputs(o, d, a, b, None).unwrap();
        hits += i32::from(walk(&ray, &seg).is_some());
    }
    assert!(hits > n / 5, "hits {hits}");
    assert_eq!(fast, n, "every ray answered by the crossing");
}

#[test]
fn a_crossing_one_part_in_n_before_an_end_misses() {
    // A direction of one ulp along x, and the wall x = 3 ulps from one
    // ulp above the ray up: the lines cross at s = -1 / n, the smallest
    // miss there is (at t = 3, well within max_t).
    let ulps = |x, y| crate::vec::Vec2::new(Fx::from_bits(x), Fx::from_bits(y));
    let ray = Ray::try_unbounded(Vector::from_ints([0, 0]), ulps(1, 0)).unwrap();
    let seg = Segment::try_new(ulps(3, 1), ulps(3, 5 << 32)).unwrap();
    assert_eq!(ray_segment(&ray, seg.a(), seg.b()), Some(None));
    assert_eq!(walk(&ray, &seg), None);
    // The end a on the ray, three ulps ahead: hit at t = 3.
    let three = ulps(3, 0);
    let seg = Segment::try_new(three, ulps(3, 5 << 32)).unwrap();
    let h = ray_segment(&ray, seg.a(), seg.b()).unwrap().unwrap();
    assert_eq!((h.t, h.point), (Fx::from_num(3), three));
    assert_eq!(Some(h), walk(&ray, &seg));
}

#[test]
fn a_crossing_within_max_ts_ulp_but_past_it_misses() {
    // Crossings at t = 5 + 2^-33 (2^64 t an integer, 2^32 t not) and at t =
    // 5 + 1 / n for n just below 2^65 (2^64 t not an integer, its floor
    // 5 2^64): both floor to max_t = 5 and lie past it, so both miss;
    // with max_t one ulp more both hit at t = 5. (Raw-bit inputs.)
    let raw = |x, y| crate::vec::Vec2::new(Fx::from_bits(x), Fx::from_bits(y));
    let cases = [
        (raw(2, 0), raw(10, -1), raw(11, (1 << 32) - 1)),
        (
            raw(1 << 13, 0),
            raw(5 << 13, -1),
            raw((5 << 13) + 1, (1 << 52) - 2),
        ),
    ];
    for (d, a, b) in cases {
        let seg = Segment::try_new(a, b).unwrap();
        for (max_t, hit) in [
            (Fx::from_num(5), false),
            (Fx::from_num(5) + Fx::DELTA, true),
        ] {
            let ray = Ray::try_new(Vector::from_ints([0, 0]), d, max_t).unwrap();
            let fast = ray_segment(&ray, seg.a(), seg.b()).unwrap();
            assert_eq!(fast.is_some(), hit, "dir {d:?} max_t {max_t}");
            assert_eq!(fast, walk(&ray, &seg), "dir {d:?} max_t {max_t}");
            assert!(fast.is_none_or(|h| h.t == Fx::from_num(5)));
        }
    }
}
