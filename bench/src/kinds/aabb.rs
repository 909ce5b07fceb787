//! Axis-aligned kinds: overlap, intersection, contact, ray, sweeps, ball.

use super::noshort::ray_cases;
use super::{HMIN, RAY_CASES, WORLD, judge_hit, judge_time, slab_boundary, sub};
use crate::grid::{Dim, GBall, GBox, GRay, Space, fl, nonzero_vec, uniform};
use crate::judge::{EPS, Verdict, same_time, span, unexplained};
use crate::{Convert, Query};
use fixed_collide::{Aabb, Aabb3, Ball, Ray3};
use fixed_collide_cli::rng::Rng;
use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::math::Pose;
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape::{Ball as PBall, Cuboid};

/// Largest half-size of the static boxes (75 units; with [`WORLD`], about
/// half the random pairs overlap in 3D).
const HMAX: i32 = 1200;

fn gen_box<const D: usize>(rng: &mut Rng) -> GBox<D> {
    GBox::draw(rng, WORLD, HMIN, HMAX)
}

/// `aabb_overlap` vs `BoundingVolume::intersects`, 3D and 2D.
pub struct AabbOverlap<const D: usize>;

impl<const D: usize> Query for AabbOverlap<D>
where
    Dim<D>: Space<D>,
    GBox<D>: Convert<<Dim<D> as Space<D>>::PAabb>,
{
    const NAME: &'static str = if D == 2 {
        "aabb_overlap_2d"
    } else {
        "aabb_overlap"
    };
    const PARRY_CALL: &'static str = "BoundingVolume::intersects";
    const SEED: u64 = 0x100 + D as u64 * 2;
    type GA = GBox<D>;
    type GB = GBox<D>;
    type FA = Aabb<D>;
    type FB = Aabb<D>;
    type PA = <Dim<D> as Space<D>>::PAabb;
    type PB = <Dim<D> as Space<D>>::PAabb;
    type FOut = bool;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GBox<D> {
        // 2D needs smaller boxes for the same hit fraction.
        GBox::draw(rng, WORLD, HMIN, if D == 2 { HMAX * 7 / 8 } else { HMAX })
    }
    fn gen_b(rng: &mut Rng) -> GBox<D> {
        Self::gen_a(rng)
    }
    fn fixed(a: &Aabb<D>, b: &Aabb<D>) -> bool {
        fixed_collide::aabb_overlap(a, b)
    }
    fn parry(a: &Self::PA, b: &Self::PB) -> bool {
        Dim::<D>::parry_intersects(a, b)
    }
    fn judge(a: &GBox<D>, b: &GBox<D>, f: &bool, p: &bool) -> Verdict {
        // Both compare exact grid values: no disagreement is explained.
        if f == p {
            Verdict::Agree
        } else {
            unexplained(a, b, f, p)
        }
    }
}

/// `aabb_intersection` vs `Aabb::intersection`.
pub struct AabbIntersection;

impl Query for AabbIntersection {
    const NAME: &'static str = "aabb_intersection";
    const PARRY_CALL: &'static str = "Aabb::intersection";
    const SEED: u64 = 0x200;
    type GA = GBox<3>;
    type GB = GBox<3>;
    type FA = Aabb3;
    type FB = Aabb3;
    type PA = PAabb;
    type PB = PAabb;
    type FOut = Option<Aabb3>;
    type POut = Option<PAabb>;

    fn gen_a(rng: &mut Rng) -> GBox<3> {
        gen_box(rng)
    }
    fn gen_b(rng: &mut Rng) -> GBox<3> {
        gen_box(rng)
    }
    fn fixed(a: &Aabb3, b: &Aabb3) -> Option<Aabb3> {
        fixed_collide::aabb_intersection(a, b)
    }
    fn parry(a: &PAabb, b: &PAabb) -> Option<PAabb> {
        a.intersection(b)
    }
    fn judge(a: &GBox<3>, b: &GBox<3>, f: &Option<Aabb3>, p: &Option<PAabb>) -> Verdict {
        // Both take minima and maxima of exact values: the boxes must be equal.
        let corners = |x: &Aabb3| [x.min(), x.max()].map(|v| v.0.map(|c| c.to_num::<f64>()));
        let p_corners = |x: &PAabb| [x.mins, x.maxs].map(|v| v.to_array().map(f64::from));
        if f.as_ref().map(corners) == p.as_ref().map(p_corners) {
            Verdict::Agree
        } else {
            unexplained(a, b, f, p)
        }
    }
}

/// `aabb_contact` vs `query::contact` with two cuboids (parry 0.31 sends
/// them to GJK/EPA: its SAT `details::contact_cuboid_cuboid` is disabled in
/// the dispatcher, and on these scenes it misses about half of the
/// overlapping pairs, whenever the deepest vertex of one box lies outside the
/// other's side faces).
pub struct AabbContact;

impl Query for AabbContact {
    const NAME: &'static str = "aabb_contact";
    const PARRY_CALL: &'static str = "query::contact (cuboids, GJK/EPA)";
    const SEED: u64 = 0x300;
    type GA = GBox<3>;
    type GB = GBox<3>;
    type FA = Aabb3;
    type FB = Aabb3;
    type PA = (Pose, Cuboid);
    type PB = (Pose, Cuboid);
    type FOut = Option<fixed_collide::Contact<3>>;
    type POut = Option<parry3d::query::Contact>;

    fn gen_a(rng: &mut Rng) -> GBox<3> {
        gen_box(rng)
    }
    fn gen_b(rng: &mut Rng) -> GBox<3> {
        gen_box(rng)
    }
    fn fixed(a: &Aabb3, b: &Aabb3) -> Self::FOut {
        fixed_collide::aabb_contact(a, b)
    }
    fn parry(a: &(Pose, Cuboid), b: &(Pose, Cuboid)) -> Self::POut {
        parry3d::query::contact(&a.0, &a.1, &b.0, &b.1, 0.0)
            .ok()
            .flatten()
    }
    fn judge(a: &GBox<3>, b: &GBox<3>, f: &Self::FOut, p: &Self::POut) -> Verdict {
        // Same hit, and depth = -dist up to EPA's tolerance (parry's GJK/EPA
        // iterates to about 1e-5 here). The normals may differ on ties; not
        // compared.
        let fd = f.map(|c| c.depth.to_num::<f64>());
        let pd = p.map(|c| -f64::from(c.dist));
        match (fd, pd) {
            (None, None) => Verdict::Agree,
            (Some(x), Some(y)) if same_time(x, y) => Verdict::Agree,
            (Some(x), Some(y)) if (x - y).abs() <= EPS => {
                Verdict::Explained("EPA depth differs beyond f32 rounding, within EPS")
            }
            _ => unexplained(a, b, f, p),
        }
    }
}

/// Rays: origins in the world, directions up to 4 units per axis, `max_t`
/// up to 32 (grid counts).
pub(super) fn gen_ray(rng: &mut Rng) -> GRay<3> {
    GRay {
        o: crate::grid::uniform_vec(rng, -WORLD, WORLD),
        d: nonzero_vec(rng, 64),
        max_t: uniform(rng, 0, 4096),
    }
}

/// `ray_aabb` vs `RayCast::cast_local_ray` on a parry `Aabb` (solid, the
/// same `max_t`).
pub struct RayAabb;

impl Query for RayAabb {
    const NAME: &'static str = "ray_aabb";
    const PARRY_CALL: &'static str = "Aabb::cast_local_ray";
    const SEED: u64 = 0x400;
    const SHORTCUTS: [&'static str; 2] = RAY_CASES;
    type GA = GRay<3>;
    type GB = GBox<3>;
    type FA = Ray3;
    type FB = Aabb3;
    type PA = (PRay, f32);
    type PB = PAabb;
    type FOut = Option<fixed_collide::RayHit<3>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<3> {
        gen_ray(rng)
    }
    fn gen_b(rng: &mut Rng) -> GBox<3> {
        GBox::draw(rng, WORLD, HMIN, 2 * HMAX)
    }
    fn fixed(a: &Ray3, b: &Aabb3) -> Self::FOut {
        fixed_collide::ray_aabb(a, b)
    }
    fn parry(a: &(PRay, f32), b: &PAabb) -> Option<f32> {
        b.cast_local_ray(&a.0, a.1, true)
    }
    fn shortcuts(a: &GRay<3>, b: &GBox<3>) -> [bool; 2] {
        ray_cases(a.o, a.d, b.min(), b.max())
    }
    fn judge(a: &GRay<3>, b: &GBox<3>, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let exact = || {
            let (lo, hi) = (sub(b.min(), a.o), sub(b.max(), a.o));
            slab_boundary(span(lo, hi, a.d, false), f64::from(fl(a.max_t)))
        };
        let ray = a.fixed();
        let padded =
            |pad| fixed_collide::ray_aabb(&ray, &b.fixed_padded(pad)).map(|h| h.t.to_num());
        let ft = f.map(|h| h.t.to_num());
        judge_time(
            (a, b),
            ft,
            p.map(f64::from),
            f64::from(fl(a.max_t)),
            exact,
            padded,
        )
    }
}

/// Balls for the ball kinds: centers in the world, radii 1 to 64 units.
pub(super) fn gen_ball(rng: &mut Rng) -> GBall<3> {
    GBall {
        c: crate::grid::uniform_vec(rng, -WORLD, WORLD),
        r: uniform(rng, 16, 1536),
    }
}

/// `sphere_aabb` vs `query::intersection_test` (ball, cuboid).
pub struct SphereAabb;

impl Query for SphereAabb {
    const NAME: &'static str = "sphere_aabb";
    const PARRY_CALL: &'static str = "query::intersection_test (ball, cuboid)";
    const SEED: u64 = 0x700;
    type GA = GBall<3>;
    type GB = GBox<3>;
    type FA = Ball<3>;
    type FB = Aabb3;
    type PA = (Pose, PBall);
    type PB = (Pose, Cuboid);
    type FOut = Option<fixed_collide::BallHit<3>>;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GBall<3> {
        gen_ball(rng)
    }
    fn gen_b(rng: &mut Rng) -> GBox<3> {
        GBox::draw(rng, WORLD, HMIN, 1000)
    }
    fn fixed(a: &Ball<3>, b: &Aabb3) -> Self::FOut {
        fixed_collide::sphere_aabb(a, b)
    }
    fn parry(a: &(Pose, PBall), b: &(Pose, Cuboid)) -> bool {
        parry3d::query::intersection_test(&a.0, &a.1, &b.0, &b.1).is_ok_and(|i| i.intersecting)
    }
    fn judge(a: &GBall<3>, b: &GBox<3>, f: &Self::FOut, p: &bool) -> Verdict {
        // Exact squared distance from the center to the box, in grid counts.
        let exact = || {
            let (lo, hi) = (b.min(), b.max());
            let d2: i64 = (0..3)
                .map(|i| i64::from(a.c[i] - a.c[i].clamp(lo[i], hi[i])).pow(2))
                .sum();
            (d2 == i64::from(a.r).pow(2))
                .then_some("touching exactly (distance == radius): f32 rounding decides")
        };
        let aabb = b.fixed();
        let padded = |pad| fixed_collide::sphere_aabb(&a.fixed_padded(pad), &aabb).is_some();
        judge_hit(
            (a, b),
            f.is_some(),
            *p,
            exact,
            padded,
            "within EPS of touching: f32 rounding decides",
        )
    }
}
