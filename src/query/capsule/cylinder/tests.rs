//! The ray against a capsule in 512-bit words gives the general walk's
//! bits: over random rays and capsules, rays aimed at the capsule (at its
//! side, its end balls and the seams between them, one ulp either way),
//! from inside, with `max_t` at and around the entry, in 2D and 3D.

use super::*;
use crate::query::capsule::ray::walk;
use crate::query::capsule::sphere::tests::{stream, vector};
use crate::query::capsule::wide::props::config;
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// One case in raw bits: the ray's origin and direction, the capsule's
/// end points and radius.
#[derive(Clone, Copy)]
struct Case<const D: usize> {
    o: [i64; D],
    d: [i64; D],
    a: [i64; D],
    b: [i64; D],
    r: i64,
}

impl<const D: usize> Case<D> {
    /// The ray (with this `max_t`, or unbounded) and the capsule, if valid.
    fn shapes(&self, mt: Option<i64>) -> Option<(Ray<D>, Capsule<D>)> {
        let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
        let capsule = Capsule::try_new(v(self.a), v(self.b), Fx::from_bits(self.r)).ok()?;
        let ray = match mt {
            Some(m) => Ray::try_new(v(self.o), v(self.d), Fx::from_bits(m)),
            None => Ray::try_unbounded(v(self.o), v(self.d)),
        };
        Some((ray.ok()?, capsule))
    }

    /// Checks the case against the walk; returns whether the fast path
    /// answered.
    fn check(&self, mt: Option<i64>) -> Result<bool, TestCaseError> {
        let Some((ray, capsule)) = self.shapes(mt) else {
            return Ok(false);
        };
        let fast = ray_capsule(&ray, &capsule);
        if let Some(answer) = fast {
            let want = walk(&ray, &capsule);
            prop_assert_eq!(answer, want, "ray {:?} capsule {:?}", ray, capsule);
        }
        Ok(fast.is_some())
    }

    /// `max_t` around the walk's entry (at it, one ulp either side), or
    /// none.
    fn limit(&self, pick: u8) -> Option<i64> {
        let (ray, capsule) = self.shapes(None)?;
        let t = walk(&ray, &capsule).map(|h| h.t.to_bits());
        match (pick % 4, t) {
            (0, Some(t)) => Some(t),
            (1, Some(t)) => Some(t - 1),
            (2, Some(t)) => Some(t + 1),
            _ => None,
        }
    }

    /// [`Case::check`] at a `max_t` from [`Case::limit`].
    fn check_near(&self, pick: u8) -> Result<bool, TestCaseError> {
        self.check(self.limit(pick))
    }
}

/// `x + k y` per component, saturated.
fn along<const D: usize>(x: [i64; D], y: [i64; D], k: i64) -> [i64; D] {
    std::array::from_fn(|i| x[i].saturating_add(y[i].saturating_mul(k)))
}

/// `y - x` per component, saturated.
fn minus<const D: usize>(y: [i64; D], x: [i64; D]) -> [i64; D] {
    std::array::from_fn(|i| y[i].saturating_sub(x[i]))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fast_ray_capsule_is_the_walk_3d(o in vector::<3>(), d in vector::<3>(), a in vector::<3>(), b in vector::<3>(), r in 0i64..(1 << 40), pick in any::<u8>()) {
        Case { o, d, a, b, r }.check_near(pick)?;
    }

    #[test]
    fn fast_ray_capsule_is_the_walk_2d(o in vector::<2>(), d in vector::<2>(), a in vector::<2>(), b in vector::<2>(), r in 0i64..(1 << 40), pick in any::<u8>()) {
        Case { o, d, a, b, r }.check_near(pick)?;
    }

    #[test]
    fn aimed_rays_are_the_walks_3d(a in vector::<3>(), u in vector::<3>(), r in 1i64..(1 << 40), off in vector::<3>(), at in -2i64..=6, k in -2i64..=2, pick in any::<u8>()) {
        aimed(a, u, r, off, [at, k], pick)?;
    }

    #[test]
    fn aimed_rays_are_the_walks_2d(a in vector::<2>(), u in vector::<2>(), r in 1i64..(1 << 40), off in vector::<2>(), at in -2i64..=6, k in -2i64..=2, pick in any::<u8>()) {
        aimed(a, u, r, off, [at, k], pick)?;
    }
}

/// From `a + off`, aimed at `a + (at / 4) u` nudged by `k` ulps: the
/// side, the end balls, the end planes (`at` = 0, 4) and beyond.
fn aimed<const D: usize>(
    a: [i64; D],
    u: [i64; D],
    r: i64,
    off: [i64; D],
    [at, k]: [i64; 2],
    pick: u8,
) -> Result<bool, TestCaseError> {
    let b = along(a, u, 1);
    let aim = along(a, u.map(|x| x / 4), at);
    let o = along(a, off, 1);
    let d = along(minus(aim, o), [1; D], k);
    Case { o, d, a, b, r }.check_near(pick)
}

#[test]
fn seams_tangents_and_one_ulp_misses_are_the_walks() {
    // The capsule from (0, 0, 0) to (8, 0, 0), radius 1: rays along -y
    // at x = 0 and 8 (the seams' planes) and around them, and along +x at
    // heights 1 (tangent to the side), 1 + 1 ulp and 1 - 1 ulp.
    let one = 1i64 << 32;
    let (a, b) = ([0, 0, 0], [8 * one, 0, 0]);
    let check = |o, d, mt| Case { o, d, a, b, r: one }.check(mt).unwrap();
    for x in [0, 8 * one] {
        for dx in [-1, 0, 1] {
            for mt in [None, Some(4 * one), Some(4 * one - 1)] {
                check([x + dx, 5 * one, 0], [0, -one, 0], mt);
                check([x + dx, 5 * one, 0], [-one, -one, 0], mt);
            }
        }
    }
    for h in [one, one + 1, one - 1, 0] {
        for ox in [-5 * one, 4 * one, 13 * one] {
            check([ox, h, 0], [one, 0, 0], None);
            check([4 * one, h + 5 * one, 0], [0, -one, 0], None);
        }
    }
}

#[test]
fn aimed_rays_mostly_take_the_fast_path() {
    // A fixed stream of capsules and rays from around them aimed at points
    // along their axes: most hit, and nearly all answer without the walk
    // (each answer checked against it).
    let mut next = stream();
    let (mut hits, mut fast) = (0, 0);
    let n = 10_000;
    for _ in 0..n {
        let a: [i64; 3] = std::array::from_fn(|_| next(1 << 40));
        let u: [i64; 3] = std::array::from_fn(|_| next(1 << 36));
        let b = along(a, u, 1);
        let r = 1 + next(1 << 34).abs();
        let o: [i64; 3] = std::array::from_fn(|i| a[i] + next(1 << 38));
        let s = next(1 << 8) + (1 << 8);
        let aim: [i64; 3] = std::array::from_fn(|i| a[i] + (u[i] >> 9) * s + next(1 << 33));
        let d = minus(aim, o);
        let case = Case { o, d, a, b, r };
        if case.check(None).unwrap() {
            fast += 1;
        }
        let (ray, capsule) = case.shapes(None).unwrap();
        hits += i32::from(walk(&ray, &capsule).is_some());
    }
    assert!(hits > n / 4, "hits {hits}");
    assert!(fast > n * 99 / 100, "fast {fast}");
}

#[test]
fn the_word_path_answers_nearly_every_side_hit() {
    // Capsules of many lengths and radii, rays from around them aimed at
    // the side (the middle of the axis, nudged less than the radius): the
    // hits on the cylinder are answered in `i128` from the two brackets,
    // all but the rare floor within about 2^-64 of an integer (each
    // answer checked against the walk).
    let mut next = stream();
    let (mut side, n) = (0, 10_000);
    words::tally::take();
    for i in 0..n {
        let a: [i64; 3] = std::array::from_fn(|_| next(1 << 40));
        let u: [i64; 3] = std::array::from_fn(|_| next(1 << (24 + i % 16)));
        let b = along(a, u, 1);
        let r = (1 << 20) + next(1 << (20 + i % 18)).abs();
        let mid: [i64; 3] = std::array::from_fn(|k| a[k] + u[k] / 2);
        let o: [i64; 3] = std::array::from_fn(|k| mid[k] + next(1 << 39));
        let aim: [i64; 3] = std::array::from_fn(|k| mid[k] + next(r / 2));
        let case = Case {
            o,
            d: minus(aim, o),
            a,
            b,
            r,
        };
        case.check(None).unwrap();
        let (ray, capsule) = case.shapes(None).unwrap();
        let on_side = walk(&ray, &capsule).is_some_and(|h| {
            // The normal is perpendicular to the axis (its cosine below
            // 2^-10): on the side.
            let dot: i128 = (0..3)
                .map(|k| i128::from(h.normal.0[k].to_bits()) * i128::from(u[k]))
                .sum();
            let len = u.iter().map(|x| x.unsigned_abs()).max().unwrap_or(0);
            !h.inside && dot.unsigned_abs() < u128::from(len) << 22
        });
        side += u32::from(on_side);
    }
    let answered = words::tally::take();
    assert!(side > n / 2, "side hits {side}");
    assert!(answered > side * 99 / 100, "answered {answered} of {side}");
}

#[test]
fn exact_hits_at_odd_coordinates_are_the_walks() {
    // Rays across an axis-aligned capsule of odd raw coordinates hit its
    // side at a rational point with the normal -y exactly: the root is an
    // odd integer, so its bracket (wider than one) straddles the exact
    // floors and the walk must answer them, or the bracket's ends agree.
    let odd = |k: i64| (k << 32) | 0x1_2345_6789 | 1;
    for (i, r) in [odd(1), odd(3), (1 << 32) + 3].into_iter().enumerate() {
        let a = [odd(-5) - 1, odd(2), odd(1)];
        let b = [odd(9), odd(2), odd(1)];
        for x in [odd(0), odd(-5), odd(9), odd(4) + 2 * i as i64] {
            for d in [[0, -odd(1), 0], [0, -odd(2), 0], [odd(1) >> 8, -odd(1), 0]] {
                for mt in [None, Some(odd(3) >> 1)] {
                    let o = [x, odd(12), odd(1)];
                    Case { o, d, a, b, r }.check(mt).unwrap();
                    let (o, d) = ([x, -odd(12), odd(1)], d.map(|c| -c));
                    Case { o, d, a, b, r }.check(mt).unwrap();
                }
            }
        }
    }
}

#[test]
fn side_hits_at_a_third_land_exactly_on_the_grid() {
    // Rays that meet the side of a capsule of radius 5 at a grid point at
    // a time of 1/3 or 2/7: the scaled time's bracket holds no integer,
    // and its lower end alone would floor the point an ulp low, so the
    // word path must leave them to the exact floors. The normals are
    // 3-4-5 ones, one component zero all along the ray.
    let one = 1i64 << 32;
    let fifth = |k: i64| (k * one).div_euclid(5);
    let x_axis = ([0, 0, 0], [8 * one, 0, 0]);
    let y_axis = ([0, 0, 0], [0, 8 * one, 0]);
    // (axis, origin, direction, the exact entry point, the normal in
    // fifths)
    let cases = [
        // Along the x axis from (0, 6, 8) at speed (3, -9, -12): (1, 3, 4).
        (x_axis, [0, 6, 8], [3, -9, -12], [1, 3, 4], [0, 3, 4]),
        // From (5, -9, 12) at (7, 21, -28): (7, -3, 4) at t = 2/7.
        (x_axis, [5, -9, 12], [7, 21, -28], [7, -3, 4], [0, -3, 4]),
        // A ray across a capsule along y: from (9, 4, 12) at (-18, 0, -24)
        // to (3, 4, 4).
        (y_axis, [9, 4, 12], [-18, 0, -24], [3, 4, 4], [3, 0, 4]),
    ];
    for ((a, b), o, d, point, normal) in cases {
        let ints = |x: [i64; 3]| x.map(|c| c * one);
        let case = Case {
            o: ints(o),
            d: ints(d),
            a,
            b,
            r: 5 * one,
        };
        let (ray, capsule) = case.shapes(None).unwrap();
        words::tally::take();
        let hit = ray_capsule(&ray, &capsule).flatten();
        assert_eq!(words::tally::take(), 0, "left to the exact floors: {ray:?}");
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        let want = (v(ints(point)), v(normal.map(fifth)));
        assert_eq!(hit.map(|h| (h.point, h.normal)), Some(want), "ray {ray:?}");
        assert!(case.check(None).unwrap(), "the walk's answer {ray:?}");
    }
}

#[test]
fn rays_across_a_grid_axis_keep_their_zero_normal_component_in_words() {
    // Rays across the axis of a capsule along x or y (no direction along
    // it) meet the side where the normal's component along the axis is
    // exactly 0: the brackets straddle that zero, the exact products
    // settle it, and the word path answers (checked against the walk).
    let one = 1i64 << 32;
    let x_axis = ([-one, 3, 0], [8 * one, 3, 0]);
    let y_axis = ([5, 0, 7], [5, 6 * one, 7]);
    let cases = [
        (
            x_axis,
            [2 * one + 9, 7 * one, -3 * one + 1],
            [0, -7 * one - 5, 3 * one + 3],
        ),
        (x_axis, [0, -5 * one, 1], [0, one, 0]),
        (
            y_axis,
            [-4 * one, one + 7, 3 * one],
            [4 * one + 11, 0, -3 * one],
        ),
        (y_axis, [9 * one, 2 * one, -one], [-one, 0, 0]),
    ];
    for ((a, b), o, d) in cases {
        let case = Case {
            o,
            d,
            a,
            b,
            r: one + 12345,
        };
        let (ray, capsule) = case.shapes(None).unwrap();
        words::tally::take();
        let hit = ray_capsule(&ray, &capsule).flatten();
        assert_eq!(words::tally::take(), 1, "the word path answers {ray:?}");
        let along = if a[0] == b[0] { 1 } else { 0 };
        assert_eq!(
            hit.map(|h| h.normal.0[along]),
            Some(Fx::ZERO),
            "ray {ray:?}"
        );
        assert!(case.check(None).unwrap(), "the walk's answer {ray:?}");
    }
}
