//! The wide span engine of the oriented-box ray test (its reduced times
//! need `i128` numerators): per axis, the set of times `t` at which `t * v`
//! lies between `lo` and `hi`, intersected over the axes. Times are exact
//! fractions compared by cross-multiplication in `i128`; nothing is divided
//! until a time is reported. The axis-aligned queries use the narrower,
//! branch-free engine in [`crate::query::slab`].

use crate::num::wide;
use crate::vec::Vector;
use core::cmp::Ordering;

/// Whether the per-axis condition is strict (`lo < t v < hi`, open overlap)
/// or not (`lo <= t v <= hi`, closed overlap: touching counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bounds {
    Open,
    Closed,
}

/// An exact time `num / den` with `den > 0`. Numerators are below 2^56 and
/// denominators below 2^66 in magnitude, so cross products stay below 2^122.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Time {
    pub(crate) num: i128,
    pub(crate) den: i128,
}

impl Time {
    pub(crate) const ZERO: Time = Time { num: 0, den: 1 };

    pub(crate) fn cmp(&self, other: &Time) -> Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// The result of intersecting the per-axis intervals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    /// The latest entry time and the axis that has it (first axis on a tie);
    /// `None` when no axis has a finite entry (all velocities zero).
    pub(crate) enter: Option<(Time, usize)>,
    /// The earliest exit time; `None` when no axis has a finite exit.
    pub(crate) exit: Option<Time>,
}

/// Intersects, over the axes, the time sets `{ t : lo[i] (<|<=) t v[i]
/// (<|<=) hi[i] }`, all quantities raw bits. Returns `None` when an axis with
/// zero velocity can never satisfy its condition. Requires `lo[i] <= hi[i]`.
///
/// A zero `v[i]` is decided without division: the condition holds always or
/// never, by the sign of `lo[i]` and `hi[i]`.
#[inline]
pub(crate) fn span<const D: usize>(
    lo: [i128; D],
    hi: [i128; D],
    v: [i128; D],
    bounds: Bounds,
) -> Option<Span> {
    let mut enter: Option<(Time, usize)> = None;
    let mut exit: Option<Time> = None;
    for i in 0..D {
        let (l, h, vi) = (lo[i], hi[i], v[i]);
        if vi == 0 {
            let inside = match bounds {
                Bounds::Open => l < 0 && 0 < h,
                Bounds::Closed => l <= 0 && 0 <= h,
            };
            if !inside {
                return None;
            }
            continue;
        }
        // Moving toward +: enters at lo/v, exits at hi/v; toward -: enters at
        // hi/v = -hi/|v|, exits at -lo/|v|.
        let (e, x) = if vi > 0 {
            (Time { num: l, den: vi }, Time { num: h, den: vi })
        } else {
            (Time { num: -h, den: -vi }, Time { num: -l, den: -vi })
        };
        if enter.is_none_or(|(best, _)| e.cmp(&best) == Ordering::Greater) {
            enter = Some((e, i));
        }
        if exit.is_none_or(|best| x.cmp(&best) == Ordering::Less) {
            exit = Some(x);
        }
    }
    Some(Span { enter, exit })
}

/// Raw bits of every component, widened.
#[inline]
pub(crate) fn wide_vec<const D: usize>(v: &Vector<D>) -> [i128; D] {
    v.0.map(wide)
}

/// Dot product of raw-bit vectors (the caller bounds the magnitudes).
#[inline]
pub(crate) fn dot_wide<const D: usize>(a: &[i128; D], b: &[i128; D]) -> i128 {
    let mut s = 0;
    for i in 0..D {
        s += a[i] * b[i];
    }
    s
}
