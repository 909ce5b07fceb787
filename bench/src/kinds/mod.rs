//! The kinds of query: one struct per kind, implementing [`Query`](crate::Query) for both
//! libraries on the same grid values.
//!
//! Scene parameters (in grid counts of 2^-4, see [`crate::grid`]) are tuned
//! so that about half of the queries hit; the report prints the fraction.

mod aabb;
mod capsule;
mod capsule_cast;
mod noshort;
mod obb;
mod polygon;
mod segment;
mod sweep;

pub use aabb::{AabbContact, AabbIntersection, AabbOverlap, RayAabb, SphereAabb};
pub use capsule::{CapsuleOverlap, RayCapsule, RaySphere};
pub use capsule_cast::{CapsuleAabbCast, CapsuleCast, CapsuleObbCast};
pub use noshort::{Aimed, NoShort};
pub use obb::{ObbOverlap, RayObb, SphereObb};
pub use polygon::{PolygonCast, PolygonOverlap, RayPolygon};
pub use segment::RaySegment;
pub use sweep::{AabbSweep, AabbSweepCast, AabbSweepPair};

use crate::Out;
use crate::judge::{EPS, Verdict, bracketed, eps, same_time, unexplained};
use fixed_collide::{Aabb, BallHit, Contact, Fx, OverlapInterval, RayHit, Sweep};
use std::fmt::Debug;

/// Shape centers of every kind lie in `-WORLD..=WORLD` (grid counts: 64
/// units) on every axis.
const WORLD: i32 = 1024;

/// The shortcut case names of the rays.
const RAY_CASES: [&str; 2] = ["origin inside", "box behind"];

/// The shortcut case names of the sweeps.
const SWEEP_CASES: [&str; 2] = ["swept-box miss", "overlap at both ends"];

/// Smallest half-size of every box (1 unit).
const HMIN: i32 = 16;

/// `a - b` per axis.
fn sub(a: [i32; 3], b: [i32; 3]) -> [i32; 3] {
    std::array::from_fn(|i| a[i] - b[i])
}

/// The value of a hit folded into the checksum, in the library's own bits.
trait Keyed {
    fn bits(&self) -> u64;
}

fn fx_bits(v: Fx) -> u64 {
    v.to_bits() as u64
}

impl<T: Keyed> Out for Option<T> {
    fn hit(&self) -> bool {
        self.is_some()
    }
    fn key(&self) -> u64 {
        self.as_ref().map_or(0, |v| v.bits().wrapping_add(1))
    }
}

impl Out for bool {
    fn hit(&self) -> bool {
        *self
    }
    fn key(&self) -> u64 {
        u64::from(*self)
    }
}

impl<const D: usize> Keyed for Aabb<D> {
    fn bits(&self) -> u64 {
        let sum =
            |v: fixed_collide::Vector<D>| v.0.iter().fold(0u64, |s, c| s.wrapping_add(fx_bits(*c)));
        sum(self.min()).wrapping_add(sum(self.max()))
    }
}

impl Keyed for parry3d::bounding_volume::Aabb {
    fn bits(&self) -> u64 {
        let sum = |v: parry3d::math::Vector| {
            v.to_array()
                .iter()
                .fold(0u64, |s, c| s.wrapping_add(u64::from(c.to_bits())))
        };
        sum(self.mins).wrapping_add(sum(self.maxs))
    }
}

impl<const D: usize> Keyed for Contact<D> {
    fn bits(&self) -> u64 {
        fx_bits(self.depth)
    }
}

impl Keyed for parry3d::query::Contact {
    fn bits(&self) -> u64 {
        u64::from(self.dist.to_bits())
    }
}

impl<const D: usize> Keyed for RayHit<D> {
    fn bits(&self) -> u64 {
        fx_bits(self.t)
    }
}

impl<const D: usize> Keyed for Sweep<D> {
    fn bits(&self) -> u64 {
        fx_bits(self.t_enter)
    }
}

impl Keyed for OverlapInterval {
    fn bits(&self) -> u64 {
        fx_bits(self.u0)
    }
}

/// parry's ball tests answer a `bool` only, so ours folds only the hit too.
impl<const D: usize> Keyed for BallHit<D> {
    fn bits(&self) -> u64 {
        0
    }
}

impl Keyed for f32 {
    fn bits(&self) -> u64 {
        u64::from(self.to_bits())
    }
}

impl Keyed for parry2d::query::ShapeCastHit {
    fn bits(&self) -> u64 {
        u64::from(self.time_of_impact.to_bits())
    }
}

impl<const D: usize> Keyed for fixed_collide::Cast<D> {
    fn bits(&self) -> u64 {
        fx_bits(self.t_enter)
    }
}

impl Keyed for parry3d::query::ShapeCastHit {
    fn bits(&self) -> u64 {
        u64::from(self.time_of_impact.to_bits())
    }
}

/// Judges a hit/miss answer whose only explained disagreements are
/// boundary cases: `exact` names an exact boundary case (touching) if the
/// query is one, and `padded(pad)` is fixed-collide's answer with the
/// shapes grown by `pad` (shrunk for a negative one).
fn judge_hit(
    inputs: (&dyn Debug, &dyn Debug),
    f: bool,
    p: bool,
    exact: impl FnOnce() -> Option<&'static str>,
    padded: impl Fn(Fx) -> bool,
    near: &'static str,
) -> Verdict {
    if f == p {
        Verdict::Agree
    } else if let Some(class) = exact() {
        Verdict::Explained(class)
    } else if padded(eps()) && !padded(-eps()) {
        Verdict::Explained(near)
    } else {
        unexplained(inputs.0, inputs.1, &f, &p)
    }
}

/// Judges a time-of-impact answer (ray, sweep): hit/miss as [`judge_hit`],
/// and for two hits the times equal up to `f32` rounding, or else parry's
/// time bracketed by ours on the shapes grown and shrunk by `EPS`.
fn judge_time(
    inputs: (&dyn Debug, &dyn Debug),
    f: Option<f64>,
    p: Option<f64>,
    max_t: f64,
    exact: impl FnOnce() -> Option<&'static str>,
    padded: impl Fn(Fx) -> Option<f64>,
) -> Verdict {
    match (f, p) {
        (Some(tf), Some(tp)) => {
            if same_time(tf, tp) {
                Verdict::Agree
            } else if bracketed(tp, padded(eps()), padded(-eps()), max_t) {
                Verdict::Explained("time differs beyond f32 rounding, within the EPS bracket")
            } else {
                unexplained(inputs.0, inputs.1, &f, &p)
            }
        }
        _ => judge_hit(
            inputs,
            f.is_some(),
            p.is_some(),
            exact,
            |pad| padded(pad).is_some(),
            "within EPS of grazing or of max_t: f32 rounding decides",
        ),
    }
}

/// The exact boundary case of a closed slab query that missed on one side
/// only: the exact span `(enter, exit)` of the ray (or relative motion)
/// touches the box at one instant only, or first at `max_t`.
fn slab_boundary(span: Option<(f64, f64)>, max_t: f64) -> Option<&'static str> {
    let (e, x) = span?;
    let (e, x) = (e.max(0.0), x.min(max_t));
    if e == x && e == max_t {
        Some("first contact exactly at max_t: f32 rounding decides")
    } else if e == x {
        Some("grazing exactly (entry == exit): f32 rounding decides")
    } else {
        None
    }
}

/// Judges a shape cast (over `[0, 1]`) against parry's `cast_shapes` (GJK):
/// `f` our `t_enter`, `p` parry's time of impact, `travel` the length of
/// the displacement, `padded(pad)` our time with the target grown by
/// `pad`. GJK's tolerances are distances: a time off by `e` puts the
/// shape `e * travel` away.
fn judge_cast(
    inputs: (&dyn Debug, &dyn Debug),
    f: Option<Fx>,
    p: Option<f32>,
    travel: f64,
    padded: impl Fn(Fx) -> Option<f64>,
) -> Verdict {
    let pt = p.map(f64::from);
    match (f, pt) {
        (Some(t), Some(tp)) if !same_time(t.to_num(), tp) => {
            match (tp - t.to_num::<f64>()) * travel {
                e if e.abs() <= EPS => {
                    Verdict::Explained("cast_shapes: impact position off by <= EPS")
                }
                e if e.abs() <= 1.0 / 64.0 => Verdict::Explained(
                    "cast_shapes: impact position off by EPS..2^-6 (GJK tolerance)",
                ),
                e if e < 0.0 => Verdict::Explained(
                    "cast_shapes: impact early by more than 2^-6 (GJK stops on a lower bound)",
                ),
                // Late: ours with the target shrunk by EPS still hits before
                // parry's time, so the shapes overlap by more than EPS there.
                _ if padded(-eps()).is_some_and(|ts| ts < tp) => Verdict::Explained(
                    "cast_shapes: impact late by more than 2^-6 (the shapes overlap by more than EPS at its time)",
                ),
                _ => unexplained(inputs.0, inputs.1, &f, &p),
            }
        }
        (Some(t), None) if t == Fx::ZERO => Verdict::Explained(
            "cast_shapes: misses shapes touching or overlapping at t = 0 and moving in",
        ),
        (None, Some(_)) if padded(eps()).is_some() => Verdict::Explained(
            "cast_shapes: hit for shapes that touch or slide but never penetrate (ours: open, no hit), or pass within EPS",
        ),
        (None, Some(_)) if padded(Fx::from_num(1.0 / 64.0)).is_some() => {
            Verdict::Explained("cast_shapes: hit for shapes that pass within 2^-6 (GJK tolerance)")
        }
        (None, Some(_)) if padded(Fx::from_num(1.0 / 16.0)).is_some() => Verdict::Explained(
            "cast_shapes: hit for shapes that pass 2^-6..2^-4 apart (beyond GJK's tolerance)",
        ),
        _ => judge_time(inputs, f.map(|t| t.to_num()), pt, 1.0, || None, padded),
    }
}
