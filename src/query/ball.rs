//! Balls (circles, spheres) against boxes.

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
    let (c, b) = (ball.center().to_bits(), aabb.raw());
    let mut point = c;
    let mut dist2: i128 = 0;
    for ((p, &lo), &hi) in point.iter_mut().zip(&b.min).zip(&b.max) {
        // The center clamped into [min, max] (min <= max); the distance to
        // it is below 2^53 in-domain, its square below 2^106, the sum below
        // 2^108.
        let at = (*p).max(lo).min(hi);
        let d = *p - at;
        *p = at;
        dist2 += i128::from(d) * i128::from(d);
    }
    let point = Vector::from_bits(point);
    let r = ball.radius().to_bits();
    (dist2 <= i128::from(r) * i128::from(r)).then_some(BallHit { point })
}
