//! Every AABB query on boxes, displacements and rays made of the extreme
//! values (the domain limits, an ulp inside them, zero, an ulp; any
//! displacement bits): no panic, and the answers still equal the exact
//! ones.

use super::*;
use crate::aabb_reference::{DOM, RBox};
use crate::overlap::{PairCase, check_contact};
use crate::ray::{RayCase, check_ray_hit, check_ray_point, check_ray_t};
use crate::sphere::{BallCase, check_sphere};
use crate::sweep::{SweepCase, check_sweep_hit, check_sweep_normal, check_sweep_times};
use crate::sweep_pair::{PairSweepCase, check_pair_hit, check_pair_times};
use fixed_collide::{DOMAIN, aabb_intersection, aabb_overlap, aabb_overlap_open};

// ============================================================ generators ==

/// Boxes, displacements and rays made only of the extreme values: the domain
/// limits, an ulp inside them, zero, an ulp; displacements of any bits.
fn extreme() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(DOM),
        Just(-DOM),
        Just(DOM - 1),
        Just(-DOM + 1),
        Just(0i64),
        Just(1i64),
        Just(-1i64),
    ]
}

#[derive(Clone, Copy)]
struct ExtremeCase<const D: usize> {
    a: Aabb<D>,
    b: Aabb<D>,
    va: Vector<D>,
    vb: Vector<D>,
    dir: Vector<D>,
    max_t: Fx,
}

debug_by_show! {
    ExtremeCase { a, b, va, vb, dir, max_t }
}

fn extreme_case<const D: usize>() -> impl Strategy<Value = ExtremeCase<D>> {
    (
        proptest::array::uniform::<_, D>((extreme(), extreme(), extreme(), extreme())),
        proptest::array::uniform::<_, D>((any::<i64>(), disp(), extreme())),
        prop_oneof![Just(Fx::MAX), (0i64..=i64::MAX).prop_map(Fx::from_bits)],
    )
        .prop_map(|(corners, moves, max_t)| {
            let a = exact::aabb(
                corners.map(|c| i128::from(c.0.min(c.1))),
                corners.map(|c| i128::from(c.0.max(c.1))),
            );
            let b = exact::aabb(
                corners.map(|c| i128::from(c.2.min(c.3))),
                corners.map(|c| i128::from(c.2.max(c.3))),
            );
            let mut dir = moves.map(|m| i128::from(m.2));
            if dir.iter().all(|&c| c == 0) {
                dir[0] = i128::from(DOM);
            }
            ExtremeCase {
                a,
                b,
                va: Vector(moves.map(|m| Fx::from_bits(m.0))),
                vb: Vector(moves.map(|m| Fx::from_bits(m.1))),
                dir: vec_of(dir),
                max_t,
            }
        })
}

// ================================================================ checks ==

/// Every AABB query on domain-limit boxes and any displacement bits: no
/// panic, and the answers still equal the exact ones.
fn check_extremes<const D: usize>(c: &ExtremeCase<D>) -> Check {
    let (a, b) = (RBox::of(&c.a), RBox::of(&c.b));
    prop_assert_eq!(
        aabb_overlap(&c.a, &c.b),
        exact::overlap_closed(&a, &b),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_overlap_open(&c.a, &c.b),
        exact::overlap_open(&a, &b),
        "{:?}",
        c
    );
    prop_assert_eq!(
        aabb_intersection(&c.a, &c.b).map(|i| RBox::of(&i)),
        exact::intersection(&a, &b),
        "{:?}",
        c
    );
    check_contact(&PairCase { a: c.a, b: c.b })?;
    let sweep = SweepCase {
        s: c.a,
        m: c.b,
        d: c.vb,
    };
    check_sweep_hit(&sweep)?;
    check_sweep_times(&sweep)?;
    check_sweep_normal(&sweep)?;
    let pair = PairSweepCase {
        a: c.a,
        va: c.va,
        b: c.b,
        vb: c.vb,
    };
    check_pair_hit(&pair)?;
    check_pair_times(&pair)?;
    let ray = RayCase {
        ray: Ray::try_new(c.b.min(), c.dir, c.max_t).expect("valid ray"),
        b: c.a,
    };
    check_ray_hit(&ray)?;
    check_ray_t(&ray)?;
    check_ray_point(&ray)?;
    let ball = BallCase {
        ball: Ball::try_new(c.b.max(), DOMAIN).expect("valid ball"),
        b: c.a,
    };
    check_sphere(&ball)
}

// ============================================================ properties ==

macro_rules! dimension_props {
    ($d:literal) => {
        use super::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(cases()))]

            #[test]
            fn queries_are_exact_and_never_panic_at_domain_limits(c in extreme_case::<$d>()) {
                check_extremes(&c)?;
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
