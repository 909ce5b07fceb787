//! Oriented boxes: OBB vs OBB (separating axes), sphere vs OBB, ray vs OBB.
//! (Being written: see the OBB issue notes.)

use crate::query::ball::BallHit;
use crate::query::ray::RayHit;
use crate::rot::Obb;
use crate::shape::{Ball, Ray};

/// Whether two oriented boxes overlap (closed).
pub fn obb_overlap<const D: usize>(a: &Obb<D>, b: &Obb<D>) -> bool {
    let _ = (a, b);
    unimplemented!("obb_overlap")
}

/// Whether a ball meets an oriented box.
pub fn sphere_obb<const D: usize>(ball: &Ball<D>, obb: &Obb<D>) -> Option<BallHit<D>> {
    let _ = (ball, obb);
    unimplemented!("sphere_obb")
}

/// The first point of a ray in an oriented box.
pub fn ray_obb<const D: usize>(ray: &Ray<D>, obb: &Obb<D>) -> Option<RayHit<D>> {
    let _ = (ray, obb);
    unimplemented!("ray_obb")
}

/// Dimensions with a separating-axis test (temporary marker until the SAT lands).
pub trait SatAxes {}
impl SatAxes for Obb<2> {}
impl SatAxes for Obb<3> {}
