//! AABB contact: penetration normal, depth and contact point.

use crate::num::Fx;
use crate::shape::Aabb;
use crate::vec::Vector;

/// How two overlapping boxes touch, seen from box `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact<const D: usize> {
    /// Unit outward normal of the face of `a` with the smallest penetration
    /// distance; moving `b` by `depth` along it separates the boxes (leaves
    /// them touching).
    pub normal: Vector<D>,
    /// The penetration distance along `normal` (>= 0; 0 when touching).
    /// Exact.
    pub depth: Fx,
    /// The center of the intersection box, each coordinate
    /// `floor((lo + hi) / 2)`.
    pub point: Vector<D>,
}

/// Contact between two boxes overlapping as closed sets, or `None` when they
/// do not overlap.
///
/// The six distances are, per axis, `-x: b.max.x - a.min.x` and
/// `+x: a.max.x - b.min.x` (likewise y, z). The normal is the face with the
/// smallest distance, in the order -x, +x, -y, +y, -z, +z; the first wins a
/// tie. Touching boxes give depth 0. Exact: the distances are differences of
/// in-domain values (below 2^21).
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_contact, Aabb2, Fx, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([4, 4])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([3, 1]), Vec2::from_ints([6, 2])).unwrap();
/// let c = aabb_contact(&a, &b).unwrap();
/// assert_eq!(c.normal, Vec2::from_ints([1, 0]));
/// assert_eq!(c.depth, Fx::ONE);
/// ```
pub fn aabb_contact<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> Option<Contact<D>> {
    let (a, b) = (a.raw(), b.raw());
    // In-domain coordinates: every distance is within 2^53. The boxes
    // overlap (closed) when no distance is negative: one sign test.
    if a.closed_sign(b) < 0 {
        return None;
    }
    // The smallest distance and its face 2 * axis + (1 for +); a strictly
    // smaller one replaces it, so the first face in -x, +x, -y ... wins a tie.
    let (mut depth, mut face) = (i64::MAX, 0usize);
    for (i, ((amin, amax), (bmin, bmax))) in a.axes().zip(b.axes()).enumerate() {
        let (neg, pos) = (bmax - amin, amax - bmin);
        (depth, face) = if neg < depth {
            (neg, 2 * i)
        } else {
            (depth, face)
        };
        (depth, face) = if pos < depth {
            (pos, 2 * i + 1)
        } else {
            (depth, face)
        };
    }
    // The intersection box's center, floor((lo + hi) / 2); the sum is
    // within 2^53.
    let mut point = a.min;
    for (p, ((_, amax), (bmin, bmax))) in point.iter_mut().zip(a.axes().zip(b.axes())) {
        let (lo, hi) = ((*p).max(bmin), amax.min(bmax));
        *p = (lo + hi) >> 1;
    }
    let point = Vector::from_bits(point);
    Some(Contact {
        normal: Vector::unit(face / 2, face % 2 == 1),
        depth: Fx::from_bits(depth),
        point,
    })
}
