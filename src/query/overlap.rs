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
        pairwise::closed_overlap(a, b)
    } else {
        closed_overlap_scalar(a, b)
    }
}

/// [`aabb_overlap`], one axis at a time.
#[inline(always)]
fn closed_overlap_scalar<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
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

/// [`aabb_overlap`] for 2 and 3 axes, two axes at a time: the same
/// differences and the same sign test as [`closed_overlap_scalar`], on the
/// axis windows `[0, 1]` and `[D - 2, D - 1]` (they cover every axis; in 3D
/// the y axis is tested twice). On x86-64 each window is one 16-byte load
/// per corner and one SSE2 subtraction per pair of corners, so a 3D test
/// loads 8 times instead of 12; elsewhere the same arithmetic on scalars.
#[cfg(target_arch = "x86_64")]
mod pairwise {
    use crate::Fx;
    use crate::shape::Aabb;
    use std::arch::x86_64::{
        __m128i, _mm_castpd_si128, _mm_castsi128_pd, _mm_loadu_si128, _mm_movemask_pd,
        _mm_or_si128, _mm_setzero_si128, _mm_shuffle_pd, _mm_sub_epi64, _mm_unpackhi_epi64,
        _mm_unpacklo_epi64,
    };

    /// Coordinates `i` and `i + 1` of a corner.
    #[inline(always)]
    fn window<const D: usize>(corner: &[Fx; D], i: usize) -> __m128i {
        let w: &[Fx; 2] = corner[i..i + 2].try_into().expect("a window of two axes");
        // SAFETY: `w` borrows two consecutive `Fx`, each a `repr(transparent)`
        // `i64`: 16 readable bytes; the load has no alignment requirement.
        unsafe { _mm_loadu_si128(w.as_ptr().cast()) }
    }

    #[inline(always)]
    pub(super) fn closed_overlap<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
        if D == 3 {
            return closed_overlap_3d(a, b);
        }
        let ([amin, amax], [bmin, bmax]) = (a.corner_refs(), b.corner_refs());
        // SAFETY: SSE2 is part of the x86-64 baseline (every x86-64 CPU has
        // it); these intrinsics only compute on their vector arguments.
        unsafe {
            let mut acc = _mm_setzero_si128();
            for i in [0, D - 2] {
                // Lane-wise 64-bit differences, exact (within 2^53).
                let up = _mm_sub_epi64(window(bmax, i), window(amin, i));
                let down = _mm_sub_epi64(window(amax, i), window(bmin, i));
                acc = _mm_or_si128(acc, _mm_or_si128(up, down));
            }
            // The sign bits of both 64-bit lanes: none set, no axis
            // separates.
            _mm_movemask_pd(_mm_castsi128_pd(acc)) == 0
        }
    }

    /// The 3D box as three 16-byte words: `[min.x, min.y]`, `[min.z,
    /// max.x]`, `[max.y, max.z]` (`Aabb` is `repr(C)`, its corners
    /// `repr(transparent)` arrays of `i64`).
    #[inline(always)]
    fn words<const D: usize>(b: &Aabb<D>) -> [__m128i; 3] {
        debug_assert_eq!(D, 3);
        let p: *const __m128i = (b as *const Aabb<D>).cast();
        // SAFETY: a 3D box is 48 readable bytes (six `i64`, no padding):
        // words 0, 1 and 2 lie inside it; the loads have no alignment
        // requirement.
        unsafe { [0, 1, 2].map(|k| _mm_loadu_si128(p.cast::<u8>().add(16 * k).cast())) }
    }

    /// [`closed_overlap`] in 3D from six loads: the same six differences,
    /// paired by shuffles (`[b.max.x, b.max.y] - [a.min.x, a.min.y]`,
    /// `[a.max.x, a.max.y] - [b.min.x, b.min.y]`,
    /// `[b.max.z, a.max.z] - [a.min.z, b.min.z]`).
    #[inline(always)]
    fn closed_overlap_3d<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
        let ([a0, a1, a2], [b0, b1, b2]) = (words(a), words(b));
        // SAFETY: SSE2 is part of the x86-64 baseline; these intrinsics only
        // compute on their vector arguments.
        unsafe {
            let pick = |lo: __m128i, hi: __m128i| {
                // [lo[1], hi[0]]
                _mm_castpd_si128(_mm_shuffle_pd::<1>(
                    _mm_castsi128_pd(lo),
                    _mm_castsi128_pd(hi),
                ))
            };
            let up = _mm_sub_epi64(pick(b1, b2), a0);
            let down = _mm_sub_epi64(pick(a1, a2), b0);
            let z = _mm_sub_epi64(_mm_unpackhi_epi64(b2, a2), _mm_unpacklo_epi64(a1, b1));
            let acc = _mm_or_si128(_mm_or_si128(up, down), z);
            _mm_movemask_pd(_mm_castsi128_pd(acc)) == 0
        }
    }
}

/// [`aabb_overlap`] for 2 and 3 axes: see the x86-64 version; here the
/// scalar form.
#[cfg(not(target_arch = "x86_64"))]
mod pairwise {
    use crate::shape::Aabb;

    #[inline(always)]
    pub(super) fn closed_overlap<const D: usize>(a: &Aabb<D>, b: &Aabb<D>) -> bool {
        super::closed_overlap_scalar(a, b)
    }
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
            std::array::from_fn(|k| c(k, false)),
            std::array::from_fn(|k| c(k, true)),
        );
        let v = |f: fn(i64, i64) -> i64| {
            Vector(std::array::from_fn(|k| Fx::from_bits(f(lo[k], hi[k]))))
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
                assert_eq!(pairwise::closed_overlap(&a, &b), want, "{a:?} {b:?}");
                assert_eq!(
                    pairwise::closed_overlap(&b, &a),
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
