//! Continuous AABB tests: a box moving against a stationary one (time of
//! impact, open overlap) and two moving boxes (overlap interval, closed).

use crate::arch::opaque;
use crate::kernel::raw_box::RawBox;
use crate::kernel::span::{Bounds, Span, span};
use crate::kernel::time::Den;
use crate::kernel::{pick, zip_map};
use crate::num::{Fx, Round};
use crate::shape::Aabb;
use crate::vec::Vector;

/// When a moving box penetrates a stationary one during a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sweep<const D: usize> {
    /// First time in `[0, 1]` at which the boxes touch before penetrating,
    /// rounded down (never later than the true time); 0 when `overlapping`.
    pub t_enter: Fx,
    /// Last time in `[0, 1]` at which they still penetrate, rounded up; 1
    /// when they still penetrate at the end of the step.
    pub t_exit: Fx,
    /// Outward unit normal of the stationary box's face that was hit (the
    /// axis that entered last; x before y before z on a tie); zero when
    /// `overlapping`.
    pub normal: Vector<D>,
    /// The boxes already penetrate (open overlap) at `t = 0`.
    pub overlapping: bool,
}

/// Time of impact of `moving`, displaced by `d` over the step `t in [0, 1]`,
/// against `stationary`.
///
/// The boxes collide at the times when they overlap **openly** (per axis
/// strict `<`); the answer is that open interval clipped to `[0, 1]`, a hit
/// when it is not empty. So a box touching a face and sliding along it or
/// moving away is not hit, a box touching a face and moving into it is hit at
/// `t = 0` (not `overlapping`), and boxes that merely come to touch at
/// `t = 1` are not hit. An axis where `d` is zero overlaps always or never,
/// decided without division. Exact for in-domain boxes and any `d`:
/// two shortcuts first, comparisons only (a box that misses the bounding
/// box of the sweep is not hit; boxes penetrating both at `t = 0` and at
/// `t = 1` penetrate throughout: `overlapping`, `t_exit` 1), then the slab
/// test, whose comparisons are cross-multiplied (one widening
/// multiplication each, no branch inside the test); only the reported times
/// divide, `t_enter` rounded down, `t_exit` up.
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_sweep, Aabb2, Fx, Vec2};
/// let wall = Aabb2::try_new(Vec2::from_ints([10, -5]), Vec2::from_ints([11, 5])).unwrap();
/// let ball = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
/// let s = aabb_sweep(&wall, &ball, Vec2::from_ints([18, 0])).unwrap();
/// assert_eq!(s.t_enter, Fx::from_num(0.5));
/// assert_eq!(s.normal, Vec2::from_ints([-1, 0]));
/// ```
#[inline]
pub fn aabb_sweep<const D: usize>(
    stationary: &Aabb<D>,
    moving: &Aabb<D>,
    d: Vector<D>,
) -> Option<Sweep<D>> {
    let dv = d.to_bits();
    // Penetrating throughout: from the start, still at the end.
    let throughout = Sweep {
        t_enter: Fx::ZERO,
        t_exit: Fx::ONE,
        normal: Vector::ZERO,
        overlapping: true,
    };
    let step = dv.map(clamp_step);
    let (s, m) = (stationary.raw(), moving.raw());
    if let Some(answer) = sweep_shortcut(s, m, step, Bounds::Open, throughout) {
        return answer;
    }
    sweep_slab(stationary, moving, dv)
}

/// [`aabb_sweep`] past its shortcuts: the slab test, out of line so that the
/// shortcuts need few registers.
#[inline(never)]
fn sweep_slab<const D: usize>(
    stationary: &Aabb<D>,
    moving: &Aabb<D>,
    dv: [i64; D],
) -> Option<Sweep<D>> {
    let (stationary, moving) = (stationary.raw(), moving.raw());
    let neg = dv.map(|v| v < 0);
    // |d| fits an i64 unless a component is i64::MIN (one multiplication
    // per comparison); otherwise the same code with u64 magnitudes.
    if dv.contains(&i64::MIN) {
        sweep_with(stationary, moving, &neg, &dv.map(i64::unsigned_abs))
    } else {
        sweep_with(stationary, moving, &neg, &dv.map(i64::abs))
    }
}

/// Beyond every in-domain coordinate (2^52) by far, and far from overflow
/// when added to one.
const FAR: i64 = 1 << 62;

/// A displacement component clamped to `[-2^62, 2^62]`: a box displaced by
/// it compares with in-domain boxes as when displaced by the exact value.
#[inline(always)]
pub(crate) fn clamp_step(v: impl Into<i128>) -> i64 {
    v.into().clamp(-i128::from(FAR), i128::from(FAR)) as i64
}

/// Two exact shortcuts of the sweeps, comparisons only, no branch inside:
/// the answer `None` (a miss) when `moving`, displaced by `t * step` over
/// `t` in `[0, 1]`, cannot meet `fixed` (openly or closed, per `bounds`)
/// because the bounding box of the sweep misses it; the answer `throughout`
/// when it meets `fixed` both at `t = 0` and at `t = 1` (so at every `t` in
/// between: the times of overlap are an interval); no answer when only the
/// slab test can tell. `step` components within 2^62 ([`clamp_step`]).
#[inline(always)]
fn sweep_shortcut<R, const D: usize>(
    fixed: &RawBox<D>,
    moving: &RawBox<D>,
    step: [i64; D],
    bounds: Bounds,
    throughout: R,
) -> Option<Option<R>> {
    // Per axis, the boxes meet at time t when both a - t d and b + t d are
    // positive (open) or non-negative (closed), with a = fmax - mmin and
    // b = mmax - fmin. As signs, less 1 when open: at t = 0 a | b, at t = 1
    // (a - d) | (b + d); over the sweep's bounding box max(a, a - d) |
    // max(b, b + d), and a maximum is negative when both are: a & (a - d).
    // In-domain differences within 2^53, steps within 2^62: below 2^63.
    let strict = i64::from(bounds == Bounds::Open);
    let (mut swept, mut start, mut end) = (0, 0, 0);
    // `k < D`, the length of every array here. Indexed on purpose: every
    // zipped form tried costs 1 to 40% more instructions per sweep.
    #[allow(clippy::indexing_slicing)]
    for (k, d) in step.into_iter().enumerate() {
        let (a, b) = (
            fixed.max[k] - moving.min[k] - strict,
            moving.max[k] - fixed.min[k] - strict,
        );
        let (a1, b1) = (a - d, b + d);
        swept |= (a & a1) | (b & b1);
        start |= a | b;
        end |= a1 | b1;
    }
    // Decided when either holds: one branch for both (the data decides
    // them about evenly, a branch each would mispredict), then a select
    // between the two answers. The sign of swept | !(start | end) is set
    // when either holds; hidden from the optimizer, which would split the
    // test into two branches again.
    let meets_throughout = (start | end) >= 0;
    (opaque(swept | !(start | end)) < 0).then(|| meets_throughout.then_some(throughout))
}

/// [`aabb_sweep`] for displacement signs `neg` and magnitudes `mag`.
#[inline(always)]
fn sweep_with<T: Den, const D: usize>(
    stationary: &RawBox<D>,
    moving: &RawBox<D>,
    neg: &[bool; D],
    mag: &[T; D],
) -> Option<Sweep<D>> {
    let (s, ok) = sweep_span(stationary, moving, neg, mag);
    sweep_hits(&s, ok).then(|| sweep_result(&s, neg))
}

/// The open-overlap span of the box `moving` (displacement signs `neg`,
/// magnitudes `mag`) against the box `stationary`, and whether the axes
/// with zero displacement allow an overlap.
#[inline(always)]
pub(crate) fn sweep_span<T: Den, const D: usize>(
    stationary: &RawBox<D>,
    moving: &RawBox<D>,
    neg: &[bool; D],
    mag: &[T; D],
) -> (Span<T>, bool) {
    let (s, m) = (stationary, moving);
    // Penetrating on axis i at time t: smin - mmax < t d < smax - mmin;
    // in-domain coordinates, both differences within 2^53.
    span(
        zip_map(&s.min, &m.max, |x, y| x - y),
        zip_map(&s.max, &m.min, |x, y| x - y),
        neg,
        mag,
        Bounds::Open,
    )
}

/// The open interval (entry, exit) is not empty and meets `[0, 1]`:
/// entry < exit, entry < 1, exit > 0.
#[inline(always)]
pub(crate) fn sweep_hits<T: Den>(s: &Span<T>, ok: bool) -> bool {
    ok & s.ordered(true) & s.enters_before_one(true) & (s.exit.num > 0)
}

/// The answer of a span that [`sweep_hits`]: one division per reported time.
#[inline(always)]
pub(crate) fn sweep_result<T: Den, const D: usize>(s: &Span<T>, neg: &[bool; D]) -> Sweep<D> {
    let t_exit = if s.exits_before_one() {
        s.exit.to_unit_fx(Round::Up)
    } else {
        Fx::ONE
    };
    if s.enter.num >= 0 {
        Sweep {
            t_enter: s.enter.to_unit_fx(Round::Down),
            t_exit,
            // `s.axis` is one of the D axes: the `get` is `Some`.
            normal: Vector::unit(s.axis, pick(&neg.map(i64::from), s.axis) != 0),
            overlapping: false,
        }
    } else {
        Sweep {
            t_enter: Fx::ZERO,
            t_exit,
            normal: Vector::ZERO,
            overlapping: true,
        }
    }
}

/// The times at which two moving boxes overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OverlapInterval {
    /// First time in `[0, 1]` of (closed) overlap, rounded down; 0 when they
    /// overlap at the start.
    pub u0: Fx,
    /// Last time in `[0, 1]` of (closed) overlap, rounded up.
    pub u1: Fx,
}

/// The interval `[u0, u1]` of `[0, 1]` during which box `a` displaced by `va`
/// and box `b` displaced by `vb` overlap as **closed** sets (touching
/// counts), or `None` when they never do.
///
/// Computed in A's frame with the relative displacement `vb - va` (exact in
/// `i128`, no overflow for any displacements). Touching at exactly `t = 1`
/// or only at one instant is a hit with `u0 == u1` (up to rounding). An axis
/// with zero relative motion overlaps always or never, without division.
/// The same two comparison-only shortcuts as [`aabb_sweep`] come first
/// (closed: boxes overlapping at both ends give `[0, 1]`). `u0` is rounded
/// down, `u1` up. Symmetric in swapping (a, va) with (b, vb).
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_sweep_pair, Aabb2, Fx, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([4, 1])).unwrap();
/// let i = aabb_sweep_pair(&a, Vec2::from_ints([1, 0]), &b, Vec2::from_ints([-1, 0])).unwrap();
/// assert_eq!((i.u0, i.u1), (Fx::ONE, Fx::ONE));
/// ```
#[inline]
pub fn aabb_sweep_pair<const D: usize>(
    a: &Aabb<D>,
    va: Vector<D>,
    b: &Aabb<D>,
    vb: Vector<D>,
) -> Option<OverlapInterval> {
    let (wa, wb) = (va.to_bits(), vb.to_bits());
    let throughout = OverlapInterval {
        u0: Fx::ZERO,
        u1: Fx::ONE,
    };
    // B relative to A, `vb - va`: in `i64` and not `i64::MIN` (so that its
    // magnitudes are `i64`s too) whenever both displacements are below
    // 2^30 units; else exact in `i128` (below 2^64). Two straight paths:
    // one branch on the width, none inside either.
    let mut wide = false;
    let v: [i64; D] = zip_map(&wb, &wa, |b, a| b.wrapping_sub(a));
    for ((b, a), v) in wb.iter().zip(&wa).zip(&v) {
        wide |= b.checked_sub(*a).is_none() | (*v == i64::MIN);
    }
    if wide {
        let v: [i128; D] = zip_map(&wb, &wa, |b, a| i128::from(b) - i128::from(a));
        let step = v.map(clamp_step);
        if let Some(answer) = sweep_shortcut(a.raw(), b.raw(), step, Bounds::Closed, throughout) {
            return answer;
        }
        return pair_slab(a, b, v);
    }
    let step = v.map(|x| x.clamp(-FAR, FAR));
    if let Some(answer) = sweep_shortcut(a.raw(), b.raw(), step, Bounds::Closed, throughout) {
        return answer;
    }
    pair_slab_narrow(a, b, v)
}

/// [`pair_slab`] for a relative displacement `v` that fits an `i64`, with
/// no component `i64::MIN`: its magnitudes are `i64`s directly, with no
/// `i128` differences, magnitudes and width test.
#[inline(never)]
fn pair_slab_narrow<const D: usize>(
    a: &Aabb<D>,
    b: &Aabb<D>,
    v: [i64; D],
) -> Option<OverlapInterval> {
    pair_with(a.raw(), b.raw(), &v.map(|x| x < 0), &v.map(i64::abs))
}

/// [`aabb_sweep_pair`] past its shortcuts, for a relative displacement
/// `v` too wide for `i64` (some magnitude `2^63` or more, every one below
/// `2^64`): the slab test with `u64` magnitudes, out of line so that the
/// shortcuts need few registers. See [`pair_slab_narrow`] for the rest.
#[inline(never)]
fn pair_slab<const D: usize>(a: &Aabb<D>, b: &Aabb<D>, v: [i128; D]) -> Option<OverlapInterval> {
    let neg = v.map(|x| x < 0);
    pair_with(a.raw(), b.raw(), &neg, &v.map(|x| x.unsigned_abs() as u64))
}

/// [`aabb_sweep_pair`] for relative displacement signs `neg` and
/// magnitudes `mag`.
#[inline(always)]
fn pair_with<T: Den, const D: usize>(
    a: &RawBox<D>,
    b: &RawBox<D>,
    neg: &[bool; D],
    mag: &[T; D],
) -> Option<OverlapInterval> {
    // amin - bmax <= t v <= amax - bmin; both within 2^53.
    let (s, ok) = span(
        zip_map(&a.min, &b.max, |x, y| x - y),
        zip_map(&a.max, &b.min, |x, y| x - y),
        neg,
        mag,
        Bounds::Closed,
    );
    // Non-empty closed interval [E, X] meeting [0, 1]: E <= X, E <= 1, X >= 0.
    if !(ok & s.ordered(false) & s.enters_before_one(false) & (s.exit.num >= 0)) {
        return None;
    }
    let u0 = if s.enter.num > 0 {
        s.enter.to_unit_fx(Round::Down)
    } else {
        Fx::ZERO
    };
    let u1 = if s.exits_before_one() {
        s.exit.to_unit_fx(Round::Up)
    } else {
        Fx::ONE
    };
    Some(OverlapInterval { u0, u1 })
}
