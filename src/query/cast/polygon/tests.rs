//! A polygon against a ball or capsule: the capsules' ray casts against
//! the union of the edges' programs.

use super::*;
use proptest::prelude::*;

/// A coordinate: a half unit in `[-6, 6]`, or any raw value there.
fn coord() -> impl Strategy<Value = i128> {
    prop_oneof![
        (-12i128..=12).prop_map(|v| v << 31),
        (-(6i128 << 32))..=(6i128 << 32),
    ]
}

fn point() -> impl Strategy<Value = [i128; 2]> {
    [coord(), coord()]
}

/// A triangle, a ball's center or a capsule's ends, a radius sum, a
/// displacement (raw) and whether the triangle moves.
type Case = ([[i128; 2]; 3], Vec<[i128; 2]>, i128, [i128; 2], bool);

/// A triangle counter-clockwise (three points not on a line), a ball's
/// center or a capsule's ends, a radius (raw, positive), a displacement
/// (aimed from the core at the triangle half the time), and which moves.
fn case() -> impl Strategy<Value = Case> {
    let tri = [point(), point(), point()].prop_filter_map("collinear", |[a, b, c]| {
        match orient(&a, &b, &c) {
            0 => None,
            o if o > 0 => Some([a, b, c]),
            _ => Some([a, c, b]),
        }
    });
    let core = prop_oneof![
        point().prop_map(|p| vec![p]),
        [point(), point()].prop_map(Vec::from)
    ];
    (tri, core, 1i128..=(3 << 32)).prop_flat_map(|(t, c, r)| {
        let aim = [0, 1].map(|k| t[0][k] - c[0][k]);
        let free = [coord(), coord()].prop_map(|d| d.map(|v| v * 2));
        let aimed = (
            1i128..=4,
            [-(1i128 << 31)..=(1 << 31), -(1i128 << 31)..=(1 << 31)],
        )
            .prop_map(move |(k, n)| [0, 1].map(|i| aim[i] / 2 * k + n[i]));
        (
            Just(t),
            Just(c),
            Just(r),
            prop_oneof![free, aimed],
            any::<bool>(),
        )
    })
}

proptest! {
    #![proptest_config(crate::query::capsule::wide::props::config())]

    /// The same hit, `t_enter` and `overlapping` as the union of the
    /// programs, normals within 5 ulps (each within 2^-30 of the exact one).
    #[test]
    fn round_polygon_cast_is_the_union_of_the_programs((t, c, r, d, polygon_moves) in case()) {
        let (m, s): (&[[i128; 2]], &[[i128; 2]]) = if polygon_moves { (&t, &c) } else { (&c, &t) };
        let fast = round_cast_by::<2>(m, d, s, r, true);
        let general = round_cast_by::<2>(m, d, s, r, false);
        let key = |c: &Option<Cast<2>>| c.map(|c| (c.t_enter, c.overlapping));
        prop_assert_eq!(key(&fast), key(&general));
        if let (Some(f), Some(g)) = (fast, general) {
            for (x, y) in f.normal.0.iter().zip(g.normal.0) {
                prop_assert!((x.to_bits() - y.to_bits()).abs() <= 5, "{:?} {:?}", f.normal, g.normal);
            }
        }
    }
}

#[test]
fn polygon_and_ball_standing_still_apart_or_touching_do_not_hit() {
    // A triangle and a ball of radius 1 whose center is 1 from the
    // triangle's edge x = 0 (touching), then 2 from it (apart): d = 0.
    let tri = [[0, 0], [4i128 << 32, 0], [0, 4i128 << 32]];
    for x in [-1i128, -2] {
        let ball = [[x << 32, 1 << 32]];
        assert_eq!(
            round_cast::<2>(&ball, [0, 0], &tri, 1 << 32),
            None,
            "x = {x}"
        );
        assert_eq!(
            round_cast::<2>(&tri, [0, 0], &ball, 1 << 32),
            None,
            "x = {x}"
        );
    }
}
