//! The sweep scan of an [`AabbSet`]: the box a moving box hits first.
//! Per block of boxes a branch-free pass keeps the boxes meeting the
//! bounding box of the sweep; the exact open-overlap slab test runs on
//! those alone, and only the winner's times divide.

use super::{AabbSet, Earliest};
use crate::kernel::raw_box::RawBox;
use crate::kernel::span::{AxisTimes, Span, fold};
use crate::kernel::time::{Den, Time};
use crate::query::sweep::{Sweep, aabb_sweep, clamp_step, sweep_hits};
use crate::shape::Aabb;
use crate::vec::Vector;

/// The first box a swept box hits in an [`AabbSet`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        let mut swept = *m;
        for ((lo, hi), s) in swept.min.iter_mut().zip(&mut swept.max).zip(step) {
            (*lo, *hi) = (*lo + s.min(0), *hi + s.max(0));
        }
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

/// One swept box's constants for scanning a set, per axis (see
/// [`AxisScan`]). The same per-axis times as the single sweep's, for each
/// box.
struct SweepScan<'a, T, const D: usize> {
    axes: [AxisScan<'a, T>; D],
}

/// One axis of a [`SweepScan`]: the set's faces giving the entry and exit
/// numerators, and the sign mask turning `face - moving face` into them
/// without a select.
#[derive(Clone, Copy)]
struct AxisScan<'a, T> {
    near: &'a [i64],
    far: &'a [i64],
    /// 0 for a non-negative displacement component, -1 for a negative one.
    mask: i64,
    /// The moving face met on entry (exit), xor the mask.
    en_face: i64,
    ex_face: i64,
    /// -1 for a zero displacement component, else 0.
    zero: i64,
    den: T,
}

impl<'a, T: Den, const D: usize> SweepScan<'a, T, D> {
    fn new(set: &'a AabbSet<D>, moving: &RawBox<D>, neg: &[bool; D], mag: &[T; D]) -> Self {
        let mut axes = [AxisScan {
            near: &[],
            far: &[],
            mask: 0,
            en_face: 0,
            ex_face: 0,
            zero: 0,
            den: T::ZERO,
        }; D];
        let columns = set.min.iter().zip(&set.max);
        let faces = moving.min.iter().zip(&moving.max);
        let signs = neg.iter().zip(mag);
        for (a, (((smin, smax), (&mmin, &mmax)), (&neg, &mag))) in
            axes.iter_mut().zip(columns.zip(faces).zip(signs))
        {
            let mask = -i64::from(neg);
            // Moving toward +: entry smin - mmax, exit smax - mmin; toward
            // -: entry -(smax - mmin), exit -(smin - mmax).
            let ((near, far), (en, ex)) = if neg {
                ((smax, smin), (mmin, mmax))
            } else {
                ((smin, smax), (mmax, mmin))
            };
            *a = AxisScan {
                near,
                far,
                mask,
                en_face: en ^ mask,
                ex_face: ex ^ mask,
                zero: -i64::from(mag == T::ZERO),
                den: mag,
            };
        }
        Self { axes }
    }

    /// The sweep's span against box `i` (`i < len`), and whether its
    /// zero-displacement axes allow an overlap.
    // In range: k < D; i comes from scan_blocks, i < len(), the length of
    // every column. (Checked `get` forms cost 0.7% to 3% on first_sweep_hit.)
    #[allow(clippy::indexing_slicing)]
    #[inline(always)]
    fn span(&self, i: usize) -> (Span<T>, bool) {
        let mut fail = 0;
        let axes: [AxisTimes<T>; D] = core::array::from_fn(|k| {
            let a = &self.axes[k];
            // (f ^ m) - (g ^ m) is f - g for m = 0 and g - f for m = -1;
            // differences of in-domain coordinates, within 2^53.
            let en = (a.near[i] ^ a.mask) - a.en_face;
            let ex = (a.far[i] ^ a.mask) - a.ex_face;
            // A zero component (mask 0, en = lo, ex = hi) must have
            // lo < 0 < hi.
            fail |= ((-1 - en) | (ex - 1)) & a.zero;
            AxisTimes { en, ex, den: a.den }
        });
        (fold(&axes), fail >= 0)
    }
}
