//! A box as the raw bits of its corners, the form every query, batch scan
//! and the broadphase computes on, and the two overlap predicates, written
//! once: **closed** (touching counts, per axis `a.min <= b.max && b.min <=
//! a.max`) and **open** (per axis strict `<`).
//!
//! Both are sign tests of differences: while a difference fits an `i64`
//! (coordinates below 2^62 in magnitude; every in-domain coordinate is
//! within 2^52) `a <= b` is the sign bit of `b - a`, and the axes combine
//! by OR (closed: any negative difference separates) or AND (open: every
//! difference negative), one test and no branch.
//!
//! One predicate, several layouts: [`RawBox::overlaps`] (the platform's,
//! two axes per SSE2 subtraction on x86-64) for two boxes that both change,
//! [`RawBox::closed_sign`] (scalar sign word) and [`RawBox::overlaps_cmp`]
//! (comparisons) for one box tested against many, and [`closed_apart`] per
//! axis for the column scans of the batch queries.

use crate::shape::Aabb;
use crate::vec::Vector;

/// A box `[min, max]` as the raw bits of its corners (units of 2^-32).
/// Built from a valid [`Aabb`] (or from raw corners within the domain,
/// `min <= max`); `repr(C)`, `D` minima then `D` maxima, so the x86-64
/// overlap test reads it as 16-byte words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct RawBox<const D: usize> {
    pub(crate) min: [i64; D],
    pub(crate) max: [i64; D],
}

impl<const D: usize> Aabb<D> {
    /// The box as raw bits, in place ([`crate::arch::raw_view`]): equal to
    /// `RawBox { min: self.min().to_bits(), max: self.max().to_bits() }`.
    #[inline(always)]
    pub(crate) fn raw(&self) -> &RawBox<D> {
        crate::arch::raw_view(self)
    }
}

impl<const D: usize> RawBox<D> {
    /// Each axis's `(min, max)`, x first.
    #[inline(always)]
    pub(crate) fn axes(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        self.min.iter().copied().zip(self.max.iter().copied())
    }

    /// The `(min, max)` of the first axis (x); `(0, 0)` for a box of no
    /// axes, which no dimension has.
    #[inline(always)]
    pub(crate) fn x(&self) -> (i64, i64) {
        match (self.min.first(), self.max.first()) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            _ => (0, 0),
        }
    }

    /// The box as an [`Aabb`]; the corners must be those of a valid box
    /// (within the domain, `min <= max`).
    #[inline]
    pub(crate) fn to_aabb(self) -> Aabb<D> {
        Aabb::from_valid_corners(Vector::from_bits(self.min), Vector::from_bits(self.max))
    }

    /// Whether the boxes overlap as **closed** sets: touching faces, edges
    /// or corners count. Exact for coordinates below 2^62 in magnitude. In
    /// 2D and 3D the platform's form ([`crate::arch::closed_overlap`]: two
    /// axes per SSE2 subtraction on x86-64), else
    /// [`closed_sign`](Self::closed_sign); the same answer.
    #[inline(always)]
    pub(crate) fn overlaps(&self, other: &Self) -> bool {
        if D == 2 || D == 3 {
            crate::arch::closed_overlap(self, other)
        } else {
            self.closed_sign(other) >= 0
        }
    }

    /// The closed overlap as a sign word, one axis at a time: negative when
    /// the boxes are apart on some axis (the OR of [`closed_apart`] over
    /// the axes). Exact while the differences fit an `i64`.
    #[inline(always)]
    pub(crate) fn closed_sign(&self, other: &Self) -> i64 {
        let mut acc = 0;
        for ((amin, amax), (bmin, bmax)) in self.axes().zip(other.axes()) {
            acc |= closed_apart(amin, amax, bmin, bmax);
        }
        acc
    }

    /// The closed overlap as comparisons, one axis at a time (no
    /// subtraction, so exact for any coordinates): the form for one box
    /// against many in a loop that calls out on a hit.
    #[inline(always)]
    pub(crate) fn overlaps_cmp(&self, other: &Self) -> bool {
        let mut hit = true;
        for ((amin, amax), (bmin, bmax)) in self.axes().zip(other.axes()) {
            hit &= (amin <= bmax) & (bmin <= amax);
        }
        hit
    }

    /// Whether the boxes overlap as **open** sets (penetrate): touching
    /// does not count; a zero-size box strictly inside another does; two
    /// boxes both of zero size on one axis never do. Exact for coordinates
    /// below 2^62 in magnitude.
    #[inline(always)]
    pub(crate) fn overlaps_open(&self, other: &Self) -> bool {
        let mut acc = -1;
        for ((amin, amax), (bmin, bmax)) in self.axes().zip(other.axes()) {
            acc &= open_within(amin, amax, bmin, bmax);
        }
        acc < 0
    }
}

/// Closed overlap on one axis as a sign: negative exactly when `[amin,
/// amax]` and `[bmin, bmax]` are disjoint, `(bmax - amin) | (amax - bmin)`.
/// Exact while both differences fit an `i64`: for coordinates below 2^62
/// in magnitude, or one interval in the domain (2^52) and the other within
/// 2^62 + 2^52 (the bounding box of a ray's segment or of a sweep). The
/// one form of every closed test, box by box or column by column.
#[inline(always)]
pub(crate) fn closed_apart(amin: i64, amax: i64, bmin: i64, bmax: i64) -> i64 {
    (bmax - amin) | (amax - bmin)
}

/// Open overlap on one axis as a sign: negative exactly when `amin < bmax`
/// and `bmin < amax`, `(amin - bmax) & (bmin - amax)`. Exact for
/// coordinates below 2^62 in magnitude. Hidden from the optimizer
/// ([`crate::arch::opaque`], free: the value stays in its register), which
/// would otherwise pack the six subtractions of a 3D test into SSE lanes
/// with more shuffles than it saves.
#[inline(always)]
pub(crate) fn open_within(amin: i64, amax: i64, bmin: i64, bmax: i64) -> i64 {
    crate::arch::opaque((amin - bmax) & (bmin - amax))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::prelude::rust_2024::*;

    /// A box with corners drawn from `(-2^bits, 2^bits)` raw bits, often
    /// sharing a coordinate with `near` (touching faces).
    fn draw<const D: usize>(rng: &mut Rng, bits: u32, near: Option<&RawBox<D>>) -> RawBox<D> {
        let mut c = |k: usize, max: bool| {
            let snap = near.filter(|_| rng.below(3) == 0);
            match snap {
                Some(b) => (if max { b.min } else { b.max })[k],
                None => rng.range_i64(1 - (1 << bits), (1 << bits) - 1),
            }
        };
        let (lo, hi): ([i64; D], [i64; D]) = (
            core::array::from_fn(|k| c(k, false)),
            core::array::from_fn(|k| c(k, true)),
        );
        RawBox {
            min: core::array::from_fn(|k| lo[k].min(hi[k])),
            max: core::array::from_fn(|k| lo[k].max(hi[k])),
        }
    }

    /// The predicates written as comparisons.
    fn reference<const D: usize>(a: &RawBox<D>, b: &RawBox<D>) -> (bool, bool) {
        let closed = (0..D).all(|k| a.min[k] <= b.max[k] && b.min[k] <= a.max[k]);
        let open = (0..D).all(|k| a.min[k] < b.max[k] && b.min[k] < a.max[k]);
        (closed, open)
    }

    fn overlap_matches_comparisons<const D: usize>() {
        let mut rng = Rng::new(0x0E1A + D as u64);
        // Up to 2^62 (excluded): the bound the predicates are exact for.
        for bits in [2, 20, 52, 62] {
            for _ in 0..20_000 {
                let a = draw::<D>(&mut rng, bits, None);
                let b = draw::<D>(&mut rng, bits, Some(&a));
                let (closed, open) = reference(&a, &b);
                for (p, q) in [(&a, &b), (&b, &a)] {
                    assert_eq!(p.closed_sign(q) >= 0, closed, "scalar {p:?} {q:?}");
                    assert_eq!(p.overlaps(q), closed, "platform {p:?} {q:?}");
                    assert_eq!(p.overlaps_cmp(q), closed, "comparisons {p:?} {q:?}");
                    assert_eq!(p.overlaps_open(q), open, "open {p:?} {q:?}");
                }
            }
        }
    }

    #[test]
    fn overlap_predicates_match_comparisons_1d() {
        overlap_matches_comparisons::<1>();
    }

    #[test]
    fn overlap_predicates_match_comparisons_2d() {
        overlap_matches_comparisons::<2>();
    }

    #[test]
    fn overlap_predicates_match_comparisons_3d() {
        overlap_matches_comparisons::<3>();
    }

    #[test]
    fn touching_is_closed_but_not_open_overlap() {
        let a = RawBox {
            min: [0, 0],
            max: [4, 4],
        };
        // Sharing a face, a corner, and a zero-size box inside a face.
        for b in [
            RawBox {
                min: [4, 1],
                max: [6, 2],
            },
            RawBox {
                min: [4, 4],
                max: [5, 5],
            },
            RawBox {
                min: [0, 2],
                max: [0, 2],
            },
        ] {
            assert!(a.overlaps(&b) && b.overlaps(&a), "{b:?}");
            assert!(!a.overlaps_open(&b) && !b.overlaps_open(&a), "{b:?}");
        }
        // A point strictly inside penetrates; one just outside is apart.
        let point = |p| RawBox { min: p, max: p };
        assert!(a.overlaps_open(&point([1, 3])));
        assert!(!a.overlaps(&point([5, 3])));
    }

    #[test]
    fn raw_box_round_trips_through_aabb() {
        let a = Aabb::try_new(Vector::from_ints([-3, 1]), Vector::from_ints([2, 1])).unwrap();
        assert_eq!(a.raw().to_aabb(), a);
        let copy = RawBox {
            min: a.min().to_bits(),
            max: a.max().to_bits(),
        };
        assert_eq!(*a.raw(), copy);
        assert_eq!(copy.min, [-3 << 32, 1 << 32]);
    }
}
