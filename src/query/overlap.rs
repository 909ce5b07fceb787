//! Static AABB tests: overlap (closed and open) and the intersection box.

use crate::query::slab::bits;
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
    if D == 2 || D == 3 {
        crate::arch::closed_overlap(a, b)
    } else {
        closed_overlap_scalar(a, b)
    }
}

/// [`aabb_overlap`], one axis at a time.
#[inline(always)]
pub(crate) fn closed_overlap_scalar<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
    let [amin, amax, bmin, bmax] = corners(a, b);
    // Per axis b.max - a.min >= 0 and a.max - b.min >= 0: in-domain
    // coordinates differ by at most 2^53, so the signs are exact; OR-ing the
    // differences leaves one sign test and no branch.
    let mut acc = 0i64;
    for i in 0..D {
        acc |= (bmax[i] - amin[i]) | (amax[i] - bmin[i]);
    }
    acc >= 0
}

/// The raw bits of both boxes' corners.
#[inline(always)]
pub(crate) fn corners<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> [[i64; D]; 4] {
    [a.min(), a.max(), b.min(), b.max()].map(|v| bits(&v))
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
    let [amin, amax, bmin, bmax] = corners(a, b);
    // Per axis a.min - b.max < 0 and b.min - a.max < 0 (differences within
    // 2^53): every sign bit set, one test, no branch.
    let mut acc = -1i64;
    for i in 0..D {
        acc &= (amin[i] - bmax[i]) & (bmin[i] - amax[i]);
    }
    acc < 0
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
    let (mut min, mut max) = (a.min(), a.max());
    for i in 0..D {
        min.0[i] = min.0[i].max(b.min().0[i]);
        max.0[i] = max.0[i].min(b.max().0[i]);
    }
    // Corners of valid boxes, and `min <= max` on every axis since they
    // overlap.
    Some(Aabb::from_valid_corners(min, max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::{Fx, Vector};
    use std::prelude::rust_2024::*;

    /// A box with corners drawn from `-2^bits..2^bits` raw bits, often
    /// sharing a coordinate with `near` (touching faces).
    fn draw<const D: usize>(rng: &mut Rng, bits: u32, near: Option<&Aabb<D>>) -> Aabb<D> {
        let mut c = |k: usize, max: bool| {
            let snap = near.filter(|_| rng.below(3) == 0);
            match snap {
                Some(b) => (if max { b.min() } else { b.max() }).0[k].to_bits(),
                None => rng.range_i64(-(1 << bits), 1 << bits),
            }
        };
        let (lo, hi): ([i64; D], [i64; D]) = (
            core::array::from_fn(|k| c(k, false)),
            core::array::from_fn(|k| c(k, true)),
        );
        let v = |f: fn(i64, i64) -> i64| {
            Vector(core::array::from_fn(|k| Fx::from_bits(f(lo[k], hi[k]))))
        };
        Aabb::try_new(v(i64::min), v(i64::max)).expect("in-domain box")
    }

    fn pairwise_matches_scalar<const D: usize>() {
        let mut rng = Rng::new(0x0E1A + D as u64);
        for bits in [2, 20, 52] {
            for _ in 0..20_000 {
                let a = draw::<D>(&mut rng, bits, None);
                let b = draw::<D>(&mut rng, bits, Some(&a));
                let want = closed_overlap_scalar(&a, &b);
                assert_eq!(crate::arch::closed_overlap(&a, &b), want, "{a:?} {b:?}");
                assert_eq!(
                    crate::arch::closed_overlap(&b, &a),
                    want,
                    "swapped: {a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn pairwise_overlap_matches_the_scalar_form_2d() {
        pairwise_matches_scalar::<2>();
    }

    #[test]
    fn pairwise_overlap_matches_the_scalar_form_3d() {
        pairwise_matches_scalar::<3>();
    }
}
