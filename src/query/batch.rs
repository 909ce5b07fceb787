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

use crate::error::{Error, Field};
use crate::kernel::raw_box::{RawBox, closed_apart};
use crate::kernel::span::{AxisTimes, Span, fold};
use crate::kernel::time::{Den, Time};
use crate::query::ray::{PreparedRay, RayHit, ray_meets};
use crate::query::sweep::{Sweep, aabb_sweep, clamp_step, sweep_hits};
use crate::shape::Aabb;
use crate::vec::Vector;
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
        let mut set = Self::new();
        for k in 0..D {
            set.min[k] = boxes.iter().map(|b| b.min().0[k].to_bits()).collect();
            set.max[k] = boxes.iter().map(|b| b.max().0[k].to_bits()).collect();
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
        for k in 0..D {
            self.min[k].push(aabb.min().0[k].to_bits());
            self.max[k].push(aabb.max().0[k].to_bits());
        }
        Ok(index as u32)
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
        let i = index as usize;
        (i < self.len()).then(|| self.raw(i).to_aabb())
    }

    /// Box `i` (`i < len`) as raw bits.
    #[inline(always)]
    fn raw(&self, i: usize) -> RawBox<D> {
        RawBox {
            min: core::array::from_fn(|k| self.min[k][i]),
            max: core::array::from_fn(|k| self.max[k][i]),
        }
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

    /// Appends the indices of the boxes overlapping `q` (closed),
    /// ascending, without a branch per box. Out of line: a scan is long,
    /// and inlined into its caller it spills the query box's coordinates
    /// (measured slower).
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
            self.separated(q, start, &mut flags[..len]);
            let mut m = 0;
            for (j, &f) in flags[..len].iter().enumerate() {
                // m <= j < BLOCK; the index fits (len <= u32::MAX).
                found[m % BLOCK] = (start + j) as u32;
                m += usize::from(f >= 0);
            }
            visit(&found[..m]);
            start += len;
        }
    }
}

/// The first box a ray hits in an [`AabbSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchHit<const D: usize> {
    /// The box's index in the set.
    pub index: u32,
    /// The hit, exactly [`ray_aabb`](crate::ray_aabb) on that box.
    pub hit: RayHit<D>,
}

impl<const D: usize> AabbSet<D> {
    /// Appends to `out`, in ascending order, the index of every box the ray
    /// hits: exactly the boxes `b` with `ray.cast(b)` not `None` (origin
    /// inside or on the surface, grazing contact, a hit at `max_t`, a zero
    /// direction component with the origin on the slab's face all count).
    /// No division; an empty set appends nothing.
    ///
    /// Two passes per block of boxes. First, branch-free like
    /// [`overlapping`](Self::overlapping): a box containing the origin is a
    /// hit, and of the others, those overlapping the bounding box of the
    /// segment the ray sweeps up to `max_t` (its far end rounded outward, so
    /// no box the ray hits is dropped) are gathered. Then the exact slab test
    /// on those alone.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, AabbSet, Fx, PreparedRay, Ray2, Vec2};
    /// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
    /// let set = AabbSet::try_from_boxes(&[b(2, 0, 3, 1), b(2, 2, 3, 3), b(5, -1, 6, 0)]).unwrap();
    /// let r = Ray2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0]), Fx::from_num(5)).unwrap();
    /// let mut out = Vec::new();
    /// set.ray_hits(&PreparedRay::new(&r), &mut out);
    /// assert_eq!(out, [0, 2]); // grazing y = 0; box 2 reached at t = max_t
    /// ```
    pub fn ray_hits(&self, ray: &PreparedRay<D>, out: &mut Vec<u32>) {
        let scan = RayScan::new(self, ray);
        // The exact slab test of box i, max_t included.
        let hits = |i: usize| match &scan {
            Some(scan) => scan.hits_within_reach(i),
            None => {
                let (meets, t) = ray.meet_time(&self.raw(i));
                meets & ray.within_max_t(t)
            }
        };
        let (reach, o) = (&ray.reach, &ray.origin);
        let n = self.len();
        let (mut far, mut away) = ([0i64; BLOCK], [0i64; BLOCK]);
        let mut start = 0;
        while start < n {
            let end = n.min(start + BLOCK);
            let bmin: [&[i64]; D] = core::array::from_fn(|k| &self.min[k][start..end]);
            let bmax: [&[i64]; D] = core::array::from_fn(|k| &self.max[k][start..end]);
            // Sign words per box, in a loop the compiler can vectorize:
            // negative when it misses the segment's bounding box, when it
            // does not contain the origin.
            let len = end - start;
            for j in 0..len {
                let (mut apart, mut outside) = (0, 0);
                for k in 0..D {
                    // Differences of in-domain coordinates and of the
                    // bounding box (within 2^62 + 2^52): below 2^63.
                    let (lo, hi) = (bmin[k][j], bmax[k][j]);
                    apart |= closed_apart(lo, hi, reach.min[k], reach.max[k]);
                    outside |= closed_apart(lo, hi, o[k], o[k]);
                }
                (far[j], away[j]) = (apart, outside);
            }
            // Bit j of `found`: box start + j is hit. Those containing the
            // origin are (t = 0); of the others, those meeting the segment's
            // bounding box (bit j of `maybe`) get the slab test. The bits
            // are shifted in from the top, without a branch per box.
            let (mut found, mut maybe) = (0u64, 0u64);
            for j in (0..len).rev() {
                let inside = !away[j] as u64 >> 63;
                found = (found << 1) | inside;
                maybe = (maybe << 1) | (!far[j] as u64 >> 63 & (inside ^ 1));
            }
            while maybe != 0 {
                let j = maybe.trailing_zeros();
                found |= u64::from(hits(start + j as usize)) << j;
                maybe &= maybe - 1;
            }
            // The set bits, ascending.
            while found != 0 {
                out.push((start as u32) + found.trailing_zeros());
                found &= found - 1;
            }
            start = end;
        }
    }

    /// The box the ray hits first, with [`ray_aabb`](crate::ray_aabb)'s
    /// answer for it, or `None` when it hits none (or the set is empty).
    ///
    /// "First" is the smallest **exact** entry time (0 for a box containing
    /// the origin); on a tie, the lowest index. So `hit.t` is the smallest
    /// `t` of all hits, and among boxes whose exact times differ by less
    /// than an ulp the truly first one wins, not the lowest index. Entry
    /// times are compared by cross-multiplication; the only division is the
    /// winner's.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, AabbSet, Fx, PreparedRay, Ray2, Vec2};
    /// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
    /// let set = AabbSet::try_from_boxes(&[b(6, -1, 7, 1), b(3, -1, 4, 1), b(3, 0, 5, 2)]).unwrap();
    /// let r = Ray2::try_unbounded(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 0])).unwrap();
    /// let first = set.first_hit(&PreparedRay::new(&r)).unwrap();
    /// assert_eq!((first.index, first.hit.t), (1, Fx::from_num(3))); // tie with box 2: lower index
    /// assert!(AabbSet::new().first_hit(&PreparedRay::new(&r)).is_none());
    /// ```
    pub fn first_hit(&self, ray: &PreparedRay<D>) -> Option<BatchHit<D>> {
        // Among the boxes meeting the bounding box of the segment (every box
        // hit within max_t is one), the one the ray meets earliest, max_t
        // aside: when even it is beyond max_t, so is every box hit, and the
        // cast below says None.
        let reach = &ray.reach;
        let mut best = Earliest::new();
        match RayScan::new(self, ray) {
            Some(scan) => self.scan_blocks(reach, |found| {
                for &i in found {
                    let i = i as usize;
                    best.offer(i, scan.key(i), || scan.meets(i));
                }
            }),
            None => self.scan_blocks(reach, |found| {
                for &i in found {
                    let (meets, t) = ray.meet_time(&self.raw(i as usize));
                    best.offer(i as usize, t, || meets);
                }
            }),
        }
        let index = best.index()?;
        Some(BatchHit {
            index: index as u32,
            hit: ray.cast(&self.get(index as u32)?)?,
        })
    }
}

/// One prepared ray's constants for scanning a set, when no direction
/// component is zero: per axis the near and far face arrays and the sign
/// mask turning `face - origin` into a time numerator without a select.
struct RayScan<'a, const D: usize> {
    near: [&'a [i64]; D],
    far: [&'a [i64]; D],
    /// 0 for a positive direction component, -1 (all ones) for a negative.
    mask: [i64; D],
    /// The origin's raw bits xor the mask.
    omask: [i64; D],
    den: [i64; D],
}

impl<'a, const D: usize> RayScan<'a, D> {
    /// `None` when the direction has a zero component (the general path
    /// handles those axes).
    fn new(set: &'a AabbSet<D>, ray: &PreparedRay<D>) -> Option<Self> {
        if ray.mag.contains(&0) {
            return None;
        }
        let n = set.len();
        let mask: [i64; D] = ray.neg.map(|neg| -i64::from(neg));
        let pick = |k: usize, near: bool| {
            if ray.neg[k] == near {
                &set.max[k][..n]
            } else {
                &set.min[k][..n]
            }
        };
        Some(Self {
            near: core::array::from_fn(|k| pick(k, true)),
            far: core::array::from_fn(|k| pick(k, false)),
            mask,
            omask: core::array::from_fn(|k| ray.origin[k] ^ mask[k]),
            den: ray.mag,
        })
    }

    /// The time key of box `i` for [`Earliest`]: the entry time (0
    /// inside), or [`Time::NEVER`] when an exit is behind the origin (a
    /// test without multiplication).
    #[inline(always)]
    fn key(&self, i: usize) -> Time<i64> {
        let axes = self.axes(i);
        let behind = axes.iter().fold(0, |acc, a| acc | a.ex);
        let s = fold(&axes);
        if behind >= 0 {
            Time::new(s.enter.num.max(0), s.enter.den)
        } else {
            Time::NEVER
        }
    }

    /// The per-axis times against box `i` (`i < len`).
    #[inline(always)]
    fn axes(&self, i: usize) -> [AxisTimes<i64>; D] {
        // (face ^ m) - (o ^ m) is face - o for m = 0 and o - face for
        // m = -1: the entry and exit numerators, within 2^53.
        core::array::from_fn(|k| AxisTimes {
            en: (self.near[k][i] ^ self.mask[k]) - self.omask[k],
            ex: (self.far[k][i] ^ self.mask[k]) - self.omask[k],
            den: self.den[k],
        })
    }

    /// Whether the ray meets box `i` (`i < len`), as
    /// [`PreparedRay::meet_time`].
    #[inline(always)]
    fn meets(&self, i: usize) -> bool {
        ray_meets(&fold(&self.axes(i)), true)
    }

    /// Whether the ray hits box `i` (`i < len`, `max_t` included), for a
    /// box known to meet the bounding box of the segment
    /// ([`PreparedRay::reach`], exact for box corners): then on every axis
    /// the entry is at most `max_t` and the exit at least 0, and the hit
    /// is every entry before every other axis's exit, `en_i / d_i <=
    /// ex_j / d_j`, `D (D - 1)` cross-multiplied comparisons with no
    /// select (numerators within 2^54, magnitudes within 2^52).
    #[inline(always)]
    fn hits_within_reach(&self, i: usize) -> bool {
        let axes = self.axes(i);
        let mut late = 0;
        for (p, a) in axes.iter().enumerate() {
            for (q, b) in axes.iter().enumerate() {
                if p != q {
                    // Negative when a's entry is after b's exit; its high
                    // word has the sign (products below 2^106).
                    let gap =
                        i128::from(b.ex) * i128::from(a.den) - i128::from(a.en) * i128::from(b.den);
                    late |= (gap >> 64) as i64;
                }
            }
        }
        late >= 0
    }
}

/// The first box a swept box hits in an [`AabbSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BatchSweep<const D: usize> {
    /// The box's index in the set.
    pub index: u32,
    /// The sweep, exactly [`aabb_sweep`] with that box stationary.
    pub sweep: Sweep<D>,
}

impl<const D: usize> AabbSet<D> {
    /// The box that `moving`, displaced by `d` over the step, hits first,
    /// with [`aabb_sweep`]`(box, moving, d)` for it, or `None` when it hits
    /// none (or the set is empty).
    ///
    /// "First" is the smallest exact time of first contact before
    /// penetration (0 for a box already penetrated at the start, the
    /// `overlapping` case); on a tie, the lowest index. As in
    /// [`aabb_sweep`], a box merely touched, or slid along, is not hit.
    /// Compared by cross-multiplication; the winner's times are the only
    /// divisions.
    ///
    /// # Examples
    /// ```
    /// use fixed_collide::{Aabb2, AabbSet, Fx, Vec2};
    /// let b = |x0, y0, x1, y1| Aabb2::try_new(Vec2::from_ints([x0, y0]), Vec2::from_ints([x1, y1])).unwrap();
    /// // A wall at x = 4, a box on the path's edge (slid along: no hit), a wall at x = 2.
    /// let set = AabbSet::try_from_boxes(&[b(4, 0, 5, 1), b(0, 1, 9, 2), b(2, -3, 3, 3)]).unwrap();
    /// let player = b(0, 0, 1, 1);
    /// let s = set.first_sweep_hit(&player, Vec2::from_ints([4, 0])).unwrap();
    /// assert_eq!((s.index, s.sweep.t_enter), (2, Fx::from_num(0.25)));
    /// assert!(set.first_sweep_hit(&player, Vec2::from_ints([0, -2])).is_none());
    /// ```
    pub fn first_sweep_hit(&self, moving: &Aabb<D>, d: Vector<D>) -> Option<BatchSweep<D>> {
        let dv = d.to_bits();
        let neg = dv.map(|v| v < 0);
        let step = dv.map(clamp_step);
        let index = if dv.contains(&i64::MIN) {
            self.first_sweep(moving, step, &neg, &dv.map(i64::unsigned_abs))
        } else {
            self.first_sweep(moving, step, &neg, &dv.map(i64::abs))
        }?;
        Some(BatchSweep {
            index: index as u32,
            sweep: aabb_sweep(&self.get(index as u32)?, moving, d)?,
        })
    }

    /// The index of the first box hit by `moving` with displacement signs
    /// `neg` and magnitudes `mag`.
    #[inline(always)]
    fn first_sweep<T: Den>(
        &self,
        moving: &Aabb<D>,
        step: [i64; D],
        neg: &[bool; D],
        mag: &[T; D],
    ) -> Option<usize> {
        let m = moving.raw();
        let scan = SweepScan::new(self, m, neg, mag);
        // Only the boxes meeting the bounding box of the sweep can be hit
        // (steps within 2^62, so its corners are within 2^62 + 2^52).
        let swept = RawBox {
            min: core::array::from_fn(|k| m.min[k] + step[k].min(0)),
            max: core::array::from_fn(|k| m.max[k] + step[k].max(0)),
        };
        let mut best = Earliest::new();
        self.scan_blocks(&swept, |found| {
            for &i in found {
                let i = i as usize;
                // Time of first contact, 0 when already penetrating
                // (entry before 0, or no finite entry).
                let (s, _) = scan.span(i);
                let key = if s.enter.num < 0 { Time::ZERO } else { s.enter };
                best.offer(i, key, || {
                    let (s, ok) = scan.span(i);
                    sweep_hits(&s, ok)
                });
            }
        });
        best.index()
    }
}

/// One swept box's constants for scanning a set: per axis the arrays of
/// the set's faces giving the entry and exit numerators, and the sign mask
/// turning `face - moving face` into them without a select. The same
/// per-axis times as the single sweep's, for each box.
struct SweepScan<'a, T, const D: usize> {
    near: [&'a [i64]; D],
    far: [&'a [i64]; D],
    /// 0 for a non-negative displacement component, -1 for a negative one.
    mask: [i64; D],
    /// The moving face met on entry (exit), xor the mask.
    en_face: [i64; D],
    ex_face: [i64; D],
    /// -1 for a zero displacement component, else 0.
    zero: [i64; D],
    den: [T; D],
}

impl<'a, T: Den, const D: usize> SweepScan<'a, T, D> {
    fn new(set: &'a AabbSet<D>, moving: &RawBox<D>, neg: &[bool; D], mag: &[T; D]) -> Self {
        let n = set.len();
        let (mmin, mmax) = (moving.min, moving.max);
        let mask: [i64; D] = neg.map(|v| -i64::from(v));
        // Moving toward +: entry smin - mmax, exit smax - mmin; toward -:
        // entry -(smax - mmin), exit -(smin - mmax).
        let side = |k: usize, lower: bool| {
            if neg[k] == lower {
                &set.max[k][..n]
            } else {
                &set.min[k][..n]
            }
        };
        Self {
            near: core::array::from_fn(|k| side(k, true)),
            far: core::array::from_fn(|k| side(k, false)),
            mask,
            en_face: core::array::from_fn(|k| if neg[k] { mmin[k] } else { mmax[k] } ^ mask[k]),
            ex_face: core::array::from_fn(|k| if neg[k] { mmax[k] } else { mmin[k] } ^ mask[k]),
            zero: mag.map(|m| -i64::from(m == T::ZERO)),
            den: *mag,
        }
    }

    /// The sweep's span against box `i` (`i < len`), and whether its
    /// zero-displacement axes allow an overlap.
    #[inline(always)]
    fn span(&self, i: usize) -> (Span<T>, bool) {
        let mut fail = 0;
        let axes: [AxisTimes<T>; D] = core::array::from_fn(|k| {
            // (f ^ m) - (g ^ m) is f - g for m = 0 and g - f for m = -1;
            // differences of in-domain coordinates, within 2^53.
            let en = (self.near[k][i] ^ self.mask[k]) - self.en_face[k];
            let ex = (self.far[k][i] ^ self.mask[k]) - self.ex_face[k];
            // A zero component (mask 0, en = lo, ex = hi) must have
            // lo < 0 < hi.
            fail |= ((-1 - en) | (ex - 1)) & self.zero[k];
            AxisTimes {
                en,
                ex,
                den: self.den[k],
            }
        });
        (fold(&axes), fail >= 0)
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
    for i in 0..a.len() {
        let q = a.raw(i);
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
