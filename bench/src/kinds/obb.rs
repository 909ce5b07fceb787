//! Oriented kinds: OBB overlap (3D, 2D), ball vs OBB, ray vs OBB.

use super::aabb::gen_ball;
use super::{HMIN, WORLD, judge_hit, judge_time};
use crate::grid::{Dim, GBall, GObb, GRay, Space, fl, nonzero_vec, uniform, uniform_vec};
use crate::judge::Verdict;
use crate::{Convert, Query};
use fixed_collide_cli::rng::Rng;
use fixed_collide::{Ball, Fx, Obb, Obb3, Ray3};
use parry3d::math::Pose;
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape::{Ball as PBall, Cuboid};

/// Largest half-size of the oriented boxes (69 units).
const HMAX: i32 = 1100;

/// parry's pose and cuboid for `D`.
type PObb<const D: usize> = (<Dim<D> as Space<D>>::PPose, <Dim<D> as Space<D>>::PCuboid);

/// `obb_overlap` vs `query::details::intersection_test_cuboid_cuboid` with
/// the relative pose `pose_a.inv_mul(pose_b)` (computed per query: both
/// libraries start from two world boxes), 3D and 2D.
pub struct ObbOverlap<const D: usize>;

impl<const D: usize> Query for ObbOverlap<D>
where
    Dim<D>: Space<D>,
    fixed_collide::Const<D>: fixed_collide::Dim<D>,
    GObb<D>: Convert<PObb<D>>,
{
    const NAME: &'static str = if D == 2 {
        "obb_overlap_2d"
    } else {
        "obb_overlap"
    };
    const PARRY_CALL: &'static str = "details::intersection_test_cuboid_cuboid";
    const SEED: u64 = 0x800 + D as u64 * 2;
    type GA = GObb<D>;
    type GB = GObb<D>;
    type FA = Obb<D>;
    type FB = Obb<D>;
    type PA = PObb<D>;
    type PB = PObb<D>;
    type FOut = bool;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GObb<D> {
        GObb::draw(rng, WORLD, HMIN, if D == 2 { HMAX * 7 / 8 } else { HMAX })
    }
    fn gen_b(rng: &mut Rng) -> GObb<D> {
        Self::gen_a(rng)
    }
    fn fixed(a: &Obb<D>, b: &Obb<D>) -> bool {
        fixed_collide::obb_overlap(a, b)
    }
    fn parry(a: &PObb<D>, b: &PObb<D>) -> bool {
        Dim::<D>::parry_obb_overlap(a, b)
    }
    fn judge(a: &GObb<D>, b: &GObb<D>, f: &bool, p: &bool) -> Verdict {
        let padded = |pad| fixed_collide::obb_overlap(&a.fixed_padded(pad), &b.fixed_padded(pad));
        judge_hit(
            (a, b),
            *f,
            *p,
            || None,
            padded,
            "within EPS of touching: f32 rotation and rounding decide",
        )
    }
}

fn gen_obb3(rng: &mut Rng) -> GObb<3> {
    GObb::draw(rng, WORLD, HMIN, HMAX)
}

/// `sphere_obb_overlap` (the decision of `sphere_obb`, without its point) vs
/// `query::details::intersection_test_ball_point_query` with the relative
/// pose `ball_pose.inv_mul(box_pose)`.
pub struct SphereObb;

impl Query for SphereObb {
    const NAME: &'static str = "sphere_obb";
    const PARRY_CALL: &'static str = "details::intersection_test_ball_point_query";
    const SEED: u64 = 0x900;
    type GA = GBall<3>;
    type GB = GObb<3>;
    type FA = Ball<3>;
    type FB = Obb3;
    type PA = (Pose, PBall);
    type PB = (Pose, Cuboid);
    type FOut = bool;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GBall<3> {
        gen_ball(rng)
    }
    fn gen_b(rng: &mut Rng) -> GObb<3> {
        gen_obb3(rng)
    }
    fn fixed(a: &Ball<3>, b: &Obb3) -> bool {
        fixed_collide::sphere_obb_overlap(a, b)
    }
    fn parry(a: &(Pose, PBall), b: &(Pose, Cuboid)) -> bool {
        parry3d::query::details::intersection_test_ball_point_query(&a.0.inv_mul(&b.0), &a.1, &b.1)
            .intersecting
    }
    fn judge(a: &GBall<3>, b: &GObb<3>, f: &bool, p: &bool) -> Verdict {
        let obb = b.fixed_padded(Fx::ZERO);
        let padded = |pad| fixed_collide::sphere_obb_overlap(&a.fixed_padded(pad), &obb);
        let near = "within EPS of touching: f32 rotation and rounding decide (or our band)";
        judge_hit((a, b), *f, *p, || None, padded, near)
    }
}

/// `ray_obb` vs `RayCast::cast_ray` on a `Cuboid` at its pose (solid, the
/// same `max_t`).
pub struct RayObb;

impl Query for RayObb {
    const NAME: &'static str = "ray_obb";
    const PARRY_CALL: &'static str = "Cuboid::cast_ray (at a pose)";
    const SEED: u64 = 0xA00;
    type GA = GRay<3>;
    type GB = GObb<3>;
    type FA = Ray3;
    type FB = Obb3;
    type PA = (PRay, f32);
    type PB = (Pose, Cuboid);
    type FOut = Option<fixed_collide::RayHit<3>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<3> {
        GRay {
            o: uniform_vec(rng, -WORLD, WORLD),
            d: nonzero_vec(rng, 64),
            max_t: uniform(rng, 0, 4096),
        }
    }
    fn gen_b(rng: &mut Rng) -> GObb<3> {
        GObb::draw(rng, WORLD, HMIN, 2 * HMAX)
    }
    fn fixed(a: &Ray3, b: &Obb3) -> Self::FOut {
        fixed_collide::ray_obb(a, b)
    }
    fn parry(a: &(PRay, f32), b: &(Pose, Cuboid)) -> Option<f32> {
        b.1.cast_ray(&b.0, &a.0, a.1, true)
    }
    fn judge(a: &GRay<3>, b: &GObb<3>, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let ray = a.fixed();
        let padded = |pad| fixed_collide::ray_obb(&ray, &b.fixed_padded(pad)).map(|h| h.t.to_num());
        let ft = f.map(|h| h.t.to_num());
        judge_time(
            (a, b),
            ft,
            p.map(f64::from),
            f64::from(fl(a.max_t)),
            || None,
            padded,
        )
    }
}
