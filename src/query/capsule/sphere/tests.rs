//! The fast ray against a ball gives the general walk's bits: over rays
//! aimed at the ball (through its center, tangent, short of it by an ulp),
//! at random, from inside, with `max_t` at and around the entry, in 2D
//! and 3D, and across the whole domain.

use super::*;
use crate::query::capsule::ray;
use crate::query::capsule::wide::props::config;
use crate::shape::{Ball, Capsule};
use proptest::prelude::*;
use std::prelude::rust_2024::*;

/// The general walk's answer.
fn walk<const D: usize>(ray: &Ray<D>, ball: &Ball<D>) -> Option<RayHit<D>> {
    ray::walk(ray, &Capsule::from(*ball))
}

/// A raw coordinate: small grid values (tangents and exact roots are
/// common there), ulps, or anything in the domain.
pub(in crate::query::capsule) fn coord() -> impl Strategy<Value = i64> {
    const DOM: i64 = 1 << 52;
    prop_oneof![
        3 => (-64i64..=64).prop_map(|k| k << 30),
        1 => (-64i64..=64).prop_map(|k| (k << 30) + 1),
        1 => (-64i64..=64).prop_map(|k| (k << 30) - 1),
        2 => -DOM..=DOM,
        1 => -(1i64 << 20)..=(1 << 20),
    ]
}

pub(in crate::query::capsule) fn vector<const D: usize>() -> impl Strategy<Value = [i64; D]> {
    proptest::array::uniform(coord())
}

/// Checks one case; returns whether the fast path answered.
fn check<const D: usize>(
    o: [i64; D],
    d: [i64; D],
    c: [i64; D],
    r: i64,
    mt: Option<i64>,
) -> Result<bool, TestCaseError> {
    let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
    let Ok(ball) = Ball::try_new(v(c), Fx::from_bits(r)) else {
        return Ok(false);
    };
    let ray = match mt {
        Some(m) => Ray::try_new(v(o), v(d), Fx::from_bits(m)),
        None => Ray::try_unbounded(v(o), v(d)),
    };
    let Ok(ray) = ray else { return Ok(false) };
    let fast = ray_ball(&ray, ball.center(), ball.radius());
    if let Some(answer) = fast {
        prop_assert_eq!(answer, walk(&ray, &ball), "ray {:?} ball {:?}", ray, ball);
    }
    Ok(fast.is_some())
}

/// `max_t` around the walk's entry (at it, one ulp short), or random.
fn limits<const D: usize>(o: [i64; D], d: [i64; D], c: [i64; D], r: i64, pick: u8) -> Option<i64> {
    let v = |x: [i64; D]| Vector(x.map(Fx::from_bits));
    let (ball, ray) = (
        Ball::try_new(v(c), Fx::from_bits(r)).ok()?,
        Ray::try_unbounded(v(o), v(d)).ok()?,
    );
    let t = walk(&ray, &ball).map(|h| h.t.to_bits());
    match (pick % 4, t) {
        (0, Some(t)) => Some(t),
        (1, Some(t)) => Some(t - 1),
        (2, Some(t)) => Some(t + 1),
        _ => None,
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fast_ray_ball_is_the_walk_3d(o in vector::<3>(), d in vector::<3>(), c in vector::<3>(), r in 0i64..(1 << 40), pick in any::<u8>()) {
        let mt = limits(o, d, c, r, pick);
        check(o, d, c, r, mt)?;
    }

    #[test]
    fn fast_ray_ball_is_the_walk_2d(o in vector::<2>(), d in vector::<2>(), c in vector::<2>(), r in 0i64..(1 << 40), pick in any::<u8>()) {
        let mt = limits(o, d, c, r, pick);
        check(o, d, c, r, mt)?;
    }

    #[test]
    fn aimed_rays_hit_at_the_walks_bits(c in vector::<3>(), r in 1i64..(1 << 40), off in vector::<3>(), k in -3i64..=3, pick in any::<u8>()) {
        // From c + off, aimed at c shifted by k ulps sideways: through the
        // center, or grazing when off is perpendicular-ish.
        let o = [c[0].saturating_add(off[0]), c[1].saturating_add(off[1]), c[2].saturating_add(off[2])];
        let d = [c[0] - o[0] + k, c[1] - o[1], c[2] - o[2]];
        let mt = limits(o, d, c, r, pick);
        check(o, d, c, r, mt)?;
    }
}

/// A fixed stream of raw values in `-span..=span` (xorshift).
pub(in crate::query::capsule) fn stream() -> impl FnMut(i64) -> i64 {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    move |span: i64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % (2 * span as u64 + 1)) as i64 - span
    }
}

#[test]
fn tangent_and_one_ulp_short_rays_are_the_walks() {
    // Unit ball at the origin, rays along +x at heights 1 (tangent), 1 +
    // 1 ulp (a miss) and 1 - 1 ulp (a shallow hit).
    let one = 1i64 << 32;
    let mut fast = 0;
    for h in [one, one + 1, one - 1, 0, -one] {
        for mt in [None, Some(5 * one), Some(one)] {
            if check([-5 * one, h, 0], [one, 0, 0], [0, 0, 0], one, mt).unwrap() {
                fast += 1;
            }
        }
    }
    assert_eq!(fast, 15, "every case on the fast path");
}

#[test]
fn aimed_rays_mostly_hit_and_take_the_fast_path() {
    // A fixed stream of rays from a shell around the ball aimed near its
    // center: most hit, and all but the rare uncertified normal answer
    // without the general walk (each answer checked against it).
    let mut next = stream();
    let (mut hits, mut fast) = (0, 0);
    let n = 10_000;
    for _ in 0..n {
        let c = [next(1 << 40), next(1 << 40), next(1 << 40)];
        let r = 1 + next(1 << 34).abs();
        let o = [
            c[0] + next(1 << 37),
            c[1] + next(1 << 37),
            c[2] + next(1 << 37),
        ];
        let aim = [
            c[0] + next(1 << 33),
            c[1] + next(1 << 33),
            c[2] + next(1 << 33),
        ];
        let d = [aim[0] - o[0], aim[1] - o[1], aim[2] - o[2]];
        if check(o, d, c, r, None).unwrap() {
            fast += 1;
        }
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        let (ray, ball) = (
            Ray::try_unbounded(v(o), v(d)).unwrap(),
            Ball::try_new(v(c), Fx::from_bits(r)).unwrap(),
        );
        hits += i32::from(walk(&ray, &ball).is_some());
    }
    assert!(hits > n / 4, "hits {hits}");
    assert!(fast > n * 99 / 100, "fast {fast}");
}

/// Whether `x / 2^exp <= t1` (`below`) or `x / 2^exp >= t1`, exactly, for
/// `t1 = (|B| - sqrt(disc)) / A`: with `L = 2^exp |B| - x A`, `x / 2^exp
/// <= t1` iff `2^exp sqrt(disc) <= L`, so iff `L >= 0` and `2^(2 exp) disc
/// <= L^2`, and the other side likewise.
fn bounds_entry(e: &Entry, x: u64, exp: u32, below: bool) -> bool {
    use num_bigint::BigInt;
    let big = |v: U256| (BigInt::from(v.0) << 128u32) + BigInt::from(v.1);
    let l = (BigInt::from(e.b) << exp) - BigInt::from(x) * BigInt::from(e.a);
    let root_side = big(e.disc) << (2 * exp);
    let zero = BigInt::from(0);
    if below {
        l >= zero && root_side <= &l * &l
    } else {
        l <= zero || &l * &l <= root_side
    }
}

proptest! {
    #![proptest_config(config())]

    /// The bracket of [`Entry::bracket`] holds the exact entry, `lo <= 2^exp
    /// t1 <= hi`, a few units wide; over any offsets and directions, small
    /// ones (a denominator below 2^63, scaled up) as well as large.
    #[test]
    fn the_entrys_bracket_holds_the_exact_time(
        m in vector::<3>(), d in vector::<3>(), r in 1i64..(1 << 52), small in 0u32..40,
    ) {
        let (m, d) = (m.map(|x| x >> small), d.map(|x| x >> (small / 2)));
        let Start::Enters(entry) = Entry::start(&m, &d, r) else {
            return Ok(());
        };
        let Some(b) = entry.bracket() else {
            return Ok(());
        };
        prop_assert!(bounds_entry(&entry, b.lo, b.exp, true), "{:?} starts past the entry (m {:?}, d {:?}, r {})", b, m, d, r);
        prop_assert!(bounds_entry(&entry, b.hi, b.exp, false), "{:?} ends before the entry (m {:?}, d {:?}, r {})", b, m, d, r);
        // q >= 2^62, less at most (q + 1) / 2 (the two denominators, scaled,
        // differ by at most 2^61); by at most 10 units when the
        // denominator has 63 bits or more (scaled down: they differ by 2).
        prop_assert!(b.lo >= (1 << 61) - 2, "{:?}: fewer than 61 bits", b);
        if entry.b + entry.s + (1 << entry.h) >= 1 << 63 {
            prop_assert!(b.hi - b.lo <= 10, "{:?}: wider than 10 units", b);
        }
    }
}

/// `floor(2^32 (m A + d (b - root)) / (A r))` exactly.
fn normal_floor(e: &Entry, m: i128, d: i128, r: u64, root: u128) -> num_bigint::BigInt {
    use num_bigint::BigInt;
    let x = (BigInt::from(m) * BigInt::from(e.a)
        + BigInt::from(d) * (BigInt::from(e.b) - BigInt::from(root)))
        << 32u32;
    num_integer::Integer::div_floor(&x, &(BigInt::from(e.a) * BigInt::from(r)))
}

proptest! {
    #![proptest_config(config())]

    /// A normal component is answered only when the floor is the same at
    /// both ends of the root's bracket `[s, s + 1]`, and then it is that
    /// floor; with `A` small next to `2^32 d` (a step of one or more
    /// integers of `floor(x / A)` across the bracket) as well as large.
    #[test]
    fn a_normal_component_is_the_floor_at_both_ends_of_the_bracket(
        a in prop_oneof![Just(1u128 << 32), (1u128 << 32)..(1 << 40), (1u128 << 32)..(1 << 88)],
        t_bits in 0u32..20, t in any::<u64>(), frac in 0u128..(1 << 20), s in 0u128..(1 << 100),
        d in prop_oneof![1 => Just(0i64), 4 => any::<i64>()],
        r in prop_oneof![1u64..=3, 1u64..(1 << 52), 1u64..(1 << 20)], u in -1024i128..=1024,
    ) {
        // (A = 2^32 and d = 0 put the second floor's remainder at 0; a
        // radius of 1 to 3 puts the first floor's remainder at a cell's
        // edge: both edges of the comparisons are reached.)
        // |B| - root = P with P / A about t (below 2^t_bits), d t below
        // 2^53, and m chosen so that the component is about u / 1024 of
        // the radius (as on a ball's surface).
        let t = u128::from(t) >> (64 - t_bits);
        let d = i128::from(d >> (11 + t_bits));
        let p = a * t + (a >> 20) * frac;
        let step = num_bigint::BigInt::from(d) * num_bigint::BigInt::from(p) / num_bigint::BigInt::from(a);
        let m = ((u * i128::from(r)) >> 10) - i128::try_from(step).unwrap();
        prop_assume!(m.unsigned_abs() < 1 << 54);
        let e = Entry { a, b: p + s, c: 1, disc: (0, 0), s, h: 0, square: false };
        let (lo, hi) = (normal_floor(&e, m, d, r, s + 1), normal_floor(&e, m, d, r, s));
        match e.normal(m, d, r) {
            Some(f) => {
                prop_assert_eq!(num_bigint::BigInt::from(f), lo.clone(), "the floor");
                prop_assert_eq!(hi, lo, "one floor at both ends");
            }
            None => prop_assert!(hi != lo || lo.bits() >= 62, "settled, yet no answer"),
        }
    }
}

/// The general walk of the rays the bracket of [`Entry::bracket`] answers
/// is its answer, and it answers nearly every aimed ray that enters (a
/// floor or a normal component within about `2^-64` of an integer, or an
/// entry at `max_t`, is left to the exact floors), over radii up to 4
/// units (every third one `2^12` to `2^17` ulps) and directions of length
/// about `2^-11` to `2^5` (shorter ones widen the bracket, `2^64 / A`, and
/// more of them go on).
#[test]
fn the_entrys_bracket_alone_answers_nearly_every_aimed_ray() {
    let mut next = stream();
    let (mut entered, mut tight) = (0, 0);
    for i in 0..30_000 {
        let c = [next(1 << 40), next(1 << 40), next(1 << 40)];
        // Every third ball 2^12 to 2^17 ulps wide (the normal's floors
        // straddle more often there), the others up to 4 units.
        let r = if i % 3 == 0 {
            (1 << 12) + next(1 << 16).abs()
        } else {
            1 + next(1 << 34).abs()
        };
        let o = c.map(|ck| ck + next(r << 3));
        let aim = c.map(|ck| ck + next(r / 2));
        // Scale the direction so that its length runs over the octaves
        // from 2^-11 to 2^5 (its largest component 2^21 to 2^37 raw).
        let diff = [0, 1, 2].map(|k| aim[k] - o[k]);
        let bits = 64
            - diff
                .iter()
                .map(|x| x.unsigned_abs())
                .max()
                .unwrap()
                .leading_zeros();
        let want = 21 + i % 17;
        let d = diff.map(|x| {
            if want >= bits {
                x << (want - bits)
            } else {
                x >> (bits - want)
            }
        });
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        let ray = Ray::try_unbounded(v(o), v(d)).unwrap();
        let m = [0, 1, 2].map(|k| o[k] - c[k]);
        let Start::Enters(entry) = Entry::start(&m, &d, r) else {
            continue;
        };
        entered += 1;
        if let Some(answer) = entry.tight(&ray, &m, &d, r.unsigned_abs()) {
            tight += 1;
            let ball = Ball::try_new(v(c), Fx::from_bits(r)).unwrap();
            assert_eq!(answer, walk(&ray, &ball), "ray {ray:?} ball {ball:?}");
        }
    }
    assert!(entered > 15_000, "entered {entered}");
    assert!(tight > entered * 99 / 100, "tight {tight} of {entered}");
}

/// Entries at a rational time whose scaled bracket is not an integer (`t1
/// = 1/3`, `1/7`) but whose point lands on the grid: the bracket's lower
/// end alone would floor the point an ulp low; the walk's exact point.
#[test]
fn entries_at_a_third_land_exactly_on_the_grid() {
    let one = 1i64 << 32;
    // (origin, direction, center, radius, the exact entry point)
    let cases = [
        // Along +x at speed 3: enters (1, 0, 0) at t = 1/3.
        (
            [0, 0, 0],
            [3 * one, 0, 0],
            [5 * one, 0, 0],
            4 * one,
            [one, 0, 0],
        ),
        // Along -y at speed 7: enters (0, -2, 0) at t = 1/7.
        (
            [0, -one, 0],
            [0, -7 * one, 0],
            [0, -9 * one, 0],
            7 * one,
            [0, -2 * one, 0],
        ),
        // Diagonal (3, 4, 0) * 3: enters (3, 4, 0) at t = 1/3 (a 3-4-5
        // ball of radius 5 centred at (6, 8, 0)).
        (
            [0, 0, 0],
            [9 * one, 12 * one, 0],
            [6 * one, 8 * one, 0],
            5 * one,
            [3 * one, 4 * one, 0],
        ),
    ];
    for (o, d, c, r, want) in cases {
        let v = |x: [i64; 3]| Vector(x.map(Fx::from_bits));
        let ray = Ray::try_unbounded(v(o), v(d)).unwrap();
        let ball = Ball::try_new(v(c), Fx::from_bits(r)).unwrap();
        let hit = ray_ball(&ray, ball.center(), ball.radius()).flatten();
        assert_eq!(
            hit.map(|h| h.point),
            Some(v(want)),
            "ray {ray:?} ball {ball:?}"
        );
        assert_eq!(hit, walk(&ray, &ball), "ray {ray:?} ball {ball:?}");
    }
}

/// Regression (fuzzing, `shapes`): an entry whose scaled bracket starts at
/// `q = 0` (the ray enters within 2^-64 of its origin, in units of a long
/// direction) took `q - 1` and overflowed (a panic with overflow checks,
/// a wrapped bracket that the exact path then settled without them).
#[test]
fn an_entry_bracket_at_zero_does_not_underflow() {
    let (o, d) = (
        [11_274_289_152, 3_758_096_385, 3_758_096_384],
        [-7_501_512_704, 14_680_063, -1_048_576],
    );
    let (c, r) = ([3_758_096_384; 3], 7_516_192_768);
    check(o, d, c, r, None).unwrap();
}
