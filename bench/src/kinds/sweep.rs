//! Sweeps: one box moving against a still one (`aabb_sweep`, vs parry's
//! Minkowski ray and vs `cast_shapes`), two moving boxes (`aabb_sweep_pair`).

use super::noshort::sweep_cases;
use super::{HMIN, SWEEP_CASES, WORLD, judge_time, slab_boundary, sub};
use crate::Query;
use crate::grid::{GBox, GMover, fl, fx_vec};
use crate::judge::{EPS, Verdict, same_time, span, unexplained};
use fixed_collide::{Aabb3, Fx, Vec3};
use fixed_collide_cli::rng::Rng;
use parry3d::bounding_volume::Aabb as PAabb;
use parry3d::math::{Pose, Vector as PVec};
use parry3d::query::{Ray as PRay, RayCast, ShapeCastOptions};
use parry3d::shape::Cuboid;

/// Half-sizes of swept boxes (they also meet while moving: smaller).
const SWEEP_HMAX: i32 = 1150;

/// Moving boxes: centers in the world, half-sizes up to [`SWEEP_HMAX`],
/// displaced by up to 32 units per axis.
fn gen_mover(rng: &mut Rng) -> GMover<3> {
    GMover {
        b: GBox::draw(rng, WORLD, HMIN, SWEEP_HMAX),
        d: crate::grid::uniform_vec(rng, -512, 512),
    }
}

/// `aabb_sweep` (open overlap) vs parry's Minkowski sweep: the AABB
/// `stationary - moving` and `cast_local_ray` from the origin along the
/// displacement, `max_t` 1.
pub struct AabbSweep;

/// The Minkowski difference of two parry boxes (`a - b`).
fn minkowski(a: &PAabb, b: &PAabb) -> PAabb {
    PAabb::new(a.mins - b.maxs, a.maxs - b.mins)
}

/// The class of a sweep answered "no hit" by ours (open overlap) and "hit"
/// by a closed test, from the exact spans of the relative motion.
fn sweep_open_class(s: &GBox<3>, m: &GMover<3>) -> Option<&'static str> {
    let (lo, hi) = (sub(s.min(), m.b.max()), sub(s.max(), m.b.min()));
    let (e, x) = span(lo, hi, m.d, false)?;
    if e > 1.0 || x < 0.0 || e > x {
        return None; // no closed contact in [0, 1] either
    }
    let open_hit = span(lo, hi, m.d, true).is_some_and(|(oe, ox)| oe < ox && oe < 1.0 && ox > 0.0);
    if open_hit {
        None
    } else if e <= 0.0 {
        Some("sweep: touching at t = 0, moving apart or sliding (ours: no hit, open overlap)")
    } else if e == 1.0 {
        Some("sweep: first touch exactly at t = 1 (ours: no hit, open overlap)")
    } else {
        Some("sweep: grazing contact without penetration (ours: no hit, open overlap)")
    }
}

impl Query for AabbSweep {
    const NAME: &'static str = "aabb_sweep";
    const PARRY_CALL: &'static str = "Minkowski Aabb + cast_local_ray";
    const SEED: u64 = 0x500;
    const SHORTCUTS: [&'static str; 2] = SWEEP_CASES;
    type GA = GBox<3>;
    type GB = GMover<3>;
    type FA = Aabb3;
    type FB = (Aabb3, Vec3);
    type PA = PAabb;
    type PB = (PAabb, PVec);
    type FOut = Option<fixed_collide::Sweep<3>>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GBox<3> {
        GBox::draw(rng, WORLD, HMIN, SWEEP_HMAX)
    }
    fn gen_b(rng: &mut Rng) -> GMover<3> {
        gen_mover(rng)
    }
    fn fixed(a: &Aabb3, b: &(Aabb3, Vec3)) -> Self::FOut {
        fixed_collide::aabb_sweep(a, &b.0, b.1)
    }
    fn parry(a: &PAabb, b: &(PAabb, PVec)) -> Option<f32> {
        minkowski(a, &b.0).cast_local_ray(&PRay::new(PVec::ZERO, b.1), 1.0, true)
    }
    fn shortcuts(a: &GBox<3>, b: &GMover<3>) -> [bool; 2] {
        sweep_cases(a, &b.b, b.d, true)
    }
    fn judge(a: &GBox<3>, b: &GMover<3>, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let (m, d) = (b.b.fixed(), fx_vec(b.d));
        let padded = |pad| {
            fixed_collide::aabb_sweep(&a.fixed_padded(pad), &m, d).map(|s| s.t_enter.to_num())
        };
        let ft = f.map(|s| s.t_enter.to_num());
        judge_time(
            (a, b),
            ft,
            p.map(f64::from),
            1.0,
            || sweep_open_class(a, b),
            padded,
        )
    }
}

/// Bounds (world units) of the classes of `cast_shapes` errors: 2^-6 and
/// 2^-2. parry's GJK ray cast (`gjk::minkowski_ray_cast`) compares its
/// distance bounds with the relative tolerance `sqrt(10 f32::EPSILON)`
/// (about 1.1e-3), and returns its current lower bound of the time once the
/// simplex encloses the origin within `10 f32::EPSILON` times the support
/// points' size: on these scenes (distances up to about 300 units) errors
/// of a tenth of a unit are the order of its tolerances. The report counts
/// how many queries fall in each range.
const NEAR: f64 = 1.0 / 64.0;
const FAR: f64 = 1.0 / 4.0;

/// `aabb_sweep` vs `query::cast_shapes` (GJK) with two cuboids, one still,
/// one moving by the displacement, `max_time_of_impact` 1; the scenes of
/// [`AabbSweep`].
pub struct AabbSweepCast;

impl Query for AabbSweepCast {
    const NAME: &'static str = "aabb_sweep";
    const PARRY_CALL: &'static str = "query::cast_shapes (cuboids)";
    const PARRY_FN: &'static str = "parry_cast_shapes";
    const TIME_FIXED: bool = false;
    const SEED: u64 = AabbSweep::SEED;
    const SHORTCUTS: [&'static str; 2] = SWEEP_CASES;
    type GA = GBox<3>;
    type GB = GMover<3>;
    type FA = Aabb3;
    type FB = (Aabb3, Vec3);
    type PA = (Pose, Cuboid);
    type PB = (Pose, Cuboid, PVec);
    type FOut = Option<fixed_collide::Sweep<3>>;
    type POut = Option<parry3d::query::ShapeCastHit>;

    fn gen_a(rng: &mut Rng) -> GBox<3> {
        AabbSweep::gen_a(rng)
    }
    fn gen_b(rng: &mut Rng) -> GMover<3> {
        AabbSweep::gen_b(rng)
    }
    fn fixed(a: &Aabb3, b: &(Aabb3, Vec3)) -> Self::FOut {
        AabbSweep::fixed(a, b)
    }
    fn parry(a: &(Pose, Cuboid), b: &(Pose, Cuboid, PVec)) -> Self::POut {
        let options = ShapeCastOptions::with_max_time_of_impact(1.0);
        parry3d::query::cast_shapes(&a.0, PVec::ZERO, &a.1, &b.0, b.2, &b.1, options)
            .ok()
            .flatten()
    }
    fn shortcuts(a: &GBox<3>, b: &GMover<3>) -> [bool; 2] {
        AabbSweep::shortcuts(a, b)
    }
    fn judge(a: &GBox<3>, b: &GMover<3>, f: &Self::FOut, p: &Self::POut) -> Verdict {
        let (m, d) = (b.b.fixed(), fx_vec(b.d));
        let padded = |pad| {
            fixed_collide::aabb_sweep(&a.fixed_padded(pad), &m, d).map(|s| s.t_enter.to_num())
        };
        let ft = f.map(|s| s.t_enter.to_num());
        let pt = p.map(|h| f64::from(h.time_of_impact));
        let travel =
            b.d.iter()
                .map(|&c| f64::from(fl(c)).powi(2))
                .sum::<f64>()
                .sqrt();
        match (f, pt) {
            (Some(s), Some(tp)) if !same_time(s.t_enter.to_num(), tp) => {
                // Compare where the box is at the reported time: GJK's
                // tolerances are distances.
                let err = (tp - s.t_enter.to_num::<f64>()) * travel;
                match err {
                    e if e.abs() <= EPS => {
                        Verdict::Explained("cast_shapes: impact position off by <= EPS")
                    }
                    e if e.abs() <= NEAR => Verdict::Explained(
                        "cast_shapes: impact position off by EPS..2^-6 (GJK tolerance)",
                    ),
                    e if e < -1.0 => Verdict::Explained(
                        "cast_shapes: impact early by > 1 unit of travel (GJK stops on a lower bound)",
                    ),
                    e if e < 0.0 => Verdict::Explained(
                        "cast_shapes: impact early by 2^-6..1 unit of travel (GJK stops on a lower bound)",
                    ),
                    _ => unexplained(a, b, f, p),
                }
            }
            (Some(s), None) if s.overlapping => {
                Verdict::Explained("cast_shapes: misses boxes already overlapping at t = 0")
            }
            (Some(s), None) if s.t_enter == Fx::ZERO => Verdict::Explained(
                "cast_shapes: misses boxes touching at t = 0 and moving into each other",
            ),
            (None, Some(_))
                if sweep_open_class(a, b).is_none() && padded(Fx::from_num(NEAR)).is_some() =>
            {
                Verdict::Explained(
                    "cast_shapes: hit for boxes that pass within 2^-6 (GJK tolerance)",
                )
            }
            (None, Some(_))
                if sweep_open_class(a, b).is_none() && padded(Fx::from_num(FAR)).is_some() =>
            {
                Verdict::Explained(
                    "cast_shapes: hit for boxes that pass 2^-6..2^-2 apart (GJK tolerance)",
                )
            }
            _ => judge_time((a, b), ft, pt, 1.0, || sweep_open_class(a, b), padded),
        }
    }
}

/// `aabb_sweep_pair` (both moving, closed overlap) vs the Minkowski sweep
/// with the relative displacement.
pub struct AabbSweepPair;

impl Query for AabbSweepPair {
    const NAME: &'static str = "aabb_sweep_pair";
    const PARRY_CALL: &'static str = "Minkowski Aabb + cast_local_ray (relative)";
    const SEED: u64 = 0x600;
    const SHORTCUTS: [&'static str; 2] = SWEEP_CASES;
    type GA = GMover<3>;
    type GB = GMover<3>;
    type FA = (Aabb3, Vec3);
    type FB = (Aabb3, Vec3);
    type PA = (PAabb, PVec);
    type PB = (PAabb, PVec);
    type FOut = Option<fixed_collide::OverlapInterval>;
    type POut = Option<f32>;

    fn gen_a(rng: &mut Rng) -> GMover<3> {
        gen_mover(rng)
    }
    fn gen_b(rng: &mut Rng) -> GMover<3> {
        gen_mover(rng)
    }
    fn fixed(a: &(Aabb3, Vec3), b: &(Aabb3, Vec3)) -> Self::FOut {
        fixed_collide::aabb_sweep_pair(&a.0, a.1, &b.0, b.1)
    }
    fn parry(a: &(PAabb, PVec), b: &(PAabb, PVec)) -> Option<f32> {
        minkowski(&a.0, &b.0).cast_local_ray(&PRay::new(PVec::ZERO, b.1 - a.1), 1.0, true)
    }
    fn shortcuts(a: &GMover<3>, b: &GMover<3>) -> [bool; 2] {
        sweep_cases(&a.b, &b.b, sub(b.d, a.d), false)
    }
    fn judge(a: &GMover<3>, b: &GMover<3>, f: &Self::FOut, p: &Option<f32>) -> Verdict {
        let rel = sub(b.d, a.d);
        let exact = || {
            slab_boundary(
                span(
                    sub(a.b.min(), b.b.max()),
                    sub(a.b.max(), b.b.min()),
                    rel,
                    false,
                ),
                1.0,
            )
        };
        let (mb, va, vb) = (b.b.fixed(), fx_vec(a.d), fx_vec(b.d));
        let padded = |pad| {
            fixed_collide::aabb_sweep_pair(&a.b.fixed_padded(pad), va, &mb, vb)
                .map(|i| i.u0.to_num())
        };
        let ft = f.map(|i| i.u0.to_num());
        judge_time((a, b), ft, p.map(f64::from), 1.0, exact, padded)
    }
}
