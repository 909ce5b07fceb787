//! The ray's hit floors from one division ([`tight`]) against the exact
//! floors ([`exact`]): the same whenever it answers, and it answers nearly
//! always.

use super::*;
use crate::shape::{Polygon8, Ray2};
use std::prelude::rust_2024::*;

/// xorshift64: a fixed, seeded sequence.
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// A raw value of either sign below `2^bits`.
fn signed(x: &mut u64, bits: u32) -> i64 {
    (next(x) >> (64 - bits)) as i64 - (1i64 << (bits - 1))
}

#[test]
fn the_tight_floors_are_the_exact_ones_and_answer_nearly_every_entry() {
    let mut x = 0x6a09_e667_f3bc_c908;
    let (mut asked, mut answered) = (0u32, 0u32);
    for _ in 0..100_000 {
        // Origins within 2^10 units, directions within 2^6 (not zero), and
        // an entry t = num / den below 2^10 with denominators of 33 to 100
        // bits, as an edge's normal dotted with a direction has (a small
        // one puts the point exactly on the grid often: see below).
        let o = [signed(&mut x, 43), signed(&mut x, 43)].map(Fx::from_bits);
        let d = [signed(&mut x, 39), signed(&mut x, 39) | 1].map(Fx::from_bits);
        let Ok(ray) = Ray2::try_unbounded(Vector(o), Vector(d)) else {
            continue;
        };
        let den = (i128::from(next(&mut x) | 1 << 63) << 36 >> (next(&mut x) % 68)).max(1);
        let num = (i128::from(next(&mut x) >> 54) * den) + i128::from(next(&mut x)) % den;
        let at = Ratio::new(num, den);
        asked += 1;
        let want = exact(&ray, &at);
        if let Some(got) = tight(&ray, &at) {
            answered += 1;
            assert_eq!(got, want, "o {o:?} d {d:?} t {num} / {den}");
        }
    }
    // Only a point within about 2^-64 |d_k| of a grid line goes on.
    assert!(
        u64::from(answered) * 1000 >= u64::from(asked) * 999,
        "{answered} of {asked}"
    );
}

#[test]
fn entries_onto_the_grid_at_a_third_are_left_to_the_exact_floors() {
    // (origin, direction, t = num / den, the point): 2^64 t is not an
    // integer, so the bracket of each coordinate that lands exactly on the
    // grid holds that integer.
    let v = |x, y| Vec2::from_ints([x, y]);
    let cases = [
        (v(0, 0), v(3, 3), (1, 3), v(1, 1)),   // both coordinates
        (v(5, -2), v(-6, 3), (2, 3), v(1, 0)), // negative direction
        (v(0, 0), v(7, 14), (3, 7), v(3, 6)),  // sevenths
    ];
    for (o, d, (num, den), point) in cases {
        let ray = Ray2::try_unbounded(o, d).unwrap();
        let at = Ratio::new(num, den);
        assert_eq!(tight(&ray, &at), None, "{o:?} + {num}/{den} {d:?}");
        let (t, got) = exact(&ray, &at);
        assert_eq!(got, point, "{o:?} + {num}/{den} {d:?}");
        assert_eq!(t.to_bits(), (num << 32) as i64 / den as i64, "{num}/{den}");
        assert_eq!(entry(&ray, &at, &[1, 0]).point, point);
    }
}

#[test]
fn the_unused_slots_of_a_small_polygon_never_touch_the_line() {
    // A triangle in a Polygon8 (five unused slots, each the origin) and
    // rays whose lines pass through the origin: the line crosses the
    // triangle or misses it, and no vertex is on it.
    let v = |x, y| Vec2::from_ints([x, y]);
    let tri = Polygon8::try_from(&[v(5, -1), v(8, -1), v(6, 2)][..]).unwrap();
    // (origin, direction, crosses)
    let cases = [
        (v(-10, 0), v(1, 0), true),  // along the x axis, through it
        (v(-3, -3), v(1, 1), false), // the diagonal y = x, the triangle below it
        (v(0, 5), v(0, -1), false),  // the y axis, the triangle right of it
    ];
    for (o, d, crosses) in cases {
        let ray = Ray2::try_unbounded(o, d).unwrap();
        let got = line(&ray, &tri);
        assert!(!matches!(got, Line::Touches), "{o:?} {d:?}");
        assert_eq!(matches!(got, Line::Crosses { .. }), crosses, "{o:?} {d:?}");
    }
}
