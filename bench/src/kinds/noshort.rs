//! The no-shortcut family: pool scenes in which no comparison-only shortcut
//! decides any pair, and the shortcut cases counted in every family.
//!
//! Every target (box, oriented box, ball, capsule, or the box of the
//! pair's first mover) lies in a central cluster (half-width
//! [`RAY_CLUSTER`] or [`CLUSTER`] per axis, plus its reach). Every ray
//! starts in one of the eight far octants, beyond the cluster on **every**
//! axis (so outside every target), and points at a random aim point inside
//! the cluster (so every axis-aligned target, ball and capsule is ahead of
//! it on every axis). Every moving box starts in a far octant, beyond
//! every target on every axis, and moves through an aim point in the
//! cluster to the opposite far octant: its swept bounding box contains the
//! whole cluster, and it overlaps no target at either end. Whether a pair
//! hits is then decided by how close the path passes to the target: about
//! half do. That holds for every pair of the two pools, so the pool layout
//! (and its reasons, see
//! [`crate::Scene`]) is unchanged.
//!
//! An oriented box can still lie behind a ray in its own frame (the origin
//! outside one of its slabs, moving away from it) although it is ahead on
//! every world axis: about 3% of the pairs. The scene keeps only the other
//! pairs ([`crate::Scene::without_shortcuts`]), so no pair of any
//! no-shortcut scene is a shortcut case; the report gives the count.

use super::capsule::GCapsule;
use super::{AabbSweep, AabbSweepPair, HMIN, RayAabb, RayCapsule, RayObb, RaySphere};
use crate::Query;
use crate::grid::{GBall, GBox, GMover, GObb, GRay, uniform, uniform_vec};
use crate::judge::Verdict;
use fixed_collide::Fx;
use fixed_collide_cli::rng::Rng;
use std::marker::PhantomData;

/// Half-width of the cluster of target centers for the sweeps (20 units).
const CLUSTER: i32 = 320;
/// Half-width of the cluster of target centers for the rays (10 units: a
/// ray meets about half the boxes it is aimed near).
const RAY_CLUSTER: i32 = 160;
/// Largest half-size of a target box (16 units).
const TARGET_H: i32 = 256;
/// Largest half-size of a moving box (12 units).
const MOVER_H: i32 = 192;
/// Largest displacement of the pair's first mover per axis (4 units).
const JITTER: i32 = 64;
/// Width of the band of the far octants, per axis (32 units).
const BAND: i32 = 512;

/// A kind with a no-shortcut scene: its pool generators.
pub trait Aimed: Query {
    /// Draws a pool A entry of the no-shortcut scene.
    fn aimed_a(rng: &mut Rng) -> Self::GA;
    /// Draws a pool B entry of the no-shortcut scene.
    fn aimed_b(rng: &mut Rng) -> Self::GB;
}

/// The no-shortcut scene of kind `Q`: `Q`'s queries, answers and judge on
/// [`Aimed`] pools.
pub struct NoShort<Q>(PhantomData<Q>);

impl<Q: Aimed> Query for NoShort<Q> {
    const NAME: &'static str = Q::NAME;
    const PARRY_CALL: &'static str = Q::PARRY_CALL;
    const PARRY_FN: &'static str = Q::PARRY_FN;
    const TIME_FIXED: bool = Q::TIME_FIXED;
    const SEED: u64 = Q::SEED.wrapping_add(0x4E_0000);
    const SHORTCUTS: [&'static str; 2] = Q::SHORTCUTS;
    type GA = Q::GA;
    type GB = Q::GB;
    type FA = Q::FA;
    type FB = Q::FB;
    type PA = Q::PA;
    type PB = Q::PB;
    type FOut = Q::FOut;
    type POut = Q::POut;

    fn gen_a(rng: &mut Rng) -> Self::GA {
        Q::aimed_a(rng)
    }
    fn gen_b(rng: &mut Rng) -> Self::GB {
        Q::aimed_b(rng)
    }
    #[inline(always)]
    fn fixed(a: &Self::FA, b: &Self::FB) -> Self::FOut {
        Q::fixed(a, b)
    }
    #[inline(always)]
    fn parry(a: &Self::PA, b: &Self::PB) -> Self::POut {
        Q::parry(a, b)
    }
    fn judge(a: &Self::GA, b: &Self::GB, f: &Self::FOut, p: &Self::POut) -> Verdict {
        Q::judge(a, b, f, p)
    }
    fn shortcuts(a: &Self::GA, b: &Self::GB) -> [bool; 2] {
        Q::shortcuts(a, b)
    }
}

/// A point in a random far octant: per axis a random sign and a magnitude
/// in `near..=near + BAND`.
fn far(rng: &mut Rng, near: i32) -> [i32; 3] {
    std::array::from_fn(|_| {
        let m = uniform(rng, near, near + BAND);
        if rng.below(2) == 0 { m } else { -m }
    })
}

/// An aim point in a cluster of half-width `cluster`.
fn aim(rng: &mut Rng, cluster: i32) -> [i32; 3] {
    uniform_vec(rng, -cluster, cluster)
}

/// A target box in a cluster of half-width `cluster`.
fn target(rng: &mut Rng, cluster: i32) -> GBox<3> {
    GBox::draw(rng, cluster, HMIN, TARGET_H)
}

/// A ray from a far octant (beyond `near` on every axis) through an aim
/// point, which it reaches at `t = 1`; `max_t` from 1 to 4, so that a few
/// rays stop short of a far target.
fn aimed_ray(rng: &mut Rng, near: i32) -> GRay<3> {
    let (o, p) = (far(rng, near), aim(rng, RAY_CLUSTER));
    GRay {
        o,
        d: std::array::from_fn(|k| p[k] - o[k]),
        max_t: uniform(rng, 16, 64),
    }
}

/// A box moving from a far octant (beyond every target, and beyond the
/// pair's jittered first mover, on every axis) through an aim point, which
/// it reaches at `t = 1/4`, to the opposite far octant. At `t = 1` its
/// center is `4 p - 3 o`: per axis at least `3 * NEAR - 4 * CLUSTER` (1120)
/// beyond the origin on the other side, more than a target (576) or a
/// jittered first mover (640) reaches plus its own half-size (192).
/// Coordinates stay below 2^13 grid counts (the grid's exactness bound):
/// displacements up to 4 * (1312 + 320) = 6528, corners up to 5408.
fn aimed_mover(rng: &mut Rng) -> GMover<3> {
    const NEAR: i32 = CLUSTER + TARGET_H + MOVER_H + 32;
    let (o, p) = (far(rng, NEAR), aim(rng, CLUSTER));
    GMover {
        b: GBox {
            c: o,
            h: uniform_vec(rng, HMIN, MOVER_H),
        },
        d: std::array::from_fn(|k| 4 * (p[k] - o[k])),
    }
}

impl Aimed for RayAabb {
    fn aimed_a(rng: &mut Rng) -> GRay<3> {
        aimed_ray(rng, RAY_CLUSTER + TARGET_H + 32)
    }
    fn aimed_b(rng: &mut Rng) -> GBox<3> {
        target(rng, RAY_CLUSTER)
    }
}

impl Aimed for RayObb {
    /// Rotated, a target reaches `sqrt(3) * 256 < 444` from its center.
    fn aimed_a(rng: &mut Rng) -> GRay<3> {
        aimed_ray(rng, RAY_CLUSTER + 444 + 36)
    }
    fn aimed_b(rng: &mut Rng) -> GObb<3> {
        GObb::draw(rng, RAY_CLUSTER, HMIN, TARGET_H)
    }
}

/// Largest radius of a curved target (16 units: about half the rays
/// aimed into the cluster hit).
const CURVED_R: i32 = 256;

/// Largest half-axis component of a capsule target (8 units).
const CAPSULE_HALF: i32 = 128;

impl Aimed for RaySphere {
    /// A ball reaches `CURVED_R` from its center, in the cluster: every ray
    /// starts outside it, and the ball lies ahead of it.
    fn aimed_a(rng: &mut Rng) -> GRay<3> {
        aimed_ray(rng, RAY_CLUSTER + CURVED_R + 32)
    }
    fn aimed_b(rng: &mut Rng) -> GBall<3> {
        GBall {
            c: aim(rng, RAY_CLUSTER),
            r: uniform(rng, HMIN, CURVED_R),
        }
    }
}

impl Aimed for RayCapsule {
    /// A capsule reaches `CAPSULE_HALF + CURVED_R` from its segment's
    /// midpoint, in the cluster.
    fn aimed_a(rng: &mut Rng) -> GRay<3> {
        aimed_ray(rng, RAY_CLUSTER + CAPSULE_HALF + CURVED_R + 32)
    }
    fn aimed_b(rng: &mut Rng) -> GCapsule {
        let c = aim(rng, RAY_CLUSTER);
        let h: [i32; 3] = uniform_vec(rng, -CAPSULE_HALF, CAPSULE_HALF);
        GCapsule {
            a: std::array::from_fn(|k| c[k] - h[k]),
            b: std::array::from_fn(|k| c[k] + h[k]),
            r: uniform(rng, HMIN, CURVED_R),
        }
    }
}

impl Aimed for AabbSweep {
    fn aimed_a(rng: &mut Rng) -> GBox<3> {
        target(rng, CLUSTER)
    }
    fn aimed_b(rng: &mut Rng) -> GMover<3> {
        aimed_mover(rng)
    }
}

impl Aimed for AabbSweepPair {
    /// A target that moves a little.
    fn aimed_a(rng: &mut Rng) -> GMover<3> {
        GMover {
            b: target(rng, CLUSTER),
            d: uniform_vec(rng, -JITTER, JITTER),
        }
    }
    fn aimed_b(rng: &mut Rng) -> GMover<3> {
        aimed_mover(rng)
    }
}

/// The ray shortcut cases, exact on grid values: the origin in the closed
/// box `[lo, hi]`, and the box behind the origin on some axis (wholly above
/// it where the direction does not rise, or below where it does not fall).
pub(super) fn ray_cases(o: [i32; 3], d: [i32; 3], lo: [i32; 3], hi: [i32; 3]) -> [bool; 2] {
    let inside = (0..3).all(|k| lo[k] <= o[k] && o[k] <= hi[k]);
    let behind = (0..3).any(|k| (o[k] < lo[k] && d[k] <= 0) || (o[k] > hi[k] && d[k] >= 0));
    [inside, behind]
}

/// The ray shortcut cases against an oriented box, in the box's frame (in
/// `f64`, for counting only: the rotation is not exact there).
pub(super) fn ray_obb_cases(r: &GRay<3>, b: &GObb<3>) -> [bool; 2] {
    let obb = b.fixed_padded(Fx::ZERO);
    let axes = obb.axes().map(|a| a.0.map(|v| v.to_num::<f64>()));
    let dot = |v: [i32; 3], a: &[f64; 3]| (0..3).map(|k| f64::from(v[k]) * a[k]).sum::<f64>();
    let rel: [i32; 3] = std::array::from_fn(|k| r.o[k] - b.b.c[k]);
    let (mut inside, mut behind) = (true, false);
    for (a, &h) in axes.iter().zip(&b.b.h) {
        let (u, d, h) = (dot(rel, a), dot(r.d, a), f64::from(h));
        inside &= u.abs() <= h;
        behind |= (u < -h && d <= 0.0) || (u > h && d >= 0.0);
    }
    [inside, behind]
}

/// The sweep shortcut cases, exact on grid values, as the library decides
/// them: the moving box misses the bounding box of its sweep against the
/// fixed one, or overlaps it at both ends (`open`: strict overlap).
pub(super) fn sweep_cases(
    fixed: &GBox<3>,
    moving: &GBox<3>,
    step: [i32; 3],
    open: bool,
) -> [bool; 2] {
    let strict = i32::from(open);
    let (fmin, fmax, mmin, mmax) = (fixed.min(), fixed.max(), moving.min(), moving.max());
    let (mut miss, mut start_out, mut end_out) = (false, false, false);
    for k in 0..3 {
        let (a, b) = (fmax[k] - mmin[k] - strict, mmax[k] - fmin[k] - strict);
        let (a1, b1) = (a - step[k], b + step[k]);
        miss |= (a < 0 && a1 < 0) || (b < 0 && b1 < 0);
        start_out |= a < 0 || b < 0;
        end_out |= a1 < 0 || b1 < 0;
    }
    [miss, !start_out && !end_out]
}
