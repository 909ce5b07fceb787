//! Balls (circles, spheres) against boxes.

use crate::num::Fx;
use crate::query::slab::bits;
use crate::shape::{Aabb, Ball};
use crate::vec::Vector;

/// A ball touching or overlapping a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BallHit<const D: usize> {
    /// The point of the box closest to the ball's center (the center itself
    /// when it is inside the box).
    pub point: Vector<D>,
}

/// Whether a closed ball meets a closed box; on a hit, the closest point of
/// the box to the center.
///
/// The closest point clamps the center into the box per axis (exact); the
/// squared distance to it is compared with `radius^2` exactly in `i128`, so
/// touching (distance equal to the radius) is a hit. A zero radius is a
/// point test.
///
/// # Examples
/// ```
/// use fixed_collide::{sphere_aabb, Aabb2, Circle, Fx, Vec2};
/// let b = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 2])).unwrap();
/// let c = Circle::try_new(Vec2::from_ints([5, 1]), Fx::from_num(3)).unwrap();
/// assert_eq!(sphere_aabb(&c, &b).unwrap().point, Vec2::from_ints([2, 1]));
/// ```
pub fn sphere_aabb<const D: usize>(ball: &Ball<D>, aabb: &Aabb<D>) -> Option<BallHit<D>> {
    let (c, bmin, bmax) = (bits(&ball.center()), bits(&aabb.min()), bits(&aabb.max()));
    let mut point = ball.center();
    let mut dist2: i128 = 0;
    for i in 0..D {
        // The center clamped into [min, max] (min <= max); the distance to
        // it is below 2^53 in-domain, its square below 2^106, the sum below
        // 2^108.
        let p = c[i].max(bmin[i]).min(bmax[i]);
        point.0[i] = Fx::from_bits(p);
        let d = c[i] - p;
        dist2 += i128::from(d) * i128::from(d);
    }
    let r = ball.radius().to_bits();
    (dist2 <= i128::from(r) * i128::from(r)).then_some(BallHit { point })
}
