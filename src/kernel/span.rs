//! The slab engine of the ray tests (against axis-aligned and oriented
//! boxes) and of the AABB sweeps: per axis, the times `t` at which `t * v`
//! lies between `lo` and `hi`, intersected over the axes without branches
//! and without division.
//!
//! Times are exact [`Time`]s `n / den` with `den = |v| >= 0`: numerators
//! are differences of coordinates (`|n| <= 2^62`), denominators velocity
//! magnitudes (below 2^64), so every cross product is below 2^126 and every
//! difference of two below 2^127. An axis with zero velocity has the times
//! `lo / 0` and `hi / 0`, which the fold below never picks over a finite
//! time when the axis can overlap at all (`lo <= 0 <= hi`); whether such
//! an axis can ever overlap is returned separately.

use crate::kernel::blend;
use crate::kernel::time::{Den, Time};

/// Whether the per-axis condition is strict (`lo < t v < hi`, open overlap)
/// or not (`lo <= t v <= hi`, closed overlap: touching counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounds {
    Open,
    Closed,
}

/// Entry `en / den` and exit `ex / den` of one axis.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AxisTimes<T> {
    pub(crate) en: i64,
    pub(crate) ex: i64,
    pub(crate) den: T,
}

impl<T: Den> AxisTimes<T> {
    /// The entry time.
    #[inline(always)]
    pub(crate) fn enter(&self) -> Time<T> {
        Time::new(self.en, self.den)
    }

    /// The exit time.
    #[inline(always)]
    pub(crate) fn exit(&self) -> Time<T> {
        Time::new(self.ex, self.den)
    }
}

/// The times of `{ t : lo (<|<=) t v (<|<=) hi }` for `v = -mag` when `neg`,
/// else `+mag`, and a word whose sign bit is set when the axis can never
/// overlap (a zero velocity outside the slab). Requires `lo <= hi` and
/// `|lo|, |hi| <= 2^62`.
///
/// A zero velocity keeps `lo / 0` and `hi / 0` as its times: when the axis
/// can overlap, `lo` is negative (or zero, closed) and `hi` positive (or
/// zero), so [`fold`] never picks them over a finite time; when it cannot,
/// the answer is a miss whatever they are (the returned word).
#[inline(always)]
fn axis_times<T: Den>(lo: i64, hi: i64, neg: bool, mag: T, bounds: Bounds) -> (AxisTimes<T>, i64) {
    // Moving toward +: enters at lo / v, exits at hi / v; toward -: enters
    // at -hi / |v|, exits at -lo / |v|.
    let (en, ex) = if neg { (-hi, -lo) } else { (lo, hi) };
    let zero = -i64::from(mag == T::ZERO);
    // In the slab at every time: closed lo <= 0 <= hi, open lo < 0 < hi; as
    // signs of (-lo | hi), resp. (-1 - lo | hi - 1).
    let inside = match bounds {
        Bounds::Open => (-1 - lo) | (hi - 1),
        Bounds::Closed => -lo | hi,
    };
    (AxisTimes { en, ex, den: mag }, inside & zero)
}

/// The latest entry over the axes (and the first axis that has it) and the
/// earliest exit; minus and plus infinity (`-1 / 0`, `1 / 0`) when every
/// velocity is zero.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span<T> {
    pub(crate) enter: Time<T>,
    pub(crate) axis: usize,
    pub(crate) exit: Time<T>,
}

impl<T: Den> Span<T> {
    /// The entry time is below 1 (`strict`) or at most 1.
    #[inline(always)]
    pub(crate) fn enters_before_one(&self, strict: bool) -> bool {
        self.enter.precedes(&Time::ONE, strict)
    }

    /// The exit time is below 1.
    #[inline(always)]
    pub(crate) fn exits_before_one(&self) -> bool {
        self.exit.precedes(&Time::ONE, true)
    }

    /// `entry <= exit` (`strict`: `<`); two infinite times (all velocities
    /// zero: the entry is infinite only then, and then so is the exit) are
    /// ordered.
    #[inline(always)]
    pub(crate) fn ordered(&self, strict: bool) -> bool {
        self.enter.precedes_var(&self.exit, strict) | !self.enter.is_finite()
    }
}

/// Folds the axes: the latest entry (strictly later replaces, so the first
/// axis wins a tie) and the earliest exit, branch-free. An axis with zero
/// velocity must have `en <= 0 <= ex` (or make the answer a miss anyway).
///
/// The fold starts from the first axis (`D >= 1`), one comparison fewer
/// than folding it into the infinite start values `-1 / 0` and `1 / 0`;
/// with zero velocity the first axis takes those values itself (its own
/// `0 / 0`, touching, would otherwise never be replaced).
#[inline(always)]
pub(crate) fn fold<T: Den, const D: usize>(axes: &[AxisTimes<T>; D]) -> Span<T> {
    let zero = -i64::from(axes[0].den.to_u64() == 0);
    let mut s = Span {
        enter: Time::new(blend(zero, -1, axes[0].en), axes[0].den),
        axis: 0,
        exit: Time::new(blend(zero, 1, axes[0].ex), axes[0].den),
    };
    for (i, a) in axes.iter().enumerate().skip(1) {
        // All ones when the axis enters strictly later (exits strictly
        // earlier): the sign of a difference of products below 2^126.
        let later = s.enter.before_mask(&a.enter());
        let earlier = a.exit().before_mask(&s.exit);
        s.enter = select(later, a.enter(), s.enter);
        s.axis = blend(later, i as i64, s.axis as i64) as usize;
        s.exit = select(earlier, a.exit(), s.exit);
    }
    s
}

/// `a` where `mask` is all ones, `b` where it is zero, without a branch.
#[inline(always)]
fn select<T: Den>(mask: i64, a: Time<T>, b: Time<T>) -> Time<T> {
    Time::new(
        blend(mask, a.num, b.num),
        T::from_bits(blend(mask, a.den.bits(), b.den.bits())),
    )
}

/// Whether every axis's entry is at or before every other axis's exit (an
/// axis's own entry never follows its exit, `lo <= hi`), that is, the
/// latest entry at or before the earliest exit: the closed
/// [`Span::ordered`] of the [`fold`]ed span, here as `D (D - 1)`
/// independent cross-multiplied comparisons with no select, so that a
/// branch on it does not wait for the fold's chain of selects.
///
/// An axis with zero velocity that can overlap (`lo <= 0 <= hi`) passes
/// against every other (each cross product then has the right sign), and
/// one that cannot makes the answer a miss anyway (the flag of
/// [`slab_times`]). Requires numerators within 2^62 (products below 2^126).
#[inline(always)]
pub(crate) fn entries_before_exits<T: Den, const D: usize>(axes: &[AxisTimes<T>; D]) -> bool {
    let mut late = 0;
    for (p, a) in axes.iter().enumerate() {
        for (q, b) in axes.iter().enumerate() {
            if p != q {
                // en_a / den_a <= ex_b / den_b; the high word has the sign.
                let gap = a.den.times_var(b.ex) - b.den.times_var(a.en);
                late |= (gap >> 64) as i64;
            }
        }
    }
    late >= 0
}

/// Whether the closed span of the axes' times holds some `t >= 0`: the
/// zero axes allow it (`ok`), the latest entry is at or before the
/// earliest exit, and every exit is at or after 0 (some velocity non-zero,
/// so the span is finite). Decided from the axes' times without folding
/// them ([`entries_before_exits`]): the branch on it resolves sooner.
#[inline(always)]
pub(crate) fn closed_meets<T: Den, const D: usize>(axes: &[AxisTimes<T>; D], ok: bool) -> bool {
    let behind = axes.iter().fold(0, |acc, a| acc | a.ex);
    ok & (behind >= 0) & entries_before_exits(axes)
}

/// The span of `{ t : lo[i] (<|<=) t v[i] (<|<=) hi[i] }` over the axes
/// (velocity signs `neg`, magnitudes `mag`), and whether every axis with
/// zero velocity can overlap. Requires `lo[i] <= hi[i]`, all within 2^62.
#[inline(always)]
pub(crate) fn span<T: Den, const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    neg: &[bool; D],
    mag: &[T; D],
    bounds: Bounds,
) -> (Span<T>, bool) {
    let (axes, ok) = slab_times(lo, hi, neg, mag, bounds);
    (fold(&axes), ok)
}

/// The times of each axis (see [`span`], which folds them), and whether
/// every axis with zero velocity can overlap.
#[inline(always)]
pub(crate) fn slab_times<T: Den, const D: usize>(
    lo: [i64; D],
    hi: [i64; D],
    neg: &[bool; D],
    mag: &[T; D],
    bounds: Bounds,
) -> ([AxisTimes<T>; D], bool) {
    let mut fail = 0;
    let none = AxisTimes {
        en: 0,
        ex: 0,
        den: T::ZERO,
    };
    let mut axes = [none; D];
    let each = axes.iter_mut().zip(lo).zip(hi).zip(neg).zip(mag);
    for ((((a, lo), hi), &neg), &mag) in each {
        let (t, f) = axis_times(lo, hi, neg, mag, bounds);
        fail |= f;
        *a = t;
    }
    (axes, fail >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use core::cmp::Ordering;
    use std::prelude::rust_2024::*;

    /// The span as the straightforward engine computes it (the one of the
    /// oriented-box ray test before the engines were one): zero-velocity
    /// axes are decided apart and skipped; of the others the latest entry
    /// (the first axis on a tie) and the earliest exit, compared as exact
    /// rationals in `i128`. `None` when a zero-velocity axis never
    /// overlaps; `(entry, axis, exit)` with `None` times when every
    /// velocity is zero.
    #[allow(clippy::type_complexity)]
    fn reference<const D: usize>(
        lo: [i64; D],
        hi: [i64; D],
        v: [i128; D],
        bounds: Bounds,
    ) -> Option<Option<((i128, i128), usize, (i128, i128))>> {
        let cmp = |(n1, d1): (i128, i128), (n2, d2): (i128, i128)| (n1 * d2).cmp(&(n2 * d1));
        let mut best: Option<((i128, i128), usize, (i128, i128))> = None;
        for i in 0..D {
            let (l, h) = (i128::from(lo[i]), i128::from(hi[i]));
            if v[i] == 0 {
                let inside = match bounds {
                    Bounds::Open => l < 0 && 0 < h,
                    Bounds::Closed => l <= 0 && 0 <= h,
                };
                if !inside {
                    return None;
                }
                continue;
            }
            let (e, x) = if v[i] > 0 {
                ((l, v[i]), (h, v[i]))
            } else {
                ((-h, -v[i]), (-l, -v[i]))
            };
            best = Some(match best {
                None => (e, i, x),
                Some((be, bi, bx)) => {
                    let (be, bi) = if cmp(e, be) == Ordering::Greater {
                        (e, i)
                    } else {
                        (be, bi)
                    };
                    let bx = if cmp(x, bx) == Ordering::Less { x } else { bx };
                    (be, bi, bx)
                }
            });
        }
        Some(best)
    }

    /// A slab end: small values (ties, zero), or any within 2^62.
    fn end(rng: &mut Rng) -> i64 {
        match rng.below(3) {
            0 => rng.range_i64(-3, 3),
            1 => rng.range_i64(-40, 40),
            _ => rng.range_i64(-(1 << 62), 1 << 62),
        }
    }

    /// A velocity: often zero or small (ties), else any `i64` or beyond
    /// (a relative displacement, up to 2^64 in magnitude).
    fn velocity(rng: &mut Rng) -> i128 {
        match rng.below(5) {
            0 => 0,
            1 | 2 => i128::from(rng.range_i64(-5, 5)),
            3 => i128::from(rng.next_u64() as i64),
            _ => {
                let m = i128::from(rng.next_u64());
                if rng.below(2) == 0 { m } else { -m }
            }
        }
    }

    fn engine_matches_reference<const D: usize>() {
        let mut rng = Rng::new(0x5A4 + D as u64);
        for _ in 0..100_000 {
            let (a, b): ([i64; D], [i64; D]) = (
                core::array::from_fn(|_| end(&mut rng)),
                core::array::from_fn(|_| end(&mut rng)),
            );
            let lo: [i64; D] = core::array::from_fn(|i| a[i].min(b[i]));
            let hi: [i64; D] = core::array::from_fn(|i| a[i].max(b[i]));
            let v: [i128; D] = core::array::from_fn(|_| velocity(&mut rng));
            let bounds = if rng.below(2) == 0 {
                Bounds::Open
            } else {
                Bounds::Closed
            };
            let neg = v.map(|x| x < 0);
            let (s, ok) = span(lo, hi, &neg, &v.map(|x| x.unsigned_abs() as u64), bounds);
            let want = reference(lo, hi, v, bounds);
            assert_eq!(ok, want.is_some(), "{lo:?} {hi:?} {v:?} {bounds:?}");
            let Some(want) = want else { continue };
            let wide = |t: Time<u64>| (i128::from(t.num), i128::from(t.den));
            // The pairwise decision is the fold's closed order: the entry
            // at or before the exit (every velocity zero: ordered).
            let (times, _) = slab_times(lo, hi, &neg, &v.map(|x| x.unsigned_abs() as u64), bounds);
            let before = entries_before_exits(&times);
            match want {
                None => {
                    assert!(!s.enter.is_finite() && !s.exit.is_finite(), "{s:?}");
                    assert!(s.enter < s.exit, "{s:?}");
                    assert!(before, "{lo:?} {hi:?}");
                }
                Some((e, axis, x)) => {
                    assert_eq!((wide(s.enter), s.axis, wide(s.exit)), (e, axis, x), "{v:?}");
                    assert_eq!(before, e.0 * x.1 <= x.0 * e.1, "{lo:?} {hi:?} {v:?}");
                }
            }
            // The narrow denominators give the same span where they fit.
            if v.iter().all(|x| x.unsigned_abs() < 1 << 63) {
                let (n, ok64) = span(lo, hi, &neg, &v.map(|x| x.unsigned_abs() as i64), bounds);
                assert_eq!(ok64, ok);
                assert_eq!(
                    (n.enter.num, n.enter.den as u64),
                    (s.enter.num, s.enter.den)
                );
                assert_eq!(
                    (n.axis, n.exit.num, n.exit.den as u64),
                    (s.axis, s.exit.num, s.exit.den)
                );
            }
        }
    }

    #[test]
    fn span_engine_matches_the_straightforward_engine_2d() {
        engine_matches_reference::<2>();
    }

    #[test]
    fn span_engine_matches_the_straightforward_engine_3d() {
        engine_matches_reference::<3>();
    }
}
