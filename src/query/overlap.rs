//! Static AABB tests: overlap (closed and open) and the intersection box.

use crate::shape::Aabb;

/// Whether two boxes overlap as **closed** sets: touching faces, edges or
/// corners count. Per axis `a.min <= b.max && b.min <= a.max`. Exact and
/// symmetric; zero-size boxes are points, segments or rectangles.
///
/// See also [`aabb_overlap_open`], [`aabb_intersection`].
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_overlap, Aabb2, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([1, 0]), Vec2::from_ints([2, 1])).unwrap();
/// assert!(aabb_overlap(&a, &b)); // touching faces count
/// ```
#[inline]
pub fn aabb_overlap<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
    // In-domain coordinates differ by at most 2^53: the signs are exact.
    a.raw().overlaps(b.raw())
}

/// Whether two boxes overlap as **open** sets (penetrate): per axis
/// `a.min < b.max && b.min < a.max`. Touching does not count; a zero-size
/// box strictly inside another does; two boxes both of zero size on one axis
/// never do. Exact and symmetric.
///
/// See also [`aabb_overlap`].
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_overlap_open, Aabb2, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([1, 0]), Vec2::from_ints([2, 1])).unwrap();
/// assert!(!aabb_overlap_open(&a, &b)); // touching is not penetrating
/// ```
#[inline]
pub fn aabb_overlap_open<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
    // In-domain coordinates differ by at most 2^53: the signs are exact.
    a.raw().overlaps_open(b.raw())
}

/// The box where two boxes overlap (closed): per axis
/// `[max(a.min, b.min), min(a.max, b.max)]`, exact. Touching boxes give a
/// box of zero size on the touching axis; `None` when they do not overlap
/// (exactly when [`aabb_overlap`] is false). Symmetric.
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_intersection, Aabb2, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([2, 2])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([1, 1]), Vec2::from_ints([3, 3])).unwrap();
/// let i = aabb_intersection(&a, &b).unwrap();
/// assert_eq!((i.min(), i.max()), (Vec2::from_ints([1, 1]), Vec2::from_ints([2, 2])));
/// ```
pub fn aabb_intersection<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> Option<Aabb<D>> {
    if !aabb_overlap(a, b) {
        return None;
    }
    let (min, max) = (a.min().max(b.min()), a.max().min(b.max()));
    // Corners of valid boxes, and `min <= max` on every axis since they
    // overlap.
    Some(Aabb::from_valid_corners(min, max))
}
