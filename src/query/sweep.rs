//! Continuous AABB tests: a box moving against a stationary one (time of
//! impact, open overlap) and two moving boxes (overlap interval, closed).

use crate::num::{Fx, Round};
use crate::query::interval::{Bounds, Time, span, wide_vec};
use crate::shape::Aabb;
use crate::vec::Vector;
use std::cmp::Ordering;

/// When a moving box penetrates a stationary one during a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
/// comparisons are cross-multiplied in `i128`; `t_enter` is rounded down,
/// `t_exit` up.
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
pub fn aabb_sweep<const D: usize>(
    stationary: &Aabb<D>,
    moving: &Aabb<D>,
    d: Vector<D>,
) -> Option<Sweep<D>> {
    let (smin, smax) = (wide_vec(&stationary.min()), wide_vec(&stationary.max()));
    let (mmin, mmax) = (wide_vec(&moving.min()), wide_vec(&moving.max()));
    // Penetrating on axis i at time t: smin - mmax < t d < smax - mmin.
    let lo: [i128; D] = std::array::from_fn(|i| smin[i] - mmax[i]);
    let hi: [i128; D] = std::array::from_fn(|i| smax[i] - mmin[i]);
    let dv = wide_vec(&d);
    let span = span(lo, hi, dv, Bounds::Open)?;
    // Non-empty open interval (E, X) meeting [0, 1]: E < X, E < 1, X > 0.
    if let (Some((e, _)), Some(x)) = (span.enter, span.exit) {
        if e.cmp(&x) != Ordering::Less {
            return None;
        }
    }
    if let Some((e, _)) = span.enter {
        if e.cmp(&Time::ONE) != Ordering::Less {
            return None;
        }
    }
    if let Some(x) = span.exit {
        if x.cmp(&Time::ZERO) != Ordering::Greater {
            return None;
        }
    }
    let t_exit = match span.exit {
        Some(x) if x.cmp(&Time::ONE) == Ordering::Less => x.to_fx(Round::Up),
        _ => Fx::ONE,
    };
    match span.enter {
        Some((e, axis)) if e.cmp(&Time::ZERO) != Ordering::Less => Some(Sweep {
            t_enter: e.to_fx(Round::Down),
            t_exit,
            normal: Vector::unit(axis, dv[axis] < 0),
            overlapping: false,
        }),
        _ => Some(Sweep {
            t_enter: Fx::ZERO,
            t_exit,
            normal: Vector::ZERO,
            overlapping: true,
        }),
    }
}

/// The times at which two moving boxes overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
/// `u0` is rounded down, `u1` up. Symmetric in swapping (a, va) with (b, vb).
///
/// # Examples
/// ```
/// use fixed_collide::{aabb_sweep_pair, Aabb2, Fx, Vec2};
/// let a = Aabb2::try_new(Vec2::from_ints([0, 0]), Vec2::from_ints([1, 1])).unwrap();
/// let b = Aabb2::try_new(Vec2::from_ints([3, 0]), Vec2::from_ints([4, 1])).unwrap();
/// let i = aabb_sweep_pair(&a, Vec2::from_ints([1, 0]), &b, Vec2::from_ints([-1, 0])).unwrap();
/// assert_eq!((i.u0, i.u1), (Fx::ONE, Fx::ONE));
/// ```
pub fn aabb_sweep_pair<const D: usize>(
    a: &Aabb<D>,
    va: Vector<D>,
    b: &Aabb<D>,
    vb: Vector<D>,
) -> Option<OverlapInterval> {
    let (amin, amax) = (wide_vec(&a.min()), wide_vec(&a.max()));
    let (bmin, bmax) = (wide_vec(&b.min()), wide_vec(&b.max()));
    let (wa, wb) = (wide_vec(&va), wide_vec(&vb));
    // B relative to A: amin - bmax <= t v <= amax - bmin.
    let lo: [i128; D] = std::array::from_fn(|i| amin[i] - bmax[i]);
    let hi: [i128; D] = std::array::from_fn(|i| amax[i] - bmin[i]);
    let v: [i128; D] = std::array::from_fn(|i| wb[i] - wa[i]);
    let span = span(lo, hi, v, Bounds::Closed)?;
    // Non-empty closed interval [E, X] meeting [0, 1]: E <= X, E <= 1, X >= 0.
    let e = span.enter.map(|(e, _)| e);
    if let (Some(e), Some(x)) = (e, span.exit) {
        if e.cmp(&x) == Ordering::Greater {
            return None;
        }
    }
    if e.is_some_and(|e| e.cmp(&Time::ONE) == Ordering::Greater) {
        return None;
    }
    if span
        .exit
        .is_some_and(|x| x.cmp(&Time::ZERO) == Ordering::Less)
    {
        return None;
    }
    let u0 = match e {
        Some(e) if e.cmp(&Time::ZERO) == Ordering::Greater => e.to_fx(Round::Down),
        _ => Fx::ZERO,
    };
    let u1 = match span.exit {
        Some(x) if x.cmp(&Time::ONE) == Ordering::Less => x.to_fx(Round::Up),
        _ => Fx::ONE,
    };
    Some(OverlapInterval { u0, u1 })
}
