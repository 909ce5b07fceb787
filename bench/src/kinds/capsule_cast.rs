//! Capsule casts (3D): a moving capsule against a still capsule, a still
//! oriented box and a still axis-aligned box, `shape_cast` over `[0, 1]` against
//! parry's `query::cast_shapes` (GJK) with the same displacement as the
//! velocity and `max_time_of_impact` 1.
//!
//! Both libraries get the same world coordinates: parry's capsule stores
//! its segment's end points (pose identity), its cuboid takes the box's
//! pose (the same quaternion components as ours; the identity for an
//! axis-aligned box, at its center).

use super::capsule::{GCapsule, HALF, RMAX};
use super::judge_cast;
use crate::grid::{GBox, GObb, fl, fx, pvec3, uniform_vec};
use crate::judge::Verdict;
use crate::{Convert, Query};
use fixed_collide::{Capsule3, Cast, Obb, Shape, Vec3};
use fixed_collide_cli::rng::Rng;
use parry3d::math::{Pose, Vector as PVec};
use parry3d::query::{ShapeCastHit, ShapeCastOptions};
use parry3d::shape::{Capsule as PCapsule, Cuboid};
use std::marker::PhantomData;

/// Largest displacement component (grid counts: 25 units).
const TRAVEL: i32 = 400;

/// A moving capsule: where it starts and its displacement over `[0, 1]`.
#[derive(Clone, Copy, Debug)]
pub struct GCapsuleMover {
    /// The capsule at the start.
    pub c: GCapsule,
    /// The displacement.
    pub d: [i32; 3],
}

impl GCapsuleMover {
    fn draw(rng: &mut Rng) -> Self {
        Self {
            c: GCapsule::draw(rng, HALF, 16, RMAX),
            d: uniform_vec(rng, -TRAVEL, TRAVEL),
        }
    }

    /// The length of the displacement.
    fn travel(&self) -> f64 {
        self.d
            .iter()
            .map(|&c| f64::from(fl(c)).powi(2))
            .sum::<f64>()
            .sqrt()
    }

    /// Our cast of this mover against `target`: `t_enter`.
    fn cast(&self, target: &Shape<3>) -> Option<f64> {
        let (m, d): (Shape<3>, Vec3) = self.convert();
        fixed_collide::shape_cast(&m, &d, target)
            .ok()
            .flatten()
            .map(|c| c.t_enter.to_num::<f64>())
    }
}

impl Convert<(Shape<3>, Vec3)> for GCapsuleMover {
    fn convert(&self) -> (Shape<3>, Vec3) {
        let c: Capsule3 = self.c.convert();
        (
            c.into(),
            Vec3::new(fx(self.d[0]), fx(self.d[1]), fx(self.d[2])),
        )
    }
}

impl Convert<(PCapsule, PVec)> for GCapsuleMover {
    fn convert(&self) -> (PCapsule, PVec) {
        (self.c.convert(), pvec3(self.d))
    }
}

impl Convert<Shape<3>> for GCapsule {
    fn convert(&self) -> Shape<3> {
        let c: Capsule3 = self.convert();
        c.into()
    }
}

impl Convert<Shape<3>> for GObb<3> {
    fn convert(&self) -> Shape<3> {
        let o: Obb<3> = self.fixed_padded(fixed_collide::Fx::ZERO);
        o.into()
    }
}

impl Convert<Shape<3>> for GBox<3> {
    fn convert(&self) -> Shape<3> {
        self.fixed().into()
    }
}

/// parry's cast of the mover (`b`, at the identity pose) against a still
/// shape at `pose`.
fn parry_cast(
    pose: &Pose,
    target: &dyn parry3d::shape::Shape,
    b: &(PCapsule, PVec),
) -> Option<ShapeCastHit> {
    let options = ShapeCastOptions::with_max_time_of_impact(1.0);
    parry3d::query::cast_shapes(
        pose,
        PVec::ZERO,
        target,
        &Pose::IDENTITY,
        b.1,
        &b.0,
        options,
    )
    .ok()
    .flatten()
}

/// A moving capsule against a still capsule.
pub struct CapsuleCast;

impl Query for CapsuleCast {
    const NAME: &'static str = "capsule_cast";
    const PARRY_CALL: &'static str = "query::cast_shapes (Capsule, Capsule)";
    const SEED: u64 = 0xC40;
    type GA = GCapsule;
    type GB = GCapsuleMover;
    type FA = Shape<3>;
    type FB = (Shape<3>, Vec3);
    type PA = PCapsule;
    type PB = (PCapsule, PVec);
    type FOut = Option<Cast<3>>;
    type POut = Option<ShapeCastHit>;

    fn gen_a(rng: &mut Rng) -> GCapsule {
        GCapsule::draw(rng, HALF, 16, RMAX)
    }
    fn gen_b(rng: &mut Rng) -> GCapsuleMover {
        GCapsuleMover::draw(rng)
    }
    fn fixed(a: &Shape<3>, b: &(Shape<3>, Vec3)) -> Self::FOut {
        fixed_collide::shape_cast(&b.0, &b.1, a).ok().flatten()
    }
    fn parry(a: &PCapsule, b: &(PCapsule, PVec)) -> Self::POut {
        parry_cast(&Pose::IDENTITY, a, b)
    }
    fn judge(a: &GCapsule, b: &GCapsuleMover, f: &Self::FOut, p: &Self::POut) -> Verdict {
        let padded = |pad| b.cast(&a.fixed_padded(pad).into());
        let (ft, pt) = (f.map(|c| c.t_enter), p.map(|h| h.time_of_impact));
        judge_cast((a, b), ft, pt, b.travel(), padded)
    }
}

/// A still box a capsule is cast against: oriented or axis-aligned (the
/// same centers and sizes; parry gets a cuboid at the box's pose).
pub trait BoxTarget:
    Convert<Shape<3>> + Convert<(Pose, Cuboid)> + std::fmt::Debug + 'static
{
    /// Kind name.
    const NAME: &'static str;
    /// The parry call, for the report.
    const PARRY_CALL: &'static str;
    /// A box of the scene.
    fn draw(rng: &mut Rng) -> Self;
    /// Ours, every half-size changed by `pad` (to bracket answers near
    /// touching).
    fn padded(&self, pad: fixed_collide::Fx) -> Shape<3>;
}

impl BoxTarget for GObb<3> {
    const NAME: &'static str = "capsule_obb_cast";
    const PARRY_CALL: &'static str = "query::cast_shapes (Cuboid at a pose, Capsule)";
    fn draw(rng: &mut Rng) -> Self {
        GObb::draw(rng, super::WORLD, super::HMIN, 600)
    }
    fn padded(&self, pad: fixed_collide::Fx) -> Shape<3> {
        self.fixed_padded(pad).into()
    }
}

impl BoxTarget for GBox<3> {
    const NAME: &'static str = "capsule_aabb_cast";
    const PARRY_CALL: &'static str = "query::cast_shapes (Cuboid at a translation, Capsule)";
    fn draw(rng: &mut Rng) -> Self {
        GBox::draw(rng, super::WORLD, super::HMIN, 600)
    }
    fn padded(&self, pad: fixed_collide::Fx) -> Shape<3> {
        self.fixed_padded(pad).into()
    }
}

/// A moving capsule against a still box (one seed: the axis-aligned
/// scene is the oriented one with no rotation).
pub struct CapsuleBoxCast<T>(PhantomData<T>);

/// A moving capsule against a still oriented box.
pub type CapsuleObbCast = CapsuleBoxCast<GObb<3>>;

/// A moving capsule against a still axis-aligned box.
pub type CapsuleAabbCast = CapsuleBoxCast<GBox<3>>;

impl<T: BoxTarget> Query for CapsuleBoxCast<T> {
    const NAME: &'static str = T::NAME;
    const PARRY_CALL: &'static str = T::PARRY_CALL;
    const SEED: u64 = 0xC50;
    type GA = T;
    type GB = GCapsuleMover;
    type FA = Shape<3>;
    type FB = (Shape<3>, Vec3);
    type PA = (Pose, Cuboid);
    type PB = (PCapsule, PVec);
    type FOut = Option<Cast<3>>;
    type POut = Option<ShapeCastHit>;

    fn gen_a(rng: &mut Rng) -> T {
        T::draw(rng)
    }
    fn gen_b(rng: &mut Rng) -> GCapsuleMover {
        GCapsuleMover::draw(rng)
    }
    fn fixed(a: &Shape<3>, b: &(Shape<3>, Vec3)) -> Self::FOut {
        fixed_collide::shape_cast(&b.0, &b.1, a).ok().flatten()
    }
    fn parry(a: &(Pose, Cuboid), b: &(PCapsule, PVec)) -> Self::POut {
        parry_cast(&a.0, &a.1, b)
    }
    fn judge(a: &T, b: &GCapsuleMover, f: &Self::FOut, p: &Self::POut) -> Verdict {
        let padded = |pad| b.cast(&a.padded(pad));
        let (ft, pt) = (f.map(|c| c.t_enter), p.map(|h| h.time_of_impact));
        judge_cast((a, b), ft, pt, b.travel(), padded)
    }
}
