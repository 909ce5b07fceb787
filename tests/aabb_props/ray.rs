//! Ray vs AABB against the exact reference: hit, time, normal, point,
//! origins in the closed box, the inclusive `max_t` bound, translation
//! invariance.

use super::*;
use crate::aabb_reference::{self as exact, DOM, HALF, ONE, RBox, raw, rvec, unit};
use fixed_collide::ray_aabb;

// ============================================================ generators ==

#[derive(Clone, Copy)]
pub struct RayCase<const D: usize> {
    pub ray: Ray<D>,
    pub b: Aabb<D>,
}

debug_by_show! {
    RayCase { ray, b }
}

/// One axis of a ray and a box `[b0, b1]`: the origin on a face plane, an
/// ulp or a step outside, inside, or anywhere; the direction zero (parallel
/// to the slab), aimed at a face plane (reached at t = 1, or t = 1/2), an ulp
/// off, tiny, at the domain limit, or anything in the domain.
fn axis_ray() -> impl Strategy<Value = [i64; 4]> {
    (
        (coord(), size(), step(), coord()),
        (0u8..10, 0u8..14, coord()),
    )
        .prop_map(|((b0, sb, st, free_o), (orel, drel, free_d))| {
            let b1 = (b0 + sb).min(DOM);
            let mid = b0 + (b1 - b0) / 2;
            let o = clamp_dom(match orel {
                0 => b0,
                1 => b1,
                2 => b0 - 1,
                3 => b1 + 1,
                4 => mid,
                5 => b0 - st,
                6 => b1 + st,
                _ => free_o,
            });
            let dir = clamp_dom(match drel {
                0 | 1 => 0,
                2 => b0 - o,
                3 => b1 - o,
                4 => mid - o,
                5 => b0 - o + 1,
                6 => b1 - o - 1,
                7 => 2 * (b0 - o),
                8 => 1,
                9 => -1,
                10 => DOM,
                11 => -DOM,
                _ => free_d,
            });
            [b0, b1, o, dir]
        })
}

/// One axis of a ray aimed at a target point chosen on this axis (a face
/// plane, an ulp outside it, inside): when every axis aims at a face plane
/// the ray goes through a corner or along an edge, at t = `1 / k`.
fn axis_ray_aimed() -> impl Strategy<Value = [i64; 4]> {
    (coord(), size(), coord(), 0u8..7).prop_map(|(b0, sb, o, trel)| {
        let b1 = (b0 + sb).min(DOM);
        let target = match trel {
            0 | 1 => b0,
            2 | 3 => b1,
            4 => b0 - 1,
            5 => b1 + 1,
            _ => b0 + (b1 - b0) / 2,
        };
        [b0, b1, o, clamp_dom(target - o)]
    })
}

fn max_t() -> impl Strategy<Value = Fx> {
    prop_oneof![
        3 => Just(Fx::MAX),
        2 => Just(Fx::ONE),
        1 => Just(Fx::ZERO),
        1 => Just(Fx::from_bits(HALF)),
        2 => (0i64..=8 * ONE).prop_map(Fx::from_bits),
        1 => (0i64..=i64::MAX).prop_map(Fx::from_bits),
    ]
}

fn ray_case_from<const D: usize>(axes: [[i64; 4]; D], max_t: Fx) -> RayCase<D> {
    let b = exact::aabb(
        axes.map(|x| i128::from(x[0])),
        axes.map(|x| i128::from(x[1])),
    );
    let o = axes.map(|x| i128::from(x[2]));
    let mut dir = axes.map(|x| i128::from(x[3]));
    if dir.iter().all(|&c| c == 0) {
        // A zero direction is rejected by the constructor: nudge it.
        dir[0] = 1;
    }
    RayCase {
        ray: exact::ray_of(o, dir, max_t),
        b,
    }
}

fn ray_case<const D: usize>() -> impl Strategy<Value = RayCase<D>> {
    prop_oneof![
        3 => (proptest::array::uniform::<_, D>(axis_ray()), max_t())
            .prop_map(|(axes, t)| ray_case_from(axes, t)),
        2 => (proptest::array::uniform::<_, D>(axis_ray_aimed()), max_t())
            .prop_map(|(axes, t)| ray_case_from(axes, t)),
    ]
}

// ================================================================ checks ==

fn exact_ray<const D: usize>(c: &RayCase<D>) -> Option<exact::RayRef<D>> {
    exact::ray(
        &rvec(&c.ray.origin()),
        &rvec(&c.ray.dir()),
        c.ray.max_t(),
        &RBox::of(&c.b),
    )
}

pub fn check_ray_hit<const D: usize>(c: &RayCase<D>) -> Check {
    let got = ray_aabb(&c.ray, &c.b);
    let want = exact_ray(c);
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

pub fn check_ray_t<const D: usize>(c: &RayCase<D>) -> Check {
    if let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) {
        prop_assert_eq!(g.inside, w.inside, "inside, exact {:?}, case {:?}", w, c);
        prop_assert_eq!(g.t, w.t.floor_fx(), "t, exact {}, case {:?}", w.t, c);
    }
    Ok(())
}

fn check_ray_normal<const D: usize>(c: &RayCase<D>) -> Check {
    if let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) {
        let want = w.normal.map_or(Vector::ZERO, |(i, p)| unit::<D>(i, p));
        prop_assert_eq!(g.normal, want, "exact {:?}, case {:?}", w, c);
    }
    Ok(())
}

/// The point: the origin when inside; otherwise exactly on the face plane on
/// the hit axis, within one ulp of the exact point on the others, and inside
/// the face (the closed box).
pub fn check_ray_point<const D: usize>(c: &RayCase<D>) -> Check {
    let (Some(g), Some(w)) = (ray_aabb(&c.ray, &c.b), exact_ray(c)) else {
        return Ok(());
    };
    if w.inside {
        prop_assert_eq!(g.point, c.ray.origin(), "{:?}", c);
        return Ok(());
    }
    let (axis, positive) = w.normal.expect("not inside");
    let (o, dir) = (rvec(&c.ray.origin()), rvec(&c.ray.dir()));
    for i in 0..D {
        let p = raw(g.point.0[i]);
        if i == axis {
            let plane = if positive {
                c.b.max().0[i]
            } else {
                c.b.min().0[i]
            };
            prop_assert_eq!(g.point.0[i], plane, "hit axis {} off the face, {:?}", i, c);
        } else {
            let e = exact::ray_coord(o[i], dir[i], &w.t);
            // |p - e| <= 1 ulp  <=>  |p * d - n| <= d
            let diff = (p * e.d - e.n).abs();
            prop_assert!(
                diff <= e.d,
                "axis {}: {} vs exact {}, {:?}",
                i,
                g.point.0[i],
                e,
                c
            );
            prop_assert!(
                g.point.0[i] >= c.b.min().0[i] && g.point.0[i] <= c.b.max().0[i],
                "axis {} outside the face, {:?}",
                i,
                c
            );
        }
    }
    Ok(())
}

/// An origin in the closed box (inside or on the surface) is `inside` with
/// t = 0, for any direction and any `max_t`.
fn check_ray_origin_in_box<const D: usize>(c: &RayCase<D>) -> Check {
    let b = RBox::of(&c.b);
    let o = rvec(&c.ray.origin());
    let in_box = (0..D).all(|i| b.min[i] <= o[i] && o[i] <= b.max[i]);
    let got = ray_aabb(&c.ray, &c.b);
    if in_box {
        prop_assert!(
            got.is_some_and(|h| h.inside && h.t == Fx::ZERO && h.normal == Vector::ZERO),
            "origin in the box, got {:?}, {:?}",
            got,
            c
        );
    } else {
        prop_assert!(
            !got.is_some_and(|h| h.inside),
            "origin outside, got {:?}, {:?}",
            got,
            c
        );
    }
    Ok(())
}

/// `max_t` is inclusive: a ray bounded at exactly the hit time hits; bounded
/// at the largest scalar below an exact hit time it misses.
fn check_ray_max_t_inclusive<const D: usize>(c: &RayCase<D>) -> Check {
    let free = exact::ray_of(rvec(&c.ray.origin()), rvec(&c.ray.dir()), Fx::MAX);
    let Some(w) = exact::ray(
        &rvec(&free.origin()),
        &rvec(&free.dir()),
        Fx::MAX,
        &RBox::of(&c.b),
    ) else {
        return Ok(());
    };
    if w.inside {
        return Ok(());
    }
    let (lo, hi) = (w.t.floor_fx(), w.t.ceil_fx());
    let at = |t: Fx| {
        ray_aabb(
            &exact::ray_of(rvec(&free.origin()), rvec(&free.dir()), t),
            &c.b,
        )
    };
    let unbounded = ray_aabb(&free, &c.b);
    prop_assert_eq!(at(hi), unbounded, "max_t = ceil(t) = {}, {:?}", hi, c);
    prop_assert_eq!(
        at(lo).is_some(),
        w.t.is_fx(),
        "max_t = floor(t) = {}, {:?}",
        lo,
        c
    );
    if lo > Fx::ZERO && w.t.is_fx() {
        prop_assert!(
            at(lo - Fx::DELTA).is_none(),
            "max_t an ulp before t = {}, {:?}",
            lo,
            c
        );
    }
    Ok(())
}

fn check_ray_translation<const D: usize>(c: &RayCase<D>, picks: &[i64; D]) -> Check {
    let o = c.ray.origin();
    let off = offsets(&[c.b.min(), c.b.max(), o], picks);
    let ray = exact::ray_of(
        rvec(&shift_vec(&o, &off)),
        rvec(&c.ray.dir()),
        c.ray.max_t(),
    );
    let moved = ray_aabb(&ray, &shift(&c.b, &off));
    let here = ray_aabb(&c.ray, &c.b);
    prop_assert_eq!(moved.is_some(), here.is_some(), "{:?} by {:?}", c, off);
    if let (Some(m), Some(h)) = (moved, here) {
        prop_assert_eq!(
            (m.t, m.normal, m.inside),
            (h.t, h.normal, h.inside),
            "{:?} by {:?}",
            c,
            off
        );
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
            fn ray_hit_matches_exact(c in ray_case::<$d>()) {
                check_ray_hit(&c)?;
            }

            #[test]
            fn ray_t_is_floor_of_exact_and_inside_matches(c in ray_case::<$d>()) {
                check_ray_t(&c)?;
            }

            #[test]
            fn ray_normal_is_entered_face_first_axis_on_ties(c in ray_case::<$d>()) {
                check_ray_normal(&c)?;
            }

            #[test]
            fn ray_point_is_on_the_face_and_within_an_ulp(c in ray_case::<$d>()) {
                check_ray_point(&c)?;
            }

            #[test]
            fn ray_from_origin_in_closed_box_is_inside(c in ray_case::<$d>()) {
                check_ray_origin_in_box(&c)?;
            }

            #[test]
            fn ray_max_t_bound_is_inclusive(c in ray_case::<$d>()) {
                check_ray_max_t_inclusive(&c)?;
            }

            #[test]
            fn ray_is_translation_invariant(c in ray_case::<$d>(), p in picks::<$d>()) {
                check_ray_translation(&c, &p)?;
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
