//! Ray against AABB: the slab test, exact.

use crate::num::{Fx, Round, div_floor};
use crate::query::interval::{Bounds, Time, span, wide_vec};
use crate::shape::{Aabb, Ray};
use crate::vec::Vector;
use std::cmp::Ordering;

/// Where a ray first meets a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RayHit<const D: usize> {
    /// Parameter of the hit, in units of the ray direction, rounded down
    /// (never later than the true hit); 0 when `inside`.
    pub t: Fx,
    /// The hit point: on the hit axis exactly the face plane, the other
    /// coordinates within one ulp of the exact point and clamped into the
    /// face; the origin when `inside`.
    pub point: Vector<D>,
    /// Outward unit normal of the face hit; zero when `inside`.
    pub normal: Vector<D>,
    /// The origin is inside the shape or on its surface.
    pub inside: bool,
}

/// The first point of `ray` (for `t` in `[0, max_t]`) in the closed box, or
/// `None`.
///
/// Slab test with exact times: entry and exit per axis are fractions
/// compared by cross-multiplication in `i128`. A zero direction component is
/// inside its slab always or never (`min <= origin <= max`), without
/// division. An origin inside or on the box gives `t = 0` and `inside`. A ray
/// grazing a face, edge or corner hits (closed box). At an edge or corner the
/// normal is the face of the first axis in x, y, z order among those entered
/// last. A hit exactly at `max_t` counts.
///
/// # Examples
/// ```
/// use fixed_collide::{ray_aabb, Aabb2, Fx, Ray2, Vec2};
/// let b = Aabb2::try_new(Vec2::from_ints([2, -1]), Vec2::from_ints([4, 1])).unwrap();
/// let r = Ray2::try_unbounded(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0])).unwrap();
/// let h = ray_aabb(&r, &b).unwrap();
/// assert_eq!((h.t, h.normal, h.inside), (Fx::from_num(2), Vec2::from_ints([-1, 0]), false));
/// ```
pub fn ray_aabb<const D: usize>(ray: &Ray<D>, aabb: &Aabb<D>) -> Option<RayHit<D>> {
    let o = wide_vec(&ray.origin());
    let (bmin, bmax) = (wide_vec(&aabb.min()), wide_vec(&aabb.max()));
    let dir = wide_vec(&ray.dir());
    let lo: [i128; D] = std::array::from_fn(|i| bmin[i] - o[i]);
    let hi: [i128; D] = std::array::from_fn(|i| bmax[i] - o[i]);
    let span = span(lo, hi, dir, Bounds::Closed)?;
    // The direction is non-zero, so some axis has finite entry and exit.
    let ((e, axis), x) = (span.enter?, span.exit?);
    if e.cmp(&x) == Ordering::Greater || x.cmp(&Time::ZERO) == Ordering::Less {
        return None;
    }
    if e.cmp(&Time::ZERO) != Ordering::Greater {
        let origin = ray.origin();
        return Some(RayHit {
            t: Fx::ZERO,
            point: origin,
            normal: Vector::ZERO,
            inside: true,
        });
    }
    if e.cmp(&Time::from_fx(ray.max_t())) == Ordering::Greater {
        return None;
    }
    let mut point = ray.origin();
    for j in 0..D {
        point.0[j] = if j == axis {
            if dir[j] > 0 {
                aabb.min().0[j]
            } else {
                aabb.max().0[j]
            }
        } else {
            // origin + floor(e * dir), |e * dir| < 2^22: in range; then
            // clamped into the face.
            let step = div_floor(e.num * dir[j], e.den);
            let c = Fx::from_bits((o[j] + step) as i64);
            c.clamp(aabb.min().0[j], aabb.max().0[j])
        };
    }
    Some(RayHit {
        t: e.to_fx(Round::Down),
        point,
        normal: Vector::unit(axis, dir[axis] < 0),
        inside: false,
    })
}
