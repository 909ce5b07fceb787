//! The ray scans of an [`AabbSet`]: every box a prepared ray hits, and the
//! box it hits first. Per block of boxes a branch-free pass keeps the
//! boxes meeting the bounding box of the ray's segment; the exact slab test
//! (the kernel's span, times compared by cross-multiplication) runs on
//! those alone, and only the winner's hit divides.

use super::{AabbSet, BLOCK, Earliest};
use crate::kernel::raw_box::closed_apart;
use crate::kernel::span::{AxisTimes, closed_meets, entries_before_exits, fold};
use crate::kernel::time::Time;
use crate::query::ray::{PreparedRay, RayHit};
use alloc::vec::Vec;

/// The first box a ray hits in an [`AabbSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    // In range: k < D; start < end <= n = len(), the length of every column;
    // j < len = end - start <= BLOCK. (Checked forms of the block loops cost
    // 2.5% to 18% in the overlap scans.)
    #[allow(clippy::indexing_slicing)]
    pub fn ray_hits(&self, ray: &PreparedRay<D>, out: &mut Vec<u32>) {
        let scan = RayScan::new(self, ray);
        // The exact slab test of box i, max_t included.
        let hits = |i: usize| match &scan {
            Some(scan) => scan.hits_within_reach(i),
            None => {
                let Some(b) = self.raw(i) else { return false };
                let (meets, t) = ray.meet_time(&b);
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
                    if let Some(b) = self.raw(i as usize) {
                        let (meets, t) = ray.meet_time(&b);
                        best.offer(i as usize, t, || meets);
                    }
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
        let mask: [i64; D] = ray.neg.map(|neg| -i64::from(neg));
        let mut scan = Self {
            near: [&[]; D],
            far: [&[]; D],
            mask,
            omask: ray.origin,
            den: ray.mag,
        };
        let faces = scan.near.iter_mut().zip(&mut scan.far);
        let columns = set.min.iter().zip(&set.max);
        for (((near, far), (smin, smax)), (o, (&neg, m))) in faces
            .zip(columns)
            .zip(scan.omask.iter_mut().zip(ray.neg.iter().zip(mask)))
        {
            (*near, *far) = if neg { (smax, smin) } else { (smin, smax) };
            *o ^= m;
        }
        Some(scan)
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
    // In range: k < D; i comes from scan_blocks or the block loop of
    // ray_hits, i < len(), the length of every column.
    #[allow(clippy::indexing_slicing)]
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
        closed_meets(&self.axes(i), true)
    }

    /// Whether the ray hits box `i` (`i < len`, `max_t` included), for a
    /// box known to meet the bounding box of the segment
    /// ([`PreparedRay::reach`], exact for box corners): then on every axis
    /// the entry is at most `max_t` and the exit at least 0, and the hit
    /// is every entry before every other axis's exit
    /// ([`entries_before_exits`]).
    #[inline(always)]
    fn hits_within_reach(&self, i: usize) -> bool {
        entries_before_exits(&self.axes(i))
    }
}
