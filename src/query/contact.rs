//! AABB contact: penetration normal, depth and contact point.

use crate::num::{Fx, midpoint};
use crate::query::overlap::aabb_intersection;
use crate::shape::Aabb;
use crate::vec::Vector;

/// How two overlapping boxes touch, seen from box `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    let overlap = aabb_intersection(a, b)?;
    let mut best: Option<(Fx, usize, bool)> = None;
    for i in 0..D {
        // In-domain coordinates: the differences are below 2^21, no overflow.
        let neg = b.max().0[i] - a.min().0[i];
        let pos = a.max().0[i] - b.min().0[i];
        for (dist, positive) in [(neg, false), (pos, true)] {
            if best.is_none_or(|(d, _, _)| dist < d) {
                best = Some((dist, i, positive));
            }
        }
    }
    let (depth, axis, positive) = best?;
    let mut point = overlap.min();
    for i in 0..D {
        point.0[i] = midpoint(overlap.min().0[i], overlap.max().0[i]);
    }
    Some(Contact {
        normal: Vector::unit(axis, positive),
        depth,
        point,
    })
}
