//! Capsule and sphere kinds (3D): capsule-capsule overlap, ray vs capsule,
//! ray vs sphere.
//!
//! parry's capsule stores its segment's end points, so a world capsule is
//! its own local shape: both libraries get the same world coordinates and
//! neither pays for a pose. parry's ball is centered at the origin; its
//! ray cast at a translation is `details::ray_toi_with_ball` with the
//! center (what `Ball::cast_local_ray` calls with a zero center).

use super::aabb::gen_ray;
use super::{WORLD, judge_hit, judge_time, sub};
use crate::grid::{GBall, GRay, fl, fx, fx_vec, pvec3, uniform, uniform_vec};
use crate::judge::Verdict;
use crate::{Convert, Query};
use fixed_collide::{Ball, Capsule3, Fx, Ray3, RayHit};
use fixed_collide_cli::rng::Rng;
use parry3d::math::Vector as PVec;
use parry3d::query::{Ray as PRay, RayCast};
use parry3d::shape::Capsule as PCapsule;

/// A capsule: segment end points and radius in grid counts.
#[derive(Clone, Copy, Debug)]
pub struct GCapsule {
    /// First end point of the segment.
    pub a: [i32; 3],
    /// Second end point of the segment.
    pub b: [i32; 3],
    /// Radius (>= 0).
    pub r: i32,
}

impl GCapsule {
    /// A capsule whose segment's midpoint lies in `-WORLD..=WORLD`, with
    /// half-axis components in `-half..=half` and radius in `rmin..=rmax`
    /// (grid counts; end points stay below 2^13 in magnitude).
    pub(super) fn draw(rng: &mut Rng, half: i32, rmin: i32, rmax: i32) -> Self {
        let c: [i32; 3] = uniform_vec(rng, -WORLD, WORLD);
        let h: [i32; 3] = uniform_vec(rng, -half, half);
        Self {
            a: std::array::from_fn(|i| c[i] - h[i]),
            b: std::array::from_fn(|i| c[i] + h[i]),
            r: uniform(rng, rmin, rmax),
        }
    }

    /// fixed-collide's capsule with the radius changed by `pad` (clamped
    /// at 0; used to bracket answers near touching).
    pub fn fixed_padded(&self, pad: Fx) -> Capsule3 {
        let r = (fx(self.r) + pad).max(Fx::ZERO);
        Capsule3::try_new(fx_vec(self.a), fx_vec(self.b), r).expect("valid grid capsule")
    }
}

impl Convert<Capsule3> for GCapsule {
    fn convert(&self) -> Capsule3 {
        self.fixed_padded(Fx::ZERO)
    }
}

/// parry's capsule: the same end points and radius (world = local).
impl Convert<PCapsule> for GCapsule {
    fn convert(&self) -> PCapsule {
        PCapsule::new(pvec3(self.a), pvec3(self.b), fl(self.r))
    }
}

/// parry's ball as its center and radius.
impl Convert<(PVec, f32)> for GBall<3> {
    fn convert(&self) -> (PVec, f32) {
        (pvec3(self.c), fl(self.r))
    }
}

/// `capsule_overlap` vs the segment-segment closest points that parry's
/// capsule-capsule contact manifold uses
/// (`details::closest_points_segment_segment_with_locations_nD`), then the
/// squared distance of the two points against the squared radius sum, as
/// `details::closest_points_segment_segment` does with the margin `ra + rb`
/// (without its pose: both capsules are in world coordinates).
pub struct CapsuleOverlap;

/// parry's capsule overlap: closest points of the two segments, then
/// `|p2 - p1|^2 <= (ra + rb)^2`.
fn parry_capsule_overlap(a: &PCapsule, b: &PCapsule) -> bool {
    let (sa, sb) = (&a.segment, &b.segment);
    let (la, lb) = parry3d::query::details::closest_points_segment_segment_with_locations_nD(
        (&sa.a, &sa.b),
        (&sb.a, &sb.b),
    );
    let r = a.radius + b.radius;
    (sb.point_at(&lb) - sa.point_at(&la)).length_squared() <= r * r
}

impl Query for CapsuleOverlap {
    const NAME: &'static str = "capsule_overlap";
    const PARRY_CALL: &'static str = "details::closest_points_segment_segment_with_locations_nD";
    const SEED: u64 = 0xC00;
    type GA = GCapsule;
    type GB = GCapsule;
    type FA = Capsule3;
    type FB = Capsule3;
    type PA = PCapsule;
    type PB = PCapsule;
    type FOut = bool;
    type POut = bool;

    fn gen_a(rng: &mut Rng) -> GCapsule {
        GCapsule::draw(rng, HALF, 16, RMAX)
    }
    fn gen_b(rng: &mut Rng) -> GCapsule {
        Self::gen_a(rng)
    }
    fn fixed(a: &Capsule3, b: &Capsule3) -> bool {
        fixed_collide::capsule_overlap(a, b)
    }
    fn parry(a: &PCapsule, b: &PCapsule) -> bool {
        parry_capsule_overlap(a, b)
    }
    fn judge(a: &GCapsule, b: &GCapsule, f: &bool, p: &bool) -> Verdict {
        // Both radii padded: the distance bound moves by 2 pad.
        let padded =
            |pad| fixed_collide::capsule_overlap(&a.fixed_padded(pad), &b.fixed_padded(pad));
        judge_hit(
            (a, b),
            *f,
            *p,
            || None,
            padded,
            "within EPS of touching: f32 closest points and rounding decide",
        )
    }
}

/// Largest half-axis component of the capsules (grid counts).
pub(super) const HALF: i32 = 1000;

/// Largest capsule radius (grid counts).
pub(super) const RMAX: i32 = 800;

/// `ray_capsule` vs `Capsule::cast_local_ray` (solid, the same `max_t`).
pub struct RayCapsule;

impl Query for RayCapsule {
    const NAME: &'static str = "ray_capsule";
    const PARRY_CALL: &'static str = "Capsule::cast_local_ray";
    const SEED: u64 = 0xD00;
    const SHORTCUTS: [&'static str; 2] = CURVED_RAY_CASES;
    type GA = GRay<3>;
    type GB = GCapsule;
    type FA = Ray3;
    type FB = Capsule3;
    type PA = (PRay, f32);
    type PB = PCapsule;
    type FOut = Option<RayHit<3>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<3> {
        gen_ray(rng)
    }
    fn gen_b(rng: &mut Rng) -> GCapsule {
        GCapsule::draw(rng, RAY_HALF, 16, RAY_RMAX)
    }
    fn fixed(a: &Ray3, b: &Capsule3) -> Self::FOut {
        fixed_collide::ray_capsule(a, b)
    }
    fn parry(a: &(PRay, f32), b: &PCapsule) -> Option<f32> {
        b.cast_local_ray(&a.0, a.1, true)
    }
    fn shortcuts(a: &GRay<3>, b: &GCapsule) -> [bool; 2] {
        curved_ray_cases(a, b.a, b.b, b.r)
    }
    fn judge(a: &GRay<3>, b: &GCapsule, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let ray = a.fixed();
        let padded =
            |pad| fixed_collide::ray_capsule(&ray, &b.fixed_padded(pad)).map(|h| h.t.to_num());
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

/// Largest half-axis component of the ray kinds' capsules.
const RAY_HALF: i32 = 1800;

/// Largest radius of the ray kinds' capsules.
const RAY_RMAX: i32 = 1800;

/// `ray_sphere` vs `details::ray_toi_with_ball` at the ball's center
/// (solid, `t <= max_t`): `Ball::cast_ray` without the pose's rotation.
pub struct RaySphere;

impl Query for RaySphere {
    const NAME: &'static str = "ray_sphere";
    const PARRY_CALL: &'static str = "details::ray_toi_with_ball (Ball::cast_ray)";
    const SEED: u64 = 0xE00;
    const SHORTCUTS: [&'static str; 2] = CURVED_RAY_CASES;
    type GA = GRay<3>;
    type GB = GBall<3>;
    type FA = Ray3;
    type FB = Ball<3>;
    type PA = (PRay, f32);
    type PB = (PVec, f32);
    type FOut = Option<RayHit<3>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GRay<3> {
        gen_ray(rng)
    }
    fn gen_b(rng: &mut Rng) -> GBall<3> {
        GBall {
            c: uniform_vec(rng, -WORLD, WORLD),
            r: uniform(rng, 16, SPHERE_RMAX),
        }
    }
    fn fixed(a: &Ray3, b: &Ball<3>) -> Self::FOut {
        fixed_collide::ray_sphere(a, b)
    }
    fn parry(a: &(PRay, f32), b: &(PVec, f32)) -> Option<f32> {
        parry3d::query::details::ray_toi_with_ball(b.0, b.1, &a.0, true)
            .1
            .filter(|t| *t <= a.1)
    }
    fn shortcuts(a: &GRay<3>, b: &GBall<3>) -> [bool; 2] {
        curved_ray_cases(a, b.c, b.c, b.r)
    }
    fn judge(a: &GRay<3>, b: &GBall<3>, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let ray = a.fixed();
        let padded =
            |pad| fixed_collide::ray_sphere(&ray, &b.fixed_padded(pad)).map(|h| h.t.to_num());
        let ft = f.map(|h| h.t.to_num());
        let verdict = judge_time(
            (a, b),
            ft,
            p.map(f64::from),
            f64::from(fl(a.max_t)),
            || None,
            padded,
        );
        match (verdict, f, p) {
            (Verdict::Unexplained(_), Some(h), Some(tp)) if cancels(a, b, h.t, *tp) => {
                Verdict::Explained(
                    "parry's f32 discriminant cancels (off within its error bound); ours is the exact floor",
                )
            }
            (v, ..) => v,
        }
    }
}

/// Whether `t` is the exact `floor(2^32 t1) / 2^32` of the ray's entry
/// `t1` into the ball (from outside), and parry's `tp` is off from `t1` by
/// no more than an `f32` discriminant's error carries: the discriminant
/// `B^2 - A C` cancels when the ray nearly grazes, and its rounding,
/// about `2^-24 (B^2 + |A C|)`, moves the root by that over `2 sqrt(disc)`
/// and the time by that over `A` (bounded here with 16 ulps).
fn cancels(ray: &GRay<3>, ball: &GBall<3>, t: Fx, tp: f32) -> bool {
    let m = sub(ray.o, ball.c);
    let (a, b) = (i128::from(dot(ray.d, ray.d)), i128::from(dot(m, ray.d)));
    let c = i128::from(dot(m, m)) - i128::from(ball.r) * i128::from(ball.r);
    let disc = b * b - a * c;
    if c <= 0 || b >= 0 || disc < 0 {
        return false;
    }
    // floor(2^32 t1) = T iff T A <= 2^32 (|B| - sqrt(disc)) < (T + 1) A:
    // with R = 2^32 |B| - T A, iff R >= 0 and 2^64 disc <= R^2 (below
    // 2^126 for grid components below 2^14).
    let at_most = |tt: i128| {
        let r = (-b << 32) - tt * a;
        r >= 0 && (disc << 64) <= r * r
    };
    let tt = i128::from(t.to_bits());
    if !at_most(tt) || at_most(tt + 1) {
        return false;
    }
    let (af, bf, cf, df) = (a as f64, b as f64, c as f64, disc as f64);
    let t1 = (-bf - df.sqrt()) / af;
    let bound = 2f64.powi(-20) * (bf * bf + (af * cf).abs()) / (2.0 * df.sqrt().max(1.0) * af)
        + 2f64.powi(-21) * t1
        + 2f64.powi(-30);
    (f64::from(tp) - t1).abs() <= bound
}

/// Largest sphere radius of the ray kind (grid counts).
const SPHERE_RMAX: i32 = 2400;

/// The shortcut case names of the curved ray kinds.
const CURVED_RAY_CASES: [&str; 2] = ["origin inside", "segment behind"];

/// `i64` dot product of grid vectors (exact: components below 2^14).
fn dot(x: [i32; 3], y: [i32; 3]) -> i64 {
    x.iter()
        .zip(y)
        .map(|(p, q)| i64::from(*p) * i64::from(q))
        .sum()
}

/// The shortcut cases of a ray against the capsule `a b` of radius `r` (a
/// ball: `a = b`), exact on the grid values: the origin is in the closed
/// capsule; or it is outside and both ends lie behind it (`(o - a) . d >
/// 0` and `(o - b) . d > 0`: the distance to every point of the segment
/// grows along the ray, a certain miss).
fn curved_ray_cases(ray: &GRay<3>, a: [i32; 3], b: [i32; 3], r: i32) -> [bool; 2] {
    let (m, mb, u) = (sub(ray.o, a), sub(ray.o, b), sub(b, a));
    let (mu, uu) = (i128::from(dot(m, u)), i128::from(dot(u, u)));
    let r2 = i128::from(r) * i128::from(r);
    // Squared distance to the segment, times `uu` on the middle piece.
    let inside = if mu <= 0 {
        i128::from(dot(m, m)) <= r2
    } else if mu >= uu {
        i128::from(dot(mb, mb)) <= r2
    } else {
        i128::from(dot(m, m)) * uu - mu * mu <= r2 * uu
    };
    let behind = !inside && dot(m, ray.d) > 0 && dot(mb, ray.d) > 0;
    [inside, behind]
}
