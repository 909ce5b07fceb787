//! One-shot pair lists over slices of boxes, by index, on top of the
//! [`Broadphase`]: candidate pairs of overlapping (closed) boxes in a
//! canonical order that depends only on the boxes, never on insertion
//! order, hashing or platform. For boxes that persist from tick to tick,
//! keep a [`Broadphase`] instead (it reuses its sorted order).

use super::Broadphase;
use crate::shape::Aabb;
use alloc::vec::Vec;

/// Indices `(i, j)`, `i < j`, of the boxes of `boxes` that overlap (closed:
/// touching counts), ascending. A slice longer than `u32::MAX` boxes is
/// cut there.
///
/// # Examples
/// ```
/// use fixed_collide::pairs_within;
/// use fixed_collide::{Aabb2, Vec2};
/// let b = |x| Aabb2::try_new(Vec2::from_ints([x, 0]), Vec2::from_ints([x + 2, 2])).unwrap();
/// assert_eq!(pairs_within(&[b(0), b(5), b(2)]), [(0, 2)]);
/// ```
pub fn pairs_within<const D: usize>(boxes: &[Aabb<D>]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    indexed(boxes).pairs(&mut out);
    out
}

/// Indices `(i, j)` with `a[i]` overlapping `b[j]` (closed: touching
/// counts), ascending. Slices longer than `u32::MAX` boxes are cut there.
///
/// # Examples
/// ```
/// use fixed_collide::pairs_between;
/// use fixed_collide::{Aabb2, Vec2};
/// let b = |x| Aabb2::try_new(Vec2::from_ints([x, 0]), Vec2::from_ints([x + 2, 2])).unwrap();
/// assert_eq!(pairs_between(&[b(0), b(9)], &[b(2), b(4), b(8)]), [(0, 0), (1, 2)]);
/// ```
pub fn pairs_between<const D: usize>(a: &[Aabb<D>], b: &[Aabb<D>]) -> Vec<(u32, u32)> {
    let mut bp = indexed(b);
    let mut found = Vec::new();
    let mut out = Vec::new();
    for (i, q) in (0..=u32::MAX).zip(a) {
        bp.query(q, &mut found);
        out.extend(found.iter().map(|&j| (i, j)));
    }
    out
}

/// A broadphase holding `boxes[i]` under id `i`.
fn indexed<const D: usize>(boxes: &[Aabb<D>]) -> Broadphase<D> {
    let mut bp = Broadphase::with_capacity(boxes.len());
    for (i, b) in (0..=u32::MAX).zip(boxes) {
        // Ids are distinct by construction: insert cannot fail.
        let _ = bp.insert(i, *b);
    }
    bp
}
