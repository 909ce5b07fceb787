//! Batch queries: one box, ray or swept box against a set of boxes, and all
//! overlapping pairs of two sets.
//!
//! An [`AabbSet`] keeps its boxes as a structure of arrays (per axis, the raw
//! bits of every minimum and every maximum), so the overlap scans run as
//! packed 64-bit subtractions and ORs: the coordinates are at most 2^52 in
//! magnitude, so `a <= b` is the sign bit of `b - a`, which SSE2 computes
//! two lanes at a time without 64-bit compares. The ray and sweep scans
//! compare exact entry times by cross-multiplication and divide once, for
//! the winner. Every answer equals the single-query function's on the same
//! box.
//!
//! This file holds the set and its overlap scans; the ray scans are in
//! `batch/ray.rs`, the sweep scan in `batch/sweep.rs`.

mod ray;
mod sweep;

pub use ray::BatchHit;
pub use sweep::BatchSweep;

use crate::error::{Error, Field};
use crate::kernel::raw_box::{RawBox, closed_apart};
use crate::kernel::time::{Den, Time};
use crate::shape::Aabb;
use alloc::vec::Vec;

/// Boxes per block of a scan: the per-block flags stay in registers or L1.
const BLOCK: usize = 64;

// `ray_hits` keeps a block's hits as the bits of a `u64`.
const _: () = assert!(BLOCK <= 64);

/// A set of boxes laid out for batch queries, indexed by `u32` in insertion
/// order.
///
/// # Examples
/// ```
/// use fixed_collide::{Aabb2, AabbSet, Vec2};
/// let boxes = [
///     Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap(),
///     Aabb2::try_new(Vec2::from_ints([5, 5]), Vec2::from_ints([6, 6])).unwrap(),
/// ];
/// let set = AabbSet::try_from_boxes(&boxes).unwrap();
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.get(1), Some(boxes[1]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AabbSet<const D: usize> {
    /// Per axis, the raw bits of every box's minimum.
    min: [Vec<i64>; D],
    /// Per axis, the raw bits of every box's maximum.
    max: [Vec<i64>; D],
}

impl<const D: usize> Default for AabbSet<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const D: usize> AabbSet<D> {
    /// An empty set.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::AabbSet;
    /// assert!(AabbSet::<3>::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self {
            min: core::array::from_fn(|_| Vec::new()),
            max: core::array::from_fn(|_| Vec::new()),
        }
    }

    /// A set of the given boxes; box `i` gets index `i`.
    ///
    /// # Errors
    /// [`Error::TooMany`] (field `boxes`) for more than `u32::MAX` boxes.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb3, AabbSet, Vec3};
    /// let b = Aabb3::try_new(Vec3::from_ints([0, 0, 0]), Vec3::from_ints([1, 1, 1])).unwrap();
    /// assert_eq!(AabbSet::try_from_boxes(&[b, b]).unwrap().len(), 2);
    /// ```
    pub fn try_from_boxes(boxes: &[Aabb<D>]) -> Result<Self, Error> {
        check_count(boxes.len())?;
        let mut set = Self {
            min: core::array::from_fn(|_| Vec::with_capacity(boxes.len())),
            max: core::array::from_fn(|_| Vec::with_capacity(boxes.len())),
        };
        for b in boxes {
            set.push_raw(b);
        }
        Ok(set)
    }

    /// Appends a box and returns its index.
    ///
    /// # Errors
    /// [`Error::TooMany`] (field `boxes`) when the set already holds
    /// `u32::MAX` boxes.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, AabbSet, Vec2};
    /// let mut set = AabbSet::new();
    /// let b = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
    /// assert_eq!(set.try_push(&b).unwrap(), 0);
    /// assert_eq!(set.try_push(&b).unwrap(), 1);
    /// ```
    pub fn try_push(&mut self, aabb: &Aabb<D>) -> Result<u32, Error> {
        let index = self.len();
        check_count(index + 1)?;
        self.push_raw(aabb);
        Ok(index as u32)
    }

    /// Appends the box's bounds to the per-axis columns.
    fn push_raw(&mut self, aabb: &Aabb<D>) {
        let columns = self.min.iter_mut().zip(&mut self.max);
        for ((lo, hi), (bmin, bmax)) in columns.zip(aabb.min().0.iter().zip(&aabb.max().0)) {
            lo.push(bmin.to_bits());
            hi.push(bmax.to_bits());
        }
    }

    /// The number of boxes.
    pub fn len(&self) -> usize {
        self.min.first().map_or(0, Vec::len)
    }

    /// Whether the set has no box.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Removes every box.
    pub fn clear(&mut self) {
        for v in self.min.iter_mut().chain(self.max.iter_mut()) {
            v.clear();
        }
    }

    /// The box with the given index, or `None` past the end.
    pub fn get(&self, index: u32) -> Option<Aabb<D>> {
        self.raw(index as usize).map(|b| b.to_aabb())
    }

    /// Box `i` (`i < len`) as raw bits.
    #[inline(always)]
    fn raw(&self, i: usize) -> Option<RawBox<D>> {
        let mut b = RawBox {
            min: [0; D],
            max: [0; D],
        };
        let columns = self.min.iter().zip(&self.max);
        for ((lo, hi), (cmin, cmax)) in b.min.iter_mut().zip(&mut b.max).zip(columns) {
            (*lo, *hi) = (*cmin.get(i)?, *cmax.get(i)?);
        }
        Some(b)
    }

    /// Appends to `out`, in ascending order, the index of every box that
    /// overlaps `query` as a closed set: exactly the boxes `b` with
    /// [`aabb_overlap`](crate::aabb_overlap)`(query, b)`. Touching faces,
    /// edges or corners count; an empty set appends nothing.
    ///
    /// The scan is branch-free and packed: per block of boxes, per axis, the
    /// signs of `query.max - min` and `max - query.min` are ORed; a box
    /// overlaps when no sign bit is set.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, AabbSet, Vec2};
    /// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
    /// let set = AabbSet::try_from_boxes(&[b(0, 0, 1, 1), b(2, 0, 3, 1), b(1, 1, 2, 2)]).unwrap();
    /// let mut out = Vec::new();
    /// set.overlapping(&b(1, 0, 2, 1), &mut out);
    /// assert_eq!(out, [0, 1, 2]); // all three touch the query
    /// out.clear();
    /// set.overlapping(&b(4, 4, 5, 5), &mut out);
    /// assert!(out.is_empty());
    /// ```
    pub fn overlapping(&self, query: &Aabb<D>, out: &mut Vec<u32>) {
        // A copy: the scan writes flags, which the compiler cannot tell
        // apart from the query's memory; a local stays in registers.
        let q = *query.raw();
        self.scan(&q, out);
    }

    /// Sets `flags[j]` to the closed overlap sign of box `start + j`
    /// against `q`: negative when separated on some axis. `q`'s
    /// coordinates within 2^62 + 2^52 (a box of the domain, or the
    /// bounding box of a ray's segment or of a sweep).
    // In range: k < D; the callers pass start + flags.len() <= len(), the
    // length of every column; j < flags.len(). (Axis-outer zipped loops
    // cost 18% on set_overlapping.)
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    fn separated(&self, q: &RawBox<D>, start: usize, flags: &mut [i64]) {
        let end = start + flags.len();
        let lo: [&[i64]; D] = core::array::from_fn(|k| &self.min[k][start..end]);
        let hi: [&[i64]; D] = core::array::from_fn(|k| &self.max[k][start..end]);
        for (j, f) in flags.iter_mut().enumerate() {
            let mut sep = 0;
            for k in 0..D {
                // Differences of an in-domain coordinate and one within
                // 2^62 + 2^52: below 2^63.
                sep |= closed_apart(lo[k][j], hi[k][j], q.min[k], q.max[k]);
            }
            *f = sep;
        }
    }

    #[inline(never)]
    fn scan(&self, q: &RawBox<D>, out: &mut Vec<u32>) {
        self.scan_blocks(q, |found| out.extend_from_slice(found));
    }

    /// Passes the indices of the boxes overlapping `q` (closed, see
    /// [`separated`](Self::separated)) to `visit`, a block of boxes at a
    /// time, ascending; the indices are gathered without a branch per box.
    #[inline(always)]
    fn scan_blocks(&self, q: &RawBox<D>, mut visit: impl FnMut(&[u32])) {
        let n = self.len();
        let (mut flags, mut found) = ([0i64; BLOCK], [0u32; BLOCK]);
        let mut start = 0;
        while start < n {
            let len = BLOCK.min(n - start);
            // In range: len <= BLOCK; m % BLOCK < BLOCK; m <= len (one
            // increment per flag). The checked forms cost 2.5% on first_hit.
            #[allow(clippy::indexing_slicing)]
            {
                self.separated(q, start, &mut flags[..len]);
                let mut m = 0;
                for (j, &f) in flags[..len].iter().enumerate() {
                    // m <= j < BLOCK; the index fits (len <= u32::MAX).
                    found[m % BLOCK] = (start + j) as u32;
                    m += usize::from(f >= 0);
                }
                visit(&found[..m]);
            }
            start += len;
        }
    }
}

/// The smallest time (finite and `>= 0`, or [`Time::NEVER`]) offered so
/// far among the boxes that `confirm`, the lowest index on a tie (boxes
/// are offered in ascending order). `confirm` runs only for a box whose
/// time beats the best so far: rare once a near box is found, so the
/// branch predicts well and most boxes cost only their time.
struct Earliest<T> {
    best: Time<T>,
    index: usize,
}

impl<T: Den> Earliest<T> {
    /// Nothing yet: [`Time::NEVER`], which loses to any time.
    fn new() -> Self {
        Self {
            best: Time::NEVER,
            index: 0,
        }
    }

    /// Box `i` with time `t`, kept if strictly earlier (so the lowest index
    /// keeps a tie) and confirmed.
    #[inline(always)]
    fn offer(&mut self, i: usize, t: Time<T>, confirm: impl FnOnce() -> bool) {
        // Numerators below 2^54, denominators below 2^64: products below
        // 2^118.
        // Offered times are finite: the cross products order them.
        if t.precedes(&self.best, true) && confirm() {
            (self.best, self.index) = (t, i);
        }
    }

    /// The box kept, if any.
    fn index(&self) -> Option<usize> {
        self.best.is_finite().then_some(self.index)
    }
}

/// Appends to `out` every pair `(i, j)` such that box `i` of `a` and box `j`
/// of `b` overlap as closed sets (touching counts), in ascending order of
/// `(i, j)`: exactly the pairs with
/// [`aabb_overlap`](crate::aabb_overlap)`(a[i], b[j])`. All `a.len() *
/// b.len()` pairs are tested, each block packed as in
/// [`AabbSet::overlapping`]; an empty set gives no pair. (For many moving
/// boxes, a broadphase avoids testing every pair.)
///
/// # Examples
/// ```
/// use fixed_collide::{overlap_pairs, Aabb2, AabbSet, Vec2};
/// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
/// let a = AabbSet::try_from_boxes(&[b(0, 0, 2, 2), b(10, 10, 11, 11)]).unwrap();
/// let c = AabbSet::try_from_boxes(&[b(2, 2, 3, 3), b(1, 1, 4, 4), b(20, 0, 21, 1)]).unwrap();
/// let mut out = Vec::new();
/// overlap_pairs(&a, &c, &mut out);
/// assert_eq!(out, [(0, 0), (0, 1)]);
/// ```
pub fn overlap_pairs<const D: usize>(a: &AabbSet<D>, b: &AabbSet<D>, out: &mut Vec<(u32, u32)>) {
    let mut found = Vec::new();
    for (i, q) in (0..a.len()).map_while(|i| Some((i, a.raw(i)?))) {
        found.clear();
        b.scan(&q, &mut found);
        out.extend(found.iter().map(|&j| (i as u32, j)));
    }
}

/// A set may hold at most `u32::MAX` boxes (indices are `u32`).
fn check_count(n: usize) -> Result<(), Error> {
    if n > u32::MAX as usize {
        return Err(Error::TooMany {
            field: Field::new("boxes"),
            count: n as u64,
            max: u64::from(u32::MAX),
        });
    }
    Ok(())
}
